/*
 * test_message2.c - what is specific to the Message2 backend: its FOB1 bytes
 * (4-byte count and size, no MINI, no SINGLE, header flag 0x01), its
 * allocation pattern (a BList in blocks of 20 slots, a 100-bucket table, field
 * buffers in 256-byte blocks, set to every new length, which reallocs on almost
 * every add), its flattened-size cache, and its own reader on records
 * written by R5 rules (repeated names kept, finds reaching the last). The byte vectors are written out by hand from
 * impl/README.md §5.2 to impl/README.md §5.4 and impl/flat-examples.md §1;
 * they are little-endian, so those tests pass trivially on a big-endian host.
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
#define TRACE_MAX 4096

/* The design's constants, as the tests expect them. */
#define LIST_BLOCK_BYTES (20 * sizeof(void *))
#define HASH_TABLE_BYTES (100 * sizeof(void *))
#define BUFFER_BLOCK 256

static size_t trace[TRACE_MAX];

static bm_message *
new_message(void)
{
	return cu_new_message(cu_backend("Message2"), 0);
}

/* 5 Int32 in "data": the "R5 (Haiku rules)" vector of
 * impl/flat-examples.md §1.4 with header flag 0x01 (the 2005 Message2 sets
 * MSG_FLAG_BIG_ENDIAN under `#ifdef B_HOST_IS_BENDIAN`, defined on every
 * host). Checksum over
 * 38 00 00 00 | 00 00 00 00 | 01 = 0x38000001. */
static const uint8_t five_int32[56] = {
	0x31, 0x42, 0x4f, 0x46,                   /* magic 'FOB1' */
	0x01, 0x00, 0x00, 0x38,                   /* checksum 0x38000001 */
	0x38, 0x00, 0x00, 0x00,                   /* flattened size 56 */
	0x00, 0x00, 0x00, 0x00,                   /* what */
	0x01,                                     /* header flags */
	0x05,                                     /* VALID | FIXED_SIZE */
	0x47, 0x4e, 0x4f, 0x4c,                   /* 'LONG' */
	0x05, 0x00, 0x00, 0x00,                   /* count 5 */
	0x14, 0x00, 0x00, 0x00,                   /* size 20 */
	0x04, 'd', 'a', 't', 'a',                 /* name */
	0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00,
	0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00,
	0x00,                                     /* terminator */
};

/* 5 String "item<i>" in "data": each item 4 + 6 bytes padded to 16. */
static const uint8_t five_strings[116] = {
	0x31, 0x42, 0x4f, 0x46,
	0x01, 0x00, 0x00, 0x74,                   /* checksum 0x74000001 */
	0x74, 0x00, 0x00, 0x00,                   /* flattened size 116 */
	0x00, 0x00, 0x00, 0x00,
	0x01,
	0x01,                                     /* VALID only */
	0x52, 0x54, 0x53, 0x43,                   /* 'CSTR' */
	0x05, 0x00, 0x00, 0x00,                   /* count 5 */
	0x50, 0x00, 0x00, 0x00,                   /* size 80 */
	0x04, 'd', 'a', 't', 'a',
	0x06, 0x00, 0x00, 0x00, 'i', 't', 'e', 'm', '0', 0x00, 0, 0, 0, 0, 0, 0,
	0x06, 0x00, 0x00, 0x00, 'i', 't', 'e', 'm', '1', 0x00, 0, 0, 0, 0, 0, 0,
	0x06, 0x00, 0x00, 0x00, 'i', 't', 'e', 'm', '2', 0x00, 0, 0, 0, 0, 0, 0,
	0x06, 0x00, 0x00, 0x00, 'i', 't', 'e', 'm', '3', 0x00, 0, 0, 0, 0, 0, 0,
	0x06, 0x00, 0x00, 0x00, 'i', 't', 'e', 'm', '4', 0x00, 0, 0, 0, 0, 0, 0,
	0x00,
};

/* --- Flat bytes --------------------------------------------------------------- */

START_TEST(five_int32_flatten_byte_exact)
{
	bm_message *msg = new_message();
	cu_add_items(msg, "data", false, 0, 5);
	cu_assert_flattens_to(msg, five_int32, sizeof five_int32, "5 int32");
	bm_destroy(msg);
}
END_TEST

START_TEST(one_item_still_has_a_4_byte_count)
{
	static const uint8_t want[37] = {
		0x31, 0x42, 0x4f, 0x46,
		0x01, 0x00, 0x00, 0x25,               /* checksum 0x25000001 */
		0x25, 0x00, 0x00, 0x00,               /* 37 bytes */
		0x00, 0x00, 0x00, 0x00,
		0x01,
		0x05,                                 /* no SINGLE (0x08), no MINI */
		0x47, 0x4e, 0x4f, 0x4c,
		0x01, 0x00, 0x00, 0x00,               /* count 1, still written */
		0x04, 0x00, 0x00, 0x00,
		0x01, 'x',
		0x07, 0x00, 0x00, 0x00,
		0x00,
	};
	bm_message *msg = new_message();
	ck_assert_int_eq(bm_add_int32(msg, "x", 7), BM_OK);
	cu_assert_flattens_to(msg, want, sizeof want, "one int32");
	bm_destroy(msg);
}
END_TEST

