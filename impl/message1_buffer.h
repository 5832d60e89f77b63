/*
 * message1_buffer.h - Message1's BDataBuffer and calc_padding, in their own
 * unit (message1_buffer.c) as 2005 had them in theirs
 * (src/kits/support/DataBuffer.cpp, src/kits/app/MessageUtils.cpp), so
 * that the field code of message1.c calls them, as 2005's did, rather than
 * having them inlined. impl/README.md §2.2.
 */
#ifndef BM_MESSAGE1_BUFFER_H
#define BM_MESSAGE1_BUFFER_H

#include <stddef.h>
#include <stdint.h>

/* A BDataReference: the reference record of one item; its bytes are a
 * second heap block. A BDataBuffer is one pointer to it. */
struct bm__m1_reference {
	void *data;
	size_t size;
	int32_t references;
};

/* BDataBuffer(data, size, true): BDataReference::Create (the record, a
 * copy of the bytes) and one Acquire. NULL when an allocation fails
 * (nothing is kept then). */
struct bm__m1_reference *bm__m1_buffer_create(const void *data, size_t size);

/* BDataBuffer(const BDataBuffer &): BDataReference::Acquire. */
struct bm__m1_reference *bm__m1_buffer_copy(struct bm__m1_reference *ref);

/* ~BDataBuffer: BDataReference::Release (the record and its bytes are
 * freed with the last reference). */
void bm__m1_buffer_release(struct bm__m1_reference *ref);

/* BDataBuffer::BufferSize and Buffer. */
size_t bm__m1_buffer_size(const struct bm__m1_reference *ref);
const void *bm__m1_buffer_data(const struct bm__m1_reference *ref);

/* calc_padding: the bytes that take `size` to a multiple of `boundary`. */
size_t bm__m1_calc_padding(size_t size, size_t boundary);

#endif /* BM_MESSAGE1_BUFFER_H */
