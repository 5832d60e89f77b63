/*
 * report_real.c - the report's section "Real messages": the rows of the
 * messages Haiku sends and stores (harness/README.md §1.5), per operation
 * with their Winners and a bar chart, and how their ranking differs from
 * the 2005 matrix's in the same run.
 */
#include "report_internal.h"
#include "results.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool
report_row_is_real(const struct bench_file_row *row)
{
	return row->workload.kind == BENCH_WORKLOAD_MESSAGE;
}

/* The rows the comparison sets side by side. */
enum real_group {
	GROUP_2005,       /* the 52 tests of 2005 */
	GROUP_SENT,       /* Send and Receive on the shapes */
	GROUP_STORED,     /* Load and Save on the stored files */
	GROUP_COUNT
};

static const char *const group_titles[GROUP_COUNT] = {
	[GROUP_2005] = "the 2005 matrix",
	[GROUP_SENT] = "messages sent (Send, Receive)",
	[GROUP_STORED] = "messages stored (Load, Save)",
};

static bool
in_group(const struct bench_file_row *row, enum real_group group)
{
	const struct bench_operation *operation = bench_operation(row->op);
	switch (group) {
	case GROUP_2005:
		return !report_row_is_real(row) && operation->in_2005;
	case GROUP_SENT:
		return report_row_is_real(row) &&
		       operation->layout == BENCH_LAYOUT_SHAPE;
	case GROUP_STORED:
		return report_row_is_real(row) &&
		       operation->layout == BENCH_LAYOUT_STORED;
	case GROUP_COUNT:
		break;
	}
	return false;
}

/* What a group says of one backend. */
struct standing {
	size_t wins;          /* Winner */
	size_t haiku_wins;    /* Haiku Winner */
	double log_sum;       /* of time / the fastest Haiku design's */
	size_t ratios;
};

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

static void
tally(const struct bench_run_file *run, enum real_group group,
      struct standing *standings, size_t *rows)
{
	*rows = 0;
	for (size_t r = 0; r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		if (!in_group(row, group))
			continue;
		(*rows)++;
		double best = fastest_haiku(run, row);
		for (size_t b = 0; b < run->backend_count; b++) {
			const char *name = run->backends[b].name;
			struct standing *s = &standings[b];
			s->wins += row->winner != NULL &&
			           strcmp(row->winner, name) == 0;
			s->haiku_wins += row->haiku_winner != NULL &&
			                 strcmp(row->haiku_winner, name) == 0;
			if (best > 0 && bm_kind_is_haiku(run->backends[b].kind) &&
			    bench_file_cell_has_figure(&row->cells[b]) &&
			    row->cells[b].median > 0) {
				s->log_sum += log(row->cells[b].median / best);
				s->ratios++;
			}
		}
	}
}

/* The Haiku design with the most Haiku Winners in a group (the lowest
 * geometric mean breaks a tie), or SIZE_MAX. */
static size_t
leader(const struct bench_run_file *run, const struct standing *standings)
{
	size_t best = SIZE_MAX;
	for (size_t b = 0; b < run->backend_count; b++) {
		if (!bm_kind_is_haiku(run->backends[b].kind) ||
		    standings[b].ratios == 0)
			continue;
		if (best == SIZE_MAX ||
		    standings[b].haiku_wins > standings[best].haiku_wins ||
		    (standings[b].haiku_wins == standings[best].haiku_wins &&
		     standings[b].log_sum / (double)standings[b].ratios <
		             standings[best].log_sum / (double)standings[best].ratios))
			best = b;
	}
	return best;
}

static double
geometric_mean(const struct standing *s)
{
	return s->ratios > 0 ? exp(s->log_sum / (double)s->ratios) : 0;
}

static bool
write_operation(FILE *out, const struct report_page_input *input,
                enum bench_op op)
{
	const struct bench_run_file *run = input->run;
	size_t rows = 0;
	for (size_t r = 0; r < run->row_count; r++)
		rows += run->rows[r].op == op && report_row_is_real(&run->rows[r]);
	if (rows == 0)
		return true;
	fprintf(out, "### %s: %s\n\n", bench_op_name(op),
	        bench_operation(op)->what);
	struct report_grid grid;
	size_t columns = 1 + run->backend_count + 3;
	if (!report_grid_init(&grid, rows + 1, columns)) {
		report_grid_free(&grid);
		return false;
	}
	report_grid_results_header(&grid, run, "Message");
	size_t line = 1;
	for (size_t r = 0; r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		if (row->op != op || !report_row_is_real(row))
			continue;
		report_grid_set(&grid, line, 0, "%s", row->workload.message);
		report_grid_results_row(&grid, line, run, row);
		line++;
	}
	report_grid_write(out, &grid);
	report_grid_free(&grid);
	fputc('\n', out);
	const struct report_plots *plots = input->plots;
	for (size_t p = 0; p < plots->count && plots->drawn; p++) {
		const struct report_plot *plot = &plots->plots[p];
		if (plot->kind == REPORT_PLOT_REAL && plot->op == op)
			fprintf(out, "![%s](plots/%s.svg)\n\n", plot->title,
			        plot->name);
	}
	return true;
}

