/*
 * r5.c - the reference backend: BeOS R5's libbe BMessage, re-created.
 * impl/README.md §2.1 describes the design in full; this comment names its
 * sources and the choices made where they are silent.
 *
 * Sources: R5's source is closed. Its private structures are read from
 * waddlesplash/BeOS-headers:headers/be/app/Message.h at 013bdeb (Release
 * 5), with the comments of the Preview Release 2 copy at bcb4c04
 * (impl/README.md §2.1): dyn_array, entry_hdr, var_chunk, da_is_mini_data
 * and the list head fEntries. The flags Be's writer sets are read from the
 * Be-written files in tests/data/haiku (impl/README.md §5.5).
 *
 * Deliberate choices (the simplest reading of that header):
 * - A field is one heap block whose data is laid out as its flattened
 *   record, so Flatten and Unflatten are one copy a field, and a variable
 *   item is found by walking the chunks before it.
 * - Growth: a new field has room for one item; an add that does not fit
 *   doubles the room (or takes what it needs) with one realloc.
 * - An add follows the existing field: its type and its fixed size decide.
 * - Unflatten copies padding as read, so Be's garbage padding round-trips;
 *   target and reply parts are read past and not written back.
 * - FlattenedSize walks the fields. The field count and running flattened
 *   size serve only the limits (BM_COUNT_MAX, BM_FLAT_MAX).
 * - Repeated names in input, which R5 most likely never looked for, are
 *   found with the shared filter (bm__seen_names) and handed to the add
 *   path (BM_UNSUPPORTED), which merges them (impl/README.md §11).
 */
#include "alloc.h"
#include "bytes.h"
#include "descriptor.h"
#include "fob1.h"
#include "names.h"
#include "status.h"

#include <stddef.h>
#include <string.h>

/* One field: one heap block holding this header, the name and the data. */
struct r5_field {
	/* R5's dyn_array. */
	uint32_t logical_bytes;  /* data bytes in use */
	uint32_t physical_bytes; /* data bytes allocated after the header */
	uint32_t chunk_size;     /* item size; 0 for variable-size items */
	int32_t count;           /* items */
	uint32_t header_size;    /* offset of the data from the block start */
	/* R5's entry_hdr. */
	struct r5_field *next;
	bm_type_code type;
	uint8_t name_length;     /* strlen(name) */
	char name[];             /* NUL-terminated; data at header_size */
};

struct r5_message {
	bm_message base;
	struct r5_field *entries; /* R5's fEntries: first field, or NULL */
	int32_t field_count;      /* bookkeeping for BM_COUNT_MAX */
	size_t flat_size;         /* bookkeeping for BM_FLAT_MAX */
};

static struct r5_message *
r5_cast(bm_message *msg)
{
	return (struct r5_message *)msg;
}

static const struct r5_message *
r5_cast_const(const bm_message *msg)
{
	return (const struct r5_message *)msg;
}

/* Header, no target or reply, plus the terminator byte. */
#define R5_EMPTY_FLAT_SIZE ((size_t)BM_R5_HEADER_SIZE + 1)

static uint8_t *
r5_field_data(struct r5_field *field)
{
	return (uint8_t *)field + field->header_size;
}

static size_t
r5_field_header_size(size_t name_len)
{
	return bm__pad8(offsetof(struct r5_field, name) + name_len + 1);
}

/* Be's record flags for a field with these figures (impl/README.md §5.5). */
static uint8_t
r5_record_flags(bool fixed_size, int32_t count, size_t logical_bytes)
{
	uint8_t flags = BM_R5_FIELD_VALID;
	if (logical_bytes <= UINT8_MAX && count <= UINT8_MAX)
		flags |= BM_R5_FIELD_MINI;
	if (fixed_size)
		flags |= BM_R5_FIELD_FIXED;
	if (count == 1)
		flags |= BM_R5_FIELD_SINGLE;
	return flags;
}

/* Bytes the field's record takes in the flat message. */
static size_t
r5_record_size(bool fixed_size, int32_t count, size_t logical_bytes,
            size_t name_len)
{
	uint8_t flags = r5_record_flags(fixed_size, count, logical_bytes);
	return bm__r5_record_header_size(flags, name_len) + logical_bytes;
}

static size_t
r5_field_record_size(const struct r5_field *field)
{
	return r5_record_size(field->chunk_size != 0, field->count,
	                   field->logical_bytes, field->name_length);
}

static bool
r5_name_matches(const struct r5_field *field, const char *name, size_t name_len)
{
	return field->name_length == name_len &&
	       memcmp(field->name, name, name_len) == 0;
}

