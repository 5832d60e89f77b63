/*
 * test_harness_run.c - whole runs of `bench` on test-only backends: a
 * deliberately broken backend shows ERR in exactly the cells its bug
 * affects and the run exits 1; an honest run exits 0; the JSON is valid
 * and has every key; the other formats agree; files are written through a
 * temporary file and a rename. Speed is never asserted: only what must
 * hold on any machine (validation, counts, sizes, structure).
 */
#include "suites.h"

#include "message_content.h"
#include "harness_backends.h"
#include "canonical.h"
#include "cli.h"
#include "harness_util.h"
#include "results_read.h"
#include "results_set.h"
#include "measure.h"
#include "matrix.h"
#include "options.h"

#include <dirent.h>
#include <zstd.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Short runs: these tests check what a run proves, not how fast it is. */
#define SHORT_RUN "--repetitions", "2", "--min-time", "0.02"

static json_t *
parse_json(const char *text)
{
	json_error_t error;
	json_t *root = json_loads(text, 0, &error);
	ck_assert_msg(root != NULL, "invalid JSON: %s (line %d)", error.text,
	              error.line);
	return root;
}

static json_t *
member(json_t *object, const char *key)
{
	ck_assert_msg(json_is_object(object), "not an object at '%s'", key);
	json_t *value = json_object_get(object, key);
	ck_assert_msg(value != NULL, "missing key '%s'", key);
	return value;
}

static const char *
string_member(json_t *object, const char *key)
{
	json_t *value = member(object, key);
	ck_assert_msg(json_is_string(value), "'%s' is not a string", key);
	return json_string_value(value);
}

static double
number_member(json_t *object, const char *key)
{
	json_t *value = member(object, key);
	ck_assert_msg(json_is_number(value), "'%s' is not a number", key);
	return json_number_value(value);
}

static bool
is_flat_op(const char *op)
{
	/* The real rows hold flattened bytes too (what is sent or stored). */
	return strstr(op, "latten") != NULL || strcmp(op, "Send") == 0 ||
	       strcmp(op, "Receive") == 0 || strcmp(op, "Load") == 0 ||
	       strcmp(op, "Save") == 0;
}

/* A row's workload: a matrix pair, or the name of a real message (type
 * "" and items 0). */
struct row_workload {
	const char *type;
	size_t items;
	const char *message;
};

/* Checks one cell that must hold a time; returns its median. */
static double
check_timed_cell(json_t *cell, size_t samples, const char *op, bool floor)
{
	ck_assert_ptr_null(json_object_get(cell, "error"));
	double median = number_member(cell, "median");
	double min = number_member(cell, "min");
	double mad = number_member(cell, "mad");
	ck_assert(min > 0 && min <= median && mad >= 0);
	json_t *list = member(cell, "samples");
	ck_assert(json_is_array(list));
	ck_assert_uint_eq(json_array_size(list), samples);
	for (size_t i = 0; i < samples; i++)
		ck_assert(json_number_value(json_array_get(list, i)) >= min);
	double ops = number_member(cell, "ops_per_sample");
	double rounds = number_member(cell, "rounds_per_sample");
	ck_assert(rounds >= 1 && ops >= rounds);
	ck_assert(number_member(cell, "retaken_samples") >= 0);
	ck_assert(number_member(cell, "disturbed_samples") >= 0);
	if (floor) {
		ck_assert(number_member(cell, "bytes") > 0);
	} else {
		ck_assert(number_member(cell, "allocs_per_op") >= 0);
		json_t *flat = member(cell, "flat_bytes");
		if (is_flat_op(op))
			ck_assert(json_integer_value(flat) > 0);
		else
			ck_assert(json_is_null(flat));
	}
	return median;
}

/*
 * Runs `backend` beside Plain on every test of `sizes` and checks that
 * exactly the cells `fails(test)` says show ERR, that Plain never does,
 * that the run exits 1, and that stderr names each failed cell.
 */
static void
check_broken_run(const struct bm_ops *backend, const char *sizes,
                 bool (*fails)(const char *op, const struct row_workload *w),
                 size_t expected_failures)
{
	const struct bm_ops *const backends[] = {&bench_test_plain_ops, backend};
	struct bench_capture run = hu_run(backends, 2, NULL, "--all", "--sizes",
	                                  sizes, SHORT_RUN, "--format", "json",
	                                  NULL);
	ck_assert_msg(run.status == BENCH_EXIT_FAILED, "exit %d: %s",
	              run.status, run.err);
	json_t *root = parse_json(run.out);
	json_t *rows = member(root, "rows");
	size_t failures = 0;
	for (size_t r = 0; r < json_array_size(rows); r++) {
		json_t *row = json_array_get(rows, r);
		const char *test = string_member(row, "test");
		const char *op = string_member(row, "operation");
		json_t *workload = member(row, "workload");
		struct row_workload w = {.type = ""};
		if (json_object_get(workload, "message") != NULL) {
			w.message = string_member(workload, "message");
		} else {
			w.type = string_member(workload, "type");
			w.items = (size_t)number_member(workload, "items");
		}
		json_t *cells = member(row, "cells");
		check_timed_cell(member(cells, "Plain"), 2, op, false);
		json_t *cell = member(cells, backend->name);
		json_t *error = json_object_get(cell, "error");
		bool expected = fails(op, &w);
		ck_assert_msg((error != NULL) == expected, "%s on %s: %s", test,
		              backend->name,
		              error != NULL ? json_string_value(error) : "no ERR");
		if (error == NULL) {
			check_timed_cell(cell, 2, op, false);
			continue;
		}
		failures++;
		/* A failed cell holds its reason and nothing else. */
		ck_assert_uint_eq(json_object_size(cell), 1);
		ck_assert(strlen(json_string_value(error)) > 10);
		ck_assert(strchr(json_string_value(error), '\n') == NULL);
		/* It never wins; Plain is then the only usable candidate. */
		ck_assert_str_eq(string_member(row, "winner"), "Plain");
		char line[128];
		snprintf(line, sizeof line, "ERROR in %s: %s: ", backend->name,
		         test);
		ck_assert_msg(strstr(run.err, line) != NULL, "no '%s' in %s",
		              line, run.err);
	}
	ck_assert_uint_eq(failures, expected_failures);
	/* One ERROR line per failed cell, then the summary. */
	ck_assert_uint_eq(hu_count_lines(run.err), expected_failures + 1);
	json_decref(root);
	hu_capture_free(&run);
}

/* The shapes Broken's Flatten leaves alone: every item of them is
 * fixed-size (MouseInputDevice.cpp and KeyboardInputDevice.cpp add
 * numbers, the key states and "bytes" with fixed-size adds; the reply
 * a BRect and an int32). */
static bool
all_fixed_shape(const char *message)
{
	return strcmp(message, "MouseMoved") == 0 ||
	       strcmp(message, "MouseWheelChanged") == 0 ||
	       strcmp(message, "KeyDown") == 0 ||
	       strcmp(message, "ReplyFrame") == 0;
}

