/*
 * report_originals.c - the report's page "Re-creations against the
 * original code" (see report_internal.h): each original backend (Haiku's
 * own code, impl/originals/README.md) beside the re-creation of its design,
 * row by row, in time (the timed run) and in instructions (a counted run,
 * results/baseline-instructions.json by default), with their allocations,
 * whether they wrote the same bytes, their growth classes, and what
 * explains each row outside the band.
 */
#include "report_internal.h"

#include "results.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The row of `run` with the same test as `row`, or NULL. */
static const struct bench_file_row *
same_row(const struct bench_run_file *run, const struct bench_file_row *row)
{
	for (size_t r = 0; run != NULL && r < run->row_count; r++) {
		if (strcmp(run->rows[r].test, row->test) == 0)
			return &run->rows[r];
	}
	return NULL;
}

static const struct bench_file_cell *
cell_of(const struct bench_run_file *run, const struct bench_file_row *row,
        const char *backend)
{
	if (run == NULL || row == NULL)
		return NULL;
	size_t column = bench_run_file_backend(run, backend);
	return column != SIZE_MAX ? &row->cells[column] : NULL;
}

/* re / orig, or -1 when either has no figure. */
static double
ratio(const struct bench_file_cell *re, const struct bench_file_cell *orig)
{
	if (!bench_file_cell_has_figure(re) || !bench_file_cell_has_figure(orig) || orig->median <= 0)
		return -1;
	return re->median / orig->median;
}

/* The ratio of the design's own instructions, re / orig, or -1. */
static double
design_ratio(const struct bench_file_cell *re, const struct bench_file_cell *orig)
{
	if (!bench_file_cell_has_figure(re) || !bench_file_cell_has_figure(orig) ||
	    re->design_instructions < 0 || orig->design_instructions <= 0)
		return -1;
	return (double)re->design_instructions /
	       (double)orig->design_instructions;
}

static int
compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* The median of the non-negative values[i] (scratch is as long); -1 when
 * there is none. */
static double
median_of(const double *values, size_t count, double *scratch)
{
	size_t used = 0;
	for (size_t i = 0; i < count; i++) {
		if (values[i] >= 0)
			scratch[used++] = values[i];
	}
	if (used == 0)
		return -1;
	qsort(scratch, used, sizeof *scratch, compare_doubles);
	return used % 2 == 1 ? scratch[used / 2]
	                     : (scratch[used / 2 - 1] + scratch[used / 2]) / 2;
}

static bool
outside_band(double value)
{
	return value >= 0 && (value < REPORT_ORIGINALS_BAND_LOW ||
	                      value > REPORT_ORIGINALS_BAND_HIGH);
}

/* Finds the note of a row outside the band; false with a reason naming
 * the key to add when there is none. */
static bool
explain_row(const struct report_notes *notes, struct report_original_pair *pair,
            struct report_original_row *line, double deciding, char *why,
            size_t why_size)
{
	const struct bench_file_row *row = line->row;
	pair->outside_rows++;
	line->note = report_find_note(notes, REPORT_NOTE_SERIES, pair->recreation,
	                              row->op, row->workload.type);
	if (line->note != NULL)
		return true;
	return bench_say(why, why_size,
	                 "no explanation for [%s %s %s] in %s: %s/%s on %s is "
	                 "%.2fx, outside %.2f-%.2f; add an entry with that key",
	                 pair->recreation, bench_op_name(row->op),
	                 bench_type_name(row->workload.type), notes->path,
	                 pair->recreation, pair->original, row->test, deciding,
	                 REPORT_ORIGINALS_BAND_LOW, REPORT_ORIGINALS_BAND_HIGH);
}

/* Counts a row with a design ratio, of the 2005 matrix or not, and
 * whether it lies within the band. */
static void
count_design_row(struct report_original_pair *pair,
                 const struct report_original_row *line)
{
	if (line->design_ratio < 0)
		return;
	const struct bench_operation *operation = bench_operation(line->row->op);
	size_t kind = operation != NULL && operation->in_2005 ? 0 : 1;
	pair->design_rows[kind]++;
	pair->design_in_band[kind] += !line->outside;
}

/* Fills one pair's rows; false (with a reason) when a row outside the band
 * has no explanation, or when out of memory. */
