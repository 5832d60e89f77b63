/*
 * report_page.c - report/README.md: the machine and options, the results
 * table, the plots, and the comparison with 2005 (winners side by side,
 * agreement counts, growth classes then and now, and the explanation of
 * every class that differs). Every figure is printed from the results JSON
 * or the 2005 table; the prose around them is fixed or comes from the
 * explanations file.
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

/* The row of the machine table that counts the cells with a far sample
 * and names the first FAR_CELLS_NAMED of them, in the file's order. */
static void
write_far_samples(FILE *out, const struct bench_run_file *run)
{
	struct far_cell named[FAR_CELLS_NAMED];
	size_t cells = 0, measured = 0;
	for (size_t r = 0; r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		for (size_t b = 0; b <= run->backend_count; b++) {
			const struct bench_file_cell *cell =
				bench_file_row_cell(run, row, b);
			measured += bench_file_cell_has_figure(cell);
			size_t far = far_samples(cell);
			if (far == 0)
				continue;
			if (cells < FAR_CELLS_NAMED)
				named[cells] = (struct far_cell){
					.test = row->test,
					.column = bench_run_file_column_name(run, b),
					.far = far,
				};
			cells++;
		}
	}
	fprintf(out, "| Far samples | %zu of %zu cells had a sample above %g "
	        "times their median", cells, measured, FAR_SAMPLE_FACTOR);
	for (size_t i = 0; i < cells && i < FAR_CELLS_NAMED; i++) {
		fputs(i == 0 ? ": " : ", ", out);
		report_put_cell(out, named[i].test);
		fprintf(out, "/%s (%zu)", named[i].column, named[i].far);
	}
	if (cells > FAR_CELLS_NAMED)
		fprintf(out, ", and %zu more", cells - FAR_CELLS_NAMED);
	fputs(" (harness/README.md §3.5) |\n", out);
}

static void
write_machine(FILE *out, const struct report_page_input *input)
{
	const struct bench_run_file *run = input->run;
	fputs("## Machine and options\n\n| | |\n|---|---|\n", out);
	fputs("| Date | ", out);
	report_put_cell(out, run->date);
	fputs(" |\n| CPU | ", out);
	report_put_cell(out, run->cpu);
	fprintf(out, " (%lld cores) |\n| Compiler | ", run->cores);
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
	fputs(" |\n| C library | glibc ", out);
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
	fputs(" |\n| Commit | `", out);
	report_put_cell(out, run->git_commit);
	fputs("` (bench ", out);
	report_put_cell(out, run->version);
	fputs(") |\n", out);
	if (run->clock != NULL) {
		fprintf(out, "| Clock | `%s`", run->clock);
		if (run->clock_resolution_ns >= 0)
			fprintf(out, ", resolution %g ns",
			        run->clock_resolution_ns);
		fputs(" |\n", out);
	}
	fprintf(out, "| Samples | %lld per cell, each at least %g ms; "
	        "backends interleaved in a shuffled order (seed %lld)%s |\n",
	        run->repetitions, run->min_time_ms, run->seed,
	        run->quick ? "; `--quick`" : "");
	fputs("| Sizes | ", out);
	for (size_t s = 0; s < run->size_count; s++)
		fprintf(out, "%s%zu", s == 0 ? "" : ", ", run->sizes[s]);
	fputs(" items |\n| Backends | ", out);
	for (size_t b = 0; b < run->backend_count; b++)
		fprintf(out, "%s%s (%s, writes %s)", b == 0 ? "" : ", ",
		        run->backends[b].name,
		        bm_kind_title(run->backends[b].kind),
		        run->backends[b].format);
	fputs(" |\n", out);
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
	if (run->retaken >= 0 && run->disturbed >= 0)
		fprintf(out, "| Preemption | %lld %s were taken again "
		        "because the process lost the CPU during them; "
		        "%lld kept although disturbed |\n",
		        run->retaken,
		        run->schema >= 3 ? "samples" : "timed batches",
		        run->disturbed);
	if (strcmp(run->unit, "ns") == 0)
		write_far_samples(out, run);
	fputc('\n', out);
}

/* --- The results table ---------------------------------------------------- */

/* One cell as the proposal rule sees it (bench_standing, stats.h). */
static struct bench_standing_cell
standing_cell(const struct bench_file_cell *cell)
{
	return (struct bench_standing_cell){
		.candidate = {.usable = cell->present && !cell->failed &&
		                        !cell->not_applicable,
		              .median = cell->median,
		              .mad = cell->mad},
		.flat_bytes = cell->flat_bytes,
	};
}

/* Proposal `proposal`'s standing on `row` against the best competitor. */
static struct bench_standing
proposal_standing(const struct bench_run_file *run,
                  const struct bench_file_row *row, size_t proposal,
                  const char **best_name)
{
	struct bench_standing_cell best = {0};
	for (size_t b = 0; b < run->backend_count; b++) {
		struct bench_standing_cell cell = standing_cell(&row->cells[b]);
		if (bm_kind_competes(run->backends[b].kind) &&
		    bench_standing_better(&cell, &best)) {
			best = cell;
			*best_name = run->backends[b].name;
		}
	}
	struct bench_standing_cell mine = standing_cell(&row->cells[proposal]);
	struct bench_candidate floor = standing_cell(&row->floor).candidate;
	return bench_standing(&mine, &best, &floor);
}

