/*
 * message3.c - "Message3": the third Haiku BMessage design of 2005, which
 * "operates purely on a flat buffer".
 * impl/README.md §2.4 describes the design in full; this comment names its
 * sources and its deliberate choices.
 *
 * Sources: haiku/haiku:src/kits/app/Message3.cpp, MessageBody3.cpp,
 * MessageField3.cpp, headers/private/app/MessageBody3.h, MessageField3.h
 * and MessageUtils3.h at 85b31e1b69^ (final at d35c42a0c9; the files are in
 * the 0083a1f3f5 tree that impl/originals builds as Message3-2005), with
 * src/kits/support/List.cpp and DataIO.cpp. This file follows them call by
 * call, each function naming the one it re-creates.
 *
 * Deliberate choices:
 * - Calls between the original's files stay calls, and the stream's
 *   methods are opaque to the compiler, as a virtual method is.
 * - Valid FOB1: the name length without the NUL and the name without it
 *   (2005 counted and stored the NUL, which R5 readers reject).
 * - Padding is zero: the first body block is zeroed at create, and an item
 *   inserted before a later field has its padding zeroed.
 * - FlatInsert shifts the field that starts exactly at the insertion point
 *   (2005 missed it).
 * - An add reserves the body and allocates every block before a byte
 *   moves, so that a failure leaves the content unchanged; a fixed item of
 *   another size is BM_BAD_VALUE (2005 accepted it).
 * - Unflatten checks what 2005 checked and what memory safety needs; the
 *   rest is checked by the read that reaches it. Target and reply parts of
 *   the header are skipped and not written back.
 */
#include "alloc.h"
#include "bytes.h"
#include "descriptor.h"
#include "fob1.h"
#include "names.h"
#include "status.h"

#include <stdint.h>
#include <string.h>

/*
 * The original's code lives in separate files: BMessageBody in
 * MessageBody3.cpp, BMessageField in MessageField3.cpp, BList in
 * src/kits/support/List.cpp, BPositionIO and BMemoryIO in
 * src/kits/support/DataIO.cpp. A call from one of them into another is a
 * real call there, never inlined; MESSAGE3_CALL keeps it one here. A virtual
 * call of BDataIO is a call through the stream's function table: the
 * position-stream methods are MESSAGE3_VIRTUAL (compiled without knowledge of
 * their callers, as a virtual method is), so that the compiler cannot
 * resolve the table and turn the calls into direct ones.
 */
#define MESSAGE3_CALL __attribute__((noinline))
#if defined(__GNUC__) && !defined(__clang__)
#define MESSAGE3_VIRTUAL __attribute__((noipa))
#else
#define MESSAGE3_VIRTUAL __attribute__((noinline)) /* clang has no noipa */
#endif

/* fBlockSize = sizeof(FieldHeader) + 50 (BMessageBody::InitCommon). */
#define MESSAGE3_BLOCK_SIZE 64
#define MESSAGE3_HASH_TABLE_SIZE 100
#define MESSAGE3_FIELD_LIST_BLOCK 20 /* BList's default block */
#define MESSAGE3_ITEM_INFO_BLOCK 5   /* fItemInfos(5) */

/* The record header in the body: flags, type, count, dataSize, nameLength
 * (the packed field_header_s of MessageField3.h), followed by the name. */
#define MESSAGE3_RECORD_HEADER_SIZE 14
#define MESSAGE3_OFF_FLAGS 0
#define MESSAGE3_OFF_TYPE 1
#define MESSAGE3_OFF_COUNT 5
#define MESSAGE3_OFF_DATA_SIZE 9
#define MESSAGE3_OFF_NAME_LENGTH 13

/* MSG_FLAG_BIG_ENDIAN: set by Header::ReadFrom(const BMessage &) under
 * `#ifdef B_HOST_IS_BENDIAN`, which ByteOrder.h defines (as 0 on x86), so
 * the 2005 Message3 sets it on every host. */
#define MESSAGE3_HEADER_FLAGS 0x01
/* MSG_HEADER_MAX_SIZE: the buffer CalculateCheckSum writes the header to. */
#define MESSAGE3_HEADER_MAX_SIZE 38

/* One variable-size item (item_info_s); offset is from the field's data. */
struct message3_item_info {
	int32_t offset;
	int32_t length;
	int32_t padded_length;
};

/* BList: an array of pointers that grows and shrinks in fixed blocks and
 * holds at least one block from its construction on. */
struct message3_list {
	void **items;
	int32_t count;
	int32_t physical;
	int32_t block;
};

struct message3_message;

/* BMessageField: offsets into the parent's body, no bytes of its own. */
struct message3_field {
	struct message3_message *parent;
	size_t offset;      /* of the record in the body */
	size_t data_offset; /* from the record to its data */
	bool fixed_size;
	uint32_t item_size; /* fixed-size fields */
	struct message3_list item_infos; /* variable-size fields */
	struct message3_field *next; /* hash chain */
};

/* BMessage with its BMessageBody. */
struct message3_message {
	bm_message base;
	struct message3_list fields;    /* message3_field *, in body order */
	struct message3_field **table;  /* MESSAGE3_HASH_TABLE_SIZE chains */
	uint8_t *body;                  /* fFlatBuffer */
	size_t body_length;             /* fFlatLength */
	size_t body_allocated;          /* fFlatAllocated */
};

static struct message3_message *
message3_cast(bm_message *msg)
{
	return (struct message3_message *)msg;
}

