/*
 * report_plots.c - the plots of the report: which ones the run allows,
 * their data as CSV (report/data/<name>.csv), one gnuplot script that
 * draws them all (report/plots.gp, run from report/), and running gnuplot
 * to write report/plots/<name>.svg.
 *
 * The script is generated, so that a sixth backend or an extra size
 * appears with no edit, and committed with the page, so that anyone can
 * redraw the plots with `gnuplot plots.gp` (or `gnuplot -e
 * "format='png'" plots.gp` for PNG) without the generator.
 */
#include "report_internal.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* Colours and point shapes by place (look_of): the Okabe-Ito palette,
 * which stays distinguishable with the common colour-vision deficiencies;
 * the shapes, filled but the last two, tell the lines apart in grey too. */
static const char *const palette[] = {
	"#000000", "#E69F00", "#0072B2", "#009E73", "#D55E00", "#56B4E9",
	"#CC79A7", "#8C6D31",
};
static const int point_types[] = {7, 5, 9, 11, 13, 15, 3, 1};
#define PALETTE_SIZE (sizeof palette / sizeof palette[0])
_Static_assert(PALETTE_SIZE == REPORT_PLOT_COLOURS,
               "REPORT_PLOT_COLOURS counts the palette");
#define FLOOR_COLOUR "#7F7F7F"

/* What the N of a series counts, by the layout of its message. */
static const char *
items_label(enum bench_op op)
{
	switch (bench_operation(op)->layout) {
	case BENCH_LAYOUT_LOOKUP_FIELDS:
		return "N: fields in the message (log scale)";
	case BENCH_LAYOUT_FIELD_PER_ITEM:
		return "N: fields of one item each (log scale)";
	case BENCH_LAYOUT_ONE_FIELD:
	case BENCH_LAYOUT_SHAPE:   /* named messages have bar charts */
	case BENCH_LAYOUT_STORED:
		break;
	}
	return "N: items in the field (log scale)";
}

/* Whether a series has a Floor column. */
static bool
op_has_floor(enum bench_op op)
{
	return bench_operation(op)->floor != BENCH_FLOOR_NONE;
}

void
report_lowercase(const char *in, char *out, size_t out_size)
{
	size_t i = 0;
	for (; in[i] != '\0' && i + 1 < out_size; i++) {
		char c = in[i];
		out[i] = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
	}
	if (out_size > 0)
		out[i] = '\0';
}

/* --- The plan ------------------------------------------------------------- */

static bool
op_type_present(const struct bench_run_file *run, enum bench_op op,
                enum bench_type type)
{
	for (size_t r = 0; r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		if (row->op == op &&
		    row->workload.kind == BENCH_WORKLOAD_MATRIX &&
		    row->workload.type == type)
			return true;
	}
	return false;
}

bool
report_plan_plots(const struct bench_run_file *run,
                  const struct report_comparison *comparison,
                  struct report_plots *plots)
{
	memset(plots, 0, sizeof *plots);
	size_t most = (size_t)BENCH_OP_COUNT * (BENCH_TYPE_COUNT + 1) +
	              run->size_count + 1;
	plots->plots = calloc(most, sizeof *plots->plots);
	if (plots->plots == NULL)
		return false;
	for (int o = 0; o < BENCH_OP_COUNT; o++) {
		for (int t = 0; t < BENCH_TYPE_COUNT; t++) {
			enum bench_op op = (enum bench_op)o;
			enum bench_type type = (enum bench_type)t;
			if (!op_type_present(run, op, type))
				continue;
			struct report_plot *plot = &plots->plots[plots->count++];
			plot->kind = REPORT_PLOT_SCALING;
			plot->op = op;
			plot->type = type;
			char op_name[32], type_name[16];
			report_lowercase(bench_op_name(op), op_name,
			                 sizeof op_name);
			report_lowercase(bench_type_name(type), type_name,
			                 sizeof type_name);
			snprintf(plot->name, sizeof plot->name, "scaling-%s-%s",
			         op_name, type_name);
			snprintf(plot->title, sizeof plot->title, "%s %s: %s",
			         bench_op_name(op), bench_type_name(type),
			         bench_operation(op)->what);
		}
	}
	for (size_t s = 0; s < run->size_count; s++) {
		struct report_plot *plot = &plots->plots[plots->count++];
		plot->kind = REPORT_PLOT_RELATIVE;
		plot->items = run->sizes[s];
		snprintf(plot->name, sizeof plot->name, "relative-%zu",
		         run->sizes[s]);
		snprintf(plot->title, sizeof plot->title,
		         "%zu items: each backend's time relative to the "
		         "fastest, per test", run->sizes[s]);
	}
	for (int o = 0; o < BENCH_OP_COUNT; o++) {
		bool present = false;
		for (size_t r = 0; r < run->row_count && !present; r++)
			present = run->rows[r].op == (enum bench_op)o &&
			          report_row_is_real(&run->rows[r]);
		if (!present)
			continue;
		struct report_plot *plot = &plots->plots[plots->count++];
		plot->kind = REPORT_PLOT_REAL;
		plot->op = (enum bench_op)o;
		char op_name[32];
		report_lowercase(bench_op_name(plot->op), op_name, sizeof op_name);
		snprintf(plot->name, sizeof plot->name, "real-%s", op_name);
		snprintf(plot->title, sizeof plot->title,
		         "%s: each backend's time relative to the fastest, per "
		         "message", bench_op_name(plot->op));
	}
	if (comparison->base != NULL && comparison->compared_rows > 0) {
		struct report_plot *plot = &plots->plots[plots->count++];
		plot->kind = REPORT_PLOT_VS2005;
		snprintf(plot->name, sizeof plot->name, "vs2005");
		snprintf(plot->title, sizeof plot->title,
		         "2005 against today: time relative to %s on the same "
		         "test", comparison->base);
	}
	return true;
}

struct report_plot *
report_add_plot(struct report_plots *plots)
{
	struct report_plot *grown =
		realloc(plots->plots, (plots->count + 1) * sizeof *plots->plots);
	if (grown == NULL)
		return NULL;
	plots->plots = grown;
	struct report_plot *plot = &plots->plots[plots->count++];
	memset(plot, 0, sizeof *plot);
	return plot;
}

const struct report_plot *
report_find_plot(const struct report_plots *plots, enum report_plot_kind kind)
{
	for (size_t p = 0; p < plots->count; p++) {
		if (plots->plots[p].kind == kind)
			return &plots->plots[p];
	}
	return NULL;
}

void
report_plots_free(struct report_plots *plots)
{
	free(plots->plots);
	memset(plots, 0, sizeof *plots);
}

