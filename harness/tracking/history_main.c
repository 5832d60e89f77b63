/*
 * history_main.c - `bench history` (see history.h and its usage below):
 * the versions of a results file, the moves between them, and the series
 * of every cell as CSV, JSON, or one tracker's file per version.
 */
#include "history.h"

#include "compare.h"
#include "json_file.h"
#include "options.h"
#include "output.h"
#include "output_file.h"
#include "results.h"
#include "say.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

const char bench_history_usage[] =
	"usage: bench history [FILE] [--filter REGEX] [--backends A,B]\n"
	"                     [--threshold PCT] [--format FORMAT] [--out PATH]\n"
	"                     [--git PROGRAM]\n"
	"\n"
	"Reads every committed version of FILE (default: the instruction\n"
	"baseline, results/baseline-instructions.json of the source tree)\n"
	"from the git repository it lives in (`git log --follow`; nothing is\n"
	"changed), lists the versions and prints the moves: the cells whose\n"
	"figure moved by more than the threshold since the version before\n"
	"that has them, under each commit's subject. A move between versions\n"
	"of another glibc pin or toolchain (compiler, flags, glibc,\n"
	"callgrind) is counted apart, as such, never as a regression.\n"
	"\n"
	"  --filter REGEX    only the tests it matches (POSIX extended)\n"
	"  --backends A,B    only these backends (any case; the Floor is\n"
	"                    always followed)\n"
	"  --threshold PCT   a move is more than PCT percent (0 to 1000) of\n"
	"                    the figure before, and for instructions more than\n"
	"                    20 an operation (default: bench compare's, 2 for\n"
	"                    instructions, 10 for times)\n"
	"  --format csv|json the series of every cell (commit, date and\n"
	"                    figure per version) to stdout, or to --out FILE\n"
	"                    (the moves are then printed too)\n"
	"  --format bmf|github-action\n"
	"                    one file per version in that tracker's format,\n"
	"                    named COMMIT.json, into the folder --out DIR\n"
	"  --out PATH        where --format writes\n"
	"  --git PROGRAM     the git to run (default: git, from PATH)\n"
	"  -h, --help        this text\n"
	"\n"
	"Exit status: 0 done; 1 the history cannot be read (no git, a shallow\n"
	"clone: run `git fetch --unshallow`; no committed version; a version\n"
	"the results reader refuses) or an output fails; 2 bad usage or an\n"
	"output that cannot be written (checked before the history is read).\n";

struct history_options {
	bool help;
	const char *file;
	const char *filter_text;
	regex_t filter;
	bool has_filter;
	char *backend_text;        /* a copy, cut at the commas */
	const char *backends[64];
	double percent;            /* < 0: the default of the unit */
	bool has_format;
	enum bench_format format;
	const char *out;
	const char *git;
	char file_default[4096];
};

/* --- Options ----------------------------------------------------------------- */

/* A refusal of the command line: the reason, and exit status 2. */
#define fail_usage(why, why_size, ...)                                      \
	(bench_say(why, why_size, __VA_ARGS__) ? BENCH_EXIT_USAGE            \
	                                       : BENCH_EXIT_USAGE)

/* "A,B" into the NULL-terminated list of names. */
static int
parse_backends(struct history_options *options, const char *text, char *why,
               size_t why_size)
{
	free(options->backend_text);
	options->backend_text = strdup(text);
	if (options->backend_text == NULL)
		return fail_usage(why, why_size, "out of memory");
	size_t count = 0;
	for (char *name = strtok(options->backend_text, ","); name != NULL;
	     name = strtok(NULL, ",")) {
		if (count + 1 == sizeof options->backends /
		                     sizeof options->backends[0])
			return fail_usage(why, why_size, "history: --backends: too "
			                  "many names in '%s'", text);
		options->backends[count++] = name;
	}
	options->backends[count] = NULL;
	if (count == 0)
		return fail_usage(why, why_size, "history: --backends: no name "
		                  "in '%s'", text);
	return BENCH_EXIT_OK;
}

