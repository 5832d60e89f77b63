/*
 * sizes.h - the sizes of a run's messages (harness/README.md §2.5): for
 * every message the selected tests use, once each, and every backend of
 * the run, the bytes its Flatten writes and those bytes compressed with
 * zstd at BENCH_ZSTD_LEVEL; untimed, after the rows.
 */
#ifndef BENCH_SIZES_H
#define BENCH_SIZES_H

#include "matrix.h"
#include "results.h"

#include <stdbool.h>
#include <stddef.h>

/* Fills results->size_rows for tests[0..count) on results->backends, and
 * results->zstd_version. A backend that cannot build or flatten a message
 * has that cell failed, with the reason. False only when the harness runs
 * out of memory. */
bool bench_measure_sizes(const struct bench_test *tests, size_t count,
                         struct bench_results *results);

#endif /* BENCH_SIZES_H */
