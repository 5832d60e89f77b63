/*
 * decode.h - bm_decode, the shared decoder (decode.c): any flat format it
 * knows, checked whole, then reported field by field to a sink.
 */
#ifndef BM_DECODE_H
#define BM_DECODE_H

#include "formats.h"
#include "message.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * What the shared decoders report, in stored order, once the whole input has
 * been validated: begin once, then for each field `field` followed by its
 * `count` items. Item bytes are in host order and are only valid during the
 * call; names are not NUL-terminated. A callback that returns non-zero stops
 * the decoding, and bm_decode returns that value. A NULL callback is
 * skipped.
 */
struct bm_decode_sink {
	int (*begin)(void *ctx, enum bm_format format, uint32_t what);
	int (*field)(void *ctx, const char *name, size_t name_len,
	             bm_type_code type, bool fixed_size, int32_t count);
	int (*item)(void *ctx, const void *data, size_t size);
	void *ctx;
};

/*
 * Decodes a flattened message in any supported format and reports it to
 * `sink`. Checks every length, count and offset before the first callback:
 * malformed input returns BM_NOT_A_MESSAGE or BM_BAD_VALUE with no callback
 * made and nothing left allocated. BM_UNSUPPORTED for swapped Dano.
 */
int bm_decode(const void *data, size_t size, const struct bm_decode_sink *sink);

/*
 * Checks data as bm_decode does, with no sink, and when it refuses says
 * where: the offset of the byte where the check stopped (size when the
 * input ended too soon) and what it expected there, a static text
 * ("a field header flagged VALID"). Returns bm_decode's status;
 * *expected is NULL unless that is BM_NOT_A_MESSAGE or BM_BAD_VALUE.
 * For messages to people (msgdump): the timed paths call bm_decode.
 */
int bm_decode_explain(const void *data, size_t size, size_t *offset,
                      const char **expected);

#endif /* BM_DECODE_H */
