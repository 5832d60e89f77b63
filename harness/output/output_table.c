/*
 * output_table.c - the 2005 table, as Markdown or aligned text:
 * a header line (unit, statistic, date, CPU, compiler), then one row per
 * test in matrix order with one column per backend (the outside
 * libraries after the designs, bench_column_order), the Floor, the Winner
 * and the Haiku Winner, a column per proposal with its time relative to
 * the row's best competing backend, then a legend and the reason of every
 * ERR cell.
 */
#include "output.h"


#include <stdlib.h>
#include <string.h>

/* Widest cell text: a backend name or a formatted time. */
#define CELL_TEXT_MAX 64

struct grid {
	size_t rows;    /* including the heading */
	size_t columns;
	size_t verdicts; /* the first of the two verdict columns */
	char (*cells)[CELL_TEXT_MAX];
};

static char *
grid_cell(struct grid *grid, size_t row, size_t column)
{
	return grid->cells[row * grid->columns + column];
}

/* Whether `text` prints on one line as it is (no control characters). */
static bool
one_line(const char *text)
{
	for (; *text != '\0'; text++) {
		if ((unsigned char)*text < 0x20 || *text == 0x7f)
			return false;
	}
	return true;
}

/* The end of the header line: the verdict on what the run competed with
 * (harness/README.md §3.7), and why when it was disturbed. */
static void
write_run_verdict(FILE *stream, const struct bench_results *results)
{
	if (results->context.injected_regression[0] != '\0')
		fprintf(stream, " Built with a test-only regression: %s.",
		        results->context.injected_regression);
	switch (results->run_verdict) {
	case BENCH_RUN_QUIET:
		fputs(" The run was quiet.\n", stream);
		return;
	case BENCH_RUN_DISTURBED:
		fprintf(stream, " The run was disturbed: %s.\n",
		        results->run_reasons);
		return;
	case BENCH_RUN_UNKNOWN:
		break;
	}
	fputs(" Whether the run was disturbed is unknown.\n", stream);
}

static void
write_header_line(FILE *stream, const struct bench_results *results,
                  enum bench_unit unit)
{
	const struct bench_context *context = &results->context;
	const struct bench_options *options = results->options;
	/* Tunables change what glibc's string functions do
	 * (harness/README.md §3.5), so a run under them says so where its
	 * figures are; the JSON has them whatever they hold. */
	const char *tunables = context->glibc_tunables;
	bool tuned = tunables[0] != '\0';
	if (tuned && !one_line(tunables))
		tunables = "(not printable; see the JSON)";
	fprintf(stream,
	        "Times in %s per operation: median of %u samples, each at least "
	        "%g ms, backends interleaved in a shuffled order (seed %llu). "
	        "%s, %s (%ld cores), %s %s build (%s), glibc %s%s%s%s, commit %s, "
	        "bench %s, run %s.",
	        unit == BENCH_UNIT_US ? "us" : "ns", options->repetitions,
	        options->min_time_ms, (unsigned long long)options->seed,
	        context->date, context->cpu, context->cores, context->compiler,
	        context->build_type, context->cflags, context->glibc,
	        tuned ? " (GLIBC_TUNABLES=" : "",
	        tuned ? tunables : "", tuned ? ")" : "",
	        context->git_commit, context->version, context->run_id);
	write_run_verdict(stream, results);
}

/* A verdict's name, and how sure it is when that is below the threshold
 * (harness/README.md §4.3). */
static void
verdict_text(const struct bench_results *results, struct bench_verdict verdict,
             char *out)
{
	const char *name = bench_verdict_name(results, verdict);
	bench_confidence_text(name != NULL ? name : "n/a",
	                      verdict.has_confidence ? verdict.confidence : -1,
	                      out, CELL_TEXT_MAX);
}

static void
cell_text(const struct bench_cell_result *cell, enum bench_unit unit,
          char *out)
{
	if (cell->failed)
		snprintf(out, CELL_TEXT_MAX, "ERR");
	else if (cell->not_applicable)
		snprintf(out, CELL_TEXT_MAX, "n/a");
	else
		bench_format_time(cell->summary.median, unit, out, CELL_TEXT_MAX);
}

static bool
is_proposal(const struct bm_ops *ops)
{
	return bm_backend_kind(ops) == BM_KIND_PROPOSAL;
}