/* The formats `bench history` writes, of BENCH_FORMAT_LIST. */
static bool
history_format(enum bench_format format)
{
	return format == BENCH_FORMAT_CSV || format == BENCH_FORMAT_JSON ||
	       format == BENCH_FORMAT_BMF ||
	       format == BENCH_FORMAT_GITHUB_ACTION;
}

static bool
writes_folder(const struct history_options *options)
{
	return options->has_format && (options->format == BENCH_FORMAT_BMF ||
	                               options->format ==
	                                       BENCH_FORMAT_GITHUB_ACTION);
}

/* One option that takes a value. */
static int
parse_valued(struct history_options *options, const char *name,
             const char *value, char *why, size_t why_size)
{
	if (strcmp(name, "--filter") == 0) {
		if (options->has_filter)
			regfree(&options->filter);
		options->has_filter = regcomp(&options->filter, value,
		                              REG_EXTENDED | REG_NOSUB) == 0;
		options->filter_text = value;
		return options->has_filter
		               ? BENCH_EXIT_OK
		               : fail_usage(why, why_size, "history: --filter: "
		                            "'%s' is not a POSIX extended regular "
		                            "expression", value);
	}
	if (strcmp(name, "--backends") == 0)
		return parse_backends(options, value, why, why_size);
	if (strcmp(name, "--threshold") == 0) {
		char *end;
		errno = 0;
		options->percent = strtod(value, &end);
		if (end != value && *end == '%')
			end++;
		if (end == value || *end != '\0' || errno != 0 ||
		    !(options->percent >= 0 && options->percent <= 1000))
			return fail_usage(why, why_size, "history: --threshold: "
			                  "'%s' is not a percentage from 0 to 1000",
			                  value);
		return BENCH_EXIT_OK;
	}
	if (strcmp(name, "--format") == 0) {
		options->has_format = true;
		if (!bench_format_parse(value, &options->format) ||
		    !history_format(options->format))
			return fail_usage(why, why_size, "history: --format: '%s' "
			                  "is not csv, json, bmf or github-action",
			                  value);
		return BENCH_EXIT_OK;
	}
	if (strcmp(name, "--out") == 0)
		options->out = value;
	else
		options->git = value;
	return BENCH_EXIT_OK;
}

static int
parse_arguments(struct history_options *options, int argc, char **argv,
                char *why, size_t why_size)
{
	static const char *const valued[] = {"--filter", "--backends",
	                                     "--threshold", "--format", "--out",
	                                     "--git"};
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
			options->help = true;
			return BENCH_EXIT_OK;
		}
		bool known = false;
		for (size_t v = 0; v < sizeof valued / sizeof valued[0]; v++) {
			if (strcmp(arg, valued[v]) != 0)
				continue;
			known = true;
			if (i + 1 >= argc || argv[i + 1][0] == '\0')
				return fail_usage(why, why_size, "history: %s needs a "
				                  "value", arg);
			int status = parse_valued(options, arg, argv[++i], why,
			                          why_size);
			if (status != BENCH_EXIT_OK)
				return status;
		}
		if (known)
			continue;
		if (arg[0] == '-' && arg[1] != '\0')
			return fail_usage(why, why_size, "history: unknown option "
			                  "'%s' (see bench history --help)", arg);
		if (options->file != NULL)
			return fail_usage(why, why_size, "history: one results file "
			                  "only (got '%s' twice)", arg);
		options->file = arg;
	}
	return BENCH_EXIT_OK;
}

