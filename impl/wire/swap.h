/*
 * swap.h - converting one item of a message written on a host of the other
 * byte order (swap.c).
 */
#ifndef BM_SWAP_H
#define BM_SWAP_H

#include "message.h"

#include <stddef.h>
#include <stdint.h>

/*
 * Converts one item of `type` written on a host of the other byte order to
 * host order, into `out` (size bytes). Numeric types are swapped element by
 * element; all other types (strings, raw data, nested messages) are copied.
 */
void bm__swap_item(bm_type_code type, const uint8_t *in, uint8_t *out,
                   size_t size);

#endif /* BM_SWAP_H */
