/*
 * test_message3.c - what is specific to the Message3 backend
 * (impl/backends/message3.c): its flat output byte for byte, the memmove path
 * that opens room inside the body and shifts later fields, the body's growth
 * in 64-byte blocks and the allocations each operation makes, and its own
 * Unflatten (body copied, fields rebuilt; BM_UNSUPPORTED for MINI/SINGLE
 * records, which bm_unflatten then decodes through the add path).
 *
 * Expected bytes are written out by hand from impl/README.md §5.2 to
 * impl/README.md §5.4 and impl/flat-examples.md §1 (the "R5 (Haiku rules)"
 * dumps, with header flag 0x01, as 2005 wrote it, and the checksum
 * recomputed), for a little-endian host; on a big-endian host those tests
 * return early.
 *
 * The zeroing of newly allocated body bytes is what gives items appended
 * at the end of the body their zero padding, as in 2005. The byte-exact
 * string tests catch a missing zeroing under the sanitizer build (ASan
 * fills new blocks with 0xbe) and under valgrind (uninitialised bytes).
 */
#include "suites.h"

#include "alloc.h"
#include "bmsg.h"
#include "check_util.h"
#include "fob1.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Design constants the allocation tests pin (impl/backends/message3.c). */
#define BODY_BLOCK 64
#define ITEM_INFO_LIST_BYTES(blocks) ((blocks) * 5 * sizeof(void *))
/* An item info is {int32 offset, length, paddedLength}, one heap block
 * each (item_info_s). */
#define ITEM_INFO_BYTES (3 * sizeof(int32_t))

#define TRACE_CAPACITY 64

static const struct bm_ops *
message3_ops(void)
{
	return cu_backend("Message3");
}

static bm_message *
new_message(uint32_t what)
{
	return cu_new_message(message3_ops(), what);
}

/* --- Byte-exact flatten ----------------------------------------------------- */

/* 5 Int32 in "data" (impl/flat-examples.md §1.4, 56 bytes): flags 0x05, 4-byte
 * count and size, header flag 0x01 (as the 2005 Header class set it on
 * every host), checksum over 38 00 00 00 | 0 | 01. */
static const uint8_t five_int32[] = {
	0x31, 0x42, 0x4f, 0x46, 0x01, 0x00, 0x00, 0x38, /* magic, checksum */
	0x38, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, /* size 56, what 0 */
	0x01,                                           /* header flags */
	0x05, 0x47, 0x4e, 0x4f, 0x4c,                   /* VALID|FIXED, LONG */
	0x05, 0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, /* count 5, size 20 */
	0x04, 0x64, 0x61, 0x74, 0x61,                   /* 4, "data" */
	0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00,
	0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00,
	0x00, /* terminator */
};

/* 5 Strings "item0".."item4" in "data" (116 bytes): flags 0x01, each item
 * [int32 6]["itemN\0"][6 zero bytes]. */
static const uint8_t five_strings[] = {
	0x31, 0x42, 0x4f, 0x46, 0x01, 0x00, 0x00, 0x74,
	0x74, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x01,
	0x01, 0x52, 0x54, 0x53, 0x43,                   /* VALID, CSTR */
	0x05, 0x00, 0x00, 0x00, 0x50, 0x00, 0x00, 0x00, /* count 5, size 80 */
	0x04, 0x64, 0x61, 0x74, 0x61,
	0x06, 0x00, 0x00, 0x00, 0x69, 0x74, 0x65, 0x6d, 0x30, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00,
	0x06, 0x00, 0x00, 0x00, 0x69, 0x74, 0x65, 0x6d, 0x31, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00,
	0x06, 0x00, 0x00, 0x00, 0x69, 0x74, 0x65, 0x6d, 0x32, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00,
	0x06, 0x00, 0x00, 0x00, 0x69, 0x74, 0x65, 0x6d, 0x33, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00,
	0x06, 0x00, 0x00, 0x00, 0x69, 0x74, 0x65, 0x6d, 0x34, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00,
	0x00,
};

/*
 * Three fields where the earlier ones grow after later ones were added
 * (built by build_interleaved): "a" = 1, 2, 3; "b" = "x", "yz", "gap!";
 * "c" = 3. 111 bytes; what = 0x01020304 and header flag 0x01, so the
 * checksum is 0x6f000000 + 0x04030201 + 0x01 = 0x73030202.
 */
static const uint8_t interleaved[] = {
	0x31, 0x42, 0x4f, 0x46, 0x02, 0x02, 0x03, 0x73,
	0x6f, 0x00, 0x00, 0x00, 0x04, 0x03, 0x02, 0x01,
	0x01,
	/* "a": count 3, size 12 */
	0x05, 0x47, 0x4e, 0x4f, 0x4c, 0x03, 0x00, 0x00, 0x00, 0x0c, 0x00, 0x00,
	0x00, 0x01, 0x61,
	0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00,
	/* "b": count 3, size 32 */
	0x01, 0x52, 0x54, 0x53, 0x43, 0x03, 0x00, 0x00, 0x00, 0x20, 0x00, 0x00,
	0x00, 0x01, 0x62,
	0x02, 0x00, 0x00, 0x00, 0x78, 0x00, 0x00, 0x00,
	0x03, 0x00, 0x00, 0x00, 0x79, 0x7a, 0x00, 0x00,
	0x05, 0x00, 0x00, 0x00, 0x67, 0x61, 0x70, 0x21, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00,
	/* "c": count 1, size 4 */
	0x05, 0x47, 0x4e, 0x4f, 0x4c, 0x01, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00,
	0x00, 0x01, 0x63,
	0x03, 0x00, 0x00, 0x00,
	0x00,
};

