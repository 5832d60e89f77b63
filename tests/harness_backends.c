/*
 * harness_backends.c - the test-only backends of the harness tests (see
 * harness_backends.h). Plain keeps the vtable contract of
 * impl/descriptors/descriptor.h: every allocation goes through alloc.h, a
 * failed call leaves the message as it was.
 */
#include "harness_backends.h"

#include "alloc.h"
#include "fob1.h"

#include <string.h>

struct plain_item {
	void *bytes;
	size_t size;
};

struct plain_field {
	char *name;
	size_t name_len;
	bm_type_code type;
	bool fixed_size;
	struct plain_item *items;
	int32_t count;
	int32_t capacity;
};

struct plain_message {
	bm_message base;
	struct plain_field *fields;
	int32_t count;
	int32_t capacity;
};

static int
plain_create(bm_message **out)
{
	struct plain_message *msg = bm_malloc(sizeof *msg);
	if (msg == NULL)
		return BM_NO_MEMORY;
	*msg = (struct plain_message){.fields = NULL};
	*out = &msg->base;
	return BM_OK;
}

static void
plain_make_empty(bm_message *base)
{
	struct plain_message *msg = (struct plain_message *)base;
	for (int32_t f = 0; f < msg->count; f++) {
		struct plain_field *field = &msg->fields[f];
		for (int32_t i = 0; i < field->count; i++)
			bm_free(field->items[i].bytes);
		bm_free(field->items);
		bm_free(field->name);
	}
	bm_free(msg->fields);
	msg->fields = NULL;
	msg->count = msg->capacity = 0;
}

static void
plain_destroy(bm_message *base)
{
	plain_make_empty(base);
	bm_free(base);
}

static struct plain_field *
plain_find_field(const struct plain_message *msg, const char *name,
                 size_t name_len)
{
	for (int32_t f = 0; f < msg->count; f++) {
		struct plain_field *field = &msg->fields[f];
		if (field->name_len == name_len &&
		    memcmp(field->name, name, name_len) == 0)
			return field;
	}
	return NULL;
}

/* Makes room for one more element in an array of `capacity` elements. */
static bool
plain_grow(void **array, int32_t count, int32_t *capacity, size_t element)
{
	if (count < *capacity)
		return true;
	int32_t wanted = *capacity > 0 ? *capacity * 2 : 4;
	if (wanted < *capacity || wanted > BM_COUNT_MAX)
		wanted = BM_COUNT_MAX;
	void *grown = bm_realloc(*array, (size_t)wanted * element);
	if (grown == NULL)
		return false;
	*array = grown;
	*capacity = wanted;
	return true;
}

static int
plain_add_data(bm_message *base, const char *name, size_t name_len,
               bm_type_code type, const void *data, size_t size,
               bool fixed_size)
{
	struct plain_message *msg = (struct plain_message *)base;
	struct plain_field *field = plain_find_field(msg, name, name_len);
	if (field != NULL) {
		if (field->type != type)
			return BM_BAD_TYPE;
		if (field->fixed_size && field->items[0].size != size)
			return BM_BAD_VALUE;
		if (field->count >= BM_COUNT_MAX)
			return BM_TOO_LARGE;
	} else if (msg->count >= BM_COUNT_MAX) {
		return BM_TOO_LARGE;
	}
	void *bytes = bm_malloc(size);
	if (bytes == NULL)
		return BM_NO_MEMORY;
	memcpy(bytes, data, size);
	if (field == NULL) {
		char *copy = bm_malloc(name_len);
		if (copy == NULL ||
		    !plain_grow((void **)&msg->fields, msg->count, &msg->capacity,
		                sizeof *msg->fields)) {
			bm_free(copy);
			bm_free(bytes);
			return BM_NO_MEMORY;
		}
		memcpy(copy, name, name_len);
		field = &msg->fields[msg->count++];
		*field = (struct plain_field){
			.name = copy,
			.name_len = name_len,
			.type = type,
			.fixed_size = fixed_size,
		};
	}
	if (!plain_grow((void **)&field->items, field->count, &field->capacity,
	                sizeof *field->items)) {
		bm_free(bytes);
		if (field->count == 0) { /* the field was made by this call */
			bm_free(field->name);
			msg->count--;
		}
		return BM_NO_MEMORY;
	}
	field->items[field->count++] = (struct plain_item){bytes, size};
	return BM_OK;
}

static int
plain_find_data(const bm_message *base, const char *name, size_t name_len,
                bm_type_code type, int32_t index, const void **data,
                size_t *size)
{
	const struct plain_message *msg = (const struct plain_message *)base;
	const struct plain_field *field = plain_find_field(msg, name, name_len);
	if (field == NULL)
		return BM_NAME_NOT_FOUND;
	if (type != BM_ANY_TYPE && type != field->type)
		return BM_BAD_TYPE;
	if (index >= field->count)
		return BM_BAD_INDEX;
	*data = field->items[index].bytes;
	*size = field->items[index].size;
	return BM_OK;
}

