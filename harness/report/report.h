/*
 * report.h - `bench report FILE`: turns a results JSON (the schema
 * `bench --format json` writes, output_json.c) into report/: pages that
 * render on a code host (a summary, README.md, and a page per part of the
 * detail), the CSV files and the gnuplot script behind their plots, and
 * the plots as SVG; sets the results beside the 2005 ones
 * (results/messagespeed-2005.csv), explaining every growth class that
 * differs from an entry of a small text file
 * (results/explanations-2005.txt); and, for the committed results, writes
 * the answer and the results table into the project's README.md.
 */
#ifndef BENCH_REPORT_H
#define BENCH_REPORT_H

#include "subcommand.h"

/*
 * Runs `bench report` with argv[0] == "report". Returns 0 when the pages
 * were written (the plots may have been skipped, with one line on err
 * saying why), 1 when an input is malformed, an explanation is missing,
 * gnuplot failed or a file could not be written, 2 on bad usage (see
 * bench_report_usage for --check-readme).
 */
int bench_report_main(const struct bench_program *program, int argc,
                      char **argv);

/* The usage text of `bench report`. */
extern const char bench_report_usage[];

#endif /* BENCH_REPORT_H */
