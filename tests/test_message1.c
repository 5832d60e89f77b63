/*
 * test_message1.c - what is specific to the Message1 backend (impl/
 * message1.c): its FOB1 bytes (fields sorted by name, every item a
 * variable-size chunk, MINI/SINGLE only while they fit, header flag 0x01
 * as the 2005 code writes on x86), its allocation pattern (two blocks per
 * item, two per field, vector doubling from 1, no block in a flatten), its
 * ordered map, and its own Unflatten.
 * Expected bytes are worked out by hand from impl/README.md §5.3,
 * impl/README.md §5.4 and impl/README.md §5.5; they are little-endian, so
 * those tests return early on a big-endian host.
 */
#include "suites.h"

#include "alloc.h"
#include "bmsg.h"
#include "bytes.h"
#include "check_util.h"
#include "fob1.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RAW_TYPE BM_TYPE('R', 'A', 'W', 'T')

static const struct bm_ops *
message1(void)
{
	return cu_backend("Message1");
}

static bm_message *
new_message(void)
{
	return cu_new_message(message1(), 0);
}

/* --- Byte-exact flatten ----------------------------------------------------- */

START_TEST(fields_come_out_sorted_and_variable_size)
{
	bm_message *msg = new_message();
	/* Added "b" first: written "a" first. The Int32 is a variable chunk
	 * [04 00 00 00][value]; 4 + 4 is already a multiple of 8, so it has
	 * no padding (impl/README.md §5.3). */
	ck_assert_int_eq(bm_add_int32(msg, "b", 7), BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "a", "hi"), BM_OK);
	static const uint8_t expected[50] = {
		/* magic, checksum 0x32000001 (impl/README.md §5.4), size 50, what 0,
		 * flags 0x01 */
		0x31, 0x42, 0x4f, 0x46, 0x01, 0x00, 0x00, 0x32,
		0x32, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01,
		/* "a": VALID|MINI|SINGLE, 'CSTR', size 8, name "a" */
		0x0b, 0x52, 0x54, 0x53, 0x43, 0x08, 0x01, 0x61,
		0x03, 0x00, 0x00, 0x00, 0x68, 0x69, 0x00, 0x00,
		/* "b": VALID|MINI|SINGLE (FIXED cleared), 'LONG', size 8 */
		0x0b, 0x47, 0x4e, 0x4f, 0x4c, 0x08, 0x01, 0x62,
		0x04, 0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00,
		0x00, /* terminator */
	};
	cu_assert_flattens_to(msg, expected, sizeof expected, "b then a");

	struct bm_field_info info;
	ck_assert_int_eq(bm_field_at(msg, 0, &info), BM_OK);
	ck_assert_uint_eq(info.name_len, 1);
	ck_assert_int_eq(info.name[0], 'a');
	ck_assert_int_eq(bm_field_at(msg, 1, &info), BM_OK);
	ck_assert_int_eq(info.name[0], 'b');
	/* Added as fixed-size, stored (and reported) as variable-size. */
	ck_assert(!info.fixed_size);
	ck_assert_int_eq(bm_field_at(msg, 2, &info), BM_BAD_INDEX);
	bm_destroy(msg);
}
END_TEST

START_TEST(five_int32_are_five_padded_chunks)
{
	bm_message *msg = new_message();
	msg->what = 0x01020304;
	cu_add_items(msg, "data", false, 0, 5);
	/* Checksum over 46 00 00 00 | 04 03 02 01 | 01 = 0x4a030202. */
	static const uint8_t expected[70] = {
		0x31, 0x42, 0x4f, 0x46, 0x02, 0x02, 0x03, 0x4a,
		0x46, 0x00, 0x00, 0x00, 0x04, 0x03, 0x02, 0x01, 0x01,
		/* VALID|MINI, 'LONG', count 5, size 40, "data" */
		0x03, 0x47, 0x4e, 0x4f, 0x4c, 0x05, 0x28, 0x04,
		0x64, 0x61, 0x74, 0x61,
		0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0x04, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
		0x04, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00,
		0x04, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00,
		0x04, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00,
		0x00,
	};
	cu_assert_flattens_to(msg, expected, sizeof expected, "5 int32");
	bm_destroy(msg);
}
END_TEST

/* Five strings "item<i>" are variable and MINI under Be's rules too, and
 * the 2005 code sets header flag 0x01 on x86 as Be did, so Message1's bytes
 * are the Be-rules vector of impl/flat-examples.md §1.5 (the fixture
 * r5-be-mini-derived-5_string.msg) byte for byte. */
