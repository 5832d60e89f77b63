/*
 * test_r5.c - what is specific to the R5 backend (impl/backends/r5.c): the
 * bytes it writes under Be's rules (impl/README.md §5.5, impl/flat-examples.md §1),
 * its allocation pattern (one block per field, the growth policy it
 * documents), the O(index) walk over variable-size items, its native
 * Unflatten (one block and one copy per record) and its error paths. The
 * registry-wide contract is checked by test_conformance.c and
 * test_failures.c.
 */
#include "suites.h"

#include "alloc.h"
#include "bmsg.h"
#include "bytes.h"
#include "check_util.h"
#include "fob1.h"
#include "names.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RAW_TYPE BM_TYPE('R', 'A', 'W', 'T')

/* --- Helpers ---------------------------------------------------------------- */

static const struct bm_ops *
r5_ops(void)
{
	return cu_backend("R5");
}

static bm_message *
new_r5(uint32_t what)
{
	return cu_new_message(r5_ops(), what);
}

/* The shared decoder reads from bytes what msg holds (fixed flags too). */
static void
assert_content_matches_bytes(const bm_message *msg, const uint8_t *bytes,
                             size_t size, const char *context)
{
	struct tu_content from_bytes;
	ck_assert_int_eq(tu_content_from_bytes(bytes, size, &from_bytes), BM_OK);
	cu_assert_content_is(msg, &from_bytes, true, context);
	tu_content_free(&from_bytes);
}

/* --- Byte-exact flatten under Be's rules (impl/flat-examples.md §1) --- */

START_TEST(five_int32_is_the_be_rules_vector)
{
	static const uint8_t vector[50] = {
		0x31, 0x42, 0x4f, 0x46, 0x01, 0x00, 0x00, 0x32, 0x32, 0x00,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x07, 0x47, 0x4e,
		0x4f, 0x4c, 0x05, 0x14, 0x04, 0x64, 0x61, 0x74, 0x61, 0x00,
		0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00,
		0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00};
	bm_message *msg = new_r5(0);
	cu_add_benchmark(msg, 5, false, false);
	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);
	cu_assert_bytes_eq(bytes, size, vector, sizeof vector, "5 int32");
	cu_assert_fixture_bytes(bytes, size, "r5-be-mini-derived-5_int32");
	free(bytes);
	bm_destroy(msg);
}
END_TEST

START_TEST(five_strings_is_the_be_rules_vector)
{
	bm_message *msg = new_r5(0);
	cu_add_benchmark(msg, 5, true, false);
	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);
	ck_assert_uint_eq(size, 110);
	/* Record header: 03 'CSTR' count 5, size 0x50, name "data". */
	static const uint8_t record[] = {0x03, 0x52, 0x54, 0x53, 0x43, 0x05,
	                                 0x50, 0x04, 0x64, 0x61, 0x74, 0x61};
	ck_assert_mem_eq(bytes + 17, record, sizeof record);
	cu_assert_fixture_bytes(bytes, size, "r5-be-mini-derived-5_string");
	free(bytes);
	bm_destroy(msg);
}
END_TEST

START_TEST(five_individual_int32_are_five_mini_single_records)
{
	bm_message *msg = new_r5(0);
	cu_add_benchmark(msg, 5, false, true);
	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);
	ck_assert_uint_eq(size, 98);
	/* Header: size 98 = 0x62, checksum 0x62000000 + 0 + 0x01. */
	static const uint8_t header[17] = {0x31, 0x42, 0x4f, 0x46, 0x01, 0x00,
	                                   0x00, 0x62, 0x62, 0x00, 0x00, 0x00,
	                                   0x00, 0x00, 0x00, 0x00, 0x01};
	ck_assert_mem_eq(bytes, header, sizeof header);
	for (int i = 0; i < 5; i++) {
		/* 0f 'LONG' size 4, name length 5, "data<i>", int32 i */
		const uint8_t record[16] = {0x0f, 0x47, 0x4e, 0x4f, 0x4c, 0x04,
		                            0x05, 'd',  'a',  't',  'a',
		                            (uint8_t)('0' + i), (uint8_t)i,
		                            0x00, 0x00, 0x00};
		ck_assert_mem_eq(bytes + 17 + 16 * i, record, sizeof record);
	}
	ck_assert_uint_eq(bytes[97], 0x00);
	free(bytes);
	bm_destroy(msg);
}
END_TEST

/* The "R5 (Be rules)" column of the table in impl/flat-examples.md §1.1. */
START_TEST(benchmark_messages_have_the_be_rules_sizes)
{
	static const struct {
		bool strings, individual;
		size_t sizes[4];
	} rows[] = {
		{false, false, {50, 230, 2036, 20036}},
		{true, false, {110, 836, 8036, 80036}},
		{false, true, {98, 858, 8908, 93908}},
		{true, true, {158, 1458, 14908, 153908}},
	};
	static const int counts[4] = {5, 50, 500, 5000};
	for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
		for (size_t c = 0; c < 4; c++) {
			char name[64];
			cu_benchmark_name(name, sizeof name, counts[c], rows[r].strings,
			                  rows[r].individual);
			bm_message *msg = new_r5(0);
			cu_add_benchmark(msg, counts[c], rows[r].strings,
			                 rows[r].individual);
			size_t size;
			uint8_t *bytes = cu_flatten(msg, &size);
			ck_assert_msg(size == rows[r].sizes[c],
			              "%s: %zu bytes, expected %zu", name, size,
			              rows[r].sizes[c]);
			assert_content_matches_bytes(msg, bytes, size, name);
			free(bytes);
			bm_destroy(msg);
		}
	}
}
END_TEST