/* Every add after the first two goes to a field that is not the last one
 * except where noted, so the body's tail is moved and later fields shift. */
static bm_message *
build_interleaved(void)
{
	bm_message *msg = new_message(0x01020304);
	ck_assert_int_eq(bm_add_int32(msg, "a", 1), BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "b", "x"), BM_OK);
	ck_assert_int_eq(bm_add_int32(msg, "a", 2), BM_OK);  /* moves b */
	ck_assert_int_eq(bm_add_int32(msg, "c", 3), BM_OK);  /* appends */
	ck_assert_int_eq(bm_add_string(msg, "b", "yz"), BM_OK); /* moves c */
	/* The gap opened here held c's record, whose bytes 9..15 (04 00 00 00
	 * 01 63 03) sit where this item's padding goes: it must be zeroed. */
	ck_assert_int_eq(bm_add_string(msg, "b", "gap!"), BM_OK);
	ck_assert_int_eq(bm_add_int32(msg, "a", 3), BM_OK);  /* moves b, c */
	return msg;
}

static void
assert_interleaved_content(const bm_message *msg)
{
	static const char *const names[] = {"a", "b", "c"};
	ck_assert_int_eq(bm_count_fields(msg), 3);
	for (int32_t i = 0; i < 3; i++) {
		struct bm_field_info info;
		ck_assert_int_eq(bm_field_at(msg, i, &info), BM_OK);
		ck_assert_uint_eq(info.name_len, 1);
		ck_assert_int_eq(info.name[0], names[i][0]);
	}
	int32_t value;
	for (int32_t i = 0; i < 3; i++) {
		ck_assert_int_eq(bm_find_int32(msg, "a", i, &value), BM_OK);
		ck_assert_int_eq(value, i + 1);
	}
	ck_assert_int_eq(bm_find_int32(msg, "c", 0, &value), BM_OK);
	ck_assert_int_eq(value, 3);
	static const char *const texts[] = {"x", "yz", "gap!"};
	for (int32_t i = 0; i < 3; i++) {
		const char *text;
		size_t length;
		ck_assert_int_eq(bm_find_string(msg, "b", i, &text, &length), BM_OK);
		ck_assert_str_eq(text, texts[i]);
		ck_assert_uint_eq(length, strlen(texts[i]));
	}
	ck_assert_int_eq(bm_find_int32(msg, "a", 3, &value), BM_BAD_INDEX);
}

START_TEST(five_int32_flatten_byte_exact)
{
	bm_message *msg = new_message(0);
	cu_add_items(msg, "data", false, 0, 5);
	cu_assert_flattens_to(msg, five_int32, sizeof five_int32, "5 int32");
	bm_destroy(msg);
}
END_TEST

START_TEST(five_strings_flatten_byte_exact)
{
	bm_message *msg = new_message(0);
	cu_add_items(msg, "data", true, 0, 5);
	cu_assert_flattens_to(msg, five_strings, sizeof five_strings,
	                      "5 strings");
	bm_destroy(msg);
}
END_TEST

START_TEST(memmove_path_keeps_bytes_and_offsets_exact)
{
	bm_message *msg = build_interleaved();
	assert_interleaved_content(msg);
	if (tu_host_is_little_endian())
		cu_assert_flattens_to(msg, interleaved, sizeof interleaved,
		                      "interleaved adds");
	bm_destroy(msg);
}
END_TEST

START_TEST(empty_message_is_header_and_terminator)
{
	/* 18 bytes; checksum over 12 00 00 00 | 00 00 00 00 | 01. */
	static const uint8_t empty[] = {
		0x31, 0x42, 0x4f, 0x46, 0x01, 0x00, 0x00, 0x12, 0x12,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00,
	};
	bm_message *msg = new_message(0);
	cu_assert_flattens_to(msg, empty, sizeof empty, "empty message");
	uint8_t small[sizeof empty - 1];
	ck_assert_int_eq(bm_flatten(msg, small, sizeof small),
	                 BM_BUFFER_TOO_SMALL);
	bm_destroy(msg);
}
END_TEST

/* Many fields in 100 buckets (so chains are long), then the first field
 * grows: all 299 later records move, and every lookup still lands. */
