/*
 * report_results.c - the report's page "Results": the machine and options
 * of the run and the full results table (every backend, the Floor, the
 * proposal's standing, the cells that failed); and its findings on the
 * summary: how the proposal stands, with the charts of each backend
 * against the fastest, and which series grow faster than the items, with
 * the charts of time against items.
 */
#include "report_internal.h"

#include "results.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* --- Machine and options -------------------------------------------------- */

/* A sample this many times its cell's median is a far one: a layout that
 * slowed a copy (harness/README.md §3.5), or a disturbance the retakes
 * did not catch. The median is unmoved by a few; the page names them. */
#define FAR_SAMPLE_FACTOR 3.0
/* The cells named on the page; the rest are counted. */
#define FAR_CELLS_NAMED 8

/* How many of `cell`'s samples (in its JSON) are far ones. */
static size_t
far_samples(const struct bench_file_cell *cell)
{
	if (!bench_file_cell_has_figure(cell) || cell->json == NULL ||
	    !(cell->median > 0))
		return 0;
	json_t *samples = json_object_get(cell->json, "samples");
	size_t count = 0, i;
	json_t *sample;
	json_array_foreach(samples, i, sample)
	{
		if (json_is_number(sample) &&
		    json_number_value(sample) > FAR_SAMPLE_FACTOR * cell->median)
			count++;
	}
	return count;
}

/* A cell with far samples, as the page names it. */
struct far_cell {
	const char *test;
	const char *column;
	size_t far;
};

/* The cells with a far sample: how many, of how many with a figure, and
 * the first FAR_CELLS_NAMED of them in the file's order. */
struct far_cells {
	size_t cells, measured;
	struct far_cell named[FAR_CELLS_NAMED];
};

static void
find_far_cells(const struct bench_run_file *run, struct far_cells *far)
{
	memset(far, 0, sizeof *far);
	for (size_t r = 0; r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		for (size_t b = 0; b <= run->backend_count; b++) {
			const struct bench_file_cell *cell =
				bench_file_row_cell(run, row, b);
			far->measured += bench_file_cell_has_figure(cell);
			size_t count = far_samples(cell);
			if (count == 0)
				continue;
			if (far->cells < FAR_CELLS_NAMED)
				far->named[far->cells] = (struct far_cell){
					.test = row->test,
					.column = bench_run_file_column_name(run, b),
					.far = count,
				};
			far->cells++;
		}
	}
}

/* The row that counts the cells with a far sample and names the first of
 * them; only for a timing run. */
static void
put_far_samples(FILE *out, const struct bench_run_file *run)
{
	if (strcmp(run->unit, "ns") != 0)
		return;
	struct far_cells far;
	find_far_cells(run, &far);
	fprintf(out, "| Far samples | %zu of %zu cells had a sample above %g "
	        "times their median", far.cells, far.measured,
	        FAR_SAMPLE_FACTOR);
	for (size_t i = 0; i < far.cells && i < FAR_CELLS_NAMED; i++) {
		fputs(i == 0 ? ": " : ", ", out);
		report_put_cell(out, far.named[i].test);
		fprintf(out, "/%s (%zu)", far.named[i].column, far.named[i].far);
	}
	if (far.cells > FAR_CELLS_NAMED)
		fprintf(out, ", and %zu more", far.cells - FAR_CELLS_NAMED);
	fputs(" (harness/README.md §3.5) |\n", out);
}

static void
put_date(FILE *out, const struct bench_run_file *run)
{
	fputs("| Date | ", out);
	report_put_cell(out, run->date);
	fputs(" |\n", out);
}

static void
put_cpu(FILE *out, const struct bench_run_file *run)
{
	fputs("| CPU | ", out);
	report_put_cell(out, run->cpu);
	fprintf(out, " (%lld cores) |\n", run->cores);
}

static void
put_compiler(FILE *out, const struct bench_run_file *run)
{
	fputs("| Compiler | ", out);
	report_put_cell(out, run->compiler);
	fputs(", ", out);
	report_put_cell(out, run->build_type);
	fputs(" build (`", out);
	report_put_cell(out, run->cflags);
	fputs("`)", out);
	if (run->sanitize != NULL) {
		fputs(", sanitizers: ", out);
		report_put_cell(out, run->sanitize);
	}
	fputs(" |\n", out);
}

