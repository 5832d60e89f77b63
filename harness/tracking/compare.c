/*
 * compare.c - `bench compare` (see compare.h): two results files in,
 * a table of every cell's change and an exit status out.
 */
#include "compare.h"

#include "options.h"
#include "results.h"
#include "results_read.h"
#include "stats.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One cell of one file. */
struct file_cell {
	const char *test;     /* into the file's JSON */
	const char *backend;
	const char *error;    /* ERR: the reason; NULL: `figure` holds */
	double figure;        /* median, per operation */
	const double *samples; /* every sample (times), or NULL */
	size_t sample_count;
};

struct results_file {
	const char *path;
	struct bench_run_file run;
	const char *unit;
	struct file_cell *cells; /* in file order: rows, then columns */
	size_t count;
};

/* What became of a cell, in table order. */
enum change_kind {
	CHANGE_ERR,        /* failed in CURRENT */
	CHANGE_REGRESSED,
	CHANGE_COMPARED,   /* within the threshold, or improved */
	CHANGE_FIXED,      /* failed in BASELINE only */
	CHANGE_NEW,        /* in CURRENT only */
	CHANGE_REMOVED,    /* in BASELINE only */
	CHANGE_NOT_RUN     /* in BASELINE only, of a backend CURRENT's build
	                    * did not have (context.skipped_backends) */
};

struct change {
	enum change_kind kind;
	bool improved;        /* CHANGE_COMPARED: shrank beyond the threshold */
	const struct file_cell *baseline;  /* NULL when new */
	const struct file_cell *current;   /* NULL when removed */
	size_t order;         /* CURRENT's order, then BASELINE's */
	bool not_built;       /* of a backend CURRENT skipped */
	double relative;      /* (current - baseline) / baseline */
	bool tested;          /* the samples were compared (times) */
	double p;             /* then the rank test's p-value */
};

/* --- Reading ------------------------------------------------------------------------- */

static void
results_file_free(struct results_file *file)
{
	bench_run_file_free(&file->run);
	free(file->cells);
	*file = (struct results_file){0};
}

/* Loads a results file (results_read.h) and lists its cells, the Floor's
 * included; false with a reason when it is not usable. */
static bool
load_results(struct results_file *file, const char *path, char *why,
             size_t why_size)
{
	*file = (struct results_file){.path = path};
	struct bench_run_file *run = &file->run;
	if (!bench_run_file_load(path, BENCH_READ_MEASURED, run, why,
	                         why_size))
		return false;
	file->unit = run->unit;
	file->cells = calloc(run->row_count * (run->backend_count + 1) + 1,
	                     sizeof *file->cells);
	if (file->cells == NULL) {
		snprintf(why, why_size, "out of memory");
		return false;
	}
	for (size_t r = 0; r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		for (size_t b = 0; b <= run->backend_count; b++) {
			const struct bench_file_cell *cell =
				bench_file_row_cell(run, row, b);
			/* n/a: no figure to gate, in either file. */
			if (!cell->present || cell->not_applicable)
				continue;
			file->cells[file->count++] = (struct file_cell){
				.test = row->test,
				.backend = bench_run_file_column_name(run, b),
				.error = cell->failed ? cell->error : NULL,
				.figure = cell->median,
				.samples = cell->samples,
				.sample_count = cell->sample_count,
			};
		}
	}
	return true;
}

static const struct file_cell *
find_cell(const struct results_file *file, const char *test,
          const char *backend)
{
	for (size_t i = 0; i < file->count; i++) {
		if (strcmp(file->cells[i].test, test) == 0 &&
		    strcmp(file->cells[i].backend, backend) == 0)
			return &file->cells[i];
	}
	return NULL;
}

/* --- Deciding ------------------------------------------------------------------------ */

struct gate {
	double percent;        /* threshold, percent of the baseline */
	double minimum;        /* and at least this much (instructions) */
	bool allow_new;        /* --allow-new: cells of one file pass */
	bool markdown;         /* --format md: the summary for a review */
	/* Times: a cell moved only when its samples did too, by the rank
	 * test below BENCH_COMPARE_ALPHA (where both files have them). */
	bool rank_test;
};

double
bench_compare_allowance(double percent, double minimum, double baseline)
{
	double relative = baseline * percent / 100.0;
	return relative > minimum ? relative : minimum;
}

