/*
 * message3.c - "Message3": the third Haiku BMessage design of 2005, which
 * "operates purely on a flat buffer".
 *
 * Sources: impl/README.md §2.4 (final version haiku/haiku@d35c42a0c9;
 * files at haiku/haiku:src/kits/app/MessageBody3.cpp, MessageField3.cpp
 * and headers/private/app/MessageField3.h @85b31e1b69^),
 * impl/README.md §2.6 (costs), impl/README.md §5.3 (record layout),
 * impl/README.md §5.5 (flags), impl/README.md §4.5 (name hash). The
 * body and field code we could read directly is the previous revision,
 * haiku/haiku:src/kits/app/MessageBody3.cpp and MessageField3.cpp
 * @90dc946130 (same FlatInsert, field objects and item infos; the final
 * revision replaced its BMallocIO by its own 64-byte-block buffer).
 *
 * The design:
 * - One body buffer holds the field records in place, exactly as FOB1 stores
 *   them after the header and before the terminator:
 *   [uint8 flags][type][int32 count][int32 dataSize][uint8 nameLength]
 *   [name][data], data in R5 layout (fixed items packed; variable items
 *   [int32 size][bytes][zero padding to 8]). Flags are only VALID and
 *   FIXED_SIZE (2005: "we only support those"); count and size are always
 *   4 bytes.
 * - The buffer grows in blocks of fBlockSize = sizeof(FieldHeader) + 50 = 64
 *   bytes: the allocation is the needed length rounded up to a multiple of
 *   64, and the bytes it adds are zeroed.
 * - Each field is a small heap object holding offsets into the body: the
 *   record's offset, the offset of its data from the record, the fixed flag
 *   and item size, and for variable fields a list of item infos
 *   {offset, length, paddedLength}. Fields are kept in an insertion-ordered
 *   list (= body order) and in a 100-bucket chained hash with head
 *   insertion and Haiku's name hash.
 * - Adding an item is FlatInsert: grow the body if needed, memmove the tail
 *   to open room at the end of this field's data, write the item, update
 *   count and dataSize in the record header in place, and shift the record
 *   offset of every later field. Item-info offsets are relative to the
 *   field's data (2005: DATA_OFFSET + info->offset), so they never shift.
 *   A new field appends its record at the end of the body (no memmove).
 * - Find: hash lookup, then fixed items by index * itemSize, variable items
 *   through the item-info list: O(1).
 * - Flatten: the 17-byte header + one copy of the body + the 0x00
 *   terminator. Unflatten: one copy of the body, then a walk over it that
 *   rebuilds the field objects and the hash.
 *
 * Details we had to choose (the final revision is not in our sources, or
 * the 2005 behaviour would be invalid FOB1):
 * - Name length: 2005 wrote nameLength INCLUDING the NUL and stored the NUL
 *   (impl/README.md §2.4), which R5 readers reject. We write valid FOB1:
 *   nameLength without the NUL, the name bytes only. Names are compared by
 *   length and bytes instead of strcmp.
 * - Header flags byte 0x00, as the shared Header class wrote on x86
 *   (impl/README.md §5.2); we write 0x00 on every host (2005 set 0x01 on
 *   big-endian hosts).
 * - Lists: BList grew in fixed blocks (fFieldList: BList default of 20
 *   pointers; fItemInfos(5): 5 pointers), and every item info was its own
 *   heap block (`new ItemInfo`). We keep both. The lists are allocated on
 *   first use (whether R5's BList constructor allocated is unknown).
 * - A new field's record (header, name, first item) is reserved with one
 *   body growth; 2005 did three FlatInserts (header, name, item). The
 *   growth policy and the bytes are the same.
 * - Later fields are shifted when their record starts at or after the
 *   insertion point; the loop at 90dc946130 stopped at `<=` and so missed
 *   the field starting exactly there.
 * - Padding: bytes past the body's length are always zero (growth zeroes
 *   them, inserts only move bytes right, make_empty frees the body), so an
 *   item appended at the end of the body gets zero padding from the buffer,
 *   as in 2005. An item inserted before a later field lands in a gap
 *   holding moved bytes; we zero its padding there (2005 left them).
 * - make_empty frees the body (as BMallocIO::SetSize(0) did in the
 *   revision we read) and the lists; the hash table is kept.
 * - Unflatten reads only this design's own record layout. The body is
 *   copied first and then walked (as 2005 did), validated by the shared
 *   FOB1 reader; a record with any flag other than VALID and FIXED_SIZE
 *   (MINI or SINGLE, written by R5 or Message1 rules) makes it return
 *   BM_UNSUPPORTED, and bm_unflatten then decodes through the add path.
 *   Padding copied from a file is kept as it is; the optional target and
 *   reply parts of the header are skipped and not written back.
 * - Unflatten also returns BM_UNSUPPORTED for a name that appears in two
 *   records (foreign input only; the add path then merges them, as for any
 *   other format). 2005 did not look; we find repeats through a Bloom
 *   filter over the names' hashes, so that only a possible repeat walks a
 *   hash chain (the shared filter bm__seen_names in wire.h).
 * - Adds check everything and allocate everything before moving a byte, so
 *   a failure (BM_BAD_TYPE, BM_BAD_VALUE, BM_TOO_LARGE, BM_NO_MEMORY)
 *   leaves the content unchanged (a grown body may stay allocated).
 */
