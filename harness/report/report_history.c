/*
 * report_history.c - the report's page "History": every committed version
 * of the instruction baseline, read from the repository it lives in
 * (history.h, harness/README.md §5.5), a trend plot per operation and the
 * commits that moved its cells; and its finding on the summary. Where the
 * history cannot be read (no git, a shallow clone, no baseline given) the
 * page is one line saying why, and the rest of the report is written.
 *
 * A trend is, per backend, the geometric mean over the operation's tests
 * of each cell's count relative to its count in the first version, chained
 * from one version to the next over the cells both have: a test added
 * later then joins the mean without moving it.
 */
#include "report_internal.h"

#include "compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

bool
report_load_history(const char *file, struct report_history *history)
{
	memset(history, 0, sizeof *history);
	if (file == NULL) {
		snprintf(history->skipped, sizeof history->skipped,
		         "no instruction baseline was given (--instructions)");
		return true;
	}
	char why[sizeof history->skipped];
	if (!bench_history_read(file, NULL, &history->history, why,
	                        sizeof why)) {
		/* The page names the file itself: no path of this machine. */
		size_t length = strlen(file);
		bool named = strncmp(why, file, length) == 0 &&
		             strncmp(why + length, ": ", 2) == 0;
		snprintf(history->skipped, sizeof history->skipped, "%s",
		         named ? why + length + 2 : why);
		return true;
	}
	history->percent = BENCH_COMPARE_INSTRUCTIONS_PCT;
	history->minimum = BENCH_COMPARE_INSTRUCTIONS_MIN;
	if (!bench_history_series(&history->history, NULL, &history->series))
		return false;
	history->move_count = bench_history_moves(
		&history->history, &history->series, history->percent,
		history->minimum, &history->moves);
	if (history->move_count == SIZE_MAX)
		return false;
	history->present = true;
	return true;
}

void
report_history_free(struct report_history *history)
{
	free(history->moves);
	bench_history_series_free(&history->series);
	bench_history_free(&history->history);
	memset(history, 0, sizeof *history);
}

/* --- The trends ------------------------------------------------------------ */

/* The columns with a cell of `op`, in the order the series first has them,
 * the Floor last; returns how many (at most `most`). */
static size_t
trend_columns(const struct report_history *history, enum bench_op op,
              const char **columns, size_t most)
{
	size_t count = 0;
	bool floor = false;
	for (size_t c = 0; c < history->series.count; c++) {
		const struct bench_history_cell *cell = &history->series.cells[c];
		if (cell->op != op)
			continue;
		if (strcmp(cell->backend, "Floor") == 0) {
			floor = true;
			continue;
		}
		bool known = false;
		for (size_t i = 0; i < count && !known; i++)
			known = strcmp(columns[i], cell->backend) == 0;
		if (!known && count < most)
			columns[count++] = cell->backend;
	}
	if (floor && count < most)
		columns[count++] = "Floor";
	return count;
}

/* The chained index of one column of `op` in every version (NAN where it
 * has no cell), into index[0..version_count). */
static void
trend(const struct report_history *history, enum bench_op op,
      const char *column, double *index)
{
	const struct bench_history_series *series = &history->series;
	double value = NAN;
	for (size_t v = 0; v < series->version_count; v++) {
		double logs = 0;
		size_t pairs = 0, present = 0;
		for (size_t c = 0; c < series->count; c++) {
			const struct bench_history_cell *cell = &series->cells[c];
			if (cell->op != op || strcmp(cell->backend, column) != 0 ||
			    isnan(cell->figures[v]))
				continue;
			present++;
			if (v > 0 && !isnan(cell->figures[v - 1]) &&
			    cell->figures[v - 1] > 0 && cell->figures[v] > 0) {
				logs += log(cell->figures[v] / cell->figures[v - 1]);
				pairs++;
			}
		}
		if (present > 0 && isnan(value))
			value = 1.0;
		else if (pairs > 0)
			value *= exp(logs / (double)pairs);
		index[v] = present > 0 ? value : (double)NAN;
	}
}

/* Whether a cell of `op` moved within an era at version v. */
static bool
op_moved_at(const struct report_history *history, enum bench_op op,
            size_t v)
{
	for (size_t m = 0; m < history->move_count; m++) {
		const struct bench_history_move *move = &history->moves[m];
		if (move->version == v && !move->across_eras &&
		    history->series.cells[move->cell].op == op)
			return true;
	}
	return false;
}

