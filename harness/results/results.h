/*
 * results.h - what a run produced: one row per test, one cell per backend
 * plus the Floor, the verdicts, and the context the outputs print.
 * Times are nanoseconds per operation.
 */
#ifndef BENCH_RESULTS_H
#define BENCH_RESULTS_H

#include "conditions.h"
#include "descriptor.h"
#include "run_context.h"
#include "matrix.h"
#include "options.h"
#include "stats.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The retake rule (run/measure.c applies it; every output records it):
 * how many times a sample during which the process was preempted (off the
 * CPU for more than 1% of it) is taken again before the last attempt is
 * kept anyway. */
#define BENCH_RETAKES_MAX 3u

/* A sample is disturbed when the process was off the CPU (preempted by
 * another process) for more than this fraction of it. */
#define BENCH_OFF_CPU_FRACTION 0.01

/* The version of the JSON layout: output_json.c writes it, results_read.c
 * reads it and every older one (harness/README.md §6.3). */
#define BENCH_JSON_SCHEMA 6

/* Longest one-line reason kept for a failed cell. */
#define BENCH_REASON_MAX 256

struct bench_cell_result {
	bool failed;                    /* ERR: `error` says why */
	bool not_applicable;            /* n/a: the operation does not apply
	                                 * to the backend; `error` says why */
	char error[BENCH_REASON_MAX];
	double *samples;                /* ns per operation, sample order */
	double *cpu_samples;            /* the thread's CPU time of the same
	                                 * batches, ns per operation (may be
	                                 * NULL: not measured) */
	size_t sample_count;
	struct bench_summary summary;   /* of the samples */
	size_t ops_per_sample;          /* operations timed per sample */
	size_t rounds_per_sample;       /* timed batches per sample */
	double allocs_per_op;           /* counted in an untimed run */
	size_t flat_bytes;              /* flattened size (flat rows), or
	                                 * the bytes the Floor copies */
	uint64_t flat_digest;           /* flat rows: FNV-1a of the bytes */
	size_t retaken_samples;         /* attempts thrown away: preempted */
	size_t disturbed_samples;       /* kept although preempted */
	/* A proposal's "vs Winner" (bench_standing, rated); not known for
	 * the other kinds. */
	struct bench_standing standing;
};

struct bench_row {
	struct bench_test test;
	struct bench_cell_result *cells; /* one per backend of the run */
	bool has_floor;                  /* every row but Lookup */
	struct bench_cell_result floor;
	struct bench_verdict winner;       /* over all backends */
	struct bench_verdict haiku_winner; /* over BM_BACKEND_HAIKU ones */
};

/* The zstd level of the compressed sizes (harness/README.md §2.5). */
#define BENCH_ZSTD_LEVEL 3

/* One backend's sizes of one message: flattened, and that compressed. */
struct bench_size_cell {
	bool failed;                    /* `error` says why */
	char error[BENCH_REASON_MAX];
	size_t flat_bytes;
	size_t zstd_bytes;
};

/* The sizes of one message of the run (harness/README.md §2.5): a matrix
 * message (its layout, type and items) or a named one. */
struct bench_size_row {
	enum bench_layout layout;
	struct bench_workload workload;
	size_t hmf1_bytes;               /* its size in HMF1, from the format */
	struct bench_size_cell *cells;   /* one per backend of the run */
};

struct bench_results {
	const struct bm_ops **backends;  /* the columns, in registry order */
	size_t backend_count;
	/* Listed backends this build does not have (bench_program). */
	const struct bm_skipped_backend *skipped;
	size_t skipped_count;
	struct bench_row *rows;
	size_t row_count;
	/* The sizes of every message the run's tests use, in the order of
	 * their first test, and the zstd that compressed them. */
	struct bench_size_row *size_rows;
	size_t size_row_count;
	char zstd_version[32];
	const struct bench_options *options;
	struct bench_context context;
	uint64_t checksum;               /* of all timed work */
	size_t failed_cells;
	size_t retaken_samples;          /* over all cells */
	size_t disturbed_samples;
	double wall_seconds;             /* the whole run */
	const char *allocator;           /* how malloc was set up */
	char allocator_setup[384];       /* where bench_measure writes it */
	/* What a timing run competed with and the verdict on it
	 * (conditions.h, harness/README.md §3.7): BENCH_RUN_UNKNOWN when not
	 * measured (an instruction run). The reasons are "" for a quiet
	 * run. */
	struct bench_conditions conditions;
	enum bench_run_verdict run_verdict;
	char run_reasons[512];
};

/*
 * Decides a measured row's verdicts (harness/README.md §4.2 and
 * harness/README.md §4.3): its
 * Winner over the backends that compete and its Haiku Winner over the
 * Haiku designs by the tie rule, and each proposal's standing against the
 * best competing backend, each rated from the samples of the two it
 * compares. `candidates` holds one per backend, `scratch` 3 doubles per
 * sample of a cell.
 */
void bench_row_decide(const struct bench_results *results,
                      struct bench_row *row,
                      struct bench_candidate *candidates, double *scratch);

/* True for the kinds whose columns a full table shows after every
 * design's: the outside libraries, set beside the designs and never
 * competing (harness/README.md §6.1). */
bool bench_kind_follows_designs(enum bm_kind kind);

/* The order of a full table's backend columns: order[i] is the backend of
 * column i, the designs in the run's order, then the kinds that follow
 * them. */
void bench_column_order(const enum bm_kind *kinds, size_t count,
                        size_t *order);

/* Frees the rows and cells (not the backends array's pointees). */
void bench_results_free(struct bench_results *results);

/* The samples the run kept, over every cell, the Floor's included. */
size_t bench_results_sample_count(const struct bench_results *results);

/* The name a verdict prints: the backend's, "-" for a tie, NULL for none. */
const char *bench_verdict_name(const struct bench_results *results,
                               struct bench_verdict verdict);

/* A time for a table cell: ns (or us) with 0 to 3 decimals as its size
 * warrants ("41", "3.4", "0.25"). */
void bench_format_time(double ns, enum bench_unit unit, char *out,
                       size_t out_size);

#endif /* BENCH_RESULTS_H */