START_TEST(hash_chains_and_shifts_over_many_fields)
{
	enum { FIELDS = 300 };
	bm_message *msg = new_message(0);
	char name[16];
	for (int32_t i = 0; i < FIELDS; i++) {
		snprintf(name, sizeof name, "f%d", (int)i);
		ck_assert_int_eq(bm_add_int32(msg, name, i), BM_OK);
	}
	ck_assert_int_eq(bm_add_int32(msg, "f0", -1), BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "f1", "moves 298 fields"),
	                 BM_BAD_TYPE);
	ck_assert_int_eq(bm_count_fields(msg), FIELDS);
	for (int32_t i = 0; i < FIELDS; i++) {
		snprintf(name, sizeof name, "f%d", (int)i);
		int32_t value;
		ck_assert_int_eq(bm_find_int32(msg, name, 0, &value), BM_OK);
		ck_assert_int_eq(value, i);
		struct bm_field_info info;
		ck_assert_int_eq(bm_field_at(msg, i, &info), BM_OK);
		ck_assert_uint_eq(info.name_len, strlen(name));
		ck_assert(memcmp(info.name, name, info.name_len) == 0);
		ck_assert_int_eq(info.count, i == 0 ? 2 : 1);
		ck_assert(info.fixed_size);
	}
	int32_t value;
	ck_assert_int_eq(bm_find_int32(msg, "f0", 1, &value), BM_OK);
	ck_assert_int_eq(value, -1);
	ck_assert_int_eq(bm_find_int32(msg, "f300", 0, &value),
	                 BM_NAME_NOT_FOUND);
	bm_destroy(msg);
}
END_TEST

/* --- Errors leave the bytes as they were ------------------------------------- */

START_TEST(type_and_size_mismatches_change_nothing)
{
	bm_message *msg = build_interleaved();
	size_t before_size;
	uint8_t *before = cu_flatten(msg, &before_size);

	ck_assert_int_eq(bm_add_string(msg, "a", "not an int"), BM_BAD_TYPE);
	ck_assert_int_eq(bm_add_int32(msg, "b", 7), BM_BAD_TYPE);
	const int64_t wide = 7;
	ck_assert_int_eq(bm_add_data(msg, "a", BM_INT32_TYPE, &wide, sizeof wide,
	                             true),
	                 BM_BAD_VALUE);
	ck_assert_int_eq(bm_add_data(msg, "c", BM_INT32_TYPE, &wide, 2, false),
	                 BM_BAD_VALUE);
	const void *data;
	size_t size;
	ck_assert_int_eq(bm_find_data(msg, "b", BM_INT32_TYPE, 0, &data, &size),
	                 BM_BAD_TYPE);
	ck_assert_int_eq(bm_find_data(msg, "b", BM_ANY_TYPE, 2, &data, &size),
	                 BM_OK);
	ck_assert_uint_eq(size, sizeof "gap!");

	cu_assert_flattens_to(msg, before, before_size, "after mismatches");
	assert_interleaved_content(msg);
	free(before);
	bm_destroy(msg);
}
END_TEST

/* --- Allocations through the allocator interface ------------------------------- */

/* Starts counting with a trace of the sizes asked for. */
static size_t trace[TRACE_CAPACITY];

static void
start_trace(void)
{
	bm_alloc_counting(true);
	bm_alloc_trace(trace, TRACE_CAPACITY);
}

static void
assert_trace(const size_t *expected, size_t count, size_t skip)
{
	ck_assert_uint_eq(bm_alloc_trace_length(), count);
	for (size_t i = 0; i < count; i++) {
		if (i == skip)
			continue;
		ck_assert_msg(trace[i] == expected[i],
		              "allocation %zu asked for %zu bytes, expected %zu", i,
		              trace[i], expected[i]);
	}
}

/* The field object's size is private: assert_trace skips its entry. */

START_TEST(int32_body_grows_in_64_byte_steps)
{
	bm_message *msg = new_message(0);
	start_trace();
	/* The first add: the body (22 bytes) fits the block create made, the
	 * field list has its block of 20 pointers from create; the field
	 * object and its item-info list (a BList of 5, allocated by its
	 * constructor even for a fixed-size field). */
	cu_add_items(msg, "data", false, 0, 1);
	const size_t first[] = {0, ITEM_INFO_LIST_BYTES(1)};
	assert_trace(first, 2, 0);
	ck_assert_uint_eq(bm_alloc_counts()->mallocs, 2);

	/* Items 2..50: the record is 18 + 4n bytes; it crosses 64 at n = 12,
	 * 128 at n = 28 and 192 at n = 44, and only the body grows. */
	bm_alloc_counting(true);
	bm_alloc_trace(trace, TRACE_CAPACITY);
	cu_add_items(msg, "data", false, 1, 49);
	const size_t growth[] = {2 * BODY_BLOCK, 3 * BODY_BLOCK, 4 * BODY_BLOCK};
	assert_trace(growth, 3, SIZE_MAX);
	ck_assert_uint_eq(bm_alloc_counts()->mallocs, 0);
	ck_assert_uint_eq(bm_alloc_counts()->reallocs, 3);
	bm_destroy(msg);
	bm_alloc_counting(false);
}
END_TEST

