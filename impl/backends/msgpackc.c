/*
 * msgpackc.c - MessagePack through msgpack-c, a backend of kind library
 * (impl/README.md §12.4): the adds are kept in the adds' structure
 * (adds.h) and msgpack-c's packer builds the map at Flatten; an
 * unflattened message is the object tree msgpack-c's unpacker made from a
 * copy of the bytes of its own, read without checking again.
 */
#include "adds.h"
#include "alloc.h"
#include "descriptor.h"
#include "status.h"

#include <msgpack.h>

#include <stdint.h>
#include <string.h>

/* An int32 item read back is the low half of its object's int64, which
 * is where it starts on a little-endian host. */
#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "msgpackc.c reads int32 items in place: little-endian hosts only"
#endif

/* Values a field's array holds before its items: the type code and the
 * fixed-size flag. */
#define MSGPACKC_HEAD 2

struct msgpackc_message {
	bm_message base;
	/* The adds' structure (built mode). */
	struct bm__adds adds;
	/* The map FlattenedSize built, which the next Flatten writes (data
	 * NULL when none); any change drops it. */
	msgpack_sbuffer built;
	uint32_t built_what;
	/* An unflattened message (read mode; `copy` NULL in built mode): the
	 * copy of its bytes, each string item's NUL written after it, and the
	 * tree msgpack-c unpacked from it, whose strings and binaries point
	 * into the copy; its fields are the map's entries after the what. */
	char *copy;
	msgpack_unpacked unpacked;
	msgpack_object_kv *fields;
	int32_t field_count;
};

/* --- Lifetime ------------------------------------------------------------- */

static void
msgpackc_drop_built(struct msgpackc_message *m)
{
	msgpack_sbuffer_destroy(&m->built);
	memset(&m->built, 0, sizeof m->built);
}

static void
msgpackc_drop_tree(struct msgpackc_message *m)
{
	msgpack_unpacked_destroy(&m->unpacked);
	bm_free(m->copy);
	m->copy = NULL;
	m->fields = NULL;
	m->field_count = 0;
}

static void
msgpackc_make_empty(bm_message *msg)
{
	struct msgpackc_message *m = (struct msgpackc_message *)msg;
	bm__adds_free(&m->adds);
	msgpackc_drop_built(m);
	msgpackc_drop_tree(m);
}

static int
msgpackc_create(bm_message **out)
{
	struct msgpackc_message *m = bm_malloc(sizeof *m);
	if (m == NULL)
		return BM_NO_MEMORY;
	memset(m, 0, sizeof *m);
	msgpack_unpacked_init(&m->unpacked);
	*out = &m->base;
	return BM_OK;
}

static void
msgpackc_destroy(bm_message *msg)
{
	msgpackc_make_empty(msg);
	bm_free(msg);
}

/* --- The bound before the unpacker ---------------------------------------- */

/* Containers open at once in this layout: the map and a field's array. */
#define MSGPACKC_DEPTH 2

/* What a value's type byte says: a value with no values inside, an array,
 * a map, or a byte that is no type. */
enum msgpackc_kind {
	MSGPACKC_SCALAR,
	MSGPACKC_ARRAY,
	MSGPACKC_MAP,
	MSGPACKC_NO_TYPE
};

/* Type bytes 0xc0 to 0xdf, from the table of formats of the MessagePack
 * specification: the bytes of the length or count after the type byte,
 * the bytes after those besides a length's payload (a fixed value; an
 * ext's type), and the kind. Lengths of str, bin and ext are payloads. */
