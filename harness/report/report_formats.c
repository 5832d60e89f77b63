/*
 * report_formats.c - the report's page "BMessage and today's formats":
 * the outside libraries of the run (backends of kind library) beside the
 * BMessage designs. For each operation the fastest Haiku design of each
 * row against each library (a table of ratios and a plot), their sizes
 * and allocations, and findings from those figures; why a library is
 * faster or slower is each backend's own line (its descriptor's summary,
 * carried in the results), never prose here. Also the README's item on
 * the libraries and the summary's finding.
 */
#include "report_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A row where every library's Unflatten checks its bytes and the designs'
 * does not (the trusting Unflatten rows): left out, as the libraries stand
 * beside the designs' validated rows instead (impl/README.md). */
static bool
trusting_row(const struct bench_file_row *row)
{
	const struct bench_operation *operation = bench_operation(row->op);
	return operation->input == BENCH_INPUT_OWN_BYTES && !operation->decodes;
}

/* The Haiku design with the lowest median on a row, or SIZE_MAX. */
static size_t
fastest_haiku(const struct bench_run_file *run, const struct bench_file_row *row)
{
	size_t best = SIZE_MAX;
	for (size_t b = 0; b < run->backend_count; b++) {
		if (run->backends[b].kind != BM_KIND_HAIKU_2005 ||
		    !bench_file_cell_has_figure(&row->cells[b]))
			continue;
		if (best == SIZE_MAX || row->cells[b].median < row->cells[best].median)
			best = b;
	}
	return best;
}

static struct bench_candidate
candidate_of(const struct bench_file_cell *cell)
{
	return (struct bench_candidate){.usable = true, .median = cell->median,
	                                .mad = cell->mad};
}

/* The tally of one library on one operation (op BENCH_OP_COUNT: all). */
static struct report_peer_tally *
tally_of(const struct report_peers *peers, size_t peer, size_t op)
{
	return &peers->tallies[peer * (BENCH_OP_COUNT + 1) + op];
}

/* Adds one library's cell of a row to its tallies; returns the tie rule's
 * verdict between it and the fastest Haiku design: -1 the library is
 * ahead, 1 the design, 0 a tie. */
static int
count_cell(struct report_peers *peers, size_t p,
           const struct bench_file_row *row, const struct bench_file_cell *haiku,
           const struct bench_file_cell *cell)
{
	struct bench_candidate pair[2] = {candidate_of(haiku),
	                                  candidate_of(cell)};
	struct bench_verdict verdict = bench_decide(pair, 2);
	int order = verdict.kind != BENCH_VERDICT_WINNER ? 0
	            : verdict.index == 1                 ? -1
	                                                 : 1;
	size_t ops[2] = {(size_t)row->op, BENCH_OP_COUNT};
	for (size_t i = 0; i < 2; i++) {
		struct report_peer_tally *tally = tally_of(peers, p, ops[i]);
		tally->rows++;
		tally->faster += order < 0;
		tally->log_sum += log(cell->median / haiku->median);
		if (cell->allocs_per_op >= 0 && haiku->allocs_per_op >= 0) {
			tally->allocs += cell->allocs_per_op;
			tally->haiku_allocs += haiku->allocs_per_op;
			tally->alloc_rows++;
		}
	}
	return order;
}

/* Counts one row: each library against the row's fastest Haiku design. */
static void
count_row(const struct bench_run_file *run, struct report_peers *peers,
          const struct bench_file_row *row, size_t *wins)
{
	size_t haiku = fastest_haiku(run, row);
	if (haiku == SIZE_MAX || !(row->cells[haiku].median > 0) ||
	    trusting_row(row))
		return;
	wins[row->op * run->backend_count + haiku]++;
	bool any = false, ahead = true, behind = false;
	for (size_t p = 0; p < peers->count; p++) {
		const struct bench_file_cell *cell =
			&row->cells[peers->backends[p]];
		if (!bench_file_cell_has_figure(cell) || !(cell->median > 0))
			continue;
		int order = count_cell(peers, p, row, &row->cells[haiku], cell);
		any = true;
		ahead = ahead && order > 0;
		behind = behind || order < 0;
	}
	peers->rows += any;
	peers->haiku_ahead += any && ahead;
	peers->peer_ahead += any && behind;
}