START_TEST(string_items_each_cost_an_item_info)
{
	bm_message *msg = new_message(0);
	start_trace();
	/* The record is 18 + 16n bytes. Every item allocates its item info
	 * (the first before its field is made); the info list grows by 5
	 * pointers; the body, made by create, by 64 bytes. */
	cu_add_items(msg, "data", true, 0, 10);
	const size_t I = ITEM_INFO_BYTES;
	const size_t expected[] = {
		I, 0, ITEM_INFO_LIST_BYTES(1),      /* 1: 34 bytes */
		I,                                  /* 2: 50 */
		2 * BODY_BLOCK, I,                  /* 3: 66 */
		I, I,                               /* 4, 5 */
		I, ITEM_INFO_LIST_BYTES(2),         /* 6: sixth info */
		3 * BODY_BLOCK, I,                  /* 7: 130 */
		I, I, I,                            /* 8, 9, 10: up to 178 */
	};
	assert_trace(expected, sizeof expected / sizeof expected[0], 1);
	ck_assert_uint_eq(bm_alloc_counts()->reallocs, 3);
	/* The field, its info list and ten item infos. */
	ck_assert_int_eq(bm_alloc_counts()->live, 2 + 10);
	bm_destroy(msg);
	bm_alloc_counting(false);
}
END_TEST

/* One field object and one item-info list per field, the field list in
 * blocks of 20 pointers, and a body that grows by one block at a time. */
START_TEST(individual_fields_allocate_one_object_each)
{
	bm_message *msg = new_message(0);
	bm_alloc_counting(true);
	char name[16];
	for (int i = 0; i < 25; i++) {
		snprintf(name, sizeof name, "data%d", i);
		ck_assert_int_eq(bm_add_int32(msg, name, i), BM_OK);
	}
	/* Records of 23 (data0-9) and 24 bytes: 590 bytes, ten blocks. */
	ck_assert_uint_eq(bm_alloc_counts()->mallocs, 2 * 25);
	ck_assert_uint_eq(bm_alloc_counts()->reallocs, 9 + 1);
	ck_assert_int_eq(bm_alloc_counts()->live, 2 * 25);
	size_t size;
	ck_assert_int_eq(bm_flattened_size(msg, &size), BM_OK);
	ck_assert_uint_eq(size, 17 + 590 + 1);
	bm_destroy(msg);
	bm_alloc_counting(false);
}
END_TEST

START_TEST(make_empty_releases_the_body)
{
	bm_message *msg = new_message(0);
	bm_alloc_counting(true);
	cu_add_items(msg, "data", true, 0, 5);
	bm_make_empty(msg);
	ck_assert_int_eq(bm_count_fields(msg), 0);
	/* Only blocks made before counting started (message, hash, field
	 * list) remain: the body create made is freed too (MakeEmpty frees
	 * fFlatBuffer). */
	ck_assert_int_eq(bm_alloc_counts()->live, -1);
	if (tu_host_is_little_endian()) {
		cu_add_items(msg, "data", true, 0, 5);
		cu_assert_flattens_to(msg, five_strings, sizeof five_strings,
		                      "5 strings");
	}
	bm_destroy(msg);
	bm_alloc_counting(false);
}
END_TEST

/* --- Unflatten ------------------------------------------------------------------------ */

/* Round trip through Message3's own reader: one block for the whole body
 * (rounded up to 64), then the field objects and item infos. */
START_TEST(own_unflatten_copies_the_body_and_rebuilds_fields)
{
	bm_message *source = new_message(0);
	cu_add_items(source, "data", true, 0, 5);
	size_t size;
	uint8_t *bytes = cu_flatten(source, &size);

	bm_message *copy = new_message(0);
	start_trace();
	ck_assert_int_eq(bm_unflatten(copy, bytes, size), BM_OK);
	const size_t I = ITEM_INFO_BYTES;
	/* MakeEmpty first (the field list keeps its block), then the body of
	 * 99 bytes in two blocks, the field, its info list, five infos. */
	const size_t expected[] = {
		2 * BODY_BLOCK, 0, ITEM_INFO_LIST_BYTES(1), I, I, I, I, I,
	};
	assert_trace(expected, sizeof expected / sizeof expected[0], 1);
	ck_assert_uint_eq(bm_alloc_counts()->reallocs, 0);

	cu_assert_flattens_to(copy, bytes, size, "own unflatten");

	/* Fixed items: the body and the field, nothing per item. */
	bm_message *ints = new_message(0);
	cu_add_items(ints, "data", false, 0, 50);
	free(bytes);
	bytes = cu_flatten(ints, &size);
	bm_alloc_counting(true);
	bm_alloc_trace(trace, TRACE_CAPACITY);
	ck_assert_int_eq(bm_unflatten(copy, bytes, size), BM_OK);
	const size_t fixed[] = {4 * BODY_BLOCK, 0, ITEM_INFO_LIST_BYTES(1)};
	assert_trace(fixed, 3, 1);
	int32_t value;
	ck_assert_int_eq(bm_find_int32(copy, "data", 49, &value), BM_OK);
	ck_assert_int_eq(value, 49);

	bm_destroy(ints);
	bm_destroy(copy);
	bm_destroy(source);
	free(bytes);
	bm_alloc_counting(false);
}
END_TEST