static bool
write_ranking(FILE *out, const struct bench_run_file *run)
{
	struct standing *standings[GROUP_COUNT];
	size_t rows[GROUP_COUNT];
	bool ok = true;
	for (int g = 0; g < GROUP_COUNT; g++) {
		standings[g] = calloc(run->backend_count + 1, sizeof **standings);
		ok = ok && standings[g] != NULL;
	}
	if (!ok) {
		for (int g = 0; g < GROUP_COUNT; g++)
			free(standings[g]);
		return false;
	}
	for (int g = 0; g < GROUP_COUNT; g++)
		tally(run, (enum real_group)g, standings[g], &rows[g]);
	fputs("### Against the 2005 matrix\n\n"
	      "Per group of rows of this run: how many rows each backend wins "
	      "(Winner, and Haiku Winner among the Haiku designs), and each "
	      "Haiku design's time over the fastest Haiku design's on the same "
	      "row, as a geometric mean over the rows (1.00: always the "
	      "fastest).\n\n",
	      out);
	struct report_grid grid;
	if (!report_grid_init(&grid, run->backend_count + 1, 1 + GROUP_COUNT)) {
		report_grid_free(&grid);
		for (int g = 0; g < GROUP_COUNT; g++)
			free(standings[g]);
		return false;
	}
	report_grid_set(&grid, 0, 0, "Backend");
	for (int g = 0; g < GROUP_COUNT; g++) {
		report_grid_set(&grid, 0, 1 + (size_t)g, "%s (%zu rows)",
		                group_titles[g], rows[g]);
		grid.right[1 + (size_t)g] = true;
	}
	for (size_t b = 0; b < run->backend_count; b++) {
		report_grid_set(&grid, 1 + b, 0, "%s", run->backends[b].name);
		for (int g = 0; g < GROUP_COUNT; g++) {
			const struct standing *s = &standings[g][b];
			if (bm_kind_is_haiku(run->backends[b].kind) && s->ratios > 0)
				report_grid_set(&grid, 1 + b, 1 + (size_t)g,
				                "%zu wins, %zu Haiku wins, x%.2f",
				                s->wins, s->haiku_wins,
				                geometric_mean(s));
			else
				report_grid_set(&grid, 1 + b, 1 + (size_t)g,
				                "%zu wins", s->wins);
		}
	}
	report_grid_write(out, &grid);
	report_grid_free(&grid);
	size_t lead[GROUP_COUNT];
	for (int g = 0; g < GROUP_COUNT; g++)
		lead[g] = leader(run, standings[g]);
	if (lead[GROUP_2005] != SIZE_MAX && lead[GROUP_SENT] != SIZE_MAX &&
	    lead[GROUP_STORED] != SIZE_MAX) {
		fputc('\n', out);
		const char *names[GROUP_COUNT];
		for (int g = 0; g < GROUP_COUNT; g++)
			names[g] = run->backends[lead[g]].name;
		fprintf(out,
		        "For small messages sent between teams the Haiku design "
		        "to pick is %s (the fastest Haiku design in %zu of %zu "
		        "rows, x%.2f the fastest on average); for stored "
		        "messages %s (%zu of %zu, x%.2f); on the 2005 matrix "
		        "%s (%zu of %zu, x%.2f).",
		        names[GROUP_SENT],
		        standings[GROUP_SENT][lead[GROUP_SENT]].haiku_wins,
		        rows[GROUP_SENT],
		        geometric_mean(&standings[GROUP_SENT][lead[GROUP_SENT]]),
		        names[GROUP_STORED],
		        standings[GROUP_STORED][lead[GROUP_STORED]].haiku_wins,
		        rows[GROUP_STORED],
		        geometric_mean(
		                &standings[GROUP_STORED][lead[GROUP_STORED]]),
		        names[GROUP_2005],
		        standings[GROUP_2005][lead[GROUP_2005]].haiku_wins,
		        rows[GROUP_2005],
		        geometric_mean(&standings[GROUP_2005][lead[GROUP_2005]]));
		bool same = strcmp(names[GROUP_SENT], names[GROUP_2005]) == 0 &&
		            strcmp(names[GROUP_STORED], names[GROUP_2005]) == 0;
		fprintf(out, same ? " The real rows confirm the matrix's "
		                    "ranking.\n"
		                  : " The real rows change the matrix's "
		                    "ranking.\n");
	}
	for (int g = 0; g < GROUP_COUNT; g++)
		free(standings[g]);
	fputc('\n', out);
	return true;
}

bool
report_write_real(FILE *out, const struct report_page_input *input,
                  char *why, size_t why_size)
{
	const struct bench_run_file *run = input->run;
	fputs("## Real messages\n\n", out);
	size_t real = 0;
	for (size_t r = 0; r < run->row_count; r++)
		real += report_row_is_real(&run->rows[r]);
	if (real == 0) {
		fputs("The results file has no real rows (tSend, tReceive, "
		      "tLoad, tSave).\n\n", out);
		return true;
	}
	fputs("Messages Haiku really sends (input events, scripting, a reply, "
	      "a registrar request, a drag) and stores (settings, icons, "
	      "artwork), each row timing a message's whole life "
	      "([harness/README.md §1.5](../harness/README.md)): times in ns "
	      "per message, the median of every sample. The Floor copies the "
	      "message's size in HMF1 once. Each chart shows every backend's "
	      "time over the fastest backend's on the same message (log "
	      "scale).\n\n",
	      out);
	if (!input->plots->drawn)
		fprintf(out, "The charts were not drawn: %s.\n\n",
		        input->plots->skipped);
	for (int o = 0; o < BENCH_OP_COUNT; o++) {
		if (!write_operation(out, input, (enum bench_op)o)) {
			bench_say(why, why_size, "out of memory");
			return false;
		}
	}
	if (!write_ranking(out, run)) {
		bench_say(why, why_size, "out of memory");
		return false;
	}
	return true;
}
