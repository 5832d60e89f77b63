/*
 * message1.c - "Message1": the Haiku BMessage of 2005, re-created in C.
 * impl/README.md §2.2 describes the design in full; this comment names its
 * sources and its deliberate choices.
 *
 * Sources: haiku/haiku:headers/private/app/MessageBody.h, MessageField.h,
 * src/kits/app/MessageBody.cpp, MessageField.cpp and Message.cpp at
 * 16ba0dc5ca^ (the state of 2005-10-31 is 0083a1f3f5), with
 * src/kits/support/DataBuffer.cpp, DataIO.cpp and src/kits/app/
 * MessageUtils.cpp of that tree: E. Jaesler's BMessageBody/BMessageField
 * store (b1055b4c2d) as routed through AddData since b0ba19ba3a. That code
 * runs as the backend Message1-2005 (impl/originals/README.md); this file
 * follows it function by function, each function naming the one it
 * re-creates, and writes the same bytes.
 *
 * Deliberate choices:
 * - C++ is re-created in C: std::map as a red-black tree shaped like
 *   libstdc++'s, std::string keys (inline up to 15 bytes) built in a stack
 *   buffer, std::vector growing as push_back does, virtual calls and the
 *   BDataIO stream as tables of function pointers, dynamic_cast as a
 *   compare; BDataBuffer and calc_padding stay out of line.
 * - is_fixed_size is ignored and every field is variable-size, as in 2005.
 * - Unflatten checks beyond 2005 only what memory safety, termination and
 *   the contract need, and accepts the rest as 2005 did.
 * - Not reproduced: Unflatten's leaked scratch buffer, DataAt's missing
 *   test of a negative index.
 * - Running sizes serve only the limits; every block an add needs is
 *   allocated before anything is linked, and a short write is an error.
 */
#include "alloc.h"
#include "bytes.h"
#include "descriptor.h"
#include "fob1.h"
#include "status.h"

#include <stdint.h>
#include <string.h>

/* Field flags start as MSG_FLAG_ALL, as BMessageFieldImpl's fFlags did. */
#define MESSAGE1_FLAGS_NEW                                                     \
	(BM_R5_FIELD_VALID | BM_R5_FIELD_MINI | BM_R5_FIELD_FIXED |            \
	 BM_R5_FIELD_SINGLE)

/* Largest data size and count a MINI record can state (one byte each). */
#define MESSAGE1_MINI_MAX 255

/* Header flags: Header::ReadFrom(const BMessage &) sets MSG_FLAG_BIG_ENDIAN
 * (0x01) under `#ifdef B_HOST_IS_BENDIAN`, and headers/os/support/
 * ByteOrder.h defines that macro on every host (0 on x86), so the flag is
 * set on x86 too (impl/README.md §5.2, impl/README.md §5.5). */
#define MESSAGE1_MESSAGE_FLAGS 0x01

/* Header::CalculateHeaderSize with no target and no reply (min_hdr_size). */
#define MESSAGE1_HEADER_SIZE BM_R5_HEADER_SIZE
/* MSG_HEADER_MAX_SIZE: the header with target and reply parts. */
#define MESSAGE1_HEADER_MAX_SIZE (BM_R5_HEADER_SIZE + 4 + 16)

/* --- BDataIO / BPositionIO / BMemoryIO (src/kits/support/DataIO.cpp) ---- */

/*
 * A stream is an object with a table of virtual functions, as BDataIO is:
 * every Read and Write is a call through the table, and BPositionIO's
 * Read and Write call Position, ReadAt or WriteAt, then Seek, through it
 * too. The one stream here is BMemoryIO, over a caller's buffer.
 */
struct message1_io;

struct message1_io_ops {
	int64_t (*read)(struct message1_io *io, void *buffer, size_t size);
	int64_t (*write)(struct message1_io *io, const void *buffer,
	                 size_t size);
	int64_t (*read_at)(struct message1_io *io, int64_t position,
	                   void *buffer, size_t size);
	int64_t (*write_at)(struct message1_io *io, int64_t position,
	                    const void *buffer, size_t size);
	int64_t (*seek)(struct message1_io *io, int64_t position, int mode);
	int64_t (*position)(const struct message1_io *io);
};

struct message1_io {
	const struct message1_io_ops *ops;
	bool read_only;
	uint8_t *buffer;
	size_t length;   /* fLen */
	size_t physical; /* fPhys */
	size_t cursor;   /* fPos */
};

enum { MESSAGE1_SEEK_SET, MESSAGE1_SEEK_CUR, MESSAGE1_SEEK_END };

/* BPositionIO::Read: ReadAt at Position, then Seek past what was read. */
static int64_t
message1_position_io_read(struct message1_io *io, void *buffer, size_t size)
{
	int64_t position = io->ops->position(io);
	int64_t result = io->ops->read_at(io, position, buffer, size);
	if (result > 0)
		io->ops->seek(io, result, MESSAGE1_SEEK_CUR);
	return result;
}

/* BPositionIO::Write: WriteAt at Position, then Seek past what was
 * written. */
static int64_t
message1_position_io_write(struct message1_io *io, const void *buffer,
                           size_t size)
{
	int64_t position = io->ops->position(io);
	int64_t result = io->ops->write_at(io, position, buffer, size);
	if (result > 0)
		io->ops->seek(io, result, MESSAGE1_SEEK_CUR);
	return result;
}

/* BMemoryIO::ReadAt: what lies before fLen, at most `size` bytes. */
static int64_t
message1_memory_io_read_at(struct message1_io *io, int64_t position,
                           void *buffer, size_t size)
{
	if (buffer == NULL || position < 0)
		return BM_BAD_VALUE;
	size_t read = 0;
	if ((uint64_t)position < io->length) {
		size_t left = io->length - (size_t)position;
		read = size < left ? size : left;
		memcpy(buffer, io->buffer + position, read);
	}
	return (int64_t)read;
}

/* BMemoryIO::WriteAt: what fits before fPhys; fLen grows to cover it. */
static int64_t
message1_memory_io_write_at(struct message1_io *io, int64_t position,
                            const void *buffer, size_t size)
{
	if (io->read_only)
		return BM_BAD_VALUE;
	if (buffer == NULL || position < 0)
		return BM_BAD_VALUE;
	size_t written = 0;
	if ((uint64_t)position < io->physical) {
		size_t left = io->physical - (size_t)position;
		written = size < left ? size : left;
		memcpy(io->buffer + position, buffer, written);
	}
	if ((size_t)position + written > io->length)
		io->length = (size_t)position + written;
	return (int64_t)written;
}