/* Whether the samples of a cell moved between the files (times, both with
 * samples): the rank test's p-value in change->p. Always when they cannot
 * be compared. */
static bool
samples_moved(struct change *change, const struct gate *gate)
{
	const struct file_cell *a = change->baseline, *b = change->current;
	if (!gate->rank_test || a->sample_count == 0 || b->sample_count == 0)
		return true;
	struct bench_ranked *scratch = calloc(a->sample_count +
	                                      b->sample_count, sizeof *scratch);
	if (scratch == NULL)
		return true; /* the threshold alone, as without samples */
	change->tested = true;
	change->p = bench_rank_test(a->samples, a->sample_count, b->samples,
	                            b->sample_count, scratch);
	free(scratch);
	return change->p < BENCH_COMPARE_ALPHA;
}

/* How much a figure may move before it counts. */
static double
allowance(const struct gate *gate, double baseline)
{
	return bench_compare_allowance(gate->percent, gate->minimum, baseline);
}

static void
classify(struct change *change, const struct gate *gate)
{
	const struct file_cell *base = change->baseline;
	const struct file_cell *current = change->current;
	if (current == NULL) {
		change->kind = change->not_built ? CHANGE_NOT_RUN : CHANGE_REMOVED;
	} else if (current->error != NULL) {
		change->kind = CHANGE_ERR;
	} else if (base == NULL) {
		change->kind = CHANGE_NEW;
	} else if (base->error != NULL) {
		change->kind = CHANGE_FIXED;
	} else {
		double delta = current->figure - base->figure;
		change->relative = base->figure > 0.0 ? delta / base->figure
		                   : delta > 0.0      ? (double)INFINITY
		                   : delta < 0.0      ? -(double)INFINITY
		                                      : 0.0;
		double room = allowance(gate, base->figure);
		bool moved = samples_moved(change, gate);
		change->kind = delta > room && moved ? CHANGE_REGRESSED
		                                     : CHANGE_COMPARED;
		change->improved = -delta > room && moved;
	}
}

static int
compare_changes(const void *left, const void *right)
{
	const struct change *a = left, *b = right;
	if (a->kind != b->kind)
		return (int)a->kind - (int)b->kind;
	if ((a->kind == CHANGE_REGRESSED || a->kind == CHANGE_COMPARED) &&
	    a->relative != b->relative)
		return a->relative > b->relative ? -1 : 1;
	return (a->order > b->order) - (a->order < b->order);
}

/* --- Printing ------------------------------------------------------------------------ */

/* The columns; the last, the rank test's p-value, for times only. */
enum { COLUMNS = 8, TEXT_MAX = 96 };

static const char *
status_text(const struct change *change)
{
	switch (change->kind) {
	case CHANGE_ERR:
		return "ERR";
	case CHANGE_REGRESSED:
		return "REGRESSED";
	case CHANGE_COMPARED:
		return change->improved ? "improved" : "ok";
	case CHANGE_FIXED:
		return "fixed";
	case CHANGE_NEW:
		return "new";
	case CHANGE_REMOVED:
		return "removed";
	case CHANGE_NOT_RUN:
		return "not-run";
	}
	return "?";
}

static void
figure_text(const struct file_cell *cell, char *out)
{
	if (cell == NULL)
		snprintf(out, TEXT_MAX, "-");
	else if (cell->error != NULL)
		snprintf(out, TEXT_MAX, "ERR");
	else
		bench_format_time(cell->figure, BENCH_UNIT_NS, out, TEXT_MAX);
}