/* Per proposal, the rows it holds, and each row it loses with the
 * competitor that beats it: the list the proposal is judged by. */
static void
write_standings(FILE *out, const struct bench_run_file *run)
{
	for (size_t p = 0; p < run->backend_count; p++) {
		if (run->backends[p].kind != BM_KIND_PROPOSAL)
			continue;
		size_t known = 0, held = 0, by_floor = 0;
		for (size_t r = 0; r < run->row_count; r++) {
			const char *best = NULL;
			struct bench_standing standing =
				proposal_standing(run, &run->rows[r], p, &best);
			known += standing.known;
			held += standing.known && standing.holds;
			by_floor += standing.format_row && standing.holds;
		}
		fprintf(out,
		        "\n%s holds %zu of the %zu rows with a time (at or below "
		        "the smallest competing median by the tie rule; %zu of "
		        "them by the format exception, within %.1f times the "
		        "Floor).",
		        run->backends[p].name, held, known, by_floor,
		        BENCH_FORMAT_FLOOR_FACTOR);
		if (held == known) {
			fputs("\n", out);
			continue;
		}
		fputs(" Rows lost:\n\n", out);
		for (size_t r = 0; r < run->row_count; r++) {
			const char *best = NULL;
			struct bench_standing standing =
				proposal_standing(run, &run->rows[r], p, &best);
			if (!standing.known || standing.holds)
				continue;
			char text[64];
			bench_standing_text(&standing, text, sizeof text);
			fprintf(out, "- %s: %s, against %s\n", run->rows[r].test,
			        text, best);
		}
	}
}

static bool
write_results(FILE *out, const struct report_page_input *input)
{
	const struct bench_run_file *run = input->run;
	fprintf(out,
	        "## Results\n\n"
	        "Times in ns per operation (per lookup for Lookup): the median "
	        "of %lld samples. Floor: one `memcpy` of the operation's bytes "
	        "(the item bytes for Create and Read, the HMF1 flattened size "
	        "for Flatten, Unflatten and the real rows; none for Lookup); it "
	        "never wins. "
	        "Winner: the fastest backend; Haiku Winner: the fastest Haiku "
	        "design; `-`: a tie (the runner-up within 2 %% or within the "
	        "measured noise, as the harness decides); ERR: the cell failed "
	        "validation and has no time. A proposal (Message5) competes in "
	        "neither Winner column; its \"vs Winner\" column is its median "
	        "over the smallest median of the backends that compete, "
	        "\"lost\" where it is above it beyond the tie rule. Where "
	        "it is, and the fastest competitor's flattened form is more "
	        "than %.0f %% smaller than its own (FOB1 against HMF1), its "
	        "median over the Floor's follows (\"1.02x Floor\"), and "
	        "within %.1f times the Floor it holds the row: no design that "
	        "keeps its format could do better.\n\n",
	        run->repetitions, 100 * BENCH_FORMAT_MARGIN,
	        BENCH_FORMAT_FLOOR_FACTOR);
	struct report_grid grid;
	size_t proposals = 0;
	for (size_t b = 0; b < run->backend_count; b++)
		proposals += run->backends[b].kind == BM_KIND_PROPOSAL;
	size_t columns = 1 + run->backend_count + 3 + proposals;
	if (!report_grid_init(&grid, run->row_count + 1, columns)) {
		report_grid_free(&grid);
		return false;
	}
	size_t first_proposal = report_grid_results_header(&grid, run, "Test");
	for (size_t b = 0, column = first_proposal; b < run->backend_count;
	     b++) {
		if (run->backends[b].kind != BM_KIND_PROPOSAL)
			continue;
		report_grid_set(&grid, 0, column, "%s vs Winner",
		                run->backends[b].name);
		grid.right[column++] = true;
	}
	for (size_t r = 0; r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		size_t line = r + 1;
		report_grid_set(&grid, line, 0, "%s():", row->test);
		report_grid_results_row(&grid, line, run, row);
		for (size_t b = 0, column = first_proposal;
		     b < run->backend_count; b++) {
			if (run->backends[b].kind != BM_KIND_PROPOSAL)
				continue;
			char text[64];
			const char *best = NULL;
			struct bench_standing standing =
				proposal_standing(run, row, b, &best);
			bench_standing_text(&standing, text, sizeof text);
			report_grid_set(&grid, line, column++, "%s", text);
		}
	}
	report_grid_write(out, &grid);
	report_grid_free(&grid);
	write_standings(out, run);
	bool heading = false;
	for (size_t r = 0; r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		for (size_t b = 0; b <= run->backend_count; b++) {
			const struct bench_file_cell *cell =
				b < run->backend_count ? &row->cells[b]
				                       : &row->floor;
			if (!cell->present || !cell->failed)
				continue;
			if (!heading)
				fputs("\nCells that failed validation:\n\n", out);
			heading = true;
			fprintf(out, "- %s on %s: %s\n", row->test,
			        b < run->backend_count ? run->backends[b].name
			                               : "Floor",
			        cell->error);
		}
	}
	fputc('\n', out);
	return true;
}