/* --- Data files ----------------------------------------------------------- */

/*
 * Every time in the data comes with the spread of its samples: the cell's
 * MAD (harness/README.md §4.1), in a column "<backend> MAD" after the
 * backend's, divided by what the time is divided by. The plots draw it as
 * error bars.
 */

static void
put_value(FILE *out, bool known, double value)
{
	if (known)
		fprintf(out, ",%.6g", value);
	else
		fputs(",?", out);
}

/* A cell's median and MAD over `scale` (1 for times); "?" without a
 * figure. */
static void
put_spread(FILE *out, const struct bench_file_cell *cell, double scale)
{
	bool known = scale > 0 && bench_file_cell_has_figure(cell);
	put_value(out, known, cell->median / scale);
	put_value(out, known, cell->mad / scale);
}

/* The header: `first`, then "<backend>,<backend> MAD" for each backend
 * and the Floor when asked. */
static void
spread_header(FILE *out, const struct bench_run_file *run, const char *first,
              bool floor)
{
	fputs(first, out);
	for (size_t b = 0; b < run->backend_count; b++)
		fprintf(out, ",%s,%s MAD", run->backends[b].name,
		        run->backends[b].name);
	fputs(floor ? ",Floor,Floor MAD\n" : "\n", out);
}

/* items,<backend>,<backend> MAD,...,Floor,Floor MAD (no Floor for
 * Lookup) */
static void
scaling_data(FILE *out, const struct bench_run_file *run,
             const struct report_plot *plot)
{
	bool floor = op_has_floor(plot->op);
	spread_header(out, run, "items", floor);
	for (size_t s = 0; s < run->size_count; s++) {
		const struct bench_file_row *row = bench_run_file_row(
			run, plot->op, plot->type, run->sizes[s]);
		if (row == NULL)
			continue;
		fprintf(out, "%zu", row->workload.items);
		for (size_t b = 0; b < run->backend_count; b++)
			put_spread(out, &row->cells[b], 1);
		if (floor)
			put_spread(out, &row->floor, 1);
		fputc('\n', out);
	}
}

/* The smallest usable median of a row, or 0. */
static double
fastest(const struct bench_run_file *run, const struct bench_file_row *row)
{
	double best = 0;
	for (size_t b = 0; b < run->backend_count; b++) {
		if (bench_file_cell_has_figure(&row->cells[b]) &&
		    (best == 0 || row->cells[b].median < best))
			best = row->cells[b].median;
	}
	return best;
}

/*
 * The rows of a bar chart, in its order, into rows[] (room for every row
 * of the run): a size's matrix rows by operation and type, or a real
 * operation's rows as the run has them. Returns how many.
 */
static size_t
bar_rows(const struct bench_run_file *run, const struct report_plot *plot,
         const struct bench_file_row **rows)
{
	size_t count = 0;
	if (plot->kind == REPORT_PLOT_REAL) {
		for (size_t r = 0; r < run->row_count; r++) {
			const struct bench_file_row *row = &run->rows[r];
			if (row->op == plot->op && report_row_is_real(row))
				rows[count++] = row;
		}
		return count;
	}
	for (int o = 0; o < BENCH_OP_COUNT; o++) {
		for (int t = 0; t < BENCH_TYPE_COUNT; t++) {
			const struct bench_file_row *row = bench_run_file_row(
				run, (enum bench_op)o, (enum bench_type)t,
				plot->items);
			if (row != NULL)
				rows[count++] = row;
		}
	}
	return count;
}

/* A bar chart's label of a row: "Read String", or the message. */
static void
bar_label(const struct bench_file_row *row, char *out, size_t out_size)
{
	if (report_row_is_real(row))
		snprintf(out, out_size, "%s", row->workload.message);
	else
		snprintf(out, out_size, "%s %s", bench_op_name(row->op),
		         bench_type_name(row->workload.type));
}

/* test,<backend>,<backend> MAD,... (message,... for a real operation):
 * each backend's median and MAD over the row's fastest median. */
static bool
bars_data(FILE *out, const struct bench_run_file *run,
          const struct report_plot *plot)
{
	const struct bench_file_row **rows =
		calloc(run->row_count + 1, sizeof *rows);
	if (rows == NULL)
		return false;
	size_t count = bar_rows(run, plot, rows);
	spread_header(out, run,
	              plot->kind == REPORT_PLOT_REAL ? "message" : "test",
	              false);
	for (size_t r = 0; r < count; r++) {
		char label[REPORT_NAME_MAX];
		bar_label(rows[r], label, sizeof label);
		double best = fastest(run, rows[r]);
		fputs(label, out);
		for (size_t b = 0; b < run->backend_count; b++)
			put_spread(out, &rows[r]->cells[b], best);
		fputc('\n', out);
	}
	free(rows);
	return true;
}

bool
report_relative_to_base(const struct bench_run_file *run,
                        const struct report_reference *reference,
                        const char *base, const struct bench_file_row *row,
                        size_t column, double *then, double *now)
{
	const struct report_reference_row *old = report_reference_row(
		reference, row->op, row->workload.type, row->workload.items);
	size_t base_now = bench_run_file_backend(run, base);
	size_t base_then = report_reference_backend(reference, base);
	size_t column_then =
		report_reference_backend(reference, run->backends[column].name);
	if (old == NULL || base_now == SIZE_MAX || base_then == SIZE_MAX ||
	    column_then == SIZE_MAX || !bench_file_cell_has_figure(&row->cells[column]) ||
	    !bench_file_cell_has_figure(&row->cells[base_now]))
		return false;
	*then = old->times[column_then] / old->times[base_then];
	*now = row->cells[column].median / row->cells[base_now].median;
	return true;
}

/* The backends the 2005 plot shows: those 2005 has, but the base. */
static bool
in_vs2005(const struct bench_run_file *run,
          const struct report_reference *reference, const char *base,
          size_t column)
{
	const char *name = run->backends[column].name;
	return strcmp(name, base) != 0 &&
	       report_reference_backend(reference, name) != SIZE_MAX;
}

/* test,<backend> 2005,<backend> today,<backend> today MAD,...: today's
 * MAD over the base's median, as the time is. 2005's figures are one shot
 * each, without a spread. */
