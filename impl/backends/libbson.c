/*
 * libbson.c - MongoDB's BSON through libbson, a backend of kind library
 * (impl/README.md §12.3): the adds are kept in a structure of this file
 * and libbson builds the document at Flatten; an unflattened message is
 * libbson's validated document, read in place from a copy of its own.
 */
#include "adds.h"
#include "alloc.h"
#include "descriptor.h"
#include "status.h"

#include <bson/bson.h>

#include <stdint.h>
#include <string.h>

/* An int32 item is the element's value in place, which BSON stores
 * little-endian. */
#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "libbson.c reads int32 items in place: little-endian hosts only"
#endif

/* The binary subtype of an item stored as bytes (BSON's first "user
 * defined" subtype). */
#define LIBBSON_ITEM_SUBTYPE BSON_SUBTYPE_USER

struct libbson_message {
	bm_message base;
	/* The adds' structure (built mode). */
	struct bm__adds adds;
	/* The document FlattenedSize built, which the next Flatten writes;
	 * any change drops it. */
	uint8_t *built;
	uint32_t built_len;
	uint32_t built_what;
	/* An unflattened message: its copy of the validated document (read
	 * mode), and its field count; NULL in built mode. */
	uint8_t *document;
	uint32_t document_len;
	int32_t document_fields;
	uint32_t document_what; /* the what its bytes hold */
};

/* --- libbson's allocations through the suite's allocator ------------------- */

static void *
libbson_calloc(size_t count, size_t size)
{
	if (size != 0 && count > SIZE_MAX / size)
		return NULL;
	void *block = bm_malloc(count * size);
	if (block != NULL)
		memset(block, 0, count * size);
	return block;
}

/* bson_realloc frees on size 0 (its documented contract); bm_realloc
 * takes no size 0. */
static void *
libbson_realloc(void *block, size_t size)
{
	if (size == 0) {
		bm_free(block);
		return NULL;
	}
	return bm_realloc(block, size);
}

/* Routes libbson's allocations through bm_malloc, once per process. A
 * failed one aborts inside libbson (bson_malloc's documented behaviour),
 * which is why the descriptor says BM_BACKEND_UNSAFE_ON_NO_MEMORY. */
static void
libbson_route_allocations(void)
{
	static bool routed;
	if (routed)
		return;
	static const bson_mem_vtable_t vtable = {
		.malloc = bm_malloc,
		.calloc = libbson_calloc,
		.realloc = libbson_realloc,
		.free = bm_free,
	};
	bson_mem_set_vtable(&vtable);
	routed = true;
}

/* --- Lifetime ---------------------------------------------------------------- */

static void
libbson_drop_built(struct libbson_message *m)
{
	bm_free(m->built);
	m->built = NULL;
	m->built_len = 0;
}

static void
libbson_make_empty(bm_message *msg)
{
	struct libbson_message *m = (struct libbson_message *)msg;
	bm__adds_free(&m->adds);
	libbson_drop_built(m);
	bm_free(m->document);
	m->document = NULL;
	m->document_len = 0;
	m->document_fields = 0;
}

static int
libbson_create(bm_message **out)
{
	libbson_route_allocations();
	struct libbson_message *m = bm_malloc(sizeof *m);
	if (m == NULL)
		return BM_NO_MEMORY;
	memset(m, 0, sizeof *m);
	*out = &m->base;
	return BM_OK;
}

static void
libbson_destroy(bm_message *msg)
{
	libbson_make_empty(msg);
	bm_free(msg);
}

/* --- Reading the document in place ------------------------------------------- */

/* One item of a field's array: its bytes, in place. Int32 items are the
 * element's value, strings their bytes with the NUL, the rest binary. */
