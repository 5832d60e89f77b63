/*
 * read_callgrind.c - `bench read-callgrind` (see read_callgrind.h).
 *
 * What is read of callgrind's output format (valgrind's "Callgrind Format
 * Specification"): the header lines "creator:", "part:" (a new dump
 * begins), "desc: Trigger: Client Request: NAME" (the name given to
 * CALLGRIND_DUMP_STATS_AT), "events:" (the names of the counted events,
 * Ir being executed instructions) and "summary:" (the dump's total of each
 * event, in that order; "totals:" at the end of a dump says the same and
 * is used when "summary:" is missing). With a source tree to split by,
 * the other lines go to callgrind_split.c.
 */
#include "read_callgrind.h"

#include "glibc_pin.h"
#include "matrix.h"
#include "json_file.h"
#include "results_read.h"
#include "options.h"
#include "output.h"
#include "output_file.h"
#include "stats.h"

#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define TRIGGER_PREFIX "desc: Trigger: Client Request: "

/* --- Reading callgrind's files ---------------------------------------------------- */

/* The dump being read. */
struct part {
	char *name;             /* NULL: not made by a client request */
	bool has_total;
	uint64_t instructions;
	struct bench_callgrind_split split;
};

static bool
starts_with(const char *line, const char *prefix)
{
	return strncmp(line, prefix, strlen(prefix)) == 0;
}

/* Index of "Ir" among the events of an "events:" line, or -1. */
static int
instruction_event(const char *events)
{
	int index = 0;
	const char *cursor = events;
	for (;;) {
		cursor += strspn(cursor, " \t");
		if (*cursor == '\0')
			return -1;
		size_t length = strcspn(cursor, " \t");
		if (length == 2 && memcmp(cursor, "Ir", 2) == 0)
			return index;
		cursor += length;
		index++;
	}
}

/* The `index`th number of a "summary:" or "totals:" line. */
static bool
nth_number(const char *numbers, int index, uint64_t *out)
{
	const char *cursor = numbers;
	for (int i = 0;; i++) {
		cursor += strspn(cursor, " \t");
		if (*cursor < '0' || *cursor > '9')
			return false;
		errno = 0;
		char *end;
		unsigned long long value = strtoull(cursor, &end, 10);
		if (errno != 0)
			return false;
		if (i == index) {
			*out = value;
			return true;
		}
		cursor = end;
	}
}

const struct bench_callgrind_dump *
bench_callgrind_find(const struct bench_callgrind_dumps *dumps,
                     const char *name)
{
	for (size_t i = 0; i < dumps->count; i++) {
		if (strcmp(dumps->items[i].name, name) == 0)
			return &dumps->items[i];
	}
	return NULL;
}

/* Ends the part being read: keeps it when a client request named it. */
static bool
finish_part(struct bench_callgrind_dumps *dumps, struct part *part,
            const char *path, char *why, size_t why_size)
{
	bool ok = true;
	if (part->name == NULL)
		goto done;
	if (!part->has_total) {
		snprintf(why, why_size, "%s: dump '%s' has no instruction count "
		         "(no summary line with Ir)", path, part->name);
		ok = false;
		goto done;
	}
	if (bench_callgrind_find(dumps, part->name) != NULL) {
		snprintf(why, why_size, "%s: dump '%s' appears twice (are the "
		         "dumps of two runs mixed?)", path, part->name);
		ok = false;
		goto done;
	}
	if (dumps->count == dumps->capacity) {
		size_t wanted = dumps->capacity > 0 ? dumps->capacity * 2 : 64;
		struct bench_callgrind_dump *grown =
			realloc(dumps->items, wanted * sizeof *grown);
		if (grown == NULL) {
			snprintf(why, why_size, "out of memory");
			ok = false;
			goto done;
		}
		dumps->items = grown;
		dumps->capacity = wanted;
	}
	dumps->items[dumps->count++] = (struct bench_callgrind_dump){
		.name = part->name,
		.instructions = part->instructions,
		.split = part->split,
	};
	part->name = NULL;
done:
	free(part->name);
	*part = (struct part){0};
	return ok;
}

/* An "events:" line: which of them is Ir. */
static bool
read_events(const char *line, int *event, const char *path, char *why,
            size_t why_size)
{
	*event = instruction_event(line + 7);
	if (*event >= 0)
		return true;
	snprintf(why, why_size, "%s: no Ir among the events (%s)", path,
	         line + 7);
	return false;
}

