/*
 * wire.h - internal helpers shared by the codecs and the backends: byte
 * access, padding, Haiku's name hash, and the constants and writer helpers
 * of the R5 (FOB1) and Haiku (HMF1) flat formats.
 *
 * The layouts are those of impl/README.md §4 (HMF1), impl/README.md §5
 * (FOB1) and impl/README.md §6 (FOB2), after Haiku's MessageAdapter.cpp,
 * MessagePrivate.h and Be's R5 Message.h. Not part of the public API: only
 * impl/ includes this header.
 */
#ifndef BM_WIRE_H
#define BM_WIRE_H

#include "bmsg.h"

#include <stdint.h>
#include <string.h>

/* --- Byte access (the flat formats are unaligned and host-ordered) --------- */

static inline uint16_t
bm__load16(const void *p)
{
	uint16_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

static inline uint32_t
bm__load32(const void *p)
{
	uint32_t v;
	memcpy(&v, p, sizeof v);
	return v;
}

static inline void
bm__store16(void *p, uint16_t v)
{
	memcpy(p, &v, sizeof v);
}

static inline void
bm__store32(void *p, uint32_t v)
{
	memcpy(p, &v, sizeof v);
}

static inline uint16_t
bm__swap16(uint16_t v)
{
	return (uint16_t)((v << 8) | (v >> 8));
}

static inline uint32_t
bm__swap32(uint32_t v)
{
	return (v << 24) | ((v << 8) & 0x00ff0000u) | ((v >> 8) & 0x0000ff00u) |
	       (v >> 24);
}

/* Reads a uint32 in host order, or in the other order when `swapped`. */
static inline uint32_t
bm__load32_order(const void *p, bool swapped)
{
	uint32_t v = bm__load32(p);
	return swapped ? bm__swap32(v) : v;
}

/* Rounds up to a multiple of 8 (R5 and Dano padding). */
static inline size_t
bm__pad8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

/* --- Haiku's name hash (impl/README.md §4.5), used by Message2-4 --------- */

/*
 * Haiku computes this over a plain `char`, which is signed on x86, so bytes
 * from 0x80 up are sign-extended; we do the same on every host.
 */
static inline uint32_t
bm__hash_name(const char *name, size_t name_len)
{
	uint32_t result = 0;
	for (size_t i = 0; i < name_len; i++) {
		result = (result << 7) ^ (result >> 24);
		result ^= (uint32_t)(int32_t)(int8_t)name[i];
	}
	result ^= result << 12;
	return result;
}

/* --- R5 'FOB1' (impl/README.md §5) --------------------------------------- */

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

/*
 * Converts one item of `type` written on a host of the other byte order to
 * host order, into `out` (size bytes). Numeric types are swapped element by
 * element; all other types (strings, raw data, nested messages) are copied.
 */
void bm__swap_item(bm_type_code type, const uint8_t *in, uint8_t *out,
                   size_t size);

/* --- Repeated names in foreign input -------------------------------------- */

/*
 * A message never holds two fields of one name (lookups would reach only
 * the first), but a flattened message can name a field twice. The
 * project's rule is Haiku's R5 reader's: such records merge through the
 * add path (bm_decode_into). A native reader that builds fields directly
 * keeps this filter of the names read so far, so that a repeat costs
 * little to notice. It is a scalable Bloom filter: layers of three bits per
 * name over a 32-bit hash of the name, 32 bits per name a layer holds
 * (about 1 false hit in 1400). A clear bit proves a name new; only a
 * possible repeat costs the backend's own lookup to confirm it. The first
 * layer lives on the stack, sized to the names the input can hold (up to
 * 16384), and only its part in use is cleared; when names outgrow it,
 * layers of twice the size come from the heap. Nothing here fails: should
 * the heap refuse a layer, every later name counts as a possible repeat,
 * which only costs lookups.
 */
#define BM__SEEN_STACK_LOG2 19
#define BM__SEEN_LAYERS_MAX 24

struct bm__seen_layer {
	uint64_t *words;
	unsigned log2_bits;
	size_t names;    /* names marked in this layer */
};

struct bm__seen_names {
	struct bm__seen_layer layers[BM__SEEN_LAYERS_MAX];
	unsigned layer_count;
	bool saturated;  /* a layer could not be added: all may repeat */
	uint64_t stack_words[((size_t)1 << BM__SEEN_STACK_LOG2) / 64];
};

/* Prepares the filter for about `expected_names` names (an upper bound is
 * fine: the stack layer stops at 16384 names). */
void bm__seen_init(struct bm__seen_names *seen, size_t expected_names);

/* Releases the heap layers; the struct can then be dropped. */
void bm__seen_free(struct bm__seen_names *seen);

/* Marks a name by its hash; returns whether it may have been marked
 * before (false: certainly not). */
bool bm__seen_mark(struct bm__seen_names *seen, uint32_t name_hash);

/*
 * A cheap 32-bit hash of a name for designs that keep none of their own
 * (R5): whole words of the name (every byte covered, none past the end)
 * through a multiplicative mix. Haiku's byte-wise hash (bm__hash_name)
 * costs several times more per name.
 */
uint32_t bm__quick_name_hash(const char *name, size_t name_len);

/* --- Haiku 'HMF1' (impl/README.md §4) ------------------------------------ */

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
 * wire_hmf1.c), and hash chains in range, strictly increasing (so they
 * end), each field in the bucket of its name and reached exactly once.
 * Stores 68 + 24 * field_count + data_size in *flat_size. When
 * repeated_names is not NULL, also looks for two fields of one name (see
 * bm__seen_names) and stores whether it found any; the shared decoder
 * passes NULL, since its add path merges them. Returns BM_OK,
 * BM_NOT_A_MESSAGE or BM_BAD_VALUE. Used by the shared decoder and by
 * Message4's Unflatten.
 */
int bm__hmf1_check(const uint8_t *data, size_t size, bool swapped,
                   size_t *flat_size, bool *repeated_names);

/* --- Dano 'FOB2' (impl/README.md §6) ------------------------------------- */

/*
 * The Dano reader (wire_dano.c): one validated walk over a flattened Dano
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

#endif /* BM_WIRE_H */