static const struct {
	uint8_t width, fixed, kind;
} msgpackc_formats[32] = {
	{0, 0, MSGPACKC_SCALAR},       /* 0xc0 nil */
	{0, 0, MSGPACKC_NO_TYPE},      /* 0xc1 (never used) */
	{0, 0, MSGPACKC_SCALAR},       /* 0xc2 false */
	{0, 0, MSGPACKC_SCALAR},       /* 0xc3 true */
	{1, 0, MSGPACKC_SCALAR},       /* 0xc4 bin 8 */
	{2, 0, MSGPACKC_SCALAR},       /* 0xc5 bin 16 */
	{4, 0, MSGPACKC_SCALAR},       /* 0xc6 bin 32 */
	{1, 1, MSGPACKC_SCALAR},       /* 0xc7 ext 8 */
	{2, 1, MSGPACKC_SCALAR},       /* 0xc8 ext 16 */
	{4, 1, MSGPACKC_SCALAR},       /* 0xc9 ext 32 */
	{0, 4, MSGPACKC_SCALAR},       /* 0xca float 32 */
	{0, 8, MSGPACKC_SCALAR},       /* 0xcb float 64 */
	{0, 1, MSGPACKC_SCALAR},       /* 0xcc uint 8 */
	{0, 2, MSGPACKC_SCALAR},       /* 0xcd uint 16 */
	{0, 4, MSGPACKC_SCALAR},       /* 0xce uint 32 */
	{0, 8, MSGPACKC_SCALAR},       /* 0xcf uint 64 */
	{0, 1, MSGPACKC_SCALAR},       /* 0xd0 int 8 */
	{0, 2, MSGPACKC_SCALAR},       /* 0xd1 int 16 */
	{0, 4, MSGPACKC_SCALAR},       /* 0xd2 int 32 */
	{0, 8, MSGPACKC_SCALAR},       /* 0xd3 int 64 */
	{0, 2, MSGPACKC_SCALAR},       /* 0xd4 fixext 1 */
	{0, 3, MSGPACKC_SCALAR},       /* 0xd5 fixext 2 */
	{0, 5, MSGPACKC_SCALAR},       /* 0xd6 fixext 4 */
	{0, 9, MSGPACKC_SCALAR},       /* 0xd7 fixext 8 */
	{0, 17, MSGPACKC_SCALAR},      /* 0xd8 fixext 16 */
	{1, 0, MSGPACKC_SCALAR},       /* 0xd9 str 8 */
	{2, 0, MSGPACKC_SCALAR},       /* 0xda str 16 */
	{4, 0, MSGPACKC_SCALAR},       /* 0xdb str 32 */
	{2, 0, MSGPACKC_ARRAY},        /* 0xdc array 16 */
	{4, 0, MSGPACKC_ARRAY},        /* 0xdd array 32 */
	{2, 0, MSGPACKC_MAP},          /* 0xde map 16 */
	{4, 0, MSGPACKC_MAP},          /* 0xdf map 32 */
};

/* Steps *at over the value there: its type byte, its length or count, its
 * payload. A container's values are not stepped over: *values counts them
 * (a map's keys and values), 0 for any other value. False when the value
 * runs past `end` or its first byte is no type. */
static bool
msgpackc_step(const uint8_t **at, const uint8_t *end, bool *container,
              uint64_t *values)
{
	const uint8_t *p = *at;
	if (p == end)
		return false;
	uint8_t type = *p++;
	uint64_t length = 0;
	enum msgpackc_kind kind = MSGPACKC_SCALAR;
	if (type >= 0x80 && type <= 0x8f) {
		kind = MSGPACKC_MAP;
		length = type & 0x0f;
	} else if (type >= 0x90 && type <= 0x9f) {
		kind = MSGPACKC_ARRAY;
		length = type & 0x0f;
	} else if (type >= 0xa0 && type <= 0xbf) {
		length = type & 0x1f;
	} else if (type >= 0xc0 && type <= 0xdf) {
		size_t width = msgpackc_formats[type - 0xc0].width;
		kind = msgpackc_formats[type - 0xc0].kind;
		if (kind == MSGPACKC_NO_TYPE || (size_t)(end - p) < width)
			return false;
		for (size_t i = 0; i < width; i++)
			length = length << 8 | *p++;
		if (kind == MSGPACKC_SCALAR)
			length += msgpackc_formats[type - 0xc0].fixed;
	}
	*container = kind != MSGPACKC_SCALAR;
	*values = kind == MSGPACKC_MAP     ? 2 * length
	          : kind == MSGPACKC_ARRAY ? length
	                                   : 0;
	if (*container)
		length = 0;
	if ((uint64_t)(end - p) < length)
		return false;
	*at = p + length;
	return true;
}

