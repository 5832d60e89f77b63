/*
 * options.c - parsing and checking the command line (see options.h).
 */
#include "options.h"

#include "help.h"
#include "output_file.h"
#include "say.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char usage[] =
	"usage: bench --all | --filter REGEX [options]\n"
	"       bench --list | --list-tests | -h | --help\n"
	"       bench COMMAND ARG...   (the commands below; bench COMMAND --help)\n"
	"\n"
	"Runs the 2005 BMessage speed-test matrix on every backend and prints\n"
	"the results table. Every cell is validated before and after it is\n"
	"timed; a cell that fails prints ERR and the run exits 1.\n"
	"\n"
	"What to run:\n"
	"  --all               every test on every backend\n"
	"  --filter REGEX      only the tests whose name matches (POSIX ERE),\n"
	"                      e.g. 'tRead500String' or '^tLookup'\n"
	"  --backends A,B      only these backends (default: all registered)\n"
	"  --sizes 5,50,...    item counts (default 5,50,500,5000; 1..1000000)\n"
	"  --repetitions N     samples per cell (default 15)\n"
	"  --min-time MS       shortest sample in milliseconds (default 1)\n"
	"  --seed N            seed of the lookup order and sample order (default 2005)\n"
	"  --quick             3 samples of at least 0.1 ms, for smoke runs\n"
	"  --measure time|instructions\n"
	"                      what a cell's figure is (default time: ns per\n"
	"                      operation); instructions: counted by callgrind, a\n"
	"                      fixed number of operations per cell, JSON only\n"
	"                      (run it with scripts/bench-instructions)\n"
	"  --jobs N            with --measure instructions, cells counted at\n"
	"                      once, each in its process (default: one per CPU\n"
	"                      the run may use; 1..64); a timed run takes one\n"
	"                      sample at a time\n"
	"\n"
	"What to print:\n"
	"  --format FORMAT     one of (default: the one --out's extension\n"
	"                      names, else md):\n"
	"%s"
	"  --out FILE          write it to FILE instead of stdout: a regular\n"
	"                      file is replaced whole, keeping its mode; a\n"
	"                      device, a FIFO or stdout written in place; a\n"
	"                      folder or a missing folder refused at once.\n"
	"                      .md, .txt, .csv and .json name their format;\n"
	"                      a --format that disagrees is refused\n"
	"  --unit ns|us        unit of md, text and csv (json and gbench are\n"
	"                      always ns)\n"
	"  --progress          progress on stderr even when it is not a terminal\n"
	"  --replace-results   let the canonical run replace results/latest.*\n"
	"                      even when it was disturbed or lacks a backend\n"
	"                      they have (by default it then writes them under\n"
	"                      build/last-run/ and says why)\n"
	"\n"
	"  --list              the backends: NAME, kind, format, summary\n"
	"  --list-tests        the tests, one per line, in matrix order\n"
	"  -h, --help          this text\n"
	"\n"
	"`bench --all` with default options and no --out also writes\n"
	"results/latest.md, results/latest.csv and results/latest.json, when\n"
	"the run was quiet and has every backend they have.\n"
	"Backend names may be given in any case.\n";

const char *
bench_format_name(enum bench_format format)
{
	switch (format) {
#define BENCH_FORMAT_CASE(name, word, extension, text) \
	case name:                          \
		return word;
		BENCH_FORMAT_LIST(BENCH_FORMAT_CASE)
#undef BENCH_FORMAT_CASE
	}
	return "?";
}

bool
bench_format_parse(const char *word, enum bench_format *format)
{
#define BENCH_FORMAT_MATCH(name, format_word, extension, text) \
	if (strcmp(word, format_word) == 0) {       \
		*format = name;                     \
		return true;                        \
	}
	BENCH_FORMAT_LIST(BENCH_FORMAT_MATCH)
#undef BENCH_FORMAT_MATCH
	return false;
}

bool
bench_format_of_name(const char *path, enum bench_format *format)
{
	const char *dot = strrchr(path, '.');
	if (dot == NULL || strchr(dot, '/') != NULL)
		return false;
#define BENCH_FORMAT_EXTENSION(name, word, extension, text) \
	if (strcasecmp(dot, extension) == 0) {              \
		*format = name;                             \
		return true;                                \
	}
	BENCH_FORMAT_LIST(BENCH_FORMAT_EXTENSION)
#undef BENCH_FORMAT_EXTENSION
	return false;
}

