/*
 * message2.c - Message2: the Haiku BMessage body of summer 2005, final at
 * 54ca2a11db ("Moving towards more flat buffering").
 * impl/README.md §2.3 describes the design in full; this comment names its
 * sources and its deliberate choices.
 *
 * Sources: haiku/haiku:src/kits/app/Message2.cpp, MessageBody2.cpp,
 * MessageField2.cpp, headers/private/app/MessageBody2.h and MessageField2.h
 * at 85b31e1b69^; BList from src/kits/support/List.cpp (default block of
 * 20) and BMallocIO from src/kits/support/DataIO.cpp (block of 256).
 *
 * Deliberate choices:
 * - BList and BMallocIO::SetSize as 2005 had them: linear growth in whole
 *   blocks, and a realloc on almost every add (SetSize compares the length,
 *   not the rounded size).
 * - The stream's virtual calls are a table of function pointers, and the
 *   code compiled apart in 2005 stays out of line.
 * - Message and body are one block; the hash table is its own.
 * - Names are kept whole up to 255 bytes (2005 cut them to 254).
 * - Fixed or variable is decided when a field is created; SetFixedSize's
 *   turning a variable field fixed is not reproduced.
 * - Unflatten reads every record through the shared FOB1 reader (2005's
 *   fast path mis-read MINI and SINGLE records) and collects the item
 *   offsets that 2005 never rebuilt, as the built original's fix 3 does.
 * - A running flattened size serves only the limits.
 */
#include "alloc.h"
#include "descriptor.h"
#include "fob1.h"
#include "names.h"
#include "status.h"

#include <stdint.h>
#include <string.h>

/*
 * The calls of 2005 stay calls: the functions that stand for code compiled
 * apart from MessageBody2.cpp (BList in List.cpp and BMallocIO in
 * DataIO.cpp, libbe's support kit; BMessageField's AddItem, FlatResize,
 * SetFixedSize and BufferAt in MessageField2.cpp) are kept out of line, so that each costs the call
 * and, with its length a parameter, the library memcpy it made, instead of
 * being folded into its caller. Not a delay: the same work, the same
 * calls.
 */
#if defined(__GNUC__) && !defined(__clang__)
#define MESSAGE2_CALL __attribute__((noinline, noclone))
#elif defined(__GNUC__)
#define MESSAGE2_CALL __attribute__((noinline))
#else
#define MESSAGE2_CALL
#endif

#define MESSAGE2_HASH_TABLE_SIZE 100 /* fFieldTableSize */
#define MESSAGE2_LIST_BLOCK 20       /* BList's default block, in slots */
#define MESSAGE2_BUFFER_BLOCK 256    /* BMallocIO's block size, in bytes */
/* Header::ReadFrom(const BMessage &) sets MSG_FLAG_BIG_ENDIAN (0x01)
 * under `#ifdef B_HOST_IS_BENDIAN`, and ByteOrder.h defines that macro on
 * every host (to 0 on little-endian ones): the 2005 Message2 writes 0x01
 * on x86 too. */
#define MESSAGE2_HEADER_FLAGS 0x01
/* What Unflatten asks the shared reader to check besides memory safety:
 * nothing (Message2's reader checked no record); a variable field's items
 * are checked by the walk that collects their offsets. */
#define MESSAGE2_CHECKS 0u

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

/* BList::AddItem(void *): Resize by a block when full, then the item. The
 * list is unchanged on failure. */
static MESSAGE2_CALL int
message2_list_add_item(struct message2_list *list, void *item)
{
	int rc = message2_list_reserve(list);
	if (rc == BM_OK)
		message2_list_append(list, item);
	return rc;
}

/* BList::ItemAt: NULL past the end. */
static MESSAGE2_CALL void *
message2_list_item_at(const struct message2_list *list, size_t index)
{
	return index < list->count ? list->items[index] : NULL;
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
	size_t length;   /* fLength */
	size_t capacity; /* fMallocSize: a multiple of MESSAGE2_BUFFER_BLOCK;
	                  * bytes past length are zero */
};

