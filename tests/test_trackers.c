/*
 * test_trackers.c - the trackers' formats (output_trackers.c,
 * harness/README.md §6.7), each checked against its schema
 * (tests/data/trackers/):
 *   fixtures  the schemas take the sample files and refuse the broken
 *             ones, so that the validator is seen to bite;
 *   run       a short run in bmf and github-action validates, has an
 *             entry for every cell with a figure and none for a failed
 *             one, and flat_bytes on the flat rows only;
 *   mapping   a constructed results file maps to exactly its medians and
 *             MADs, latency for times and instructions for counts;
 *   counted   bench read-callgrind --format writes both formats of a
 *             counted run, and refuses another format.
 */
#include "suites.h"

#include "harness_backends.h"
#include "harness_util.h"
#include "output.h"
#include "results_read.h"
#include "results_util.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

START_TEST(fixtures_follow_their_schemas)
{
	char samples[2][4096], broken[2][4096];
	static const char *const names[2] = {"bmf", "github-action"};
	for (int f = 0; f < 2; f++) {
		snprintf(samples[f], sizeof samples[f], "%s/trackers/%s-sample.json",
		         BENCH_TESTDATA_DIR, names[f]);
		snprintf(broken[f], sizeof broken[f], "%s/trackers/%s-broken.json",
		         BENCH_TESTDATA_DIR, names[f]);
		char schema[64];
		snprintf(schema, sizeof schema, "%s.schema.json", names[f]);
		const char *const valid[] = {samples[f], NULL};
		const char *const invalid[] = {broken[f], NULL};
		ru_assert_schema(schema, false, valid);
		ru_assert_schema(schema, true, invalid);
	}
}
END_TEST

/* Loads a file the program wrote. */
static json_t *
load_written(const char *path)
{
	json_error_t error;
	json_t *root = json_load_file(path, 0, &error);
	ck_assert_msg(root != NULL, "%s: %s", path, error.text);
	return root;
}

START_TEST(a_run_in_both_formats)
{
	ru_set_up_temp();
	/* Broken fails its String flattens; Lookup has no Floor. */
	const struct bm_ops *const backends[] = {&bench_test_plain_ops,
	                                         &bench_test_broken_ops};
	char *bmf = ru_temp_path("run.bmf.json");
	char *action = ru_temp_path("run.action.json");
	const char *const formats[2][2] = {{"bmf", bmf}, {"github-action", action}};
	for (int f = 0; f < 2; f++) {
		struct bench_capture run = hu_run(
			backends, 2, NULL, "--filter",
			"^t(Lookup|Flatten)5(Int32|String)$", "--quick", "--format",
			formats[f][0], "--out", formats[f][1], NULL);
		ck_assert_msg(run.status == BENCH_EXIT_FAILED, "exit %d: %s",
		              run.status, run.err);
		hu_capture_free(&run);
	}
	const char *const bmf_files[] = {bmf, NULL};
	const char *const action_files[] = {action, NULL};
	ru_assert_schema("bmf.schema.json", false, bmf_files);
	ru_assert_schema("github-action.schema.json", false, action_files);

	/* Three rows (no tLookup5String): Plain's 3 cells, Broken's 2 that
	 * did not fail, the Floors of the 2 Flatten rows. */
	json_t *root = load_written(bmf);
	ck_assert_uint_eq(json_object_size(root), 7);
	ck_assert_ptr_null(json_object_get(root, "tFlatten5String/Broken"));
	ck_assert_ptr_null(json_object_get(root, "tLookup5Int32/Floor"));
	const char *name;
	json_t *measures;
	json_object_foreach(root, name, measures) {
		json_t *latency = json_object_get(measures, "latency");
		double value = json_number_value(json_object_get(latency, "value"));
		double lower = json_number_value(json_object_get(latency,
		                                                 "lower_value"));
		double upper = json_number_value(json_object_get(latency,
		                                                 "upper_value"));
		ck_assert_msg(value > 0 && lower >= 0 && lower <= value &&
		                      upper >= value,
		              "%s: %g [%g, %g]", name, value, lower, upper);
		bool flat = strncmp(name, "tFlatten", 8) == 0 &&
		            strstr(name, "/Floor") == NULL;
		ck_assert_msg((json_object_get(measures, "flat_bytes") != NULL) ==
		                      flat,
		              "%s: flat_bytes", name);
	}
	json_decref(root);
	root = load_written(action);
	ck_assert_uint_eq(json_array_size(root), 7);
	json_t *entry = json_array_get(root, 0);
	ck_assert_str_eq(json_string_value(json_object_get(entry, "unit")), "ns");
	ck_assert_ptr_nonnull(json_object_get(entry, "range"));
	json_decref(root);
	free(bmf);
	free(action);
	ru_tear_down_temp();
}
END_TEST

/* A metric's number. */
static double
metric(json_t *root, const char *name, const char *measure, const char *key)
{
	json_t *value = json_object_get(
		json_object_get(json_object_get(root, name), measure), key);
	ck_assert_msg(json_is_number(value), "%s %s %s", name, measure, key);
	return json_number_value(value);
}

