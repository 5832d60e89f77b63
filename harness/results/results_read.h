/*
 * results_read.h - the one reader of the results JSON that bench writes
 * (output_json.c), for every command that reads one: `bench report`,
 * `bench compare` and `bench read-callgrind`.
 *
 * It reads schema 6 (the messages' sizes, harness/README.md §2.5), schema 5
 * (an instruction run's split of each count, harness/README.md §5.6),
 * schema 4, schema 3 (before the run's conditions,
 * harness/README.md §3.7), schema 2 (retakes counted per timed batch) and
 * schema 1 (before backend kinds and workloads: backends carried
 * "haiku": true for a Haiku design, rows "op", "items" and "type"), and
 * checks the whole layout before anyone uses it: a file
 * is taken whole or refused with one line naming the file and the place.
 * Every string points into the JSON document, which the run owns; the
 * JSON of each row and cell is kept for the commands that fill it in
 * (read-callgrind). A document is read from a file or from memory.
 */
#ifndef BENCH_RESULTS_READ_H
#define BENCH_RESULTS_READ_H

#include "conditions.h"
#include "descriptor.h"
#include "matrix.h"
#include "results.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* The schemas this reader takes. */
#define BENCH_SCHEMA_OLDEST 1
#define BENCH_SCHEMA_NEWEST BENCH_JSON_SCHEMA

/* What the cells must hold. */
enum bench_read_figures {
	/* Every cell that did not fail has its figure ("median"). */
	BENCH_READ_MEASURED,
	/* A --measure instructions run not yet read (unit "instructions"):
	 * every cell that did not fail names its callgrind dump ("dump",
	 * "ops_per_sample"). */
	BENCH_READ_UNREAD
};

struct bench_file_cell {
	bool present;         /* the row has this column */
	bool failed;          /* {"error": ...}: ERR, no figure */
	bool not_applicable;  /* {"not_applicable": ...}: n/a, no figure */
	const char *error;    /* the reason of either */
	double median;        /* per operation (BENCH_READ_MEASURED) */
	double mad;           /* of the samples; 0 when the file has none */
	/* Every sample, in sample order (sample k of pass k,
	 * harness/README.md §3.4); NULL and 0 when the file has none. */
	double *samples;
	size_t sample_count;
	const char *dump;     /* BENCH_READ_UNREAD: the dump's name */
	long long ops_per_sample; /* BENCH_READ_UNREAD */
	double allocs_per_op;  /* < 0: not in the file (the Floor's) */
	long long flat_bytes;  /* < 0: not a flat row, or not in the file */
	/* An instruction run's count of the counted batch and its parts: the
	 * design's, an original's adapter's and the shared check's
	 * (harness/README.md §5.6); < 0 where the file has none. */
	long long instructions;
	long long design_instructions;
	long long adapter_instructions;
	long long check_instructions;
	const char *flat_digest; /* NULL: not a flat row, or before schema 2 */
	/* A proposal's standing as the run decided and rated it (the row's
	 * vs_winner, harness/README.md §4.3): whether the file has it (from
	 * schema 4), whether the proposal holds the row, and the confidence,
	 * or -1 for none (a tie). */
	bool has_standing;
	bool standing_holds;
	double standing_confidence;
	json_t *json;         /* the cell's object in the document */
};

struct bench_file_row {
	const char *test;              /* "tCreate5Int32" */
	enum bench_op op;
	struct bench_workload workload;
	struct bench_file_cell *cells; /* one per backend of the run */
	struct bench_file_cell floor;  /* absent where the test has none */
	const char *winner;            /* a backend, "-" (a tie) or NULL */
	const char *haiku_winner;
	/* Their confidences (harness/README.md §4.3), or -1 for none: a tie,
	 * a lone candidate, counted instructions, a file before schema 4. */
	double winner_confidence;
	double haiku_winner_confidence;
	json_t *json;                  /* the row's object */
};

struct bench_file_backend {
	const char *name;
	enum bm_kind kind;
	const char *format;            /* "FOB1", "HMF1" */
	const char *counterpart;       /* an original's re-creation, or NULL */
	const char *summary;           /* its descriptor's one line (what its
	                                * design is), or NULL */
};

/* One backend's sizes of one message (harness/README.md §2.5). */
struct bench_file_size_cell {
	bool present;
	bool failed;                   /* {"error": ...}: no sizes */
	const char *error;
	long long flat_bytes;          /* what its Flatten wrote */
	long long zstd_bytes;          /* that, compressed with zstd */
};

/* One message of the run's "sizes": its layout and workload (a matrix
 * message, or a named one), its size in HMF1, and a cell per backend. */
