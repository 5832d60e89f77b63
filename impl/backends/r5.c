/*
 * r5.c - the reference backend: BeOS R5's libbe BMessage, re-created.
 *
 * Sources (impl/README.md §2.1 sums this backend up):
 * - the private structures in R5's own header (impl/README.md §5.7),
 *   waddlesplash/BeOS-headers:headers/be/app/Message.h@013bdeb (R5), with
 *   the comments of the Preview Release 2 copy (@bcb4c04): `dyn_array`
 *   (fLogicalBytes, fPhysicalBytes, fChunkSize, fCount, fEntryHdrSize),
 *   `entry_hdr` (fNext, fType, fNameLength, fName, then the data),
 *   `var_chunk` ([int32 size][bytes], padded to 8 including the size),
 *   `da_is_mini_data`, and `entry_hdr *fEntries` in BMessage.
 * - the FOB1 format (impl/README.md §5.2 to impl/README.md §5.4) and the
 *   flags Be's code writes (impl/README.md §5.5: MINI iff the record's data
 *   size <= 255 and count <= 255, SINGLE iff count == 1, FIXED from
 *   AddData's is_fixed_size, header flag 0x01, insertion order), checked
 *   against the Be-written files in tests/data/haiku (impl/README.md §9.1);
 * - the costs this backend must keep (impl/README.md §2.6).
 *
 * The design. The message is a singly linked list of fields (`entries`,
 * R5's fEntries). Each field is ONE heap block: a dyn_array-like header,
 * the next pointer, the type and the name, padded to 8, and then the field's
 * data exactly as it appears in a flattened message: fixed-size items packed,
 * variable-size items as [int32 size][bytes][zero padding to 8]. So:
 * - a lookup walks the list comparing names (length first, then bytes);
 * - a new field is appended at the tail, which the lookup walk has just
 *   reached (insertion order is flatten order);
 * - item i of a fixed-size field is at i * chunk_size; item i of a
 *   variable-size field is found by walking the chunks from the start, so
 *   reading all N strings is O(N^2), the cost tRead5000String shows;
 * - Flatten writes the header, then per field a record header and one memcpy
 *   of its data block, then the terminator;
 * - Unflatten (native FOB1 in host order) turns each record into one block
 *   with one memcpy of the record's data.
 *
 * What R5's header does not tell, and what we chose (the simplest reading):
 * - Field header fields are 32-bit as in dyn_array (sizes unsigned, since we
 *   cap them at INT32_MAX anyway). The name is stored with a NUL after it
 *   (fName is a C string in R5's header) and the data starts at the next
 *   multiple of 8 (fEntryHdrSize, "incl padding").
 * - Growth of a field's block (R5's da_grow is not documented): a new field
 *   gets exactly one item's room (AddData's `count` preallocation hint is 1,
 *   and our API has no hint); when an add does not fit, the data room
 *   (physical size) doubles, or grows to what the add needs if that is more,
 *   through one realloc. So N adds to one field make 1 malloc and about
 *   log2(N) reallocs; a field read by Unflatten gets exactly its data size.
 * - An add to an existing field follows the field, not the call: the type
 *   must match (else BM_BAD_TYPE), a fixed-size field takes only items of its
 *   chunk size (else BM_BAD_VALUE), and the `fixed_size` argument matters
 *   only when the add creates the field (as in Haiku's AddData).
 * - Padding written by an add is zero. Unflatten copies each record's data
 *   as it is, padding included, as a block copy must: a message read from a
 *   Be-written file (garbage padding, impl/README.md §5.5) flattens back to
 *   the same bytes.
 * - Two records with the same name (foreign input only: no writer we know
 *   makes them) cannot both become fields, since lookups by name would
 *   reach only the first. R5 most likely never looked: a walk of the list
 *   per record would make UnflattenIndividual quadratic, which R5's 2005
 *   figure rules out (4402 us for 5000 fields, under 1 us a field, where
 *   12.5 million name compares would take far longer). We must look, so
 *   Unflatten keeps the shared filter of the names read so far
 *   (bm__seen_names in wire.h, over bm__quick_name_hash; no allocation up to
 *   16384 names), and walks the list only for a possible repeat. This is
 *   work R5 did not do, paid on every Unflatten. On a repeated name Unflatten empties the message and returns
 *   BM_UNSUPPORTED, so bm_unflatten decodes the input through the add path,
 *   which merges the records as Haiku's AddData does.
 * - The target and reply parts of a FOB1 header are read past and dropped;
 *   messages flatten without them (the benchmark never sets them).
 * - FlattenedSize walks the fields and sums each record (R5's header lists
 *   da_calc_size per field; we know of no cached size in R5's BMessage).
 * - Bookkeeping R5 did not have, for the project's limits: the number of
 *   fields and a running total of the flattened size, so that an add past
 *   BM_COUNT_MAX or BM_FLAT_MAX fails with BM_TOO_LARGE instead of
 *   overflowing R5's int32 sizes. count_fields returns the number (R5's
 *   CountNames walked the list to filter by type; our slot has no filter and
 *   no benchmark times it). The total is never used in place of the walk in
 *   FlattenedSize and Flatten.
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
