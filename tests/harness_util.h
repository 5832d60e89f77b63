/*
 * harness_util.h - running the whole `bench` program inside the tests,
 * with test-only backends and captured output.
 */
#ifndef BM_HARNESS_UTIL_H
#define BM_HARNESS_UTIL_H

#include "bmsg.h"
#include "conditions.h"

#include <stddef.h>

struct bench_capture {
	int status;   /* what bench_main returned */
	char *out;    /* everything written to out, NUL-terminated */
	char *err;    /* everything written to err */
};

/*
 * Runs bench_main with backends[0..count), results written to
 * `results_dir` (NULL: none), and the arguments that follow (after the
 * program name), ending with NULL. Free the capture with
 * hu_capture_free.
 */
struct bench_capture hu_run(const struct bm_ops *const *backends,
                            size_t count, const char *results_dir, ...);

/* What a run is given besides its backends and arguments (hu_run_with). */
struct hu_setting {
	const char *results_dir;  /* where a canonical run writes; NULL: none */
	const char *aside_dir;    /* where it writes when it does not replace
	                           * those of results_dir; NULL: nowhere */
	/* The figures of what the run competed with
	 * (harness/README.md §3.7); NULL: hu_quiet. */
	const struct bench_conditions *conditions;
};

/* The figures of a quiet run: every run of hu_run is given them, so that what else runs on the machine changes
 * neither its verdict nor its stderr. */
extern const struct bench_conditions hu_quiet;

/* hu_run with a setting of its own; arguments end with NULL. */
struct bench_capture hu_run_with(const struct hu_setting *setting,
                                 const struct bm_ops *const *backends,
                                 size_t count, ...);

/* A malloc'd copy of text (free with free()). */
char *hu_copy(const char *text);

void hu_capture_free(struct bench_capture *capture);

/* Counts the lines of text. */
size_t hu_count_lines(const char *text);

/* Makes a fresh temporary directory; returns its malloc'd path. */
char *hu_make_temp_dir(void);

/* Removes the files named in `names` (NULL-terminated) from dir, then
 * dir itself, and frees the path. */
void hu_remove_temp_dir(char *dir, const char *const *names);

#endif /* BM_HARNESS_UTIL_H */
