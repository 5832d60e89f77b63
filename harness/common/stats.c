/*
 * stats.c - median, MAD and the tie rule (see stats.h).
 */
#include "stats.h"

#include "rng.h"

#include <math.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int
compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

double
bench_median(double *values, size_t count)
{
	qsort(values, count, sizeof *values, compare_doubles);
	if (count % 2 == 1)
		return values[count / 2];
	return (values[count / 2 - 1] + values[count / 2]) / 2.0;
}

void
bench_summarize(const double *samples, size_t count, double *scratch,
                struct bench_summary *out)
{
	memcpy(scratch, samples, count * sizeof *scratch);
	out->median = bench_median(scratch, count);
	out->min = scratch[0]; /* sorted by bench_median */
	for (size_t i = 0; i < count; i++) {
		double deviation = samples[i] - out->median;
		scratch[i] = deviation < 0 ? -deviation : deviation;
	}
	out->mad = bench_median(scratch, count);
}

static double
larger(double a, double b)
{
	return a > b ? a : b;
}

struct bench_verdict
bench_decide(const struct bench_candidate *candidates, size_t count)
{
	struct bench_verdict verdict = {.kind = BENCH_VERDICT_NONE};
	size_t first = count, second = count;
	for (size_t i = 0; i < count; i++) {
		if (!candidates[i].usable)
			continue;
		if (first == count ||
		    candidates[i].median < candidates[first].median) {
			second = first;
			first = i;
		} else if (second == count ||
		           candidates[i].median < candidates[second].median) {
			second = i;
		}
	}
	if (first == count)
		return verdict;
	verdict.kind = BENCH_VERDICT_WINNER;
	verdict.index = first;
	verdict.runner_up = second;
	if (second == count)
		return verdict;
	double m1 = candidates[first].median, d1 = candidates[first].mad;
	double m2 = candidates[second].median, d2 = candidates[second].mad;
	if (m1 <= 0.0) {
		if (m2 <= 0.0)
			verdict.kind = BENCH_VERDICT_TIE;
		return verdict;
	}
	double margin = larger(BENCH_TIE_MIN_FRACTION, d1 / m1);
	margin = larger(margin, d2 / m2);
	if ((m2 - m1) / m1 <= margin)
		verdict.kind = BENCH_VERDICT_TIE;
	return verdict;
}

/* The tie rule between a target and the proposal: it holds when it is the
 * faster or the two tie. */
static bool
holds_against(struct bench_candidate target, struct bench_candidate mine,
              bool *tied)
{
	const struct bench_candidate pair[2] = {target, mine};
	struct bench_verdict verdict = bench_decide(pair, 2);
	*tied = verdict.kind == BENCH_VERDICT_TIE;
	return verdict.kind == BENCH_VERDICT_TIE ||
	       (verdict.kind == BENCH_VERDICT_WINNER && verdict.index == 1);
}

struct bench_standing
bench_standing(const struct bench_standing_cell *mine,
               const struct bench_standing_cell *best,
               const struct bench_candidate *floor)
{
	struct bench_standing standing = {0};
	if (!mine->candidate.usable || !best->candidate.usable ||
	    best->candidate.median <= 0)
		return standing;
	standing.known = true;
	standing.ratio = mine->candidate.median / best->candidate.median;
	standing.holds = holds_against(best->candidate, mine->candidate,
	                               &standing.tied);
	/* The exception only relaxes: it is looked at on a row lost. */
	if (standing.holds || floor == NULL || !floor->usable ||
	    floor->median <= 0 || mine->flat_bytes <= 0 ||
	    best->flat_bytes <= 0 ||
	    (double)best->flat_bytes >=
	            (1.0 - BENCH_FORMAT_MARGIN) * (double)mine->flat_bytes)
		return standing;
	standing.format_row = true;
	standing.floor_ratio = mine->candidate.median / floor->median;
	struct bench_candidate target = {
		.usable = true,
		.median = BENCH_FORMAT_FLOOR_FACTOR * floor->median,
		.mad = BENCH_FORMAT_FLOOR_FACTOR * floor->mad,
	};
	standing.holds = holds_against(target, mine->candidate,
	                               &standing.tied);
	return standing;
}

