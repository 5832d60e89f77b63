/*
 * message1_buffer.c - Message1's BDataBuffer (src/kits/support/
 * DataBuffer.cpp at 0083a1f3f5) and calc_padding (src/kits/app/
 * MessageUtils.cpp), declared in message1_buffer.h.
 */
#include "message1_buffer.h"

#include "alloc.h"

#include <string.h>

struct bm__m1_reference *
bm__m1_buffer_create(const void *data, size_t size)
{
	struct bm__m1_reference *ref = bm_malloc(sizeof *ref);
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
	return bm__m1_buffer_copy(ref);
}

struct bm__m1_reference *
bm__m1_buffer_copy(struct bm__m1_reference *ref)
{
	ref->references++;
	return ref;
}

void
bm__m1_buffer_release(struct bm__m1_reference *ref)
{
	if (--ref->references <= 0) {
		bm_free(ref->data);
		bm_free(ref);
	}
}

size_t
bm__m1_buffer_size(const struct bm__m1_reference *ref)
{
	return ref->size;
}

const void *
bm__m1_buffer_data(const struct bm__m1_reference *ref)
{
	return ref->data;
}

size_t
bm__m1_calc_padding(size_t size, size_t boundary)
{
	size_t pad = size % boundary;
	if (pad != 0)
		pad = boundary - pad;
	return pad;
}
