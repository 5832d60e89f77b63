/*
 * fob1.h - FOB1, the R5 format (impl/README.md §5): its constants, the
 * writer helpers, and the one validated reader that the shared decoder
 * and every FOB1 backend read through (fob1.c).
 */
#ifndef BM_FOB1_H
#define BM_FOB1_H

#include "bytes.h"
#include "message.h"
#include "status.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BM_R5_HEADER_SIZE 17    /* magic, checksum, size, what, flags */

#define BM_R5_MESSAGE_VALID 0x01
#define BM_R5_MESSAGE_INCLUDE_TARGET 0x02
#define BM_R5_MESSAGE_INCLUDE_REPLY 0x04
#define BM_R5_MESSAGE_SCRIPT 0x08

#define BM_R5_FIELD_VALID 0x01
#define BM_R5_FIELD_MINI 0x02   /* count and size are one byte each */
#define BM_R5_FIELD_FIXED 0x04
#define BM_R5_FIELD_SINGLE 0x08 /* count omitted: one item */

/* R5's checksum over header bytes (impl/README.md §5.4): 4-byte groups
 * read big-endian and summed, then the 1-3 leftover bytes accumulated
 * big-endian and added. */
uint32_t bm__r5_checksum(const uint8_t *bytes, size_t size);

/*
 * Writes the 17-byte header (no target, no reply) with its checksum:
 * magic, checksum, flattened_size, what, flags, all in host order.
 */
void bm__r5_write_header(uint8_t *out, uint32_t flattened_size, uint32_t what,
                         uint8_t flags);

/* Size of a field record's header for these flags and name
 * (impl/README.md §5.3): flags, type, [count], size, name_length, name. */
size_t bm__r5_record_header_size(uint8_t flags, size_t name_len);

/*
 * Writes a field record header (impl/README.md §5.3) and returns the byte
 * after it. With MINI, count and size must be <= 255; with SINGLE, count
 * must be 1 and is not written. The name is written without its NUL.
 */
uint8_t *bm__r5_write_record_header(uint8_t *out, uint8_t flags,
                                    bm_type_code type, uint32_t count,
                                    uint32_t data_size, const char *name,
                                    size_t name_len);

/* Bytes one variable-size item takes in R5 data: pad_to_8(4 + size). */
static inline size_t
bm__r5_var_item_size(size_t size)
{
	return bm__pad8(4 + size);
}

/*
 * Writes one variable-size item, [int32 size][bytes][zero padding to 8],
 * and returns the byte after it.
 */
uint8_t *bm__r5_write_var_item(uint8_t *out, const void *data, size_t size);

/*
 * The shared FOB1 reader: one validated walk over a flattened R5 message,
 * used by the shared decoder and by every backend whose native format is
 * FOB1 (R5, Message1-3), so that all of them accept and reject the same
 * bytes. Both byte orders are read; for a swapped message every header
 * integer, type code, count and size is swapped (item bytes are not: see
 * bm__swap_item).
 */
/*
 * What bm__r5_next checks besides what memory safety needs (every record,
 * name and data inside the message, counts, sizes and name lengths
 * non-zero): the shared decoder asks for all of it; a backend's own reader
 * asks for what its design's reader checks (impl/README.md §11), and leaves
 * the rest to the finds that reach it (BM_BACKEND_CHECKS_ON_READ).
 */
#define BM__R5_CHECK_ITEMS 0x1u  /* variable data is exactly `count` chunks
                                  * of non-empty items that fill it */
#define BM__R5_CHECK_FIXED 0x2u  /* fixed data is a whole number of items */
#define BM__R5_CHECK_NAMES 0x4u  /* no NUL inside a name */
#define BM__R5_CHECK_ALL                                                   \
	(BM__R5_CHECK_ITEMS | BM__R5_CHECK_FIXED | BM__R5_CHECK_NAMES)

struct bm__r5_reader {
	const uint8_t *cursor;  /* next record's flags byte */
	const uint8_t *end;     /* data + flattened_size */
	unsigned checks;        /* BM__R5_CHECK_*: BM__R5_CHECK_ALL unless a
	                         * backend's reader asks for less */
	bool swapped;
	uint32_t what;
	uint8_t message_flags;  /* header flags byte */
	size_t flat_size;       /* flattened_size from the header */
};

struct bm__r5_record {
	uint8_t flags;          /* BM_R5_FIELD_* */
	bm_type_code type;      /* host order */
	uint32_t count;         /* 1..BM_COUNT_MAX */
	uint32_t data_size;     /* bytes at `data`, >= 1 */
	const char *name;       /* name_len bytes, not terminated; no NUL
	                         * inside with BM__R5_CHECK_NAMES */
	size_t name_len;        /* 1..BM_NAME_MAX */
	const uint8_t *data;    /* fixed: count items of data_size/count bytes;
	                         * variable: count chunks, see bm__r5_next_chunk */
};

/*
 * Opens a FOB1 message (either byte order): checks the magic, that the
 * header (with its optional target and reply parts) and flattened_size fit
 * in `size`, and the header checksum. Returns BM_OK or BM_NOT_A_MESSAGE.
 */
int bm__r5_open(struct bm__r5_reader *reader, const void *data, size_t size);

/* bm__r5_open for a backend's own reader, which reads host-order FOB1
 * only: a message in the other byte order is BM_UNSUPPORTED, so that
 * bm_unflatten hands it to the shared decoder, which swaps its items.
 * `checks` says what its records are checked for (BM__R5_CHECK_*). */
static inline int
bm__r5_open_native(struct bm__r5_reader *reader, const void *data,
                   size_t size, unsigned checks)
{
	int rc = bm__r5_open(reader, data, size);
	reader->checks = checks;
	return rc == BM_OK && reader->swapped ? BM_UNSUPPORTED : rc;
}

/*
 * Reads the next field record and checks it: count, sizes and name in
 * range and the data inside the message, always; with the reader's checks
 * (all of them unless a backend asked for less), fixed data a whole number
 * of items, variable data exactly `count` chunks of non-empty items whose
 * padded sizes add up to data_size, no NUL inside the name. Returns 1 with
 * *record filled, 0 at the terminator (which must be the message's last
 * byte), or BM_NOT_A_MESSAGE / BM_BAD_VALUE for malformed input.
 */
int bm__r5_next(struct bm__r5_reader *reader, struct bm__r5_record *record);

/*
 * Steps through the chunks of a variable-size record checked by
 * bm__r5_next: stores the item and its size, returns the next chunk.
 */
const uint8_t *bm__r5_next_chunk(const uint8_t *chunk, bool swapped,
                                 const uint8_t **item, size_t *item_size);

#endif /* BM_FOB1_H */