static bool
compare_pair(const struct bench_run_file *run,
             const struct bench_run_file *counts,
             const struct report_notes *notes, struct report_original_pair *pair,
             char *why, size_t why_size)
{
	pair->rows = calloc(run->row_count + 1, sizeof *pair->rows);
	double *times = calloc(run->row_count + 1, sizeof *times);
	double *instructions = calloc(run->row_count + 1, sizeof *instructions);
	double *designs = calloc(run->row_count + 1, sizeof *designs);
	double *scratch = calloc(run->row_count + 1, sizeof *scratch);
	bool ok = pair->rows != NULL && times != NULL && instructions != NULL &&
	          designs != NULL && scratch != NULL;
	if (!ok)
		bench_say(why, why_size, "out of memory");
	for (size_t r = 0; ok && r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		if (row->workload.kind != BENCH_WORKLOAD_MATRIX)
			continue;
		struct report_original_row *line = &pair->rows[pair->row_count];
		const struct bench_file_row *counted = same_row(counts, row);
		*line = (struct report_original_row){
			.row = row,
			.re = cell_of(run, row, pair->recreation),
			.orig = cell_of(run, row, pair->original),
			.re_count = cell_of(counts, counted, pair->recreation),
			.orig_count = cell_of(counts, counted, pair->original),
			.same_bytes = -1,
		};
		line->time_ratio = ratio(line->re, line->orig);
		line->instruction_ratio = ratio(line->re_count, line->orig_count);
		line->design_ratio = design_ratio(line->re_count,
		                                  line->orig_count);
		if (bench_file_cell_has_figure(line->re) && bench_file_cell_has_figure(line->orig) &&
		    line->re->flat_digest != NULL &&
		    line->orig->flat_digest != NULL)
			line->same_bytes = strcmp(line->re->flat_digest,
			                          line->orig->flat_digest) == 0;
		/* The design's own instructions decide where they were split,
		 * then the whole counts: times move from run to run. */
		double deciding = line->design_ratio >= 0 ? line->design_ratio
		                  : line->instruction_ratio >= 0
		                          ? line->instruction_ratio
		                          : line->time_ratio;
		line->outside = outside_band(deciding);
		times[pair->row_count] = line->time_ratio;
		instructions[pair->row_count] = line->instruction_ratio;
		designs[pair->row_count] = line->design_ratio;
		if (line->instruction_ratio >= 0) {
			pair->counted_rows++;
			pair->counted_in_band += !line->outside;
		}
		count_design_row(pair, line);
		if (line->outside)
			ok = explain_row(notes, pair, line, deciding, why, why_size);
		pair->row_count++;
	}
	if (ok) {
		pair->median_time = median_of(times, pair->row_count, scratch);
		pair->median_instructions =
			median_of(instructions, pair->row_count, scratch);
		pair->median_design = median_of(designs, pair->row_count, scratch);
	}
	free(times);
	free(instructions);
	free(designs);
	free(scratch);
	return ok;
}

bool
report_compare_originals(const struct bench_run_file *run,
                         const struct bench_run_file *counts,
                         const struct report_notes *notes,
                         struct report_originals *originals, char *why,
                         size_t why_size)
{
	memset(originals, 0, sizeof *originals);
	originals->counted = counts != NULL;
	originals->counts = counts;
	originals->pairs = calloc(run->backend_count + 1,
	                          sizeof *originals->pairs);
	if (originals->pairs == NULL) {
		bench_say(why, why_size, "out of memory");
		return false;
	}
	for (size_t b = 0; b < run->backend_count; b++) {
		const struct bench_file_backend *backend = &run->backends[b];
		if (backend->kind != BM_KIND_ORIGINAL ||
		    bench_run_file_backend(run, backend->counterpart) == SIZE_MAX)
			continue;
		struct report_original_pair *pair =
			&originals->pairs[originals->count++];
		pair->original = backend->name;
		pair->recreation = backend->counterpart;
		if (!compare_pair(run, counts, notes, pair, why, why_size)) {
			report_originals_free(originals);
			return false;
		}
	}
	return true;
}

void
report_originals_free(struct report_originals *originals)
{
	for (size_t p = 0; p < originals->count; p++)
		free(originals->pairs[p].rows);
	free(originals->pairs);
	memset(originals, 0, sizeof *originals);
}

/* --- The page ------------------------------------------------------------- */

static void
put_ratio(char *out, size_t size, double value)
{
	if (value < 0)
		snprintf(out, size, "-");
	else if (outside_band(value))
		snprintf(out, size, "**%.2f**", value);
	else
		snprintf(out, size, "%.2f", value);
}