START_TEST(five_strings_flatten_byte_exact)
{
	bm_message *msg = new_message();
	cu_add_items(msg, "data", true, 0, 5);
	cu_assert_flattens_to(msg, five_strings, sizeof five_strings,
	                      "5 strings");
	bm_destroy(msg);
}
END_TEST

/* Fields come out in insertion order, each with its own record; what and
 * the checksum follow the header rules. */
START_TEST(fields_flatten_in_insertion_order)
{
	bm_message *msg = new_message();
	msg->what = 0x01020304;
	ck_assert_int_eq(bm_add_int32(msg, "b", 2), BM_OK);
	ck_assert_int_eq(bm_add_data(msg, "a", RAW_TYPE, "xyz", 3, false), BM_OK);
	static const uint8_t want[60] = {
		0x31, 0x42, 0x4f, 0x46,
		0x02, 0x02, 0x03, 0x40, /* 0x3c000000 + 0x04030201 + 0x01 */
		0x3c, 0x00, 0x00, 0x00, /* 60 bytes */
		0x04, 0x03, 0x02, 0x01, /* what */
		0x01,
		0x05, 0x47, 0x4e, 0x4f, 0x4c, 0x01, 0x00, 0x00, 0x00,
		0x04, 0x00, 0x00, 0x00, 0x01, 'b', 0x02, 0x00, 0x00, 0x00,
		0x01, 0x54, 0x57, 0x41, 0x52, 0x01, 0x00, 0x00, 0x00,
		0x08, 0x00, 0x00, 0x00, 0x01, 'a',
		0x03, 0x00, 0x00, 0x00, 'x', 'y', 'z', 0x00,
		0x00,
	};
	cu_assert_flattens_to(msg, want, sizeof want, "b then a");
	bm_destroy(msg);
}
END_TEST

/* --- The flattened-size cache -------------------------------------------------- */

START_TEST(every_change_resets_the_flattened_size)
{
	bm_message *msg = new_message();
	size_t size;
	ck_assert_int_eq(bm_flattened_size(msg, &size), BM_OK);
	ck_assert_uint_eq(size, 18); /* header and terminator */
	cu_add_items(msg, "data", false, 0, 5);
	ck_assert_int_eq(bm_flattened_size(msg, &size), BM_OK);
	ck_assert_uint_eq(size, 56);
	ck_assert_int_eq(bm_flattened_size(msg, &size), BM_OK); /* cached */
	ck_assert_uint_eq(size, 56);

	/* An add to the same field, then a flatten: the new size, in the
	 * header too. */
	ck_assert_int_eq(bm_add_int32(msg, "data", 5), BM_OK);
	uint8_t *bytes = cu_flatten(msg, &size);
	ck_assert_uint_eq(size, 60);
	ck_assert_uint_eq(bm__load32(bytes + 8), 60);
	free(bytes);

	/* A new field. */
	ck_assert_int_eq(bm_add_string(msg, "s", "abc"), BM_OK);
	ck_assert_int_eq(bm_flattened_size(msg, &size), BM_OK);
	ck_assert_uint_eq(size, 60 + 14 + 1 + 8);

	/* A flatten into a buffer one byte short is refused, using the cache. */
	uint8_t small[82];
	ck_assert_int_eq(bm_flatten(msg, small, sizeof small),
	                 BM_BUFFER_TOO_SMALL);

	bm_make_empty(msg);
	ck_assert_int_eq(bm_flattened_size(msg, &size), BM_OK);
	ck_assert_uint_eq(size, 18);

	ck_assert_int_eq(bm_unflatten(msg, five_int32, sizeof five_int32),
	                 tu_host_is_little_endian() ? BM_OK : BM_NOT_A_MESSAGE);
	if (tu_host_is_little_endian()) {
		ck_assert_int_eq(bm_flattened_size(msg, &size), BM_OK);
		ck_assert_uint_eq(size, 56);
	}
	bm_destroy(msg);
}
END_TEST

/* --- Allocations ------------------------------------------------------------------- */

/* Create: the message, the field list's first block, the hash table. */
START_TEST(create_allocates_list_block_and_hash_table)
{
	bm_alloc_counting(true);
	bm_alloc_trace(trace, TRACE_MAX);
	bm_message *msg = new_message();
	ck_assert_uint_eq(bm_alloc_trace_length(), 3);
	ck_assert_uint_eq(trace[1], LIST_BLOCK_BYTES);
	ck_assert_uint_eq(trace[2], HASH_TABLE_BYTES);
	ck_assert_uint_eq(bm_alloc_counts()->reallocs, 0);
	bm_destroy(msg);
	ck_assert_int_eq(bm_alloc_counts()->live, 0);
	bm_alloc_counting(false);
}
END_TEST