/* Whether `format` writes what a file named with `extension` holds. */
static bool
format_fits(enum bench_format format, const char *path)
{
	const char *dot = strrchr(path, '.');
#define BENCH_FORMAT_FITS(name, word, extension, text) \
	if (format == name)                            \
		return strcasecmp(dot, extension) == 0;
	BENCH_FORMAT_LIST(BENCH_FORMAT_FITS)
#undef BENCH_FORMAT_FITS
	return false;
}

/* "md, text, csv, json or gbench", for the refusal of --format. */
static void
format_words(char *out, size_t out_size)
{
	static const char *const words[] = {
#define BENCH_FORMAT_WORD(name, word, extension, text) word,
		BENCH_FORMAT_LIST(BENCH_FORMAT_WORD)
#undef BENCH_FORMAT_WORD
	};
	size_t count = sizeof words / sizeof words[0];
	out[0] = '\0';
	for (size_t i = 0; i < count; i++) {
		size_t used = strlen(out);
		snprintf(out + used, out_size - used, "%s%s",
		         i == 0 ? "" : i + 1 == count ? " or " : ", ", words[i]);
	}
}

/* One --help line per format, the text wrapped under its word. */
static void
print_formats(FILE *out)
{
	static const struct {
		const char *word;
		const char *text;
	} formats[] = {
#define BENCH_FORMAT_HELP(name, word, extension, text) {word, text},
		BENCH_FORMAT_LIST(BENCH_FORMAT_HELP)
#undef BENCH_FORMAT_HELP
	};
	enum { INDENT = 14, WIDTH = 76 };
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
		int column = fprintf(out, "    %-*s", INDENT - 4, formats[i].word);
		const char *text = formats[i].text;
		while (*text != '\0') {
			size_t word = strcspn(text, " ");
			if (column + (int)word + 1 > WIDTH && column > INDENT) {
				column = fprintf(out, "\n%*s", INDENT, "") - 1;
			} else if (column > INDENT) {
				fputc(' ', out);
				column++;
			}
			column += fprintf(out, "%.*s", (int)word, text);
			text += word;
			text += strspn(text, " ");
		}
		fputc('\n', out);
	}
}

void
bench_print_usage(FILE *out)
{
	const char *marker = strstr(usage, "%s");
	fprintf(out, "%.*s", (int)(marker - usage), usage);
	print_formats(out);
	fputs(marker + 2, out);
}

enum option_id {
	OPT_HELP,
	OPT_LIST,
	OPT_LIST_TESTS,
	OPT_ALL,
	OPT_FILTER,
	OPT_BACKENDS,
	OPT_SIZES,
	OPT_REPETITIONS,
	OPT_MIN_TIME,
	OPT_SEED,
	OPT_QUICK,
	OPT_FORMAT,
	OPT_OUT,
	OPT_UNIT,
	OPT_PROGRESS,
	OPT_MEASURE,
	OPT_REPLACE_RESULTS,
	OPT_JOBS
};

static const struct {
	const char *name;
	enum option_id id;
	bool takes_value;
} option_table[] = {
	{"--help", OPT_HELP, false},
	{"--list", OPT_LIST, false},
	{"--list-tests", OPT_LIST_TESTS, false},
	{"--all", OPT_ALL, false},
	{"--filter", OPT_FILTER, true},
	{"--backends", OPT_BACKENDS, true},
	{"--sizes", OPT_SIZES, true},
	{"--repetitions", OPT_REPETITIONS, true},
	{"--min-time", OPT_MIN_TIME, true},
	{"--seed", OPT_SEED, true},
	{"--quick", OPT_QUICK, false},
	{"--format", OPT_FORMAT, true},
	{"--out", OPT_OUT, true},
	{"--unit", OPT_UNIT, true},
	{"--progress", OPT_PROGRESS, false},
	{"--measure", OPT_MEASURE, true},
	{"--replace-results", OPT_REPLACE_RESULTS, false},
	{"--jobs", OPT_JOBS, true},
};