/* Per operation, the Haiku design fastest on most of its rows. */
static void
find_leaders(const struct bench_run_file *run, struct report_peers *peers,
             const size_t *wins)
{
	for (size_t op = 0; op < BENCH_OP_COUNT; op++) {
		peers->leaders[op] = SIZE_MAX;
		for (size_t b = 0; b < run->backend_count; b++) {
			size_t count = wins[op * run->backend_count + b];
			if (count > 0 &&
			    (peers->leaders[op] == SIZE_MAX ||
			     count > wins[op * run->backend_count +
			                  peers->leaders[op]]))
				peers->leaders[op] = b;
		}
	}
}

bool
report_compare_peers(const struct bench_run_file *run,
                     struct report_peers *peers)
{
	memset(peers, 0, sizeof *peers);
	peers->backends = calloc(run->backend_count + 1, sizeof *peers->backends);
	if (peers->backends == NULL)
		return false;
	for (size_t b = 0; b < run->backend_count; b++) {
		if (bench_kind_follows_designs(run->backends[b].kind))
			peers->backends[peers->count++] = b;
	}
	peers->tallies = calloc((peers->count + 1) * (BENCH_OP_COUNT + 1),
	                        sizeof *peers->tallies);
	size_t *wins = calloc((size_t)BENCH_OP_COUNT * run->backend_count + 1,
	                      sizeof *wins);
	if (peers->tallies == NULL || wins == NULL) {
		free(wins);
		report_peers_free(peers);
		return false;
	}
	for (size_t r = 0; r < run->row_count && peers->count > 0; r++)
		count_row(run, peers, &run->rows[r], wins);
	find_leaders(run, peers, wins);
	free(wins);
	return true;
}

void
report_peers_free(struct report_peers *peers)
{
	free(peers->backends);
	free(peers->tallies);
	memset(peers, 0, sizeof *peers);
}

double
report_peer_mean(const struct report_peer_tally *tally)
{
	return tally->rows > 0 ? exp(tally->log_sum / (double)tally->rows) : 0;
}

/* The names of the run's libraries, "A, B and C". */
static void
put_names(FILE *out, const struct bench_run_file *run,
          const struct report_peers *peers)
{
	for (size_t p = 0; p < peers->count; p++)
		fprintf(out, "%s%s", p == 0 ? "" : p + 1 == peers->count
		                                           ? " and "
		                                           : ", ",
		        run->backends[peers->backends[p]].name);
}

/* The README's item, and the summary's first sentences. */
void
report_put_peer_standing(FILE *out, const struct bench_run_file *run,
                         const struct report_peers *peers)
{
	fputs("Against today's formats (", out);
	put_names(out, run, peers);
	fprintf(out, "), the fastest Haiku design of each row is ahead of "
	        "every library on %zu of the %zu rows they share, and a "
	        "library is ahead on %zu (the tie rule between the two; the "
	        "trusting Unflatten rows left out). Each library's time over "
	        "the fastest Haiku design's, as a geometric mean over those "
	        "rows:", peers->haiku_ahead, peers->rows, peers->peer_ahead);
	for (size_t p = 0; p < peers->count; p++)
		fprintf(out, "%s %s %.2fx", p == 0 ? "" : ",",
		        run->backends[peers->backends[p]].name,
		        report_peer_mean(tally_of(peers, p, BENCH_OP_COUNT)));
	fputs(".", out);
}

bool
report_put_peers(FILE *out, const struct bench_run_file *run)
{
	struct report_peers peers;
	if (!report_compare_peers(run, &peers))
		return false;
	if (peers.count > 0 && peers.rows > 0) {
		fputs("- **Today's formats** ([the report's page]"
		      "(report/formats.md)): ", out);
		report_put_peer_standing(out, run, &peers);
		fputc('\n', out);
	}
	report_peers_free(&peers);
	return true;
}

/* --- The page ------------------------------------------------------------- */

/* The ratio table: a row per operation, the Haiku design fastest on most
 * of its rows, then per library "mean (faster on k of n)". */
