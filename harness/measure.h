/*
 * measure.h - running the matrix: for every selected test, set up a cell
 * per backend and one for the Floor, validate each, count its allocations,
 * size its batches, take the samples interleaved across backends in a
 * shuffled order, validate again, and summarise.
 */
#ifndef BENCH_MEASURE_H
#define BENCH_MEASURE_H

#include "bmsg.h"
#include "options.h"
#include "results.h"

#include <stdbool.h>
#include <stdio.h>

/* The most operations one sample may hold when each needs its own empty
 * message made before timing (Create, Unflatten): bounds memory. A sample
 * that cannot reach --min-time within this is shorter, and its
 * ops_per_sample says so. */
#define BENCH_BATCH_MESSAGES_MAX ((size_t)1 << 20)

/* How many times a sample during which the process was preempted (off the
 * CPU for more than 1% of it) is taken again before the last attempt is
 * kept anyway. */
#define BENCH_RETAKES_MAX 3u

/* A sample is disturbed when the process was off the CPU (preempted by
 * another process) for more than this fraction of it. */
#define BENCH_OFF_CPU_FRACTION 0.01

/* The most operations of any other sample. */
#define BENCH_BATCH_OPS_MAX ((size_t)1 << 30)

/*
 * Runs what `options` selects among backends[0..backend_count) and fills
 * `results` (free with bench_results_free). A failed cell is marked and
 * reported on `err` as "ERROR in <backend>: <test>: <reason>"; the run goes
 * on. Progress goes to `err` when `show_progress`. Returns false only when
 * the harness itself runs out of memory.
 */
bool bench_measure(const struct bench_options *options,
                   const struct bm_ops *const *backends, size_t backend_count,
                   bool show_progress, FILE *err,
                   struct bench_results *results);

#endif /* BENCH_MEASURE_H */