static void
vs2005_data(FILE *out, const struct bench_run_file *run,
            const struct report_reference *reference, const char *base)
{
	fputs("test", out);
	for (size_t b = 0; b < run->backend_count; b++) {
		const char *name = run->backends[b].name;
		if (in_vs2005(run, reference, base, b))
			fprintf(out, ",%s 2005,%s today,%s today MAD", name, name,
			        name);
	}
	fputc('\n', out);
	size_t base_now = bench_run_file_backend(run, base);
	for (size_t r = 0; r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		if (report_reference_row_of(reference, row) == NULL)
			continue;
		fputs(row->test, out);
		for (size_t b = 0; b < run->backend_count; b++) {
			if (!in_vs2005(run, reference, base, b))
				continue;
			double then = 0, now = 0;
			bool known = report_relative_to_base(
				run, reference, base, row, b, &then, &now);
			put_value(out, known, then);
			put_value(out, known, now);
			put_value(out, known,
			          known ? row->cells[b].mad /
			                          row->cells[base_now].median
			                : 0);
		}
		fputc('\n', out);
	}
}

/* --- The gnuplot script --------------------------------------------------- */

/* Tics at every power of ten from lo to hi, labelled with a unit that
 * fits ("100 ns", "10 µs", "1 ms", "1 s"). */
static void
time_tics(FILE *out, double lo, double hi)
{
	static const struct {
		double scale;
		const char *unit;
	} units[] = {{1e9, "s"}, {1e6, "ms"}, {1e3, "µs"}, {1, "ns"}};
	int first = (int)floor(log10(lo));
	int last = (int)ceil(log10(hi));
	fputs("set ytics (", out);
	for (int power = first; power <= last; power++) {
		double value = pow(10, power);
		size_t u = 0;
		while (u + 1 < sizeof units / sizeof units[0] &&
		       value < units[u].scale)
			u++;
		fprintf(out, "%s'%g %s' %g", power == first ? "" : ", ",
		        value / units[u].scale, units[u].unit, value);
	}
	fputs(")\nset mytics 10\n", out);
}

/* Tics for ratios: 0.01, 0.1, 1, 10, 100 ..., or with fine set
 * 1, 2, 5, 10, 20, 50 ... */
static void
ratio_tics(FILE *out, const char *axis, double lo, double hi, bool fine)
{
	static const double steps[] = {1, 2, 5};
	int first = (int)floor(log10(lo));
	int last = (int)ceil(log10(hi));
	fprintf(out, "set %stics (", axis);
	bool any = false;
	for (int power = first; power <= last; power++) {
		for (size_t s = 0; s < (fine ? 3u : 1u); s++) {
			double value = steps[s] * pow(10, power);
			if (fine && (value < lo || value > hi))
				continue;
			fprintf(out, "%s'%g' %g", any ? ", " : "", value, value);
			any = true;
		}
	}
	fprintf(out, ")\nset m%stics %d\n", axis, fine ? 1 : 10);
}

/* --- How each backend looks ----------------------------------------------- */

/* The backend whose look `column` takes: its re-creation for an original
 * whose re-creation is in the run, else itself. */
static size_t
drawn_like(const struct bench_run_file *run, size_t column)
{
	const struct bench_file_backend *backend = &run->backends[column];
	if (backend->kind != BM_KIND_ORIGINAL || backend->counterpart == NULL)
		return column;
	size_t re = bench_run_file_backend(run, backend->counterpart);
	return re != SIZE_MAX && run->backends[re].kind != BM_KIND_ORIGINAL
	               ? re
	               : column;
}

/* A backend's colour and point shape, by its place among the backends
 * that have a look of their own. An original takes its re-creation's
 * colour, drawn open, dotted or hatched, so that the two read as one design
 * and no two backends look alike. */
struct look {
	const char *colour;
	int point;
	bool twin;                /* drawn like its re-creation */
};

static struct look
look_of(const struct bench_run_file *run, size_t column)
{
	size_t at = drawn_like(run, column), place = 0;
	for (size_t b = 0; b < at; b++)
		place += drawn_like(run, b) == b;
	int point = point_types[place % PALETTE_SIZE];
	/* The filled shapes are odd; the open one of each is one less. */
	if (at != column && point % 2 == 1)
		point--;
	return (struct look){palette[place % PALETTE_SIZE], point, at != column};
}

/* --- The text around a plot ------------------------------------------------ */

/*
 * What a plot says besides its data: its title in two lines (split at its
 * first ": "), and a footnote: what the points or bars and their error
 * bars are, then the run's machine, date and commit. check_text measures
 * every line.
 */
#define FOOTNOTE_LINES 4
#define FOOTNOTE_TEXT 160

struct plot_text {
	char footnote[FOOTNOTE_LINES][FOOTNOTE_TEXT];
	size_t lines;
};

static void add_footnote(struct plot_text *text, const char *format, ...)
	BENCH_PRINTF(2, 3);

static void
add_footnote(struct plot_text *text, const char *format, ...)
{
	if (text->lines == FOOTNOTE_LINES)
		return;
	va_list arguments;
	va_start(arguments, format);
	vsnprintf(text->footnote[text->lines++], FOOTNOTE_TEXT, format,
	          arguments);
	va_end(arguments);
}

/* The run's lines of a footnote. A commit is shortened to 12 hex digits
 * (and its "-dirty"), a CPU's name to what a line holds. */
static void
add_run_footnotes(struct plot_text *text, const struct bench_run_file *run)
{
	const char *commit = run->git_commit;
	size_t hex = strspn(commit, "0123456789abcdef");
	char short_commit[64];
	if (hex >= 40)
		snprintf(short_commit, sizeof short_commit, "%.12s%.20s",
		         commit, commit + 40);
	else
		snprintf(short_commit, sizeof short_commit, "%.40s", commit);
	add_footnote(text, "Machine: %.56s%s (%lld cores)", run->cpu,
	             strlen(run->cpu) > 56 ? "..." : "", run->cores);
	add_footnote(text, "Run: %.40s, commit %s", run->date, short_commit);
}

/* The lines from the bottom of the canvas to the top of the footnote. */
static double
footnote_height(const struct plot_text *text)
{
	return 0.6 + 1.15 * (double)text->lines;
}

/* Text inside a gnuplot string in double quotes: '"' and '\' escaped,
 * control characters as spaces. */
static void
put_gnuplot_text(FILE *out, const char *text, size_t length)
{
	for (size_t i = 0; i < length && text[i] != '\0'; i++) {
		unsigned char c = (unsigned char)text[i];
		if (c == '"' || c == '\\')
			fputc('\\', out);
		fputc(c < 0x20 ? ' ' : text[i], out);
	}
}

/* The length of a title's first line: up to its first ": ". */
static size_t
title_split(const char *title)
{
	const char *colon = strstr(title, ": ");
	return colon != NULL ? (size_t)(colon - title) : strlen(title);
}

