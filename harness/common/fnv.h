/*
 * fnv.h - the FNV-1a hash (Fowler, Noll and Vo; the 64-bit offset basis and
 * prime of the published parameters), for the run's checksum of all timed
 * work and the digest of flattened bytes.
 */
#ifndef BENCH_FNV_H
#define BENCH_FNV_H

#include <stddef.h>
#include <stdint.h>

#define BENCH_FNV_OFFSET UINT64_C(0xcbf29ce484222325)
#define BENCH_FNV_PRIME UINT64_C(0x100000001b3)

/* Folds one value into a running hash. */
static inline uint64_t
bench_fnv_fold(uint64_t hash, uint64_t value)
{
	return (hash ^ value) * BENCH_FNV_PRIME;
}

/* The hash of bytes[0..size), byte by byte. */
static inline uint64_t
bench_fnv_bytes(const void *bytes, size_t size)
{
	const unsigned char *cursor = bytes;
	uint64_t hash = BENCH_FNV_OFFSET;
	for (size_t i = 0; i < size; i++)
		hash = bench_fnv_fold(hash, cursor[i]);
	return hash;
}

#endif /* BENCH_FNV_H */
