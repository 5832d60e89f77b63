/*
 * test_util.h - helpers shared by the Check suites: fixture files, hex, and
 * JSON expectations.
 */
#ifndef BM_TEST_UTIL_H
#define BM_TEST_UTIL_H

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

/* Reads tests/data/haiku/<name><extension> (extension ".msg" or ".json");
 * returns a malloc'd buffer (free with free()) or NULL. */
uint8_t *tu_read_fixture(const char *name, const char *extension,
                         size_t *size);

/* True on a little-endian host: the fixtures are little-endian files. */
bool tu_host_is_little_endian(void);

#endif /* BM_TEST_UTIL_H */
