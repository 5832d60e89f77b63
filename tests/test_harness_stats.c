/*
 * test_harness_stats.c - the harness's statistics on constructed inputs:
 * median, minimum, MAD, and the tie rule that names Winner and Haiku
 * Winner.
 */
#include "suites.h"

#include "stats.h"

#include "harness_backends.h"
#include "results.h"

START_TEST(median_of_odd_and_even_counts)
{
	double odd[] = {5, 1, 4, 2, 3};
	ck_assert_double_eq(bench_median(odd, 5), 3);
	double even[] = {10, 1, 4, 2};
	ck_assert_double_eq(bench_median(even, 4), 3); /* (2 + 4) / 2 */
	double one[] = {7.5};
	ck_assert_double_eq(bench_median(one, 1), 7.5);
	double same[] = {2, 2, 2, 2};
	ck_assert_double_eq(bench_median(same, 4), 2);
}
END_TEST

START_TEST(summary_gives_median_min_and_mad)
{
	/* median 10; deviations 9, 1, 0, 1, 90 -> MAD 1. */
	const double samples[] = {1, 9, 10, 11, 100};
	double scratch[5];
	struct bench_summary summary;
	bench_summarize(samples, 5, scratch, &summary);
	ck_assert_double_eq(summary.median, 10);
	ck_assert_double_eq(summary.min, 1);
	ck_assert_double_eq(summary.mad, 1);
	/* The samples themselves are left in their order. */
	ck_assert_double_eq(samples[0], 1);
	ck_assert_double_eq(samples[4], 100);

	/* Even count: median 25; deviations 15, 5, 5, 15 -> MAD 10. */
	const double even[] = {40, 10, 30, 20};
	bench_summarize(even, 4, scratch, &summary);
	ck_assert_double_eq(summary.median, 25);
	ck_assert_double_eq(summary.min, 10);
	ck_assert_double_eq(summary.mad, 10);

	/* One sample: no spread. */
	const double single[] = {42};
	bench_summarize(single, 1, scratch, &summary);
	ck_assert_double_eq(summary.median, 42);
	ck_assert_double_eq(summary.mad, 0);
}
END_TEST

static struct bench_candidate
candidate(double median, double mad)
{
	return (struct bench_candidate){.usable = true, .median = median,
	                                .mad = mad};
}

START_TEST(clear_winner_beats_the_runner_up_beyond_the_noise)
{
	/* 100 vs 110: 10% apart, noise 1% -> the first wins. */
	struct bench_candidate c[] = {candidate(110, 1), candidate(100, 1),
	                              candidate(500, 5)};
	struct bench_verdict v = bench_decide(c, 3);
	ck_assert_int_eq(v.kind, BENCH_VERDICT_WINNER);
	ck_assert_uint_eq(v.index, 1);
}
END_TEST

START_TEST(within_two_percent_is_a_tie)
{
	/* (102 - 100) / 100 = 0.02 <= 0.02: a tie (the bound is inclusive). */
	struct bench_candidate c[] = {candidate(100, 0), candidate(102, 0)};
	ck_assert_int_eq(bench_decide(c, 2).kind, BENCH_VERDICT_TIE);
	/* 2.5% apart with no noise: a winner. */
	c[1] = candidate(102.5, 0);
	struct bench_verdict v = bench_decide(c, 2);
	ck_assert_int_eq(v.kind, BENCH_VERDICT_WINNER);
	ck_assert_uint_eq(v.index, 0);
	/* Equal medians: a tie. */
	c[1] = candidate(100, 0);
	ck_assert_int_eq(bench_decide(c, 2).kind, BENCH_VERDICT_TIE);
}
END_TEST

