/*
 * report_sizes.c - the report's page "Sizes and allocations": every
 * message's flattened size per backend and that compressed with zstd,
 * each beside the message's size in HMF1 (today's Haiku format, what
 * Message4 writes), with the plot of each backend's mean ratio; and the
 * allocations per operation of every backend on every row. Its findings
 * on the summary name the smallest and largest forms and the backends
 * that allocate least and most.
 */
#include "report_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void
report_size_label(const struct bench_file_size_row *row, char *out,
                  size_t out_size)
{
	const struct bench_workload *w = &row->workload;
	if (w->kind == BENCH_WORKLOAD_MESSAGE) {
		snprintf(out, out_size, "%s", w->message);
		return;
	}
	static const char *const shapes[] = {
		[BENCH_LAYOUT_ONE_FIELD] = "one field",
		[BENCH_LAYOUT_FIELD_PER_ITEM] = "a field each",
		[BENCH_LAYOUT_LOOKUP_FIELDS] = "lookup fields",
	};
	const char *shape = row->layout <= BENCH_LAYOUT_LOOKUP_FIELDS
	                            ? shapes[row->layout]
	                            : bench_layout_word(row->layout);
	snprintf(out, out_size, "%zu %s, %s", w->items,
	         bench_type_name(w->type), shape);
}

/* The size of a cell as the tables compare it; 0 without one. */
static double
cell_bytes(const struct bench_file_size_cell *cell, bool compressed)
{
	if (!cell->present || cell->failed)
		return 0;
	return (double)(compressed ? cell->zstd_bytes : cell->flat_bytes);
}

size_t
report_size_mean(const struct bench_run_file *run, size_t backend,
                 bool compressed, double *mean)
{
	double log_sum = 0;
	size_t count = 0;
	for (size_t m = 0; m < run->size_row_count; m++) {
		const struct bench_file_size_row *row = &run->size_rows[m];
		double bytes = cell_bytes(&row->cells[backend], compressed);
		if (bytes > 0 && row->hmf1_bytes > 0) {
			log_sum += log(bytes / (double)row->hmf1_bytes);
			count++;
		}
	}
	*mean = count > 0 ? exp(log_sum / (double)count) : 0;
	return count;
}

/* The table of one measure: a row per message, its HMF1 size, and per
 * backend its bytes with their ratio to the HMF1 size. */
static bool
size_rows(const struct bench_run_file *run, bool compressed,
          struct report_grid *grid)
{
	if (!report_grid_init(grid, run->size_row_count + 1,
	                      2 + run->backend_count))
		return false;
	report_grid_set(grid, 0, 0, "Message");
	report_grid_set(grid, 0, 1, "HMF1");
	for (size_t c = 0; c < 1 + run->backend_count; c++)
		grid->right[1 + c] = true;
	for (size_t c = 0; c < run->backend_count; c++)
		report_grid_set(grid, 0, 2 + c, "%s",
		                run->backends[report_column_backend(run, c)].name);
	for (size_t m = 0; m < run->size_row_count; m++) {
		const struct bench_file_size_row *row = &run->size_rows[m];
		char label[REPORT_GRID_TEXT_MAX];
		report_size_label(row, label, sizeof label);
		report_grid_set(grid, m + 1, 0, "%s", label);
		report_grid_set(grid, m + 1, 1, "%lld", row->hmf1_bytes);
		for (size_t c = 0; c < run->backend_count; c++) {
			const struct bench_file_size_cell *cell =
				&row->cells[report_column_backend(run, c)];
			double bytes = cell_bytes(cell, compressed);
			if (cell->failed)
				report_grid_set(grid, m + 1, 2 + c, "ERR");
			else
				report_grid_set(grid, m + 1, 2 + c,
				                "%.0f (%.2f)", bytes,
				                bytes / (double)row->hmf1_bytes);
		}
	}
	return true;
}

/* allocs_per_op as a table shows it: up to 7 digits, no trailing zeros;
 * "-" where the cell has no count (ERR, n/a, a file without). */
static void
allocation_text(char *out, size_t size, const struct bench_file_cell *cell)
{
	if (cell == NULL || !cell->present || cell->allocs_per_op < 0)
		snprintf(out, size, "%s",
		         cell != NULL && cell->failed ? "ERR"
		         : cell != NULL && cell->not_applicable ? "n/a"
		                                                : "-");
	else
		snprintf(out, size, "%.7g", cell->allocs_per_op);
}

