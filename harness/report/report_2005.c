/*
 * report_2005.c - today's results against 2005's: the Winner and Haiku
 * Winner of every test both have, and per backend, operation and type the
 * growth from 500 to 5000 items, e = log10(t5000 / t500), with its class.
 * Every series whose class differs beyond the noise of today's medians
 * must have an explanation; the texts' placeholders are filled from the
 * two tables here.
 */
#include "report_internal.h"

#include "results.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

double
report_growth(double from, double to)
{
	return log10(to / from);
}

enum report_class
report_classify(double exponent)
{
	if (exponent < REPORT_FLAT_BELOW)
		return REPORT_FLAT;
	if (exponent < REPORT_LINEAR_BELOW)
		return REPORT_LINEAR;
	if (exponent < REPORT_SUPERLINEAR_BELOW)
		return REPORT_SUPERLINEAR;
	return REPORT_QUADRATIC;
}

void
report_format_exponent(double exponent, char *out, size_t out_size)
{
	snprintf(out, out_size, "%.2f", exponent);
	/* 0.4994 is flat, but "0.50" would read as linear. */
	if (report_classify(strtod(out, NULL)) != report_classify(exponent))
		snprintf(out, out_size, "%.3f", exponent);
}

const char *
report_class_name(enum report_class class)
{
	switch (class) {
	case REPORT_FLAT:
		return "flat";
	case REPORT_LINEAR:
		return "linear";
	case REPORT_SUPERLINEAR:
		return "superlinear";
	case REPORT_QUADRATIC:
		return "quadratic";
	}
	return "?";
}

/* The growth of one backend's column of the run, from the rows of 500 and
 * 5000 items, and the least and the most the noise makes of it: each
 * median moved by its MAD, the two in opposite directions (a median within
 * its MAD of zero leaves that end unbounded). */
static bool
growth_now(const struct bench_file_row *from, const struct bench_file_row *to,
           size_t column, double *exponent, double *low, double *high)
{
	if (from == NULL || to == NULL || !bench_file_cell_has_figure(&from->cells[column]) ||
	    !bench_file_cell_has_figure(&to->cells[column]))
		return false;
	const struct bench_file_cell *a = &from->cells[column];
	const struct bench_file_cell *b = &to->cells[column];
	*exponent = report_growth(a->median, b->median);
	*low = b->median > b->mad
	               ? report_growth(a->median + a->mad, b->median - b->mad)
	               : -HUGE_VAL;
	*high = a->median > a->mad
	                ? report_growth(a->median - a->mad, b->median + b->mad)
	                : HUGE_VAL;
	return true;
}

static bool
equal_verdicts(const char *today, const char *then)
{
	return today != NULL && strcmp(today, then) == 0;
}

static void
compare_winners(const struct bench_run_file *run,
                const struct report_reference *reference,
                struct report_comparison *comparison)
{
	for (size_t r = 0; r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		const struct report_reference_row *then =
			report_reference_row_of(reference, row);
		if (then == NULL)
			continue;
		comparison->compared_rows++;
		comparison->winner_agree +=
			equal_verdicts(row->winner, then->winner);
		comparison->haiku_agree +=
			equal_verdicts(row->haiku_winner, then->haiku_winner);
		comparison->ties_then += strcmp(then->winner, "-") == 0;
		comparison->ties_now +=
			row->winner != NULL && strcmp(row->winner, "-") == 0;
	}
}