static void
fill_line(const struct change *change, char text[COLUMNS][TEXT_MAX])
{
	const struct file_cell *any = change->current != NULL ? change->current
	                                                      : change->baseline;
	snprintf(text[0], TEXT_MAX, "%s", status_text(change));
	snprintf(text[1], TEXT_MAX, "%s", any->test);
	snprintf(text[2], TEXT_MAX, "%s", any->backend);
	figure_text(change->baseline, text[3]);
	figure_text(change->current, text[4]);
	snprintf(text[5], TEXT_MAX, "-");
	snprintf(text[6], TEXT_MAX, "-");
	snprintf(text[7], TEXT_MAX, "-");
	if (change->tested)
		snprintf(text[7], TEXT_MAX, "%.2g", change->p);
	if (change->kind == CHANGE_REGRESSED || change->kind == CHANGE_COMPARED) {
		double delta = change->current->figure - change->baseline->figure;
		char amount[TEXT_MAX - 1];
		bench_format_time(fabs(delta), BENCH_UNIT_NS, amount, sizeof amount);
		if (delta == 0.0)
			snprintf(text[5], TEXT_MAX, "0");
		else
			snprintf(text[5], TEXT_MAX, "%s%s", delta < 0 ? "-" : "+",
			         amount);
		if (isinf(change->relative))
			snprintf(text[6], TEXT_MAX, "%s", change->relative > 0
			                                          ? "+inf"
			                                          : "-inf");
		else
			snprintf(text[6], TEXT_MAX, "%+.1f%%",
			         change->relative * 100.0);
	}
}

static void
print_table(FILE *out, const struct change *changes, size_t count,
            size_t columns)
{
	static const char *const heading[COLUMNS] = {
		"status", "test", "backend", "baseline", "current", "change",
		"change %", "p",
	};
	char (*lines)[COLUMNS][TEXT_MAX] = calloc(count + 1, sizeof *lines);
	if (lines == NULL)
		return;
	size_t width[COLUMNS];
	for (size_t c = 0; c < columns; c++)
		width[c] = strlen(heading[c]);
	for (size_t i = 0; i < count; i++) {
		fill_line(&changes[i], lines[i]);
		for (size_t c = 0; c < columns; c++) {
			size_t length = strlen(lines[i][c]);
			width[c] = length > width[c] ? length : width[c];
		}
	}
	for (size_t i = 0; i <= count; i++) {
		for (size_t c = 0; c < columns; c++) {
			const char *text = i == 0 ? heading[c] : lines[i - 1][c];
			/* Names to the left, figures to the right. */
			if (c < 3)
				fprintf(out, "%s%-*s", c > 0 ? "  " : "",
				        (int)width[c], text);
			else
				fprintf(out, "  %*s", (int)width[c], text);
		}
		fputc('\n', out);
	}
	free(lines);
}

/* Both runs counted under the same checked pin of glibc's CPU features
 * (harness/README.md §5.4): glibc chose the same string functions
 * whatever CPU valgrind emulated, so the CPU no longer matters. */
static bool
same_checked_pin(const struct results_file *baseline,
                 const struct results_file *current)
{
	const struct bench_run_file *a = &baseline->run, *b = &current->run;
	return a->glibc_tunables != NULL && b->glibc_tunables != NULL &&
	       a->glibc_pin != NULL && b->glibc_pin != NULL &&
	       strcmp(a->glibc_tunables, b->glibc_tunables) == 0;
}

/* A fact of a context as text: a string as it is, a whole number written
 * into buffer; NULL when the file does not have it. */
static const char *
fact_text(json_t *context, const char *key, char *buffer, size_t size)
{
	json_t *value = json_object_get(context, key);
	if (json_is_integer(value)) {
		snprintf(buffer, size, "%lld",
		         (long long)json_integer_value(value));
		return buffer;
	}
	return json_string_value(value);
}

/* The "library_version" of backend `name` in a file's "backends", or
 * NULL. */
static const char *
library_version_in(const struct results_file *file, const char *name)
{
	size_t index;
	json_t *entry;
	json_array_foreach(json_object_get(file->run.root, "backends"), index,
	                   entry) {
		const char *other = json_string_value(json_object_get(entry,
		                                                      "name"));
		if (other != NULL && strcmp(other, name) == 0)
			return json_string_value(json_object_get(
				entry, "library_version"));
	}
	return NULL;
}

/* A note for each library whose version differs between the files: a
 * Debian update of a library moves its counts. */
static void
print_library_notes(FILE *out, const struct results_file *baseline,
                    const struct results_file *current)
{
	size_t index;
	json_t *entry;
	json_array_foreach(json_object_get(current->run.root, "backends"),
	                   index, entry) {
		const char *name = json_string_value(json_object_get(entry,
		                                                     "name"));
		const char *now = json_string_value(json_object_get(
			entry, "library_version"));
		const char *before = name != NULL
		                             ? library_version_in(baseline, name)
		                             : NULL;
		if (now != NULL && before != NULL && strcmp(now, before) != 0)
			fprintf(out, "note: %s's library differs: baseline "
			        "\"%s\", current \"%s\"; its changes may come from "
			        "it, not from the code\n", name, before, now);
	}
}