START_TEST(five_strings_match_the_be_rules_vector)
{
	size_t size;
	uint8_t *fixture = cu_read_fixture("r5-be-mini-derived-5_string", ".msg",
	                                   &size);
	ck_assert_uint_eq(size, 110);
	ck_assert_uint_eq(fixture[16], 0x01);
	ck_assert_uint_eq(bm__load32(fixture + 4), 0x6e000001u);

	bm_message *msg = new_message();
	cu_add_items(msg, "data", true, 0, 5);
	cu_assert_flattens_to(msg, fixture, size, "5 strings");
	free(fixture);
	bm_destroy(msg);
}
END_TEST

/*
 * The sixteen messages of the speed test (harness/README.md §1.2): N Int32 or
 * String items in "data", or N fields "data<i>" of one item each. Every Int32
 * takes 8 bytes and every "item<i>" 16; a one-item field's record header is 7
 * bytes plus its name (MINI, SINGLE), a bigger field's 18 plus its name once
 * its data passes 255 bytes (14 + "data").
 */
START_TEST(benchmark_messages_have_these_sizes)
{
	static const struct {
		bool individual;
		bool strings;
		size_t sizes[4];
	} cases[] = {
		{false, false, {70, 436, 4036, 40036}},
		{false, true, {110, 836, 8036, 80036}},
		{true, false, {118, 1058, 10908, 113908}},
		{true, true, {158, 1458, 14908, 153908}},
	};
	static const int counts[4] = {5, 50, 500, 5000};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		for (size_t n = 0; n < 4; n++) {
			char name[64];
			cu_benchmark_name(name, sizeof name, counts[n],
			                  cases[c].strings, cases[c].individual);
			bm_message *msg = new_message();
			cu_add_benchmark(msg, counts[n], cases[c].strings,
			                 cases[c].individual);
			size_t size;
			uint8_t *bytes = cu_flatten(msg, &size);
			ck_assert_msg(size == cases[c].sizes[n],
			              "%s: %zu bytes, expected %zu", name, size,
			              cases[c].sizes[n]);
			ck_assert_uint_eq(bm__load32(bytes + 8), size);
			free(bytes);
			bm_destroy(msg);
		}
	}
}
END_TEST

/* Returns the flags byte of the first record and checks its header. */
static uint8_t
first_record(bm_message *msg, uint32_t *count, uint32_t *data_size)
{
	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);
	const uint8_t *p = bytes + BM_R5_HEADER_SIZE;
	uint8_t flags = *p++;
	p += 4; /* type */
	bool mini = flags & BM_R5_FIELD_MINI;
	*count = 1;
	if (!(flags & BM_R5_FIELD_SINGLE)) {
		*count = mini ? *p : bm__load32(p);
		p += mini ? 1 : 4;
	}
	*data_size = mini ? *p : bm__load32(p);
	p += mini ? 1 : 4;
	size_t name_len = *p++;
	/* One field: record header, data, terminator. */
	ck_assert_uint_eq(size, (size_t)(p - bytes) + name_len + *data_size + 1);
	free(bytes);
	return flags;
}

