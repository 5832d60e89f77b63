/*
 * test_replacement.c - whether the canonical run replaces the committed
 * results (harness/README.md §6.4), on constructed runs and committed
 * files: only a quiet run with every committed backend replaces them,
 * each reason is said, and --replace-results replaces them anyway.
 */
#include "suites.h"

#include "replacement.h"

#include <string.h>

static const char *const all_ten[] = {
	"R5", "Message1", "Message2", "Message3", "Message4", "Message5",
	"Haiku-original", "Message1-2005", "Message2-2005", "Message3-2005",
};
static const char *const six[] = {
	"R5", "Message1", "Message2", "Message3", "Message4", "Message5",
};
static const struct bm_skipped_backend no_trees[] = {
	{"Haiku-original", "no Haiku tree"},
	{"Message1-2005", "no Haiku tree of 2005"},
	{"Message2-2005", "no Haiku tree of 2005"},
	{"Message3-2005", "no Haiku tree of 2005"},
};

static const struct bench_committed committed_ten = {
	.state = BENCH_COMMITTED_READ,
	.path = "results/latest.json",
	.backends = all_ten,
	.backend_count = 10,
};

/* A quiet run of all ten backends. */
static struct bench_replacing_run
quiet_ten(void)
{
	return (struct bench_replacing_run){
		.backends = all_ten,
		.backend_count = 10,
		.verdict = BENCH_RUN_QUIET,
	};
}

static char why[1024];

START_TEST(a_quiet_run_with_every_backend_replaces)
{
	struct bench_replacing_run run = quiet_ten();
	ck_assert(bench_replacement_decide(&committed_ten, &run, false, why,
	                                   sizeof why));
	ck_assert_str_eq(why, "");
	/* Nothing committed yet: nothing to keep. */
	const struct bench_committed absent = {
		.state = BENCH_COMMITTED_ABSENT, .path = "results/latest.json"};
	ck_assert(bench_replacement_decide(&absent, &run, false, why,
	                                   sizeof why));
	ck_assert_str_eq(why, "");
	/* A backend the committed results lack (a new design) is no reason. */
	const struct bench_committed committed_six = {
		.state = BENCH_COMMITTED_READ, .path = "results/latest.json",
		.backends = six, .backend_count = 6};
	ck_assert(bench_replacement_decide(&committed_six, &run, false, why,
	                                   sizeof why));
	ck_assert_str_eq(why, "");
}
END_TEST

START_TEST(a_run_without_the_trees_keeps_them_and_says_why)
{
	/* A clone without the Haiku trees builds six backends of ten. */
	struct bench_replacing_run run = quiet_ten();
	run.backends = six;
	run.backend_count = 6;
	run.skipped = no_trees;
	run.skipped_count = 4;
	ck_assert(!bench_replacement_decide(&committed_ten, &run, false, why,
	                                    sizeof why));
	ck_assert_str_eq(why, "it lacks Haiku-original, Message1-2005, "
	                      "Message2-2005, Message3-2005, which "
	                      "results/latest.json has (not built: no Haiku "
	                      "tree)");
	/* Forced, it replaces them; the reason is still given. */
	ck_assert(bench_replacement_decide(&committed_ten, &run, true, why,
	                                   sizeof why));
	ck_assert_ptr_nonnull(strstr(why, "it lacks Haiku-original"));
}
END_TEST

START_TEST(a_disturbed_or_unknown_run_keeps_them)
{
	struct bench_replacing_run run = quiet_ten();
	run.verdict = BENCH_RUN_DISTURBED;
	run.reasons = "19.0% of the samples were retaken";
	ck_assert(!bench_replacement_decide(&committed_ten, &run, false, why,
	                                    sizeof why));
	ck_assert_str_eq(why, "the run was disturbed (19.0% of the samples "
	                      "were retaken)");
	run.verdict = BENCH_RUN_UNKNOWN;
	ck_assert(!bench_replacement_decide(&committed_ten, &run, false, why,
	                                    sizeof why));
	ck_assert_str_eq(why, "whether the run was disturbed is unknown");
	/* Every reason, in one line. */
	run.verdict = BENCH_RUN_DISTURBED;
	run.backend_count = 9;
	ck_assert(!bench_replacement_decide(&committed_ten, &run, false, why,
	                                    sizeof why));
	ck_assert_str_eq(why, "the run was disturbed (19.0% of the samples "
	                      "were retaken); it lacks Message3-2005, which "
	                      "results/latest.json has");
}
END_TEST

START_TEST(a_build_with_the_test_only_regression_keeps_them)
{
	struct bench_replacing_run run = quiet_ten();
	run.injected = "Message4's Flatten writes its bytes twice";
	ck_assert(!bench_replacement_decide(&committed_ten, &run, false, why,
	                                    sizeof why));
	ck_assert_str_eq(why, "this bench was built with a test-only "
	                      "regression (Message4's Flatten writes its bytes "
	                      "twice)");
	run.injected = "";
	ck_assert(bench_replacement_decide(&committed_ten, &run, false, why,
	                                   sizeof why));
}
END_TEST

START_TEST(unreadable_committed_results_are_kept)
{
	const struct bench_committed broken = {
		.state = BENCH_COMMITTED_UNREADABLE,
		.path = "results/latest.json",
		.why = "line 3, column 1: not valid JSON",
	};
	struct bench_replacing_run run = quiet_ten();
	ck_assert(!bench_replacement_decide(&broken, &run, false, why,
	                                    sizeof why));
	ck_assert_str_eq(why, "the committed results cannot be read (line 3, "
	                      "column 1: not valid JSON)");
	ck_assert(bench_replacement_decide(&broken, &run, true, why,
	                                   sizeof why));
}
END_TEST

Suite *
make_replacement_suite(void)
{
	Suite *s = suite_create("replacement");
	TCase *tc = tcase_create("rule");
	tcase_add_test(tc, a_quiet_run_with_every_backend_replaces);
	tcase_add_test(tc, a_run_without_the_trees_keeps_them_and_says_why);
	tcase_add_test(tc, a_disturbed_or_unknown_run_keeps_them);
	tcase_add_test(tc, a_build_with_the_test_only_regression_keeps_them);
	tcase_add_test(tc, unreadable_committed_results_are_kept);
	suite_add_tcase(s, tc);
	return s;
}