/* A note above the table for each context fact that differs. */
static void
print_context_notes(FILE *out, const struct results_file *baseline,
                    const struct results_file *current)
{
	print_library_notes(out, baseline, current);
	bool pinned = same_checked_pin(baseline, current);
	const char *pin_a = baseline->run.glibc_pin != NULL
	                            ? baseline->run.glibc_tunables
	                            : NULL;
	const char *pin_b = current->run.glibc_pin != NULL
	                            ? current->run.glibc_tunables
	                            : NULL;
	if (!pinned && (pin_a != NULL || pin_b != NULL))
		fprintf(out, "note: the glibc pin differs: baseline %s%s%s, "
		        "current %s%s%s; changes may come from it, not from the "
		        "code\n",
		        pin_a != NULL ? "\"" : "", pin_a != NULL ? pin_a : "none",
		        pin_a != NULL ? "\"" : "", pin_b != NULL ? "\"" : "",
		        pin_b != NULL ? pin_b : "none", pin_b != NULL ? "\"" : "");
	static const struct {
		const char *key;
		const char *what;
	} facts[] = {
		{"compiler", "compiler"},
		{"compiler_version", "compiler's version"},
		{"cflags", "compiler flags"},
		{"build_type", "build type"},
		{"sanitize", "sanitizers"},
		{"glibc", "glibc"},
		{"allocator_name", "malloc in use"},
		{"cpu", "CPU"},
		{"cores", "number of cores"},
		{"callgrind", "callgrind"},
	};
	json_t *a = json_object_get(baseline->run.root, "context");
	json_t *b = json_object_get(current->run.root, "context");
	for (size_t i = 0; i < sizeof facts / sizeof facts[0]; i++) {
		if (pinned && strcmp(facts[i].key, "cpu") == 0)
			continue;
		char left_text[32], right_text[32];
		const char *left = fact_text(a, facts[i].key, left_text,
		                             sizeof left_text);
		const char *right = fact_text(b, facts[i].key, right_text,
		                              sizeof right_text);
		if (left != NULL && right != NULL && strcmp(left, right) != 0)
			fprintf(out, "note: the %s differs: baseline \"%s\", current "
			        "\"%s\"; changes may come from it, not from the "
			        "code\n",
			        facts[i].what, left, right);
	}
}

/* The smallest p-value the rank test can give two sets of these sizes:
 * when it is not below the level, no time can be flagged. */
static double
smallest_p(long long baseline_samples, long long current_samples)
{
	if (baseline_samples < 1 || current_samples < 1 ||
	    baseline_samples > 1000 || current_samples > 1000)
		return 0;
	size_t n1 = (size_t)baseline_samples, n2 = (size_t)current_samples;
	double *values = calloc(n1 + n2, sizeof *values);
	struct bench_ranked *scratch = calloc(n1 + n2, sizeof *scratch);
	double p = 0;
	if (values != NULL && scratch != NULL) {
		for (size_t i = 0; i < n1 + n2; i++)
			values[i] = (double)i;
		p = bench_rank_test(values, n1, values + n1, n2, scratch);
	}
	free(values);
	free(scratch);
	return p;
}

/* For times: a note when a run was disturbed, or when its file cannot
 * say (harness/README.md §3.7). */
static void
print_run_notes(FILE *out, const struct results_file *baseline,
                const struct results_file *current)
{
	const struct results_file *files[2] = {baseline, current};
	static const char *const labels[2] = {"baseline", "current"};
	for (size_t i = 0; i < 2; i++) {
		const struct bench_run_file *run = &files[i]->run;
		if (run->run_verdict == BENCH_RUN_DISTURBED)
			fprintf(out, "note: the %s run was disturbed (%s): its "
			        "times may not hold, and changes may come from "
			        "that, not from the code\n", labels[i],
			        run->run_reasons != NULL ? run->run_reasons : "");
		else if (run->run_verdict == BENCH_RUN_UNKNOWN)
			fprintf(out, "note: the %s file (schema %lld) cannot say "
			        "whether its run was disturbed\n", labels[i],
			        run->schema);
		const char *injected = json_string_value(json_object_get(
			json_object_get(run->root, "context"),
			"injected_regression"));
		if (injected != NULL)
			fprintf(out, "note: the %s run was built with a test-only "
			        "regression (%s)\n", labels[i], injected);
	}
}

