/*
 * report_layer.c - what the call layer (the harness's loop and the bm_*
 * wrappers) costs per operation, from the split of a counted run
 * (harness/README.md §5.6): the table of the report's results page, and
 * the same table as the block of harness/README.md between its markers,
 * which `bench report COUNTS --layer-table README` writes and
 * `--check-layer-table README` compares.
 */
#include "report_internal.h"

#include <stdlib.h>
#include <string.h>

const struct report_markers report_layer_markers = {
	"<!-- bench report: layer begin", "<!-- bench report: layer end -->",
};

/* The bm_* calls one operation of `row` makes: an add or a find per item
 * for Create and Read, FlattenedSize and Flatten for a Flatten, one call
 * otherwise; 0 for a real row, whose calls depend on the message. */
static double
calls_per_operation(const struct bench_file_row *row)
{
	if (row->workload.kind != BENCH_WORKLOAD_MATRIX)
		return 0;
	switch (row->op) {
	case BENCH_OP_CREATE:
	case BENCH_OP_READ:
		return (double)row->workload.items;
	case BENCH_OP_FLATTEN:
	case BENCH_OP_FLATTEN_INDIVIDUAL:
		return 2;
	default:
		return 1;
	}
}

/* One operation's layer over the re-creations' split cells (R5 to
 * Message5: the originals' and the libraries' layer is the same code): per
 * bm_* call, and as a share of the whole count at the fewest items, at the
 * most, and on the real messages. */
enum { SHARE_FEWEST, SHARE_MOST, SHARE_REAL, SHARE_KINDS };

struct layer_figures {
	size_t cells;
	double per_call;                /* < 0: a real row's operation */
	double share[SHARE_KINDS];      /* < 0: none */
};

/* The fewest and the most items of the run's matrix rows. */
static void
item_range(const struct bench_run_file *counts, size_t *fewest, size_t *most)
{
	*fewest = SIZE_MAX;
	*most = 0;
	for (size_t r = 0; r < counts->row_count; r++) {
		const struct bench_file_row *row = &counts->rows[r];
		if (row->workload.kind != BENCH_WORKLOAD_MATRIX)
			continue;
		*fewest = row->workload.items < *fewest ? row->workload.items
		                                        : *fewest;
		*most = row->workload.items > *most ? row->workload.items : *most;
	}
}

/* Which share a row's cells go to, or SHARE_KINDS for none. */
static int
share_of(const struct bench_file_row *row, size_t fewest, size_t most)
{
	if (row->workload.kind != BENCH_WORKLOAD_MATRIX)
		return SHARE_REAL;
	if (row->workload.items == fewest)
		return SHARE_FEWEST;
	return row->workload.items == most ? SHARE_MOST : SHARE_KINDS;
}

/* A cell's layer: the count less the design's and the check's parts. */
static bool
cell_layer(const struct bench_file_cell *cell, double *layer)
{
	if (!bench_file_cell_has_figure(cell) || cell->design_instructions < 0 ||
	    cell->instructions <= 0 || cell->median <= 0)
		return false;
	*layer = (double)(cell->instructions - cell->design_instructions -
	                  (cell->check_instructions > 0 ? cell->check_instructions
	                                                : 0));
	return true;
}

static bool
layer_of(const struct bench_run_file *counts, enum bench_op op, size_t fewest,
         size_t most, struct layer_figures *figures)
{
	size_t most_cells = counts->row_count * counts->backend_count + 1;
	double *values[1 + SHARE_KINDS];
	size_t used[1 + SHARE_KINDS] = {0};
	bool ok = true;
	for (int v = 0; v <= SHARE_KINDS; v++)
		ok &= (values[v] = calloc(most_cells, sizeof *values[v])) != NULL;
	*figures = (struct layer_figures){.per_call = -1};
	for (size_t r = 0; ok && r < counts->row_count; r++) {
		const struct bench_file_row *row = &counts->rows[r];
		if (row->op != op)
			continue;
		double calls = calls_per_operation(row);
		int share = share_of(row, fewest, most);
		for (size_t b = 0; b < counts->backend_count; b++) {
			const struct bench_file_cell *cell = &row->cells[b];
			double layer;
			enum bm_kind kind = counts->backends[b].kind;
			if (kind == BM_KIND_ORIGINAL || kind == BM_KIND_LIBRARY ||
			    !cell_layer(cell, &layer))
				continue;
			figures->cells++;
			if (calls > 0)
				values[0][used[0]++] = layer * cell->median /
				                       (double)cell->instructions /
				                       calls;
			if (share < SHARE_KINDS)
				values[1 + share][used[1 + share]++] =
					layer / (double)cell->instructions;
		}
	}
	if (ok && used[0] > 0)
		figures->per_call = bench_median(values[0], used[0]);
	for (int k = 0; k < SHARE_KINDS; k++)
		figures->share[k] = ok && used[1 + k] > 0
		                            ? bench_median(values[1 + k], used[1 + k])
		                            : -1;
	for (int v = 0; v <= SHARE_KINDS; v++)
		free(values[v]);
	return ok;
}

