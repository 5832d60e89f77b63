/*
 * test_conformance.c - the contract of impl/descriptors/descriptor.h,
 * checked on every registered backend. Each test is a Check loop test over the registry (or
 * over every pair of backends), so a new backend is tested with no edit
 * here. What is specific to one design (byte layouts, allocation counts)
 * lives in that backend's own suite.
 */
#include "suites.h"

#include "alloc.h"
#include "bmsg.h"
#include "check_util.h"
#include "msgdump.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WHAT_CODE BM_TYPE('t', 'e', 's', 't')
#define RAW_TYPE BM_TYPE('R', 'A', 'W', 'T')
#define POINT_TYPE BM_TYPE('B', 'P', 'N', 'T')

static bm_message *
new_message(const struct bm_ops *ops)
{
	return cu_new_message(ops, WHAT_CODE);
}

/* A message with a bit of everything: int32 extremes, strings (the empty
 * one too), raw variable items of awkward sizes, a fixed non-int type,
 * several fields with one item, and names up to 255 bytes. */
static void
add_varied_content(bm_message *msg, bool longest_name)
{
	static const int32_t ints[] = {INT32_MIN, -1, 0, 1, INT32_MAX};
	for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++)
		ck_assert_int_eq(bm_add_int32(msg, "ints", ints[i]), BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "strings", ""), BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "strings", "item0"), BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "strings", "a longer string, past 8"),
	                 BM_OK);
	uint8_t raw[300];
	for (size_t i = 0; i < sizeof raw; i++)
		raw[i] = (uint8_t)(i * 7 + 3);
	static const size_t raw_sizes[] = {1, 3, 4, 5, 8, 9, 255, 256, 300};
	for (size_t i = 0; i < sizeof raw_sizes / sizeof raw_sizes[0]; i++)
		ck_assert_int_eq(bm_add_data(msg, "raw", RAW_TYPE, raw, raw_sizes[i],
		                             false),
		                 BM_OK);
	const float point[2][2] = {{1.5f, -2.0f}, {0.0f, 1e9f}};
	ck_assert_int_eq(bm_add_data(msg, "point", POINT_TYPE, point[0],
	                             sizeof point[0], true),
	                 BM_OK);
	ck_assert_int_eq(bm_add_data(msg, "point", POINT_TYPE, point[1],
	                             sizeof point[1], true),
	                 BM_OK);
	char long_name[BM_NAME_MAX + 1];
	size_t long_length = longest_name ? BM_NAME_MAX : BM_NAME_MAX - 1;
	memset(long_name, 'n', long_length);
	long_name[long_length] = '\0';
	ck_assert_int_eq(bm_add_int32(msg, long_name, 255), BM_OK);
	ck_assert_int_eq(bm_add_int32(msg, "a", 1), BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "Z", "upper case sorts first"), BM_OK);
}

/* Reads msg, sorts its fields by name and compares them with `expected`
 * (sorted by the caller), as cu_assert_same_content does. */
static void
assert_sorted_content_is(const bm_message *msg,
                         const struct tu_content *expected, bool compare_fixed,
                         const char *context)
{
	struct tu_content got;
	int rc = tu_content_from_message(msg, &got);
	ck_assert_msg(rc == BM_OK, "%s: message unreadable: %s", context,
	              bm_status_name(rc));
	tu_content_sort(&got);
	cu_assert_same_content(expected, &got, compare_fixed, context);
	tu_content_free(&got);
}

/* --- Creating, adding and finding ----------------------------------------- */

START_TEST(new_message_is_empty)
{
	const struct bm_ops *ops = cu_in(CU_EVERY, _i);
	bm_message *msg = new_message(ops);
	struct bm_field_info info;
	const void *data;
	size_t size;
	ck_assert_uint_eq(msg->what, WHAT_CODE);
	ck_assert_int_eq(bm_count_fields(msg), 0);
	ck_assert_int_eq(bm_field_at(msg, 0, &info), BM_BAD_INDEX);
	ck_assert_int_eq(bm_get_info(msg, "data", &info), BM_NAME_NOT_FOUND);
	ck_assert_int_eq(bm_find_data(msg, "data", BM_ANY_TYPE, 0, &data, &size),
	                 BM_NAME_NOT_FOUND);
	bm_destroy(msg);
}
END_TEST

START_TEST(int32_values_come_back)
{
	static const int32_t values[] = {INT32_MIN, INT32_MIN + 1, -1, 0, 1,
	                                 0x12345678, INT32_MAX};
	const size_t count = sizeof values / sizeof values[0];
	bm_message *msg = new_message(cu_in(CU_EVERY, _i));
	for (size_t i = 0; i < count; i++)
		ck_assert_int_eq(bm_add_int32(msg, "ints", values[i]), BM_OK);
	for (size_t i = 0; i < count; i++) {
		int32_t value = 42;
		ck_assert_int_eq(bm_find_int32(msg, "ints", (int32_t)i, &value), BM_OK);
		ck_assert_int_eq(value, values[i]);
	}
	struct bm_field_info info;
	ck_assert_int_eq(bm_get_info(msg, "ints", &info), BM_OK);
	ck_assert_uint_eq(info.type, BM_INT32_TYPE);
	ck_assert_int_eq(info.count, (int32_t)count);
	ck_assert_uint_eq(info.name_len, 4);
	ck_assert_mem_eq(info.name, "ints", 4);
	int32_t untouched = 7;
	ck_assert_int_eq(bm_find_int32(msg, "ints", (int32_t)count, &untouched),
	                 BM_BAD_INDEX);
	ck_assert_int_eq(bm_find_int32(msg, "ints", -1, &untouched), BM_BAD_INDEX);
	ck_assert_int_eq(untouched, 7);
	bm_destroy(msg);
}
END_TEST