START_TEST(mini_is_kept_while_the_data_fits_in_255_bytes)
{
	bm_message *msg = new_message();
	uint32_t count, data_size;
	/* 31 Int32 chunks of 8 bytes: 248 bytes, still MINI. */
	cu_add_items(msg, "n", false, 0, 31);
	ck_assert_uint_eq(first_record(msg, &count, &data_size),
	                  BM_R5_FIELD_VALID | BM_R5_FIELD_MINI);
	ck_assert_uint_eq(count, 31);
	ck_assert_uint_eq(data_size, 248);
	/* The 32nd makes 256: 4-byte count and size from now on. */
	ck_assert_int_eq(bm_add_int32(msg, "n", 31), BM_OK);
	ck_assert_uint_eq(first_record(msg, &count, &data_size),
	                  BM_R5_FIELD_VALID);
	ck_assert_uint_eq(count, 32);
	ck_assert_uint_eq(data_size, 256);
	bm_destroy(msg);

	/* One item: SINGLE, and MINI while pad_to_8(4 + size) <= 255. */
	static uint8_t raw[300];
	static const struct {
		size_t size;
		uint8_t flags;
		uint32_t data_size;
	} cases[] = {
		{1, BM_R5_FIELD_VALID | BM_R5_FIELD_MINI | BM_R5_FIELD_SINGLE, 8},
		{244, BM_R5_FIELD_VALID | BM_R5_FIELD_MINI | BM_R5_FIELD_SINGLE,
		 248},
		{245, BM_R5_FIELD_VALID | BM_R5_FIELD_SINGLE, 256},
		{300, BM_R5_FIELD_VALID | BM_R5_FIELD_SINGLE, 304},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		msg = new_message();
		ck_assert_int_eq(bm_add_data(msg, "r", RAW_TYPE, raw,
		                             cases[i].size, true),
		                 BM_OK);
		ck_assert_uint_eq(first_record(msg, &count, &data_size),
		                  cases[i].flags);
		ck_assert_uint_eq(count, 1);
		ck_assert_uint_eq(data_size, cases[i].data_size);
		/* A second item clears SINGLE; MINI follows the size. */
		ck_assert_int_eq(bm_add_data(msg, "r", RAW_TYPE, raw, 1, true),
		                 BM_OK);
		uint8_t expected = cases[i].flags & (uint8_t)~BM_R5_FIELD_SINGLE;
		if (cases[i].data_size + 8 > 255)
			expected &= (uint8_t)~BM_R5_FIELD_MINI;
		ck_assert_uint_eq(first_record(msg, &count, &data_size),
		                  expected);
		ck_assert_uint_eq(count, 2);
		ck_assert_uint_eq(data_size, cases[i].data_size + 8);
		bm_destroy(msg);
	}
}
END_TEST

START_TEST(types_are_checked_and_item_sizes_are_not)
{
	bm_message *msg = new_message();
	ck_assert_int_eq(bm_add_int32(msg, "x", 1), BM_OK);
	/* FindData(name, type) in AddData checks the type... */
	ck_assert_int_eq(bm_add_string(msg, "x", "no"), BM_BAD_TYPE);
	ck_assert_int_eq(bm_add_data(msg, "x", RAW_TYPE, "abcd", 4, true),
	                 BM_BAD_TYPE);
	/* ...but nothing checks sizes: an 8-byte 'LONG' item is taken. */
	ck_assert_int_eq(bm_add_data(msg, "x", BM_INT32_TYPE, "abcdefgh", 8,
	                             true),
	                 BM_OK);
	struct bm_field_info info;
	ck_assert_int_eq(bm_get_info(msg, "x", &info), BM_OK);
	ck_assert_int_eq(info.count, 2);
	ck_assert_uint_eq(info.type, BM_INT32_TYPE);
	ck_assert(!info.fixed_size);
	int32_t value;
	ck_assert_int_eq(bm_find_int32(msg, "x", 0, &value), BM_OK);
	ck_assert_int_eq(value, 1);
	ck_assert_int_eq(bm_find_int32(msg, "x", 1, &value), BM_BAD_VALUE);
	ck_assert_int_eq(bm_find_int32(msg, "x", 2, &value), BM_BAD_INDEX);
	bm_destroy(msg);
}
END_TEST

/* --- Allocations -------------------------------------------------------------- */

/* Counter values at one moment, to take differences without resetting
 * (a reset would also reset the count of live blocks). */
struct counter_snapshot {
	uint64_t mallocs;
	uint64_t reallocs;
	uint64_t frees;
};

static struct counter_snapshot
take_snapshot(void)
{
	const struct bm_alloc_counts *counts = bm_alloc_counts();
	return (struct counter_snapshot){
		.mallocs = counts->mallocs,
		.reallocs = counts->reallocs,
		.frees = counts->frees,
	};
}

static struct counter_snapshot
since(struct counter_snapshot start)
{
	struct counter_snapshot now = take_snapshot();
	return (struct counter_snapshot){
		.mallocs = now.mallocs - start.mallocs,
		.reallocs = now.reallocs - start.reallocs,
		.frees = now.frees - start.frees,
	};
}