static const struct message3_message *
message3_cast_const(const bm_message *msg)
{
	return (const struct message3_message *)msg;
}

/* --- BList (src/kits/support/List.cpp) ------------------------------------- */

/* BList::Resize: the physical size is `count` rounded up to whole blocks,
 * at least one block; any change of it reallocates. */
static MESSAGE3_CALL bool
message3_list_resize(struct message3_list *list, int32_t count)
{
	int32_t size = count <= 0 ? 1 : count;
	size = ((size - 1) / list->block + 1) * list->block;
	if (size != list->physical) {
		void **items = bm_realloc(list->items,
		                          (size_t)size * sizeof *items);
		if (items == NULL)
			return false;
		list->items = items;
		list->physical = size;
	}
	list->count = count;
	return true;
}

/* BList::BList(count): allocates its first block. */
static MESSAGE3_CALL bool
message3_list_init(struct message3_list *list, int32_t block)
{
	*list = (struct message3_list){.block = block};
	return message3_list_resize(list, 0);
}

static MESSAGE3_CALL bool
message3_list_add(struct message3_list *list, void *item)
{
	if (list->physical > list->count) {
		list->items[list->count++] = item;
		return true;
	}
	if (!message3_list_resize(list, list->count + 1))
		return false;
	list->items[list->count - 1] = item;
	return true;
}

static MESSAGE3_CALL void *
message3_list_item_at(const struct message3_list *list, int32_t index)
{
	return index >= 0 && index < list->count ? list->items[index] : NULL;
}

static MESSAGE3_CALL int32_t
message3_list_count(const struct message3_list *list)
{
	return list->count;
}

/* BList::MakeEmpty = Resize(0); a failed shrink keeps the larger block. */
static MESSAGE3_CALL void
message3_list_make_empty(struct message3_list *list)
{
	if (!message3_list_resize(list, 0))
		list->count = 0;
}

static void
message3_list_free(struct message3_list *list)
{
	bm_free(list->items);
	*list = (struct message3_list){0};
}

/* --- BMemoryIO on BPositionIO (src/kits/support/DataIO.cpp) ---------------- */

struct message3_io;

/* The virtual methods of BDataIO / BPositionIO that the message calls. */
struct message3_io_ops {
	int64_t (*read)(struct message3_io *io, void *buffer, size_t size);
	int64_t (*write)(struct message3_io *io, const void *buffer,
	                 size_t size);
	int64_t (*read_at)(struct message3_io *io, int64_t pos, void *buffer,
	                   size_t size);
	int64_t (*write_at)(struct message3_io *io, int64_t pos,
	                    const void *buffer, size_t size);
	int64_t (*seek)(struct message3_io *io, int64_t position, int mode);
	int64_t (*position)(const struct message3_io *io);
};

struct message3_io {
	const struct message3_io_ops *ops;
	bool read_only;
	const uint8_t *buffer; /* fBuf */
	uint8_t *out;          /* fBuf when writable, else NULL */
	int64_t length;   /* fLen */
	int64_t physical; /* fPhys */
	int64_t pos;      /* fPos */
};

enum { MESSAGE3_SEEK_SET, MESSAGE3_SEEK_CUR, MESSAGE3_SEEK_END };

/* BPositionIO::Read: ReadAt at the position, then Seek past it. */
static MESSAGE3_VIRTUAL int64_t
message3_position_io_read(struct message3_io *io, void *buffer, size_t size)
{
	int64_t position = io->ops->position(io);
	int64_t result = io->ops->read_at(io, position, buffer, size);
	if (result > 0)
		io->ops->seek(io, result, MESSAGE3_SEEK_CUR);
	return result;
}

/* BPositionIO::Write: WriteAt at the position, then Seek past it. */
static MESSAGE3_VIRTUAL int64_t
message3_position_io_write(struct message3_io *io, const void *buffer,
                           size_t size)
{
	int64_t position = io->ops->position(io);
	int64_t result = io->ops->write_at(io, position, buffer, size);
	if (result > 0)
		io->ops->seek(io, result, MESSAGE3_SEEK_CUR);
	return result;
}

/* BMemoryIO::ReadAt: what lies between pos and the length. */
static MESSAGE3_VIRTUAL int64_t
message3_memory_io_read_at(struct message3_io *io, int64_t pos, void *buffer,
                           size_t size)
{
	if (buffer == NULL || pos < 0)
		return BM_BAD_VALUE;
	int64_t read = 0;
	if (pos < io->length) {
		int64_t left = io->length - pos;
		read = (int64_t)size < left ? (int64_t)size : left;
		if (read > 0)
			memcpy(buffer, io->buffer + pos, (size_t)read);
	}
	return read;
}

/* BMemoryIO::WriteAt: what fits before the physical end. */
static MESSAGE3_VIRTUAL int64_t
message3_memory_io_write_at(struct message3_io *io, int64_t pos,
                            const void *buffer, size_t size)
{
	if (io->read_only)
		return BM_BAD_VALUE;
	if (buffer == NULL || pos < 0)
		return BM_BAD_VALUE;
	int64_t written = 0;
	if (pos < io->physical) {
		int64_t left = io->physical - pos;
		written = (int64_t)size < left ? (int64_t)size : left;
		if (written > 0)
			memcpy(io->out + pos, buffer, (size_t)written);
	}
	if (pos + written > io->length)
		io->length = pos + written;
	return written;
}