START_TEST(strings_come_back_with_their_length)
{
	char long_text[1001];
	memset(long_text, 'x', 1000);
	long_text[1000] = '\0';
	const char *texts[] = {"", "a", "item4999", "with\ttab and \xc3\xa9",
	                       long_text};
	const size_t count = sizeof texts / sizeof texts[0];
	bm_message *msg = new_message(cu_in(CU_EVERY, _i));
	for (size_t i = 0; i < count; i++)
		ck_assert_int_eq(bm_add_string(msg, "text", texts[i]), BM_OK);
	for (size_t i = 0; i < count; i++) {
		const char *value = NULL;
		size_t length = 0;
		ck_assert_int_eq(bm_find_string(msg, "text", (int32_t)i, &value,
		                                &length),
		                 BM_OK);
		ck_assert_uint_eq(length, strlen(texts[i]));
		ck_assert_str_eq(value, texts[i]);
		const void *data;
		size_t size;
		ck_assert_int_eq(bm_find_data(msg, "text", BM_STRING_TYPE, (int32_t)i,
		                              &data, &size),
		                 BM_OK);
		ck_assert_uint_eq(size, strlen(texts[i]) + 1);
	}
	struct bm_field_info info;
	ck_assert_int_eq(bm_get_info(msg, "text", &info), BM_OK);
	ck_assert(!info.fixed_size);
	ck_assert_int_eq(info.count, (int32_t)count);
	bm_destroy(msg);
}
END_TEST

START_TEST(raw_items_of_every_size_come_back)
{
	bm_message *msg = new_message(cu_in(CU_EVERY, _i));
	enum { LONGEST = 600 };
	uint8_t bytes[LONGEST + 6]; /* an item starts at offset size % 7 */
	for (size_t i = 0; i < sizeof bytes; i++)
		bytes[i] = (uint8_t)(i ^ 0x5a);
	for (size_t size = 1; size <= LONGEST; size += 13)
		ck_assert_int_eq(bm_add_data(msg, "raw", RAW_TYPE, bytes + size % 7,
		                             size, false),
		                 BM_OK);
	int32_t index = 0;
	for (size_t size = 1; size <= LONGEST; size += 13, index++) {
		const void *data;
		size_t found;
		ck_assert_int_eq(bm_find_data(msg, "raw", RAW_TYPE, index, &data,
		                              &found),
		                 BM_OK);
		ck_assert_uint_eq(found, size);
		ck_assert_mem_eq(data, bytes + size % 7, size);
		ck_assert_int_eq(bm_find_data(msg, "raw", BM_ANY_TYPE, index, &data,
		                              &found),
		                 BM_OK);
	}
	/* A fixed-size field of a non-integer type. */
	for (uint8_t i = 0; i < 10; i++) {
		uint8_t item[12];
		memset(item, i, sizeof item);
		ck_assert_int_eq(bm_add_data(msg, "rect", BM_TYPE('R', 'E', 'C', 'T'),
		                             item, sizeof item, true),
		                 BM_OK);
	}
	for (int32_t i = 0; i < 10; i++) {
		const void *data;
		size_t size;
		ck_assert_int_eq(bm_find_data(msg, "rect", BM_TYPE('R', 'E', 'C', 'T'),
		                              i, &data, &size),
		                 BM_OK);
		ck_assert_uint_eq(size, 12);
		ck_assert_uint_eq(((const uint8_t *)data)[11], (uint8_t)i);
	}
	ck_assert_int_eq(bm_count_fields(msg), 2);
	bm_destroy(msg);
}
END_TEST

START_TEST(names_are_1_to_255_bytes)
{
	bm_message *msg = new_message(cu_in(CU_CONTRACT, _i));
	char name[BM_NAME_MAX + 2];
	memset(name, 'q', sizeof name);
	name[BM_NAME_MAX] = '\0';
	ck_assert_int_eq(bm_add_int32(msg, name, 255), BM_OK);
	int32_t value = 0;
	ck_assert_int_eq(bm_find_int32(msg, name, 0, &value), BM_OK);
	ck_assert_int_eq(value, 255);
	struct bm_field_info info;
	ck_assert_int_eq(bm_field_at(msg, 0, &info), BM_OK);
	ck_assert_uint_eq(info.name_len, BM_NAME_MAX);
	ck_assert_mem_eq(info.name, name, BM_NAME_MAX);

	name[BM_NAME_MAX] = 'q';
	name[BM_NAME_MAX + 1] = '\0';
	ck_assert_int_eq(bm_add_int32(msg, name, 256), BM_BAD_VALUE);
	ck_assert_int_eq(bm_find_int32(msg, name, 0, &value), BM_BAD_VALUE);
	ck_assert_int_eq(bm_get_info(msg, name, &info), BM_BAD_VALUE);
	ck_assert_int_eq(bm_add_int32(msg, "", 0), BM_BAD_VALUE);
	ck_assert_int_eq(bm_add_int32(msg, NULL, 0), BM_BAD_VALUE);
	ck_assert_int_eq(bm_find_int32(msg, "", 0, &value), BM_BAD_VALUE);
	ck_assert_int_eq(bm_add_int32(msg, "x", 1), BM_OK); /* one byte is fine */
	ck_assert_int_eq(bm_count_fields(msg), 2);
	bm_destroy(msg);
}
END_TEST