static bool
broken_fails(const char *op, const struct row_workload *w)
{
	/* A real message with a variable-size item (every stored file nests
	 * messages, which are) fails all four real operations: the bytes a
	 * receiver or loader gets are Broken's own. */
	if (w->message != NULL)
		return !all_fixed_shape(w->message);
	return is_flat_op(op) && strcmp(w->type, "String") == 0;
}

START_TEST(broken_flatten_fails_exactly_the_string_flat_cells)
{
	/* Flatten and Unflatten, plain and Individual, and the validated
	 * Unflattens, String, 2 sizes; Send and Receive on the 4 shapes
	 * with a variable-size item, Load and Save on the 5 stored files. */
	check_broken_run(&bench_test_broken_ops, "5,50", broken_fails,
	                 6 * 2 + 4 * 2 + 5 * 2);
}
END_TEST

static bool
capped_fails(const char *op, const struct row_workload *w)
{
	/* No real message has a field of more than 29 items. */
	if (w->message != NULL)
		return false;
	/* Every test with one field of more than 256 items. */
	bool one_field = strcmp(op, "Lookup") != 0 &&
	                 strstr(op, "Individual") == NULL;
	return one_field && w->items > BENCH_TEST_CAPPED_ITEMS;
}

START_TEST(capped_add_fails_exactly_the_big_one_field_cells)
{
	/* Create, Read, Flatten, Unflatten, the validated Unflatten, both
	 * types, size 300 only; every real row passes. */
	check_broken_run(&bench_test_capped_ops, "5,300", capped_fails, 5 * 2);
}
END_TEST

START_TEST(an_operation_that_does_not_apply_is_n_a)
{
	/* The validated Unflattens run the shared full check over the
	 * backend's bytes: not for a backend whose bytes are its own
	 * dialect. Its cells there are n/a (no time, no error, exit 0), and
	 * timed everywhere else. */
	const struct bm_ops *const backends[] = {&bench_test_plain_ops,
	                                         &bench_test_dialect_ops};
	struct bench_capture run = hu_run(backends, 2, NULL, "--filter",
	                                  "^tUnflatten", "--sizes", "5",
	                                  SHORT_RUN, "--format", "json", NULL);
	ck_assert_msg(run.status == BENCH_EXIT_OK, "exit %d: %s", run.status,
	              run.err);
	json_t *root = parse_json(run.out);
	json_t *rows = member(root, "rows");
	ck_assert_uint_eq(json_array_size(rows), 8);
	size_t not_applicable = 0;
	for (size_t r = 0; r < json_array_size(rows); r++) {
		json_t *row = json_array_get(rows, r);
		const char *op = string_member(row, "operation");
		json_t *cells = member(row, "cells");
		json_t *cell = member(cells, "Dialect");
		bool validated = strstr(op, "Validated") != NULL;
		ck_assert_uint_eq(json_object_get(cell, "not_applicable") != NULL,
		                  validated);
		check_timed_cell(member(cells, "Plain"), 2, op, false);
		if (!validated) {
			check_timed_cell(cell, 2, op, false);
			continue;
		}
		not_applicable++;
		ck_assert_uint_eq(json_object_size(cell), 1);
		ck_assert_ptr_nonnull(strstr(string_member(cell, "not_applicable"),
		                             "full check"));
	}
	ck_assert_uint_eq(not_applicable, 4);
	json_decref(root);
	hu_capture_free(&run);
	run = hu_run(backends, 2, NULL, "--filter", "^tUnflattenValidated5Int32",
	             "--sizes", "5", SHORT_RUN, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_OK);
	ck_assert_ptr_nonnull(strstr(run.out, "n/a |"));
	hu_capture_free(&run);
}
END_TEST

START_TEST(real_rows_read_a_dialect_through_its_backend)
{
	/* A backend whose bytes only it reads: its real rows are checked by
	 * reading them back with it, and pass. */
	const struct bm_ops *const backends[] = {&bench_test_plain_ops,
	                                         &bench_test_dialect_ops};
	struct bench_capture run = hu_run(backends, 2, NULL, "--filter",
	                                  "^t(Send|Receive|Load|Save)",
	                                  SHORT_RUN, "--format", "json", NULL);
	ck_assert_msg(run.status == BENCH_EXIT_OK, "exit %d: %s", run.status,
	              run.err);
	json_t *root = parse_json(run.out);
	json_t *rows = member(root, "rows");
	ck_assert_uint_eq(json_array_size(rows), 26);
	for (size_t r = 0; r < 26; r++) {
		json_t *row = json_array_get(rows, r);
		const char *op = string_member(row, "operation");
		json_t *cells = member(row, "cells");
		check_timed_cell(member(cells, "Plain"), 2, op, false);
		check_timed_cell(member(cells, "Dialect"), 2, op, false);
		check_timed_cell(member(cells, "Floor"), 2, op, true);
	}
	json_decref(root);
	hu_capture_free(&run);
}
END_TEST

START_TEST(broken_cells_show_err_in_the_table)
{
	const struct bm_ops *const backends[] = {&bench_test_plain_ops,
	                                         &bench_test_broken_ops};
	struct bench_capture run = hu_run(backends, 2, NULL, "--filter",
	                                  "^tFlatten5", "--sizes", "5", SHORT_RUN,
	                                  NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_FAILED);
	/* Header line, blank, heading, rule, two rows. */
	ck_assert_ptr_nonnull(strstr(run.out, "| tFlatten5Int32():  |"));
	const char *string_row = strstr(run.out, "| tFlatten5String():");
	ck_assert_ptr_nonnull(string_row);
	const char *end = strchr(string_row, '\n');
	char row[256];
	snprintf(row, sizeof row, "%.*s", (int)(end - string_row), string_row);
	/* Broken's cell is ERR, Plain wins alone, there is no Haiku winner. */
	ck_assert_msg(strstr(row, "|    ERR |") != NULL, "%s", row);
	/* The columns' widths follow their longest verdict, which may say
	 * how sure it is (harness/README.md §4.3). */
	const char *winner = strstr(row, "| Plain ");
	ck_assert_msg(winner != NULL, "%s", row);
	winner = strchr(winner + 1, '|');
	ck_assert_msg(winner != NULL && strncmp(winner, "| n/a ", 6) == 0, "%s",
	              row);
	ck_assert_ptr_nonnull(strstr(run.out, "- tFlatten5String on Broken: "));
	hu_capture_free(&run);
}
END_TEST

/* Plain's bytes of the 5 Int32 in one field, compressed as the sizes
 * are: zstd at their level, from the bytes Plain's Flatten writes. */