bool
report_plan_history_plots(struct report_plots *plots,
                          const struct report_history *history)
{
	plots->history = history;
	if (!history->present)
		return true;
	for (int o = 0; o < BENCH_OP_COUNT; o++) {
		const char *columns[1];
		if (trend_columns(history, (enum bench_op)o, columns, 1) == 0)
			continue;
		struct report_plot *plot = report_add_plot(plots);
		if (plot == NULL)
			return false;
		plot->kind = REPORT_PLOT_HISTORY;
		plot->op = (enum bench_op)o;
		char op_name[32];
		report_lowercase(bench_op_name(plot->op), op_name, sizeof op_name);
		snprintf(plot->name, sizeof plot->name, "history-%s", op_name);
		snprintf(plot->title, sizeof plot->title,
		         "%s: instructions relative to the first version, per "
		         "backend", bench_op_name(plot->op));
	}
	return true;
}

#define TREND_COLUMNS_MAX 32

/* version,commit,<column>...: each column's chained index. */
void
report_history_data(FILE *out, const struct report_history *history,
                    const struct report_plot *plot)
{
	const char *columns[TREND_COLUMNS_MAX];
	size_t count = trend_columns(history, plot->op, columns,
	                             TREND_COLUMNS_MAX);
	size_t versions = history->series.version_count;
	double *index = calloc(count * versions + 1, sizeof *index);
	if (index == NULL)
		return;
	fputs("version,commit", out);
	for (size_t c = 0; c < count; c++) {
		fprintf(out, ",%s", columns[c]);
		trend(history, plot->op, columns[c], index + c * versions);
	}
	fputc('\n', out);
	for (size_t v = 0; v < versions; v++) {
		fprintf(out, "%zu,%.7s", v + 1, history->history.versions[v].commit);
		for (size_t c = 0; c < count; c++) {
			double value = index[c * versions + v];
			if (isnan(value))
				fputs(",?", out);
			else
				fprintf(out, ",%.6g", value);
		}
		fputc('\n', out);
	}
	free(index);
}

/* Tics for the ratios between lo and hi, log scale. */
static void
ratio_tics(FILE *out, double lo, double hi)
{
	static const double steps[] = {0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 0.8,
	                               0.9, 1, 1.1, 1.25, 1.5, 2, 5, 10, 20,
	                               50, 100};
	fputs("set ytics (", out);
	bool any = false;
	for (size_t s = 0; s < sizeof steps / sizeof steps[0]; s++) {
		if (steps[s] < lo || steps[s] > hi)
			continue;
		fprintf(out, "%s'%g' %g", any ? ", " : "", steps[s], steps[s]);
		any = true;
	}
	fputs(")\nset mytics 1\n", out);
}

/* The x tics: each version's commit; the marks: a dotted line where a
 * cell of the operation moved, a dashed one where an era starts. */
static void
version_marks(FILE *out, const struct report_history *history,
              const struct report_plot *plot)
{
	size_t versions = history->series.version_count;
	fputs("set xtics rotate by -45 left nomirror (", out);
	for (size_t v = 0; v < versions; v++)
		fprintf(out, "%s'%.7s' %zu", v > 0 ? ", " : "",
		        history->history.versions[v].commit, v + 1);
	fputs(")\n", out);
	for (size_t v = 1; v < versions; v++) {
		const struct bench_history_version *version =
			&history->history.versions[v];
		if (version->boundary != NULL)
			fprintf(out, "set arrow from %zu, graph 0 to %zu, graph 1 "
			        "nohead dt 2 lw 1.5 lc rgb '#D55E00'\n"
			        "set label 'new pin or toolchain' at %zu, graph 1.03 "
			        "center textcolor rgb '#D55E00'\n",
			        v + 1, v + 1, v + 1);
		else if (op_moved_at(history, plot->op, v))
			fprintf(out, "set arrow from %zu, graph 0 to %zu, graph 1 "
			        "nohead dt 3 lc rgb '#909090'\n", v + 1, v + 1);
	}
}

