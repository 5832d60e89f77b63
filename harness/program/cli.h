/*
 * cli.h - the whole `bench` program as a function, so that the tests can
 * run it with their own backends and streams. main.c only adds the
 * registry, the real streams and the results directory.
 */
#ifndef BENCH_CLI_H
#define BENCH_CLI_H

#include "results.h"
#include "subcommand.h"

/*
 * Runs `bench` with argv[0..argc). Returns the exit status: 0 when every
 * cell ran and validated (or for --help, --list, --list-tests), 1 when a
 * cell failed validation, a backend descriptor is broken or an output
 * could not be written, 2 on bad usage (with a one-line reason on err).
 */
int bench_main(const struct bench_program *program, int argc, char **argv);

/*
 * The canonical run's latest.{md,csv,json} (harness/README.md §6.4): into
 * program->results_dir when the run replaces those (replacement.h; always
 * with `force`, --replace-results), else into program->aside_dir (made if
 * missing; NULL: nowhere). One line on program->err says why it did not
 * replace them, or why it would not have without `force`. False when a
 * file could not be written (said on err).
 */
bool bench_write_canonical(const struct bench_program *program,
                           const struct bench_results *results, bool force);

#endif /* BENCH_CLI_H */
