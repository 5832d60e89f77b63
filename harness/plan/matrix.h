/*
 * matrix.h - which tests exist: the operations (one list, with every fact
 * a caller asks of an operation), the workloads they apply to, the test
 * names and their order (harness/README.md §1.1; results/messagespeed-2005.csv
 * is the 2005 table).
 *
 * A test is an operation applied to a workload. The workloads of the 2005
 * matrix are (type, N) pairs: a type (Int32 or String) and a number of
 * items; a named message is the other kind of workload. The order is the
 * 2005 suite's: operation, then type (Int32 before String), then items
 * (ascending); named messages follow in their own order. Lookup exists for
 * Int32 only. With the default sizes 5, 50, 500 and 5000 this gives the 52
 * tests of 2005; other sizes slot into the same order.
 */
#ifndef BENCH_MATRIX_H
#define BENCH_MATRIX_H

#include "descriptor.h"

#include <stdbool.h>
#include <stddef.h>

/*
 * The operations, in 2005 order; each row is every fact about one
 * operation, and its two functions. Columns:
 *   id        the enum is BENCH_OP_<id>
 *   name      in test names ("t<name><N><type>") and every output
 *   what      what one operation is, in words (the report's titles)
 *   layout    the matrix message it works on (enum bench_layout)
 *   types     ANY, or INT32 only (2005 timed lookups of Int32 fields)
 *   input     what the cell prepares before timing (enum bench_input)
 *   fresh     each operation consumes a message created empty before
 *             timing (and destroyed after it)
 *   life      create and destroy are inside the timed region
 *   floor     what the Floor row copies (enum bench_floor)
 *   cycle     operations a cycle holds: ONE, or ITEMS (one per field)
 *   in_2005   the 2005 comparison and the growth classes cover it
 *   decodes   the timed work runs the shared full check over the backend's
 *             bytes: it does not apply to a backend whose bytes the check
 *             refuses by design (BM_BACKEND_OWN_FLAT_DIALECT)
 *   run       its timed function (operations.c), which returns a checksum
 *             of what it produced
 *   expect    the checksum one cycle of it must return (operations.c)
 *   check     the full check of a batch just run (operations.c)
 * What one operation is, and why, is in harness/README.md §1.3.
 */