static bool
libbson_item(const bson_iter_t *it, const void **data, size_t *size)
{
	switch (bson_iter_type(it)) {
	case BSON_TYPE_INT32:
		*data = bson_iter_key(it) + bson_iter_key_len(it) + 1;
		*size = sizeof(int32_t);
		return true;
	case BSON_TYPE_UTF8: {
		uint32_t length;
		*data = bson_iter_utf8(it, &length);
		*size = (size_t)length + 1;
		return true;
	}
	case BSON_TYPE_BINARY: {
		bson_subtype_t subtype;
		uint32_t length;
		const uint8_t *bytes;
		bson_iter_binary(it, &subtype, &length, &bytes);
		*data = bytes;
		*size = length;
		return subtype == LIBBSON_ITEM_SUBTYPE && length > 0;
	}
	default:
		return false;
	}
}

/* A field's element in the document: its array's iterator `items` placed
 * before the first item, and the field's description. */
static void
libbson_field_head(const bson_iter_t *field, bson_iter_t *items,
                   struct bm_field_info *info)
{
	info->name = bson_iter_key(field);
	info->name_len = bson_iter_key_len(field);
	bson_iter_recurse(field, items);
	bson_iter_next(items);
	info->type = (bm_type_code)bson_iter_int32(items);
	bson_iter_next(items);
	info->fixed_size = bson_iter_bool(items);
	info->count = 0;
}

/* The info of the field at `field`, its items counted. */
static void
libbson_field_info(const bson_iter_t *field, struct bm_field_info *info)
{
	bson_iter_t items;
	libbson_field_head(field, &items, info);
	while (bson_iter_next(&items))
		info->count++;
}

static bool
libbson_document_find(const struct libbson_message *m, const char *name,
                      size_t name_len, bson_iter_t *field)
{
	bson_t document;
	if (!bson_init_static(&document, m->document, m->document_len))
		return false;
	return bson_iter_init_find_w_len(field, &document, name,
	                                 (int)name_len);
}

/* --- Validation of untrusted input ---------------------------------------------- */

/* Checks one item element against its field (type, fixed size). */
static bool
libbson_item_valid(const bson_iter_t *it, bm_type_code type, bool fixed,
                   size_t *item_size)
{
	bson_type_t kind = bson_iter_type(it);
	if ((kind == BSON_TYPE_INT32 && type != BM_INT32_TYPE) ||
	    (kind == BSON_TYPE_UTF8 && type != BM_STRING_TYPE))
		return false;
	const void *data;
	size_t size;
	if (!libbson_item(it, &data, &size))
		return false;
	if (fixed && *item_size != 0 && size != *item_size)
		return false;
	*item_size = size;
	return true;
}

/* Checks the layout of one field element (impl/README.md §12.3). */
static bool
libbson_field_valid(const bson_iter_t *field)
{
	size_t name_len = bson_iter_key_len(field);
	if (name_len < 1 || name_len > BM_NAME_MAX ||
	    bson_iter_type(field) != BSON_TYPE_ARRAY)
		return false;
	bson_iter_t items;
	if (!bson_iter_recurse(field, &items) || !bson_iter_next(&items) ||
	    bson_iter_type(&items) != BSON_TYPE_INT32 ||
	    !bson_iter_next(&items) ||
	    bson_iter_type(&items) != BSON_TYPE_BOOL)
		return false;
	struct bm_field_info info;
	libbson_field_head(field, &items, &info);
	if (info.type == BM_ANY_TYPE)
		return false;
	size_t item_size = 0;
	int64_t count = 0;
	while (bson_iter_next(&items)) {
		if (!libbson_item_valid(&items, info.type, info.fixed_size,
		                        &item_size) ||
		    ++count > BM_COUNT_MAX)
			return false;
	}
	return count > 0;
}

/* Checks the layout of a document libbson validated: the what first, then
 * the fields. Returns the field count, or -1. */
static int64_t
libbson_document_valid(const bson_t *document, uint32_t *what)
{
	bson_iter_t it;
	if (!bson_iter_init(&it, document) || !bson_iter_next(&it) ||
	    bson_iter_key_len(&it) != 0 ||
	    bson_iter_type(&it) != BSON_TYPE_INT32)
		return -1;
	*what = (uint32_t)bson_iter_int32(&it);
	int64_t fields = 0;
	while (bson_iter_next(&it)) {
		if (!libbson_field_valid(&it) || ++fields > BM_COUNT_MAX)
			return -1;
	}
	return fields;
}