/* Int32 adds to one field: one field block, then every add sets the
 * buffer to its new length (BMallocIO::SetSize), which reallocs to the
 * length rounded up to 256 bytes unless the length is exactly the
 * allocated size: 999 reallocs for 1000 items but the 15 at multiples of
 * 256 bytes. */
START_TEST(int32_field_buffer_grows_in_256_byte_steps)
{
	enum { ITEMS = 1000 };
	bm_message *msg = new_message();
	bm_alloc_counting(true);
	bm_alloc_trace(trace, TRACE_MAX);
	size_t expected[TRACE_MAX];
	size_t length = 0, capacity = 0, n = 1;
	for (int32_t i = 0; i < ITEMS; i++) {
		ck_assert_int_eq(bm_add_int32(msg, "data", i), BM_OK);
		length += 4;
		if (length != capacity) {
			capacity = (length + BUFFER_BLOCK - 1) / BUFFER_BLOCK *
			           BUFFER_BLOCK;
			expected[n++] = capacity;
		}
	}
	ck_assert_uint_eq(bm_alloc_trace_length(), n);
	ck_assert_uint_eq(n, 1 + ITEMS - 15);
	for (size_t k = 1; k < n; k++)
		ck_assert_msg(trace[k] == expected[k], "allocation %zu: %zu, not %zu",
		              k, trace[k], expected[k]);
	ck_assert_uint_eq(trace[1], 256);
	ck_assert_uint_eq(trace[63], 256); /* item 64 fills the block */
	ck_assert_uint_eq(trace[64], 512);
	ck_assert_uint_eq(bm_alloc_counts()->mallocs, 2);
	ck_assert_uint_eq(bm_alloc_counts()->reallocs, n - 2);
	bm_alloc_counting(false);
	int32_t value;
	ck_assert_int_eq(bm_find_int32(msg, "data", ITEMS - 1, &value), BM_OK);
	ck_assert_int_eq(value, ITEMS - 1);
	bm_destroy(msg);
}
END_TEST

/* Strings of 16 flat bytes each in one field: the field, fOffsets (the
 * list object and its first block of 20 slots), the buffer; then the
 * offsets grow by 20 slots every 20 items, before the buffer, which is set
 * to every new length as for Int32 (a realloc unless the length is exactly
 * the allocated size, every 16 items). */
START_TEST(string_field_grows_offsets_by_20_and_buffer_by_256)
{
	enum { ITEMS = 1000 };
	bm_message *msg = new_message();
	bm_alloc_counting(true);
	bm_alloc_trace(trace, TRACE_MAX);
	cu_add_items(msg, "data", true, 0, ITEMS);
	/* The first add, by hand. */
	ck_assert_uint_eq(trace[2], LIST_BLOCK_BYTES);
	ck_assert_uint_eq(trace[3], BUFFER_BLOCK);
	/* Then the rule, item by item. */
	size_t expected[TRACE_MAX];
	size_t length = 4, slots = 20, capacity = 256, flat = 16;
	for (size_t i = 1; i < ITEMS; i++) {
		if (i == slots) {
			slots += 20;
			expected[length++] = slots * sizeof(void *);
		}
		flat += 16;
		if (flat != capacity) {
			capacity = (flat + BUFFER_BLOCK - 1) / BUFFER_BLOCK *
			           BUFFER_BLOCK;
			expected[length++] = capacity;
		}
	}
	ck_assert_uint_eq(bm_alloc_trace_length(), length);
	for (size_t k = 4; k < length; k++)
		ck_assert_msg(trace[k] == expected[k], "allocation %zu: %zu, not %zu",
		              k, trace[k], expected[k]);
	/* 49 list blocks; 999 buffer sizes but the 62 at multiples of 256. */
	ck_assert_uint_eq(length, 4 + 49 + 999 - 62);
	ck_assert_uint_eq(bm_alloc_counts()->mallocs, 4);
	bm_alloc_counting(false);
	const char *found;
	ck_assert_int_eq(bm_find_string(msg, "data", 432, &found, NULL), BM_OK);
	ck_assert_str_eq(found, "item432");
	bm_destroy(msg);
}
END_TEST

/* 50 one-item fields: each is a field block and a 256-byte buffer; the
 * field list grows by 20 slots at the 21st and 41st field; the hash table
 * never grows. make_empty frees them all and shrinks the list to one
 * block. */
