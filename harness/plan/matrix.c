/*
 * matrix.c - the operations' facts, test names and the test list in 2005
 * order (see matrix.h).
 */
#include "matrix.h"

#include <stdio.h>
#include <string.h>

const size_t bench_default_sizes[4] = {5, 50, 500, 5000};

/* The facts of BENCH_OPERATION_LIST's rows; the code is operations.c's. */
static const struct bench_operation operations[BENCH_OP_COUNT] = {
#define BENCH_OP_FACTS(id, facts, code) [BENCH_OP_##id] = {BENCH_FIELDS facts},
	BENCH_OPERATION_LIST(BENCH_OP_FACTS)
#undef BENCH_OP_FACTS
};

static const char *const type_names[BENCH_TYPE_COUNT] = {
	[BENCH_TYPE_INT32] = "Int32",
	[BENCH_TYPE_STRING] = "String",
};

const struct bench_operation *
bench_operation(enum bench_op op)
{
	return (unsigned)op < BENCH_OP_COUNT ? &operations[op] : NULL;
}

const char *
bench_op_name(enum bench_op op)
{
	return (unsigned)op < BENCH_OP_COUNT ? operations[op].name : "?";
}

bool
bench_op_parse(const char *name, enum bench_op *op)
{
	for (int i = 0; name != NULL && i < BENCH_OP_COUNT; i++) {
		if (strcmp(name, operations[i].name) == 0) {
			*op = (enum bench_op)i;
			return true;
		}
	}
	return false;
}

const char *
bench_type_name(enum bench_type type)
{
	return (unsigned)type < BENCH_TYPE_COUNT ? type_names[type] : "?";
}

bool
bench_type_parse(const char *name, enum bench_type *type)
{
	for (int i = 0; name != NULL && i < BENCH_TYPE_COUNT; i++) {
		if (strcmp(name, type_names[i]) == 0) {
			*type = (enum bench_type)i;
			return true;
		}
	}
	return false;
}

static const char *const layout_words[] = {
	[BENCH_LAYOUT_ONE_FIELD] = "one_field",
	[BENCH_LAYOUT_FIELD_PER_ITEM] = "field_per_item",
	[BENCH_LAYOUT_LOOKUP_FIELDS] = "lookup_fields",
	[BENCH_LAYOUT_SHAPE] = "shape",
	[BENCH_LAYOUT_STORED] = "stored",
};

#define LAYOUT_COUNT (sizeof layout_words / sizeof layout_words[0])

const char *
bench_layout_word(enum bench_layout layout)
{
	return (unsigned)layout < LAYOUT_COUNT ? layout_words[layout] : "?";
}

bool
bench_layout_parse(const char *word, enum bench_layout *layout)
{
	for (size_t i = 0; word != NULL && i < LAYOUT_COUNT; i++) {
		if (strcmp(word, layout_words[i]) == 0) {
			*layout = (enum bench_layout)i;
			return true;
		}
	}
	return false;
}

struct bench_workload
bench_message_workload(const struct bench_real_entry *entry)
{
	return (struct bench_workload){
		.kind = BENCH_WORKLOAD_MESSAGE,
		.message = entry->name,
		.real = entry,
	};
}

bool
bench_op_applies(enum bench_op op, const struct bench_workload *workload)
{
	const struct bench_operation *operation = bench_operation(op);
	if (operation == NULL)
		return false;
	bool real = operation->layout == BENCH_LAYOUT_SHAPE ||
	            operation->layout == BENCH_LAYOUT_STORED;
	if (workload->kind == BENCH_WORKLOAD_MESSAGE) {
		if (!real || workload->real == NULL)
			return false;
		enum bench_layout layout = workload->real->kind == BENCH_REAL_SHAPE
		                                   ? BENCH_LAYOUT_SHAPE
		                                   : BENCH_LAYOUT_STORED;
		return layout == operation->layout;
	}
	if (real)
		return false;
	return !operation->int32_only || workload->type == BENCH_TYPE_INT32;
}

bool
bench_op_is_flat(enum bench_op op)
{
	const struct bench_operation *operation = bench_operation(op);
	return operation != NULL &&
	       (operation->input == BENCH_INPUT_BUILT_AND_BUFFER ||
	        operation->input == BENCH_INPUT_OWN_BYTES ||
	        operation->input == BENCH_INPUT_REAL_CONTENT ||
	        operation->input == BENCH_INPUT_REAL_BYTES);
}

bool
bench_operation_applies_to(const struct bench_operation *operation,
                           const struct bm_ops *backend, char *why,
                           size_t why_size)
{
	if (!operation->decodes ||
	    (backend->flags & BM_BACKEND_OWN_FLAT_DIALECT) == 0)
		return true;
	snprintf(why, why_size, "its bytes follow its design's own reading of "
	         "the format, which the full check refuses");
	return false;
}

bool
bench_test_has_floor(const struct bench_test *test)
{
	const struct bench_operation *operation = bench_operation(test->op);
	return operation != NULL && operation->floor != BENCH_FLOOR_NONE;
}

bool
bench_test_name(enum bench_op op, const struct bench_workload *workload,
                char *out, size_t out_size)
{
	int length;
	if (workload->kind == BENCH_WORKLOAD_MATRIX)
		length = snprintf(out, out_size, "t%s%zu%s", bench_op_name(op),
		                  workload->items,
		                  bench_type_name(workload->type));
	else
		length = snprintf(out, out_size, "t%s%s", bench_op_name(op),
		                  workload->message != NULL ? workload->message
		                                            : "?");
	return length > 0 && (size_t)length < out_size;
}

/* Counts test (op, workload) when the operation applies to the workload,
 * and writes it to tests[count] when tests is not NULL. */
static size_t
matrix_add(struct bench_test *tests, size_t count, int op,
           const struct bench_workload *workload)
{
	if (!bench_op_applies((enum bench_op)op, workload))
		return count;
	if (tests != NULL) {
		struct bench_test *test = &tests[count];
		test->op = (enum bench_op)op;
		test->workload = *workload;
		bench_test_name(test->op, workload, test->name,
		                sizeof test->name);
	}
	return count + 1;
}

size_t
bench_matrix_build(const size_t *sizes, size_t size_count,
                   struct bench_test *tests)
{
	size_t count = 0;
	for (int op = 0; op < BENCH_OP_COUNT; op++) {
		for (int type = 0; type < BENCH_TYPE_COUNT; type++) {
			for (size_t s = 0; s < size_count; s++) {
				struct bench_workload workload = {
					.kind = BENCH_WORKLOAD_MATRIX,
					.type = (enum bench_type)type,
					.items = sizes[s],
				};
				count = matrix_add(tests, count, op, &workload);
			}
		}
	}
	for (int op = 0; op < BENCH_OP_COUNT; op++) {
		for (size_t m = 0; m < bench_real_count(); m++) {
			struct bench_workload workload =
			        bench_message_workload(bench_real_entry(m));
			count = matrix_add(tests, count, op, &workload);
		}
	}
	return count;
}

void
bench_dump_name(const char *test, const char *label, char *out,
                size_t out_size)
{
	snprintf(out, out_size, "%s/%s", test, label);
}