void
bench_standing_text(const struct bench_standing *standing, char *out,
                    size_t size)
{
	if (!standing->known) {
		snprintf(out, size, "n/a");
		return;
	}
	int used = snprintf(out, size, "%.2fx", standing->ratio);
	if (standing->format_row && used >= 0 && (size_t)used < size)
		used += snprintf(out + used, size - (size_t)used,
		                 ", %.2fx Floor", standing->floor_ratio);
	if (!standing->holds && used >= 0 && (size_t)used < size)
		used += snprintf(out + used, size - (size_t)used, " lost");
	if (standing->has_confidence && used >= 0 && (size_t)used < size) {
		char text[64];
		snprintf(text, sizeof text, "%s", out);
		bench_confidence_text(text, standing->confidence, out, size);
	}
}

double
bench_confidence(const double *faster, const double *slower, size_t count,
                 double *scratch)
{
	/* Any constant will do; this one spells "verdict" in ASCII. */
	uint64_t state = 0x76657264696374u;
	double *a = scratch, *b = scratch + count;
	double below = 0;
	for (int r = 0; r < BENCH_CONFIDENCE_RESAMPLES; r++) {
		for (size_t i = 0; i < count; i++) {
			size_t pass = bench_rng_below(&state, count);
			a[i] = faster[pass];
			b[i] = slower[pass];
		}
		double ma = bench_median(a, count), mb = bench_median(b, count);
		below += ma < mb ? 1.0 : ma == mb ? 0.5 : 0.0;
	}
	return below / BENCH_CONFIDENCE_RESAMPLES;
}

void
bench_verdict_rate(struct bench_verdict *verdict, const double *winner,
                   const double *runner_up, size_t count, double *scratch)
{
	verdict->has_confidence = false;
	if (verdict->kind != BENCH_VERDICT_WINNER || winner == NULL ||
	    runner_up == NULL || count == 0)
		return;
	verdict->confidence = bench_confidence(winner, runner_up, count,
	                                       scratch);
	verdict->has_confidence = true;
}

void
bench_standing_rate(struct bench_standing *standing, const double *mine,
                    const double *best, const double *floor, size_t count,
                    double *scratch)
{
	standing->has_confidence = false;
	if (!standing->known || standing->tied || count == 0 || mine == NULL)
		return;
	/* What the proposal was judged against: the best competitor, or on
	 * a format row the Floor times its factor. */
	const double *target = best;
	if (standing->format_row) {
		if (floor == NULL)
			return;
		double *scaled = scratch + 2 * count;
		for (size_t k = 0; k < count; k++)
			scaled[k] = BENCH_FORMAT_FLOOR_FACTOR * floor[k];
		target = scaled;
	}
	if (target == NULL)
		return;
	standing->confidence =
		standing->holds ? bench_confidence(mine, target, count, scratch)
		                : bench_confidence(target, mine, count, scratch);
	standing->has_confidence = true;
}

void
bench_confidence_text(const char *text, double confidence, char *out,
                      size_t size)
{
	if (confidence >= 0 && confidence < BENCH_CONFIDENCE_THRESHOLD)
		snprintf(out, size, "%s (%.0f%% sure)", text,
		         floor(100 * confidence));
	else
		snprintf(out, size, "%s", text);
}

static int
compare_ranked(const void *x, const void *y)
{
	double a = ((const struct bench_ranked *)x)->value;
	double b = ((const struct bench_ranked *)y)->value;
	return (a > b) - (a < b);
}

double
bench_rank_test(const double *a, size_t na, const double *b, size_t nb,
                struct bench_ranked *scratch)
{
	size_t n = na + nb;
	if (na == 0 || nb == 0)
		return 1.0;
	for (size_t i = 0; i < n; i++)
		scratch[i] = i < na ? (struct bench_ranked){a[i], true}
		                    : (struct bench_ranked){b[i - na], false};
	qsort(scratch, n, sizeof *scratch, compare_ranked);
	/* The rank sum of a, equal values sharing their mean rank, and the
	 * sum of t^3 - t over the groups of t equal values. */
	double rank_sum = 0, ties = 0;
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		while (j < n && scratch[j].value == scratch[i].value)
			j++;
		double rank = (double)(i + 1 + j) / 2.0, t = (double)(j - i);
		ties += t * t * t - t;
		for (size_t k = i; k < j; k++)
			if (scratch[k].in_a)
				rank_sum += rank;
		i = j;
	}
	double u = rank_sum - (double)na * ((double)na + 1) / 2.0;
	double mean = (double)na * (double)nb / 2.0;
	double variance = (double)na * (double)nb / 12.0 *
	                  (((double)n + 1) - ties / ((double)n * ((double)n - 1)));
	if (variance <= 0)
		return 1.0;
	double z = (fabs(u - mean) - 0.5) / sqrt(variance);
	if (z < 0)
		z = 0;
	double p = erfc(z / sqrt(2.0));
	return p > 1.0 ? 1.0 : p;
}