/*
 * BMallocIO::SetSize (src/kits/support/DataIO.cpp): 0 frees the block;
 * any other length is rounded up to the block size and, unless it equals
 * the allocated size exactly, realloc'd to that rounded size (the 2005
 * code compares the length, not the rounded size, with fMallocSize, so it
 * calls realloc on almost every add, mostly to the block it already has);
 * bytes the block gains are zeroed. Unchanged on failure. `length` is at
 * most BM_FLAT_MAX, so rounding cannot overflow.
 */
static MESSAGE2_CALL int
message2_buffer_set_size(struct message2_buffer *buffer, size_t length)
{
	if (length == 0) {
		bm_free(buffer->bytes);
		buffer->bytes = NULL;
		buffer->capacity = 0;
	} else if (length != buffer->capacity) {
		size_t capacity = (length + MESSAGE2_BUFFER_BLOCK - 1) /
		                  MESSAGE2_BUFFER_BLOCK * MESSAGE2_BUFFER_BLOCK;
		uint8_t *bytes = bm_realloc(buffer->bytes, capacity);
		if (bytes == NULL)
			return BM_NO_MEMORY;
		if (capacity > buffer->capacity)
			memset(bytes + buffer->capacity, 0,
			       capacity - buffer->capacity);
		buffer->bytes = bytes;
		buffer->capacity = capacity;
	}
	buffer->length = length;
	return BM_OK;
}

/* BMallocIO::ReadAt: up to `size` bytes from `offset`, fewer past the end;
 * returns how many it copied. */
static MESSAGE2_CALL size_t
message2_buffer_read_at(const struct message2_buffer *buffer, size_t offset,
                        void *out, size_t size)
{
	if (offset >= buffer->length)
		return 0;
	if (size > buffer->length - offset)
		size = buffer->length - offset;
	memcpy(out, buffer->bytes + offset, size);
	return size;
}

/* BMallocIO::Buffer() and BufferLength(), which were calls too. */
static MESSAGE2_CALL uint8_t *
message2_buffer_bytes(const struct message2_buffer *buffer)
{
	return buffer->bytes;
}

static MESSAGE2_CALL size_t
message2_buffer_length(const struct message2_buffer *buffer)
{
	return buffer->length;
}

/* BMallocIO::WriteAt: the buffer grown (SetSize) if the bytes would pass
 * its allocated size, then the copy; the length covers them. */
static MESSAGE2_CALL int
message2_buffer_write_at(struct message2_buffer *buffer, size_t offset,
                         const void *data, size_t size)
{
	size_t length = offset + size > buffer->length ? offset + size
	                                               : buffer->length;
	if (length > buffer->capacity) {
		int rc = message2_buffer_set_size(buffer, length);
		if (rc != BM_OK)
			return rc;
	}
	memcpy(buffer->bytes + offset, data, size);
	if (offset + size > buffer->length)
		buffer->length = offset + size;
	return BM_OK;
}

/* --- BMemoryIO ---------------------------------------------------------------- */

/*
 * Flatten and Unflatten go through a BDataIO, as Message2.cpp's do: a
 * BMemoryIO over the caller's bytes (src/kits/support/DataIO.cpp), whose
 * virtual functions are calls through this table. Read and Write are
 * BPositionIO's: Position(), then ReadAt/WriteAt, then Seek(SEEK_CUR), each
 * a virtual call again. Positions are int64_t, as off_t was.
 */
struct message2_io;

struct message2_io_vtable {
	int64_t (*read)(struct message2_io *io, void *out, size_t size);
	int64_t (*write)(struct message2_io *io, const void *data, size_t size);
	int64_t (*read_at)(struct message2_io *io, int64_t position, void *out,
	                   size_t size);
	int64_t (*write_at)(struct message2_io *io, int64_t position,
	                    const void *data, size_t size);
	int64_t (*seek)(struct message2_io *io, int64_t position);
	int64_t (*position)(const struct message2_io *io);
};

struct message2_io {
	const struct message2_io_vtable *vtable;
	bool read_only;  /* fReadOnly: made from const bytes */
	uint8_t *bytes;  /* fBuf */
	int64_t length;  /* fLen */
	int64_t room;    /* fPhys */
	int64_t at;      /* fPos */
};