START_TEST(every_added_item_costs_two_blocks_plus_vector_doubling)
{
	bm_alloc_counting(true);
	const struct bm_alloc_counts *counts = bm_alloc_counts();
	bm_message *msg = new_message();
	ck_assert_uint_eq(counts->mallocs, 2);

	/* A new field: reference record, item bytes, BMessageField, the map
	 * node, then a vector of capacity 1. A name of up to 15 bytes lives
	 * inside the field's and the node's std::string (the libstdc++ the
	 * original is compiled with); a longer one takes a block in each. */
	size_t sizes[16];
	struct counter_snapshot start = take_snapshot();
	bm_alloc_trace(sizes, 16);
	ck_assert_int_eq(bm_add_data(msg, "field", RAW_TYPE, "abc", 3, false),
	                 BM_OK);
	struct counter_snapshot made = since(start);
	ck_assert_uint_eq(made.mallocs, 5);
	ck_assert_uint_eq(made.reallocs, 0);
	ck_assert_uint_eq(made.frees, 0);
	ck_assert_uint_eq(bm_alloc_trace_length(), 5);
	ck_assert_uint_eq(sizes[1], 3);
	ck_assert_uint_eq(sizes[4], sizeof(void *));
	start = take_snapshot();
	bm_alloc_trace(sizes, 16);
	ck_assert_int_eq(bm_add_data(msg, "a sixteen-byte n", RAW_TYPE, "abc",
	                             3, false),
	                 BM_OK);
	made = since(start);
	ck_assert_uint_eq(made.mallocs, 7);
	ck_assert_uint_eq(sizes[3], 17);
	ck_assert_uint_eq(sizes[5], 17);

	/* Each further item: two blocks (record, then bytes). When the
	 * vector is full (count 1, 2, 4, 8, ...) a third block, twice as
	 * big, replaces the old array, which is freed. */
	size_t capacity = 1;
	for (size_t count = 1; count < 70; count++) {
		uint8_t item[40];
		size_t item_size = 1 + count % 37;
		memset(item, (int)count, item_size);
		start = take_snapshot();
		bm_alloc_trace(sizes, 16);
		ck_assert_int_eq(bm_add_data(msg, "field", RAW_TYPE, item,
		                             item_size, false),
		                 BM_OK);
		made = since(start);
		bool grows = count == capacity;
		ck_assert_uint_eq(made.mallocs, grows ? 3 : 2);
		ck_assert_uint_eq(made.reallocs, 0);
		ck_assert_uint_eq(made.frees, grows ? 1 : 0);
		ck_assert_uint_eq(sizes[1], item_size);
		if (grows) {
			capacity *= 2;
			ck_assert_uint_eq(sizes[2], capacity * sizeof(void *));
		}
	}
	ck_assert_int_eq(capacity, 128);

	/* Lookups, sizes and iteration allocate nothing. */
	start = take_snapshot();
	const void *data;
	size_t size;
	ck_assert_int_eq(bm_find_data(msg, "field", RAW_TYPE, 69, &data, &size),
	                 BM_OK);
	ck_assert_uint_eq(size, 1 + 69 % 37);
	struct bm_field_info info;
	ck_assert_int_eq(bm_field_at(msg, 0, &info), BM_OK);
	ck_assert_int_eq(bm_flattened_size(msg, &size), BM_OK);
	made = since(start);
	ck_assert_uint_eq(made.mallocs + made.reallocs + made.frees, 0);

	bm_destroy(msg);
	ck_assert_int_eq(counts->live, 0);
	bm_alloc_counting(false);
}
END_TEST

START_TEST(building_5000_items_costs_what_the_design_says)
{
	bm_alloc_counting(true);
	const struct bm_alloc_counts *counts = bm_alloc_counts();
	bm_message *msg = new_message();
	struct counter_snapshot start = take_snapshot();
	cu_add_items(msg, "data", false, 0, 5000);
	/* 2 per item, 2 for the field, and vectors of 1, 2, 4 ... 8192,
	 * each but the last freed when the next replaces it. */
	struct counter_snapshot made = since(start);
	ck_assert_uint_eq(made.mallocs, 2 * 5000 + 2 + 14);
	ck_assert_uint_eq(made.reallocs, 0);
	ck_assert_uint_eq(made.frees, 13);

	/* The 5000 one-item fields of the Individual tests: 5 each. */
	bm_message *individual = new_message();
	start = take_snapshot();
	cu_add_benchmark(individual, 5000, false, true);
	made = since(start);
	ck_assert_uint_eq(made.mallocs, 5 * 5000);
	ck_assert_uint_eq(made.frees, 0);
	ck_assert_int_eq(bm_count_fields(individual), 5000);

	bm_destroy(individual);
	bm_destroy(msg);
	ck_assert_int_eq(counts->live, 0);
	bm_alloc_counting(false);
}
END_TEST