/* The rebuilt fields take adds exactly as the original ones do. */
START_TEST(unflattened_message_grows_like_the_original)
{
	bm_message *source = build_interleaved();
	size_t size;
	uint8_t *bytes = cu_flatten(source, &size);
	bm_message *copy = new_message(0);
	ck_assert_int_eq(bm_unflatten(copy, bytes, size), BM_OK);
	ck_assert_uint_eq(copy->what, 0x01020304);
	assert_interleaved_content(copy);

	bm_message *both[] = {source, copy};
	for (size_t i = 0; i < 2; i++) {
		ck_assert_int_eq(bm_add_string(both[i], "b", "after"), BM_OK);
		ck_assert_int_eq(bm_add_int32(both[i], "a", 4), BM_OK);
		ck_assert_int_eq(bm_add_string(both[i], "d", "new"), BM_OK);
	}
	size_t source_size, copy_size;
	uint8_t *source_bytes = cu_flatten(source, &source_size);
	uint8_t *copy_bytes = cu_flatten(copy, &copy_size);
	cu_assert_bytes_eq(copy_bytes, copy_size, source_bytes, source_size,
	                   "copy grown like the original");
	const char *text;
	ck_assert_int_eq(bm_find_string(copy, "b", 3, &text, NULL), BM_OK);
	ck_assert_str_eq(text, "after");

	free(copy_bytes);
	free(source_bytes);
	free(bytes);
	bm_destroy(copy);
	bm_destroy(source);
}
END_TEST

/* A file written by Haiku's R5 writer (flags 0x05, count 5, header flag
 * 0x01) is in Message3's own layout: read natively and written back. */
START_TEST(haiku_written_r5_is_read_natively)
{
	size_t size;
	uint8_t *bytes = cu_read_fixture("r5-haiku-derived-5_int32", ".msg",
	                                 &size);
	bm_message *msg = new_message(0);
	ck_assert_int_eq(message3_ops()->unflatten(msg, bytes, size), BM_OK);
	int32_t value;
	for (int32_t i = 0; i < 5; i++) {
		ck_assert_int_eq(bm_find_int32(msg, "data", i, &value), BM_OK);
		ck_assert_int_eq(value, i);
	}
	if (tu_host_is_little_endian())
		cu_assert_flattens_to(msg, five_int32, sizeof five_int32, "5 int32");
	bm_destroy(msg);
	free(bytes);
}
END_TEST

/* A single Int32 written by Haiku's rules: SINGLE_ITEM (flags 0x0d), no
 * count word. 33 bytes, header flag 0x01, checksum 0x21000001. */
static const uint8_t single_int32[] = {
	0x31, 0x42, 0x4f, 0x46, 0x01, 0x00, 0x00, 0x21,
	0x21, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x01,
	0x0d, 0x47, 0x4e, 0x4f, 0x4c, 0x04, 0x00, 0x00, 0x00, 0x01, 0x61,
	0x07, 0x00, 0x00, 0x00,
	0x00,
};

START_TEST(mini_and_single_records_are_left_to_the_shared_decoder)
{
	size_t mini_size;
	uint8_t *mini = cu_read_fixture("r5-be-mini-derived-5_int32", ".msg",
	                                &mini_size);
	struct {
		const uint8_t *bytes;
		size_t size;
	} inputs[] = {{mini, mini_size}, {single_int32, sizeof single_int32}};
	bm_alloc_counting(true);
	bm_message *msg = new_message(0);
	bm_make_empty(msg); /* frees the body create made, as Unflatten does */
	const int64_t base = bm_alloc_counts()->live;
	for (size_t i = 0; i < 2; i++) {
		if (i == 1 && !tu_host_is_little_endian())
			break;
		/* The backend's own reader refuses, leaving nothing behind. */
		ck_assert_int_eq(message3_ops()->unflatten(msg, inputs[i].bytes,
		                                           inputs[i].size),
		                 BM_UNSUPPORTED);
		ck_assert_int_eq(bm_count_fields(msg), 0);
		ck_assert_int_eq(bm_alloc_counts()->live, base);
	}

	/* bm_unflatten then decodes through the add path. */
	ck_assert_int_eq(bm_unflatten(msg, mini, mini_size), BM_OK);
	int32_t value;
	for (int32_t i = 0; i < 5; i++) {
		ck_assert_int_eq(bm_find_int32(msg, "data", i, &value), BM_OK);
		ck_assert_int_eq(value, i);
	}
	ck_assert_int_eq(bm_find_int32(msg, "data", 5, &value), BM_BAD_INDEX);
	/* ...and flattens it in Message3's layout. */
	if (tu_host_is_little_endian())
		cu_assert_flattens_to(msg, five_int32, sizeof five_int32, "5 int32");
	bm_destroy(msg);
	ck_assert_int_eq(bm_alloc_counts()->live, 0);
	bm_alloc_counting(false);
	free(mini);
}
END_TEST

/* A name in two records makes two fields, as in 2005 (BMessageBody::
 * Unflatten inserts every record): iteration sees both, a find reaches the
 * later one (head insertion in the hash chain); many distinct names are
 * all found. */
