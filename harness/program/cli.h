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

/* The subcommands, in the order bench --help lists them. */
const struct bench_subcommand *bench_subcommands(size_t *count);

#endif /* BENCH_CLI_H */