/* Parses a whole decimal number in [min, max]: digits only, no sign, no
 * spaces. */
static bool
parse_unsigned(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
	if (text[0] < '0' || text[0] > '9')
		return false;
	errno = 0;
	char *end;
	unsigned long long value = strtoull(text, &end, 10);
	if (errno != 0 || *end != '\0' || value < min || value > max)
		return false;
	*out = value;
	return true;
}

static int
parse_sizes(struct bench_options *options, const char *text, char *why,
            size_t why_size)
{
	size_t count = 0;
	const char *cursor = text;
	for (;;) {
		char item[32];
		size_t length = strcspn(cursor, ",");
		uint64_t value;
		if (length == 0 || length >= sizeof item) {
			snprintf(why, why_size, "--sizes: bad list '%s'", text);
			return BENCH_EXIT_USAGE;
		}
		memcpy(item, cursor, length);
		item[length] = '\0';
		if (!parse_unsigned(item, 1, BENCH_ITEMS_MAX, &value)) {
			snprintf(why, why_size,
			         "--sizes: '%s' is not a whole number from 1 to %u",
			         item, BENCH_ITEMS_MAX);
			return BENCH_EXIT_USAGE;
		}
		if (count == BENCH_SIZES_MAX) {
			snprintf(why, why_size, "--sizes: more than %d sizes",
			         BENCH_SIZES_MAX);
			return BENCH_EXIT_USAGE;
		}
		/* Kept ascending, so the tests come in 2005 order. */
		size_t at = count;
		while (at > 0 && options->sizes[at - 1] > value) {
			options->sizes[at] = options->sizes[at - 1];
			at--;
		}
		if (at > 0 && options->sizes[at - 1] == value) {
			snprintf(why, why_size, "--sizes: %zu given twice",
			         (size_t)value);
			return BENCH_EXIT_USAGE;
		}
		options->sizes[at] = (size_t)value;
		count++;
		cursor += length;
		if (*cursor == '\0')
			break;
		cursor++; /* the comma */
	}
	options->size_count = count;
	return BENCH_EXIT_OK;
}

static int
parse_backends(struct bench_options *options, const char *text,
               const char *const *names, char *why, size_t why_size)
{
	bool *selected = options->backend_selected;
	memset(selected, 0, options->backend_count * sizeof *selected);
	const char *cursor = text;
	for (;;) {
		size_t length = strcspn(cursor, ",");
		size_t found = options->backend_count;
		for (size_t i = 0; i < options->backend_count; i++) {
			if (strlen(names[i]) == length &&
			    strncasecmp(names[i], cursor, length) == 0)
				found = i;
		}
		if (found == options->backend_count) {
			char known[256] = "";
			for (size_t i = 0; i < options->backend_count; i++) {
				size_t used = strlen(known);
				snprintf(known + used, sizeof known - used, "%s%s",
				         i > 0 ? ", " : "", names[i]);
			}
			snprintf(why, why_size,
			         "--backends: unknown backend '%.*s' (known: %s)",
			         (int)length, cursor, known);
			return BENCH_EXIT_USAGE;
		}
		if (selected[found]) {
			snprintf(why, why_size, "--backends: %s given twice",
			         names[found]);
			return BENCH_EXIT_USAGE;
		}
		selected[found] = true;
		cursor += length;
		if (*cursor == '\0')
			break;
		cursor++;
	}
	return BENCH_EXIT_OK;
}

static int
parse_min_time(struct bench_options *options, const char *text, char *why,
               size_t why_size)
{
	char *end;
	errno = 0;
	double value = strtod(text, &end);
	bool number = text[0] != '\0' &&
	              (text[0] == '.' || (text[0] >= '0' && text[0] <= '9'));
	if (!number || *end != '\0' || errno != 0 || !isfinite(value) ||
	    value <= 0.0 || value > BENCH_MIN_TIME_MAX_MS) {
		snprintf(why, why_size,
		         "--min-time: '%s' is not a number of milliseconds above 0 "
		         "and at most %g",
		         text, BENCH_MIN_TIME_MAX_MS);
		return BENCH_EXIT_USAGE;
	}
	options->min_time_ms = value;
	return BENCH_EXIT_OK;
}

