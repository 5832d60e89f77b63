/*
 * memory_probe.c - the memory a message holds once built, per backend:
 * the bytes its live blocks asked for, and what malloc gave them
 * (malloc_usable_size), per item or per field, on three benchmark
 * messages of N items (default 5000): one Int32 field of N items, one
 * String field of N items, and N one-item Int32 fields.
 *
 *   build/tests/bench_memory_probe [N]
 *
 * Prints a Markdown table (impl/README.md §2.9 names it; its runs are
 * logged in results/measurements.md). The program is linked with
 * -Wl,--wrap=malloc,--wrap=realloc,--wrap=free, so every block the
 * backends' bm_malloc makes passes through here; the original backends
 * allocate through C++'s operator new, which is not wrapped, so they are
 * left out.
 */
#include "bmsg.h"
#include "message_content.h"
#include "matrix.h"

#include <malloc.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *__real_malloc(size_t size);
void *__real_realloc(void *ptr, size_t size);
void __real_free(void *ptr);
void *__wrap_malloc(size_t size);
void *__wrap_realloc(void *ptr, size_t size);
void __wrap_free(void *ptr);

/* Live blocks while tracking: an open-addressing table by address. */
#define SLOTS (UINT32_C(1) << 20)
struct slot {
	void *block;
	size_t size;
};
static struct slot *slots;
static bool tracking;
static size_t live_blocks, live_requested, live_usable;

static uint32_t
home(const void *block)
{
	return (uint32_t)(((uintptr_t)block >> 4) * UINT64_C(0x9e3779b97f4a7c15) >>
	                  44) & (SLOTS - 1);
}

static void
remember(void *block, size_t size)
{
	uint32_t i = home(block);
	while (slots[i].block != NULL)
		i = (i + 1) & (SLOTS - 1);
	slots[i] = (struct slot){block, size};
	live_blocks++;
	live_requested += size;
	live_usable += malloc_usable_size(block);
}

/* Forgets block (backward-shift deletion keeps the probe chains whole);
 * returns the size it asked for, 0 when it was not tracked. */
static size_t
forget(void *block)
{
	uint32_t i = home(block);
	while (slots[i].block != NULL && slots[i].block != block)
		i = (i + 1) & (SLOTS - 1);
	if (slots[i].block == NULL)
		return 0; /* allocated before tracking began */
	size_t size = slots[i].size;
	live_blocks--;
	live_requested -= slots[i].size;
	live_usable -= malloc_usable_size(block);
	slots[i].block = NULL;
	for (uint32_t j = (i + 1) & (SLOTS - 1); slots[j].block != NULL;
	     j = (j + 1) & (SLOTS - 1)) {
		uint32_t want = home(slots[j].block);
		/* Move j back to i when i lies on j's chain from its home. */
		if (((j - want) & (SLOTS - 1)) >= ((j - i) & (SLOTS - 1))) {
			slots[i] = slots[j];
			slots[j].block = NULL;
			i = j;
		}
	}
	return size;
}

void *
__wrap_malloc(size_t size)
{
	void *block = __real_malloc(size);
	if (tracking && block != NULL)
		remember(block, size);
	return block;
}

void *
__wrap_realloc(void *ptr, size_t size)
{
	size_t old = tracking && ptr != NULL ? forget(ptr) : 0;
	void *block = __real_realloc(ptr, size);
	if (tracking) {
		if (block != NULL)
			remember(block, size);
		else if (old > 0)
			remember(ptr, old); /* still there */
	}
	return block;
}

void
__wrap_free(void *ptr)
{
	if (tracking && ptr != NULL)
		forget(ptr);
	__real_free(ptr);
}

/* The benchmark message of `test`, built by `ops`; what it holds. */
static bool
measure(const struct bm_ops *ops, const struct bench_test *test,
        size_t *blocks, size_t *requested, size_t *usable)
{
	struct bench_content content = bench_test_content(test);
	bm_message *msg = NULL;
	tracking = true;
	bool ok = bm_create(ops, BENCH_WHAT, &msg) == BM_OK &&
	          bench_content_build(&content, msg) == BM_OK;
	*blocks = live_blocks;
	*requested = live_requested;
	*usable = live_usable;
	if (msg != NULL)
		bm_destroy(msg);
	tracking = false;
	return ok && live_blocks == 0;
}

int
main(int argc, char **argv)
{
	size_t n = 5000;
	if (argc > 2 || (argc == 2 && (sscanf(argv[1], "%zu", &n) != 1 ||
	                               n < 1 || n > 1000000))) {
		fprintf(stderr, "usage: bench_memory_probe [N] (1..1000000)\n");
		return 2;
	}
	slots = calloc(SLOTS, sizeof *slots);
	if (slots == NULL) {
		fprintf(stderr, "bench_memory_probe: out of memory\n");
		return 1;
	}
	/* The three messages, as the matrix builds them. */
	const struct {
		enum bench_op op;
		enum bench_type type;
		const char *what;
	} shapes[] = {
		{BENCH_OP_CREATE, BENCH_TYPE_INT32, "per item, one Int32 field"},
		{BENCH_OP_CREATE, BENCH_TYPE_STRING, "per item, one String field"},
		{BENCH_OP_FLATTEN_INDIVIDUAL, BENCH_TYPE_INT32,
		 "per field, one-item Int32 fields"},
	};
	printf("Bytes held after building, per item or field, N = %zu: "
	       "requested by the live blocks / malloc_usable_size of them "
	       "(blocks).\n\n| Backend |", n);
	for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
		printf(" %s |", shapes[s].what);
	printf("\n|---|");
	for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
		printf("---:|");
	printf("\n");
	size_t count;
	const struct bm_ops *const *backends = bm_backends(&count);
	int status = 0;
	for (size_t b = 0; b < count; b++) {
		if (bm_backend_kind(backends[b]) == BM_KIND_ORIGINAL)
			continue;
		printf("| %s |", backends[b]->name);
		for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
			struct bench_test test = {.op = shapes[s].op};
			test.workload.type = shapes[s].type;
			test.workload.items = n;
			size_t blocks, requested, usable;
			if (!measure(backends[b], &test, &blocks, &requested,
			             &usable)) {
				printf(" failed |");
				status = 1;
				continue;
			}
			printf(" %.1f / %.1f (%zu) |", (double)requested / (double)n,
			       (double)usable / (double)n, blocks);
		}
		printf("\n");
	}
	free(slots);
	return status;
}