static MESSAGE3_VIRTUAL int64_t
message3_memory_io_seek(struct message3_io *io, int64_t position, int mode)
{
	switch (mode) {
	case MESSAGE3_SEEK_SET:
		io->pos = position;
		break;
	case MESSAGE3_SEEK_CUR:
		io->pos += position;
		break;
	case MESSAGE3_SEEK_END:
		io->pos = io->length + position;
		break;
	default:
		break;
	}
	return io->pos;
}

static MESSAGE3_VIRTUAL int64_t
message3_memory_io_position(const struct message3_io *io)
{
	return io->pos;
}

static const struct message3_io_ops message3_memory_io_ops = {
	.read = message3_position_io_read,
	.write = message3_position_io_write,
	.read_at = message3_memory_io_read_at,
	.write_at = message3_memory_io_write_at,
	.seek = message3_memory_io_seek,
	.position = message3_memory_io_position,
};

/* BMemoryIO(void *, size_t). */
static void
message3_memory_io_init(struct message3_io *io, void *buffer, size_t size)
{
	*io = (struct message3_io){
		.ops = &message3_memory_io_ops,
		.buffer = buffer,
		.out = buffer,
		.length = (int64_t)size,
		.physical = (int64_t)size,
	};
}

/* BMemoryIO(const void *, size_t): read-only. */
static void
message3_memory_io_init_const(struct message3_io *io, const void *buffer,
                              size_t size)
{
	*io = (struct message3_io){
		.ops = &message3_memory_io_ops,
		.read_only = true,
		.buffer = buffer,
		.length = (int64_t)size,
		.physical = (int64_t)size,
	};
}

/* write_helper (MessageUtils3.h): one virtual Write; an error stops. */
static int
message3_write_helper(struct message3_io *io, const void *data, size_t size)
{
	return io->ops->write(io, data, size) < 0 ? BM_BAD_VALUE : BM_OK;
}

/* TReadHelper::operator() (MessageUtils3.h): one virtual Read of a whole
 * value; a short or failed read stops. */
static int
message3_read_helper(struct message3_io *io, void *data, size_t size)
{
	return io->ops->read(io, data, size) == (int64_t)size ? BM_OK
	                                                    : BM_NOT_A_MESSAGE;
}

/* --- The record header in the body ----------------------------------------- */

static uint8_t *
message3_header_of(const struct message3_field *field)
{
	return field->parent->body + field->offset;
}

static uint32_t
message3_count_of(const struct message3_field *field)
{
	return bm__load32(message3_header_of(field) + MESSAGE3_OFF_COUNT);
}

static bm_type_code
message3_type_of(const struct message3_field *field)
{
	return bm__load32(message3_header_of(field) + MESSAGE3_OFF_TYPE);
}

/* --- The flat body (BMessageBody::FlatResize, FlatInsert) ------------------ */

/*
 * FlatResize for growth: the allocation is the length rounded up to whole
 * 64-byte blocks, and the bytes a reallocation adds are zeroed. It never
 * shrinks here (an add grows the body only; see message3_flat_shrink).
 * `length` is at most BM_FLAT_MAX, so the rounding cannot overflow.
 */
static MESSAGE3_CALL int
message3_flat_resize(struct message3_message *msg, size_t length)
{
	size_t allocated = (length + MESSAGE3_BLOCK_SIZE - 1) /
	                   MESSAGE3_BLOCK_SIZE * MESSAGE3_BLOCK_SIZE;
	if (allocated > msg->body_allocated) {
		uint8_t *body = bm_realloc(msg->body, allocated);
		if (body == NULL)
			return BM_NO_MEMORY;
		memset(body + msg->body_allocated, 0,
		       allocated - msg->body_allocated);
		msg->body = body;
		msg->body_allocated = allocated;
	}
	msg->body_length = length;
	return BM_OK;
}

/* FlatResize to a smaller length (the end of Unflatten): the allocation
 * follows the rounded length; a failed shrink keeps the larger block. */
static void
message3_flat_shrink(struct message3_message *msg, size_t length)
{
	size_t allocated = (length + MESSAGE3_BLOCK_SIZE - 1) /
	                   MESSAGE3_BLOCK_SIZE * MESSAGE3_BLOCK_SIZE;
	if (allocated != msg->body_allocated && allocated > 0) {
		uint8_t *body = bm_realloc(msg->body, allocated);
		if (body != NULL) {
			msg->body = body;
			msg->body_allocated = allocated;
		}
	}
	msg->body_length = length;
}

/*
 * FlatInsert(offset, 0, size): opens `size` bytes at body offset `at`. The
 * room is reserved first (message3_reserve), so the resize cannot fail here.
 * Appending at the end moves nothing; otherwise the tail moves and every
 * later field's record offset shifts. Returns the bytes opened.
 */
static MESSAGE3_CALL uint8_t *
message3_flat_insert(struct message3_message *msg, size_t at, size_t size)
{
	size_t length = msg->body_length;
	(void)message3_flat_resize(msg, length + size);
	/* "usual case for adds" */
	if (at == length)
		return msg->body + at;
	memmove(msg->body + at + size, msg->body + at, length - at);
	/* The 2005 loop stopped at `offset <= at` and so missed the field
	 * that starts exactly there; we shift it (impl/README.md §2.4). */
	for (int32_t i = message3_list_count(&msg->fields) - 1; i >= 0; i--) {
		struct message3_field *field =
			message3_list_item_at(&msg->fields, i);
		if (field->offset < at)
			break;
		field->offset += size;
	}
	return msg->body + at;
}

/* Room for `grow` more body bytes, reserved before anything changes, so
 * that a failed add leaves the content as it was. */
