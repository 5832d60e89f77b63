/*
 * test_conditions.c - the rule that calls a run quiet or disturbed
 * (harness/README.md §3.7) on constructed figures, each limit on both of
 * its sides, and the figures read from this machine's /proc.
 */
#include "suites.h"

#include "conditions.h"

#include <string.h>

/* A run of 10 s, 10000 samples, that nothing disturbed. */
static struct bench_conditions
quiet(void)
{
	return (struct bench_conditions){
		.load_start = {0.1, 0.1, 0.1},
		.load_end = {1.0, 0.5, 0.2},
		.busy_cores = 0.02,
		.wait_seconds = 0.01,
		.steal_seconds = 0.0,
		.cpu_seconds = 20.0,
		.mhz_start = -1,
		.mhz_end = -1,
		.wall_seconds = 10.0,
		.samples = 10000,
		.retaken = 30,
		.kept_disturbed = 0,
	};
}

static char reasons[512];

static enum bench_run_verdict
classify(struct bench_conditions c)
{
	return bench_conditions_classify(&c, reasons, sizeof reasons);
}

START_TEST(a_quiet_run_is_quiet_with_no_reason)
{
	ck_assert_int_eq(classify(quiet()), BENCH_RUN_QUIET);
	ck_assert_str_eq(reasons, "");
}
END_TEST

START_TEST(each_limit_disturbs_just_beyond_it_and_not_at_it)
{
	struct bench_conditions c = quiet();
	c.wait_seconds = BENCH_QUIET_WAIT_FRACTION * c.wall_seconds;
	ck_assert_int_eq(classify(c), BENCH_RUN_QUIET);
	c.wait_seconds *= 1.05;
	ck_assert_int_eq(classify(c), BENCH_RUN_DISTURBED);
	ck_assert_ptr_nonnull(strstr(reasons, "waited for a CPU"));

	c = quiet();
	c.steal_seconds = BENCH_QUIET_STEAL_FRACTION * c.cpu_seconds;
	ck_assert_int_eq(classify(c), BENCH_RUN_QUIET);
	c.steal_seconds *= 1.05;
	ck_assert_int_eq(classify(c), BENCH_RUN_DISTURBED);
	ck_assert_ptr_nonnull(strstr(reasons, "stole"));

	c = quiet();
	c.retaken = (size_t)(BENCH_QUIET_RETAKEN_FRACTION * (double)c.samples);
	ck_assert_int_eq(classify(c), BENCH_RUN_QUIET);
	c.retaken += 1;
	ck_assert_int_eq(classify(c), BENCH_RUN_DISTURBED);
	ck_assert_ptr_nonnull(strstr(reasons, "retaken"));

	c = quiet();
	c.kept_disturbed = (size_t)(BENCH_QUIET_KEPT_FRACTION * (double)c.samples);
	ck_assert_int_eq(classify(c), BENCH_RUN_QUIET);
	c.kept_disturbed += 1;
	ck_assert_int_eq(classify(c), BENCH_RUN_DISTURBED);
	ck_assert_ptr_nonnull(strstr(reasons, "stayed disturbed"));

	c = quiet();
	c.busy_cores = BENCH_QUIET_BUSY_CORES;
	ck_assert_int_eq(classify(c), BENCH_RUN_QUIET);
	c.busy_cores += 0.01;
	ck_assert_int_eq(classify(c), BENCH_RUN_DISTURBED);
	ck_assert_ptr_nonnull(strstr(reasons, "busy"));
}
END_TEST

START_TEST(a_loaded_run_gives_every_reason_in_one_line)
{
	/* Figures of a run beside two CPU-bound processes on two cores. */
	struct bench_conditions c = quiet();
	c.busy_cores = 1.9;
	c.wait_seconds = 1.2;
	c.retaken = 2962;
	c.kept_disturbed = 102;
	ck_assert_int_eq(classify(c), BENCH_RUN_DISTURBED);
	ck_assert_ptr_null(strchr(reasons, '\n'));
	ck_assert_ptr_nonnull(strstr(reasons, "12.0% of the time"));
	ck_assert_ptr_nonnull(strstr(reasons, "29.6% of the samples"));
	ck_assert_ptr_nonnull(strstr(reasons, "102 samples"));
	ck_assert_ptr_nonnull(strstr(reasons, "1.9 cores"));
	/* The load average alone judges nothing. */
	c = quiet();
	c.load_start[0] = c.load_end[0] = 3.8;
	ck_assert_int_eq(classify(c), BENCH_RUN_QUIET);
}
END_TEST

START_TEST(nothing_read_is_unknown)
{
	struct bench_conditions c = {
		.busy_cores = -1, .wait_seconds = -1, .steal_seconds = -1,
		.cpu_seconds = -1, .wall_seconds = 5,
	};
	ck_assert_int_eq(classify(c), BENCH_RUN_UNKNOWN);
	enum bench_run_verdict verdict;
	ck_assert(bench_run_verdict_from_word("disturbed", &verdict));
	ck_assert_int_eq(verdict, BENCH_RUN_DISTURBED);
	ck_assert_str_eq(bench_run_verdict_word(BENCH_RUN_QUIET), "quiet");
	ck_assert(!bench_run_verdict_from_word("calm", &verdict));
}
END_TEST

START_TEST(a_busy_machine_is_said_before_measuring)
{
	struct bench_conditions c = quiet();
	char line[128];
	ck_assert(!bench_conditions_busy(&c, 2, line, sizeof line));
	ck_assert_str_eq(line, "");
	c.busy_cores = 1.64;
	ck_assert(bench_conditions_busy(&c, 2, line, sizeof line));
	ck_assert_str_eq(line, "other processes kept 1.6 of 2 cores busy");
}
END_TEST

START_TEST(this_machine_gives_its_figures)
{
	struct bench_conditions_probe probe;
	struct bench_conditions c;
	bench_conditions_begin(&probe, &c, 0.05);
	volatile double spin = 0;
	for (int i = 0; i < 1000000; i++)
		spin += i;
	bench_conditions_end(&probe, &c);
	ck_assert_double_gt(c.wall_seconds, 0);
	ck_assert_double_ge(c.wait_seconds, 0);
	ck_assert_double_ge(c.busy_cores, 0);
	ck_assert_double_ge(c.cpu_seconds, 0);
	ck_assert_double_ge(c.load_start[0], 0);
	ck_assert_double_ge(c.load_end[0], 0);
}
END_TEST

Suite *
make_conditions_suite(void)
{
	Suite *s = suite_create("conditions");
	TCase *tc = tcase_create("rule");
	tcase_add_test(tc, a_quiet_run_is_quiet_with_no_reason);
	tcase_add_test(tc, each_limit_disturbs_just_beyond_it_and_not_at_it);
	tcase_add_test(tc, a_loaded_run_gives_every_reason_in_one_line);
	tcase_add_test(tc, nothing_read_is_unknown);
	tcase_add_test(tc, a_busy_machine_is_said_before_measuring);
	tcase_add_test(tc, this_machine_gives_its_figures);
	suite_add_tcase(s, tc);
	return s;
}