/*
 * msgpack-c's unpacker reserves a container's objects from the count in
 * its header before it reads them, so a few bytes can ask it for tens of
 * gigabytes (impl/README.md §12.4). This bound walks the values' headers,
 * reading no value, and refuses a container that counts more values than
 * bytes remain, or that nests deeper than this layout; the unpacker then
 * reads the bytes.
 */
static bool
msgpackc_bounded(const uint8_t *p, size_t size)
{
	const uint8_t *end = p + size;
	/* Values still to step over in each open container; the input is
	 * one value. */
	uint64_t left[MSGPACKC_DEPTH + 1] = {1};
	int depth = 0;
	while (depth >= 0) {
		if (left[depth] == 0) {
			depth--;
			continue;
		}
		left[depth]--;
		bool container;
		uint64_t values;
		if (!msgpackc_step(&p, end, &container, &values))
			return false;
		if (!container)
			continue;
		if (depth == MSGPACKC_DEPTH || values > (uint64_t)(end - p))
			return false;
		left[++depth] = values;
	}
	return p == end;
}

/* --- The layout of an unpacked tree --------------------------------------- */

/* Checks one item against its field's type, and gives its size. A
 * string's NUL, which MessagePack does not store, is written after its
 * bytes in the copy: the byte there is the next value's header (or the
 * copy's extra last byte), which the unpacker has read. */
static bool
msgpackc_item_valid(const msgpack_object *item, bm_type_code type, char *copy,
                    size_t size, size_t *item_size)
{
	switch (item->type) {
	case MSGPACK_OBJECT_POSITIVE_INTEGER:
		*item_size = sizeof(int32_t);
		return type == BM_INT32_TYPE && item->via.u64 <= INT32_MAX;
	case MSGPACK_OBJECT_NEGATIVE_INTEGER:
		*item_size = sizeof(int32_t);
		return type == BM_INT32_TYPE && item->via.i64 >= INT32_MIN;
	case MSGPACK_OBJECT_STR: {
		*item_size = (size_t)item->via.str.size + 1;
		if (item->via.str.size == 0)
			return type == BM_STRING_TYPE; /* read as "" */
		/* The unpacker points strings into the bytes it read, the copy:
		 * checked, not assumed, before writing there. */
		uintptr_t at = (uintptr_t)item->via.str.ptr;
		uintptr_t first = (uintptr_t)copy;
		if (type != BM_STRING_TYPE || item->via.str.size > size ||
		    at < first || at - first > size - item->via.str.size)
			return false;
		copy[at - first + item->via.str.size] = '\0';
		return *item_size <= BM_ITEM_MAX;
	}
	case MSGPACK_OBJECT_BIN:
		*item_size = item->via.bin.size;
		return *item_size > 0 && *item_size <= BM_ITEM_MAX;
	default:
		return false;
	}
}

/* Checks one field's entry: a name of 1 to 255 bytes without a NUL, an
 * array of the type code, the fixed-size flag and at least one item. */
