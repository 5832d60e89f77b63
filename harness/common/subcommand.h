/*
 * subcommand.h - what the program gives each of its commands: the
 * backends, the directories and the streams (struct bench_program), and
 * the shape of a subcommand's entry point. Every subcommand (report,
 * compare, history, read-callgrind, glibc-pin) includes this, never the program's
 * own header, so that the program depends on its subcommands and not
 * the other way round.
 */
#ifndef BENCH_SUBCOMMAND_H
#define BENCH_SUBCOMMAND_H

#include "descriptor.h"

#include <stdbool.h>
#include <stdio.h>

struct bench_conditions;

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
	/* Where the canonical run writes them instead when it does not
	 * replace those of results_dir (replacement.h; main: last-run/ of the
	 * build folder); NULL: nowhere. */
	const char *aside_dir;
	/* Where `bench report` writes by default (report/ of the source
	 * tree); NULL: it needs --dir. */
	const char *report_dir;
	/* The figures a timing run takes as what it competed with
	 * (harness/README.md §3.7), sample counts included, instead of
	 * reading the machine's: the tests give constructed ones. NULL (main):
	 * read them. A struct bench_conditions (conditions.h). */
	const struct bench_conditions *conditions;
	FILE *out;
	FILE *err;
	/* Whether `err` is a terminal (progress is shown there by default). */
	bool err_is_terminal;
};

/* A subcommand: `bench NAME ARG...` calls it with argv[0] = NAME; it
 * returns an exit status of exit_codes.h. */
typedef int bench_subcommand_main(const struct bench_program *program,
                                  int argc, char **argv);

/* A row of the program's table of subcommands (cli.c): its name, its
 * entry point, its usage text (printed for -h or --help, help.h) and its
 * line in bench --help. */
struct bench_subcommand {
	const char *name;
	bench_subcommand_main *main;
	const char *usage;
	const char *summary;
};

#endif /* BENCH_SUBCOMMAND_H */