/* BMemoryIO::Seek. */
static int64_t
message1_memory_io_seek(struct message1_io *io, int64_t position, int mode)
{
	switch (mode) {
	case MESSAGE1_SEEK_SET:
		io->cursor = (size_t)position;
		break;
	case MESSAGE1_SEEK_CUR:
		io->cursor += (size_t)position;
		break;
	case MESSAGE1_SEEK_END:
		io->cursor = io->length + (size_t)position;
		break;
	default:
		break;
	}
	return (int64_t)io->cursor;
}

/* BMemoryIO::Position. */
static int64_t
message1_memory_io_position(const struct message1_io *io)
{
	return (int64_t)io->cursor;
}

static const struct message1_io_ops message1_memory_io_ops = {
	.read = message1_position_io_read,
	.write = message1_position_io_write,
	.read_at = message1_memory_io_read_at,
	.write_at = message1_memory_io_write_at,
	.seek = message1_memory_io_seek,
	.position = message1_memory_io_position,
};

/* BMemoryIO(void *, size_t) and BMemoryIO(const void *, size_t). */
static void
message1_memory_io_init(struct message1_io *io, void *buffer, size_t size,
                        bool read_only)
{
	*io = (struct message1_io){.ops = &message1_memory_io_ops,
	                     .read_only = read_only,
	                     .buffer = buffer,
	                     .length = size,
	                     .physical = size};
}

/* write_helper: one Write, a count of bytes becoming OK. A write the
 * buffer cannot take whole fails here (2005 let it pass: its callers had
 * checked the room). */
static int
message1_write(struct message1_io *io, const void *data, size_t size)
{
	int64_t result = io->ops->write(io, data, size);
	if (result < 0)
		return (int)result;
	return (size_t)result == size ? BM_OK : BM_BUFFER_TOO_SMALL;
}

/* TReadHelper::operator(): one Read. A short read is the end of the bytes:
 * malformed input (2005 took it as success and used what it had not read). */
static int
message1_read(struct message1_io *io, void *data, size_t size)
{
	int64_t result = io->ops->read(io, data, size);
	if (result < 0)
		return (int)result;
	return (size_t)result == size ? BM_OK : BM_NOT_A_MESSAGE;
}

/* --- std::string --------------------------------------------------------- */

/*
 * A std::string of the libstdc++ the original is compiled with: up to 15
 * characters inside the object, longer ones in a heap block of their own.
 * The map's key and the field's fName are two such strings; the
 * temporaries 2005 built from `const char *` (one per map lookup) are a
 * copy into a stack buffer (message1_key), since find_data must not allocate.
 */
#define MESSAGE1_STRING_LOCAL 15

struct message1_string {
	char *chars; /* local, or a heap block */
	size_t length;
	char local[MESSAGE1_STRING_LOCAL + 1];
};

/* basic_string(const char *, size_t): BM_NO_MEMORY when the heap block of
 * a long string cannot be had. */
static int
message1_string_init(struct message1_string *string, const char *name,
                     size_t length)
{
	string->chars = string->local;
	if (length > MESSAGE1_STRING_LOCAL) {
		string->chars = bm_malloc(length + 1);
		if (string->chars == NULL)
			return BM_NO_MEMORY;
	}
	memcpy(string->chars, name, length);
	string->chars[length] = '\0';
	string->length = length;
	return BM_OK;
}

static void
message1_string_free(struct message1_string *string)
{
	if (string->chars != string->local)
		bm_free(string->chars);
}

/* The temporary std::string of a lookup, on the stack. */
struct message1_key {
	const char *chars;
	size_t length;
	char buffer[BM_NAME_MAX + 1];
};

/* std::string(const char *): BMessage's calls take the name as a C string,
 * and the string built from it measures it, then copies it. Every caller's
 * name is NUL-terminated at `length` (the slots' contract,
 * impl/descriptors/descriptor.h; unflatten terminates the name it read). */
static const struct message1_key *
message1_key_init(struct message1_key *key, const char *name, size_t length)
{
	length = strlen(name);
	if (length > BM_NAME_MAX) /* never, by that contract */
		length = BM_NAME_MAX;
	memcpy(key->buffer, name, length);
	key->buffer[length] = '\0';
	key->chars = key->buffer;
	key->length = length;
	return key;
}

/* std::string::compare: the common prefix by memcmp, then the difference
 * of the lengths, clamped to an int (_S_compare). */
static int
message1_compare(const char *a, size_t a_len, const char *b, size_t b_len)
{
	size_t common = a_len < b_len ? a_len : b_len;
	int order = common > 0 ? memcmp(a, b, common) : 0;
	if (order == 0) {
		int64_t difference = (int64_t)a_len - (int64_t)b_len;
		if (difference > INT32_MAX)
			order = INT32_MAX;
		else if (difference < INT32_MIN)
			order = INT32_MIN;
		else
			order = (int)difference;
	}
	return order;
}

/* --- BDataBuffer and calc_padding ---------------------------------------- */

/* Out of line, as 2005 had them in their own units (DataBuffer.cpp,
 * MessageUtils.cpp), so that the field code calls them rather than having
 * them folded in: the same work and the same calls, not a delay. GCC's
 * noipa also keeps the caller from using what it knows of their bodies
 * (registers they leave alone), as a call into another unit is. */
#if defined(__GNUC__) && !defined(__clang__)
#define MESSAGE1_CALL __attribute__((noipa))
#elif defined(__GNUC__)
#define MESSAGE1_CALL __attribute__((noinline))
#else
#define MESSAGE1_CALL
#endif

/* A BDataReference: the reference record of one item; its bytes are a
 * second heap block. A BDataBuffer is one pointer to it. */
struct message1_reference {
	void *data;
	size_t size;
	int32_t references;
};

/* BDataBuffer(const BDataBuffer &): BDataReference::Acquire. */
MESSAGE1_CALL static struct message1_reference *
message1_acquire(struct message1_reference *ref)
{
	ref->references++;
	return ref;
}

/* BDataBuffer(data, size, true): BDataReference::Create (the record, a
 * copy of the bytes) and one Acquire. NULL when an allocation fails
 * (nothing is kept then). */
MESSAGE1_CALL static struct message1_reference *
message1_buffer_create(const void *data, size_t size)
{
	struct message1_reference *ref = bm_malloc(sizeof *ref);
	if (ref == NULL)
		return NULL;
	ref->data = bm_malloc(size);
	if (ref->data == NULL) {
		bm_free(ref);
		return NULL;
	}
	memcpy(ref->data, data, size);
	ref->size = size;
	ref->references = 0;
	return message1_acquire(ref);
}

/* ~BDataBuffer: BDataReference::Release (the record and its bytes are
 * freed with the last reference). */
MESSAGE1_CALL static void
message1_release(struct message1_reference *ref)
{
	if (--ref->references <= 0) {
		bm_free(ref->data);
		bm_free(ref);
	}
}

