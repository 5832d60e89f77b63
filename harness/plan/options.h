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
 * parser, its refusal and the --help lines derive: X(enum name, the word
 * --format takes, one line for --help, which says what it holds). Each
 * has its writer in output.h's BENCH_WRITER_TABLE.
 */
#define BENCH_FORMAT_LIST(X)                                                \
	X(BENCH_FORMAT_MD, "md", "the results table in Markdown (default)")  \
	X(BENCH_FORMAT_TEXT, "text", "the same table as aligned plain text")  \
	X(BENCH_FORMAT_CSV, "csv", "one line per test and backend")            \
	X(BENCH_FORMAT_JSON, "json",                                           \
	  "everything, every sample (schema 4; always ns)")                    \
	X(BENCH_FORMAT_GBENCH, "gbench",                                       \
	  "what Google Benchmark 1.7.1 writes with --benchmark_format=json "   \
	  "and --benchmark_repetitions=N, one benchmark TEST/BACKEND per "     \
	  "cell (always ns), for compare.py and CI dashboards")

enum bench_format {
#define BENCH_FORMAT_ENUM(name, word, text) name,
	BENCH_FORMAT_LIST(BENCH_FORMAT_ENUM)
#undef BENCH_FORMAT_ENUM
};

/* The word of a format ("md"), and the format of a word (false when it
 * names none). */
const char *bench_format_name(enum bench_format format);
bool bench_format_parse(const char *word, enum bench_format *format);

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
 * Parses argv[1..argc) for the backends[0..backend_count) the program was
 * given. Returns BENCH_EXIT_OK, or BENCH_EXIT_USAGE with a one-line reason
 * in why[0..why_size). Either way, bench_options_free releases what was
 * allocated.
 */
int bench_options_parse(struct bench_options *options, int argc,
                        char *const *argv,
                        const struct bm_ops *const *backends,
                        size_t backend_count, char *why, size_t why_size);

void bench_options_free(struct bench_options *options);

/* True when the test name passes --filter (or there is none). */
bool bench_options_match(const struct bench_options *options,
                         const char *test_name);

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

/* Prints the usage text of --help, its exit status lines included. */
void bench_print_usage(FILE *out);

#endif /* BENCH_OPTIONS_H */