static void
plain_info(const struct plain_field *field, struct bm_field_info *info)
{
	*info = (struct bm_field_info){
		.name = field->name,
		.name_len = field->name_len,
		.type = field->type,
		.count = field->count,
		.fixed_size = field->fixed_size,
	};
}

static int
plain_get_info(const bm_message *base, const char *name, size_t name_len,
               struct bm_field_info *info)
{
	const struct plain_message *msg = (const struct plain_message *)base;
	const struct plain_field *field = plain_find_field(msg, name, name_len);
	if (field == NULL)
		return BM_NAME_NOT_FOUND;
	plain_info(field, info);
	return BM_OK;
}

static int
plain_field_at(const bm_message *base, int32_t index,
               struct bm_field_info *info)
{
	const struct plain_message *msg = (const struct plain_message *)base;
	if (index >= msg->count)
		return BM_BAD_INDEX;
	plain_info(&msg->fields[index], info);
	return BM_OK;
}

static int32_t
plain_count_fields(const bm_message *base)
{
	return ((const struct plain_message *)base)->count;
}

/* FOB1 with 4-byte counts and sizes (no MINI, no SINGLE), in insertion
 * order: the simplest valid layout of impl/README.md §5.3. */
static size_t
plain_field_data_size(const struct plain_field *field)
{
	size_t total = 0;
	for (int32_t i = 0; i < field->count; i++)
		total += field->fixed_size
		                 ? field->items[i].size
		                 : bm__r5_var_item_size(field->items[i].size);
	return total;
}

static uint8_t
plain_record_flags(const struct plain_field *field)
{
	return (uint8_t)(BM_R5_FIELD_VALID |
	                 (field->fixed_size ? BM_R5_FIELD_FIXED : 0));
}

static int
plain_flattened_size(bm_message *base, size_t *size)
{
	struct plain_message *msg = (struct plain_message *)base;
	size_t total = BM_R5_HEADER_SIZE + 1; /* header and terminator */
	for (int32_t f = 0; f < msg->count; f++) {
		const struct plain_field *field = &msg->fields[f];
		total += bm__r5_record_header_size(plain_record_flags(field),
		                                   field->name_len) +
		         plain_field_data_size(field);
		if (total > BM_FLAT_MAX)
			return BM_TOO_LARGE;
	}
	*size = total;
	return BM_OK;
}

static int
plain_flatten_with(bm_message *base, void *buffer, size_t capacity,
                   bool corrupt_strings)
{
	struct plain_message *msg = (struct plain_message *)base;
	size_t size;
	int rc = plain_flattened_size(base, &size);
	if (rc != BM_OK)
		return rc;
	if (capacity < size)
		return BM_BUFFER_TOO_SMALL;
	uint8_t *out = buffer;
	bm__r5_write_header(out, (uint32_t)size, base->what,
	                    BM_R5_MESSAGE_VALID);
	out += BM_R5_HEADER_SIZE;
	for (int32_t f = 0; f < msg->count; f++) {
		const struct plain_field *field = &msg->fields[f];
		out = bm__r5_write_record_header(
			out, plain_record_flags(field), field->type,
			(uint32_t)field->count,
			(uint32_t)plain_field_data_size(field), field->name,
			field->name_len);
		for (int32_t i = 0; i < field->count; i++) {
			const struct plain_item *item = &field->items[i];
			if (field->fixed_size) {
				memcpy(out, item->bytes, item->size);
				out += item->size;
				continue;
			}
			uint8_t *start = out;
			out = bm__r5_write_var_item(out, item->bytes, item->size);
			if (corrupt_strings && item->size >= 2)
				start[4 + item->size - 2] ^= 1; /* the bug */
		}
	}
	*out = 0; /* terminator */
	return BM_OK;
}

static int
plain_flatten(bm_message *base, void *buffer, size_t capacity)
{
	return plain_flatten_with(base, buffer, capacity, false);
}

static int
broken_flatten(bm_message *base, void *buffer, size_t capacity)
{
	return plain_flatten_with(base, buffer, capacity, true);
}

/* Plain reads no bytes itself: the shared decoder does, through add. */
static int
plain_unflatten(bm_message *base, const void *data, size_t size)
{
	(void)base;
	(void)data;
	(void)size;
	return BM_UNSUPPORTED;
}

static int
capped_add_data(bm_message *base, const char *name, size_t name_len,
                bm_type_code type, const void *data, size_t size,
                bool fixed_size)
{
	const struct plain_message *msg = (const struct plain_message *)base;
	const struct plain_field *field = plain_find_field(msg, name, name_len);
	if (field != NULL && field->count >= BENCH_TEST_CAPPED_ITEMS)
		return BM_OK; /* the bug: the item is dropped */
	return plain_add_data(base, name, name_len, type, data, size,
	                      fixed_size);
}