static void
describe_file(FILE *out, const char *label, const struct results_file *file)
{
	fprintf(out, "%s %s (commit %.12s, %s)\n", label, file->path,
	        file->run.git_commit, file->run.date);
}

/* --- The command --------------------------------------------------------------------- */

static const char usage[] =
	"usage: bench compare BASELINE.json CURRENT.json [--threshold PCT] "
	"[--allow-new] [--format md]";

/* --format: the table (by default), or md, the summary for a review;
 * false, said on err, for anything else. */
static bool
parse_summary_format(const struct bench_program *program, const char *word,
                     bool *markdown)
{
	*markdown = word != NULL && strcmp(word, "md") == 0;
	if (!*markdown)
		fprintf(program->err, "bench compare: --format takes md (the "
		        "summary for a review)\n");
	return *markdown;
}

const char bench_compare_usage[] =
	"usage: bench compare BASELINE.json CURRENT.json [--threshold PCT]\n"
	"                     [--allow-new] [--format md]\n"
	"\n"
	"Prints every cell's change between two results JSONs of the same unit:\n"
	"failed cells first, then regressions by largest growth, then the\n"
	"others; cells found in one file only follow. A note says when the\n"
	"compiler, flags, glibc, CPU or callgrind differ between the files.\n"
	"\n"
	"  --threshold PCT  growth past which a cell regresses (default 2 for\n"
	"                   instructions, which must also grow by more than 20\n"
	"                   per operation; 10 for times)\n"
	"  --allow-new      cells new or removed do not fail the comparison\n"
	"  --format md      a summary for a review instead: the verdict in one\n"
	"                   line, the cells beyond the threshold, the notes\n"
	"  -h, --help       this text\n"
	"\n"
	"Exit status: 0 nothing regressed; 1 an input unusable or ERR cells in\n"
	"CURRENT; 2 bad usage; 3 a cell regressed; 4 a cell is new or removed.\n";

/* Parses PCT: a number from 0 to 1000, an optional '%' after it. */
static bool
parse_threshold(const char *text, double *out)
{
	char *end;
	errno = 0;
	double value = strtod(text, &end);
	if (end == text || errno != 0 || !isfinite(value))
		return false;
	if (*end == '%')
		end++;
	if (*end != '\0' || value < 0.0 || value > 1000.0)
		return false;
	*out = value;
	return true;
}

/* Lists every cell of either file, classified and in table order. */
static struct change *
collect_changes(const struct results_file *baseline,
                const struct results_file *current, const struct gate *gate,
                size_t *count)
{
	struct change *changes = calloc(baseline->count + current->count + 1,
	                                sizeof *changes);
	if (changes == NULL)
		return NULL;
	size_t used = 0;
	for (size_t i = 0; i < current->count; i++) {
		const struct file_cell *cell = &current->cells[i];
		changes[used] = (struct change){
			.current = cell,
			.baseline = find_cell(baseline, cell->test, cell->backend),
			.order = used,
		};
		classify(&changes[used++], gate);
	}
	for (size_t i = 0; i < baseline->count; i++) {
		const struct file_cell *cell = &baseline->cells[i];
		if (find_cell(current, cell->test, cell->backend) != NULL)
			continue;
		bool not_built = false;
		for (size_t k = 0; k < current->run.skipped_count; k++)
			not_built |= strcmp(current->run.skipped[k],
			                    cell->backend) == 0;
		changes[used] = (struct change){
			.baseline = cell,
			.order = used,
			.not_built = not_built,
		};
		classify(&changes[used++], gate);
	}
	qsort(changes, used, sizeof *changes, compare_changes);
	*count = used;
	return changes;
}

/* How many changes of each kind, and how many improved. */
struct tally {
	size_t kind[CHANGE_NOT_RUN + 1];
	size_t improved;
};