struct bench_file_size_row {
	enum bench_layout layout;
	struct bench_workload workload;
	long long hmf1_bytes;
	struct bench_file_size_cell *cells;
};

struct bench_run_file {
	json_t *root;
	const char *path;
	long long schema;
	const char *unit;              /* "ns" or "instructions" */
	/* The context; optional members are NULL or < 0 when absent. */
	const char *date;
	const char *run_id;            /* the run's id (optional: files
	                                * before it have none) */
	const char *cpu;
	long long cores;
	const char *compiler;
	const char *compiler_version;  /* __VERSION__ (optional) */
	const char *cflags;
	const char *build_type;
	const char *sanitize;
	const char *git_commit;
	const char *glibc;
	const char *version;
	const char *measure;           /* "time" or "instructions" */
	const char *clock;
	double clock_resolution_ns;
	double wall_seconds;
	const char *allocator;
	const char *allocator_name;    /* found at run time (optional):
	                                * glibc, jemalloc, mimalloc, other */
	const char *allocator_version;
	const char *callgrind;         /* set by read-callgrind */
	const char *glibc_tunables;    /* GLIBC_TUNABLES of the run, or NULL */
	const char *glibc_pin;         /* what the check of the instruction
	                                * mode's pin saw (read-callgrind), or
	                                * NULL */
	/* Attempts thrown away because preempted, and attempts kept although
	 * preempted: samples from schema 3, timed batches before; -1 when
	 * the file does not say. */
	long long retaken;
	long long disturbed;
	/* context.conditions (harness/README.md §3.7), from schema 4 in a
	 * timing run: the verdict on what the run competed with, its reasons
	 * (NULL for none) and its figures (negative when not read; the sample
	 * counts 0). Older files, and files without it, are
	 * BENCH_RUN_UNKNOWN. */
	enum bench_run_verdict run_verdict;
	const char *run_reasons;
	struct bench_conditions conditions;
	/* context.skipped_backends: listed backends the run's build did not
	 * have (originals without their Haiku tree); none in schema 1. */
	const char **skipped;
	size_t skipped_count;
	/* context.options */
	bool all;
	const char *filter;            /* NULL: none */
	long long repetitions;
	double min_time_ms;
	long long seed;
	bool quick;
	struct bench_file_backend *backends;
	size_t backend_count;
	struct bench_file_row *rows;   /* in the file's order */
	size_t row_count;
	size_t *sizes;                 /* items of the matrix rows, ascending,
	                                * distinct */
	size_t size_count;
	/* "sizes" (schema 6 on, timing runs): whether the file has them,
	 * each message's, and the zstd that compressed them (its level -1
	 * without). */
	bool has_sizes;
	struct bench_file_size_row *size_rows;
	size_t size_row_count;
	const char *zstd_version;
	long long zstd_level;
};

/*
 * Reads and checks a results file. On failure writes one line naming the
 * file and the place (line and column for bad JSON, the key for a bad
 * layout) into why and returns false; the run is then empty
 * (bench_run_file_free is safe).
 */
bool bench_run_file_load(const char *path, enum bench_read_figures figures,
                         struct bench_run_file *run, char *why,
                         size_t why_size);

/*
 * The same, from a document in memory, text[0..length) (a version read
 * from git, a file just rendered), whose reasons name it `name` (kept as
 * the run's path: it must outlive the run). The text may be freed after
 * the call.
 */
bool bench_run_file_load_text(const char *name, const char *text,
                              size_t length, enum bench_read_figures figures,
                              struct bench_run_file *run, char *why,
                              size_t why_size);
void bench_run_file_free(struct bench_run_file *run);

/* True when the cell has its figure: present, neither ERR nor n/a. */
bool bench_file_cell_has_figure(const struct bench_file_cell *cell);

/* The row of op on a matrix workload (type, items), or NULL. */
const struct bench_file_row *
bench_run_file_row(const struct bench_run_file *run, enum bench_op op,
                   enum bench_type type, size_t items);

/* Column `column` of `row`, 0 <= column <= backend_count: the backends'
 * cells in the file's order, then the Floor's, so that a loop up to
 * backend_count inclusive visits every cell of a row. */
const struct bench_file_cell *
bench_file_row_cell(const struct bench_run_file *run,
                    const struct bench_file_row *row, size_t column);

/* The name of that column: the backend's, or "Floor". */
const char *bench_run_file_column_name(const struct bench_run_file *run,
                                       size_t column);

/* The column of a backend (exact name), or SIZE_MAX. */
size_t bench_run_file_backend(const struct bench_run_file *run,
                              const char *name);

#endif /* BENCH_RESULTS_READ_H */
