/*
 * fob2.h - FOB2, the Dano/Zeta format (impl/README.md §6): its reader
 * (fob2.c), read-only and in the host's byte order.
 */
#ifndef BM_FOB2_H
#define BM_FOB2_H

#include "message.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The Dano reader (fob2.c): one validated walk over a flattened Dano
 * message in the host's byte order, section by section. Only the field
 * sections (SGDa, FADa, VADa) are reported; the others are skipped.
 */
struct bm__dano_reader {
	const uint8_t *cursor;  /* next section */
	const uint8_t *end;     /* data + the message's size */
	uint32_t what;
};

struct bm__dano_field {
	const char *name;       /* name_len bytes, no NUL inside; a NUL follows */
	size_t name_len;        /* 1..BM_NAME_MAX */
	bm_type_code type;
	bool fixed_size;        /* SGDa: impl/README.md §6.2 rule 5; FADa
	                         * fixed; VADa not */
	uint32_t count;         /* 1..BM_COUNT_MAX */
	const uint8_t *data;    /* the items (VADa: their area) */
	size_t item_size;       /* SGDa, FADa: bytes per item; VADa: 0 */
	const uint8_t *end_points; /* VADa: count int32 end offsets; else NULL */
};

/*
 * Opens a Dano message: checks the magic and that the message's size fits
 * in `size`. Returns BM_OK, BM_UNSUPPORTED for a swapped Dano message, or
 * BM_NOT_A_MESSAGE.
 */
int bm__dano_open(struct bm__dano_reader *reader, const void *data,
                  size_t size);

/*
 * Skips to the next field section and checks all of it: section inside the
 * message, name, counts and sizes in range, every item inside the section
 * and non-empty. Returns 1 with *field filled, 0 at the end of the message,
 * or BM_NOT_A_MESSAGE / BM_BAD_VALUE for malformed input.
 */
int bm__dano_next(struct bm__dano_reader *reader, struct bm__dano_field *field);

/* Item `index` (< count) of a field checked by bm__dano_next. */
void bm__dano_item(const struct bm__dano_field *field, uint32_t index,
                   const uint8_t **item, size_t *item_size);

#endif /* BM_FOB2_H */