/*
 * Flattens a message holding one field "f" and returns the record's flag
 * byte; checks the count and data size the record states, its name and
 * the total size. Failures name `context`.
 */
static uint8_t
record_flags_of(bm_message *msg, size_t data_size, size_t count,
                const char *context)
{
	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);
	const uint8_t *record = bytes + BM_R5_HEADER_SIZE;
	uint8_t flags = record[0];
	const uint8_t *p = record + 5;
	size_t stated_count = 1, stated_size;
	if (flags & BM_R5_FIELD_MINI) {
		if (!(flags & BM_R5_FIELD_SINGLE))
			stated_count = *p++;
		stated_size = *p++;
	} else {
		if (!(flags & BM_R5_FIELD_SINGLE)) {
			stated_count = bm__load32(p);
			p += 4;
		}
		stated_size = bm__load32(p);
		p += 4;
	}
	ck_assert_msg(stated_count == count, "%s: count %zu, expected %zu",
	              context, stated_count, count);
	ck_assert_msg(stated_size == data_size, "%s: data size %zu, expected %zu",
	              context, stated_size, data_size);
	ck_assert_msg(p[0] == 1, "%s: name length %u, expected 1", context,
	              p[0]);
	ck_assert_msg(p[1] == 'f', "%s: name byte %02x, expected 'f'", context,
	              p[1]);
	size_t expected_size = BM_R5_HEADER_SIZE + (size_t)(p + 2 - record) +
	                       data_size + 1;
	ck_assert_msg(size == expected_size, "%s: %zu bytes, expected %zu",
	              context, size, expected_size);
	free(bytes);
	return flags;
}

START_TEST(mini_iff_data_at_most_255_bytes_and_count_at_most_255)
{
	/* Pairs on each side of the limit. An int32 row adds the int32 i;
	 * the others add item_size bytes of raw data. */
	static const struct {
		const char *what;
		bool int32;
		size_t item_size;
		bool fixed;
		size_t count;
		size_t data_size;
		uint8_t flags;
	} cases[] = {
		{"one fixed item of 255 bytes", false, 255, true, 1, 255, 0x0f},
		{"one fixed item of 256 bytes", false, 256, true, 1, 256, 0x0d},
		/* Count and size cross 255 together, since items are at least
		 * one byte. */
		{"255 fixed items of 1 byte", false, 1, true, 255, 255, 0x07},
		{"256 fixed items of 1 byte", false, 1, true, 256, 256, 0x05},
		{"63 int32 (252 bytes)", true, 4, true, 63, 252, 0x07},
		{"64 int32 (256 bytes)", true, 4, true, 64, 256, 0x05},
		/* Variable items of 4 bytes are padded chunks of 8. */
		{"31 variable chunks (248 bytes)", false, 4, false, 31, 248, 0x03},
		{"32 variable chunks (256 bytes)", false, 4, false, 32, 256, 0x01},
		{"one variable item whose chunk is 256 bytes", false, 252, false, 1,
		 256, 0x09},
	};
	uint8_t raw[256];
	memset(raw, 0xa5, sizeof raw);
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		bm_message *msg = new_r5(0);
		for (size_t i = 0; i < cases[c].count; i++) {
			int rc = cases[c].int32
			                 ? bm_add_int32(msg, "f", (int32_t)i)
			                 : bm_add_data(msg, "f", RAW_TYPE, raw,
			                               cases[c].item_size,
			                               cases[c].fixed);
			ck_assert_msg(rc == BM_OK, "%s: add %zu: %s", cases[c].what, i,
			              bm_status_name(rc));
		}
		uint8_t flags = record_flags_of(msg, cases[c].data_size,
		                                cases[c].count, cases[c].what);
		ck_assert_msg(flags == cases[c].flags,
		              "%s: flags 0x%02x, expected 0x%02x", cases[c].what,
		              flags, cases[c].flags);
		bm_destroy(msg);
	}
}
END_TEST

START_TEST(header_carries_what_size_and_checksum)
{
	bm_message *msg = new_r5(0x12345678u);
	ck_assert_int_eq(bm_add_int32(msg, "a", 7), BM_OK);
	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);
	ck_assert_uint_eq(bm__load32(bytes), BM_R5_MAGIC);
	ck_assert_uint_eq(bm__load32(bytes + 8), size);
	ck_assert_uint_eq(bm__load32(bytes + 12), 0x12345678u);
	ck_assert_uint_eq(bytes[16], BM_R5_MESSAGE_VALID);
	ck_assert_uint_eq(bm__load32(bytes + 4),
	                  bm__r5_checksum(bytes + 8, BM_R5_HEADER_SIZE - 8));
	ck_assert_uint_eq(bytes[size - 1], 0x00);
	/* A buffer one byte short is refused and left alone. */
	memset(bytes, 0xee, size);
	ck_assert_int_eq(bm_flatten(msg, bytes, size - 1), BM_BUFFER_TOO_SMALL);
	for (size_t i = 0; i < size; i++)
		ck_assert_uint_eq(bytes[i], 0xee);
	free(bytes);
	bm_destroy(msg);
}
END_TEST