START_TEST(bad_arguments_get_status_codes)
{
	bm_message *msg = new_message(cu_in(CU_EVERY, _i));
	const void *data;
	size_t size;
	int32_t value;
	ck_assert_int_eq(bm_add_data(msg, "x", RAW_TYPE, NULL, 4, false),
	                 BM_BAD_VALUE);
	ck_assert_int_eq(bm_add_data(msg, "x", RAW_TYPE, "abcd", 0, false),
	                 BM_BAD_VALUE);
	ck_assert_int_eq(bm_add_data(msg, "x", BM_ANY_TYPE, "abcd", 4, false),
	                 BM_BAD_TYPE);
	/* Rejected before any allocation: the size alone is over the limit. */
	ck_assert_int_eq(bm_add_data(msg, "x", RAW_TYPE, "abcd", BM_ITEM_MAX + 1,
	                             false),
	                 BM_TOO_LARGE);
	ck_assert_int_eq(bm_add_string(msg, "x", NULL), BM_BAD_VALUE);
	ck_assert_int_eq(bm_count_fields(msg), 0);
	ck_assert_int_eq(bm_add_int32(msg, "x", 1), BM_OK);
	ck_assert_int_eq(bm_find_data(msg, "x", BM_ANY_TYPE, 0, NULL, &size),
	                 BM_BAD_VALUE);
	ck_assert_int_eq(bm_find_data(msg, "x", BM_ANY_TYPE, 0, &data, NULL),
	                 BM_BAD_VALUE);
	ck_assert_int_eq(bm_find_int32(msg, "x", 0, NULL), BM_BAD_VALUE);
	ck_assert_int_eq(bm_get_info(msg, "x", NULL), BM_BAD_VALUE);
	ck_assert_int_eq(bm_field_at(msg, -1, &(struct bm_field_info){0}),
	                 BM_BAD_INDEX);
	ck_assert_int_eq(bm_flattened_size(msg, NULL), BM_BAD_VALUE);
	ck_assert_int_eq(bm_flatten(msg, NULL, 100), BM_BAD_VALUE);
	ck_assert_int_eq(bm_unflatten(msg, NULL, 100), BM_BAD_VALUE);
	ck_assert_int_eq(bm_find_int32(msg, "x", 0, &value), BM_OK);
	bm_destroy(msg);
}
END_TEST

START_TEST(type_mismatch_is_bad_type)
{
	bm_message *msg = new_message(cu_in(CU_EVERY, _i));
	ck_assert_int_eq(bm_add_int32(msg, "x", 5), BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "x", "five"), BM_BAD_TYPE);
	ck_assert_int_eq(bm_add_data(msg, "x", RAW_TYPE, "abcd", 4, true),
	                 BM_BAD_TYPE);
	const char *text;
	ck_assert_int_eq(bm_find_string(msg, "x", 0, &text, NULL), BM_BAD_TYPE);
	const void *data;
	size_t size;
	ck_assert_int_eq(bm_find_data(msg, "x", RAW_TYPE, 0, &data, &size),
	                 BM_BAD_TYPE);
	ck_assert_int_eq(bm_find_data(msg, "x", BM_ANY_TYPE, 0, &data, &size),
	                 BM_OK);
	struct bm_field_info info;
	ck_assert_int_eq(bm_get_info(msg, "x", &info), BM_OK);
	ck_assert_int_eq(info.count, 1);
	ck_assert_uint_eq(info.type, BM_INT32_TYPE);
	ck_assert_int_eq(bm_count_fields(msg), 1);
	bm_destroy(msg);
}
END_TEST

/* A fixed-size field refuses an item of another size. A design that keeps
 * every field variable-size (Message1) reports fixed_size false and then
 * accepts it: the contract follows what get_info reports. */
START_TEST(fixed_size_mismatch_follows_the_field_kind)
{
	bm_message *msg = new_message(cu_in(CU_CONTRACT, _i));
	ck_assert_int_eq(bm_add_data(msg, "f", RAW_TYPE, "abcd", 4, true), BM_OK);
	struct bm_field_info info;
	ck_assert_int_eq(bm_get_info(msg, "f", &info), BM_OK);
	int rc = bm_add_data(msg, "f", RAW_TYPE, "abcdefgh", 8, true);
	ck_assert_int_eq(bm_get_info(msg, "f", &info), BM_OK);
	if (info.fixed_size) {
		ck_assert_int_eq(rc, BM_BAD_VALUE);
		ck_assert_int_eq(info.count, 1);
	} else {
		ck_assert_int_eq(rc, BM_OK);
		ck_assert_int_eq(info.count, 2);
		const void *data;
		size_t size;
		ck_assert_int_eq(bm_find_data(msg, "f", RAW_TYPE, 1, &data, &size),
		                 BM_OK);
		ck_assert_uint_eq(size, 8);
	}
	bm_destroy(msg);
}
END_TEST

START_TEST(similar_names_are_different_fields)
{
	bm_message *msg = new_message(cu_in(CU_EVERY, _i));
	static const char *const names[] = {"data", "dat", "data0", "Data",
	                                    "datb", "d"};
	const size_t count = sizeof names / sizeof names[0];
	for (size_t i = 0; i < count; i++)
		ck_assert_int_eq(bm_add_int32(msg, names[i], (int32_t)i), BM_OK);
	ck_assert_int_eq(bm_count_fields(msg), (int32_t)count);
	for (size_t i = 0; i < count; i++) {
		int32_t value = -1;
		ck_assert_int_eq(bm_find_int32(msg, names[i], 0, &value), BM_OK);
		ck_assert_int_eq(value, (int32_t)i);
	}
	int32_t value;
	ck_assert_int_eq(bm_find_int32(msg, "data1", 0, &value),
	                 BM_NAME_NOT_FOUND);
	ck_assert_int_eq(bm_find_int32(msg, "dataa", 0, &value),
	                 BM_NAME_NOT_FOUND);
	bm_destroy(msg);
}
END_TEST

