/*
 * cli.h - the whole `bench` program as a function, so that the tests can
 * run it with their own backends and streams. main.c only adds the
 * registry, the real streams and the results directory.
 */
#ifndef BENCH_CLI_H
#define BENCH_CLI_H

#include "subcommand.h"

/*
 * Runs `bench` with argv[0..argc). Returns the exit status: 0 when every
 * cell ran and validated (or for --help, --list, --list-tests), 1 when a
 * cell failed validation, a backend descriptor is broken or an output
 * could not be written, 2 on bad usage (with a one-line reason on err).
 */
int bench_main(const struct bench_program *program, int argc, char **argv);

/*
 * The commands that are not a run, `bench NAME ARG...`, in the order
 * bench --help lists them: X(name, entry point, usage text, its line in
 * bench --help). bench prints a command's usage for -h or --help among
 * its arguments without calling it (help.h), so a command added here
 * answers both by this rule; the options' own check (options_check.c)
 * reads the names alone.
 */
#define BENCH_SUBCOMMAND_LIST(X)                                            \
	/* The report from a results file. */                                  \
	X("report", bench_report_main, bench_report_usage,                     \
	  "the report/ pages and plots from a results JSON")                   \
	/* Regression tracking. */                                             \
	X("compare", bench_compare_main, bench_compare_usage,                  \
	  "each cell's change between two results JSONs")                      \
	X("history", bench_history_main, bench_history_usage,                  \
	  "every committed version of a results file, and what moved")        \
	X("read-callgrind", bench_read_callgrind_main,                         \
	  bench_read_callgrind_usage,                                          \
	  "an instruction run's figures, from callgrind's dumps")              \
	X("glibc-pin", bench_glibc_pin_main, bench_glibc_pin_usage,            \
	  "whether glibc took a GLIBC_TUNABLES pin")                           \
	/* How verdicts hold between runs (scripts/stability). */              \
	X("stability", bench_stability_main, bench_stability_usage,            \
	  "how the verdicts of runs of the same code hold between runs")

/* The subcommands, as the table of BENCH_SUBCOMMAND_LIST. */
const struct bench_subcommand *bench_subcommands(size_t *count);

#endif /* BENCH_CLI_H */