START_TEST(individual_fields_grow_the_list_in_blocks_of_20)
{
	bm_message *msg = new_message();
	bm_alloc_counting(true);
	bm_alloc_trace(trace, TRACE_MAX);
	cu_add_benchmark(msg, 50, false, true);
	ck_assert_uint_eq(bm_alloc_trace_length(), 50 * 2 + 2);
	ck_assert_uint_eq(bm_alloc_counts()->reallocs, 2);
	/* Field 20 (0-based): the field block, then the list's realloc. */
	ck_assert_uint_eq(trace[40 + 1], 2 * LIST_BLOCK_BYTES);
	ck_assert_uint_eq(trace[40 + 2], BUFFER_BLOCK);
	ck_assert_uint_eq(trace[2 * 40 + 1 + 1], 3 * LIST_BLOCK_BYTES);
	for (size_t k = 1; k < 3; k++)
		ck_assert_uint_eq(trace[2 * k - 1], BUFFER_BLOCK);

	bm_alloc_reset_counts();
	bm_alloc_trace(trace, TRACE_MAX);
	bm_make_empty(msg);
	ck_assert_uint_eq(bm_alloc_counts()->frees, 100);
	ck_assert_uint_eq(bm_alloc_counts()->reallocs, 1);
	ck_assert_uint_eq(trace[0], LIST_BLOCK_BYTES);
	ck_assert_int_eq(bm_count_fields(msg), 0);
	bm_alloc_counting(false);
	bm_destroy(msg);
}
END_TEST

/* Unflatten: per field one field block, one buffer sized for its data (in
 * 256-byte blocks) and, for a variable field, fOffsets as BList(count): the
 * list object and one block of exactly `count` slots. */
START_TEST(unflatten_copies_each_field_once)
{
	bm_message *msg = new_message();
	bm_alloc_counting(true);
	bm_alloc_trace(trace, TRACE_MAX);
	ck_assert_int_eq(bm_unflatten(msg, five_int32, sizeof five_int32), BM_OK);
	ck_assert_uint_eq(bm_alloc_trace_length(), 2);
	ck_assert_uint_eq(trace[1], BUFFER_BLOCK);

	bm_alloc_trace(trace, TRACE_MAX);
	ck_assert_int_eq(bm_unflatten(msg, five_strings, sizeof five_strings),
	                 BM_OK);
	ck_assert_uint_eq(bm_alloc_trace_length(), 4);
	ck_assert_uint_eq(trace[2], 5 * sizeof(void *));
	ck_assert_uint_eq(trace[3], BUFFER_BLOCK);

	/* The next string grows fOffsets by its block, `count` = 5 slots,
	 * and sets the buffer to 96 bytes (a realloc within its block). */
	bm_alloc_trace(trace, TRACE_MAX);
	ck_assert_int_eq(bm_add_string(msg, "data", "item5"), BM_OK);
	ck_assert_uint_eq(bm_alloc_trace_length(), 2);
	ck_assert_uint_eq(trace[0], 10 * sizeof(void *));
	ck_assert_uint_eq(trace[1], BUFFER_BLOCK);
	bm_alloc_counting(false);
	for (int i = 0; i < 6; i++) {
		char want[16];
		const char *found;
		snprintf(want, sizeof want, "item%d", i);
		ck_assert_int_eq(bm_find_string(msg, "data", i, &found, NULL), BM_OK);
		ck_assert_str_eq(found, want);
	}
	bm_destroy(msg);
}
END_TEST

/* --- Content rules ------------------------------------------------------------------ */

START_TEST(fixed_and_variable_fields_keep_their_kind)
{
	bm_message *msg = new_message();
	ck_assert_int_eq(bm_add_data(msg, "f", RAW_TYPE, "abcd", 4, true), BM_OK);
	ck_assert_int_eq(bm_add_data(msg, "f", RAW_TYPE, "abc", 3, true),
	                 BM_BAD_VALUE);
	ck_assert_int_eq(bm_add_data(msg, "f", RAW_TYPE, "abc", 3, false),
	                 BM_BAD_VALUE);
	ck_assert_int_eq(bm_add_data(msg, "f", RAW_TYPE, "efgh", 4, false),
	                 BM_OK); /* the right size, so a fixed item */
	ck_assert_int_eq(bm_add_data(msg, "v", RAW_TYPE, "ab", 2, false), BM_OK);
	ck_assert_int_eq(bm_add_data(msg, "v", RAW_TYPE, "abcde", 5, true),
	                 BM_OK); /* a variable field takes any size */
	struct bm_field_info info;
	ck_assert_int_eq(bm_get_info(msg, "f", &info), BM_OK);
	ck_assert(info.fixed_size);
	ck_assert_int_eq(info.count, 2);
	ck_assert_int_eq(bm_get_info(msg, "v", &info), BM_OK);
	ck_assert(!info.fixed_size);
	ck_assert_int_eq(info.count, 2);
	const void *data;
	size_t size;
	ck_assert_int_eq(bm_find_data(msg, "f", RAW_TYPE, 1, &data, &size), BM_OK);
	ck_assert_uint_eq(size, 4);
	ck_assert_mem_eq(data, "efgh", 4);
	ck_assert_int_eq(bm_find_data(msg, "v", RAW_TYPE, 1, &data, &size), BM_OK);
	ck_assert_uint_eq(size, 5);
	ck_assert_mem_eq(data, "abcde", 5);
	bm_destroy(msg);
}
END_TEST

/* Names that share a bucket of the 100-bucket table are kept apart, and
 * iteration stays in insertion order. */