#include "alloc.h"
#include "bmsg.h"
#include "wire.h"

#include <stdint.h>
#include <string.h>

/* fBlockSize = sizeof(FieldHeader) + 50 (impl/README.md §2.4). */
#define M3_BLOCK_SIZE 64
#define M3_HASH_TABLE_SIZE 100
#define M3_FIELD_LIST_BLOCK 20 /* BList's default block */
#define M3_ITEM_INFO_BLOCK 5   /* fItemInfos(5) */

/* The record header in the body: flags, type, count, dataSize, nameLength
 * (the packed field_header_s of impl/README.md §2.4), followed by the
 * name. */
#define M3_RECORD_HEADER_SIZE 14
#define M3_OFF_TYPE 1
#define M3_OFF_COUNT 5
#define M3_OFF_DATA_SIZE 9
#define M3_OFF_NAME_LENGTH 13

/* What a flattened message adds to the body: the header and terminator. */
#define M3_FLAT_OVERHEAD (BM_R5_HEADER_SIZE + 1)

/* One variable-size item; offset is from the start of the field's data. */
struct m3_item_info {
	size_t offset;
	size_t length;
	size_t padded_length;
};

/* A growable array of pointers that grows in fixed blocks, like BList. */
struct m3_list {
	void **items;
	size_t count;
	size_t capacity;
};

struct m3_field {
	size_t offset;      /* of the record in the body */
	size_t data_offset; /* from the record to its data */
	bool fixed_size;
	size_t item_size;   /* fixed-size fields */
	struct m3_list item_infos; /* variable-size fields */
	struct m3_field *next; /* hash chain */
};

struct m3_message {
	bm_message base;
	uint8_t *body;
	size_t body_length;
	size_t body_allocated;
	struct m3_list fields;    /* struct m3_field *, in body order */
	struct m3_field **table;  /* M3_HASH_TABLE_SIZE chains */
};

static struct m3_message *
m3_cast(bm_message *msg)
{
	return (struct m3_message *)msg;
}

static const struct m3_message *
m3_cast_const(const bm_message *msg)
{
	return (const struct m3_message *)msg;
}

/* --- Lists ---------------------------------------------------------------- */

/* Makes room for `needed` pointers, growing to a multiple of `block`. */
static int
m3_list_reserve(struct m3_list *list, size_t block, size_t needed)
{
	if (needed <= list->capacity)
		return BM_OK;
	size_t capacity = (needed + block - 1) / block * block;
	if (capacity > SIZE_MAX / sizeof *list->items)
		return BM_NO_MEMORY;
	void **items = bm_realloc(list->items, capacity * sizeof *items);
	if (items == NULL)
		return BM_NO_MEMORY;
	list->items = items;
	list->capacity = capacity;
	return BM_OK;
}

