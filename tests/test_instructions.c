/*
 * test_instructions.c - regression tracking by instruction counts
 * (harness/README.md §5):
 *   compare         `bench compare` on constructed results files: the
 *                   thresholds (2 % and 20 instructions; 10 % for times;
 *                   --threshold), the order of the table, new, removed and
 *                   ERR cells, the notes on differing builds, and every
 *                   kind of unusable input with exit 2;
 *   read_callgrind  `bench read-callgrind` on constructed callgrind files:
 *                   figures, verdicts, and the checks that the dumps are
 *                   this run's, taken with collection off outside cells;
 *   modes           --measure instructions outside valgrind and --measure
 *                   cycles are not offered (exit 2);
 *   glibc_pin       the check that glibc took the pin of its CPU features
 *                   (glibc_pin.c, harness/README.md §5.4) on constructed
 *                   ld.so diagnostics: honoured, a feature left active, a
 *                   name glibc does not know, a threshold not taken, a
 *                   tunable it cannot check; `bench glibc-pin` and
 *                   read-callgrind's --glibc-diagnostics; compare's notes
 *                   with and without the same pin;
 *   callgrind       (plain builds only: valgrind cannot run a sanitized
 *                   program) the gate end to end, under valgrind: the probe
 *                   program (instructions_probe.c) measured twice gives
 *                   identical counts and compares clean; its copy of
 *                   Message4 with an extra loop in flatten makes the
 *                   comparison exit 3 naming exactly Message4's Flatten
 *                   and FlattenIndividual cells, every other count equal;
 *                   and under the pin, the probe counted with glibc's
 *                   cache sizes set to other values gives the same counts
 *                   to the instruction (while the check records the other
 *                   sizes).
 */
#include "suites.h"

#include "compare.h"
#include "glibc_pin.h"
#include "harness_backends.h"
#include "harness_util.h"
#include "instructions.h"
#include "options.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <valgrind/valgrind.h>

/* Any backend will do: the subcommands never run one. */
static const struct bm_ops *const some_backends[] = {&bench_test_plain_ops};

/* --- Files of a test ------------------------------------------------------------------- */

/* The temporary directory of the running test and the files made in it. */
static char *temp_dir;
static char *temp_names[64];
static size_t temp_count;

static void
set_up_temp(void)
{
	temp_dir = hu_make_temp_dir();
	ck_assert_ptr_nonnull(temp_dir);
	temp_count = 0;
}

static void
tear_down_temp(void)
{
	temp_names[temp_count] = NULL;
	hu_remove_temp_dir(temp_dir, (const char *const *)temp_names);
	for (size_t i = 0; i < temp_count; i++)
		free(temp_names[i]);
	temp_dir = NULL;
	temp_count = 0;
}

/* The path of `name` in the test's directory (static buffer per call
 * slot: callers copy what they keep). */
static char *
temp_path(const char *name)
{
	bool known = false;
	for (size_t i = 0; i < temp_count; i++)
		known = known || strcmp(temp_names[i], name) == 0;
	if (!known) {
		ck_assert_uint_lt(temp_count, 63);
		temp_names[temp_count++] = hu_copy(name);
	}
	size_t size = strlen(temp_dir) + strlen(name) + 2;
	char *path = malloc(size);
	ck_assert_ptr_nonnull(path);
	snprintf(path, size, "%s/%s", temp_dir, name);
	return path;
}

/* Writes text to `name` in the test's directory; returns the path. */
static char *
write_temp(const char *name, const char *text)
{
	char *path = temp_path(name);
	FILE *file = fopen(path, "w");
	ck_assert_ptr_nonnull(file);
	fputs(text, file);
	ck_assert_int_eq(fclose(file), 0);
	return path;
}

/* --- Constructed results files --------------------------------------------------------- */

/* A cell of a constructed file: a figure, or an ERR with its reason. */
struct fake_cell {
	const char *test;
	const char *backend;
	double median;
	const char *error;
};

/* A results document as bench writes it (schema 2), holding `cells`
 * grouped into rows by test in the order given; backends in the order
 * they first appear (the first of kind reference, the others Haiku
 * designs). Every row must hold every backend, as in a real run. With
 * `pending`, each cell names its callgrind dump instead of a figure, as a
 * --measure instructions run does before bench read-callgrind. */
static json_t *
results_document(const char *unit, const char *compiler,
                 const struct fake_cell *cells, size_t count, bool pending)
{
	json_t *root = json_object();
	json_object_set_new(root, "schema", json_integer(2));
	json_object_set_new(root, "unit", json_string(unit));
	json_t *context = json_pack(
		"{s:s, s:s, s:i, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s}", "date",
		"2026-01-01T00:00:00Z", "cpu", "AMD EPYC", "cores", 2, "compiler",
		compiler, "cflags", "-O3", "build_type", "Release", "git_commit",
		"0123456789ab", "glibc", "2.36", "version", "0.1.0", "measure",
		strcmp(unit, "ns") == 0 ? "time" : "instructions", "sanitize",
		"none");
	json_object_set_new(context, "options",
	                    json_pack("{s:b, s:i, s:f, s:i, s:b}", "all", 1,
	                              "repetitions", 15, "min_time_ms", 1.0,
	                              "seed", 2005, "quick", 0));
	json_object_set_new(root, "context", context);
	json_t *backends = json_array(), *rows = json_array();
	struct bench_test tests[128];
	size_t test_count = bench_matrix_build(bench_default_sizes, 4, tests);
	for (size_t i = 0; i < count; i++) {
		const char *backend = cells[i].backend;
		bool known = strcmp(backend, "Floor") == 0;
		for (size_t b = 0; b < json_array_size(backends); b++)
			known |= strcmp(json_string_value(json_object_get(
			                        json_array_get(backends, b), "name")),
			                backend) == 0;
		if (!known)
			json_array_append_new(
				backends,
				json_pack("{s:s, s:s, s:s, s:s}", "name", backend,
				          "kind",
				          json_array_size(backends) == 0 ? "reference"
				                                         : "haiku",
				          "format", "FOB1", "summary", "test"));
		json_t *row = NULL;
		for (size_t r = 0; r < json_array_size(rows); r++) {
			json_t *candidate = json_array_get(rows, r);
			if (strcmp(json_string_value(json_object_get(candidate,
			                                             "test")),
			           cells[i].test) == 0)
				row = candidate;
		}
		if (row == NULL) {
			const struct bench_test *test = NULL;
			for (size_t t = 0; t < test_count; t++)
				if (strcmp(tests[t].name, cells[i].test) == 0)
					test = &tests[t];
			ck_assert_msg(test != NULL, "%s: not a test of the matrix",
			              cells[i].test);
			row = json_pack(
				"{s:s, s:s, s:{s:s, s:I}, s:{}, s:n, s:n}", "test",
				test->name, "operation", bench_op_name(test->op),
				"workload", "type",
				bench_type_name(test->workload.type), "items",
				(json_int_t)test->workload.items, "cells", "winner",
				"haiku_winner");
			json_array_append_new(rows, row);
		}
		json_t *cell = json_object();
		if (cells[i].error != NULL) {
			json_object_set_new(cell, "error",
			                    json_string(cells[i].error));
		} else if (pending) {
			char dump[128];
			snprintf(dump, sizeof dump, "%s/%s", cells[i].test, backend);
			json_object_set_new(cell, "dump", json_string(dump));
			json_object_set_new(cell, "ops_per_sample",
			                    json_integer((json_int_t)cells[i].median));
		} else {
			json_object_set_new(cell, "median",
			                    json_real(cells[i].median));
			json_object_set_new(cell, "min", json_real(cells[i].median));
		}
		json_object_set_new(json_object_get(row, "cells"), backend, cell);
	}
	json_object_set_new(root, "backends", backends);
	json_object_set_new(root, "rows", rows);
	return root;
}

/* Writes results_document(...) to temp/`name`; returns its path. */
static char *
write_document(const char *name, json_t *root)
{
	char *text = json_dumps(root, JSON_INDENT(1));
	json_decref(root);
	char *path = write_temp(name, text);
	free(text);
	return path;
}