START_TEST(repeated_names_keep_both_fields_and_find_the_last)
{
	enum { FIELDS = 1000 };
	bm_message *msg = new_message(0);
	cu_add_benchmark(msg, FIELDS, false, true);
	ck_assert_int_eq(bm_add_int32(msg, "last", -1), BM_OK);
	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);

	bm_message *copy = new_message(0);
	ck_assert_int_eq(message3_ops()->unflatten(copy, bytes, size), BM_OK);
	ck_assert_int_eq(bm_count_fields(copy), FIELDS + 1);
	for (int32_t i = 0; i < FIELDS; i++) {
		char name[16];
		snprintf(name, sizeof name, "data%d", (int)i);
		int32_t value;
		ck_assert_int_eq(bm_find_int32(copy, name, 0, &value), BM_OK);
		ck_assert_int_eq(value, i);
	}

	/* "data7" = 7, 9 then "other" = 8, renamed "data7". */
	bm_destroy(msg);
	msg = new_message(0);
	ck_assert_int_eq(bm_add_int32(msg, "data7", 7), BM_OK);
	ck_assert_int_eq(bm_add_int32(msg, "other", 8), BM_OK);
	ck_assert_int_eq(bm_add_int32(msg, "data7", 9), BM_OK);
	free(bytes);
	bytes = cu_flatten(msg, &size);
	uint8_t *other = bytes + 17 + 14 + 5 + 8 + 14;
	ck_assert(memcmp(other, "other", 5) == 0);
	memcpy(other, "data7", 5);
	ck_assert_int_eq(bm_unflatten(copy, bytes, size), BM_OK);
	ck_assert_int_eq(bm_count_fields(copy), 2);
	struct bm_field_info info;
	for (int32_t i = 0; i < 2; i++) {
		ck_assert_int_eq(bm_field_at(copy, i, &info), BM_OK);
		ck_assert_uint_eq(info.name_len, 5);
		ck_assert(memcmp(info.name, "data7", 5) == 0);
		ck_assert_int_eq(info.count, i == 0 ? 2 : 1);
	}
	ck_assert_int_eq(bm_get_info(copy, "data7", &info), BM_OK);
	ck_assert_int_eq(info.count, 1);
	int32_t value;
	ck_assert_int_eq(bm_find_int32(copy, "data7", 0, &value), BM_OK);
	ck_assert_int_eq(value, 8);
	/* An add goes to the field a find reaches; the bytes stay as read. */
	ck_assert_int_eq(bm_add_int32(copy, "data7", 10), BM_OK);
	ck_assert_int_eq(bm_find_int32(copy, "data7", 1, &value), BM_OK);
	ck_assert_int_eq(value, 10);
	free(bytes);
	bm_destroy(copy);
	bm_destroy(msg);
}
END_TEST

/*
 * Damaged native input. What 2005 checked (the header's checksum and
 * size) and what memory safety needs (every record inside the message)
 * is refused: an error, an empty message, nothing leaked. The rest is
 * accepted, as 2005 accepted it, and checked when a read reaches it
 * (BM_BACKEND_CHECKS_ON_READ): here an item whose size runs past its
 * field is BM_BAD_DATA, and Flatten writes the bytes as read.
 */
START_TEST(malformed_native_input_is_refused_or_checked_on_read)
{
	uint8_t bytes[sizeof interleaved];
	bm_alloc_counting(true);
	bm_message *msg = new_message(0);
	bm_make_empty(msg); /* frees the body create made, as Unflatten does */
	const int64_t base = bm_alloc_counts()->live;
	static const size_t refused[] = {
		4,  /* checksum */
		8,  /* flattened size */
		26, /* data size of "a": the next record starts inside "c" */
		sizeof interleaved - 1, /* terminator */
	};
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		memcpy(bytes, interleaved, sizeof bytes);
		/* Keeps bit 0 set in the terminator, so it is one no more. */
		bytes[refused[i]] ^= 0x41;
		ck_assert_int_eq(bm_add_int32(msg, "old", 1), BM_OK);
		int rc = bm_unflatten(msg, bytes, sizeof bytes);
		ck_assert_msg(rc == BM_NOT_A_MESSAGE || rc == BM_BAD_VALUE,
		              "offset %zu: %s", refused[i], bm_status_name(rc));
		ck_assert_int_eq(bm_count_fields(msg), 0);
		ck_assert_int_eq(bm_alloc_counts()->live, base);
	}
	ck_assert_int_eq(bm_unflatten(msg, interleaved, sizeof interleaved - 1),
	                 BM_NOT_A_MESSAGE);

	/* The first item of "b" claims 0x43 bytes: accepted, "b" reads as
	 * BM_BAD_DATA from that item on, the other fields read whole. */
	memcpy(bytes, interleaved, sizeof bytes);
	bytes[59] ^= 0x41;
	ck_assert_int_eq(message3_ops()->unflatten(msg, bytes, sizeof bytes),
	                 BM_OK);
	ck_assert_int_eq(bm_count_fields(msg), 3);
	const void *data;
	size_t size;
	ck_assert_int_eq(bm_find_data(msg, "b", BM_ANY_TYPE, 0, &data, &size),
	                 BM_BAD_DATA);
	ck_assert_int_eq(bm_find_data(msg, "b", BM_ANY_TYPE, 2, &data, &size),
	                 BM_BAD_DATA);
	ck_assert_int_eq(bm_find_data(msg, "b", BM_ANY_TYPE, 3, &data, &size),
	                 BM_BAD_INDEX);
	ck_assert_int_eq(bm_add_string(msg, "b", "more"), BM_BAD_DATA);
	int32_t value;
	ck_assert_int_eq(bm_find_int32(msg, "a", 2, &value), BM_OK);
	ck_assert_int_eq(value, 3);
	ck_assert_int_eq(bm_find_int32(msg, "c", 0, &value), BM_OK);
	ck_assert_int_eq(value, 3);
	cu_assert_flattens_to(msg, bytes, sizeof bytes, "as read");

	/* A name holding a NUL: accepted; iteration reports BM_BAD_DATA. */
	memcpy(bytes, interleaved, sizeof bytes);
	bytes[31] = 0x00; /* the name "a" (records are not in the checksum) */
	ck_assert_int_eq(message3_ops()->unflatten(msg, bytes, sizeof bytes),
	                 BM_OK);
	struct bm_field_info info;
	ck_assert_int_eq(bm_field_at(msg, 0, &info), BM_BAD_DATA);
	ck_assert_int_eq(bm_field_at(msg, 1, &info), BM_OK);

	ck_assert_int_eq(bm_unflatten(msg, interleaved, sizeof interleaved),
	                 BM_OK);
	assert_interleaved_content(msg);
	bm_destroy(msg);
	ck_assert_int_eq(bm_alloc_counts()->live, 0);
	bm_alloc_counting(false);
}
END_TEST