static bool
ratio_rows(const struct bench_run_file *run, const struct report_peers *peers,
           struct report_grid *grid)
{
	if (!report_grid_init(grid, BENCH_OP_COUNT + 2, 2 + peers->count))
		return false;
	report_grid_set(grid, 0, 0, "Operation");
	report_grid_set(grid, 0, 1, "Fastest Haiku design (most rows)");
	for (size_t p = 0; p < peers->count; p++) {
		report_grid_set(grid, 0, 2 + p, "%s",
		                run->backends[peers->backends[p]].name);
		grid->right[2 + p] = true;
	}
	size_t line = 1;
	for (size_t op = 0; op <= BENCH_OP_COUNT; op++) {
		if (op < BENCH_OP_COUNT && peers->leaders[op] == SIZE_MAX)
			continue;
		report_grid_set(grid, line, 0, "%s",
		                op < BENCH_OP_COUNT ? bench_op_name((enum bench_op)op)
		                                    : "**every row**");
		report_grid_set(grid, line, 1, "%s",
		                op < BENCH_OP_COUNT
		                        ? run->backends[peers->leaders[op]].name
		                        : "");
		for (size_t p = 0; p < peers->count; p++) {
			const struct report_peer_tally *t = tally_of(peers, p, op);
			if (t->rows == 0)
				report_grid_set(grid, line, 2 + p, "-");
			else
				report_grid_set(grid, line, 2 + p,
				                "%.2fx (faster on %zu of %zu)",
				                report_peer_mean(t), t->faster,
				                t->rows);
		}
		line++;
	}
	grid->rows = line;
	return true;
}

/* The allocation table: per operation, the allocations of the row's
 * fastest Haiku design and of each library, summed over the rows both
 * have a count on. */
static bool
allocation_rows(const struct bench_run_file *run,
                const struct report_peers *peers, struct report_grid *grid)
{
	if (!report_grid_init(grid, BENCH_OP_COUNT + 1, 1 + 2 * peers->count))
		return false;
	report_grid_set(grid, 0, 0, "Operation");
	for (size_t p = 0; p < peers->count; p++) {
		const char *name = run->backends[peers->backends[p]].name;
		report_grid_set(grid, 0, 1 + 2 * p, "%s", name);
		report_grid_set(grid, 0, 2 + 2 * p, "Haiku beside %s", name);
		grid->right[1 + 2 * p] = grid->right[2 + 2 * p] = true;
	}
	size_t line = 1;
	for (size_t op = 0; op < BENCH_OP_COUNT; op++) {
		if (peers->leaders[op] == SIZE_MAX)
			continue;
		report_grid_set(grid, line, 0, "%s",
		                bench_op_name((enum bench_op)op));
		for (size_t p = 0; p < peers->count; p++) {
			const struct report_peer_tally *t = tally_of(peers, p, op);
			report_grid_set(grid, line, 1 + 2 * p, "%.7g", t->allocs);
			report_grid_set(grid, line, 2 + 2 * p, "%.7g",
			                t->haiku_allocs);
		}
		line++;
	}
	grid->rows = line;
	return true;
}

/* The sizes: each Haiku design's and library's mean ratio to HMF1. */
static bool
size_rows(const struct bench_run_file *run, struct report_grid *grid)
{
	if (!report_grid_init(grid, run->backend_count + 1, 3))
		return false;
	report_grid_set(grid, 0, 0, "Backend");
	report_grid_set(grid, 0, 1, "Flattened / HMF1");
	report_grid_set(grid, 0, 2, "zstd / HMF1");
	grid->right[1] = grid->right[2] = true;
	size_t line = 1;
	for (size_t c = 0; c < run->backend_count; c++) {
		size_t b = report_column_backend(run, c);
		double flat, packed;
		if ((run->backends[b].kind != BM_KIND_HAIKU_2005 &&
		     !bench_kind_follows_designs(run->backends[b].kind)) ||
		    report_size_mean(run, b, false, &flat) == 0 ||
		    report_size_mean(run, b, true, &packed) == 0)
			continue;
		report_grid_set(grid, line, 0, "%s", run->backends[b].name);
		report_grid_set(grid, line, 1, "%.2f", flat);
		report_grid_set(grid, line, 2, "%.2f", packed);
		line++;
	}
	grid->rows = line;
	return true;
}

/* A backend's descriptor line, or what stands for it. */
static const char *
summary_of(const struct bench_file_backend *backend)
{
	return backend->summary != NULL ? backend->summary
	                                : "(the results file has no summary)";
}