static void
m3_list_free(struct m3_list *list)
{
	bm_free(list->items);
	*list = (struct m3_list){0};
}

/* --- Fields ------------------------------------------------------------------ */

static void
m3_field_free(struct m3_field *field)
{
	for (size_t i = 0; i < field->item_infos.count; i++)
		bm_free(field->item_infos.items[i]);
	m3_list_free(&field->item_infos);
	bm_free(field);
}

static const uint8_t *
m3_record(const struct m3_message *msg, const struct m3_field *field)
{
	return msg->body + field->offset;
}

static void
m3_field_info(const struct m3_message *msg, const struct m3_field *field,
              struct bm_field_info *info)
{
	const uint8_t *record = m3_record(msg, field);
	info->name = (const char *)record + M3_RECORD_HEADER_SIZE;
	info->name_len = record[M3_OFF_NAME_LENGTH];
	info->type = bm__load32(record + M3_OFF_TYPE);
	info->count = (int32_t)bm__load32(record + M3_OFF_COUNT);
	info->fixed_size = field->fixed_size;
}

/* --- The hash (100 buckets, head insertion; impl/README.md §2.4) --------- */

static size_t
m3_bucket(const char *name, size_t name_len)
{
	return bm__hash_name(name, name_len) % M3_HASH_TABLE_SIZE;
}

static void
m3_hash_insert_at(struct m3_message *msg, struct m3_field *field,
                  size_t bucket)
{
	field->next = msg->table[bucket];
	msg->table[bucket] = field;
}

static void
m3_hash_insert(struct m3_message *msg, struct m3_field *field)
{
	const uint8_t *record = m3_record(msg, field);
	m3_hash_insert_at(msg, field,
	                  m3_bucket((const char *)record + M3_RECORD_HEADER_SIZE,
	                            record[M3_OFF_NAME_LENGTH]));
}

static struct m3_field *
m3_hash_lookup(const struct m3_message *msg, const char *name,
               size_t name_len)
{
	struct m3_field *field = msg->table[m3_bucket(name, name_len)];
	for (; field != NULL; field = field->next) {
		const uint8_t *record = m3_record(msg, field);
		if (record[M3_OFF_NAME_LENGTH] == name_len &&
		    memcmp(record + M3_RECORD_HEADER_SIZE, name, name_len) == 0)
			return field;
	}
	return NULL;
}

/* --- The flat body -------------------------------------------------------------- */

/*
 * FlatResize, growing half: makes room for `length` body bytes, rounding
 * the allocation up to a multiple of 64 and zeroing the bytes it adds.
 * `length` is at most BM_FLAT_MAX, so the rounding cannot overflow.
 */
static int
m3_body_reserve(struct m3_message *msg, size_t length)
{
	if (length <= msg->body_allocated)
		return BM_OK;
	size_t allocated = (length + M3_BLOCK_SIZE - 1) / M3_BLOCK_SIZE *
	                   M3_BLOCK_SIZE;
	uint8_t *body = bm_realloc(msg->body, allocated);
	if (body == NULL)
		return BM_NO_MEMORY;
	memset(body + msg->body_allocated, 0, allocated - msg->body_allocated);
	msg->body = body;
	msg->body_allocated = allocated;
	return BM_OK;
}

/*
 * FlatInsert: opens `size` bytes at body offset `at` (room reserved by
 * m3_body_reserve), moving the tail and shifting the records of every
 * field that starts at or after `at`. Returns true when the bytes were
 * inserted before existing data (so they hold moved bytes, not zeros).
 */
static bool
m3_flat_insert(struct m3_message *msg, size_t at, size_t size)
{
	size_t tail = msg->body_length - at;
	msg->body_length += size;
	/* The usual case for adds: appending at the end moves nothing. */
	if (tail == 0)
		return false;
	memmove(msg->body + at + size, msg->body + at, tail);
	for (size_t i = msg->fields.count; i-- > 0;) {
		struct m3_field *field = msg->fields.items[i];
		if (field->offset < at)
			break;
		field->offset += size;
	}
	return true;
}