static bool
msgpackc_field_valid(const msgpack_object_kv *field, char *copy, size_t size)
{
	const msgpack_object_str *name = &field->key.via.str;
	const msgpack_object_array *array = &field->val.via.array;
	if (field->key.type != MSGPACK_OBJECT_STR || name->size < 1 ||
	    name->size > BM_NAME_MAX ||
	    memchr(name->ptr, '\0', name->size) != NULL ||
	    field->val.type != MSGPACK_OBJECT_ARRAY ||
	    array->size <= MSGPACKC_HEAD ||
	    array->size - MSGPACKC_HEAD > BM_COUNT_MAX)
		return false;
	const msgpack_object *head = array->ptr;
	if (head[0].type != MSGPACK_OBJECT_POSITIVE_INTEGER ||
	    head[0].via.u64 > UINT32_MAX || head[0].via.u64 == BM_ANY_TYPE ||
	    head[1].type != MSGPACK_OBJECT_BOOLEAN)
		return false;
	bm_type_code type = (bm_type_code)head[0].via.u64;
	size_t first = 0;
	for (uint32_t i = MSGPACKC_HEAD; i < array->size; i++) {
		size_t item_size;
		if (!msgpackc_item_valid(&array->ptr[i], type, copy, size,
		                         &item_size))
			return false;
		if (i == MSGPACKC_HEAD)
			first = item_size;
		else if (head[1].via.boolean && item_size != first)
			return false;
	}
	return true;
}

/* Checks the tree's layout: a map whose first entry is the what (an
 * empty name, an unsigned int32), then the fields. */
static bool
msgpackc_tree_valid(const msgpack_object *root, char *copy, size_t size)
{
	if (root->type != MSGPACK_OBJECT_MAP || root->via.map.size < 1 ||
	    root->via.map.size - 1 > BM_COUNT_MAX)
		return false;
	const msgpack_object_kv *what = &root->via.map.ptr[0];
	if (what->key.type != MSGPACK_OBJECT_STR ||
	    what->key.via.str.size != 0 ||
	    what->val.type != MSGPACK_OBJECT_POSITIVE_INTEGER ||
	    what->val.via.u64 > UINT32_MAX)
		return false;
	for (uint32_t f = 1; f < root->via.map.size; f++)
		if (!msgpackc_field_valid(&root->via.map.ptr[f], copy, size))
			return false;
	return true;
}

/*
 * Bounds the bytes (msgpackc_bounded), copies them, has msgpack-c's unpacker
 * read the copy (msgpack_unpack_next, whose status is checked: one value,
 * no byte after it), then checks this backend's layout. Later reads do
 * not check again.
 */
static int
msgpackc_unflatten(bm_message *msg, const void *data, size_t size)
{
	struct msgpackc_message *m = (struct msgpackc_message *)msg;
	msgpackc_make_empty(msg);
	if (!msgpackc_bounded(data, size))
		return BM_NOT_A_MESSAGE;
	/* One byte more: the NUL of a string item that ends the bytes. */
	char *copy = bm_malloc(size + 1);
	if (copy == NULL)
		return BM_NO_MEMORY;
	memcpy(copy, data, size);
	size_t offset = 0;
	msgpack_unpack_return unpacked =
	        msgpack_unpack_next(&m->unpacked, copy, size, &offset);
	/* After the bound, the unpacker runs out of nothing but memory. */
	int rc = unpacked == MSGPACK_UNPACK_NOMEM_ERROR ? BM_NO_MEMORY
	                                                : BM_NOT_A_MESSAGE;
	if (unpacked == MSGPACK_UNPACK_SUCCESS && offset == size &&
	    msgpackc_tree_valid(&m->unpacked.data, copy, size))
		rc = BM_OK;
	if (rc != BM_OK) {
		msgpack_unpacked_destroy(&m->unpacked);
		bm_free(copy);
		return rc;
	}
	msgpack_object_map *map = &m->unpacked.data.via.map;
	m->copy = copy;
	m->fields = map->ptr + 1;
	m->field_count = (int32_t)(map->size - 1);
	msg->what = (uint32_t)map->ptr[0].val.via.u64;
	return BM_OK;
}

/* --- Reading the tree ----------------------------------------------------- */

/* The field named `name`: the first, searched linearly as the map's keys
 * are (a repeated name's later entries are never reached). */