/* One library: the operations where its geometric mean is below 1 (each
 * with the Haiku design fastest there most often) and its slowest one,
 * then its design in its descriptor's words. */
static void
put_peer_finding(FILE *out, const struct bench_run_file *run,
                 const struct report_peers *peers, size_t p)
{
	fprintf(out, "- **%s** is faster than the fastest Haiku design, as a "
	        "geometric mean over an operation's rows, on",
	        run->backends[peers->backends[p]].name);
	size_t named = 0, slowest = SIZE_MAX;
	double worst = 0;
	for (size_t op = 0; op < BENCH_OP_COUNT; op++) {
		const struct report_peer_tally *t = tally_of(peers, p, op);
		if (t->rows == 0)
			continue;
		double mean = report_peer_mean(t);
		if (mean > worst) {
			worst = mean;
			slowest = op;
		}
		if (mean >= 1)
			continue;
		fprintf(out, "%s%s (%.2fx; %s fastest there)",
		        named++ == 0 ? " " : ", ",
		        bench_op_name((enum bench_op)op), mean,
		        run->backends[peers->leaders[op]].name);
	}
	if (named == 0)
		fputs(" no operation", out);
	if (slowest != SIZE_MAX && worst >= 1)
		fprintf(out, "; it is slowest against it on %s (%.2fx)",
		        bench_op_name((enum bench_op)slowest), worst);
	fputs(". Its design: ", out);
	report_put_cell(out, summary_of(&run->backends[peers->backends[p]]));
	fputs(".\n", out);
}

/* The findings: the standing, one item per library, and the designs of
 * the Haiku designs those items name, from their descriptors. */
static void
put_findings(FILE *out, const struct bench_run_file *run,
             const struct report_peers *peers)
{
	fputs("## Findings\n\n", out);
	report_put_peer_standing(out, run, peers);
	fputs(" Why, from the data structures: each backend's descriptor "
	      "says what its design is, quoted here as the results carry "
	      "it.\n\n", out);
	for (size_t p = 0; p < peers->count; p++)
		put_peer_finding(out, run, peers, p);
	for (size_t b = 0; b < run->backend_count; b++) {
		bool leads = false;
		for (size_t op = 0; op < BENCH_OP_COUNT && !leads; op++)
			leads = peers->leaders[op] == b;
		if (!leads)
			continue;
		fprintf(out, "- %s, the Haiku design: ", run->backends[b].name);
		report_put_cell(out, summary_of(&run->backends[b]));
		fputs(".\n", out);
	}
	fputc('\n', out);
}

/* The one line of a run without libraries. */
static void
put_none(FILE *out)
{
	fputs("This run has no outside libraries (backends of kind "
	      "`library`): there is nothing to set the BMessage designs "
	      "beside.\n", out);
}

static bool
write_tables(FILE *out, const struct report_page_input *input,
             const struct report_peers *peers)
{
	const struct bench_run_file *run = input->run;
	fputs("## Time\n\nPer operation, each library's time over the time of "
	      "the fastest Haiku design on the same row, as a geometric mean "
	      "over the operation's rows, and on how many of them the library "
	      "is faster by the tie rule (harness/README.md §4.2). The "
	      "trusting Unflatten rows are left out: a library's Unflatten "
	      "always checks its bytes, so it stands beside the designs' "
	      "validated rows.\n\n", out);
	struct report_grid grid = {0};
	if (!report_grid_put(out, &grid, ratio_rows(run, peers, &grid)))
		return false;
	const struct report_plot *plot =
		report_find_plot(input->plots, REPORT_PLOT_PEERS);
	if (input->plots->drawn && plot != NULL) {
		fputc('\n', out);
		report_put_image(out, plot);
		fputc('\n', out);
	}
	fputs("\n## Sizes\n\nEach backend's bytes over the message's HMF1 "
	      "size, as a geometric mean over the run's messages, flattened "
	      "and compressed with zstd; every message is on the page [Sizes "
	      "and allocations](sizes.md).\n\n", out);
	if (!run->has_sizes)
		fputs("This run has no sizes: the results have them from "
		      "schema 6.\n", out);
	else if (!report_grid_put(out, &grid, size_rows(run, &grid)))
		return false;
	fputs("\n## Allocations\n\nPer operation, each library's calls to the "
	      "allocator and those of the fastest Haiku design of each row, "
	      "summed over the rows both have a count on (a library that "
	      "allocates outside the project's allocator counts only what "
	      "reaches it, impl/README.md).\n\n", out);
	if (!report_grid_put(out, &grid, allocation_rows(run, peers, &grid)))
		return false;
	fputc('\n', out);
	return true;
}