static int
message3_reserve(struct message3_message *msg, size_t grow)
{
	if (grow > BM_FLAT_MAX - BM_R5_HEADER_SIZE - 1 - msg->body_length)
		return BM_TOO_LARGE;
	size_t length = msg->body_length;
	int rc = message3_flat_resize(msg, length + grow);
	msg->body_length = length;
	return rc;
}

/* --- The hash (BMessageBody::HashInsert, HashLookup) ------------------------ */

/* BMessageBody::HashString (impl/README.md §4.5). */
static uint32_t
message3_hash_string(const char *name, size_t name_len)
{
	return bm__hash_name(name, name_len);
}

/* --- BMessageField (MessageField3.cpp) -------------------------------------- */

/* BMessageField::Name(): the name bytes in the record. */
static MESSAGE3_CALL const char *
message3_field_name(const struct message3_field *field, size_t *name_len)
{
	const uint8_t *header = message3_header_of(field);
	*name_len = header[MESSAGE3_OFF_NAME_LENGTH];
	return (const char *)header + MESSAGE3_RECORD_HEADER_SIZE;
}

static void
message3_field_free(struct message3_field *field)
{
	for (int32_t i = 0; i < field->item_infos.count; i++)
		bm_free(field->item_infos.items[i]);
	message3_list_free(&field->item_infos);
	bm_free(field);
}

/* BMessageField's constructors: `new BMessageField` and its fItemInfos(5),
 * which allocates its first block. */
static struct message3_field *
message3_field_new(struct message3_message *msg, size_t offset)
{
	struct message3_field *field = bm_malloc(sizeof *field);
	if (field == NULL)
		return NULL;
	*field = (struct message3_field){.parent = msg, .offset = offset};
	if (!message3_list_init(&field->item_infos, MESSAGE3_ITEM_INFO_BLOCK)) {
		bm_free(field);
		return NULL;
	}
	return field;
}

/*
 * BMessageField(parent, offset, name, type): FlatInsert of the record
 * header, filled in, then SetName: FlatInsert of the name and its copy.
 * The name is stored without a NUL and nameLength does not count one
 * (valid FOB1); 2005 stored and counted the NUL (impl/README.md §2.4).
 */
static MESSAGE3_CALL void
message3_field_construct(struct message3_field *field, const char *name,
                         size_t name_len, bm_type_code type)
{
	struct message3_message *msg = field->parent;
	message3_flat_insert(msg, field->offset, MESSAGE3_RECORD_HEADER_SIZE);
	uint8_t *header = message3_header_of(field);
	bm__store32(header + MESSAGE3_OFF_TYPE, type);
	header[MESSAGE3_OFF_FLAGS] = BM_R5_FIELD_VALID;
	bm__store32(header + MESSAGE3_OFF_COUNT, 0);
	bm__store32(header + MESSAGE3_OFF_DATA_SIZE, 0);
	header[MESSAGE3_OFF_NAME_LENGTH] = 0;
	/* SetName */
	uint8_t *out = message3_flat_insert(
		msg, field->offset + MESSAGE3_RECORD_HEADER_SIZE, name_len);
	memcpy(out, name, name_len);
	message3_header_of(field)[MESSAGE3_OFF_NAME_LENGTH] = (uint8_t)name_len;
	field->data_offset = MESSAGE3_RECORD_HEADER_SIZE + name_len;
}

/* BMessageField::SetFixedSize, called by every fixed-size add. */
static MESSAGE3_CALL int
message3_field_set_fixed_size(struct message3_field *field, uint32_t item_size)
{
	if (message3_count_of(field) > 0 && field->item_size != item_size)
		return BM_BAD_VALUE;
	field->item_size = item_size;
	message3_header_of(field)[MESSAGE3_OFF_FLAGS] |= BM_R5_FIELD_FIXED;
	field->fixed_size = true;
	return BM_OK;
}

/* An item info that Unflatten could not make (its size runs past the
 * field's data): the field's items from there on are BM_BAD_DATA. */
static bool
message3_field_is_whole(const struct message3_field *field)
{
	return field->fixed_size ||
	       (uint32_t)field->item_infos.count == message3_count_of(field);
}

/*
 * BMessageField::AddItem(item, length): the item goes at the end of the
 * field's data (FlatInsert), count and dataSize are updated in the record
 * header; a variable item gets its ItemInfo (`new ItemInfo`) and its size
 * word. Room and the info are allocated before anything moves (a new
 * field's first info is `spare`, allocated before its record was made; its
 * list has room from its construction).
 */