START_TEST(a_file_maps_to_its_figures)
{
	ru_set_up_temp();
	const struct ru_cell cells[] = {
		{"tFlatten5Int32", "A", 40, NULL},
		{"tFlatten5Int32", "B", 80, NULL},
		{"tFlatten5Int32", "Floor", 10, NULL},
		{"tFlatten50Int32", "A", 0, "broken"},
		{"tFlatten50Int32", "B", 90, NULL},
	};
	for (int unit = 0; unit < 2; unit++) {
		json_t *document = ru_results_document(unit == 0 ? "ns"
		                                                 : "instructions",
		                                       "GCC", cells, 5, false);
		/* A's MAD 3, and a flattened size. */
		json_t *a = json_object_get(json_object_get(json_array_get(
			json_object_get(document, "rows"), 0), "cells"), "A");
		json_object_set_new(a, "mad", json_real(3));
		json_object_set_new(a, "flat_bytes", json_integer(117));
		char *path = ru_write_document("run.json", document);
		struct bench_run_file run;
		char why[512];
		ck_assert_msg(bench_run_file_load(path, BENCH_READ_MEASURED, &run,
		                                  why, sizeof why), "%s", why);
		json_t *bmf = bench_tracker_document(&run, BENCH_FORMAT_BMF);
		json_t *action = bench_tracker_document(&run,
		                                        BENCH_FORMAT_GITHUB_ACTION);
		ck_assert_uint_eq(json_object_size(bmf), 4);
		ck_assert_uint_eq(json_array_size(action), 4);
		ck_assert_ptr_null(json_object_get(bmf, "tFlatten50Int32/A"));
		const char *measure = unit == 0 ? "latency" : "instructions";
		ck_assert_double_eq(metric(bmf, "tFlatten5Int32/A", measure,
		                           "value"), 40);
		ck_assert_double_eq(metric(bmf, "tFlatten5Int32/A", "flat_bytes",
		                           "value"), 117);
		ck_assert_double_eq(metric(bmf, "tFlatten50Int32/B", measure,
		                           "value"), 90);
		json_t *first = json_array_get(action, 0);
		ck_assert_str_eq(json_string_value(json_object_get(first, "name")),
		                 "tFlatten5Int32/A");
		ck_assert_double_eq(json_number_value(json_object_get(first,
		                                                      "value")),
		                    40);
		ck_assert_str_eq(json_string_value(json_object_get(first, "unit")),
		                 unit == 0 ? "ns" : "instructions");
		ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(
			                             first, "extra")),
		                             "flat bytes: 117"));
		if (unit == 0) {
			ck_assert_double_eq(metric(bmf, "tFlatten5Int32/A", measure,
			                           "lower_value"), 37);
			ck_assert_double_eq(metric(bmf, "tFlatten5Int32/A", measure,
			                           "upper_value"), 43);
			ck_assert_str_eq(json_string_value(json_object_get(first,
			                                                   "range")),
			                 "± 3");
		} else {
			/* A count has no spread, and no range. */
			ck_assert_ptr_null(json_object_get(json_object_get(json_object_get(
				bmf, "tFlatten5Int32/A"), measure), "lower_value"));
			ck_assert_ptr_null(json_object_get(first, "range"));
		}
		json_decref(bmf);
		json_decref(action);
		bench_run_file_free(&run);
		free(path);
	}
	ru_tear_down_temp();
}
END_TEST

START_TEST(a_counted_run_in_both_formats)
{
	ru_set_up_temp();
	char *run_path = ru_write_pending_run("run.json");
	free(ru_write_dump("callgrind.out.1", BENCH_CALLGRIND_PROBE, "Ir",
	                   "0"));
	free(ru_write_dump("callgrind.out.2", "tCreate5Int32/A", "Ir", "1000"));
	free(ru_write_dump("callgrind.out.3", "tCreate5Int32/H", "Ir", "1015"));
	free(ru_write_dump("callgrind.out.4", "tCreate5Int32/Floor", "Ir", "200"));
	free(ru_write_dump("callgrind.out.5", "tCreate50Int32/A", "Ir", "400"));
	free(ru_write_dump("callgrind.out.6", "tCreate50Int32/H", "Ir", "800"));
	free(ru_write_dump("callgrind.out.7", "tCreate50Int32/I", "Ir", "600"));
	char *bmf = ru_temp_path("counts.bmf.json");
	char *action = ru_temp_path("counts.action.json");
	const char *const formats[2][2] = {{"bmf", bmf}, {"github-action", action}};
	for (int f = 0; f < 2; f++) {
		struct bench_capture run = hu_run(
			ru_any_backend, 1, NULL, "read-callgrind", run_path,
			ru_temp_dir, "--format", formats[f][0], "--out",
			formats[f][1], NULL);
		ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
		hu_capture_free(&run);
	}
	const char *const bmf_files[] = {bmf, NULL};
	const char *const action_files[] = {action, NULL};
	ru_assert_schema("bmf.schema.json", false, bmf_files);
	ru_assert_schema("github-action.schema.json", false, action_files);
	json_t *root = load_written(bmf);
	/* 1000 instructions over 10 operations; I's tCreate5Int32 failed. */
	ck_assert_double_eq(metric(root, "tCreate5Int32/A", "instructions",
	                           "value"), 100);
	ck_assert_ptr_null(json_object_get(root, "tCreate5Int32/I"));
	ck_assert_uint_eq(json_object_size(root), 6);
	json_decref(root);
	struct bench_capture run = hu_run(ru_any_backend, 1, NULL,
	                                  "read-callgrind", run_path, ru_temp_dir,
	                                  "--format", "md", NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_USAGE);
	hu_capture_free(&run);
	free(bmf);
	free(action);
	free(run_path);
	ru_tear_down_temp();
}
END_TEST

Suite *
make_trackers_suite(void)
{
	Suite *suite = suite_create("trackers");
	TCase *tc = tcase_create("fixtures");
	tcase_add_test(tc, fixtures_follow_their_schemas);
	tcase_add_test(tc, a_run_in_both_formats);
	tcase_add_test(tc, a_file_maps_to_its_figures);
	tcase_add_test(tc, a_counted_run_in_both_formats);
	/* Python starts in a second or so per validation. */
	tcase_set_timeout(tc, 120);
	suite_add_tcase(suite, tc);
	return suite;
}
