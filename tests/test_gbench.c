/*
 * test_gbench.c - `bench --format gbench` (output_gbench.c,
 * harness/README.md §6.5):
 *   keys      a real short run has, per kind of entry (iteration, each
 *             aggregate, a failed cell) and in its context, the keys a file
 *             written by Google Benchmark 1.7.1 itself has
 *             (tests/data/gbench/), and one entry per sample of every
 *             cell, the Floor's included;
 *   figures   constructed results give exactly the entries, names,
 *             statistics and error entries the mapping says;
 *   compare   Google Benchmark's own compare.py (Debian's
 *             libbenchmark-tools, run with /usr/bin/python3) reads two such
 *             files and prints the time change of the one cell that was
 *             made slower, with its sign, and no change for the others.
 *
 * compare.py is a declared dependency (scripts/install-deps): when it is
 * missing the test fails rather than pass unchecked.
 */
#include "suites.h"

#include "harness_backends.h"
#include "harness_util.h"
#include "options.h"
#include "output.h"
#include "results.h"
#include "test_util.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define COMPARE_PY "/usr/share/benchmark/compare.py"
#define PYTHON "/usr/bin/python3"

static json_t *
load_text(const char *text)
{
	json_error_t error;
	json_t *root = json_loads(text, 0, &error);
	ck_assert_msg(root != NULL, "invalid JSON: %s (line %d)", error.text,
	              error.line);
	return root;
}

static json_t *
load_reference(void)
{
	char path[4096];
	tu_data_path(path, sizeof path, "gbench/google-benchmark-1.7.1.json");
	json_error_t error;
	json_t *root = json_load_file(path, 0, &error);
	ck_assert_msg(root != NULL, "%s: %s", path, error.text);
	return root;
}

/* The kind of an entry: "iteration", "error", or the aggregate's name. */
static const char *
entry_kind(json_t *entry)
{
	if (json_is_true(json_object_get(entry, "error_occurred")))
		return "error";
	const char *type = json_string_value(json_object_get(entry, "run_type"));
	ck_assert_ptr_nonnull(type);
	if (strcmp(type, "iteration") == 0)
		return "iteration";
	const char *name = json_string_value(json_object_get(entry,
	                                                     "aggregate_name"));
	ck_assert_ptr_nonnull(name);
	return name;
}

/* The first entry of `kind` in a document, or NULL. */
static json_t *
first_of_kind(json_t *root, const char *kind)
{
	size_t index;
	json_t *entry;
	json_array_foreach(json_object_get(root, "benchmarks"), index, entry) {
		if (strcmp(entry_kind(entry), kind) == 0)
			return entry;
	}
	return NULL;
}

/* Every key of `expected` is in `actual` with a value of the same JSON
 * type; with `exact`, `actual` has no other key. */
static void
assert_same_keys(json_t *expected, json_t *actual, bool exact,
                 const char *what)
{
	const char *key;
	json_t *value;
	json_object_foreach(expected, key, value) {
		json_t *mine = json_object_get(actual, key);
		ck_assert_msg(mine != NULL, "%s: no \"%s\"", what, key);
		bool same_type = json_typeof(mine) == json_typeof(value) ||
		                 (json_is_number(mine) && json_is_number(value)) ||
		                 (json_is_boolean(mine) && json_is_boolean(value));
		ck_assert_msg(same_type, "%s: \"%s\" has another type", what, key);
	}
	if (exact) {
		json_object_foreach(actual, key, value)
			ck_assert_msg(json_object_get(expected, key) != NULL,
			              "%s: \"%s\" is not in Google Benchmark's",
			              what, key);
	}
}

