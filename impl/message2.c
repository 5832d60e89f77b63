/*
 * message2.c - Message2: the Haiku BMessage body of summer 2005, final at
 * SVN commit 54ca2a11db ("Moving towards more flat buffering").
 *
 * Sources: impl/README.md §2.3 (design), impl/README.md §2.6 (costs),
 * impl/README.md §5.3 (record layout), impl/README.md §5.5 (flags),
 * impl/README.md §4.5 (name hash); the files
 * haiku/haiku:src/kits/app/MessageBody2.cpp and MessageField2.cpp (with
 * MessageBody2.h, MessageField2.h) at 85b31e1b69^; the libraries they used:
 * BList from haiku/haiku:src/kits/support/List.cpp (the OpenBeOS version of
 * 2002, still current in 2005; `BList(int32 count = 20)` in List.h) and
 * BMallocIO from src/kits/support/DataIO.cpp (block size 256).
 *
 * The design
 * - BMessageBody: an insertion-ordered field list (a BList) and a chained
 *   hash table of 100 buckets (fFieldTable), new fields inserted at the
 *   head of their chain, bucket = Haiku's name hash (impl/README.md §4.5)
 *   % 100, names compared byte for byte. fFlattenedSize caches the
 *   flattened size and is reset to -1 by every change; FlattenedSize()
 *   refills it by walking the fields.
 * - BMessageField: a FieldHeader (flags VALID | FIXED_SIZE, type, count,
 *   dataSize, nameLength, name), a BMallocIO fFlatBuffer holding the items
 *   exactly as the flat record's data (impl/README.md §5.3: fixed items
 *   packed; variable items [int32 size][bytes][zero pad to 8]), fItemSize
 *   for fixed fields, and fOffsets, a BList of the offset of every variable
 *   item, so that FindData is O(1). AddData reserves the item's bytes in
 *   the field buffer and memcpy's the value there.
 * - Flatten: the header, then per field its record header with 4-byte
 *   count and size (never MINI, never SINGLE: impl/README.md §5.5)
 *   followed by the field buffer, then the 0x00 terminator. The header flag
 *   is 0x00: Message2 shared Message1's Header class, which set 0x01
 *   (MSG_FLAG_BIG_ENDIAN) only on big-endian hosts (impl/README.md §5.2).
 *
 * Details that had to be chosen (and why)
 * - BList: re-created as List.cpp had it: the constructor already
 *   allocates one block, the array grows (and on MakeEmpty shrinks back to
 *   one block) in whole blocks of `block` slots, i.e. linearly, not by
 *   doubling. The field list and fOffsets use the default block of 20
 *   slots. Slots are pointers, so a block is 20 * sizeof(void *) bytes;
 *   offsets are stored in them as integers, as Message2 did.
 * - fOffsets is created on a variable field's first item (`new BList()`:
 *   the list object, then its first block), as AddItem did.
 * - BMallocIO: the buffer grows to the next multiple of 256 bytes when the
 *   data would pass its end, and the bytes it adds are zeroed, as
 *   BMallocIO::SetSize did. Haiku's 2005 SetSize compared the new length
 *   with the allocated size rather than the rounded size, so it called
 *   realloc (to the same block) on almost every add; the 2005 table was
 *   measured on BeOS R5, whose own closed BMallocIO may not have done that.
 *   We take the simplest reading: realloc only when the buffer must grow.
 * - Message and body are one heap block: our handle is the BMessage, and
 *   the separate `new BMessageBody` of 2005 is folded into it. The hash
 *   table is its own block (new BMessageField *[100] in InitCommon).
 * - Names: the 2005 FieldHeader had `char name[255]` and cut names to
 *   min(strlen, 254) bytes. Our contract requires names of 1..255 bytes to
 *   round-trip in every backend, so the whole name is kept (it still fits
 *   FOB1's one-byte name length). Deviation.
 * - Fixed or variable is decided when a field is created. A later item for
 *   a fixed field must have the field's item size (else BM_BAD_VALUE);
 *   items for a variable field are accepted whatever fixed_size says.
 *   (Message2's SetFixedSize would have turned a variable field fixed and
 *   corrupted it; not reproduced.)
 * - Unflatten reads every valid FOB1 record through the shared reader
 *   (bm__r5_open/bm__r5_next), so MINI and SINGLE records written by R5
 *   are read correctly. The 2005 code read the record header flat on a
 *   fast path that, through a precedence bug (`flags == VALID || flags ==
 *   VALID | FIXED` is always true), was taken for every record, and so
 *   mis-parsed MINI/SINGLE records; not reproduced. A record's data is
 *   already in R5 layout, so each field costs one copy into its buffer
 *   (sized with SetSize) plus its offsets, collected by walking the copy;
 *   the offsets go into a BList(count), as the field's copy operator made
 *   it (the 2005 Unflatten did not rebuild fOffsets at all). Padding bytes
 *   are zeroed during that walk, so a re-flatten never carries the garbage
 *   padding of Be-written files. Two records with the same name (foreign
 *   input only) are merged through the add path, as bm_decode_into would;
 *   finding them costs Unflatten a small bitmap filter and, per field, the
 *   name's hash kept in the field (see bm__seen_names), not a chain walk
 *   per record. Swapped FOB1 is left to the shared decoder
 *   (BM_UNSUPPORTED).
 * - Limits (not in the 2005 code): a running count of the bytes the
 *   message would flatten to lets add_data refuse to pass BM_FLAT_MAX. It
 *   is kept only for that check; flattened_size still works as
 *   FlattenedSize() did, from the cache or by walking the fields.
 * - Every change of content resets the cache: add, make_empty, unflatten.
 */