static MESSAGE3_CALL int
message3_field_add_item(struct message3_field *field, const void *data,
                        size_t size, struct message3_item_info *spare)
{
	struct message3_message *msg = field->parent;
	uint8_t *header = message3_header_of(field);
	uint32_t count = bm__load32(header + MESSAGE3_OFF_COUNT);
	uint32_t data_size = bm__load32(header + MESSAGE3_OFF_DATA_SIZE);
	if (count >= (uint32_t)BM_COUNT_MAX)
		return BM_TOO_LARGE;
	if (field->fixed_size) {
		int rc = message3_reserve(msg, field->item_size);
		if (rc != BM_OK)
			return rc;
		size_t at = field->offset + field->data_offset +
		            (size_t)count * field->item_size;
		header = message3_header_of(field);
		bm__store32(header + MESSAGE3_OFF_DATA_SIZE,
		            data_size + field->item_size);
		bm__store32(header + MESSAGE3_OFF_COUNT, count + 1);
		memcpy(message3_flat_insert(msg, at, field->item_size), data,
		       size);
		return BM_OK;
	}

	if (!message3_field_is_whole(field))
		return BM_BAD_DATA;
	size_t padded = bm__r5_var_item_size(size);
	int rc = message3_reserve(msg, padded);
	if (rc != BM_OK)
		return rc;
	int32_t offset = 0;
	if (count > 0) {
		const struct message3_item_info *last = message3_list_item_at(
			&field->item_infos, (int32_t)count - 1);
		offset = last->offset + last->padded_length;
	}
	struct message3_item_info *info =
		spare != NULL ? spare : bm_malloc(sizeof *info);
	if (info == NULL)
		return BM_NO_MEMORY;
	*info = (struct message3_item_info){
		.offset = offset,
		.length = (int32_t)size,
		.padded_length = (int32_t)padded,
	};
	if (!message3_list_add(&field->item_infos, info)) {
		bm_free(info);
		return BM_NO_MEMORY;
	}
	header = message3_header_of(field);
	bm__store32(header + MESSAGE3_OFF_DATA_SIZE,
	            data_size + (uint32_t)padded);
	bm__store32(header + MESSAGE3_OFF_COUNT, count + 1);
	size_t at = field->offset + field->data_offset + (size_t)offset;
	bool in_gap = at != msg->body_length;
	uint8_t *out = message3_flat_insert(msg, at, padded);
	bm__store32(out, (uint32_t)size);
	memcpy(out + 4, data, size);
	/* Appended at the end, the padding is already zero (bytes past the
	 * body's length are); inserted before a later field, it holds moved
	 * bytes, which 2005 left and we zero. */
	if (in_gap)
		memset(out + 4 + size, 0, padded - 4 - size);
	return BM_OK;
}

/* BMessageField::ItemAt; BM_BAD_DATA for an item Unflatten could not
 * place (BM_BACKEND_CHECKS_ON_READ), and for the items of 0 bytes that a
 * fixed field of more items than data bytes would give. */
static MESSAGE3_CALL int
message3_field_item_at(const struct message3_field *field, int32_t index,
                       const void **data, size_t *size)
{
	const uint8_t *field_data =
		message3_header_of(field) + field->data_offset;
	if (field->fixed_size) {
		if (field->item_size == 0)
			return BM_BAD_DATA;
		*size = field->item_size;
		*data = field_data + (size_t)index * field->item_size;
		return BM_OK;
	}
	const struct message3_item_info *info =
		message3_list_item_at(&field->item_infos, index);
	if (info == NULL)
		return BM_BAD_DATA;
	*size = (size_t)info->length;
	*data = field_data + info->offset + 4;
	return BM_OK;
}

/*
 * BMessageField::Unflatten(offset): taps into a record already in the
 * body (checked by the shared reader: header, name and data inside the
 * message). A fixed field's item size is dataSize / count. A variable
 * field gets one ItemInfo per item, read from the size words as 2005 did;
 * the walk stops at an item whose size runs past the record's data (2005
 * read on), and the items from there on are BM_BAD_DATA when read.
 */
static MESSAGE3_CALL int
message3_field_unflatten(struct message3_field *field,
                         const struct bm__r5_record *record,
                         const uint8_t *record_start)
{
	field->data_offset = (size_t)(record->data - record_start);
	field->fixed_size = (record->flags & BM_R5_FIELD_FIXED) != 0;
	if (field->fixed_size) {
		field->item_size = record->data_size / record->count;
		return BM_OK;
	}
	const uint8_t *data = message3_header_of(field) + field->data_offset;
	size_t left = record->data_size, offset = 0;
	for (uint32_t i = 0; i < record->count && left >= 4; i++) {
		uint32_t length = bm__load32(data + offset);
		if (length > BM_ITEM_MAX || bm__r5_var_item_size(length) > left)
			break;
		struct message3_item_info *info = bm_malloc(sizeof *info);
		if (info == NULL)
			return BM_NO_MEMORY;
		*info = (struct message3_item_info){
			.offset = (int32_t)offset,
			.length = (int32_t)length,
			.padded_length = (int32_t)bm__r5_var_item_size(length),
		};
		if (!message3_list_add(&field->item_infos, info)) {
			bm_free(info);
			return BM_NO_MEMORY;
		}
		offset += (size_t)info->padded_length;
		left -= (size_t)info->padded_length;
	}
	return BM_OK;
}

/* --- BMessageBody (MessageBody3.cpp) ---------------------------------------- */

static void
message3_hash_insert(struct message3_message *msg, struct message3_field *field)
{
	size_t name_len;
	const char *name = message3_field_name(field, &name_len);
	uint32_t index =
		message3_hash_string(name, name_len) % MESSAGE3_HASH_TABLE_SIZE;
	field->next = msg->table[index];
	msg->table[index] = field;
}

/* HashLookup: the chain of the name's bucket, each entry's name compared
 * (strcmp in 2005: the bytes, then the length). */
static struct message3_field *
message3_hash_lookup(const struct message3_message *msg, const char *name,
                     size_t name_len)
{
	uint32_t index =
		message3_hash_string(name, name_len) % MESSAGE3_HASH_TABLE_SIZE;
	for (struct message3_field *field = msg->table[index]; field != NULL;
	     field = field->next) {
		size_t len;
		const char *stored = message3_field_name(field, &len);
		if (memcmp(stored, name, len < name_len ? len : name_len) == 0 &&
		    len == name_len)
			return field;
	}
	return NULL;
}