/* What every plot starts with: a clean state, the terminal for the
 * format asked, the CSV settings, the title and the footnote. */
static void
plot_header(FILE *out, const struct report_plot *plot,
            const struct plot_text *text, int width, int height)
{
	fprintf(out,
	        "\n# --- %s: %s\n"
	        "reset\n"
	        "if (format eq 'png') {\n"
	        "\tset terminal pngcairo size %d,%d noenhanced font "
	        "'Arial,11' linewidth 1.2 background rgb 'white'\n"
	        "} else {\n"
	        "\tset terminal svg size %d,%d noenhanced font 'Arial,13' "
	        "linewidth 1.2 background rgb 'white'\n"
	        "}\n"
	        "set output 'plots/%s.'.format\n"
	        "set datafile separator ','\n"
	        "set datafile missing '?'\n"
	        "set grid lc rgb '#d8d8d8' lw 1\n"
	        "set title \"",
	        plot->name, plot->title, width, height, width, height,
	        plot->name);
	size_t first = title_split(plot->title);
	put_gnuplot_text(out, plot->title, first);
	if (plot->title[first] != '\0') {
		fputs("\\n", out);
		put_gnuplot_text(out, plot->title + first + 2, SIZE_MAX);
	}
	fputs("\"\n", out);
	for (size_t i = 0; i < text->lines; i++) {
		fprintf(out, "set label %zu \"", 100 + i);
		put_gnuplot_text(out, text->footnote[i], SIZE_MAX);
		fprintf(out, "\" at character 1, character %.2f left "
		        "textcolor rgb '#505050'\n",
		        0.6 + 1.15 * (double)(text->lines - 1 - i));
	}
}

/* The characters of UTF-8 text[0..length): its bytes but continuation
 * bytes. */
static size_t
characters(const char *text, size_t length)
{
	size_t count = 0;
	for (size_t i = 0; i < length && text[i] != '\0'; i++)
		count += ((unsigned char)text[i] & 0xC0) != 0x80;
	return count;
}

/* One check of check_text: a gnuplot condition, and what it is about. */
static void
put_check(FILE *out, const struct report_plot *plot, const char *condition,
          const char *what, size_t what_length)
{
	fprintf(out, "if (!%s) {\n\tprint \"plots.gp: %s: ", condition,
	        plot->name);
	put_gnuplot_text(out, what, what_length);
	fputs(" would be cut off\"\n\texit status 3\n}\n", out);
}

/* A line of the title or the footnote fits the width. */
static void
check_line(FILE *out, const struct report_plot *plot, const char *text,
           size_t length)
{
	char condition[64], what[FOOTNOTE_TEXT + 16];
	snprintf(condition, sizeof condition, "line_fits(%zu)",
	         characters(text, length));
	int n = snprintf(what, sizeof what, "the line '%.*s'", (int)length,
	                 text);
	put_check(out, plot, condition, what, n > 0 ? (size_t)n : 0);
}

/*
 * After a plot: stops gnuplot, naming the plot and the text, when a line of
 * its title or footnote is wider than the canvas, or when one of its x
 * labels (rotated, labels[i] at the i-th tic; none but on the bar
 * charts) would leave the canvas or run into the footnote. Widths are
 * gnuplot's own estimates (line_fits and label_fits in the prologue,
 * script_prologue).
 */
static void
check_text(FILE *out, const struct report_plot *plot,
           const struct plot_text *text,
           const char (*labels)[REPORT_NAME_MAX], size_t label_count)
{
	size_t first = title_split(plot->title);
	check_line(out, plot, plot->title, first);
	if (plot->title[first] != '\0')
		check_line(out, plot, plot->title + first + 2, SIZE_MAX);
	for (size_t i = 0; i < text->lines; i++)
		check_line(out, plot, text->footnote[i], SIZE_MAX);
	for (size_t i = 0; i < label_count; i++) {
		char condition[96], what[REPORT_NAME_MAX + 16];
		snprintf(condition, sizeof condition, "label_fits(%zu, %zu, %.2f)",
		         i, characters(labels[i], SIZE_MAX),
		         footnote_height(text));
		int n = snprintf(what, sizeof what, "the x label '%s'",
		                 labels[i]);
		put_check(out, plot, condition, what, n > 0 ? (size_t)n : 0);
	}
}

/* The smallest and largest value of a set of cells, for ranges and
 * tics. */
struct range {
	double lo, hi;
};

static void
widen(struct range *range, double value)
{
	if (!(value > 0) || !isfinite(value))
		return;
	if (range->lo == 0 || value < range->lo)
		range->lo = value;
	if (value > range->hi)
		range->hi = value;
}

/* --- Time against items --------------------------------------------------- */

/* What the rows of a scaling plot hold: the range of their times, the
 * first and last sizes, and which columns have a figure. */
struct scaling_extent {
	struct range times;
	size_t first, last;
	bool has_column[64];
	bool floor_has_values;
};
static void
scaling_extent(const struct bench_run_file *run,
               const struct report_plot *plot, struct scaling_extent *extent)
{
	memset(extent, 0, sizeof *extent);
	extent->first = SIZE_MAX;
	for (size_t s = 0; s < run->size_count; s++) {
		const struct bench_file_row *row = bench_run_file_row(
			run, plot->op, plot->type, run->sizes[s]);
		if (row == NULL)
			continue;
		if (extent->first == SIZE_MAX)
			extent->first = row->workload.items;
		extent->last = row->workload.items;
		for (size_t b = 0; b < run->backend_count; b++) {
			if (!bench_file_cell_has_figure(&row->cells[b]))
				continue;
			widen(&extent->times, row->cells[b].median);
			if (b < 64)
				extent->has_column[b] = true;
		}
		if (op_has_floor(plot->op) &&
		    bench_file_cell_has_figure(&row->floor)) {
			widen(&extent->times, row->floor.median);
			extent->floor_has_values = true;
		}
	}
}

/* One curve of a scaling plot: the medians in column `column` of the data
 * (1 the first after the items), each with an error bar of ± its MAD, the
 * column after. */
static void
put_curve(FILE *out, const struct report_plot *plot, size_t column,
          const char *style, const char *title, bool first_curve)
{
	size_t median = 2 * column, mad = median + 1;
	fprintf(out,
	        "%s\t'data/%s.csv' skip 1 using 1:%zu:(low($%zu, $%zu)):"
	        "($%zu + $%zu) with yerrorlines %s title '%s'",
	        first_curve ? "" : ", \\\n", plot->name, median, median, mad,
	        median, mad, style, title);
}

/* The plot command: a line per backend with figures, an original's dotted
 * with open points, the Floor dashed. */