static char *
write_results(const char *name, const char *unit, const char *compiler,
              const struct fake_cell *cells, size_t count)
{
	return write_document(name, results_document(unit, compiler, cells,
	                                             count, false));
}

static struct bench_capture
compare(const char *baseline, const char *current, const char *option,
        const char *value)
{
	return hu_run(some_backends, 1, NULL, "compare", baseline, current,
	              option, value, NULL);
}

/* The cells the table marks with `status`, as "test/backend" lines in
 * table order, joined by newlines. */
static char *
cells_marked(const char *table, const char *status)
{
	size_t size = strlen(table) + 1;
	char *found = calloc(size, 1);
	ck_assert_ptr_nonnull(found);
	const char *line = table;
	while (*line != '\0') {
		const char *end = strchr(line, '\n');
		size_t length = end != NULL ? (size_t)(end - line) : strlen(line);
		char first[32], test[64], backend[64];
		char copy[512];
		if (length < sizeof copy) {
			memcpy(copy, line, length);
			copy[length] = '\0';
			if (sscanf(copy, "%31s %63s %63s", first, test, backend) == 3 &&
			    strcmp(first, status) == 0) {
				strcat(found, test);
				strcat(found, "/");
				strcat(found, backend);
				strcat(found, "\n");
			}
		}
		line += length + (end != NULL ? 1 : 0);
	}
	return found;
}

static void
assert_marked(const char *table, const char *status, const char *expected)
{
	char *found = cells_marked(table, status);
	ck_assert_msg(strcmp(found, expected) == 0,
	              "%s cells:\n%s\nexpected:\n%s\ntable:\n%s", status, found,
	              expected, table);
	free(found);
}

/* --- compare ----------------------------------------------------------------------------- */

