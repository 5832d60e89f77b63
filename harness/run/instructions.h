/*
 * instructions.h - counting instructions instead of time, for a regression
 * gate that gives the same figure on every run (harness/README.md §5).
 *
 * `bench --measure instructions` runs under valgrind's callgrind, started
 * with --collect-atstart=no so that nothing is counted unless the harness
 * asks. Each cell takes one sample of a fixed number of operations
 * (bench_instruction_ops); its timed region (timed_region in measure.c) is
 * bracketed by callgrind client requests: zero the counters, collection
 * on, the operations, collection off, and one dump named after the cell
 * ("tFlatten5Int32/Message4"). The program cannot read callgrind's counts
 * itself: it writes the run as JSON, and `bench read-callgrind`
 * (read_callgrind.c) takes each cell's count from the dump of that name.
 * scripts/bench-instructions does both.
 *
 * Before the first cell, one dump named BENCH_CALLGRIND_PROBE brackets a
 * little work without turning collection on: it holds 0 instructions only
 * when valgrind was started with --collect-atstart=no, which
 * read-callgrind checks (with collection on from the start, toggling it
 * would have turned it off inside every cell instead).
 */
#ifndef BENCH_INSTRUCTIONS_H
#define BENCH_INSTRUCTIONS_H

#include "matrix.h"
#include "options.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * Operations of a cell's one sample in instruction mode. Lookup: one cycle
 * over its N names (N lookups). Others: enough operations to touch about
 * BENCH_INSTRUCTION_ITEMS items (at least one), so that the harness's few
 * instructions per sample (the client requests, the call, the loop) are
 * spread thin, and every cell costs about the same to run under callgrind.
 * The count depends on the test only, never on the machine or the code
 * measured, so the figure depends only on the code.
 */
#define BENCH_INSTRUCTION_ITEMS 1000u
size_t bench_instruction_ops(const struct bench_operation *operation,
                             const struct bench_workload *workload);

/*
 * Before a run: can the measure the options ask for be taken here? Time
 * always can. Instructions need the program to run under valgrind
 * (RUNNING_ON_VALGRIND). When the answer is no, writes one line saying why
 * and what to do on `err` and returns false (the program then exits 2).
 */
bool bench_measure_available(const struct bench_options *options, FILE *err);

/* The timed region's brackets in instruction mode: turn instrumentation
 * on, zero the counters and turn collection on; turn collection off, dump
 * the counts under `name` and turn instrumentation off again, so that
 * under --instr-atstart=no (scripts/bench-instructions) everything else
 * runs at valgrind's plain speed. The counts are the same without it. */
void bench_callgrind_start(void);
void bench_callgrind_stop(const char *name);

/* Dumps BENCH_CALLGRIND_PROBE (see above); call once before the cells. */
void bench_callgrind_probe(void);

#endif /* BENCH_INSTRUCTIONS_H */