/* BPositionIO::Read */
static int64_t
message2_io_read(struct message2_io *io, void *out, size_t size)
{
	int64_t at = io->vtable->position(io);
	int64_t result = io->vtable->read_at(io, at, out, size);
	if (result > 0)
		io->vtable->seek(io, result);
	return result;
}

/* BPositionIO::Write */
static int64_t
message2_io_write(struct message2_io *io, const void *data, size_t size)
{
	int64_t at = io->vtable->position(io);
	int64_t result = io->vtable->write_at(io, at, data, size);
	if (result > 0)
		io->vtable->seek(io, result);
	return result;
}

/* BMemoryIO::ReadAt */
static int64_t
message2_io_read_at(struct message2_io *io, int64_t position, void *out,
                    size_t size)
{
	if (out == NULL || position < 0)
		return BM_BAD_VALUE;
	int64_t done = 0;
	if (position < io->length) {
		done = io->length - position;
		if ((uint64_t)done > size)
			done = (int64_t)size;
		memcpy(out, io->bytes + position, (size_t)done);
	}
	return done;
}

/* BMemoryIO::WriteAt */
static int64_t
message2_io_write_at(struct message2_io *io, int64_t position,
                     const void *data, size_t size)
{
	if (io->read_only)
		return BM_BAD_VALUE; /* B_NOT_ALLOWED */
	if (data == NULL || position < 0)
		return BM_BAD_VALUE;
	int64_t done = 0;
	if (position < io->room) {
		done = io->room - position;
		if ((uint64_t)done > size)
			done = (int64_t)size;
		memcpy(io->bytes + position, data, (size_t)done);
	}
	if (position + done > io->length)
		io->length = position + done;
	return done;
}

/* BMemoryIO::Seek(position, SEEK_CUR), the only mode used here */
static int64_t
message2_io_seek(struct message2_io *io, int64_t position)
{
	io->at += position;
	return io->at;
}

/* BMemoryIO::Position */
static int64_t
message2_io_position(const struct message2_io *io)
{
	return io->at;
}

static const struct message2_io_vtable message2_memory_io = {
	.read = message2_io_read,
	.write = message2_io_write,
	.read_at = message2_io_read_at,
	.write_at = message2_io_write_at,
	.seek = message2_io_seek,
	.position = message2_io_position,
};

/* The vtable pointer a BMemoryIO is constructed with. It is read through a
 * volatile object, as a C++ compiler reads the vtable pointer of an object
 * it cannot see the construction of (BMemoryIO lives in DataIO.cpp): so
 * the calls stay indirect calls instead of being resolved at compile time
 * (the suite's own harness calls its Floor's memcpy the same way). */
static const struct message2_io_vtable *const volatile message2_io_class =
	&message2_memory_io;

/* BMemoryIO(void *, size_t) and BMemoryIO(const void *, size_t). */
static void
message2_io_init(struct message2_io *io, void *bytes, size_t size,
                 bool read_only)
{
	io->vtable = message2_io_class;
	io->read_only = read_only;
	io->bytes = bytes;
	io->length = (int64_t)size;
	io->room = (int64_t)size;
	io->at = 0;
}

/* write_helper (MessageUtils2.h): a Write whose error ends the flatten. */
static int
message2_write(struct message2_io *io, const void *data, size_t size)
{
	int64_t rc = io->vtable->write(io, data, size);
	return rc < 0 ? (int)rc : BM_OK;
}

/* TReadHelper::operator() (MessageUtils2.h): a Read whose error ends the
 * unflatten. */
static int
message2_read(struct message2_io *io, void *out, size_t size)
{
	int64_t rc = io->vtable->read(io, out, size);
	return rc < 0 ? (int)rc : BM_OK;
}

/* --- Fields ----------------------------------------------------------------- */

