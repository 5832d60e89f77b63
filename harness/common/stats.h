/*
 * stats.h - the statistics of a cell and the rule that names a winner.
 *
 * A cell's samples are per-operation times. It reports their median, their
 * minimum and their median absolute deviation (MAD: the median of
 * |x - median|, unscaled). The tie rule is implemented here once and used
 * for every Winner and Haiku Winner in every output.
 */
#ifndef BENCH_STATS_H
#define BENCH_STATS_H

#include <stdbool.h>
#include <stddef.h>

struct bench_summary {
	double median;
	double min;
	double mad;
};

/*
 * Median of values[0..count) (the mean of the two middle values when count
 * is even). Sorts `values` in place. count must be at least 1.
 */
double bench_median(double *values, size_t count);

/*
 * Median, minimum and MAD of samples[0..count); samples are not changed.
 * `scratch` holds count doubles. count must be at least 1.
 */
void bench_summarize(const double *samples, size_t count, double *scratch,
                     struct bench_summary *out);

/* One backend's claim to a row: its median and MAD, or not usable (ERR,
 * or not a candidate). */
struct bench_candidate {
	bool usable;
	double median;
	double mad;
};

enum bench_verdict_kind {
	BENCH_VERDICT_NONE,   /* no usable candidate */
	BENCH_VERDICT_TIE,    /* printed "-" */
	BENCH_VERDICT_WINNER  /* `index` won */
};

struct bench_verdict {
	enum bench_verdict_kind kind;
	size_t index; /* into the candidates, for BENCH_VERDICT_WINNER */
};

/* Ties are decided at 2% at least (the measured noise may widen this). */
#define BENCH_TIE_MIN_FRACTION 0.02

/*
 * The tie rule. Among the usable candidates, with m1 <= m2 the two smallest
 * medians and d1, d2 their MADs, the row is a tie when
 *     (m2 - m1) / m1 <= max(0.02, d1 / m1, d2 / m2);
 * otherwise the candidate with m1 wins. A single usable candidate wins; no
 * usable candidate gives BENCH_VERDICT_NONE. When several candidates share
 * the smallest median, that is a tie. A median of 0 (not a real time) ties
 * with another 0 and loses to nothing else.
 */
struct bench_verdict bench_decide(const struct bench_candidate *candidates,
                                  size_t count);

/*
 * The "vs Winner" rule of a proposal (harness/README.md §6.1): its median
 * over the smallest median of the usable backends that compete (the
 * Winner's, or on a tied row the faster of the tied). Fold each competing
 * usable median into `best` (start at 0) with bench_vs_winner_best; then
 * bench_vs_winner gives the ratio, or 0 when there is none (the proposal's
 * cell is unusable, or no competing median was folded).
 */
static inline double
bench_vs_winner_best(double best, double median)
{
	return best == 0 || median < best ? median : best;
}

static inline double
bench_vs_winner(bool usable, double median, double best)
{
	return usable && best > 0 ? median / best : 0;
}

#endif /* BENCH_STATS_H */
