/*
 * unflatten_probe.c - what the Unflatten rows of 500 and 5000 items cost
 * before any design's own work: the Floor (one memcpy of the HMF1 bytes
 * between page-aligned buffers that stay, as the harness's), then one
 * malloc of the body (the field headers and the data, what an HMF1
 * message must own after Unflatten) and one memcpy into it, against the
 * whole Unflatten of Message4 and Message5 of the same bytes.
 *
 *   build/tests/bench_unflatten_probe [ROUNDS]
 *
 * Prints a Markdown table of medians over ROUNDS rounds (default 31), in ns
 * and as a multiple of the Floor (impl/README.md §2.9 names it; its runs
 * are logged in results/measurements.md). Each round times up to 64
 * operations of each kind, one kind after the other, as many as hold
 * BENCH_ROUND_BYTES of bodies (one at least), with glibc's thresholds as
 * bench sets them: the harness's rounds (harness/README.md §3.6). The
 * blocks are freed and the messages destroyed outside the timing, as the
 * harness leaves them. A probe, not a test: its figures are read, never
 * asserted.
 */
#include "bmsg.h"
#include "hmf1.h"
#include "matrix.h"
#include "measure.h"
#include "message_content.h"
#include "operations.h"
#include "progress.h"
#include "stats.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BATCH 64
#define ROUNDS_MAX 1001

enum probe_kind { PROBE_FLOOR, PROBE_ALLOC_COPY, PROBE_MESSAGE4, PROBE_MESSAGE5,
                  PROBE_KINDS };

struct probe {
	const unsigned char *flat;
	size_t size;
	size_t per_round;               /* operations a round */
	unsigned char *buffer;          /* the Floor's destination */
	void *blocks[BATCH];
	bm_message *batch[BATCH];
	const struct bm_ops *designs[2]; /* Message4, Message5 */
};

/* One round of `kind`: ns per operation, or a negative value when an
 * Unflatten failed or memory ran out. */
static double
probe_round(struct probe *p, enum probe_kind kind)
{
	size_t body = p->size - BM_HMF1_HEADER_SIZE;
	const struct bm_ops *design =
	        kind >= PROBE_MESSAGE4 ? p->designs[kind - PROBE_MESSAGE4] : NULL;
	for (size_t k = 0; design != NULL && k < p->per_round; k++) {
		if (bm_create(design, BENCH_WHAT, &p->batch[k]) != BM_OK) {
			while (k > 0)
				bm_destroy(p->batch[--k]);
			return -1;
		}
	}
	int failed = 0;
	double start = bench_now_seconds();
	for (size_t k = 0; k < p->per_round; k++) {
		switch (kind) {
		case PROBE_FLOOR:
			memcpy(p->buffer, p->flat, p->size);
			/* The copy is kept: nothing below reads the buffer. */
			__asm__ volatile("" : : "r"(p->buffer) : "memory");
			break;
		case PROBE_ALLOC_COPY:
			p->blocks[k] = malloc(body);
			if (p->blocks[k] == NULL)
				failed = 1;
			else
				memcpy(p->blocks[k], p->flat + BM_HMF1_HEADER_SIZE,
				       body);
			break;
		default:
			failed |= bm_unflatten(p->batch[k], p->flat, p->size) != BM_OK;
			break;
		}
	}
	double ns = (bench_now_seconds() - start) * 1e9 / (double)p->per_round;
	for (size_t k = 0; k < p->per_round; k++) {
		if (kind == PROBE_ALLOC_COPY)
			free(p->blocks[k]);
		else if (design != NULL)
			bm_destroy(p->batch[k]);
	}
	return failed ? -1 : ns;
}