/* --filter: compiles the regular expression, replacing an earlier one. */
static int
parse_filter(struct bench_options *options, const char *text, char *why,
             size_t why_size)
{
	if (options->has_filter)
		regfree(&options->filter);
	options->has_filter = false;
	int rc = regcomp(&options->filter, text, REG_EXTENDED | REG_NOSUB);
	if (rc != 0) {
		char message[128];
		regerror(rc, &options->filter, message, sizeof message);
		regfree(&options->filter);
		snprintf(why, why_size, "--filter: bad regular expression "
		         "'%s': %s", text, message);
		return BENCH_EXIT_USAGE;
	}
	options->has_filter = true;
	options->filter_text = text;
	return BENCH_EXIT_OK;
}

/* --repetitions: a whole number from 1 to BENCH_REPETITIONS_MAX. */
static int
parse_repetitions(struct bench_options *options, const char *text,
                  char *why, size_t why_size)
{
	uint64_t number;
	if (!parse_unsigned(text, 1, BENCH_REPETITIONS_MAX, &number)) {
		snprintf(why, why_size, "--repetitions: '%s' is not a whole "
		         "number from 1 to %u", text, BENCH_REPETITIONS_MAX);
		return BENCH_EXIT_USAGE;
	}
	options->repetitions = (unsigned)number;
	return BENCH_EXIT_OK;
}

/* --seed: a whole number from 0 to BENCH_SEED_MAX. */
static int
parse_seed(struct bench_options *options, const char *text, char *why,
           size_t why_size)
{
	uint64_t number;
	if (!parse_unsigned(text, 0, BENCH_SEED_MAX, &number)) {
		snprintf(why, why_size, "--seed: '%s' is not a whole number "
		         "from 0 to %llu", text,
		         (unsigned long long)BENCH_SEED_MAX);
		return BENCH_EXIT_USAGE;
	}
	options->seed = number;
	return BENCH_EXIT_OK;
}

/* --jobs: a whole number from 1 to BENCH_JOBS_MAX. */
static int
parse_jobs(struct bench_options *options, const char *text, char *why,
           size_t why_size)
{
	uint64_t number;
	if (!parse_unsigned(text, 1, BENCH_JOBS_MAX, &number)) {
		snprintf(why, why_size, "--jobs: '%s' is not a whole number "
		         "from 1 to %u", text, BENCH_JOBS_MAX);
		return BENCH_EXIT_USAGE;
	}
	options->jobs = (unsigned)number;
	return BENCH_EXIT_OK;
}

/* --format: one of the words of BENCH_FORMAT_LIST. */
static int
parse_format(struct bench_options *options, const char *text, char *why,
             size_t why_size)
{
	if (!bench_format_parse(text, &options->format)) {
		char words[128];
		format_words(words, sizeof words);
		snprintf(why, why_size, "--format: '%s' is not %s", text, words);
		return BENCH_EXIT_USAGE;
	}
	return BENCH_EXIT_OK;
}

/* --out: a file name, not empty. */
static int
parse_out(struct bench_options *options, const char *text, char *why,
          size_t why_size)
{
	if (text[0] == '\0') {
		snprintf(why, why_size, "--out: empty file name");
		return BENCH_EXIT_USAGE;
	}
	options->out_path = text;
	return BENCH_EXIT_OK;
}

/* --unit: ns or us. */
static int
parse_unit(struct bench_options *options, const char *text, char *why,
           size_t why_size)
{
	if (strcmp(text, "ns") == 0)
		options->unit = BENCH_UNIT_NS;
	else if (strcmp(text, "us") == 0)
		options->unit = BENCH_UNIT_US;
	else {
		snprintf(why, why_size, "--unit: '%s' is not ns or us", text);
		return BENCH_EXIT_USAGE;
	}
	return BENCH_EXIT_OK;
}

/* --measure: time or instructions. */
static int
parse_measure(struct bench_options *options, const char *text, char *why,
              size_t why_size)
{
	if (strcmp(text, "time") == 0)
		options->measure = BENCH_MEASURE_TIME;
	else if (strcmp(text, "instructions") == 0)
		options->measure = BENCH_MEASURE_INSTRUCTIONS;
	else {
		snprintf(why, why_size, "--measure: '%s' is not time or "
		         "instructions", text);
		return BENCH_EXIT_USAGE;
	}
	return BENCH_EXIT_OK;
}