static void
put_c_library(FILE *out, const struct bench_run_file *run)
{
	fputs("| C library | glibc ", out);
	report_put_cell(out, run->glibc);
	if (run->glibc_tunables != NULL) {
		fputs(", `GLIBC_TUNABLES=", out);
		report_put_cell(out, run->glibc_tunables);
		fputs("`", out);
	}
	if (run->allocator != NULL) {
		fputs("; ", out);
		report_put_cell(out, run->allocator);
	}
	fputs(" |\n", out);
}

static void
put_commit(FILE *out, const struct bench_run_file *run)
{
	fputs("| Commit | `", out);
	report_put_cell(out, run->git_commit);
	fputs("` (bench ", out);
	report_put_cell(out, run->version);
	fputs(") |\n", out);
}

static void
put_clock(FILE *out, const struct bench_run_file *run)
{
	if (run->clock == NULL)
		return;
	fprintf(out, "| Clock | `%s`", run->clock);
	if (run->clock_resolution_ns >= 0)
		fprintf(out, ", resolution %g ns", run->clock_resolution_ns);
	fputs(" |\n", out);
}

static void
put_samples(FILE *out, const struct bench_run_file *run)
{
	fprintf(out, "| Samples | %lld per cell, each at least %g ms; "
	        "backends interleaved in a shuffled order (seed %lld)%s |\n",
	        run->repetitions, run->min_time_ms, run->seed,
	        run->quick ? "; `--quick`" : "");
}

static void
put_sizes(FILE *out, const struct bench_run_file *run)
{
	fputs("| Sizes | ", out);
	for (size_t s = 0; s < run->size_count; s++)
		fprintf(out, "%s%zu", s == 0 ? "" : ", ", run->sizes[s]);
	fputs(" items |\n", out);
}

static void
put_backends(FILE *out, const struct bench_run_file *run)
{
	fputs("| Backends | ", out);
	for (size_t b = 0; b < run->backend_count; b++)
		fprintf(out, "%s%s (%s, writes %s)", b == 0 ? "" : ", ",
		        run->backends[b].name,
		        bm_kind_title(run->backends[b].kind),
		        run->backends[b].format);
	fputs(" |\n", out);
}

static void
put_tests(FILE *out, const struct bench_run_file *run)
{
	fprintf(out, "| Tests | %zu", run->row_count);
	if (run->all)
		fputs(", `--all`", out);
	if (run->filter != NULL) {
		fputs(", `--filter '", out);
		report_put_cell(out, run->filter);
		fputs("'`", out);
	}
	if (run->wall_seconds >= 0)
		fprintf(out, "; the run took %.1f s", run->wall_seconds);
	fputs(" |\n", out);
}

static void
put_preemption(FILE *out, const struct bench_run_file *run)
{
	if (run->retaken < 0 || run->disturbed < 0)
		return;
	fprintf(out, "| Preemption | %lld %s were taken again because the "
	        "process lost the CPU during them; %lld kept although "
	        "disturbed |\n",
	        run->retaken, run->schema >= 3 ? "samples" : "timed batches",
	        run->disturbed);
}

/* Whether the run was quiet or disturbed (harness/README.md §3.7), why,
 * and the figures it was judged on. */
static void
put_conditions(FILE *out, const struct bench_run_file *run)
{
	fputs("| Conditions | ", out);
	if (run->run_verdict == BENCH_RUN_UNKNOWN) {
		if (run->schema < 4)
			fputs("unknown: the file predates the record of what "
			      "a run competed with |\n", out);
		else
			fputs("unknown |\n", out);
		return;
	}
	if (run->run_verdict == BENCH_RUN_DISTURBED) {
		fputs("**disturbed**: ", out);
		report_put_cell(out, run->run_reasons != NULL ? run->run_reasons
		                                              : "");
	} else {
		fputs("quiet", out);
	}
	char figures[1024];
	bench_conditions_describe(&run->conditions, figures, sizeof figures);
	if (figures[0] != '\0') {
		fputs(run->run_verdict == BENCH_RUN_DISTURBED ? " (" : ": ", out);
		report_put_cell(out, figures);
		fputs(run->run_verdict == BENCH_RUN_DISTURBED ? ")" : "", out);
	}
	fputs(" (harness/README.md §3.7) |\n", out);
}

