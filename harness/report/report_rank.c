/*
 * report_rank.c - who wins which rows, the data behind the report's
 * answer (report_answer.c) and its ranking table (report_real.c): the
 * groups of rows, each backend's wins in a group and its time over the
 * fastest Haiku design's, a proposal's standing, and the verdict of the
 * original code on a row. Nothing here prints.
 */
#include "report_internal.h"

#include "stats.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

bool
report_row_is_real(const struct bench_file_row *row)
{
	return row->workload.kind == BENCH_WORKLOAD_MESSAGE;
}

static const char *const group_titles[REPORT_GROUP_COUNT] = {
	[REPORT_GROUP_2005] = "the 2005 matrix",
	[REPORT_GROUP_SENT] = "messages sent (Send, Receive)",
	[REPORT_GROUP_STORED] = "messages stored (Load, Save)",
	[REPORT_GROUP_FLAT] = "the matrix's Flatten and Unflatten",
};

const char *
report_group_title(enum report_group group)
{
	return group < REPORT_GROUP_COUNT ? group_titles[group] : "?";
}

/* The matrix's rows that write or read a message's flat form. */
static bool
is_flat_operation(enum bench_op op)
{
	switch (op) {
	case BENCH_OP_FLATTEN:
	case BENCH_OP_FLATTEN_INDIVIDUAL:
	case BENCH_OP_UNFLATTEN:
	case BENCH_OP_UNFLATTEN_INDIVIDUAL:
	case BENCH_OP_UNFLATTEN_VALIDATED:
	case BENCH_OP_UNFLATTEN_INDIVIDUAL_VALIDATED:
		return true;
	default:
		return false;
	}
}

bool
report_row_in_group(const struct bench_file_row *row, enum report_group group)
{
	const struct bench_operation *operation = bench_operation(row->op);
	switch (group) {
	case REPORT_GROUP_2005:
		return !report_row_is_real(row) && operation->in_2005;
	case REPORT_GROUP_SENT:
		return report_row_is_real(row) &&
		       operation->layout == BENCH_LAYOUT_SHAPE;
	case REPORT_GROUP_STORED:
		return report_row_is_real(row) &&
		       operation->layout == BENCH_LAYOUT_STORED;
	case REPORT_GROUP_FLAT:
		return !report_row_is_real(row) && is_flat_operation(row->op);
	case REPORT_GROUP_COUNT:
		break;
	}
	return false;
}

/* The smallest median of a Haiku design on the row, or 0. */
static double
fastest_haiku(const struct bench_run_file *run, const struct bench_file_row *row)
{
	double best = 0;
	for (size_t b = 0; b < run->backend_count; b++) {
		if (bm_kind_is_haiku(run->backends[b].kind) &&
		    bench_file_cell_has_figure(&row->cells[b]) &&
		    (best == 0 || row->cells[b].median < best))
			best = row->cells[b].median;
	}
	return best;
}

static bool
names(const char *verdict, const char *name)
{
	return verdict != NULL && strcmp(verdict, name) == 0;
}

size_t
report_fastest_overall(const struct bench_run_file *run,
                       const struct bench_file_row *row,
                       struct bench_candidate *candidates)
{
	for (size_t b = 0; b < run->backend_count; b++)
		candidates[b] = (struct bench_candidate){
			.usable = bench_file_cell_has_figure(&row->cells[b]),
			.median = row->cells[b].median,
			.mad = row->cells[b].mad,
		};
	struct bench_verdict verdict =
		bench_decide(candidates, run->backend_count);
	return verdict.kind == BENCH_VERDICT_WINNER ? verdict.index : SIZE_MAX;
}

/* Adds one row to the standings of its group. */
static void
tally_row(const struct bench_run_file *run, const struct bench_file_row *row,
          struct report_standing *standings, struct bench_candidate *candidates)
{
	double best = fastest_haiku(run, row);
	size_t fastest = report_fastest_overall(run, row, candidates);
	if (fastest != SIZE_MAX)
		standings[fastest].fastest++;
	for (size_t b = 0; b < run->backend_count; b++) {
		const char *name = run->backends[b].name;
		struct report_standing *s = &standings[b];
		s->wins += names(row->winner, name);
		s->haiku_wins += names(row->haiku_winner, name);
		if (best > 0 && bm_kind_is_haiku(run->backends[b].kind) &&
		    bench_file_cell_has_figure(&row->cells[b]) &&
		    row->cells[b].median > 0) {
			s->log_sum += log(row->cells[b].median / best);
			s->ratios++;
		}
	}
}

bool
report_rank(const struct bench_run_file *run, struct report_ranking *ranking)
{
	memset(ranking, 0, sizeof *ranking);
	struct bench_candidate *candidates =
		calloc(run->backend_count + 1, sizeof *candidates);
	for (int g = 0; g < REPORT_GROUP_COUNT; g++) {
		ranking->standings[g] = calloc(run->backend_count + 1,
		                               sizeof *ranking->standings[g]);
		if (ranking->standings[g] == NULL || candidates == NULL) {
			report_ranking_free(ranking);
			free(candidates);
			return false;
		}
	}
	for (size_t r = 0; r < run->row_count; r++) {
		for (int g = 0; g < REPORT_GROUP_COUNT; g++) {
			if (!report_row_in_group(&run->rows[r],
			                         (enum report_group)g))
				continue;
			ranking->rows[g]++;
			tally_row(run, &run->rows[r], ranking->standings[g],
			          candidates);
		}
	}
	free(candidates);
	return true;
}