static bool
allocation_rows(const struct bench_run_file *run, struct report_grid *grid)
{
	if (!report_grid_init(grid, run->row_count + 1, 1 + run->backend_count))
		return false;
	report_grid_set(grid, 0, 0, "Test");
	for (size_t c = 0; c < run->backend_count; c++) {
		report_grid_set(grid, 0, 1 + c, "%s",
		                run->backends[report_column_backend(run, c)].name);
		grid->right[1 + c] = true;
	}
	for (size_t r = 0; r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		report_grid_set(grid, r + 1, 0, "%s", row->test);
		for (size_t c = 0; c < run->backend_count; c++) {
			char text[32];
			allocation_text(text, sizeof text,
			                &row->cells[report_column_backend(run, c)]);
			report_grid_set(grid, r + 1, 1 + c, "%s", text);
		}
	}
	return true;
}

/* The two tables of sizes, or why the run has none. */
static bool
write_sizes(FILE *out, const struct report_page_input *input)
{
	const struct bench_run_file *run = input->run;
	fputs("## Sizes\n\n", out);
	if (!run->has_sizes) {
		fputs("This run has no sizes: the results have them from "
		      "schema 6 (harness/README.md §2.5).\n\n", out);
		return true;
	}
	fprintf(out, "Each message the run's tests use, built through the add "
	        "path and flattened by each backend as its cells do, nested "
	        "messages in the backend's own bytes (harness/README.md §2.5): "
	        "its bytes, and in brackets their ratio to the message's size "
	        "in HMF1, today's Haiku format (what Message4 writes), which "
	        "the HMF1 column gives. ERR: the backend could not build or "
	        "flatten the message.\n\n### Flattened\n\n");
	struct report_grid grid = {0};
	if (!report_grid_put(out, &grid, size_rows(run, false, &grid)))
		return false;
	fprintf(out, "\n### Compressed with zstd %s at level %lld\n\n"
	        "The flattened bytes above, compressed; the ratio is still to "
	        "the uncompressed HMF1 size.\n\n", run->zstd_version,
	        run->zstd_level);
	if (!report_grid_put(out, &grid, size_rows(run, true, &grid)))
		return false;
	const struct report_plot *plot =
		report_find_plot(input->plots, REPORT_PLOT_SIZES);
	if (input->plots->drawn && plot != NULL) {
		fputc('\n', out);
		report_put_image(out, plot);
		fputc('\n', out);
	}
	fputc('\n', out);
	return true;
}

bool
report_write_sizes_page(FILE *out, const struct report_page_input *input,
                        char *why, size_t why_size)
{
	if (!write_sizes(out, input))
		return bench_say(why, why_size, "out of memory");
	fputs("## Allocations\n\nCalls to the allocator per operation (per "
	      "lookup for Lookup), counted in one untimed batch after the "
	      "first validation (harness/README.md §2.4); a fraction where "
	      "the count varies. A backend that allocates outside the "
	      "project's allocator counts only the calls that reach it "
	      "(impl/README.md). ERR: the cell failed; n/a: the operation "
	      "does not apply.\n\n",
	      out);
	struct report_grid grid = {0};
	if (!report_grid_put(out, &grid, allocation_rows(input->run, &grid)))
		return bench_say(why, why_size, "out of memory");
	fputc('\n', out);
	return true;
}

/* The backends with the smallest and largest mean ratio of one measure;
 * false when none has one. */
static bool
size_extremes(const struct bench_run_file *run, bool compressed,
              size_t *small, size_t *large, double *lo, double *hi)
{
	*small = *large = SIZE_MAX;
	for (size_t b = 0; b < run->backend_count; b++) {
		double mean;
		if (report_size_mean(run, b, compressed, &mean) == 0)
			continue;
		if (*small == SIZE_MAX || mean < *lo) {
			*small = b;
			*lo = mean;
		}
		if (*large == SIZE_MAX || mean > *hi) {
			*large = b;
			*hi = mean;
		}
	}
	return *small != SIZE_MAX;
}

/* The backends with the fewest and most allocations in all, over the
 * rows where every backend has a count; false when no row has. */
