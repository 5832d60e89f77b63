/*
 * operations.h - what one operation of each test is, for one backend or
 * for the Floor: the state made before timing, the timed batch, and the
 * checks of what a batch produced.
 *
 * One operation (harness/README.md §1.3, harness/README.md §1.4):
 *   Create     the N adds (bm_add_int32 / bm_add_string) into a message
 *              created empty before timing;
 *   Lookup     one bm_find_int32 of one field by name; a batch cycles
 *              through all N names in a fixed shuffled order;
 *   Read       the N finds by index of field "data" (bm_find_int32 copies
 *              the value out, bm_find_string returns a pointer and length),
 *              folded into a checksum;
 *   Flatten    bm_flattened_size, then bm_flatten into a buffer allocated
 *              before timing (FlattenIndividual: the N-field message);
 *   Unflatten  bm_unflatten of the backend's own flattened bytes into a
 *              message created empty before timing;
 *   Send, Save create a message, add a named message's content (nested
 *              messages built, flattened and added the same way), flatten
 *              it into a buffer allocated before timing, destroy it;
 *   Receive    unflatten the backend's own bytes of a named message into a
 *              new message, find every field and item by name (nested
 *              messages unflattened in turn), destroy it;
 *   Load       the same, reading every field and item by iteration;
 *   Floor      one memcpy of the operation's bytes: the item bytes for
 *              Create and Read, the HMF1 (Message4) flattened size for
 *              Flatten, Unflatten and the real rows; Lookup has no Floor.
 * Building messages, creating empty ones and destroying them is never
 * inside bench_cell_run, but for the real rows, which time a message's
 * whole life on purpose (harness/README.md §1.5).
 */
#ifndef BENCH_OPERATIONS_H
#define BENCH_OPERATIONS_H

#include "bmsg.h"
#include "matrix.h"
#include "message_content.h"
#include "real_messages.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What every cell of one test shares, made once per test: the test, its
 * operation, the message it works on, and what the operations pass. */
struct bench_test_data {
	const struct bench_test *test;
	const struct bench_operation *operation;
	/* A matrix test: the message's layout, type and items. */
	struct bench_content content;
	/* Field names in lookup order (Lookup: "0".."N-1" shuffled by the
	 * seed), pointers into name_storage. */
	const char **lookup_names;
	char *name_storage;
	/* String values "item0".."item<N-1>" (String tests), pointers into
	 * string_storage. */
	const char **strings;
	char *string_storage;
	/* The Floor's source bytes (none for Lookup). */
	unsigned char *floor_source;
	size_t floor_bytes;
	/* A named message (the real rows): its content, built once from the
	 * workload's entry of the list. */
	struct bench_real_message *real;
	/* "data", the name the timed adds and reads pass: a copy in the
	 * workload's memory rather than a literal, so that where it lies (which
	 * string functions' page-crossing checks see) does not move with the
	 * program's layout (instruction counts, instructions.h). */
	char *field_name;
};

/* A buffer of at least `bytes` bytes (free() gives it back) for the Floor,
 * which copies between page-aligned buffers, so that its time does not
 * depend on where the heap happened to put them (alignment and aliasing
 * between source and target change memcpy's speed by a factor of several
 * for short copies): it is the best case, as a floor should be. NULL when
 * out of memory. */
unsigned char *bench_floor_buffer(size_t bytes);

/* Makes the shared data of `test`; the lookup order comes from `seed`.
 * Returns false when out of memory (the workload is then safe to free). */
bool bench_test_data_init(struct bench_test_data *work,
                         const struct bench_test *test, uint64_t seed);
void bench_test_data_free(struct bench_test_data *work);

/*
 * The kinds of column a run measures (harness/README.md §2): a backend,
 * whose cells run the test's operation on it, and the Floor, whose cells
 * copy the bytes the operation must move with one memcpy
 * (harness/README.md §1.4). Each kind has its own code (operations.c): a
 * backend's cell has its operation's row of BENCH_OPERATION_LIST, the
 * Floor's cell the Floor's.
 */
enum bench_column_kind {
	BENCH_COLUMN_BACKEND,
	BENCH_COLUMN_FLOOR
};

/* One column of a run (measure.c lists them: the selected backends in
 * registry order, then the Floor). */
struct bench_column {
	enum bench_column_kind kind;
	const char *label;              /* the backend's name, or "Floor" */
	const struct bm_ops *backend;   /* BACKEND: the backend */
};

/* What one kind of cell does (operations.c). */
struct bench_cell_code;