START_TEST(many_fields_are_found_and_iterated_once)
{
	enum { FIELDS = 2000 };
	bm_message *msg = new_message(cu_in(CU_EVERY, _i));
	/* Insert in a scrambled order: (i * 7919) mod FIELDS is a permutation. */
	for (int32_t i = 0; i < FIELDS; i++) {
		int32_t key = (int32_t)(((int64_t)i * 7919) % FIELDS);
		char name[16];
		snprintf(name, sizeof name, "f%d", key);
		ck_assert_int_eq(bm_add_int32(msg, name, key), BM_OK);
	}
	ck_assert_int_eq(bm_count_fields(msg), FIELDS);
	for (int32_t key = 0; key < FIELDS; key++) {
		char name[16];
		snprintf(name, sizeof name, "f%d", key);
		int32_t value = -1;
		ck_assert_int_eq(bm_find_int32(msg, name, 0, &value), BM_OK);
		ck_assert_int_eq(value, key);
	}
	static bool seen[FIELDS];
	memset(seen, 0, sizeof seen);
	for (int32_t i = 0; i < FIELDS; i++) {
		struct bm_field_info info;
		ck_assert_int_eq(bm_field_at(msg, i, &info), BM_OK);
		ck_assert_int_eq(info.count, 1);
		char name[16] = "";
		ck_assert_uint_lt(info.name_len, sizeof name);
		memcpy(name, info.name, info.name_len);
		int key = atoi(name + 1);
		ck_assert(key >= 0 && key < FIELDS && !seen[key]);
		seen[key] = true;
	}
	struct bm_field_info info;
	ck_assert_int_eq(bm_field_at(msg, FIELDS, &info), BM_BAD_INDEX);
	bm_destroy(msg);
}
END_TEST

START_TEST(many_items_come_back)
{
	enum { ITEMS = 5000 };
	bm_message *msg = new_message(cu_in(CU_CONTRACT, _i));
	char text[32];
	for (int32_t i = 0; i < ITEMS; i++) {
		ck_assert_int_eq(bm_add_int32(msg, "ints", i * 3), BM_OK);
		snprintf(text, sizeof text, "item%d", i);
		ck_assert_int_eq(bm_add_string(msg, "strings", text), BM_OK);
	}
	/* Every 97th: reading all 5000 strings by index is O(N^2) in some
	 * designs, on purpose; the harness measures that, the test need not. */
	for (int32_t i = 0; i < ITEMS; i += 97) {
		int32_t value;
		ck_assert_int_eq(bm_find_int32(msg, "ints", i, &value), BM_OK);
		ck_assert_int_eq(value, i * 3);
		const char *found;
		snprintf(text, sizeof text, "item%d", i);
		ck_assert_int_eq(bm_find_string(msg, "strings", i, &found, NULL),
		                 BM_OK);
		ck_assert_str_eq(found, text);
	}
	const char *last;
	ck_assert_int_eq(bm_find_string(msg, "strings", ITEMS - 1, &last, NULL),
	                 BM_OK);
	ck_assert_str_eq(last, "item4999");
	ck_assert_int_eq(bm_find_string(msg, "strings", ITEMS, &last, NULL),
	                 BM_BAD_INDEX);
	bm_destroy(msg);
}
END_TEST

START_TEST(make_empty_leaves_a_usable_message)
{
	bm_message *msg = new_message(cu_in(CU_EVERY, _i));
	add_varied_content(msg, cu_member(CU_CONTRACT, msg->ops));
	bm_make_empty(msg);
	ck_assert_int_eq(bm_count_fields(msg), 0);
	int32_t value;
	ck_assert_int_eq(bm_find_int32(msg, "ints", 0, &value), BM_NAME_NOT_FOUND);
	ck_assert_int_eq(bm_add_string(msg, "ints", "now a string"), BM_OK);
	const char *text;
	ck_assert_int_eq(bm_find_string(msg, "ints", 0, &text, NULL), BM_OK);
	ck_assert_str_eq(text, "now a string");
	bm_destroy(msg);
}
END_TEST

/* --- Flattening ---------------------------------------------------------------- */

START_TEST(flatten_writes_exactly_the_flattened_size)
{
	const struct bm_ops *ops = cu_in(CU_EVERY, _i);
	bm_message *msg = new_message(ops);
	add_varied_content(msg, cu_member(CU_CONTRACT, msg->ops));
	size_t size;
	ck_assert_int_eq(bm_flattened_size(msg, &size), BM_OK);
	uint8_t *buffer = malloc(size + 16);
	ck_assert_ptr_nonnull(buffer);
	memset(buffer, 0xa5, size + 16);
	ck_assert_int_eq(bm_flatten(msg, buffer, size - 1), BM_BUFFER_TOO_SMALL);
	ck_assert_int_eq(bm_flatten(msg, buffer, 0), BM_BUFFER_TOO_SMALL);
	ck_assert_int_eq(bm_flatten(msg, buffer, size + 16), BM_OK);
	for (size_t i = size; i < size + 16; i++)
		ck_assert_uint_eq(buffer[i], 0xa5);
	/* A library's format has no magic to detect. */
	ck_assert_int_eq(bm_detect_format(buffer, size),
	                 bm_format_has_magic(ops->native_format)
	                         ? ops->native_format
	                         : BM_FORMAT_UNKNOWN);
	/* Flattening does not change the message. */
	size_t again;
	ck_assert_int_eq(bm_flattened_size(msg, &again), BM_OK);
	ck_assert_uint_eq(again, size);
	free(buffer);
	bm_destroy(msg);
}
END_TEST

