/*
 * read_callgrind.h - `bench read-callgrind`: turns a `--measure
 * instructions` run (its JSON, written under callgrind) and callgrind's
 * dumps into the results JSON, in the timing run's schema with
 * "unit":"instructions".
 *
 *     bench read-callgrind RUN.json CALLGRIND_OUT... [--out FILE]
 *
 * Each CALLGRIND_OUT is a callgrind output file, or a directory whose
 * files named callgrind.out* are read. Every cell of RUN.json names its
 * dump ("dump"); the instructions of that dump, divided by the cell's
 * ops_per_sample, become the cell's figure: "median" and "min" (the one
 * sample), "mad" 0, "samples" [figure], and "instructions" (the dump's
 * total). The verdicts are decided as for times (bench_decide: a tie
 * within 2%). Exit 0 when written, 1 when it could not be written, 2 on
 * unusable input (not an instruction run, a missing dump, collection left
 * on outside the cells), each with a one-line reason.
 */
#ifndef BENCH_READ_CALLGRIND_H
#define BENCH_READ_CALLGRIND_H

#include "callgrind_split.h"
#include "subcommand.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One dump: the name given to CALLGRIND_DUMP_STATS_AT and the
 * instructions (event Ir) it counted. */
struct bench_callgrind_dump {
	char *name;
	uint64_t instructions;
	struct bench_callgrind_split split;   /* zero without a root */
};

struct bench_callgrind_dumps {
	struct bench_callgrind_dump *items;
	size_t count;
	size_t capacity;
	char creator[64];   /* "callgrind-3.19.0", from the first file */
	/* The source tree, set before reading to split each dump's count
	 * (callgrind_split.h); NULL reads the totals alone. */
	const char *root;
};

/*
 * Adds every dump of the callgrind output file `path` (one dump a file, or
 * several with --combine-dumps=yes) that a client request named; the
 * others (program termination) are skipped. Returns false with a one-line
 * reason when the file cannot be read, is not callgrind's, has a dump
 * without its counts, or repeats a name already read.
 */
bool bench_callgrind_read(struct bench_callgrind_dumps *dumps,
                          const char *path, char *why, size_t why_size);

/* The dump called `name`, or NULL. */
const struct bench_callgrind_dump *
bench_callgrind_find(const struct bench_callgrind_dumps *dumps,
                     const char *name);

void bench_callgrind_dumps_free(struct bench_callgrind_dumps *dumps);

/* The subcommand; argv[0] is "read-callgrind". */
int bench_read_callgrind_main(const struct bench_program *program, int argc,
                              char **argv);

/* Its usage text (bench read-callgrind --help). */
extern const char bench_read_callgrind_usage[];

#endif /* BENCH_READ_CALLGRIND_H */
