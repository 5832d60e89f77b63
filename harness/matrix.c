/*
 * matrix.c - the test list in 2005 order (see matrix.h).
 */
#include "matrix.h"

#include <stdio.h>

const size_t bench_default_sizes[4] = {5, 50, 500, 5000};

static const char *const op_names[BENCH_OP_COUNT] = {
	[BENCH_OP_CREATE] = "Create",
	[BENCH_OP_LOOKUP] = "Lookup",
	[BENCH_OP_READ] = "Read",
	[BENCH_OP_FLATTEN] = "Flatten",
	[BENCH_OP_FLATTEN_INDIVIDUAL] = "FlattenIndividual",
	[BENCH_OP_UNFLATTEN] = "Unflatten",
	[BENCH_OP_UNFLATTEN_INDIVIDUAL] = "UnflattenIndividual",
};

static const char *const type_names[BENCH_TYPE_COUNT] = {
	[BENCH_TYPE_INT32] = "Int32",
	[BENCH_TYPE_STRING] = "String",
};

const char *
bench_op_name(enum bench_op op)
{
	return (unsigned)op < BENCH_OP_COUNT ? op_names[op] : "?";
}

const char *
bench_type_name(enum bench_type type)
{
	return (unsigned)type < BENCH_TYPE_COUNT ? type_names[type] : "?";
}

enum bench_layout
bench_test_layout(const struct bench_test *test)
{
	switch (test->op) {
	case BENCH_OP_LOOKUP:
		return BENCH_LAYOUT_LOOKUP_FIELDS;
	case BENCH_OP_FLATTEN_INDIVIDUAL:
	case BENCH_OP_UNFLATTEN_INDIVIDUAL:
		return BENCH_LAYOUT_FIELD_PER_ITEM;
	case BENCH_OP_CREATE:
	case BENCH_OP_READ:
	case BENCH_OP_FLATTEN:
	case BENCH_OP_UNFLATTEN:
	case BENCH_OP_COUNT:
		break;
	}
	return BENCH_LAYOUT_ONE_FIELD;
}

bool
bench_op_is_flat(enum bench_op op)
{
	return op == BENCH_OP_FLATTEN || op == BENCH_OP_FLATTEN_INDIVIDUAL ||
	       op == BENCH_OP_UNFLATTEN || op == BENCH_OP_UNFLATTEN_INDIVIDUAL;
}

bool
bench_op_uses_built_message(enum bench_op op)
{
	return op == BENCH_OP_LOOKUP || op == BENCH_OP_READ ||
	       op == BENCH_OP_FLATTEN || op == BENCH_OP_FLATTEN_INDIVIDUAL;
}

size_t
bench_matrix_build(const size_t *sizes, size_t size_count,
                   struct bench_test *tests)
{
	size_t count = 0;
	for (int op = 0; op < BENCH_OP_COUNT; op++) {
		for (int type = 0; type < BENCH_TYPE_COUNT; type++) {
			/* 2005 timed lookups of Int32 fields only. */
			if (op == BENCH_OP_LOOKUP && type != BENCH_TYPE_INT32)
				continue;
			for (size_t s = 0; s < size_count; s++) {
				if (tests != NULL) {
					struct bench_test *test = &tests[count];
					test->op = (enum bench_op)op;
					test->type = (enum bench_type)type;
					test->items = sizes[s];
					snprintf(test->name, sizeof test->name,
					         "t%s%zu%s", op_names[op],
					         sizes[s], type_names[type]);
				}
				count++;
			}
		}
	}
	return count;
}