/* BDataBuffer::BufferSize and Buffer. */
MESSAGE1_CALL static size_t
message1_buffer_size(const struct message1_reference *ref)
{
	return ref->size;
}

MESSAGE1_CALL static const void *
message1_buffer(const struct message1_reference *ref)
{
	return ref->data;
}

/* calc_padding: the bytes that take `size` to a multiple of `boundary`. */
MESSAGE1_CALL static size_t
message1_calc_padding(size_t size, size_t boundary)
{
	size_t pad = size % boundary;
	if (pad != 0)
		pad = boundary - pad;
	return pad;
}

/* --- BMessageField / BMessageFieldImpl<BDataBuffer> ---------------------- */

/*
 * BMessageField is an abstract class; every field is a
 * BMessageFieldImpl<BDataBuffer>. Its virtual functions are a table of
 * function pointers, called through where 2005 made a virtual call.
 */
struct message1_field;

struct message1_field_ops {
	const struct message1_string *(*name)(
		const struct message1_field *field);
	bm_type_code (*type)(const struct message1_field *field);
	bool (*fixed_size)(const struct message1_field *field);
	size_t (*flattened_size)(const struct message1_field *field);
	int (*flatten)(const struct message1_field *field,
	               struct message1_io *io);
	int32_t (*count_items)(const struct message1_field *field);
	void (*add_item)(struct message1_field *field,
	                 struct message1_reference *item);
	const void *(*data_at)(const struct message1_field *field,
	                       int32_t index, size_t *size);
};

struct message1_field {
	const struct message1_field_ops *ops;
	bm_type_code type;
	struct message1_string name;         /* fName */
	struct message1_reference **items;   /* std::vector<BDataBuffer> */
	int32_t count;
	int32_t capacity;
	size_t max_size;               /* fMaxSize */
	uint8_t flags;                 /* fFlags: BM_R5_FIELD_* */
	size_t data_size;              /* running sum of padded items (guard) */
};

/* A std::map node: red-black links, the key and the field pointer. */
struct message1_node {
	struct message1_node *parent;
	struct message1_node *left;
	struct message1_node *right;
	bool red;
	struct message1_string key;
	struct message1_field *field;
};

/* BMessageBody: the map, in a block of its own. */
struct message1_body {
	struct message1_node *root;
	int32_t field_count;
	size_t flat_size;              /* running flattened size (guard) */
};

/* BMessage: `what` (in the bm_message base) and fBody, the pointer to the
 * BMessageBody that InitData creates with new. */
struct message1_message {
	bm_message base;
	struct message1_body *body;
};

static struct message1_body *
message1_body_of(const bm_message *base)
{
	return ((const struct message1_message *)base)->body;
}

/* SizePolicy<BDataBuffer>::Size(const Store &): a walk over the items. */
static size_t
message1_store_size(const struct message1_field *field)
{
	size_t size = 0;
	for (int32_t i = 0; i < field->count; i++)
		size += message1_buffer_size(field->items[i]);
	return size;
}

/* SizePolicy<BDataBuffer>::Padding(const BDataBuffer &) and
 * Padding(const Store &): the padding after each size word and item. */
static size_t
message1_item_padding(const struct message1_reference *item)
{
	return message1_calc_padding(message1_buffer_size(item) + 4, 8);
}

static size_t
message1_store_padding(const struct message1_field *field)
{
	size_t size = 0;
	for (int32_t i = 0; i < field->count; i++)
		size += message1_item_padding(field->items[i]);
	return size;
}

static const struct message1_string *
message1_field_name(const struct message1_field *field)
{
	return &field->name;
}

static bm_type_code
message1_field_type(const struct message1_field *field)
{
	return field->type;
}

static bool
message1_field_fixed_size(const struct message1_field *field)
{
	return (field->flags & BM_R5_FIELD_FIXED) != 0;
}

static int32_t
message1_field_count_items(const struct message1_field *field)
{
	return field->count;
}

/* BMessageFieldImpl::FlattenedSize: the record header by the flags, the
 * name, then the items' sizes, size words and paddings (two walks). */
static size_t
message1_field_flattened_size(const struct message1_field *field)
{
	size_t size = 1 + 4; /* flags, type */
	if (!(field->flags & BM_R5_FIELD_SINGLE))
		size += (field->flags & BM_R5_FIELD_MINI) ? 1 : 4;
	size += (field->flags & BM_R5_FIELD_MINI) ? 1 : 4;
	size += 1 + field->ops->name(field)->length;
	size += message1_store_size(field);
	/* SizePolicy<BDataBuffer>::Fixed() is false. */
	size += 4 * (size_t)field->count;
	size += message1_store_padding(field);
	return size;
}

/* BMessageFieldImpl::Flatten: the record header one part per write (its
 * data size recomputed by walking the items), then per item its size word,
 * its bytes and its padding (from sNullData), one write each. */
static int
message1_field_flatten(const struct message1_field *field,
                       struct message1_io *io)
{
	static const uint8_t null_data[8];
	bm_type_code type = field->ops->type(field);
	uint32_t count = (uint32_t)field->count;
	uint8_t name_length = (uint8_t)field->ops->name(field)->length;
	size_t size = message1_store_size(field);
	uint8_t flags = field->flags;

	int rc = message1_write(io, &flags, 1);
	if (rc == BM_OK)
		rc = message1_write(io, &type, 4);
	if (rc == BM_OK && !(flags & BM_R5_FIELD_SINGLE)) {
		if (flags & BM_R5_FIELD_MINI) {
			uint8_t mini_count = (uint8_t)count;
			rc = message1_write(io, &mini_count, 1);
		} else {
			rc = message1_write(io, &count, 4);
		}
	}
	if (rc == BM_OK) {
		if (!(flags & BM_R5_FIELD_FIXED)) {
			size += 4 * (size_t)field->count;
			size += message1_store_padding(field);
		}
		if (flags & BM_R5_FIELD_MINI) {
			uint8_t mini_size = (uint8_t)size;
			rc = message1_write(io, &mini_size, 1);
		} else {
			uint32_t size_word = (uint32_t)size;
			rc = message1_write(io, &size_word, 4);
		}
	}
	if (rc == BM_OK)
		rc = message1_write(io, &name_length, 1);
	if (rc == BM_OK)
		rc = message1_write(io, field->ops->name(field)->chars,
		                    field->ops->name(field)->length);

	for (int32_t i = 0; i < field->count && rc == BM_OK; i++) {
		const struct message1_reference *item = field->items[i];
		uint32_t item_size = (uint32_t)message1_buffer_size(item);
		rc = message1_write(io, &item_size, 4);
		if (rc == BM_OK)
			rc = message1_write(io, message1_buffer(item),
			                    message1_buffer_size(item));
		if (rc == BM_OK)
			rc = message1_write(io, null_data,
			                    message1_item_padding(item));
	}
	return rc;
}

