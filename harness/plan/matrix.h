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
#include "real_catalog.h"

#include <stdbool.h>
#include <stddef.h>

/*
 * The operations, in 2005 order: X(id, facts, code), one row each, every
 * field named. The enum is BENCH_OP_<id>; `facts` initialises a struct
 * bench_operation (below, which says what each field is); `code` names the
 * operation's functions in operations.c:
 *   run     its timed function, which returns a checksum of what it
 *           produced;
 *   expect  the checksum one cycle of it must return;
 *   check   the full check of a batch just run.
 * What one operation is, and why, is in harness/README.md §1.3.
 */
#define BENCH_OPERATION_LIST(X)                                                \
	X(CREATE,                                                              \
	  (.name = "Create",                                                   \
	   .what = "the N adds into an empty message",                         \
	   .layout = BENCH_LAYOUT_ONE_FIELD, .int32_only = false,              \
	   .input = BENCH_INPUT_NONE, .fresh_messages = true,                  \
	   .times_lifetime = false, .floor = BENCH_FLOOR_ITEM_BYTES,           \
	   .cycle_is_items = false, .in_2005 = true, .decodes = false),        \
	  (.run = run_create, .expect = expect_zero, .check = check_batch))    \
	X(LOOKUP,                                                              \
	  (.name = "Lookup",                                                   \
	   .what = "one lookup by name among N fields",                        \
	   .layout = BENCH_LAYOUT_LOOKUP_FIELDS, .int32_only = true,           \
	   .input = BENCH_INPUT_BUILT, .fresh_messages = false,                \
	   .times_lifetime = false, .floor = BENCH_FLOOR_NONE,                 \
	   .cycle_is_items = true, .in_2005 = true, .decodes = false),         \
	  (.run = run_lookup, .expect = expect_lookups,                        \
	   .check = check_lookups))                                            \
	X(READ,                                                                \
	  (.name = "Read",                                                     \
	   .what = "the N reads by index of one field",                        \
	   .layout = BENCH_LAYOUT_ONE_FIELD, .int32_only = false,              \
	   .input = BENCH_INPUT_BUILT, .fresh_messages = false,                \
	   .times_lifetime = false, .floor = BENCH_FLOOR_ITEM_BYTES,           \
	   .cycle_is_items = false, .in_2005 = true, .decodes = false),        \
	  (.run = run_read, .expect = expect_reads, .check = check_reads))     \
	X(FLATTEN,                                                             \
	  (.name = "Flatten",                                                  \
	   .what = "flattening one field of N items",                          \
	   .layout = BENCH_LAYOUT_ONE_FIELD, .int32_only = false,              \
	   .input = BENCH_INPUT_BUILT_AND_BUFFER, .fresh_messages = false,     \
	   .times_lifetime = false, .floor = BENCH_FLOOR_HMF1_BYTES,           \
	   .cycle_is_items = false, .in_2005 = true, .decodes = false),        \
	  (.run = run_flatten, .expect = expect_flat_size,                     \
	   .check = check_flattened))                                          \
	X(FLATTEN_INDIVIDUAL,                                                  \
	  (.name = "FlattenIndividual",                                        \
	   .what = "flattening N fields of one item",                          \
	   .layout = BENCH_LAYOUT_FIELD_PER_ITEM, .int32_only = false,         \
	   .input = BENCH_INPUT_BUILT_AND_BUFFER, .fresh_messages = false,     \
	   .times_lifetime = false, .floor = BENCH_FLOOR_HMF1_BYTES,           \
	   .cycle_is_items = false, .in_2005 = true, .decodes = false),        \
	  (.run = run_flatten, .expect = expect_flat_size,                     \
	   .check = check_flattened))                                          \
	X(UNFLATTEN,                                                           \
	  (.name = "Unflatten",                                                \
	   .what = "unflattening one field of N items",                        \
	   .layout = BENCH_LAYOUT_ONE_FIELD, .int32_only = false,              \
	   .input = BENCH_INPUT_OWN_BYTES, .fresh_messages = true,             \
	   .times_lifetime = false, .floor = BENCH_FLOOR_HMF1_BYTES,           \
	   .cycle_is_items = false, .in_2005 = true, .decodes = false),        \
	  (.run = run_unflatten, .expect = expect_zero, .check = check_batch)) \
	X(UNFLATTEN_INDIVIDUAL,                                                \
	  (.name = "UnflattenIndividual",                                      \
	   .what = "unflattening N fields of one item",                        \
	   .layout = BENCH_LAYOUT_FIELD_PER_ITEM, .int32_only = false,         \
	   .input = BENCH_INPUT_OWN_BYTES, .fresh_messages = true,             \
	   .times_lifetime = false, .floor = BENCH_FLOOR_HMF1_BYTES,           \
	   .cycle_is_items = false, .in_2005 = true, .decodes = false),        \
	  (.run = run_unflatten, .expect = expect_zero, .check = check_batch)) \
	X(UNFLATTEN_VALIDATED,                                                 \
	  (.name = "UnflattenValidated",                                       \
	   .what = "the full check, then unflattening one field of N items",   \
	   .layout = BENCH_LAYOUT_ONE_FIELD, .int32_only = false,              \
	   .input = BENCH_INPUT_OWN_BYTES, .fresh_messages = true,             \
	   .times_lifetime = false, .floor = BENCH_FLOOR_HMF1_BYTES,           \
	   .cycle_is_items = false, .in_2005 = false, .decodes = true),        \
	  (.run = run_unflatten_validated, .expect = expect_zero,              \
	   .check = check_batch))                                              \
	X(UNFLATTEN_INDIVIDUAL_VALIDATED,                                      \
	  (.name = "UnflattenIndividualValidated",                             \
	   .what = "the full check, then unflattening N fields of one item",   \
	   .layout = BENCH_LAYOUT_FIELD_PER_ITEM, .int32_only = false,         \
	   .input = BENCH_INPUT_OWN_BYTES, .fresh_messages = true,             \
	   .times_lifetime = false, .floor = BENCH_FLOOR_HMF1_BYTES,           \
	   .cycle_is_items = false, .in_2005 = false, .decodes = true),        \
	  (.run = run_unflatten_validated, .expect = expect_zero,              \
	   .check = check_batch))                                              \
	X(SEND,                                                                \
	  (.name = "Send",                                                     \
	   .what = "creating, filling and flattening a message Haiku sends",   \
	   .layout = BENCH_LAYOUT_SHAPE, .int32_only = false,                  \
	   .input = BENCH_INPUT_REAL_CONTENT, .fresh_messages = false,         \
	   .times_lifetime = true, .floor = BENCH_FLOOR_HMF1_BYTES,            \
	   .cycle_is_items = false, .in_2005 = false, .decodes = false),       \
	  (.run = run_real_send, .expect = expect_real_send,                   \
	   .check = check_real_send))                                          \
	X(RECEIVE,                                                             \
	  (.name = "Receive",                                                  \
	   .what = "unflattening a message Haiku sends and finding every "     \
	           "item by name",                                             \
	   .layout = BENCH_LAYOUT_SHAPE, .int32_only = false,                  \
	   .input = BENCH_INPUT_REAL_BYTES, .fresh_messages = false,           \
	   .times_lifetime = true, .floor = BENCH_FLOOR_HMF1_BYTES,            \
	   .cycle_is_items = false, .in_2005 = false, .decodes = false),       \
	  (.run = run_real_receive, .expect = expect_real_read,                \
	   .check = check_real_read))                                          \
	X(LOAD,                                                                \
	  (.name = "Load",                                                     \
	   .what = "unflattening a stored message and reading all of it by "   \
	           "iteration",                                                \
	   .layout = BENCH_LAYOUT_STORED, .int32_only = false,                 \
	   .input = BENCH_INPUT_REAL_BYTES, .fresh_messages = false,           \
	   .times_lifetime = true, .floor = BENCH_FLOOR_HMF1_BYTES,            \
	   .cycle_is_items = false, .in_2005 = false, .decodes = false),       \
	  (.run = run_real_load, .expect = expect_real_read,                   \
	   .check = check_real_read))                                          \
	X(SAVE,                                                                \
	  (.name = "Save",                                                     \
	   .what = "building a stored message through the add path and "       \
	           "flattening it",                                            \
	   .layout = BENCH_LAYOUT_STORED, .int32_only = false,                 \
	   .input = BENCH_INPUT_REAL_CONTENT, .fresh_messages = false,         \
	   .times_lifetime = true, .floor = BENCH_FLOOR_HMF1_BYTES,            \
	   .cycle_is_items = false, .in_2005 = false, .decodes = false),       \
	  (.run = run_real_send, .expect = expect_real_send,                   \
	   .check = check_real_send))

