/*
 * options_check.c - `bench-options ARG...`: bench's own command line
 * checked as bench checks it (options.h: the parser, then
 * bench_options_check, the --out file and the canonical run's files
 * included) by a program built without the backends, so that
 * scripts/bench refuses a bad option before the full build. The backends
 * are those of this build, by name: backend_list.h, which CMake generates
 * from impl/backends.list (the names only; no backend is linked).
 *
 * Exit status: bench's for the same arguments, with its one-line reason:
 * 0 when bench would start (a command of BENCH_SUBCOMMAND_LIST is left to
 * bench, which checks its own arguments), 2 on bad usage; -h or --help
 * print this program's usage.
 */
#include "backend_list.h"
#include "cli.h"
#include "dirs.h"
#include "options.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
	"usage: bench-options [bench's options]\n"
	"Checks bench's options as bench does, without running anything:\n"
	"exit 0 when bench would take them, 2 with bench's one-line reason\n"
	"when not. scripts/bench runs it before the full build.\n";

int
main(int argc, char **argv)
{
	static const char *const subcommands[] = {
#define SUBCOMMAND_NAME(name, main, usage, summary) name,
		BENCH_SUBCOMMAND_LIST(SUBCOMMAND_NAME)
#undef SUBCOMMAND_NAME
	};
	for (size_t i = 0; argc > 1 && i < sizeof subcommands /
	                                           sizeof subcommands[0];
	     i++) {
		if (strcmp(argv[1], subcommands[i]) == 0)
			return BENCH_EXIT_OK;
	}
	static const char *const names[] = {
#define BACKEND_NAME(symbol, name) name,
		BM_BACKEND_LIST(BACKEND_NAME)
#undef BACKEND_NAME
	};
	struct bench_options options;
	char why[4096 + 256];
	int status = bench_options_parse(&options, argc, argv, names,
	                                 sizeof names / sizeof names[0], why,
	                                 sizeof why);
	if (status == BENCH_EXIT_OK && options.help)
		fputs(usage, stdout);
	else if (status == BENCH_EXIT_OK)
		status = bench_options_check(&options, bench_results_dir(), why,
		                             sizeof why);
	if (status != BENCH_EXIT_OK)
		fprintf(stderr, "bench: %s\n", why);
	bench_options_free(&options);
	return status;
}