START_TEST(noise_of_either_widens_the_tie)
{
	/* 10% apart. The winner's MAD is 12% of its median: a tie. */
	struct bench_candidate c[] = {candidate(100, 12), candidate(110, 0)};
	ck_assert_int_eq(bench_decide(c, 2).kind, BENCH_VERDICT_TIE);
	/* The runner-up's MAD is 11 / 110 = 10%: (110-100)/100 = 10%: tie. */
	c[0] = candidate(100, 0);
	c[1] = candidate(110, 11);
	ck_assert_int_eq(bench_decide(c, 2).kind, BENCH_VERDICT_TIE);
	/* Its MAD 10.9 / 110 < 10%: a winner. */
	c[1] = candidate(110, 10.9);
	ck_assert_int_eq(bench_decide(c, 2).kind, BENCH_VERDICT_WINNER);
	/* A third candidate's noise does not matter: only the two best. */
	struct bench_candidate three[] = {candidate(100, 1), candidate(150, 1),
	                                  candidate(900, 800)};
	struct bench_verdict v = bench_decide(three, 3);
	ck_assert_int_eq(v.kind, BENCH_VERDICT_WINNER);
	ck_assert_uint_eq(v.index, 0);
}
END_TEST

START_TEST(unusable_candidates_never_win)
{
	/* The fastest is ERR (not usable): the next one wins alone. */
	struct bench_candidate c[] = {candidate(1, 0), candidate(100, 1),
	                              candidate(200, 1)};
	c[0].usable = false;
	struct bench_verdict v = bench_decide(c, 3);
	ck_assert_int_eq(v.kind, BENCH_VERDICT_WINNER);
	ck_assert_uint_eq(v.index, 1);
	/* The tie is decided between usable candidates only: 100 vs 101
	 * would tie, but 101 is not a candidate. */
	c[2] = candidate(101, 0);
	c[2].usable = false;
	v = bench_decide(c, 3);
	ck_assert_int_eq(v.kind, BENCH_VERDICT_WINNER);
	ck_assert_uint_eq(v.index, 1);
	/* A single candidate wins; none gives no verdict. */
	c[1].usable = false;
	ck_assert_int_eq(bench_decide(c, 3).kind, BENCH_VERDICT_NONE);
	ck_assert_int_eq(bench_decide(c, 0).kind, BENCH_VERDICT_NONE);
}
END_TEST

START_TEST(order_of_candidates_does_not_matter)
{
	struct bench_candidate a[] = {candidate(300, 1), candidate(200, 1),
	                              candidate(100, 1), candidate(400, 1)};
	struct bench_candidate b[] = {candidate(100, 1), candidate(400, 1),
	                              candidate(300, 1), candidate(200, 1)};
	ck_assert_uint_eq(bench_decide(a, 4).index, 2);
	ck_assert_uint_eq(bench_decide(b, 4).index, 0);
	/* Ties with the runner-up found after the winner, and before it. */
	struct bench_candidate c[] = {candidate(100, 0), candidate(500, 0),
	                              candidate(101, 0)};
	struct bench_candidate d[] = {candidate(101, 0), candidate(500, 0),
	                              candidate(100, 0)};
	ck_assert_int_eq(bench_decide(c, 3).kind, BENCH_VERDICT_TIE);
	ck_assert_int_eq(bench_decide(d, 3).kind, BENCH_VERDICT_TIE);
}
END_TEST

START_TEST(zero_medians_do_not_divide_by_zero)
{
	struct bench_candidate c[] = {candidate(0, 0), candidate(0, 0)};
	ck_assert_int_eq(bench_decide(c, 2).kind, BENCH_VERDICT_TIE);
	c[1] = candidate(5, 0);
	struct bench_verdict v = bench_decide(c, 2);
	ck_assert_int_eq(v.kind, BENCH_VERDICT_WINNER);
	ck_assert_uint_eq(v.index, 0);
}
END_TEST

/* A proposal's standing: against the best competitor by the tie rule. */
static struct bench_standing_cell
standing_cell(double median, double mad, long long flat_bytes)
{
	return (struct bench_standing_cell){candidate(median, mad), flat_bytes};
}