#include "alloc.h"
#include "bmsg.h"
#include "wire.h"

#include <stdint.h>
#include <string.h>

#define MESSAGE2_HASH_TABLE_SIZE 100 /* fFieldTableSize */
#define MESSAGE2_LIST_BLOCK 20       /* BList's default block, in slots */
#define MESSAGE2_BUFFER_BLOCK 256    /* BMallocIO's block size, in bytes */
#define MESSAGE2_HEADER_FLAGS 0x00   /* Header class on a little-endian host */

/* --- BList ---------------------------------------------------------------- */

struct message2_list {
	void **items;
	size_t count;
	size_t capacity; /* always a multiple of block */
	size_t block;
};

/* BList(block): allocates the first block at once. */
static int
message2_list_init(struct message2_list *list, size_t block)
{
	if (block > SIZE_MAX / sizeof *list->items)
		return BM_NO_MEMORY;
	list->items = bm_malloc(block * sizeof *list->items);
	if (list->items == NULL)
		return BM_NO_MEMORY;
	list->count = 0;
	list->capacity = block;
	list->block = block;
	return BM_OK;
}

/* new BList(block): the list object, then its first block. */
static struct message2_list *
message2_list_new(size_t block)
{
	struct message2_list *list = bm_malloc(sizeof *list);
	if (list == NULL)
		return NULL;
	if (message2_list_init(list, block) != BM_OK) {
		bm_free(list);
		return NULL;
	}
	return list;
}

static void
message2_list_delete(struct message2_list *list)
{
	if (list != NULL) {
		bm_free(list->items);
		bm_free(list);
	}
}

/* Makes room for one more item: BList::AddItem's Resize(count + 1), which
 * grows the array by one block when it is full. The list is unchanged on
 * failure. */
static int
message2_list_reserve(struct message2_list *list)
{
	if (list->count < list->capacity)
		return BM_OK;
	if (list->block > SIZE_MAX / sizeof *list->items - list->capacity)
		return BM_NO_MEMORY;
	size_t capacity = list->capacity + list->block;
	void **items = bm_realloc(list->items, capacity * sizeof *items);
	if (items == NULL)
		return BM_NO_MEMORY;
	list->items = items;
	list->capacity = capacity;
	return BM_OK;
}

/* Appends after message2_list_reserve succeeded. */
static void
message2_list_append(struct message2_list *list, void *item)
{
	list->items[list->count++] = item;
}

/* BList::MakeEmpty, i.e. Resize(0): back to one block. If that realloc
 * fails the larger array is kept (BList kept it too); the list is empty
 * either way. */
static void
message2_list_make_empty(struct message2_list *list)
{
	list->count = 0;
	if (list->capacity == list->block)
		return;
	void **items = bm_realloc(list->items, list->block * sizeof *items);
	if (items != NULL) {
		list->items = items;
		list->capacity = list->block;
	}
}