static size_t
plain_compressed_size(void)
{
	const struct bench_content content = {BENCH_LAYOUT_ONE_FIELD,
	                                      BENCH_TYPE_INT32, 5};
	bm_message *msg = NULL;
	ck_assert_int_eq(bm_create(&bench_test_plain_ops, BENCH_WHAT, &msg),
	                 BM_OK);
	ck_assert_int_eq(bench_content_build(&content, msg), BM_OK);
	size_t size = 0;
	ck_assert_int_eq(bm_flattened_size(msg, &size), BM_OK);
	unsigned char flat[256];
	ck_assert_uint_le(size, sizeof flat);
	ck_assert_int_eq(bm_flatten(msg, flat, sizeof flat), BM_OK);
	bm_destroy(msg);
	unsigned char packed[512];
	size_t got = ZSTD_compress(packed, sizeof packed, flat, size,
	                           BENCH_ZSTD_LEVEL);
	ck_assert(!ZSTD_isError(got));
	return got;
}

/*
 * The sizes of a run with --sizes 5 (harness/README.md §2.5): each message
 * its tests use once, in the order of its first test (one field of Int32
 * and of String, the lookup fields, a field per item of each type, then
 * the 13 named messages); every backend's flattened size as its Flatten
 * row reports it, that compressed as zstd compresses it, and the HMF1
 * size the Floor copies.
 */
static void
check_sizes(json_t *sizes, json_t *rows)
{
	ck_assert_str_eq(string_member(sizes, "compressor"), "zstd");
	ck_assert_str_eq(string_member(sizes, "version"), ZSTD_versionString());
	ck_assert_int_eq(json_integer_value(member(sizes, "level")),
	                 BENCH_ZSTD_LEVEL);
	json_t *messages = member(sizes, "messages");
	ck_assert_uint_eq(json_array_size(messages), 5 + 13);
	static const char *const layouts[] = {"one_field", "one_field",
	                                      "lookup_fields", "field_per_item",
	                                      "field_per_item"};
	for (size_t m = 0; m < 5; m++)
		ck_assert_str_eq(string_member(json_array_get(messages, m),
		                               "layout"), layouts[m]);
	ck_assert_str_eq(string_member(json_array_get(messages, 5), "layout"),
	                 "shape");
	ck_assert_str_eq(string_member(json_array_get(messages, 17), "layout"),
	                 "stored");
	json_t *one = json_array_get(messages, 0);
	ck_assert_int_eq(json_integer_value(member(one, "hmf1_bytes")), 117);
	json_t *plain = member(member(one, "cells"), "Plain");
	ck_assert_int_eq(json_integer_value(member(plain, "flat_bytes")), 56);
	ck_assert_int_eq(json_integer_value(member(plain, "zstd_bytes")),
	                 (json_int_t)plain_compressed_size());
	/* Each Flatten row's flat_bytes are the sizes' of its message, and
	 * its Floor's bytes the message's HMF1 size. */
	size_t index;
	json_t *row;
	size_t flatten_rows = 0;
	json_array_foreach(rows, index, row) {
		const char *op = string_member(row, "operation");
		bool individual = strcmp(op, "FlattenIndividual") == 0;
		if (strcmp(op, "Flatten") != 0 && !individual)
			continue;
		flatten_rows++;
		bool string = strcmp(string_member(member(row, "workload"),
		                                   "type"), "String") == 0;
		json_t *sized = json_array_get(messages, individual ? 3 + string
		                                                    : string);
		json_t *cells = member(row, "cells");
		ck_assert_int_eq(json_integer_value(member(member(cells, "Floor"),
		                                           "bytes")),
		                 json_integer_value(member(sized, "hmf1_bytes")));
		for (size_t b = 0; b < 2; b++) {
			const char *name = b == 0 ? "Plain" : "Twin";
			json_t *cell = member(member(sized, "cells"), name);
			ck_assert_int_eq(json_integer_value(member(member(cells,
			                 name), "flat_bytes")),
			                 json_integer_value(member(cell,
			                                           "flat_bytes")));
			ck_assert(json_integer_value(member(cell, "zstd_bytes")) >
			          0);
		}
	}
	ck_assert_uint_eq(flatten_rows, 4);
}

static const char *squeeze_line(const char *line);

/* An outside library registered before the designs: the table shows its
 * column after theirs, and it is never a Winner. */