/* --- Allocations ------------------------------------------------------------ */

START_TEST(every_field_is_one_block)
{
	bm_alloc_counting(true);
	bm_message *msg = new_r5(0);
	ck_assert_uint_eq(bm_alloc_counts()->mallocs, 1); /* the message */
	for (int n = 0; n < 2; n++) {
		bm_alloc_reset_counts();
		cu_add_benchmark(msg, 500, n == 1, true);
		/* 500 new fields of one item: 500 blocks, never a realloc. */
		ck_assert_uint_eq(bm_alloc_counts()->mallocs, 500);
		ck_assert_uint_eq(bm_alloc_counts()->reallocs, 0);
		bm_make_empty(msg);
		ck_assert_uint_eq(bm_alloc_counts()->frees, 500);
	}
	/* The same field twice is one block, grown once. */
	bm_alloc_reset_counts();
	ck_assert_int_eq(bm_add_int32(msg, "x", 1), BM_OK);
	ck_assert_int_eq(bm_add_int32(msg, "x", 2), BM_OK);
	ck_assert_uint_eq(bm_alloc_counts()->mallocs, 1);
	ck_assert_uint_eq(bm_alloc_counts()->reallocs, 1);
	ck_assert_int_eq(bm_alloc_counts()->live, 1);
	bm_destroy(msg);
	bm_alloc_counting(false);
}
END_TEST

/*
 * The growth policy in impl/backends/r5.c: a new field has room for its one
 * item; when an add does not fit, the data room doubles. Block sizes are the
 * field header (fixed per name) plus the room, so the room is pinned as the
 * difference from the first block.
 */
static void
check_doubling(bool strings, size_t first_room, size_t reallocs)
{
	size_t sizes[64];
	bm_alloc_counting(true);
	bm_message *msg = new_r5(0);
	bm_alloc_trace(sizes, 64);
	cu_add_benchmark(msg, 5000, strings, false);
	ck_assert_uint_eq(bm_alloc_counts()->mallocs, 2); /* message + field */
	ck_assert_uint_eq(bm_alloc_counts()->reallocs, reallocs);
	ck_assert_uint_eq(bm_alloc_trace_length(), 1 + reallocs);
	size_t header = sizes[0] - first_room;
	for (size_t k = 0; k <= reallocs; k++)
		ck_assert_msg(sizes[k] == header + (first_room << k),
		              "block %zu is %zu bytes, expected %zu", k, sizes[k],
		              header + (first_room << k));
	bm_destroy(msg);
	ck_assert_int_eq(bm_alloc_counts()->live, 0);
	bm_alloc_counting(false);
}

START_TEST(a_field_doubles_its_room)
{
	/* 5000 int32 = 20000 bytes: room 4, 8, ..., 32768 (13 reallocs). */
	check_doubling(false, 4, 13);
	/* 5000 "item<i>" = 80000 bytes: room 16, 32, ..., 131072. */
	check_doubling(true, 16, 13);
}
END_TEST

START_TEST(a_big_add_grows_to_what_it_needs)
{
	uint8_t raw[200] = {0};
	size_t sizes[8];
	bm_alloc_counting(true);
	bm_message *msg = new_r5(0);
	bm_alloc_trace(sizes, 8);
	ck_assert_int_eq(bm_add_data(msg, "f", RAW_TYPE, raw, 4, false), BM_OK);
	/* Room 8; the next chunk is pad8(4 + 200) = 208, so room 216 > 16. */
	ck_assert_int_eq(bm_add_data(msg, "f", RAW_TYPE, raw, 200, false), BM_OK);
	/* Then doubling again: 216 + 8 > 216, so 432. */
	ck_assert_int_eq(bm_add_data(msg, "f", RAW_TYPE, raw, 1, false), BM_OK);
	ck_assert_uint_eq(bm_alloc_trace_length(), 3);
	ck_assert_uint_eq(sizes[1] - sizes[0], 216 - 8);
	ck_assert_uint_eq(sizes[2] - sizes[0], 432 - 8);
	bm_destroy(msg);
	bm_alloc_counting(false);
}
END_TEST

START_TEST(reading_and_flattening_allocate_nothing)
{
	bm_alloc_counting(true);
	bm_message *msg = new_r5(0);
	cu_add_benchmark(msg, 50, true, false);
	cu_add_benchmark(msg, 50, false, true);
	bm_alloc_reset_counts();
	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);
	const char *text;
	ck_assert_int_eq(bm_find_string(msg, "data", 49, &text, NULL), BM_OK);
	int32_t value;
	ck_assert_int_eq(bm_find_int32(msg, "data49", 0, &value), BM_OK);
	struct bm_field_info info;
	ck_assert_int_eq(bm_get_info(msg, "data7", &info), BM_OK);
	ck_assert_int_eq(bm_field_at(msg, 50, &info), BM_OK);
	ck_assert_uint_eq(bm_alloc_calls(), 0);
	free(bytes);
	bm_destroy(msg);
	bm_alloc_counting(false);
}
END_TEST

/* --- Reading ------------------------------------------------------------------ */

