/*
 * adds.c - growing and freeing the adds' structure (adds.h).
 */
#include "adds.h"

#include "alloc.h"

void
bm__adds_free(struct bm__adds *adds)
{
	for (int32_t f = 0; f < adds->count; f++) {
		bm_free(adds->fields[f].name);
		bm_free(adds->fields[f].data);
		bm_free(adds->fields[f].offsets);
	}
	bm_free(adds->fields);
	adds->fields = NULL;
	adds->count = 0;
	adds->capacity = 0;
}

int
bm__adds_grow(struct bm__adds_field *field, size_t size)
{
	if (field->count + 1 >= field->offsets_capacity) {
		if (field->offsets_capacity > INT32_MAX / 2)
			return BM_TOO_LARGE;
		int32_t capacity = field->offsets_capacity * 2;
		size_t *grown = bm_realloc(field->offsets,
		                           (size_t)capacity * sizeof *grown);
		if (grown == NULL)
			return BM_NO_MEMORY;
		field->offsets = grown;
		field->offsets_capacity = capacity;
	}
	if (field->data_len + size > field->data_capacity) {
		size_t capacity = field->data_capacity * 2;
		if (capacity < field->data_len + size)
			capacity = field->data_len + size;
		unsigned char *grown = bm_realloc(field->data, capacity);
		if (grown == NULL)
			return BM_NO_MEMORY;
		field->data = grown;
		field->data_capacity = capacity;
	}
	return BM_OK;
}

int
bm__adds_new_field(struct bm__adds *adds, const char *name, size_t name_len,
                   bm_type_code type, bool fixed_size, const void *data,
                   size_t size)
{
	if (adds->count >= BM_COUNT_MAX)
		return BM_TOO_LARGE;
	if (adds->count == adds->capacity) {
		if (adds->capacity > INT32_MAX / 2)
			return BM_TOO_LARGE;
		int32_t capacity = adds->capacity ? adds->capacity * 2 : 4;
		struct bm__adds_field *grown = bm_realloc(
		        adds->fields, (size_t)capacity * sizeof *grown);
		if (grown == NULL)
			return BM_NO_MEMORY;
		adds->fields = grown;
		adds->capacity = capacity;
	}
	struct bm__adds_field field = {
		.name = bm_malloc(name_len + 1),
		.name_len = name_len,
		.type = type,
		.fixed_size = fixed_size,
		.count = 1,
		.data = bm_malloc(size),
		.data_len = size,
		.data_capacity = size,
		.offsets = bm_malloc(2 * sizeof(size_t)),
		.offsets_capacity = 2,
	};
	if (field.name == NULL || field.data == NULL || field.offsets == NULL) {
		bm_free(field.name);
		bm_free(field.data);
		bm_free(field.offsets);
		return BM_NO_MEMORY;
	}
	memcpy(field.name, name, name_len);
	field.name[name_len] = '\0';
	memcpy(field.data, data, size);
	field.offsets[0] = 0;
	field.offsets[1] = size;
	adds->fields[adds->count++] = field;
	return BM_OK;
}
