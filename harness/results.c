/*
 * results.c - freeing results and naming verdicts (see results.h).
 */
#include "results.h"

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