START_TEST(keys_of_a_real_run_are_google_benchmarks)
{
	/* Plain and Twin honest, Broken failing its String flattens. */
	const struct bm_ops *const backends[] = {&bench_test_plain_ops,
	                                         &bench_test_twin_ops,
	                                         &bench_test_broken_ops};
	struct bench_capture run = hu_run(backends, 3, NULL, "--filter",
	                                  "^t(Lookup|Flatten)5(Int32|String)$",
	                                  "--sizes", "5", "--repetitions", "4",
	                                  "--min-time", "0.02", "--format",
	                                  "gbench", NULL);
	ck_assert_msg(run.status == BENCH_EXIT_FAILED, "exit %d: %s",
	              run.status, run.err);
	json_t *mine = load_text(run.out);
	json_t *theirs = load_reference();
	assert_same_keys(json_object_get(theirs, "context"),
	                 json_object_get(mine, "context"), false, "context");
	static const char *const kinds[] = {"iteration", "mean", "median",
	                                    "stddev", "cv", "error"};
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
		json_t *expected = first_of_kind(theirs, kinds[k]);
		json_t *actual = first_of_kind(mine, kinds[k]);
		ck_assert_msg(expected != NULL, "the reference has no %s",
		              kinds[k]);
		ck_assert_msg(actual != NULL, "no %s entry", kinds[k]);
		assert_same_keys(expected, actual, true, kinds[k]);
	}

	/* Three tests: tLookup5Int32 (three backends, no Floor),
	 * tFlatten5Int32 and tFlatten5String (three backends and the Floor;
	 * Broken fails the String one). 11 cells, one failed: 10 x (4
	 * samples + 4 aggregates) + 4 error entries, one family each. */
	json_t *list = json_object_get(mine, "benchmarks");
	ck_assert_uint_eq(json_array_size(list), 10 * 8 + 4);
	size_t index, errors = 0, families = 0;
	json_t *entry;
	long long last_family = -1;
	json_array_foreach(list, index, entry) {
		long long family = json_integer_value(json_object_get(entry,
		                                                      "family_index"));
		ck_assert(family == last_family || family == last_family + 1);
		families += family != last_family;
		last_family = family;
		const char *name = json_string_value(json_object_get(entry, "name"));
		ck_assert_str_eq(json_string_value(json_object_get(entry,
		                                                   "time_unit")),
		                 "ns");
		if (strcmp(entry_kind(entry), "error") == 0) {
			errors++;
			ck_assert_str_eq(name, "tFlatten5String/Broken");
			ck_assert(strlen(json_string_value(json_object_get(
				entry, "error_message"))) > 10);
			continue;
		}
		ck_assert_msg(strcmp(name, "tFlatten5String/Broken") != 0 &&
		                      strncmp(name, "tFlatten5String/Broken_", 23) != 0,
		              "%s has figures", name);
		if (strcmp(entry_kind(entry), "iteration") == 0) {
			ck_assert(json_number_value(json_object_get(entry,
			                                            "real_time")) > 0);
			ck_assert(json_number_value(json_object_get(entry,
			                                            "cpu_time")) > 0);
			ck_assert(json_integer_value(json_object_get(entry,
			                                             "iterations")) >= 1);
		}
	}
	ck_assert_uint_eq(errors, 4);
	ck_assert_uint_eq(families, 11);
	/* The Floor is a benchmark of its own; Lookup has none. */
	ck_assert_ptr_nonnull(strstr(run.out, "\"tFlatten5Int32/Floor_median\""));
	ck_assert_ptr_null(strstr(run.out, "\"tLookup5Int32/Floor"));
	json_decref(mine);
	json_decref(theirs);
	hu_capture_free(&run);
}
END_TEST

/* --- Constructed results -------------------------------------------------- */

/* Results of two backends (Plain, Twin) on the first `rows` tests of the
 * 2005 matrix, every cell with the samples base * (1, 2, ... count) and
 * CPU samples 0.9 times those; Twin's cell of test `slow_row` scaled by
 * `factor`; Twin's cell of row `failed_row` (if below rows) an ERR. */
struct constructed {
	struct bench_results results;
	struct bench_options options;
	const struct bm_ops *backends[2];
};

static void
fill_cell(struct bench_cell_result *cell, size_t count, double base)
{
	cell->samples = calloc(count, sizeof(double));
	cell->cpu_samples = calloc(count, sizeof(double));
	ck_assert(cell->samples != NULL && cell->cpu_samples != NULL);
	for (size_t i = 0; i < count; i++) {
		cell->samples[i] = base * (double)(i + 1);
		cell->cpu_samples[i] = 0.9 * cell->samples[i];
	}
	cell->sample_count = count;
	cell->ops_per_sample = 1000;
	cell->rounds_per_sample = 1;
}