START_TEST(names_in_one_bucket_are_found)
{
	char names[4][16];
	size_t found = 0;
	uint32_t bucket = bm__hash_name("data", 4) % 100;
	for (int i = 0; found < 4 && i < 100000; i++) {
		char name[16];
		int len = snprintf(name, sizeof name, "n%d", i);
		if (bm__hash_name(name, (size_t)len) % 100 == bucket)
			memcpy(names[found++], name, sizeof name);
	}
	ck_assert_uint_eq(found, 4);
	bm_message *msg = new_message();
	ck_assert_int_eq(bm_add_int32(msg, "data", -1), BM_OK);
	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(bm_add_int32(msg, names[i], i), BM_OK);
	for (int i = 0; i < 4; i++) {
		int32_t value = -2;
		ck_assert_int_eq(bm_find_int32(msg, names[i], 0, &value), BM_OK);
		ck_assert_int_eq(value, i);
		struct bm_field_info info;
		ck_assert_int_eq(bm_field_at(msg, i + 1, &info), BM_OK);
		ck_assert_uint_eq(info.name_len, strlen(names[i]));
		ck_assert_mem_eq(info.name, names[i], info.name_len);
	}
	int32_t value;
	ck_assert_int_eq(bm_find_int32(msg, "data", 0, &value), BM_OK);
	ck_assert_int_eq(value, -1);
	bm_destroy(msg);
}
END_TEST

/* --- Unflatten ------------------------------------------------------------------- */

START_TEST(own_output_round_trips_byte_for_byte)
{
	bm_message *msg = new_message();
	msg->what = 0xcafe;
	cu_add_items(msg, "data", true, 0, 5);
	for (int32_t i = 0; i < 5; i++)
		ck_assert_int_eq(bm_add_int32(msg, "ints", i * 1000), BM_OK);
	ck_assert_int_eq(bm_add_int32(msg, "data", 1), BM_BAD_TYPE);
	uint8_t raw[300];
	for (size_t i = 0; i < sizeof raw; i++)
		raw[i] = (uint8_t)(i * 13);
	for (size_t size = 1; size <= sizeof raw; size += 37)
		ck_assert_int_eq(bm_add_data(msg, "raw", RAW_TYPE, raw, size, false),
		                 BM_OK);
	char long_name[BM_NAME_MAX + 1];
	memset(long_name, 'L', BM_NAME_MAX);
	long_name[BM_NAME_MAX] = '\0';
	ck_assert_int_eq(bm_add_string(msg, long_name, "255-byte name"), BM_OK);

	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);
	bm_message *copy = new_message();
	ck_assert_int_eq(bm_unflatten(copy, bytes, size), BM_OK);
	ck_assert_uint_eq(copy->what, 0xcafe);
	ck_assert_int_eq(bm_count_fields(copy), 4);
	cu_assert_flattens_to(copy, bytes, size, "unflattened copy");
	const char *text;
	ck_assert_int_eq(bm_find_string(copy, long_name, 0, &text, NULL), BM_OK);
	ck_assert_str_eq(text, "255-byte name");
	free(bytes);
	bm_destroy(copy);
	bm_destroy(msg);
}
END_TEST

/* Builds a FOB1 message by hand, in host order. */
struct flat_builder {
	uint8_t bytes[512];
	size_t size;
};

static void
put_bytes(struct flat_builder *b, const void *data, size_t size)
{
	ck_assert_uint_le(b->size + size, sizeof b->bytes);
	memcpy(b->bytes + b->size, data, size);
	b->size += size;
}

static void
put8(struct flat_builder *b, uint8_t value)
{
	put_bytes(b, &value, 1);
}

static void
put32(struct flat_builder *b, uint32_t value)
{
	put_bytes(b, &value, 4);
}

/* A record header: count is skipped with SINGLE, count and size are one
 * byte each with MINI. */
static void
put_record(struct flat_builder *b, uint8_t flags, bm_type_code type,
           uint32_t count, uint32_t size, const char *name)
{
	put8(b, flags);
	put32(b, type);
	if (!(flags & BM_R5_FIELD_SINGLE)) {
		if (flags & BM_R5_FIELD_MINI)
			put8(b, (uint8_t)count);
		else
			put32(b, count);
	}
	if (flags & BM_R5_FIELD_MINI)
		put8(b, (uint8_t)size);
	else
		put32(b, size);
	put8(b, (uint8_t)strlen(name));
	put_bytes(b, name, strlen(name));
}

/* A variable item with its padding filled with `pad` (Be's code left
 * garbage there, impl/README.md §5.5). */
static void
put_var_item(struct flat_builder *b, const void *data, uint32_t size,
             uint8_t pad)
{
	put32(b, size);
	put_bytes(b, data, size);
	for (size_t i = 4 + size; i < bm__pad8(4 + size); i++)
		put8(b, pad);
}

static void
finish(struct flat_builder *b, uint32_t what, uint8_t flags)
{
	put8(b, 0);
	bm__r5_write_header(b->bytes, (uint32_t)b->size, what, flags);
}