/* A row's parenthesised fields, as an initialiser's list:
 * {BENCH_FIELDS facts} is {.name = ..., ...}. */
#define BENCH_FIELDS(...) __VA_ARGS__

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

/* The facts of one operation: the fields a row of BENCH_OPERATION_LIST
 * names. */
struct bench_operation {
	const char *name;           /* in test names ("t<name><N><type>") and
	                             * every output */
	const char *what;           /* what one operation is, in words (the
	                             * report's titles) */
	enum bench_layout layout;   /* the message it works on */
	bool int32_only;            /* Int32 items only (2005 timed lookups of
	                             * Int32 fields) */
	enum bench_input input;     /* what the cell prepares before timing */
	bool fresh_messages;        /* each operation consumes a message created
	                             * empty before timing (and destroyed
	                             * after it) */
	bool times_lifetime;        /* create and destroy are inside the timed
	                             * region */
	enum bench_floor floor;     /* what the Floor copies */
	bool cycle_is_items;        /* a cycle is one operation per item (one
	                             * lookup of each field), not one */
	bool in_2005;               /* the 2005 comparison and the growth
	                             * classes cover it */
	bool decodes;               /* the timed work runs the shared full check
	                             * over the backend's bytes: it does not
	                             * apply to a backend whose bytes the check
	                             * refuses by design
	                             * (BM_BACKEND_OWN_FLAT_DIALECT) */
};

/* The word a results file gives a layout ("one_field", "field_per_item",
 * "lookup_fields", "shape", "stored"), or "?"; and the layout of a word
 * (false when none has it). */
const char *bench_layout_word(enum bench_layout layout);
bool bench_layout_parse(const char *word, enum bench_layout *layout);

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
	/* MESSAGE: its entry in BENCH_REAL_MESSAGE_LIST; NULL when the name
	 * is none of them (a results file of another version). */
	const struct bench_real_entry *real;
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

/* The workload of named message `entry` of BENCH_REAL_MESSAGE_LIST. */
struct bench_workload bench_message_workload(
        const struct bench_real_entry *entry);

/* True when the operation applies to the workload (Lookup: Int32 only; a
 * named message of the list: the operations of its kind, shapes or stored
 * files). */
bool bench_op_applies(enum bench_op op, const struct bench_workload *workload);

/* True for the operations that report a flattened size: those whose cell
 * holds flattened bytes (Flatten, Unflatten and their Individual rows). */
bool bench_op_is_flat(enum bench_op op);

/* True when the operation applies to the backend; otherwise writes why
 * (its cells are then "n/a", neither a time nor an error). */
bool bench_operation_applies_to(const struct bench_operation *operation,
                                const struct bm_ops *backend, char *why,
                                size_t why_size);

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
