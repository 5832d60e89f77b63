/*
 * bytes.h - byte access for the flat formats, which are unaligned and in
 * the writer's byte order: loads and stores through memcpy, byte swaps,
 * and padding to 8.
 */
#ifndef BM_BYTES_H
#define BM_BYTES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

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

#endif /* BM_BYTES_H */