static void
put_allocations(char *out, size_t size, const struct report_original_row *line)
{
	if (!bench_file_cell_has_figure(line->re) || !bench_file_cell_has_figure(line->orig) ||
	    line->re->allocs_per_op < 0 || line->orig->allocs_per_op < 0)
		snprintf(out, size, "-");
	else
		snprintf(out, size, "%g / %g", line->re->allocs_per_op,
		         line->orig->allocs_per_op);
}

static void
put_bytes(char *out, size_t size, const struct report_original_row *line)
{
	if (line->same_bytes < 0)
		out[0] = '\0';
	else if (line->same_bytes == 1)
		snprintf(out, size, "same");
	else
		snprintf(out, size, "differ (%lld / %lld)", line->re->flat_bytes,
		         line->orig->flat_bytes);
}

/* The rows of a pair's table: per test, both times, both counts, their
 * ratios, the allocations and whether the bytes are the same. */
static bool
pair_rows(const struct report_original_pair *pair, struct report_grid *grid)
{
	if (!report_grid_init(grid, pair->row_count + 1, 10))
		return false;
	static const char *const heading[10] = {
		"Test", "time (ns)", "original", "ratio", "instructions",
		"original", "ratio", "design ratio", "allocations", "bytes",
	};
	for (size_t c = 0; c < 10; c++) {
		report_grid_set(grid, 0, c, "%s", heading[c]);
		grid->right[c] = c > 0 && c < 8;
	}
	for (size_t r = 0; r < pair->row_count; r++) {
		const struct report_original_row *line = &pair->rows[r];
		char text[10][REPORT_GRID_TEXT_MAX];
		snprintf(text[0], sizeof text[0], "%s", line->row->test);
		report_cell_text(text[1], sizeof text[1], line->re);
		report_cell_text(text[2], sizeof text[2], line->orig);
		put_ratio(text[3], sizeof text[3], line->time_ratio);
		report_cell_text(text[4], sizeof text[4], line->re_count);
		report_cell_text(text[5], sizeof text[5], line->orig_count);
		put_ratio(text[6], sizeof text[6], line->instruction_ratio);
		put_ratio(text[7], sizeof text[7], line->design_ratio);
		put_allocations(text[8], sizeof text[8], line);
		put_bytes(text[9], sizeof text[9], line);
		for (size_t c = 0; c < 10; c++)
			report_grid_set(grid, r + 1, c, "%s", text[c]);
	}
	return true;
}

/* Growth from 500 to 5000 items of one backend's series, as "1.02
 * linear", or "-". */
static void
put_growth(char *out, size_t size, const struct bench_run_file *run,
           enum bench_op op, enum bench_type type, const char *backend)
{
	const struct bench_file_row *from =
		bench_run_file_row(run, op, type, REPORT_GROWTH_FROM);
	const struct bench_file_row *to =
		bench_run_file_row(run, op, type, REPORT_GROWTH_TO);
	const struct bench_file_cell *a = cell_of(run, from, backend);
	const struct bench_file_cell *b = cell_of(run, to, backend);
	if (!bench_file_cell_has_figure(a) || !bench_file_cell_has_figure(b) || a->median <= 0) {
		snprintf(out, size, "-");
		return;
	}
	double e = report_growth(a->median, b->median);
	char exponent[16];
	report_format_exponent(e, exponent, sizeof exponent);
	snprintf(out, size, "%s %s", exponent,
	         report_class_name(report_classify(e)));
}

/* The class of a growth cell ("linear" of "1.02 linear", "-" of "-"). */
static const char *
class_of(const char *growth)
{
	const char *space = strchr(growth, ' ');
	return space != NULL ? space : growth;
}

/* The rows of a pair's growth table: per operation and type with both
 * sizes, each backend's growth, in bold where the classes differ. */