START_TEST(a_library_column_follows_the_designs)
{
	const struct bm_ops *const backends[] = {&bench_test_library_ops,
	                                         &bench_test_plain_ops,
	                                         &bench_test_twin_ops};
	struct bench_capture run = hu_run(backends, 3, NULL, "--filter",
	                                  "^tRead5Int32$", "--sizes", "5",
	                                  SHORT_RUN, NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	const char *heading = strstr(run.out, "\n| Test ");
	ck_assert_ptr_nonnull(heading);
	char line[512];
	snprintf(line, sizeof line, "%s", squeeze_line(heading + 1));
	ck_assert_str_eq(line,
	                 "|Test|Plain|Twin|Library|Floor|Winner|Haiku Winner|");
	const char *row = strstr(run.out, "\n| tRead5Int32(): ");
	ck_assert_ptr_nonnull(row);
	snprintf(line, sizeof line, "%s", squeeze_line(row + 1));
	ck_assert_msg(strstr(line, "|Library|") == NULL, "%s", line);
	hu_capture_free(&run);

	/* Its library's version: in --list, and in the results' entry of the
	 * library alone. */
	run = hu_run(backends, 3, NULL, "--list", NULL);
	ck_assert_ptr_nonnull(strstr(run.out, "\tlibrary\tFOB1\ttest-only: "
	                                      "Plain as an outside library; "
	                                      "library version 1.0-test\n"));
	hu_capture_free(&run);
	run = hu_run(backends, 3, NULL, "--filter", "^tRead5Int32$", "--sizes",
	             "5", SHORT_RUN, "--format", "json", NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	json_t *root = parse_json(run.out);
	json_t *listed = member(root, "backends");
	for (size_t b = 0; b < 3; b++) {
		json_t *entry = json_array_get(listed, b);
		json_t *version = json_object_get(entry, "library_version");
		if (strcmp(string_member(entry, "name"), "Library") == 0)
			ck_assert_str_eq(json_string_value(version), "1.0-test");
		else
			ck_assert_ptr_null(version);
	}
	json_decref(root);
	hu_capture_free(&run);
}
END_TEST

START_TEST(honest_run_exits_0_with_every_json_key)
{
	const struct bm_ops *const backends[] = {&bench_test_plain_ops,
	                                         &bench_test_twin_ops};
	struct bench_capture run = hu_run(backends, 2, NULL, "--all", "--sizes",
	                                  "5", "--repetitions", "3", "--min-time",
	                                  "0.02", "--seed", "77", "--format",
	                                  "json", NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	ck_assert_str_eq(run.err, ""); /* no progress when not asked */
	json_t *root = parse_json(run.out);
	ck_assert_int_eq(json_integer_value(member(root, "schema")),
	                 BENCH_JSON_SCHEMA);
	ck_assert_str_eq(string_member(root, "unit"), "ns");

	json_t *context = member(root, "context");
	static const char *const context_strings[] = {
		"date", "cpu", "compiler", "cflags", "build_type", "git_commit",
		"glibc", "checksum"};
	for (size_t i = 0; i < sizeof context_strings / sizeof *context_strings;
	     i++)
		ck_assert(strlen(string_member(context, context_strings[i])) > 0);
	ck_assert(number_member(context, "cores") >= 1);
	ck_assert_int_eq(strncmp(string_member(context, "checksum"), "0x", 2),
	                 0);
	json_t *options = member(context, "options");
	ck_assert(json_is_true(member(options, "all")));
	ck_assert(json_is_null(member(options, "filter")));
	ck_assert_uint_eq(json_array_size(member(options, "backends")), 2);
	ck_assert_uint_eq(json_array_size(member(options, "sizes")), 1);
	ck_assert_int_eq(json_integer_value(member(options, "repetitions")), 3);
	ck_assert_double_eq(number_member(options, "min_time_ms"), 0.02);
	ck_assert_int_eq(json_integer_value(member(options, "seed")), 77);
	ck_assert(json_is_false(member(options, "quick")));

	json_t *listed = member(root, "backends");
	ck_assert_uint_eq(json_array_size(listed), 2);
	ck_assert_str_eq(string_member(json_array_get(listed, 1), "name"), "Twin");
	ck_assert_str_eq(string_member(json_array_get(listed, 1), "kind"),
	                 "haiku");
	ck_assert_str_eq(string_member(json_array_get(listed, 0), "kind"),
	                 "reference");

	json_t *rows = member(root, "rows");
	struct bench_test tests[64];
	const size_t five[] = {5};
	size_t test_count = bench_matrix_build(five, 1, tests);
	/* The 13 tests of 2005, then the 4 validated Unflattens and the 26
	 * real rows. */
	ck_assert_uint_eq(test_count, 17 + 26);
	ck_assert_uint_eq(json_array_size(rows), test_count);
	for (size_t r = 0; r < test_count; r++) {
		json_t *row = json_array_get(rows, r);
		const char *op = string_member(row, "operation");
		ck_assert_str_eq(string_member(row, "test"), tests[r].name);
		ck_assert_str_eq(op, bench_op_name(tests[r].op));
		json_t *workload = member(row, "workload");
		if (tests[r].workload.kind == BENCH_WORKLOAD_MESSAGE) {
			ck_assert_uint_eq(json_object_size(workload), 1);
			ck_assert_str_eq(string_member(workload, "message"),
			                 tests[r].workload.message);
		} else {
			ck_assert_uint_eq(json_object_size(workload), 2);
			ck_assert_str_eq(string_member(workload, "type"),
			                 bench_type_name(tests[r].workload.type));
			ck_assert_int_eq(json_integer_value(member(workload,
			                                           "items")), 5);
		}
		json_t *cells = member(row, "cells");
		check_timed_cell(member(cells, "Plain"), 3, op, false);
		check_timed_cell(member(cells, "Twin"), 3, op, false);
		bool lookup = tests[r].op == BENCH_OP_LOOKUP;
		ck_assert_uint_eq(json_object_size(cells), lookup ? 2 : 3);
		if (!lookup)
			check_timed_cell(member(cells, "Floor"), 3, op, true);
		/* A name, or "-" for a tie; Twin is the only Haiku design. */
		const char *winner = string_member(row, "winner");
		ck_assert(strcmp(winner, "Plain") == 0 ||
		          strcmp(winner, "Twin") == 0 || strcmp(winner, "-") == 0);
		ck_assert_str_eq(string_member(row, "haiku_winner"), "Twin");
		/* A winner over a runner-up is rated, a tie and a lone Haiku
		 * design are not (harness/README.md §4.3). */
		json_t *confidence = member(row, "winner_confidence");
		if (strcmp(winner, "-") == 0)
			ck_assert(json_is_null(confidence));
		else
			ck_assert(json_is_number(confidence) &&
			          json_number_value(confidence) >= 0 &&
			          json_number_value(confidence) <= 1);
		ck_assert(json_is_null(member(row, "haiku_winner_confidence")));
		ck_assert_uint_eq(json_object_size(member(row, "vs_winner")), 0);
	}

	/* Exact figures that hold on any machine. */
	json_t *create = member(member(json_array_get(rows, 0), "cells"),
	                        "Plain");
	/* 5 adds to Plain: item, name, field array, item array; then one
	 * item each; the fifth also grows the item array from 4 to 8. */
	ck_assert_int_eq(json_integer_value(member(create, "allocs_per_op")), 9);
	json_t *lookup = member(member(json_array_get(rows, 2), "cells"),
	                        "Plain");
	ck_assert_int_eq(json_integer_value(member(lookup, "allocs_per_op")), 0);
	/* A Lookup sample is whole cycles through the 5 names. */
	ck_assert_int_eq(json_integer_value(member(lookup, "ops_per_sample")) %
	                         5,
	                 0);
	json_t *flatten_row = json_array_get(rows, 5);
	ck_assert_str_eq(string_member(flatten_row, "test"), "tFlatten5Int32");
	json_t *flatten = member(member(flatten_row, "cells"), "Plain");
	/* FOB1 without MINI or SINGLE: impl/flat-examples.md §1.4, 56 bytes. */
	ck_assert_int_eq(json_integer_value(member(flatten, "flat_bytes")), 56);
	ck_assert_int_eq(json_integer_value(member(flatten, "allocs_per_op")), 0);
	json_t *floor = member(member(flatten_row, "cells"), "Floor");
	ck_assert_int_eq(json_integer_value(member(floor, "bytes")), 117);
	json_t *read_floor = member(member(json_array_get(rows, 3), "cells"),
	                            "Floor");
	ck_assert_int_eq(json_integer_value(member(read_floor, "bytes")), 20);
	/* B_KEY_DOWN in HMF1: 68 + 7 field headers + names + items. */
	json_t *key_row = json_array_get(rows, 17 + 2);
	ck_assert_str_eq(string_member(key_row, "test"), "tSendKeyDown");
	ck_assert_int_eq(json_integer_value(member(member(member(key_row,
	                 "cells"), "Floor"), "bytes")), 321);
	check_sizes(member(root, "sizes"), rows);
	json_decref(root);
	hu_capture_free(&run);
}
END_TEST

/* One line of text without the spaces around cells, in a static buffer. */
static const char *
squeeze_line(const char *line)
{
	static char out[512];
	size_t used = 0;
	for (; *line != '\n' && *line != '\0' && used + 1 < sizeof out; line++) {
		bool inner_space = *line == ' ' && used > 0 &&
		                   out[used - 1] != '|' && line[1] != ' ' &&
		                   line[1] != '|';
		if (*line != ' ' || inner_space)
			out[used++] = *line;
	}
	out[used] = '\0';
	return out;
}

START_TEST(csv_md_and_text_have_one_line_per_row)
{
	const struct bm_ops *const backends[] = {&bench_test_plain_ops,
	                                         &bench_test_twin_ops};
	struct bench_capture run = hu_run(backends, 2, NULL, "--all", "--sizes",
	                                  "5", SHORT_RUN, "--format", "csv",
	                                  "--unit", "us", NULL);
	ck_assert_int_eq(run.status, 0);
	static const char header[] = "test,operation,type,items,message,"
	                             "backend,median,min,mad,allocs_per_op,"
	                             "flat_bytes,winner,winner_confidence,"
	                             "haiku_winner,haiku_winner_confidence,"
	                             "vs_winner,vs_winner_confidence,run_id\n";
	ck_assert_int_eq(strncmp(run.out, header, strlen(header)), 0);
	/* Every line ends with the run's id, the same on each. */
	const char *first = strchr(run.out, '\n') + 1;
	const char *id = strchr(first, '\n');
	while (id > first && id[-1] != ',')
		id--;
	size_t id_length = (size_t)(strchr(first, '\n') - id);
	ck_assert_uint_eq(id_length, 33);
	for (const char *line = first; *line != '\0';
	     line = strchr(line, '\n') + 1) {
		const char *end = strchr(line, '\n');
		ck_assert(end - line > (long)id_length);
		ck_assert_int_eq(memcmp(end - id_length, id, id_length), 0);
	}
	/* 43 rows x 2 backends, plus a Floor line on the 42 non-Lookup rows. */
	ck_assert_uint_eq(hu_count_lines(run.out), 1 + 43 * 2 + 42);
	ck_assert_ptr_nonnull(strstr(run.out, "\ntSendKeyDown,Send,,,KeyDown,"
	                                      "Plain,"));
	ck_assert_ptr_nonnull(strstr(run.out, "\ntLoadSplashIcons,Load,,,"
	                                      "SplashIcons,Floor,"));
	ck_assert_ptr_nonnull(strstr(run.out, "\ntLookup5Int32,Lookup,Int32,5,,"
	                                      "Plain,"));
	ck_assert_ptr_nonnull(strstr(run.out, "\ntFlatten5Int32,Flatten,Int32,5,"
	                                      ",Floor,"));
	ck_assert_ptr_null(strstr(run.out, "tLookup5Int32,Lookup,Int32,5,,Floor"));
	hu_capture_free(&run);

	run = hu_run(backends, 2, NULL, "--all", "--sizes", "5", SHORT_RUN, NULL);
	ck_assert_int_eq(run.status, 0);
	/* Header line, blank line, heading, rule, 17 rows, then the legend. */
	ck_assert_int_eq(strncmp(run.out, "Times in ns per operation: median of "
	                                  "2 samples", 46),
	                 0);
	const char *heading = strstr(run.out, "\n\n| Test ");
	ck_assert_ptr_nonnull(heading);
	ck_assert_str_eq(squeeze_line(heading + 2),
	                 "|Test|Plain|Twin|Floor|Winner|Haiku Winner|");
	ck_assert_ptr_nonnull(strstr(run.out, "\n| tCreate5Int32():"));
	ck_assert_ptr_nonnull(strstr(run.out, "\n| tLookup5Int32():"));
	ck_assert_ptr_nonnull(strstr(run.out, "\nFloor: one memcpy"));
	hu_capture_free(&run);

	run = hu_run(backends, 2, NULL, "--filter", "Read", "--sizes", "5",
	             SHORT_RUN, "--format", "text", "--unit", "us", NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_int_eq(strncmp(run.out, "Times in us per operation", 25), 0);
	const char *text_heading = strstr(run.out, "\n\nTest  ");
	ck_assert_ptr_nonnull(text_heading);
	ck_assert_int_eq(strncmp(strchr(text_heading + 2, '\n') - 13,
	                         " Haiku Winner\n", 14), 0);
	ck_assert_ptr_nonnull(strstr(run.out, "\ntRead5Int32  "));
	ck_assert_ptr_nonnull(strstr(run.out, "\ntRead5String  "));
	ck_assert_ptr_null(strstr(run.out, "|"));
	hu_capture_free(&run);
}
END_TEST

/* A run under GLIBC_TUNABLES says so in its table's first line, beside
 * the glibc they tune; a run without says nothing of them. */
START_TEST(tunables_are_named_in_the_table_header)
{
	const struct bm_ops *const backends[] = {&bench_test_plain_ops};
	ck_assert_int_eq(setenv("GLIBC_TUNABLES", "glibc.malloc.perturb=0", 1),
	                 0);
	struct bench_capture run = hu_run(backends, 1, NULL, "--filter",
	                                  "^tRead5Int32$", SHORT_RUN, NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_nonnull(strstr(run.out, ", glibc "));
	ck_assert_ptr_nonnull(strstr(run.out, " (GLIBC_TUNABLES=glibc.malloc."
	                                      "perturb=0), commit "));
	hu_capture_free(&run);
	/* A control character would break the line: the JSON keeps it. */
	ck_assert_int_eq(setenv("GLIBC_TUNABLES", "a\nb", 1), 0);
	run = hu_run(backends, 1, NULL, "--filter", "^tRead5Int32$", SHORT_RUN,
	             NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_nonnull(strstr(run.out, " (GLIBC_TUNABLES=(not printable; "
	                                      "see the JSON)), commit "));
	ck_assert_ptr_null(strstr(run.out, "a\nb"));
	hu_capture_free(&run);
	ck_assert_int_eq(unsetenv("GLIBC_TUNABLES"), 0);
	run = hu_run(backends, 1, NULL, "--filter", "^tRead5Int32$", SHORT_RUN,
	             NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_null(strstr(run.out, "GLIBC_TUNABLES"));
	hu_capture_free(&run);
}
END_TEST

/* A proposal has a "vs Winner" column: its median over the competing
 * backend's, which alone competes here, so the ratio is of the two cells. */
START_TEST(a_proposal_has_its_column_against_the_winner)
{
	const struct bm_ops *const backends[] = {bm_find_backend("Message4"),
	                                         bm_find_backend("Message5")};
	ck_assert_ptr_nonnull(backends[0]);
	ck_assert_ptr_nonnull(backends[1]);
	ck_assert_int_eq(bm_backend_kind(backends[1]), BM_KIND_PROPOSAL);
	struct bench_capture run = hu_run(backends, 2, NULL, "--filter",
	                                  "^tFlatten5Int32$", "--sizes", "5",
	                                  SHORT_RUN, "--format", "text", NULL);
	ck_assert_int_eq(run.status, 0);
	const char *heading = strstr(run.out, "\n\nTest  ");
	ck_assert_ptr_nonnull(heading);
	ck_assert_ptr_nonnull(strstr(heading, "Message5 vs Winner\n"));
	const char *row = strstr(run.out, "\ntFlatten5Int32  ");
	ck_assert_ptr_nonnull(row);
	double m4, m5, floor_time, ratio;
	char winner[32], haiku[32];
	ck_assert_int_eq(sscanf(row, " tFlatten5Int32 %lf %lf %lf %31s %31s "
	                             "%lfx",
	                        &m4, &m5, &floor_time, winner, haiku, &ratio),
	                 6);
	/* Message5 never wins: the only competitor is Message4. */
	ck_assert_str_eq(winner, "Message4");
	ck_assert_double_eq_tol(ratio, m5 / m4, 0.01 + 0.05 * ratio);
	hu_capture_free(&run);
}
END_TEST

/* Lists the names in dir (at most `capacity`); returns how many. */
static size_t
list_dir(const char *dir, char names[][64], size_t capacity)
{
	DIR *handle = opendir(dir);
	ck_assert_ptr_nonnull(handle);
	size_t count = 0;
	struct dirent *entry;
	while ((entry = readdir(handle)) != NULL) {
		if (strcmp(entry->d_name, ".") == 0 ||
		    strcmp(entry->d_name, "..") == 0)
			continue;
		if (count < capacity)
			snprintf(names[count], 64, "%.63s", entry->d_name);
		count++;
	}
	closedir(handle);
	return count;
}

/* The figures of a run beside two CPU-bound processes on two cores. */
static const struct bench_conditions loaded = {
	.load_start = {1.7, 1.0, 0.5},
	.load_end = {3.8, 2.0, 1.0},
	.busy_cores = 1.9,
	.wait_seconds = 1.2,
	.steal_seconds = 0,
	.cpu_seconds = 20,
	.mhz_start = -1,
	.mhz_end = -1,
	.wall_seconds = 10,
	.samples = 10000,
	.retaken = 2962,
	.kept_disturbed = 102,
};

START_TEST(a_run_records_what_it_competed_with)
{
	/* Quiet figures (hu_run's): the JSON has them and the verdict, the
	 * table's first line says it, and stderr stays empty. */
	const struct bm_ops *const backends[] = {&bench_test_plain_ops};
	struct bench_capture run = hu_run(backends, 1, NULL, "--filter",
	                                  "^tRead5Int32$", SHORT_RUN, "--format",
	                                  "json", NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	ck_assert_str_eq(run.err, "");
	json_t *root = parse_json(run.out);
	json_t *context = member(root, "context");
	json_t *conditions = member(context, "conditions");
	ck_assert_str_eq(string_member(conditions, "verdict"), "quiet");
	ck_assert(json_is_null(member(conditions, "reasons")));
	ck_assert_double_eq(number_member(conditions, "busy_cores"), 0.02);
	ck_assert_double_eq(number_member(conditions, "measured_seconds"), 10);
	ck_assert_int_eq(json_integer_value(member(conditions, "samples")),
	                 10000);
	ck_assert_double_eq(json_number_value(json_array_get(
	                            member(conditions, "load_avg_end"), 0)),
	                    0.2);
	ck_assert_double_eq(json_number_value(json_array_get(
	                            member(context, "load_avg"), 0)),
	                    0.1);
	ck_assert(json_is_null(member(conditions, "mhz_start")));
	json_decref(root);
	hu_capture_free(&run);

	run = hu_run(backends, 1, NULL, "--filter", "^tRead5Int32$", SHORT_RUN,
	             NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	const char *end = strchr(run.out, '\n');
	ck_assert_ptr_nonnull(end);
	ck_assert_int_eq(strncmp(end - 19, " The run was quiet.\n", 20), 0);
	hu_capture_free(&run);
}
END_TEST

START_TEST(a_disturbed_run_says_so_before_and_last)
{
	/* A busy machine is said before measuring, the disturbed run's
	 * figures in one warning line at the end; the run still exits 0 and
	 * its table's first line gives the reasons. */
	const struct bm_ops *const backends[] = {&bench_test_plain_ops};
	const struct hu_setting setting = {.conditions = &loaded};
	struct bench_capture run = hu_run_with(&setting, backends, 1,
	                                       "--filter", "^tRead5Int32$",
	                                       SHORT_RUN, NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	ck_assert_uint_eq(hu_count_lines(run.err), 2);
	ck_assert_int_eq(strncmp(run.err, "bench: the machine is busy: other "
	                                  "processes kept 1.9 of ", 44), 0);
	const char *last = strchr(run.err, '\n') + 1;
	ck_assert_int_eq(strncmp(last, "bench: warning: this run was "
	                               "disturbed: the process waited for a "
	                               "CPU 12.0% of the time; 29.6% of the "
	                               "samples were retaken; 102 samples", 127),
	                 0);
	ck_assert_ptr_nonnull(strstr(last, "load average 1.70 at the start, "
	                                   "3.80 at the end"));
	ck_assert_ptr_nonnull(strstr(last, "run it again on an idle machine"));
	const char *first_line_end = strchr(run.out, '\n');
	const char *said = strstr(run.out, " The run was disturbed: the "
	                                   "process waited");
	ck_assert(said != NULL && said < first_line_end);
	hu_capture_free(&run);
}
END_TEST

START_TEST(canonical_run_writes_latest_unless_given_out)
{
	/* The canonical run (default options) on one backend: with --out it
	 * writes that file only; without, results/latest.* as well. */
	const struct bm_ops *const backends[] = {&bench_test_plain_ops};
	char *dir = hu_make_temp_dir();
	ck_assert_ptr_nonnull(dir);
	char path[4096];
	snprintf(path, sizeof path, "%s/run.csv", dir);
	struct bench_capture run = hu_run(backends, 1, dir, "--all", "--format",
	                                  "csv", "--out", path, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_OK);
	char names[8][64];
	ck_assert_uint_eq(list_dir(dir, names, 8), 1);
	ck_assert_str_eq(names[0], "run.csv");
	hu_capture_free(&run);
	ck_assert_int_eq(remove(path), 0);

	run = hu_run(backends, 1, dir, "--all", "--format", "csv", NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_OK);
	ck_assert_uint_eq(list_dir(dir, names, 8), 3);
	static const char *const latest[] = {"latest.md", "latest.csv",
	                                     "latest.json", NULL};
	/* The three name one run: the JSON's run_id, the table's first
	 * line, the CSV's column. */
	char json_path[4096 + 16], why[4096];
	snprintf(json_path, sizeof json_path, "%s/latest.json", dir);
	struct bench_run_file file;
	ck_assert_msg(bench_run_file_load(json_path, BENCH_READ_MEASURED, &file,
	                                  why, sizeof why), "%s", why);
	ck_assert_ptr_nonnull(file.run_id);
	for (size_t i = 0; i < 2; i++) {
		char sibling[4096 + 16], id[64];
		snprintf(sibling, sizeof sibling, "%s/%s", dir, latest[i]);
		ck_assert_msg(bench_results_file_run(sibling, id, sizeof id, why,
		                                     sizeof why), "%s", why);
		ck_assert_str_eq(id, file.run_id);
	}
	ck_assert(bench_results_set_check(json_path, file.run_id, why,
	                                  sizeof why));
	bench_run_file_free(&file);
	hu_capture_free(&run);
	hu_remove_temp_dir(dir, latest);
}
END_TEST

/* The backends a results file lists, comma-separated. */
static void
listed_backends(const char *dir, const char *file, char *out, size_t size)
{
	char path[4096 + 64];
	snprintf(path, sizeof path, "%s/%s", dir, file);
	json_error_t error;
	json_t *root = json_load_file(path, 0, &error);
	ck_assert_msg(root != NULL, "%s: %s", path, error.text);
	out[0] = '\0';
	size_t i;
	json_t *backend;
	json_array_foreach(member(root, "backends"), i, backend) {
		size_t used = strlen(out);
		snprintf(out + used, size - used, "%s%s", i > 0 ? "," : "",
		         string_member(backend, "name"));
	}
	json_decref(root);
}

/* How many lines `stream` holds, the last into line[0..size); the stream
 * is left at its end for the next writes. */
static size_t
last_line(FILE *stream, char *line, size_t size)
{
	char text[8192];
	size_t count = 0;
	line[0] = '\0';
	fflush(stream);
	rewind(stream);
	while (fgets(text, sizeof text, stream) != NULL) {
		snprintf(line, size, "%s", text);
		count++;
	}
	fseek(stream, 0, SEEK_END);
	return count;
}

START_TEST(canonical_results_are_replaced_only_by_a_quiet_run_with_every_backend)
{
	/* harness/README.md §6.4 from a run's results to the files: the
	 * committed results hold Plain and Twin; a quiet run of Plain alone
	 * leaves them and writes its own to the aside folder (made for it),
	 * saying why in one line; forced, a disturbed one replaces them,
	 * saying why it would not have; then a quiet one of Plain replaces
	 * them without a word. A short run stands for the canonical one,
	 * whose options the canonical test above checks. */
	const struct bm_ops *const both[] = {&bench_test_plain_ops,
	                                     &bench_test_twin_ops};
	char *dir = hu_make_temp_dir(), *folder = hu_make_temp_dir();
	ck_assert(dir != NULL && folder != NULL);
	char committed[4096 + 16], aside[4096 + 16];
	snprintf(committed, sizeof committed, "%s/latest.json", dir);
	snprintf(aside, sizeof aside, "%s/last-run", folder);
	struct bench_capture run = hu_run(both, 2, NULL, "--filter",
	                                  "^tRead5Int32$", SHORT_RUN, "--format",
	                                  "json", "--out", committed, NULL);
	ck_assert_msg(run.status == 0, "%s", run.err);
	hu_capture_free(&run);
	char listed[256];
	listed_backends(dir, "latest.json", listed, sizeof listed);
	ck_assert_str_eq(listed, "Plain,Twin");

	char *argv[8];
	const char *const args[] = {"bench", "--filter", "^tRead5Int32$",
	                            SHORT_RUN, NULL};
	for (int i = 0; i < 7; i++)
		argv[i] = hu_copy(args[i]);
	argv[7] = NULL;
	struct bench_options options;
	char why[256];
	const char *const parsed_names[] = {both[0]->name};
	ck_assert_int_eq(bench_options_parse(&options, 7, argv, parsed_names, 1, why,
	                                     sizeof why),
	                 BENCH_EXIT_OK);
	struct bench_results results;
	ck_assert(bench_measure(&options, both, 1, false, stderr, &results));
	FILE *err = tmpfile();
	ck_assert_ptr_nonnull(err);
	const struct bench_program program = {
		.results_dir = dir, .aside_dir = aside, .err = err};

	results.run_verdict = BENCH_RUN_QUIET;
	ck_assert(bench_write_canonical(&program, &results, false));
	char said[8192], expected[8192];
	ck_assert_uint_eq(last_line(err, said, sizeof said), 1);
	snprintf(expected, sizeof expected, "bench: %s/latest.* not "
	         "replaced: it lacks Twin, which results/latest.json has; "
	         "this run's are in %s/ (--replace-results replaces them "
	         "anyway)\n", dir, aside);
	ck_assert_str_eq(said, expected);
	listed_backends(dir, "latest.json", listed, sizeof listed);
	ck_assert_str_eq(listed, "Plain,Twin");
	listed_backends(aside, "latest.json", listed, sizeof listed);
	ck_assert_str_eq(listed, "Plain");
	char names[8][64];
	ck_assert_uint_eq(list_dir(aside, names, 8), 3);
	ck_assert_uint_eq(list_dir(dir, names, 8), 1);

	results.run_verdict = BENCH_RUN_DISTURBED;
	snprintf(results.run_reasons, sizeof results.run_reasons,
	         "3.0%% of the samples were retaken");
	ck_assert(bench_write_canonical(&program, &results, true));
	ck_assert_uint_eq(last_line(err, said, sizeof said), 2);
	snprintf(expected, sizeof expected, "bench: %s/latest.* replaced, as "
	         "--replace-results asks, although the run was disturbed (3.0%% "
	         "of the samples were retaken); it lacks Twin, which "
	         "results/latest.json has\n", dir);
	ck_assert_str_eq(said, expected);
	listed_backends(dir, "latest.json", listed, sizeof listed);
	ck_assert_str_eq(listed, "Plain");
	ck_assert_uint_eq(list_dir(dir, names, 8), 3);

	results.run_verdict = BENCH_RUN_QUIET;
	ck_assert(bench_write_canonical(&program, &results, false));
	ck_assert_uint_eq(last_line(err, said, sizeof said), 2);
	fclose(err);
	bench_results_free(&results);
	bench_options_free(&options);
	for (int i = 0; i < 7; i++)
		free(argv[i]);

	/* --replace-results belongs to the canonical run alone. */
	run = hu_run(both, 2, dir, "--filter", "^tRead5Int32$",
	             "--replace-results", NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_USAGE);
	ck_assert_str_eq(run.err, "bench: --replace-results is for the "
	                          "canonical run only: --all with default "
	                          "options and no --out\n");
	hu_capture_free(&run);
	static const char *const latest[] = {"latest.md", "latest.csv",
	                                     "latest.json", NULL};
	static const char *const last_run[] = {"last-run", NULL};
	char *inner = hu_copy(aside);
	hu_remove_temp_dir(inner, latest);
	hu_remove_temp_dir(folder, last_run);
	hu_remove_temp_dir(dir, latest);
}
END_TEST

START_TEST(out_file_is_written_whole_and_nothing_else_is)
{
	const struct bm_ops *const backends[] = {&bench_test_plain_ops};
	char *dir = hu_make_temp_dir();
	ck_assert_ptr_nonnull(dir);
	char path[4096], blocker[4096];
	snprintf(path, sizeof path, "%s/run.json", dir);
	snprintf(blocker, sizeof blocker, "%s/taken", dir);

	/* A non-canonical run with --out: only that file appears, even with
	 * a results directory, and stdout stays empty. */
	struct bench_capture run = hu_run(backends, 1, dir, "--all", "--sizes",
	                                  "5", "--filter", "tRead5Int32",
	                                  SHORT_RUN, "--format", "json", "--out",
	                                  path, NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_str_eq(run.out, "");
	char names[8][64];
	ck_assert_uint_eq(list_dir(dir, names, 8), 1);
	ck_assert_str_eq(names[0], "run.json");
	json_error_t error;
	json_t *root = json_load_file(path, 0, &error);
	ck_assert_msg(root != NULL, "%s", error.text);
	ck_assert_uint_eq(json_array_size(member(root, "rows")), 1);
	json_decref(root);
	struct stat info;
	ck_assert_int_eq(stat(path, &info), 0);
	ck_assert_int_eq(info.st_mode & 0777, 0644);
	hu_capture_free(&run);

	/* A target that cannot be replaced (a directory): refused before the
	 * run as bad usage, in one line, and no temporary file left behind. */
	ck_assert_int_eq(mkdir(blocker, 0700), 0);
	run = hu_run(backends, 1, NULL, "--filter", "tRead5Int32", "--sizes",
	             "5", SHORT_RUN, "--out", blocker, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_USAGE);
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	ck_assert_ptr_nonnull(strstr(run.err, "is a directory"));
	ck_assert_uint_eq(list_dir(dir, names, 8), 2); /* run.json, taken */
	hu_capture_free(&run);
	rmdir(blocker);
	static const char *const files[] = {"run.json", NULL};
	hu_remove_temp_dir(dir, files);
}
END_TEST

START_TEST(sizes_beyond_2005_work)
{
	/* A size the 2005 table never had, on a few tests, validated. */
	const struct bm_ops *const backends[] = {&bench_test_plain_ops};
	struct bench_capture run = hu_run(backends, 1, NULL, "--filter",
	                                  "^t(Create|Read|UnflattenIndividual)"
	                                  "[0-9]+String",
	                                  "--sizes", "7000", "--repetitions", "1",
	                                  "--min-time", "0.01", "--format", "csv",
	                                  NULL);
	ck_assert_msg(run.status == 0, "%s", run.err);
	ck_assert_uint_eq(hu_count_lines(run.out), 1 + 3 * 2);
	ck_assert_ptr_nonnull(strstr(run.out, "\ntRead7000String,Read,String,7000,,"));
	hu_capture_free(&run);

	/* 7000 fields of Plain hold far more than a round's 256 KiB: each
	 * unflatten is a timed batch of its own, whatever the clock says. */
	run = hu_run(backends, 1, NULL, "--filter", "^tUnflattenIndividual[0-9]",
	             "--sizes", "7000", "--repetitions", "1", "--min-time",
	             "0.5", "--format", "json", NULL);
	ck_assert_msg(run.status == 0, "%s", run.err);
	json_t *root = parse_json(run.out);
	json_t *rows = member(root, "rows");
	ck_assert_uint_eq(json_array_size(rows), 2);
	for (size_t r = 0; r < 2; r++) {
		json_t *cell = member(member(json_array_get(rows, r), "cells"),
		                      "Plain");
		ck_assert_int_eq(json_integer_value(member(cell, "ops_per_sample")),
		                 json_integer_value(member(cell,
		                                           "rounds_per_sample")));
	}
	json_decref(root);
	hu_capture_free(&run);
}
END_TEST

START_TEST(samples_are_interleaved_in_a_shuffled_order)
{
	/*
	 * Create on two backends, 8 samples each. The add log has one entry
	 * per run of adds to one backend. Set-up (validation, counting,
	 * batch sizing) is one run per backend; then each round adds one
	 * sample of each. All of A's samples, then all of B's, would give 4
	 * runs; the same order every round 2 + 2 * 8 = 18; a shuffled order
	 * merges the runs where one round ends and the next begins with the
	 * same backend.
	 */
	const struct bm_ops *const backends[] = {&bench_test_logged_a_ops,
	                                         &bench_test_logged_b_ops};
	bench_test_add_log_reset();
	struct bench_capture run = hu_run(backends, 2, NULL, "--filter",
	                                  "^tCreate5Int32$", "--sizes", "5",
	                                  "--repetitions", "8", "--min-time",
	                                  "0.01", NULL);
	ck_assert_msg(run.status == 0, "%s", run.err);
	const struct bm_ops *const *log;
	size_t runs = bench_test_add_log(&log);
	ck_assert_msg(runs > 4 && runs < 18, "%zu runs of adds", runs);
	/* Set-up: A's, then B's. */
	ck_assert_ptr_eq(log[0], &bench_test_logged_a_ops);
	ck_assert_ptr_eq(log[1], &bench_test_logged_b_ops);
	for (size_t i = 1; i < runs; i++)
		ck_assert_ptr_ne(log[i], log[i - 1]);
	hu_capture_free(&run);
}
END_TEST

Suite *
make_harness_run_suite(void)
{
	Suite *suite = suite_create("harness_run");
	TCase *tc = tcase_create("harness_run");
	/* Whole runs; slow under valgrind. */
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, broken_flatten_fails_exactly_the_string_flat_cells);
	tcase_add_test(tc, capped_add_fails_exactly_the_big_one_field_cells);
	tcase_add_test(tc, broken_cells_show_err_in_the_table);
	tcase_add_test(tc, real_rows_read_a_dialect_through_its_backend);
	tcase_add_test(tc, an_operation_that_does_not_apply_is_n_a);
	tcase_add_test(tc, honest_run_exits_0_with_every_json_key);
	tcase_add_test(tc, a_library_column_follows_the_designs);
	tcase_add_test(tc, csv_md_and_text_have_one_line_per_row);
	tcase_add_test(tc, a_proposal_has_its_column_against_the_winner);
	tcase_add_test(tc, tunables_are_named_in_the_table_header);
	tcase_add_test(tc, out_file_is_written_whole_and_nothing_else_is);
	tcase_add_test(tc, a_run_records_what_it_competed_with);
	tcase_add_test(tc, a_disturbed_run_says_so_before_and_last);
	tcase_add_test(tc, canonical_run_writes_latest_unless_given_out);
	tcase_add_test(tc,
	               canonical_results_are_replaced_only_by_a_quiet_run_with_every_backend);
	tcase_add_test(tc, sizes_beyond_2005_work);
	tcase_add_test(tc, samples_are_interleaved_in_a_shuffled_order);
	suite_add_tcase(suite, tc);
	return suite;
}