START_TEST(flattened_bytes_decode_to_the_same_content)
{
	const struct bm_ops *ops = cu_in(CU_EVERY, _i);
	bm_message *msg = new_message(ops);
	add_varied_content(msg, cu_member(CU_CONTRACT, msg->ops));
	msg->what = 0xdeadbeefu;
	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);
	struct tu_content built, decoded;
	ck_assert_int_eq(tu_content_from_message(msg, &built), BM_OK);
	if (bm_backend_reads_back(ops)) {
		/* Bytes the shared decoder refuses by design or does not know:
		 * the backend reads them back itself. */
		bm_message *back = cu_unflattened(ops, bytes, size, ops->name);
		ck_assert_int_eq(tu_content_from_message(back, &decoded), BM_OK);
		ck_assert_uint_eq(back->what, 0xdeadbeefu);
		bm_destroy(back);
	} else {
		ck_assert_int_eq(tu_content_from_bytes(bytes, size, &decoded),
		                 BM_OK);
	}
	/* The shared decoder reports stored order, which is iteration order. */
	cu_assert_same_content(&built, &decoded, true, ops->name);
	tu_content_free(&built);
	tu_content_free(&decoded);
	free(bytes);
	bm_destroy(msg);
}
END_TEST

START_TEST(empty_message_round_trips)
{
	const struct bm_ops *ops = cu_in(CU_EVERY, _i);
	bm_message *msg = new_message(ops);
	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);
	bm_message *copy = new_message(ops);
	ck_assert_int_eq(bm_add_int32(copy, "old", 1), BM_OK);
	copy->what = 0;
	ck_assert_int_eq(bm_unflatten(copy, bytes, size), BM_OK);
	ck_assert_int_eq(bm_count_fields(copy), 0);
	ck_assert_uint_eq(copy->what, WHAT_CODE);
	free(bytes);
	bm_destroy(copy);
	bm_destroy(msg);
}
END_TEST

/* The ordered pairs (A, B) of backends that read each other's bytes
 * (cu_reads_bytes_of, both ways): pair `index`, or the number of pairs. */
static int
reading_pairs(int index, const struct bm_ops **a, const struct bm_ops **b)
{
	int count = cu_backend_count(), found = 0;
	for (int w = 0; w < count; w++) {
		for (int r = 0; r < count; r++) {
			const struct bm_ops *writer = cu_backend_at(w);
			const struct bm_ops *reader = cu_backend_at(r);
			if (!cu_reads_bytes_of(reader, writer) ||
			    !cu_reads_bytes_of(writer, reader))
				continue;
			if (found++ == index) {
				*a = writer;
				*b = reader;
			}
		}
	}
	return found;
}

/* A flattens, B unflattens, for every ordered pair (A, B) that reads each
 * other's bytes; then B flattens and A unflattens again. Content is
 * compared by name, since Message1 iterates in name order; fixed flags are
 * compared only within a backend. Between two backends that keep the
 * whole contract the content has a 255-byte name; with an original it
 * keeps to what the 2005 designs store (names up to 254 bytes). */
START_TEST(every_backend_reads_what_every_backend_writes)
{
	const struct bm_ops *writer = NULL, *reader = NULL;
	reading_pairs(_i, &writer, &reader);
	ck_assert_ptr_nonnull(writer);
	char context[128];
	snprintf(context, sizeof context, "%s -> %s", writer->name, reader->name);

	bm_message *original = new_message(writer);
	add_varied_content(original, cu_member(CU_CONTRACT, writer) &&
	                                     cu_member(CU_CONTRACT, reader));
	original->what = 0x01020304u;
	size_t size;
	uint8_t *bytes = cu_flatten(original, &size);

	bm_message *copy = new_message(reader);
	ck_assert_msg(bm_unflatten(copy, bytes, size) == BM_OK, "%s", context);
	struct tu_content expected;
	ck_assert_int_eq(tu_content_from_message(original, &expected), BM_OK);
	tu_content_sort(&expected);
	assert_sorted_content_is(copy, &expected, writer == reader, context);

	size_t back_size;
	uint8_t *back = cu_flatten(copy, &back_size);
	bm_message *again = new_message(writer);
	ck_assert_msg(bm_unflatten(again, back, back_size) == BM_OK, "%s back",
	              context);
	assert_sorted_content_is(again, &expected, false, context);

	tu_content_free(&expected);
	free(back);
	free(bytes);
	bm_destroy(again);
	bm_destroy(copy);
	bm_destroy(original);
}
END_TEST

/* Unflatten copies what it keeps, as every original does: the input can
 * be freed at once (under AddressSanitizer a read of it would stop the
 * test). */
START_TEST(unflatten_keeps_nothing_of_its_input)
{
	const struct bm_ops *ops = cu_in(CU_EVERY, _i);
	bm_message *msg = new_message(ops);
	add_varied_content(msg, cu_member(CU_CONTRACT, ops));
	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);
	struct tu_content expected;
	ck_assert_int_eq(tu_content_from_message(msg, &expected), BM_OK);
	uint8_t *input = malloc(size);
	ck_assert_ptr_nonnull(input);
	memcpy(input, bytes, size);
	bm_message *copy = new_message(ops);
	ck_assert_int_eq(bm_unflatten(copy, input, size), BM_OK);
	memset(input, 0xa5, size);
	free(input);
	struct tu_content got;
	ck_assert_int_eq(tu_content_from_message(copy, &got), BM_OK);
	cu_assert_same_content(&expected, &got, true, ops->name);
	tu_content_free(&got);
	tu_content_free(&expected);
	free(bytes);
	bm_destroy(copy);
	bm_destroy(msg);
}
END_TEST

