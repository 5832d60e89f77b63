/*
 * test_stability.c - `bench stability` (harness/tracking/stability.c) on
 * constructed runs (results_util.h, rated as schema 4 writes them): ties
 * and verdicts below the threshold per run, contradictions between two
 * runs of a group, sure in both or marked by the confidence rule
 * (harness/README.md §4.3), and every refusal with its exit status.
 */
#include "suites.h"

#include "exit_codes.h"
#include "harness_util.h"
#include "results_util.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* One row's verdicts in a constructed run: the Winner and its confidence
 * (-1: null), and the proposal P's standing (NULL: a tie). */
struct rated_row {
	const char *winner;
	double confidence;
	const char *standing;     /* "holds", "lost" or NULL */
	double standing_confidence;
};

/* A schema 4 run of A (reference), B (Haiku) and P (proposal) on two
 * tests, with the verdicts given; returns its path. */
static char *
write_rated(const char *name, const struct rated_row rows[2])
{
	const struct ru_cell cells[] = {
		{"tCreate5Int32", "A", 100, NULL},
		{"tCreate5Int32", "B", 100, NULL},
		{"tCreate5Int32", "P", 100, NULL},
		{"tCreate50Int32", "A", 100, NULL},
		{"tCreate50Int32", "B", 100, NULL},
		{"tCreate50Int32", "P", 100, NULL},
	};
	json_t *root =
		ru_quiet_run(ru_results_document("ns", "GCC 12.2.0", cells, 6, false));
	json_object_set_new(json_array_get(json_object_get(root, "backends"),
	                                   2),
	                    "kind", json_string("proposal"));
	for (size_t r = 0; r < 2; r++) {
		json_t *row = json_array_get(json_object_get(root, "rows"), r);
		json_object_set_new(row, "winner", json_string(rows[r].winner));
		json_object_set_new(row, "haiku_winner", json_string("B"));
		json_object_set_new(row, "winner_confidence",
		                    rows[r].confidence < 0
		                            ? json_null()
		                            : json_real(rows[r].confidence));
		json_t *standing = json_pack(
			"{s:f, s:b, s:n, s:o}", "ratio", 1.0, "holds",
			rows[r].standing == NULL ||
				strcmp(rows[r].standing, "holds") == 0,
			"floor_ratio", "confidence",
			rows[r].standing == NULL
				? json_null()
				: json_real(rows[r].standing_confidence));
		json_object_set_new(row, "vs_winner",
		                    json_pack("{s:o}", "P", standing));
	}
	return ru_write_document(name, root);
}

static struct bench_capture
stability(const char *a, const char *b, const char *c, const char *d)
{
	return hu_run(ru_any_backend, 1, NULL, "stability", a, b, c, d, NULL);
}

START_TEST(contradictions_are_sure_or_marked)
{
	ru_set_up_temp();
	/* tCreate5Int32: A sure in q1, B sure in q2 (a sure contradiction),
	 * a tie in q3 (none). tCreate50Int32: B at 0.90 in q1 against A in
	 * q2 (marked), B sure in q3 against q2's A (sure). */
	const struct rated_row q1[2] = {{"A", 0.99, "holds", 0.99},
	                                {"B", 0.90, "holds", 0.97}};
	const struct rated_row q2[2] = {{"B", 0.97, "lost", 0.6},
	                                {"A", 0.99, NULL, -1}};
	const struct rated_row q3[2] = {{"-", -1, "holds", 0.99},
	                                {"B", 0.999, "lost", 0.99}};
	char *a = write_rated("q1.json", q1);
	char *b = write_rated("q2.json", q2);
	char *c = write_rated("q3.json", q3);
	struct bench_capture run = stability("--quiet", a, b, c);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	ck_assert_str_eq(run.err, "");
	/* Per run: ties / below 95 %, Winner, Haiku Winner, P vs Winner. */
	ck_assert_msg(strstr(run.out, "q1.json (quiet): 0 / 1, 0 / 0, 0 / 0\n")
	              != NULL, "%s", run.out);
	ck_assert_ptr_nonnull(strstr(run.out, "q2.json (quiet): 0 / 0, 0 / 0, "
	                                      "1 / 1\n"));
	ck_assert_ptr_nonnull(strstr(run.out, "q3.json (quiet): 1 / 0, 0 / 0, "
	                                      "0 / 0\n"));
	ck_assert_ptr_nonnull(strstr(run.out, "  Winner: 3 in 3 pairs: 2 sure "
	                                      "in both runs, 1 marked"));
	ck_assert_ptr_nonnull(strstr(run.out, "  Haiku Winner: 0 in 3 pairs: "
	                                      "0 sure"));
	/* P: q1 holds / q2 lost (0.6: marked), q1 / q3 row 2 holds / lost
	 * (sure), q2 / q3 row 1 lost (0.6) / holds (marked). */
	ck_assert_ptr_nonnull(strstr(run.out, "  P vs Winner: 3 in 3 pairs: 1 "
	                                      "sure in both runs, 2 marked"));
	ck_assert_ptr_nonnull(strstr(run.out, "sure contradiction: "
	                                      "tCreate5Int32, Winner: A in "));
	ck_assert_ptr_null(strstr(run.out, "loaded runs"));
	hu_capture_free(&run);

	/* Groups are compared within themselves only. */
	run = stability("--quiet", a, "--loaded", b);
	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_nonnull(strstr(run.out, "  Winner: 0 in 0 pairs"));
	hu_capture_free(&run);
	free(a);
	free(b);
	free(c);
	ru_tear_down_temp();
}
END_TEST

START_TEST(unusable_runs_and_bad_usage_are_refused)
{
	ru_set_up_temp();
	const struct ru_cell cells[] = {{"tCreate5Int32", "A", 100, NULL}};
	char *old = ru_write_results("old.json", "ns", "GCC 12.2.0", cells, 1);
	struct bench_capture run = stability("--quiet", old, NULL, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_FAILED);
	ck_assert_ptr_nonnull(strstr(run.err, "old.json: not a timing run of "
	                                      "schema 4"));
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	hu_capture_free(&run);
	const struct rated_row q[2] = {{"A", 0.99, "holds", 0.99},
	                               {"B", 0.99, "holds", 0.99}};
	char *rated = write_rated("rated.json", q);
	run = stability("--quiet", rated, old, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_FAILED);
	hu_capture_free(&run);
	run = stability(rated, NULL, NULL, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(run.err, "unexpected argument"));
	hu_capture_free(&run);
	run = stability(NULL, NULL, NULL, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(run.err, "no runs given"));
	hu_capture_free(&run);
	run = stability("--help", NULL, NULL, NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_int_eq(strncmp(run.out, "usage: bench stability", 22), 0);
	ck_assert_str_eq(run.err, "");
	hu_capture_free(&run);
	free(old);
	free(rated);
	ru_tear_down_temp();
}
END_TEST

Suite *
make_stability_suite(void)
{
	Suite *s = suite_create("stability");
	TCase *tc = tcase_create("stability");
	tcase_add_test(tc, contradictions_are_sure_or_marked);
	tcase_add_test(tc, unusable_runs_and_bad_usage_are_refused);
	suite_add_tcase(s, tc);
	return s;
}