/* One cell: a test in one column, with its state. */
struct bench_cell {
	const struct bench_test_data *work;
	const struct bm_ops *backend;   /* a backend's column: the backend */
	/* Ops in one cycle (N for Lookup, 1 otherwise): a batch is a whole
	 * number of cycles. */
	size_t cycle_ops;
	/* The checksum one cycle must produce, known before timing. */
	uint64_t cycle_checksum;
	/* Lookup, Read, Flatten: the message built before timing. */
	bm_message *built;
	/* The bytes the operation moves, which the results report
	 * (flat_bytes): Flatten's output buffer, Unflatten's input (the
	 * backend's own bytes), the Floor's target. A backend's `flat` lies
	 * inside `flat_room`, at an offset that changes from one sample to the
	 * next (bench_cell_place); the Floor's has no room and stays. */
	unsigned char *flat;
	unsigned char *flat_room;
	size_t flat_size;
	size_t flat_reported;           /* size the latest Flatten reported */
	/* Create, Unflatten: messages created empty before timing. */
	bm_message **batch;
	size_t batch_count;
	size_t batch_capacity;
	/* Floor: the destination buffer. */
	unsigned char *floor_target;
	/* Send, Save: where nested messages are flattened before they are
	 * added, sized by one untimed run. */
	struct bench_real_buffer real_scratch;
	/* What the cell runs: the code of its kind of column. */
	const struct bench_cell_code *code;
	/* Each operation consumes a message created empty before timing
	 * (Create, Unflatten): a batch then holds `ops` of them. */
	bool fresh_messages;
};

/* True when the test has a cell in the column: a backend where the
 * operation applies to it, the Floor where the operation has one;
 * otherwise writes why (the cell is then "n/a"). */
bool bench_cell_applies(const struct bench_column *column,
                        const struct bench_test_data *work, char *why,
                        size_t why_size);

/*
 * Sets up the cell of `work` in `column` before any timing: builds the
 * message, flattens it (Flatten: to learn the size; Unflatten: to get the
 * backend's own bytes, which must decode to the expected content),
 * allocates buffers. On failure writes a one-line reason and returns false;
 * bench_cell_free is safe either way.
 */
bool bench_cell_init(struct bench_cell *cell,
                     const struct bench_test_data *work,
                     const struct bench_column *column, char *why,
                     size_t why_size);
void bench_cell_free(struct bench_cell *cell);

/* True when each operation needs its own message created empty before
 * timing (Create, Unflatten): a batch then holds `ops` messages. */
bool bench_cell_uses_fresh_messages(const struct bench_cell *cell);

/*
 * Moves the buffer the harness hands a Flatten or Unflatten cell (the bytes
 * to write or to read) to the place of sample `sample`: one of 256 offsets,
 * 16 bytes apart, over 4 KiB, in a fixed scrambled order. How fast a copy
 * runs depends on where its source and destination lie relative to each
 * other (alignment, and addresses 4 KiB apart), which the backend's own
 * buffers fix by chance (harness/README.md §3.5; the runs that showed it
 * are in results/measurements.md). Spreading the samples over places makes
 * the median an average over layouts, the same for every backend, and the
 * MAD shows how much layout matters. Never timed; other cells are left as
 * they are.
 */
void bench_cell_place(struct bench_cell *cell, unsigned sample);

/*
 * How much deeper on the stack sample `sample` runs its timed code: one of
 * 256 depths 16 bytes apart, all different for 256 samples in a row, as
 * bench_cell_place's offsets (harness/README.md §3.5). Which of a
 * backend's loads alias, modulo 4 KiB, the stores of its own and its
 * callers' frames is fixed by where the stack happens to be, which can move
 * one backend's time against another's. Spread over depths, the median
 * averages over them for every backend alike.
 */
size_t bench_stack_depth(unsigned sample);

/* Makes what a batch of `ops` operations consumes (Create, Unflatten:
 * `ops` empty messages). Never timed. */
bool bench_cell_prepare(struct bench_cell *cell, size_t ops, char *why,
                        size_t why_size);

/*
 * THE TIMED WORK: runs `ops` operations (a multiple of cycle_ops) and
 * returns the checksum of what they produced. Nothing else happens here.
 */
uint64_t bench_cell_run(struct bench_cell *cell, size_t ops);

/* The checksum a batch of `ops` operations must return. */
uint64_t bench_cell_expected_checksum(const struct bench_cell *cell,
                                      size_t ops);

/*
 * The full check of a batch just run (before bench_cell_release): every
 * created or unflattened message holds the expected content; the built
 * message still does, and every lookup or read returns the expected value;
 * the flattened bytes decode through the shared decoder to the expected
 * content; the Floor copied its bytes. Never timed.
 */
bool bench_cell_validate(struct bench_cell *cell, char *why,
                         size_t why_size);

/* Destroys what bench_cell_prepare made. Never timed. */
void bench_cell_release(struct bench_cell *cell);

#endif /* BENCH_OPERATIONS_H */
