/*
 * instructions_probe.c - `bench` with two registered backends, R5 and
 * Message4, for the regression-gate test (test_instructions.c), which runs
 * it under callgrind through scripts/bench-instructions (BENCH=this
 * program).
 *
 * With BENCH_PROBE_SLOW_FLATTEN set in the environment, Message4 is
 * replaced by a copy of its ops, under the same name, whose flatten makes
 * one deliberate extra pass over the bytes it wrote: a regression in one
 * operation of one backend that only this program ever runs. Everything
 * else (the other slots, R5, the Floor, the harness) is the same code, so
 * a comparison with the unchanged program must flag exactly Message4's
 * Flatten and FlattenIndividual cells.
 */
#include "bmsg.h"
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static const struct bm_ops *original_message4;

/* Message4's flatten, then the deliberate extra loop. */
static int
slowed_flatten(bm_message *msg, void *buffer, size_t capacity)
{
	int rc = original_message4->flatten(msg, buffer, capacity);
	const unsigned char *bytes = buffer;
	volatile unsigned sum = 0;
	for (size_t i = 0; rc == BM_OK && i < capacity; i++)
		sum += bytes[i];
	return rc;
}

int
main(int argc, char **argv)
{
	original_message4 = bm_find_backend("Message4");
	const struct bm_ops *r5 = bm_find_backend("R5");
	if (original_message4 == NULL || r5 == NULL) {
		fprintf(stderr, "instructions_probe: R5 or Message4 is not "
		        "registered\n");
		return 1;
	}
	static struct bm_ops slowed;
	slowed = *original_message4;
	slowed.flatten = slowed_flatten;
	const char *slow = getenv("BENCH_PROBE_SLOW_FLATTEN");
	const struct bm_ops *backends[] = {
		r5,
		slow != NULL && slow[0] != '\0' ? &slowed : original_message4,
	};
	const struct bench_program program = {
		.backends = backends,
		.backend_count = sizeof backends / sizeof backends[0],
		.results_dir = NULL,
		.out = stdout,
		.err = stderr,
		.err_is_terminal = isatty(fileno(stderr)) == 1,
	};
	return bench_main(&program, argc, argv);
}