START_TEST(unflatten_replaces_the_content)
{
	const struct bm_ops *ops = cu_in(CU_EVERY, _i);
	bm_message *source = new_message(ops);
	ck_assert_int_eq(bm_add_string(source, "fresh", "value"), BM_OK);
	source->what = 77;
	size_t size;
	uint8_t *bytes = cu_flatten(source, &size);
	bm_message *msg = new_message(ops);
	add_varied_content(msg, cu_member(CU_CONTRACT, msg->ops));
	ck_assert_int_eq(bm_unflatten(msg, bytes, size), BM_OK);
	ck_assert_int_eq(bm_count_fields(msg), 1);
	ck_assert_uint_eq(msg->what, 77);
	int32_t value;
	ck_assert_int_eq(bm_find_int32(msg, "ints", 0, &value), BM_NAME_NOT_FOUND);
	const char *text;
	ck_assert_int_eq(bm_find_string(msg, "fresh", 0, &text, NULL), BM_OK);
	ck_assert_str_eq(text, "value");
	free(bytes);
	bm_destroy(msg);
	bm_destroy(source);
}
END_TEST

START_TEST(bad_input_leaves_an_empty_usable_message)
{
	const struct bm_ops *ops = cu_in(CU_BAD_INPUT, _i);
	bm_message *source = new_message(ops);
	add_varied_content(source, true);
	size_t size;
	uint8_t *bytes = cu_flatten(source, &size);
	bm_destroy(source);

	bm_alloc_counting(true);
	bm_message *msg = new_message(ops);
	static const uint8_t junk[] = "IMSGnot a message at all";
	ck_assert_int_eq(bm_unflatten(msg, junk, sizeof junk), BM_NOT_A_MESSAGE);
	ck_assert_int_eq(bm_unflatten(msg, bytes, 3), BM_NOT_A_MESSAGE);
	/* Every truncation of the backend's own output is refused. */
	for (size_t cut = 4; cut < size; cut++) {
		ck_assert_int_eq(bm_add_int32(msg, "before", 1), BM_OK);
		int rc = bm_unflatten(msg, bytes, cut);
		ck_assert_msg(rc == BM_NOT_A_MESSAGE || rc == BM_BAD_VALUE,
		              "%s: %zu of %zu bytes gave %s", ops->name, cut, size,
		              bm_status_name(rc));
		ck_assert_int_eq(bm_count_fields(msg), 0);
	}
	ck_assert_int_eq(bm_add_int32(msg, "after", 2), BM_OK);
	ck_assert_int_eq(bm_unflatten(msg, bytes, size), BM_OK);
	bm_destroy(msg);
	ck_assert_int_eq(bm_alloc_counts()->live, 0);
	bm_alloc_counting(false);
	free(bytes);
}
END_TEST

/* --- Real files --------------------------------------------------------------- */

/* Reads fixture `name` and the content the shared decoder reads from it,
 * sorted by name; returns the fixture's bytes. Failures name `context`. */
static uint8_t *
read_fixture_and_content(const char *name, size_t *size,
                         struct tu_content *expected, const char *context)
{
	uint8_t *bytes = cu_read_fixture(name, ".msg", size);
	int rc = tu_content_from_bytes(bytes, *size, expected);
	ck_assert_msg(rc == BM_OK, "%s: shared decoder: %s", context,
	              bm_status_name(rc));
	tu_content_sort(expected);
	return bytes;
}

/* A new message of ops holding bytes, unflattened with bm_unflatten. It is
 * made with WHAT_CODE, so that a reader which leaves `what` alone shows in
 * the content comparison. */
static bm_message *
unflattened(const struct bm_ops *ops, const void *bytes, size_t size,
            const char *context)
{
	bm_message *msg = new_message(ops);
	int rc = bm_unflatten(msg, bytes, size);
	ck_assert_msg(rc == BM_OK, "%s: %s", context, bm_status_name(rc));
	return msg;
}

/* Every fixture, unflattened by every backend, holds what the shared decoder
 * reads from it; flattened again and unflattened, it still does. */
START_TEST(every_backend_reads_every_fixture)
{
	const struct bm_ops *ops = cu_in(CU_FOREIGN_BYTES, _i);
	char **names;
	size_t fixtures = tu_list_fixtures(&names);
	ck_assert_uint_gt(fixtures, 30);
	for (size_t f = 0; f < fixtures; f++) {
		char context[600];
		snprintf(context, sizeof context, "%s on %s", ops->name, names[f]);
		size_t size;
		struct tu_content expected;
		uint8_t *bytes = read_fixture_and_content(names[f], &size, &expected,
		                                          context);
		bm_message *msg = unflattened(ops, bytes, size, context);
		assert_sorted_content_is(msg, &expected, false, context);

		size_t again_size;
		uint8_t *again = cu_flatten(msg, &again_size);
		ck_assert_msg(bm_unflatten(msg, again, again_size) == BM_OK,
		              "%s: own round trip", context);
		assert_sorted_content_is(msg, &expected, false, context);

		tu_content_free(&expected);
		free(again);
		free(bytes);
		bm_destroy(msg);
	}
	tu_free_names(names, fixtures);
}
END_TEST