/*
 * Undoes what a failed add allocated from nothing, so that the failure
 * leaves no new block behind: the body and the field list of a message
 * that had none. (Grown blocks stay grown; the content is unchanged.)
 */
static int
m3_add_failed(struct m3_message *msg, bool had_body, bool had_fields, int rc)
{
	if (!had_body) {
		bm_free(msg->body);
		msg->body = NULL;
		msg->body_allocated = 0;
	}
	if (!had_fields)
		m3_list_free(&msg->fields);
	return rc;
}

/* Room left for the body under BM_FLAT_MAX. */
static size_t
m3_body_room(const struct m3_message *msg)
{
	return BM_FLAT_MAX - M3_FLAT_OVERHEAD - msg->body_length;
}

/* Writes one item at `out` (fixed: the bytes; variable: size prefix and
 * bytes). The padding of a variable item is zeroed only when `in_gap`:
 * otherwise it is already zero (bytes past the body's length are). */
static void
m3_write_item(uint8_t *out, bool fixed_size, const void *data, size_t size,
              bool in_gap)
{
	if (fixed_size) {
		memcpy(out, data, size);
		return;
	}
	bm__store32(out, (uint32_t)size);
	memcpy(out + 4, data, size);
	if (in_gap)
		memset(out + 4 + size, 0, bm__r5_var_item_size(size) - 4 - size);
}

/* --- Slots ------------------------------------------------------------------------- */

static int
m3_create(bm_message **out)
{
	struct m3_message *msg = bm_malloc(sizeof *msg);
	if (msg == NULL)
		return BM_NO_MEMORY;
	*msg = (struct m3_message){0};
	/* InitCommon: fFieldTable = new BMessageField *[100]. */
	msg->table = bm_malloc(M3_HASH_TABLE_SIZE * sizeof *msg->table);
	if (msg->table == NULL) {
		bm_free(msg);
		return BM_NO_MEMORY;
	}
	for (size_t i = 0; i < M3_HASH_TABLE_SIZE; i++)
		msg->table[i] = NULL;
	*out = &msg->base;
	return BM_OK;
}

static void
m3_make_empty(bm_message *base)
{
	struct m3_message *msg = m3_cast(base);
	for (size_t i = 0; i < msg->fields.count; i++)
		m3_field_free(msg->fields.items[i]);
	m3_list_free(&msg->fields);
	for (size_t i = 0; i < M3_HASH_TABLE_SIZE; i++)
		msg->table[i] = NULL;
	bm_free(msg->body);
	msg->body = NULL;
	msg->body_length = 0;
	msg->body_allocated = 0;
}

static void
m3_destroy(bm_message *base)
{
	struct m3_message *msg = m3_cast(base);
	m3_make_empty(base);
	bm_free(msg->table);
	bm_free(msg);
}

/* Appends one item to an existing field (BMessageField::AddItem). */
static int
m3_add_item(struct m3_message *msg, struct m3_field *field,
            bm_type_code type, const void *data, size_t size)
{
	const uint8_t *record = m3_record(msg, field);
	if (bm__load32(record + M3_OFF_TYPE) != type)
		return BM_BAD_TYPE;
	if (field->fixed_size && size != field->item_size)
		return BM_BAD_VALUE;
	uint32_t count = bm__load32(record + M3_OFF_COUNT);
	uint32_t data_size = bm__load32(record + M3_OFF_DATA_SIZE);
	if (count >= (uint32_t)BM_COUNT_MAX)
		return BM_TOO_LARGE;
	size_t grow = field->fixed_size ? size : bm__r5_var_item_size(size);
	if (grow > m3_body_room(msg))
		return BM_TOO_LARGE;

	/* Everything that can fail comes first. */
	int rc = m3_body_reserve(msg, msg->body_length + grow);
	if (rc != BM_OK)
		return rc;
	struct m3_item_info *info = NULL;
	if (!field->fixed_size) {
		rc = m3_list_reserve(&field->item_infos, M3_ITEM_INFO_BLOCK,
		                     field->item_infos.count + 1);
		if (rc != BM_OK)
			return rc;
		info = bm_malloc(sizeof *info);
		if (info == NULL)
			return BM_NO_MEMORY;
		*info = (struct m3_item_info){
			.offset = data_size,
			.length = size,
			.padded_length = grow,
		};
		field->item_infos.items[field->item_infos.count++] = info;
	}

	size_t at = field->offset + field->data_offset + data_size;
	bool in_gap = m3_flat_insert(msg, at, grow);
	m3_write_item(msg->body + at, field->fixed_size, data, size, in_gap);
	uint8_t *header = msg->body + field->offset;
	bm__store32(header + M3_OFF_COUNT, count + 1);
	bm__store32(header + M3_OFF_DATA_SIZE, data_size + (uint32_t)grow);
	return BM_OK;
}

