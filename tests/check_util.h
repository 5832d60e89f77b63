/*
 * check_util.h - helpers for the Check suites that assert as they go:
 * backends by name or index, messages made and flattened, fixtures read,
 * and byte or content comparisons that name the first difference.
 *
 * Also the tests' own big-endian maker (the flat bytes a host of the
 * other byte order writes, made independently of impl/) and the content
 * of a message as JSON, in the layout of the fixtures' .json files.
 *
 * Compiled into bench_tests only. test_util.h holds the helpers that
 * return a status instead (the fuzz targets link those, without Check).
 * Every helper here fails the running test on any error, with a message
 * that names the backend, fixture or context it was given; buffers it
 * returns come from plain malloc (outside the counted allocator) and are
 * freed with free().
 */
#ifndef BM_CHECK_UTIL_H
#define BM_CHECK_UTIL_H

#include "bmsg.h"
#include "test_util.h"

#include <check.h>
#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* --- Registering tests ---------------------------------------------------- */

/*
 * Adds a test that needs a little-endian host to tc: one that reads the
 * fixtures of tests/data/haiku or their .json files, or compares with
 * byte vectors as a little-endian host writes them (impl/flat-examples.md §1).
 * On a big-endian host the test is left out and counted instead, since
 * Check cannot skip a test and one that returned early would pass having
 * checked nothing; the runner says how many were left out.
 * cu_add_le_loop_test does the same for a loop test (start .. end - 1),
 * which counts as end - start tests.
 */
void cu_add_le_test(TCase *tc, const TTest *test);
void cu_add_le_loop_test(TCase *tc, const TTest *test, int start, int end);

/* The number of tests left out so far by cu_add_le_test and
 * cu_add_le_loop_test. */
int cu_tests_left_out(void);

/* --- Backends ------------------------------------------------------------- */

/* The registered backend called `name`; fails the test when there is none. */
const struct bm_ops *cu_backend(const char *name);

/*
 * The backends a property is asserted on, from what their descriptors say
 * (impl/README.md §1.3), so that a loop test over a set covers a new
 * backend with no edit and never runs where it cannot hold:
 *   CU_EVERY          every registered backend: what every design does
 *                     (content round trips, its own bytes read back);
 *   CU_CONTRACT       the backends that keep the whole contract of bmsg.h
 *                     (limits, argument errors, no leaks): every kind but
 *                     the originals, which are Haiku's code as it was;
 *   CU_BAD_INPUT      those that survive malformed input;
 *   CU_NO_MEMORY      those that survive an allocation failure;
 *   CU_FOREIGN_BYTES  those whose native reader reads what other writers
 *                     write (not BM_BACKEND_READS_OWN_BYTES_ONLY).
 */
enum cu_set {
	CU_EVERY,
	CU_CONTRACT,
	CU_BAD_INPUT,
	CU_NO_MEMORY,
	CU_FOREIGN_BYTES
};

/* True when the backend belongs to the set. */
bool cu_member(enum cu_set set, const struct bm_ops *ops);

/* The number of backends in the set, as the int a loop test takes. */
int cu_count(enum cu_set set);

/* The index-th backend of the set (0 <= index < cu_count(set)), in
 * registry order. */
const struct bm_ops *cu_in(enum cu_set set, int index);

/* True when `reader` is given `writer`'s flattened bytes in the tests: a
 * reader that reads only its own bytes reads no other writer's, and bytes
 * in a design's own dialect (BM_BACKEND_OWN_FLAT_DIALECT) are read back
 * by their writer only. */
bool cu_reads_bytes_of(const struct bm_ops *reader,
                       const struct bm_ops *writer);

/* The number of registered backends (CU_EVERY). */
int cu_backend_count(void);

/* The index-th registered backend (CU_EVERY). */
const struct bm_ops *cu_backend_at(int index);

/* --- Messages ------------------------------------------------------------- */

/* A new, empty message of ops with `what`. */
bm_message *cu_new_message(const struct bm_ops *ops, uint32_t what);

/* A new message of ops (what 0) holding bytes[0..size), unflattened with
 * bm_unflatten; a failure names `context` and the status. */
bm_message *cu_unflattened(const struct bm_ops *ops, const void *bytes,
                           size_t size, const char *context);

/* Adds the items first .. first + count - 1 to the field `name`: item i is
 * the int32 i, or the string "item<i>" when `strings` is set. */
void cu_add_items(bm_message *msg, const char *name, bool strings, int first,
                  int count);

/* The benchmark's messages (harness/README.md §1.2): `count` items in one
 * field "data", or, when `individual` is set, `count` fields "data<i>" of one
 * item each; item i as in cu_add_items. */
void cu_add_benchmark(bm_message *msg, int count, bool strings,
                      bool individual);

/* Writes a benchmark message's description ("500 individual strings",
 * "5 int32") into out, for failure messages; returns out. */
const char *cu_benchmark_name(char *out, size_t out_size, int count,
                              bool strings, bool individual);

/* A new message of ops with from's what and every item of `from`, added
 * field by field in from's iteration order through the add path (what
 * msgdump --reflatten does), each with its field's type and fixed flag. */
bm_message *cu_rebuild(const bm_message *from, const struct bm_ops *ops);

/* --- Flat bytes ----------------------------------------------------------- */

/* Flattens msg into a malloc'd buffer of exactly its flattened size;
 * returns it, and that size in *size. */
uint8_t *cu_flatten(bm_message *msg, size_t *size);

/* A malloc'd copy of bytes[0..size), of exactly that size (one byte when
 * size is 0), so that reading past its end is caught by the sanitizers. */
uint8_t *cu_copy(const void *bytes, size_t size);

