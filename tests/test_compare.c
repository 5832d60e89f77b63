/*
 * test_compare.c - `bench compare` of harness/tracking/compare.c, the regression
 * gate (harness/README.md §5.3), on constructed results files
 * (results_util.h): the thresholds (2 % and 20 instructions; 10 % for
 * times; --threshold), the order of the table, new, removed, not-run and
 * ERR cells, the notes on differing builds and on the glibc pin
 * (harness/README.md §5.4), a schema 1 baseline, and every kind of
 * unusable input with exit 1 and bad usage with exit 2.
 */
#include "suites.h"

#include "exit_codes.h"
#include "harness_util.h"
#include "results_util.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

START_TEST(same_file_exits_0_listing_every_cell)
{
	ru_set_up_temp();
	const struct ru_cell cells[] = {
		{"tCreate5Int32", "R5", 1000, NULL},
		{"tCreate5Int32", "Message4", 2000, NULL},
		{"tCreate5Int32", "Floor", 20, NULL},
	};
	char *path = ru_write_results("a.json", "instructions", "GCC 12.2.0", cells, 3);
	struct bench_capture run = ru_compare(path, path, NULL, NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	ru_assert_marked(run.out, "ok",
	                 "tCreate5Int32/R5\ntCreate5Int32/Message4\n"
	                 "tCreate5Int32/Floor\n");
	ck_assert_ptr_nonnull(strstr(run.out, "0 of 3 cells regressed"));
	ck_assert_ptr_null(strstr(run.out, "note:"));
	ck_assert_str_eq(run.err, "");
	hu_capture_free(&run);
	free(path);
	ru_tear_down_temp();
}
END_TEST

START_TEST(instructions_regress_beyond_2_percent_and_20_instructions)
{
	ru_set_up_temp();
	const struct ru_cell before[] = {
		{"tCreate5Int32", "A", 1000, NULL}, /* +21 = 2.1 %: regressed */
		{"tCreate5Int32", "B", 1000, NULL}, /* +20 = 2.0 %: within */
		{"tCreate50Int32", "A", 100, NULL},  /* +19 = 19 %: under 20 instructions */
		{"tCreate50Int32", "B", 100, NULL},  /* +21 = 21 %: regressed, the largest */
		{"tCreate500Int32", "A", 5000, NULL}, /* -200: improved */
		{"tCreate500Int32", "B", 5000, NULL},
	};
	const struct ru_cell after[] = {
		{"tCreate5Int32", "A", 1021, NULL},
		{"tCreate5Int32", "B", 1020, NULL},
		{"tCreate50Int32", "A", 119, NULL},
		{"tCreate50Int32", "B", 121, NULL},
		{"tCreate500Int32", "A", 4800, NULL},
		{"tCreate500Int32", "B", 5000, NULL},
	};
	char *a = ru_write_results("a.json", "instructions", "GCC 12.2.0", before, 6);
	char *b = ru_write_results("b.json", "instructions", "GCC 12.2.0", after, 6);
	struct bench_capture run = ru_compare(a, b, NULL, NULL);
	ck_assert_msg(run.status == BENCH_EXIT_REGRESSED, "exit %d: %s",
	              run.status, run.err);
	/* Regressions first, the largest relative growth first. */
	ru_assert_marked(run.out, "REGRESSED", "tCreate50Int32/B\ntCreate5Int32/A\n");
	ru_assert_marked(run.out, "ok", "tCreate50Int32/A\ntCreate5Int32/B\n"
	                             "tCreate500Int32/B\n");
	ru_assert_marked(run.out, "improved", "tCreate500Int32/A\n");
	ck_assert(strstr(run.out, "REGRESSED") < strstr(run.out, "\nok "));
	ck_assert(strstr(run.out, "\nok ") < strstr(run.out, "improved"));
	ck_assert_ptr_nonnull(strstr(run.out, "+21.0%"));
	ck_assert_ptr_nonnull(strstr(run.err, "2 cells regressed"));
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	hu_capture_free(&run);

	/* --threshold moves the percentage; the 20 instructions stay. */
	run = ru_compare(a, b, "--threshold", "25");
	ck_assert_int_eq(run.status, 0);
	ru_assert_marked(run.out, "REGRESSED", "");
	hu_capture_free(&run);
	run = ru_compare(a, b, "--threshold=0", NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_REGRESSED);
	ru_assert_marked(run.out, "REGRESSED", "tCreate50Int32/B\ntCreate5Int32/A\n");
	hu_capture_free(&run);
	free(a);
	free(b);
	ru_tear_down_temp();
}
END_TEST

START_TEST(times_regress_beyond_10_percent)
{
	ru_set_up_temp();
	const struct ru_cell before[] = {
		{"tCreate5Int32", "A", 100, NULL},
		{"tCreate5Int32", "B", 100, NULL},
		{"tCreate5Int32", "C", 4, NULL},
	};
	const struct ru_cell after[] = {
		{"tCreate5Int32", "A", 109, NULL}, /* within 10 % */
		{"tCreate5Int32", "B", 111, NULL}, /* beyond */
		{"tCreate5Int32", "C", 5, NULL},   /* +25 %: no absolute floor for times */
	};
	char *a = ru_write_results("a.json", "ns", "GCC 12.2.0", before, 3);
	char *b = ru_write_results("b.json", "ns", "GCC 12.2.0", after, 3);
	struct bench_capture run = ru_compare(a, b, NULL, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_REGRESSED);
	ru_assert_marked(run.out, "REGRESSED", "tCreate5Int32/C\ntCreate5Int32/B\n");
	ru_assert_marked(run.out, "ok", "tCreate5Int32/A\n");
	hu_capture_free(&run);
	run = ru_compare(a, b, "--threshold", "30%");
	ck_assert_int_eq(run.status, 0);
	hu_capture_free(&run);
	free(a);
	free(b);
	ru_tear_down_temp();
}
END_TEST

START_TEST(new_and_removed_cells_fail_unless_allowed)
{
	ru_set_up_temp();
	const struct ru_cell before[] = {
		{"tCreate5Int32", "A", 100, NULL},
		{"tCreate5Int32", "Old", 100, NULL},
		{"tRead5Int32", "A", 100, NULL},
		{"tRead5Int32", "Old", 100, NULL},
	};
	const struct ru_cell after[] = {
		{"tCreate5Int32", "A", 100, NULL},
		{"tCreate5Int32", "Sixth", 900, NULL},
		{"tRead50Int32", "A", 100, NULL},
		{"tRead50Int32", "Sixth", 100, NULL},
	};
	char *a = ru_write_results("a.json", "instructions", "GCC 12.2.0", before, 4);
	char *b = ru_write_results("b.json", "instructions", "GCC 12.2.0", after, 4);
	struct bench_capture run = ru_compare(a, b, NULL, NULL);
	ck_assert_msg(run.status == BENCH_EXIT_CELLS_CHANGED, "exit %d: %s",
	              run.status, run.err);
	ru_assert_marked(run.out, "new",
	                 "tCreate5Int32/Sixth\ntRead50Int32/A\n"
	                 "tRead50Int32/Sixth\n");
	ru_assert_marked(run.out, "removed",
	                 "tCreate5Int32/Old\ntRead5Int32/A\ntRead5Int32/Old\n");
	ru_assert_marked(run.out, "ok", "tCreate5Int32/A\n");
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

	run = ru_compare(a, b, "--allow-new", NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	ck_assert_ptr_nonnull(strstr(run.out, "allowed by --allow-new"));
	ck_assert_ptr_null(strstr(run.out, "not run"));
	ck_assert_str_eq(run.err, "");
	hu_capture_free(&run);
	/* A regression is more serious than a new cell. */
	const struct ru_cell slower[] = {
		{"tCreate5Int32", "A", 200, NULL},
		{"tCreate5Int32", "Sixth", 900, NULL},
		{"tRead50Int32", "A", 100, NULL},
		{"tRead50Int32", "Sixth", 100, NULL},
	};
	char *c = ru_write_results("c.json", "instructions", "GCC 12.2.0", slower, 4);
	run = ru_compare(a, c, NULL, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_REGRESSED);
	hu_capture_free(&run);
	free(a);
	free(b);
	free(c);
	ru_tear_down_temp();
}
END_TEST

START_TEST(cells_of_backends_not_built_are_not_run)
{
	/* A baseline with an original, a current run whose build lacked its
	 * Haiku tree: its cells are "not run", listed, and pass the gate; a
	 * backend merely missing is still "removed". */
	ru_set_up_temp();
	const struct ru_cell before[] = {
		{"tCreate5Int32", "A", 100, NULL},
		{"tCreate5Int32", "Gone", 100, NULL},
		{"tCreate5Int32", "Haiku-original", 300, NULL},
	};
	const struct ru_cell after[] = {{"tCreate5Int32", "A", 100, NULL}};
	char *a = ru_write_results("a.json", "instructions", "GCC", before, 3);
	json_t *root = ru_results_document("instructions", "GCC", after, 1, false);
	json_object_set_new(json_object_get(root, "context"), "skipped_backends",
	                    json_pack("[{s:s, s:s}]", "name", "Haiku-original",
	                              "why", "no -DBENCH_HAIKU_TREE given"));
	char *b = ru_write_document("b.json", root);
	struct bench_capture run = ru_compare(a, b, NULL, NULL);
	ck_assert_msg(run.status == BENCH_EXIT_CELLS_CHANGED, "exit %d: %s",
	              run.status, run.err);
	ru_assert_marked(run.out, "removed", "tCreate5Int32/Gone\n");
	ru_assert_marked(run.out, "not-run", "tCreate5Int32/Haiku-original\n");
	ck_assert_ptr_nonnull(strstr(run.out, "Haiku-original"));
	ck_assert_ptr_nonnull(strstr(run.out, "1 cells of backends the current "
	                                      "build does not have were not run"));
	hu_capture_free(&run);
	/* Only the not-run cell: the gate passes. */
	const struct ru_cell kept[] = {
		{"tCreate5Int32", "A", 100, NULL},
		{"tCreate5Int32", "Haiku-original", 300, NULL},
	};
	char *c = ru_write_results("c.json", "instructions", "GCC", kept, 2);
	run = ru_compare(c, b, NULL, NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	ck_assert_ptr_nonnull(strstr(run.out, "not built here"));
	hu_capture_free(&run);
	free(a);
	free(b);
	free(c);
	ru_tear_down_temp();
}
END_TEST

START_TEST(err_in_current_exits_1_even_with_regressions)
{
	ru_set_up_temp();
	const struct ru_cell before[] = {
		{"tCreate5Int32", "A", 100, NULL},
		{"tCreate5Int32", "B", 100, NULL},
		{"tCreate5Int32", "C", 0, "before timing: broken"},
	};
	const struct ru_cell after[] = {
		{"tCreate5Int32", "A", 0, "after the counted sample: wrong item 3"},
		{"tCreate5Int32", "B", 500, NULL},
		{"tCreate5Int32", "C", 100, NULL},
	};
	char *a = ru_write_results("a.json", "instructions", "GCC 12.2.0", before, 3);
	char *b = ru_write_results("b.json", "instructions", "GCC 12.2.0", after, 3);
	struct bench_capture run = ru_compare(a, b, NULL, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_FAILED);
	ru_assert_marked(run.out, "ERR", "tCreate5Int32/A\n");
	ru_assert_marked(run.out, "REGRESSED", "tCreate5Int32/B\n");
	ru_assert_marked(run.out, "fixed", "tCreate5Int32/C\n");
	ck_assert(strstr(run.out, "\nERR ") < strstr(run.out, "REGRESSED"));
	ck_assert_ptr_nonnull(strstr(run.out, "tCreate5Int32/A failed: after the counted "
	                                      "sample: wrong item 3"));
	ck_assert_ptr_nonnull(strstr(run.err, "1 ERR cell"));
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	hu_capture_free(&run);

	/* An ERR only in the baseline does not fail the gate. */
	run = ru_compare(b, a, NULL, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_FAILED); /* a has ERR in C */
	hu_capture_free(&run);
	const struct ru_cell fine[] = {
		{"tCreate5Int32", "A", 100, NULL},
		{"tCreate5Int32", "B", 500, NULL},
		{"tCreate5Int32", "C", 100, NULL},
	};
	char *c = ru_write_results("c.json", "instructions", "GCC 12.2.0", fine, 3);
	run = ru_compare(b, c, NULL, NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	ru_assert_marked(run.out, "fixed", "tCreate5Int32/A\n");
	hu_capture_free(&run);
	free(a);
	free(b);
	free(c);
	ru_tear_down_temp();
}
END_TEST

START_TEST(a_different_build_is_noted_above_the_table)
{
	ru_set_up_temp();
	const struct ru_cell cells[] = {{"tCreate5Int32", "A", 100, NULL}};
	char *a = ru_write_results("a.json", "instructions", "GCC 12.2.0", cells, 1);
	char *b = ru_write_results("b.json", "instructions", "clang 14.0.6", cells, 1);
	struct bench_capture run = ru_compare(a, b, NULL, NULL);
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
	ru_tear_down_temp();
}
END_TEST

/* A file of backend A, with `version` as its library's version (none for
 * NULL). */
static char *
write_library_run(const char *name, const char *version)
{
	const struct ru_cell cells[] = {{"tCreate5Int32", "A", 100, NULL}};
	json_t *root = ru_results_document("instructions", "GCC 12.2.0", cells,
	                                   1, false);
	json_t *backend = json_array_get(json_object_get(root, "backends"), 0);
	json_object_set_new(backend, "kind", json_string("library"));
	if (version != NULL)
		json_object_set_new(backend, "library_version",
		                    json_string(version));
	return ru_write_document(name, root);
}

/* A Debian update of a library moves its counts: one line says so. */
START_TEST(a_different_library_is_noted_above_the_table)
{
	ru_set_up_temp();
	char *a = write_library_run("a.json", "1.23.1");
	char *b = write_library_run("b.json", "1.24.0");
	char *c = write_library_run("c.json", NULL);
	struct bench_capture run = ru_compare(a, b, NULL, NULL);
	ck_assert_int_eq(run.status, 0);
	const char *note = strstr(run.out, "note: A's library differs: "
	                                   "baseline \"1.23.1\", current "
	                                   "\"1.24.0\"");
	ck_assert_msg(note != NULL, "%s", run.out);
	ck_assert(note < strstr(run.out, "status"));
	hu_capture_free(&run);
	/* The same version, or a file that names none: no note. */
	const char *pairs[][2] = {{a, a}, {a, c}, {c, b}};
	for (size_t i = 0; i < 3; i++) {
		run = ru_compare(pairs[i][0], pairs[i][1], NULL, NULL);
		ck_assert_int_eq(run.status, 0);
		ck_assert_msg(strstr(run.out, "library differs") == NULL, "%s",
		              run.out);
		hu_capture_free(&run);
	}
	free(a);
	free(b);
	free(c);
	ru_tear_down_temp();
}
END_TEST

/* 15 samples around `median`: spread by `spread` either way, in an order
 * that mixes low and high ones. */
static json_t *
samples_around(double median, double spread)
{
	static const int offsets[15] = {0, -7, 7, -3, 3, -6, 6, -1, 1, -5, 5,
	                                -2, 2, -4, 4};
	json_t *samples = json_array();
	for (size_t k = 0; k < 15; k++)
		json_array_append_new(samples,
		                      json_real(median + spread * offsets[k] / 7));
	return samples;
}

/* A schema 4 timing run of backends A, B, C, D on tCreate5Int32, each
 * cell's samples spread around its median (spreads[i]); `context` is
 * merged into the run's context. */
static char *
write_sampled(const char *name, const double medians[4],
              const double spreads[4], json_t *context)
{
	static const char *const names[4] = {"A", "B", "C", "D"};
	struct ru_cell cells[4];
	for (size_t i = 0; i < 4; i++)
		cells[i] = (struct ru_cell){"tCreate5Int32", names[i],
		                            medians[i], NULL};
	json_t *root =
		ru_quiet_run(ru_results_document("ns", "GCC 12.2.0", cells, 4, false));
	json_t *own = json_object_get(root, "context");
	if (context != NULL)
		json_object_update(own, context);
	json_decref(context);
	json_t *row = json_array_get(json_object_get(root, "rows"), 0);
	for (size_t i = 0; i < 4; i++)
		json_object_set_new(json_object_get(json_object_get(row, "cells"),
		                                    names[i]),
		                    "samples", samples_around(medians[i],
		                                              spreads[i]));
	return ru_write_document(name, root);
}

START_TEST(times_are_flagged_only_when_their_samples_moved)
{
	/* harness/README.md §5.3: a time regresses when its median grew
	 * beyond the threshold and the rank test of the samples gives p
	 * below 0.05; it improves likewise. A: +20 %, samples apart
	 * (regressed). B: +20 % in the median, samples spread far wider
	 * (not flagged). C: +5 %, samples apart (within the threshold). D:
	 * -20 %, samples apart (improved). */
	ru_set_up_temp();
	const double before[4] = {100, 100, 100, 100};
	const double after[4] = {120, 120, 105, 80};
	const double tight[4] = {1, 1, 1, 1};
	const double b_wide[4] = {1, 90, 1, 1};
	char *a = write_sampled("a.json", before, b_wide, NULL);
	char *b = write_sampled("b.json", after, b_wide, NULL);
	struct bench_capture run = ru_compare(a, b, NULL, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_REGRESSED);
	ru_assert_marked(run.out, "REGRESSED", "tCreate5Int32/A\n");
	ru_assert_marked(run.out, "ok", "tCreate5Int32/B\ntCreate5Int32/C\n");
	ru_assert_marked(run.out, "improved", "tCreate5Int32/D\n");
	ck_assert_ptr_nonnull(strstr(run.out, "its samples moved: the "
	                                      "Mann-Whitney U test"));
	/* The p-value of every cell compared. */
	ck_assert_ptr_nonnull(strstr(run.out, "change %        p\n"));
	ck_assert_ptr_nonnull(strstr(run.out, "+20.0%  3.4e-06\n"));
	/* Both quiet, both of schema 4: no note. */
	ck_assert_ptr_null(strstr(run.out, "note:"));
	hu_capture_free(&run);
	free(b);
	/* The same medians with tight samples everywhere: B regresses. */
	b = write_sampled("b2.json", after, tight, NULL);
	char *a2 = write_sampled("a2.json", before, tight, NULL);
	run = ru_compare(a2, b, NULL, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_REGRESSED);
	ru_assert_marked(run.out, "REGRESSED", "tCreate5Int32/A\n"
	                                       "tCreate5Int32/B\n");
	hu_capture_free(&run);
	free(a);
	free(a2);
	free(b);
	ru_tear_down_temp();
}
END_TEST

START_TEST(times_say_first_what_the_runs_competed_with)
{
	/* A disturbed run, a file that cannot say (schema 2), another
	 * number of cores, too few samples for the rank test: each a note
	 * above the table, for times only. */
	ru_set_up_temp();
	const double medians[4] = {100, 100, 100, 100};
	const double spreads[4] = {1, 1, 1, 1};
	char *quiet = write_sampled("quiet.json", medians, spreads, NULL);
	char *loaded = write_sampled("loaded.json", medians, spreads,
	        json_pack("{s:{s:s, s:s}, s:i}", "conditions", "verdict",
	                  "disturbed", "reasons",
	                  "19.0% of the samples were retaken", "cores", 4));
	struct bench_capture run = ru_compare(quiet, loaded, NULL, NULL);
	ck_assert_int_eq(run.status, 0);
	const char *note = strstr(run.out, "note: the current run was disturbed "
	                                   "(19.0% of the samples were "
	                                   "retaken): its times may not hold");
	ck_assert_msg(note != NULL, "%s", run.out);
	ck_assert(note < strstr(run.out, "status"));
	ck_assert_ptr_null(strstr(run.out, "baseline run was disturbed"));
	ck_assert_ptr_nonnull(strstr(run.out, "note: the number of cores "
	                                      "differs: baseline \"2\", current "
	                                      "\"4\""));
	hu_capture_free(&run);

	const struct ru_cell cells[] = {{"tCreate5Int32", "A", 100, NULL},
	                                {"tCreate5Int32", "B", 100, NULL},
	                                {"tCreate5Int32", "C", 100, NULL},
	                                {"tCreate5Int32", "D", 100, NULL}};
	char *old = ru_write_results("old.json", "ns", "GCC 12.2.0", cells, 4);
	run = ru_compare(old, quiet, NULL, NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_nonnull(strstr(run.out, "note: the baseline file (schema "
	                                      "2) cannot say whether its run "
	                                      "was disturbed\n"));
	ck_assert_ptr_null(strstr(run.out, "current file"));
	hu_capture_free(&run);

	char *few = write_sampled("few.json", medians, spreads,
	        json_pack("{s:{s:b, s:i, s:f, s:i, s:b}}", "options", "all", 1,
	                  "repetitions", 3, "min_time_ms", 0.1, "seed", 2005,
	                  "quick", 1));
	run = ru_compare(few, few, NULL, NULL);
	ck_assert_ptr_nonnull(strstr(run.out, "note: with 3 and 3 samples a "
	                                      "cell the rank test cannot reach "
	                                      "p below 0.05"));
	hu_capture_free(&run);

	/* Counted instructions say nothing of it. */
	char *counted = ru_write_results("counted.json", "instructions",
	                                 "GCC 12.2.0", cells, 4);
	run = ru_compare(counted, counted, NULL, NULL);
	ck_assert_ptr_null(strstr(run.out, "disturbed"));
	ck_assert_ptr_null(strstr(run.out, "  p\n"));
	hu_capture_free(&run);
	free(counted);
	free(few);
	free(old);
	free(quiet);
	free(loaded);
	ru_tear_down_temp();
}
END_TEST

/* Runs compare and expects exit `status` with one line on stderr holding
 * `words`. */
static void
expect_refused(int status, const char *a, const char *b, const char *option,
               const char *value, const char *words)
{
	struct bench_capture run = ru_compare(a, b, option, value);
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
	ru_set_up_temp();
	const struct ru_cell cells[] = {{"tCreate5Int32", "A", 100, NULL}};
	char *good = ru_write_results("good.json", "instructions", "GCC", cells, 1);
	char *times = ru_write_results("times.json", "ns", "GCC", cells, 1);
	char *odd = ru_write_document("odd.json", ru_results_document("furlongs", "GCC",
	                                                              cells, 1, false));
	char *broken = ru_write_temp("broken.json", "{\"schema\": 1, \"rows\": [");
	char *other = ru_write_temp("other.json", "{\"schema\": 2, \"unit\": "
	                                       "\"ns\", \"rows\": []}");
	char *future = ru_write_temp("future.json", "{\"schema\": 99, \"unit\": "
	                                        "\"ns\"}");
	json_t *pending_run = ru_results_document("instructions", "GCC", cells, 1,
	                                          true);
	char *pending = ru_write_document("pending.json", pending_run);
	char *missing = ru_temp_path("missing.json");
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
	ru_tear_down_temp();
}
END_TEST

START_TEST(a_schema_1_baseline_is_read)
{
	/* A baseline written before backend kinds and workloads: "haiku"
	 * per backend, "op", "items" and "type" per row. */
	ru_set_up_temp();
	const struct ru_cell cells[] = {
		{"tCreate5Int32", "A", 100, NULL},
		{"tCreate5Int32", "B", 200, NULL},
	};
	json_t *root = ru_results_document("instructions", "GCC", cells, 2, false);
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
	char *old = ru_write_document("old.json", root);
	char *now = ru_write_results("now.json", "instructions", "GCC", cells, 2);
	struct bench_capture run = ru_compare(old, now, NULL, NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	ru_assert_marked(run.out, "ok", "tCreate5Int32/A\ntCreate5Int32/B\n");
	ck_assert_ptr_nonnull(strstr(run.out, "0 new, 0 removed"));
	hu_capture_free(&run);
	free(old);
	free(now);
	ru_tear_down_temp();
}
END_TEST

/* A results file of instruction counts on `cpu`, with a pin (NULL: none)
 * that was checked. */
static char *
write_pinned(const char *name, const char *cpu, const char *pin)
{
	const struct ru_cell cells[] = {{"tCreate5Int32", "A", 100, NULL}};
	json_t *root = ru_results_document("instructions", "GCC 12.2.0", cells, 1,
	                                   false);
	json_t *context = json_object_get(root, "context");
	json_object_set_new(context, "cpu", json_string(cpu));
	if (pin != NULL) {
		json_object_set_new(context, "glibc_tunables", json_string(pin));
		json_object_set_new(context, "glibc_pin",
		                    json_string("6 names masked and inactive"));
	}
	return ru_write_document(name, root);
}

START_TEST(the_same_pin_drops_the_cpu_note)
{
	ru_set_up_temp();
	char *intel = write_pinned("intel.json", "Intel Xeon", RU_PIN);
	char *amd = write_pinned("amd.json", "AMD EPYC", RU_PIN);
	char *bare = write_pinned("bare.json", "AMD EPYC", NULL);
	char *other = write_pinned("other.json", "AMD EPYC",
	                           "glibc.cpu.hwcaps=-AVX2");
	struct bench_capture run = ru_compare(intel, amd, NULL, NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_null(strstr(run.out, "note:"));
	hu_capture_free(&run);
	/* No pin on one side: the CPU note, and one about the pin. */
	run = ru_compare(bare, intel, NULL, NULL);
	ck_assert_ptr_nonnull(strstr(run.out, "note: the CPU differs"));
	ck_assert_ptr_nonnull(strstr(run.out, "note: the glibc pin differs: "
	                                      "baseline none"));
	hu_capture_free(&run);
	run = ru_compare(other, intel, NULL, NULL);
	ck_assert_ptr_nonnull(strstr(run.out, "note: the CPU differs"));
	ck_assert_ptr_nonnull(strstr(run.out, "note: the glibc pin differs"));
	hu_capture_free(&run);
	/* The same pin on the same CPU: no note at all. */
	run = ru_compare(amd, amd, NULL, NULL);
	ck_assert_ptr_null(strstr(run.out, "note:"));
	hu_capture_free(&run);
	free(intel);
	free(amd);
	free(bare);
	free(other);
	ru_tear_down_temp();
}
END_TEST

/* --format md: the summary for a review lists the regressed cell alone
 * under "Regressed", the improved one under "Improved", and the notes. */
START_TEST(markdown_summary_for_a_review)
{
	ru_set_up_temp();
	const struct ru_cell before[] = {
		{"tCreate5Int32", "R5", 1000, NULL},
		{"tCreate5Int32", "Message4", 2000, NULL},
		{"tCreate50Int32", "R5", 10000, NULL},
		{"tCreate50Int32", "Message4", 20000, NULL},
	};
	/* Message4's tCreate5Int32 +5 %, R5's tCreate50Int32 -10 %, R5's
	 * tCreate5Int32 +1.5 %: within. */
	const struct ru_cell after[] = {
		{"tCreate5Int32", "R5", 1015, NULL},
		{"tCreate5Int32", "Message4", 2100, NULL},
		{"tCreate50Int32", "R5", 9000, NULL},
		{"tCreate50Int32", "Message4", 20000, NULL},
	};
	char *a = ru_write_results("a.json", "instructions", "GCC 12.2.0",
	                           before, 4);
	char *b = ru_write_results("b.json", "instructions", "GCC 13.1.0",
	                           after, 4);
	struct bench_capture run = ru_compare(a, b, "--format", "md");
	ck_assert_msg(run.status == BENCH_EXIT_REGRESSED, "exit %d: %s",
	              run.status, run.err);
	const char *out = run.out;
	ck_assert_msg(strncmp(out, "### Regressed: 1 cell grew", 26) == 0, "%s",
	              out);
	const char *regressed = strstr(out, "**Regressed**");
	const char *improved = strstr(out, "**Improved**");
	const char *notes = strstr(out, "**Notes**");
	ck_assert_ptr_nonnull(regressed);
	ck_assert_ptr_nonnull(improved);
	ck_assert_ptr_nonnull(notes);
	const char *line = strstr(out, "| tCreate5Int32 | Message4 | 2000 | "
	                               "2100 | +5.0% |");
	ck_assert_msg(line != NULL && line > regressed && line < improved, "%s",
	              out);
	line = strstr(out, "| tCreate50Int32 | R5 | 10000 | 9000 | -10.0% |");
	ck_assert_msg(line != NULL && line > improved && line < notes, "%s", out);
	ck_assert_ptr_null(strstr(out, "| tCreate5Int32 | R5 |"));
	ck_assert_ptr_nonnull(strstr(notes, "- the compiler differs"));
	hu_capture_free(&run);
	/* Nothing regressed: the verdict says so, the lists say none. */
	run = ru_compare(a, a, "--format", "md");
	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_nonnull(strstr(run.out, "### Passed: no cell regressed"));
	ck_assert_ptr_nonnull(strstr(run.out, "**Regressed**\n\nNone."));
	hu_capture_free(&run);
	run = ru_compare(a, b, "--format", "csv");
	ck_assert_int_eq(run.status, BENCH_EXIT_USAGE);
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	hu_capture_free(&run);
	free(a);
	free(b);
	ru_tear_down_temp();
}
END_TEST

Suite *
make_compare_suite(void)
{
	Suite *suite = suite_create("compare");
	TCase *tc = tcase_create("compare");
	tcase_add_test(tc, same_file_exits_0_listing_every_cell);
	tcase_add_test(tc, instructions_regress_beyond_2_percent_and_20_instructions);
	tcase_add_test(tc, times_regress_beyond_10_percent);
	tcase_add_test(tc, times_are_flagged_only_when_their_samples_moved);
	tcase_add_test(tc, times_say_first_what_the_runs_competed_with);
	tcase_add_test(tc, new_and_removed_cells_fail_unless_allowed);
	tcase_add_test(tc, cells_of_backends_not_built_are_not_run);
	tcase_add_test(tc, err_in_current_exits_1_even_with_regressions);
	tcase_add_test(tc, a_different_build_is_noted_above_the_table);
	tcase_add_test(tc, a_different_library_is_noted_above_the_table);
	tcase_add_test(tc, unusable_input_exits_1_and_bad_usage_2_saying_why);
	tcase_add_test(tc, a_schema_1_baseline_is_read);
	tcase_add_test(tc, the_same_pin_drops_the_cpu_note);
	tcase_add_test(tc, markdown_summary_for_a_review);
	suite_add_tcase(suite, tc);
	return suite;
}