/*
 * Copies the bytes, has libbson validate them as untrusted input
 * (bson_validate_with_error: every element's bounds, recursively; names
 * are any bytes, as a BMessage's are, so UTF-8 is not asked for), then
 * checks the layout of this backend's document. Later reads do not check
 * again.
 */
static int
libbson_unflatten(bm_message *msg, const void *data, size_t size)
{
	struct libbson_message *m = (struct libbson_message *)msg;
	libbson_make_empty(msg);
	bson_t document;
	if (size > UINT32_MAX ||
	    !bson_init_static(&document, data, size))
		return BM_NOT_A_MESSAGE;
	uint8_t *copy = bm_malloc(size);
	if (copy == NULL)
		return BM_NO_MEMORY;
	memcpy(copy, data, size);
	bson_error_t error;
	uint32_t what = 0;
	int64_t fields = -1;
	if (bson_init_static(&document, copy, size) &&
	    bson_validate_with_error(&document, BSON_VALIDATE_NONE, &error))
		fields = libbson_document_valid(&document, &what);
	if (fields < 0) {
		bm_free(copy);
		return BM_NOT_A_MESSAGE;
	}
	m->document = copy;
	m->document_len = (uint32_t)size;
	m->document_fields = (int32_t)fields;
	m->document_what = what;
	msg->what = what;
	return BM_OK;
}

/* --- The adds' structure ----------------------------------------------------------- */

/* A BSON key is UTF-8 (libbson's validation refuses any other), so a
 * new field's name in other bytes is refused, as libbson would. */
static bool
libbson_name_ok(const char *name, size_t name_len)
{
	return bson_utf8_validate(name, name_len, false);
}

static int
libbson_add_built(struct libbson_message *m, const char *name,
                  size_t name_len, bm_type_code type, const void *data,
                  size_t size, bool fixed_size)
{
	int rc = bm__adds_add(&m->adds, name, name_len, type, data, size,
	                      fixed_size, libbson_name_ok);
	if (rc == BM_OK)
		libbson_drop_built(m);
	return rc;
}

/*
 * An add to an unflattened message: the document's fields are copied into
 * the adds' structure first (the document is immutable), then dropped.
 * On failure the message keeps its document.
 */
static int
libbson_materialize(struct libbson_message *m)
{
	bson_t document;
	bson_iter_t field;
	if (!bson_init_static(&document, m->document, m->document_len) ||
	    !bson_iter_init(&field, &document) || !bson_iter_next(&field))
		return BM_BAD_DATA;
	int rc = BM_OK;
	while (rc == BM_OK && bson_iter_next(&field)) {
		struct bm_field_info info;
		bson_iter_t items;
		libbson_field_head(&field, &items, &info);
		while (rc == BM_OK && bson_iter_next(&items)) {
			const void *data = NULL;
			size_t size = 0;
			libbson_item(&items, &data, &size);
			rc = libbson_add_built(m, info.name, info.name_len,
			                       info.type, data, size,
			                       info.fixed_size);
		}
	}
	if (rc != BM_OK) {
		bm__adds_free(&m->adds);
		return rc;
	}
	bm_free(m->document);
	m->document = NULL;
	m->document_len = 0;
	m->document_fields = 0;
	return BM_OK;
}

static int
libbson_add_data(bm_message *msg, const char *name, size_t name_len,
                 bm_type_code type, const void *data, size_t size,
                 bool fixed_size)
{
	struct libbson_message *m = (struct libbson_message *)msg;
	if (m->document != NULL) {
		int rc = libbson_materialize(m);
		if (rc != BM_OK)
			return rc;
	}
	return libbson_add_built(m, name, name_len, type, data, size,
	                         fixed_size);
}

/* --- Finds and iteration ------------------------------------------------------------- */

