/*
 * alloc.c - plain malloc/realloc/free, with counting and failure injection
 * for tests switched on at run time (see alloc.h).
 */
#include "alloc.h"

#include <stdlib.h>

static bool counting;
static struct bm_alloc_counts counts;
static uint64_t fail_countdown; /* 0: no failure planned */
static size_t *trace_sizes;
static size_t trace_capacity;
static size_t trace_length;

/* Counts one allocation of `size` bytes; returns true when it must fail. */
static bool
count_allocation(size_t size)
{
	counts.last_size = size;
	if (trace_sizes != NULL && trace_length < trace_capacity)
		trace_sizes[trace_length] = size;
	if (trace_sizes != NULL)
		trace_length++;
	if (fail_countdown != 0 && --fail_countdown == 0) {
		counts.failures++;
		return true;
	}
	return false;
}

void *
bm_malloc(size_t size)
{
	if (!counting)
		return malloc(size);
	counts.mallocs++;
	if (count_allocation(size))
		return NULL;
	void *block = malloc(size);
	if (block != NULL)
		counts.live++;
	return block;
}

void *
bm_realloc(void *ptr, size_t size)
{
	if (!counting)
		return realloc(ptr, size);
	if (ptr == NULL)
		return bm_malloc(size);
	counts.reallocs++;
	if (count_allocation(size))
		return NULL;
	return realloc(ptr, size);
}

void
bm_free(void *ptr)
{
	if (ptr != NULL && counting) {
		counts.frees++;
		counts.live--;
	}
	free(ptr);
}

void
bm_alloc_counting(bool on)
{
	counting = on;
	bm_alloc_reset_counts();
	fail_countdown = 0;
	trace_sizes = NULL;
	trace_capacity = trace_length = 0;
}

void
bm_alloc_reset_counts(void)
{
	counts = (struct bm_alloc_counts){0};
}

const struct bm_alloc_counts *
bm_alloc_counts(void)
{
	return &counts;
}

uint64_t
bm_alloc_calls(void)
{
	return counts.mallocs + counts.reallocs;
}

void
bm_alloc_fail_at(uint64_t k)
{
	fail_countdown = k;
}

void
bm_alloc_trace(size_t *sizes, size_t capacity)
{
	trace_sizes = sizes;
	trace_capacity = sizes != NULL ? capacity : 0;
	trace_length = 0;
}

size_t
bm_alloc_trace_length(void)
{
	return trace_length;
}
