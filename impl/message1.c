/*
 * message1.c - "Message1": the Haiku BMessage of 2005, re-created in C.
 *
 * Sources (impl/README.md §2.2 sums this backend up):
 * - OpenBeOS BMessageBody / BMessageField by E. Jaesler (2003,
 *   b1055b4c2d), as routed through BMessage::AddData since 2005-07
 *   (b0ba19ba3a): haiku/haiku:headers/private/app/MessageBody.h,
 *   MessageField.h, src/kits/app/MessageBody.cpp, MessageField.cpp and
 *   Message.cpp at 16ba0dc5ca^ (state of 2005-10-31: 0083a1f3f5).
 * - the flags Message1 writes (impl/README.md §5.5), the FOB1 record layout
 *   (impl/README.md §5.3) and header checksum (impl/README.md §5.4), and the
 *   per-operation costs (impl/README.md §2.6).
 * - An early revision of MessageField.h / MessageBody.cpp (OpenBeOS 2002)
 *   shows FlattenedSize() and Flatten() summing item sizes and paddings
 *   item by item, and Flatten() as one BDataIO::Write per part.
 *
 * The design
 * - BMessageBody is std::map<std::string, BMessageField*>: an ordered map
 *   keyed by name. Here it is a red-black tree, the structure libstdc++'s
 *   std::map is (_Rb_tree), with parent pointers as libstdc++ has, so that
 *   in-order iteration steps from node to successor without a stack. Keys
 *   compare as strcmp does (unsigned bytes, shorter prefix first), which is
 *   std::string's compare for names without NUL bytes. Fields are only ever
 *   added (the vtable has no remove), so only insertion rebalancing exists.
 * - A field costs three blocks when it is created, as in 2005: the map node
 *   (links, colour, key, value pointer), the key's characters (2005's
 *   libstdc++ std::string was copy-on-write with its characters in a
 *   separate heap block; the field's own fName shared that block, so it is
 *   stored once), and the BMessageField object (type, flags, item vector).
 *   The temporary std::strings 2005's code built from `const char *` on the
 *   way (one per map lookup, one more when creating a field) are not
 *   reproduced: they were allocator traffic of the C++ string class, not of
 *   the design's data structures, and find_data must not allocate.
 * - Each field holds a std::vector<BDataBuffer>. A BDataBuffer is one
 *   pointer to a ref-counted BDataReference {data, size, count}; the
 *   reference record and its own copy of the bytes are two heap blocks, so
 *   every item costs two allocations. The vector grows as libstdc++'s does
 *   on push_back: capacity 0, 1, 2, 4, 8 ... (new = max(2 * old, 1)),
 *   each time a new array, a copy of the elements and a free of the old
 *   array (std::allocator never reallocs). The reference count is always 1
 *   here, since messages are never copied; it is kept so that the record
 *   has its 2005 shape.
 * - is_fixed_size is ignored, as BMessage::AddData ignored it: every field
 *   starts with flags MSG_FLAG_ALL (0x0F) and its first item clears
 *   FIXED_SIZE, because BDataBuffer's size policy is not fixed
 *   (impl/README.md §5.5). So get_info reports fixed_size = false for every
 *   field, and every item is written as a variable-size chunk
 *   [int32 size][bytes][zero pad to 8], ints included.
 * - Adding to an existing field with another type returns BM_BAD_TYPE:
 *   AddData looked the field up with FindData(name, type), which checks the
 *   type. Item sizes were never checked (there is no fixed-size field to
 *   check against), so items of different sizes in one field are accepted,
 *   and BM_BAD_VALUE is never returned by add_data.
 * - MINI_DATA is cleared once the record's data (size words and padding
 *   included) exceeds 255 bytes or the count exceeds 255; SINGLE_ITEM once
 *   the count exceeds 1 (impl/README.md §5.5). Flags are only ever cleared,
 *   and fields only grow, so this equals "fits now". (The early 2002
 *   revision tested the largest item against 256 instead; the final code
 *   is the one impl/README.md §5.5 describes.)
 * - Lookup is a tree search, O(log n). find_data then indexes the vector,
 *   O(1). (2005's DataAt checked `index > CountItems()`, an off-by-one; the
 *   contract's BM_BAD_INDEX is returned for every index >= count.)
 * - field_at(index) walks the tree in order from its first node, O(log n +
 *   index), as advancing a std::map iterator does: std::map has no index.
 *   count_fields is O(1) (std::map keeps its size).
 * - FlattenedSize walks every field and every item, summing padded item
 *   sizes, as 2005's FlattenedSize() did. Flatten computes that size,
 *   allocates a temporary buffer of that size (2005: new char[...] in
 *   Flatten(BDataIO*)), writes into it through a BDataIO-like stream with
 *   one write per part (header; per field the record header; per item its
 *   size word, its bytes and its padding), then copies the buffer out to
 *   the caller's and frees it. Each field's record header recomputes the
 *   field's data size by walking its items, as BMessageFieldImpl::Flatten
 *   did. Header flags are 0x00 (MSG_FLAG_BIG_ENDIAN clear on x86; written
 *   0x00 on every host, as the bytes are in host order anyway), fields
 *   come out sorted by name, padding is zero (sNullData).
 * - Unflatten reads native FOB1 (host order) with the shared reader
 *   bm__r5_open/bm__r5_next, which checks the checksum as 2005's
 *   Header::ReadFrom did, and re-adds every item through the add path.
 *   Swapped FOB1 is left to the shared decoder (BM_UNSUPPORTED).
 *
 * Choices of this re-creation that 2005 did not have to make
 * - Limits: a field holds at most BM_COUNT_MAX items and the message at
 *   most BM_COUNT_MAX fields; an add that would make the flattened message
 *   larger than BM_FLAT_MAX returns BM_TOO_LARGE. To check that in O(1) the
 *   message keeps a running flattened size and each field a running data
 *   size (also used for the MINI rule). These are guards only: flatten
 *   still computes its size by walking, as the design did.
 * - Every block an add needs is allocated before anything is linked, so a
 *   failed allocation returns BM_NO_MEMORY with the message unchanged.
 */