/* Appends a new field's record, holding its first item, to the body. */
static int
m3_add_field(struct m3_message *msg, const char *name, size_t name_len,
             bm_type_code type, const void *data, size_t size,
             bool fixed_size)
{
	if (msg->fields.count >= (size_t)BM_COUNT_MAX)
		return BM_TOO_LARGE;
	size_t item_bytes = fixed_size ? size : bm__r5_var_item_size(size);
	size_t data_offset = M3_RECORD_HEADER_SIZE + name_len;
	/* item_bytes <= BM_ITEM_MAX + 11 and name_len <= 255: no overflow. */
	size_t record_size = data_offset + item_bytes;
	if (record_size > m3_body_room(msg))
		return BM_TOO_LARGE;

	bool had_body = msg->body != NULL, had_fields = msg->fields.items != NULL;
	int rc = m3_body_reserve(msg, msg->body_length + record_size);
	if (rc == BM_OK)
		rc = m3_list_reserve(&msg->fields, M3_FIELD_LIST_BLOCK,
		                     msg->fields.count + 1);
	if (rc != BM_OK)
		return m3_add_failed(msg, had_body, had_fields, rc);
	struct m3_field *field = bm_malloc(sizeof *field);
	if (field == NULL)
		return m3_add_failed(msg, had_body, had_fields, BM_NO_MEMORY);
	*field = (struct m3_field){
		.offset = msg->body_length,
		.data_offset = data_offset,
		.fixed_size = fixed_size,
		.item_size = fixed_size ? size : 0,
	};
	if (!fixed_size) {
		rc = m3_list_reserve(&field->item_infos, M3_ITEM_INFO_BLOCK, 1);
		struct m3_item_info *info =
			rc == BM_OK ? bm_malloc(sizeof *info) : NULL;
		if (info == NULL) {
			m3_field_free(field);
			return m3_add_failed(msg, had_body, had_fields,
			                     BM_NO_MEMORY);
		}
		*info = (struct m3_item_info){
			.offset = 0,
			.length = size,
			.padded_length = item_bytes,
		};
		field->item_infos.items[field->item_infos.count++] = info;
	}

	uint8_t flags = BM_R5_FIELD_VALID | (fixed_size ? BM_R5_FIELD_FIXED : 0);
	size_t at = msg->body_length;
	m3_flat_insert(msg, at, record_size);
	uint8_t *out = bm__r5_write_record_header(msg->body + at, flags, type, 1,
	                                          (uint32_t)item_bytes, name,
	                                          name_len);
	m3_write_item(out, fixed_size, data, size, false);
	msg->fields.items[msg->fields.count++] = field;
	m3_hash_insert(msg, field);
	return BM_OK;
}

static int
m3_add_data(bm_message *base, const char *name, size_t name_len,
            bm_type_code type, const void *data, size_t size,
            bool fixed_size)
{
	struct m3_message *msg = m3_cast(base);
	struct m3_field *field = m3_hash_lookup(msg, name, name_len);
	if (field != NULL)
		return m3_add_item(msg, field, type, data, size);
	return m3_add_field(msg, name, name_len, type, data, size, fixed_size);
}

