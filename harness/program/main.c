/*
 * main.c - `bench`: runs the program (cli.c, which checks the backends
 * first) on every registered backend.
 *
 * The canonical run writes results/latest.* into the source tree, found
 * through BENCH_SOURCE_DIR, the absolute path CMake compiles in; the
 * environment variable BENCH_RESULTS_DIR overrides it (for a moved tree).
 * `bench report` writes report/ there too (BENCH_REPORT_DIR overrides).
 * A canonical run that does not replace results/latest.* writes its own
 * to last-run/ of the build folder (BENCH_BINARY_DIR).
 *
 * A bench built with BENCH_ALLOCATOR=jemalloc or mimalloc (CMake) runs
 * only when that allocator's malloc is the one in use, so that its results
 * never claim an allocator that was not there (harness/README.md §3.6).
 */
#include "allocator.h"
#include "bmsg.h"
#include "cli.h"
#include "exit_codes.h"
#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef BENCH_ALLOCATOR_BUILT
#define BENCH_ALLOCATOR_BUILT "glibc"
#endif

int
main(int argc, char **argv)
{
	if (strcmp(BENCH_ALLOCATOR_BUILT, "glibc") != 0) {
		struct bench_allocator allocator;
		bench_allocator_detect(&allocator);
		if (strcmp(allocator.name, BENCH_ALLOCATOR_BUILT) != 0) {
			fprintf(stderr, "bench: built with BENCH_ALLOCATOR=%s, "
			        "but the malloc in use is %s's (%s)\n",
			        BENCH_ALLOCATOR_BUILT, allocator.name,
			        allocator.library);
			return BENCH_EXIT_FAILED;
		}
	}
	const char *results_dir = getenv("BENCH_RESULTS_DIR");
	if (results_dir == NULL || results_dir[0] == '\0')
		results_dir = BENCH_SOURCE_DIR "/results";
	const char *report_dir = getenv("BENCH_REPORT_DIR");
	if (report_dir == NULL || report_dir[0] == '\0')
		report_dir = BENCH_SOURCE_DIR "/report";
	size_t count, skipped_count;
	const struct bm_ops *const *backends = bm_backends(&count);
	const struct bm_skipped_backend *skipped =
		bm_skipped_backends(&skipped_count);
	const struct bench_program program = {
		.backends = backends,
		.backend_count = count,
		.skipped = skipped,
		.skipped_count = skipped_count,
		.results_dir = results_dir,
		.aside_dir = BENCH_BINARY_DIR "/last-run",
		.report_dir = report_dir,
		.out = stdout,
		.err = stderr,
		.err_is_terminal = isatty(fileno(stderr)) == 1,
	};
	return bench_main(&program, argc, argv);
}
