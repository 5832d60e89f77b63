/*
 * report_grid.c - Markdown for the report's pages: paths, table cells, and
 * tables with aligned columns (see report_internal.h).
 */
#include "report_internal.h"

#include "results.h"

#include <stdarg.h>
#include <stdlib.h>

void
report_put_source(FILE *out, const char *path)
{
	if (path[0] != '/')
		fprintf(out, "[`%s`](../%s)", path, path);
	else
		fprintf(out, "`%s`", path);
}

/* Text inside a Markdown table cell: '|' would end the cell, a newline
 * the row. */
void
report_put_cell(FILE *out, const char *text)
{
	for (; *text != '\0'; text++) {
		if (*text == '|')
			fputs("\\|", out);
		else if (*text == '\n' || *text == '\r')
			fputc(' ', out);
		else
			fputc(*text, out);
	}
}

/* --- A Markdown table with aligned columns -------------------------------- */

bool
report_grid_init(struct report_grid *grid, size_t rows, size_t columns)
{
	grid->rows = rows;
	grid->columns = columns;
	grid->cells = calloc(rows * columns, REPORT_GRID_TEXT_MAX);
	grid->right = calloc(columns, sizeof *grid->right);
	return grid->cells != NULL && grid->right != NULL;
}

void
report_grid_free(struct report_grid *grid)
{
	free(grid->cells);
	free(grid->right);
}

void
report_grid_set(struct report_grid *grid, size_t row, size_t column, const char *format,
         ...)
{
	va_list args;
	va_start(args, format);
	vsnprintf(grid->cells[row * grid->columns + column], REPORT_GRID_TEXT_MAX,
	          format, args);
	va_end(args);
}

/* Characters, not bytes: "→" takes one column of a plain-text view. */
static size_t
text_width(const char *text)
{
	size_t width = 0;
	for (; *text != '\0'; text++)
		width += ((unsigned char)*text & 0xC0) != 0x80;
	return width;
}

void
report_grid_write(FILE *out, const struct report_grid *grid)
{
	size_t widths[64] = {0};
	size_t columns = grid->columns < 64 ? grid->columns : 64;
	for (size_t r = 0; r < grid->rows; r++) {
		for (size_t c = 0; c < columns; c++) {
			size_t length =
				text_width(grid->cells[r * grid->columns + c]);
			if (length > widths[c])
				widths[c] = length;
		}
	}
	for (size_t r = 0; r < grid->rows; r++) {
		for (size_t c = 0; c < columns; c++) {
			const char *text = grid->cells[r * grid->columns + c];
			size_t pad = widths[c] - text_width(text);
			fputs(c == 0 ? "| " : " | ", out);
			if (grid->right[c])
				fprintf(out, "%*s%s", (int)pad, "", text);
			else
				fprintf(out, "%s%*s", text, (int)pad, "");
		}
		fputs(" |\n", out);
		if (r != 0)
			continue;
		for (size_t c = 0; c < columns; c++) {
			fputc('|', out);
			for (size_t i = 0; i < widths[c] + 1; i++)
				fputc('-', out);
			fputc(grid->right[c] ? ':' : '-', out);
		}
		fputs("|\n", out);
	}
}

bool
report_grid_put(FILE *out, struct report_grid *grid, bool made)
{
	if (made)
		report_grid_write(out, grid);
	report_grid_free(grid);
	return made;
}

size_t
report_column_backend(const struct bench_run_file *run, size_t position)
{
	/* The designs first, then the kinds that follow them: count along
	 * the same two passes as bench_column_order. */
	for (int after = 0; after < 2; after++) {
		for (size_t b = 0; b < run->backend_count; b++) {
			if (bench_kind_follows_designs(run->backends[b].kind) !=
			    (after != 0))
				continue;
			if (position-- == 0)
				return b;
		}
	}
	return SIZE_MAX;
}

void
report_cell_text(char *out, size_t size, const struct bench_file_cell *cell)
{
	if (cell == NULL || !cell->present)
		snprintf(out, size, "-");
	else if (cell->failed)
		snprintf(out, size, "ERR");
	else if (cell->not_applicable)
		snprintf(out, size, "n/a");
	else
		bench_format_time(cell->median, BENCH_UNIT_NS, out, size);
}

size_t
report_grid_results_header(struct report_grid *grid,
                           const struct bench_run_file *run, const char *first)
{
	report_grid_set(grid, 0, 0, "%s", first);
	for (size_t b = 0; b < run->backend_count; b++) {
		report_grid_set(grid, 0, 1 + b, "%s",
		                run->backends[report_column_backend(run, b)].name);
		grid->right[1 + b] = true;
	}
	report_grid_set(grid, 0, 1 + run->backend_count, "Floor");
	grid->right[1 + run->backend_count] = true;
	report_grid_set(grid, 0, 2 + run->backend_count, "Winner");
	report_grid_set(grid, 0, 3 + run->backend_count, "Haiku Winner");
	return 4 + run->backend_count;
}

void
report_grid_results_row(struct report_grid *grid, size_t line,
                        const struct bench_run_file *run,
                        const struct bench_file_row *row)
{
	for (size_t b = 0; b <= run->backend_count; b++) {
		const struct bench_file_cell *cell =
			b < run->backend_count
				? &row->cells[report_column_backend(run, b)]
				: &row->floor;
		char text[32];
		report_cell_text(text, sizeof text, cell);
		report_grid_set(grid, line, 1 + b, "%s", text);
	}
	char verdict[64];
	report_verdict_text(verdict, sizeof verdict, row->winner,
	                    row->winner_confidence);
	report_grid_set(grid, line, 2 + run->backend_count, "%s", verdict);
	report_verdict_text(verdict, sizeof verdict, row->haiku_winner,
	                    row->haiku_winner_confidence);
	report_grid_set(grid, line, 3 + run->backend_count, "%s", verdict);
}

void
report_verdict_text(char *out, size_t size, const char *verdict,
                    double confidence)
{
	bench_confidence_text(verdict != NULL ? verdict : "n/a", confidence,
	                      out, size);
}

void
report_tally_confidences(const struct bench_run_file *run, size_t low[2],
                         size_t rated[2])
{
	low[0] = low[1] = rated[0] = rated[1] = 0;
	for (size_t r = 0; r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		double both[2] = {row->winner_confidence,
		                  row->haiku_winner_confidence};
		for (size_t v = 0; v < 2; v++) {
			rated[v] += both[v] >= 0;
			low[v] += both[v] >= 0 &&
			          both[v] < BENCH_CONFIDENCE_THRESHOLD;
		}
	}
}
