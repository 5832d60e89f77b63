/*
 * matrix.h - the 2005 speed-test matrix: which tests exist, their names and
 * their order (harness/README.md §1.1, results/messagespeed-2005.csv).
 *
 * A test is an operation on a type with a number of items. The order is the
 * 2005 suite's: operation, then type (Int32 before String), then items
 * (ascending). Lookup exists for Int32 only. With the default sizes
 * 5, 50, 500 and 5000 this gives the 52 tests of 2005; other sizes slot
 * into the same order.
 */
#ifndef BENCH_MATRIX_H
#define BENCH_MATRIX_H

#include <stdbool.h>
#include <stddef.h>

enum bench_op {
	BENCH_OP_CREATE,
	BENCH_OP_LOOKUP,
	BENCH_OP_READ,
	BENCH_OP_FLATTEN,
	BENCH_OP_FLATTEN_INDIVIDUAL,
	BENCH_OP_UNFLATTEN,
	BENCH_OP_UNFLATTEN_INDIVIDUAL,
	BENCH_OP_COUNT
};

enum bench_type {
	BENCH_TYPE_INT32,
	BENCH_TYPE_STRING,
	BENCH_TYPE_COUNT
};

/*
 * What the message of a test holds (harness/README.md §1.2):
 * ONE_FIELD:      one field "data" with N items (Create, Read, Flatten,
 *                 Unflatten);
 * FIELD_PER_ITEM: N fields "data0".."data<N-1>", one item each (the
 *                 Individual tests);
 * LOOKUP_FIELDS:  N fields "0".."<N-1>", one Int32 each (Lookup).
 * Item i is the Int32 i, or the string "item<i>" with its NUL.
 */
enum bench_layout {
	BENCH_LAYOUT_ONE_FIELD,
	BENCH_LAYOUT_FIELD_PER_ITEM,
	BENCH_LAYOUT_LOOKUP_FIELDS
};

/* Longest test name: "tUnflattenIndividual" + 7 digits + "String". */
#define BENCH_TEST_NAME_MAX 48

/* The largest --sizes value; big enough for 50000 and beyond, small
 * enough that every count fits an int32 with room to spare. */
#define BENCH_ITEMS_MAX 1000000u

/* The most --sizes values. */
#define BENCH_SIZES_MAX 16

/* Tests per size: 7 operations x 2 types, minus Lookup String. */
#define BENCH_TESTS_PER_SIZE 13

struct bench_test {
	enum bench_op op;
	enum bench_type type;
	size_t items;
	char name[BENCH_TEST_NAME_MAX]; /* "tCreate5Int32" */
};

/* The default sizes of 2005. */
extern const size_t bench_default_sizes[4];

/* "Create", "Lookup", ... "UnflattenIndividual". */
const char *bench_op_name(enum bench_op op);

/* "Int32" or "String". */
const char *bench_type_name(enum bench_type type);

/* The layout of the message a test uses. */
enum bench_layout bench_test_layout(const struct bench_test *test);

/* True for Flatten, FlattenIndividual, Unflatten, UnflattenIndividual: the
 * rows that report a flattened size. */
bool bench_op_is_flat(enum bench_op op);

/* True for the operations whose timed work reads a built message (Lookup,
 * Read, Flatten): the message is built once per cell, not once per op. */
bool bench_op_uses_built_message(enum bench_op op);

/*
 * Fills tests[] with the matrix for `sizes` (which must be ascending and
 * distinct) in 2005 order and returns the number of tests, at most
 * BENCH_TESTS_PER_SIZE * size_count. tests may be NULL to count only.
 */
size_t bench_matrix_build(const size_t *sizes, size_t size_count,
                          struct bench_test *tests);

#endif /* BENCH_MATRIX_H */