/* The row of `test`: false when it could not be measured. */
static bool
probe_row(const struct bench_test *test, const struct bm_ops *designs[2],
          size_t rounds)
{
	char name[64];
	if (!bench_test_name(test->op, &test->workload, name, sizeof name))
		return false;
	struct bench_content content = bench_test_content(test);
	bm_message *msg = NULL;
	size_t size = 0;
	unsigned char *flat = NULL;
	bool ok = bm_create(designs[0], BENCH_WHAT, &msg) == BM_OK &&
	          bench_content_build(&content, msg) == BM_OK &&
	          bm_flattened_size(msg, &size) == BM_OK &&
	          size > BM_HMF1_HEADER_SIZE &&
	          (flat = bench_floor_buffer(size)) != NULL &&
	          bm_flatten(msg, flat, size) == BM_OK;
	if (msg != NULL)
		bm_destroy(msg);
	size_t per_round = size > BM_HMF1_HEADER_SIZE
	                           ? BENCH_ROUND_BYTES / (size - BM_HMF1_HEADER_SIZE)
	                           : BATCH;
	struct probe p = {.flat = flat, .size = size,
	                  .per_round = per_round < 1       ? 1
	                               : per_round > BATCH ? BATCH
	                                                   : per_round,
	                  .designs = {designs[0], designs[1]}};
	double *samples = ok ? malloc(PROBE_KINDS * rounds * sizeof *samples)
	                     : NULL;
	ok = ok && samples != NULL &&
	     (p.buffer = bench_floor_buffer(size)) != NULL;
	/* The kinds alternate within a round, so that a slow stretch of
	 * the machine slows every column alike. */
	for (size_t r = 0; ok && r < rounds; r++) {
		for (int kind = 0; ok && kind < PROBE_KINDS; kind++) {
			double ns = probe_round(&p, (enum probe_kind)kind);
			samples[(size_t)kind * rounds + r] = ns;
			ok = ns >= 0;
		}
	}
	if (ok) {
		double floor = bench_median(samples, rounds);
		printf("| %s | %zu | %.0f |", name, size, floor);
		for (int kind = 1; kind < PROBE_KINDS; kind++) {
			double m = bench_median(samples + (size_t)kind * rounds,
			                        rounds);
			printf(" %.0f (%.2fx) |", m, m / floor);
		}
		printf("\n");
	}
	free(samples);
	free(p.buffer);
	free(flat);
	return ok;
}

int
main(int argc, char **argv)
{
	size_t rounds = 31;
	if (argc > 2 || (argc == 2 && (sscanf(argv[1], "%zu", &rounds) != 1 ||
	                               rounds < 1 || rounds > ROUNDS_MAX))) {
		fprintf(stderr, "usage: bench_unflatten_probe [ROUNDS] (1..%d)\n",
		        ROUNDS_MAX);
		return 2;
	}
	const struct bm_ops *designs[2] = {bm_find_backend("Message4"),
	                                   bm_find_backend("Message5")};
	if (designs[0] == NULL || designs[1] == NULL) {
		fprintf(stderr, "bench_unflatten_probe: Message4 and Message5 "
		        "must be registered\n");
		return 1;
	}
	if (!bench_configure_malloc())
		fprintf(stderr, "bench_unflatten_probe: malloc's thresholds are "
		        "not the harness's (not glibc, or mallopt refused)\n");
	printf("Unflatten of HMF1 bytes, median ns an operation over %zu rounds "
	       "(times the Floor)\n\n| Test | Bytes | Floor | malloc + memcpy of "
	       "the body | Message4 | Message5 |\n|---|---:|---:|---:|---:|---:|\n",
	       rounds);
	const enum bench_op ops[] = {BENCH_OP_UNFLATTEN,
	                             BENCH_OP_UNFLATTEN_INDIVIDUAL};
	const enum bench_type types[] = {BENCH_TYPE_INT32, BENCH_TYPE_STRING};
	const size_t items[] = {500, 5000};
	int status = 0;
	for (size_t o = 0; o < 2; o++) {
		for (size_t t = 0; t < 2; t++) {
			for (size_t i = 0; i < 2; i++) {
				struct bench_test test = {.op = ops[o]};
				test.workload.type = types[t];
				test.workload.items = items[i];
				if (!probe_row(&test, designs, rounds)) {
					fprintf(stderr, "bench_unflatten_probe: a row "
					        "failed (out of memory, or an Unflatten "
					        "refused the bytes)\n");
					status = 1;
				}
			}
		}
	}
	return status;
}