static void
scaling_curves(FILE *out, const struct bench_run_file *run,
               const struct report_plot *plot,
               const struct scaling_extent *extent)
{
	fputs("plot \\\n", out);
	bool first_curve = true;
	char style[128];
	for (size_t b = 0; b < run->backend_count; b++) {
		if (b >= 64 || !extent->has_column[b])
			continue;
		struct look look = look_of(run, b);
		snprintf(style, sizeof style,
		         "lw %s dt %d pt %d ps 1.1*pointscale lc rgb '%s'",
		         look.twin ? "1.5" : "2", look.twin ? 3 : 1, look.point,
		         look.colour);
		put_curve(out, plot, b + 1, style, run->backends[b].name,
		          first_curve);
		first_curve = false;
	}
	if (op_has_floor(plot->op) && extent->floor_has_values) {
		snprintf(style, sizeof style,
		         "lw 2 dt 2 pt 1 ps 1.1*pointscale lc rgb '%s'",
		         FLOOR_COLOUR);
		put_curve(out, plot, run->backend_count + 1, style,
		          "Floor (memcpy)", first_curve);
		first_curve = false;
	}
	if (first_curve)
		fputs("\tNaN notitle", out);
	fputc('\n', out);
}

static void
scaling_script(FILE *out, const struct bench_run_file *run,
               const struct report_plot *plot)
{
	struct scaling_extent extent;
	scaling_extent(run, plot, &extent);
	struct plot_text text = {0};
	add_footnote(&text, "Points: the median of each cell's %lld samples; "
	             "error bars: ± their MAD.", run->repetitions);
	add_run_footnotes(&text, run);
	plot_header(out, plot, &text, 760, 560);
	fprintf(out,
	        "set logscale xy 10\n"
	        "set xlabel '%s'\n"
	        "set ylabel '%s (log scale)'\n"
	        "set key outside right center box lc rgb '#b0b0b0'\n"
	        "set bmargin %.2f\n",
	        items_label(plot->op),
	        bench_operation(plot->op)->layout == BENCH_LAYOUT_LOOKUP_FIELDS
	                ? "time per lookup"
	                : "time per operation",
	        3.4 + footnote_height(&text));
	fputs("set xtics (", out);
	bool any = false;
	for (size_t s = 0; s < run->size_count; s++) {
		if (bench_run_file_row(run, plot->op, plot->type, run->sizes[s]) ==
		    NULL)
			continue;
		fprintf(out, "%s'%zu' %zu", any ? ", " : "", run->sizes[s],
		        run->sizes[s]);
		any = true;
	}
	fputs(")\nunset mxtics\n", out);
	if (extent.first != SIZE_MAX)
		fprintf(out, "set xrange [%g:%g]\n", (double)extent.first / 1.6,
		        (double)extent.last * 1.6);
	if (extent.times.hi > 0) {
		fprintf(out, "set yrange [%g:%g]\n", extent.times.lo / 1.6,
		        extent.times.hi * 1.6);
		time_tics(out, extent.times.lo / 1.6, extent.times.hi * 1.6);
	}
	scaling_curves(out, run, plot, &extent);
	check_text(out, plot, &text, NULL, 0);
}

/* --- Bar charts: each backend against the fastest ------------------------ */

/* What a bar chart holds: its rows, each row's label, and the range of
 * their ratios. */
struct bars {
	const struct bench_file_row **rows;
	char (*labels)[REPORT_NAME_MAX];
	size_t count;
	size_t longest;
	struct range ratios;
};

static bool
bars_of(const struct bench_run_file *run, const struct report_plot *plot,
        struct bars *bars)
{
	memset(bars, 0, sizeof *bars);
	bars->rows = calloc(run->row_count + 1, sizeof *bars->rows);
	bars->labels = calloc(run->row_count + 1, sizeof *bars->labels);
	if (bars->rows == NULL || bars->labels == NULL)
		return false;
	bars->count = bar_rows(run, plot, bars->rows);
	for (size_t r = 0; r < bars->count; r++) {
		bar_label(bars->rows[r], bars->labels[r], REPORT_NAME_MAX);
		size_t length = characters(bars->labels[r], SIZE_MAX);
		if (length > bars->longest)
			bars->longest = length;
		double best = fastest(run, bars->rows[r]);
		for (size_t b = 0; b < run->backend_count && best > 0; b++) {
			if (bench_file_cell_has_figure(&bars->rows[r]->cells[b]))
				widen(&bars->ratios,
				      bars->rows[r]->cells[b].median / best);
		}
	}
	return true;
}

static void
bars_free(struct bars *bars)
{
	free(bars->rows);
	free(bars->labels);
}

/*
 * The margins of a bar chart, in characters and lines: the x labels,
 * rotated by 30 degrees to end at their tics, reach left of the first tics
 * (the left margin holds the farthest, less the clusters before it, which
 * are each about (backends + 1) * 12 pixels wide, over 9.5 pixels a
 * character) and down by half their length, where gnuplot takes a
 * character to be 0.47 (svg) or 0.53 (pngcairo) times as wide as a line
 * is high; below them, the footnote. check_text verifies with gnuplot's own measures.
 */
static void
bars_margins(const struct bench_run_file *run, const struct bars *bars,
             double footnote, double *left, double *bottom)
{
	double cluster = (double)(run->backend_count + 1) * 12 / 9.5;
	*left = 10;
	for (size_t r = 0; r < bars->count; r++) {
		double reach =
			(double)characters(bars->labels[r], SIZE_MAX) * 0.87 + 2 -
			(double)r * cluster;
		if (reach > *left)
			*left = reach;
	}
	*left = ceil(*left);
	*bottom = 2.3 + (double)bars->longest * 0.5 * 0.53 + footnote;
}

/* The plot command: a cluster of bars per row, a bar per backend with its
 * error bar; an original's hatched in its re-creation's colour. */
static void
bars_plot(FILE *out, const struct bench_run_file *run,
          const struct report_plot *plot)
{
	fputs("plot \\\n", out);
	for (size_t b = 0; b < run->backend_count; b++) {
		size_t median = 2 * b + 2, mad = median + 1;
		/* gnuplot's '' repeats the previous file. */
		if (b == 0)
			fprintf(out, "\t'data/%s.csv' skip 1 using %zu:"
			        "(low($%zu, $%zu)):($%zu + $%zu):xtic(1)",
			        plot->name, median, median, mad, median, mad);
		else
			fprintf(out, ", \\\n\t'' skip 1 using %zu:(low($%zu, "
			        "$%zu)):($%zu + $%zu)",
			        median, median, mad, median, mad);
		struct look look = look_of(run, b);
		fprintf(out, " lc rgb '%s'%s title '%s'", look.colour,
		        look.twin ? " fs pattern 4 border rgb '#404040'" : "",
		        run->backends[b].name);
	}
	fputc('\n', out);
}

