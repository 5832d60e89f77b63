/*
 * atomic_file.h - writing a whole file so that an interrupted write leaves
 * the old file or the new one, never half of one: results, JSON documents
 * and the report all go through here.
 */
#ifndef BENCH_ATOMIC_FILE_H
#define BENCH_ATOMIC_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Writes a file's content to `stream`; returns false on a write error. */
typedef bool (*bench_file_writer)(FILE *stream, const void *ctx);

/*
 * Writes `path` through a temporary file beside it (so that the rename
 * stays on one file system), flushed to the disk, made readable by
 * everyone (0644), then renamed over `path`. On failure the temporary file
 * is removed, `path` is untouched, and a one-line reason naming `path` is
 * written into why.
 */
bool bench_write_file_atomically(const char *path, bench_file_writer write,
                                 const void *ctx, char *why, size_t why_size);

#endif /* BENCH_ATOMIC_FILE_H */