/* --- The plots ------------------------------------------------------------ */

static const struct report_plot *
scaling_plot(const struct report_plots *plots, enum bench_op op,
             enum bench_type type)
{
	for (size_t p = 0; p < plots->count; p++) {
		const struct report_plot *plot = &plots->plots[p];
		if (plot->kind == REPORT_PLOT_SCALING && plot->op == op &&
		    plot->type == type)
			return plot;
	}
	return NULL;
}

static void
put_image(FILE *out, const struct report_plot *plot)
{
	fprintf(out, "![%s](plots/%s.svg)", plot->title, plot->name);
}

/* How many 2005-plot points changed sides of the base backend. */
static void
count_side_changes(const struct report_page_input *input, size_t *points,
                   size_t *changed)
{
	const struct bench_run_file *run = input->run;
	const char *base = input->comparison->base;
	*points = *changed = 0;
	for (size_t r = 0; r < run->row_count; r++) {
		for (size_t b = 0; b < run->backend_count; b++) {
			double then, now;
			if (strcmp(run->backends[b].name, base) == 0 ||
			    !report_relative_to_base(run, input->reference, base,
			                             &run->rows[r], b, &then,
			                             &now))
				continue;
			(*points)++;
			*changed += (then < 1 && now > 1) || (then > 1 && now < 1);
		}
	}
}

static void
write_plots(FILE *out, const struct report_page_input *input)
{
	const struct report_plots *plots = input->plots;
	fputs("## Plots\n\n", out);
	if (!plots->drawn) {
		fprintf(out, "The plots were not drawn when this page was "
		        "generated: %s. Their data and script are in `data/` "
		        "and `plots.gp`.\n\n", plots->skipped);
		return;
	}
	fputs("Drawn by gnuplot from the CSV files in [`data/`](data/) with "
	      "[`plots.gp`](plots.gp).\n\n"
	      "### Time against items\n\n"
	      "Time per operation against the number of items, both on log "
	      "scales, one line per backend; the Floor dashed. A line parallel "
	      "to the Floor grows as the bytes do; a steeper one grows faster "
	      "than the items.\n\n"
	      "| Int32 | String |\n|---|---|\n",
	      out);
	for (int o = 0; o < BENCH_OP_COUNT; o++) {
		const struct report_plot *left = scaling_plot(
			plots, (enum bench_op)o, BENCH_TYPE_INT32);
		const struct report_plot *right = scaling_plot(
			plots, (enum bench_op)o, BENCH_TYPE_STRING);
		if (left == NULL && right == NULL)
			continue;
		fputs("| ", out);
		if (left != NULL)
			put_image(out, left);
		else
			fputs("(not run)", out);
		fputs(" | ", out);
		if (right != NULL)
			put_image(out, right);
		else if (bench_operation((enum bench_op)o)->int32_only)
			fprintf(out, "(%s is Int32 only)",
			        bench_op_name((enum bench_op)o));
		else
			fputs("(not run)", out);
		fputs(" |\n", out);
	}
	fputs("\n### Each backend against the fastest, per size\n\n"
	      "For each size, every test's time on each backend divided by the "
	      "fastest backend's time on that test (1 is the fastest), on a "
	      "log scale.\n\n",
	      out);
	for (size_t p = 0; p < plots->count; p++) {
		if (plots->plots[p].kind != REPORT_PLOT_RELATIVE)
			continue;
		put_image(out, &plots->plots[p]);
		fputs("\n\n", out);
	}
	for (size_t p = 0; p < plots->count; p++) {
		const struct report_plot *plot = &plots->plots[p];
		if (plot->kind != REPORT_PLOT_VS2005)
			continue;
		const char *base = input->comparison->base;
		size_t points, changed;
		count_side_changes(input, &points, &changed);
		fputs("### 2005 against today\n\n", out);
		put_image(out, plot);
		fprintf(out,
		        "\n\nEach point is one test on one backend: its time "
		        "divided by %s's on the same test, in 2005 (across) and "
		        "today (up). On the dashed diagonal a design stands "
		        "where it stood against %s in 2005; above it, it lost "
		        "ground; below it, it gained. %zu of the %zu points lie "
		        "in the top-left or bottom-right quarter: there the "
		        "design changed sides, faster than %s on one machine "
		        "and slower on the other.\n\n",
		        base, base, changed, points, base);
	}
}

/* --- The comparison with 2005 --------------------------------------------- */

static void
put_verdict(FILE *out, const char *today, const char *then)
{
	const char *text = today != NULL ? today : "n/a";
	bool same = today != NULL && strcmp(today, then) == 0;
	fprintf(out, same ? "%s" : "**%s**", text);
}