/* Applies one option with its value (NULL when it takes none). */
static int
apply_option(struct bench_options *options, enum option_id id,
             const char *value, const char *const *backend_names,
             char *why, size_t why_size)
{
	switch (id) {
	case OPT_HELP:
		options->help = true;
		return BENCH_EXIT_OK;
	case OPT_LIST:
		options->list = true;
		return BENCH_EXIT_OK;
	case OPT_LIST_TESTS:
		options->list_tests = true;
		return BENCH_EXIT_OK;
	case OPT_ALL:
		options->all = true;
		return BENCH_EXIT_OK;
	case OPT_QUICK:
		options->quick = true;
		return BENCH_EXIT_OK;
	case OPT_PROGRESS:
		options->progress = true;
		return BENCH_EXIT_OK;
	case OPT_REPLACE_RESULTS:
		options->replace_results = true;
		return BENCH_EXIT_OK;
	case OPT_FILTER:
		return parse_filter(options, value, why, why_size);
	case OPT_BACKENDS:
		return parse_backends(options, value, backend_names, why,
		                      why_size);
	case OPT_SIZES:
		return parse_sizes(options, value, why, why_size);
	case OPT_REPETITIONS:
		return parse_repetitions(options, value, why, why_size);
	case OPT_MIN_TIME:
		return parse_min_time(options, value, why, why_size);
	case OPT_SEED:
		return parse_seed(options, value, why, why_size);
	case OPT_FORMAT:
		return parse_format(options, value, why, why_size);
	case OPT_OUT:
		return parse_out(options, value, why, why_size);
	case OPT_UNIT:
		return parse_unit(options, value, why, why_size);
	case OPT_MEASURE:
		return parse_measure(options, value, why, why_size);
	case OPT_JOBS:
		return parse_jobs(options, value, why, why_size);
	}
	snprintf(why, why_size, "internal error: unhandled option");
	return BENCH_EXIT_USAGE;
}

/* The defaults of every option, every backend selected. False when out of
 * memory. */
static bool
set_defaults(struct bench_options *options, size_t backend_count)
{
	*options = (struct bench_options){
		.backend_count = backend_count,
		.repetitions = BENCH_DEFAULT_REPETITIONS,
		.min_time_ms = BENCH_DEFAULT_MIN_TIME_MS,
		.seed = BENCH_DEFAULT_SEED,
		.format = BENCH_FORMAT_MD,
		.unit = BENCH_UNIT_NS,
	};
	/* One spare element so that an empty list still allocates. */
	options->backend_selected = calloc(backend_count + 1, sizeof(bool));
	if (options->backend_selected == NULL)
		return false;
	for (size_t i = 0; i < backend_count; i++)
		options->backend_selected[i] = true;
	options->size_count = sizeof bench_default_sizes /
	                      sizeof bench_default_sizes[0];
	memcpy(options->sizes, bench_default_sizes, sizeof bench_default_sizes);
	return true;
}

/* The entry of option_table named by arg[0..name_length), or the table's
 * size when there is none. */
static size_t
find_option(const char *arg, size_t name_length)
{
	size_t count = sizeof option_table / sizeof option_table[0];
	size_t found = count;
	for (size_t k = 0; k < count; k++) {
		if (strlen(option_table[k].name) == name_length &&
		    memcmp(option_table[k].name, arg, name_length) == 0)
			found = k;
	}
	return found;
}

/* Reads the option argv[*i] names and its value (NULL when it takes none),
 * given as "--name=value" or as the next argument (then *i moves on to
 * it). */