/* The two files, the gate, and what differs between their contexts. */
static void
print_header(FILE *out, const struct results_file *baseline,
             const struct results_file *current, const struct gate *gate)
{
	describe_file(out, "baseline:", baseline);
	describe_file(out, "current: ", current);
	fprintf(out, "Figures in %s per operation. A cell regresses when it grew "
	        "by more than %g%%", current->unit, gate->percent);
	if (gate->minimum > 0)
		fprintf(out, " and by more than %g %s", gate->minimum,
		        current->unit);
	fputs(" of its baseline", out);
	if (gate->rank_test)
		fprintf(out, " and its samples moved: the Mann-Whitney U test of "
		        "the two cells' samples gives p below %g (p in the "
		        "table; where a file has no samples, the median "
		        "alone decides); an improvement likewise",
		        BENCH_COMPARE_ALPHA);
	fputs(".\n", out);
	if (gate->rank_test)
		print_run_notes(out, baseline, current);
	if (gate->rank_test && smallest_p(baseline->run.repetitions,
	                                  current->run.repetitions) >=
	                               BENCH_COMPARE_ALPHA)
		fprintf(out, "note: with %lld and %lld samples a cell the rank "
		        "test cannot reach p below %g: no time can regress; "
		        "compare runs of more repetitions\n",
		        baseline->run.repetitions, current->run.repetitions,
		        BENCH_COMPARE_ALPHA);
	print_context_notes(out, baseline, current);
	fputc('\n', out);
}

/* The compared cells, then those of one file only in a section of their
 * own (the sort puts them last). */
static void
print_tables(FILE *out, const struct change *changes, size_t count,
             const struct tally *tally, const struct gate *gate)
{
	size_t compared = count - tally->kind[CHANGE_NEW] -
	                  tally->kind[CHANGE_REMOVED] -
	                  tally->kind[CHANGE_NOT_RUN];
	size_t columns = gate->rank_test ? COLUMNS : COLUMNS - 1;
	print_table(out, changes, compared, columns);
	if (compared == count)
		return;
	bool changed = tally->kind[CHANGE_NEW] + tally->kind[CHANGE_REMOVED] > 0;
	fprintf(out, "\nCells in one file only, not compared%s:\n\n",
	        !changed          ? " (not run: their backends are not "
	                            "built here)"
	        : gate->allow_new ? " (new and removed ones allowed by "
	                            "--allow-new)"
	                          : " (new and removed ones fail the gate "
	                            "until the baseline is updated, or "
	                            "--allow-new is given)");
	print_table(out, changes + compared, count - compared, columns);
}

/* The totals, and the reason of every ERR cell. */
static void
print_summary(FILE *out, const struct change *changes, size_t count,
              const struct tally *tally)
{
	fprintf(out, "\n%zu of %zu cells regressed, %zu improved, %zu ERR, "
	        "%zu new, %zu removed%s.\n",
	        tally->kind[CHANGE_REGRESSED], count, tally->improved,
	        tally->kind[CHANGE_ERR], tally->kind[CHANGE_NEW],
	        tally->kind[CHANGE_REMOVED],
	        tally->kind[CHANGE_FIXED] > 0 ? ", some fixed" : "");
	if (tally->kind[CHANGE_NOT_RUN] > 0)
		fprintf(out, "%zu cells of backends the current build does not "
		        "have were not run (not a regression).\n",
		        tally->kind[CHANGE_NOT_RUN]);
	for (size_t i = 0; i < count; i++) {
		if (changes[i].kind == CHANGE_ERR)
			fprintf(out, "%s/%s failed: %s\n", changes[i].current->test,
			        changes[i].current->backend,
			        changes[i].current->error);
	}
}

/* The gate's exit status, the most serious that applies, said on err. */
static int
gate_status(FILE *err, const struct results_file *current,
            const struct gate *gate, const struct tally *tally)
{
	size_t errors = tally->kind[CHANGE_ERR];
	size_t regressed = tally->kind[CHANGE_REGRESSED];
	size_t added = tally->kind[CHANGE_NEW];
	size_t removed = tally->kind[CHANGE_REMOVED];
	if (errors > 0) {
		fprintf(err, "bench compare: %s holds %zu ERR cell%s (failed "
		        "validation)\n", current->path, errors,
		        errors == 1 ? "" : "s");
		return BENCH_EXIT_FAILED;
	}
	if (regressed > 0) {
		fprintf(err, "bench compare: %zu cell%s regressed (see the "
		        "table)\n", regressed, regressed == 1 ? "" : "s");
		return BENCH_EXIT_REGRESSED;
	}
	if (!gate->allow_new && added + removed > 0) {
		fprintf(err, "bench compare: %zu new and %zu removed cells are "
		        "not compared (update the baseline, or give "
		        "--allow-new)\n", added, removed);
		return BENCH_EXIT_CELLS_CHANGED;
	}
	return BENCH_EXIT_OK;
}