#define BENCH_OPERATION_LIST(X)                                                \
	X(CREATE, "Create",                                                    \
	  "the N adds into an empty message",                                  \
	  ONE_FIELD, ANY, NONE, true, false,                                   \
	  ITEM_BYTES, ONE, true, false,                                        \
	  run_create, expect_zero, check_batch)                                \
	X(LOOKUP, "Lookup",                                                    \
	  "one lookup by name among N fields",                                 \
	  LOOKUP_FIELDS, INT32, BUILT, false, false,                           \
	  NONE, ITEMS, true, false,                                            \
	  run_lookup, expect_lookups, check_lookups)                           \
	X(READ, "Read",                                                        \
	  "the N reads by index of one field",                                 \
	  ONE_FIELD, ANY, BUILT, false, false,                                 \
	  ITEM_BYTES, ONE, true, false,                                        \
	  run_read, expect_reads, check_reads)                                 \
	X(FLATTEN, "Flatten",                                                  \
	  "flattening one field of N items",                                   \
	  ONE_FIELD, ANY, BUILT_AND_BUFFER, false, false,                      \
	  HMF1_BYTES, ONE, true, false,                                        \
	  run_flatten, expect_flat_size, check_flattened)                      \
	X(FLATTEN_INDIVIDUAL, "FlattenIndividual",                             \
	  "flattening N fields of one item",                                   \
	  FIELD_PER_ITEM, ANY, BUILT_AND_BUFFER, false, false,                 \
	  HMF1_BYTES, ONE, true, false,                                        \
	  run_flatten, expect_flat_size, check_flattened)                      \
	X(UNFLATTEN, "Unflatten",                                              \
	  "unflattening one field of N items",                                 \
	  ONE_FIELD, ANY, OWN_BYTES, true, false,                              \
	  HMF1_BYTES, ONE, true, false,                                        \
	  run_unflatten, expect_zero, check_batch)                             \
	X(UNFLATTEN_INDIVIDUAL, "UnflattenIndividual",                         \
	  "unflattening N fields of one item",                                 \
	  FIELD_PER_ITEM, ANY, OWN_BYTES, true, false,                         \
	  HMF1_BYTES, ONE, true, false,                                        \
	  run_unflatten, expect_zero, check_batch)                             \
	X(UNFLATTEN_VALIDATED, "UnflattenValidated",                           \
	  "the full check, then unflattening one field of N items",            \
	  ONE_FIELD, ANY, OWN_BYTES, true, false,                              \
	  HMF1_BYTES, ONE, false, true,                                        \
	  run_unflatten_validated, expect_zero, check_batch)                   \
	X(UNFLATTEN_INDIVIDUAL_VALIDATED, "UnflattenIndividualValidated",      \
	  "the full check, then unflattening N fields of one item",            \
	  FIELD_PER_ITEM, ANY, OWN_BYTES, true, false,                         \
	  HMF1_BYTES, ONE, false, true,                                        \
	  run_unflatten_validated, expect_zero, check_batch)                   \
	X(SEND, "Send",                                                        \
	  "creating, filling and flattening a message Haiku sends",            \
	  SHAPE, ANY, REAL_CONTENT, false, true,                               \
	  HMF1_BYTES, ONE, false, false,                                       \
	  run_real_send, expect_real_send, check_real_send)                    \
	X(RECEIVE, "Receive",                                                  \
	  "unflattening a message Haiku sends and finding every item by name", \
	  SHAPE, ANY, REAL_BYTES, false, true,                                 \
	  HMF1_BYTES, ONE, false, false,                                       \
	  run_real_receive, expect_real_read, check_real_read)                 \
	X(LOAD, "Load",                                                        \
	  "unflattening a stored message and reading all of it by iteration",  \
	  STORED, ANY, REAL_BYTES, false, true,                                \
	  HMF1_BYTES, ONE, false, false,                                       \
	  run_real_load, expect_real_read, check_real_read)                    \
	X(SAVE, "Save",                                                        \
	  "building a stored message through the add path and flattening it",  \
	  STORED, ANY, REAL_CONTENT, false, true,                              \
	  HMF1_BYTES, ONE, false, false,                                       \
	  run_real_send, expect_real_send, check_real_send)

enum bench_op {
#define BENCH_OP_ENUM(id, ...) BENCH_OP_##id,
	BENCH_OPERATION_LIST(BENCH_OP_ENUM)
#undef BENCH_OP_ENUM
	BENCH_OP_COUNT
};

enum bench_type {
	BENCH_TYPE_INT32,
	BENCH_TYPE_STRING,
	BENCH_TYPE_COUNT
};

/*
 * What the message of a matrix test holds (harness/README.md §1.2):
 * ONE_FIELD:      one field "data" with N items (Create, Read, Flatten,
 *                 Unflatten);
 * FIELD_PER_ITEM: N fields "data0".."data<N-1>", one item each (the
 *                 Individual tests);
 * LOOKUP_FIELDS:  N fields "0".."<N-1>", one Int32 each (Lookup).
 * Item i is the Int32 i, or the string "item<i>" with its NUL.
 * The real rows work on named messages instead (real_messages.h):
 * SHAPE:          a message Haiku sends (Send, Receive);
 * STORED:         a stored message of tests/data/haiku/ (Load, Save).
 */
enum bench_layout {
	BENCH_LAYOUT_ONE_FIELD,
	BENCH_LAYOUT_FIELD_PER_ITEM,
	BENCH_LAYOUT_LOOKUP_FIELDS,
	BENCH_LAYOUT_SHAPE,
	BENCH_LAYOUT_STORED
};

/* What a cell prepares before timing, for its timed function. */
enum bench_input {
	BENCH_INPUT_NONE,              /* nothing: the operation adds */
	BENCH_INPUT_BUILT,             /* the test's message, built once */
	BENCH_INPUT_BUILT_AND_BUFFER,  /* that, and a buffer of its
	                                * flattened size to write into */
	BENCH_INPUT_OWN_BYTES,         /* the backend's own flattened bytes
	                                * of the test's message */
	BENCH_INPUT_REAL_CONTENT,      /* a named message's content, and
	                                * buffers sized by one untimed run */
	BENCH_INPUT_REAL_BYTES         /* the backend's own flattened bytes of
	                                * a named message, nested messages its
	                                * own too (made by the add path) */
};

