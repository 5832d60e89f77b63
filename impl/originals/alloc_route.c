/*
 * alloc_route.c - malloc, calloc, realloc and free for the Haiku code of
 * one original backend, routed to the suite's allocator (alloc.h), so that
 * the originals' allocations are counted, and can be made to fail, as the
 * re-creations' are. alloc_route_new.cpp sends C++'s operators new and
 * delete here too.
 *
 * These definitions are local to the shared object (its version script
 * exports only the backend's descriptor): the Haiku code linked into it
 * calls them, nothing outside sees them. bm_malloc, bm_realloc and bm_free
 * live in the program, which exports them with the dynamic list that
 * bench_link_originals() adds (impl/originals/CMakeLists.txt). They are
 * weak references here so that the link can check every other symbol
 * (-z defs); a program that does not export them stops at the first
 * allocation with a message saying so.
 */
#include "alloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma weak bm_malloc
#pragma weak bm_realloc
#pragma weak bm_free

/* Stops the program when it does not export the allocator. */
static void
require_allocator(void)
{
	if (bm_malloc != NULL && bm_realloc != NULL && bm_free != NULL)
		return;
	fputs("original BMessage backend: the program does not export "
	      "bm_malloc, bm_realloc and bm_free (link it with "
	      "bench_link_originals)\n",
	      stderr);
	abort();
}

void *
malloc(size_t size)
{
	require_allocator();
	return bm_malloc(size);
}

void *
calloc(size_t count, size_t size)
{
	if (size != 0 && count > SIZE_MAX / size)
		return NULL;
	void *block = malloc(count * size);
	if (block != NULL)
		memset(block, 0, count * size);
	return block;
}

void *
realloc(void *block, size_t size)
{
	require_allocator();
	/* realloc(block, 0) frees, as glibc's does; bm_realloc wants size > 0. */
	if (size == 0) {
		bm_free(block);
		return NULL;
	}
	return bm_realloc(block, size);
}

void
free(void *block)
{
	require_allocator();
	bm_free(block);
}