/* The linear walk every lookup makes. */
static struct r5_field *
r5_find_field(struct r5_field *field, const char *name, size_t name_len)
{
	while (field != NULL && !r5_name_matches(field, name, name_len))
		field = field->next;
	return field;
}

/*
 * Allocates a field block with room for `physical` data bytes and fills its
 * header (count and logical size 0, no next). NULL when out of memory.
 */
static struct r5_field *
r5_new_field(const char *name, size_t name_len, bm_type_code type,
          uint32_t chunk_size, size_t physical)
{
	size_t header_size = r5_field_header_size(name_len);
	struct r5_field *field = bm_malloc(header_size + physical);
	if (field == NULL)
		return NULL;
	field->logical_bytes = 0;
	field->physical_bytes = (uint32_t)physical;
	field->chunk_size = chunk_size;
	field->count = 0;
	field->header_size = (uint32_t)header_size;
	field->next = NULL;
	field->type = type;
	field->name_length = (uint8_t)name_len;
	memcpy(field->name, name, name_len);
	field->name[name_len] = '\0';
	return field;
}

/* Writes one item at the end of the field's data (room is there). */
static void
r5_append_item(struct r5_field *field, const void *data, size_t size,
            size_t chunk)
{
	uint8_t *at = r5_field_data(field) + field->logical_bytes;
	if (field->chunk_size != 0)
		memcpy(at, data, size);
	else
		bm__r5_write_var_item(at, data, size);
	field->logical_bytes += (uint32_t)chunk;
	field->count++;
}

/* The growth policy: double the data room, or more if the add needs it.
 * `needed` is at most BM_FLAT_MAX, and so is the result. */
static size_t
r5_grown_physical(size_t physical, size_t needed)
{
	size_t doubled =
		physical <= BM_FLAT_MAX / 2 ? physical * 2 : BM_FLAT_MAX;
	return doubled > needed ? doubled : needed;
}

/* --- Slots --------------------------------------------------------------- */

static int
r5_create(bm_message **out)
{
	struct r5_message *msg = bm_malloc(sizeof *msg);
	if (msg == NULL)
		return BM_NO_MEMORY;
	msg->entries = NULL;
	msg->field_count = 0;
	msg->flat_size = R5_EMPTY_FLAT_SIZE;
	*out = &msg->base;
	return BM_OK;
}

static void
r5_make_empty(bm_message *base)
{
	struct r5_message *msg = r5_cast(base);
	struct r5_field *field = msg->entries;
	while (field != NULL) {
		struct r5_field *next = field->next;
		bm_free(field);
		field = next;
	}
	msg->entries = NULL;
	msg->field_count = 0;
	msg->flat_size = R5_EMPTY_FLAT_SIZE;
}

static void
r5_destroy(bm_message *base)
{
	r5_make_empty(base);
	bm_free(base);
}

/* Adds a new field holding one item and links it at *tail_link. */
static int
r5_add_field(struct r5_message *msg, struct r5_field **tail_link,
          const char *name, size_t name_len, bm_type_code type,
          const void *data, size_t size, bool fixed_size)
{
	if (msg->field_count >= BM_COUNT_MAX)
		return BM_TOO_LARGE;
	/* size <= BM_ITEM_MAX, so the chunk fits in 32 bits. */
	size_t chunk = fixed_size ? size : bm__r5_var_item_size(size);
	size_t record = r5_record_size(fixed_size, 1, chunk, name_len);
	if (record > BM_FLAT_MAX - msg->flat_size)
		return BM_TOO_LARGE;
	struct r5_field *field = r5_new_field(name, name_len, type,
	                                   fixed_size ? (uint32_t)size : 0,
	                                   chunk);
	if (field == NULL)
		return BM_NO_MEMORY;
	r5_append_item(field, data, size, chunk);
	*tail_link = field;
	msg->field_count++;
	msg->flat_size += record;
	return BM_OK;
}