/* --- BMallocIO -------------------------------------------------------------- */

struct message2_buffer {
	uint8_t *bytes;
	size_t length;
	size_t capacity; /* a multiple of MESSAGE2_BUFFER_BLOCK; bytes past
	                  * length are zero */
};

/* Makes room for `length` bytes, growing to the next multiple of the block
 * and zeroing the new bytes, as BMallocIO::SetSize did. Unchanged on
 * failure. `length` is at most BM_FLAT_MAX, so rounding cannot overflow. */
static int
message2_buffer_reserve(struct message2_buffer *buffer, size_t length)
{
	if (length <= buffer->capacity)
		return BM_OK;
	size_t capacity = (length + MESSAGE2_BUFFER_BLOCK - 1) /
	                  MESSAGE2_BUFFER_BLOCK * MESSAGE2_BUFFER_BLOCK;
	uint8_t *bytes = bm_realloc(buffer->bytes, capacity);
	if (bytes == NULL)
		return BM_NO_MEMORY;
	memset(bytes + buffer->capacity, 0, capacity - buffer->capacity);
	buffer->bytes = bytes;
	buffer->capacity = capacity;
	return BM_OK;
}

/* --- Fields ----------------------------------------------------------------- */

struct message2_field {
	struct message2_field *next;   /* fNext: the hash chain */
	bm_type_code type;
	int32_t count;
	uint8_t flags;                 /* BM_R5_FIELD_VALID | _FIXED */
	uint8_t name_len;              /* 1..255 */
	uint32_t hash;                 /* the name's hash, see Unflatten */
	size_t item_size;              /* fItemSize: fixed fields only */
	struct message2_buffer buffer; /* fFlatBuffer: the record's data */
	struct message2_list *offsets; /* fOffsets: variable fields only */
	char name[BM_NAME_MAX];        /* not NUL-terminated */
};

static bool
message2_field_fixed(const struct message2_field *field)
{
	return (field->flags & BM_R5_FIELD_FIXED) != 0;
}

/* Bytes one item takes in the field buffer. */
static size_t
message2_chunk_size(bool fixed, size_t size)
{
	return fixed ? size : bm__r5_var_item_size(size);
}

/* The field's record header: flags, type, count, size, name length, name. */
static size_t
message2_record_header_size(size_t name_len)
{
	return bm__r5_record_header_size(BM_R5_FIELD_VALID, name_len);
}

/* new BMessageField(name, type): one block, no buffer yet. */
static struct message2_field *
message2_field_new(const char *name, size_t name_len, uint32_t hash,
                   bm_type_code type, bool fixed, size_t item_size)
{
	struct message2_field *field = bm_malloc(sizeof *field);
	if (field == NULL)
		return NULL;
	field->next = NULL;
	field->type = type;
	field->count = 0;
	field->flags = (uint8_t)(BM_R5_FIELD_VALID |
	                         (fixed ? BM_R5_FIELD_FIXED : 0));
	field->name_len = (uint8_t)name_len;
	field->hash = hash;
	field->item_size = fixed ? item_size : 0;
	field->buffer = (struct message2_buffer){0};
	field->offsets = NULL;
	memcpy(field->name, name, name_len);
	return field;
}

static void
message2_field_delete(struct message2_field *field)
{
	bm_free(field->buffer.bytes);
	message2_list_delete(field->offsets);
	bm_free(field);
}

/* BMessageField::AddItem plus the memcpy of BMessage::AddData, once the
 * buffer (and for a variable item the offset list) has room. */
static void
message2_field_append(struct message2_field *field, const void *data,
                      size_t size)
{
	size_t offset = field->buffer.length;
	uint8_t *at = field->buffer.bytes + offset;
	if (message2_field_fixed(field)) {
		memcpy(at, data, size);
		field->buffer.length += size;
	} else {
		message2_list_append(field->offsets, (void *)(uintptr_t)offset);
		bm__r5_write_var_item(at, data, size);
		field->buffer.length += bm__r5_var_item_size(size);
	}
	field->count++;
}

/* --- The message -------------------------------------------------------------- */

