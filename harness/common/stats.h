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
	size_t index;     /* into the candidates: the fastest (the winner) */
	size_t runner_up; /* the second fastest, or the count when alone */
	/* A winner over a runner-up rated by bench_verdict_rate: how sure it
	 * is (harness/README.md §4.3). A tie, a lone candidate and an
	 * unrated verdict have none. */
	bool has_confidence;
	double confidence;
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
 * with another 0 and loses to nothing else. The verdict comes unrated.
 */
struct bench_verdict bench_decide(const struct bench_candidate *candidates,
                                  size_t count);

/*
 * The "vs Winner" rule of a proposal (harness/README.md §6.1): its median
 * over the smallest median of the usable backends that compete (the
 * Winner's, or on a tied row the faster of the tied), and whether it holds
 * the row: at or below that median by the tie rule. One exception, set by
 * the format: where the best competitor's flattened form is more than
 * BENCH_FORMAT_MARGIN smaller than the proposal's (Message3's FOB1 for many
 * one-item fields against HMF1), no design that keeps the proposal's
 * format could match it, and the proposal holds a row it loses when it is
 * within BENCH_FORMAT_FLOOR_FACTOR times the Floor instead (tie rule
 * applied). The exception only relaxes the rule: a row the proposal holds
 * against the best competitor stays held.
 */
#define BENCH_FORMAT_MARGIN 0.05
#define BENCH_FORMAT_FLOOR_FACTOR 1.1

/* One cell as the rule sees it; flat_bytes <= 0: not a flat row. */
struct bench_standing_cell {
	struct bench_candidate candidate;
	long long flat_bytes;
};

struct bench_standing {
	bool known;         /* the proposal and a competitor are usable */
	double ratio;       /* its median over the best competing median */
	bool format_row;    /* lost, then judged by the Floor (the exception) */
	double floor_ratio; /* its median over the Floor's, on such a row */
	bool holds;
	bool tied;          /* the comparison that decided was a tie */
	/* Rated by bench_standing_rate (harness/README.md §4.3); a tie has
	 * no confidence. */
	bool has_confidence;
	double confidence;
};

/* Whether `cell` is the best competitor so far (start with best unusable). */
static inline bool
bench_standing_better(const struct bench_standing_cell *cell,
                      const struct bench_standing_cell *best)
{
	return cell->candidate.usable &&
	       (!best->candidate.usable ||
	        cell->candidate.median < best->candidate.median);
}

struct bench_standing bench_standing(const struct bench_standing_cell *mine,
                                     const struct bench_standing_cell *best,
                                     const struct bench_candidate *floor);

/* "<r>x", "<r>x lost", "<r>x, <f>x Floor" (r the ratio to the best
 * competitor, f to the Floor, two decimals) or "n/a"; a confidence below
 * the threshold follows (bench_confidence_text). */
void bench_standing_text(const struct bench_standing *standing, char *out,
                         size_t size);

/*
 * The confidence of a verdict (harness/README.md §4.3): the share of
 * BENCH_CONFIDENCE_RESAMPLES paired bootstrap resamples in which the
 * median of `faster` is below the median of `slower`, equal medians
 * counting half. Sample k of each was taken in the same pass over the
 * test (harness/README.md §3.4), so a resample draws passes, with replacement, and keeps
 * each pass's two samples together: drift that slowed a whole pass slows
 * both. `count` is the number of passes both have (at least 1). The
 * resampling is seeded by a constant, so the same samples give the same
 * confidence on every machine. `scratch` holds 2 * count doubles.
 */
#define BENCH_CONFIDENCE_RESAMPLES 2000
double bench_confidence(const double *faster, const double *slower,
                        size_t count, double *scratch);

/* A verdict whose confidence is below this is shown as low-confidence. */
#define BENCH_CONFIDENCE_THRESHOLD 0.95

/*
 * Rates a Winner or Haiku Winner: the confidence of its winner over its
 * runner-up, from their samples of the same `count` passes. A tie, a lone
 * candidate or no verdict stays unrated: a tie is no claim that one of
 * two is faster. `scratch` holds 2 * count doubles.
 */
void bench_verdict_rate(struct bench_verdict *verdict, const double *winner,
                        const double *runner_up, size_t count,
                        double *scratch);

/*
 * Rates a proposal's standing from the samples of the proposal, the best
 * competitor and the Floor (NULL where the row has none), pass by pass:
 * the confidence that the side the standing names faster is so, against
 * the competitor, or on a format row against BENCH_FORMAT_FLOOR_FACTOR
 * times the Floor's samples. A tie stays unrated. `scratch` holds
 * 3 * count doubles.
 */
void bench_standing_rate(struct bench_standing *standing, const double *mine,
                         const double *best, const double *floor,
                         size_t count, double *scratch);

/* A verdict's text as the tables show it: `text`, and " (83% sure)" after
 * it when 0 <= confidence < BENCH_CONFIDENCE_THRESHOLD (a negative
 * confidence: none). */
void bench_confidence_text(const char *text, double confidence, char *out,
                           size_t size);

/*
 * The two-sided p-value of the Mann-Whitney U test (Wilcoxon rank-sum)
 * that `a` and `b` come from the same distribution, by the normal
 * approximation with the correction for ties and for continuity, as
 * SciPy's mannwhitneyu computes it with method "asymptotic"; Google
 * Benchmark's compare.py runs that test on repetitions. 1 when either set
 * is empty or every value is equal. `scratch` holds na + nb entries.
 */
struct bench_ranked {
	double value;
	bool in_a;
};
double bench_rank_test(const double *a, size_t na, const double *b, size_t nb,
                       struct bench_ranked *scratch);

#endif /* BENCH_STATS_H */