START_TEST(a_proposal_holds_a_row_at_or_below_the_best_by_the_tie_rule)
{
	struct bench_candidate floor = candidate(10, 0);
	struct bench_standing_cell best = standing_cell(100, 0, 0);
	struct bench_standing_cell mine = standing_cell(101.5, 0, 0);
	struct bench_standing s = bench_standing(&mine, &best, &floor);
	ck_assert(s.known && s.holds && !s.format_row);
	ck_assert_double_eq_tol(s.ratio, 1.015, 1e-9);
	mine = standing_cell(103, 0, 0); /* past 2 % */
	s = bench_standing(&mine, &best, &floor);
	ck_assert(s.known && !s.holds);
	mine = standing_cell(103, 5, 0); /* its noise widens the tie */
	ck_assert(bench_standing(&mine, &best, &floor).holds);
	char text[64];
	bench_standing_text(&s, text, sizeof text);
	ck_assert_str_eq(text, "1.03x lost");
	mine.candidate.usable = false;
	s = bench_standing(&mine, &best, &floor);
	ck_assert(!s.known);
	bench_standing_text(&s, text, sizeof text);
	ck_assert_str_eq(text, "n/a");
}
END_TEST

/* The format exception: a smaller flat form of the best competitor (more
 * than 5 %) lets a lost row be held within 1.1 times the Floor, and never
 * takes a held row away. */
START_TEST(a_smaller_flat_form_judges_a_lost_row_by_the_floor)
{
	struct bench_candidate floor = candidate(100, 0);
	struct bench_standing_cell best = standing_cell(90, 0, 940);
	struct bench_standing_cell mine = standing_cell(109, 0, 1000);
	struct bench_standing s = bench_standing(&mine, &best, &floor);
	ck_assert(s.format_row && s.holds);
	ck_assert_double_eq_tol(s.floor_ratio, 1.09, 1e-9);
	char text[64];
	bench_standing_text(&s, text, sizeof text);
	ck_assert_str_eq(text, "1.21x, 1.09x Floor");
	mine = standing_cell(115, 0, 1000); /* past 1.1 times the Floor */
	s = bench_standing(&mine, &best, &floor);
	ck_assert(s.format_row && !s.holds);
	bench_standing_text(&s, text, sizeof text);
	ck_assert_str_eq(text, "1.28x, 1.15x Floor lost");
	best.flat_bytes = 960; /* only 4 % smaller: no exception */
	s = bench_standing(&mine, &best, &floor);
	ck_assert(!s.format_row && !s.holds);
	/* A row held against the best stays held, whatever the Floor. */
	best = standing_cell(120, 0, 500);
	s = bench_standing(&mine, &best, &floor);
	ck_assert(s.holds && !s.format_row);
}
END_TEST

START_TEST(confidence_is_sure_of_a_clear_gap_and_unsure_of_none)
{
	double fast[15], slow[15], scratch[30];
	for (int k = 0; k < 15; k++) {
		fast[k] = 100 + k % 5;
		slow[k] = 110 + k % 5;
	}
	ck_assert_double_eq(bench_confidence(fast, slow, 15, scratch), 1.0);
	ck_assert_double_eq(bench_confidence(slow, fast, 15, scratch), 0.0);
	/* The same samples: every resample has equal medians. */
	ck_assert_double_eq(bench_confidence(fast, fast, 15, scratch), 0.5);
}
END_TEST

START_TEST(confidence_follows_the_passes_not_the_pooled_samples)
{
	/* A drift slows whole passes: pooled, the two overlap; pass by
	 * pass, the first is faster in every one. */
	double fast[15], slow[15], scratch[30];
	for (int k = 0; k < 15; k++) {
		fast[k] = 100 + 10 * k;
		slow[k] = 103 + 10 * k;
	}
	ck_assert_double_eq(bench_confidence(fast, slow, 15, scratch), 1.0);
	/* Overlapping noise without drift gives a middling confidence. */
	const double a[] = {100, 108, 96, 104, 99, 101, 107, 95, 103, 102};
	const double b[] = {103, 97, 106, 100, 105, 98, 104, 101, 99, 110};
	double c = bench_confidence(a, b, 10, scratch);
	ck_assert_double_gt(c, 0.2);
	ck_assert_double_lt(c, BENCH_CONFIDENCE_THRESHOLD);
}
END_TEST