/* A proposal's standing against the best competing backend, as text
 * (bench_row_decide decided it). */
static void
relative_text(const struct bench_row *row, size_t proposal, char *out)
{
	bench_standing_text(&row->cells[proposal].standing, out,
	                    CELL_TEXT_MAX);
}

static bool
fill_grid(struct grid *grid, const struct bench_results *results,
          bool markdown, enum bench_unit unit)
{
	size_t backends = results->backend_count, proposals = 0;
	for (size_t b = 0; b < backends; b++)
		proposals += is_proposal(results->backends[b]);
	grid->rows = results->row_count + 1;
	grid->columns = 1 + backends + 3 + proposals;
	grid->verdicts = 2 + backends;
	grid->cells = calloc(grid->rows * grid->columns, CELL_TEXT_MAX);
	enum bm_kind *kinds = calloc(backends + 1, sizeof *kinds);
	size_t *order = calloc(backends + 1, sizeof *order);
	if (grid->cells == NULL || kinds == NULL || order == NULL) {
		free(kinds);
		free(order);
		free(grid->cells);
		return false;
	}
	for (size_t b = 0; b < backends; b++)
		kinds[b] = bm_backend_kind(results->backends[b]);
	bench_column_order(kinds, backends, order);
	free(kinds);
	snprintf(grid_cell(grid, 0, 0), CELL_TEXT_MAX, "Test");
	for (size_t b = 0; b < backends; b++)
		snprintf(grid_cell(grid, 0, 1 + b), CELL_TEXT_MAX, "%s",
		         results->backends[order[b]]->name);
	snprintf(grid_cell(grid, 0, 1 + backends), CELL_TEXT_MAX, "Floor");
	snprintf(grid_cell(grid, 0, 2 + backends), CELL_TEXT_MAX, "Winner");
	snprintf(grid_cell(grid, 0, 3 + backends), CELL_TEXT_MAX,
	         "Haiku Winner");
	for (size_t b = 0, column = 4 + backends; b < backends; b++) {
		if (is_proposal(results->backends[b]))
			snprintf(grid_cell(grid, 0, column++), CELL_TEXT_MAX,
			         "%s vs Winner", results->backends[b]->name);
	}
	for (size_t r = 0; r < results->row_count; r++) {
		const struct bench_row *row = &results->rows[r];
		size_t line = r + 1;
		/* The 2005 table names tests as its log did:
		 * "tCreate5Int32():". */
		snprintf(grid_cell(grid, line, 0), CELL_TEXT_MAX,
		         markdown ? "%s():" : "%s", row->test.name);
		for (size_t b = 0; b < backends; b++)
			cell_text(&row->cells[order[b]], unit,
			          grid_cell(grid, line, 1 + b));
		if (row->has_floor)
			cell_text(&row->floor, unit,
			          grid_cell(grid, line, 1 + backends));
		else
			snprintf(grid_cell(grid, line, 1 + backends),
			         CELL_TEXT_MAX, "-");
		verdict_text(results, row->winner,
		             grid_cell(grid, line, 2 + backends));
		verdict_text(results, row->haiku_winner,
		             grid_cell(grid, line, 3 + backends));
		for (size_t b = 0, column = 4 + backends; b < backends; b++) {
			if (is_proposal(results->backends[b]))
				relative_text(row, b,
				              grid_cell(grid, line, column++));
		}
	}
	free(order);
	return true;
}

/* Columns with times and ratios are right-aligned; names left-aligned. */
static bool
right_aligned(const struct grid *grid, size_t column)
{
	return column > 0 &&
	       (column < grid->verdicts || column >= grid->verdicts + 2);
}

