/*
 * output_file.h - where an output of the suite may go, and writing it there
 * without destroying anything (harness/README.md §6.6): every --out, the
 * results/latest.* set, the report's files and msgdump's --reflatten go
 * through here.
 *
 * A destination's last symlink is followed to its target (a dangling one
 * names the file to create, as the shell's `>` does), then:
 * - a regular file is replaced atomically, keeping its mode and owner; where
 *   the owner cannot be kept or its folder is not writable, it is written in
 *   place, as `>` would;
 * - a missing file in an existing folder is created with the umask's mode;
 * - a character device or a FIFO is written in place (/dev/null);
 * - the program's own standard output or error (/dev/stdout, /dev/stderr,
 *   /proc/self/fd/1, whatever they lead to) is written through the stream
 *   it holds, so that another user's pipe needs no reopening and a file
 *   the shell opened for it is not renamed away;
 * - anything else (a directory, a socket, a block device, a missing folder)
 *   and a file the user could not write with `>` are refused in one line.
 * The content is rendered in memory before the destination is touched, so a
 * writer that fails leaves it as it was. No temporary file outlives the
 * call: a replacement is an unnamed file (O_TMPFILE) linked under a name of
 * the writer's own pattern just before its rename, and stale temporaries
 * of that pattern left by a killed process are removed by the next writer
 * of the same file.
 */
#ifndef BENCH_OUTPUT_FILE_H
#define BENCH_OUTPUT_FILE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Writes a file's content to `stream`; returns false on a write error. */
typedef bool (*bench_file_writer)(FILE *stream, const void *ctx);

/*
 * Checks, without changing anything, that `path` may be written by the
 * rules above. Returns false with a one-line reason naming `path` in why.
 * Cheap and non-blocking (a FIFO is not opened), so that programs call it
 * before any long work.
 */
bool bench_output_check(const char *path, char *why, size_t why_size);

/*
 * Checks `path` and writes the content `write` gives there by the rules
 * above. On failure the destination is as it was (a stream may have
 * received part of it) and a one-line reason naming `path` is in why.
 */
bool bench_output_write(const char *path, bench_file_writer write,
                        const void *ctx, char *why, size_t why_size);

/* One file of a set written together. */
struct bench_output_part {
	const char *path;
	bench_file_writer write;
	const void *ctx;
};

/*
 * Writes `count` files as one set: every content is rendered and every
 * replacement prepared before the first rename, so a failure replaces
 * none. The renames themselves follow one another, so a kill between two
 * of them can leave files of two sets: the files carry what identifies
 * their set, and their readers check it.
 */
bool bench_output_write_set(const struct bench_output_part *parts,
                            size_t count, char *why, size_t why_size);

/* What the writers of files and folders (output_folder.h) share. */

/* The temporaries' names: ".<name>.bench-tmp-<pid>-<n>" beside the file
 * or folder they become. */
#define BENCH_OUTPUT_TEMPORARY_MARK ".bench-tmp-"

/* The folder part of `path` ("." when it has none) into `folder`. */
bool bench_output_folder_of(const char *path, char *folder, size_t size);

/* The name creating `path` makes: its last component's symlinks followed
 * (a dangling one names its target, as the shell's `>` does). False with
 * a reason on a loop or a path too long. */
bool bench_output_name_to_create(const char *path, char name[PATH_MAX],
                                 char *why, size_t why_size);

/* A new temporary name of the pattern beside `target`. */
bool bench_output_temporary_name(const char *target, char name[PATH_MAX]);

/* Calls `remove` on the temporaries of the pattern beside folder/base
 * whose process is gone (a killed writer's). */
void bench_output_remove_stale(const char *folder, const char *base,
                               void (*remove)(int folder_fd,
                                              const char *name));

#endif /* BENCH_OUTPUT_FILE_H */
