/*
 * report_2005_page.c - the report's page "Comparison with 2005": the
 * Winners of 2005 and today side by side with their agreement counts, the
 * growth classes then and now (report_2005.c computes them), the plot of
 * each design against R5 then and now, the known uncertainties, and the
 * explanation of every class that differs; and its finding on the summary.
 * The prose around the figures is fixed or comes from the explanations
 * file.
 */
#include "report_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* How many points of the 2005 plot changed sides of the base backend. */
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

static const struct report_plot *
vs2005_plot(const struct report_plots *plots)
{
	for (size_t p = 0; plots->drawn && p < plots->count; p++) {
		if (plots->plots[p].kind == REPORT_PLOT_VS2005)
			return &plots->plots[p];
	}
	return NULL;
}

/* The plot of each design against the base backend, then and now, with
 * how many points changed sides. */
static void
write_vs2005(FILE *out, const struct report_page_input *input,
             const char *heading)
{
	const struct report_plot *plot = vs2005_plot(input->plots);
	if (plot == NULL)
		return;
	const char *base = input->comparison->base;
	size_t points, changed;
	count_side_changes(input, &points, &changed);
	fprintf(out, "%s 2005 against today\n\n", heading);
	report_put_image(out, plot);
	fprintf(out,
	        "\n\nEach point is one test on one backend: its time divided "
	        "by %s's on the same test, in 2005 (across) and today (up). On "
	        "the dashed diagonal a design stands where it stood against %s "
	        "in 2005; above it, it lost ground; below it, it gained. Up, "
	        "each point has ± the MAD of today's samples as an error bar; "
	        "across, 2005 gives one shot per test and no spread. %zu of "
	        "the %zu points lie in the top-left or bottom-right quarter: "
	        "there the design changed sides, faster than %s on one machine "
	        "and slower on the other.\n\n",
	        base, base, changed, points, base);
}

/* --- Winners -------------------------------------------------------------- */

/* A verdict of today as the table shows it: in bold where it differs
 * from 2005's. */
static void
set_verdict(struct report_grid *grid, size_t line, size_t column,
            const char *today, const char *then)
{
	const char *text = today != NULL ? today : "n/a";
	bool same = today != NULL && strcmp(today, then) == 0;
	report_grid_set(grid, line, column, same ? "%s" : "**%s**", text);
}

/* The rows of the Winners table: each test 2005 has, its verdicts then
 * and now. */
static bool
winners_rows(const struct report_page_input *input, struct report_grid *grid)
{
	const struct bench_run_file *run = input->run;
	if (!report_grid_init(grid, input->comparison->compared_rows + 1, 5))
		return false;
	static const char *const heading[5] = {
		"Test", "Winner 2005", "Winner today", "Haiku Winner 2005",
		"Haiku Winner today",
	};
	for (size_t c = 0; c < 5; c++)
		report_grid_set(grid, 0, c, "%s", heading[c]);
	size_t line = 1;
	for (size_t r = 0; r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		const struct report_reference_row *then =
			report_reference_row_of(input->reference, row);
		if (then == NULL)
			continue;
		report_grid_set(grid, line, 0, "%s", row->test);
		report_grid_set(grid, line, 1, "%s", then->winner);
		set_verdict(grid, line, 2, row->winner, then->winner);
		report_grid_set(grid, line, 3, "%s", then->haiku_winner);
		set_verdict(grid, line, 4, row->haiku_winner, then->haiku_winner);
		line++;
	}
	return true;
}

/* The backends one table has and the other lacks: winners over other
 * sets of designs are not the same question. A backend that does not
 * compete (a proposal, the original code) changes no Winner, and the
 * notes say so rather than count it. */
static void
write_backend_notes(FILE *out, const struct report_page_input *input)
{
	const struct bench_run_file *run = input->run;
	const struct report_reference *reference = input->reference;
	for (size_t b = 0; b < reference->backend_count; b++) {
		if (bench_run_file_backend(run, reference->backends[b]) == SIZE_MAX)
			fprintf(out, "Note: %s is in the 2005 table but not in "
			        "this run, so today's Winners are chosen among "
			        "fewer designs.\n\n",
			        reference->backends[b]);
	}
	size_t bystanders = 0, said = 0;
	for (size_t b = 0; b < run->backend_count; b++) {
		if (report_reference_backend(reference, run->backends[b].name) !=
		    SIZE_MAX)
			continue;
		if (bm_kind_competes(run->backends[b].kind))
			fprintf(out, "Note: %s was not in the 2005 table, so "
			        "today's Winners are chosen among more "
			        "designs.\n\n",
			        run->backends[b].name);
		else
			bystanders++;
	}
	for (size_t b = 0; b < run->backend_count && bystanders > 0; b++) {
		if (report_reference_backend(reference, run->backends[b].name) !=
		            SIZE_MAX ||
		    bm_kind_competes(run->backends[b].kind))
			continue;
		said++;
		fprintf(out, "%s%s", said == 1 ? "Note: " :
		                     said == bystanders ? " and " : ", ",
		        run->backends[b].name);
	}
	if (bystanders > 0)
		fprintf(out, " %s not in the 2005 table, but the proposal and "
		        "the original code compete in neither Winner column: "
		        "today's Winners, like 2005's, are chosen among the "
		        "reference and the Haiku designs.\n\n",
		        bystanders == 1 ? "was" : "were");
}