/* Flatten(char *, ssize_t) writes through a stream over the caller's
 * buffer: no block. */
START_TEST(flatten_allocates_nothing)
{
	bm_message *msg = new_message();
	cu_add_items(msg, "data", false, 0, 50);
	ck_assert_int_eq(bm_add_string(msg, "name", "fifty"), BM_OK);
	size_t size;
	ck_assert_int_eq(bm_flattened_size(msg, &size), BM_OK);
	/* 17 + ("data": 1+4+4+4+1+4 + 50*8) + ("name": 1+4+1+1+4 + 16) + 1 */
	ck_assert_uint_eq(size, 17 + 418 + 27 + 1);
	uint8_t *buffer = malloc(size);
	ck_assert_ptr_nonnull(buffer);

	bm_alloc_counting(true);
	const struct bm_alloc_counts *counts = bm_alloc_counts();
	size_t sizes[4];
	bm_alloc_trace(sizes, 4);
	ck_assert_int_eq(bm_flatten(msg, buffer, size), BM_OK);
	ck_assert_uint_eq(bm_alloc_trace_length(), 0);
	ck_assert_uint_eq(counts->frees, 0);
	ck_assert_int_eq(counts->live, 0);

	/* Too small a buffer is refused before anything is allocated. */
	bm_alloc_reset_counts();
	ck_assert_int_eq(bm_flatten(msg, buffer, size - 1),
	                 BM_BUFFER_TOO_SMALL);
	ck_assert_uint_eq(bm_alloc_calls(), 0);

	/* With allocations failing, flatten still succeeds. */
	bm_alloc_fail_at(1);
	ck_assert_int_eq(bm_flatten(msg, buffer, size), BM_OK);
	bm_alloc_fail_at(0);
	ck_assert_int_eq(counts->live, 0);
	bm_alloc_counting(false);

	free(buffer);
	bm_destroy(msg);
}
END_TEST

/* A failed allocation of any of the five blocks of a new field (the node
 * is the fourth) leaves the tree as it was: same fields, same order,
 * nothing leaked. */
START_TEST(a_failed_insert_leaves_the_tree_untouched)
{
	bm_message *msg = new_message();
	char name[16];
	for (int i = 0; i < 100; i += 2) {
		snprintf(name, sizeof name, "k%03d", i);
		ck_assert_int_eq(bm_add_int32(msg, name, i), BM_OK);
	}
	size_t before_size;
	uint8_t *before = cu_flatten(msg, &before_size);

	bm_alloc_counting(true);
	const struct bm_alloc_counts *counts = bm_alloc_counts();
	for (uint64_t k = 1; k <= 5; k++) {
		bm_alloc_reset_counts();
		bm_alloc_fail_at(k);
		ck_assert_int_eq(bm_add_int32(msg, "k051", 51), BM_NO_MEMORY);
		ck_assert_int_eq(counts->live, 0);
		ck_assert_int_eq(bm_count_fields(msg), 50);
		char context[64];
		snprintf(context, sizeof context, "allocation %d failed",
		         (int)k);
		cu_assert_flattens_to(msg, before, before_size, context);
	}
	bm_alloc_fail_at(0);
	ck_assert_int_eq(bm_add_int32(msg, "k051", 51), BM_OK);
	bm_alloc_counting(false);

	struct bm_field_info info;
	ck_assert_int_eq(bm_field_at(msg, 26, &info), BM_OK);
	ck_assert_uint_eq(info.name_len, 4);
	ck_assert_mem_eq(info.name, "k051", 4);
	free(before);
	bm_destroy(msg);
}
END_TEST

/* --- The ordered map ------------------------------------------------------------ */

/* A fixed-seed permutation (linear congruential generator). */
static void
shuffle(uint32_t *values, size_t count, uint32_t seed)
{
	for (size_t i = 0; i < count; i++)
		values[i] = (uint32_t)i;
	for (size_t i = count - 1; i > 0; i--) {
		seed = seed * 1103515245u + 12345u;
		size_t j = (seed >> 8) % (i + 1);
		uint32_t swap = values[i];
		values[i] = values[j];
		values[j] = swap;
	}
}

static int
compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