static bool
allocation_extremes(const struct bench_run_file *run, size_t *few,
                    size_t *many, size_t *rows)
{
	double *sums = calloc(run->backend_count + 1, sizeof *sums);
	*rows = 0;
	for (size_t r = 0; sums != NULL && r < run->row_count; r++) {
		bool every = true;
		for (size_t b = 0; b < run->backend_count && every; b++)
			every = bench_file_cell_has_figure(&run->rows[r].cells[b]) &&
			        run->rows[r].cells[b].allocs_per_op >= 0;
		for (size_t b = 0; b < run->backend_count && every; b++)
			sums[b] += run->rows[r].cells[b].allocs_per_op;
		*rows += every;
	}
	*few = *many = 0;
	for (size_t b = 1; sums != NULL && b < run->backend_count; b++) {
		*few = sums[b] < sums[*few] ? b : *few;
		*many = sums[b] > sums[*many] ? b : *many;
	}
	free(sums);
	return *rows > 0;
}

bool
report_sizes_findings(FILE *out, const struct report_page_input *input,
                      char *why, size_t why_size)
{
	(void)why;
	(void)why_size;
	const struct bench_run_file *run = input->run;
	fputs("### Sizes and allocations\n\n", out);
	size_t small, large, zsmall, zlarge, few, many, rows;
	double lo = 0, hi = 0, zlo = 0, zhi = 0;
	if (size_extremes(run, false, &small, &large, &lo, &hi) &&
	    size_extremes(run, true, &zsmall, &zlarge, &zlo, &zhi))
		fprintf(out, "Over the run's %zu messages, as geometric means "
		        "of each size over the message's HMF1 size: flattened, "
		        "%s writes the smallest (%.2f) and %s the largest "
		        "(%.2f); compressed with zstd, %s (%.2f) and %s "
		        "(%.2f). ", run->size_row_count, run->backends[small].name,
		        lo, run->backends[large].name, hi,
		        run->backends[zsmall].name, zlo,
		        run->backends[zlarge].name, zhi);
	else
		fputs("The run has no sizes (results from schema 6 have "
		      "them). ", out);
	if (allocation_extremes(run, &few, &many, &rows))
		fprintf(out, "Over the %zu rows where every backend has a "
		        "count, %s makes the fewest calls to the allocator and "
		        "%s the most.", rows, run->backends[few].name,
		        run->backends[many].name);
	/* The plot in the same paragraph: the summary has a page's length. */
	const struct report_plot *plot =
		report_find_plot(input->plots, REPORT_PLOT_SIZES);
	if (input->plots->drawn && plot != NULL) {
		fputc('\n', out);
		report_put_image(out, plot);
	}
	fputs("\n\n", out);
	return true;
}

/* --- The plot ------------------------------------------------------------- */

bool
report_plan_size_plots(struct report_plots *plots,
                       const struct bench_run_file *run)
{
	bool any = false;
	for (size_t b = 0; b < run->backend_count && !any; b++) {
		double mean;
		any = report_size_mean(run, b, false, &mean) > 0;
	}
	if (!any)
		return true;
	struct report_plot *plot = report_add_plot(plots);
	if (plot == NULL)
		return false;
	plot->kind = REPORT_PLOT_SIZES;
	snprintf(plot->name, sizeof plot->name, "sizes");
	snprintf(plot->title, sizeof plot->title,
	         "Sizes: each backend's bytes over the HMF1 size, geometric "
	         "mean over the messages");
	return true;
}

/* backend,flattened,compressed: each mean ratio, '?' without one. */
void
report_sizes_data(FILE *out, const struct bench_run_file *run)
{
	fputs("backend,flattened,compressed\n", out);
	for (size_t c = 0; c < run->backend_count; c++) {
		size_t b = report_column_backend(run, c);
		fprintf(out, "%s", run->backends[b].name);
		for (int compressed = 0; compressed < 2; compressed++) {
			double mean;
			if (report_size_mean(run, b, compressed != 0, &mean) > 0)
				fprintf(out, ",%.4f", mean);
			else
				fputs(",?", out);
		}
		fputc('\n', out);
	}
}

void
report_sizes_script(FILE *out, const struct bench_run_file *run,
                    const struct report_plot *plot)
{
	int width = 240 + (int)run->backend_count * 56;
	report_histogram_start(out, plot, run, width < 760 ? 760 : width,
	                       "bytes / HMF1 bytes", false);
	fprintf(out,
	        "plot 'data/%s.csv' skip 1 using 2:xtic(1) lc rgb '%s' "
	        "title 'flattened', \\\n"
	        "\t'' skip 1 using 3 lc rgb '%s' title 'compressed with zstd "
	        "level %lld'\n",
	        plot->name, report_plot_colour(0, false),
	        report_plot_colour(1, false), run->zstd_level);
}