START_TEST(variable_items_are_found_by_walking_the_chunks)
{
	/* Sizes 1..40 cross every padding case several times. */
	uint8_t raw[40];
	bm_message *msg = new_r5(0);
	for (size_t size = 1; size <= sizeof raw; size++) {
		memset(raw, (int)size, size);
		ck_assert_int_eq(bm_add_data(msg, "v", RAW_TYPE, raw, size, false),
		                 BM_OK);
	}
	for (int32_t i = 0; i < (int32_t)sizeof raw; i++) {
		const void *data;
		size_t size;
		ck_assert_int_eq(bm_find_data(msg, "v", RAW_TYPE, i, &data, &size),
		                 BM_OK);
		ck_assert_uint_eq(size, (size_t)i + 1);
		memset(raw, i + 1, size);
		ck_assert_mem_eq(data, raw, size);
	}
	/* Every variable item is 8-aligned in the block (its chunk is). */
	const void *first, *second;
	size_t size;
	ck_assert_int_eq(bm_find_data(msg, "v", BM_ANY_TYPE, 0, &first, &size),
	                 BM_OK);
	ck_assert_int_eq(bm_find_data(msg, "v", BM_ANY_TYPE, 1, &second, &size),
	                 BM_OK);
	ck_assert_int_eq((const uint8_t *)second - (const uint8_t *)first, 8);
	bm_destroy(msg);
}
END_TEST

START_TEST(fields_iterate_in_insertion_order)
{
	static const char *const names[] = {"zeta", "alpha", "mid", "a", "zz"};
	bm_message *msg = new_r5(0);
	for (int round = 0; round < 2; round++)
		for (int i = 0; i < 5; i++)
			ck_assert_int_eq(bm_add_int32(msg, names[i], round), BM_OK);
	ck_assert_int_eq(bm_count_fields(msg), 5);
	for (int i = 0; i < 5; i++) {
		struct bm_field_info info;
		ck_assert_int_eq(bm_field_at(msg, i, &info), BM_OK);
		ck_assert_uint_eq(info.name_len, strlen(names[i]));
		ck_assert_mem_eq(info.name, names[i], info.name_len);
		ck_assert_int_eq(info.count, 2);
		ck_assert(info.fixed_size);
		ck_assert_uint_eq(info.type, BM_INT32_TYPE);
	}
	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);
	/* The first record is "zeta": flags, type, count, size, length 4. */
	ck_assert_uint_eq(bytes[17 + 7], 4);
	ck_assert_mem_eq(bytes + 17 + 8, "zeta", 4);
	free(bytes);
	bm_destroy(msg);
}
END_TEST

/* --- Errors --------------------------------------------------------------------- */

START_TEST(errors_get_their_status_and_change_nothing)
{
	bm_message *msg = new_r5(0);
	ck_assert_int_eq(bm_add_int32(msg, "int", 1), BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "str", "one"), BM_OK);
	ck_assert_int_eq(bm_add_data(msg, "raw4", RAW_TYPE, "abcd", 4, true),
	                 BM_OK);
	size_t before_size;
	uint8_t *before = cu_flatten(msg, &before_size);

	/* Type mismatch, on add and on find. */
	ck_assert_int_eq(bm_add_string(msg, "int", "x"), BM_BAD_TYPE);
	ck_assert_int_eq(bm_add_int32(msg, "str", 2), BM_BAD_TYPE);
	const char *text;
	int32_t value;
	ck_assert_int_eq(bm_find_string(msg, "int", 0, &text, NULL), BM_BAD_TYPE);
	ck_assert_int_eq(bm_find_int32(msg, "str", 0, &value), BM_BAD_TYPE);
	/* Fixed size mismatch; a variable field takes any size. */
	ck_assert_int_eq(bm_add_data(msg, "raw4", RAW_TYPE, "abcde", 5, true),
	                 BM_BAD_VALUE);
	ck_assert_int_eq(bm_add_data(msg, "raw4", RAW_TYPE, "abc", 3, false),
	                 BM_BAD_VALUE);
	ck_assert_int_eq(bm_add_data(msg, "int", BM_INT32_TYPE, "ab", 2, true),
	                 BM_BAD_VALUE);
	/* Index out of range. */
	ck_assert_int_eq(bm_find_int32(msg, "int", 1, &value), BM_BAD_INDEX);
	ck_assert_int_eq(bm_find_string(msg, "str", 1, &text, NULL), BM_BAD_INDEX);
	struct bm_field_info info;
	ck_assert_int_eq(bm_field_at(msg, 3, &info), BM_BAD_INDEX);
	/* Name not found: a prefix, a longer name, same length other bytes. */
	ck_assert_int_eq(bm_find_int32(msg, "in", 0, &value), BM_NAME_NOT_FOUND);
	ck_assert_int_eq(bm_find_int32(msg, "intx", 0, &value),
	                 BM_NAME_NOT_FOUND);
	ck_assert_int_eq(bm_find_int32(msg, "inT", 0, &value), BM_NAME_NOT_FOUND);
	ck_assert_int_eq(bm_get_info(msg, "nope", &info), BM_NAME_NOT_FOUND);
	cu_assert_flattens_to(msg, before, before_size, "after errors");

	/* The variable field accepts an item added as "fixed". */
	ck_assert_int_eq(bm_add_data(msg, "str", BM_STRING_TYPE, "two", 4, true),
	                 BM_OK);
	ck_assert_int_eq(bm_get_info(msg, "str", &info), BM_OK);
	ck_assert(!info.fixed_size);
	ck_assert_int_eq(info.count, 2);
	free(before);
	bm_destroy(msg);
}
END_TEST