static bool
write_grid(FILE *stream, struct grid *grid, bool markdown)
{
	size_t *widths = calloc(grid->columns, sizeof *widths);
	if (widths == NULL)
		return false;
	for (size_t r = 0; r < grid->rows; r++) {
		for (size_t c = 0; c < grid->columns; c++) {
			size_t length = strlen(grid_cell(grid, r, c));
			if (length > widths[c])
				widths[c] = length;
		}
	}
	for (size_t r = 0; r < grid->rows; r++) {
		for (size_t c = 0; c < grid->columns; c++) {
			const char *text = grid_cell(grid, r, c);
			int width = (int)widths[c];
			if (markdown)
				fputs(c == 0 ? "| " : " | ", stream);
			else if (c > 0)
				fputs("  ", stream);
			if (right_aligned(grid, c))
				fprintf(stream, "%*s", width, text);
			else if (markdown || c + 1 < grid->columns)
				fprintf(stream, "%-*s", width, text);
			else
				fputs(text, stream);
		}
		fputs(markdown ? " |\n" : "\n", stream);
		if (r != 0)
			continue;
		/* The line under the heading. */
		for (size_t c = 0; c < grid->columns; c++) {
			if (markdown) {
				fputc('|', stream);
				for (size_t i = 0; i < widths[c] + 1; i++)
					fputc('-', stream);
				fputc(right_aligned(grid, c) ? ':' : '-', stream);
			} else {
				if (c > 0)
					fputs("  ", stream);
				for (size_t i = 0; i < widths[c]; i++)
					fputc('-', stream);
			}
		}
		fputs(markdown ? "|\n" : "\n", stream);
	}
	free(widths);
	return true;
}

static void
write_legend(FILE *stream, const struct bench_results *results, bool markdown)
{
	fprintf(stream,
	        "\nFloor: one memcpy of the operation's bytes (the item bytes for "
	        "Create and Read, the HMF1 flattened size for Flatten, "
	        "Unflatten and the real rows; none for Lookup). Winner: the fastest backend; Haiku "
	        "Winner: the fastest Haiku design. \"-\": a tie, the two fastest "
	        "medians m1 <= m2 with MADs d1, d2 have (m2 - m1)/m1 <= "
	        "max(2%%, d1/m1, d2/m2). A proposal, the original code and an "
	        "outside library (its column after the designs') compete in "
	        "neither; a proposal's "
	        "\"vs Winner\" column is its median over the smallest median of "
	        "the backends that compete, \"lost\" where it is above it "
	        "beyond the tie rule; where it is, and the fastest competitor's "
	        "flattened form is more than %.0f%% smaller than its own, its "
	        "median over the Floor's follows, and within %.1fx the Floor it "
	        "holds the row. A Winner, Haiku Winner or standing less than "
	        "%.0f%% sure (the share of bootstrap resamples of the passes in "
	        "which the faster's median stays below the other's; a tie has "
	        "none) says how sure: \"R5 (83%% sure)\". "
	        "ERR: the cell failed validation and has "
	        "no time. A sample that lost more than 1%% of its time to "
	        "other processes is taken again (%zu were; %zu kept after %u "
	        "retakes).\n",
	        100 * BENCH_FORMAT_MARGIN, BENCH_FORMAT_FLOOR_FACTOR,
	        100 * BENCH_CONFIDENCE_THRESHOLD, results->retaken_samples, results->disturbed_samples,
	        BENCH_RETAKES_MAX);
	if (results->failed_cells == 0)
		return;
	fprintf(stream, "\nCells that failed validation:\n%s",
	        markdown ? "\n" : "");
	for (size_t r = 0; r < results->row_count; r++) {
		const struct bench_row *row = &results->rows[r];
		for (size_t b = 0; b < results->backend_count; b++) {
			if (row->cells[b].failed)
				fprintf(stream, "%s%s on %s: %s\n",
				        markdown ? "- " : "  ", row->test.name,
				        results->backends[b]->name,
				        row->cells[b].error);
		}
		if (row->has_floor && row->floor.failed)
			fprintf(stream, "%s%s on Floor: %s\n",
			        markdown ? "- " : "  ", row->test.name,
			        row->floor.error);
	}
}

static bool
write_table(FILE *stream, const struct bench_results *results, bool markdown,
            enum bench_unit unit)
{
	struct grid grid;
	if (!fill_grid(&grid, results, markdown, unit))
		return false;
	write_header_line(stream, results, unit);
	fputc('\n', stream);
	bool ok = write_grid(stream, &grid, markdown);
	free(grid.cells);
	if (ok)
		write_legend(stream, results, markdown);
	return ok;
}

bool
bench_write_md(FILE *stream, const struct bench_results *results,
               enum bench_unit unit)
{
	return write_table(stream, results, true, unit);
}

bool
bench_write_text(FILE *stream, const struct bench_results *results,
                 enum bench_unit unit)
{
	return write_table(stream, results, false, unit);
}