void
report_history_script(FILE *out, const struct report_history *history,
                      const struct report_plot *plot)
{
	const char *columns[TREND_COLUMNS_MAX];
	size_t count = trend_columns(history, plot->op, columns,
	                             TREND_COLUMNS_MAX);
	size_t versions = history->series.version_count;
	double *index = calloc(versions + 1, sizeof *index);
	double lo = 1, hi = 1;
	for (size_t c = 0; index != NULL && c < count; c++) {
		trend(history, plot->op, columns[c], index);
		for (size_t v = 0; v < versions; v++) {
			if (!isnan(index[v])) {
				lo = fmin(lo, index[v]);
				hi = fmax(hi, index[v]);
			}
		}
	}
	free(index);
	report_plot_start(out, plot, 980, 560);
	fprintf(out,
	        "set logscale y 10\n"
	        "set yrange [%g:%g]\n"
	        "set xrange [0.5:%zu.5]\n"
	        "set ylabel 'instructions / those of the first version "
	        "(log scale)'\n"
	        "set xlabel 'committed versions of the baseline, oldest first "
	        "(dotted: a cell moved; dashed: a new era)'\n"
	        "set key outside right top vertical Left reverse\n"
	        "set grid noxtics ytics\n"
	        "set tmargin 4\n"
	        "set bmargin 7\n",
	        lo / 1.15, hi * 1.15, versions);
	ratio_tics(out, lo / 1.15, hi * 1.15);
	version_marks(out, history, plot);
	fputs("plot \\\n", out);
	for (size_t c = 0; c < count; c++) {
		bool floor = strcmp(columns[c], "Floor") == 0;
		/* gnuplot's '' repeats the previous file. */
		if (c == 0)
			fprintf(out, "\t'data/%s.csv'", plot->name);
		else
			fputs(", \\\n\t''", out);
		/* Past the palette, colours repeat: the line is dashed. */
		fprintf(out,
		        " skip 1 using 1:%zu with linespoints pt %d "
		        "ps 0.9*pointscale lw 1.5 dt %zu lc rgb '%s' title '%s'",
		        c + 3, report_plot_point(c),
		        floor ? 1 : 1 + c / REPORT_PLOT_COLOURS,
		        report_plot_colour(c, floor), columns[c]);
	}
	fputc('\n', out);
}

/* --- The page -------------------------------------------------------------- */

/* What moved at one version. */
struct version_moves {
	size_t up, down, across;
	const struct bench_history_move *largest; /* within its era */
};

static struct version_moves
moves_at(const struct report_history *history, size_t v)
{
	struct version_moves found = {0};
	for (size_t m = 0; m < history->move_count; m++) {
		const struct bench_history_move *move = &history->moves[m];
		if (move->version != v)
			continue;
		if (move->across_eras) {
			found.across++;
			continue;
		}
		found.up += move->relative > 0 ? 1 : 0;
		found.down += move->relative > 0 ? 0 : 1;
		if (found.largest == NULL ||
		    fabs(move->relative) > fabs(found.largest->relative))
			found.largest = move;
	}
	return found;
}

static void
put_intro(FILE *out, const struct report_page_input *input)
{
	const struct report_history *history = input->history;
	const struct bench_history *versions = &history->history;
	fputs("Every committed version of ", out);
	report_put_source(out, input->counts_source);
	fprintf(out, ", the instruction counts CI compares each change "
	        "against, read from the history of the repository it is "
	        "committed in (`bench history`): %zu versions from %.10s to "
	        "%.10s, in %zu era%s of one glibc pin and toolchain. A move is a "
	        "change of more than %g %% and %g instructions an operation "
	        "since the version before that has the cell (bench compare's "
	        "rule). A move into a new era comes from the pin or the "
	        "toolchain, not from the code, and is counted apart.\n\n",
	        versions->count, versions->versions[0].date,
	        versions->versions[versions->count - 1].date,
	        versions->era_count, versions->era_count == 1 ? "" : "s",
	        history->percent, history->minimum);
}