static int
libbson_find_data(const bm_message *msg, const char *name, size_t name_len,
                  bm_type_code type, int32_t index, const void **data,
                  size_t *size)
{
	const struct libbson_message *m = (const struct libbson_message *)msg;
	if (m->document == NULL)
		return bm__adds_find_data(&m->adds, name, name_len, type, index,
		                          data, size);
	bson_iter_t field, items;
	if (!libbson_document_find(m, name, name_len, &field))
		return BM_NAME_NOT_FOUND;
	struct bm_field_info info;
	libbson_field_head(&field, &items, &info);
	if (type != BM_ANY_TYPE && type != info.type)
		return BM_BAD_TYPE;
	if (index < 0)
		return BM_BAD_INDEX;
	for (int32_t i = 0; i <= index; i++)
		if (!bson_iter_next(&items))
			return BM_BAD_INDEX;
	libbson_item(&items, data, size);
	return BM_OK;
}

static int
libbson_get_info(const bm_message *msg, const char *name, size_t name_len,
                 struct bm_field_info *info)
{
	const struct libbson_message *m = (const struct libbson_message *)msg;
	if (m->document == NULL) {
		const struct bm__adds_field *field =
		        bm__adds_find(&m->adds, name, name_len);
		if (field == NULL)
			return BM_NAME_NOT_FOUND;
		bm__adds_info(field, info);
		return BM_OK;
	}
	bson_iter_t field;
	if (!libbson_document_find(m, name, name_len, &field))
		return BM_NAME_NOT_FOUND;
	libbson_field_info(&field, info);
	return BM_OK;
}

static int32_t
libbson_count_fields(const bm_message *msg)
{
	const struct libbson_message *m = (const struct libbson_message *)msg;
	return m->document != NULL ? m->document_fields : m->adds.count;
}

static int
libbson_field_at(const bm_message *msg, int32_t index,
                 struct bm_field_info *info)
{
	const struct libbson_message *m = (const struct libbson_message *)msg;
	if (index < 0 || index >= libbson_count_fields(msg))
		return BM_BAD_INDEX;
	if (m->document == NULL) {
		bm__adds_info(&m->adds.fields[index], info);
		return BM_OK;
	}
	/* The what, then `index` fields before this one. */
	bson_t document;
	bson_iter_t field;
	if (!bson_init_static(&document, m->document, m->document_len) ||
	    !bson_iter_init(&field, &document))
		return BM_BAD_DATA;
	for (int32_t i = 0; i <= index + 1; i++)
		bson_iter_next(&field);
	libbson_field_info(&field, info);
	return BM_OK;
}

/* --- Flatten: libbson builds the document ------------------------------------------- */

/* Appends item i of `field` to its array under the key `position`. */
static bool
libbson_append_built_item(bson_t *array, const struct bm__adds_field *field,
                          int32_t i, uint32_t position)
{
	char buffer[16];
	const char *key;
	size_t key_len = bson_uint32_to_string(position, &key, buffer,
	                                       sizeof buffer);
	const void *item;
	size_t size;
	bm__adds_item(field, i, &item, &size);
	const unsigned char *data = item;
	if (field->type == BM_INT32_TYPE && size == sizeof(int32_t)) {
		int32_t value;
		memcpy(&value, data, sizeof value);
		return bson_append_int32(array, key, (int)key_len, value);
	}
	/* A string without a NUL before its last byte, in UTF-8, is BSON's
	 * string; any other item is bytes. */
	if (field->type == BM_STRING_TYPE && data[size - 1] == '\0' &&
	    memchr(data, '\0', size - 1) == NULL &&
	    bson_utf8_validate((const char *)data, size - 1, false))
		return bson_append_utf8(array, key, (int)key_len,
		                        (const char *)data, (int)(size - 1));
	return bson_append_binary(array, key, (int)key_len,
	                          LIBBSON_ITEM_SUBTYPE, data, (uint32_t)size);
}

static bool
libbson_append_field(bson_t *document, const struct bm__adds_field *field)
{
	bson_t array;
	if (!bson_append_array_begin(document, field->name,
	                             (int)field->name_len, &array))
		return false;
	bool ok = bson_append_int32(&array, "0", 1, (int32_t)field->type) &&
	          bson_append_bool(&array, "1", 1, field->fixed_size);
	for (int32_t i = 0; ok && i < field->count; i++)
		ok = libbson_append_built_item(&array, field, i,
		                               (uint32_t)i + 2);
	return bson_append_array_end(document, &array) && ok;
}