static void
put_agreement(FILE *out, const struct report_comparison *comparison)
{
	fprintf(out,
	        "- **Winner**: the same on **%zu of %zu** rows (ties: %zu in "
	        "2005, %zu today).\n"
	        "- **Haiku Winner**: the same on **%zu of %zu** rows.\n\n",
	        comparison->winner_agree, comparison->compared_rows,
	        comparison->ties_then, comparison->ties_now,
	        comparison->haiku_agree, comparison->compared_rows);
}

static bool
write_winners(FILE *out, const struct report_page_input *input)
{
	fputs("## Winners\n\n"
	      "The Winner and Haiku Winner of every test, 2005 and today side "
	      "by side; today's in bold where it differs. `-` is a tie on both "
	      "pages.\n\n",
	      out);
	put_agreement(out, input->comparison);
	write_backend_notes(out, input);
	struct report_grid grid = {0};
	if (!report_grid_put(out, &grid, winners_rows(input, &grid)))
		return false;
	fputc('\n', out);
	return true;
}

/* --- Growth --------------------------------------------------------------- */

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

/* A series as its cell shows it: "0.12 flat → 1.20 linear", in bold where
 * the classes differ beyond the noise. */
static void
set_series(struct report_grid *grid, size_t line, size_t column,
           const struct report_series *series)
{
	char then[32], now[48];
	report_format_exponent(series->e_then, then, sizeof then);
	if (series->has_now) {
		char e[32];
		report_format_exponent(series->e_now, e, sizeof e);
		snprintf(now, sizeof now, "%s %s", e,
		         report_class_name(series->class_now));
	} else {
		snprintf(now, sizeof now, "ERR");
	}
	report_grid_set(grid, line, column,
	                series->differs        ? "**%s %s → %s**"
	                : series->within_noise ? "%s %s → %s, within the noise"
	                                       : "%s %s → %s",
	                then, report_class_name(series->class_then), now);
}

/* The rows of the growth table: a row per operation and type, a column
 * per backend of the run that has a series. */
static bool
growth_rows(const struct report_page_input *input, struct report_grid *grid)
{
	const struct bench_run_file *run = input->run;
	const struct report_comparison *comparison = input->comparison;
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
	size_t most = (size_t)BENCH_OP_COUNT * BENCH_TYPE_COUNT + 1;
	if (!report_grid_init(grid, most, 1 + column_count))
		return false;
	report_grid_set(grid, 0, 0, "Series");
	for (size_t c = 0; c < column_count; c++)
		report_grid_set(grid, 0, 1 + c, "%s",
		                run->backends[columns[c]].name);
	size_t line = 1;
	for (int o = 0; o < BENCH_OP_COUNT; o++) {
		for (int t = 0; t < BENCH_TYPE_COUNT; t++) {
			enum bench_op op = (enum bench_op)o;
			enum bench_type type = (enum bench_type)t;
			if (column_count == 0 ||
			    find_series(comparison, op, type,
			                run->backends[columns[0]].name) == NULL)
				continue;
			report_grid_set(grid, line, 0, "%s %s", bench_op_name(op),
			                bench_type_name(type));
			for (size_t c = 0; c < column_count; c++) {
				const struct report_series *series = find_series(
					comparison, op, type,
					run->backends[columns[c]].name);
				if (series != NULL)
					set_series(grid, line, 1 + c, series);
			}
			line++;
		}
	}
	grid->rows = line;
	return true;
}

