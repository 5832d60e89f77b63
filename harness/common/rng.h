/*
 * rng.h - the harness's one source of randomness: SplitMix64 (Steele, Lea
 * and Flood, 2014), seeded from --seed, so every order it makes (lookup
 * names, sample order) is the same on every run with the same seed.
 */
#ifndef BENCH_RNG_H
#define BENCH_RNG_H

#include <stddef.h>
#include <stdint.h>

static inline uint64_t
bench_rng_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* A value in [0, bound) for bound >= 1 (the modulo bias is below 2^-40
 * for the bounds used here, far below anything it could influence). */
static inline size_t
bench_rng_below(uint64_t *state, size_t bound)
{
	return (size_t)(bench_rng_next(state) % bound);
}

/* Shuffles indices[0..count) (Fisher-Yates). */
static inline void
bench_rng_shuffle(uint64_t *state, size_t *indices, size_t count)
{
	for (size_t i = count; i > 1; i--) {
		size_t j = bench_rng_below(state, i);
		size_t swap = indices[i - 1];
		indices[i - 1] = indices[j];
		indices[j] = swap;
	}
}

#endif /* BENCH_RNG_H */