static bool
bars_script(FILE *out, const struct bench_run_file *run,
            const struct report_plot *plot)
{
	struct bars bars;
	if (!bars_of(run, plot, &bars)) {
		bars_free(&bars);
		return false;
	}
	const char *what = plot->kind == REPORT_PLOT_REAL ? "message" : "test";
	struct plot_text text = {0};
	add_footnote(&text, "Bars: each backend's median over the fastest "
	             "median on the same %s.", what);
	add_footnote(&text, "Error bars: ± the MAD of its %lld samples, over "
	             "the same median.", run->repetitions);
	add_run_footnotes(&text, run);
	double left, bottom;
	bars_margins(run, &bars, footnote_height(&text), &left, &bottom);
	int width = 220 + (int)(bars.count * (run->backend_count + 1) * 12);
	if (width < 760)
		width = 760;
	plot_header(out, plot, &text, width, 420 + (int)(bottom * 20));
	double top = bars.ratios.hi > 1 ? bars.ratios.hi * 2 : 2;
	fprintf(out,
	        "set style data histograms\n"
	        "set style histogram errorbars gap 1 lw 1\n"
	        "set style fill solid 0.9 border rgb '#404040'\n"
	        "set logscale y 10\n"
	        "set yrange [0.7:%g]\n"
	        "set ylabel 'time / time of the fastest backend (log scale)'\n"
	        "set xtics rotate by 30 right nomirror\n"
	        "set grid noxtics ytics\n"
	        "set key outside top center horizontal reverse Left\n"
	        "set lmargin %.0f\n"
	        "set bmargin %.2f\n"
	        "set rmargin 4\n",
	        top, left, bottom);
	ratio_tics(out, "y", 1, top, true);
	bars_plot(out, run, plot);
	check_text(out, plot, &text, (const char(*)[REPORT_NAME_MAX])bars.labels,
	           bars.count);
	bars_free(&bars);
	return true;
}

/* The range of the 2005 plot's ratios, then and now. */
static struct range
vs2005_extent(const struct bench_run_file *run,
              const struct report_reference *reference, const char *base)
{
	struct range ratios = {0, 0};
	for (size_t r = 0; r < run->row_count; r++) {
		for (size_t b = 0; b < run->backend_count; b++) {
			double then, now;
			if (in_vs2005(run, reference, base, b) &&
			    report_relative_to_base(run, reference, base,
			                            &run->rows[r], b, &then,
			                            &now)) {
				widen(&ratios, then);
				widen(&ratios, now);
			}
		}
	}
	return ratios;
}

/* The plot command of the 2005 plot: the diagonal, then a set of points
 * per backend, each with today's error bar. */
static void
vs2005_plot(FILE *out, const struct bench_run_file *run,
            const struct report_reference *reference, const char *base,
            const struct report_plot *plot)
{
	fprintf(out,
	        "set samples 200\n"
	        "plot \\\n"
	        "\tx with lines dt 2 lw 1.5 lc rgb '#909090' "
	        "title 'same ratio then and now'");
	size_t column = 2;
	for (size_t b = 0; b < run->backend_count; b++) {
		if (!in_vs2005(run, reference, base, b))
			continue;
		struct look look = look_of(run, b);
		fprintf(out,
		        ", \\\n\t'data/%s.csv' skip 1 using %zu:%zu:"
		        "(low($%zu, $%zu)):($%zu + $%zu) with yerrorbars "
		        "pt %d ps 1.1*pointscale lc rgb '%s' title '%s'",
		        plot->name, column, column + 1, column + 1, column + 2,
		        column + 1, column + 2, look.point, look.colour,
		        run->backends[b].name);
		column += 3;
	}
	fputc('\n', out);
}

static void
vs2005_script(FILE *out, const struct bench_run_file *run,
              const struct report_reference *reference, const char *base,
              const struct report_plot *plot)
{
	struct range ratios = vs2005_extent(run, reference, base);
	double lo = ratios.lo > 0 ? ratios.lo / 1.6 : 0.1;
	double hi = ratios.hi > 0 ? ratios.hi * 1.6 : 10;
	if (lo > 0.5)
		lo = 0.5;
	if (hi < 2)
		hi = 2;
	struct plot_text text = {0};
	add_footnote(&text, "Up: today's median over %s's, ± the MAD of its "
	             "%lld samples (error bars).", base, run->repetitions);
	add_footnote(&text, "Across: 2005's one shot per test over %s's; its "
	             "spread is not known.", base);
	add_run_footnotes(&text, run);
	/* The key below the axis' label, above the footnote: two entries a
	 * row, 1.2 lines each, and its box. */
	size_t entries = 1;
	for (size_t b = 0; b < run->backend_count; b++)
		entries += in_vs2005(run, reference, base, b);
	double key = 1.2 * (double)((entries + 1) / 2) + 1;
	plot_header(out, plot, &text, 720, 760 + (int)(key * 20));
	fprintf(out,
	        "set logscale xy 10\n"
	        "set size ratio -1\n"
	        "set xrange [%g:%g]\n"
	        "set yrange [%g:%g]\n"
	        "set xlabel '2005: time / time of %s on the same test "
	        "(log scale)'\n"
	        "set ylabel 'today: time / time of %s on the same test "
	        "(log scale)'\n"
	        "set key at screen 0.5, character %.2f center bottom "
	        "horizontal reverse Left box lc rgb '#b0b0b0' spacing 1.2\n"
	        "set bmargin %.2f\n"
	        "set arrow from %g,1 to %g,1 nohead dt 3 lc rgb '#909090'\n"
	        "set arrow from 1,%g to 1,%g nohead dt 3 lc rgb '#909090'\n"
	        "set label \"faster than %s in 2005,\\nslower today\" at graph "
	        "0.02,0.96 left textcolor rgb '#606060'\n"
	        "set label \"slower than %s in 2005,\\nfaster today\" at graph "
	        "0.98,0.07 right textcolor rgb '#606060'\n",
	        lo, hi, lo, hi, base, base, footnote_height(&text) + 0.5,
	        footnote_height(&text) + 0.5 + key + 3.5, lo, hi, lo, hi, base,
	        base);
	ratio_tics(out, "x", lo, hi, false);
	ratio_tics(out, "y", lo, hi, false);
	vs2005_plot(out, run, reference, base, plot);
	check_text(out, plot, &text, NULL, 0);
}

