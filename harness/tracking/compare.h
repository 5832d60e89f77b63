/*
 * compare.h - `bench compare`: the regression gate.
 *
 *     bench compare BASELINE.json CURRENT.json [--threshold PCT] [--allow-new]
 *
 * Reads two results files of bench (results_read.h: schema 1 to 4, the same
 * unit) and prints a table of every cell's change: cells in CURRENT that
 * failed (ERR) first, then regressions, largest relative growth first,
 * then the other cells found in both files (largest growth first); cells
 * present in only one file (new, removed) follow in a section of their
 * own. A cell regresses when its figure grew by more than PCT percent of
 * the baseline (default BENCH_COMPARE_INSTRUCTIONS_PCT for instructions,
 * BENCH_COMPARE_TIME_PCT for times) and, for instructions, by more than
 * BENCH_COMPARE_INSTRUCTIONS_MIN; for times, only when its samples moved
 * too: the Mann-Whitney U test (bench_rank_test) of the two cells'
 * samples gives p below BENCH_COMPARE_ALPHA (a file without samples: the
 * median alone). An improvement is judged alike. Above the table, for
 * times, a note says when either run was disturbed, or its file cannot
 * say (harness/README.md §3.7), or it was built with the test-only
 * injected regression. A new or removed cell fails the gate with
 * its own status unless --allow-new is given, so that no cell leaves the
 * gate unseen. When the files' compiler (or its version), flags, build
 * type, sanitizers, glibc, malloc in use, CPU, number of cores or callgrind
 * differ, a note above the table says so; the CPU's is left out when both
 * runs were counted under the same checked pin of glibc's CPU features
 * (context glibc_tunables and glibc_pin, harness/README.md §5.4), and a
 * note says when the pins differ.
 *
 * Exit status (exit_codes.h; the most serious that applies): 2 bad usage;
 * 1 an unusable input (unreadable, not JSON, not a results file,
 * different units) or ERR cells in CURRENT; 3 a cell regressed; 4 a cell
 * is new or removed; 0 otherwise. Each comes with a one-line message on
 * err.
 */
#ifndef BENCH_COMPARE_H
#define BENCH_COMPARE_H

#include "subcommand.h"
#include "exit_codes.h"

/* Default thresholds, in percent of the baseline figure. */
#define BENCH_COMPARE_INSTRUCTIONS_PCT 2.0
#define BENCH_COMPARE_TIME_PCT 10.0
/* An instruction count must also grow by more than this many
 * instructions per operation to regress (small cells, whole numbers). */
#define BENCH_COMPARE_INSTRUCTIONS_MIN 20.0
/* A time moved only when the rank test of the two cells' samples gives a
 * p-value below this (Google Benchmark's compare.py uses the same test
 * and level). */
#define BENCH_COMPARE_ALPHA 0.05

/* How much a figure of `baseline` may move before it counts: `percent`
 * percent of it, and at least `minimum` (the one rule of the gate, which
 * `bench history` applies to its moves too). */
double bench_compare_allowance(double percent, double minimum,
                               double baseline);

/* The subcommand; argv[0] is "compare". */
int bench_compare_main(const struct bench_program *program, int argc,
                       char **argv);

/* Its usage text (bench compare --help). */
extern const char bench_compare_usage[];

#endif /* BENCH_COMPARE_H */