/* BMessageFieldImpl::AddItem: push_back (a copy of the BDataBuffer, so
 * one more reference), then the flags: FIXED_SIZE goes with the first
 * item (the size policy is not fixed), MINI_DATA once the data with its
 * size words and paddings (walked again on every add while MINI is set)
 * exceeds 255 bytes, SINGLE_ITEM once there are two items. The room in the
 * vector was made by message1_add before. */
static void
message1_field_add_item(struct message1_field *field,
                        struct message1_reference *item)
{
	field->items[field->count++] = message1_acquire(item);

	size_t item_size = message1_buffer_size(item);
	if (field->max_size != 0) {
		if (field->flags & BM_R5_FIELD_FIXED) {
			if (item_size > field->max_size)
				field->max_size = item_size;
			field->flags &= (uint8_t)~BM_R5_FIELD_FIXED;
		}
	} else {
		field->flags &= (uint8_t)~BM_R5_FIELD_FIXED;
		field->max_size = item_size;
	}

	if (field->flags & BM_R5_FIELD_MINI) {
		size_t size = message1_store_size(field);
		if (!(field->flags & BM_R5_FIELD_FIXED)) {
			size += 4 * (size_t)field->count;
			size += message1_store_padding(field);
		}
		if (size > MESSAGE1_MINI_MAX)
			field->flags &= (uint8_t)~BM_R5_FIELD_MINI;
	}
	if (field->count > 1)
		field->flags &= (uint8_t)~BM_R5_FIELD_SINGLE;
}

/* BMessageFieldImpl::DataAt: the item's size and bytes, or NULL past the
 * end (2005 tested only `index < CountItems()`; a negative index is turned
 * away by the caller). */
static const void *
message1_field_data_at(const struct message1_field *field, int32_t index,
                       size_t *size)
{
	if (index < field->ops->count_items(field)) {
		*size = message1_buffer_size(field->items[index]);
		return message1_buffer(field->items[index]);
	}
	return NULL;
}

static const struct message1_field_ops message1_field_impl_ops = {
	.name = message1_field_name,
	.type = message1_field_type,
	.fixed_size = message1_field_fixed_size,
	.flattened_size = message1_field_flattened_size,
	.flatten = message1_field_flatten,
	.count_items = message1_field_count_items,
	.add_item = message1_field_add_item,
	.data_at = message1_field_data_at,
};

/* --- The ordered map (std::map<std::string, BMessageField *>) ------------- */

static struct message1_node *
message1_first(struct message1_node *node)
{
	if (node != NULL) {
		while (node->left != NULL)
			node = node->left;
	}
	return node;
}

/*
 * std::map::find, as libstdc++'s _Rb_tree does it: lower_bound down to a
 * leaf (one compare per level, no early stop on equality), then one more
 * compare of the key with the bound found.
 */
static struct message1_node *
message1_map_lower_bound(const struct message1_body *msg,
                         const struct message1_key *key)
{
	struct message1_node *node = msg->root;
	struct message1_node *bound = NULL;
	while (node != NULL) {
		if (message1_compare(node->key.chars, node->key.length,
		                     key->chars, key->length) >= 0) {
			bound = node;
			node = node->left;
		} else {
			node = node->right;
		}
	}
	return bound;
}

static struct message1_node *
message1_map_find(const struct message1_body *msg,
                  const struct message1_key *key)
{
	struct message1_node *bound = message1_map_lower_bound(msg, key);
	if (bound == NULL ||
	    message1_compare(key->chars, key->length, bound->key.chars,
	                     bound->key.length) < 0)
		return NULL;
	return bound;
}

/* The in-order predecessor (_Rb_tree_decrement) of a node that has one. */
static struct message1_node *
message1_prev(struct message1_node *node)
{
	if (node->left != NULL) {
		node = node->left;
		while (node->right != NULL)
			node = node->right;
		return node;
	}
	struct message1_node *parent = node->parent;
	while (parent != NULL && node == parent->left) {
		node = parent;
		parent = parent->parent;
	}
	return parent;
}

/*
 * Where a key that is not in the map goes, given `bound`, its lower bound
 * (NULL: end()), as _M_get_insert_hint_unique_pos decides: after the
 * rightmost node when the bound is end(); before the bound when it is the
 * leftmost node; else after its predecessor when that has no right child,
 * before the bound otherwise (each test a compare, as there).
 */
static void
message1_map_hint_position(struct message1_body *msg,
                           struct message1_node *bound,
                           const struct message1_key *key,
                           struct message1_node **parent,
                           struct message1_node ***link)
{
	if (bound == NULL) {
		struct message1_node *last = msg->root;
		if (last == NULL) {
			*parent = NULL;
			*link = &msg->root;
			return;
		}
		while (last->right != NULL)
			last = last->right;
		(void)message1_compare(last->key.chars, last->key.length,
		                       key->chars, key->length);
		*parent = last;
		*link = &last->right;
		return;
	}
	(void)message1_compare(key->chars, key->length, bound->key.chars,
	                       bound->key.length);
	struct message1_node *before = message1_prev(bound);
	if (before == NULL) {
		*parent = bound;
		*link = &bound->left;
		return;
	}
	(void)message1_compare(before->key.chars, before->key.length,
	                       key->chars, key->length);
	if (before->right == NULL) {
		*parent = before;
		*link = &before->right;
	} else {
		*parent = bound;
		*link = &bound->left;
	}
}

/* The in-order successor, as std::map's iterator increment finds it. */
static struct message1_node *
message1_next(struct message1_node *node)
{
	if (node->right != NULL)
		return message1_first(node->right);
	struct message1_node *parent = node->parent;
	while (parent != NULL && node == parent->right) {
		node = parent;
		parent = parent->parent;
	}
	return parent;
}

/* Makes `child` take `node`'s place under node's parent. */
static void
message1_replace_child(struct message1_body *msg, struct message1_node *node,
                       struct message1_node *child)
{
	struct message1_node *parent = node->parent;
	child->parent = parent;
	if (parent == NULL)
		msg->root = child;
	else if (parent->left == node)
		parent->left = child;
	else
		parent->right = child;
}

static void
message1_rotate_left(struct message1_body *msg, struct message1_node *node)
{
	struct message1_node *pivot = node->right;
	node->right = pivot->left;
	if (pivot->left != NULL)
		pivot->left->parent = node;
	message1_replace_child(msg, node, pivot);
	pivot->left = node;
	node->parent = pivot;
}

static void
message1_rotate_right(struct message1_body *msg, struct message1_node *node)
{
	struct message1_node *pivot = node->left;
	node->left = pivot->right;
	if (pivot->right != NULL)
		pivot->right->parent = node;
	message1_replace_child(msg, node, pivot);
	pivot->right = node;
	node->parent = pivot;
}