struct message2_message {
	bm_message base;
	struct message2_list fields;    /* fFieldList, insertion order */
	struct message2_field **table;  /* fFieldTable */
	int64_t flattened_size;         /* fFlattenedSize; -1 = unknown */
	size_t bytes_held;              /* for the BM_FLAT_MAX check only */
};

/* Header and terminator: what an empty message flattens to. */
#define MESSAGE2_EMPTY_SIZE ((size_t)BM_R5_HEADER_SIZE + 1)

static struct message2_message *
message2_from(bm_message *base)
{
	return (struct message2_message *)base;
}

static const struct message2_message *
message2_from_const(const bm_message *base)
{
	return (const struct message2_message *)base;
}

/* HashLookup: names compared byte for byte along the chain, as strcmp
 * did (the stored hash is not used here: Message2 did not store it). */
static struct message2_field *
message2_lookup(const struct message2_message *msg, const char *name,
                size_t name_len)
{
	uint32_t bucket = bm__hash_name(name, name_len) % MESSAGE2_HASH_TABLE_SIZE;
	struct message2_field *field = msg->table[bucket];
	while (field != NULL) {
		if (field->name_len == name_len &&
		    memcmp(field->name, name, name_len) == 0)
			return field;
		field = field->next;
	}
	return NULL;
}

/* HashInsert: at the head of the chain. */
static void
message2_hash_insert(struct message2_message *msg, struct message2_field *field)
{
	uint32_t bucket = field->hash % MESSAGE2_HASH_TABLE_SIZE;
	field->next = msg->table[bucket];
	msg->table[bucket] = field;
}

/* Records a change of content of `growth` flattened bytes. */
static void
message2_changed(struct message2_message *msg, size_t growth)
{
	msg->bytes_held += growth;
	msg->flattened_size = -1;
}

/* Adds one item to an existing field. Unchanged on failure. */
static int
message2_field_add(struct message2_message *msg, struct message2_field *field,
                   bm_type_code type, const void *data, size_t size)
{
	if (field->type != type)
		return BM_BAD_TYPE;
	bool fixed = message2_field_fixed(field);
	if (fixed && size != field->item_size)
		return BM_BAD_VALUE;
	if (field->count >= BM_COUNT_MAX)
		return BM_TOO_LARGE;
	size_t chunk = message2_chunk_size(fixed, size);
	if (chunk > BM_FLAT_MAX - msg->bytes_held)
		return BM_TOO_LARGE;
	int rc;
	if (!fixed && (rc = message2_list_reserve(field->offsets)) != BM_OK)
		return rc;
	rc = message2_buffer_reserve(&field->buffer, field->buffer.length + chunk);
	if (rc != BM_OK)
		return rc;
	message2_field_append(field, data, size);
	message2_changed(msg, chunk);
	return BM_OK;
}

/* Creates a field holding one item. Allocations in the order of 2005:
 * the field, the field list's next block, fOffsets, the buffer. Nothing is
 * linked in before all of them succeeded. */
static int
message2_field_create(struct message2_message *msg, const char *name,
                      size_t name_len, bm_type_code type, const void *data,
                      size_t size, bool fixed)
{
	if (msg->fields.count >= (size_t)BM_COUNT_MAX)
		return BM_TOO_LARGE;
	size_t chunk = message2_chunk_size(fixed, size);
	size_t growth = message2_record_header_size(name_len) + chunk;
	if (growth > BM_FLAT_MAX - msg->bytes_held)
		return BM_TOO_LARGE;
	struct message2_field *field =
		message2_field_new(name, name_len, bm__hash_name(name, name_len), type,
		                   fixed, size);
	if (field == NULL)
		return BM_NO_MEMORY;
	int rc = message2_list_reserve(&msg->fields);
	if (rc == BM_OK && !fixed) {
		field->offsets = message2_list_new(MESSAGE2_LIST_BLOCK);
		if (field->offsets == NULL)
			rc = BM_NO_MEMORY;
	}
	if (rc == BM_OK)
		rc = message2_buffer_reserve(&field->buffer, chunk);
	if (rc != BM_OK) {
		message2_field_delete(field);
		return rc;
	}
	message2_field_append(field, data, size);
	message2_list_append(&msg->fields, field);
	message2_hash_insert(msg, field);
	message2_changed(msg, growth);
	return BM_OK;
}