/* What the Floor row copies with one memcpy (harness/README.md). */
enum bench_floor {
	BENCH_FLOOR_NONE,        /* no Floor row */
	BENCH_FLOOR_ITEM_BYTES,  /* the item bytes the operation stores or
	                          * returns */
	BENCH_FLOOR_HMF1_BYTES   /* the message's HMF1 flattened size, what
	                          * Message4 and today's Haiku write */
};

/* The facts of one operation (the columns above, but the functions). */
struct bench_operation {
	const char *name;
	const char *what;
	enum bench_layout layout;
	bool int32_only;
	enum bench_input input;
	bool fresh_messages;
	bool times_lifetime;
	enum bench_floor floor;
	bool cycle_is_items;
	bool in_2005;
	bool decodes;
};

/* What a test's operation is applied to. */
enum bench_workload_kind {
	BENCH_WORKLOAD_MATRIX,   /* a 2005 (type, N) pair */
	BENCH_WORKLOAD_MESSAGE   /* a named message */
};

struct bench_workload {
	enum bench_workload_kind kind;
	enum bench_type type;    /* MATRIX */
	size_t items;            /* MATRIX */
	const char *message;     /* MESSAGE: its name (static storage) */
};

/* Longest test name, its NUL included. */
#define BENCH_TEST_NAME_MAX 64

/* The largest --sizes value; big enough for 50000 and beyond, small
 * enough that every count fits an int32 with room to spare. */
#define BENCH_ITEMS_MAX 1000000u

/* The most --sizes values. */
#define BENCH_SIZES_MAX 16

struct bench_test {
	enum bench_op op;
	struct bench_workload workload;
	char name[BENCH_TEST_NAME_MAX]; /* "tCreate5Int32" */
};

/* The default sizes of 2005. */
extern const size_t bench_default_sizes[4];

/* The facts of an operation; NULL for a value outside the list. */
const struct bench_operation *bench_operation(enum bench_op op);

/* "Create", "Lookup", ... "UnflattenIndividual", or "?". */
const char *bench_op_name(enum bench_op op);

/* The operation called `name` (exactly); false when there is none. */
bool bench_op_parse(const char *name, enum bench_op *op);

/* "Int32" or "String", or "?". */
const char *bench_type_name(enum bench_type type);

/* The type called `name` (exactly); false when there is none. */
bool bench_type_parse(const char *name, enum bench_type *type);

/* True when the operation applies to the workload (Lookup: Int32 only; a
 * named message: the operations of its kind, shapes or stored files). */
bool bench_op_applies(enum bench_op op, const struct bench_workload *workload);

/* The layout of the message a matrix test uses. */
enum bench_layout bench_test_layout(const struct bench_test *test);

/* True for the operations that report a flattened size: those whose cell
 * holds flattened bytes (Flatten, Unflatten and their Individual rows). */
bool bench_op_is_flat(enum bench_op op);

/* True when the operation applies to the backend; otherwise writes why
 * (its cells are then "n/a", neither a time nor an error). */
bool bench_op_applies_to(enum bench_op op, const struct bm_ops *backend,
                         char *why, size_t why_size);

/* True when the test has a Floor row. */
bool bench_test_has_floor(const struct bench_test *test);

/* Writes the name of op applied to workload ("tCreate5Int32",
 * "t<Op><Message>") into out; false when it does not fit. */
bool bench_test_name(enum bench_op op, const struct bench_workload *workload,
                     char *out, size_t out_size);

/* The callgrind dump name of a cell: "<test>/<backend or Floor>"; and the
 * name of the dump that shows collection was off outside the cells. */
#define BENCH_CALLGRIND_PROBE "bench: collection off outside the cells"
#define BENCH_DUMP_NAME_MAX 128
void bench_dump_name(const char *test, const char *label, char *out,
                     size_t out_size);

/*
 * Fills tests[] with every test for `sizes` (which must be ascending and
 * distinct) in 2005 order, then the real rows (each operation on the named
 * messages of its kind, in list order), and returns the number of tests.
 * tests may be NULL to count only.
 */
size_t bench_matrix_build(const size_t *sizes, size_t size_count,
                          struct bench_test *tests);

#endif /* BENCH_MATRIX_H */