/*
 * Past BM_FLAT_MAX an add is refused before its data is touched: `huge`
 * claims BM_ITEM_MAX bytes but points at a few, which is safe only because
 * the check comes first.
 */
START_TEST(adds_past_the_flat_limit_are_too_large)
{
	static const uint8_t huge[16];
	bm_message *msg = new_r5(0);
	/* Alone, a BM_ITEM_MAX item still fits the limit; after 100 bytes of
	 * other fields it does not. */
	uint8_t filler[100] = {0};
	ck_assert_int_eq(bm_add_data(msg, "a", RAW_TYPE, filler, 100, false),
	                 BM_OK);
	size_t before_size;
	uint8_t *before = cu_flatten(msg, &before_size);
	ck_assert_int_eq(bm_add_data(msg, "b", RAW_TYPE, huge, BM_ITEM_MAX, false),
	                 BM_TOO_LARGE);
	ck_assert_int_eq(bm_add_data(msg, "a", RAW_TYPE, huge, BM_ITEM_MAX, false),
	                 BM_TOO_LARGE);
	ck_assert_int_eq(bm_count_fields(msg), 1);
	cu_assert_flattens_to(msg, before, before_size, "after too large");
	free(before);
	bm_destroy(msg);
}
END_TEST

START_TEST(failed_allocations_keep_the_message)
{
	bm_alloc_counting(true);
	bm_message *msg = new_r5(0);
	cu_add_benchmark(msg, 4, false, false); /* room 16, full */
	ck_assert_int_eq(bm_add_string(msg, "s", "x"), BM_OK);
	size_t before_size;
	uint8_t *before = cu_flatten(msg, &before_size);
	int64_t live = bm_alloc_counts()->live;

	/* The realloc that grows "data" fails: the old block stays. */
	bm_alloc_fail_at(1);
	ck_assert_int_eq(bm_add_int32(msg, "data", 4), BM_NO_MEMORY);
	ck_assert_uint_eq(bm_alloc_counts()->failures, 1);
	cu_assert_flattens_to(msg, before, before_size, "after failed growth");
	/* The malloc of a new field fails. */
	bm_alloc_fail_at(1);
	ck_assert_int_eq(bm_add_int32(msg, "new", 4), BM_NO_MEMORY);
	ck_assert_int_eq(bm_count_fields(msg), 2);
	cu_assert_flattens_to(msg, before, before_size, "after failed new field");
	ck_assert_int_eq(bm_alloc_counts()->live, live);

	/* And both succeed afterwards. */
	ck_assert_int_eq(bm_add_int32(msg, "data", 4), BM_OK);
	ck_assert_int_eq(bm_add_int32(msg, "new", 4), BM_OK);
	int32_t value;
	ck_assert_int_eq(bm_find_int32(msg, "data", 4, &value), BM_OK);
	ck_assert_int_eq(value, 4);
	free(before);
	bm_destroy(msg);
	ck_assert_int_eq(bm_alloc_counts()->live, 0);
	bm_alloc_counting(false);
}
END_TEST

/* --- Unflatten ------------------------------------------------------------------ */

static void
add_mixed_content(bm_message *msg)
{
	cu_add_benchmark(msg, 300, false, false);
	cu_add_benchmark(msg, 300, true, true);
	uint8_t raw[300];
	for (size_t i = 0; i < sizeof raw; i++)
		raw[i] = (uint8_t)(i * 13 + 1);
	for (size_t size = 1; size <= sizeof raw; size += 37)
		ck_assert_int_eq(bm_add_data(msg, "raw", RAW_TYPE, raw, size, false),
		                 BM_OK);
	ck_assert_int_eq(bm_add_data(msg, "fixed", RAW_TYPE, raw, 255, true),
	                 BM_OK);
	ck_assert_int_eq(bm_add_data(msg, "fixed", RAW_TYPE, raw + 1, 255, true),
	                 BM_OK);
	char name[BM_NAME_MAX + 1];
	memset(name, 'n', BM_NAME_MAX);
	name[BM_NAME_MAX] = '\0';
	ck_assert_int_eq(bm_add_string(msg, name, "long name"), BM_OK);
}

START_TEST(own_bytes_round_trip_through_the_native_reader)
{
	bm_message *msg = new_r5(0x74657374u);
	add_mixed_content(msg);
	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);

	bm_alloc_counting(true);
	bm_message *copy = new_r5(0);
	bm_alloc_reset_counts();
	ck_assert_int_eq(bm_unflatten(copy, bytes, size), BM_OK);
	/* The native reader: one block per record, nothing else. */
	ck_assert_int_eq(bm_count_fields(copy), 304);
	ck_assert_uint_eq(bm_alloc_counts()->mallocs, 304);
	ck_assert_uint_eq(bm_alloc_counts()->reallocs, 0);
	ck_assert_int_eq(bm_alloc_counts()->live, 304);
	ck_assert_uint_eq(copy->what, 0x74657374u);
	assert_content_matches_bytes(copy, bytes, size, "unflattened copy");
	size_t again_size;
	uint8_t *again = cu_flatten(copy, &again_size);
	cu_assert_bytes_eq(again, again_size, bytes, size, "reflattened copy");

	/* A field read from bytes has exactly its data as room: the next add
	 * doubles it (5000 int32: 20000 -> 40000). */
	bm_message *big = new_r5(0);
	cu_add_benchmark(big, 5000, false, false);
	size_t big_size;
	uint8_t *big_bytes = cu_flatten(big, &big_size);
	size_t sizes[4];
	bm_alloc_trace(sizes, 4);
	ck_assert_int_eq(bm_unflatten(copy, big_bytes, big_size), BM_OK);
	ck_assert_int_eq(bm_add_int32(copy, "data", 5000), BM_OK);
	ck_assert_uint_eq(bm_alloc_trace_length(), 2);
	ck_assert_uint_eq(sizes[1] - sizes[0], 20000);
	bm_alloc_trace(NULL, 0);

	free(big_bytes);
	bm_destroy(big);
	free(again);
	bm_destroy(copy);
	bm_alloc_counting(false);
	free(bytes);
	bm_destroy(msg);
}
END_TEST