void
report_plot_start(FILE *out, const struct report_plot *plot, int width,
                  int height)
{
	const struct plot_text none = {.lines = 0};
	plot_header(out, plot, &none, width, height);
}

void
report_histogram_start(FILE *out, const struct report_plot *plot,
                       const struct bench_run_file *run, int width,
                       const char *ylabel, bool log_scale)
{
	struct plot_text text = {0};
	add_run_footnotes(&text, run);
	plot_header(out, plot, &text, width, 600);
	check_text(out, plot, &text, NULL, 0);
	fprintf(out,
	        "set style data histograms\n"
	        "set style histogram clustered gap 1\n"
	        "set style fill solid 0.9 border rgb '#404040'\n"
	        "%s\n"
	        "set ylabel '%s'\n"
	        "set xtics rotate by 30 right nomirror\n"
	        "set grid noxtics ytics\n"
	        "set key outside top center horizontal\n"
	        "set tmargin 5\n"
	        "set bmargin %.2f\n"
	        "set arrow from graph 0, first 1 to graph 1, first 1 nohead "
	        "dt 2 lc rgb '#909090'\n",
	        log_scale ? "set logscale y 10"
	                  : "set yrange [0:*]\nset offsets 0, 0, graph 0.1, 0",
	        ylabel, 9 + footnote_height(&text));
}

const char *
report_plot_colour(size_t column, bool floor)
{
	return floor ? FLOOR_COLOUR : palette[column % PALETTE_SIZE];
}

int
report_plot_point(size_t column)
{
	return point_types[column % PALETTE_SIZE];
}

/* --- Writing the files ---------------------------------------------------- */

static bool
make_directory(const char *path, char *why, size_t why_size)
{
	if (mkdir(path, 0755) == 0 || errno == EEXIST)
		return true;
	bench_say(why, why_size, "%s: cannot create the directory: %s", path,
		   strerror(errno));
	return false;
}

/* Makes the text in memory, then writes it to path. */
static bool
write_generated(const char *path, char *why, size_t why_size,
                report_text_writer *write, const void *context)
{
	size_t length;
	char *text = report_text(write, context, &length, why, why_size);
	bool ok = text != NULL &&
	          report_write_file(path, text, length, why, why_size);
	free(text);
	return ok;
}

struct plot_context {
	const struct bench_run_file *run;
	const struct report_reference *reference;
	const struct report_comparison *comparison;
	const struct report_plots *plots;
	const struct report_plot *plot;
};

static bool
write_data(FILE *out, const void *opaque, char *why, size_t why_size)
{
	const struct plot_context *context = opaque;
	switch (context->plot->kind) {
	case REPORT_PLOT_SCALING:
		scaling_data(out, context->run, context->plot);
		break;
	case REPORT_PLOT_RELATIVE:
	case REPORT_PLOT_REAL:
		if (!bars_data(out, context->run, context->plot))
			return bench_say(why, why_size, "out of memory");
		break;
	case REPORT_PLOT_VS2005:
		vs2005_data(out, context->run, context->reference,
		            context->comparison->base);
		break;
	case REPORT_PLOT_HISTORY:
		report_history_data(out, context->plots->history, context->plot);
		break;
	case REPORT_PLOT_SIZES:
		report_sizes_data(out, context->run);
		break;
	case REPORT_PLOT_PEERS:
		report_peers_data(out, context->run);
		break;
	}
	return true;
}

/* The script's prologue: its use, the format, and the functions the plots
 * share. */
static void
script_prologue(FILE *out)
{
	fputs("# plots.gp - draws every plot of README.md from the CSV files "
	      "in data/.\n"
	      "# Written by `bench report` (harness/report/report_plots.c) with the "
	      "page; do not edit:\n"
	      "# regenerate with scripts/report. Run from this directory:\n"
	      "#   gnuplot plots.gp                      (SVG, as the page "
	      "shows them)\n"
	      "#   gnuplot -e \"format='png'\" plots.gp   (PNG)\n"
	      "if (!exists('format')) format = 'svg'\n"
	      "# The svg terminal draws points larger than pngcairo.\n"
	      "pointscale = (format eq 'png') ? 1.0 : 0.7\n"
	      "set encoding utf8\n"
	      "# The lower end of an error bar, the median less the MAD, kept "
	      "above 0 for\n"
	      "# the log scales.\n"
	      "low(m, d) = (m - d > m / 100.0) ? m - d : m / 100.0\n"
	      "# Checked after each plot, by gnuplot's own estimate of a "
	      "character's width\n"
	      "# and a line's height (wider than the usual fonts draw them): "
	      "a line of n\n"
	      "# characters fits the canvas's width; an x label of n "
	      "characters, rotated by\n"
	      "# 30 degrees to end at the tic at x, stays inside the canvas "
	      "and above a\n"
	      "# footnote of f lines.\n"
	      "chars(n) = n * GPVAL_TERM_HCHAR / (1.0 * GPVAL_TERM_SCALE)\n"
	      "lines(n) = n * GPVAL_TERM_VCHAR / (1.0 * GPVAL_TERM_SCALE)\n"
	      "line_fits(n) = chars(n + 2) <= GPVAL_TERM_XSIZE / "
	      "(1.0 * GPVAL_TERM_SCALE)\n"
	      "tic_x(x) = GPVAL_TERM_XMIN + (x - GPVAL_X_MIN) * "
	      "(GPVAL_TERM_XMAX - GPVAL_TERM_XMIN) / (GPVAL_X_MAX - "
	      "GPVAL_X_MIN)\n"
	      "label_fits(x, n, f) = tic_x(x) - chars(n) * 0.87 - lines(0.5) "
	      ">= 0 && \\\n"
	      "\tGPVAL_TERM_YMIN - lines(1) - chars(n) * 0.5 - lines(0.87) "
	      ">= lines(f)\n",
	      out);
}

static bool
write_script(FILE *out, const void *opaque, char *why, size_t why_size)
{
	const struct plot_context *context = opaque;
	script_prologue(out);
	for (size_t p = 0; p < context->plots->count; p++) {
		const struct report_plot *plot = &context->plots->plots[p];
		switch (plot->kind) {
		case REPORT_PLOT_SCALING:
			scaling_script(out, context->run, plot);
			break;
		case REPORT_PLOT_RELATIVE:
		case REPORT_PLOT_REAL:
			if (!bars_script(out, context->run, plot))
				return bench_say(why, why_size,
				                 "out of memory");
			break;
		case REPORT_PLOT_VS2005:
			vs2005_script(out, context->run, context->reference,
			              context->comparison->base, plot);
			break;
		case REPORT_PLOT_HISTORY:
			report_history_script(out, context->plots->history, plot);
			break;
		case REPORT_PLOT_SIZES:
			report_sizes_script(out, context->run, plot);
			break;
		case REPORT_PLOT_PEERS:
			report_peers_script(out, context->run, plot);
			break;
		}
	}
	return true;
}