START_TEST(a_verdict_is_rated_and_a_tie_is_not)
{
	/* harness/README.md §4.3: a Winner over a runner-up has the
	 * confidence of its samples over the runner-up's; a tie, a lone
	 * candidate and no verdict have none. */
	double fast[15], slow[15], scratch[45];
	for (int k = 0; k < 15; k++) {
		fast[k] = 100 + k % 5;
		slow[k] = 110 + k % 5;
	}
	struct bench_verdict verdict = {.kind = BENCH_VERDICT_WINNER,
	                                .index = 0, .runner_up = 1};
	bench_verdict_rate(&verdict, fast, slow, 15, scratch);
	ck_assert(verdict.has_confidence);
	ck_assert_double_eq(verdict.confidence, 1.0);
	verdict.kind = BENCH_VERDICT_TIE;
	bench_verdict_rate(&verdict, fast, slow, 15, scratch);
	ck_assert(!verdict.has_confidence);
	verdict.kind = BENCH_VERDICT_WINNER;
	bench_verdict_rate(&verdict, fast, NULL, 15, scratch);
	ck_assert(!verdict.has_confidence);
	/* bench_decide names the runner-up, unrated. */
	const struct bench_candidate pair[3] = {
		candidate(110, 1), candidate(0, 0), candidate(100, 1)};
	struct bench_candidate usable[3] = {pair[0], pair[1], pair[2]};
	usable[1].usable = false;
	verdict = bench_decide(usable, 3);
	ck_assert_int_eq(verdict.kind, BENCH_VERDICT_WINNER);
	ck_assert_uint_eq(verdict.index, 2);
	ck_assert_uint_eq(verdict.runner_up, 0);
	ck_assert(!verdict.has_confidence);
}
END_TEST

START_TEST(a_standing_is_rated_against_what_judged_it)
{
	/* Held beyond the tie rule: how sure the proposal is faster; lost:
	 * how sure the competitor is; on a format row the Floor times its
	 * factor is the competitor; a tie has none. */
	double mine[15], best[15], floor[15], scratch[45];
	for (int k = 0; k < 15; k++) {
		mine[k] = 80 + k % 5;
		best[k] = 100 + k % 5;
		floor[k] = 90 + k % 5;
	}
	struct bench_standing_cell own = standing_cell(82, 1, 1000);
	struct bench_standing_cell rival = standing_cell(102, 1, 1000);
	struct bench_candidate base = candidate(92, 1);
	struct bench_standing s = bench_standing(&own, &rival, &base);
	ck_assert(s.holds && !s.tied);
	bench_standing_rate(&s, mine, best, floor, 15, scratch);
	ck_assert(s.has_confidence);
	ck_assert_double_eq(s.confidence, 1.0);
	/* Lost against the same competitor: sure of that instead. */
	s = bench_standing(&rival, &own, &base);
	ck_assert(!s.holds);
	bench_standing_rate(&s, best, mine, floor, 15, scratch);
	ck_assert(s.has_confidence);
	ck_assert_double_eq(s.confidence, 1.0);
	/* A format row lost to FOB1 but within 1.1 times the Floor: rated
	 * against 1.1 x the Floor's constructed samples, which the
	 * proposal's overlap, so the standing is a tie with no confidence. */
	own = standing_cell(102, 1, 1000);
	rival = standing_cell(82, 1, 500);
	s = bench_standing(&own, &rival, &base);
	ck_assert(s.format_row && s.holds && s.tied);
	bench_standing_rate(&s, best, mine, floor, 15, scratch);
	ck_assert(!s.has_confidence);
	base = candidate(80, 1);
	s = bench_standing(&own, &rival, &base);
	ck_assert(s.format_row && !s.holds && !s.tied);
	bench_standing_rate(&s, best, mine, mine, 15, scratch);
	ck_assert(s.has_confidence);
	ck_assert_double_eq(s.confidence, 1.0);
	char text[64];
	s.confidence = 0.834;
	bench_standing_text(&s, text, sizeof text);
	ck_assert_str_eq(text, "1.24x, 1.27x Floor lost (83% sure)");
}
END_TEST