static void
put_share(struct report_grid *grid, size_t row, size_t column, double share)
{
	if (share < 0)
		report_grid_set(grid, row, column, "-");
	else
		report_grid_set(grid, row, column, "%.1f %%", 100 * share);
}

/* The shares of the real rows' operations in one sentence; nothing when
 * the run has none. */
static void
put_real_shares(FILE *out, const struct layer_figures *figures)
{
	size_t said = 0;
	for (int o = 0; o < BENCH_OP_COUNT; o++) {
		if (figures[o].cells == 0 || figures[o].per_call >= 0 ||
		    figures[o].share[SHARE_REAL] < 0)
			continue;
		fprintf(out, "%s %.1f %% of %s's count", said == 0
		        ? "\nOn the real messages the layer is"
		        : ",", 100 * figures[o].share[SHARE_REAL],
		        bench_op_name((enum bench_op)o));
		said++;
	}
	if (said > 0)
		fputs(" (medians over their messages and re-creations).", out);
}

bool
report_layer_table(FILE *out, const struct bench_run_file *counts)
{
	struct report_grid grid = {0};
	if (!report_grid_init(&grid, BENCH_OP_COUNT + 1, 4))
		return false;
	size_t fewest, most;
	item_range(counts, &fewest, &most);
	struct layer_figures figures[BENCH_OP_COUNT];
	for (int o = 0; o < BENCH_OP_COUNT; o++) {
		if (!layer_of(counts, (enum bench_op)o, fewest, most, &figures[o])) {
			report_grid_put(out, &grid, false);
			return false;
		}
	}
	report_grid_set(&grid, 0, 0, "Operation");
	report_grid_set(&grid, 0, 1, "layer per `bm_*` call");
	report_grid_set(&grid, 0, 2, "share of the count, %zu items", fewest);
	report_grid_set(&grid, 0, 3, "%zu items", most);
	for (size_t c = 1; c < 4; c++)
		grid.right[c] = true;
	size_t rows = 1;
	for (int o = 0; o < BENCH_OP_COUNT; o++) {
		if (figures[o].cells == 0 || figures[o].per_call < 0)
			continue;
		report_grid_set(&grid, rows, 0, "%s", bench_op_name((enum bench_op)o));
		report_grid_set(&grid, rows, 1, "%.1f", figures[o].per_call);
		put_share(&grid, rows, 2, figures[o].share[SHARE_FEWEST]);
		put_share(&grid, rows, 3, figures[o].share[SHARE_MOST]);
		rows++;
	}
	if (rows == 1) {
		report_grid_put(out, &grid, false);
		fputs("The counted run has no split of its counts (a file before "
		      "schema 5, or counted without debug information).\n", out);
		return true;
	}
	grid.rows = rows;
	if (!report_grid_put(out, &grid, true))
		return false;
	put_real_shares(out, figures);
	return true;
}

/* The block: its marker lines around the table and where it comes from. */
struct layer_job {
	const struct bench_run_file *counts;
	const char *source;
};

static bool
write_layer_block(FILE *out, const void *context, char *why, size_t why_size)
{
	const struct layer_job *job = context;
	fprintf(out, "%s (generated by `bench report --layer-table` from %s: do "
	        "not edit) -->\n", report_layer_markers.begin, job->source);
	if (!report_layer_table(out, job->counts))
		return bench_say(why, why_size, "out of memory");
	fprintf(out, " Every figure is a median over the re-creations' cells "
	        "of %s, in instructions; the layer includes the harness's "
	        "loop.\n%s\n", job->source, report_layer_markers.end);
	return true;
}

bool
report_layer_block(const char *readme, const char *source,
                   const struct bench_run_file *counts, bool check,
                   char *why, size_t why_size)
{
	/* Named by its folder and file ("results/baseline-instructions.json"),
	 * whatever path it was given by, so that the block does not depend on
	 * where the tree lies. */
	const char *name = source + strlen(source);
	for (int slashes = 0; name > source; name--) {
		if (name[-1] == '/' && ++slashes == 2)
			break;
	}
	const struct layer_job job = {.counts = counts, .source = name};
	char *block = report_text(write_layer_block, &job, NULL, why, why_size);
	char *text = block != NULL ? report_read_text(readme, why, why_size)
	                           : NULL;
	bool ok = text != NULL;
	if (ok && check) {
		ok = report_block_compare(&report_layer_markers, readme, text,
		                          block, why, why_size);
	} else if (ok) {
		char *updated = report_block_replace(&report_layer_markers, readme,
		                                     text, block, why, why_size);
		ok = updated != NULL &&
		     report_write_file(readme, updated, strlen(updated), why,
		                       why_size);
		free(updated);
	}
	free(text);
	free(block);
	return ok;
}