static const msgpack_object_kv *
msgpackc_tree_find(const struct msgpackc_message *m, const char *name,
                   size_t name_len)
{
	for (int32_t f = 0; f < m->field_count; f++) {
		const msgpack_object_str *key = &m->fields[f].key.via.str;
		if (key->size == name_len &&
		    memcmp(key->ptr, name, name_len) == 0)
			return &m->fields[f];
	}
	return NULL;
}

static void
msgpackc_tree_info(const msgpack_object_kv *field, struct bm_field_info *info)
{
	const msgpack_object_array *array = &field->val.via.array;
	info->name = field->key.via.str.ptr;
	info->name_len = field->key.via.str.size;
	info->type = (bm_type_code)array->ptr[0].via.u64;
	info->fixed_size = array->ptr[1].via.boolean;
	info->count = (int32_t)(array->size - MSGPACKC_HEAD);
}

/* An item's bytes, in place: an int32 the low half of its object's
 * int64, a string its bytes in the copy with the NUL written after them,
 * a binary its bytes in the copy. An empty string is a constant "": the
 * unpacker leaves an empty str's pointer where the value before it was
 * (msgpack-c 4.0.0), as nothing is read through it. */
static void
msgpackc_tree_item(const msgpack_object *item, const void **data, size_t *size)
{
	switch (item->type) {
	case MSGPACK_OBJECT_STR:
		*data = item->via.str.size != 0 ? item->via.str.ptr : "";
		*size = (size_t)item->via.str.size + 1;
		break;
	case MSGPACK_OBJECT_BIN:
		*data = item->via.bin.ptr;
		*size = item->via.bin.size;
		break;
	default:
		*data = &item->via.i64;
		*size = sizeof(int32_t);
		break;
	}
}

/* --- Adds ----------------------------------------------------------------- */

/*
 * An add to an unflattened message: the tree's fields are copied into the
 * adds' structure first (msgpack-c has no map to change), each as a field
 * of its own, so a repeated name stays two fields; then the tree is
 * dropped. On failure the message keeps its tree.
 */
static int
msgpackc_materialize(struct msgpackc_message *m)
{
	int rc = BM_OK;
	for (int32_t f = 0; rc == BM_OK && f < m->field_count; f++) {
		struct bm_field_info info;
		msgpackc_tree_info(&m->fields[f], &info);
		const msgpack_object *items =
		        m->fields[f].val.via.array.ptr + MSGPACKC_HEAD;
		const void *data;
		size_t size;
		msgpackc_tree_item(&items[0], &data, &size);
		rc = bm__adds_new_field(&m->adds, info.name, info.name_len,
		                        info.type, info.fixed_size, data, size);
		for (int32_t i = 1; rc == BM_OK && i < info.count; i++) {
			msgpackc_tree_item(&items[i], &data, &size);
			rc = bm__adds_append(&m->adds.fields[m->adds.count - 1],
			                     data, size);
		}
	}
	if (rc != BM_OK) {
		bm__adds_free(&m->adds);
		return rc;
	}
	msgpackc_drop_tree(m);
	return BM_OK;
}

static int
msgpackc_add_data(bm_message *msg, const char *name, size_t name_len,
                  bm_type_code type, const void *data, size_t size,
                  bool fixed_size)
{
	struct msgpackc_message *m = (struct msgpackc_message *)msg;
	if (m->copy != NULL) {
		int rc = msgpackc_materialize(m);
		if (rc != BM_OK)
			return rc;
	}
	int rc = bm__adds_add(&m->adds, name, name_len, type, data, size,
	                      fixed_size, NULL);
	if (rc == BM_OK)
		msgpackc_drop_built(m);
	return rc;
}

/* --- Finds and iteration -------------------------------------------------- */

