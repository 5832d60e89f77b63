/*
 * output.h - the results in the formats people and tools read: one writer
 * per format of BENCH_FORMAT_LIST (options.h, which says what each holds),
 * chosen from one table (BENCH_WRITER_TABLE below), and the safe writing
 * of a results file.
 */
#ifndef BENCH_OUTPUT_H
#define BENCH_OUTPUT_H

#include "options.h"
#include "results.h"
#include "results_read.h"

#include <jansson.h>

#include <stdbool.h>
#include <stdio.h>

/* Writes the results in `format`; `unit` applies to md, text and csv.
 * Returns false when the stream reports a write error. */
bool bench_write_results(FILE *stream, const struct bench_results *results,
                         enum bench_format format, enum bench_unit unit);

/*
 * Writes the results to `path` by the output rules (output_file.h): a
 * regular file is replaced whole, so that an interrupted run never leaves
 * a broken one. On failure writes a one-line reason and leaves `path` as
 * it was.
 */
bool bench_write_results_file(const char *path,
                              const struct bench_results *results,
                              enum bench_format format, enum bench_unit unit,
                              char *why, size_t why_size);

/* One file of a set of results files. */
struct bench_results_file {
	const char *path;
	enum bench_format format;
};

/*
 * Writes the results in `count` files as one set (bench_output_write_set:
 * none is replaced unless every one is ready), each naming the run.
 */
bool bench_write_results_set(const struct bench_results_file *files,
                             size_t count,
                             const struct bench_results *results,
                             enum bench_unit unit, char *why,
                             size_t why_size);

/*
 * The writers, one row per format: X(format, writer). A writer writes the
 * results to the stream, in `unit` where its format has a unit (md, text,
 * csv; json and gbench are always ns), and returns false when it could not.
 * A new format is its writer (a file output_<word>.c, named in
 * harness/CMakeLists.txt), one row here and one entry of BENCH_FORMAT_LIST;
 * output.c checks that every format has a row.
 */
#define BENCH_WRITER_TABLE(X)                                              \
	X(BENCH_FORMAT_MD, bench_write_md)       /* output_table.c */      \
	X(BENCH_FORMAT_TEXT, bench_write_text)   /* output_table.c */      \
	X(BENCH_FORMAT_CSV, bench_write_csv)     /* output_csv.c */        \
	X(BENCH_FORMAT_JSON, bench_write_json)   /* output_json.c */       \
	X(BENCH_FORMAT_GBENCH, bench_write_gbench) /* output_gbench.c */   \
	X(BENCH_FORMAT_BMF, bench_write_bmf)     /* output_trackers.c */   \
	X(BENCH_FORMAT_GITHUB_ACTION, bench_write_github_action) /* ditto */

#define BENCH_WRITER_DECLARE(format, writer)                               \
	bool writer(FILE *stream, const struct bench_results *results,     \
	            enum bench_unit unit);
BENCH_WRITER_TABLE(BENCH_WRITER_DECLARE)
#undef BENCH_WRITER_DECLARE

/*
 * A results file in a tracker's format (output_trackers.c): format
 * BENCH_FORMAT_BMF or BENCH_FORMAT_GITHUB_ACTION, a new document (NULL
 * when out of memory). For what has a results file but no run in memory:
 * read-callgrind's counts and the versions of `bench history`.
 */
json_t *bench_tracker_document(const struct bench_run_file *run,
                               enum bench_format format);

#endif /* BENCH_OUTPUT_H */