/* The rows of the machine table, in order; the summary shows some. */
static const struct {
	void (*put)(FILE *out, const struct bench_run_file *run);
	bool in_summary;
} machine_rows[] = {
	{put_date, true},     {put_cpu, true},         {put_compiler, true},
	{put_c_library, true}, {put_commit, true},     {put_clock, false},
	{put_samples, false}, {put_sizes, false},      {put_backends, false},
	{put_tests, true},    {put_conditions, true},  {put_preemption, false},
	{put_far_samples, false},
};

void
report_write_machine(FILE *out, const struct bench_run_file *run,
                     bool summary)
{
	fputs("| | |\n|---|---|\n", out);
	for (size_t i = 0; i < sizeof machine_rows / sizeof machine_rows[0];
	     i++) {
		if (!summary || machine_rows[i].in_summary)
			machine_rows[i].put(out, run);
	}
	fputc('\n', out);
}

/* --- The results table ---------------------------------------------------- */

/* The table's rows: every backend's cell, the Floor, the verdicts, and
 * each proposal's standing. */
static bool
results_rows(const struct bench_run_file *run, struct report_grid *grid)
{
	size_t proposals = 0;
	for (size_t b = 0; b < run->backend_count; b++)
		proposals += run->backends[b].kind == BM_KIND_PROPOSAL;
	if (!report_grid_init(grid, run->row_count + 1,
	                      1 + run->backend_count + 3 + proposals))
		return false;
	size_t first_proposal = report_grid_results_header(grid, run, "Test");
	for (size_t b = 0, column = first_proposal; b < run->backend_count;
	     b++) {
		if (run->backends[b].kind != BM_KIND_PROPOSAL)
			continue;
		report_grid_set(grid, 0, column, "%s vs Winner",
		                run->backends[b].name);
		grid->right[column++] = true;
	}
	for (size_t r = 0; r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		report_grid_set(grid, r + 1, 0, "%s():", row->test);
		report_grid_results_row(grid, r + 1, run, row);
		for (size_t b = 0, column = first_proposal;
		     b < run->backend_count; b++) {
			if (run->backends[b].kind != BM_KIND_PROPOSAL)
				continue;
			char text[64];
			const char *best = NULL;
			struct bench_standing standing =
				report_proposal_standing(run, row, b, &best);
			bench_standing_text(&standing, text, sizeof text);
			report_grid_set(grid, r + 1, column++, "%s", text);
		}
	}
	return true;
}

/* The rows proposal p loses, each with the competitor that beats it, at
 * most `most` of them (SIZE_MAX: all), as a list. */
static void
put_rows_lost(FILE *out, const struct bench_run_file *run, size_t p,
              size_t most)
{
	size_t listed = 0, lost = 0;
	for (size_t r = 0; r < run->row_count; r++) {
		const char *best = NULL;
		struct bench_standing standing =
			report_proposal_standing(run, &run->rows[r], p, &best);
		if (!standing.known || standing.holds)
			continue;
		if (listed++ >= most) {
			lost++;
			continue;
		}
		char text[64];
		bench_standing_text(&standing, text, sizeof text);
		fprintf(out, "- %s: %s, against %s\n", run->rows[r].test, text,
		        best);
	}
	if (lost > 0)
		fprintf(out, "- and %zu more, on the [results](results.md) "
		        "page\n", lost);
}

/* Per proposal, the rows it holds, and the rows it loses: the list the
 * proposal is judged by. False when out of memory. */
static bool
write_standings(FILE *out, const struct bench_run_file *run)
{
	for (size_t p = 0; p < run->backend_count; p++) {
		if (run->backends[p].kind != BM_KIND_PROPOSAL)
			continue;
		struct report_proposal_tally tally;
		if (!report_tally_proposal(run, p, &tally))
			return false;
		fprintf(out,
		        "\n%s holds %zu of the %zu rows with a time (at or below "
		        "the smallest competing median by the tie rule; %zu of "
		        "them by the format exception, within %.1f times the "
		        "Floor). It is fastest overall on %zu of them: the tie "
		        "rule applied among every backend of the run, the "
		        "original code included, names it.",
		        run->backends[p].name, tally.held, tally.known,
		        tally.by_floor, BENCH_FORMAT_FLOOR_FACTOR, tally.fastest);
		if (tally.held == tally.known) {
			fputs("\n", out);
			continue;
		}
		fputs(" Rows lost:\n\n", out);
		put_rows_lost(out, run, p, SIZE_MAX);
	}
	return true;
}