/*
 * Links a new red node under `parent` (NULL: as the root) on the side
 * `link` points to, then restores the red-black rules: no red node has a
 * red child, and every path from the root to a leaf passes the same number
 * of black nodes (so the height stays below 2 log2(n + 1)). Never fails.
 */
static void
message1_link(struct message1_body *msg, struct message1_node *parent,
              struct message1_node **link, struct message1_node *node)
{
	node->parent = parent;
	node->left = node->right = NULL;
	node->red = true;
	*link = node;

	while (node->parent != NULL && node->parent->red) {
		struct message1_node *up = node->parent;
		/* A red node is never the root, so `up` has a parent. */
		struct message1_node *grand = up->parent;
		if (up == grand->left) {
			struct message1_node *uncle = grand->right;
			if (uncle != NULL && uncle->red) {
				up->red = uncle->red = false;
				grand->red = true;
				node = grand;
				continue;
			}
			if (node == up->right) {
				message1_rotate_left(msg, up);
				node = up;
				up = node->parent;
			}
			up->red = false;
			grand->red = true;
			message1_rotate_right(msg, grand);
		} else {
			struct message1_node *uncle = grand->left;
			if (uncle != NULL && uncle->red) {
				up->red = uncle->red = false;
				grand->red = true;
				node = grand;
				continue;
			}
			if (node == up->left) {
				message1_rotate_right(msg, up);
				node = up;
				up = node->parent;
			}
			up->red = false;
			grand->red = true;
			message1_rotate_left(msg, grand);
		}
	}
	msg->root->red = false;
}


/* --- Freeing ------------------------------------------------------------- */

/* ~BMessageFieldImpl: every BDataBuffer released, the vector, fName. */
static void
message1_free_field(struct message1_field *field)
{
	for (int32_t i = 0; i < field->count; i++)
		message1_release(field->items[i]);
	bm_free(field->items);
	message1_string_free(&field->name);
	bm_free(field);
}

/* BMessageBody::MakeEmpty: every field deleted, then std::map::clear,
 * bottom-up without recursion. */
static void
message1_free_tree(struct message1_node *node)
{
	while (node != NULL) {
		if (node->left != NULL) {
			node = node->left;
		} else if (node->right != NULL) {
			node = node->right;
		} else {
			struct message1_node *parent = node->parent;
			if (parent != NULL) {
				if (parent->left == node)
					parent->left = NULL;
				else
					parent->right = NULL;
			}
			message1_free_field(node->field);
			message1_string_free(&node->key);
			bm_free(node);
			node = parent;
		}
	}
}

/* --- Record sizes and flags (the guards) --------------------------------- */

/* Flags after an add that leaves `count` items taking `data_size` bytes:
 * what message1_field_add_item will compute, known here before anything is
 * allocated, for the BM_FLAT_MAX guard. (Every item takes at least 8
 * bytes, so a count past 255 implies data past 255.) */
static uint8_t
message1_flags_after_add(uint8_t flags, int32_t count, size_t data_size)
{
	flags &= (uint8_t)~BM_R5_FIELD_FIXED;
	if (data_size > MESSAGE1_MINI_MAX || count > MESSAGE1_MINI_MAX)
		flags &= (uint8_t)~BM_R5_FIELD_MINI;
	if (count > 1)
		flags &= (uint8_t)~BM_R5_FIELD_SINGLE;
	return flags;
}

/* Flattened size of an empty message: header and terminator. */
#define MESSAGE1_EMPTY_FLAT_SIZE (MESSAGE1_HEADER_SIZE + 1)

/* --- Finding ------------------------------------------------------------- */

/* BMessageBody::FindData(name, type, err): a std::string of the name, the
 * map's find, then the field's type (a virtual Type()). */
static int
message1_find_field(const struct message1_body *msg, const char *name,
                    size_t name_len, bm_type_code type,
                    struct message1_node **out)
{
	struct message1_key key;
	struct message1_node *node =
		message1_map_find(msg, message1_key_init(&key, name, name_len));
	if (node == NULL)
		return BM_NAME_NOT_FOUND;
	if (type != BM_ANY_TYPE && node->field->ops->type(node->field) != type)
		return BM_BAD_TYPE;
	*out = node;
	return BM_OK;
}

/* --- Adding -------------------------------------------------------------- */

/* fData[name] = field, for the node of a new field: another std::string
 * of the name, the map's lower_bound, the check that the key is not there,
 * then the node linked where the hint (the bound) says, as
 * _M_get_insert_hint_unique_pos finds it, and the tree rebalanced. */
static inline void
message1_map_insert(struct message1_body *msg, struct message1_node *new_node,
                    const char *name, size_t name_len)
{
	struct message1_key key;
	message1_key_init(&key, name, name_len);
	struct message1_node *bound = message1_map_lower_bound(msg, &key);
	if (bound != NULL)
		(void)message1_compare(key.chars, key.length, bound->key.chars,
		                       bound->key.length);
	struct message1_node *parent;
	struct message1_node **link;
	message1_map_hint_position(msg, bound, &key, &parent, &link);
	message1_link(msg, parent, link, new_node);
	msg->field_count++;
}

/*
 * BMessage::AddData, then BMessageBody::AddData<BDataBuffer>: the one add
 * path, used by add_data and by unflatten. `name` need not be
 * NUL-terminated. The BDataBuffer made here is the temporary of
 * BMessage::AddData: the field's vector holds a copy of it (a second
 * reference), and the temporary is released at the end.
 * long-function: the two 2005 functions followed step by step, with the
 * std::map insert and the std::vector push_back that run inside them,
 * every allocation before the first change and the undo of each on
 * failure in one place, as the failure paths need them.
 */