/* FindData(name, type, error): the field, or why not. */
static int
message3_body_find_field(const struct message3_message *msg, const char *name,
                         size_t name_len, bm_type_code type,
                         struct message3_field **found)
{
	struct message3_field *field =
		message3_hash_lookup(msg, name, name_len);
	if (field == NULL)
		return BM_NAME_NOT_FOUND;
	if (type != BM_ANY_TYPE && message3_type_of(field) != type)
		return BM_BAD_TYPE;
	*found = field;
	return BM_OK;
}

static void
message3_free_fields(struct message3_message *msg)
{
	for (int32_t i = 0; i < msg->fields.count; i++)
		message3_field_free(msg->fields.items[i]);
}

/* BMessageBody::MakeEmpty: the fields, the list's items, the body (freed)
 * and the hash table (cleared). */
static void
message3_body_make_empty(struct message3_message *msg)
{
	message3_free_fields(msg);
	message3_list_make_empty(&msg->fields);
	bm_free(msg->body);
	msg->body = NULL;
	msg->body_length = 0;
	msg->body_allocated = 0;
	memset(msg->table, 0, MESSAGE3_HASH_TABLE_SIZE * sizeof *msg->table);
}

/* BMessageBody::FlattenedSize: the body and the terminator. */
static size_t
message3_body_flattened_size(const struct message3_message *msg)
{
	return msg->body_length + 1;
}

/* BMessageBody::Flatten: the body, then the terminator, as two writes. */
static int
message3_body_flatten(const struct message3_message *msg,
                      struct message3_io *io)
{
	io->ops->write(io, msg->body, msg->body_length);
	uint8_t last = 0x00; /* MSG_LAST_ENTRY */
	int64_t rc = io->ops->write(io, &last, sizeof last);
	return rc <= 0 ? BM_BAD_VALUE : BM_OK;
}

/* --- BMessage::Header (Message3.cpp) ---------------------------------------- */

struct message3_header {
	uint32_t magic;
	int32_t body_size;
	uint32_t what;
	uint8_t flags;
};

/* min_hdr_size / CalculateHeaderSize: no target, no reply (a message
 * that was never sent). */
static uint32_t
message3_calculate_header_size(void)
{
	return BM_R5_HEADER_SIZE;
}

/* Header::ReadFrom(const BMessage &). */
static void
message3_header_from_message(struct message3_header *header,
                             const struct message3_message *msg)
{
	header->magic = BM_R5_MAGIC;
	header->body_size = (int32_t)message3_body_flattened_size(msg);
	header->what = msg->base.what;
	header->flags = MESSAGE3_HEADER_FLAGS;
}

static int message3_header_write_to(const struct message3_header *header,
                                    struct message3_io *io, bool checksum);

/* Header::CalculateCheckSum: the header written without its checksum into
 * a stack buffer through a second BMemoryIO, summed from byte 8. */
static uint32_t
message3_header_checksum(const struct message3_header *header)
{
	uint8_t buffer[MESSAGE3_HEADER_MAX_SIZE];
	struct message3_io io;
	message3_memory_io_init(&io, buffer, sizeof buffer);
	(void)message3_header_write_to(header, &io, false);
	int64_t size = io.ops->position(&io);
	return bm__r5_checksum(buffer + 8, (size_t)size - 8);
}

/* Header::WriteTo(BDataIO &, calculateCheckSum): each part one Write. */
static MESSAGE3_CALL int
message3_header_write_to(const struct message3_header *header,
                         struct message3_io *io, bool checksum)
{
	uint32_t data = header->magic;
	int rc = message3_write_helper(io, &data, sizeof data);
	data = checksum ? message3_header_checksum(header) : 0;
	if (rc == BM_OK)
		rc = message3_write_helper(io, &data, sizeof data);
	data = message3_calculate_header_size() + (uint32_t)header->body_size;
	if (rc == BM_OK)
		rc = message3_write_helper(io, &data, sizeof data);
	if (rc == BM_OK)
		rc = message3_write_helper(io, &header->what,
		                           sizeof header->what);
	if (rc == BM_OK)
		rc = message3_write_helper(io, &header->flags,
		                           sizeof header->flags);
	return rc;
}

/* --- Slots ------------------------------------------------------------------------- */

/* new BMessage: BMessageBody::InitCommon mallocs the first body block and
 * the 100-entry table (cleared); fFieldList allocates its first block.
 * The first block is zeroed here (2005 left it as malloc returned it, so
 * its padding bytes were garbage). */
static int
message3_create(bm_message **out)
{
	struct message3_message *msg = bm_malloc(sizeof *msg);
	if (msg == NULL)
		return BM_NO_MEMORY;
	*msg = (struct message3_message){0};
	msg->body = bm_malloc(MESSAGE3_BLOCK_SIZE);
	msg->table = bm_malloc(MESSAGE3_HASH_TABLE_SIZE * sizeof *msg->table);
	if (msg->body == NULL || msg->table == NULL ||
	    !message3_list_init(&msg->fields, MESSAGE3_FIELD_LIST_BLOCK)) {
		bm_free(msg->body);
		bm_free(msg->table);
		bm_free(msg);
		return BM_NO_MEMORY;
	}
	memset(msg->body, 0, MESSAGE3_BLOCK_SIZE);
	msg->body_allocated = MESSAGE3_BLOCK_SIZE;
	memset(msg->table, 0, MESSAGE3_HASH_TABLE_SIZE * sizeof *msg->table);
	*out = &msg->base;
	return BM_OK;
}

