/*
 * instructions.c - the callgrind brackets of instruction mode, the
 * operation count of its cells, and the checks that a measure can be taken
 * here (see instructions.h).
 */
#include "instructions.h"

#include <stdio.h>
#include <valgrind/callgrind.h>

size_t
bench_instruction_ops(const struct bench_operation *operation,
                      const struct bench_workload *workload)
{
	/* One cycle where a cycle is a pass over the items (Lookup). */
	if (operation->cycle_is_items)
		return workload->items;
	/* A named message: a small message Haiku sends costs about what 50
	 * items of the matrix do; a stored one is a whole file. */
	if (workload->kind == BENCH_WORKLOAD_MESSAGE)
		return operation->layout == BENCH_LAYOUT_SHAPE
		               ? BENCH_INSTRUCTION_ITEMS / 50
		               : 1;
	size_t ops = BENCH_INSTRUCTION_ITEMS / workload->items;
	return ops > 0 ? ops : 1;
}

bool
bench_measure_available(const struct bench_options *options, FILE *err)
{
	switch (options->measure) {
	case BENCH_MEASURE_TIME:
		return true;
	case BENCH_MEASURE_INSTRUCTIONS:
		if (RUNNING_ON_VALGRIND)
			return true;
		fprintf(err, "bench: --measure instructions counts with callgrind: "
		        "run it as scripts/bench-instructions [options], or under "
		        "valgrind --tool=callgrind --collect-atstart=no\n");
		return false;
	}
	return false;
}

void
bench_callgrind_start(void)
{
	CALLGRIND_START_INSTRUMENTATION;
	CALLGRIND_ZERO_STATS;
	CALLGRIND_TOGGLE_COLLECT;
}

void
bench_callgrind_stop(const char *name)
{
	CALLGRIND_TOGGLE_COLLECT;
	CALLGRIND_DUMP_STATS_AT(name);
	CALLGRIND_STOP_INSTRUMENTATION;
}

void
bench_callgrind_probe(void)
{
	/* Some work that only collection left on from the start would count. */
	volatile unsigned sink = 0;
	CALLGRIND_START_INSTRUMENTATION;
	CALLGRIND_ZERO_STATS;
	for (unsigned i = 0; i < 64; i++)
		sink += i;
	CALLGRIND_DUMP_STATS_AT(BENCH_CALLGRIND_PROBE);
	CALLGRIND_STOP_INSTRUMENTATION;
	(void)sink;
}