static bool
write_winners(FILE *out, const struct report_page_input *input)
{
	const struct bench_run_file *run = input->run;
	const struct report_comparison *comparison = input->comparison;
	fprintf(out,
	        "### Winners\n\n"
	        "The Winner and Haiku Winner of every test, 2005 and today "
	        "side by side; today's in bold where it differs. `-` is a tie "
	        "on both pages.\n\n"
	        "- **Winner**: the same on **%zu of %zu** rows (ties: %zu in "
	        "2005, %zu today).\n"
	        "- **Haiku Winner**: the same on **%zu of %zu** rows.\n\n",
	        comparison->winner_agree, comparison->compared_rows,
	        comparison->ties_then, comparison->ties_now,
	        comparison->haiku_agree, comparison->compared_rows);
	/* Winners over other sets of designs are not the same question. */
	const struct report_reference *reference = input->reference;
	for (size_t b = 0; b < reference->backend_count; b++) {
		if (bench_run_file_backend(run, reference->backends[b]) == SIZE_MAX)
			fprintf(out, "Note: %s is in the 2005 table but not in "
			        "this run, so today's winners are chosen among "
			        "fewer designs.\n\n",
			        reference->backends[b]);
	}
	for (size_t b = 0; b < run->backend_count; b++) {
		if (report_reference_backend(reference,
		                             run->backends[b].name) == SIZE_MAX)
			fprintf(out, "Note: %s was not in the 2005 table, so "
			        "today's winners are chosen among more "
			        "designs.\n\n",
			        run->backends[b].name);
	}
	struct report_grid grid;
	if (!report_grid_init(&grid, comparison->compared_rows + 1, 5)) {
		report_grid_free(&grid);
		return false;
	}
	report_grid_set(&grid, 0, 0, "Test");
	report_grid_set(&grid, 0, 1, "Winner 2005");
	report_grid_set(&grid, 0, 2, "Winner today");
	report_grid_set(&grid, 0, 3, "Haiku Winner 2005");
	report_grid_set(&grid, 0, 4, "Haiku Winner today");
	size_t line = 1;
	for (size_t r = 0; r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		const struct report_reference_row *then = report_reference_row_of(
			input->reference, row);
		if (then == NULL)
			continue;
		char text[REPORT_GRID_TEXT_MAX];
		report_grid_set(&grid, line, 0, "%s", row->test);
		report_grid_set(&grid, line, 1, "%s", then->winner);
		FILE *cell = fmemopen(text, sizeof text, "w");
		if (cell == NULL) {
			report_grid_free(&grid);
			return false;
		}
		put_verdict(cell, row->winner, then->winner);
		fclose(cell);
		report_grid_set(&grid, line, 2, "%s", text);
		report_grid_set(&grid, line, 3, "%s", then->haiku_winner);
		cell = fmemopen(text, sizeof text, "w");
		if (cell == NULL) {
			report_grid_free(&grid);
			return false;
		}
		put_verdict(cell, row->haiku_winner, then->haiku_winner);
		fclose(cell);
		report_grid_set(&grid, line, 4, "%s", text);
		line++;
	}
	report_grid_write(out, &grid);
	report_grid_free(&grid);
	fputc('\n', out);
	return true;
}

static const struct report_series *
find_series(const struct report_comparison *comparison, enum bench_op op,
            enum bench_type type, const char *backend)
{
	for (size_t s = 0; s < comparison->series_count; s++) {
		const struct report_series *series = &comparison->series[s];
		if (series->op == op && series->type == type &&
		    strcmp(series->backend, backend) == 0)
			return series;
	}
	return NULL;
}