/* Adds one item to the existing field *link, growing its block. */
static int
r5_add_to_field(struct r5_message *msg, struct r5_field **link,
             bm_type_code type, const void *data, size_t size)
{
	struct r5_field *field = *link;
	bool fixed_size = field->chunk_size != 0;
	if (field->type != type)
		return BM_BAD_TYPE;
	if (fixed_size && size != field->chunk_size)
		return BM_BAD_VALUE;
	if (field->count >= BM_COUNT_MAX)
		return BM_TOO_LARGE;
	size_t chunk = fixed_size ? size : bm__r5_var_item_size(size);
	if (chunk > BM_FLAT_MAX - field->logical_bytes)
		return BM_TOO_LARGE;
	size_t logical = field->logical_bytes + chunk;
	/* The record may change header size too (MINI, SINGLE). */
	size_t rest = msg->flat_size - r5_field_record_size(field);
	size_t record = r5_record_size(fixed_size, field->count + 1, logical,
	                            field->name_length);
	if (record > BM_FLAT_MAX - rest)
		return BM_TOO_LARGE;
	if (logical > field->physical_bytes) {
		size_t physical =
			r5_grown_physical(field->physical_bytes, logical);
		/* On failure the old block is still ours, unchanged. */
		struct r5_field *grown =
			bm_realloc(field, field->header_size + physical);
		if (grown == NULL)
			return BM_NO_MEMORY;
		grown->physical_bytes = (uint32_t)physical;
		*link = field = grown;
	}
	r5_append_item(field, data, size, chunk);
	msg->flat_size = rest + record;
	return BM_OK;
}

static int
r5_add_data(bm_message *base, const char *name, size_t name_len,
            bm_type_code type, const void *data, size_t size,
            bool fixed_size)
{
	struct r5_message *msg = r5_cast(base);
	struct r5_field **link = &msg->entries;
	while (*link != NULL && !r5_name_matches(*link, name, name_len))
		link = &(*link)->next;
	if (*link == NULL)
		return r5_add_field(msg, link, name, name_len, type, data, size,
		                 fixed_size);
	return r5_add_to_field(msg, link, type, data, size);
}

static int
r5_find_data(const bm_message *base, const char *name, size_t name_len,
             bm_type_code type, int32_t index, const void **data,
             size_t *size)
{
	const struct r5_message *msg = r5_cast_const(base);
	struct r5_field *field = r5_find_field(msg->entries, name, name_len);
	if (field == NULL)
		return BM_NAME_NOT_FOUND;
	if (type != BM_ANY_TYPE && type != field->type)
		return BM_BAD_TYPE;
	if (index < 0 || index >= field->count)
		return BM_BAD_INDEX;
	const uint8_t *item = r5_field_data(field);
	if (field->chunk_size != 0) {
		*data = item + (size_t)index * field->chunk_size;
		*size = field->chunk_size;
		return BM_OK;
	}
	/* Variable size: walk the chunks from the start (the design's cost). */
	for (int32_t i = 0; i < index; i++)
		item += bm__r5_var_item_size(bm__load32(item));
	*data = item + 4;
	*size = bm__load32(item);
	return BM_OK;
}

static void
r5_fill_info(const struct r5_field *field, struct bm_field_info *info)
{
	info->name = field->name;
	info->name_len = field->name_length;
	info->type = field->type;
	info->count = field->count;
	info->fixed_size = field->chunk_size != 0;
}

static int
r5_get_info(const bm_message *base, const char *name, size_t name_len,
            struct bm_field_info *info)
{
	const struct r5_message *msg = r5_cast_const(base);
	const struct r5_field *field =
		r5_find_field(msg->entries, name, name_len);
	if (field == NULL)
		return BM_NAME_NOT_FOUND;
	r5_fill_info(field, info);
	return BM_OK;
}

static int
r5_field_at(const bm_message *base, int32_t index, struct bm_field_info *info)
{
	const struct r5_message *msg = r5_cast_const(base);
	if (index < 0 || index >= msg->field_count)
		return BM_BAD_INDEX;
	const struct r5_field *field = msg->entries;
	for (int32_t i = 0; i < index; i++)
		field = field->next;
	r5_fill_info(field, info);
	return BM_OK;
}

static int32_t
r5_count_fields(const bm_message *base)
{
	const struct r5_message *msg = r5_cast_const(base);
	return msg->field_count;
}

static int
r5_flattened_size(bm_message *base, size_t *size)
{
	struct r5_message *msg = r5_cast(base);
	size_t total = R5_EMPTY_FLAT_SIZE;
	for (const struct r5_field *field = msg->entries; field != NULL;
	     field = field->next) {
		size_t record = r5_field_record_size(field);
		if (record > BM_FLAT_MAX - total)
			return BM_TOO_LARGE;
		total += record;
	}
	*size = total;
	return BM_OK;
}