static bool
pair_growth_rows(const struct bench_run_file *run,
                 const struct report_original_pair *pair,
                 struct report_grid *grid)
{
	size_t most = (size_t)BENCH_OP_COUNT * BENCH_TYPE_COUNT;
	if (!report_grid_init(grid, most + 1, 3))
		return false;
	report_grid_set(grid, 0, 0, "Series");
	report_grid_set(grid, 0, 1, "%s", pair->recreation);
	report_grid_set(grid, 0, 2, "%s", pair->original);
	size_t rows = 1;
	for (int o = 0; o < BENCH_OP_COUNT; o++) {
		for (int t = 0; t < BENCH_TYPE_COUNT; t++) {
			enum bench_op op = (enum bench_op)o;
			enum bench_type type = (enum bench_type)t;
			if (bench_run_file_row(run, op, type, REPORT_GROWTH_FROM) ==
			            NULL ||
			    bench_run_file_row(run, op, type, REPORT_GROWTH_TO) ==
			            NULL)
				continue;
			char re[48], orig[48];
			put_growth(re, sizeof re, run, op, type, pair->recreation);
			put_growth(orig, sizeof orig, run, op, type, pair->original);
			bool differs = strcmp(class_of(re), class_of(orig)) != 0;
			report_grid_set(grid, rows, 0, "%s %s", bench_op_name(op),
			                bench_type_name(type));
			report_grid_set(grid, rows, 1, differs ? "**%s**" : "%s", re);
			report_grid_set(grid, rows, 2, differs ? "**%s**" : "%s",
			                orig);
			rows++;
		}
	}
	grid->rows = rows;
	return true;
}

/* The explanations of the rows outside the band, once per series. */
static bool
write_pair_notes(FILE *out, const struct report_page_input *input,
                 const struct report_original_pair *pair, char *why,
                 size_t why_size)
{
	const struct report_note *done[BENCH_OP_COUNT * BENCH_TYPE_COUNT];
	size_t done_count = 0;
	for (size_t r = 0; r < pair->row_count; r++) {
		const struct report_note *note = pair->rows[r].note;
		bool seen = note == NULL;
		for (size_t d = 0; d < done_count && !seen; d++)
			seen = done[d] == note;
		if (seen)
			continue;
		if (done_count < sizeof done / sizeof done[0])
			done[done_count++] = note;
		fprintf(out, "- **%s %s**: ", bench_op_name(note->op),
		        bench_type_name(note->type));
		if (!report_expand_note(out, note, input->original_notes, NULL,
		                        input->run, input->originals->counts,
		                        input->reference, why, why_size))
			return false;
		fputs("\n", out);
	}
	if (done_count == 0)
		fputs("Every row is within the band.\n", out);
	return true;
}

static bool
not_measured(FILE *out, const struct report_originals *originals)
{
	if (originals != NULL && originals->count > 0)
		return false;
	fputs("Not measured: this run has no original backend beside its "
	      "re-creation (they are built from Haiku trees given as "
	      "`HAIKU_TREE` and `HAIKU_2005_TREE`; see "
	      "[`impl/originals/README.md`](../impl/originals/README.md)).\n\n",
	      out);
	return true;
}

static void
write_intro(FILE *out, const struct report_page_input *input)
{
	fputs("Each original backend is Haiku's own code of a design, built "
	      "here and run through the same tests "
	      "([`impl/originals/README.md`](../impl/originals/README.md)); "
	      "the re-creation of that design is set beside it. A ratio is "
	      "re-creation / original: below 1 the re-creation is cheaper. "
	      "Times come from the run of the [results](results.md) page; "
	      "instructions from ",
	      out);
	fputs(input->originals->counted ? "the counted run named above"
	                                : "no counted run (none was found)",
	      out);
	fprintf(out,
	        ". The design ratio compares the instructions of the design's "
	        "own code alone: without the call layer, the original's "
	        "adapter or the shared check of the validated rows ([the "
	        "method](../harness/README.md), `harness/README.md` §5.6). A row "
	        "outside %.2f-%.2fx (in bold; by design instructions where the "
	        "counts were split, else by instructions, else by time) is "
	        "explained below its table, from ",
	        REPORT_ORIGINALS_BAND_LOW, REPORT_ORIGINALS_BAND_HIGH);
	report_put_source(out, input->original_notes_source);
	fputs(": the figures of a row there come from the same runs; the "
	      "cost it gives of a part of the work (a call, the adapter) was "
	      "read from callgrind's count per function when it was written. "
	      "Allocations are per operation, re-creation / original; "
	      "bytes compares what the two flattened (the size of each when "
	      "they differ).\n\n",
	      out);
}

/* "Median ratio over the 68 rows: **0.92** in time, ...": one pair in
 * figures. */