static int
msgpackc_find_data(const bm_message *msg, const char *name, size_t name_len,
                   bm_type_code type, int32_t index, const void **data,
                   size_t *size)
{
	const struct msgpackc_message *m = (const struct msgpackc_message *)msg;
	if (m->copy == NULL)
		return bm__adds_find_data(&m->adds, name, name_len, type, index,
		                          data, size);
	const msgpack_object_kv *field = msgpackc_tree_find(m, name, name_len);
	if (field == NULL)
		return BM_NAME_NOT_FOUND;
	const msgpack_object_array *array = &field->val.via.array;
	if (type != BM_ANY_TYPE && type != (bm_type_code)array->ptr[0].via.u64)
		return BM_BAD_TYPE;
	if (index < 0 || (uint32_t)index >= array->size - MSGPACKC_HEAD)
		return BM_BAD_INDEX;
	msgpackc_tree_item(&array->ptr[MSGPACKC_HEAD + index], data, size);
	return BM_OK;
}

static int
msgpackc_get_info(const bm_message *msg, const char *name, size_t name_len,
                  struct bm_field_info *info)
{
	const struct msgpackc_message *m = (const struct msgpackc_message *)msg;
	if (m->copy == NULL) {
		const struct bm__adds_field *field =
		        bm__adds_find(&m->adds, name, name_len);
		if (field == NULL)
			return BM_NAME_NOT_FOUND;
		bm__adds_info(field, info);
		return BM_OK;
	}
	const msgpack_object_kv *field = msgpackc_tree_find(m, name, name_len);
	if (field == NULL)
		return BM_NAME_NOT_FOUND;
	msgpackc_tree_info(field, info);
	return BM_OK;
}

static int32_t
msgpackc_count_fields(const bm_message *msg)
{
	const struct msgpackc_message *m = (const struct msgpackc_message *)msg;
	return m->copy != NULL ? m->field_count : m->adds.count;
}

static int
msgpackc_field_at(const bm_message *msg, int32_t index,
                  struct bm_field_info *info)
{
	const struct msgpackc_message *m = (const struct msgpackc_message *)msg;
	if (index < 0 || index >= msgpackc_count_fields(msg))
		return BM_BAD_INDEX;
	if (m->copy != NULL)
		msgpackc_tree_info(&m->fields[index], info);
	else
		bm__adds_info(&m->adds.fields[index], info);
	return BM_OK;
}

/* --- Flatten: msgpack-c's packer builds the map --------------------------- */

/* Packs item i of `field`: an int32 as MessagePack's int, a string
 * without a NUL before its last byte as str, its NUL left out (the reader
 * writes it back), any other item as bin. */
static int
msgpackc_pack_item(msgpack_packer *packer, const struct bm__adds_field *field,
                   int32_t i)
{
	const void *item;
	size_t size;
	bm__adds_item(field, i, &item, &size);
	const unsigned char *data = item;
	if (field->type == BM_INT32_TYPE && size == sizeof(int32_t)) {
		int32_t value;
		memcpy(&value, data, sizeof value);
		return msgpack_pack_int32(packer, value);
	}
	if (field->type == BM_STRING_TYPE && data[size - 1] == '\0' &&
	    memchr(data, '\0', size - 1) == NULL)
		return msgpack_pack_str_with_body(packer, data, size - 1);
	return msgpack_pack_bin_with_body(packer, data, size);
}

/* Packs the map of the adds: the what, then name → [type, fixed, items]. */
static int
msgpackc_pack_adds(msgpack_packer *packer, const struct msgpackc_message *m)
{
	int rc = msgpack_pack_map(packer, (size_t)m->adds.count + 1) |
	         msgpack_pack_str_with_body(packer, "", 0) |
	         msgpack_pack_uint32(packer, m->base.what);
	for (int32_t f = 0; rc == 0 && f < m->adds.count; f++) {
		const struct bm__adds_field *field = &m->adds.fields[f];
		rc = msgpack_pack_str_with_body(packer, field->name,
		                                field->name_len) |
		     msgpack_pack_array(packer,
		                        (size_t)field->count + MSGPACKC_HEAD) |
		     msgpack_pack_uint32(packer, field->type) |
		     (field->fixed_size ? msgpack_pack_true(packer)
		                        : msgpack_pack_false(packer));
		for (int32_t i = 0; rc == 0 && i < field->count; i++)
			rc = msgpackc_pack_item(packer, field, i);
	}
	return rc;
}