START_TEST(only_a_verdict_below_the_threshold_says_how_sure)
{
	char text[64];
	bench_confidence_text("R5", 0.83, text, sizeof text);
	ck_assert_str_eq(text, "R5 (83% sure)");
	/* Never rounded up to the threshold. */
	bench_confidence_text("R5", 0.9499, text, sizeof text);
	ck_assert_str_eq(text, "R5 (94% sure)");
	bench_confidence_text("R5", BENCH_CONFIDENCE_THRESHOLD, text,
	                      sizeof text);
	ck_assert_str_eq(text, "R5");
	bench_confidence_text("-", -1, text, sizeof text);
	ck_assert_str_eq(text, "-");
	bench_confidence_text("R5", 0, text, sizeof text);
	ck_assert_str_eq(text, "R5 (0% sure)");
}
END_TEST

/* Sets a constructed cell to `samples` (15), summarised. */
static void
set_cell(struct bench_cell_result *cell, double *samples)
{
	double scratch[15];
	*cell = (struct bench_cell_result){.samples = samples,
	                                   .sample_count = 15};
	bench_summarize(samples, 15, scratch, &cell->summary);
}

START_TEST(a_row_rates_its_verdicts_from_the_samples_of_the_two_fastest)
{
	/* A reference (Plain), two Haiku designs (Twin, Capped) and a
	 * proposal (Dialect). */
	const struct bm_ops *backends[] = {
		&bench_test_plain_ops, &bench_test_twin_ops,
		&bench_test_capped_ops, &bench_test_dialect_ops};
	struct bench_results results = {.backends = backends,
	                                .backend_count = 4};
	double plain[15], twin[15], capped[15], dialect[15], floor[15];
	for (int k = 0; k < 15; k++) {
		/* Plain's median 100, Twin's 104: beyond the tie rule (both
		 * MADs 0), but about half of the passes far off, in opposite
		 * passes: resampled, either can be faster. */
		plain[k] = k < 8 ? 100 : 130;
		twin[k] = k < 8 ? 104 : 90;
		capped[k] = 150 + k % 3;
		dialect[k] = 60 + k % 3;
		floor[k] = 10;
	}
	struct bench_cell_result cells[4];
	set_cell(&cells[0], plain);
	set_cell(&cells[1], twin);
	set_cell(&cells[2], capped);
	set_cell(&cells[3], dialect);
	struct bench_row row = {.cells = cells, .has_floor = true};
	set_cell(&row.floor, floor);
	struct bench_candidate candidates[4];
	double scratch[45];
	bench_row_decide(&results, &row, candidates, scratch);
	ck_assert_int_eq(row.winner.kind, BENCH_VERDICT_WINNER);
	ck_assert_uint_eq(row.winner.index, 0);
	ck_assert_uint_eq(row.winner.runner_up, 1);
	ck_assert(row.winner.has_confidence);
	ck_assert_double_eq(row.winner.confidence,
	                    bench_confidence(plain, twin, 15, scratch));
	ck_assert_double_lt(row.winner.confidence, BENCH_CONFIDENCE_THRESHOLD);
	ck_assert_double_gt(row.winner.confidence, 0.05);
	/* Haiku Winner: Twin far ahead of Capped. */
	ck_assert_uint_eq(row.haiku_winner.index, 1);
	ck_assert_uint_eq(row.haiku_winner.runner_up, 2);
	ck_assert_double_eq(row.haiku_winner.confidence, 1.0);
	/* The proposal holds the row against Plain, surely. */
	const struct bench_standing *s = &cells[3].standing;
	ck_assert(s->known && s->holds && s->has_confidence);
	ck_assert_double_eq(s->confidence, 1.0);
	ck_assert(!cells[0].standing.known);

	/* Plain and Twin within 2 %: a tie, unrated. */
	for (int k = 0; k < 15; k++)
		twin[k] = plain[k] + 1;
	set_cell(&cells[1], twin);
	bench_row_decide(&results, &row, candidates, scratch);
	ck_assert_int_eq(row.winner.kind, BENCH_VERDICT_TIE);
	ck_assert(!row.winner.has_confidence);
}
END_TEST