static bool
collect_series(const struct bench_run_file *run,
               const struct report_reference *reference,
               struct report_comparison *comparison)
{
	size_t most = (size_t)BENCH_OP_COUNT * BENCH_TYPE_COUNT *
	              run->backend_count;
	comparison->series = calloc(most + 1, sizeof *comparison->series);
	if (comparison->series == NULL)
		return false;
	for (int o = 0; o < BENCH_OP_COUNT; o++) {
		for (int t = 0; t < BENCH_TYPE_COUNT; t++) {
			enum bench_op op = (enum bench_op)o;
			enum bench_type type = (enum bench_type)t;
			const struct report_reference_row *then_from =
				report_reference_row(reference, op, type,
				                     REPORT_GROWTH_FROM);
			const struct report_reference_row *then_to =
				report_reference_row(reference, op, type,
				                     REPORT_GROWTH_TO);
			const struct bench_file_row *now_from = bench_run_file_row(
				run, op, type, REPORT_GROWTH_FROM);
			const struct bench_file_row *now_to = bench_run_file_row(
				run, op, type, REPORT_GROWTH_TO);
			if (then_from == NULL || then_to == NULL ||
			    now_from == NULL || now_to == NULL)
				continue;
			for (size_t b = 0; b < run->backend_count; b++) {
				const char *name = run->backends[b].name;
				size_t column =
					report_reference_backend(reference, name);
				if (column == SIZE_MAX)
					continue;
				struct report_series *series =
					&comparison->series
						 [comparison->series_count++];
				series->op = op;
				series->type = type;
				series->backend = name;
				series->has_then = true;
				series->e_then = report_growth(
					then_from->times[column],
					then_to->times[column]);
				series->class_then =
					report_classify(series->e_then);
				double low, high;
				series->has_now = growth_now(now_from, now_to, b,
				                             &series->e_now, &low,
				                             &high);
				if (series->has_now) {
					series->class_now =
						report_classify(series->e_now);
					series->within_noise =
						series->class_now !=
							series->class_then &&
						report_classify(low) <=
							series->class_then &&
						series->class_then <=
							report_classify(high);
				}
				series->differs =
					series->has_now &&
					series->class_now != series->class_then &&
					!series->within_noise;
				comparison->differing += series->differs;
				comparison->within_noise += series->within_noise;
			}
		}
	}
	return true;
}

/* The first non-Haiku backend of the run that 2005 has too. */
static const char *
find_base(const struct bench_run_file *run,
          const struct report_reference *reference)
{
	for (size_t b = 0; b < run->backend_count; b++) {
		if (run->backends[b].kind == BM_KIND_REFERENCE &&
		    report_reference_backend(reference,
		                             run->backends[b].name) != SIZE_MAX)
			return run->backends[b].name;
	}
	return NULL;
}

bool
report_compare(const struct bench_run_file *run,
               const struct report_reference *reference,
               const struct report_notes *notes,
               struct report_comparison *comparison, char *why,
               size_t why_size)
{
	memset(comparison, 0, sizeof *comparison);
	/* A key naming no backend of 2005 can never be used: a typo. */
	for (size_t n = 0; n < notes->count; n++) {
		const struct report_note *note = &notes->notes[n];
		if (note->kind != REPORT_NOTE_OPERATION &&
		    report_reference_backend(reference, note->backend) ==
		            SIZE_MAX) {
			char key[128];
			report_note_key(note, key, sizeof key);
			bench_say(why, why_size,
				   "%s: line %zu: [%s]: no backend %s in the "
				   "2005 table", notes->path, note->line, key,
				   note->backend);
			return false;
		}
	}
	compare_winners(run, reference, comparison);
	if (!collect_series(run, reference, comparison)) {
		bench_say(why, why_size, "out of memory");
		return false;
	}
	comparison->base = find_base(run, reference);
	for (size_t s = 0; s < comparison->series_count; s++) {
		struct report_series *series = &comparison->series[s];
		if (!series->differs)
			continue;
		series->note = report_find_note(notes, REPORT_NOTE_SERIES,
		                                series->backend, series->op,
		                                series->type);
		if (series->note == NULL) {
			char then[32], now[32];
			report_format_exponent(series->e_then, then,
			                       sizeof then);
			report_format_exponent(series->e_now, now, sizeof now);
			bench_say(why, why_size,
				   "no explanation for [%s %s %s] in %s: its "
				   "growth class differs from 2005 (%s, e = "
				   "%s, then; %s, e = %s, now); add an entry "
				   "with that key", series->backend,
				   bench_op_name(series->op),
				   bench_type_name(series->type), notes->path,
				   report_class_name(series->class_then), then,
				   report_class_name(series->class_now), now);
			report_comparison_free(comparison);
			return false;
		}
		/* The notes the page shows with it must expand too. */
		const struct report_note *shown[3] = {
			series->note,
			report_find_note(notes, REPORT_NOTE_OPERATION, NULL,
			                 series->op, series->type),
			report_find_note(notes, REPORT_NOTE_UNCERTAINTY,
			                 series->backend, series->op,
			                 series->type),
		};
		for (size_t i = 0; i < 3; i++) {
			if (shown[i] == NULL)
				continue;
			char *text = report_note_text(shown[i], notes,
			                              i == 0 ? series : NULL,
			                              run, reference, why,
			                              why_size);
			if (text == NULL) {
				report_comparison_free(comparison);
				return false;
			}
			free(text);
		}
	}
	return true;
}