static int
r5_flatten(bm_message *base, void *buffer, size_t capacity)
{
	struct r5_message *msg = r5_cast(base);
	size_t total;
	int rc = r5_flattened_size(base, &total);
	if (rc != BM_OK)
		return rc;
	if (capacity < total)
		return BM_BUFFER_TOO_SMALL;
	uint8_t *out = buffer;
	bm__r5_write_header(out, (uint32_t)total, msg->base.what,
	                    BM_R5_MESSAGE_VALID);
	out += BM_R5_HEADER_SIZE;
	for (struct r5_field *field = msg->entries; field != NULL;
	     field = field->next) {
		bool fixed_size = field->chunk_size != 0;
		uint8_t flags = r5_record_flags(fixed_size, field->count,
		                             field->logical_bytes);
		out = bm__r5_write_record_header(out, flags, field->type,
		                                 (uint32_t)field->count,
		                                 field->logical_bytes,
		                                 field->name,
		                                 field->name_length);
		/* The data block is already in flat layout, with its padding
		 * as add wrote it (zero) or as Unflatten read it. */
		memcpy(out, r5_field_data(field), field->logical_bytes);
		out += field->logical_bytes;
	}
	*out = 0; /* terminator: VALID clear */
	return BM_OK;
}

/*
 * Builds the message from one host-order FOB1 record stream: each record
 * becomes one field block, filled with one copy of the record's data.
 */
static int
r5_unflatten_records(struct r5_message *msg, struct bm__r5_reader *reader,
                  struct bm__seen_names *seen)
{
	/* bm_unflatten hands us an empty message; new fields go at the tail. */
	struct r5_field **tail_link = &msg->entries;
	struct bm__r5_record record;
	int rc;
	while ((rc = bm__r5_next(reader, &record)) == 1) {
		bool fixed_size = (record.flags & BM_R5_FIELD_FIXED) != 0;
		int32_t count = (int32_t)record.count;
		size_t bytes = record.data_size;
		size_t record_bytes = r5_record_size(fixed_size, count, bytes,
		                                  record.name_len);
		if (msg->field_count >= BM_COUNT_MAX ||
		    record_bytes > BM_FLAT_MAX - msg->flat_size)
			return BM_TOO_LARGE;
		uint32_t hash = bm__quick_name_hash(record.name, record.name_len);
		if (bm__seen_mark(seen, hash) &&
		    r5_find_field(msg->entries, record.name, record.name_len) != NULL)
			return BM_UNSUPPORTED; /* a repeated name: see above */
		/* The reader checked that fixed data is count whole items. */
		uint32_t chunk_size =
			fixed_size ? (uint32_t)(bytes / record.count) : 0;
		struct r5_field *field =
			r5_new_field(record.name, record.name_len, record.type,
			          chunk_size, bytes);
		if (field == NULL)
			return BM_NO_MEMORY;
		memcpy(r5_field_data(field), record.data, bytes);
		field->logical_bytes = (uint32_t)bytes;
		field->count = count;
		*tail_link = field;
		tail_link = &field->next;
		msg->field_count++;
		msg->flat_size += record_bytes;
	}
	if (rc == 0)
		msg->base.what = reader->what;
	return rc;
}

/* The fewest bytes a FOB1 record takes: flags, type, MINI size, name
 * length, a one-byte name and one byte of data (SINGLE omits the count). */
#define R5_MIN_RECORD_SIZE 9

static int
r5_unflatten(bm_message *base, const void *data, size_t size)
{
	struct r5_message *msg = r5_cast(base);
	struct bm__r5_reader reader;
	int rc = bm__r5_open_native(&reader, data, size, BM__R5_CHECK_ALL);
	if (rc != BM_OK)
		return rc;
	struct bm__seen_names seen;
	bm__seen_init(&seen, reader.flat_size / R5_MIN_RECORD_SIZE);
	rc = r5_unflatten_records(msg, &reader, &seen);
	bm__seen_free(&seen);
	if (rc != BM_OK)
		r5_make_empty(base);
	return rc;
}

const struct bm_ops bm_r5_ops = {
	.version = 2,
	.name = "R5",
	.summary = "BeOS R5 libbe: linked list of fields, one block each in "
	           "flat layout, linear lookup",
	.native_format = BM_FORMAT_R5,

	/* Lifetime */
	.create = r5_create,
	.destroy = r5_destroy,
	.make_empty = r5_make_empty,

	/* Fields and items */
	.add_data = r5_add_data,
	.find_data = r5_find_data,
	.get_info = r5_get_info,
	.field_at = r5_field_at,
	.count_fields = r5_count_fields,

	/* Flat form */
	.flattened_size = r5_flattened_size,
	.flatten = r5_flatten,
	.unflatten = r5_unflatten,

	/* What it is (version 2) */
	.kind = BM_KIND_REFERENCE,
	.decoded_formats = BM_DECODER_FORMATS,
	.repeated_names = BM_REPEATED_MERGE,
};