static void
message3_make_empty(bm_message *base)
{
	message3_body_make_empty(message3_cast(base));
}

static void
message3_destroy(bm_message *base)
{
	struct message3_message *msg = message3_cast(base);
	message3_free_fields(msg);
	message3_list_free(&msg->fields);
	bm_free(msg->body);
	bm_free(msg->table);
	bm_free(msg);
}

/*
 * BMessageBody::AddData(name, type, item, length, fixedSize): FindData,
 * a new field (the record appended at the end of the body, the field
 * object in the list and the hash) when the name is new, SetFixedSize for
 * a fixed-size item, then AddItem. Everything that can fail is allocated
 * before the content changes.
 */
static int
message3_add_data(bm_message *base, const char *name, size_t name_len,
                  bm_type_code type, const void *data, size_t size,
                  bool fixed_size)
{
	struct message3_message *msg = message3_cast(base);
	struct message3_field *field = NULL;
	int rc = message3_body_find_field(msg, name, name_len, type, &field);
	if (rc == BM_BAD_TYPE)
		return rc;
	if (field != NULL) {
		/* 2005 accepted a fixed item of another size (SetFixedSize
		 * compares sizes only when the field has item infos, which a
		 * fixed field never has); the contract refuses it. */
		if (field->fixed_size && size != field->item_size)
			return BM_BAD_VALUE;
		if (fixed_size && field->fixed_size)
			(void)message3_field_set_fixed_size(field,
			                                    (uint32_t)size);
		return message3_field_add_item(field, data, size, NULL);
	}

	if (message3_list_count(&msg->fields) >= BM_COUNT_MAX)
		return BM_TOO_LARGE;
	size_t item_bytes = fixed_size ? size : bm__r5_var_item_size(size);
	/* item_bytes <= BM_ITEM_MAX + 11 and name_len <= 255: no overflow. */
	rc = message3_reserve(msg, MESSAGE3_RECORD_HEADER_SIZE + name_len +
	                                   item_bytes);
	if (rc != BM_OK)
		return rc;
	struct message3_item_info *spare = NULL;
	if (!fixed_size && (spare = bm_malloc(sizeof *spare)) == NULL)
		return BM_NO_MEMORY;
	field = message3_field_new(msg, msg->body_length);
	if (field == NULL || !message3_list_add(&msg->fields, field)) {
		if (field != NULL)
			message3_field_free(field);
		bm_free(spare);
		return BM_NO_MEMORY;
	}
	/* AddData(name, type, error): the field's record, the hash. */
	message3_field_construct(field, name, name_len, type);
	message3_hash_insert(msg, field);
	if (fixed_size)
		(void)message3_field_set_fixed_size(field, (uint32_t)size);
	return message3_field_add_item(field, data, size, spare);
}

/* BMessageBody::FindData(name, type, index, data, numBytes). */
static int
message3_find_data(const bm_message *base, const char *name, size_t name_len,
                   bm_type_code type, int32_t index, const void **data,
                   size_t *size)
{
	const struct message3_message *msg = message3_cast_const(base);
	struct message3_field *field;
	int rc = message3_body_find_field(msg, name, name_len, type, &field);
	if (rc != BM_OK)
		return rc;
	if (index < 0 || (uint32_t)index >= message3_count_of(field))
		return BM_BAD_INDEX;
	return message3_field_item_at(field, index, data, size);
}

static void
message3_field_info(const struct message3_field *field,
                    struct bm_field_info *info)
{
	info->name = message3_field_name(field, &info->name_len);
	info->type = message3_type_of(field);
	info->count = (int32_t)message3_count_of(field);
	info->fixed_size = field->fixed_size;
}

static int
message3_get_info(const bm_message *base, const char *name, size_t name_len,
                  struct bm_field_info *info)
{
	const struct message3_message *msg = message3_cast_const(base);
	struct message3_field *field;
	int rc = message3_body_find_field(msg, name, name_len, BM_ANY_TYPE,
	                                  &field);
	if (rc != BM_OK)
		return rc;
	message3_field_info(field, info);
	return BM_OK;
}

/* GetInfo(B_ANY_TYPE, index, ...): the field list in body order. A name
 * holding a NUL (accepted by Unflatten, as 2005 did) is BM_BAD_DATA. */
static int
message3_field_at(const bm_message *base, int32_t index,
                  struct bm_field_info *info)
{
	const struct message3_message *msg = message3_cast_const(base);
	const struct message3_field *field =
		message3_list_item_at(&msg->fields, index);
	if (field == NULL)
		return BM_BAD_INDEX;
	size_t name_len;
	const char *name = message3_field_name(field, &name_len);
	if (memchr(name, '\0', name_len) != NULL)
		return BM_BAD_DATA;
	message3_field_info(field, info);
	return BM_OK;
}

static int32_t
message3_count_fields(const bm_message *base)
{
	return message3_list_count(&message3_cast_const(base)->fields);
}

/* BMessage::FlattenedSize: calc_hdr_size() + the body's. */
static int
message3_flattened_size(bm_message *base, size_t *size)
{
	const struct message3_message *msg = message3_cast(base);
	/* Adds and Unflatten keep the body within BM_FLAT_MAX. */
	if (msg->body_length > BM_FLAT_MAX - BM_R5_HEADER_SIZE - 1)
		return BM_TOO_LARGE;
	*size = message3_calculate_header_size() +
	        message3_body_flattened_size(msg);
	return BM_OK;
}

