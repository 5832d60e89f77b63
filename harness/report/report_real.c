/*
 * report_real.c - the report's page "Real messages": the rows of the
 * messages Haiku sends and stores (harness/README.md §1.5), per operation
 * with their Winners and a bar chart, and how their ranking differs from
 * the 2005 matrix's in the same run (report_rank.c counts it); and its
 * finding on the summary, the Haiku design to pick, with the charts.
 */
#include "report_internal.h"
#include "results.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The rows of one real operation's table: each message's cells and
 * verdicts. */
static bool
operation_rows(const struct bench_run_file *run, enum bench_op op,
               size_t rows, struct report_grid *grid)
{
	if (!report_grid_init(grid, rows + 1, 1 + run->backend_count + 3))
		return false;
	report_grid_results_header(grid, run, "Message");
	size_t line = 1;
	for (size_t r = 0; r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		if (row->op != op || !report_row_is_real(row))
			continue;
		report_grid_set(grid, line, 0, "%s", row->workload.message);
		report_grid_results_row(grid, line, run, row);
		line++;
	}
	return true;
}

/* The charts of the real operation `op` (every one when op is
 * BENCH_OP_COUNT), each a paragraph. */
static void
put_real_charts(FILE *out, const struct report_plots *plots, enum bench_op op)
{
	for (size_t p = 0; p < plots->count && plots->drawn; p++) {
		const struct report_plot *plot = &plots->plots[p];
		if (plot->kind != REPORT_PLOT_REAL ||
		    (op != BENCH_OP_COUNT && plot->op != op))
			continue;
		report_put_image(out, plot);
		fputs("\n\n", out);
	}
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
	fprintf(out, "## %s: %s\n\n", bench_op_name(op),
	        bench_operation(op)->what);
	struct report_grid grid = {0};
	if (!report_grid_put(out, &grid, operation_rows(run, op, rows, &grid)))
		return false;
	fputc('\n', out);
	put_real_charts(out, input->plots, op);
	return true;
}

/* The rows of the ranking table: per backend, its wins in each group,
 * and for a Haiku design its time over the fastest Haiku design's; for a
 * backend that does not compete (a proposal, the original code), the rows
 * where it is fastest overall instead. */
static bool
ranking_rows(const struct bench_run_file *run,
             const struct report_ranking *ranking, struct report_grid *grid)
{
	if (!report_grid_init(grid, run->backend_count + 1,
	                      1 + REPORT_GROUP_COUNT))
		return false;
	report_grid_set(grid, 0, 0, "Backend");
	for (int g = 0; g < REPORT_GROUP_COUNT; g++) {
		report_grid_set(grid, 0, 1 + (size_t)g, "%s (%zu rows)",
		                report_group_title((enum report_group)g),
		                ranking->rows[g]);
		grid->right[1 + (size_t)g] = true;
	}
	for (size_t b = 0; b < run->backend_count; b++) {
		report_grid_set(grid, 1 + b, 0, "%s", run->backends[b].name);
		for (int g = 0; g < REPORT_GROUP_COUNT; g++) {
			const struct report_standing *s = &ranking->standings[g][b];
			if (!bm_kind_competes(run->backends[b].kind))
				report_grid_set(grid, 1 + b, 1 + (size_t)g,
				                "%zu fastest overall, never Winner",
				                s->fastest);
			else if (bm_kind_is_haiku(run->backends[b].kind) &&
			         s->ratios > 0)
				report_grid_set(grid, 1 + b, 1 + (size_t)g,
				                "%zu wins, %zu Haiku wins, x%.2f",
				                s->wins, s->haiku_wins,
				                report_geometric_mean(s));
			else
				report_grid_set(grid, 1 + b, 1 + (size_t)g,
				                "%zu wins", s->wins);
		}
	}
	return true;
}

/* Which Haiku design leads the sent, the stored and the 2005 rows, and
 * whether the real rows confirm the matrix's ranking. */