static void
construct(struct constructed *made, size_t rows, size_t count,
          size_t slow_row, double factor, size_t failed_row)
{
	memset(made, 0, sizeof *made);
	made->options.repetitions = (unsigned)count;
	made->options.seed = 2005;
	made->options.min_time_ms = 1;
	made->backends[0] = &bench_test_plain_ops;
	made->backends[1] = &bench_test_twin_ops;
	struct bench_results *results = &made->results;
	results->options = &made->options;
	bench_context_collect(&results->context);
	results->backends = calloc(2, sizeof *results->backends);
	ck_assert_ptr_nonnull(results->backends);
	results->backends[0] = made->backends[0];
	results->backends[1] = made->backends[1];
	results->backend_count = 2;
	struct bench_test tests[128];
	size_t total = bench_matrix_build(bench_default_sizes, 4, tests);
	ck_assert_uint_le(rows, total);
	results->rows = calloc(rows, sizeof *results->rows);
	ck_assert_ptr_nonnull(results->rows);
	results->row_count = rows;
	for (size_t r = 0; r < rows; r++) {
		struct bench_row *row = &results->rows[r];
		row->test = tests[r];
		row->has_floor = bench_test_has_floor(&tests[r]);
		row->cells = calloc(2, sizeof *row->cells);
		ck_assert_ptr_nonnull(row->cells);
		fill_cell(&row->cells[0], count, 100.0 * (double)(r + 1));
		fill_cell(&row->cells[1], count,
		          100.0 * (double)(r + 1) * (r == slow_row ? factor : 1));
		if (r == failed_row) {
			free(row->cells[1].samples);
			free(row->cells[1].cpu_samples);
			row->cells[1] = (struct bench_cell_result){.failed = true};
			snprintf(row->cells[1].error, sizeof row->cells[1].error,
			         "after the last sample 3: item 4 differs");
		}
		if (row->has_floor)
			fill_cell(&row->floor, count, 10.0);
	}
}

static char *
gbench_text(const struct bench_results *results)
{
	char *text = NULL;
	size_t length = 0;
	FILE *stream = open_memstream(&text, &length);
	ck_assert_ptr_nonnull(stream);
	ck_assert(bench_write_results(stream, results, BENCH_FORMAT_GBENCH,
	                              BENCH_UNIT_NS));
	ck_assert_int_eq(fclose(stream), 0);
	return text;
}

static json_t *
entry_named(json_t *root, const char *name, size_t nth)
{
	size_t index;
	json_t *entry;
	json_array_foreach(json_object_get(root, "benchmarks"), index, entry) {
		if (strcmp(json_string_value(json_object_get(entry, "name")),
		           name) == 0 && nth-- == 0)
			return entry;
	}
	ck_abort_msg("no entry %s", name);
	return NULL;
}

static double
figure(json_t *entry, const char *key)
{
	return json_number_value(json_object_get(entry, key));
}