START_TEST(fields_iterate_in_strcmp_order_whatever_the_insertion_order)
{
	enum { generated = 3000, extra = 9, total = generated + extra };
	/* Names of several lengths, prefixes of each other, and bytes above
	 * 0x7f, which strcmp orders after ASCII. */
	static const char *const extras[extra] = {
		"a", "ab", "abc", "b", "B", "\xe9t\xe9", "z", "~", "\x7f",
	};
	char **names = malloc(total * sizeof *names);
	ck_assert_ptr_nonnull(names);
	for (size_t i = 0; i < generated; i++) {
		names[i] = malloc(16);
		ck_assert_ptr_nonnull(names[i]);
		/* Unpadded numbers, so "f10" sorts before "f9". */
		snprintf(names[i], 16, "f%zu", i * 7919 % 100003);
	}
	for (size_t i = 0; i < extra; i++) {
		names[generated + i] = malloc(16);
		ck_assert_ptr_nonnull(names[generated + i]);
		strcpy(names[generated + i], extras[i]);
	}
	uint32_t *order = malloc(total * sizeof *order);
	ck_assert_ptr_nonnull(order);

	for (uint32_t seed = 1; seed <= 3; seed++) {
		shuffle(order, total, seed);
		bm_message *msg = new_message();
		for (size_t i = 0; i < total; i++) {
			int32_t value = (int32_t)order[i];
			ck_assert_int_eq(bm_add_int32(msg, names[order[i]], value),
			                 BM_OK);
		}
		ck_assert_int_eq(bm_count_fields(msg), total);
		/* Every field is found with its value. */
		for (size_t i = 0; i < total; i++) {
			int32_t value;
			ck_assert_int_eq(bm_find_int32(msg, names[i], 0, &value),
			                 BM_OK);
			ck_assert_int_eq(value, (int32_t)i);
		}
		ck_assert_int_eq(bm_find_int32(msg, "f", 0, &(int32_t){0}),
		                 BM_NAME_NOT_FOUND);
		ck_assert_int_eq(bm_find_int32(msg, "abcd", 0, &(int32_t){0}),
		                 BM_NAME_NOT_FOUND);

		/* field_at walks them in strcmp order. */
		char **sorted = malloc(total * sizeof *sorted);
		ck_assert_ptr_nonnull(sorted);
		memcpy(sorted, names, total * sizeof *sorted);
		qsort(sorted, total, sizeof *sorted, compare_strings);
		for (int32_t i = 0; i < total; i++) {
			struct bm_field_info info;
			ck_assert_int_eq(bm_field_at(msg, i, &info), BM_OK);
			ck_assert_uint_eq(info.name_len, strlen(sorted[i]));
			ck_assert_mem_eq(info.name, sorted[i], info.name_len);
		}
		free(sorted);

		/* The flattened records are in the same order. */
		size_t size;
		uint8_t *bytes = cu_flatten(msg, &size);
		struct tu_content content;
		ck_assert_int_eq(tu_content_from_message(msg, &content), BM_OK);
		ck_assert_uint_eq(content.count, total);
		const uint8_t *p = bytes + BM_R5_HEADER_SIZE;
		for (size_t i = 0; i < content.count; i++) {
			/* Every record: 0b, type, size 8, name, one chunk. */
			ck_assert_uint_eq(p[0], 0x0b);
			ck_assert_uint_eq(p[5], 8);
			ck_assert_uint_eq(p[6], content.fields[i].name_len);
			ck_assert_mem_eq(p + 7, content.fields[i].name,
			                 content.fields[i].name_len);
			p += 7 + content.fields[i].name_len + 8;
		}
		ck_assert_uint_eq(*p, 0);
		ck_assert_ptr_eq(p + 1, bytes + size);
		tu_content_free(&content);
		free(bytes);
		bm_destroy(msg);
	}
	for (size_t i = 0; i < total; i++)
		free(names[i]);
	free(names);
	free(order);
}
END_TEST

/* --- Unflatten -------------------------------------------------------------------- */

/* A message with every shape Message1 stores: many items, one item, large
 * items (no MINI), short names and long names. */