/* A folder for the trackers' files: there, or made now. */
static bool
check_folder(const char *path, char *why, size_t why_size)
{
	struct stat info;
	if (stat(path, &info) == 0)
		return S_ISDIR(info.st_mode) ||
		       bench_say(why, why_size, "%s: not a folder (--format "
		                 "bmf and github-action write one file per "
		                 "version into --out DIR)", path);
	if (errno != ENOENT || mkdir(path, 0777) != 0)
		return bench_say(why, why_size, "%s: cannot make the folder: %s",
		                 path, strerror(errno));
	return true;
}

/* The options checked together, and the outputs checked before the
 * history is read. */
static int
check_options(const struct bench_program *program,
              struct history_options *options, char *why, size_t why_size)
{
	if (options->file == NULL) {
		if (program->results_dir == NULL)
			return fail_usage(why, why_size, "history: which results "
			                  "file? (usage: bench history FILE)");
		snprintf(options->file_default, sizeof options->file_default,
		         "%s/baseline-instructions.json", program->results_dir);
		options->file = options->file_default;
	}
	if (writes_folder(options) && options->out == NULL)
		return fail_usage(why, why_size, "history: --format %s writes "
		                  "one file per version: give --out DIR",
		                  bench_format_name(options->format));
	if (options->out != NULL && !options->has_format)
		return fail_usage(why, why_size, "history: --out %s: give "
		                  "--format (csv, json, bmf or github-action)",
		                  options->out);
	bool ok = options->out == NULL ||
	          (writes_folder(options)
	                   ? check_folder(options->out, why, why_size)
	                   : bench_output_check(options->out, why, why_size));
	/* Refused before any work, as every output (harness/README.md §6.6). */
	return ok ? BENCH_EXIT_OK : BENCH_EXIT_USAGE;
}

/* --- The versions and the moves ---------------------------------------------- */

/* The threshold a history's unit takes by default (bench compare's). */
static void
threshold_of(const struct bench_history *history,
             const struct history_options *options, double *percent,
             double *minimum)
{
	bool counts = strcmp(history->versions[0].run.unit, "instructions") == 0;
	*percent = counts ? BENCH_COMPARE_INSTRUCTIONS_PCT
	                  : BENCH_COMPARE_TIME_PCT;
	*minimum = counts ? BENCH_COMPARE_INSTRUCTIONS_MIN : 0;
	if (options->percent >= 0)
		*percent = options->percent;
}

/* The first `width` characters of a subject, "..." where cut. */
static void
put_subject(FILE *out, const char *subject, int width)
{
	if ((int)strlen(subject) <= width)
		fprintf(out, "%s", subject);
	else
		fprintf(out, "%.*s...", width - 3, subject);
}

static void
print_versions(FILE *out, const char *file,
               const struct bench_history *history)
{
	const struct bench_history_version *first = &history->versions[0];
	const struct bench_history_version *last =
		&history->versions[history->count - 1];
	fprintf(out, "%s: %zu committed versions, %.10s to %.10s, in %zu "
	        "era%s of one glibc pin and toolchain\n\n", file,
	        history->count, first->date, last->date, history->era_count,
	        history->era_count == 1 ? "" : "s");
	fprintf(out, "  #  commit    date        schema  rows  backends  "
	        "subject\n");
	for (size_t v = 0; v < history->count; v++) {
		const struct bench_history_version *version = &history->versions[v];
		fprintf(out, "%3zu  %.8s  %.10s  %6lld  %4zu  %8zu  ", v + 1,
		        version->commit, version->date, version->run.schema,
		        version->run.row_count, version->run.backend_count);
		put_subject(out, version->subject, 60);
		fputc('\n', out);
		if (version->boundary != NULL)
			fprintf(out, "     a new era: %s\n", version->boundary);
	}
}