/* MINI, SINGLE and MINI+SINGLE records as R5 wrote them, with garbage in
 * the padding, read by Message2's own reader: the same content, and
 * re-flattened as if built by adds but for the padding, which is carried
 * as read (2005 copied each record's data whole and never touched it). */
static void
build_r5_rules_message(struct flat_builder *b)
{
	const int32_t n = 0x11223344, m[3] = {1, 2, 3};
	b->size = BM_R5_HEADER_SIZE;
	put_record(b, BM_R5_FIELD_VALID | BM_R5_FIELD_MINI | BM_R5_FIELD_SINGLE,
	           BM_STRING_TYPE, 1, 16, "s");
	put_var_item(b, "item0", 6, 0xaa);
	put_record(b, BM_R5_FIELD_VALID | BM_R5_FIELD_FIXED | BM_R5_FIELD_SINGLE,
	           BM_INT32_TYPE, 1, 4, "n");
	put_bytes(b, &n, 4);
	put_record(b, BM_R5_FIELD_VALID | BM_R5_FIELD_MINI, RAW_TYPE, 2, 24, "r");
	put_var_item(b, "A", 1, 0xbb);
	put_var_item(b, "hello world", 11, 0xcc);
	put_record(b, BM_R5_FIELD_VALID | BM_R5_FIELD_MINI | BM_R5_FIELD_FIXED,
	           BM_INT32_TYPE, 3, 12, "m");
	put_bytes(b, m, sizeof m);
	finish(b, 0x7777, BM_R5_MESSAGE_VALID);
}

START_TEST(r5_rules_records_are_read)
{
	struct flat_builder b;
	build_r5_rules_message(&b);
	ck_assert_uint_eq(b.size, 111);

	bm_message *built = new_message();
	built->what = 0x7777;
	ck_assert_int_eq(bm_add_string(built, "s", "item0"), BM_OK);
	ck_assert_int_eq(bm_add_int32(built, "n", 0x11223344), BM_OK);
	ck_assert_int_eq(bm_add_data(built, "r", RAW_TYPE, "A", 1, false), BM_OK);
	ck_assert_int_eq(bm_add_data(built, "r", RAW_TYPE, "hello world", 11,
	                             false),
	                 BM_OK);
	for (int32_t i = 1; i <= 3; i++)
		ck_assert_int_eq(bm_add_int32(built, "m", i), BM_OK);

	bm_message *read = new_message();
	ck_assert_int_eq(bm_unflatten(read, b.bytes, b.size), BM_OK);
	ck_assert_uint_eq(read->what, 0x7777);
	struct tu_content want;
	ck_assert_int_eq(tu_content_from_message(built, &want), BM_OK);
	cu_assert_content_is(read, &want, true, "R5-rules records");
	size_t want_size, got_size;
	uint8_t *want_bytes = cu_flatten(built, &want_size);
	uint8_t *got_bytes = cu_flatten(read, &got_size);
	ck_assert_uint_eq(got_size, want_size);
	/* The only differences: the padding bytes, 6 of 0xaa after "item0",
	 * 3 of 0xbb after "A", 1 of 0xcc after "hello world". */
	size_t differ = 0;
	for (size_t i = 0; i < got_size; i++) {
		if (got_bytes[i] == want_bytes[i])
			continue;
		ck_assert_msg(want_bytes[i] == 0 &&
		              (got_bytes[i] == 0xaa || got_bytes[i] == 0xbb ||
		               got_bytes[i] == 0xcc),
		              "byte %zu is %02x, expected %02x", i, got_bytes[i],
		              want_bytes[i]);
		differ++;
	}
	ck_assert_uint_eq(differ, 6 + 3 + 1);
	/* Every record now has the 15-byte header (with a one-byte name):
	 * 7 bytes more than MINI+SINGLE, 4 more than SINGLE, 6 more than
	 * MINI. */
	ck_assert_uint_eq(got_size, 111 + 7 + 4 + 6 + 6);
	ck_assert_uint_eq(got_bytes[16], 0x01);
	tu_content_free(&want);
	free(got_bytes);
	free(want_bytes);
	bm_destroy(read);
	bm_destroy(built);
}
END_TEST

/* The Be-rules fixtures of impl/flat-examples.md §1 (MINI, header flag 0x01)
 * re-flatten to Message2's own vectors. */
START_TEST(be_rules_fixtures_reflatten_to_message2_vectors)
{
	static const struct {
		const char *fixture;
		const uint8_t *want;
		size_t want_size;
	} cases[] = {
		{"r5-be-mini-derived-5_int32", five_int32, sizeof five_int32},
		{"r5-be-mini-derived-5_string", five_strings, sizeof five_strings},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t size;
		uint8_t *bytes = cu_read_fixture(cases[i].fixture, ".msg", &size);
		ck_assert_uint_eq(bytes[BM_R5_HEADER_SIZE] & BM_R5_FIELD_MINI,
		                  BM_R5_FIELD_MINI);
		bm_message *msg = new_message();
		ck_assert_int_eq(bm_unflatten(msg, bytes, size), BM_OK);
		cu_assert_flattens_to(msg, cases[i].want, cases[i].want_size,
		                      cases[i].fixture);
		free(bytes);
		bm_destroy(msg);
	}
}
END_TEST