/* A "summary:" or "totals:" line: the dump's count of Ir. */
static bool
read_total(const char *line, int event, struct part *part, const char *path,
           char *why, size_t why_size)
{
	const char *numbers = line + strcspn(line, ":") + 1;
	part->has_total = true;
	if (event >= 0 && nth_number(numbers, event, &part->instructions))
		return true;
	snprintf(why, why_size, "%s: bad line '%s'", path, line);
	return false;
}

bool
bench_callgrind_read(struct bench_callgrind_dumps *dumps, const char *path,
                     char *why, size_t why_size)
{
	FILE *file = fopen(path, "r");
	if (file == NULL) {
		snprintf(why, why_size, "%s: %s", path, strerror(errno));
		return false;
	}
	struct part part = {0};
	int event = -1;         /* index of Ir; -1 before "events:" */
	bool seen_events = false, ok = true;
	struct bench_callgrind_split_reader *split = NULL;
	if (dumps->root != NULL &&
	    (split = bench_callgrind_split_begin(dumps->root)) == NULL) {
		snprintf(why, why_size, "out of memory");
		fclose(file);
		return false;
	}
	char *line = NULL;
	size_t line_size = 0;
	ssize_t length;
	while (ok && (length = getline(&line, &line_size, file)) >= 0) {
		while (length > 0 &&
		       (line[length - 1] == '\n' || line[length - 1] == '\r'))
			line[--length] = '\0';
		if (starts_with(line, "part:")) {
			if (split != NULL)
				part.split = bench_callgrind_split_take(split);
			ok = finish_part(dumps, &part, path, why, why_size);
		} else if (starts_with(line, "creator:")) {
			if (dumps->creator[0] == '\0')
				snprintf(dumps->creator, sizeof dumps->creator, "%s",
				         line + strspn(line + 8, " ") + 8);
		} else if (starts_with(line, TRIGGER_PREFIX)) {
			free(part.name);
			part.name = malloc(strlen(line) - strlen(TRIGGER_PREFIX) + 1);
			if (part.name == NULL) {
				snprintf(why, why_size, "out of memory");
				ok = false;
			} else {
				strcpy(part.name, line + strlen(TRIGGER_PREFIX));
			}
		} else if (starts_with(line, "events:")) {
			seen_events = true;
			ok = read_events(line, &event, path, why, why_size);
		} else if (starts_with(line, "summary:") ||
		           (starts_with(line, "totals:") && !part.has_total)) {
			ok = read_total(line, event, &part, path, why, why_size);
		} else if (split != NULL && event >= 0 &&
		           !bench_callgrind_split_line(split, line, event)) {
			snprintf(why, why_size, "%s: bad line '%s'", path, line);
			ok = false;
		}
	}
	if (ok && ferror(file)) {
		snprintf(why, why_size, "%s: read error", path);
		ok = false;
	}
	if (ok && !seen_events) {
		snprintf(why, why_size, "%s: not a callgrind output file (no "
		         "'events:' line)", path);
		ok = false;
	}
	if (ok) {
		if (split != NULL)
			part.split = bench_callgrind_split_take(split);
		ok = finish_part(dumps, &part, path, why, why_size);
	}
	bench_callgrind_split_end(split);
	free(part.name);
	free(line);
	fclose(file);
	return ok;
}

void
bench_callgrind_dumps_free(struct bench_callgrind_dumps *dumps)
{
	for (size_t i = 0; i < dumps->count; i++)
		free(dumps->items[i].name);
	free(dumps->items);
	*dumps = (struct bench_callgrind_dumps){0};
}

/* Reads a file, or the callgrind.out* files of a directory. */
static bool
read_path(struct bench_callgrind_dumps *dumps, const char *path, char *why,
          size_t why_size)
{
	struct stat info;
	if (stat(path, &info) != 0) {
		snprintf(why, why_size, "%s: %s", path, strerror(errno));
		return false;
	}
	if (!S_ISDIR(info.st_mode))
		return bench_callgrind_read(dumps, path, why, why_size);
	DIR *directory = opendir(path);
	if (directory == NULL) {
		snprintf(why, why_size, "%s: %s", path, strerror(errno));
		return false;
	}
	bool ok = true;
	size_t files = 0;
	struct dirent *entry;
	while (ok && (entry = readdir(directory)) != NULL) {
		if (!starts_with(entry->d_name, "callgrind.out"))
			continue;
		char file[4096];
		int written = snprintf(file, sizeof file, "%s/%s", path,
		                       entry->d_name);
		if (written < 0 || (size_t)written >= sizeof file) {
			snprintf(why, why_size, "%s: path too long", path);
			ok = false;
			break;
		}
		ok = bench_callgrind_read(dumps, file, why, why_size);
		files++;
	}
	closedir(directory);
	if (ok && files == 0) {
		snprintf(why, why_size, "%s: no callgrind.out* files", path);
		ok = false;
	}
	return ok;
}