static int
message1_add(struct message1_body *msg, const char *name, size_t name_len,
             bm_type_code type, const void *data, size_t size)
{
	/* The flattened format has one byte for a name's length: AddData
	 * measures the C string it is given (strlen(name) > 255). `name` is
	 * NUL-terminated at name_len (see message1_key_init). */
	if (name_len > BM_NAME_MAX || strlen(name) > BM_NAME_MAX)
		return BM_BAD_VALUE;
	struct message1_node *node = NULL;
	int found = message1_find_field(msg, name, name_len, type, &node);
	if (found != BM_OK && found != BM_NAME_NOT_FOUND)
		return found; /* BM_BAD_TYPE: the name has another type */
	struct message1_field *field = node != NULL ? node->field : NULL;
	if (field != NULL ? field->count >= BM_COUNT_MAX
	                  : msg->field_count >= BM_COUNT_MAX)
		return BM_TOO_LARGE;

	/* The field's record before and after, for the BM_FLAT_MAX guard.
	 * Every running size is <= BM_FLAT_MAX and size <= BM_ITEM_MAX, so
	 * the sums below cannot wrap. */
	int32_t count = field != NULL ? field->count : 0;
	size_t old_data = field != NULL ? field->data_size : 0;
	uint8_t old_flags = field != NULL ? field->flags : MESSAGE1_FLAGS_NEW;
	size_t old_record = field != NULL
	                        ? bm__r5_record_header_size(old_flags, name_len) +
	                              old_data
	                        : 0;
	size_t item_bytes = bm__r5_var_item_size(size);
	if (item_bytes > BM_FLAT_MAX - old_data)
		return BM_TOO_LARGE;
	size_t new_data = old_data + item_bytes;
	uint8_t new_flags =
		message1_flags_after_add(old_flags, count + 1, new_data);
	size_t new_record = bm__r5_record_header_size(new_flags, name_len) +
	                    new_data;
	size_t rest = msg->flat_size - old_record;
	if (new_record > BM_FLAT_MAX - rest)
		return BM_TOO_LARGE;

	/* BDataBuffer(data, size, true): the reference record (Acquired once)
	 * and its copy of the bytes. */
	struct message1_node *new_node = NULL;
	struct message1_field *new_field = NULL;
	struct message1_reference **grown = NULL;
	struct message1_reference *reference =
		message1_buffer_create(data, size);
	if (reference == NULL)
		return BM_NO_MEMORY;

	/* A new field: the BMessageFieldImpl (with fName), then the map's
	 * node (with its own std::string key). */
	if (field == NULL) {
		new_field = bm_malloc(sizeof *new_field);
		if (new_field == NULL)
			goto fail_bytes;
		*new_field =
			(struct message1_field){.ops = &message1_field_impl_ops,
		                                .type = type,
		                                .flags = MESSAGE1_FLAGS_NEW};
		/* BMessageFieldImpl(const std::string &name, ...): a
		 * temporary std::string of the name, copied into fName. */
		struct message1_key temporary;
		message1_key_init(&temporary, name, name_len);
		if (message1_string_init(&new_field->name, temporary.chars,
		                         temporary.length) != BM_OK)
			goto fail_field;
		new_node = bm_malloc(sizeof *new_node);
		if (new_node == NULL)
			goto fail_name;
		*new_node = (struct message1_node){.field = new_field};
		if (message1_string_init(&new_node->key, name, name_len) !=
		    BM_OK)
			goto fail_node;
		field = new_field;
	}

	/* vector::push_back into a full vector (_M_realloc_insert): a new
	 * array of twice the capacity (at least 1), every element copied
	 * into it (a copy of a BDataBuffer Acquires), the old ones destroyed
	 * (Released) and the old array freed. */
	if (field->count == field->capacity) {
		size_t capacity = field->capacity > 0
		                      ? 2 * (size_t)field->capacity
		                      : 1;
		if (capacity > (size_t)BM_COUNT_MAX)
			capacity = (size_t)BM_COUNT_MAX;
		if (capacity > SIZE_MAX / sizeof *grown)
			goto fail_key;
		grown = bm_malloc(capacity * sizeof *grown);
		if (grown == NULL)
			goto fail_key;
		/* That was the last allocation: from here on nothing fails. */
		for (int32_t i = 0; i < field->count; i++)
			grown[i] = message1_acquire(field->items[i]);
		for (int32_t i = 0; i < field->count; i++)
			message1_release(field->items[i]);
		bm_free(field->items);
		field->items = grown;
		field->capacity = (int32_t)capacity;
	}

	if (new_node != NULL)
		message1_map_insert(msg, new_node, name, name_len);
	/* dynamic_cast<BMessageFieldImpl<BDataBuffer> *>: every field is
	 * one (2005 called debugger() otherwise). */
	if (field->ops == &message1_field_impl_ops)
		field->ops->add_item(field, reference);
	message1_release(reference); /* the temporary BDataBuffer */
	field->data_size = new_data;
	msg->flat_size = rest + new_record;
	return BM_OK;

fail_key:
	if (new_node != NULL)
		message1_string_free(&new_node->key);
fail_node:
	bm_free(new_node);
fail_name:
	if (new_field != NULL)
		message1_string_free(&new_field->name);
fail_field:
	bm_free(new_field);
fail_bytes:
	message1_release(reference);
	return BM_NO_MEMORY;
}

/* --- The header (BMessage::Header in src/kits/app/Message.cpp) ------------ */

struct message1_header {
	uint32_t body_size;
	uint32_t what;
	uint8_t flags;
};

/* BMessageBody::FlattenedSize: the terminator and every field's record
 * (a virtual FlattenedSize each, which walks its items). */
static size_t
message1_body_flattened_size(const struct message1_body *msg)
{
	size_t size = 1; /* MSG_LAST_ENTRY */
	for (struct message1_node *node = message1_first(msg->root);
	     node != NULL; node = message1_next(node))
		size += node->field->ops->flattened_size(node->field);
	return size;
}

/* Header::ReadFrom(const BMessage &): the body's flattened size, `what`,
 * and the flags (no target, no reply: the benchmark sets neither). */
static void
message1_header_from_message(struct message1_header *header,
                             const struct message1_message *msg)
{
	header->body_size = (uint32_t)message1_body_flattened_size(msg->body);
	header->what = msg->base.what;
	header->flags = MESSAGE1_MESSAGE_FLAGS;
}

static int message1_header_write(const struct message1_header *header,
                                 struct message1_io *io, bool checksum);

/* Header::CalculateCheckSum: the header written without its checksum
 * into a stack buffer, then summed from byte 8 (impl/README.md §5.4). */
static uint32_t
message1_header_checksum(const struct message1_header *header)
{
	uint8_t buffer[MESSAGE1_HEADER_MAX_SIZE];
	struct message1_io io;
	message1_memory_io_init(&io, buffer, sizeof buffer, false);
	(void)message1_header_write(header, &io, false);
	size_t size = (size_t)io.ops->position(&io);
	return bm__r5_checksum(buffer + 8, size - 8);
}

/* Header::WriteTo(BDataIO &, bool): magic, checksum, flattened size,
 * `what`, flags, one write each. */
static int
message1_header_write(const struct message1_header *header,
                      struct message1_io *io, bool checksum)
{
	uint32_t word = BM_R5_MAGIC;
	int rc = message1_write(io, &word, 4);
	if (rc == BM_OK) {
		word = checksum ? message1_header_checksum(header) : 0;
		rc = message1_write(io, &word, 4);
	}
	if (rc == BM_OK) {
		word = MESSAGE1_HEADER_SIZE + header->body_size;
		rc = message1_write(io, &word, 4);
	}
	if (rc == BM_OK)
		rc = message1_write(io, &header->what, 4);
	if (rc == BM_OK)
		rc = message1_write(io, &header->flags, 1);
	return rc;
}