static bool
write_growth(FILE *out, const struct report_page_input *input)
{
	const struct bench_run_file *run = input->run;
	const struct report_comparison *comparison = input->comparison;
	fprintf(out,
	        "### Growth from %u to %u items\n\n"
	        "For each backend, operation and type, e = log10(t%u / t%u), "
	        "the exponent of N in t ~ N^e over that step, 2005 → today. "
	        "Classes: flat below %g, linear below %g, superlinear below "
	        "%g, quadratic from %g. In bold where the classes differ: "
	        "%zu of %zu series, each explained [below](#why-the-growth-"
	        "classes-differ).",
	        REPORT_GROWTH_FROM, REPORT_GROWTH_TO, REPORT_GROWTH_TO,
	        REPORT_GROWTH_FROM, REPORT_FLAT_BELOW, REPORT_LINEAR_BELOW,
	        REPORT_SUPERLINEAR_BELOW, REPORT_SUPERLINEAR_BELOW,
	        comparison->differing, comparison->series_count);
	if (comparison->within_noise > 0)
		fprintf(out,
		        " Marked \"within the noise\": %zu more whose class "
		        "differs only by the noise of this run, 2005's class "
		        "lying between the classes today's growth takes with "
		        "each median moved by its MAD; they are not explained.",
		        comparison->within_noise);
	fputs("\n\n", out);
	/* The columns: backends of the run that have a series. */
	size_t columns[64], column_count = 0;
	for (size_t b = 0; b < run->backend_count && column_count < 64; b++) {
		for (size_t s = 0; s < comparison->series_count; s++) {
			if (strcmp(comparison->series[s].backend,
			           run->backends[b].name) == 0) {
				columns[column_count++] = b;
				break;
			}
		}
	}
	size_t rows = 1;
	for (int o = 0; o < BENCH_OP_COUNT; o++)
		for (int t = 0; t < BENCH_TYPE_COUNT; t++)
			rows += column_count > 0 &&
			        find_series(comparison, (enum bench_op)o,
			                    (enum bench_type)t,
			                    run->backends[columns[0]].name) !=
			                NULL;
	struct report_grid grid;
	if (!report_grid_init(&grid, rows, 1 + column_count)) {
		report_grid_free(&grid);
		return false;
	}
	report_grid_set(&grid, 0, 0, "Series");
	for (size_t c = 0; c < column_count; c++)
		report_grid_set(&grid, 0, 1 + c, "%s", run->backends[columns[c]].name);
	size_t line = 1;
	for (int o = 0; o < BENCH_OP_COUNT; o++) {
		for (int t = 0; t < BENCH_TYPE_COUNT && column_count > 0;
		     t++) {
			enum bench_op op = (enum bench_op)o;
			enum bench_type type = (enum bench_type)t;
			if (find_series(comparison, op, type,
			                run->backends[columns[0]].name) == NULL)
				continue;
			report_grid_set(&grid, line, 0, "%s %s", bench_op_name(op),
			         bench_type_name(type));
			for (size_t c = 0; c < column_count; c++) {
				const struct report_series *series = find_series(
					comparison, op, type,
					run->backends[columns[c]].name);
				if (series == NULL)
					continue;
				char then[32], now[48];
				report_format_exponent(series->e_then, then,
				                       sizeof then);
				if (series->has_now) {
					char e[32];
					report_format_exponent(series->e_now, e,
					                       sizeof e);
					snprintf(now, sizeof now, "%s %s", e,
					         report_class_name(
							 series->class_now));
				} else {
					snprintf(now, sizeof now, "ERR");
				}
				report_grid_set(&grid, line, 1 + c,
				         series->differs ? "**%s %s → %s**"
				         : series->within_noise
				                 ? "%s %s → %s, within the noise"
				                 : "%s %s → %s",
				         then,
				         report_class_name(series->class_then),
				         now);
			}
			line++;
		}
	}
	grid.rows = line;
	report_grid_write(out, &grid);
	report_grid_free(&grid);
	fputc('\n', out);
	return true;
}

/* Expands a note and writes it, indenting every paragraph after the first
 * by `indent` (to continue a list item). */
static bool
put_note(FILE *out, const struct report_page_input *input,
         const struct report_note *note, const struct report_series *series,
         const char *indent, char *why, size_t why_size)
{
	char *text = report_note_text(note, input->notes, series, input->run,
	                              input->reference, why, why_size);
	if (text == NULL)
		return false;
	for (const char *p = text; *p != '\0'; p++) {
		fputc(*p, out);
		if (p[0] == '\n' && p[1] != '\n' && p > text && p[-1] == '\n')
			fputs(indent, out);
	}
	free(text);
	return true;
}

static bool
has_uncertainty(const struct report_page_input *input, const char *backend)
{
	return report_find_note(input->notes, REPORT_NOTE_UNCERTAINTY, backend,
	                        BENCH_OP_CREATE, BENCH_TYPE_INT32) != NULL;
}

static bool
write_uncertainties(FILE *out, const struct report_page_input *input,
                    char *why, size_t why_size)
{
	fputs("### Known uncertainties\n\n"
	      "Keep these in mind wherever 2005 and today differ (from the "
	      "project's notes on the backends):\n\n",
	      out);
	for (size_t b = 0; b < input->run->backend_count; b++) {
		const char *name = input->run->backends[b].name;
		const struct report_note *note = report_find_note(
			input->notes, REPORT_NOTE_UNCERTAINTY, name,
			BENCH_OP_CREATE, BENCH_TYPE_INT32);
		if (note == NULL)
			continue;
		fprintf(out, "- **%s**: ", name);
		if (!put_note(out, input, note, NULL, "  ", why, why_size))
			return false;
		fputc('\n', out);
	}
	fputc('\n', out);
	return true;
}

