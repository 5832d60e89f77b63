/*
 * json_file.h - reading and writing whole JSON documents for the tools
 * that work on results files (bench compare, bench read-callgrind), with
 * jansson, and one-line reasons when that fails; the two helpers every
 * JSON writer uses.
 */
#ifndef BENCH_JSON_FILE_H
#define BENCH_JSON_FILE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Reads the JSON document in `path`. Returns a new reference, or NULL with
 * a one-line reason ("PATH: invalid JSON at line 3: ...") in why. */
json_t *bench_json_load(const char *path, char *why, size_t why_size);

/* Writes `root` as the results files are written (indent 1, ten
 * significant digits), with a newline. Returns false on a write error. */
bool bench_json_dump(FILE *stream, const json_t *root);

/*
 * Writes `root` to `path` through a temporary file beside it, flushed to
 * the disk, and a rename, so that an interrupted write leaves the old file
 * or the new one. On failure writes a one-line reason and returns false.
 */
bool bench_json_write_file(const char *path, const json_t *root, char *why,
                           size_t why_size);

/* Adds `value` to `object` under `key`; jansson takes the reference. */
static inline void
bench_json_put(json_t *object, const char *key, json_t *value)
{
	json_object_set_new(object, key, value);
}

/* A JSON string; text that is not UTF-8 (a strange CPU name) is replaced
 * rather than dropped, so that every key is always present. */
static inline json_t *
bench_json_text(const char *value)
{
	json_t *string = json_string(value);
	return string != NULL ? string : json_string("(not UTF-8)");
}

#endif /* BENCH_JSON_FILE_H */