void
report_ranking_free(struct report_ranking *ranking)
{
	for (int g = 0; g < REPORT_GROUP_COUNT; g++)
		free(ranking->standings[g]);
	memset(ranking, 0, sizeof *ranking);
}

double
report_geometric_mean(const struct report_standing *standing)
{
	return standing->ratios > 0
	               ? exp(standing->log_sum / (double)standing->ratios)
	               : 0;
}

size_t
report_leader(const struct bench_run_file *run,
              const struct report_standing *standings)
{
	size_t best = SIZE_MAX;
	for (size_t b = 0; b < run->backend_count; b++) {
		if (!bm_kind_is_haiku(run->backends[b].kind) ||
		    standings[b].ratios == 0)
			continue;
		if (best == SIZE_MAX ||
		    standings[b].haiku_wins > standings[best].haiku_wins ||
		    (standings[b].haiku_wins == standings[best].haiku_wins &&
		     report_geometric_mean(&standings[b]) <
		             report_geometric_mean(&standings[best])))
			best = b;
	}
	return best;
}

/* --- A proposal's standing ------------------------------------------------ */

/* One cell as the proposal rule sees it (bench_standing, stats.h). */
static struct bench_standing_cell
standing_cell(const struct bench_file_cell *cell)
{
	return (struct bench_standing_cell){
		.candidate = {.usable = cell->present && !cell->failed &&
		                        !cell->not_applicable,
		              .median = cell->median,
		              .mad = cell->mad},
		.flat_bytes = cell->flat_bytes,
	};
}

struct bench_standing
report_proposal_standing(const struct bench_run_file *run,
                         const struct bench_file_row *row, size_t proposal,
                         const char **best_name)
{
	struct bench_standing_cell best = {0};
	for (size_t b = 0; b < run->backend_count; b++) {
		struct bench_standing_cell cell = standing_cell(&row->cells[b]);
		if (bm_kind_competes(run->backends[b].kind) &&
		    bench_standing_better(&cell, &best)) {
			best = cell;
			*best_name = run->backends[b].name;
		}
	}
	struct bench_standing_cell mine = standing_cell(&row->cells[proposal]);
	struct bench_candidate floor = standing_cell(&row->floor).candidate;
	struct bench_standing standing = bench_standing(&mine, &best, &floor);
	/* How sure the run was of it (harness/README.md §4.3). */
	double confidence = row->cells[proposal].standing_confidence;
	standing.has_confidence = standing.known && confidence >= 0;
	standing.confidence = confidence;
	return standing;
}

bool
report_tally_proposal(const struct bench_run_file *run, size_t proposal,
                      struct report_proposal_tally *tally)
{
	memset(tally, 0, sizeof *tally);
	struct bench_candidate *candidates =
		calloc(run->backend_count + 1, sizeof *candidates);
	if (candidates == NULL)
		return false;
	double log_sum = 0;
	for (size_t r = 0; r < run->row_count; r++) {
		const char *best = NULL;
		struct bench_standing standing =
			report_proposal_standing(run, &run->rows[r], proposal,
			                         &best);
		if (!standing.known)
			continue;
		tally->fastest += report_fastest_overall(run, &run->rows[r],
		                                         candidates) == proposal;
		tally->known++;
		tally->held += standing.holds;
		tally->by_floor += standing.format_row && standing.holds;
		if (standing.ratio > 0)
			log_sum += log(standing.ratio);
	}
	tally->mean_ratio = tally->known > 0
	                            ? exp(log_sum / (double)tally->known)
	                            : 0;
	free(candidates);
	return true;
}

/* --- The original code's verdict ------------------------------------------ */

/* The originals' verdict on a row by the tie rule, named by the design
 * each is the code of ("Message4" for Haiku-original): a name, "-" for a
 * tie, or NULL when no original has a figure. candidates: scratch, one
 * per backend. */
static const char *
originals_verdict(const struct bench_run_file *run,
                  const struct bench_file_row *row,
                  struct bench_candidate *candidates)
{
	for (size_t b = 0; b < run->backend_count; b++) {
		const struct bench_file_cell *cell = &row->cells[b];
		candidates[b] = (struct bench_candidate){
			.usable = run->backends[b].kind == BM_KIND_ORIGINAL &&
			          run->backends[b].counterpart != NULL &&
			          bench_file_cell_has_figure(cell),
			.median = cell->median,
			.mad = cell->mad,
		};
	}
	struct bench_verdict verdict =
		bench_decide(candidates, run->backend_count);
	switch (verdict.kind) {
	case BENCH_VERDICT_WINNER:
		return run->backends[verdict.index].counterpart;
	case BENCH_VERDICT_TIE:
		return "-";
	case BENCH_VERDICT_NONE:
		break;
	}
	return NULL;
}

bool
report_originals_agree(const struct bench_run_file *run,
                       struct report_agreement *agreement)
{
	memset(agreement, 0, sizeof *agreement);
	struct bench_candidate *candidates =
		calloc(run->backend_count + 1, sizeof *candidates);
	if (candidates == NULL)
		return false;
	for (size_t r = 0; r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		const char *verdict = originals_verdict(run, row, candidates);
		if (verdict == NULL || row->haiku_winner == NULL)
			continue;
		bool same = strcmp(verdict, row->haiku_winner) == 0;
		bool use = report_row_in_group(row, REPORT_GROUP_SENT) ||
		           report_row_in_group(row, REPORT_GROUP_STORED) ||
		           report_row_in_group(row, REPORT_GROUP_FLAT);
		agreement->rows++;
		agreement->same += same;
		agreement->use_rows += use;
		agreement->use_same += use && same;
	}
	free(candidates);
	return true;
}
