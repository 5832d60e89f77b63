/*
 * history.h - the committed versions of a results file, read from the git
 * repository it lives in (harness/README.md §5.5): `bench history` and
 * the report's page "History".
 *
 * Every commit that `git log --follow` lists for the file is a version:
 * its text is read with `git cat-file` (the repository is never changed)
 * and parsed by the one results reader (results_read.h), so every schema
 * it reads is read here. Versions made under another glibc pin
 * (context.glibc_tunables, where context.glibc_pin says the pin was
 * checked) or another toolchain (compiler, flags, glibc, callgrind) start
 * a new era: a move between two eras is marked as such, never counted
 * as a regression. A shallow clone, a missing git or a file with no
 * committed version fails in one line that says what to do.
 */
#ifndef BENCH_HISTORY_H
#define BENCH_HISTORY_H

#include "results_read.h"
#include "subcommand.h"

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>

struct bench_history_version {
	char commit[41];
	char date[40];             /* the committer's date, ISO 8601 */
	char *subject;             /* the commit's subject line */
	char *path;                /* the file at that commit, from the
	                            * repository's top */
	char *name;                /* "<commit 12>:<path>", as reasons name it */
	struct bench_run_file run;
	size_t era;                /* versions of one era share the pin and
	                            * the toolchain */
	char *boundary;            /* NULL, or what changed from the version
	                            * before: "the glibc pin: none -> set" */
};

struct bench_history {
	struct bench_history_version *versions; /* oldest first */
	size_t count;
	size_t era_count;
};

/*
 * Reads every committed version of `file`. False with a one-line reason
 * (git missing, not in a repository, a shallow clone, no committed
 * version, a version the reader refuses); the history is then empty.
 * `git` names the program (NULL: "git", from PATH).
 */
bool bench_history_read(const char *file, const char *git,
                        struct bench_history *history, char *why,
                        size_t why_size);
void bench_history_free(struct bench_history *history);

/* Which cells to follow: the tests a regular expression matches (NULL:
 * every test) and the columns named (NULL: every backend; the Floor is
 * always followed). */
struct bench_history_selection {
	const regex_t *filter;
	const char *const *backends; /* names, any case; NULL-terminated */
};

/* One cell's figure in every version, from the first that has it. */
struct bench_history_cell {
	const char *test;          /* into the newest version that has it */
	const char *backend;       /* a backend, or "Floor" */
	enum bench_op op;
	double *figures;           /* per version; NAN where it has none */
	size_t first;              /* the first version with a figure */
};

struct bench_history_series {
	struct bench_history_cell *cells; /* in the order the versions first
	                                   * have them */
	size_t count;
	size_t version_count;
};

/* The cells the selection follows, and their figures; false when out of
 * memory. */
bool bench_history_series(const struct bench_history *history,
                          const struct bench_history_selection *selection,
                          struct bench_history_series *series);
void bench_history_series_free(struct bench_history_series *series);

/* A move of one cell between a version and the one before it that has
 * the cell. */
struct bench_history_move {
	size_t cell;               /* into the series */
	size_t version;            /* the version it moved at */
	size_t from;               /* the version it is compared with */
	double before, after;
	double relative;           /* (after - before) / before */
	bool across_eras;          /* the two versions are of other eras: a
	                            * change of pin or toolchain, not of code */
};

/*
 * The moves of more than `percent` percent of the figure before and more
 * than `minimum` (bench compare's rule, compare.h), in version order,
 * the largest first within a version. Returns how many; *moves is
 * malloc'd (NULL when there are none); SIZE_MAX when out of memory.
 */
size_t bench_history_moves(const struct bench_history *history,
                           const struct bench_history_series *series,
                           double percent, double minimum,
                           struct bench_history_move **moves);

/* The subcommand; argv[0] is "history". */
int bench_history_main(const struct bench_program *program, int argc,
                       char **argv);

/* Its usage text (bench history --help). */
extern const char bench_history_usage[];

#endif /* BENCH_HISTORY_H */