/* The moves of one version within its era, under its commit. */
static void
print_version_moves(FILE *out, const struct bench_history_series *series,
                    const struct bench_history_move *moves, size_t count)
{
	for (size_t m = 0; m < count; m++) {
		const struct bench_history_move *move = &moves[m];
		if (move->across_eras)
			continue;
		const struct bench_history_cell *cell = &series->cells[move->cell];
		char before[32], after[32];
		bench_format_time(move->before, BENCH_UNIT_NS, before,
		                  sizeof before);
		bench_format_time(move->after, BENCH_UNIT_NS, after, sizeof after);
		fprintf(out, "  %-4s  %-40s  %-20s  %10s -> %-10s  %+7.1f %%\n",
		        move->after > move->before ? "up" : "down", cell->test,
		        cell->backend, before, after, move->relative * 100.0);
	}
}

/* The moves across eras of one version, in one line. */
static void
print_era_moves(FILE *out, const struct bench_history_version *version,
                const struct bench_history_move *moves, size_t count)
{
	size_t across = 0;
	double low = INFINITY, high = -INFINITY;
	for (size_t m = 0; m < count; m++) {
		if (!moves[m].across_eras)
			continue;
		across++;
		low = fmin(low, moves[m].relative);
		high = fmax(high, moves[m].relative);
	}
	if (across > 0)
		fprintf(out, "  %zu cells moved across a change of era (%s), by "
		        "%+.1f %% to %+.1f %%: not regressions\n", across,
		        version->boundary != NULL ? version->boundary
		                                  : "a version between",
		        low * 100.0, high * 100.0);
}

static void
print_moves(FILE *out, const struct bench_history *history,
            const struct bench_history_series *series,
            const struct bench_history_move *moves, size_t count,
            double percent, double minimum)
{
	const char *unit = history->versions[0].run.unit;
	fprintf(out, "\nMoves of more than %g %%", percent);
	if (minimum > 0)
		fprintf(out, " and %g %s an operation", minimum, unit);
	fprintf(out, " since the version before that has the cell, among "
	        "the %zu cells followed:\n", series->count);
	size_t within = 0, up = 0;
	for (size_t m = 0; m < count;) {
		size_t end = m;
		while (end < count && moves[end].version == moves[m].version)
			end++;
		const struct bench_history_version *version =
			&history->versions[moves[m].version];
		fprintf(out, "\n%zu %.8s %.10s ", moves[m].version + 1,
		        version->commit, version->date);
		put_subject(out, version->subject, 90);
		fputc('\n', out);
		print_version_moves(out, series, moves + m, end - m);
		print_era_moves(out, version, moves + m, end - m);
		for (size_t i = m; i < end; i++) {
			within += moves[i].across_eras ? 0 : 1;
			up += !moves[i].across_eras && moves[i].relative > 0 ? 1 : 0;
		}
		m = end;
	}
	fprintf(out, "\n%zu moves within an era (%zu up, %zu down), %zu across "
	        "a change of era.\n", within, up, within - up, count - within);
}

/* --- The series -------------------------------------------------------------- */

struct series_file {
	const char *file;
	const struct bench_history *history;
	const struct bench_history_series *series;
};

/* test,backend,version,commit,date,figure,era: a line per cell and
 * version that has its figure. */
static bool
write_csv(FILE *out, const void *context)
{
	const struct series_file *data = context;
	fputs("test,backend,version,commit,date,figure,era\n", out);
	for (size_t c = 0; c < data->series->count; c++) {
		const struct bench_history_cell *cell = &data->series->cells[c];
		for (size_t v = cell->first; v < data->series->version_count; v++) {
			if (isnan(cell->figures[v]))
				continue;
			const struct bench_history_version *version =
				&data->history->versions[v];
			fprintf(out, "%s,%s,%zu,%s,%s,%.10g,%zu\n", cell->test,
			        cell->backend, v + 1, version->commit, version->date,
			        cell->figures[v], version->era);
		}
	}
	return !ferror(out);
}