/* How many verdicts of each column are less than sure, of how many that
 * have a confidence; nothing for a file without any (before schema 4, or
 * counted instructions). */
static void
write_confidence_counts(FILE *out, const struct bench_run_file *run)
{
	size_t low[2], rated[2];
	report_tally_confidences(run, low, rated);
	if (rated[0] + rated[1] == 0)
		return;
	fprintf(out, "\nVerdicts less than %.0f %% sure: Winner %zu of %zu, "
	        "Haiku Winner %zu of %zu",
	        100 * BENCH_CONFIDENCE_THRESHOLD, low[0], rated[0], low[1],
	        rated[1]);
	for (size_t p = 0; p < run->backend_count; p++) {
		if (run->backends[p].kind != BM_KIND_PROPOSAL)
			continue;
		size_t proposal_low = 0, proposal_rated = 0;
		for (size_t r = 0; r < run->row_count; r++) {
			double c = run->rows[r].cells[p].standing_confidence;
			proposal_rated += c >= 0;
			proposal_low += c >= 0 && c < BENCH_CONFIDENCE_THRESHOLD;
		}
		fprintf(out, ", %s vs Winner %zu of %zu", run->backends[p].name,
		        proposal_low, proposal_rated);
	}
	fputs(" (the others are ties, or at least as sure).\n", out);
}

/* The cells that failed validation, each with its reason. */
static void
write_failures(FILE *out, const struct bench_run_file *run)
{
	bool heading = false;
	for (size_t r = 0; r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		for (size_t b = 0; b <= run->backend_count; b++) {
			const struct bench_file_cell *cell =
				bench_file_row_cell(run, row, b);
			if (!cell->present || !cell->failed)
				continue;
			if (!heading)
				fputs("\nCells that failed validation:\n\n", out);
			heading = true;
			fprintf(out, "- %s on %s: %s\n", row->test,
			        bench_run_file_column_name(run, b), cell->error);
		}
	}
}

static void
write_legend(FILE *out, const struct bench_run_file *run)
{
	fprintf(out,
	        "Times in ns per operation (per lookup for Lookup): the median "
	        "of %lld samples. Floor: one `memcpy` of the operation's bytes "
	        "(the item bytes for Create and Read, the HMF1 flattened size "
	        "for Flatten, Unflatten and the real rows; none for Lookup); it "
	        "never wins. "
	        "Winner: the fastest of the backends that compete, the "
	        "reference and the Haiku designs; Haiku Winner: the fastest "
	        "Haiku design; `-`: a tie (the runner-up within %.0f %% or "
	        "within the measured noise, as the harness decides); ERR: the "
	        "cell failed validation and has no time. A proposal (Message5), "
	        "the original code and the outside libraries (whose columns "
	        "follow the designs') compete in neither Winner column. A "
	        "proposal's \"vs Winner\" column is its median over the "
	        "smallest median of the backends that compete, "
	        "\"lost\" where it is above it beyond the tie rule. Where "
	        "it is, and the fastest competitor's flattened form is more "
	        "than %.0f %% smaller than its own (FOB1 against HMF1), its "
	        "median over the Floor's follows (\"1.02x Floor\"), and "
	        "within %.1f times the Floor it holds the row: no design that "
	        "keeps its format could do better. A Winner, Haiku Winner or "
	        "standing less than %.0f %% sure says how sure it is, \"R5 (83%% "
	        "sure)\": the share of bootstrap resamples of the passes in "
	        "which the faster's median stays below the other's "
	        "(harness/README.md §4.3); a tie claims no order, so it has no "
	        "confidence.\n\n",
	        run->repetitions, 100 * BENCH_TIE_MIN_FRACTION,
	        100 * BENCH_FORMAT_MARGIN, BENCH_FORMAT_FLOOR_FACTOR,
	        100 * BENCH_CONFIDENCE_THRESHOLD);
}