/* --- Slots ------------------------------------------------------------------------ */

static int
message2_create(bm_message **out)
{
	struct message2_message *msg = bm_malloc(sizeof *msg);
	if (msg == NULL)
		return BM_NO_MEMORY;
	*msg = (struct message2_message){.flattened_size = -1,
	                                 .bytes_held = MESSAGE2_EMPTY_SIZE};
	if (message2_list_init(&msg->fields, MESSAGE2_LIST_BLOCK) != BM_OK)
		goto fail_message;
	msg->table = bm_malloc(MESSAGE2_HASH_TABLE_SIZE * sizeof *msg->table);
	if (msg->table == NULL)
		goto fail_list;
	for (size_t i = 0; i < MESSAGE2_HASH_TABLE_SIZE; i++)
		msg->table[i] = NULL;
	*out = &msg->base;
	return BM_OK;

fail_list:
	bm_free(msg->fields.items);
fail_message:
	bm_free(msg);
	return BM_NO_MEMORY;
}

static void
message2_delete_fields(struct message2_message *msg)
{
	for (size_t i = 0; i < msg->fields.count; i++)
		message2_field_delete(msg->fields.items[i]);
}

static void
message2_destroy(bm_message *base)
{
	struct message2_message *msg = message2_from(base);
	message2_delete_fields(msg);
	bm_free(msg->fields.items);
	bm_free(msg->table);
	bm_free(msg);
}

static void
message2_make_empty(bm_message *base)
{
	struct message2_message *msg = message2_from(base);
	message2_delete_fields(msg);
	message2_list_make_empty(&msg->fields);
	for (size_t i = 0; i < MESSAGE2_HASH_TABLE_SIZE; i++)
		msg->table[i] = NULL;
	msg->flattened_size = -1;
	msg->bytes_held = MESSAGE2_EMPTY_SIZE;
}

static int
message2_add_data(bm_message *base, const char *name, size_t name_len,
                  bm_type_code type, const void *data, size_t size,
                  bool fixed_size)
{
	struct message2_message *msg = message2_from(base);
	struct message2_field *field = message2_lookup(msg, name, name_len);
	if (field != NULL)
		return message2_field_add(msg, field, type, data, size);
	return message2_field_create(msg, name, name_len, type, data, size,
	                             fixed_size);
}

static int
message2_find_data(const bm_message *base, const char *name, size_t name_len,
                   bm_type_code type, int32_t index, const void **data,
                   size_t *size)
{
	const struct message2_message *msg = message2_from_const(base);
	const struct message2_field *field = message2_lookup(msg, name, name_len);
	if (field == NULL)
		return BM_NAME_NOT_FOUND;
	if (type != BM_ANY_TYPE && type != field->type)
		return BM_BAD_TYPE;
	if (index < 0 || index >= field->count)
		return BM_BAD_INDEX;
	const uint8_t *bytes = field->buffer.bytes;
	if (message2_field_fixed(field)) {
		*data = bytes + (size_t)index * field->item_size;
		*size = field->item_size;
	} else {
		size_t offset = (size_t)(uintptr_t)field->offsets->items[index];
		*size = bm__load32(bytes + offset);
		*data = bytes + offset + 4;
	}
	return BM_OK;
}

static void
message2_info(const struct message2_field *field, struct bm_field_info *info)
{
	info->name = field->name;
	info->name_len = field->name_len;
	info->type = field->type;
	info->count = field->count;
	info->fixed_size = message2_field_fixed(field);
}

static int
message2_get_info(const bm_message *base, const char *name, size_t name_len,
                  struct bm_field_info *info)
{
	const struct message2_field *field =
		message2_lookup(message2_from_const(base), name, name_len);
	if (field == NULL)
		return BM_NAME_NOT_FOUND;
	message2_info(field, info);
	return BM_OK;
}

static int
message2_field_at(const bm_message *base, int32_t index,
                  struct bm_field_info *info)
{
	const struct message2_message *msg = message2_from_const(base);
	if (index < 0 || (size_t)index >= msg->fields.count)
		return BM_BAD_INDEX;
	message2_info(msg->fields.items[index], info);
	return BM_OK;
}

static int32_t
message2_count_fields(const bm_message *base)
{
	return (int32_t)message2_from_const(base)->fields.count;
}