START_TEST(rank_test_gives_scipys_asymptotic_p_values)
{
	/* Values from SciPy 1.10's mannwhitneyu(a, b, alternative=
	 * "two-sided", method="asymptotic"). */
	struct bench_ranked scratch[30];
	double a[15], b[15];
	for (int k = 0; k < 15; k++) {
		a[k] = 10 + k;
		b[k] = 13 + k;
	}
	ck_assert_double_eq_tol(bench_rank_test(a, 15, b, 15, scratch),
	                        0.09664482346265943, 1e-12);
	const double ta[] = {1, 2, 2, 3, 3, 3, 4};
	const double tb[] = {3, 4, 4, 5, 5, 6};
	ck_assert_double_eq_tol(bench_rank_test(ta, 7, tb, 6, scratch),
	                        0.012999854364387305, 1e-12);
	for (int k = 0; k < 15; k++) {
		a[k] = k;
		b[k] = 100 + k;
	}
	ck_assert_double_eq_tol(bench_rank_test(a, 15, b, 15, scratch),
	                        3.3918213908250945e-06, 1e-15);
	ck_assert_double_eq_tol(bench_rank_test(b, 15, a, 15, scratch),
	                        3.3918213908250945e-06, 1e-15);
	const double same[] = {5, 5, 5, 5, 5};
	ck_assert_double_eq(bench_rank_test(same, 5, same, 5, scratch), 1.0);
	ck_assert_double_eq(bench_rank_test(same, 0, same, 5, scratch), 1.0);
}
END_TEST

Suite *
make_harness_stats_suite(void)
{
	Suite *suite = suite_create("harness_stats");
	TCase *tc = tcase_create("harness_stats");
	tcase_add_test(tc, median_of_odd_and_even_counts);
	tcase_add_test(tc, summary_gives_median_min_and_mad);
	tcase_add_test(tc, clear_winner_beats_the_runner_up_beyond_the_noise);
	tcase_add_test(tc, within_two_percent_is_a_tie);
	tcase_add_test(tc, noise_of_either_widens_the_tie);
	tcase_add_test(tc, unusable_candidates_never_win);
	tcase_add_test(tc, order_of_candidates_does_not_matter);
	tcase_add_test(tc, zero_medians_do_not_divide_by_zero);
	tcase_add_test(
		tc, a_proposal_holds_a_row_at_or_below_the_best_by_the_tie_rule);
	tcase_add_test(tc, a_smaller_flat_form_judges_a_lost_row_by_the_floor);
	tcase_add_test(tc, confidence_is_sure_of_a_clear_gap_and_unsure_of_none);
	tcase_add_test(tc, confidence_follows_the_passes_not_the_pooled_samples);
	tcase_add_test(tc, a_verdict_is_rated_and_a_tie_is_not);
	tcase_add_test(tc, a_standing_is_rated_against_what_judged_it);
	tcase_add_test(tc, only_a_verdict_below_the_threshold_says_how_sure);
	tcase_add_test(
		tc, a_row_rates_its_verdicts_from_the_samples_of_the_two_fastest);
	tcase_add_test(tc, rank_test_gives_scipys_asymptotic_p_values);
	suite_add_tcase(suite, tc);
	return suite;
}