static int
read_option(int argc, char *const *argv, int *i, enum option_id *id,
            const char **value, char *why, size_t why_size)
{
	const char *arg = argv[*i];
	if (strncmp(arg, "--", 2) != 0) {
		snprintf(why, why_size, "unexpected argument '%s' "
		         "(see --help)", arg);
		return BENCH_EXIT_USAGE;
	}
	const char *equals = strchr(arg, '=');
	size_t name_length = equals != NULL ? (size_t)(equals - arg)
	                                    : strlen(arg);
	size_t found = find_option(arg, name_length);
	if (found == sizeof option_table / sizeof option_table[0]) {
		snprintf(why, why_size, "unknown option '%.*s' (see --help)",
		         (int)name_length, arg);
		return BENCH_EXIT_USAGE;
	}
	*value = NULL;
	if (option_table[found].takes_value) {
		if (equals != NULL) {
			*value = equals + 1;
		} else if (*i + 1 < argc) {
			*value = argv[++*i];
		} else {
			snprintf(why, why_size, "%s needs a value",
			         option_table[found].name);
			return BENCH_EXIT_USAGE;
		}
	} else if (equals != NULL) {
		snprintf(why, why_size, "%s takes no value",
		         option_table[found].name);
		return BENCH_EXIT_USAGE;
	}
	*id = option_table[found].id;
	return BENCH_EXIT_OK;
}

/* Which of the options whose defaults depend on others were given. */
struct given {
	bool repetitions;
	bool min_time;
	bool format;
};

/* After the last option: the defaults that --measure instructions and
 * --quick change, and the checks on the options together. */
static int
finish_options(struct bench_options *options, const struct given *given,
               char *why, size_t why_size)
{
	enum bench_format named;
	bool has_extension = options->out_path != NULL &&
	                     bench_format_of_name(options->out_path, &named);
	if (has_extension && !given->format) {
		options->format = named;
	} else if (has_extension && !format_fits(options->format,
	                                         options->out_path)) {
		snprintf(why, why_size, "--format %s does not write what --out "
		         "%s's name says (%s)",
		         bench_format_name(options->format), options->out_path,
		         strrchr(options->out_path, '.'));
		return BENCH_EXIT_USAGE;
	}
	/* Under callgrind the program cannot read its own counts: it writes
	 * the run as JSON, and `bench read-callgrind` adds the figures from
	 * the dumps (scripts/bench-instructions does both). */
	if (options->measure == BENCH_MEASURE_INSTRUCTIONS) {
		if (!given->format && !has_extension)
			options->format = BENCH_FORMAT_JSON;
		if (options->format != BENCH_FORMAT_JSON) {
			snprintf(why, why_size, "--measure instructions writes JSON "
			         "only (its figures come from callgrind's dumps: "
			         "use scripts/bench-instructions)");
			return BENCH_EXIT_USAGE;
		}
	}
	if (options->jobs != 0 &&
	    options->measure != BENCH_MEASURE_INSTRUCTIONS) {
		snprintf(why, why_size, "--jobs is for --measure instructions: "
		         "timed cells run one at a time, so that none slows "
		         "another");
		return BENCH_EXIT_USAGE;
	}
	if (options->quick) {
		if (!given->repetitions)
			options->repetitions = BENCH_QUICK_REPETITIONS;
		if (!given->min_time)
			options->min_time_ms = BENCH_QUICK_MIN_TIME_MS;
	}
	if (!options->help && !options->list && !options->list_tests &&
	    !options->all && !options->has_filter) {
		snprintf(why, why_size, "nothing to do: give --all, --filter, "
		         "--list, --list-tests or --help");
		return BENCH_EXIT_USAGE;
	}
	if (options->replace_results && !bench_options_canonical(options)) {
		snprintf(why, why_size, "--replace-results is for the canonical "
		         "run only: --all with default options and no --out");
		return BENCH_EXIT_USAGE;
	}
	return BENCH_EXIT_OK;
}

int
bench_options_parse(struct bench_options *options, int argc,
                    char *const *argv, const char *const *backend_names,
                    size_t backend_count, char *why, size_t why_size)
{
	if (!set_defaults(options, backend_count)) {
		snprintf(why, why_size, "out of memory");
		return BENCH_EXIT_FAILED;
	}
	if (bench_asks_help(argc, argv)) {
		options->help = true;
		return BENCH_EXIT_OK;
	}
	struct given given = {0};
	for (int i = 1; i < argc; i++) {
		enum option_id id;
		const char *value;
		int rc = read_option(argc, argv, &i, &id, &value, why, why_size);
		if (rc == BENCH_EXIT_OK)
			rc = apply_option(options, id, value, backend_names, why,
			                  why_size);
		if (rc != BENCH_EXIT_OK)
			return rc;
		given.repetitions = given.repetitions || id == OPT_REPETITIONS;
		given.min_time = given.min_time || id == OPT_MIN_TIME;
		given.format = given.format || id == OPT_FORMAT;
	}
	return finish_options(options, &given, why, why_size);
}