/* FlattenedSize(): the cache, or a walk over the fields that refills it. */
static int
message2_flattened_size(bm_message *base, size_t *size)
{
	struct message2_message *msg = message2_from(base);
	if (msg->flattened_size < 0) {
		size_t total = MESSAGE2_EMPTY_SIZE;
		for (size_t i = 0; i < msg->fields.count; i++) {
			const struct message2_field *field = msg->fields.items[i];
			total += message2_record_header_size(field->name_len) +
			         field->buffer.length;
		}
		msg->flattened_size = (int64_t)total;
	}
	if ((uint64_t)msg->flattened_size > BM_FLAT_MAX)
		return BM_TOO_LARGE;
	*size = (size_t)msg->flattened_size;
	return BM_OK;
}

static int
message2_flatten(bm_message *base, void *buffer, size_t capacity)
{
	struct message2_message *msg = message2_from(base);
	size_t size;
	int rc = message2_flattened_size(base, &size);
	if (rc != BM_OK)
		return rc;
	if (capacity < size)
		return BM_BUFFER_TOO_SMALL;
	uint8_t *out = buffer;
	bm__r5_write_header(out, (uint32_t)size, msg->base.what,
	                    MESSAGE2_HEADER_FLAGS);
	out += BM_R5_HEADER_SIZE;
	for (size_t i = 0; i < msg->fields.count; i++) {
		const struct message2_field *field = msg->fields.items[i];
		out = bm__r5_write_record_header(out, field->flags, field->type,
		                                 (uint32_t)field->count,
		                                 (uint32_t)field->buffer.length,
		                                 field->name, field->name_len);
		memcpy(out, field->buffer.bytes, field->buffer.length);
		out += field->buffer.length;
	}
	*out = 0; /* MSG_LAST_ENTRY */
	return BM_OK;
}

/*
 * Builds a field from a record checked by bm__r5_next: one copy of its data
 * into the field buffer, then, for a variable field, one walk over the copy
 * that collects the item offsets and zeroes the padding.
 */
static int
message2_field_from_record(struct message2_message *msg,
                           const struct bm__r5_record *record, uint32_t hash)
{
	bool fixed = (record->flags & BM_R5_FIELD_FIXED) != 0;
	size_t data_size = record->data_size;
	size_t count = record->count;
	if (msg->fields.count >= (size_t)BM_COUNT_MAX)
		return BM_TOO_LARGE;
	size_t growth = message2_record_header_size(record->name_len) + data_size;
	if (growth > BM_FLAT_MAX - msg->bytes_held)
		return BM_TOO_LARGE;
	struct message2_field *field =
		message2_field_new(record->name, record->name_len, hash, record->type,
		                   fixed, fixed ? data_size / count : 0);
	if (field == NULL)
		return BM_NO_MEMORY;
	int rc = message2_list_reserve(&msg->fields);
	if (rc == BM_OK && !fixed) {
		field->offsets = message2_list_new(count);
		if (field->offsets == NULL)
			rc = BM_NO_MEMORY;
	}
	if (rc == BM_OK)
		rc = message2_buffer_reserve(&field->buffer, data_size);
	if (rc != BM_OK) {
		message2_field_delete(field);
		return rc;
	}
	uint8_t *bytes = field->buffer.bytes;
	memcpy(bytes, record->data, data_size);
	field->buffer.length = data_size;
	field->count = (int32_t)count;
	if (!fixed) {
		const uint8_t *chunk = bytes;
		for (size_t i = 0; i < count; i++) {
			const uint8_t *item;
			size_t item_size;
			size_t offset = (size_t)(chunk - bytes);
			message2_list_append(field->offsets, (void *)(uintptr_t)offset);
			chunk = bm__r5_next_chunk(chunk, false, &item, &item_size);
			size_t pad = offset + 4 + item_size;
			memset(bytes + pad, 0, (size_t)(chunk - bytes) - pad);
		}
	}
	message2_list_append(&msg->fields, field);
	message2_hash_insert(msg, field);
	message2_changed(msg, growth);
	return BM_OK;
}

/* A second record with a name already read: its items go through the add
 * path, one by one, as the shared decoder's bm_decode_into would add them.
 * Items the add path refuses (another type, another fixed size) make the
 * input malformed: BM_BAD_VALUE, as the unflatten contract words it. */