static bool
write_explanations(FILE *out, const struct report_page_input *input,
                   char *why, size_t why_size)
{
	const struct report_comparison *comparison = input->comparison;
	fprintf(out, "### Why the growth classes differ\n\n");
	if (comparison->differing == 0) {
		fputs("Every series has the same class in 2005 and today.\n\n",
		      out);
		return true;
	}
	fprintf(out, "Each explanation comes from ");
	report_put_source(out, input->notes_source);
	fputs(", keyed by backend, operation and type; its figures are filled "
	      "in from the two tables.\n\n",
	      out);
	for (int o = 0; o < BENCH_OP_COUNT; o++) {
		for (int t = 0; t < BENCH_TYPE_COUNT; t++) {
			enum bench_op op = (enum bench_op)o;
			enum bench_type type = (enum bench_type)t;
			bool any = false;
			for (size_t s = 0; s < comparison->series_count; s++) {
				const struct report_series *series =
					&comparison->series[s];
				if (series->op == op && series->type == type &&
				    series->differs)
					any = true;
			}
			if (!any)
				continue;
			fprintf(out, "#### %s %s\n\n", bench_op_name(op),
			        bench_type_name(type));
			const struct report_note *common = report_find_note(
				input->notes, REPORT_NOTE_OPERATION, NULL, op,
				type);
			if (common != NULL) {
				if (!put_note(out, input, common, NULL, "", why,
				              why_size))
					return false;
				fputs("\n\n", out);
			}
			for (size_t s = 0; s < comparison->series_count; s++) {
				const struct report_series *series =
					&comparison->series[s];
				if (series->op != op || series->type != type ||
				    !series->differs)
					continue;
				char then[32], now[32];
				report_format_exponent(series->e_then, then,
				                       sizeof then);
				report_format_exponent(series->e_now, now,
				                       sizeof now);
				fprintf(out, "- **%s**: %s in 2005 (e = %s), "
				        "%s today (e = %s). ",
				        series->backend,
				        report_class_name(series->class_then), then,
				        report_class_name(series->class_now), now);
				if (!put_note(out, input, series->note, series,
				              "  ", why, why_size))
					return false;
				if (has_uncertainty(input, series->backend))
					fprintf(out, " (See the [known "
					        "uncertainties](#known-"
					        "uncertainties) about %s.)",
					        series->backend);
				fputc('\n', out);
			}
			fputc('\n', out);
		}
	}
	return true;
}

static bool
write_comparison(FILE *out, const struct report_page_input *input,
                 char *why, size_t why_size)
{
	const struct report_comparison *comparison = input->comparison;
	fputs("## Comparison with 2005\n\n"
	      "The 2005 figures are the results table of the 2005 speed test "
	      "(",
	      out);
	report_put_source(out, input->reference_source);
	fputs(", with its source in "
	      "[`results/README.md`](../results/README.md)): one shot per test "
	      "on a Pentium 4 running BeOS R5, read on a clock that counts "
	      "whole microseconds; the 2005 page itself warned that its times "
	      "\"contain timing errors\" and are \"indications and not "
	      "facts\". Today's are medians of many samples in nanoseconds on "
	      "the machine above. So the comparison is of ranks and of growth, "
	      "never of times.\n\n",
	      out);
	if (comparison->compared_rows == 0) {
		fputs("No test of this run is in the 2005 table.\n\n", out);
		return true;
	}
	if (!write_winners(out, input)) {
		bench_say(why, why_size, "out of memory");
		return false;
	}
	if (comparison->series_count == 0) {
		fprintf(out, "The growth from %u to %u items needs both sizes; "
		        "this run lacks one of them.\n\n", REPORT_GROWTH_FROM,
		        REPORT_GROWTH_TO);
	} else if (!write_growth(out, input)) {
		bench_say(why, why_size, "out of memory");
		return false;
	}
	return write_uncertainties(out, input, why, why_size) &&
	       write_explanations(out, input, why, why_size);
}

/* --- What depends on the toolchain ---------------------------------------- */

static const char *
verdict_text(const char *verdict)
{
	return verdict != NULL ? verdict : "n/a";
}

static bool
same_verdict(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return a == b;
	return strcmp(a, b) == 0;
}

/* "Message2 / Message2": Winner and Haiku Winner of a row, each in bold
 * where it differs from `base`'s (NULL: none). */
static void
set_verdicts(struct report_grid *grid, size_t line, size_t column,
             const struct bench_file_row *row,
             const struct bench_file_row *base)
{
	bool winner_differs = base != NULL &&
	                      !same_verdict(row->winner, base->winner);
	bool haiku_differs = base != NULL &&
	                     !same_verdict(row->haiku_winner, base->haiku_winner);
	report_grid_set(grid, line, column, winner_differs ? "**%s** / " : "%s / ",
	         verdict_text(row->winner));
	size_t used = strlen(grid->cells[line * grid->columns + column]);
	snprintf(grid->cells[line * grid->columns + column] + used,
	         REPORT_GRID_TEXT_MAX - used, haiku_differs ? "**%s**" : "%s",
	         verdict_text(row->haiku_winner));
}

/* The commits of the runs: one, or each different one. */
static void
put_commits(FILE *out, const struct report_sensitivity *sensitivity)
{
	const char *first = sensitivity->runs[0].run.git_commit;
	bool one = true;
	for (size_t i = 1; i < sensitivity->run_count; i++)
		one = one && strcmp(first, sensitivity->runs[i].run.git_commit) == 0;
	if (one) {
		fputs("commit `", out);
		report_put_cell(out, first);
		fputs("`", out);
		return;
	}
	fputs("**different commits**: ", out);
	for (size_t i = 0; i < sensitivity->run_count; i++) {
		fprintf(out, "%s%s `", i == 0 ? "" : ", ",
		        sensitivity->runs[i].label);
		report_put_cell(out, sensitivity->runs[i].run.git_commit);
		fputs("`", out);
	}
}