/*
 * Unflatten of the benchmark's individual messages: one block per field.
 * The filter of names read (bm__seen_names in impl/wire/names.h) stays on the
 * stack up to 16384 names; past that it adds one heap layer. The 20000-field
 * source is built with Message2, whose adds do not walk a list.
 */
START_TEST(unflatten_makes_one_block_per_record)
{
	static const struct {
		int fields;
		uint64_t set_blocks;
	} cases[] = {{5, 0}, {50, 0}, {500, 0}, {5000, 0}, {9000, 0}, {20000, 1}};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		bm_message *source = cu_new_message(
			cases[c].fields > 10000 ? cu_backend("Message2") : r5_ops(), 0);
		cu_add_benchmark(source, cases[c].fields, c % 2 == 1, true);
		size_t size;
		uint8_t *bytes = cu_flatten(source, &size);
		bm_alloc_counting(true);
		bm_message *msg = new_r5(0);
		bm_alloc_reset_counts();
		/* The native reader itself: no name is taken for a repeat and
		 * sent to the add path. */
		ck_assert_int_eq(r5_ops()->unflatten(msg, bytes, size), BM_OK);
		ck_assert_int_eq(bm_count_fields(msg), cases[c].fields);
		ck_assert_uint_eq(bm_alloc_counts()->mallocs,
		                  (uint64_t)cases[c].fields + cases[c].set_blocks);
		ck_assert_uint_eq(bm_alloc_counts()->reallocs, 0);
		ck_assert_int_eq(bm_alloc_counts()->live, cases[c].fields);
		bm_destroy(msg);
		bm_alloc_counting(false);
		free(bytes);
		bm_destroy(source);
	}
}
END_TEST

/* A copy of a FOB1 message with every padding byte of every top-level
 * variable-size record set to zero (nested messages are item bytes). */
static uint8_t *
zero_padding(const uint8_t *bytes, size_t size)
{
	uint8_t *copy = cu_copy(bytes, size);
	struct bm__r5_reader reader;
	struct bm__r5_record record;
	ck_assert_int_eq(bm__r5_open(&reader, bytes, size), BM_OK);
	int rc;
	while ((rc = bm__r5_next(&reader, &record)) == 1) {
		if (record.flags & BM_R5_FIELD_FIXED)
			continue;
		const uint8_t *chunk = record.data;
		for (uint32_t i = 0; i < record.count; i++) {
			const uint8_t *item;
			size_t item_size;
			const uint8_t *next = bm__r5_next_chunk(chunk, false, &item,
			                                        &item_size);
			size_t end = (size_t)(item - bytes) + item_size;
			memset(copy + end, 0, (size_t)(next - bytes) - end);
			chunk = next;
		}
	}
	ck_assert_int_eq(rc, 0);
	return copy;
}

START_TEST(be_written_files_flatten_back)
{
	char **names;
	size_t fixtures = tu_list_fixtures(&names), checked = 0;
	for (size_t f = 0; f < fixtures; f++) {
		if (strncmp(names[f], "r5-be-mini-", 11) != 0)
			continue;
		size_t size;
		uint8_t *bytes = cu_read_fixture(names[f], ".msg", &size);
		bm_message *msg = cu_unflattened(r5_ops(), bytes, size, names[f]);
		/* The data blocks are copied whole, garbage padding included, so
		 * Flatten gives back the very bytes Be's code wrote. */
		cu_assert_flattens_to(msg, bytes, size, names[f]);

		/* Rebuilt through the add path, only the padding differs. */
		char context[300];
		snprintf(context, sizeof context, "%s, rebuilt", names[f]);
		bm_message *rebuilt = cu_rebuild(msg, r5_ops());
		uint8_t *zeroed = zero_padding(bytes, size);
		cu_assert_flattens_to(rebuilt, zeroed, size, context);
		free(zeroed);
		bm_destroy(rebuilt);
		bm_destroy(msg);
		free(bytes);
		checked++;
	}
	tu_free_names(names, fixtures);
	ck_assert_uint_ge(checked, 10);
}
END_TEST