#include "alloc.h"
#include "bmsg.h"
#include "wire.h"

#include <stdint.h>
#include <string.h>

/* Field flags start as MSG_FLAG_ALL, as BMessageFieldImpl's fFlags did. */
#define M1_FLAGS_NEW                                                        \
	(BM_R5_FIELD_VALID | BM_R5_FIELD_MINI | BM_R5_FIELD_FIXED |          \
	 BM_R5_FIELD_SINGLE)

/* Largest data size and count a MINI record can state (one byte each). */
#define M1_MINI_MAX 255

/* Header flags Message1 writes on a little-endian host (impl/README.md §5.2,
 * impl/README.md §5.5). */
#define M1_MESSAGE_FLAGS 0x00

/* A BDataReference: the reference record of one item. Its bytes are a
 * second heap block. */
struct m1_reference {
	void *data;
	size_t size;
	int32_t references;
};

/* A BMessageFieldImpl<BDataBuffer>: type, flags and the item vector. */
struct m1_field {
	bm_type_code type;
	uint8_t flags;                 /* BM_R5_FIELD_* */
	struct m1_reference **items;   /* std::vector<BDataBuffer> */
	int32_t count;
	int32_t capacity;
	size_t data_size;              /* running sum of padded items (guard) */
};

/* A std::map node: red-black links, the key and the field pointer. */
struct m1_node {
	struct m1_node *parent;
	struct m1_node *left;
	struct m1_node *right;
	bool red;
	char *name;                    /* the key's own block, NUL-terminated */
	size_t name_len;
	struct m1_field *field;
};