/* --- The slots ----------------------------------------------------------- */

static int
message1_create(bm_message **out)
{
	struct message1_message *msg = bm_malloc(sizeof *msg);
	if (msg == NULL)
		return BM_NO_MEMORY;
	struct message1_body *body = bm_malloc(sizeof *body);
	if (body == NULL) {
		bm_free(msg);
		return BM_NO_MEMORY;
	}
	*body = (struct message1_body){.flat_size = MESSAGE1_EMPTY_FLAT_SIZE};
	*msg = (struct message1_message){.body = body};
	*out = &msg->base;
	return BM_OK;
}

static void
message1_make_empty(bm_message *base)
{
	struct message1_body *msg = message1_body_of(base);
	message1_free_tree(msg->root);
	msg->root = NULL;
	msg->field_count = 0;
	msg->flat_size = MESSAGE1_EMPTY_FLAT_SIZE;
}

static void
message1_destroy(bm_message *base)
{
	message1_make_empty(base);
	bm_free(message1_body_of(base));
	bm_free(base);
}

static int
message1_add_data(bm_message *base, const char *name, size_t name_len,
                  bm_type_code type, const void *data, size_t size,
                  bool fixed_size)
{
	(void)fixed_size; /* ignored by design: see the header comment */
	return message1_add(message1_body_of(base), name, name_len, type, data,
	                    size);
}

/* BMessageBody::FindData(name, type, index, data, size): the field, then
 * its virtual DataAt. */
static int
message1_find_data(const bm_message *base, const char *name, size_t name_len,
                   bm_type_code type, int32_t index, const void **data,
                   size_t *size)
{
	struct message1_node *node;
	int rc = message1_find_field(message1_body_of(base), name, name_len,
	                             type, &node);
	if (rc != BM_OK)
		return rc;
	if (index < 0)
		return BM_BAD_INDEX;
	const struct message1_field *field = node->field;
	size_t item_size;
	const void *item = field->ops->data_at(field, index, &item_size);
	if (item == NULL)
		return BM_BAD_INDEX;
	*data = item;
	*size = item_size;
	return BM_OK;
}

static void
message1_fill_info(const struct message1_node *node, struct bm_field_info *info)
{
	const struct message1_field *field = node->field;
	info->name = node->key.chars;
	info->name_len = node->key.length;
	info->type = field->ops->type(field);
	info->count = field->ops->count_items(field);
	/* FIXED_SIZE is cleared by every field's first item. */
	info->fixed_size = field->ops->fixed_size(field);
}

static int
message1_get_info(const bm_message *base, const char *name, size_t name_len,
                  struct bm_field_info *info)
{
	struct message1_node *node;
	int rc = message1_find_field(message1_body_of(base), name, name_len,
	                             BM_ANY_TYPE, &node);
	if (rc != BM_OK)
		return rc;
	message1_fill_info(node, info);
	return BM_OK;
}

/* BMessageBody::GetInfo(B_ANY_TYPE, which, ...): std::map has no index,
 * so an iterator advances from begin(). */
static int
message1_field_at(const bm_message *base, int32_t index,
                  struct bm_field_info *info)
{
	const struct message1_body *msg = message1_body_of(base);
	if (index < 0 || index >= msg->field_count)
		return BM_BAD_INDEX;
	struct message1_node *node = message1_first(msg->root);
	for (int32_t i = 0; i < index; i++)
		node = message1_next(node);
	message1_fill_info(node, info);
	return BM_OK;
}

static int32_t
message1_count_fields(const bm_message *base)
{
	return message1_body_of(base)->field_count;
}

/* BMessage::FlattenedSize: calc_hdr_size(0) plus the body's size. */
static int
message1_flattened_size(bm_message *base, size_t *size)
{
	const struct message1_body *msg = message1_body_of(base);
	/* The running size bounds every sum below by BM_FLAT_MAX. */
	if (msg->flat_size > BM_FLAT_MAX)
		return BM_TOO_LARGE;
	*size = MESSAGE1_HEADER_SIZE + message1_body_flattened_size(msg);
	return BM_OK;
}

/*
 * BMessage::Flatten(char *, ssize_t), with the size FlattenedSize()
 * reports, as Haiku's callers make it (the room is checked here; 2005's
 * Flatten did not): real_flatten over a BMemoryIO of the caller's buffer.
 * Header(*this) takes the body's flattened size (another walk), its
 * WriteTo writes the header once into a stack buffer for the checksum and
 * once into the stream; then every field's virtual Flatten, then the
 * terminator.
 */
static int
message1_flatten(bm_message *base, void *buffer, size_t capacity)
{
	struct message1_message *msg = (struct message1_message *)base;
	size_t total;
	int rc = message1_flattened_size(base, &total);
	if (rc != BM_OK)
		return rc;
	if (capacity < total)
		return BM_BUFFER_TOO_SMALL;
	struct message1_io io;
	message1_memory_io_init(&io, buffer, total, false);

	struct message1_header header;
	message1_header_from_message(&header, msg);
	rc = message1_header_write(&header, &io, true);
	for (struct message1_node *node = message1_first(msg->body->root);
	     node != NULL && rc == BM_OK; node = message1_next(node))
		rc = node->field->ops->flatten(node->field, &io);
	if (rc == BM_OK)
		rc = message1_write(&io, "", 1); /* MSG_LAST_ENTRY */
	return rc;
}

/*
 * BMessage::Unflatten(BDataIO *) over a BMemoryIO of the bytes, as
 * Unflatten(const char *) makes it: every part read through the stream;
 * per field its data copied into one scratch buffer that is realloc'd to
 * each field's size, then every item re-added with AddData.
 * long-function: the 2005 function followed step by step, with the
 * Header::ReadFrom it calls written inline: taken out into a function of
 * its own, as 2005 had it, it changes the code GCC makes for every
 * Unflatten of Message1.
 */