static json_t *
versions_json(const struct bench_history *history)
{
	json_t *versions = json_array();
	for (size_t v = 0; v < history->count; v++) {
		const struct bench_history_version *version = &history->versions[v];
		json_t *entry = json_object();
		bench_json_put(entry, "commit", bench_json_text(version->commit));
		bench_json_put(entry, "date", bench_json_text(version->date));
		bench_json_put(entry, "subject", bench_json_text(version->subject));
		bench_json_put(entry, "path", bench_json_text(version->path));
		bench_json_put(entry, "schema", json_integer(version->run.schema));
		bench_json_put(entry, "era", json_integer((json_int_t)version->era));
		bench_json_put(entry, "era_change",
		               version->boundary != NULL
		                       ? bench_json_text(version->boundary)
		                       : json_null());
		json_array_append_new(versions, entry);
	}
	return versions;
}

/* {"file","unit","versions":[...],"cells":[{"test","backend","operation",
 *  "series":[{"version","commit","date","figure","era"}]}]} */
static bool
write_json(FILE *out, const void *context)
{
	const struct series_file *data = context;
	const struct bench_history *history = data->history;
	json_t *root = json_object();
	bench_json_put(root, "file", bench_json_text(data->file));
	bench_json_put(root, "unit",
	               bench_json_text(history->versions[0].run.unit));
	bench_json_put(root, "versions", versions_json(history));
	json_t *cells = json_array();
	for (size_t c = 0; c < data->series->count; c++) {
		const struct bench_history_cell *cell = &data->series->cells[c];
		json_t *points = json_array();
		for (size_t v = cell->first; v < data->series->version_count; v++) {
			if (isnan(cell->figures[v]))
				continue;
			const struct bench_history_version *version =
				&history->versions[v];
			json_array_append_new(points, json_pack(
				"{s:I, s:s, s:s, s:f, s:I}", "version",
				(json_int_t)(v + 1), "commit", version->commit, "date",
				version->date, "figure", cell->figures[v], "era",
				(json_int_t)version->era));
		}
		json_array_append_new(cells, json_pack(
			"{s:s, s:s, s:s, s:o}", "test", cell->test, "backend",
			cell->backend, "operation", bench_op_name(cell->op), "series",
			points));
	}
	bench_json_put(root, "cells", cells);
	bool ok = bench_json_dump(out, root);
	json_decref(root);
	return ok;
}

/* One version in a tracker's format (output_trackers.c). */
struct tracker_file {
	const struct bench_run_file *run;
	enum bench_format format;
};

static bool
write_tracker(FILE *out, const void *context)
{
	const struct tracker_file *file = context;
	json_t *root = bench_tracker_document(file->run, file->format);
	bool ok = root != NULL && bench_json_dump(out, root);
	json_decref(root);
	return ok;
}

/* Every version's file, as one set: none is replaced unless all can be. */
static bool
write_trackers(const struct history_options *options,
               const struct bench_history *history, char *why,
               size_t why_size)
{
	struct bench_output_part *parts = calloc(history->count, sizeof *parts);
	struct tracker_file *files = calloc(history->count, sizeof *files);
	char (*paths)[4096 + 64] = calloc(history->count, sizeof *paths);
	bool ok = parts != NULL && files != NULL && paths != NULL;
	for (size_t v = 0; ok && v < history->count; v++) {
		snprintf(paths[v], sizeof paths[v], "%s/%s.json", options->out,
		         history->versions[v].commit);
		files[v] = (struct tracker_file){&history->versions[v].run,
		                                 options->format};
		parts[v] = (struct bench_output_part){paths[v], write_tracker,
		                                      &files[v]};
	}
	if (!ok)
		bench_say(why, why_size, "out of memory");
	else
		ok = bench_output_write_set(parts, history->count, why, why_size);
	free(parts);
	free(files);
	free(paths);
	return ok;
}

