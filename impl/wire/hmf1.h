/*
 * hmf1.h - HMF1, today's Haiku format (impl/README.md §4): its constants
 * and offsets, one field header read in either byte order, and the one
 * full check of a flattened message (hmf1.c).
 */
#ifndef BM_HMF1_H
#define BM_HMF1_H

#include "bytes.h"
#include "message.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BM_HMF1_HEADER_SIZE 68
#define BM_HMF1_FIELD_HEADER_SIZE 24
#define BM_HMF1_HASH_TABLE_SIZE 5

#define BM_HMF1_MESSAGE_VALID 0x0001
#define BM_HMF1_FIELD_VALID 0x0001
#define BM_HMF1_FIELD_FIXED 0x0002

/* Offsets inside the 68-byte message header (impl/README.md §4.2). */
#define BM_HMF1_OFF_FORMAT 0
#define BM_HMF1_OFF_WHAT 4
#define BM_HMF1_OFF_FLAGS 8
#define BM_HMF1_OFF_DATA_SIZE 36
#define BM_HMF1_OFF_FIELD_COUNT 40
#define BM_HMF1_OFF_HASH_SIZE 44
#define BM_HMF1_OFF_HASH_TABLE 48

/* Offsets inside a 24-byte field header (impl/README.md §4.3). */
#define BM_HMF1_FOFF_FLAGS 0
#define BM_HMF1_FOFF_NAME_LENGTH 2 /* includes the NUL */
#define BM_HMF1_FOFF_TYPE 4
#define BM_HMF1_FOFF_COUNT 8
#define BM_HMF1_FOFF_DATA_SIZE 12
#define BM_HMF1_FOFF_OFFSET 16
#define BM_HMF1_FOFF_NEXT 20

/* One 24-byte HMF1 field header (impl/README.md §4.3), in host order. */
struct bm__hmf1_field {
	uint16_t flags;        /* BM_HMF1_FIELD_* */
	uint16_t name_length;  /* with the NUL */
	bm_type_code type;
	uint32_t count;
	uint32_t data_size;    /* item bytes, size prefixes included */
	uint32_t offset;       /* of the name, in the data area */
	uint32_t next;         /* next_field: UINT32_MAX (-1) ends the chain */
};

/* Reads field header number `index` of the array at `fields`, swapping
 * when the message was written in the other byte order. Checks nothing. */
static inline void
bm__hmf1_read_field(const uint8_t *fields, uint32_t index, bool swapped,
                    struct bm__hmf1_field *field)
{
	const uint8_t *at = fields + (size_t)index * BM_HMF1_FIELD_HEADER_SIZE;
	field->flags = bm__load16(at + BM_HMF1_FOFF_FLAGS);
	field->name_length = bm__load16(at + BM_HMF1_FOFF_NAME_LENGTH);
	if (swapped) {
		field->flags = bm__swap16(field->flags);
		field->name_length = bm__swap16(field->name_length);
	}
	field->type = bm__load32_order(at + BM_HMF1_FOFF_TYPE, swapped);
	field->count = bm__load32_order(at + BM_HMF1_FOFF_COUNT, swapped);
	field->data_size = bm__load32_order(at + BM_HMF1_FOFF_DATA_SIZE, swapped);
	field->offset = bm__load32_order(at + BM_HMF1_FOFF_OFFSET, swapped);
	field->next = bm__load32_order(at + BM_HMF1_FOFF_NEXT, swapped);
}

/*
 * Checks a whole HMF1 message in either byte order before anything reads
 * it, so that later finds and walks need no checks: header size, the VALID
 * flag, hash_table_size 5, field headers and data area inside `size`, every
 * field VALID with a NUL-terminated name of 1..BM_NAME_MAX bytes and no
 * other NUL, name and data inside the data area, count >= 1, fixed data a
 * whole number of items, variable items non-empty and adding up to the
 * field's data_size, field regions (name + data) contiguous in field order
 * and covering the data area exactly (as Haiku always writes them; see
 * hmf1.c), and hash chains in range, strictly increasing (so they end),
 * each field in the bucket of its name and reached exactly once.
 * Stores 68 + 24 * field_count + data_size in *flat_size. When
 * repeated_names is not NULL, also looks for two fields of one name (see
 * bm__seen_names in names.h) and stores whether it found any; the shared
 * decoder passes NULL, since its add path merges them. Returns BM_OK,
 * BM_NOT_A_MESSAGE or BM_BAD_VALUE. Used by the shared decoder (the
 * Unflatten of Message4 and Message5 checks only what its design checks).
 */
int bm__hmf1_check(const uint8_t *data, size_t size, bool swapped,
                   size_t *flat_size, bool *repeated_names);

#endif /* BM_HMF1_H */
