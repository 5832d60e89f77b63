/*
 * results.c - freeing results and naming verdicts (see results.h).
 */
#include "results.h"

#include <stdio.h>
#include <stdlib.h>

bool
bench_kind_follows_designs(enum bm_kind kind)
{
	return kind == BM_KIND_LIBRARY;
}

void
bench_column_order(const enum bm_kind *kinds, size_t count, size_t *order)
{
	size_t used = 0;
	for (int after = 0; after < 2; after++) {
		for (size_t b = 0; b < count; b++) {
			if (bench_kind_follows_designs(kinds[b]) == (after != 0))
				order[used++] = b;
		}
	}
}

void
bench_results_free(struct bench_results *results)
{
	for (size_t r = 0; r < results->row_count; r++) {
		struct bench_row *row = &results->rows[r];
		if (row->cells != NULL) {
			for (size_t b = 0; b < results->backend_count; b++) {
				free(row->cells[b].samples);
				free(row->cells[b].cpu_samples);
			}
		}
		free(row->cells);
		free(row->floor.samples);
		free(row->floor.cpu_samples);
	}
	for (size_t m = 0; m < results->size_row_count; m++)
		free(results->size_rows[m].cells);
	free(results->size_rows);
	results->size_rows = NULL;
	results->size_row_count = 0;
	free(results->rows);
	free(results->backends);
	results->rows = NULL;
	results->backends = NULL;
	results->row_count = results->backend_count = 0;
}

/* Whether a cell has a figure: neither ERR nor n/a, and sampled. */
static bool
usable(const struct bench_cell_result *cell)
{
	return !cell->failed && !cell->not_applicable && cell->sample_count > 0;
}

/* The samples two cells both have: those of the same passes. */
static size_t
common_samples(const struct bench_cell_result *a,
               const struct bench_cell_result *b)
{
	return a->sample_count < b->sample_count ? a->sample_count
	                                         : b->sample_count;
}

static struct bench_verdict
decide(const struct bench_results *results, const struct bench_row *row,
       bool haiku_only, struct bench_candidate *candidates, double *scratch)
{
	for (size_t b = 0; b < results->backend_count; b++) {
		const struct bench_cell_result *cell = &row->cells[b];
		enum bm_kind kind = bm_backend_kind(results->backends[b]);
		bool counts = haiku_only ? bm_kind_is_haiku(kind)
		                         : bm_kind_competes(kind);
		candidates[b] = (struct bench_candidate){
			.usable = usable(cell) && counts,
			.median = cell->summary.median,
			.mad = cell->summary.mad,
		};
	}
	struct bench_verdict verdict =
		bench_decide(candidates, results->backend_count);
	if (verdict.kind == BENCH_VERDICT_WINNER &&
	    verdict.runner_up < results->backend_count) {
		const struct bench_cell_result *winner = &row->cells[verdict.index];
		const struct bench_cell_result *second =
			&row->cells[verdict.runner_up];
		bench_verdict_rate(&verdict, winner->samples, second->samples,
		                   common_samples(winner, second), scratch);
	}
	return verdict;
}

/* One cell as the proposal rule sees it (bench_standing). */
static struct bench_standing_cell
standing_cell(const struct bench_cell_result *cell)
{
	return (struct bench_standing_cell){
		.candidate = {.usable = usable(cell),
		              .median = cell->summary.median,
		              .mad = cell->summary.mad},
		.flat_bytes = (long long)cell->flat_bytes,
	};
}

/* A proposal's standing against the best competing backend, rated. */
static void
stand(const struct bench_results *results, struct bench_row *row,
      size_t proposal, double *scratch)
{
	struct bench_standing_cell best = {0};
	size_t best_index = results->backend_count;
	for (size_t b = 0; b < results->backend_count; b++) {
		struct bench_standing_cell cell = standing_cell(&row->cells[b]);
		if (bm_kind_competes(bm_backend_kind(results->backends[b])) &&
		    bench_standing_better(&cell, &best)) {
			best = cell;
			best_index = b;
		}
	}
	struct bench_cell_result *mine = &row->cells[proposal];
	struct bench_standing_cell own = standing_cell(mine);
	struct bench_candidate floor = {0};
	if (row->has_floor)
		floor = standing_cell(&row->floor).candidate;
	mine->standing = bench_standing(&own, &best, &floor);
	if (best_index == results->backend_count)
		return;
	const struct bench_cell_result *rival = &row->cells[best_index];
	size_t count = common_samples(mine, rival);
	if (mine->standing.format_row)
		count = common_samples(mine, &row->floor) < count
		                ? common_samples(mine, &row->floor)
		                : count;
	bench_standing_rate(&mine->standing, mine->samples, rival->samples,
	                    row->has_floor ? row->floor.samples : NULL, count,
	                    scratch);
}

void
bench_row_decide(const struct bench_results *results, struct bench_row *row,
                 struct bench_candidate *candidates, double *scratch)
{
	row->winner = decide(results, row, false, candidates, scratch);
	row->haiku_winner = decide(results, row, true, candidates, scratch);
	for (size_t b = 0; b < results->backend_count; b++) {
		if (bm_backend_kind(results->backends[b]) == BM_KIND_PROPOSAL)
			stand(results, row, b, scratch);
	}
}

size_t
bench_results_sample_count(const struct bench_results *results)
{
	size_t count = 0;
	for (size_t r = 0; r < results->row_count; r++) {
		const struct bench_row *row = &results->rows[r];
		for (size_t b = 0; row->cells != NULL &&
		                   b < results->backend_count; b++)
			count += row->cells[b].sample_count;
		count += row->floor.sample_count;
	}
	return count;
}

const char *
bench_verdict_name(const struct bench_results *results,
                   struct bench_verdict verdict)
{
	switch (verdict.kind) {
	case BENCH_VERDICT_WINNER:
		return results->backends[verdict.index]->name;
	case BENCH_VERDICT_TIE:
		return "-";
	case BENCH_VERDICT_NONE:
		break;
	}
	return NULL;
}

void
bench_format_time(double ns, enum bench_unit unit, char *out, size_t out_size)
{
	double value = unit == BENCH_UNIT_US ? ns / 1000.0 : ns;
	int decimals = value >= 10.0 ? 0 : value >= 1.0 ? 1 : value >= 0.1 ? 2 : 3;
	snprintf(out, out_size, "%.*f", decimals, value);
}
