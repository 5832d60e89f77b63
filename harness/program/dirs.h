/*
 * dirs.h - where the programs built from the source tree (bench and the
 * options' own check) find its results/ and report/: the environment
 * variables BENCH_RESULTS_DIR and BENCH_REPORT_DIR (for a moved tree), or
 * the folders of BENCH_SOURCE_DIR, the absolute path CMake compiles in.
 */
#ifndef BENCH_DIRS_H
#define BENCH_DIRS_H

#include <stdlib.h>

#ifndef BENCH_SOURCE_DIR
#error "BENCH_SOURCE_DIR: the program's target defines it (harness/CMakeLists.txt)"
#endif

/* Where the canonical run writes results/latest.*. */
static inline const char *
bench_results_dir(void)
{
	const char *dir = getenv("BENCH_RESULTS_DIR");
	return dir != NULL && dir[0] != '\0' ? dir : BENCH_SOURCE_DIR "/results";
}

/* Where `bench report` writes by default. */
static inline const char *
bench_report_dir(void)
{
	const char *dir = getenv("BENCH_REPORT_DIR");
	return dir != NULL && dir[0] != '\0' ? dir : BENCH_SOURCE_DIR "/report";
}

#endif /* BENCH_DIRS_H */