/* Two records with one name (never written by our backends) stay two
 * fields, as BMessageBody::Unflatten left them (BM_REPEATED_KEEP_LAST): each
 * is inserted at the head of its hash chain, so a find reaches the last;
 * iteration shows both. Their types and sizes need not agree. */
START_TEST(records_with_one_name_are_kept_and_the_last_is_found)
{
	const int32_t one = 1, two_three[2] = {2, 3};
	struct flat_builder b = {.size = BM_R5_HEADER_SIZE};
	put_record(&b, BM_R5_FIELD_VALID | BM_R5_FIELD_FIXED, BM_INT32_TYPE, 1, 4,
	           "a");
	put_bytes(&b, &one, 4);
	put_record(&b, BM_R5_FIELD_VALID, BM_STRING_TYPE, 1, 8, "b");
	put_var_item(&b, "bee", 4, 0);
	put_record(&b, BM_R5_FIELD_VALID | BM_R5_FIELD_FIXED, BM_INT32_TYPE, 2, 8,
	           "a");
	put_bytes(&b, two_three, 8);
	put_record(&b, BM_R5_FIELD_VALID, BM_STRING_TYPE, 1, 8, "b");
	put_var_item(&b, "bea", 4, 0);
	finish(&b, 0, 0);
	bm_alloc_counting(true);
	bm_message *msg = new_message();
	ck_assert_int_eq(bm_unflatten(msg, b.bytes, b.size), BM_OK);
	ck_assert_int_eq(bm_count_fields(msg), 4);
	struct bm_field_info info;
	ck_assert_int_eq(bm_field_at(msg, 0, &info), BM_OK);
	ck_assert_int_eq(info.count, 1);
	ck_assert_int_eq(bm_field_at(msg, 2, &info), BM_OK);
	ck_assert_int_eq(info.count, 2);
	ck_assert_int_eq(bm_get_info(msg, "a", &info), BM_OK);
	ck_assert_int_eq(info.count, 2);
	for (int32_t i = 0; i < 2; i++) {
		int32_t value;
		ck_assert_int_eq(bm_find_int32(msg, "a", i, &value), BM_OK);
		ck_assert_int_eq(value, i + 2);
	}
	const char *text;
	ck_assert_int_eq(bm_find_string(msg, "b", 0, &text, NULL), BM_OK);
	ck_assert_str_eq(text, "bea");
	ck_assert_int_eq(bm_find_string(msg, "b", 1, &text, NULL), BM_BAD_INDEX);
	/* An add goes to the field a find reaches; the bytes keep both. */
	ck_assert_int_eq(bm_add_int32(msg, "a", 4), BM_OK);
	ck_assert_int_eq(bm_field_at(msg, 2, &info), BM_OK);
	ck_assert_int_eq(info.count, 3);
	size_t size;
	uint8_t *again = cu_flatten(msg, &size);
	ck_assert_uint_eq(size, b.size + 4);
	free(again);

	/* Same name, another type: both kept, the last found. */
	struct flat_builder other = {.size = BM_R5_HEADER_SIZE};
	put_record(&other, BM_R5_FIELD_VALID | BM_R5_FIELD_FIXED, BM_INT32_TYPE,
	           1, 4, "a");
	put_bytes(&other, &one, 4);
	put_record(&other, BM_R5_FIELD_VALID, BM_STRING_TYPE, 1, 8, "a");
	put_var_item(&other, "bee", 4, 0);
	finish(&other, 0, 0);
	ck_assert_int_eq(bm_unflatten(msg, other.bytes, other.size), BM_OK);
	ck_assert_int_eq(bm_count_fields(msg), 2);
	ck_assert_int_eq(bm_find_string(msg, "a", 0, &text, NULL), BM_OK);
	ck_assert_str_eq(text, "bee");
	int32_t value;
	ck_assert_int_eq(bm_find_int32(msg, "a", 0, &value), BM_BAD_TYPE);
	bm_make_empty(msg);
	/* Left: the empty message's three blocks. */
	ck_assert_int_eq(bm_alloc_counts()->live, 3);
	bm_destroy(msg);
	ck_assert_int_eq(bm_alloc_counts()->live, 0);
	bm_alloc_counting(false);
}
END_TEST

/* A repeated name among thousands of fields: one more field, which the
 * find reaches; the first is still there in iteration order. */
