/*
 * names.c - the filter that native readers use to notice a repeated
 * field name in foreign input (see bm__seen_names in names.h).
 */
#include "alloc.h"
#include "names.h"

#include <string.h>

#define SEEN_BITS_PER_NAME 32
#define SEEN_MIN_LOG2 9
/* Three positions are cut from 63 bits of one mixed hash. */
#define SEEN_MAX_LOG2 21

static size_t
layer_capacity(const struct bm__seen_layer *layer)
{
	return ((size_t)1 << layer->log2_bits) / SEEN_BITS_PER_NAME;
}

void
bm__seen_init(struct bm__seen_names *seen, size_t expected_names)
{
	unsigned log2_bits = SEEN_MIN_LOG2;
	while (log2_bits < BM__SEEN_STACK_LOG2 &&
	       ((size_t)1 << log2_bits) / SEEN_BITS_PER_NAME < expected_names)
		log2_bits++;
	memset(seen->stack_words, 0, ((size_t)1 << log2_bits) / 8);
	seen->layers[0] = (struct bm__seen_layer){
		.words = seen->stack_words,
		.log2_bits = log2_bits,
	};
	seen->layer_count = 1;
	seen->saturated = false;
}

void
bm__seen_free(struct bm__seen_names *seen)
{
	for (unsigned i = 1; i < seen->layer_count; i++)
		bm_free(seen->layers[i].words);
	seen->layer_count = 0;
}

/* Adds a layer of twice the last one's size (up to the largest the hash
 * can address); false when there is no room or no memory. */
static bool
add_layer(struct bm__seen_names *seen)
{
	if (seen->layer_count == BM__SEEN_LAYERS_MAX)
		return false;
	unsigned log2_bits = seen->layers[seen->layer_count - 1].log2_bits + 1;
	if (log2_bits > SEEN_MAX_LOG2)
		log2_bits = SEEN_MAX_LOG2;
	size_t bytes = ((size_t)1 << log2_bits) / 8;
	uint64_t *words = bm_malloc(bytes);
	if (words == NULL)
		return false;
	memset(words, 0, bytes);
	seen->layers[seen->layer_count++] = (struct bm__seen_layer){
		.words = words,
		.log2_bits = log2_bits,
	};
	return true;
}

/* Tests the three bits of `h` in a layer, setting them when `set`;
 * returns whether all three were set before. */
static bool
layer_bits(struct bm__seen_layer *layer, uint64_t h, bool set)
{
	uint64_t mask = ((uint64_t)1 << layer->log2_bits) - 1;
	bool all = true;
	for (unsigned shift = 0; shift < 63; shift += 21) {
		uint64_t bit = (h >> shift) & mask;
		uint64_t flag = (uint64_t)1 << (bit % 64);
		if ((layer->words[bit / 64] & flag) == 0) {
			all = false;
			if (set)
				layer->words[bit / 64] |= flag;
		}
	}
	return all;
}

bool
bm__seen_mark(struct bm__seen_names *seen, uint32_t name_hash)
{
	if (seen->saturated)
		return true;
	/* MurmurHash3's 64-bit finaliser spreads the hash, whose low bits
	 * repeat a lot for names such as "data<i>", over the positions. */
	uint64_t h = name_hash;
	h ^= h >> 33;
	h *= UINT64_C(0xff51afd7ed558ccd);
	h ^= h >> 33;
	h *= UINT64_C(0xc4ceb9fe1a85ec53);
	h ^= h >> 33;
	unsigned newest = seen->layer_count - 1;
	for (unsigned i = 0; i < newest; i++) {
		if (layer_bits(&seen->layers[i], h, false))
			return true;
	}
	struct bm__seen_layer *layer = &seen->layers[newest];
	if (layer_bits(layer, h, true))
		return true;
	if (++layer->names >= layer_capacity(layer) && !add_layer(seen))
		seen->saturated = true;
	return false;
}

uint32_t
bm__quick_name_hash(const char *name, size_t name_len)
{
	uint64_t hash = name_len, word;
	if (name_len >= 8) {
		/* Whole words, then the last 8 bytes (overlapping). */
		const char *last = name + name_len - 8;
		for (; name < last; name += 8) {
			memcpy(&word, name, 8);
			hash = (hash ^ word) * UINT64_C(0x9e3779b97f4a7c15);
			hash ^= hash >> 32;
		}
		memcpy(&word, last, 8);
	} else if (name_len >= 4) {
		uint32_t low, high;
		memcpy(&low, name, 4);
		memcpy(&high, name + name_len - 4, 4);
		word = (uint64_t)high << 32 | low;
	} else {
		word = (uint64_t)(uint8_t)name[0] << 16 |
		       (uint64_t)(uint8_t)name[name_len / 2] << 8 |
		       (uint8_t)name[name_len - 1];
	}
	hash = (hash ^ word) * UINT64_C(0x9e3779b97f4a7c15);
	return (uint32_t)(hash >> 32);
}