static int
m3_find_data(const bm_message *base, const char *name, size_t name_len,
             bm_type_code type, int32_t index, const void **data,
             size_t *size)
{
	const struct m3_message *msg = m3_cast_const(base);
	const struct m3_field *field = m3_hash_lookup(msg, name, name_len);
	if (field == NULL)
		return BM_NAME_NOT_FOUND;
	const uint8_t *record = m3_record(msg, field);
	if (type != BM_ANY_TYPE && bm__load32(record + M3_OFF_TYPE) != type)
		return BM_BAD_TYPE;
	if (index < 0 || (uint32_t)index >= bm__load32(record + M3_OFF_COUNT))
		return BM_BAD_INDEX;
	const uint8_t *field_data = record + field->data_offset;
	if (field->fixed_size) {
		*data = field_data + (size_t)index * field->item_size;
		*size = field->item_size;
	} else {
		const struct m3_item_info *info = field->item_infos.items[index];
		*data = field_data + info->offset + 4;
		*size = info->length;
	}
	return BM_OK;
}

static int
m3_get_info(const bm_message *base, const char *name, size_t name_len,
            struct bm_field_info *info)
{
	const struct m3_message *msg = m3_cast_const(base);
	const struct m3_field *field = m3_hash_lookup(msg, name, name_len);
	if (field == NULL)
		return BM_NAME_NOT_FOUND;
	m3_field_info(msg, field, info);
	return BM_OK;
}

static int
m3_field_at(const bm_message *base, int32_t index, struct bm_field_info *info)
{
	const struct m3_message *msg = m3_cast_const(base);
	if (index < 0 || (size_t)index >= msg->fields.count)
		return BM_BAD_INDEX;
	m3_field_info(msg, msg->fields.items[index], info);
	return BM_OK;
}

static int32_t
m3_count_fields(const bm_message *base)
{
	return (int32_t)m3_cast_const(base)->fields.count;
}

static int
m3_flattened_size(bm_message *base, size_t *size)
{
	const struct m3_message *msg = m3_cast(base);
	/* Adds and Unflatten keep the body within BM_FLAT_MAX. */
	if (msg->body_length > BM_FLAT_MAX - M3_FLAT_OVERHEAD)
		return BM_TOO_LARGE;
	*size = M3_FLAT_OVERHEAD + msg->body_length;
	return BM_OK;
}

static int
m3_flatten(bm_message *base, void *buffer, size_t capacity)
{
	struct m3_message *msg = m3_cast(base);
	size_t size;
	int rc = m3_flattened_size(base, &size);
	if (rc != BM_OK)
		return rc;
	if (capacity < size)
		return BM_BUFFER_TOO_SMALL;
	uint8_t *out = buffer;
	bm__r5_write_header(out, (uint32_t)size, msg->base.what, 0x00);
	if (msg->body_length > 0)
		memcpy(out + BM_R5_HEADER_SIZE, msg->body, msg->body_length);
	out[size - 1] = 0x00; /* terminator */
	return BM_OK;
}

/* The fewest bytes a record of this layout takes (flags, type, count,
 * size, name length, one byte of name and one of data), to size the filter
 * of names read so far (bm__seen_names in wire.h). */
#define M3_MIN_RECORD_SIZE 16

/*
 * Rebuilds the field object of one record copied into the body at
 * `offset` (BMessageField::Unflatten), from the record as the shared
 * reader checked it in the input (offsets are the same in both), and
 * inserts it into hash bucket `bucket`.
 */