/* --- Filling in the run ------------------------------------------------------------ */

/* Puts `value` under `key`; jansson takes the reference. */
static void
put(json_t *object, const char *key, json_t *value)
{
	json_object_set_new(object, key, value);
}

/* Checks that the run is a --measure instructions run. */
static bool
is_instruction_run(const struct bench_run_file *run, char *why,
                   size_t why_size)
{
	if (strcmp(run->unit, "instructions") != 0 || run->measure == NULL ||
	    strcmp(run->measure, "instructions") != 0) {
		snprintf(why, why_size, "%s: not a --measure instructions run "
		         "(unit %s)", run->path, run->unit);
		return false;
	}
	return true;
}

/* How a column's count is split (harness/README.md §5.6). */
enum split_kind { SPLIT_NONE, SPLIT_DESIGN, SPLIT_ORIGINAL };

/* The parts of a cell's count beside its total: the design's, an
 * original's adapter's, and the shared check's where the row runs it. */
static void
put_split(json_t *cell, const struct bench_callgrind_dump *dump,
          enum split_kind kind)
{
	const struct bench_callgrind_split *split = &dump->split;
	uint64_t design = kind == SPLIT_ORIGINAL ? split->adapter_design
	                                         : split->backend_entry;
	put(cell, "design_instructions", json_integer((json_int_t)design));
	if (kind == SPLIT_ORIGINAL) {
		uint64_t adapter = split->adapter_entry > design
		                           ? split->adapter_entry - design
		                           : 0;
		put(cell, "adapter_instructions",
		    json_integer((json_int_t)adapter));
	}
	if (split->check > 0)
		put(cell, "check_instructions",
		    json_integer((json_int_t)split->check));
}

/* Gives one cell its figure from its dump. */
static bool
fill_cell(const struct bench_file_cell *cell, const char *where,
          const struct bench_callgrind_dumps *dumps,
          enum split_kind split_kind, char *why, size_t why_size)
{
	if (!cell->present || cell->failed || cell->not_applicable)
		return true;
	const struct bench_callgrind_dump *dump =
		bench_callgrind_find(dumps, cell->dump);
	if (dump == NULL) {
		snprintf(why, why_size, "%s: no callgrind dump named '%s' (was "
		         "the run made under valgrind --tool=callgrind, and are "
		         "these its dumps?)", where, cell->dump);
		return false;
	}
	double figure = (double)dump->instructions /
	                (double)cell->ops_per_sample;
	json_t *samples = json_array();
	json_array_append_new(samples, json_real(figure));
	put(cell->json, "median", json_real(figure));
	put(cell->json, "min", json_real(figure));
	put(cell->json, "mad", json_real(0.0));
	put(cell->json, "samples", samples);
	put(cell->json, "instructions",
	    json_integer((json_int_t)dump->instructions));
	if (split_kind != SPLIT_NONE)
		put_split(cell->json, dump, split_kind);
	json_object_del(cell->json, "dump");
	return true;
}

/* Decides Winner and Haiku Winner of one row, as bench does for times:
 * over the backends whose kind competes, and over the Haiku ones. */
static void
decide_row(const struct bench_run_file *run, const struct bench_file_row *row,
           struct bench_candidate *candidates)
{
	for (int pass = 0; pass < 2; pass++) {
		bool haiku_only = pass == 1;
		for (size_t b = 0; b < run->backend_count; b++) {
			enum bm_kind kind = run->backends[b].kind;
			json_t *median = json_object_get(row->cells[b].json,
			                                 "median");
			candidates[b] = (struct bench_candidate){
				.usable = json_is_number(median) &&
				          (haiku_only ? bm_kind_is_haiku(kind)
				                      : bm_kind_competes(kind)),
				.median = json_number_value(median),
			};
		}
		struct bench_verdict verdict =
			bench_decide(candidates, run->backend_count);
		json_t *value = json_null();
		if (verdict.kind == BENCH_VERDICT_TIE)
			value = json_string("-");
		else if (verdict.kind == BENCH_VERDICT_WINNER)
			value = json_string(run->backends[verdict.index].name);
		put(row->json, haiku_only ? "haiku_winner" : "winner", value);
	}
}