/* --- The summary for a review (--format md) ---------------------------------- */

/* The regressed or the improved cells, as a Markdown table. */
static void
md_cells(FILE *out, const struct change *changes, size_t count,
         bool regressed, const char *unit)
{
	size_t listed = 0;
	for (size_t i = 0; i < count; i++) {
		const struct change *change = &changes[i];
		bool wanted = regressed ? change->kind == CHANGE_REGRESSED
		                        : change->kind == CHANGE_COMPARED &&
		                                  change->improved;
		if (!wanted)
			continue;
		if (listed++ == 0)
			fprintf(out, "| test | backend | baseline (%s) | current | "
			        "change |\n|---|---|--:|--:|--:|\n", unit);
		char before[TEXT_MAX], after[TEXT_MAX], text[COLUMNS][TEXT_MAX];
		figure_text(change->baseline, before);
		figure_text(change->current, after);
		fill_line(change, text);
		fprintf(out, "| %s | %s | %s | %s | %s |\n", change->current->test,
		        change->current->backend, before, after, text[6]);
	}
	if (listed == 0)
		fputs("None.\n", out);
}

/* The context notes, as Markdown list items. */
static void
md_notes(FILE *out, const struct results_file *baseline,
         const struct results_file *current)
{
	char *text = NULL;
	size_t length = 0;
	FILE *notes = open_memstream(&text, &length);
	if (notes == NULL)
		return;
	print_context_notes(notes, baseline, current);
	fclose(notes);
	fputs("\n**Notes**\n\n", out);
	if (length == 0)
		fputs("- Nothing differs between the two files' compilers, flags, "
		      "glibc, callgrind and glibc pins.\n", out);
	for (char *line = text; line != NULL && *line != '\0';) {
		char *end = strchr(line, '\n');
		if (end != NULL)
			*end = '\0';
		fprintf(out, "- %s\n", strncmp(line, "note: ", 6) == 0 ? line + 6
		                                                      : line);
		line = end != NULL ? end + 1 : NULL;
	}
	free(text);
}

/*
 * The summary for a pull request's review: the verdict in one line, the
 * cells that regressed and those that improved beyond the threshold (old,
 * new, change), and what differs between the two files' toolchains.
 */
static void
print_markdown(FILE *out, const struct results_file *baseline,
               const struct results_file *current,
               const struct change *changes, size_t count,
               const struct tally *tally, const struct gate *gate)
{
	size_t regressed = tally->kind[CHANGE_REGRESSED];
	size_t errors = tally->kind[CHANGE_ERR];
	size_t changed = tally->kind[CHANGE_NEW] + tally->kind[CHANGE_REMOVED];
	fputs("### ", out);
	if (errors > 0)
		fprintf(out, "Failed: %zu cell%s failed validation", errors,
		        errors == 1 ? "" : "s");
	else if (regressed > 0)
		fprintf(out, "Regressed: %zu cell%s grew beyond the threshold",
		        regressed, regressed == 1 ? "" : "s");
	else if (changed > 0 && !gate->allow_new)
		fprintf(out, "Cells changed: %zu new, %zu removed (update the "
		        "baseline)", tally->kind[CHANGE_NEW],
		        tally->kind[CHANGE_REMOVED]);
	else
		fputs("Passed: no cell regressed", out);
	fprintf(out, " (%zu cells compared, %zu improved)\n\n", count,
	        tally->improved);
	fprintf(out, "`%s` (%.12s) against `%s` (%.12s), in %s per operation. "
	        "A cell regresses when it grows by more than %g %%",
	        current->path, current->run.git_commit, baseline->path,
	        baseline->run.git_commit, current->unit, gate->percent);
	if (gate->minimum > 0)
		fprintf(out, " and by more than %g %s", gate->minimum,
		        current->unit);
	fputs(".\n\n**Regressed**\n\n", out);
	md_cells(out, changes, count, true, current->unit);
	fputs("\n**Improved**\n\n", out);
	md_cells(out, changes, count, false, current->unit);
	for (size_t i = 0; i < count; i++) {
		if (changes[i].kind == CHANGE_ERR)
			fprintf(out, "%s- ERR %s/%s: %s\n", i == 0 ? "\n" : "",
			        changes[i].current->test, changes[i].current->backend,
			        changes[i].current->error);
	}
	md_notes(out, baseline, current);
}

