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

/*
 * When each operation needs its own message created empty before timing
 * (Create, Unflatten), a timed batch holds at most this many bytes of
 * messages (as asked of the allocator, empty messages included), well
 * inside a core's L2 cache (1 MiB on the project's machine, 512 KiB on
 * many others): a sample is then several such rounds,
 * each prepared, timed and released in turn, so that what one operation
 * costs does not depend on how many others the harness keeps alive, nor
 * on --min-time. An operation bigger than this is a round of its own.
 */
#define BENCH_ROUND_BYTES ((size_t)256 * 1024)

/* The most rounds of one sample. */
#define BENCH_ROUNDS_MAX ((size_t)1 << 20)

/* Blocks up to this size come from the heap, which keeps freed memory
 * (bench_configure_malloc); glibc's largest allowed value on 64-bit
 * hosts. */
#define BENCH_MMAP_THRESHOLD (32 * 1024 * 1024)

/* Sets glibc malloc's thresholds as a run does (harness/README.md §3.6):
 * freed memory is never trimmed, and blocks up to BENCH_MMAP_THRESHOLD
 * come from the heap. False where the C library is not glibc or mallopt
 * refused. */
bool bench_configure_malloc(void);

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