bool
report_write_results_page(FILE *out, const struct report_page_input *input,
                          char *why, size_t why_size)
{
	const struct bench_run_file *run = input->run;
	fputs("## Machine and options\n\n", out);
	report_write_machine(out, run, false);
	fputs("## The results table\n\n", out);
	write_legend(out, run);
	struct report_grid grid = {0};
	if (!report_grid_put(out, &grid, results_rows(run, &grid)) ||
	    !write_standings(out, run))
		return bench_say(why, why_size, "out of memory");
	write_confidence_counts(out, run);
	write_failures(out, run);
	fputc('\n', out);
	const struct report_originals *originals = input->originals;
	if (originals != NULL && originals->counts != NULL) {
		fputs("## The call layer\n\n"
		      "What the harness's loop and the `bm_*` wrappers cost each "
		      "operation, from the split of the counted run ", out);
		report_put_source(out, input->counts_source);
		fputs(" ([the method](../harness/README.md), `harness/README.md` §5.6). The "
		      "times above include it, as a program's own calls would; "
		      "the designs' own costs are the rest.\n\n", out);
		if (!report_layer_table(out, originals->counts))
			return bench_say(why, why_size, "out of memory");
		fputs("\n\n", out);
	}
	return true;
}

/* --- Findings on the summary ---------------------------------------------- */

/* The rows or series a finding names; the rest are counted. */
#define FINDINGS_NAMED 10

static const struct report_plot *
find_plot(const struct report_plots *plots, enum report_plot_kind kind,
          enum bench_op op, enum bench_type type)
{
	for (size_t p = 0; p < plots->count; p++) {
		const struct report_plot *plot = &plots->plots[p];
		if (plot->kind == kind && plot->op == op && plot->type == type)
			return plot;
	}
	return NULL;
}

void
report_put_image(FILE *out, const struct report_plot *plot)
{
	fprintf(out, "![%s](plots/%s.svg)", plot->title, plot->name);
}

/* Each proposal's standing, the first rows it loses, and the charts of
 * each backend against the fastest; nothing when there is neither.
 * False when out of memory. */
static bool
write_standing_finding(FILE *out, const struct report_page_input *input)
{
	const struct bench_run_file *run = input->run;
	const struct report_plots *plots = input->plots;
	size_t proposals = 0;
	for (size_t b = 0; b < run->backend_count; b++)
		proposals += run->backends[b].kind == BM_KIND_PROPOSAL;
	if (proposals == 0 && !plots->drawn)
		return true;
	fputs("### Each backend against the fastest, per size\n\n", out);
	if (proposals > 0) {
		if (!report_put_proposals(out, run))
			return false;
		fputc('\n', out);
	}
	for (size_t p = 0; p < run->backend_count; p++) {
		struct report_proposal_tally tally;
		if (run->backends[p].kind != BM_KIND_PROPOSAL)
			continue;
		if (!report_tally_proposal(run, p, &tally))
			return false;
		if (tally.held == tally.known)
			continue;
		fprintf(out, "%s loses:\n\n", run->backends[p].name);
		put_rows_lost(out, run, p, FINDINGS_NAMED);
		fputc('\n', out);
	}
	if (!plots->drawn)
		return true;
	fputs("Each chart divides every test's time on each backend by the "
	      "fastest backend's time on that test (1 is the fastest; log "
	      "scale), with ± the MAD of its samples, divided alike, as error "
	      "bars; the original code's bars are hatched in the colour of "
	      "its re-creation.\n\n",
	      out);
	for (size_t p = 0; p < plots->count; p++) {
		if (plots->plots[p].kind != REPORT_PLOT_RELATIVE)
			continue;
		report_put_image(out, &plots->plots[p]);
		fputs("\n\n", out);
	}
	return true;
}

/* A series of the run that grows faster than linearly. */
struct fast_series {
	const char *backend;
	enum bench_op op;
	enum bench_type type;
	double exponent;
};

/* The growth from 500 to 5000 items of every series of the run: how many
 * there are, how many grow faster than linearly, and the first
 * FINDINGS_NAMED of those. */
struct fast_growth {
	size_t series, fast;
	struct fast_series named[FINDINGS_NAMED];
};