static int
report(const struct bench_program *program, const struct results_file *baseline,
       const struct results_file *current, const struct gate *gate)
{
	size_t count;
	struct change *changes = collect_changes(baseline, current, gate, &count);
	if (changes == NULL) {
		fprintf(program->err, "bench compare: out of memory\n");
		return BENCH_EXIT_FAILED;
	}
	struct tally tally = {0};
	for (size_t i = 0; i < count; i++) {
		tally.kind[changes[i].kind]++;
		tally.improved += changes[i].improved ? 1 : 0;
	}
	if (gate->markdown) {
		print_markdown(program->out, baseline, current, changes, count,
		               &tally, gate);
	} else {
		print_header(program->out, baseline, current, gate);
		print_tables(program->out, changes, count, &tally, gate);
		print_summary(program->out, changes, count, &tally);
	}
	int status = gate_status(program->err, current, gate, &tally);
	free(changes);
	return status;
}

int
bench_compare_main(const struct bench_program *program, int argc,
                   char **argv)
{
	const char *paths[2] = {NULL, NULL};
	size_t path_count = 0;
	double percent = -1.0;
	bool allow_new = false, markdown = false;
	for (int i = 1; i < argc; i++) {
		const char *value = NULL;
		if (strcmp(argv[i], "--allow-new") == 0) {
			allow_new = true;
			continue;
		} else if (strcmp(argv[i], "--format") == 0) {
			if (!parse_summary_format(program, i + 1 < argc ? argv[++i]
			                                                : NULL,
			                          &markdown))
				return BENCH_EXIT_USAGE;
			continue;
		} else if (strcmp(argv[i], "--threshold") == 0) {
			if (i + 1 == argc) {
				fprintf(program->err, "bench compare: --threshold needs "
				        "a value\n");
				return BENCH_EXIT_USAGE;
			}
			value = argv[++i];
		} else if (strncmp(argv[i], "--threshold=", 12) == 0) {
			value = argv[i] + 12;
		} else if (strncmp(argv[i], "--", 2) == 0 || path_count == 2) {
			fprintf(program->err, "bench compare: unexpected argument "
			        "'%s' (%s)\n", argv[i], usage);
			return BENCH_EXIT_USAGE;
		} else {
			paths[path_count++] = argv[i];
			continue;
		}
		if (!parse_threshold(value, &percent)) {
			fprintf(program->err, "bench compare: --threshold: '%s' is "
			        "not a percentage from 0 to 1000\n", value);
			return BENCH_EXIT_USAGE;
		}
	}
	if (path_count != 2) {
		fprintf(program->err, "bench compare: %s\n", usage);
		return BENCH_EXIT_USAGE;
	}

	char why[4096 + 256];
	struct results_file baseline = {0}, current = {0};
	int status = BENCH_EXIT_FAILED;
	if (!load_results(&baseline, paths[0], why, sizeof why) ||
	    !load_results(&current, paths[1], why, sizeof why)) {
		fprintf(program->err, "bench compare: %s\n", why);
		goto done;
	}
	if (strcmp(baseline.unit, current.unit) != 0) {
		fprintf(program->err, "bench compare: different units: %s is in "
		        "%s, %s in %s\n", baseline.path, baseline.unit,
		        current.path, current.unit);
		goto done;
	}
	/* The reader took "ns" or "instructions" only. */
	bool counted = strcmp(current.unit, "instructions") == 0;
	struct gate gate = counted
		? (struct gate){.percent = BENCH_COMPARE_INSTRUCTIONS_PCT,
		                .minimum = BENCH_COMPARE_INSTRUCTIONS_MIN}
		: (struct gate){.percent = BENCH_COMPARE_TIME_PCT,
		                .rank_test = true};
	if (percent >= 0.0)
		gate.percent = percent;
	gate.allow_new = allow_new;
	gate.markdown = markdown;
	status = report(program, &baseline, &current, &gate);
done:
	results_file_free(&baseline);
	results_file_free(&current);
	return status;
}
