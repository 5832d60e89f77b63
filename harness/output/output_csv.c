/*
 * output_csv.c - one line per test and backend, for gnuplot and scripts:
 *   test,operation,type,items,message,backend,median,min,mad,allocs_per_op,
 *   flat_bytes,winner,winner_confidence,haiku_winner,
 *   haiku_winner_confidence,vs_winner,vs_winner_confidence,run_id
 * A matrix test has its type and items and an empty message; a test on a
 * named message has that name and empty type and items.
 * Times are in the --unit. The Floor has its own lines (backend "Floor",
 * no allocations, flat_bytes = the bytes it copies); Lookup rows have no
 * Floor. A failed cell has "ERR" as its median and its other figures
 * empty; a cell whose operation does not apply to its backend, "n/a".
 * flat_bytes is empty outside the Flatten and Unflatten rows.
 * The verdicts are the row's, on each of its lines: a backend, "-" for a
 * tie or empty, each with its confidence (harness/README.md §4.3: a share
 * from 0 to 1, empty for a tie); vs_winner is a proposal's standing on its
 * own line ("holds" or "lost", empty elsewhere), with its confidence.
 * run_id, the same on every line, names the run (run_context.h), so that
 * the readers of results/latest.* tell a set from two runs' files.
 */
#include "output.h"

static void
write_number(FILE *stream, double ns, enum bench_unit unit)
{
	if (unit == BENCH_UNIT_US)
		fprintf(stream, "%.5f", ns / 1000.0);
	else
		fprintf(stream, "%.2f", ns);
}

static void
write_allocs(FILE *stream, double allocs)
{
	/* Whole numbers stay whole; a fraction means the count varies
	 * from one operation to the next. */
	if (allocs == (double)(long long)allocs)
		fprintf(stream, "%lld", (long long)allocs);
	else
		fprintf(stream, "%.3f", allocs);
}

static void
write_confidence(FILE *stream, bool has_confidence, double confidence)
{
	if (has_confidence)
		fprintf(stream, "%.4f", confidence);
}

/* The row's verdicts, and the standing of `cell` when it has one. */
static void
write_verdicts(FILE *stream, const struct bench_results *results,
               const struct bench_row *row,
               const struct bench_cell_result *cell)
{
	const char *winner = bench_verdict_name(results, row->winner);
	const char *haiku = bench_verdict_name(results, row->haiku_winner);
	fprintf(stream, ",%s,", winner != NULL ? winner : "");
	write_confidence(stream, row->winner.has_confidence,
	                 row->winner.confidence);
	fprintf(stream, ",%s,", haiku != NULL ? haiku : "");
	write_confidence(stream, row->haiku_winner.has_confidence,
	                 row->haiku_winner.confidence);
	const struct bench_standing *standing = &cell->standing;
	fprintf(stream, ",%s,", !standing->known ? ""
	                        : standing->holds ? "holds" : "lost");
	write_confidence(stream, standing->known && standing->has_confidence,
	                 standing->confidence);
}

static void
write_line(FILE *stream, const struct bench_results *results,
           const struct bench_row *row, const char *backend,
           const struct bench_cell_result *cell, bool floor,
           enum bench_unit unit, const char *run_id)
{
	const struct bench_workload *workload = &row->test.workload;
	fprintf(stream, "%s,%s,", row->test.name, bench_op_name(row->test.op));
	if (workload->kind == BENCH_WORKLOAD_MATRIX)
		fprintf(stream, "%s,%zu,,", bench_type_name(workload->type),
		        workload->items);
	else
		fprintf(stream, ",,%s,", workload->message);
	fprintf(stream, "%s,", backend);
	if (cell->failed || cell->not_applicable) {
		fputs(cell->failed ? "ERR,,,," : "n/a,,,,", stream);
		write_verdicts(stream, results, row, cell);
		fprintf(stream, ",%s\n", run_id);
		return;
	}
	write_number(stream, cell->summary.median, unit);
	fputc(',', stream);
	write_number(stream, cell->summary.min, unit);
	fputc(',', stream);
	write_number(stream, cell->summary.mad, unit);
	fputc(',', stream);
	if (!floor)
		write_allocs(stream, cell->allocs_per_op);
	fputc(',', stream);
	if (floor || bench_op_is_flat(row->test.op))
		fprintf(stream, "%zu", cell->flat_bytes);
	write_verdicts(stream, results, row, cell);
	fprintf(stream, ",%s\n", run_id);
}

bool
bench_write_csv(FILE *stream, const struct bench_results *results,
                enum bench_unit unit)
{
	fputs("test,operation,type,items,message,backend,median,min,mad,"
	      "allocs_per_op,flat_bytes,winner,winner_confidence,haiku_winner,"
	      "haiku_winner_confidence,vs_winner,vs_winner_confidence,run_id\n",
	      stream);
	const char *run_id = results->context.run_id;
	for (size_t r = 0; r < results->row_count; r++) {
		const struct bench_row *row = &results->rows[r];
		for (size_t b = 0; b < results->backend_count; b++)
			write_line(stream, results, row,
			           results->backends[b]->name, &row->cells[b],
			           false, unit, run_id);
		if (row->has_floor)
			write_line(stream, results, row, "Floor", &row->floor,
			           true, unit, run_id);
	}
	return !ferror(stream);
}
