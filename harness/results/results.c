/*
 * results.c - freeing results and naming verdicts (see results.h).
 */
#include "results.h"

#include <stdio.h>
#include <stdlib.h>

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
	free(results->rows);
	free(results->backends);
	results->rows = NULL;
	results->backends = NULL;
	results->row_count = results->backend_count = 0;
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
