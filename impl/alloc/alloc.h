/*
 * alloc.h - the one allocator interface every backend allocates through.
 *
 * In normal use bm_malloc, bm_realloc and bm_free are malloc, realloc and
 * free behind one predictable branch. Tests and the harness can switch on
 * counting, to see how many allocations an operation makes and of what size,
 * and can make the k-th allocation fail, to check that every backend returns
 * BM_NO_MEMORY and keeps what it held. Not thread-safe: the suite is
 * single-threaded.
 */
#ifndef BM_ALLOC_H
#define BM_ALLOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* malloc(size); NULL on failure. size 0 is allowed and returns a block. */
void *bm_malloc(size_t size);

/* realloc(ptr, size); on failure returns NULL and `ptr` is still valid.
 * ptr NULL allocates; size must not be 0. */
void *bm_realloc(void *ptr, size_t size);

/* free(ptr); NULL is ignored. */
void bm_free(void *ptr);

/* What the counting allocator has seen since counting started or was reset. */
struct bm_alloc_counts {
	uint64_t mallocs;   /* bm_malloc calls, and bm_realloc(NULL, ...) */
	uint64_t reallocs;  /* bm_realloc calls on an existing block */
	uint64_t frees;     /* bm_free calls on a block */
	uint64_t failures;  /* allocations made to fail by bm_alloc_fail_at */
	int64_t live;       /* blocks allocated and not yet freed */
	size_t last_size;   /* size asked for by the latest malloc or realloc */
};

/* Switches counting on (and resets the counts), or off. While off, the
 * counts and the failure plan are ignored. */
void bm_alloc_counting(bool on);

/* Resets the counts to zero, keeping counting on or off. */
void bm_alloc_reset_counts(void);

/* The counts so far. */
const struct bm_alloc_counts *bm_alloc_counts(void);

/* Allocations (mallocs + reallocs) counted so far. */
uint64_t bm_alloc_calls(void);

/*
 * Makes the k-th allocation from now (1-based, mallocs and reallocs alike)
 * fail once; 0 cancels the plan. Needs counting on.
 */
void bm_alloc_fail_at(uint64_t k);

/*
 * Records the size of every malloc and realloc into sizes[0..capacity) from
 * now on (NULL stops recording); bm_alloc_trace_length tells how many were
 * seen, which may exceed capacity. Needs counting on.
 */
void bm_alloc_trace(size_t *sizes, size_t capacity);
size_t bm_alloc_trace_length(void);

#endif /* BM_ALLOC_H */