static int
message2_merge_record(struct message2_message *msg,
                      struct message2_field *field,
                      const struct bm__r5_record *record)
{
	int rc = BM_OK;
	if (record->flags & BM_R5_FIELD_FIXED) {
		size_t item_size = record->data_size / record->count;
		for (uint32_t i = 0; i < record->count && rc == BM_OK; i++)
			rc = message2_field_add(msg, field, record->type,
			                        record->data + (size_t)i * item_size,
			                        item_size);
	} else {
		const uint8_t *chunk = record->data;
		for (uint32_t i = 0; i < record->count && rc == BM_OK; i++) {
			const uint8_t *item;
			size_t item_size;
			chunk = bm__r5_next_chunk(chunk, false, &item, &item_size);
			rc = message2_field_add(msg, field, record->type, item,
			                        item_size);
		}
	}
	return rc == BM_BAD_TYPE ? BM_BAD_VALUE : rc;
}

/* The fewest bytes a FOB1 record takes (flags, type, MINI size, name
 * length, one byte of name and one of data), to size the filter of names
 * read so far (bm__seen_names in wire.h). */
#define MESSAGE2_MIN_RECORD 9

/* The field already read under this name, if any: the chain walk, with
 * the stored hashes compared before the names. */
static struct message2_field *
message2_already_read(const struct message2_message *msg, const char *name,
                      size_t name_len, uint32_t hash)
{
	struct message2_field *field = msg->table[hash % MESSAGE2_HASH_TABLE_SIZE];
	while (field != NULL) {
		if (field->hash == hash && field->name_len == name_len &&
		    memcmp(field->name, name, name_len) == 0)
			return field;
		field = field->next;
	}
	return NULL;
}

static int
message2_unflatten(bm_message *base, const void *data, size_t size)
{
	struct message2_message *msg = message2_from(base);
	struct bm__r5_reader reader;
	int rc = bm__r5_open_native(&reader, data, size, BM__R5_CHECK_ALL);
	if (rc != BM_OK)
		return rc;
	/* Message2's Unflatten inserted every record without looking (it
	 * trusted its input); on foreign input we must keep names unique, and
	 * a chain walk for every record would cost as much as the rest of
	 * Unflatten for big messages, so a filter says which records may
	 * repeat a name. */
	struct bm__seen_names seen;
	bm__seen_init(&seen, reader.flat_size / MESSAGE2_MIN_RECORD);
	struct bm__r5_record record;
	while ((rc = bm__r5_next(&reader, &record)) == 1) {
		uint32_t hash = bm__hash_name(record.name, record.name_len);
		struct message2_field *field = NULL;
		if (bm__seen_mark(&seen, hash))
			field = message2_already_read(msg, record.name, record.name_len,
			                              hash);
		if (field == NULL)
			rc = message2_field_from_record(msg, &record, hash);
		else
			rc = message2_merge_record(msg, field, &record);
		if (rc != BM_OK)
			break;
	}
	bm__seen_free(&seen);
	if (rc != BM_OK) {
		message2_make_empty(base);
		return rc;
	}
	msg->base.what = reader.what;
	return BM_OK;
}

const struct bm_ops bm_message2_ops = {
	.version = 2,
	.name = "Message2",
	.summary = "Haiku 2005: field list + 100-bucket hash, per-field R5-layout "
	           "buffer grown in 256-byte blocks; FOB1 without MINI/SINGLE",
	.native_format = BM_FORMAT_R5,

	/* Lifetime */
	.create = message2_create,
	.destroy = message2_destroy,
	.make_empty = message2_make_empty,

	/* Content */
	.add_data = message2_add_data,
	.find_data = message2_find_data,
	.get_info = message2_get_info,
	.field_at = message2_field_at,
	.count_fields = message2_count_fields,

	/* Flat form */
	.flattened_size = message2_flattened_size,
	.flatten = message2_flatten,
	.unflatten = message2_unflatten,

	/* What it is (version 2) */
	.kind = BM_KIND_HAIKU_2005,
	.decoded_formats = BM_DECODER_FORMATS,
	.repeated_names = BM_REPEATED_MERGE,
};
