/*
 * cli.h - the whole `bench` program as a function, so that the tests can
 * run it with their own backends and streams. main.c only adds the
 * registry, the real streams and the results directory.
 */
#ifndef BENCH_CLI_H
#define BENCH_CLI_H

#include "bmsg.h"

#include <stdbool.h>
#include <stdio.h>

struct bench_program {
	/* The backends to offer, in column order (main: the registry). */
	const struct bm_ops *const *backends;
	size_t backend_count;
	/* Backends of impl/backends.list this build does not have, and why
	 * (main: bm_skipped_backends); runs say so, and record them. */
	const struct bm_skipped_backend *skipped;
	size_t skipped_count;
	/* Where the canonical run (`bench --all`, default options) writes
	 * latest.md, latest.csv and latest.json; NULL: nowhere. */
	const char *results_dir;
	/* Where `bench report` writes by default (report/ of the source
	 * tree); NULL: it needs --dir. */
	const char *report_dir;
	FILE *out;
	FILE *err;
	/* Whether `err` is a terminal (progress is shown there by default). */
	bool err_is_terminal;
};

/*
 * Runs `bench` with argv[0..argc). Returns the exit status: 0 when every
 * cell ran and validated (or for --help, --list, --list-tests), 1 when a
 * cell failed validation, a backend descriptor is broken or an output
 * could not be written, 2 on bad usage (with a one-line reason on err).
 */
int bench_main(const struct bench_program *program, int argc, char **argv);

#endif /* BENCH_CLI_H */