static void
write_pick(FILE *out, const struct bench_run_file *run,
           const struct report_ranking *ranking)
{
	static const enum report_group said[3] = {
		REPORT_GROUP_SENT, REPORT_GROUP_STORED, REPORT_GROUP_2005,
	};
	size_t lead[3];
	const struct report_standing *standing[3];
	for (size_t i = 0; i < 3; i++) {
		lead[i] = report_leader(run, ranking->standings[said[i]]);
		if (lead[i] == SIZE_MAX)
			return;
		standing[i] = &ranking->standings[said[i]][lead[i]];
	}
	fprintf(out,
	        "\nFor small messages sent between teams the Haiku design to "
	        "pick is %s (the fastest Haiku design in %zu of %zu rows, x%.2f "
	        "the fastest on average); for stored messages %s (%zu of %zu, "
	        "x%.2f); on the 2005 matrix %s (%zu of %zu, x%.2f).",
	        run->backends[lead[0]].name, standing[0]->haiku_wins,
	        ranking->rows[said[0]], report_geometric_mean(standing[0]),
	        run->backends[lead[1]].name, standing[1]->haiku_wins,
	        ranking->rows[said[1]], report_geometric_mean(standing[1]),
	        run->backends[lead[2]].name, standing[2]->haiku_wins,
	        ranking->rows[said[2]], report_geometric_mean(standing[2]));
	fprintf(out, lead[0] == lead[2] && lead[1] == lead[2]
	                     ? " The real rows confirm the matrix's ranking.\n"
	                     : " The real rows change the matrix's ranking.\n");
}

static bool
write_ranking(FILE *out, const struct bench_run_file *run)
{
	struct report_ranking ranking;
	if (!report_rank(run, &ranking))
		return false;
	fputs("## Against the 2005 matrix\n\n"
	      "Per group of rows of this run: how many rows each backend wins "
	      "(Winner, and Haiku Winner among the Haiku designs), and each "
	      "Haiku design's time over the fastest Haiku design's on the same "
	      "row, as a geometric mean over the rows (1.00: always the "
	      "fastest). The proposal and the original code compete in neither "
	      "Winner column; for them the table counts the rows where each "
	      "is fastest overall: where the tie rule of the Winner column "
	      "([harness/README.md §4.2](../harness/README.md)), applied among "
	      "every backend of the run, names it; a tie for the lowest median "
	      "counts for no one.\n\n",
	      out);
	struct report_grid grid = {0};
	bool made = report_grid_put(out, &grid,
	                            ranking_rows(run, &ranking, &grid));
	if (made)
		write_pick(out, run, &ranking);
	report_ranking_free(&ranking);
	fputc('\n', out);
	return made;
}

static size_t
real_rows(const struct bench_run_file *run)
{
	size_t real = 0;
	for (size_t r = 0; r < run->row_count; r++)
		real += report_row_is_real(&run->rows[r]);
	return real;
}

bool
report_write_real_page(FILE *out, const struct report_page_input *input,
                       char *why, size_t why_size)
{
	const struct bench_run_file *run = input->run;
	if (real_rows(run) == 0) {
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
	      "scale), with ± the MAD of its samples, divided alike, as error "
	      "bars; the original code's bars are hatched in the colour of "
	      "its re-creation.\n\n",
	      out);
	if (!input->plots->drawn)
		fprintf(out, "The charts were not drawn: %s.\n\n",
		        input->plots->skipped);
	for (int o = 0; o < BENCH_OP_COUNT; o++) {
		if (!write_operation(out, input, (enum bench_op)o))
			return bench_say(why, why_size, "out of memory");
	}
	if (!write_ranking(out, run))
		return bench_say(why, why_size, "out of memory");
	return true;
}

bool
report_real_findings(FILE *out, const struct report_page_input *input,
                     char *why, size_t why_size)
{
	struct report_answer answer;
	if (!report_answer(input->run, &answer))
		return bench_say(why, why_size, "out of memory");
	fputs("### Which Haiku design to pick\n\n", out);
	report_put_picks(out, &answer);
	fputc('\n', out);
	put_real_charts(out, input->plots, BENCH_OP_COUNT);
	return true;
}