START_TEST(same_file_exits_0_listing_every_cell)
{
	set_up_temp();
	const struct fake_cell cells[] = {
		{"tCreate5Int32", "R5", 1000, NULL},
		{"tCreate5Int32", "Message4", 2000, NULL},
		{"tCreate5Int32", "Floor", 20, NULL},
	};
	char *path = write_results("a.json", "instructions", "GCC 12.2.0", cells, 3);
	struct bench_capture run = compare(path, path, NULL, NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	assert_marked(run.out, "ok",
	              "tCreate5Int32/R5\ntCreate5Int32/Message4\n"
	              "tCreate5Int32/Floor\n");
	ck_assert_ptr_nonnull(strstr(run.out, "0 of 3 cells regressed"));
	ck_assert_ptr_null(strstr(run.out, "note:"));
	ck_assert_str_eq(run.err, "");
	hu_capture_free(&run);
	free(path);
	tear_down_temp();
}
END_TEST

START_TEST(instructions_regress_beyond_2_percent_and_20_instructions)
{
	set_up_temp();
	const struct fake_cell before[] = {
		{"tCreate5Int32", "A", 1000, NULL}, /* +21 = 2.1 %: regressed */
		{"tCreate5Int32", "B", 1000, NULL}, /* +20 = 2.0 %: within */
		{"tCreate50Int32", "A", 100, NULL},  /* +19 = 19 %: under 20 instructions */
		{"tCreate50Int32", "B", 100, NULL},  /* +21 = 21 %: regressed, the largest */
		{"tCreate500Int32", "A", 5000, NULL}, /* -200: improved */
		{"tCreate500Int32", "B", 5000, NULL},
	};
	const struct fake_cell after[] = {
		{"tCreate5Int32", "A", 1021, NULL},
		{"tCreate5Int32", "B", 1020, NULL},
		{"tCreate50Int32", "A", 119, NULL},
		{"tCreate50Int32", "B", 121, NULL},
		{"tCreate500Int32", "A", 4800, NULL},
		{"tCreate500Int32", "B", 5000, NULL},
	};
	char *a = write_results("a.json", "instructions", "GCC 12.2.0", before, 6);
	char *b = write_results("b.json", "instructions", "GCC 12.2.0", after, 6);
	struct bench_capture run = compare(a, b, NULL, NULL);
	ck_assert_msg(run.status == BENCH_EXIT_REGRESSED, "exit %d: %s",
	              run.status, run.err);
	/* Regressions first, the largest relative growth first. */
	assert_marked(run.out, "REGRESSED", "tCreate50Int32/B\ntCreate5Int32/A\n");
	assert_marked(run.out, "ok", "tCreate50Int32/A\ntCreate5Int32/B\n"
	                             "tCreate500Int32/B\n");
	assert_marked(run.out, "improved", "tCreate500Int32/A\n");
	ck_assert(strstr(run.out, "REGRESSED") < strstr(run.out, "\nok "));
	ck_assert(strstr(run.out, "\nok ") < strstr(run.out, "improved"));
	ck_assert_ptr_nonnull(strstr(run.out, "+21.0%"));
	ck_assert_ptr_nonnull(strstr(run.err, "2 cells regressed"));
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	hu_capture_free(&run);

	/* --threshold moves the percentage; the 20 instructions stay. */
	run = compare(a, b, "--threshold", "25");
	ck_assert_int_eq(run.status, 0);
	assert_marked(run.out, "REGRESSED", "");
	hu_capture_free(&run);
	run = compare(a, b, "--threshold=0", NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_REGRESSED);
	assert_marked(run.out, "REGRESSED", "tCreate50Int32/B\ntCreate5Int32/A\n");
	hu_capture_free(&run);
	free(a);
	free(b);
	tear_down_temp();
}
END_TEST

START_TEST(times_regress_beyond_10_percent)
{
	set_up_temp();
	const struct fake_cell before[] = {
		{"tCreate5Int32", "A", 100, NULL},
		{"tCreate5Int32", "B", 100, NULL},
		{"tCreate5Int32", "C", 4, NULL},
	};
	const struct fake_cell after[] = {
		{"tCreate5Int32", "A", 109, NULL}, /* within 10 % */
		{"tCreate5Int32", "B", 111, NULL}, /* beyond */
		{"tCreate5Int32", "C", 5, NULL},   /* +25 %: no absolute floor for times */
	};
	char *a = write_results("a.json", "ns", "GCC 12.2.0", before, 3);
	char *b = write_results("b.json", "ns", "GCC 12.2.0", after, 3);
	struct bench_capture run = compare(a, b, NULL, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_REGRESSED);
	assert_marked(run.out, "REGRESSED", "tCreate5Int32/C\ntCreate5Int32/B\n");
	assert_marked(run.out, "ok", "tCreate5Int32/A\n");
	hu_capture_free(&run);
	run = compare(a, b, "--threshold", "30%");
	ck_assert_int_eq(run.status, 0);
	hu_capture_free(&run);
	free(a);
	free(b);
	tear_down_temp();
}
END_TEST

START_TEST(new_and_removed_cells_fail_unless_allowed)
{
	set_up_temp();
	const struct fake_cell before[] = {
		{"tCreate5Int32", "A", 100, NULL},
		{"tCreate5Int32", "Old", 100, NULL},
		{"tRead5Int32", "A", 100, NULL},
		{"tRead5Int32", "Old", 100, NULL},
	};
	const struct fake_cell after[] = {
		{"tCreate5Int32", "A", 100, NULL},
		{"tCreate5Int32", "Sixth", 900, NULL},
		{"tRead50Int32", "A", 100, NULL},
		{"tRead50Int32", "Sixth", 100, NULL},
	};
	char *a = write_results("a.json", "instructions", "GCC 12.2.0", before, 4);
	char *b = write_results("b.json", "instructions", "GCC 12.2.0", after, 4);
	struct bench_capture run = compare(a, b, NULL, NULL);
	ck_assert_msg(run.status == BENCH_EXIT_CELLS_CHANGED, "exit %d: %s",
	              run.status, run.err);
	assert_marked(run.out, "new",
	              "tCreate5Int32/Sixth\ntRead50Int32/A\n"
	              "tRead50Int32/Sixth\n");
	assert_marked(run.out, "removed",
	              "tCreate5Int32/Old\ntRead5Int32/A\ntRead5Int32/Old\n");
	assert_marked(run.out, "ok", "tCreate5Int32/A\n");
	/* In a section of their own, after the compared cells. */
	const char *section = strstr(run.out, "Cells in one file only");
	ck_assert_ptr_nonnull(section);
	ck_assert(strstr(run.out, "\nok ") < section);
	ck_assert(section < strstr(run.out, "\nnew "));
	ck_assert(strstr(run.out, "\nnew ") < strstr(run.out, "\nremoved "));
	ck_assert_ptr_nonnull(strstr(run.out, "3 new, 3 removed"));
	ck_assert_ptr_nonnull(strstr(run.err, "--allow-new"));
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	hu_capture_free(&run);

	run = compare(a, b, "--allow-new", NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	ck_assert_ptr_nonnull(strstr(run.out, "allowed by --allow-new"));
	ck_assert_ptr_null(strstr(run.out, "not run"));
	ck_assert_str_eq(run.err, "");
	hu_capture_free(&run);
	/* A regression is more serious than a new cell. */
	const struct fake_cell slower[] = {
		{"tCreate5Int32", "A", 200, NULL},
		{"tCreate5Int32", "Sixth", 900, NULL},
		{"tRead50Int32", "A", 100, NULL},
		{"tRead50Int32", "Sixth", 100, NULL},
	};
	char *c = write_results("c.json", "instructions", "GCC 12.2.0", slower, 4);
	run = compare(a, c, NULL, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_REGRESSED);
	hu_capture_free(&run);
	free(a);
	free(b);
	free(c);
	tear_down_temp();
}
END_TEST

START_TEST(cells_of_backends_not_built_are_not_run)
{
	/* A baseline with an original, a current run whose build lacked its
	 * Haiku tree: its cells are "not run", listed, and pass the gate; a
	 * backend merely missing is still "removed". */
	set_up_temp();
	const struct fake_cell before[] = {
		{"tCreate5Int32", "A", 100, NULL},
		{"tCreate5Int32", "Gone", 100, NULL},
		{"tCreate5Int32", "Haiku-original", 300, NULL},
	};
	const struct fake_cell after[] = {{"tCreate5Int32", "A", 100, NULL}};
	char *a = write_results("a.json", "instructions", "GCC", before, 3);
	json_t *root = results_document("instructions", "GCC", after, 1, false);
	json_object_set_new(json_object_get(root, "context"), "skipped_backends",
	                    json_pack("[{s:s, s:s}]", "name", "Haiku-original",
	                              "why", "no -DBENCH_HAIKU_TREE given"));
	char *b = write_document("b.json", root);
	struct bench_capture run = compare(a, b, NULL, NULL);
	ck_assert_msg(run.status == BENCH_EXIT_CELLS_CHANGED, "exit %d: %s",
	              run.status, run.err);
	assert_marked(run.out, "removed", "tCreate5Int32/Gone\n");
	assert_marked(run.out, "not-run", "tCreate5Int32/Haiku-original\n");
	ck_assert_ptr_nonnull(strstr(run.out, "Haiku-original"));
	ck_assert_ptr_nonnull(strstr(run.out, "1 cells of backends the current "
	                                      "build does not have were not run"));
	hu_capture_free(&run);
	/* Only the not-run cell: the gate passes. */
	const struct fake_cell kept[] = {
		{"tCreate5Int32", "A", 100, NULL},
		{"tCreate5Int32", "Haiku-original", 300, NULL},
	};
	char *c = write_results("c.json", "instructions", "GCC", kept, 2);
	run = compare(c, b, NULL, NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	ck_assert_ptr_nonnull(strstr(run.out, "not built here"));
	hu_capture_free(&run);
	free(a);
	free(b);
	free(c);
	tear_down_temp();
}
END_TEST

START_TEST(err_in_current_exits_1_even_with_regressions)
{
	set_up_temp();
	const struct fake_cell before[] = {
		{"tCreate5Int32", "A", 100, NULL},
		{"tCreate5Int32", "B", 100, NULL},
		{"tCreate5Int32", "C", 0, "before timing: broken"},
	};
	const struct fake_cell after[] = {
		{"tCreate5Int32", "A", 0, "after the counted sample: wrong item 3"},
		{"tCreate5Int32", "B", 500, NULL},
		{"tCreate5Int32", "C", 100, NULL},
	};
	char *a = write_results("a.json", "instructions", "GCC 12.2.0", before, 3);
	char *b = write_results("b.json", "instructions", "GCC 12.2.0", after, 3);
	struct bench_capture run = compare(a, b, NULL, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_FAILED);
	assert_marked(run.out, "ERR", "tCreate5Int32/A\n");
	assert_marked(run.out, "REGRESSED", "tCreate5Int32/B\n");
	assert_marked(run.out, "fixed", "tCreate5Int32/C\n");
	ck_assert(strstr(run.out, "\nERR ") < strstr(run.out, "REGRESSED"));
	ck_assert_ptr_nonnull(strstr(run.out, "tCreate5Int32/A failed: after the counted "
	                                      "sample: wrong item 3"));
	ck_assert_ptr_nonnull(strstr(run.err, "1 ERR cell"));
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	hu_capture_free(&run);

	/* An ERR only in the baseline does not fail the gate. */
	run = compare(b, a, NULL, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_FAILED); /* a has ERR in C */
	hu_capture_free(&run);
	const struct fake_cell fine[] = {
		{"tCreate5Int32", "A", 100, NULL},
		{"tCreate5Int32", "B", 500, NULL},
		{"tCreate5Int32", "C", 100, NULL},
	};
	char *c = write_results("c.json", "instructions", "GCC 12.2.0", fine, 3);
	run = compare(b, c, NULL, NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	assert_marked(run.out, "fixed", "tCreate5Int32/A\n");
	hu_capture_free(&run);
	free(a);
	free(b);
	free(c);
	tear_down_temp();
}
END_TEST

START_TEST(a_different_build_is_noted_above_the_table)
{
	set_up_temp();
	const struct fake_cell cells[] = {{"tCreate5Int32", "A", 100, NULL}};
	char *a = write_results("a.json", "instructions", "GCC 12.2.0", cells, 1);
	char *b = write_results("b.json", "instructions", "clang 14.0.6", cells, 1);
	struct bench_capture run = compare(a, b, NULL, NULL);
	ck_assert_int_eq(run.status, 0);
	const char *note = strstr(run.out, "note: the compiler differs: "
	                                   "baseline \"GCC 12.2.0\", current "
	                                   "\"clang 14.0.6\"");
	ck_assert_msg(note != NULL, "%s", run.out);
	ck_assert(note < strstr(run.out, "status"));
	ck_assert_ptr_null(strstr(run.out, "glibc differs"));
	hu_capture_free(&run);
	free(a);
	free(b);
	tear_down_temp();
}
END_TEST

/* Runs compare and expects exit `status` with one line on stderr holding
 * `words`. */
static void
expect_refused(int status, const char *a, const char *b, const char *option,
               const char *value, const char *words)
{
	struct bench_capture run = compare(a, b, option, value);
	ck_assert_msg(run.status == status, "exit %d for %s: %s",
	              run.status, words, run.err);
	ck_assert_msg(strstr(run.err, words) != NULL, "'%s' not in: %s", words,
	              run.err);
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	ck_assert_str_eq(run.out, "");
	hu_capture_free(&run);
}

START_TEST(unusable_input_exits_1_and_bad_usage_2_saying_why)
{
	set_up_temp();
	const struct fake_cell cells[] = {{"tCreate5Int32", "A", 100, NULL}};
	char *good = write_results("good.json", "instructions", "GCC", cells, 1);
	char *times = write_results("times.json", "ns", "GCC", cells, 1);
	char *odd = write_document("odd.json", results_document("furlongs", "GCC",
	                                                        cells, 1, false));
	char *broken = write_temp("broken.json", "{\"schema\": 1, \"rows\": [");
	char *other = write_temp("other.json", "{\"schema\": 2, \"unit\": "
	                                       "\"ns\", \"rows\": []}");
	char *future = write_temp("future.json", "{\"schema\": 3, \"unit\": "
	                                        "\"ns\"}");
	json_t *pending_run = results_document("instructions", "GCC", cells, 1,
	                                       true);
	char *pending = write_document("pending.json", pending_run);
	char *missing = temp_path("missing.json");
	const int failed = BENCH_EXIT_FAILED, usage = BENCH_EXIT_USAGE;
	expect_refused(failed, good, broken, NULL, NULL, "line 1");
	expect_refused(failed, broken, good, NULL, NULL, "broken.json");
	expect_refused(failed, good, times, NULL, NULL, "different units");
	expect_refused(failed, odd, odd, NULL, NULL,
	               "unit: not \"ns\" or \"instructions\"");
	expect_refused(failed, good, other, NULL, NULL, "context: missing");
	expect_refused(failed, good, future, NULL, NULL,
	               "not a schema this bench reads");
	expect_refused(failed, good, pending, NULL, NULL, "not yet read");
	expect_refused(failed, good, missing, NULL, NULL, "missing.json");
	expect_refused(usage, good, good, "--threshold", "much", "--threshold");
	expect_refused(usage, good, good, "--threshold", "-1", "--threshold");
	expect_refused(usage, good, good, "--frobnicate", NULL,
	               "unexpected argument");
	expect_refused(usage, good, NULL, NULL, NULL, "usage: bench compare");
	free(good);
	free(times);
	free(odd);
	free(broken);
	free(other);
	free(future);
	free(pending);
	free(missing);
	tear_down_temp();
}
END_TEST

START_TEST(a_schema_1_baseline_is_read)
{
	/* A baseline written before backend kinds and workloads: "haiku"
	 * per backend, "op", "items" and "type" per row. */
	set_up_temp();
	const struct fake_cell cells[] = {
		{"tCreate5Int32", "A", 100, NULL},
		{"tCreate5Int32", "B", 200, NULL},
	};
	json_t *root = results_document("instructions", "GCC", cells, 2, false);
	json_object_set_new(root, "schema", json_integer(1));
	size_t index;
	json_t *entry;
	json_array_foreach(json_object_get(root, "backends"), index, entry) {
		json_object_set_new(entry, "haiku", json_boolean(index > 0));
		json_object_del(entry, "kind");
	}
	json_array_foreach(json_object_get(root, "rows"), index, entry) {
		json_t *workload = json_object_get(entry, "workload");
		json_object_set(entry, "type", json_object_get(workload, "type"));
		json_object_set(entry, "items", json_object_get(workload, "items"));
		json_object_set(entry, "op", json_object_get(entry, "operation"));
		json_object_del(entry, "workload");
		json_object_del(entry, "operation");
	}
	char *old = write_document("old.json", root);
	char *now = write_results("now.json", "instructions", "GCC", cells, 2);
	struct bench_capture run = compare(old, now, NULL, NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	assert_marked(run.out, "ok", "tCreate5Int32/A\ntCreate5Int32/B\n");
	ck_assert_ptr_nonnull(strstr(run.out, "0 new, 0 removed"));
	hu_capture_free(&run);
	free(old);
	free(now);
	tear_down_temp();
}
END_TEST

/* --- read-callgrind ------------------------------------------------------------------------ */

/* One dump in callgrind's format (the header lines read-callgrind uses,
 * and a line of the call graph); `events` and `summary` as callgrind
 * writes them. */
static void
append_dump(char *text, size_t size, int part, const char *name,
            const char *events, const char *summary)
{
	size_t used = strlen(text);
	snprintf(text + used, size - used,
	         "%s"
	         "version: 1\ncreator: callgrind-3.19.0\npid: 4242\n"
	         "cmd:  build/bench --measure instructions\npart: %d\n\n\n"
	         "desc: I1 cache: \ndesc: Timerange: Basic block 0 - 10\n"
	         "desc: Trigger: Client Request: %s\n\n"
	         "positions: line\nevents: %s\nsummary: %s\n\n\n"
	         "fn=(1) main\n0 %s\n\ntotals: %s\n",
	         part == 1 ? "# callgrind format\n" : "", part, name, events,
	         summary, summary, summary);
}

static char *
write_dump(const char *file, const char *name, const char *events,
           const char *summary)
{
	char text[2048] = "";
	append_dump(text, sizeof text, 1, name, events, summary);
	return write_temp(file, text);
}

/* A --measure instructions run as bench writes it under callgrind: two
 * tests, backends A (reference) and H, I (Haiku); the figures given are
 * each cell's ops_per_sample. */
static char *
write_pending_run(const char *name)
{
	const struct fake_cell cells[] = {
		{"tCreate5Int32", "A", 10, NULL},
		{"tCreate5Int32", "H", 10, NULL},
		{"tCreate5Int32", "I", 0, "before timing: broken"},
		{"tCreate5Int32", "Floor", 10, NULL},
		{"tCreate50Int32", "A", 4, NULL},
		{"tCreate50Int32", "H", 4, NULL},
		{"tCreate50Int32", "I", 4, NULL},
	};
	return write_document(name,
	                      results_document("instructions", "GCC", cells,
	                                       sizeof cells / sizeof cells[0],
	                                       true));
}

static json_t *
load(const char *text)
{
	json_error_t error;
	json_t *root = json_loads(text, 0, &error);
	ck_assert_msg(root != NULL, "invalid JSON: %s", error.text);
	return root;
}

static json_t *
cell_of(json_t *root, size_t row, const char *backend)
{
	json_t *cell = json_object_get(
		json_object_get(json_array_get(json_object_get(root, "rows"), row),
		                "cells"),
		backend);
	ck_assert_ptr_nonnull(cell);
	return cell;
}

static const char *
row_text(json_t *root, size_t row, const char *key)
{
	return json_string_value(json_object_get(
		json_array_get(json_object_get(root, "rows"), row), key));
}

START_TEST(dumps_become_figures_and_verdicts)
{
	set_up_temp();
	char *run_path = write_pending_run("run.json");
	/* One file per dump, as callgrind writes them, and one file holding
	 * several (--combine-dumps=yes), with more events than Ir. */
	free(write_dump("callgrind.out.1.1", BENCH_CALLGRIND_PROBE, "Ir", "0"));
	free(write_dump("callgrind.out.1.2", "tCreate5Int32/A", "Ir", "1000"));
	free(write_dump("callgrind.out.1.3", "tCreate5Int32/H", "Ir", "1015"));
	char combined[4096] = "";
	append_dump(combined, sizeof combined, 1, "tCreate5Int32/Floor", "Dr Ir", "7 200");
	append_dump(combined, sizeof combined, 2, "tCreate50Int32/A", "Dr Ir", "9 400");
	append_dump(combined, sizeof combined, 3, "tCreate50Int32/H", "Dr Ir", "9 800");
	append_dump(combined, sizeof combined, 4, "tCreate50Int32/I", "Dr Ir", "9 600");
	free(write_temp("callgrind.out.2", combined));
	free(write_temp("unrelated.txt", "not read"));

	struct bench_capture run = hu_run(some_backends, 1, NULL,
	                                  "read-callgrind", run_path, temp_dir,
	                                  NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	json_t *root = load(run.out);
	ck_assert_str_eq(json_string_value(json_object_get(root, "unit")),
	                 "instructions");
	json_t *a = cell_of(root, 0, "A");
	ck_assert_double_eq(json_number_value(json_object_get(a, "median")),
	                    100.0);
	ck_assert_double_eq(json_number_value(json_object_get(a, "min")), 100.0);
	ck_assert_double_eq(json_number_value(json_object_get(a, "mad")), 0.0);
	ck_assert_int_eq(json_integer_value(json_object_get(a, "instructions")),
	                 1000);
	ck_assert_uint_eq(json_array_size(json_object_get(a, "samples")), 1);
	ck_assert_ptr_null(json_object_get(a, "dump"));
	ck_assert_double_eq(json_number_value(json_object_get(
		cell_of(root, 0, "Floor"), "median")), 20.0);
	ck_assert_ptr_nonnull(json_object_get(cell_of(root, 0, "I"), "error"));
	ck_assert_double_eq(json_number_value(json_object_get(
		cell_of(root, 1, "H"), "median")), 200.0);
	/* tCreate5Int32: A 100, H 101.5: within 2 %, a tie; H is the only Haiku cell
	 * (I failed). tCreate50Int32: A 100 wins; Haiku: I 150 beats H 200. */
	ck_assert_str_eq(row_text(root, 0, "winner"), "-");
	ck_assert_str_eq(row_text(root, 0, "haiku_winner"), "H");
	ck_assert_str_eq(row_text(root, 1, "winner"), "A");
	ck_assert_str_eq(row_text(root, 1, "haiku_winner"), "I");
	json_t *context = json_object_get(root, "context");
	ck_assert_str_eq(json_string_value(json_object_get(context,
	                                                   "callgrind")),
	                 "callgrind-3.19.0");
	json_decref(root);
	hu_capture_free(&run);

	/* --out writes the same to a file. */
	char *out = temp_path("final.json");
	run = hu_run(some_backends, 1, NULL, "read-callgrind", run_path,
	             temp_dir, "--out", out, NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_str_eq(run.out, "");
	json_error_t error;
	root = json_load_file(out, 0, &error);
	ck_assert_ptr_nonnull(root);
	json_decref(root);
	hu_capture_free(&run);
	free(out);
	free(run_path);
	tear_down_temp();
}
END_TEST

/* Runs read-callgrind on the pending run and `dumps`, expecting exit 1
 * with one line holding `words`. */
static void
expect_unreadable(const char *run_path, const char *const *dumps,
                  const char *words)
{
	struct bench_capture run = hu_run(some_backends, 1, NULL,
	                                  "read-callgrind", run_path, dumps[0],
	                                  dumps[1], NULL);
	ck_assert_msg(run.status == BENCH_EXIT_FAILED, "exit %d for %s: %s",
	              run.status, words, run.err);
	ck_assert_msg(strstr(run.err, words) != NULL, "'%s' not in: %s", words,
	              run.err);
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	hu_capture_free(&run);
}

START_TEST(wrong_dumps_are_refused)
{
	set_up_temp();
	char *run_path = write_pending_run("run.json");
	char *probe = write_dump("probe", BENCH_CALLGRIND_PROBE, "Ir", "0");
	char *counted = write_dump("counted", BENCH_CALLGRIND_PROBE, "Ir", "91");
	char text[8192] = "";
	const char *names[] = {"tCreate5Int32/A", "tCreate5Int32/H", "tCreate5Int32/Floor", "tCreate50Int32/A",
	                       "tCreate50Int32/H", "tCreate50Int32/I"};
	for (int i = 0; i < 6; i++)
		append_dump(text, sizeof text, i + 1, names[i], "Ir", "100");
	char *cells = write_temp("cells", text);
	text[0] = '\0';
	for (int i = 0; i < 5; i++)
		append_dump(text, sizeof text, i + 1, names[i], "Ir", "100");
	char *short_of_one = write_temp("short", text);
	char *not_callgrind = write_temp("notes", "hello\n");
	char *no_ir = write_dump("no_ir", "tCreate5Int32/A", "Dr Dw", "1 2");
	const struct fake_cell timed[] = {{"tCreate5Int32", "A", 10, NULL}};
	char *time_run = write_results("time.json", "ns", "GCC", timed, 1);
	char *missing = temp_path("missing");

	const char *const without_probe[] = {cells, NULL};
	expect_unreadable(run_path, without_probe, "no dump named 'bench:");
	const char *const collected[] = {counted, cells};
	expect_unreadable(run_path, collected, "--collect-atstart=no");
	const char *const short_run[] = {probe, short_of_one};
	expect_unreadable(run_path, short_run, "no callgrind dump named "
	                                       "'tCreate50Int32/I'");
	const char *const twice[] = {cells, cells};
	expect_unreadable(run_path, twice, "appears twice");
	const char *const foreign[] = {probe, not_callgrind};
	expect_unreadable(run_path, foreign, "not a callgrind output file");
	const char *const without_ir[] = {probe, no_ir};
	expect_unreadable(run_path, without_ir, "no Ir among the events");
	const char *const absent[] = {probe, missing};
	expect_unreadable(run_path, absent, "missing");
	const char *const fine[] = {probe, cells};
	expect_unreadable(time_run, fine, "not a --measure instructions run");

	/* Read twice: the cells have their figures and no dump names. */
	struct bench_capture run = hu_run(some_backends, 1, NULL,
	                                  "read-callgrind", run_path, probe,
	                                  cells, "--out", run_path, NULL);
	ck_assert_msg(run.status == 0, "%s", run.err);
	hu_capture_free(&run);
	expect_unreadable(run_path, fine, "already read");

	run = hu_run(some_backends, 1, NULL, "read-callgrind", run_path, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(run.err, "usage: bench read-callgrind"));
	hu_capture_free(&run);
	free(run_path);
	free(probe);
	free(counted);
	free(cells);
	free(short_of_one);
	free(not_callgrind);
	free(no_ir);
	free(time_run);
	free(missing);
	tear_down_temp();
}
END_TEST

/* --- modes ------------------------------------------------------------------------------------ */

START_TEST(instructions_outside_valgrind_say_how_to_run_them)
{
	/* Under valgrind (a memcheck run of the tests) this mode would run. */
	if (RUNNING_ON_VALGRIND)
		return;
	struct bench_capture run = hu_run(some_backends, 1, NULL, "--measure",
	                                  "instructions", "--filter",
	                                  "^tCreate5Int32$", NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_USAGE);
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	ck_assert_ptr_nonnull(strstr(run.err, "scripts/bench-instructions"));
	ck_assert_ptr_nonnull(strstr(run.err, "--collect-atstart=no"));
	ck_assert_str_eq(run.out, "");
	hu_capture_free(&run);
}
END_TEST

START_TEST(cycles_are_not_offered)
{
	/* Hardware counters are not read: the option is refused like any
	 * unknown measure, and --help does not offer it. */
	struct bench_capture run = hu_run(some_backends, 1, NULL, "--measure",
	                                  "cycles", "--filter",
	                                  "^tCreate5Int32$", NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_USAGE);
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	ck_assert_ptr_nonnull(strstr(run.err, "'cycles' is not time or "
	                                      "instructions"));
	ck_assert_str_eq(run.out, "");
	hu_capture_free(&run);
	run = hu_run(some_backends, 1, NULL, "--help", NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_OK);
	ck_assert_ptr_null(strstr(run.out, "cycles"));
	hu_capture_free(&run);
}
END_TEST

START_TEST(instruction_mode_options)
{
	struct bench_capture run = hu_run(some_backends, 1, NULL, "--measure",
	                                  "instructions", "--all", "--format",
	                                  "md", NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(run.err, "writes JSON only"));
	hu_capture_free(&run);
	run = hu_run(some_backends, 1, NULL, "--measure", "seconds", "--all",
	             NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(run.err, "is not time or instructions"));
	hu_capture_free(&run);

	/* JSON by default, never the canonical run, a fixed operation count
	 * (one cycle for Lookup). */
	char program[] = "bench", all[] = "--all", measure[] = "--measure",
	     instructions[] = "instructions";
	char *argv[] = {program, all, measure, instructions, NULL};
	struct bench_options options;
	char why[256];
	ck_assert_int_eq(bench_options_parse(&options, 4, argv, some_backends,
	                                     1, why, sizeof why),
	                 0);
	ck_assert_int_eq(options.measure, BENCH_MEASURE_INSTRUCTIONS);
	ck_assert_int_eq(options.format, BENCH_FORMAT_JSON);
	ck_assert(!bench_options_canonical(&options));
	bench_options_free(&options);
	struct bench_test lookup = {.op = BENCH_OP_LOOKUP, .workload.items = 50};
	struct bench_test read = {.op = BENCH_OP_READ, .workload.items = 50};
	struct bench_test big = {.op = BENCH_OP_CREATE, .workload.items = 5000};
	ck_assert_uint_eq(bench_instruction_ops(&lookup), 50);
	ck_assert_uint_eq(bench_instruction_ops(&read),
	                  BENCH_INSTRUCTION_ITEMS / 50);
	ck_assert_uint_eq(bench_instruction_ops(&big), 1);
}
END_TEST


/* --- glibc_pin ------------------------------------------------------------------------------ */

/* ld.so --list-diagnostics as glibc 2.36 prints it under valgrind 3.19 on
 * the project's machine (the lines the check reads), with the words of
 * leaf 1 ecx, leaf 7 ebx and the AVX_Fast_Unaligned_Load preference
 * given. */
static char *
diagnostics_text(const char *leaf1_ecx, const char *leaf7_ebx,
                 const char *avx_fast, const char *non_temporal)
{
	char *text = malloc(2048);
	ck_assert_ptr_nonnull(text);
	snprintf(text, 2048,
	         "version.release=\"stable\"\n"
	         "x86.cpu_features.basic.kind=0x1\n"
	         "x86.cpu_features.basic.family=0x6\n"
	         "x86.cpu_features.basic.model=0x3c\n"
	         "x86.cpu_features.features[0x0].active[0x2]=%s\n"
	         "x86.cpu_features.features[0x0].active[0x3]=0x17888110\n"
	         "x86.cpu_features.features[0x1].active[0x1]=%s\n"
	         "x86.cpu_features.features[0x1].active[0x2]=0x0\n"
	         "x86.cpu_features.features[0x1].active[0x3]=0x0\n"
	         "x86.cpu_features.features[0x2].active[0x2]=0x1\n"
	         "x86.cpu_features.preferred.Fast_Rep_String=0x0\n"
	         "x86.cpu_features.preferred.AVX_Fast_Unaligned_Load=%s\n"
	         "x86.cpu_features.non_temporal_threshold=%s\n"
	         "x86.cpu_features.rep_movsb_threshold=0x2000\n"
	         "x86.cpu_features.rep_stosb_threshold=0x800\n"
	         "x86.cpu_features.data_cache_size=0x8000\n"
	         "x86.cpu_features.shared_cache_size=0x800000\n",
	         leaf1_ecx, leaf7_ebx, avx_fast, non_temporal);
	return text;
}

/* Leaf 1 ecx of valgrind's CPU without SSSE3, FMA, SSE4_1, SSE4_2, MOVBE,
 * POPCNT and AVX (F16C and SSE3 still set: glibc 2.36 masks neither);
 * leaf 7 ebx without BMI1, AVX2, BMI2, ERMS. */
#define PINNED_ECX "0x6e002003"
#define PINNED_EBX "0x0"
#define PIN "glibc.cpu.hwcaps=-AVX2,-SSSE3,-POPCNT,-LZCNT," \
            "-AVX_Fast_Unaligned_Load,-Fast_Rep_String:" \
            "glibc.cpu.x86_non_temporal_threshold=0x200000:" \
            "glibc.cpu.x86_rep_stosb_threshold=2048"

static void
expect_pin_refused(const char *tunables, const char *text, const char *words)
{
	char seen[BENCH_GLIBC_PIN_SEEN_MAX], why[1024];
	ck_assert_msg(!bench_glibc_pin_check(tunables, text, seen, sizeof seen,
	                                     why, sizeof why),
	              "%s was taken", tunables);
	ck_assert_msg(strstr(why, words) != NULL, "'%s' not in: %s", words, why);
	ck_assert_ptr_null(strchr(why, '\n'));
}

START_TEST(the_check_sees_whether_glibc_took_the_pin)
{
	char seen[BENCH_GLIBC_PIN_SEEN_MAX], why[1024];
	char *pinned = diagnostics_text(PINNED_ECX, PINNED_EBX, "0x0",
	                                "0x200000");
	ck_assert_msg(bench_glibc_pin_check(PIN, pinned, seen, sizeof seen, why,
	                                    sizeof why),
	              "%s", why);
	ck_assert_ptr_nonnull(strstr(seen, "6 names masked"));
	ck_assert_ptr_nonnull(strstr(seen, "non_temporal_threshold 0x200000"));
	ck_assert_ptr_nonnull(strstr(seen, "cpuid 7 ebx 0x0"));
	ck_assert_ptr_null(strchr(seen, '\n'));

	/* AVX2 still active (0x328: BMI1, AVX2, BMI2, ERMS). */
	char *unmasked = diagnostics_text(PINNED_ECX, "0x328", "0x0",
	                                  "0x200000");
	expect_pin_refused(PIN, unmasked, "did not honour -AVX2");
	/* A preference left on. */
	char *preferred = diagnostics_text(PINNED_ECX, PINNED_EBX, "0x1",
	                                   "0x200000");
	expect_pin_refused(PIN, preferred,
	                   "did not honour -AVX_Fast_Unaligned_Load");
	/* A threshold glibc did not take. */
	char *threshold = diagnostics_text(PINNED_ECX, PINNED_EBX, "0x0",
	                                   "0x7f00000");
	expect_pin_refused(PIN, threshold, "x86_non_temporal_threshold=0x200000");
	/* Names glibc 2.36 ignores: F16C stays active; an unknown one. */
	expect_pin_refused("glibc.cpu.hwcaps=-AVX2,-F16C", pinned,
	                   "did not honour -F16C");
	expect_pin_refused("glibc.cpu.hwcaps=-AVX2,-Fast_Everything", pinned,
	                   "knows no -Fast_Everything");
	expect_pin_refused("glibc.cpu.hwcaps=AVX2", pinned, "not a masked name");
	expect_pin_refused("glibc.malloc.tcache_count=0", pinned,
	                   "not a tunable this check can verify");
	expect_pin_refused("glibc.cpu.x86_rep_movsb_threshold=lots", pinned,
	                   "not a number");
	expect_pin_refused("", pinned, "no GLIBC_TUNABLES");
	/* Diagnostics of another architecture, or not diagnostics at all. */
	expect_pin_refused(PIN, "hello\n", "diagnostics have no");
	free(pinned);
	free(unmasked);
	free(preferred);
	free(threshold);
}
END_TEST

START_TEST(glibc_pin_command_and_read_callgrind_record_the_check)
{
	set_up_temp();
	char *pinned = diagnostics_text(PINNED_ECX, PINNED_EBX, "0x0",
	                                "0x200000");
	char *diagnostics = write_temp("diagnostics.txt", pinned);
	struct bench_capture run = hu_run(some_backends, 1, NULL, "glibc-pin",
	                                  "--tunables", PIN, diagnostics, NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	ck_assert_uint_eq(hu_count_lines(run.out), 1);
	ck_assert_ptr_nonnull(strstr(run.out, "6 names masked"));
	hu_capture_free(&run);
	run = hu_run(some_backends, 1, NULL, "glibc-pin", "--tunables",
	             "glibc.cpu.hwcaps=-F16C", diagnostics, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_FAILED);
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	ck_assert_ptr_nonnull(strstr(run.err, "-F16C"));
	hu_capture_free(&run);
	run = hu_run(some_backends, 1, NULL, "glibc-pin", diagnostics, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_USAGE);
	hu_capture_free(&run);

	/* read-callgrind checks the run's own GLIBC_TUNABLES and records
	 * what the check saw. */
	char *probe = write_dump("probe", BENCH_CALLGRIND_PROBE, "Ir", "0");
	char text[8192] = "";
	const char *names[] = {"tCreate5Int32/A", "tCreate5Int32/H",
	                       "tCreate5Int32/Floor", "tCreate50Int32/A",
	                       "tCreate50Int32/H", "tCreate50Int32/I"};
	for (int i = 0; i < 6; i++)
		append_dump(text, sizeof text, i + 1, names[i], "Ir", "100");
	char *cells = write_temp("cells", text);
	char *plain_run = write_pending_run("plain.json");
	run = hu_run(some_backends, 1, NULL, "read-callgrind", plain_run, probe,
	             cells, "--glibc-diagnostics", diagnostics, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_FAILED);
	ck_assert_ptr_nonnull(strstr(run.err, "no GLIBC_TUNABLES"));
	hu_capture_free(&run);
	json_error_t error;
	json_t *root = json_load_file(plain_run, 0, &error);
	ck_assert_ptr_nonnull(root);
	json_object_set_new(json_object_get(root, "context"), "glibc_tunables",
	                    json_string(PIN));
	char *pinned_run = write_document("pinned.json", root);
	run = hu_run(some_backends, 1, NULL, "read-callgrind", pinned_run, probe,
	             cells, "--glibc-diagnostics", diagnostics, NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	root = load(run.out);
	const char *seen = json_string_value(json_object_get(
		json_object_get(root, "context"), "glibc_pin"));
	ck_assert_ptr_nonnull(seen);
	ck_assert_ptr_nonnull(strstr(seen, "6 names masked"));
	json_decref(root);
	hu_capture_free(&run);
	/* A pin the diagnostics show not taken fails the read. */
	char *unmasked = diagnostics_text(PINNED_ECX, "0x328", "0x0",
	                                  "0x200000");
	char *bad = write_temp("unmasked.txt", unmasked);
	run = hu_run(some_backends, 1, NULL, "read-callgrind", pinned_run, probe,
	             cells, "--glibc-diagnostics", bad, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_FAILED);
	ck_assert_ptr_nonnull(strstr(run.err, "-AVX2"));
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	hu_capture_free(&run);
	free(pinned);
	free(unmasked);
	free(diagnostics);
	free(bad);
	free(probe);
	free(cells);
	free(plain_run);
	free(pinned_run);
	tear_down_temp();
}
END_TEST

/* A results file of instruction counts on `cpu`, with a pin (NULL: none)
 * that was checked. */
static char *
write_pinned(const char *name, const char *cpu, const char *pin)
{
	const struct fake_cell cells[] = {{"tCreate5Int32", "A", 100, NULL}};
	json_t *root = results_document("instructions", "GCC 12.2.0", cells, 1,
	                                false);
	json_t *context = json_object_get(root, "context");
	json_object_set_new(context, "cpu", json_string(cpu));
	if (pin != NULL) {
		json_object_set_new(context, "glibc_tunables", json_string(pin));
		json_object_set_new(context, "glibc_pin",
		                    json_string("6 names masked and inactive"));
	}
	return write_document(name, root);
}

START_TEST(the_same_pin_drops_the_cpu_note)
{
	set_up_temp();
	char *intel = write_pinned("intel.json", "Intel Xeon", PIN);
	char *amd = write_pinned("amd.json", "AMD EPYC", PIN);
	char *bare = write_pinned("bare.json", "AMD EPYC", NULL);
	char *other = write_pinned("other.json", "AMD EPYC",
	                           "glibc.cpu.hwcaps=-AVX2");
	struct bench_capture run = compare(intel, amd, NULL, NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_null(strstr(run.out, "note:"));
	hu_capture_free(&run);
	/* No pin on one side: the CPU note, and one about the pin. */
	run = compare(bare, intel, NULL, NULL);
	ck_assert_ptr_nonnull(strstr(run.out, "note: the CPU differs"));
	ck_assert_ptr_nonnull(strstr(run.out, "note: the glibc pin differs: "
	                                      "baseline none"));
	hu_capture_free(&run);
	run = compare(other, intel, NULL, NULL);
	ck_assert_ptr_nonnull(strstr(run.out, "note: the CPU differs"));
	ck_assert_ptr_nonnull(strstr(run.out, "note: the glibc pin differs"));
	hu_capture_free(&run);
	/* The same pin on the same CPU: no note at all. */
	run = compare(amd, amd, NULL, NULL);
	ck_assert_ptr_null(strstr(run.out, "note:"));
	hu_capture_free(&run);
	free(intel);
	free(amd);
	free(bare);
	free(other);
	tear_down_temp();
}
END_TEST

/* --- under callgrind ------------------------------------------------------------------------ */

#ifdef BENCH_PROBE_UNDER_VALGRIND

/* Measures the probe program with scripts/bench-instructions; `slow`
 * turns on its slowed Message4. Returns the script's exit status. */
static int
measure_probe_with(bool slow, const char *environment, const char *out)
{
	char *log = temp_path(slow ? "slow.log" : "plain.log");
	char command[8192];
	snprintf(command, sizeof command,
	         "%s %s BENCH='%s' '%s/scripts/bench-instructions' "
	         "--filter 'Int32$' --sizes 5,50 --out '%s' 2>'%s'",
	         slow ? "BENCH_PROBE_SLOW_FLATTEN=1" : "env -u "
	                                               "BENCH_PROBE_SLOW_FLATTEN",
	         environment, BENCH_PROBE_PATH, BENCH_SOURCE_DIR, out, log);
	int status = system(command);
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
	if (code != 0) {
		FILE *file = fopen(log, "r");
		char text[2048] = "";
		if (file != NULL) {
			text[fread(text, 1, sizeof text - 1, file)] = '\0';
			fclose(file);
		}
		ck_abort_msg("bench-instructions exited %d: %s", code, text);
	}
	free(log);
	return code;
}

static int
measure_probe(bool slow, const char *out)
{
	return measure_probe_with(slow, "", out);
}

/* Every cell's instruction count in `path`, as "test/backend count"
 * lines. */
static char *
counts_of(const char *path, size_t *cells)
{
	json_error_t error;
	json_t *root = json_load_file(path, 0, &error);
	ck_assert_msg(root != NULL, "%s: %s", path, error.text);
	ck_assert_str_eq(json_string_value(json_object_get(root, "unit")),
	                 "instructions");
	size_t size = 1 << 16, used = 0;
	char *text = calloc(size, 1);
	ck_assert_ptr_nonnull(text);
	*cells = 0;
	size_t index;
	json_t *row;
	json_array_foreach(json_object_get(root, "rows"), index, row) {
		const char *test = json_string_value(json_object_get(row, "test"));
		const char *backend;
		json_t *cell;
		json_object_foreach(json_object_get(row, "cells"), backend, cell) {
			json_t *count = json_object_get(cell, "instructions");
			ck_assert_msg(json_is_integer(count), "%s/%s: %s", test,
			              backend,
			              json_string_value(json_object_get(cell,
			                                                "error")));
			ck_assert(json_integer_value(count) > 0);
			used += (size_t)snprintf(text + used, size - used,
			                         "%s/%s %lld\n", test, backend,
			                         (long long)json_integer_value(count));
			ck_assert_uint_lt(used, size);
			(*cells)++;
		}
	}
	json_decref(root);
	return text;
}

/* The lines of `a` that are not in `b`, joined. */
static char *
lines_not_in(const char *a, const char *b)
{
	char *missing = calloc(strlen(a) + 1, 1);
	ck_assert_ptr_nonnull(missing);
	const char *line = a;
	while (*line != '\0') {
		const char *end = strchr(line, '\n');
		size_t length = (size_t)(end - line) + 1;
		bool found = false;
		const char *cursor = b;
		while (!found && *cursor != '\0') {
			const char *next = strchr(cursor, '\n');
			size_t other = (size_t)(next - cursor) + 1;
			found = other == length && memcmp(cursor, line, length) == 0;
			cursor = next + 1;
		}
		if (!found)
			strncat(missing, line, length);
		line = end + 1;
	}
	return missing;
}

START_TEST(an_extra_loop_in_one_operation_fails_exactly_its_cells)
{
	set_up_temp();
	char *plain = temp_path("plain.json");
	char *again = temp_path("again.json");
	char *slowed = temp_path("slowed.json");
	measure_probe(false, plain);
	measure_probe(false, again);
	measure_probe(true, slowed);

	/* Two runs of one build: identical counts, and a clean comparison. */
	size_t cells, cells_again, cells_slowed;
	char *counts = counts_of(plain, &cells);
	char *counts_again = counts_of(again, &cells_again);
	ck_assert_uint_eq(cells, 2 * 18 + 16); /* R5, Message4; Floor but Lookup */
	ck_assert_str_eq(counts, counts_again);
	struct bench_capture run = compare(plain, again, NULL, NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s\n%s", run.status, run.err,
	              run.out);
	assert_marked(run.out, "REGRESSED", "");
	hu_capture_free(&run);
	run = compare(slowed, slowed, NULL, NULL);
	ck_assert_int_eq(run.status, 0);
	hu_capture_free(&run);

	/* The slowed flatten: exactly Message4's Flatten cells regress, and
	 * every other count is the same as before, to the instruction. */
	run = compare(plain, slowed, NULL, NULL);
	ck_assert_msg(run.status == BENCH_EXIT_REGRESSED, "exit %d: %s\n%s",
	              run.status, run.err, run.out);
	char *regressed = cells_marked(run.out, "REGRESSED");
	const char *expected[] = {
		"tFlatten5Int32/Message4\n", "tFlatten50Int32/Message4\n",
		"tFlattenIndividual5Int32/Message4\n",
		"tFlattenIndividual50Int32/Message4\n",
	};
	size_t expected_length = 0;
	for (size_t i = 0; i < 4; i++) {
		ck_assert_msg(strstr(regressed, expected[i]) != NULL,
		              "%s not regressed:\n%s", expected[i], run.out);
		expected_length += strlen(expected[i]);
	}
	ck_assert_msg(strlen(regressed) == expected_length, "regressed:\n%s",
	              regressed);
	ck_assert_ptr_nonnull(strstr(run.err, "4 cells regressed"));
	hu_capture_free(&run);
	char *counts_slowed = counts_of(slowed, &cells_slowed);
	ck_assert_uint_eq(cells_slowed, cells);
	char *changed = lines_not_in(counts_slowed, counts);
	ck_assert_uint_eq(hu_count_lines(changed), 4);
	for (size_t i = 0; i < 4; i++) {
		/* "tFlatten5Int32/Message4 " begins one of the changed lines. */
		char start[64];
		snprintf(start, sizeof start, "%.*s ",
		         (int)strlen(expected[i]) - 1, expected[i]);
		ck_assert_msg(strncmp(changed, start, strlen(start)) == 0 ||
		                      strstr(changed, start) != NULL,
		              "changed:\n%s", changed);
	}

	/* The other way round, the same cells improved: nothing fails. */
	run = compare(slowed, plain, NULL, NULL);
	ck_assert_int_eq(run.status, 0);
	char *improved = cells_marked(run.out, "improved");
	ck_assert_uint_eq(strlen(improved), strlen(regressed));
	for (size_t i = 0; i < 4; i++)
		ck_assert_ptr_nonnull(strstr(improved, expected[i]));
	free(improved);
	hu_capture_free(&run);
	free(regressed);
	free(changed);
	free(counts);
	free(counts_again);
	free(counts_slowed);
	free(plain);
	free(again);
	free(slowed);
	tear_down_temp();
}
END_TEST

/* A context string of a results file (static copy). */
static const char *
context_text(const char *path, const char *key)
{
	static char copy[2][4096];
	static int next;
	json_error_t error;
	json_t *root = json_load_file(path, 0, &error);
	ck_assert_msg(root != NULL, "%s: %s", path, error.text);
	const char *value = json_string_value(json_object_get(
		json_object_get(root, "context"), key));
	ck_assert_msg(value != NULL, "%s: no context.%s", path, key);
	char *out = copy[next++ % 2];
	snprintf(out, sizeof copy[0], "%s", value);
	json_decref(root);
	return out;
}

START_TEST(under_the_pin_cache_sizes_move_no_count)
{
	set_up_temp();
	char *pinned = temp_path("pinned.json");
	char *resized = temp_path("resized.json");
	measure_probe(false, pinned);
	/* glibc told of other caches: 16 KiB of data, 64 KiB shared. */
	measure_probe_with(false, "BENCH_GLIBC_DATA_CACHE_SIZE=16384 "
	                          "BENCH_GLIBC_SHARED_CACHE_SIZE=65536",
	                   resized);
	size_t cells, cells_resized;
	char *counts = counts_of(pinned, &cells);
	char *counts_resized = counts_of(resized, &cells_resized);
	ck_assert_uint_eq(cells, 2 * 18 + 16);
	ck_assert_uint_eq(cells_resized, cells);
	ck_assert_str_eq(counts, counts_resized);
	/* Both runs carry the pin and what the check saw, and glibc did
	 * take the other sizes. */
	ck_assert_ptr_nonnull(strstr(context_text(pinned, "glibc_tunables"),
	                             "glibc.cpu.hwcaps=-AVX512F,"));
	ck_assert_ptr_nonnull(strstr(context_text(resized, "glibc_tunables"),
	                             "glibc.cpu.x86_data_cache_size=16384"));
	ck_assert_ptr_null(strstr(context_text(pinned, "glibc_pin"),
	                          "data_cache_size 0x4000 "));
	ck_assert_ptr_nonnull(strstr(context_text(resized, "glibc_pin"),
	                             "data_cache_size 0x4000 "));
	ck_assert_ptr_nonnull(strstr(context_text(resized, "glibc_pin"),
	                             "shared_cache_size 0x10000;"));
	free(counts);
	free(counts_resized);
	free(pinned);
	free(resized);

	/* A size that is not one is refused before anything runs. */
	char command[4096];
	snprintf(command, sizeof command,
	         "BENCH_GLIBC_DATA_CACHE_SIZE=lots BENCH='%s' "
	         "'%s/scripts/bench-instructions' --filter '^tCreate5Int32$' "
	         "--out /dev/null 2>/dev/null",
	         BENCH_PROBE_PATH, BENCH_SOURCE_DIR);
	int status = system(command);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == BENCH_EXIT_USAGE);
	tear_down_temp();
}
END_TEST
#endif /* BENCH_PROBE_UNDER_VALGRIND */

Suite *
make_instructions_suite(void)
{
	Suite *suite = suite_create("instructions");
	TCase *tc = tcase_create("compare");
	tcase_add_test(tc, same_file_exits_0_listing_every_cell);
	tcase_add_test(tc, instructions_regress_beyond_2_percent_and_20_instructions);
	tcase_add_test(tc, times_regress_beyond_10_percent);
	tcase_add_test(tc, new_and_removed_cells_fail_unless_allowed);
	tcase_add_test(tc, cells_of_backends_not_built_are_not_run);
	tcase_add_test(tc, err_in_current_exits_1_even_with_regressions);
	tcase_add_test(tc, a_different_build_is_noted_above_the_table);
	tcase_add_test(tc, unusable_input_exits_1_and_bad_usage_2_saying_why);
	tcase_add_test(tc, a_schema_1_baseline_is_read);
	suite_add_tcase(suite, tc);

	tc = tcase_create("read_callgrind");
	tcase_add_test(tc, dumps_become_figures_and_verdicts);
	tcase_add_test(tc, wrong_dumps_are_refused);
	suite_add_tcase(suite, tc);

	tc = tcase_create("modes");
	tcase_add_test(tc, instructions_outside_valgrind_say_how_to_run_them);
	tcase_add_test(tc, cycles_are_not_offered);
	tcase_add_test(tc, instruction_mode_options);
	suite_add_tcase(suite, tc);

	tc = tcase_create("glibc_pin");
	tcase_add_test(tc, the_check_sees_whether_glibc_took_the_pin);
	tcase_add_test(tc, glibc_pin_command_and_read_callgrind_record_the_check);
	tcase_add_test(tc, the_same_pin_drops_the_cpu_note);
	suite_add_tcase(suite, tc);

#ifdef BENCH_PROBE_UNDER_VALGRIND
	tc = tcase_create("callgrind");
	/* Three runs under valgrind, a few seconds each on the project
	 * machine. */
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, an_extra_loop_in_one_operation_fails_exactly_its_cells);
	tcase_add_test(tc, under_the_pin_cache_sizes_move_no_count);
	suite_add_tcase(suite, tc);
#endif
	return suite;
}