/* The table of versions: what each one moved. */
static bool
put_versions(FILE *out, const struct report_history *history)
{
	const struct bench_history *versions = &history->history;
	struct report_grid grid;
	if (!report_grid_init(&grid, versions->count + 1, 7))
		return false;
	static const char *const heading[] = {"#", "commit", "date", "cells",
	                                      "moves up / down",
	                                      "largest move", "era"};
	for (size_t c = 0; c < 7; c++)
		report_grid_set(&grid, 0, c, "%s", heading[c]);
	grid.right[0] = grid.right[3] = grid.right[4] = true;
	for (size_t v = 0; v < versions->count; v++) {
		const struct bench_history_version *version = &versions->versions[v];
		struct version_moves moves = moves_at(history, v);
		size_t cells = 0;
		for (size_t c = 0; c < history->series.count; c++)
			cells += isnan(history->series.cells[c].figures[v]) ? 0 : 1;
		report_grid_set(&grid, v + 1, 0, "%zu", v + 1);
		report_grid_set(&grid, v + 1, 1, "`%.7s`", version->commit);
		report_grid_set(&grid, v + 1, 2, "%.10s", version->date);
		report_grid_set(&grid, v + 1, 3, "%zu", cells);
		report_grid_set(&grid, v + 1, 4, "%zu / %zu", moves.up, moves.down);
		if (moves.largest != NULL) {
			const struct bench_history_cell *cell =
				&history->series.cells[moves.largest->cell];
			report_grid_set(&grid, v + 1, 5, "%s/%s %+.1f %%", cell->test,
			                cell->backend,
			                moves.largest->relative * 100.0);
		} else {
			report_grid_set(&grid, v + 1, 5, "-");
		}
		if (version->boundary != NULL)
			report_grid_set(&grid, v + 1, 6, "new: %zu cells moved",
			                moves.across);
		else
			report_grid_set(&grid, v + 1, 6, "%zu", version->era + 1);
	}
	return report_grid_put(out, &grid, true);
}

/* Each version's subject, and what started a new era. */
static void
put_subjects(FILE *out, const struct report_history *history)
{
	fputs("\nThe commits, by the number of the table:\n\n", out);
	const struct bench_history *versions = &history->history;
	for (size_t v = 0; v < versions->count; v++) {
		const struct bench_history_version *version = &versions->versions[v];
		fprintf(out, "%zu. `%.7s` ", v + 1, version->commit);
		report_put_cell(out, version->subject);
		if (version->boundary != NULL)
			fprintf(out, " (a new era: %s)", version->boundary);
		fputc('\n', out);
	}
}

bool
report_write_history_page(FILE *out, const struct report_page_input *input,
                          char *why, size_t why_size)
{
	const struct report_history *history = input->history;
	if (!history->present) {
		fputs("The history of ", out);
		if (input->counts_source[0] != '\0')
			report_put_source(out, input->counts_source);
		else
			fputs("the instruction baseline", out);
		fprintf(out, " was not read: %s.\n", history->skipped);
		return true;
	}
	put_intro(out, input);
	fputs("## The versions\n\n", out);
	if (!put_versions(out, history))
		return bench_say(why, why_size, "out of memory");
	put_subjects(out, history);
	fputs("\n## Trends\n\nOne plot per operation, one line per backend: "
	      "the geometric mean, over the operation's tests, of each cell's "
	      "instructions relative to its first version, chained from each "
	      "version to the next over the cells both have (a test or backend "
	      "added later joins without moving the line). The x axis names "
	      "each version by its commit; a dotted line marks a commit that "
	      "moved a cell of the operation, a dashed one a new era.\n",
	      out);
	for (size_t p = 0; p < input->plots->count; p++) {
		const struct report_plot *plot = &input->plots->plots[p];
		if (plot->kind != REPORT_PLOT_HISTORY)
			continue;
		fprintf(out, "\n### %s\n\n", bench_op_name(plot->op));
		report_put_image(out, plot);
	}
	return true;
}

/* The page shows the baseline's committed versions, not the reported run
 * (when it could read them). */
bool
report_history_runs(FILE *out, const struct report_page_input *input,
                    char *why, size_t why_size)
{
	(void)why;
	(void)why_size;
	if (input->history->present)
		fputs(" It shows the committed versions of the instruction "
		      "baseline, each named by its commit, not this run.", out);
	return true;
}

bool
report_history_findings(FILE *out, const struct report_page_input *input,
                        char *why, size_t why_size)
{
	(void)why;
	(void)why_size;
	const struct report_history *history = input->history;
	fputs("### History\n\n", out);
	if (!history->present) {
		fprintf(out, "The history of the instruction baseline was not "
		        "read: %s.\n\n", history->skipped);
		return true;
	}
	size_t moving = 0, within = 0;
	for (size_t v = 1; v < history->history.count; v++) {
		struct version_moves moves = moves_at(history, v);
		moving += moves.up + moves.down > 0 ? 1 : 0;
		within += moves.up + moves.down;
	}
	fprintf(out, "The instruction baseline has %zu committed versions; %zu "
	        "of the commits that made them moved cells within an era (%zu "
	        "moves in all), and %zu started a new era of glibc pin or "
	        "toolchain. Each operation's trend per backend is on the page.\n\n",
	        history->history.count, moving, within,
	        history->history.era_count - 1);
	return true;
}
