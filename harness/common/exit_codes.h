/*
 * exit_codes.h - the exit status of every program and subcommand of the
 * suite (bench, its subcommands, msgdump): one list, from which the enum,
 * the --help lines and the tests derive. A program exits with the most
 * serious status that applies, and says why in one line on stderr.
 */
#ifndef BENCH_EXIT_CODES_H
#define BENCH_EXIT_CODES_H

#include <stdio.h>

/* X(name, value, what it means) */
#define BENCH_EXIT_MAP(X)                                                  \
	X(BENCH_EXIT_OK, 0, "done: every cell validated, nothing regressed")  \
	X(BENCH_EXIT_FAILED, 1,                                            \
	  "failed: a cell failed validation (ERR), an input could not be "  \
	  "read or used, an output could not be written, or memory ran out") \
	X(BENCH_EXIT_USAGE, 2, "bad usage: an option or argument was refused") \
	X(BENCH_EXIT_REGRESSED, 3,                                         \
	  "bench compare: a cell grew past the threshold")                  \
	X(BENCH_EXIT_CELLS_CHANGED, 4,                                     \
	  "bench compare: a cell is new or removed (allowed with "          \
	  "--allow-new)")

enum bench_exit {
#define BENCH_EXIT_ENUM(name, value, text) name = (value),
	BENCH_EXIT_MAP(BENCH_EXIT_ENUM)
#undef BENCH_EXIT_ENUM
};

/* Prints "Exit status:" and one line per code, for --help texts. */
void bench_exit_codes_print(FILE *out);

#endif /* BENCH_EXIT_CODES_H */