struct m1_message {
	bm_message base;
	struct m1_node *root;
	int32_t field_count;
	size_t flat_size;              /* running flattened size (guard) */
};

/* --- The ordered map --------------------------------------------------- */

/* Orders names as strcmp does: unsigned bytes, a prefix first. */
static int
m1_compare_names(const char *a, size_t a_len, const char *b, size_t b_len)
{
	int order = memcmp(a, b, a_len < b_len ? a_len : b_len);
	if (order != 0)
		return order;
	return (a_len > b_len) - (a_len < b_len);
}

/* Finds the node of `name`; NULL when absent. */
static struct m1_node *
m1_lookup(const struct m1_message *msg, const char *name, size_t name_len)
{
	struct m1_node *node = msg->root;
	while (node != NULL) {
		int order = m1_compare_names(name, name_len, node->name,
		                             node->name_len);
		if (order == 0)
			return node;
		node = order < 0 ? node->left : node->right;
	}
	return NULL;
}

static struct m1_node *
m1_first(struct m1_node *node)
{
	if (node != NULL) {
		while (node->left != NULL)
			node = node->left;
	}
	return node;
}

/* The in-order successor, as std::map's iterator increment finds it. */
static struct m1_node *
m1_next(struct m1_node *node)
{
	if (node->right != NULL)
		return m1_first(node->right);
	struct m1_node *parent = node->parent;
	while (parent != NULL && node == parent->right) {
		node = parent;
		parent = parent->parent;
	}
	return parent;
}

/* Makes `child` take `node`'s place under node's parent. */
static void
m1_replace_child(struct m1_message *msg, struct m1_node *node,
                 struct m1_node *child)
{
	struct m1_node *parent = node->parent;
	child->parent = parent;
	if (parent == NULL)
		msg->root = child;
	else if (parent->left == node)
		parent->left = child;
	else
		parent->right = child;
}

static void
m1_rotate_left(struct m1_message *msg, struct m1_node *node)
{
	struct m1_node *pivot = node->right;
	node->right = pivot->left;
	if (pivot->left != NULL)
		pivot->left->parent = node;
	m1_replace_child(msg, node, pivot);
	pivot->left = node;
	node->parent = pivot;
}

