/*
 * formats.h - the flat formats: their codes, their magics, sets of them,
 * and telling them apart by the first four bytes.
 */
#ifndef BM_FORMATS_H
#define BM_FORMATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/*
 * The formats the shared decoders know. "Swapped" means written on a host of
 * the other byte order. Dano (FOB2) is read in the host's order only.
 */
enum bm_format {
	BM_FORMAT_UNKNOWN = 0,
	BM_FORMAT_R5,           /* 'FOB1' */
	BM_FORMAT_R5_SWAPPED,
	BM_FORMAT_HMF1,         /* 'HMF1', today's Haiku */
	BM_FORMAT_HMF1_SWAPPED,
	BM_FORMAT_DANO,         /* 'FOB2', Dano/Zeta */
	BM_FORMAT_DANO_SWAPPED,
	/* The formats of the outside libraries (backends of kind library):
	 * each written and read by its library alone, with no magic, so
	 * bm_detect_format never returns one (impl/README.md §12). */
	BM_FORMAT_BSON,         /* libbson's BSON document */
	BM_FORMAT_MSGPACK       /* msgpack-c's MessagePack map */
};
/* The last format: a library's new format goes before this line moves. */
#define BM_FORMAT_LAST BM_FORMAT_MSGPACK

/* True for a format bm_detect_format knows by its magic; false for a
 * library's own format (and BM_FORMAT_UNKNOWN). */
static inline bool
bm_format_has_magic(enum bm_format format)
{
	return format >= BM_FORMAT_R5 && format <= BM_FORMAT_DANO_SWAPPED;
}

/* The magic of each format as a host-order integer, as Haiku compares it
 * (HMF1: impl/README.md §4, FOB1: impl/README.md §5, FOB2:
 * impl/README.md §6). */
#define BM_R5_MAGIC 0x464f4231u   /* 'FOB1'; bytes "1BOF" on little-endian */
#define BM_HMF1_MAGIC 0x31464d48u /* '1FMH'; bytes "HMF1" on little-endian */
#define BM_DANO_MAGIC 0x464f4232u /* 'FOB2' */

/* A set of formats, as in a descriptor's `decoded_formats`;
 * BM_DECODER_FORMATS is every format bm_decode knows (it refuses swapped
 * Dano as BM_UNSUPPORTED). */
#define BM_FORMAT_BIT(format) (1u << (unsigned)(format))
#define BM_DECODER_FORMATS                                                 \
	(BM_FORMAT_BIT(BM_FORMAT_R5) | BM_FORMAT_BIT(BM_FORMAT_R5_SWAPPED) |  \
	 BM_FORMAT_BIT(BM_FORMAT_HMF1) |                                     \
	 BM_FORMAT_BIT(BM_FORMAT_HMF1_SWAPPED) |                             \
	 BM_FORMAT_BIT(BM_FORMAT_DANO) | BM_FORMAT_BIT(BM_FORMAT_DANO_SWAPPED))

/* Detects the format from the first four bytes; BM_FORMAT_UNKNOWN when they
 * are not a known magic or size < 4. */
enum bm_format bm_detect_format(const void *data, size_t size);

/* bm_detect_format's body, inline for bm_unflatten, which detects the
 * format on every call: a call there would add to every Unflatten. */
static inline enum bm_format
bm__detect_format(const void *data, size_t size)
{
	if (data == NULL || size < 4)
		return BM_FORMAT_UNKNOWN;
	/* The magic is compared as a host-order integer, as Haiku does. */
	uint32_t magic;
	memcpy(&magic, data, sizeof magic);
	switch (magic) {
	case BM_R5_MAGIC:
		return BM_FORMAT_R5;
	case 0x31424f46u: /* 'FOB1' swapped */
		return BM_FORMAT_R5_SWAPPED;
	case BM_HMF1_MAGIC:
		return BM_FORMAT_HMF1;
	case 0x484d4631u: /* '1FMH' swapped */
		return BM_FORMAT_HMF1_SWAPPED;
	case BM_DANO_MAGIC:
		return BM_FORMAT_DANO;
	case 0x32424f46u: /* 'FOB2' swapped */
		return BM_FORMAT_DANO_SWAPPED;
	default:
		return BM_FORMAT_UNKNOWN;
	}
}

/* "R5", "R5-swapped", "HMF1", "HMF1-swapped", "DANO", "DANO-swapped",
 * "BSON", "MessagePack" or "unknown": the names msgdump --json prints. */
const char *bm_format_name(enum bm_format format);

#endif /* BM_FORMATS_H */
