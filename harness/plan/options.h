/*
 * options.h - the command line of `bench`, parsed and checked before
 * anything runs. Parsing never exits and never prints: it returns a status
 * and a one-line reason, so that the program and the tests share it.
 */
#ifndef BENCH_OPTIONS_H
#define BENCH_OPTIONS_H

#include "descriptor.h"
#include "exit_codes.h"
#include "matrix.h"

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * The output formats (--format), one list from which the enum, the
 * parser, its refusal, the --help lines and the format an --out file's
 * name implies derive: X(enum name, the word --format takes, the file
 * extension that implies it, one line for --help, which says what it
 * holds). Without --format, an --out name ending in an extension takes
 * the first format of the list with it (so .json is json, never gbench);
 * an explicit --format must fit the extension, when it is one of the
 * list's. Each format has its writer in output.h's BENCH_WRITER_TABLE.
 */
#define BENCH_FORMAT_LIST(X)                                                \
	X(BENCH_FORMAT_MD, "md", ".md",                                     \
	  "the results table in Markdown (default)")                          \
	X(BENCH_FORMAT_TEXT, "text", ".txt",                                \
	  "the same table as aligned plain text")                             \
	X(BENCH_FORMAT_CSV, "csv", ".csv", "one line per test and backend")   \
	X(BENCH_FORMAT_JSON, "json", ".json",                               \
	  "everything, every sample (schema 6; always ns)")                   \
	X(BENCH_FORMAT_GBENCH, "gbench", ".json",                           \
	  "what Google Benchmark 1.7.1 writes with --benchmark_format=json "  \
	  "and --benchmark_repetitions=N, one benchmark TEST/BACKEND per "    \
	  "cell (always ns), for compare.py and CI dashboards")              \
	X(BENCH_FORMAT_BMF, "bmf", ".json",                                 \
	  "Bencher Metric Format: per cell TEST/BACKEND its latency (the "    \
	  "median, and the median -/+ MAD, in ns) and flat_bytes where known") \
	X(BENCH_FORMAT_GITHUB_ACTION, "github-action", ".json",             \
	  "github-action-benchmark's customSmallerIsBetter: one entry "       \
	  "{name, unit, value, range, extra} per cell (ns)")

enum bench_format {
#define BENCH_FORMAT_ENUM(name, word, extension, text) name,
	BENCH_FORMAT_LIST(BENCH_FORMAT_ENUM)
#undef BENCH_FORMAT_ENUM
};

/* The word of a format ("md"), and the format of a word (false when it
 * names none). */
const char *bench_format_name(enum bench_format format);
bool bench_format_parse(const char *word, enum bench_format *format);

/* The format a file name's extension implies (any case; false when the
 * name ends in none of the list's). */
bool bench_format_of_name(const char *path, enum bench_format *format);

enum bench_unit {
	BENCH_UNIT_NS,
	BENCH_UNIT_US
};

/* What a cell's figure is (--measure). */
enum bench_measure {
	BENCH_MEASURE_TIME,         /* ns per operation, by the clock */
	BENCH_MEASURE_INSTRUCTIONS  /* instructions per operation, counted
	                             * by callgrind (instructions.h) */
};

/* Defaults (harness/README.md §7), and what --quick uses unless told
 * otherwise. */
#define BENCH_DEFAULT_REPETITIONS 15u
#define BENCH_DEFAULT_MIN_TIME_MS 1.0
#define BENCH_DEFAULT_SEED 2005u
#define BENCH_QUICK_REPETITIONS 3u
#define BENCH_QUICK_MIN_TIME_MS 0.1

/* Bounds of the numeric options. */
#define BENCH_REPETITIONS_MAX 1000u
#define BENCH_MIN_TIME_MAX_MS 10000.0
/* The most processes --jobs runs at once (the usage says it too). */
#define BENCH_JOBS_MAX 64u
/* Seeds are exact in every JSON reader (doubles hold 53 bits). */
#define BENCH_SEED_MAX ((UINT64_C(1) << 53) - 1)

struct bench_options {
	/* What to do; a run needs --all or --filter. */
	bool help;
	bool list;
	bool list_tests;
	bool all;

	/* What to run. */
	bool has_filter;
	regex_t filter;              /* compiled --filter, when has_filter */
	const char *filter_text;     /* points into argv */
	bool *backend_selected;      /* one per backend passed in */
	size_t backend_count;        /* backends passed in */
	size_t sizes[BENCH_SIZES_MAX]; /* ascending, distinct */
	size_t size_count;
	unsigned repetitions;
	double min_time_ms;
	uint64_t seed;
	bool quick;
	enum bench_measure measure;  /* --measure; default time */
	unsigned jobs;               /* --jobs; 0: one per usable CPU */

	/* What to print, and where. */
	enum bench_format format;
	const char *out_path;        /* points into argv; NULL: stdout */
	enum bench_unit unit;
	bool progress;               /* --progress given */
	/* --replace-results: the canonical run replaces results/latest.*
	 * even when it would not (replacement.h). */
	bool replace_results;
};

/*
 * Parses argv[1..argc) for the backends the program runs, given by their
 * names (backend_names[0..backend_count), in column order), so that a
 * program that has only the names (the options' own check, built without
 * the backends) parses as `bench` does. -h or --help anywhere asks for the
 * usage alone. Returns BENCH_EXIT_OK, or BENCH_EXIT_USAGE with a one-line
 * reason in why[0..why_size). Either way, bench_options_free releases what
 * was allocated.
 */
int bench_options_parse(struct bench_options *options, int argc,
                        char *const *argv, const char *const *backend_names,
                        size_t backend_count, char *why, size_t why_size);

/*
 * The files the canonical run writes in the results directory, one set
 * (harness/README.md §6.4): X(file name, format).
 */
#define BENCH_LATEST_LIST(X)                \
	X("latest.md", BENCH_FORMAT_MD)     \
	X("latest.csv", BENCH_FORMAT_CSV)   \
	X("latest.json", BENCH_FORMAT_JSON)

/*
 * What the parser cannot see in one option, checked before any work: a run
 * selects a backend and a test and can write its --out file, or for the
 * canonical run the files of BENCH_LATEST_LIST in results_dir (NULL: none
 * written), by the output rules (output_file.h); --list-tests selects a
 * test. Returns BENCH_EXIT_OK, or BENCH_EXIT_USAGE with a one-line reason.
 * Cheap: no test is run.
 */
int bench_options_check(const struct bench_options *options,
                        const char *results_dir, char *why, size_t why_size);

void bench_options_free(struct bench_options *options);

/* True when the test name passes --filter (or there is none). */
bool bench_options_match(const struct bench_options *options,
                         const char *test_name);

/* The tests the options select, in matrix order, into *tests (malloc'd,
 * the caller frees it). Returns how many, or SIZE_MAX when out of
 * memory. */
size_t bench_options_tests(const struct bench_options *options,
                           struct bench_test **tests);

/*
 * True for the canonical run, `bench --all` with every measurement option
 * at its default (every backend, no filter, the 2005 sizes, default
 * repetitions, minimum time and seed, not --quick, --measure time) and no
 * --out: the run that also writes results/latest.*. --format, --unit and
 * --progress only change what is printed, so they do not matter here; a
 * run given --out writes that file only. --replace-results is given to
 * this run alone (the options refuse it elsewhere).
 */
bool bench_options_canonical(const struct bench_options *options);

/* Prints the usage text of --help: bench's own options; the program adds
 * its commands and the exit statuses (cli.c). */
void bench_print_usage(FILE *out);

#endif /* BENCH_OPTIONS_H */