void
report_comparison_free(struct report_comparison *comparison)
{
	free(comparison->series);
	memset(comparison, 0, sizeof *comparison);
}

/* --- Placeholders --------------------------------------------------------- */

/*
 * {e2005} {enow}     the series' exponents (series notes only)
 * {efloor}           today's Floor exponent on the note's rows
 * {2005:X}           2005's time of the series' backend on test X
 * {2005:X:B}         ... of backend B
 * {now:X}, {now:X:B} today's median (B may be Floor)
 * {count:X:B}        B's instructions per operation in the counted run
 * X is a number of items (the note's operation and type) or a test name
 * ("tFlatten5000String").
 */
struct expansion {
	const struct report_note *note;
	const struct report_notes *notes;
	const struct report_series *series;
	const struct bench_run_file *run;
	const struct bench_run_file *counts;
	const struct report_reference *reference;
	char *why;
	size_t why_size;
};

static bool
placeholder_error(const struct expansion *x, const char *placeholder,
                  const char *what)
{
	char key[128];
	report_note_key(x->note, key, sizeof key);
	bench_say(x->why, x->why_size,
		   "%s: line %zu: [%s]: {%s}: %s", x->notes->path,
		   x->note->line, key, placeholder, what);
	return false;
}

/* Resolves X of {2005:X} / {now:X} / {count:X:B} to an operation, type
 * and items. */
static bool
resolve_test(const struct expansion *x, const char *text, enum bench_op *op,
             enum bench_type *type, size_t *items)
{
	if (text[0] >= '0' && text[0] <= '9') {
		char *end;
		unsigned long value = strtoul(text, &end, 10);
		if (*end != '\0' || value == 0 || value > BENCH_ITEMS_MAX)
			return false;
		*op = x->note->op;
		*type = x->note->type;
		*items = (size_t)value;
		return x->note->kind != REPORT_NOTE_UNCERTAINTY;
	}
	/* A test name: t<Op><items><Type>. */
	for (int o = 0; o < BENCH_OP_COUNT; o++) {
		const char *name = bench_op_name((enum bench_op)o);
		size_t length = strlen(name);
		if (text[0] != 't' || strncmp(text + 1, name, length) != 0)
			continue;
		const char *digits = text + 1 + length;
		if (*digits < '0' || *digits > '9')
			continue;
		char *end;
		unsigned long value = strtoul(digits, &end, 10);
		for (int t = 0; t < BENCH_TYPE_COUNT; t++) {
			if (strcmp(end, bench_type_name((enum bench_type)t)) ==
			            0 &&
			    value > 0 && value <= BENCH_ITEMS_MAX) {
				*op = (enum bench_op)o;
				*type = (enum bench_type)t;
				*items = (size_t)value;
				return true;
			}
		}
	}
	return false;
}

static double
floor_growth(const struct expansion *x, bool *ok)
{
	const struct bench_file_row *from = bench_run_file_row(
		x->run, x->note->op, x->note->type, REPORT_GROWTH_FROM);
	const struct bench_file_row *to = bench_run_file_row(
		x->run, x->note->op, x->note->type, REPORT_GROWTH_TO);
	*ok = x->note->kind != REPORT_NOTE_UNCERTAINTY && from != NULL &&
	      to != NULL && bench_file_cell_has_figure(&from->floor) && bench_file_cell_has_figure(&to->floor);
	return *ok ? report_growth(from->floor.median, to->floor.median) : 0;
}

