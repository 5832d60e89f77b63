/*
 * callgrind_split.h - a cell's instructions by who ran them, from the call
 * graph of its callgrind dump (harness/README.md §5.6). Each part is the
 * inclusive cost of calls from one kind of source file into another, by
 * the files' paths under the source tree `root`:
 *
 *   backend_entry   the layer (harness/, impl/api/) into a re-creation's
 *                   slots (impl/backends/, or a test's constructed backend
 *                   in tests/): the design
 *   adapter_entry   the layer into an original's adapter
 *                   (impl/originals/): its adapter and design together
 *   adapter_design  the adapter into Haiku's code in the same object: an
 *                   original's design
 *   check           the harness into the shared decoders (impl/wire/):
 *                   the full check of the validated rows
 *
 * The rest of a cell's count is its layer: the loop and the wrappers. The
 * reader is fed every line of a dump by read_callgrind.c.
 */
#ifndef BENCH_CALLGRIND_SPLIT_H
#define BENCH_CALLGRIND_SPLIT_H

#include <stdbool.h>
#include <stdint.h>

struct bench_callgrind_split {
	uint64_t backend_entry;
	uint64_t adapter_entry;
	uint64_t adapter_design;
	uint64_t check;
};

struct bench_callgrind_split_reader;

/* A reader for files whose project sources lie under `root` (kept, not
 * copied); NULL when out of memory. */
struct bench_callgrind_split_reader *bench_callgrind_split_begin(
	const char *root);
void bench_callgrind_split_end(struct bench_callgrind_split_reader *reader);

/* Reads one line of a dump (without its newline); `event` is the index of
 * Ir among the events. False on a name id it cannot resolve. */
bool bench_callgrind_split_line(struct bench_callgrind_split_reader *reader,
                                const char *line, int event);

/* The parts of the dump read since the last call, and a fresh start. */
struct bench_callgrind_split bench_callgrind_split_take(
	struct bench_callgrind_split_reader *reader);

#endif /* BENCH_CALLGRIND_SPLIT_H */