struct message2_field {
	struct message2_field *next;   /* fNext: the hash chain */
	bm_type_code type;
	int32_t count;
	uint8_t flags;                 /* BM_R5_FIELD_VALID | _FIXED */
	uint8_t name_len;              /* 1..255 */
	uint32_t hash;                 /* the name's hash, for HashInsert */
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

/* BMessageField::FlatResize(offset, 0, newLength), as AddItem calls it:
 * the buffer set to its length plus the item's bytes (SetSize); the item
 * goes at the end (offset == BufferLength(), "the easy case for adds"),
 * so nothing moves (our API replaces and removes no items). */
static MESSAGE2_CALL int
message2_field_flat_resize(struct message2_field *field, size_t offset,
                           size_t new_length)
{
	size_t length = message2_buffer_length(&field->buffer);
	int rc = BM_OK;
	if (new_length > 0)
		rc = message2_buffer_set_size(&field->buffer, length + new_length);
	(void)offset; /* == length */
	return rc;
}

/*
 * BMessageField::AddItem(length): room for one more item at the end of the
 * buffer, its address in *at (BMessage::AddData then copies the value
 * there). A fixed item: the buffer set to its new length (SetSize). A
 * variable item: its offset into fOffsets (BList::AddItem), the buffer set
 * to its new length (FlatResize, SetSize; the padding is already zero:
 * SetSize zeroes what a block gains, and nothing past the length is ever
 * written), the item's size written before it (WriteAt). Unchanged on
 * failure.
 */
static MESSAGE2_CALL int
message2_field_add_item(struct message2_field *field, size_t size, void **at)
{
	size_t offset = message2_buffer_length(&field->buffer);
	int rc;
	if (message2_field_fixed(field)) {
		rc = message2_buffer_set_size(&field->buffer, offset + size);
		if (rc != BM_OK)
			return rc;
		*at = message2_buffer_bytes(&field->buffer) + offset;
	} else {
		rc = message2_list_add_item(field->offsets, (void *)(uintptr_t)offset);
		if (rc != BM_OK)
			return rc;
		rc = message2_field_flat_resize(field, offset,
		                                bm__r5_var_item_size(size));
		if (rc != BM_OK) {
			field->offsets->count--;
			return rc;
		}
		uint32_t length = (uint32_t)size;
		rc = message2_buffer_write_at(&field->buffer, offset, &length,
		                              sizeof length);
		if (rc != BM_OK) {
			field->offsets->count--;
			return rc;
		}
		*at = message2_buffer_bytes(&field->buffer) + offset + sizeof length;
	}
	field->count++;
	return BM_OK;
}

/* BMessageField::SetFixedSize, which BMessageBody::AddData calls for every
 * fixed item: a field that holds items takes only items of its size. */
static MESSAGE2_CALL int
message2_field_set_fixed_size(struct message2_field *field, size_t size)
{
	if (field->count > 0 && size != field->item_size)
		return BM_BAD_VALUE;
	field->item_size = size;
	return BM_OK;
}

/* BMessageField::BufferAt: a fixed item by its index, a variable one by its
 * offset (BList::ItemAt) and the size word before it (ReadAt). */
static MESSAGE2_CALL const void *
message2_field_buffer_at(const struct message2_field *field, int32_t index,
                         size_t *size)
{
	if (message2_field_fixed(field)) {
		*size = field->item_size;
		return message2_buffer_bytes(&field->buffer) +
		       (size_t)index * field->item_size;
	}
	size_t offset = (size_t)(uintptr_t)message2_list_item_at(field->offsets,
	                                                         (size_t)index);
	uint32_t length = 0;
	message2_buffer_read_at(&field->buffer, offset, &length, sizeof length);
	*size = length;
	return message2_buffer_bytes(&field->buffer) + offset + sizeof length;
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
message2_cast(bm_message *base)
{
	return (struct message2_message *)base;
}

static const struct message2_message *
message2_cast_const(const bm_message *base)
{
	return (const struct message2_message *)base;
}

/* HashLookup: every field along the chain has its name compared, as
 * strcmp did (a compare of the common length, then the lengths; the
 * stored hash is not used here: Message2 did not store it). */
static struct message2_field *
message2_lookup(const struct message2_message *msg, const char *name,
                size_t name_len)
{
	uint32_t bucket = bm__hash_name(name, name_len) % MESSAGE2_HASH_TABLE_SIZE;
	struct message2_field *field = msg->table[bucket];
	while (field != NULL) {
		size_t common = field->name_len < name_len ? field->name_len
		                                           : name_len;
		if (memcmp(field->name, name, common) == 0 &&
		    field->name_len == name_len)
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
	int rc;
	if (fixed && (rc = message2_field_set_fixed_size(field, size)) != BM_OK)
		return rc;
	if (field->count >= BM_COUNT_MAX)
		return BM_TOO_LARGE;
	size_t chunk = message2_chunk_size(fixed, size);
	if (chunk > BM_FLAT_MAX - msg->bytes_held)
		return BM_TOO_LARGE;
	void *at;
	rc = message2_field_add_item(field, size, &at);
	if (rc != BM_OK)
		return rc;
	memcpy(at, data, size);
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
	void *at = NULL;
	if (rc == BM_OK && fixed)
		rc = message2_field_set_fixed_size(field, size);
	if (rc == BM_OK)
		rc = message2_field_add_item(field, size, &at);
	if (rc != BM_OK) {
		message2_field_delete(field);
		return rc;
	}
	memcpy(at, data, size);
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
	struct message2_message *msg = message2_cast(base);
	message2_delete_fields(msg);
	bm_free(msg->fields.items);
	bm_free(msg->table);
	bm_free(msg);
}

static void
message2_make_empty(bm_message *base)
{
	struct message2_message *msg = message2_cast(base);
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
	struct message2_message *msg = message2_cast(base);
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
	const struct message2_message *msg = message2_cast_const(base);
	const struct message2_field *field = message2_lookup(msg, name, name_len);
	if (field == NULL)
		return BM_NAME_NOT_FOUND;
	if (type != BM_ANY_TYPE && type != field->type)
		return BM_BAD_TYPE;
	if (index < 0 || index >= field->count)
		return BM_BAD_INDEX;
	*data = message2_field_buffer_at(field, index, size);
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
		message2_lookup(message2_cast_const(base), name, name_len);
	if (field == NULL)
		return BM_NAME_NOT_FOUND;
	message2_info(field, info);
	return BM_OK;
}

static int
message2_field_at(const bm_message *base, int32_t index,
                  struct bm_field_info *info)
{
	const struct message2_message *msg = message2_cast_const(base);
	if (index < 0 || (size_t)index >= msg->fields.count)
		return BM_BAD_INDEX;
	const struct message2_field *field = msg->fields.items[index];
	/* Unflatten keeps a record's name as read; the API's names hold no
	 * NUL, so iteration refuses one that does (a find by it cannot reach
	 * it). */
	if (memchr(field->name, '\0', field->name_len) != NULL)
		return BM_BAD_DATA;
	message2_info(field, info);
	return BM_OK;
}

static int32_t
message2_count_fields(const bm_message *base)
{
	return (int32_t)message2_cast_const(base)->fields.count;
}

/* FlattenedSize(): the cache, or a walk over the fields that refills it. */
static int
message2_flattened_size(bm_message *base, size_t *size)
{
	struct message2_message *msg = message2_cast(base);
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

/* --- The flat form ------------------------------------------------------------ */

/* BMessage::Header of Message2.cpp: what Flatten writes and Unflatten
 * reads before the fields. Our messages have no target and no reply, so
 * fTargetToken is B_NULL_TOKEN and the reply port -1, and the header is
 * always the 17 bytes of min_hdr_size(). */
struct message2_header {
	uint32_t magic;       /* fMagic */
	int32_t body_size;    /* fBodySize */
	uint32_t what;        /* fWhat */
	uint8_t flags;        /* fFlags */
	int32_t target;       /* fTargetToken */
	int32_t reply_port;   /* fReplyPort */
	int32_t reply_token;  /* fReplyToken */
	int32_t reply_team;   /* fReplyTeam */
};

#define MESSAGE2_NULL_TOKEN (-1)  /* B_NULL_TOKEN */
#define MESSAGE2_HEADER_MAX 38    /* MSG_HEADER_MAX_SIZE */

/* Header::CalculateHeaderSize */
static size_t
message2_header_size(const struct message2_header *header)
{
	size_t size = BM_R5_HEADER_SIZE;
	if (header->target != MESSAGE2_NULL_TOKEN)
		size += 4;
	if (header->reply_port >= 0 && header->reply_token != MESSAGE2_NULL_TOKEN &&
	    header->reply_team >= 0)
		size += 16;
	return size;
}

/* Header::WriteTo(BDataIO &, bool): the five header words, one Write
 * each; with `checksum`, the checksum comes from a first pass over a copy
 * (CalculateCheckSum). The target and reply parts are never set here. */
static int message2_header_checksum(const struct message2_header *header,
                                    uint32_t *sum);

static int
message2_header_write(const struct message2_header *header,
                      struct message2_io *io, bool checksum)
{
	uint32_t word = header->magic;
	int rc = message2_write(io, &word, sizeof word);
	if (rc == BM_OK && checksum)
		rc = message2_header_checksum(header, &word);
	else
		word = 0;
	if (rc == BM_OK)
		rc = message2_write(io, &word, sizeof word);
	word = (uint32_t)(message2_header_size(header) + (size_t)header->body_size);
	if (rc == BM_OK)
		rc = message2_write(io, &word, sizeof word);
	if (rc == BM_OK)
		rc = message2_write(io, &header->what, sizeof header->what);
	if (rc == BM_OK)
		rc = message2_write(io, &header->flags, sizeof header->flags);
	return rc;
}

/* Header::CalculateCheckSum: the header written once more, without its
 * checksum, into a BMemoryIO on the stack, then _checksum_ over it from
 * byte 8 (impl/README.md §5.4). */
static int
message2_header_checksum(const struct message2_header *header, uint32_t *sum)
{
	uint8_t scratch[MESSAGE2_HEADER_MAX];
	struct message2_io io;
	message2_io_init(&io, scratch, sizeof scratch, false);
	int rc = message2_header_write(header, &io, false);
	if (rc != BM_OK)
		return rc;
	int64_t size = io.vtable->position(&io);
	*sum = bm__r5_checksum(scratch + 8, (size_t)size - 8);
	return BM_OK;
}

/* BMessage::Flatten(char *, ssize_t), i.e. real_flatten: a BMemoryIO over
 * the buffer, Header(*this) (which asks the body its FlattenedSize, cached
 * by then), Header::WriteTo, then BMessageBody::Flatten: per field one
 * Write of its record header and one of its buffer, then the terminator. */
static int
message2_flatten(bm_message *base, void *buffer, size_t capacity)
{
	struct message2_message *msg = message2_cast(base);
	size_t size;
	int rc = message2_flattened_size(base, &size);
	if (rc != BM_OK)
		return rc;
	if (capacity < size)
		return BM_BUFFER_TOO_SMALL;
	struct message2_io io;
	message2_io_init(&io, buffer, size, false);
	/* Header::ReadFrom(const BMessage &) */
	size_t body;
	rc = message2_flattened_size(base, &body);
	if (rc != BM_OK)
		return rc;
	struct message2_header header = {
		.magic = BM_R5_MAGIC,
		.body_size = (int32_t)(body - BM_R5_HEADER_SIZE),
		.what = msg->base.what,
		.flags = MESSAGE2_HEADER_FLAGS,
		.target = MESSAGE2_NULL_TOKEN,
		.reply_port = -1,
		.reply_token = MESSAGE2_NULL_TOKEN,
		.reply_team = -1,
	};
	rc = message2_header_write(&header, &io, true);
	/* BMessageField::Flatten: the FieldHeader (flags, type, count, size,
	 * name length, name) in one Write, which Message2 kept flat in the
	 * field; ours is put together here first. */
	uint8_t record[BM_R5_HEADER_SIZE + BM_NAME_MAX];
	for (size_t i = 0; i < msg->fields.count && rc == BM_OK; i++) {
		const struct message2_field *field = msg->fields.items[i];
		uint8_t *end = bm__r5_write_record_header(
			record, field->flags, field->type, (uint32_t)field->count,
			(uint32_t)field->buffer.length, field->name, field->name_len);
		rc = message2_write(&io, record, (size_t)(end - record));
		if (rc == BM_OK)
			rc = message2_write(&io, message2_buffer_bytes(&field->buffer),
			                    field->buffer.length);
	}
	uint8_t last = 0; /* MSG_LAST_ENTRY */
	if (rc == BM_OK)
		rc = message2_write(&io, &last, sizeof last);
	return rc;
}

/*
 * BMessageField(flags, stream), i.e. BMessageField::Unflatten, for a record
 * the shared reader found inside the message: the reads of its flags, its
 * header words and its name, the field buffer set to the data's size
 * (SetSize) and the data read into it; then, for a variable field, the
 * offsets of its items, one ReadAt of each item's size (the walk the
 * built original adds, impl/originals/README.md fix 3: BList::AddItem and
 * BMallocIO::ReadAt per item). That walk checks each item against the data
 * (memory safety: 2005 did not check). The padding is left as read, as
 * 2005 left it: a re-flatten carries the garbage padding of Be-written
 * files.
 */
static int
message2_field_read(struct message2_message *msg, struct message2_io *io,
                    const struct bm__r5_record *record, const uint8_t *data)
{
	bool fixed = (record->flags & BM_R5_FIELD_FIXED) != 0;
	size_t data_size = record->data_size;
	size_t count = record->count;
	if (msg->fields.count >= (size_t)BM_COUNT_MAX)
		return BM_TOO_LARGE;
	size_t growth = message2_record_header_size(record->name_len) + data_size;
	if (growth > BM_FLAT_MAX - msg->bytes_held)
		return BM_TOO_LARGE;
	struct message2_field *field = bm_malloc(sizeof *field);
	if (field == NULL)
		return BM_NO_MEMORY;
	*field = (struct message2_field){
		.type = record->type,
		.count = (int32_t)count,
		.flags = (uint8_t)(BM_R5_FIELD_VALID | (fixed ? BM_R5_FIELD_FIXED : 0)),
		.name_len = (uint8_t)record->name_len,
		/* fItemSize = dataSize / count, whole or not */
		.item_size = fixed ? data_size / count : 0,
	};
	/* The record's flags byte, its header words (flat or, from R5, MINI
	 * and SINGLE), its name. */
	uint8_t words[1 + 4 + 4 + 4 + 1];
	size_t start = (size_t)io->vtable->position(io);
	size_t head = (size_t)((const uint8_t *)record->name - data) - start;
	int rc = message2_read(io, words, 1);
	if (rc == BM_OK)
		rc = message2_read(io, words + 1, head - 1);
	if (rc == BM_OK)
		rc = message2_read(io, field->name, record->name_len);
	if (rc == BM_OK)
		rc = message2_list_reserve(&msg->fields);
	/* Every item takes at least 8 bytes: a count the data cannot hold
	 * would only size the offset list (BList(count)) past all reason. */
	if (rc == BM_OK && !fixed && count > data_size / 8)
		rc = BM_BAD_VALUE;
	/* A fixed item takes at least a byte: more items than bytes would
	 * make items of 0 bytes (data size / count), which the API has not. */
	if (rc == BM_OK && fixed && count > data_size)
		rc = BM_BAD_VALUE;
	if (rc == BM_OK && !fixed) {
		field->offsets = message2_list_new(count);
		if (field->offsets == NULL)
			rc = BM_NO_MEMORY;
	}
	if (rc == BM_OK)
		rc = message2_buffer_set_size(&field->buffer, data_size);
	if (rc == BM_OK)
		rc = message2_read(io, message2_buffer_bytes(&field->buffer),
		                   data_size);
	if (rc == BM_OK && !fixed) {
		size_t offset = 0;
		for (size_t i = 0; i < count && rc == BM_OK; i++) {
			rc = message2_list_add_item(field->offsets,
			                            (void *)(uintptr_t)offset);
			uint32_t length = 0;
			if (rc == BM_OK &&
			    (message2_buffer_read_at(&field->buffer, offset, &length,
			                             sizeof length) != sizeof length ||
			     length > data_size - offset - 4 ||
			     bm__r5_var_item_size(length) > data_size - offset))
				rc = BM_BAD_VALUE;
			offset += bm__r5_var_item_size(length);
		}
	}
	if (rc != BM_OK) {
		message2_field_delete(field);
		return rc;
	}
	field->hash = bm__hash_name(field->name, field->name_len);
	message2_list_append(&msg->fields, field);
	message2_hash_insert(msg, field);
	message2_changed(msg, growth);
	return BM_OK;
}

/*
 * BMessage::Unflatten(const char *) on FOB1: a BMemoryIO over the bytes,
 * the magic and Header::ReadFrom (one read per header word; the checksum
 * is the shared reader's, over the same bytes), Header::WriteTo(BMessage
 * &), which empties the message, then BMessageBody::Unflatten: a field per
 * record, each inserted at the head of its chain without looking for its
 * name (a repeated name keeps both fields; finds reach the last:
 * BM_REPEATED_KEEP_LAST), until the terminator's flags byte is read.
 */
static int
message2_unflatten(bm_message *base, const void *data, size_t size)
{
	struct message2_message *msg = message2_cast(base);
	struct bm__r5_reader reader;
	int rc = bm__r5_open_native(&reader, data, size, MESSAGE2_CHECKS);
	if (rc != BM_OK)
		return rc;
	struct message2_io io;
	message2_io_init(&io, (void *)(uintptr_t)data, reader.flat_size, true);
	struct message2_header header = {.target = MESSAGE2_NULL_TOKEN,
	                                 .reply_port = -1,
	                                 .reply_token = MESSAGE2_NULL_TOKEN,
	                                 .reply_team = -1};
	uint32_t checksum;
	int32_t flat_size;
	rc = message2_read(&io, &header.magic, sizeof header.magic);
	if (rc == BM_OK)
		rc = message2_read(&io, &checksum, sizeof checksum);
	if (rc == BM_OK)
		rc = message2_read(&io, &flat_size, sizeof flat_size);
	if (rc == BM_OK)
		rc = message2_read(&io, &header.what, sizeof header.what);
	if (rc == BM_OK)
		rc = message2_read(&io, &header.flags, sizeof header.flags);
	if (rc == BM_OK && (header.flags & BM_R5_MESSAGE_INCLUDE_TARGET))
		rc = message2_read(&io, &header.target, sizeof header.target);
	if (rc == BM_OK && (header.flags & BM_R5_MESSAGE_INCLUDE_REPLY)) {
		uint8_t big_flags[4];
		rc = message2_read(&io, &header.reply_port, sizeof header.reply_port);
		if (rc == BM_OK)
			rc = message2_read(&io, &header.reply_token,
			                   sizeof header.reply_token);
		if (rc == BM_OK)
			rc = message2_read(&io, &header.reply_team,
			                   sizeof header.reply_team);
		for (size_t i = 0; i < sizeof big_flags && rc == BM_OK; i++)
			rc = message2_read(&io, &big_flags[i], 1);
	}
	if (rc != BM_OK)
		return BM_NOT_A_MESSAGE;
	header.body_size = flat_size - (int32_t)message2_header_size(&header);
	message2_make_empty(base);
	struct bm__r5_record record;
	while ((rc = bm__r5_next(&reader, &record)) == 1) {
		rc = message2_field_read(msg, &io, &record, data);
		if (rc != BM_OK)
			break;
	}
	if (rc == 0) {
		uint8_t last; /* MSG_LAST_ENTRY */
		rc = message2_read(&io, &last, sizeof last);
	}
	if (rc != BM_OK) {
		message2_make_empty(base);
		return rc;
	}
	msg->base.what = header.what;
	return BM_OK;
}

const struct bm_ops bm_message2_ops = {
	.version = 2,
	.name = "Message2",
	.summary = "Haiku 2005: field list + 100-bucket hash, per-field R5-layout "
	           "buffer grown in 256-byte blocks; FOB1 without MINI/SINGLE",
	/* Unflatten checks no item but a variable field's, as it collects their
	 * offsets; names and fixed data are taken as they are. */
	.flags = BM_BACKEND_CHECKS_ON_READ,
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
	.repeated_names = BM_REPEATED_KEEP_LAST,
};