static int
message1_unflatten_stream(struct message1_message *msg, struct message1_io *io)
{
	uint8_t cache[MESSAGE1_HEADER_MAX_SIZE]; /* TChecksumHelper's buffer */
	size_t cached = 0;
	uint32_t magic, checksum, flat_size, what;
	uint8_t flags;

	/* Header::ReadFrom(BDataIO &). */
	int rc = message1_read(io, &magic, 4);
	if (rc == BM_OK)
		rc = message1_read(io, &checksum, 4);
	if (rc == BM_OK)
		rc = message1_read(io, &flat_size, 4);
	if (rc == BM_OK)
		rc = message1_read(io, &what, 4);
	if (rc == BM_OK)
		rc = message1_read(io, &flags, 1);
	if (rc != BM_OK)
		return rc;
	memcpy(cache, &flat_size, 4);
	memcpy(cache + 4, &what, 4);
	cache[8] = flags;
	cached = 9;
	/* The target (4 bytes), and the reply port, token and team with the
	 * four big flags (16 bytes), are read and summed; the benchmark's
	 * messages have neither. */
	size_t extra = ((flags & BM_R5_MESSAGE_INCLUDE_TARGET) ? 4 : 0) +
	               ((flags & BM_R5_MESSAGE_INCLUDE_REPLY) ? 16 : 0);
	if (extra > 0) {
		rc = message1_read(io, cache + cached, extra);
		if (rc != BM_OK)
			return rc;
		cached += extra;
	}
	if (checksum != bm__r5_checksum(cache, cached))
		return BM_NOT_A_MESSAGE;
	/* Header::WriteTo(BMessage &): the message made empty. */
	message1_make_empty(&msg->base);

	uint8_t *scratch = NULL; /* databuffer */
	char name[BM_NAME_MAX + 1];
	uint8_t field_flags;
	rc = message1_read(io, &field_flags, 1);
	while (rc == BM_OK && field_flags != 0) {
		bm_type_code type;
		uint32_t count, data_size;
		uint8_t byte, name_length;
		bool mini = (field_flags & BM_R5_FIELD_MINI) != 0;
		bool fixed = (field_flags & BM_R5_FIELD_FIXED) != 0;
		rc = message1_read(io, &type, 4);
		if (rc == BM_OK && (field_flags & BM_R5_FIELD_SINGLE)) {
			count = 1;
		} else if (rc == BM_OK) {
			if (mini) {
				rc = message1_read(io, &byte, 1);
				count = byte;
			} else {
				rc = message1_read(io, &count, 4);
			}
		}
		if (rc == BM_OK) {
			if (mini) {
				rc = message1_read(io, &byte, 1);
				data_size = byte;
			} else {
				rc = message1_read(io, &data_size, 4);
			}
		}
		if (rc == BM_OK)
			rc = message1_read(io, &name_length, 1);
		if (rc == BM_OK)
			rc = message1_read(io, name, name_length);
		if (rc != BM_OK)
			break;
		name[name_length] = '\0';

		/* The data must lie inside the message (memory safety: 2005
		 * allocated what the record said and read what there was). */
		if (data_size > io->length - io->cursor) {
			rc = BM_NOT_A_MESSAGE;
			break;
		}
		uint8_t *grown = bm_realloc(scratch, data_size > 0 ? data_size : 1);
		if (grown == NULL) {
			rc = BM_NO_MEMORY;
			break;
		}
		scratch = grown;
		rc = message1_read(io, scratch, data_size);
		if (rc != BM_OK)
			break;

		/* AddData takes the name as a C string: a NUL inside it ends
		 * it. An empty name is outside the contract. */
		size_t name_len = strlen(name);
		if (name_len == 0) {
			rc = BM_BAD_VALUE;
			break;
		}
		/* Fixed-size items: data_size / count bytes each (2005
		 * divided by a count of 0, and a count above the data size
		 * would add billions of empty items). */
		size_t item_size = 0;
		if (fixed) {
			if (count == 0 || count > data_size) {
				rc = BM_BAD_VALUE;
				break;
			}
			item_size = data_size / count;
		}
		size_t offset = 0;
		for (uint32_t i = 0; i < count && rc == BM_OK; i++) {
			if (i > 0)
				offset += fixed ? item_size
				                : item_size + message1_calc_padding(
				                                      item_size + 4, 8);
			if (!fixed) {
				/* The size word and the item must lie in the
				 * data (2005 read them wherever they were). Each
				 * item takes at least 8 bytes, so a count past
				 * what the data holds stops here. */
				if (offset > data_size || data_size - offset < 4) {
					rc = BM_BAD_VALUE;
					break;
				}
				uint32_t word;
				memcpy(&word, scratch + offset, 4);
				offset += 4;
				item_size = word;
				/* An empty item is outside the contract (sizes
				 * are 1 to BM_ITEM_MAX); 2005 added it. */
				if (item_size == 0 || item_size > data_size - offset) {
					rc = BM_BAD_VALUE;
					break;
				}
			}
			rc = message1_add(msg->body, name, name_len, type,
			                  scratch + offset, item_size);
			/* Two records of one name with different types: 2005's
			 * AddData refused the second (B_BAD_TYPE); malformed
			 * input, as bm_decode_into reports it. */
			if (rc == BM_BAD_TYPE)
				rc = BM_BAD_VALUE;
		}
		if (rc == BM_OK)
			rc = message1_read(io, &field_flags, 1);
	}
	/* 2005 leaked the scratch buffer (one block per Unflatten). */
	bm_free(scratch);
	if (rc == BM_OK)
		msg->base.what = what;
	return rc;
}

static int
message1_unflatten(bm_message *base, const void *data, size_t size)
{
	struct message1_message *msg = (struct message1_message *)base;
	/* Unflatten(const char *): the magic, then a BMemoryIO of the size the
	 * header states (which must lie in the buffer: the adapter of the
	 * original checks it too). Another byte order goes to the shared
	 * decoder. */
	if (size < 12)
		return BM_NOT_A_MESSAGE;
	if (bm__load32(data) != BM_R5_MAGIC)
		return BM_UNSUPPORTED;
	uint32_t flat_size = bm__load32((const uint8_t *)data + 8);
	if (flat_size > size)
		return BM_NOT_A_MESSAGE;
	struct message1_io io;
	message1_memory_io_init(&io, (void *)(uintptr_t)data, flat_size, true);
	int rc = message1_unflatten_stream(msg, &io);
	if (rc != BM_OK)
		message1_make_empty(base);
	return rc;
}

const struct bm_ops bm_message1_ops = {
	.version = 2,
	.name = "Message1",
	.summary = "Haiku 2005 (OpenBeOS BMessageBody): red-black tree of "
	           "fields by name, two heap blocks per item, sorted "
	           "all-variable FOB1",
	/* Unflatten checks what 2005 checked and what memory safety and
	 * termination need, so it accepts bytes the shared decoder refuses
	 * (see the header comment). */
	.flags = BM_BACKEND_CHECKS_ON_READ,
	.native_format = BM_FORMAT_R5,

	/* Lifetime */
	.create = message1_create,
	.destroy = message1_destroy,
	.make_empty = message1_make_empty,

	/* Fields and items */
	.add_data = message1_add_data,
	.find_data = message1_find_data,
	.get_info = message1_get_info,
	.field_at = message1_field_at,
	.count_fields = message1_count_fields,

	/* Flat form */
	.flattened_size = message1_flattened_size,
	.flatten = message1_flatten,
	.unflatten = message1_unflatten,

	/* What it is (version 2) */
	.kind = BM_KIND_HAIKU_2005,
	.decoded_formats = BM_DECODER_FORMATS,
	.repeated_names = BM_REPEATED_MERGE,
};