static bool
write_growth(FILE *out, const struct report_page_input *input)
{
	const struct report_comparison *comparison = input->comparison;
	fprintf(out,
	        "## Growth from %u to %u items\n\n"
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
	struct report_grid grid = {0};
	if (!report_grid_put(out, &grid, growth_rows(input, &grid)))
		return false;
	fputc('\n', out);
	return true;
}

/* --- Uncertainties and explanations --------------------------------------- */

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

static const struct report_note *
uncertainty(const struct report_page_input *input, const char *backend)
{
	return report_find_note(input->notes, REPORT_NOTE_UNCERTAINTY, backend,
	                        BENCH_OP_CREATE, BENCH_TYPE_INT32);
}

static bool
write_uncertainties(FILE *out, const struct report_page_input *input,
                    char *why, size_t why_size)
{
	fputs("## Known uncertainties\n\n"
	      "Keep these in mind wherever 2005 and today differ (from the "
	      "project's notes on the backends):\n\n",
	      out);
	for (size_t b = 0; b < input->run->backend_count; b++) {
		const char *name = input->run->backends[b].name;
		const struct report_note *note = uncertainty(input, name);
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

/* The explanations of one operation and type: its shared note, then one
 * item per series that differs. */
static bool
write_series_notes(FILE *out, const struct report_page_input *input,
                   enum bench_op op, enum bench_type type, char *why,
                   size_t why_size)
{
	const struct report_comparison *comparison = input->comparison;
	fprintf(out, "### %s %s\n\n", bench_op_name(op), bench_type_name(type));
	const struct report_note *common = report_find_note(
		input->notes, REPORT_NOTE_OPERATION, NULL, op, type);
	if (common != NULL) {
		if (!put_note(out, input, common, NULL, "", why, why_size))
			return false;
		fputs("\n\n", out);
	}
	for (size_t s = 0; s < comparison->series_count; s++) {
		const struct report_series *series = &comparison->series[s];
		if (series->op != op || series->type != type || !series->differs)
			continue;
		char then[32], now[32];
		report_format_exponent(series->e_then, then, sizeof then);
		report_format_exponent(series->e_now, now, sizeof now);
		fprintf(out, "- **%s**: %s in 2005 (e = %s), %s today (e = %s). ",
		        series->backend, report_class_name(series->class_then),
		        then, report_class_name(series->class_now), now);
		if (!put_note(out, input, series->note, series, "  ", why,
		              why_size))
			return false;
		if (uncertainty(input, series->backend) != NULL)
			fprintf(out, " (See the [known uncertainties](#known-"
			        "uncertainties) about %s.)", series->backend);
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
	fprintf(out, "## Why the growth classes differ\n\n");
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
			bool any = false;
			for (size_t s = 0; s < comparison->series_count; s++)
				any = any ||
				      (comparison->series[s].op == (enum bench_op)o &&
				       comparison->series[s].type ==
				               (enum bench_type)t &&
				       comparison->series[s].differs);
			if (any && !write_series_notes(out, input, (enum bench_op)o,
			                               (enum bench_type)t, why,
			                               why_size))
				return false;
		}
	}
	return true;
}

/* --- The page and its finding --------------------------------------------- */

bool
report_write_2005_page(FILE *out, const struct report_page_input *input,
                       char *why, size_t why_size)
{
	const struct report_comparison *comparison = input->comparison;
	fputs("The 2005 figures are the results table of the 2005 speed test "
	      "(",
	      out);
	report_put_source(out, input->reference_source);
	fputs(", with its source in "
	      "[`results/README.md`](../results/README.md)): one shot per test "
	      "on a Pentium 4 running BeOS R5, read on a clock that counts "
	      "whole microseconds; the 2005 page itself warned that its times "
	      "\"contain timing errors\" and are \"indications and not "
	      "facts\". Today's are medians of many samples in nanoseconds on "
	      "the machine of the [results](results.md) page. So the "
	      "comparison is of ranks and of growth, never of times.\n\n",
	      out);
	if (comparison->compared_rows == 0) {
		fputs("No test of this run is in the 2005 table.\n\n", out);
		return true;
	}
	if (!write_winners(out, input))
		return bench_say(why, why_size, "out of memory");
	if (comparison->series_count == 0)
		fprintf(out, "The growth from %u to %u items needs both sizes; "
		        "this run lacks one of them.\n\n", REPORT_GROWTH_FROM,
		        REPORT_GROWTH_TO);
	else if (!write_growth(out, input))
		return bench_say(why, why_size, "out of memory");
	write_vs2005(out, input, "##");
	return write_uncertainties(out, input, why, why_size) &&
	       write_explanations(out, input, why, why_size);
}

bool
report_2005_findings(FILE *out, const struct report_page_input *input,
                     char *why, size_t why_size)
{
	(void)why;
	(void)why_size;
	const struct report_comparison *comparison = input->comparison;
	if (comparison->compared_rows == 0)
		return true;
	fputs("### Comparison with 2005\n\n", out);
	put_agreement(out, comparison);
	if (comparison->series_count > 0)
		fprintf(out, "Growth from %u to %u items: the class differs from "
		        "2005's in %zu of %zu series, each explained.\n\n",
		        REPORT_GROWTH_FROM, REPORT_GROWTH_TO,
		        comparison->differing, comparison->series_count);
	write_vs2005(out, input, "####");
	return true;
}
