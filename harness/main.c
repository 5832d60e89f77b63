/*
 * main.c - `bench`: runs the program (cli.c, which checks the backends
 * first) on every registered backend.
 *
 * The canonical run writes results/latest.* into the source tree, found
 * through BENCH_SOURCE_DIR, the absolute path CMake compiles in; the
 * environment variable BENCH_RESULTS_DIR overrides it (for a moved tree).
 * `bench report` writes report/ there too (BENCH_REPORT_DIR overrides).
 */
#include "cli.h"
#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	const char *results_dir = getenv("BENCH_RESULTS_DIR");
	if (results_dir == NULL || results_dir[0] == '\0')
		results_dir = BENCH_SOURCE_DIR "/results";
	const char *report_dir = getenv("BENCH_REPORT_DIR");
	if (report_dir == NULL || report_dir[0] == '\0')
		report_dir = BENCH_SOURCE_DIR "/report";
	size_t count;
	const struct bm_ops *const *backends = bm_backends(&count);
	const struct bench_program program = {
		.backends = backends,
		.backend_count = count,
		.results_dir = results_dir,
		.report_dir = report_dir,
		.out = stdout,
		.err = stderr,
		.err_is_terminal = isatty(fileno(stderr)) == 1,
	};
	return bench_main(&program, argc, argv);
}