/*
 * Flatten(char *, ssize_t) = real_flatten: a BMemoryIO over the buffer, a
 * Header made from the message, Header::WriteTo (which writes the header
 * once more into a stack buffer for its checksum), then the body's
 * Flatten. Every part is a virtual Write (BPositionIO::Write: Position,
 * WriteAt, Seek).
 */
static int
message3_flatten(bm_message *base, void *buffer, size_t capacity)
{
	struct message3_message *msg = message3_cast(base);
	size_t size;
	int rc = message3_flattened_size(base, &size);
	if (rc != BM_OK)
		return rc;
	if (capacity < size)
		return BM_BUFFER_TOO_SMALL;
	struct message3_io io;
	message3_memory_io_init(&io, buffer, size);
	struct message3_header header;
	message3_header_from_message(&header, msg);
	rc = message3_header_write_to(&header, &io, true);
	if (rc == BM_OK)
		rc = message3_body_flatten(msg, &io);
	return rc;
}

/*
 * Unflatten(const char *): the shared reader opens the header (magic,
 * flattened size inside the input, checksum: what Header::ReadFrom
 * checks), then, as 2005 did, a BMemoryIO over flattenedSize bytes is read
 * from: the header's words one Read each, MakeEmpty (Header::WriteTo on
 * the message), the body in one Read into the body buffer (FlatResize
 * first), and a walk over the copy that makes a field object per record
 * (BMessageBody::Unflatten), inserted into the list and the hash.
 *
 * Checks: the shared reader's (every record's header, name and data
 * inside the message; counts, sizes and name lengths non-zero) with none
 * of its optional checks; a record with MINI or SINGLE (another writer's
 * layout) is BM_UNSUPPORTED, so that bm_unflatten decodes it through the
 * add path. Item sizes are checked by the walk that builds the item
 * infos; names holding a NUL by field_at. A name in two records makes two
 * fields, and a find reaches the later one (head insertion in the chain).
 */
static int
message3_unflatten(bm_message *base, const void *data, size_t size)
{
	struct message3_message *msg = message3_cast(base);
	struct bm__r5_reader reader;
	int rc = bm__r5_open_native(&reader, data, size, 0);
	if (rc != BM_OK)
		return rc;

	struct message3_io io;
	message3_memory_io_init_const(&io, data, reader.flat_size);
	struct message3_header header;
	int32_t checksum, flattened_size;
	rc = message3_read_helper(&io, &header.magic, sizeof header.magic);
	if (rc == BM_OK)
		rc = message3_read_helper(&io, &checksum, sizeof checksum);
	if (rc == BM_OK)
		rc = message3_read_helper(&io, &flattened_size,
		                          sizeof flattened_size);
	if (rc == BM_OK)
		rc = message3_read_helper(&io, &header.what,
		                          sizeof header.what);
	if (rc == BM_OK)
		rc = message3_read_helper(&io, &header.flags,
		                          sizeof header.flags);
	if (rc != BM_OK)
		return rc;
	/* The optional target and reply parts are skipped (not kept). */
	io.ops->seek(&io, (int64_t)(reader.cursor - (const uint8_t *)data),
	             MESSAGE3_SEEK_SET);
	header.body_size = (int32_t)(reader.end - reader.cursor);

	message3_body_make_empty(msg);

	/* BMessageBody::Unflatten: FlatResize(length), one Read. */
	size_t length = (size_t)header.body_size;
	rc = message3_flat_resize(msg, length);
	if (rc != BM_OK)
		return rc;
	io.ops->read(&io, msg->body, length);

	const uint8_t *body_start = reader.cursor;
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
		struct message3_field *field = message3_field_new(
			msg, (size_t)(record_start - body_start));
		if (field == NULL) {
			rc = BM_NO_MEMORY;
			break;
		}
		rc = message3_field_unflatten(field, &record, record_start);
		if (rc == BM_OK && !message3_list_add(&msg->fields, field))
			rc = BM_NO_MEMORY;
		if (rc != BM_OK) {
			message3_field_free(field);
			break;
		}
		message3_hash_insert(msg, field);
	}
	if (rc != BM_OK) {
		message3_body_make_empty(msg);
		return rc;
	}
	/* "set the buffer to the actual size": without the terminator. */
	message3_flat_shrink(msg, (size_t)(reader.cursor - body_start));
	msg->base.what = header.what;
	return BM_OK;
}

const struct bm_ops bm_message3_ops = {
	.version = 2,
	.name = "Message3",
	.summary = "Haiku 2005 Message3: one flat body in 64-byte blocks, "
	           "memmove inserts, 100-bucket hash",
	.flags = BM_BACKEND_CHECKS_ON_READ,
	.native_format = BM_FORMAT_R5,

	/* Lifetime */
	.create = message3_create,
	.destroy = message3_destroy,
	.make_empty = message3_make_empty,

	/* Fields and items */
	.add_data = message3_add_data,
	.find_data = message3_find_data,
	.get_info = message3_get_info,
	.field_at = message3_field_at,
	.count_fields = message3_count_fields,

	/* Flat format */
	.flattened_size = message3_flattened_size,
	.flatten = message3_flatten,
	.unflatten = message3_unflatten,

	/* What it is (version 2) */
	.kind = BM_KIND_HAIKU_2005,
	.decoded_formats = BM_DECODER_FORMATS,
	.repeated_names = BM_REPEATED_KEEP_LAST,
};