void
bench_options_free(struct bench_options *options)
{
	if (options->has_filter)
		regfree(&options->filter);
	options->has_filter = false;
	free(options->backend_selected);
	options->backend_selected = NULL;
}

bool
bench_options_match(const struct bench_options *options,
                    const char *test_name)
{
	if (!options->has_filter)
		return true;
	return regexec(&options->filter, test_name, 0, NULL, 0) == 0;
}

size_t
bench_options_tests(const struct bench_options *options,
                    struct bench_test **tests)
{
	size_t total = bench_matrix_build(options->sizes, options->size_count,
	                                  NULL);
	*tests = calloc(total + 1, sizeof **tests);
	if (*tests == NULL)
		return SIZE_MAX;
	bench_matrix_build(options->sizes, options->size_count, *tests);
	size_t count = 0;
	for (size_t t = 0; t < total; t++) {
		if (bench_options_match(options, (*tests)[t].name))
			(*tests)[count++] = (*tests)[t];
	}
	return count;
}

/* The canonical run's files in results_dir, checked as --out is. */
static bool
check_latest(const char *results_dir, char *why, size_t why_size)
{
	static const char *const names[] = {
#define BENCH_LATEST_NAME(name, format) name,
		BENCH_LATEST_LIST(BENCH_LATEST_NAME)
#undef BENCH_LATEST_NAME
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		char path[4096];
		if ((size_t)snprintf(path, sizeof path, "%s/%s", results_dir,
		                     names[i]) >= sizeof path)
			return bench_say(why, why_size, "%s: path too long",
			                 results_dir);
		if (!bench_output_check(path, why, why_size))
			return false;
	}
	return true;
}

int
bench_options_check(const struct bench_options *options,
                    const char *results_dir, char *why, size_t why_size)
{
	if (options->help || options->list)
		return BENCH_EXIT_OK;
	bool run = !options->list_tests;
	size_t selected_backends = 0;
	for (size_t i = 0; i < options->backend_count; i++)
		selected_backends += options->backend_selected[i] ? 1 : 0;
	if (run && selected_backends == 0) {
		snprintf(why, why_size, "no backends to run");
		return BENCH_EXIT_USAGE;
	}
	struct bench_test *selected;
	size_t tests = bench_options_tests(options, &selected);
	free(selected);
	if (tests == SIZE_MAX) {
		snprintf(why, why_size, "out of memory");
		return BENCH_EXIT_FAILED;
	}
	if (tests == 0) {
		snprintf(why, why_size, "--filter '%s' matches no test (see "
		         "--list-tests)", options->filter_text);
		return BENCH_EXIT_USAGE;
	}
	if (run && options->out_path != NULL &&
	    !bench_output_check(options->out_path, why, why_size))
		return BENCH_EXIT_USAGE;
	if (run && results_dir != NULL && bench_options_canonical(options) &&
	    !check_latest(results_dir, why, why_size))
		return BENCH_EXIT_USAGE;
	return BENCH_EXIT_OK;
}

bool
bench_options_canonical(const struct bench_options *options)
{
	if (!options->all || options->has_filter || options->quick ||
	    options->measure != BENCH_MEASURE_TIME || options->out_path != NULL)
		return false;
	for (size_t i = 0; i < options->backend_count; i++) {
		if (!options->backend_selected[i])
			return false;
	}
	size_t default_count = sizeof bench_default_sizes /
	                       sizeof bench_default_sizes[0];
	if (options->size_count != default_count ||
	    memcmp(options->sizes, bench_default_sizes,
	           sizeof bench_default_sizes) != 0)
		return false;
	return options->repetitions == BENCH_DEFAULT_REPETITIONS &&
	       options->min_time_ms == BENCH_DEFAULT_MIN_TIME_MS &&
	       options->seed == BENCH_DEFAULT_SEED;
}