/* The backends whose adds are logged, in the order the adds come: one
 * entry per run of adds to the same backend. */
#define ADD_LOG_CAPACITY 4096
static const struct bm_ops *add_log[ADD_LOG_CAPACITY];
static size_t add_log_length;

static int
logged_add_data(bm_message *base, const char *name, size_t name_len,
                bm_type_code type, const void *data, size_t size,
                bool fixed_size)
{
	if (add_log_length == 0 || add_log[add_log_length - 1] != base->ops) {
		if (add_log_length < ADD_LOG_CAPACITY)
			add_log[add_log_length] = base->ops;
		add_log_length++;
	}
	return plain_add_data(base, name, name_len, type, data, size,
	                      fixed_size);
}

size_t
bench_test_add_log(const struct bm_ops *const **log)
{
	*log = add_log;
	return add_log_length < ADD_LOG_CAPACITY ? add_log_length
	                                         : ADD_LOG_CAPACITY;
}

void
bench_test_add_log_reset(void)
{
	add_log_length = 0;
}

#define PLAIN_SLOTS                                                        \
	.create = plain_create, .destroy = plain_destroy,                  \
	.make_empty = plain_make_empty, .find_data = plain_find_data,      \
	.get_info = plain_get_info, .field_at = plain_field_at,            \
	.count_fields = plain_count_fields,                                \
	.flattened_size = plain_flattened_size,                            \
	.unflatten = plain_unflatten

const struct bm_ops bench_test_plain_ops = {
	.version = 1,
	.name = "Plain",
	.summary = "test-only: field array, item copies, linear lookup, FOB1",
	.flags = 0,
	.native_format = BM_FORMAT_R5,
	PLAIN_SLOTS,
	.add_data = plain_add_data,
	.flatten = plain_flatten,
};

const struct bm_ops bench_test_broken_ops = {
	.version = 1,
	.name = "Broken",
	.summary = "test-only: Plain whose Flatten corrupts string items",
	.flags = BM_BACKEND_HAIKU,
	.native_format = BM_FORMAT_R5,
	PLAIN_SLOTS,
	.add_data = plain_add_data,
	.flatten = broken_flatten,
};

const struct bm_ops bench_test_capped_ops = {
	.version = 1,
	.name = "Capped",
	.summary = "test-only: Plain whose add drops items after the 256th",
	.flags = BM_BACKEND_HAIKU,
	.native_format = BM_FORMAT_R5,
	PLAIN_SLOTS,
	.add_data = capped_add_data,
	.flatten = plain_flatten,
};

const struct bm_ops bench_test_twin_ops = {
	.version = 1,
	.name = "Twin",
	.summary = "test-only: Plain under another name, flagged Haiku",
	.flags = BM_BACKEND_HAIKU,
	.native_format = BM_FORMAT_R5,
	PLAIN_SLOTS,
	.add_data = plain_add_data,
	.flatten = plain_flatten,
};

const struct bm_ops bench_test_dialect_ops = {
	.version = 2,
	.name = "Dialect",
	.summary = "test-only: Plain whose bytes count as its own dialect",
	.flags = BM_BACKEND_OWN_FLAT_DIALECT,
	.native_format = BM_FORMAT_R5,
	PLAIN_SLOTS,
	.add_data = plain_add_data,
	.flatten = plain_flatten,
	.kind = BM_KIND_PROPOSAL,
	.decoded_formats = BM_DECODER_FORMATS,
	.repeated_names = BM_REPEATED_MERGE,
};

static const char *
library_version(void)
{
	return "1.0-test";
}

const struct bm_ops bench_test_library_ops = {
	.version = 3,
	.name = "Library",
	.summary = "test-only: Plain as an outside library",
	.flags = 0,
	.native_format = BM_FORMAT_R5,
	PLAIN_SLOTS,
	.add_data = plain_add_data,
	.flatten = plain_flatten,
	.kind = BM_KIND_LIBRARY,
	.decoded_formats = BM_DECODER_FORMATS,
	.repeated_names = BM_REPEATED_MERGE,
	.library_version = library_version,
};

const struct bm_ops bench_test_logged_a_ops = {
	.version = 1,
	.name = "LoggedA",
	.summary = "test-only: Plain that logs which backend adds",
	.flags = 0,
	.native_format = BM_FORMAT_R5,
	PLAIN_SLOTS,
	.add_data = logged_add_data,
	.flatten = plain_flatten,
};

const struct bm_ops bench_test_logged_b_ops = {
	.version = 1,
	.name = "LoggedB",
	.summary = "test-only: Plain that logs which backend adds",
	.flags = 0,
	.native_format = BM_FORMAT_R5,
	PLAIN_SLOTS,
	.add_data = logged_add_data,
	.flatten = plain_flatten,
};