bool
report_write_formats_page(FILE *out, const struct report_page_input *input,
                          char *why, size_t why_size)
{
	struct report_peers peers;
	if (!report_compare_peers(input->run, &peers))
		return bench_say(why, why_size, "out of memory");
	bool ok = true;
	if (peers.count == 0 || peers.rows == 0)
		put_none(out);
	else {
		put_findings(out, input->run, &peers);
		ok = write_tables(out, input, &peers);
	}
	report_peers_free(&peers);
	return ok || bench_say(why, why_size, "out of memory");
}

bool
report_formats_findings(FILE *out, const struct report_page_input *input,
                        char *why, size_t why_size)
{
	struct report_peers peers;
	if (!report_compare_peers(input->run, &peers))
		return bench_say(why, why_size, "out of memory");
	fputs("### BMessage and today's formats\n\n", out);
	const struct report_plot *plot =
		report_find_plot(input->plots, REPORT_PLOT_PEERS);
	if (peers.count == 0 || peers.rows == 0) {
		put_none(out);
	} else {
		report_put_peer_standing(out, input->run, &peers);
		/* The plot in the same paragraph, as the sizes' is. */
		if (input->plots->drawn && plot != NULL) {
			fputc('\n', out);
			report_put_image(out, plot);
		}
		fputc('\n', out);
	}
	fputc('\n', out);
	report_peers_free(&peers);
	return true;
}

/* --- The plot ------------------------------------------------------------- */

bool
report_plan_peer_plots(struct report_plots *plots,
                       const struct bench_run_file *run)
{
	struct report_peers peers;
	if (!report_compare_peers(run, &peers))
		return false;
	bool wanted = peers.count > 0 && peers.rows > 0;
	report_peers_free(&peers);
	if (!wanted)
		return true;
	struct report_plot *plot = report_add_plot(plots);
	if (plot == NULL)
		return false;
	plot->kind = REPORT_PLOT_PEERS;
	snprintf(plot->name, sizeof plot->name, "formats");
	snprintf(plot->title, sizeof plot->title,
	         "Today's formats: each library's time over the fastest Haiku "
	         "design's, per operation");
	return true;
}

/* operation,<library>...: each geometric mean, '?' without one. */
void
report_peers_data(FILE *out, const struct bench_run_file *run)
{
	struct report_peers peers;
	if (!report_compare_peers(run, &peers))
		return;
	fputs("operation", out);
	for (size_t p = 0; p < peers.count; p++)
		fprintf(out, ",%s", run->backends[peers.backends[p]].name);
	fputc('\n', out);
	for (size_t op = 0; op < BENCH_OP_COUNT; op++) {
		if (peers.leaders[op] == SIZE_MAX)
			continue;
		fputs(bench_op_name((enum bench_op)op), out);
		for (size_t p = 0; p < peers.count; p++) {
			const struct report_peer_tally *t = tally_of(&peers, p, op);
			if (t->rows > 0)
				fprintf(out, ",%.4f", report_peer_mean(t));
			else
				fputs(",?", out);
		}
		fputc('\n', out);
	}
	report_peers_free(&peers);
}

void
report_peers_script(FILE *out, const struct bench_run_file *run,
                    const struct report_plot *plot)
{
	report_histogram_start(out, plot, run, 980,
	                       "time / fastest Haiku design (log scale)", true);
	fputs("plot \\\n", out);
	size_t p = 0;
	for (size_t b = 0; b < run->backend_count; b++) {
		if (!bench_kind_follows_designs(run->backends[b].kind))
			continue;
		if (p == 0)
			fprintf(out, "\t'data/%s.csv' skip 1 using 2:xtic(1)",
			        plot->name);
		else
			fprintf(out, ", \\\n\t'' skip 1 using %zu", p + 2);
		fprintf(out, " lc rgb '%s' title '%s'",
		        report_plot_colour(p, false), run->backends[b].name);
		p++;
	}
	fputc('\n', out);
}