START_TEST(a_repeat_among_many_fields_is_kept)
{
	enum { FIELDS = 3000 };
	bm_message *msg = new_message();
	char name[16];
	for (int32_t i = 0; i < FIELDS; i++) {
		snprintf(name, sizeof name, "f%d", i);
		ck_assert_int_eq(bm_add_int32(msg, name, i), BM_OK);
	}
	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);
	/* The same bytes with one more record, "f1234" = 99, before the
	 * terminator. */
	const int32_t extra = 99;
	size_t record = bm__r5_record_header_size(BM_R5_FIELD_VALID, 5) + 4;
	size_t longer = size + record;
	uint8_t *more = malloc(longer);
	ck_assert_ptr_nonnull(more);
	memcpy(more, bytes, size - 1);
	uint8_t *at = bm__r5_write_record_header(
		more + size - 1, BM_R5_FIELD_VALID | BM_R5_FIELD_FIXED, BM_INT32_TYPE,
		1, 4, "f1234", 5);
	memcpy(at, &extra, 4);
	more[longer - 1] = 0;
	bm__r5_write_header(more, (uint32_t)longer, 0, 0);

	bm_message *read = new_message();
	ck_assert_int_eq(bm_unflatten(read, more, longer), BM_OK);
	ck_assert_int_eq(bm_count_fields(read), FIELDS + 1);
	int32_t value;
	ck_assert_int_eq(bm_find_int32(read, "f1234", 0, &value), BM_OK);
	ck_assert_int_eq(value, 99);
	ck_assert_int_eq(bm_find_int32(read, "f1234", 1, &value), BM_BAD_INDEX);
	struct bm_field_info info;
	ck_assert_int_eq(bm_field_at(read, 1234, &info), BM_OK);
	ck_assert_int_eq(info.name_len, 5);
	ck_assert_int_eq(memcmp(info.name, "f1234", 5), 0);
	for (int32_t i = 0; i < FIELDS; i += 7) {
		snprintf(name, sizeof name, "f%d", i);
		ck_assert_int_eq(bm_find_int32(read, name, 0, &value), BM_OK);
		ck_assert_int_eq(value, i == 1234 ? 99 : i);
	}
	free(more);
	free(bytes);
	bm_destroy(read);
	bm_destroy(msg);
}
END_TEST

/* Unflatten with the k-th allocation failing, for every k: BM_NO_MEMORY,
 * an empty message, nothing leaked. */
START_TEST(unflatten_failures_leave_nothing)
{
	struct flat_builder b;
	build_r5_rules_message(&b);
	bm_message *msg = new_message();
	bm_alloc_counting(true);
	uint64_t k;
	for (k = 1; k < 100; k++) {
		bm_alloc_reset_counts();
		bm_alloc_fail_at(k);
		int rc = bm_unflatten(msg, b.bytes, b.size);
		bool failed = bm_alloc_counts()->failures > 0;
		bm_alloc_fail_at(0);
		if (!failed) {
			ck_assert_int_eq(rc, BM_OK);
			break;
		}
		ck_assert_int_eq(rc, BM_NO_MEMORY);
		ck_assert_int_eq(bm_count_fields(msg), 0);
		ck_assert_int_eq(bm_alloc_counts()->live, 0);
	}
	/* s: field, offsets, offsets block, buffer; n: field, buffer; r: four;
	 * m: two. */
	ck_assert_uint_eq(k, 4 + 2 + 4 + 2 + 1);
	ck_assert_int_eq(bm_count_fields(msg), 4);
	bm_alloc_counting(false);
	bm_destroy(msg);
}
END_TEST

Suite *
make_message2_suite(void)
{
	Suite *suite = suite_create("message2");

	TCase *flat = tcase_create("flat");
	cu_add_le_test(flat, five_int32_flatten_byte_exact);
	cu_add_le_test(flat, one_item_still_has_a_4_byte_count);
	cu_add_le_test(flat, five_strings_flatten_byte_exact);
	cu_add_le_test(flat, fields_flatten_in_insertion_order);
	tcase_add_test(flat, every_change_resets_the_flattened_size);
	suite_add_tcase(suite, flat);

	TCase *alloc = tcase_create("allocations");
	tcase_add_test(alloc, create_allocates_list_block_and_hash_table);
	tcase_add_test(alloc, int32_field_buffer_grows_in_256_byte_steps);
	tcase_add_test(alloc, string_field_grows_offsets_by_20_and_buffer_by_256);
	tcase_add_test(alloc, individual_fields_grow_the_list_in_blocks_of_20);
	cu_add_le_test(alloc, unflatten_copies_each_field_once);
	suite_add_tcase(suite, alloc);

	TCase *content = tcase_create("content");
	tcase_add_test(content, fixed_and_variable_fields_keep_their_kind);
	tcase_add_test(content, names_in_one_bucket_are_found);
	suite_add_tcase(suite, content);

	TCase *unflatten = tcase_create("unflatten");
	tcase_add_test(unflatten, own_output_round_trips_byte_for_byte);
	tcase_add_test(unflatten, r5_rules_records_are_read);
	cu_add_le_test(unflatten, be_rules_fixtures_reflatten_to_message2_vectors);
	tcase_add_test(unflatten, records_with_one_name_are_kept_and_the_last_is_found);
	tcase_add_test(unflatten, a_repeat_among_many_fields_is_kept);
	tcase_add_test(unflatten, unflatten_failures_leave_nothing);
	suite_add_tcase(suite, unflatten);
	return suite;
}