START_TEST(haiku_written_files_are_rewritten_with_be_rules)
{
	char **names;
	size_t fixtures = tu_list_fixtures(&names), checked = 0;
	for (size_t f = 0; f < fixtures; f++) {
		if (strncmp(names[f], "r5-haiku-", 9) != 0)
			continue;
		size_t size, out_size;
		uint8_t *bytes = cu_read_fixture(names[f], ".msg", &size);
		bm_message *msg = cu_unflattened(r5_ops(), bytes, size, names[f]);
		assert_content_matches_bytes(msg, bytes, size, names[f]);
		/* Same content, Be's flags: never longer than Haiku's. */
		uint8_t *out = cu_flatten(msg, &out_size);
		ck_assert_uint_le(out_size, size);
		assert_content_matches_bytes(msg, out, out_size, names[f]);
		free(out);
		bm_destroy(msg);
		free(bytes);
		checked++;
	}
	tu_free_names(names, fixtures);
	ck_assert_uint_ge(checked, 3);

	/* The 5 Int32 vector in Haiku's rules (impl/flat-examples.md §1.4)
	 * comes out in Be's (impl/flat-examples.md §1.3). */
	size_t haiku_size, out_size;
	uint8_t *haiku = cu_read_fixture("r5-haiku-derived-5_int32", ".msg",
	                                 &haiku_size);
	bm_message *msg = new_r5(0);
	ck_assert_int_eq(bm_unflatten(msg, haiku, haiku_size), BM_OK);
	uint8_t *out = cu_flatten(msg, &out_size);
	cu_assert_fixture_bytes(out, out_size, "r5-be-mini-derived-5_int32");
	free(out);
	bm_destroy(msg);
	free(haiku);
}
END_TEST

START_TEST(failed_unflatten_leaves_an_empty_message)
{
	bm_message *source = new_r5(0);
	cu_add_benchmark(source, 20, false, true);
	size_t size;
	uint8_t *bytes = cu_flatten(source, &size);

	bm_alloc_counting(true);
	bm_message *msg = new_r5(0);
	int64_t empty_live = bm_alloc_counts()->live;
	/* The 7th record's block cannot be had: the six before are freed. */
	cu_add_benchmark(msg, 3, true, false);
	bm_alloc_fail_at(7);
	ck_assert_int_eq(bm_unflatten(msg, bytes, size), BM_NO_MEMORY);
	ck_assert_int_eq(bm_count_fields(msg), 0);
	ck_assert_int_eq(bm_alloc_counts()->live, empty_live);
	size_t empty_size;
	ck_assert_int_eq(bm_flattened_size(msg, &empty_size), BM_OK);
	ck_assert_uint_eq(empty_size, BM_R5_HEADER_SIZE + 1);

	/* Truncated: every prefix is refused, leaving nothing behind. */
	for (size_t cut = 0; cut < size; cut++) {
		cu_add_benchmark(msg, 2, false, false);
		ck_assert_int_ne(bm_unflatten(msg, bytes, cut), BM_OK);
		ck_assert_int_eq(bm_count_fields(msg), 0);
		ck_assert_int_eq(bm_alloc_counts()->live, empty_live);
	}
	/* A record past its message's end: raise the 10th record's size. */
	uint8_t *bad = cu_copy(bytes, size);
	size_t tenth = BM_R5_HEADER_SIZE + 9 * (1 + 4 + 1 + 1 + 5 + 4);
	ck_assert_uint_eq(bad[tenth], 0x0f);
	bad[tenth + 5] = 0xf0;
	ck_assert_int_ne(bm_unflatten(msg, bad, size), BM_OK);
	ck_assert_int_eq(bm_count_fields(msg), 0);
	ck_assert_int_eq(bm_alloc_counts()->live, empty_live);
	/* The message still works. */
	ck_assert_int_eq(bm_unflatten(msg, bytes, size), BM_OK);
	ck_assert_int_eq(bm_count_fields(msg), 20);
	free(bad);
	bm_destroy(msg);
	bm_alloc_counting(false);
	free(bytes);
	bm_destroy(source);
}
END_TEST

/* The native reader hands the other byte order to the shared decoder. */
START_TEST(swapped_bytes_are_not_read_natively)
{
	bm_message *source = new_r5(0x01020304u);
	ck_assert_int_eq(bm_add_int32(source, "v", 0x0a0b0c0d), BM_OK);
	size_t size;
	uint8_t *bytes = cu_flatten(source, &size);
	/* Swap by hand: header words, the type code and the one int32 (MINI
	 * SINGLE record: flags, type, size, name length, "v", item). */
	for (size_t at = 0; at < 16; at += 4)
		bm__store32(bytes + at, bm__swap32(bm__load32(bytes + at)));
	/* The checksum reads the bytes as they are; the writer stores it in
	 * its own order, the other one. */
	bm__store32(bytes + 4, bm__swap32(bm__r5_checksum(bytes + 8, 9)));
	bm__store32(bytes + 18, bm__swap32(bm__load32(bytes + 18)));
	bm__store32(bytes + 25, bm__swap32(bm__load32(bytes + 25)));
	ck_assert_int_eq(bm_detect_format(bytes, size), BM_FORMAT_R5_SWAPPED);

	bm_message *msg = new_r5(0);
	ck_assert_int_eq(r5_ops()->unflatten(msg, bytes, size), BM_UNSUPPORTED);
	ck_assert_int_eq(bm_count_fields(msg), 0);
	/* Through the wrapper, the shared decoder reads it. */
	ck_assert_int_eq(bm_unflatten(msg, bytes, size), BM_OK);
	int32_t value;
	ck_assert_int_eq(bm_find_int32(msg, "v", 0, &value), BM_OK);
	ck_assert_int_eq(value, 0x0a0b0c0d);
	ck_assert_uint_eq(msg->what, 0x01020304u);
	bm_destroy(msg);
	free(bytes);
	bm_destroy(source);
}
END_TEST

