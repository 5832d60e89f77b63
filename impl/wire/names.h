/*
 * names.h - field names as the codecs and the backends hash them: Haiku's
 * name hash, a quicker one for designs that keep none, and the filter that
 * native readers use to notice a repeated name in foreign input.
 */
#ifndef BM_NAMES_H
#define BM_NAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

#endif /* BM_NAMES_H */