/* What `msgdump --reflatten` writes (the fixture unflattened by one
 * backend, rebuilt through its add path, flattened) decodes with every
 * other backend to the fixture's content. */
START_TEST(every_reflattened_fixture_reads_back_everywhere)
{
	const struct bm_ops *writer = cu_in(CU_FOREIGN_BYTES, _i);
	char **names;
	size_t fixtures = tu_list_fixtures(&names);
	ck_assert_uint_gt(fixtures, 30);
	for (size_t f = 0; f < fixtures; f++) {
		char context[600];
		snprintf(context, sizeof context, "%s on %s", writer->name,
		         names[f]);
		size_t size;
		struct tu_content expected;
		uint8_t *bytes = read_fixture_and_content(names[f], &size, &expected,
		                                          context);
		bm_message *msg = unflattened(writer, bytes, size, context);
		bm_message *rebuilt = NULL;
		ck_assert_int_eq(bm_copy(msg, msg->ops, &rebuilt), BM_OK);
		size_t flat_size;
		uint8_t *flat = cu_flatten(rebuilt, &flat_size);
		for (int r = 0; r < cu_backend_count(); r++) {
			const struct bm_ops *reader = cu_backend_at(r);
			if (!cu_reads_bytes_of(reader, writer))
				continue;
			snprintf(context, sizeof context, "%s reflattened %s, read by %s",
			         writer->name, names[f], reader->name);
			bm_message *copy = unflattened(reader, flat, flat_size, context);
			assert_sorted_content_is(copy, &expected, false, context);
			bm_destroy(copy);
		}
		free(flat);
		bm_destroy(rebuilt);
		bm_destroy(msg);
		tu_content_free(&expected);
		free(bytes);
	}
	tu_free_names(names, fixtures);
}
END_TEST

/* Every backend that writes HMF1 writes, for every fixture it reads (all of
 * them, whatever their format: other formats come through the shared
 * decoder and the add path), the bytes Message4 writes: HMF1 holds a
 * message's content in one way, Haiku's. */
START_TEST(hmf1_writers_reflatten_every_fixture_as_message4)
{
	const struct bm_ops *ops = cu_in(CU_FOREIGN_BYTES, _i);
	const struct bm_ops *message4 = bm_find_backend("Message4");
	ck_assert_ptr_nonnull(message4);
	if (ops->native_format != BM_FORMAT_HMF1 || ops == message4)
		return;
	char **names;
	size_t fixtures = tu_list_fixtures(&names);
	for (size_t f = 0; f < fixtures; f++) {
		char context[300];
		snprintf(context, sizeof context, "%s on %s", ops->name, names[f]);
		size_t size, mine_size, theirs_size;
		uint8_t *bytes = cu_read_fixture(names[f], ".msg", &size);
		bm_message *mine = unflattened(ops, bytes, size, context);
		bm_message *theirs = unflattened(message4, bytes, size, context);
		uint8_t *mine_flat = cu_flatten(mine, &mine_size);
		uint8_t *theirs_flat = cu_flatten(theirs, &theirs_size);
		ck_assert_msg(mine_size == theirs_size &&
		                  memcmp(mine_flat, theirs_flat, mine_size) == 0,
		              "%s: not Message4's bytes (%zu and %zu bytes)", context,
		              mine_size, theirs_size);
		free(mine_flat);
		free(theirs_flat);
		bm_destroy(mine);
		bm_destroy(theirs);
		free(bytes);
	}
	tu_free_names(names, fixtures);
}
END_TEST

/* A flattened message that names a field twice, read by every backend that
 * reads other writers' bytes: its native reader does what the descriptor
 * says (impl/README.md §11), and bytes of another format go through the
 * shared decoder and the add path, which merge. */
START_TEST(repeated_names_follow_the_descriptor)
{
	const struct bm_ops *ops = cu_in(CU_FOREIGN_BYTES, _i);
	static const struct {
		const char *file;
		enum bm_format format;
		const char *name;
		int32_t values[2];
	} cases[] = {
		{"accept-r5-repeated-name.bin", BM_FORMAT_R5, "a", {1, 3}},
		{"accept-hmf1-repeated-name.bin", BM_FORMAT_HMF1, "data0", {1, 2}},
	};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		char path[4096];
		snprintf(path, sizeof path, "%s/%s", BENCH_REGRESSIONS_DIR,
		         cases[c].file);
		size_t size;
		uint8_t *bytes = cu_read_file(path, &size);
		bm_message *msg = new_message(ops);
		ck_assert_int_eq(bm_unflatten(msg, bytes, size), BM_OK);
		/* The native reader may also leave records of another writer's
		 * layout to the add path (BM_UNSUPPORTED from the slot itself:
		 * Message3 reads only its own records). */
		bm_message *native = new_message(ops);
		bool native_reads = ops->unflatten(native, bytes, size) == BM_OK;
		bm_destroy(native);
		enum bm_repeated_names rule =
			cases[c].format == ops->native_format && native_reads
				? bm_backend_repeated_names(ops)
				: BM_REPEATED_MERGE;
		/* How many fields carry the name, in iteration order. */
		int32_t named = 0;
		struct bm_field_info info;
		for (int32_t i = 0; i < bm_count_fields(msg); i++) {
			ck_assert_int_eq(bm_field_at(msg, i, &info), BM_OK);
			named += info.name_len == strlen(cases[c].name) &&
			         memcmp(info.name, cases[c].name, info.name_len) == 0;
		}
		ck_assert_int_eq(bm_get_info(msg, cases[c].name, &info), BM_OK);
		int32_t value;
		if (rule == BM_REPEATED_MERGE) {
			ck_assert_msg(named == 1 && info.count == 2,
			              "%s, %s: %d fields, %d items", ops->name,
			              cases[c].file, (int)named, (int)info.count);
			for (int32_t i = 0; i < 2; i++) {
				ck_assert_int_eq(bm_find_int32(msg, cases[c].name, i,
				                               &value),
				                 BM_OK);
				ck_assert_int_eq(value, cases[c].values[i]);
			}
		} else {
			bool first = rule == BM_REPEATED_KEEP_FIRST;
			ck_assert_msg(named == 2 && info.count == 1,
			              "%s, %s: %d fields, %d items", ops->name,
			              cases[c].file, (int)named, (int)info.count);
			ck_assert_int_eq(bm_find_int32(msg, cases[c].name, 0, &value),
			                 BM_OK);
			ck_assert_int_eq(value, cases[c].values[first ? 0 : 1]);
		}
		bm_destroy(msg);
		free(bytes);
	}
}
END_TEST