/* Builds the map into m->built: of the adds, or of an unflattened
 * message's tree (its what set first), which msgpack-c packs again since
 * the copy's bytes now hold the strings' NULs. */
static int
msgpackc_build(struct msgpackc_message *m)
{
	msgpack_sbuffer_init(&m->built);
	msgpack_packer packer;
	msgpack_packer_init(&packer, &m->built, msgpack_sbuffer_write);
	int rc;
	if (m->copy != NULL) {
		m->unpacked.data.via.map.ptr[0].val.via.u64 = m->base.what;
		rc = msgpack_pack_object(&packer, m->unpacked.data);
	} else {
		rc = msgpackc_pack_adds(&packer, m);
	}
	if (rc != 0 || m->built.size > BM_FLAT_MAX) {
		/* The packer fails only when the buffer cannot grow. */
		msgpackc_drop_built(m);
		return rc != 0 ? BM_NO_MEMORY : BM_TOO_LARGE;
	}
	m->built_what = m->base.what;
	return BM_OK;
}

static int
msgpackc_flattened_size(bm_message *msg, size_t *size)
{
	struct msgpackc_message *m = (struct msgpackc_message *)msg;
	/* The what's bytes depend on its value. */
	if (m->built.data != NULL && m->built_what != msg->what)
		msgpackc_drop_built(m);
	if (m->built.data == NULL) {
		int rc = msgpackc_build(m);
		if (rc != BM_OK)
			return rc;
	}
	*size = m->built.size;
	return BM_OK;
}

/*
 * Writes the map FlattenedSize built (building it when none was, or when
 * the what changed since), then drops it: each FlattenedSize and Flatten
 * pair builds once, and no Flatten reuses an earlier one's work.
 */
static int
msgpackc_flatten(bm_message *msg, void *buffer, size_t capacity)
{
	struct msgpackc_message *m = (struct msgpackc_message *)msg;
	size_t size;
	int rc = msgpackc_flattened_size(msg, &size);
	if (rc == BM_OK && capacity < size)
		rc = BM_BUFFER_TOO_SMALL;
	else if (rc == BM_OK)
		memcpy(buffer, m->built.data, size);
	msgpackc_drop_built(m);
	return rc;
}

/* The msgpack-c the process runs, which may differ from the headers'. */
static const char *
msgpackc_version(void)
{
	return msgpack_version();
}

const struct bm_ops bm_msgpackc_ops = {
	.version = 3,
	.name = "msgpack",
	.summary = "MessagePack through msgpack-c: adds kept per field, the "
	           "map packed at Flatten, the unpacked tree read after "
	           "Unflatten (linear lookup)",
	.flags = BM_BACKEND_OWN_ALLOCATOR,
	.native_format = BM_FORMAT_MSGPACK,

	/* Lifetime */
	.create = msgpackc_create,
	.destroy = msgpackc_destroy,
	.make_empty = msgpackc_make_empty,

	/* Fields and items */
	.add_data = msgpackc_add_data,
	.find_data = msgpackc_find_data,
	.get_info = msgpackc_get_info,
	.field_at = msgpackc_field_at,
	.count_fields = msgpackc_count_fields,

	/* Flat form */
	.flattened_size = msgpackc_flattened_size,
	.flatten = msgpackc_flatten,
	.unflatten = msgpackc_unflatten,

	/* What it is (version 2) */
	.kind = BM_KIND_LIBRARY,
	.decoded_formats = BM_DECODER_FORMATS,
	.repeated_names = BM_REPEATED_KEEP_FIRST,

	/* Its library (version 3) */
	.library_version = msgpackc_version,
};