/* Fills every cell and verdict of the run from the dumps. */
static bool
fill_run(const struct bench_run_file *run,
         const struct bench_callgrind_dumps *dumps, char *why,
         size_t why_size)
{
	const struct bench_callgrind_dump *probe =
		bench_callgrind_find(dumps, BENCH_CALLGRIND_PROBE);
	if (probe == NULL) {
		snprintf(why, why_size, "no dump named '%s' among the callgrind "
		         "files: are they the dumps of this run?",
		         BENCH_CALLGRIND_PROBE);
		return false;
	}
	if (probe->instructions != 0) {
		snprintf(why, why_size, "callgrind counted outside the cells "
		         "(%llu instructions): start valgrind with "
		         "--collect-atstart=no",
		         (unsigned long long)probe->instructions);
		return false;
	}
	struct bench_candidate *candidates =
		calloc(run->backend_count + 1, sizeof *candidates);
	if (candidates == NULL) {
		snprintf(why, why_size, "out of memory");
		return false;
	}
	bool ok = true;
	for (size_t r = 0; ok && r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		for (size_t b = 0; ok && b <= run->backend_count; b++) {
			char where[256];
			snprintf(where, sizeof where, "%s/%s", row->test,
			         bench_run_file_column_name(run, b));
			enum split_kind split_kind = SPLIT_NONE;
			if (dumps->root != NULL && b < run->backend_count)
				split_kind = run->backends[b].kind == BM_KIND_ORIGINAL
				                     ? SPLIT_ORIGINAL
				                     : SPLIT_DESIGN;
			ok = fill_cell(bench_file_row_cell(run, row, b), where,
			               dumps, split_kind, why, why_size);
		}
		if (ok)
			decide_row(run, row, candidates);
	}
	free(candidates);
	if (!ok)
		return false;
	json_t *context = json_object_get(run->root, "context");
	put(context, "callgrind", json_string(dumps->creator[0] != '\0'
	                                              ? dumps->creator
	                                              : "unknown"));
	put(context, "counted", json_string("instructions (callgrind Ir) of "
	                                    "the timed region, per operation"));
	return true;
}

/* --glibc-diagnostics: the run's GLIBC_TUNABLES (recorded by bench in
 * its context) checked against ld.so's diagnostics under the same pin
 * (glibc_pin.h), and what the check saw recorded as context.glibc_pin. */
static bool
record_glibc_pin(const struct bench_run_file *run, const char *path,
                 char *why, size_t why_size)
{
	if (run->glibc_tunables == NULL) {
		snprintf(why, why_size, "%s: the run had no GLIBC_TUNABLES, so "
		         "there is no pin to check (run it with "
		         "scripts/bench-instructions)", run->path);
		return false;
	}
	char reason[1024], seen[BENCH_GLIBC_PIN_SEEN_MAX];
	char *text = bench_glibc_pin_read(path, reason, sizeof reason);
	bool ok = text != NULL &&
	          bench_glibc_pin_check(run->glibc_tunables, text, seen,
	                                sizeof seen, reason, sizeof reason);
	free(text);
	if (!ok) {
		snprintf(why, why_size, "the glibc pin did not take: %s", reason);
		return false;
	}
	put(json_object_get(run->root, "context"), "glibc_pin",
	    json_string(seen));
	return true;
}

static const char usage[] =
	"usage: bench read-callgrind RUN.json CALLGRIND_OUT... [--out FILE] "
	"[--glibc-diagnostics FILE] [--format json|bmf|github-action]";

/* --format: the results JSON (default), or a tracker's format of it. */
static bool
parse_counts_format(const char *word, enum bench_format *format)
{
	return bench_format_parse(word, format) &&
	       (*format == BENCH_FORMAT_JSON || *format == BENCH_FORMAT_BMF ||
	        *format == BENCH_FORMAT_GITHUB_ACTION);
}

/* The filled run in `format`: as it is for JSON; for a tracker's format,
 * read back as a measured run and mapped (output_trackers.c). */
static json_t *
counts_document(json_t *root, enum bench_format format, char *why,
                size_t why_size)
{
	if (format == BENCH_FORMAT_JSON)
		return json_incref(root);
	char *text = json_dumps(root, 0);
	struct bench_run_file counted;
	json_t *document = NULL;
	if (text == NULL)
		snprintf(why, why_size, "out of memory");
	else if (bench_run_file_load_text("the counted run", text, strlen(text),
	                                  BENCH_READ_MEASURED, &counted, why,
	                                  why_size)) {
		document = bench_tracker_document(&counted, format);
		bench_run_file_free(&counted);
		if (document == NULL)
			snprintf(why, why_size, "out of memory");
	}
	free(text);
	return document;
}