/* --- No leaks --------------------------------------------------------------------- */

START_TEST(everything_allocated_is_freed)
{
	const struct bm_ops *ops = cu_in(CU_CONTRACT, _i);
	bm_alloc_counting(true);
	bm_message *msg = new_message(ops);
	add_varied_content(msg, true);
	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);
	bm_message *copy = new_message(ops);
	ck_assert_int_eq(bm_unflatten(copy, bytes, size), BM_OK);
	ck_assert_int_eq(bm_unflatten(copy, bytes, size), BM_OK);
	bm_make_empty(msg);
	ck_assert_int_eq(bm_add_int32(msg, "again", 1), BM_OK);
	bm_destroy(copy);
	bm_destroy(msg);
	ck_assert_int_eq(bm_alloc_counts()->live, 0);
	ck_assert_uint_gt(bm_alloc_calls(), 0);
	bm_alloc_counting(false);
	free(bytes);
}
END_TEST

Suite *
make_conformance_suite(void)
{
	Suite *suite = suite_create("conformance");

	TCase *api = tcase_create("api");
	tcase_add_loop_test(api, new_message_is_empty, 0,
	                    cu_count(CU_EVERY));
	tcase_add_loop_test(api, int32_values_come_back, 0,
	                    cu_count(CU_EVERY));
	tcase_add_loop_test(api, strings_come_back_with_their_length, 0,
	                    cu_count(CU_EVERY));
	tcase_add_loop_test(api, raw_items_of_every_size_come_back, 0,
	                    cu_count(CU_EVERY));
	tcase_add_loop_test(api, names_are_1_to_255_bytes, 0,
	                    cu_count(CU_CONTRACT));
	tcase_add_loop_test(api, bad_arguments_get_status_codes, 0,
	                    cu_count(CU_EVERY));
	tcase_add_loop_test(api, type_mismatch_is_bad_type, 0,
	                    cu_count(CU_EVERY));
	tcase_add_loop_test(api, fixed_size_mismatch_follows_the_field_kind, 0,
	                    cu_count(CU_CONTRACT));
	tcase_add_loop_test(api, similar_names_are_different_fields, 0,
	                    cu_count(CU_EVERY));
	tcase_add_loop_test(api, many_fields_are_found_and_iterated_once, 0,
	                    cu_count(CU_EVERY));
	tcase_add_loop_test(api, many_items_come_back, 0,
	                    cu_count(CU_CONTRACT));
	tcase_add_loop_test(api, make_empty_leaves_a_usable_message, 0,
	                    cu_count(CU_EVERY));
	tcase_add_loop_test(api, everything_allocated_is_freed, 0,
	                    cu_count(CU_CONTRACT));
	tcase_set_timeout(api, 60);
	suite_add_tcase(suite, api);

	TCase *flat = tcase_create("flatten");
	tcase_add_loop_test(flat, flatten_writes_exactly_the_flattened_size, 0,
	                    cu_count(CU_EVERY));
	tcase_add_loop_test(flat, flattened_bytes_decode_to_the_same_content, 0,
	                    cu_count(CU_EVERY));
	tcase_add_loop_test(flat, empty_message_round_trips, 0,
	                    cu_count(CU_EVERY));
	tcase_add_loop_test(flat, every_backend_reads_what_every_backend_writes, 0,
	                    reading_pairs(-1, NULL, NULL));
	tcase_add_loop_test(flat, unflatten_keeps_nothing_of_its_input, 0,
	                    cu_count(CU_EVERY));
	tcase_add_loop_test(flat, unflatten_replaces_the_content, 0,
	                    cu_count(CU_EVERY));
	tcase_add_loop_test(flat, bad_input_leaves_an_empty_usable_message, 0,
	                    cu_count(CU_BAD_INPUT));
	tcase_add_loop_test(flat, every_backend_reads_every_fixture, 0,
	                    cu_count(CU_FOREIGN_BYTES));
	tcase_add_loop_test(flat, every_reflattened_fixture_reads_back_everywhere,
	                    0, cu_count(CU_FOREIGN_BYTES));
	tcase_add_loop_test(flat, repeated_names_follow_the_descriptor, 0,
	                    cu_count(CU_FOREIGN_BYTES));
	tcase_add_loop_test(flat, hmf1_writers_reflatten_every_fixture_as_message4,
	                    0, cu_count(CU_FOREIGN_BYTES));
	tcase_set_timeout(flat, 300);
	suite_add_tcase(suite, flat);
	return suite;
}
