/*
 * instructions.c - the callgrind brackets of instruction mode, the
 * operation count of its cells, and the checks that a measure can be taken
 * here (see instructions.h).
 */
/* syscall(2) for perf_event_open, which has no libc wrapper. */
#define _DEFAULT_SOURCE 1

#include "instructions.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <valgrind/callgrind.h>

#ifdef __linux__
#include <linux/perf_event.h>
#include <sys/syscall.h>
#endif

size_t
bench_instruction_ops(const struct bench_test *test)
{
	if (test->op == BENCH_OP_LOOKUP)
		return test->items;
	size_t ops = BENCH_INSTRUCTION_ITEMS / test->items;
	return ops > 0 ? ops : 1;
}

/*
 * Opens a counter of this process's CPU cycles, to learn whether hardware
 * counters work here. Returns 0, or the errno of the failure.
 */
static int
probe_cycle_counter(void)
{
#if defined(__linux__) && defined(SYS_perf_event_open)
	struct perf_event_attr attr;
	memset(&attr, 0, sizeof attr);
	attr.size = sizeof attr;
	attr.type = PERF_TYPE_HARDWARE;
	attr.config = PERF_COUNT_HW_CPU_CYCLES;
	attr.disabled = 1;
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
	if (fd < 0)
		return errno != 0 ? errno : ENOSYS;
	close((int)fd);
	return 0;
#else
	return ENOSYS;
#endif
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
	case BENCH_MEASURE_CYCLES: {
		int error = probe_cycle_counter();
		if (error != 0)
			fprintf(err, "bench: --measure cycles: no hardware cycle "
			        "counter here (perf_event_open: %s%s); use --measure "
			        "instructions (scripts/bench-instructions)\n",
			        strerror(error),
			        error == EACCES || error == EPERM
			                ? ", see /proc/sys/kernel/perf_event_paranoid"
			                : "");
		else
			fprintf(err, "bench: --measure cycles: hardware counters work "
			        "here, but this version of bench does not count "
			        "cycles; use --measure instructions "
			        "(scripts/bench-instructions)\n");
		return false;
	}
	}
	return false;
}

void
bench_callgrind_start(void)
{
	CALLGRIND_ZERO_STATS;
	CALLGRIND_TOGGLE_COLLECT;
}

void
bench_callgrind_stop(const char *name)
{
	CALLGRIND_TOGGLE_COLLECT;
	CALLGRIND_DUMP_STATS_AT(name);
}

void
bench_callgrind_probe(void)
{
	/* Some work that only collection left on from the start would count. */
	volatile unsigned sink = 0;
	CALLGRIND_ZERO_STATS;
	for (unsigned i = 0; i < 64; i++)
		sink += i;
	CALLGRIND_DUMP_STATS_AT(BENCH_CALLGRIND_PROBE);
	(void)sink;
}

void
bench_dump_name(const char *test, const char *label, char *out,
                size_t out_size)
{
	snprintf(out, out_size, "%s/%s", test, label);
}
