/*
 * message_content.h - what the message of each test holds, and the checks that
 * prove a backend's result before its time counts.
 *
 * Values (harness/README.md §1.2): Int32 item i is i; String item i is
 * "item<i>" stored with its NUL. Field names follow the test's layout
 * (matrix.h). `what` is 0, as in the 2005 tests (a default-constructed
 * BMessage).
 *
 * The checks go through the bm_* wrappers for messages and through the
 * shared decoder (bm_decode) for flattened bytes, so a backend is judged by
 * the same code whatever its design. They compare content, never layout:
 * field order and the fixed-size flag are the design's business (Message1
 * sorts fields and stores everything as variable-size).
 */
#ifndef BENCH_MESSAGE_CONTENT_H
#define BENCH_MESSAGE_CONTENT_H

#include "bmsg.h"
#include "matrix.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The `what` code of every benchmark message. */
#define BENCH_WHAT 0u

/* Room for any field name or string value the matrix makes. */
#define BENCH_TEXT_MAX 32

/* Writes "item<i>" into out (BENCH_TEXT_MAX bytes); returns its strlen. */
size_t bench_string_value(size_t index, char *out);

/* Writes the name of field `index` of `layout` into out (BENCH_TEXT_MAX
 * bytes): "data", "data<i>" or "<i>". */
void bench_field_name(enum bench_layout layout, size_t index, char *out);

/* The message of a matrix test: its layout, the type of its items and
 * their number (harness/README.md §1.2). */
struct bench_content {
	enum bench_layout layout;
	enum bench_type type;
	size_t items;
};

/* The message `test` works on: its operation's layout, its workload's type
 * and items. */
struct bench_content bench_test_content(const struct bench_test *test);

/* Number of fields and items per field of the message. */
size_t bench_field_count(const struct bench_content *content);
size_t bench_items_per_field(const struct bench_content *content);

/* The type code of the test's items. */
bm_type_code bench_type_code(enum bench_type type);

/* Sum of the item sizes of the message: 4 per Int32, strlen+1 per
 * string. What Create stores and Read returns; the Floor of those rows. */
size_t bench_item_bytes(const struct bench_content *content);

/*
 * Size of the message in today's Haiku format (HMF1,
 * impl/README.md §4.4): 68 + 24 per field + per field (name + NUL + item
 * data, with a 4-byte size before each variable-size item). The Floor of
 * the Flatten and Unflatten rows (harness/README.md §1.4): what Message4
 * writes, computed from the format so that the Floor does not depend on
 * which backends run.
 */
size_t bench_hmf1_size(const struct bench_content *content);

/* Builds the message into `msg` (empty) through bm_add_int32 and
 * bm_add_string. Returns BM_OK or the first failing status. */
int bench_content_build(const struct bench_content *content, bm_message *msg);

/*
 * Checks that `msg` holds exactly the content: the number of
 * fields, and for each field its type, its item count and every item's
 * bytes. On failure writes a one-line reason into why[0..why_size).
 */
bool bench_content_check_message(const struct bench_content *content,
                                 const bm_message *msg, char *why,
                                 size_t why_size);

/*
 * Checks flattened bytes with the shared decoder: they must decode, be in
 * `format`, carry `what` BENCH_WHAT and hold exactly the content.
 */
bool bench_content_check_flat(const struct bench_content *content,
                              enum bm_format format, const void *bytes,
                              size_t size, char *why, size_t why_size);

#endif /* BENCH_MESSAGE_CONTENT_H */