/*
 * Two records with the same name: the native reader finds the repeat
 * (through its table of names, on the stack and on the heap) and hands the
 * input to the shared decoder, whose add path merges the records.
 */
START_TEST(a_repeated_record_name_goes_to_the_add_path)
{
	/* Fields "n0".."n<fields-1>" of one int32 each, then "n<repeat>". */
	static const struct {
		int fields, repeat;
	} cases[] = {{1, 0}, {3, 2}, {300, 0}, {300, 299}, {9000, 4500}};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		int fields = cases[c].fields;
		size_t capacity = BM_R5_HEADER_SIZE + 1 + 20 * ((size_t)fields + 1);
		uint8_t *bytes = malloc(capacity);
		ck_assert_ptr_nonnull(bytes);
		uint8_t *p = bytes + BM_R5_HEADER_SIZE;
		char name[16];
		for (int i = 0; i <= fields; i++) {
			int32_t value = i;
			int n = i < fields ? i : cases[c].repeat;
			snprintf(name, sizeof name, "n%d", n);
			p = bm__r5_write_record_header(p, 0x0f, BM_INT32_TYPE, 1, 4,
			                               name, strlen(name));
			memcpy(p, &value, 4);
			p += 4;
		}
		*p++ = 0;
		size_t size = (size_t)(p - bytes);
		bm__r5_write_header(bytes, (uint32_t)size, 0, BM_R5_MESSAGE_VALID);

		bm_alloc_counting(true);
		bm_message *msg = new_r5(0);
		ck_assert_int_eq(r5_ops()->unflatten(msg, bytes, size),
		                 BM_UNSUPPORTED);
		ck_assert_int_eq(bm_count_fields(msg), 0);
		ck_assert_int_eq(bm_alloc_counts()->live, 1);
		ck_assert_int_eq(bm_unflatten(msg, bytes, size), BM_OK);
		ck_assert_int_eq(bm_count_fields(msg), fields);
		snprintf(name, sizeof name, "n%d", cases[c].repeat);
		int32_t value;
		ck_assert_int_eq(bm_find_int32(msg, name, 0, &value), BM_OK);
		ck_assert_int_eq(value, cases[c].repeat);
		ck_assert_int_eq(bm_find_int32(msg, name, 1, &value), BM_OK);
		ck_assert_int_eq(value, fields);
		bm_destroy(msg);
		ck_assert_int_eq(bm_alloc_counts()->live, 0);
		bm_alloc_counting(false);
		free(bytes);
	}
}
END_TEST

Suite *
make_r5_suite(void)
{
	Suite *suite = suite_create("r5");

	TCase *bytes = tcase_create("flatten");
	cu_add_le_test(bytes, five_int32_is_the_be_rules_vector);
	cu_add_le_test(bytes, five_strings_is_the_be_rules_vector);
	cu_add_le_test(bytes, five_individual_int32_are_five_mini_single_records);
	tcase_add_test(bytes, benchmark_messages_have_the_be_rules_sizes);
	tcase_add_test(bytes, mini_iff_data_at_most_255_bytes_and_count_at_most_255);
	tcase_add_test(bytes, header_carries_what_size_and_checksum);
	tcase_set_timeout(bytes, 120);
	suite_add_tcase(suite, bytes);

	TCase *memory = tcase_create("allocations");
	tcase_add_test(memory, every_field_is_one_block);
	tcase_add_test(memory, a_field_doubles_its_room);
	tcase_add_test(memory, a_big_add_grows_to_what_it_needs);
	tcase_add_test(memory, reading_and_flattening_allocate_nothing);
	tcase_set_timeout(memory, 60);
	suite_add_tcase(suite, memory);

	TCase *reading = tcase_create("reading");
	tcase_add_test(reading, variable_items_are_found_by_walking_the_chunks);
	tcase_add_test(reading, fields_iterate_in_insertion_order);
	suite_add_tcase(suite, reading);

	TCase *errors = tcase_create("errors");
	tcase_add_test(errors, errors_get_their_status_and_change_nothing);
	tcase_add_test(errors, adds_past_the_flat_limit_are_too_large);
	tcase_add_test(errors, failed_allocations_keep_the_message);
	suite_add_tcase(suite, errors);

	TCase *unflatten = tcase_create("unflatten");
	tcase_add_test(unflatten, own_bytes_round_trip_through_the_native_reader);
	cu_add_le_test(unflatten, be_written_files_flatten_back);
	cu_add_le_test(unflatten, haiku_written_files_are_rewritten_with_be_rules);
	tcase_add_test(unflatten, failed_unflatten_leaves_an_empty_message);
	tcase_add_test(unflatten, swapped_bytes_are_not_read_natively);
	tcase_add_test(unflatten, unflatten_makes_one_block_per_record);
	tcase_add_test(unflatten, a_repeated_record_name_goes_to_the_add_path);
	tcase_set_timeout(unflatten, 120);
	suite_add_tcase(suite, unflatten);

	return suite;
}
