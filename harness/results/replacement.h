/*
 * replacement.h - whether the canonical run replaces the committed results
 * (harness/README.md §6.4).
 *
 * `bench --all` writes results/latest.* and, through scripts/bench, the
 * report and README.md's generated block: the reference every reader
 * compares against. A run replaces them only when it was quiet
 * (harness/README.md §3.7) and
 * has every backend the committed results have (a clone without the Haiku
 * trees builds no originals); otherwise its results go elsewhere and one
 * line says why. --replace-results replaces them anyway.
 */
#ifndef BENCH_REPLACEMENT_H
#define BENCH_REPLACEMENT_H

#include "conditions.h"
#include "descriptor.h"

#include <stdbool.h>
#include <stddef.h>

/* What the decision knows of the committed results file. */
enum bench_committed_state {
	BENCH_COMMITTED_ABSENT,     /* no file: nothing to keep */
	BENCH_COMMITTED_READ,       /* read: its backends are known */
	BENCH_COMMITTED_UNREADABLE  /* there, but not a results file */
};

struct bench_committed {
	enum bench_committed_state state;
	const char *path;             /* for the reason: results/latest.json */
	const char *const *backends;  /* BENCH_COMMITTED_READ: their names */
	size_t backend_count;
	const char *why;              /* BENCH_COMMITTED_UNREADABLE: why */
};

/* The run: its backends, the listed ones its build did not have, and the
 * verdict on what it competed with. */
struct bench_replacing_run {
	const char *const *backends;
	size_t backend_count;
	const struct bm_skipped_backend *skipped;
	size_t skipped_count;
	enum bench_run_verdict verdict;
	const char *reasons;          /* of a disturbed run */
	const char *injected;         /* a test-only regression built in, or
	                               * "" (run_context.h) */
};

/*
 * The rule: true when the run replaces the committed results. When it
 * would not without `force`, writes why into why[0..why_size) as one line
 * of clauses ("the run was disturbed (...); it lacks Haiku-original, which
 * results/latest.json has (not built: ...)"); otherwise why is "".
 */
bool bench_replacement_decide(const struct bench_committed *committed,
                              const struct bench_replacing_run *run,
                              bool force, char *why, size_t why_size);

#endif /* BENCH_REPLACEMENT_H */
