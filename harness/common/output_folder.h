/*
 * output_folder.h - a folder of outputs replaced whole, as the report is
 * (harness/README.md §6.6): its files are written into a new folder beside
 * it, which then takes its place in one step (renameat2's RENAME_EXCHANGE;
 * where the file system has none, two renames). A writer that fails, or a
 * process killed before the swap, leaves the old folder as it was; no
 * reader ever sees half of each.
 *
 * The new folder is named as output_file.h's temporaries are
 * (".<name>.bench-tmp-<pid>-<n>", beside the folder), and so is the old
 * one from the swap until it is removed: the next writer of the same
 * folder removes those a killed process left.
 *
 * What the old folder holds that the writer does not claim (a file a user
 * put there) is carried into the new one, hard-linked where it can be,
 * copied where not; a file the writer writes again keeps its old mode.
 */
#ifndef BENCH_OUTPUT_FOLDER_H
#define BENCH_OUTPUT_FOLDER_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

struct bench_output_folder {
	const char *path;          /* as given, for the messages */
	char target[PATH_MAX];     /* the folder replaced, symlinks followed */
	char staging[PATH_MAX];    /* where the new content is written */
	bool exists;               /* whether there is an old folder */
};

/*
 * Checks, without changing anything, that `path` may be replaced: an
 * existing folder (a symlink to one is followed) whose parent the user may
 * write, or a missing one in an existing folder the user may write.
 * Returns false with a one-line reason naming `path`. Cheap, for before
 * any long work.
 */
bool bench_output_folder_check(const char *path, char *why, size_t why_size);

/*
 * Checks `path` and makes the new folder beside it, empty;
 * folder->staging is where to write. It takes the old folder's mode and
 * owner (where the user may give it) when committed, or keeps the
 * umask's.
 */
bool bench_output_folder_begin(struct bench_output_folder *folder,
                               const char *path, char *why, size_t why_size);

/*
 * Whether the writer claims the old folder's file at `relative` (a path
 * under the folder, "data/x.csv"; `old` is its full path): a file it
 * claims and did not write again is dropped, one it does not is carried.
 */
typedef bool bench_folder_claims(const char *relative, const char *old);

/*
 * Carries into the new folder what the writer does not claim, swaps the
 * two folders, and removes the old one. On failure the old folder is as
 * it was, the new one is removed, and why holds one line.
 */
bool bench_output_folder_commit(struct bench_output_folder *folder,
                                bench_folder_claims *claims, char *why,
                                size_t why_size);

/* Removes the new folder (after the writer failed). */
void bench_output_folder_abandon(struct bench_output_folder *folder);

#endif /* BENCH_OUTPUT_FOLDER_H */