static bm_message *
build_varied(void)
{
	bm_message *msg = new_message();
	msg->what = 0x74657374;
	char text[32];
	for (int32_t i = 0; i < 300; i++) {
		snprintf(text, sizeof text, "item%d", (int)i);
		ck_assert_int_eq(bm_add_string(msg, "strings", text), BM_OK);
		ck_assert_int_eq(bm_add_int32(msg, "ints", i * 3), BM_OK);
	}
	static uint8_t raw[1000];
	for (size_t i = 0; i < sizeof raw; i++)
		raw[i] = (uint8_t)(i * 13);
	for (size_t size = 1; size <= sizeof raw; size = size * 3 + 1)
		ck_assert_int_eq(bm_add_data(msg, "raw", RAW_TYPE, raw, size,
		                             false),
		                 BM_OK);
	char name[BM_NAME_MAX + 1];
	memset(name, 'n', BM_NAME_MAX);
	name[BM_NAME_MAX] = '\0';
	ck_assert_int_eq(bm_add_int32(msg, name, -1), BM_OK);
	ck_assert_int_eq(bm_add_data(msg, "big", RAW_TYPE, raw, 300, false),
	                 BM_OK);
	return msg;
}

START_TEST(own_flat_bytes_unflatten_to_the_same_bytes)
{
	bm_message *msg = build_varied();
	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);

	/* The native slot itself reads the bytes (bm_unflatten would fall
	 * back to the shared decoder on BM_UNSUPPORTED). */
	bm_message *copy = new_message();
	ck_assert_int_eq(message1()->unflatten(copy, bytes, size), BM_OK);
	ck_assert_uint_eq(copy->what, 0x74657374);
	ck_assert_int_eq(bm_count_fields(copy), bm_count_fields(msg));
	cu_assert_flattens_to(copy, bytes, size, "native unflatten");

	/* Unflatten re-adds every item: it costs what building did, and one
	 * realloc of its scratch buffer per record (5 records). */
	bm_alloc_counting(true);
	const struct bm_alloc_counts *counts = bm_alloc_counts();
	bm_message *fresh = new_message();
	ck_assert_int_eq(bm_unflatten(fresh, bytes, size), BM_OK);
	uint64_t unflatten_calls = bm_alloc_calls();
	bm_destroy(fresh);
	ck_assert_int_eq(counts->live, 0);
	bm_alloc_reset_counts();
	bm_destroy(build_varied());
	ck_assert_int_eq(counts->live, 0);
	/* Both counts include the two blocks of create (the BMessage and its BMessageBody). */
	ck_assert_uint_eq(unflatten_calls, bm_alloc_calls() + 5);
	bm_alloc_counting(false);

	free(bytes);
	bm_destroy(copy);
	bm_destroy(msg);
}
END_TEST

/* Fixed-size R5 records (Be's rules) are re-added item by item and come
 * back out as Message1 writes them. */
START_TEST(fixed_r5_records_become_variable_chunks)
{
	size_t size;
	uint8_t *fixture = cu_read_fixture("r5-be-mini-derived-5_int32", ".msg",
	                                   &size);
	bm_message *msg = new_message();
	ck_assert_int_eq(message1()->unflatten(msg, fixture, size), BM_OK);
	struct bm_field_info info;
	ck_assert_int_eq(bm_get_info(msg, "data", &info), BM_OK);
	ck_assert_int_eq(info.count, 5);
	ck_assert(!info.fixed_size);

	bm_message *built = new_message();
	cu_add_items(built, "data", false, 0, 5);
	size_t built_size;
	uint8_t *expected = cu_flatten(built, &built_size);
	cu_assert_flattens_to(msg, expected, built_size, "re-added R5 records");
	free(expected);
	free(fixture);
	bm_destroy(built);
	bm_destroy(msg);
}
END_TEST