/* Writes what --format asks; false with a reason. */
static bool
write_series(const struct bench_program *program,
             const struct history_options *options,
             const struct bench_history *history,
             const struct bench_history_series *series, char *why,
             size_t why_size)
{
	if (writes_folder(options))
		return write_trackers(options, history, why, why_size);
	struct series_file data = {options->file, history, series};
	bench_file_writer writer = options->format == BENCH_FORMAT_CSV
	                                    ? write_csv
	                                    : write_json;
	if (options->out != NULL)
		return bench_output_write(options->out, writer, &data, why,
		                          why_size);
	return (writer(program->out, &data) && fflush(program->out) == 0) ||
	       bench_say(why, why_size, "cannot write the series");
}

/* --- The command ------------------------------------------------------------- */

/* The names of --backends that no version has, said in one line. */
static bool
check_backends(const struct history_options *options,
               const struct bench_history *history, char *why,
               size_t why_size)
{
	for (size_t i = 0; options->backend_text != NULL &&
	                   options->backends[i] != NULL; i++) {
		bool found = strcasecmp(options->backends[i], "Floor") == 0;
		for (size_t v = 0; v < history->count && !found; v++) {
			const struct bench_run_file *run = &history->versions[v].run;
			for (size_t b = 0; b < run->backend_count && !found; b++)
				found = strcasecmp(run->backends[b].name,
				                   options->backends[i]) == 0;
		}
		if (!found)
			return bench_say(why, why_size, "history: --backends: no "
			                 "version of %s has a backend '%s'",
			                 options->file, options->backends[i]);
	}
	return true;
}

/* Reads the history and writes what was asked. */
static int
history_run(const struct bench_program *program,
            const struct history_options *options, char *why,
            size_t why_size)
{
	struct bench_history history;
	if (!bench_history_read(options->file, options->git, &history, why,
	                        why_size))
		return BENCH_EXIT_FAILED;
	int status = BENCH_EXIT_OK;
	struct bench_history_selection selection = {
		.filter = options->has_filter ? &options->filter : NULL,
		.backends = options->backend_text != NULL ? options->backends
		                                          : NULL,
	};
	struct bench_history_series series = {0};
	struct bench_history_move *moves = NULL;
	size_t count = 0;
	double percent, minimum;
	threshold_of(&history, options, &percent, &minimum);
	if (!check_backends(options, &history, why, why_size))
		status = BENCH_EXIT_USAGE;
	else if (!bench_history_series(&history, &selection, &series) ||
	         (count = bench_history_moves(&history, &series, percent,
	                                      minimum, &moves)) == SIZE_MAX)
		status = bench_say(why, why_size, "out of memory")
		                 ? BENCH_EXIT_FAILED : BENCH_EXIT_FAILED;
	else if (options->has_format &&
	         !write_series(program, options, &history, &series, why,
	                       why_size))
		status = BENCH_EXIT_FAILED;
	/* The series on stdout leave it to them. */
	bool table = status == BENCH_EXIT_OK &&
	             (!options->has_format || options->out != NULL);
	if (table) {
		print_versions(program->out, options->file, &history);
		print_moves(program->out, &history, &series, moves, count, percent,
		            minimum);
	}
	free(moves);
	bench_history_series_free(&series);
	bench_history_free(&history);
	return status;
}

int
bench_history_main(const struct bench_program *program, int argc,
                   char **argv)
{
	struct history_options options = {.percent = -1};
	char why[4096 + 512];
	int status = parse_arguments(&options, argc, argv, why, sizeof why);
	if (status == BENCH_EXIT_OK && options.help) {
		fputs(bench_history_usage, program->out);
	} else {
		if (status == BENCH_EXIT_OK)
			status = check_options(program, &options, why, sizeof why);
		if (status == BENCH_EXIT_OK)
			status = history_run(program, &options, why, sizeof why);
		if (status != BENCH_EXIT_OK)
			fprintf(program->err, "bench %s%s\n",
			        strncmp(why, "history: ", 9) == 0 ? "" : "history: ",
			        why);
	}
	if (options.has_filter)
		regfree(&options.filter);
	free(options.backend_text);
	fflush(program->out);
	return status;
}