/* --- Random interleaved adds against a model ---------------------------------------- */

/*
 * A plain model of the content (fields in creation order, their items)
 * and the FOB1 bytes Message3 must produce for it, written with the shared
 * writer helpers. Random adds go to random fields, mostly not the last
 * one, so nearly every add moves the tail and shifts later fields.
 */
#define MODEL_FIELDS 12
#define MODEL_ITEM_MAX 40

struct model_item {
	uint8_t bytes[MODEL_ITEM_MAX];
	size_t size;
};

struct model_field {
	char name[64];
	bm_type_code type;
	bool fixed_size;
	size_t count;
	struct model_item *items;
};

struct model {
	struct model_field fields[MODEL_FIELDS];
	int order[MODEL_FIELDS]; /* field index by creation order */
	int created;
	size_t capacity;         /* items per field */
};

static uint32_t
next_random(uint32_t *state)
{
	uint32_t x = *state;
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return *state = x;
}

static void
model_init(struct model *model, size_t capacity)
{
	memset(model, 0, sizeof *model);
	model->capacity = capacity;
	static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
	for (int i = 0; i < MODEL_FIELDS; i++) {
		struct model_field *field = &model->fields[i];
		/* Names of 3 to 36 bytes. */
		snprintf(field->name, sizeof field->name, "f%02d%.*s", i, i * 3,
		         letters);
		field->type = i % 3 == 0   ? BM_INT32_TYPE
		              : i % 3 == 1 ? BM_TYPE('L', 'L', 'N', 'G')
		                           : BM_TYPE('R', 'A', 'W', 'T');
		field->fixed_size = i % 3 != 2;
		field->items = calloc(capacity, sizeof *field->items);
		ck_assert_ptr_nonnull(field->items);
	}
}

static void
model_free(struct model *model)
{
	for (int i = 0; i < MODEL_FIELDS; i++)
		free(model->fields[i].items);
}

/* Adds one random item to a random field, in the message and the model. */
static void
random_add(bm_message *msg, struct model *model, uint32_t *state)
{
	int index = (int)(next_random(state) % MODEL_FIELDS);
	struct model_field *field = &model->fields[index];
	ck_assert_uint_lt(field->count, model->capacity);
	struct model_item *item = &field->items[field->count];
	item->size = field->type == BM_INT32_TYPE ? 4
	             : field->fixed_size          ? 8
	                                          : 1 + next_random(state) % MODEL_ITEM_MAX;
	for (size_t i = 0; i < item->size; i++)
		item->bytes[i] = (uint8_t)next_random(state);
	ck_assert_int_eq(bm_add_data(msg, field->name, field->type, item->bytes,
	                             item->size, field->fixed_size),
	                 BM_OK);
	if (field->count++ == 0)
		model->order[model->created++] = index;
}