static void
find_fast_growth(const struct bench_run_file *run, struct fast_growth *growth)
{
	memset(growth, 0, sizeof *growth);
	for (int o = 0; o < BENCH_OP_COUNT; o++) {
		for (int t = 0; t < BENCH_TYPE_COUNT; t++) {
			enum bench_op op = (enum bench_op)o;
			enum bench_type type = (enum bench_type)t;
			const struct bench_file_row *from = bench_run_file_row(
				run, op, type, REPORT_GROWTH_FROM);
			const struct bench_file_row *to = bench_run_file_row(
				run, op, type, REPORT_GROWTH_TO);
			for (size_t b = 0; from != NULL && to != NULL &&
			                   b < run->backend_count; b++) {
				const struct bench_file_cell *a = &from->cells[b];
				const struct bench_file_cell *z = &to->cells[b];
				if (!bench_file_cell_has_figure(a) ||
				    !bench_file_cell_has_figure(z) ||
				    !(a->median > 0))
					continue;
				growth->series++;
				double e = report_growth(a->median, z->median);
				if (report_classify(e) <= REPORT_LINEAR)
					continue;
				if (growth->fast < FINDINGS_NAMED)
					growth->named[growth->fast] =
						(struct fast_series){
							run->backends[b].name, op,
							type, e};
				growth->fast++;
			}
		}
	}
}

/* ": R5 Read String (e = 2.03, quadratic), ...; 3 of the 130 series." */
static void
put_fast_growth(FILE *out, const struct bench_run_file *run)
{
	struct fast_growth growth;
	find_fast_growth(run, &growth);
	for (size_t i = 0; i < growth.fast && i < FINDINGS_NAMED; i++) {
		const struct fast_series *fast = &growth.named[i];
		char exponent[16];
		report_format_exponent(fast->exponent, exponent, sizeof exponent);
		fprintf(out, "%s%s %s %s (e = %s, %s)", i == 0 ? ": " : ", ",
		        fast->backend, bench_op_name(fast->op),
		        bench_type_name(fast->type), exponent,
		        report_class_name(report_classify(fast->exponent)));
	}
	if (growth.fast > FINDINGS_NAMED)
		fprintf(out, ", and %zu more", growth.fast - FINDINGS_NAMED);
	fprintf(out, "%s %zu of the %zu series.\n\n",
	        growth.fast > 0 ? ";" : ":", growth.fast, growth.series);
}

/* Which series grow faster than the items, and the charts of time
 * against items. */
static void
write_growth_finding(FILE *out, const struct report_page_input *input)
{
	fprintf(out, "### Time against items\n\n"
	        "From %u to %u items (e = log10(t%u / t%u), flat below %g, "
	        "linear below %g), the series that grow faster than "
	        "linearly today", REPORT_GROWTH_FROM, REPORT_GROWTH_TO,
	        REPORT_GROWTH_TO, REPORT_GROWTH_FROM, REPORT_FLAT_BELOW,
	        REPORT_LINEAR_BELOW);
	put_fast_growth(out, input->run);
	const struct report_plots *plots = input->plots;
	if (!plots->drawn)
		return;
	fputs("Time per operation against the number of items, both on log "
	      "scales, one line per backend, the original code's dotted in "
	      "the colour of its re-creation; the Floor dashed; error bars: "
	      "± the MAD of each cell's samples. A line parallel "
	      "to the Floor grows as the bytes do; a steeper one grows faster "
	      "than the items.\n\n| Int32 | String |\n|---|---|\n",
	      out);
	for (int o = 0; o < BENCH_OP_COUNT; o++) {
		enum bench_op op = (enum bench_op)o;
		const struct report_plot *left = find_plot(
			plots, REPORT_PLOT_SCALING, op, BENCH_TYPE_INT32);
		const struct report_plot *right = find_plot(
			plots, REPORT_PLOT_SCALING, op, BENCH_TYPE_STRING);
		if (left == NULL && right == NULL)
			continue;
		fputs("| ", out);
		if (left != NULL)
			report_put_image(out, left);
		else
			fputs("(not run)", out);
		fputs(" | ", out);
		if (right != NULL)
			report_put_image(out, right);
		else if (bench_operation(op)->int32_only)
			fprintf(out, "(%s is Int32 only)", bench_op_name(op));
		else
			fputs("(not run)", out);
		fputs(" |\n", out);
	}
	fputc('\n', out);
}

bool
report_results_findings(FILE *out, const struct report_page_input *input,
                        char *why, size_t why_size)
{
	if (!write_standing_finding(out, input))
		return bench_say(why, why_size, "out of memory");
	write_growth_finding(out, input);
	return true;
}