static void
m1_rotate_right(struct m1_message *msg, struct m1_node *node)
{
	struct m1_node *pivot = node->left;
	node->left = pivot->right;
	if (pivot->right != NULL)
		pivot->right->parent = node;
	m1_replace_child(msg, node, pivot);
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
m1_link(struct m1_message *msg, struct m1_node *parent,
        struct m1_node **link, struct m1_node *node)
{
	node->parent = parent;
	node->left = node->right = NULL;
	node->red = true;
	*link = node;

	while (node->parent != NULL && node->parent->red) {
		struct m1_node *up = node->parent;
		/* A red node is never the root, so `up` has a parent. */
		struct m1_node *grand = up->parent;
		if (up == grand->left) {
			struct m1_node *uncle = grand->right;
			if (uncle != NULL && uncle->red) {
				up->red = uncle->red = false;
				grand->red = true;
				node = grand;
				continue;
			}
			if (node == up->right) {
				m1_rotate_left(msg, up);
				node = up;
				up = node->parent;
			}
			up->red = false;
			grand->red = true;
			m1_rotate_right(msg, grand);
		} else {
			struct m1_node *uncle = grand->left;
			if (uncle != NULL && uncle->red) {
				up->red = uncle->red = false;
				grand->red = true;
				node = grand;
				continue;
			}
			if (node == up->left) {
				m1_rotate_right(msg, up);
				node = up;
				up = node->parent;
			}
			up->red = false;
			grand->red = true;
			m1_rotate_left(msg, grand);
		}
	}
	msg->root->red = false;
}

static void
m1_free_field(struct m1_field *field)
{
	for (int32_t i = 0; i < field->count; i++) {
		bm_free(field->items[i]->data);
		bm_free(field->items[i]);
	}
	bm_free(field->items);
	bm_free(field);
}

/* Frees every node bottom-up without recursion (std::map::clear). */
static void
m1_free_tree(struct m1_node *node)
{
	while (node != NULL) {
		if (node->left != NULL) {
			node = node->left;
		} else if (node->right != NULL) {
			node = node->right;
		} else {
			struct m1_node *parent = node->parent;
			if (parent != NULL) {
				if (parent->left == node)
					parent->left = NULL;
				else
					parent->right = NULL;
			}
			m1_free_field(node->field);
			bm_free(node->name);
			bm_free(node);
			node = parent;
		}
	}
}

/* --- Record sizes and flags ------------------------------------------------- */

/* Flags after an add that leaves `count` items taking `data_size` bytes. */
static uint8_t
m1_flags_after_add(uint8_t flags, int32_t count, size_t data_size)
{
	flags &= (uint8_t)~BM_R5_FIELD_FIXED;
	if (data_size > M1_MINI_MAX || count > M1_MINI_MAX)
		flags &= (uint8_t)~BM_R5_FIELD_MINI;
	if (count > 1)
		flags &= (uint8_t)~BM_R5_FIELD_SINGLE;
	return flags;
}

/* The field's data size as 2005 computed it: a walk over its items. */
static size_t
m1_walk_data_size(const struct m1_field *field)
{
	size_t size = 0;
	for (int32_t i = 0; i < field->count; i++)
		size += bm__r5_var_item_size(field->items[i]->size);
	return size;
}

/* Flattened size of an empty message: header and terminator. */
#define M1_EMPTY_FLAT_SIZE (BM_R5_HEADER_SIZE + 1)

/* --- Adding ---------------------------------------------------------------- */

/*
 * BMessage::AddData + BMessageBody::AddData<BDataBuffer>: the one add path,
 * used by add_data and by unflatten. `name` need not be NUL-terminated.
 */
static int
m1_add(struct m1_message *msg, const char *name, size_t name_len,
       bm_type_code type, const void *data, size_t size)
{
	/* Find the field, or where its node will be linked. */
	struct m1_node *parent = NULL;
	struct m1_node **link = &msg->root;
	struct m1_node *node = NULL;
	while (*link != NULL) {
		int order = m1_compare_names(name, name_len, (*link)->name,
		                             (*link)->name_len);
		if (order == 0) {
			node = *link;
			break;
		}
		parent = *link;
		link = order < 0 ? &parent->left : &parent->right;
	}
	struct m1_field *field = node != NULL ? node->field : NULL;
	if (field != NULL && field->type != type)
		return BM_BAD_TYPE;
	if (field != NULL ? field->count >= BM_COUNT_MAX
	                  : msg->field_count >= BM_COUNT_MAX)
		return BM_TOO_LARGE;

	/* The field's record before and after, for the BM_FLAT_MAX guard.
	 * Every running size is <= BM_FLAT_MAX and size <= BM_ITEM_MAX, so
	 * the sums below cannot wrap. */
	int32_t count = field != NULL ? field->count : 0;
	size_t old_data = field != NULL ? field->data_size : 0;
	uint8_t old_flags = field != NULL ? field->flags : M1_FLAGS_NEW;
	size_t old_record = field != NULL
	                        ? bm__r5_record_header_size(old_flags, name_len) +
	                              old_data
	                        : 0;
	size_t item_bytes = bm__r5_var_item_size(size);
	if (item_bytes > BM_FLAT_MAX - old_data)
		return BM_TOO_LARGE;
	size_t new_data = old_data + item_bytes;
	uint8_t new_flags = m1_flags_after_add(old_flags, count + 1, new_data);
	size_t new_record = bm__r5_record_header_size(new_flags, name_len) +
	                    new_data;
	size_t rest = msg->flat_size - old_record;
	if (new_record > BM_FLAT_MAX - rest)
		return BM_TOO_LARGE;

	/* The BDataBuffer: reference record, then its copy of the bytes. */
	struct m1_node *new_node = NULL;
	char *key = NULL;
	struct m1_reference **grown = NULL;
	struct m1_reference *reference = bm_malloc(sizeof *reference);
	if (reference == NULL)
		return BM_NO_MEMORY;
	reference->data = bm_malloc(size);
	if (reference->data == NULL)
		goto fail_reference;
	memcpy(reference->data, data, size);
	reference->size = size;
	reference->references = 1;

	/* A new field: the BMessageField, the key's characters, the node. */
	if (field == NULL) {
		field = bm_malloc(sizeof *field);
		if (field == NULL)
			goto fail_bytes;
		*field = (struct m1_field){.type = type, .flags = M1_FLAGS_NEW};
		key = bm_malloc(name_len + 1);
		if (key == NULL)
			goto fail_field;
		memcpy(key, name, name_len);
		key[name_len] = '\0';
		new_node = bm_malloc(sizeof *new_node);
		if (new_node == NULL)
			goto fail_key;
		*new_node = (struct m1_node){
			.name = key, .name_len = name_len, .field = field};
	}

	/* vector::push_back: a full vector moves to a new, doubled array. */
	if (field->count == field->capacity) {
		size_t capacity = field->capacity > 0
		                      ? 2 * (size_t)field->capacity
		                      : 1;
		if (capacity > (size_t)BM_COUNT_MAX)
			capacity = (size_t)BM_COUNT_MAX;
		if (capacity > SIZE_MAX / sizeof *grown)
			goto fail_node;
		grown = bm_malloc(capacity * sizeof *grown);
		if (grown == NULL)
			goto fail_node;
		/* That was the last allocation: from here on nothing fails. */
		if (field->count > 0)
			memcpy(grown, field->items,
			       (size_t)field->count * sizeof *grown);
		bm_free(field->items);
		field->items = grown;
		field->capacity = (int32_t)capacity;
	}

	if (new_node != NULL) {
		m1_link(msg, parent, link, new_node);
		msg->field_count++;
	}
	field->items[field->count++] = reference;
	field->flags = new_flags;
	field->data_size = new_data;
	msg->flat_size = rest + new_record;
	return BM_OK;

fail_node:
	bm_free(new_node);
fail_key:
	bm_free(key);
fail_field:
	if (node == NULL)
		bm_free(field);
fail_bytes:
	bm_free(reference->data);
fail_reference:
	bm_free(reference);
	return BM_NO_MEMORY;
}

/* --- Flattening --------------------------------------------------------------- */

/* A BDataIO over the temporary buffer: one call per written part. */
struct m1_stream {
	uint8_t *buffer;
	size_t capacity;
	size_t position;
};

static int
m1_stream_write(struct m1_stream *stream, const void *data, size_t size)
{
	if (size > stream->capacity - stream->position)
		return BM_BUFFER_TOO_SMALL;
	if (size > 0)
		memcpy(stream->buffer + stream->position, data, size);
	stream->position += size;
	return BM_OK;
}

/* BMessageFieldImpl::Flatten: the record header, then per item its size
 * word, its bytes and its zero padding, each one write. */
static int
m1_flatten_field(struct m1_stream *stream, const struct m1_node *node)
{
	static const uint8_t zeros[8];
	const struct m1_field *field = node->field;
	uint8_t header[1 + 4 + 4 + 4 + 1 + BM_NAME_MAX];
	uint8_t *end = bm__r5_write_record_header(
		header, field->flags, field->type, (uint32_t)field->count,
		(uint32_t)m1_walk_data_size(field), node->name, node->name_len);
	int rc = m1_stream_write(stream, header, (size_t)(end - header));
	for (int32_t i = 0; i < field->count && rc == BM_OK; i++) {
		const struct m1_reference *item = field->items[i];
		uint8_t size_word[4];
		bm__store32(size_word, (uint32_t)item->size);
		rc = m1_stream_write(stream, size_word, sizeof size_word);
		if (rc == BM_OK)
			rc = m1_stream_write(stream, item->data, item->size);
		if (rc == BM_OK)
			rc = m1_stream_write(stream, zeros,
			                     bm__r5_var_item_size(item->size) -
			                         4 - item->size);
	}
	return rc;
}

/* --- The slots ------------------------------------------------------------------ */

static int
m1_create(bm_message **out)
{
	struct m1_message *msg = bm_malloc(sizeof *msg);
	if (msg == NULL)
		return BM_NO_MEMORY;
	*msg = (struct m1_message){.flat_size = M1_EMPTY_FLAT_SIZE};
	*out = &msg->base;
	return BM_OK;
}

static void
m1_make_empty(bm_message *base)
{
	struct m1_message *msg = (struct m1_message *)base;
	m1_free_tree(msg->root);
	msg->root = NULL;
	msg->field_count = 0;
	msg->flat_size = M1_EMPTY_FLAT_SIZE;
}

static void
m1_destroy(bm_message *base)
{
	m1_make_empty(base);
	bm_free(base);
}

static int
m1_add_data(bm_message *base, const char *name, size_t name_len,
            bm_type_code type, const void *data, size_t size,
            bool fixed_size)
{
	(void)fixed_size; /* ignored by design: see the header comment */
	return m1_add((struct m1_message *)base, name, name_len, type, data,
	              size);
}

static int
m1_find_data(const bm_message *base, const char *name, size_t name_len,
             bm_type_code type, int32_t index, const void **data,
             size_t *size)
{
	const struct m1_message *msg = (const struct m1_message *)base;
	const struct m1_node *node = m1_lookup(msg, name, name_len);
	if (node == NULL)
		return BM_NAME_NOT_FOUND;
	const struct m1_field *field = node->field;
	if (type != BM_ANY_TYPE && type != field->type)
		return BM_BAD_TYPE;
	if (index < 0 || index >= field->count)
		return BM_BAD_INDEX;
	*data = field->items[index]->data;
	*size = field->items[index]->size;
	return BM_OK;
}

static void
m1_fill_info(const struct m1_node *node, struct bm_field_info *info)
{
	info->name = node->name;
	info->name_len = node->name_len;
	info->type = node->field->type;
	info->count = node->field->count;
	/* FIXED_SIZE is cleared by every field's first item. */
	info->fixed_size = (node->field->flags & BM_R5_FIELD_FIXED) != 0;
}

static int
m1_get_info(const bm_message *base, const char *name, size_t name_len,
            struct bm_field_info *info)
{
	const struct m1_node *node =
		m1_lookup((const struct m1_message *)base, name, name_len);
	if (node == NULL)
		return BM_NAME_NOT_FOUND;
	m1_fill_info(node, info);
	return BM_OK;
}

static int
m1_field_at(const bm_message *base, int32_t index,
            struct bm_field_info *info)
{
	const struct m1_message *msg = (const struct m1_message *)base;
	if (index < 0 || index >= msg->field_count)
		return BM_BAD_INDEX;
	/* std::map has no index: advance an iterator from begin(). */
	struct m1_node *node = m1_first(msg->root);
	for (int32_t i = 0; i < index; i++)
		node = m1_next(node);
	m1_fill_info(node, info);
	return BM_OK;
}

static int32_t
m1_count_fields(const bm_message *base)
{
	return ((const struct m1_message *)base)->field_count;
}

/* BMessageBody::FlattenedSize: header, every field's record (walking its
 * items), terminator. */
static int
m1_flattened_size(bm_message *base, size_t *size)
{
	const struct m1_message *msg = (const struct m1_message *)base;
	size_t total = M1_EMPTY_FLAT_SIZE;
	for (struct m1_node *node = m1_first(msg->root); node != NULL;
	     node = m1_next(node)) {
		size_t record =
			bm__r5_record_header_size(node->field->flags,
			                          node->name_len) +
			m1_walk_data_size(node->field);
		if (record > BM_FLAT_MAX - total)
			return BM_TOO_LARGE;
		total += record;
	}
	*size = total;
	return BM_OK;
}

static int
m1_flatten(bm_message *base, void *buffer, size_t capacity)
{
	struct m1_message *msg = (struct m1_message *)base;
	size_t total;
	int rc = m1_flattened_size(base, &total);
	if (rc != BM_OK)
		return rc;
	if (capacity < total)
		return BM_BUFFER_TOO_SMALL;
	uint8_t *temporary = bm_malloc(total);
	if (temporary == NULL)
		return BM_NO_MEMORY;
	struct m1_stream stream = {.buffer = temporary, .capacity = total};

	uint8_t header[BM_R5_HEADER_SIZE];
	bm__r5_write_header(header, (uint32_t)total, msg->base.what,
	                    M1_MESSAGE_FLAGS);
	rc = m1_stream_write(&stream, header, sizeof header);
	for (struct m1_node *node = m1_first(msg->root);
	     node != NULL && rc == BM_OK; node = m1_next(node))
		rc = m1_flatten_field(&stream, node);
	if (rc == BM_OK)
		rc = m1_stream_write(&stream, "", 1); /* the terminator */

	if (rc == BM_OK)
		memcpy(buffer, temporary, total);
	bm_free(temporary);
	return rc;
}

static int
m1_unflatten(bm_message *base, const void *data, size_t size)
{
	struct m1_message *msg = (struct m1_message *)base;
	struct bm__r5_reader reader;
	int rc = bm__r5_open_native(&reader, data, size, BM__R5_CHECK_ALL);
	if (rc != BM_OK)
		return rc;

	struct bm__r5_record record;
	while ((rc = bm__r5_next(&reader, &record)) == 1) {
		bool fixed = (record.flags & BM_R5_FIELD_FIXED) != 0;
		size_t fixed_item_size = fixed ? record.data_size / record.count : 0;
		const uint8_t *next = record.data;
		for (uint32_t i = 0; i < record.count && rc == 1; i++) {
			const uint8_t *item = next;
			size_t item_size = fixed_item_size;
			if (fixed)
				next += fixed_item_size;
			else
				next = bm__r5_next_chunk(next, false, &item, &item_size);
			int added = m1_add(msg, record.name, record.name_len,
			                   record.type, item, item_size);
			/* Two records of one name with different types are
			 * malformed input, as bm_decode_into reports it. */
			if (added != BM_OK)
				rc = added == BM_BAD_TYPE ? BM_BAD_VALUE : added;
		}
		if (rc != 1)
			break;
	}
	if (rc != 0) {
		m1_make_empty(base);
		return rc;
	}
	msg->base.what = reader.what;
	return BM_OK;
}

const struct bm_ops bm_message1_ops = {
	.version = 2,
	.name = "Message1",
	.summary = "Haiku 2005 (OpenBeOS BMessageBody): red-black tree of "
	           "fields by name, two heap blocks per item, sorted "
	           "all-variable FOB1",
	.native_format = BM_FORMAT_R5,

	/* Lifetime */
	.create = m1_create,
	.destroy = m1_destroy,
	.make_empty = m1_make_empty,

	/* Fields and items */
	.add_data = m1_add_data,
	.find_data = m1_find_data,
	.get_info = m1_get_info,
	.field_at = m1_field_at,
	.count_fields = m1_count_fields,

	/* Flat form */
	.flattened_size = m1_flattened_size,
	.flatten = m1_flatten,
	.unflatten = m1_unflatten,

	/* What it is (version 2) */
	.kind = BM_KIND_HAIKU_2005,
	.decoded_formats = BM_DECODER_FORMATS,
	.repeated_names = BM_REPEATED_MERGE,
};