static uint8_t *
model_flatten(const struct model *model, uint32_t what, size_t *size)
{
	size_t total = 17 + 1;
	for (int k = 0; k < model->created; k++) {
		const struct model_field *field = &model->fields[model->order[k]];
		total += 14 + strlen(field->name);
		for (size_t i = 0; i < field->count; i++)
			total += field->fixed_size
			                 ? field->items[i].size
			                 : bm__r5_var_item_size(field->items[i].size);
	}
	uint8_t *bytes = malloc(total);
	ck_assert_ptr_nonnull(bytes);
	bm__r5_write_header(bytes, (uint32_t)total, what, 0x01);
	uint8_t *out = bytes + 17;
	for (int k = 0; k < model->created; k++) {
		const struct model_field *field = &model->fields[model->order[k]];
		size_t data_size = 0;
		for (size_t i = 0; i < field->count; i++)
			data_size += field->fixed_size
			                     ? field->items[i].size
			                     : bm__r5_var_item_size(field->items[i].size);
		uint8_t flags = BM_R5_FIELD_VALID |
		                (field->fixed_size ? BM_R5_FIELD_FIXED : 0);
		out = bm__r5_write_record_header(out, flags, field->type,
		                                 (uint32_t)field->count,
		                                 (uint32_t)data_size, field->name,
		                                 strlen(field->name));
		for (size_t i = 0; i < field->count; i++) {
			const struct model_item *item = &field->items[i];
			if (field->fixed_size) {
				memcpy(out, item->bytes, item->size);
				out += item->size;
			} else {
				out = bm__r5_write_var_item(out, item->bytes, item->size);
			}
		}
	}
	*out = 0x00;
	*size = total;
	return bytes;
}

static void
assert_matches_model(bm_message *msg, const struct model *model)
{
	size_t expected_size;
	uint8_t *expected = model_flatten(model, msg->what, &expected_size);
	cu_assert_flattens_to(msg, expected, expected_size, "the model");
	free(expected);
	ck_assert_int_eq(bm_count_fields(msg), model->created);
	for (int k = 0; k < model->created; k++) {
		const struct model_field *field = &model->fields[model->order[k]];
		struct bm_field_info info;
		ck_assert_int_eq(bm_field_at(msg, k, &info), BM_OK);
		ck_assert_uint_eq(info.name_len, strlen(field->name));
		ck_assert(memcmp(info.name, field->name, info.name_len) == 0);
		ck_assert_int_eq(info.count, (int32_t)field->count);
		for (size_t i = 0; i < field->count; i++) {
			const void *data;
			size_t size;
			ck_assert_int_eq(bm_find_data(msg, field->name, field->type,
			                              (int32_t)i, &data, &size),
			                 BM_OK);
			ck_assert_uint_eq(size, field->items[i].size);
			ck_assert(memcmp(data, field->items[i].bytes, size) == 0);
		}
	}
}

START_TEST(random_interleaved_adds_match_the_model)
{
	enum { ROUNDS = 40, ADDS_PER_ROUND = 50 };
	struct model model;
	model_init(&model, ROUNDS * ADDS_PER_ROUND + 1);
	uint32_t state = 0x2005u;
	bm_message *msg = new_message(0x4d534733); /* 'MSG3' */
	for (int round = 0; round < ROUNDS / 2; round++) {
		for (int i = 0; i < ADDS_PER_ROUND; i++)
			random_add(msg, &model, &state);
		assert_matches_model(msg, &model);
	}
	/* The rest goes to a copy made by Message3's own Unflatten. */
	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);
	bm_message *copy = new_message(0);
	ck_assert_int_eq(bm_unflatten(copy, bytes, size), BM_OK);
	assert_matches_model(copy, &model);
	for (int round = ROUNDS / 2; round < ROUNDS; round++) {
		for (int i = 0; i < ADDS_PER_ROUND; i++)
			random_add(copy, &model, &state);
		assert_matches_model(copy, &model);
	}
	free(bytes);
	bm_destroy(copy);
	bm_destroy(msg);
	model_free(&model);
}
END_TEST

Suite *
make_message3_suite(void)
{
	Suite *suite = suite_create("message3");

	TCase *bytes = tcase_create("bytes");
	cu_add_le_test(bytes, five_int32_flatten_byte_exact);
	cu_add_le_test(bytes, five_strings_flatten_byte_exact);
	tcase_add_test(bytes, memmove_path_keeps_bytes_and_offsets_exact);
	cu_add_le_test(bytes, empty_message_is_header_and_terminator);
	tcase_add_test(bytes, hash_chains_and_shifts_over_many_fields);
	tcase_add_test(bytes, type_and_size_mismatches_change_nothing);
	tcase_add_test(bytes, random_interleaved_adds_match_the_model);
	suite_add_tcase(suite, bytes);

	TCase *allocations = tcase_create("allocations");
	tcase_add_test(allocations, int32_body_grows_in_64_byte_steps);
	tcase_add_test(allocations, string_items_each_cost_an_item_info);
	tcase_add_test(allocations, individual_fields_allocate_one_object_each);
	tcase_add_test(allocations, make_empty_releases_the_body);
	suite_add_tcase(suite, allocations);

	TCase *unflatten = tcase_create("unflatten");
	tcase_add_test(unflatten, own_unflatten_copies_the_body_and_rebuilds_fields);
	tcase_add_test(unflatten, unflattened_message_grows_like_the_original);
	tcase_add_test(unflatten, haiku_written_r5_is_read_natively);
	tcase_add_test(unflatten,
	               mini_and_single_records_are_left_to_the_shared_decoder);
	tcase_add_test(unflatten, repeated_names_keep_both_fields_and_find_the_last);
	cu_add_le_test(unflatten, malformed_native_input_is_refused_or_checked_on_read);
	suite_add_tcase(suite, unflatten);
	return suite;
}