static bool
expand_time(FILE *out, const struct expansion *x, const char *placeholder)
{
	bool then = strncmp(placeholder, "2005:", 5) == 0;
	bool counted = strncmp(placeholder, "count:", 6) == 0;
	const struct bench_run_file *run = counted ? x->counts : x->run;
	char argument[96];
	snprintf(argument, sizeof argument, "%s",
	         placeholder + (then ? 5 : counted ? 6 : 4));
	const char *backend = NULL;
	char *colon = strchr(argument, ':');
	if (colon != NULL) {
		*colon = '\0';
		backend = colon + 1;
	} else if (x->series != NULL) {
		backend = x->series->backend;
	}
	if (backend == NULL)
		return placeholder_error(x, placeholder,
		                         "name the backend ({...:X:Backend}): "
		                         "this entry explains no one series");
	enum bench_op op;
	enum bench_type type;
	size_t items;
	if (!resolve_test(x, argument, &op, &type, &items))
		return placeholder_error(x, placeholder,
		                         "expected a number of items or a "
		                         "test name");
	if (then) {
		size_t column = report_reference_backend(x->reference, backend);
		const struct report_reference_row *row =
			report_reference_row(x->reference, op, type, items);
		if (column == SIZE_MAX || row == NULL)
			return placeholder_error(x, placeholder,
			                         "not in the 2005 table");
		fprintf(out, "%g µs", row->times[column]);
		return true;
	}
	if (run == NULL)
		return placeholder_error(x, placeholder,
		                         "no counted run (give --instructions)");
	const struct bench_file_row *row = bench_run_file_row(run, op, type, items);
	const struct bench_file_cell *cell = NULL;
	if (row != NULL && strcmp(backend, "Floor") == 0) {
		cell = &row->floor;
	} else if (row != NULL) {
		size_t column = bench_run_file_backend(run, backend);
		if (column != SIZE_MAX)
			cell = &row->cells[column];
	}
	if (cell == NULL || !bench_file_cell_has_figure(cell))
		return placeholder_error(x, placeholder,
		                         counted ? "no count for it in the "
		                                   "counted run"
		                                 : "no time for it in the "
		                                   "results");
	if (counted) {
		fprintf(out, "%.0f", cell->median);
		return true;
	}
	char text[32];
	bench_format_time(cell->median, BENCH_UNIT_NS, text, sizeof text);
	fprintf(out, "%s ns", text);
	return true;
}

static bool
expand_placeholder(FILE *out, const struct expansion *x,
                   const char *placeholder)
{
	if (strcmp(placeholder, "e2005") == 0 ||
	    strcmp(placeholder, "enow") == 0) {
		bool then = placeholder[1] == '2';
		if (x->series == NULL)
			return placeholder_error(x, placeholder,
			                         "only in an entry that explains "
			                         "one series");
		if (then ? !x->series->has_then : !x->series->has_now)
			return placeholder_error(x, placeholder,
			                         "no such figure");
		char text[32];
		report_format_exponent(then ? x->series->e_then
		                            : x->series->e_now,
		                       text, sizeof text);
		fputs(text, out);
		return true;
	}
	if (strcmp(placeholder, "efloor") == 0) {
		bool ok;
		double exponent = floor_growth(x, &ok);
		if (!ok)
			return placeholder_error(x, placeholder,
			                         "no Floor times at 500 and 5000 "
			                         "items for it");
		fprintf(out, "%.2f", exponent);
		return true;
	}
	return expand_time(out, x, placeholder);
}

bool
report_expand_note(FILE *out, const struct report_note *note,
                   const struct report_notes *notes,
                   const struct report_series *series,
                   const struct bench_run_file *run,
                   const struct bench_run_file *counts,
                   const struct report_reference *reference, char *why,
                   size_t why_size)
{
	const struct expansion x = {
		.note = note, .notes = notes, .series = series, .run = run,
		.counts = counts, .reference = reference, .why = why,
		.why_size = why_size,
	};
	const char *p = note->text;
	while (*p != '\0') {
		const char *open = strchr(p, '{');
		if (open == NULL) {
			fputs(p, out);
			break;
		}
		fwrite(p, 1, (size_t)(open - p), out);
		/* The file was checked on loading: every '{' is closed. */
		const char *close = strchr(open, '}');
		char placeholder[128];
		size_t length = (size_t)(close - open - 1);
		if (length >= sizeof placeholder)
			return placeholder_error(&x, "...", "too long");
		memcpy(placeholder, open + 1, length);
		placeholder[length] = '\0';
		if (!expand_placeholder(out, &x, placeholder))
			return false;
		p = close + 1;
	}
	return true;
}

/* A note to expand, with what its placeholders read. */
struct note_job {
	const struct report_note *note;
	const struct report_notes *notes;
	const struct report_series *series;
	const struct bench_run_file *run;
	const struct report_reference *reference;
};

static bool
write_note(FILE *out, const void *context, char *why, size_t why_size)
{
	const struct note_job *job = context;
	return report_expand_note(out, job->note, job->notes, job->series,
	                          job->run, NULL, job->reference, why,
	                          why_size);
}

char *
report_note_text(const struct report_note *note,
                 const struct report_notes *notes,
                 const struct report_series *series,
                 const struct bench_run_file *run,
                 const struct report_reference *reference, char *why,
                 size_t why_size)
{
	const struct note_job job = {note, notes, series, run, reference};
	return report_text(write_note, &job, NULL, why, why_size);
}