/* Builds the document of the adds into m->built. */
static int
libbson_build(struct libbson_message *m)
{
	bson_t document;
	bson_init(&document);
	bool ok = bson_append_int32(&document, "", 0, (int32_t)m->base.what);
	for (int32_t f = 0; ok && f < m->adds.count; f++)
		ok = libbson_append_field(&document, &m->adds.fields[f]);
	if (!ok) {
		/* libbson refuses a document past INT32_MAX bytes. */
		bson_destroy(&document);
		return BM_TOO_LARGE;
	}
	m->built = bson_destroy_with_steal(&document, true, &m->built_len);
	m->built_what = m->base.what;
	return BM_OK;
}

static int
libbson_flattened_size(bm_message *msg, size_t *size)
{
	struct libbson_message *m = (struct libbson_message *)msg;
	if (m->document != NULL) {
		*size = m->document_len;
		return BM_OK;
	}
	if (m->built == NULL) {
		int rc = libbson_build(m);
		if (rc != BM_OK)
			return rc;
	}
	*size = m->built_len;
	return BM_OK;
}

/*
 * Writes the document FlattenedSize built (building it when none was, or
 * when the what changed since), then drops it: each FlattenedSize and
 * Flatten pair builds once, and no Flatten reuses an earlier one's work.
 * An unflattened message writes its document, its what overwritten in
 * place by libbson when the caller changed it.
 */
static int
libbson_flatten(bm_message *msg, void *buffer, size_t capacity)
{
	struct libbson_message *m = (struct libbson_message *)msg;
	if (m->document != NULL) {
		if (capacity < m->document_len)
			return BM_BUFFER_TOO_SMALL;
		bson_t document;
		bson_iter_t it;
		if (msg->what != m->document_what &&
		    bson_init_static(&document, m->document, m->document_len) &&
		    bson_iter_init(&it, &document) && bson_iter_next(&it)) {
			bson_iter_overwrite_int32(&it, (int32_t)msg->what);
			m->document_what = msg->what;
		}
		memcpy(buffer, m->document, m->document_len);
		return BM_OK;
	}
	if (m->built != NULL && m->built_what != msg->what)
		libbson_drop_built(m);
	if (m->built == NULL) {
		int rc = libbson_build(m);
		if (rc != BM_OK)
			return rc;
	}
	int rc = BM_OK;
	if (capacity < m->built_len)
		rc = BM_BUFFER_TOO_SMALL;
	else
		memcpy(buffer, m->built, m->built_len);
	libbson_drop_built(m);
	return rc;
}

/* The libbson the process runs, which may differ from the headers'. */
static const char *
libbson_version(void)
{
	return bson_get_version();
}

const struct bm_ops bm_libbson_ops = {
	.version = 3,
	.name = "libbson",
	.summary = "MongoDB's BSON through libbson: adds kept per field, the "
	           "document built at Flatten, read in place after Unflatten "
	           "(linear lookup)",
	.flags = BM_BACKEND_UNSAFE_ON_NO_MEMORY | BM_BACKEND_UTF8_NAMES,
	.native_format = BM_FORMAT_BSON,

	/* Lifetime */
	.create = libbson_create,
	.destroy = libbson_destroy,
	.make_empty = libbson_make_empty,

	/* Fields and items */
	.add_data = libbson_add_data,
	.find_data = libbson_find_data,
	.get_info = libbson_get_info,
	.field_at = libbson_field_at,
	.count_fields = libbson_count_fields,

	/* Flat form */
	.flattened_size = libbson_flattened_size,
	.flatten = libbson_flatten,
	.unflatten = libbson_unflatten,

	/* What it is (version 2) */
	.kind = BM_KIND_LIBRARY,
	.decoded_formats = BM_DECODER_FORMATS,
	.repeated_names = BM_REPEATED_KEEP_FIRST,

	/* Its library (version 3) */
	.library_version = libbson_version,
};