bool
report_write_plot_files(const char *dir, const struct bench_run_file *run,
                        const struct report_reference *reference,
                        const struct report_comparison *comparison,
                        const struct report_plots *plots, char *why,
                        size_t why_size)
{
	char path[4096 + REPORT_NAME_MAX + 16];
	snprintf(path, sizeof path, "%s/data", dir);
	if (!make_directory(path, why, why_size))
		return false;
	snprintf(path, sizeof path, "%s/plots", dir);
	if (!make_directory(path, why, why_size))
		return false;
	struct plot_context context = {
		.run = run, .reference = reference, .comparison = comparison,
		.plots = plots,
	};
	for (size_t p = 0; p < plots->count; p++) {
		context.plot = &plots->plots[p];
		snprintf(path, sizeof path, "%s/data/%s.csv", dir,
		         context.plot->name);
		if (!write_generated(path, why, why_size, write_data,
		                     &context))
			return false;
	}
	snprintf(path, sizeof path, "%s/plots.gp", dir);
	return write_generated(path, why, why_size, write_script, &context);
}

/* --- Running gnuplot ------------------------------------------------------ */

/* Finds an executable: the name itself when it holds a '/', else the
 * first match in PATH. */
static bool
find_program(const char *name, char *out, size_t out_size)
{
	if (strchr(name, '/') != NULL) {
		snprintf(out, out_size, "%s", name);
		return access(name, X_OK) == 0;
	}
	const char *path = getenv("PATH");
	if (path == NULL || path[0] == '\0')
		path = "/usr/bin:/bin";
	while (*path != '\0') {
		size_t length = strcspn(path, ":");
		int written = snprintf(out, out_size, "%.*s%s%s", (int)length,
		                       path, length == 0 ? "" : "/", name);
		if (written > 0 && (size_t)written < out_size &&
		    access(out, X_OK) == 0)
			return true;
		path += length;
		if (*path == ':')
			path++;
	}
	return false;
}

/*
 * Runs `program -d -e "format='<format>'" plots.gp` in dir, collecting what
 * it writes on stdout and stderr into *output. Returns its exit status, or
 * -1 when it could not be run (why says so).
 */
static int
run_gnuplot(const char *program, const char *dir, const char *format,
            char **output, char *why, size_t why_size)
{
	int pipe_ends[2];
	*output = NULL;
	if (pipe(pipe_ends) != 0) {
		bench_say(why, why_size, "cannot run %s: %s", program,
			   strerror(errno));
		return -1;
	}
	/* -d: no initialisation files, so that every machine draws alike. */
	char name[] = "gnuplot", defaults[] = "-d", evaluate[] = "-e";
	char script[] = "plots.gp", setting[64];
	snprintf(setting, sizeof setting, "format='%s'", format);
	char *const argv[] = {name, defaults, evaluate, setting, script, NULL};
	fflush(NULL);
	pid_t child = fork();
	if (child < 0) {
		bench_say(why, why_size, "cannot run %s: %s", program,
			   strerror(errno));
		close(pipe_ends[0]);
		close(pipe_ends[1]);
		return -1;
	}
	if (child == 0) {
		/* The child: only async-signal-safe calls until exec. */
		close(pipe_ends[0]);
		if (dup2(pipe_ends[1], STDOUT_FILENO) < 0 ||
		    dup2(pipe_ends[1], STDERR_FILENO) < 0 || chdir(dir) != 0)
			_exit(126);
		close(pipe_ends[1]);
		execv(program, argv);
		_exit(127);
	}
	close(pipe_ends[1]);
	size_t length = 0, capacity = 0;
	char *text = NULL;
	for (;;) {
		if (length + 1024 + 1 > capacity) {
			size_t bigger = capacity == 0 ? 4096 : capacity * 2;
			char *grown = realloc(text, bigger);
			if (grown == NULL)
				break;
			text = grown;
			capacity = bigger;
		}
		ssize_t got = read(pipe_ends[0], text + length,
		                   capacity - length - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		length += (size_t)got;
	}
	close(pipe_ends[0]);
	if (text != NULL)
		text[length] = '\0';
	*output = text;
	int status;
	while (waitpid(child, &status, 0) < 0) {
		if (errno != EINTR) {
			bench_say(why, why_size,
				   "%s: %s", program, strerror(errno));
			return -1;
		}
	}
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

/* Checks that gnuplot wrote every plot, not empty. */
static bool
plots_written(const char *dir, const struct report_plots *plots,
              const char *format, char *why, size_t why_size)
{
	for (size_t p = 0; p < plots->count; p++) {
		char path[4096 + REPORT_NAME_MAX + 16];
		snprintf(path, sizeof path, "%s/plots/%s.%s", dir,
		         plots->plots[p].name, format);
		struct stat info;
		if (stat(path, &info) != 0 || info.st_size == 0) {
			bench_say(why, why_size,
				   "gnuplot did not write %s", path);
			return false;
		}
	}
	return true;
}

bool
report_draw_plots(const char *dir, const char *gnuplot, bool png,
                  struct report_plots *plots, FILE *err, char *why,
                  size_t why_size)
{
	char program[4096];
	plots->drawn = false;
	if (!find_program(gnuplot, program, sizeof program)) {
		snprintf(plots->skipped, sizeof plots->skipped,
		         "%s was not found%s (install gnuplot-nox; scripts/bench "
		         "installs it)",
		         gnuplot, strchr(gnuplot, '/') != NULL ? "" : " in PATH");
		return true;
	}
	const char *formats[2] = {"svg", "png"};
	for (size_t f = 0; f < (png ? 2u : 1u); f++) {
		char *output = NULL;
		int status = run_gnuplot(program, dir, formats[f], &output, why,
		                         why_size);
		bool said = output != NULL && output[0] != '\0';
		/* Warnings are passed on; a failure also fails the report. */
		if (said)
			fprintf(err, "%s", output);
		free(output);
		if (status < 0)
			return false;
		if (status != 0) {
			bench_say(why, why_size,
				   "%s failed (exit status %d) on %s/plots.gp",
				   program, status, dir);
			return false;
		}
		if (!plots_written(dir, plots, formats[f], why, why_size))
			return false;
	}
	plots->drawn = true;
	return true;
}