START_TEST(constructed_results_give_the_mapped_entries)
{
	/* tCreate5Int32, tCreate50Int32, tCreate500Int32; 4 samples; Twin
	 * fails on the second row. */
	struct constructed made;
	construct(&made, 3, 4, 99, 1, 1);
	char *text = gbench_text(&made.results);
	json_t *root = load_text(text);
	json_t *list = json_object_get(root, "benchmarks");
	/* 3 rows x (Plain, Floor) + Twin twice: 8 cells of 4 + 4 entries;
	 * Twin's failed cell: 4 error entries. */
	ck_assert_uint_eq(json_array_size(list), 8 * 8 + 4);

	/* Samples 100, 200, 300, 400 (tCreate5Int32/Plain). */
	json_t *third = entry_named(root, "tCreate5Int32/Plain", 2);
	ck_assert_str_eq(json_string_value(json_object_get(third, "run_type")),
	                 "iteration");
	ck_assert_int_eq(json_integer_value(json_object_get(third,
	                                                    "repetition_index")),
	                 2);
	ck_assert_int_eq(json_integer_value(json_object_get(third, "iterations")),
	                 1000);
	ck_assert_double_eq_tol(figure(third, "real_time"), 300, 1e-9);
	ck_assert_double_eq_tol(figure(third, "cpu_time"), 270, 1e-9);
	json_t *median = entry_named(root, "tCreate5Int32/Plain_median", 0);
	ck_assert_double_eq_tol(figure(median, "real_time"), 250, 1e-9);
	ck_assert_double_eq_tol(figure(median, "cpu_time"), 225, 1e-9);
	ck_assert_int_eq(json_integer_value(json_object_get(median, "iterations")),
	                 4);
	ck_assert_str_eq(json_string_value(json_object_get(median, "run_name")),
	                 "tCreate5Int32/Plain");
	ck_assert_ptr_null(json_object_get(median, "repetition_index"));
	ck_assert_double_eq_tol(
		figure(entry_named(root, "tCreate5Int32/Plain_mean", 0),
		       "real_time"), 250, 1e-9);
	/* Sample standard deviation of 100..400: sqrt(50000 / 3). */
	double stddev = sqrt(50000.0 / 3.0);
	ck_assert_double_eq_tol(
		figure(entry_named(root, "tCreate5Int32/Plain_stddev", 0),
		       "real_time"), stddev, 1e-6);
	json_t *cv = entry_named(root, "tCreate5Int32/Plain_cv", 0);
	ck_assert_double_eq_tol(figure(cv, "real_time"), stddev / 250, 1e-9);
	ck_assert_str_eq(json_string_value(json_object_get(cv,
	                                                   "aggregate_unit")),
	                 "percentage");
	/* The Floor of the row, in the row's order after the backends. */
	json_t *floor = entry_named(root, "tCreate5Int32/Floor_median", 0);
	ck_assert_double_eq_tol(figure(floor, "real_time"), 25, 1e-9);
	ck_assert_int_eq(json_integer_value(json_object_get(floor,
	                                                    "family_index")),
	                 2);
	/* The failed cell: one entry per repetition, its reason, no figure. */
	json_t *failed = entry_named(root, "tCreate50Int32/Twin", 3);
	ck_assert(json_is_true(json_object_get(failed, "error_occurred")));
	ck_assert_str_eq(json_string_value(json_object_get(failed,
	                                                   "error_message")),
	                 "after the last sample 3: item 4 differs");
	ck_assert_ptr_null(strstr(text, "\"tCreate50Int32/Twin_median\""));
	/* The context says whose run this is. */
	json_t *context = json_object_get(root, "context");
	ck_assert_str_eq(json_string_value(json_object_get(context, "seed")),
	                 "2005");
	ck_assert_int_eq(json_integer_value(json_object_get(context, "num_cpus")),
	                 made.results.context.cores);
	json_decref(root);
	free(text);
	bench_results_free(&made.results);
}
END_TEST

/* --- compare.py ------------------------------------------------------------- */

/* Writes text to a new file in dir; returns its malloc'd path. */
static char *
write_in(const char *dir, const char *name, const char *text)
{
	size_t size = strlen(dir) + strlen(name) + 2;
	char *path = malloc(size);
	ck_assert_ptr_nonnull(path);
	snprintf(path, size, "%s/%s", dir, name);
	FILE *file = fopen(path, "w");
	ck_assert_ptr_nonnull(file);
	fputs(text, file);
	ck_assert_int_eq(fclose(file), 0);
	return path;
}

/* The line compare.py printed for `name` (the first column exactly),
 * copied into out. */
static bool
line_of(const char *output, const char *name, char *out, size_t out_size)
{
	size_t length = strlen(name);
	for (const char *line = output; line != NULL && *line != '\0';) {
		const char *end = strchr(line, '\n');
		size_t size = end != NULL ? (size_t)(end - line) : strlen(line);
		if (size > length && strncmp(line, name, length) == 0 &&
		    line[length] == ' ') {
			snprintf(out, out_size, "%.*s", (int)size, line);
			return true;
		}
		line = end != NULL ? end + 1 : NULL;
	}
	return false;
}

/* The time change compare.py printed for `name`: the first number after
 * the name ("+1.0000": the new time is twice the old). */
static double
time_change(const char *output, const char *name)
{
	char line[512];
	ck_assert_msg(line_of(output, name, line, sizeof line),
	              "compare.py printed no line for %s:\n%s", name, output);
	char sign = 0;
	double change = 0;
	ck_assert_msg(sscanf(line + strlen(name), " %c%lf", &sign, &change) == 2 &&
	                      (sign == '+' || sign == '-'),
	              "no signed change in '%s'", line);
	return sign == '-' ? -change : change;
}

