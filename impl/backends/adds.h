/*
 * adds.h - the adds' structure of the backends of kind library whose
 * library builds its document in one pass (impl/README.md §12.1): the
 * fields in insertion order, searched linearly, each with its items one
 * after another and their offsets, kept until the library builds the
 * document at Flatten. What is called on every add is inline, as it was
 * in each backend's own file; growing and freeing are in adds.c.
 */
#ifndef BM_ADDS_H
#define BM_ADDS_H

#include "message.h"
#include "status.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* A field as the adds build it: item i runs from data + offsets[i] to
 * data + offsets[i + 1]. */
struct bm__adds_field {
	char *name; /* NUL-terminated */
	size_t name_len;
	bm_type_code type;
	bool fixed_size;
	int32_t count;
	unsigned char *data;
	size_t data_len;
	size_t data_capacity;
	size_t *offsets; /* count + 1 entries */
	int32_t offsets_capacity;
};

struct bm__adds {
	struct bm__adds_field *fields;
	int32_t count;
	int32_t capacity;
};

/* Frees every field; the structure is then empty. */
void bm__adds_free(struct bm__adds *adds);

/* A new last field holding one item; BM_TOO_LARGE or BM_NO_MEMORY, and
 * nothing changed, when it cannot be made. */
int bm__adds_new_field(struct bm__adds *adds, const char *name,
                       size_t name_len, bm_type_code type, bool fixed_size,
                       const void *data, size_t size);

/* Room in `field` for one more item of `size` bytes, within the limits;
 * nothing changes on failure. */
int bm__adds_grow(struct bm__adds_field *field, size_t size);

static inline struct bm__adds_field *
bm__adds_find(const struct bm__adds *adds, const char *name, size_t name_len)
{
	for (int32_t f = 0; f < adds->count; f++) {
		struct bm__adds_field *field = &adds->fields[f];
		if (field->name_len == name_len &&
		    memcmp(field->name, name, name_len) == 0)
			return field;
	}
	return NULL;
}

/* One more item of `size` bytes at the end of `field`, whose type and
 * fixed size it suits. */
static inline int
bm__adds_append(struct bm__adds_field *field, const void *data, size_t size)
{
	if (field->count >= BM_COUNT_MAX ||
	    size > BM_FLAT_MAX - field->data_len)
		return BM_TOO_LARGE;
	if (field->count + 1 >= field->offsets_capacity ||
	    field->data_len + size > field->data_capacity) {
		int rc = bm__adds_grow(field, size);
		if (rc != BM_OK)
			return rc;
	}
	memcpy(field->data + field->data_len, data, size);
	field->data_len += size;
	field->count++;
	field->offsets[field->count] = field->data_len;
	return BM_OK;
}

/*
 * add_data's work on the structure (impl/descriptors/descriptor.h): one
 * item appended to the field `name`, made when absent. `name_ok`, when
 * not NULL, is asked about the name of a new field only (false:
 * BM_BAD_VALUE), for a library whose keys are restricted.
 */
static inline int
bm__adds_add(struct bm__adds *adds, const char *name, size_t name_len,
             bm_type_code type, const void *data, size_t size,
             bool fixed_size, bool (*name_ok)(const char *, size_t))
{
	struct bm__adds_field *field = bm__adds_find(adds, name, name_len);
	if (field == NULL) {
		if (name_ok != NULL && !name_ok(name, name_len))
			return BM_BAD_VALUE;
		return bm__adds_new_field(adds, name, name_len, type,
		                          fixed_size, data, size);
	}
	if (field->type != type)
		return BM_BAD_TYPE;
	if (field->fixed_size && size != field->offsets[1])
		return BM_BAD_VALUE;
	return bm__adds_append(field, data, size);
}

/* Item `index` of `field`, which has one. */
static inline void
bm__adds_item(const struct bm__adds_field *field, int32_t index,
              const void **data, size_t *size)
{
	*data = field->data + field->offsets[index];
	*size = field->offsets[index + 1] - field->offsets[index];
}

static inline void
bm__adds_info(const struct bm__adds_field *field, struct bm_field_info *info)
{
	info->name = field->name;
	info->name_len = field->name_len;
	info->type = field->type;
	info->count = field->count;
	info->fixed_size = field->fixed_size;
}

/* find_data on the structure, with its statuses. */
static inline int
bm__adds_find_data(const struct bm__adds *adds, const char *name,
                   size_t name_len, bm_type_code type, int32_t index,
                   const void **data, size_t *size)
{
	const struct bm__adds_field *field =
	        bm__adds_find(adds, name, name_len);
	if (field == NULL)
		return BM_NAME_NOT_FOUND;
	if (type != BM_ANY_TYPE && type != field->type)
		return BM_BAD_TYPE;
	if (index < 0 || index >= field->count)
		return BM_BAD_INDEX;
	bm__adds_item(field, index, data, size);
	return BM_OK;
}

#endif /* BM_ADDS_H */