static void
put_pair_summary(FILE *out, const struct report_original_pair *pair)
{
	char time_text[16] = "-", count_text[16] = "-", design_text[16] = "-";
	if (pair->median_time >= 0)
		snprintf(time_text, sizeof time_text, "%.2f", pair->median_time);
	if (pair->median_instructions >= 0)
		snprintf(count_text, sizeof count_text, "%.2f",
		         pair->median_instructions);
	if (pair->median_design >= 0)
		snprintf(design_text, sizeof design_text, "%.2f",
		         pair->median_design);
	fprintf(out,
	        "Median ratio over the %zu rows: **%s** in time, **%s** in "
	        "instructions, **%s** in design instructions; ",
	        pair->row_count, time_text, count_text, design_text);
	if (pair->design_rows[0] + pair->design_rows[1] > 0)
		fprintf(out,
		        "by design instructions, %zu of the %zu rows of the 2005 "
		        "matrix and %zu of the %zu validated rows within "
		        "%.2f-%.2fx",
		        pair->design_in_band[0], pair->design_rows[0],
		        pair->design_in_band[1], pair->design_rows[1],
		        REPORT_ORIGINALS_BAND_LOW, REPORT_ORIGINALS_BAND_HIGH);
	else
		fprintf(out, "%zu of %zu counted rows within %.2f-%.2fx",
		        pair->counted_in_band, pair->counted_rows,
		        REPORT_ORIGINALS_BAND_LOW, REPORT_ORIGINALS_BAND_HIGH);
	fprintf(out, ", %zu row%s outside the band.", pair->outside_rows,
	        pair->outside_rows == 1 ? "" : "s");
}

bool
report_write_originals_page(FILE *out, const struct report_page_input *input,
                            char *why, size_t why_size)
{
	const struct report_originals *originals = input->originals;
	if (not_measured(out, originals))
		return true;
	write_intro(out, input);
	for (size_t p = 0; p < originals->count; p++) {
		const struct report_original_pair *pair = &originals->pairs[p];
		fprintf(out, "## %s against %s\n\n", pair->recreation,
		        pair->original);
		put_pair_summary(out, pair);
		fputs("\n\n", out);
		struct report_grid grid = {0};
		if (!report_grid_put(out, &grid, pair_rows(pair, &grid)))
			return bench_say(why, why_size, "out of memory");
		fputs("\nGrowth from 500 to 5000 items (e = log10(t5000 / t500); "
		      "classes as in the comparison with 2005; in bold where the "
		      "classes differ):\n\n",
		      out);
		if (!report_grid_put(out, &grid,
		                pair_growth_rows(input->run, pair, &grid)))
			return bench_say(why, why_size, "out of memory");
		fputs("\nWhat explains the rows outside the band:\n\n", out);
		if (!write_pair_notes(out, input, pair, why, why_size))
			return false;
		fputs("\n", out);
	}
	return true;
}

/* "<file> (<date>, commit `...`)": the counted run. */
static void
put_counted_run(FILE *out, const struct report_page_input *input)
{
	report_put_source(out, input->counts_source);
	fputs(" (", out);
	report_put_run(out, input->originals->counts);
	fputs(")", out);
}

bool
report_originals_runs(FILE *out, const struct report_page_input *input,
                      char *why, size_t why_size)
{
	(void)why;
	(void)why_size;
	const struct report_originals *originals = input->originals;
	if (originals == NULL || originals->count == 0 ||
	    originals->counts == NULL)
		return true;
	fputs(" Its instruction counts come from another run, ", out);
	put_counted_run(out, input);
	fputs(".", out);
	return true;
}

bool
report_originals_findings(FILE *out, const struct report_page_input *input,
                          char *why, size_t why_size)
{
	const struct report_originals *originals = input->originals;
	fputs("### Re-creations against the original code\n\n", out);
	if (not_measured(out, originals))
		return true;
	struct report_answer answer;
	if (!report_answer(input->run, &answer))
		return bench_say(why, why_size, "out of memory");
	if (originals->counts != NULL) {
		fputs("Times from the run above; instructions from another run, ",
		      out);
		put_counted_run(out, input);
		fputs(":\n\n", out);
	}
	for (size_t p = 0; p < originals->count; p++) {
		fprintf(out, "- **%s** against %s. ",
		        originals->pairs[p].recreation,
		        originals->pairs[p].original);
		put_pair_summary(out, &originals->pairs[p]);
		fputc('\n', out);
	}
	report_put_originals(out, &answer);
	fputc('\n', out);
	return true;
}