static int
m3_rebuild_field(struct m3_message *msg, size_t offset,
                 const uint8_t *record_start,
                 const struct bm__r5_record *record, size_t bucket)
{
	int rc = m3_list_reserve(&msg->fields, M3_FIELD_LIST_BLOCK,
	                         msg->fields.count + 1);
	if (rc != BM_OK)
		return rc;
	struct m3_field *field = bm_malloc(sizeof *field);
	if (field == NULL)
		return BM_NO_MEMORY;
	bool fixed_size = (record->flags & BM_R5_FIELD_FIXED) != 0;
	*field = (struct m3_field){
		.offset = offset,
		.data_offset = (size_t)(record->data - record_start),
		.fixed_size = fixed_size,
		.item_size = fixed_size ? record->data_size / record->count : 0,
	};
	if (!fixed_size) {
		const uint8_t *chunk = record->data;
		for (uint32_t i = 0; i < record->count; i++) {
			const uint8_t *item;
			size_t item_size;
			const uint8_t *next =
				bm__r5_next_chunk(chunk, false, &item, &item_size);
			rc = m3_list_reserve(&field->item_infos,
			                     M3_ITEM_INFO_BLOCK, i + 1);
			struct m3_item_info *info =
				rc == BM_OK ? bm_malloc(sizeof *info) : NULL;
			if (info == NULL) {
				m3_field_free(field);
				return BM_NO_MEMORY;
			}
			*info = (struct m3_item_info){
				.offset = (size_t)(chunk - record->data),
				.length = item_size,
				.padded_length = (size_t)(next - chunk),
			};
			field->item_infos.items[field->item_infos.count++] = info;
			chunk = next;
		}
	}
	msg->fields.items[msg->fields.count++] = field;
	m3_hash_insert_at(msg, field, bucket);
	return BM_OK;
}

static int
m3_unflatten(bm_message *base, const void *data, size_t size)
{
	struct m3_message *msg = m3_cast(base);
	struct bm__r5_reader reader;
	int rc = bm__r5_open_native(&reader, data, size, BM__R5_CHECK_ALL);
	if (rc != BM_OK)
		return rc;
	const uint8_t *body_start = reader.cursor;
	/* The body runs to the terminator, the message's last byte. */
	if (reader.end <= body_start)
		return BM_NOT_A_MESSAGE;
	size_t body_length = (size_t)(reader.end - body_start) - 1;

	/* Read flattenedSize - headerSize bytes straight into the body... */
	rc = m3_body_reserve(msg, body_length);
	if (rc != BM_OK)
		return rc;
	if (body_length > 0)
		memcpy(msg->body, body_start, body_length);
	msg->body_length = body_length;

	/* ...then walk it, rebuilding the field objects and the hash. */
	struct bm__seen_names seen;
	bm__seen_init(&seen, body_length / M3_MIN_RECORD_SIZE);
	for (;;) {
		const uint8_t *record_start = reader.cursor;
		struct bm__r5_record record;
		rc = bm__r5_next(&reader, &record);
		if (rc <= 0)
			break;
		if (record.flags & ~(BM_R5_FIELD_VALID | BM_R5_FIELD_FIXED)) {
			/* MINI or SINGLE: not this design's layout. */
			rc = BM_UNSUPPORTED;
			break;
		}
		uint32_t hash = bm__hash_name(record.name, record.name_len);
		if (bm__seen_mark(&seen, hash) &&
		    m3_hash_lookup(msg, record.name, record.name_len) != NULL) {
			/* A repeated name: left to the add path, which merges. */
			rc = BM_UNSUPPORTED;
			break;
		}
		rc = m3_rebuild_field(msg, (size_t)(record_start - body_start),
		                      record_start, &record,
		                      hash % M3_HASH_TABLE_SIZE);
		if (rc != BM_OK)
			break;
	}
	bm__seen_free(&seen);
	if (rc != BM_OK) {
		m3_make_empty(base);
		return rc;
	}
	msg->base.what = reader.what;
	return BM_OK;
}

const struct bm_ops bm_message3_ops = {
	.version = 2,
	.name = "Message3",
	.summary = "Haiku 2005 Message3: one flat body in 64-byte blocks, "
	           "memmove inserts, 100-bucket hash",
	.native_format = BM_FORMAT_R5,

	/* Lifetime */
	.create = m3_create,
	.destroy = m3_destroy,
	.make_empty = m3_make_empty,

	/* Fields and items */
	.add_data = m3_add_data,
	.find_data = m3_find_data,
	.get_info = m3_get_info,
	.field_at = m3_field_at,
	.count_fields = m3_count_fields,

	/* Flat format */
	.flattened_size = m3_flattened_size,
	.flatten = m3_flatten,
	.unflatten = m3_unflatten,

	/* What it is (version 2) */
	.kind = BM_KIND_HAIKU_2005,
	.decoded_formats = BM_DECODER_FORMATS,
	.repeated_names = BM_REPEATED_MERGE,
};