static void
put_tally(FILE *out, const char *what, const struct report_verdict_tally *t,
          const struct report_sensitivity *sensitivity)
{
	size_t rows = sensitivity->row_count;
	size_t changed = rows - t->kept;
	fprintf(out, "- **%s**: the same in all %zu configurations on **%zu of "
	        "%zu** rows; %zu change (%zu between two backends, %zu only "
	        "between a backend and a tie)",
	        what, sensitivity->config_count, t->kept, rows, changed,
	        t->between_backends, changed - t->between_backends);
	if (sensitivity->has_noise)
		fprintf(out, ". Between the two runs of the default "
		        "configuration, **%zu** rows change; %zu of the %zu "
		        "changing rows are among them",
		        t->noise, t->changes_and_noisy, changed);
	fputs(".\n", out);
}

/* The medians of one row in every run, with its verdicts. */
static bool
write_changed_row(FILE *out, const struct report_sensitivity *sensitivity,
                  size_t r)
{
	const struct bench_run_file *first = &sensitivity->runs[0].run;
	size_t backends = first->backend_count;
	struct report_grid grid;
	if (!report_grid_init(&grid, sensitivity->run_count + 1, backends + 4)) {
		report_grid_free(&grid);
		return false;
	}
	report_grid_set(&grid, 0, 0, "Run");
	for (size_t b = 0; b < backends; b++) {
		report_grid_set(&grid, 0, 1 + b, "%s", first->backends[b].name);
		grid.right[1 + b] = true;
	}
	report_grid_set(&grid, 0, 1 + backends, "Floor");
	grid.right[1 + backends] = true;
	report_grid_set(&grid, 0, 2 + backends, "Winner");
	report_grid_set(&grid, 0, 3 + backends, "Haiku Winner");
	for (size_t i = 0; i < sensitivity->run_count; i++) {
		const struct bench_file_row *row = &sensitivity->runs[i].run.rows[r];
		report_grid_set(&grid, 1 + i, 0, "%s", sensitivity->runs[i].label);
		for (size_t b = 0; b <= backends; b++) {
			const struct bench_file_cell *cell =
				b < backends ? &row->cells[b] : &row->floor;
			char text[32];
			report_cell_text(text, sizeof text, cell);
			report_grid_set(&grid, 1 + i, 1 + b, "%s", text);
		}
		report_grid_set(&grid, 1 + i, 2 + backends, "%s",
		         verdict_text(row->winner));
		report_grid_set(&grid, 1 + i, 3 + backends, "%s",
		         verdict_text(row->haiku_winner));
	}
	report_grid_write(out, &grid);
	report_grid_free(&grid);
	fputc('\n', out);
	return true;
}

