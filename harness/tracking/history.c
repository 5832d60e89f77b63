/*
 * history.c - the series of every cell across the versions of a results
 * file, and the moves between consecutive versions (see history.h).
 */
#include "history.h"

#include "compare.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Whether the selection follows a cell. */
static bool
selected(const struct bench_history_selection *selection, const char *test,
         const char *column)
{
	if (selection == NULL)
		return true;
	if (selection->filter != NULL &&
	    regexec(selection->filter, test, 0, NULL, 0) != 0)
		return false;
	if (selection->backends == NULL || strcmp(column, "Floor") == 0)
		return true;
	for (size_t i = 0; selection->backends[i] != NULL; i++) {
		if (strcasecmp(selection->backends[i], column) == 0)
			return true;
	}
	return false;
}

/* The cell of the series for (test, column), or SIZE_MAX. */
static size_t
find_cell(const struct bench_history_series *series, const char *test,
          const char *column)
{
	for (size_t c = 0; c < series->count; c++) {
		if (strcmp(series->cells[c].test, test) == 0 &&
		    strcmp(series->cells[c].backend, column) == 0)
			return c;
	}
	return SIZE_MAX;
}

/* Adds a cell first seen in version `v`; false when out of memory. */
static bool
add_cell(struct bench_history_series *series, size_t *capacity,
         const struct bench_file_row *row, const char *column, size_t v)
{
	if (series->count == *capacity) {
		size_t bigger = *capacity == 0 ? 256 : *capacity * 2;
		struct bench_history_cell *grown =
			realloc(series->cells, bigger * sizeof *grown);
		if (grown == NULL)
			return false;
		series->cells = grown;
		*capacity = bigger;
	}
	double *figures = malloc(series->version_count * sizeof *figures);
	if (figures == NULL)
		return false;
	for (size_t i = 0; i < series->version_count; i++)
		figures[i] = NAN;
	series->cells[series->count++] = (struct bench_history_cell){
		.test = row->test, .backend = column, .op = row->op,
		.figures = figures, .first = v,
	};
	return true;
}

/* The cells of one version: new ones added, every figure set. */
static bool
add_version(struct bench_history_series *series, size_t *capacity,
            const struct bench_history *history,
            const struct bench_history_selection *selection, size_t v)
{
	const struct bench_run_file *run = &history->versions[v].run;
	for (size_t r = 0; r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		for (size_t b = 0; b <= run->backend_count; b++) {
			const char *column = bench_run_file_column_name(run, b);
			const struct bench_file_cell *cell =
				bench_file_row_cell(run, row, b);
			if (!bench_file_cell_has_figure(cell) ||
			    !selected(selection, row->test, column))
				continue;
			size_t c = find_cell(series, row->test, column);
			if (c == SIZE_MAX) {
				if (!add_cell(series, capacity, row, column, v))
					return false;
				c = series->count - 1;
			}
			/* The newest version's strings name the cell. */
			series->cells[c].test = row->test;
			series->cells[c].backend = column;
			series->cells[c].figures[v] = cell->median;
		}
	}
	return true;
}

bool
bench_history_series(const struct bench_history *history,
                     const struct bench_history_selection *selection,
                     struct bench_history_series *series)
{
	memset(series, 0, sizeof *series);
	series->version_count = history->count;
	size_t capacity = 0;
	for (size_t v = 0; v < history->count; v++) {
		if (!add_version(series, &capacity, history, selection, v)) {
			bench_history_series_free(series);
			return false;
		}
	}
	return true;
}

void
bench_history_series_free(struct bench_history_series *series)
{
	for (size_t c = 0; c < series->count; c++)
		free(series->cells[c].figures);
	free(series->cells);
	memset(series, 0, sizeof *series);
}

static int
compare_moves(const void *left, const void *right)
{
	const struct bench_history_move *a = left, *b = right;
	if (a->version != b->version)
		return a->version < b->version ? -1 : 1;
	double size_a = fabs(a->relative), size_b = fabs(b->relative);
	if (size_a != size_b)
		return size_a > size_b ? -1 : 1;
	return (a->cell > b->cell) - (a->cell < b->cell);
}

size_t
bench_history_moves(const struct bench_history *history,
                    const struct bench_history_series *series,
                    double percent, double minimum,
                    struct bench_history_move **moves)
{
	*moves = NULL;
	size_t count = 0, capacity = 0;
	for (size_t c = 0; c < series->count; c++) {
		const struct bench_history_cell *cell = &series->cells[c];
		size_t from = cell->first;
		for (size_t v = cell->first + 1; v < series->version_count; v++) {
			double before = cell->figures[from], after = cell->figures[v];
			if (isnan(after))
				continue;
			size_t previous = from;
			from = v;
			double room = bench_compare_allowance(percent, minimum,
			                                      before);
			if (!(fabs(after - before) > room))
				continue;
			if (count == capacity) {
				capacity = capacity == 0 ? 64 : capacity * 2;
				struct bench_history_move *grown =
					realloc(*moves, capacity * sizeof *grown);
				if (grown == NULL) {
					free(*moves);
					*moves = NULL;
					return SIZE_MAX;
				}
				*moves = grown;
			}
			(*moves)[count++] = (struct bench_history_move){
				.cell = c, .version = v, .from = previous,
				.before = before, .after = after,
				.relative = before > 0 ? (after - before) / before
				                       : (double)INFINITY,
				.across_eras = history->versions[previous].era !=
				               history->versions[v].era,
			};
		}
	}
	if (count > 0)
		qsort(*moves, count, sizeof **moves, compare_moves);
	return count;
}