const char bench_read_callgrind_usage[] =
	"usage: bench read-callgrind RUN.json CALLGRIND_OUT... [--out FILE]\n"
	"                            [--glibc-diagnostics FILE]\n"
	"                            [--format json|bmf|github-action]\n"
	"\n"
	"Fills each cell of RUN.json, written by `bench --measure instructions`\n"
	"under callgrind, with its instruction count from its dump (files, or\n"
	"folders of callgrind.out.* files), decides the verdicts, and writes the\n"
	"results JSON (scripts/bench-instructions runs it).\n"
	"\n"
	"  --out FILE                write it to FILE by the output rules\n"
	"                            (checked before anything is read), not\n"
	"                            stdout\n"
	"  --glibc-diagnostics FILE  check and record the run's pin of glibc's\n"
	"                            CPU features (bench glibc-pin --help)\n"
	"  --format F                json (the default), or bmf or github-action,\n"
	"                            a tracker's format of the same counts\n"
	"  -h, --help                this text\n"
	"\n"
	"Exit status: 0 written; 1 an input unusable (not an instruction run, a\n"
	"dump missing, collection left on) or the output not written; 2 bad\n"
	"usage.\n";

int
bench_read_callgrind_main(const struct bench_program *program, int argc,
                          char **argv)
{
	const char *run_path = NULL, *out_path = NULL, *diagnostics = NULL;
	enum bench_format format = BENCH_FORMAT_JSON;
	const char **inputs = calloc((size_t)argc + 1, sizeof *inputs);
	size_t input_count = 0;
	if (inputs == NULL) {
		fprintf(program->err, "bench read-callgrind: out of memory\n");
		return BENCH_EXIT_FAILED;
	}
	int status = BENCH_EXIT_OK;
	for (int i = 1; i < argc && status == BENCH_EXIT_OK; i++) {
		if (strcmp(argv[i], "--out") == 0 && i + 1 < argc &&
		    argv[i + 1][0] != '\0')
			out_path = argv[++i];
		else if (strncmp(argv[i], "--out=", 6) == 0 && argv[i][6] != '\0')
			out_path = argv[i] + 6;
		else if (strcmp(argv[i], "--format") == 0 && i + 1 < argc &&
		         parse_counts_format(argv[i + 1], &format))
			i++;
		else if (strcmp(argv[i], "--glibc-diagnostics") == 0 &&
		         i + 1 < argc && argv[i + 1][0] != '\0')
			diagnostics = argv[++i];
		else if (strncmp(argv[i], "--", 2) == 0)
			status = BENCH_EXIT_USAGE;
		else if (run_path == NULL)
			run_path = argv[i];
		else
			inputs[input_count++] = argv[i];
	}
	if (status != BENCH_EXIT_OK || run_path == NULL || input_count == 0) {
		fprintf(program->err, "bench read-callgrind: %s\n", usage);
		free(inputs);
		return BENCH_EXIT_USAGE;
	}

	char why[4096 + 256];
	if (out_path != NULL && !bench_output_check(out_path, why, sizeof why)) {
		fprintf(program->err, "bench read-callgrind: %s\n", why);
		free(inputs);
		return BENCH_EXIT_USAGE;
	}
	/* The split reads the paths of the sources this program was built
	 * from (callgrind_split.h). */
	struct bench_callgrind_dumps dumps = {.root = BENCH_SOURCE_DIR};
	struct bench_run_file run;
	bool ok = bench_run_file_load(run_path, BENCH_READ_UNREAD, &run, why,
	                              sizeof why) &&
	          is_instruction_run(&run, why, sizeof why);
	for (size_t i = 0; ok && i < input_count; i++)
		ok = read_path(&dumps, inputs[i], why, sizeof why);
	ok = ok && fill_run(&run, &dumps, why, sizeof why);
	if (ok && diagnostics != NULL)
		ok = record_glibc_pin(&run, diagnostics, why, sizeof why);
	json_t *root = ok ? counts_document(run.root, format, why, sizeof why)
	                  : NULL;
	ok = ok && root != NULL;
	if (!ok) {
		fprintf(program->err, "bench read-callgrind: %s\n", why);
		status = BENCH_EXIT_FAILED;
	} else if (out_path != NULL) {
		if (!bench_json_write_file(out_path, root, why, sizeof why)) {
			fprintf(program->err, "bench read-callgrind: %s\n", why);
			status = BENCH_EXIT_FAILED;
		}
	} else if (!bench_json_dump(program->out, root)) {
		fprintf(program->err, "bench read-callgrind: cannot write the "
		        "results\n");
		status = BENCH_EXIT_FAILED;
	}
	json_decref(root);
	bench_run_file_free(&run);
	bench_callgrind_dumps_free(&dumps);
	free(inputs);
	return status;
}
