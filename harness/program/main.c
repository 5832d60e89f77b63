/*
 * main.c - `bench`: runs the program (cli.c, which checks the backends
 * first) on every registered backend.
 *
 * The canonical run writes results/latest.* into the source tree's
 * results/, and `bench report` writes its report/ (dirs.h). A canonical
 * run that does not replace results/latest.* writes its own to last-run/
 * of the build folder (BENCH_BINARY_DIR).
 *
 * A bench built with BENCH_ALLOCATOR=jemalloc or mimalloc (CMake) runs
 * only when that allocator's malloc is the one in use, so that its results
 * never claim an allocator that was not there (harness/README.md §3.6).
 */
#include "allocator.h"
#include "bmsg.h"
#include "cli.h"
#include "dirs.h"
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
	size_t count, skipped_count;
	const struct bm_ops *const *backends = bm_backends(&count);
	const struct bm_skipped_backend *skipped =
		bm_skipped_backends(&skipped_count);
	const struct bench_program program = {
		.backends = backends,
		.backend_count = count,
		.skipped = skipped,
		.skipped_count = skipped_count,
		.results_dir = bench_results_dir(),
		.aside_dir = BENCH_BINARY_DIR "/last-run",
		.report_dir = bench_report_dir(),
		.out = stdout,
		.err = stderr,
		.err_is_terminal = isatty(fileno(stderr)) == 1,
	};
	return bench_main(&program, argc, argv);
}