START_TEST(compare_py_sees_the_slowed_cell)
{
	ck_assert_msg(access(PYTHON, X_OK) == 0 && access(COMPARE_PY, R_OK) == 0,
	              "%s or %s is missing: scripts/install-deps installs "
	              "python3-scipy and libbenchmark-tools", PYTHON,
	              COMPARE_PY);
	char *dir = hu_make_temp_dir();
	ck_assert_ptr_nonnull(dir);
	/* Baseline; then Twin's tCreate50Int32 twice as slow and its
	 * tCreate500Int32 twice as fast. 15 samples, as by default. */
	struct constructed before, slowed, faster;
	construct(&before, 3, 15, 99, 1, 99);
	construct(&slowed, 3, 15, 1, 2.0, 99);
	construct(&faster, 3, 15, 2, 0.5, 99);
	char *text = gbench_text(&before.results);
	char *a = write_in(dir, "a.json", text);
	free(text);
	text = gbench_text(&slowed.results);
	char *b = write_in(dir, "b.json", text);
	free(text);
	text = gbench_text(&faster.results);
	char *c = write_in(dir, "c.json", text);
	free(text);

	const char *pairs[2][2] = {{a, b}, {a, c}};
	for (int p = 0; p < 2; p++) {
		char command[8192], out_name[] = "out0.txt";
		out_name[3] = (char)('0' + p);
		char *out = write_in(dir, out_name, "");
		snprintf(command, sizeof command,
		         PYTHON " " COMPARE_PY " --no-color benchmarks '%s' '%s' "
		         ">'%s' 2>&1", pairs[p][0], pairs[p][1], out);
		int status = system(command);
		size_t size;
		uint8_t *bytes = tu_read_file(out, &size);
		ck_assert_ptr_nonnull(bytes);
		char *output = calloc(size + 1, 1);
		ck_assert_ptr_nonnull(output);
		memcpy(output, bytes, size);
		free(bytes);
		ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		              "compare.py failed:\n%s", output);
		const char *changed = p == 0 ? "tCreate50Int32/Twin"
		                             : "tCreate500Int32/Twin";
		double expected = p == 0 ? 1.0 : -0.5;
		char name[128];
		static const char *const suffixes[] = {"_mean", "_median"};
		for (size_t s = 0; s < 2; s++) {
			snprintf(name, sizeof name, "%s%s", changed, suffixes[s]);
			ck_assert_double_eq_tol(time_change(output, name), expected,
			                        1e-4);
		}
		/* Every sample changed by the same factor. */
		ck_assert_double_eq_tol(time_change(output, changed), expected,
		                        1e-4);
		/* The others did not move. */
		ck_assert_double_eq_tol(time_change(output,
		                                    "tCreate5Int32/Twin_median"),
		                        0, 1e-9);
		ck_assert_double_eq_tol(time_change(output,
		                                    "tCreate50Int32/Plain_median"),
		                        0, 1e-9);
		ck_assert_double_eq_tol(time_change(output,
		                                    "tCreate50Int32/Floor_median"),
		                        0, 1e-9);
		free(output);
		unlink(out);
		free(out);
	}
	unlink(a);
	unlink(b);
	unlink(c);
	free(a);
	free(b);
	free(c);
	rmdir(dir);
	free(dir);
	bench_results_free(&before.results);
	bench_results_free(&slowed.results);
	bench_results_free(&faster.results);
}
END_TEST

Suite *
make_gbench_suite(void)
{
	Suite *suite = suite_create("gbench");
	TCase *tc = tcase_create("keys");
	tcase_add_test(tc, keys_of_a_real_run_are_google_benchmarks);
	suite_add_tcase(suite, tc);
	tc = tcase_create("figures");
	tcase_add_test(tc, constructed_results_give_the_mapped_entries);
	suite_add_tcase(suite, tc);
	tc = tcase_create("compare");
	/* Python and scipy start in a second or two. */
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, compare_py_sees_the_slowed_cell);
	suite_add_tcase(suite, tc);
	return suite;
}