START_TEST(bad_bytes_leave_an_empty_message_and_no_leak)
{
	bm_message *source = build_varied();
	size_t size;
	uint8_t *bytes = cu_flatten(source, &size);
	bm_destroy(source);

	bm_alloc_counting(true);
	const struct bm_alloc_counts *counts = bm_alloc_counts();
	bm_message *msg = new_message();

	/* A bad checksum is refused before anything is added. */
	bytes[8] ^= 1;
	ck_assert_int_eq(bm_unflatten(msg, bytes, size), BM_NOT_A_MESSAGE);
	ck_assert_int_eq(bm_count_fields(msg), 0);
	bytes[8] ^= 1;

	/* A corrupt record after the first ones: the fields already added
	 * are removed again. The last record is "strings": 300 chunks of 16
	 * bytes, flags VALID, 4-byte count and size, 7-byte name. */
	size_t strings = size - 1 - (1 + 4 + 4 + 4 + 1 + 7 + 300 * 16);
	ck_assert_uint_eq(bytes[strings], BM_R5_FIELD_VALID);
	ck_assert_uint_eq(bytes[strings + 13], 7);
	ck_assert_mem_eq(bytes + strings + 14, "strings", 7);
	uint8_t *size_word = bytes + strings + 1 + 4 + 4;
	uint32_t saved = bm__load32(size_word);
	bm__store32(size_word, saved + 0x01000000u); /* far past the end */
	int rc = bm_unflatten(msg, bytes, size);
	ck_assert(rc == BM_NOT_A_MESSAGE || rc == BM_BAD_VALUE);
	ck_assert_int_eq(bm_count_fields(msg), 0);
	ck_assert_int_eq(counts->live, 2);
	bm__store32(size_word, saved);

	/* Failing every allocation in turn, until it succeeds. */
	for (uint64_t k = 1;; k++) {
		int64_t live = counts->live;
		bm_alloc_fail_at(k);
		rc = bm_unflatten(msg, bytes, size);
		if (rc == BM_OK)
			break;
		ck_assert_int_eq(rc, BM_NO_MEMORY);
		ck_assert_int_eq(bm_count_fields(msg), 0);
		ck_assert_int_eq(counts->live, live);
	}
	ck_assert_int_gt(bm_count_fields(msg), 0);
	bm_alloc_fail_at(0);
	bm_destroy(msg);
	ck_assert_int_eq(counts->live, 0);
	bm_alloc_counting(false);
	free(bytes);
}
END_TEST

START_TEST(swapped_bytes_are_left_to_the_shared_decoder)
{
	/* An empty big-endian message: what 0, flags 0. */
	uint8_t bytes[18] = {'F', 'O', 'B', '1', 0, 0, 0, 0, 0, 0, 0, 18};
	uint8_t header[9];
	memcpy(header, bytes + 8, 9);
	uint32_t checksum = bm__r5_checksum(header, 9);
	bytes[4] = (uint8_t)(checksum >> 24);
	bytes[5] = (uint8_t)(checksum >> 16);
	bytes[6] = (uint8_t)(checksum >> 8);
	bytes[7] = (uint8_t)checksum;
	if (tu_host_is_little_endian()) {
		bm_message *msg = new_message();
		ck_assert_int_eq(message1()->unflatten(msg, bytes, sizeof bytes),
		                 BM_UNSUPPORTED);
		ck_assert_int_eq(bm_count_fields(msg), 0);
		bm_destroy(msg);
	}
}
END_TEST

Suite *
make_message1_suite(void)
{
	Suite *suite = suite_create("message1");
	TCase *bytes = tcase_create("bytes");
	cu_add_le_test(bytes, fields_come_out_sorted_and_variable_size);
	cu_add_le_test(bytes, five_int32_are_five_padded_chunks);
	cu_add_le_test(bytes,
	               five_strings_match_the_be_rules_vector);
	tcase_add_test(bytes, benchmark_messages_have_these_sizes);
	tcase_add_test(bytes, mini_is_kept_while_the_data_fits_in_255_bytes);
	tcase_add_test(bytes, types_are_checked_and_item_sizes_are_not);
	suite_add_tcase(suite, bytes);

	TCase *allocations = tcase_create("allocations");
	tcase_add_test(allocations,
	               every_added_item_costs_two_blocks_plus_vector_doubling);
	tcase_add_test(allocations, building_5000_items_costs_what_the_design_says);
	tcase_add_test(allocations, flatten_allocates_nothing);
	tcase_add_test(allocations, a_failed_insert_leaves_the_tree_untouched);
	suite_add_tcase(suite, allocations);

	TCase *tree = tcase_create("tree");
	tcase_set_timeout(tree, 60);
	tcase_add_test(tree,
	               fields_iterate_in_strcmp_order_whatever_the_insertion_order);
	suite_add_tcase(suite, tree);

	TCase *unflatten = tcase_create("unflatten");
	tcase_set_timeout(unflatten, 60);
	tcase_add_test(unflatten, own_flat_bytes_unflatten_to_the_same_bytes);
	cu_add_le_test(unflatten, fixed_r5_records_become_variable_chunks);
	tcase_add_test(unflatten, bad_bytes_leave_an_empty_message_and_no_leak);
	tcase_add_test(unflatten, swapped_bytes_are_left_to_the_shared_decoder);
	suite_add_tcase(suite, unflatten);
	return suite;
}