/*
 * Fails unless got[0..got_size) equals want[0..want_size). The message
 * names `context`, the first differing offset with both bytes (or both
 * sizes when one is a prefix of the other) and the line of the call.
 */
#define cu_assert_bytes_eq(got, got_size, want, want_size, context)        \
	cu_assert_bytes_eq_at(__FILE__, __LINE__, (got), (got_size), (want),   \
	                      (want_size), (context))
void cu_assert_bytes_eq_at(const char *file, int line, const void *got,
                           size_t got_size, const void *want, size_t want_size,
                           const char *context);

/* Compares got[0..got_size) with the bytes of fixture `name` (.msg) as
 * cu_assert_bytes_eq does, the fixture's name as the context. */
#define cu_assert_fixture_bytes(got, got_size, name)                       \
	cu_assert_fixture_bytes_at(__FILE__, __LINE__, (got), (got_size), (name))
void cu_assert_fixture_bytes_at(const char *file, int line, const void *got,
                                size_t got_size, const char *name);

/* Flattens msg and compares the bytes with want[0..want_size) as
 * cu_assert_bytes_eq does. */
#define cu_assert_flattens_to(msg, want, want_size, context)               \
	cu_assert_flattens_to_at(__FILE__, __LINE__, (msg), (want),            \
	                         (want_size), (context))
void cu_assert_flattens_to_at(const char *file, int line, bm_message *msg,
                              const void *want, size_t want_size,
                              const char *context);

/* --- Content -------------------------------------------------------------- */

/* Fails unless tu_content_equal(a, b, compare_fixed) holds, naming
 * `context` and the first difference it found. */
void cu_assert_same_content(const struct tu_content *a,
                            const struct tu_content *b, bool compare_fixed,
                            const char *context);

/* Reads msg through the wrappers and compares `expected` with what it
 * holds, as cu_assert_same_content(expected, held, ...) does (so a
 * difference reads "expected != held"); an unreadable message fails too. */
void cu_assert_content_is(const bm_message *msg,
                          const struct tu_content *expected,
                          bool compare_fixed, const char *context);

/* --- Files ---------------------------------------------------------------- */

/* Reads a whole file (see tu_read_file); fails naming the path when it
 * cannot be read. */
uint8_t *cu_read_file(const char *path, size_t *size);

/* Reads tests/data/haiku/<name><extension> (extension ".msg" or ".json");
 * fails naming the path when it cannot be read. */
uint8_t *cu_read_fixture(const char *name, const char *extension,
                         size_t *size);

/* Reads the bytes of fixture `name` (tests/data/haiku/<name>.msg). */
uint8_t *cu_read_msg(const char *name, size_t *size);

/* --- Host-order words ----------------------------------------------------- */

/* The word at p, and a word stored at p, in host order (unaligned). */
uint32_t cu_get32(const uint8_t *p);
void cu_put32(uint8_t *p, uint32_t v);
uint16_t cu_get16(const uint8_t *p);
void cu_put16(uint8_t *p, uint16_t v);

/* Stores value at p in host order as `width` bytes: 4, 2 or 1. */
void cu_put_value(uint8_t *p, uint32_t value, int width);

/* Reverses the n bytes at p. */
void cu_reverse_bytes(uint8_t *p, size_t n);

/* --- The tests' own big-endian maker -------------------------------------- */

/*
 * Written again from impl/README.md §5.4 and Haiku's
 * headers/os/support/TypeConstants.h, independently of impl/ (wire/fob1.c,
 * wire/swap.c), so that a codec test does not check impl/ against itself.
 */

/* The R5 header checksum of the n bytes at p. */
uint32_t cu_r5_checksum(const uint8_t *p, size_t n);

/* The size of an R5 message header with these header flags (17 bytes,
 * plus the target and the reply parts they announce). */
size_t cu_r5_header_size(uint8_t flags);

/* Recomputes the checksum of a host-order R5 message in place. */
void cu_fix_r5_checksum(uint8_t *msg);

/*
 * A malloc'd copy of the host-order R5 message in[0..size), as a host of
 * the other byte order writes it: header words, type codes, counts, sizes
 * and numeric items swapped; checksum recomputed (stored in the other
 * order). Fails the test on a message it cannot walk.
 */
uint8_t *cu_swapped_r5(const uint8_t *in, size_t size);

/* The same for HMF1: all 17 header words, the field headers (two uint16
 * then five uint32), variable items' size prefixes and numeric items. */
uint8_t *cu_swapped_hmf1(const uint8_t *in, size_t size);

/* --- Content as JSON ------------------------------------------------------ */

/*
 * The layout of the fixtures' .json files (tests/data/haiku/README.md):
 * {"format", "what", "fields": [{"name", "type", "items": [hex...]}]},
 * names as Latin-1, types as four characters or 0x%08x.
 */

/* Parses tests/data/haiku/<name>.json; fails the test when it cannot. */
json_t *cu_read_expected(const char *name);

/* A new message object with no fields. */
json_t *cu_json_message(const char *format, uint32_t what);

/* Appends a field to message; returns its (borrowed) items array. */
json_t *cu_json_add_field(json_t *message, const char *name, size_t name_len,
                          uint32_t type);

/* Appends the hex of bytes[0..size) to items. */
void cu_json_add_item(json_t *items, const uint8_t *bytes, size_t size);

/* A deep copy of expected with another format name (for the swapped
 * variants). */
json_t *cu_json_with_format(json_t *expected, const char *format);

/* Fails unless actual and expected are equal, showing both. */
void cu_assert_json_equal(json_t *actual, json_t *expected, const char *what);

/* True when the fixture `name` begins with `prefix` ("r5-", "hmf1-"). */
bool cu_is_fixture_of(const char *name, const char *prefix);

#endif /* BM_CHECK_UTIL_H */