static bool
write_toolchain(FILE *out, const struct report_page_input *input)
{
	const struct report_sensitivity *sensitivity = input->sensitivity;
	fputs("## What depends on the toolchain\n\n", out);
	if (sensitivity == NULL || !sensitivity->present) {
		fprintf(out, "Not measured: %s (`scripts/sensitivity` makes these "
		        "results).\n\n",
		        sensitivity != NULL ? sensitivity->skipped
		                            : "no folder was given");
		return true;
	}
	const struct report_sensitivity_run *noise_a, *noise_b;
	report_sensitivity_noise(sensitivity, &noise_a, &noise_b);
	fputs("The same rows measured with other compilers and allocators by "
	      "`scripts/sensitivity` (harness/README.md §9.1): each "
	      "configuration built in its own directory and run with the "
	      "default options, ",
	      out);
	if (noise_a != NULL)
		fprintf(out, "the default configuration (%s) first and again "
		        "last, so that the verdicts that change between its two "
		        "runs show the noise. ",
		        noise_a->label);
	fputs("Every figure here comes from the files in ", out);
	report_put_source(out, input->sensitivity_source);
	fputs(", ", out);
	put_commits(out, sensitivity);
	fputs(".\n\n", out);

	struct report_grid grid;
	if (!report_grid_init(&grid, sensitivity->run_count + 1, 5)) {
		report_grid_free(&grid);
		return false;
	}
	report_grid_set(&grid, 0, 0, "Run");
	report_grid_set(&grid, 0, 1, "Compiler");
	report_grid_set(&grid, 0, 2, "Allocator in use");
	report_grid_set(&grid, 0, 3, "Date");
	report_grid_set(&grid, 0, 4, "Load at the start");
	for (size_t i = 0; i < sensitivity->run_count; i++) {
		const struct report_sensitivity_run *run = &sensitivity->runs[i];
		report_grid_set(&grid, 1 + i, 0, "%s", run->label);
		report_grid_set(&grid, 1 + i, 1, "%s", run->run.compiler);
		report_grid_set(&grid, 1 + i, 2, "%s",
		         run->run.allocator != NULL ? run->run.allocator
		                                    : "unknown");
		report_grid_set(&grid, 1 + i, 3, "%s", run->run.date);
		json_t *load = json_object_get(
			json_object_get(run->run.root, "context"), "load_avg");
		if (json_is_array(load) && json_array_size(load) == 3)
			report_grid_set(&grid, 1 + i, 4, "%.2f",
			         json_number_value(json_array_get(load, 0)));
		else
			report_grid_set(&grid, 1 + i, 4, "unknown");
	}
	report_grid_write(out, &grid);
	report_grid_free(&grid);
	fputc('\n', out);
	put_tally(out, "Winner", &sensitivity->tallies[0], sensitivity);
	put_tally(out, "Haiku Winner", &sensitivity->tallies[1], sensitivity);
	fputs("\n", out);

	/* Every row: Winner / Haiku Winner per run, in bold where it differs
	 * from the first run's. */
	fputs("### Verdicts per configuration\n\n"
	      "Winner / Haiku Winner of every row in each run; in bold where "
	      "it differs from the first run's. `-` is a tie "
	      "(harness/README.md §4.2).\n\n",
	      out);
	size_t rows = sensitivity->row_count;
	if (!report_grid_init(&grid, rows + 1, 1 + sensitivity->run_count)) {
		report_grid_free(&grid);
		return false;
	}
	report_grid_set(&grid, 0, 0, "Test");
	for (size_t i = 0; i < sensitivity->run_count; i++)
		report_grid_set(&grid, 0, 1 + i, "%s", sensitivity->runs[i].label);
	const struct bench_run_file *base = &sensitivity->runs[0].run;
	for (size_t r = 0; r < rows; r++) {
		report_grid_set(&grid, 1 + r, 0, "%s", base->rows[r].test);
		for (size_t i = 0; i < sensitivity->run_count; i++)
			set_verdicts(&grid, 1 + r, 1 + i,
			             &sensitivity->runs[i].run.rows[r],
			             i == 0 ? NULL : &base->rows[r]);
	}
	report_grid_write(out, &grid);
	report_grid_free(&grid);
	fputc('\n', out);

	fputs("### The rows that change\n\n"
	      "Each row whose Winner or Haiku Winner is not the same in every "
	      "configuration, with the medians (ns per operation) of every "
	      "run",
	      out);
	fputs(noise_a != NULL ? "; \"noise\" marks a row whose verdict also "
	                        "changes between the two default runs.\n\n"
	                      : ".\n\n",
	      out);
	size_t listed = 0;
	for (size_t r = 0; r < rows; r++) {
		const struct report_verdict_tally *w = &sensitivity->tallies[0];
		const struct report_verdict_tally *h = &sensitivity->tallies[1];
		if (!w->changes[r] && !h->changes[r])
			continue;
		listed++;
		fprintf(out, "#### %s\n\n", base->rows[r].test);
		fprintf(out, "Changes: %s%s%s%s.\n\n",
		        w->changes[r] ? "Winner" : "",
		        w->changes[r] && w->noisy[r] ? " (noise)" : "",
		        w->changes[r] && h->changes[r] ? ", " : "",
		        h->changes[r] ? (h->noisy[r] ? "Haiku Winner (noise)"
		                                     : "Haiku Winner")
		                      : "");
		if (!write_changed_row(out, sensitivity, r))
			return false;
	}
	if (listed == 0)
		fputs("No row changes.\n\n", out);
	return true;
}

bool
report_write_page(FILE *out, const struct report_page_input *input,
                  char *why, size_t why_size)
{
	fputs("<!-- Written by `bench report` (harness/report*.c): do not edit; "
	      "regenerate with scripts/report. -->\n"
	      "# Results report\n\n"
	      "The benchmark's results as a table and as pictures, and set "
	      "beside the 2005 results. Every figure on this page comes from ",
	      out);
	report_put_source(out, input->source);
	fputs(" or from the 2005 table; regenerate it with `scripts/report` "
	      "(from the results file alone) or `scripts/bench --all` (which "
	      "runs the benchmark first).\n\n"
	      "- [Machine and options](#machine-and-options)\n"
	      "- [Results](#results)\n"
	      "- [Plots](#plots)\n"
	      "- [Real messages](#real-messages)\n"
	      "- [Comparison with 2005](#comparison-with-2005)\n"
	      "- [Re-creations against the original code]"
	      "(#re-creations-against-the-original-code)\n"
	      "- [What depends on the toolchain](#what-depends-on-the-toolchain)"
	      "\n\n",
	      out);
	write_machine(out, input);
	if (!write_results(out, input)) {
		bench_say(why, why_size, "out of memory");
		return false;
	}
	write_plots(out, input);
	if (!report_write_real(out, input, why, why_size))
		return false;
	if (!write_comparison(out, input, why, why_size))
		return false;
	if (!report_write_originals(out, input, why, why_size))
		return false;
	if (!write_toolchain(out, input)) {
		bench_say(why, why_size, "out of memory");
		return false;
	}
	if (ferror(out)) {
		bench_say(why, why_size, "cannot write the page");
		return false;
	}
	return true;
}
