/*
 * test_util.h - helpers shared by the Check suites: fixture files, hex, and
 * JSON expectations.
 */
#ifndef BM_TEST_UTIL_H
#define BM_TEST_UTIL_H

#include "bmsg.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Reads a whole file; returns a malloc'd buffer (free with free()) and its
 * size in *size, or NULL when the file cannot be read. */
uint8_t *tu_read_file(const char *path, size_t *size);

/* Writes "<BENCH_TESTDATA_DIR>/<relative>" into out and returns out. */
char *tu_data_path(char *out, size_t out_size, const char *relative);

/* Lists the fixture names (without ".msg") in tests/data/haiku, sorted.
 * Returns their number; *names is a malloc'd array of malloc'd strings,
 * freed with tu_free_names. */
size_t tu_list_fixtures(char ***names);
void tu_free_names(char **names, size_t count);

/*
 * The content of a message, independent of any backend: its what code and
 * its fields, each with name, type, fixed flag and item bytes. Taken from a
 * message through the wrappers, or from flat bytes through bm_decode, so
 * that two messages (or a message and its flattened bytes) can be compared.
 * Allocated with plain malloc, outside the counted allocator.
 */
struct tu_field {
	char name[BM_NAME_MAX + 1];
	size_t name_len;
	bm_type_code type;
	bool fixed_size;
	size_t count;
	uint8_t **items;
	size_t *sizes;
};

struct tu_content {
	uint32_t what;
	size_t count;
	struct tu_field *fields;
};

/* Reads every field and item of msg in its iteration order. Returns a
 * status code; on failure *content is empty. */
int tu_content_from_message(const bm_message *msg, struct tu_content *content);

/* Decodes flat bytes with the shared decoder. Returns bm_decode's status. */
int tu_content_from_bytes(const void *data, size_t size,
                          struct tu_content *content);

/* Reads the bytes `writer` flattened: with the shared decoder, or, when
 * only the writer reads them (bm_backend_reads_back: a design's dialect,
 * a library's format), by unflattening them with the writer. Returns a
 * status code; on failure *content is empty. */
int tu_content_from_flat(const struct bm_ops *writer, const void *data,
                         size_t size, struct tu_content *content);

/* Sorts the fields by name bytes (strcmp order; Message1's order). */
void tu_content_sort(struct tu_content *content);

/*
 * Compares what, field names, types and item bytes, in order (sort first
 * to ignore order). Fixed flags are compared only when compare_fixed is set
 * (Message1 stores every field as variable-size). On a difference, writes
 * a one-line description into why and returns false.
 */
bool tu_content_equal(const struct tu_content *a, const struct tu_content *b,
                      bool compare_fixed, char *why, size_t why_size);

void tu_content_free(struct tu_content *content);

/*
 * Hostile-input check, shared by the mutation sweep, the regression replay
 * and the fuzz targets. Unflattens bytes[0..size) into msg (of any
 * backend). Passes when that fails with a decoding status and leaves msg
 * empty, or succeeds with a valid message: every field and item reads back
 * (by iteration and by name; an index past the end and an absent name are
 * refused), it flattens, its flattened bytes decode (shared decoder) to the
 * same content, unflattening them into a second message of the same
 * backend gives the same content again, and an add works. For a backend
 * that checks on read (BM_BACKEND_CHECKS_ON_READ) an accepted message may
 * hold malformed data: every read and the add return OK or a documented
 * status (BM_BAD_DATA), Flatten succeeds or says why, and the decode
 * round trip is asked only of a message that read back whole and whose
 * flattened bytes the shared decoder accepts. Sets *accepted; on a failed
 * check writes one line into why and returns false.
 */
bool tu_check_input(bm_message *msg, const uint8_t *bytes, size_t size,
                    bool *accepted, char *why, size_t why_size);

/*
 * The same verdict with a cheaper check of an accepted message, for sweeps
 * over many inputs: every byte of every item is read through the
 * wrappers, the flattened bytes decode (shared decoder) to items of the
 * same total size and byte sum, and unflattening and flattening them again
 * gives the same bytes.
 */
bool tu_check_input_quick(bm_message *msg, const uint8_t *bytes, size_t size,
                          bool *accepted, char *why, size_t why_size);
/* Reads tests/data/haiku/<name><extension> (extension ".msg" or ".json");
 * returns a malloc'd buffer (free with free()) or NULL. */
uint8_t *tu_read_fixture(const char *name, const char *extension,
                         size_t *size);

/* True on a little-endian host: the fixtures are little-endian files. */
bool tu_host_is_little_endian(void);

#endif /* BM_TEST_UTIL_H */
