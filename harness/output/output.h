/*
 * output.h - the results in the formats people and tools read:
 *   md    the 2005 table in Markdown, after one header line that says how
 *         the numbers were made (the default; what the README shows);
 *   text  the same table as aligned plain text;
 *   csv   one line per test and backend (and the Floor), for gnuplot;
 *   json  everything, always in nanoseconds, with every sample and the
 *         full context, for tools (written with jansson);
 *   gbench the layout Google Benchmark 1.7.1 writes (output_gbench.c), so
 *         that tools made for it read the results as they are.
 * The formats are one list, BENCH_FORMAT_LIST in options.h.
 */
#ifndef BENCH_OUTPUT_H
#define BENCH_OUTPUT_H

#include "options.h"
#include "results.h"

#include <stdbool.h>
#include <stdio.h>

/* The version of the JSON layout. */
#define BENCH_JSON_SCHEMA 3

/* Writes the results in `format`; `unit` applies to md, text and csv.
 * Returns false when the stream reports a write error. */
bool bench_write_results(FILE *stream, const struct bench_results *results,
                         enum bench_format format, enum bench_unit unit);

/*
 * Writes the results to `path` through a temporary file in the same
 * directory and a rename, so that an interrupted run never leaves a broken
 * file. On failure writes a one-line reason and leaves `path` as it was.
 */
bool bench_write_results_file(const char *path,
                              const struct bench_results *results,
                              enum bench_format format, enum bench_unit unit,
                              char *why, size_t why_size);

/* The format writers (bench_write_results dispatches to them). */
bool bench_write_table(FILE *stream, const struct bench_results *results,
                       bool markdown, enum bench_unit unit);
bool bench_write_csv(FILE *stream, const struct bench_results *results,
                     enum bench_unit unit);
bool bench_write_json(FILE *stream, const struct bench_results *results);
bool bench_write_gbench(FILE *stream, const struct bench_results *results);


#endif /* BENCH_OUTPUT_H */
