/*
 * test_message4.c - what is specific to the Message4 backend (today's Haiku
 * BMessage, impl/README.md §4): byte-exact HMF1 output against the vectors
 * and sizes of impl/flat-examples.md §1, the hash table and tail-appended
 * chains, the growth policies of impl/README.md §4.6 seen through the
 * allocator interface, the native Unflatten (copy + validate, exact-size
 * buffers) on the real Haiku files, and the error and allocation-failure
 * paths. The registry-wide conformance suite covers the rest of the
 * contract.
 */
#include "suites.h"

#include "alloc.h"
#include "bmsg.h"
#include "bytes.h"
#include "check_util.h"
#include "hmf1.h"
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- Helpers ------------------------------------------------------------- */

static const struct bm_ops *
m4_ops(void)
{
	return cu_backend("Message4");
}

static bm_message *
m4_new(uint32_t what)
{
	return cu_new_message(m4_ops(), what);
}

/* Flattens into a malloc'd buffer (plain malloc: not counted by the
 * allocator interface); checks flattened_size against what is written. */
static uint8_t *
m4_flatten(bm_message *msg, size_t *size)
{
	ck_assert_int_eq(bm_flattened_size(msg, size), BM_OK);
	/* Poison beyond the end to catch a writer that overruns. */
	uint8_t *buffer = malloc(*size + 8);
	ck_assert_ptr_nonnull(buffer);
	memset(buffer, 0xa5, *size + 8);
	ck_assert_int_eq(bm_flatten(msg, buffer, *size), BM_OK);
	for (size_t i = 0; i < 8; i++)
		ck_assert_uint_eq(buffer[*size + i], 0xa5);
	return buffer;
}

static uint32_t
header32(const uint8_t *flat, size_t offset)
{
	return bm__load32(flat + offset);
}

static int32_t
hash_entry(const uint8_t *flat, size_t bucket)
{
	return (int32_t)bm__load32(flat + BM_HMF1_OFF_HASH_TABLE + 4 * bucket);
}

/* Field header word of field `index` in a flattened message. */
static uint32_t
field32(const uint8_t *flat, size_t index, size_t offset)
{
	return bm__load32(flat + BM_HMF1_HEADER_SIZE +
	                  index * BM_HMF1_FIELD_HEADER_SIZE + offset);
}

static uint16_t
field16(const uint8_t *flat, size_t index, size_t offset)
{
	return bm__load16(flat + BM_HMF1_HEADER_SIZE +
	                  index * BM_HMF1_FIELD_HEADER_SIZE + offset);
}

/* The four benchmark shapes (harness/README.md §1.2,
 * impl/flat-examples.md §1.1). */
enum shape { INT32_ONE_FIELD, STRING_ONE_FIELD, INT32_INDIVIDUAL,
             STRING_INDIVIDUAL };

static bool
shape_has_strings(enum shape shape)
{
	return shape == STRING_ONE_FIELD || shape == STRING_INDIVIDUAL;
}

static bool
shape_is_individual(enum shape shape)
{
	return shape == INT32_INDIVIDUAL || shape == STRING_INDIVIDUAL;
}

static void
build_benchmark_message(bm_message *msg, enum shape shape, int32_t n)
{
	cu_add_benchmark(msg, n, shape_has_strings(shape),
	                 shape_is_individual(shape));
}

/* Writes "<n> [individual ]int32|strings" for `shape` into out. */
static const char *
shape_name(char *out, size_t out_size, enum shape shape, int32_t n)
{
	return cu_benchmark_name(out, out_size, (int)n, shape_has_strings(shape),
	                         shape_is_individual(shape));
}

/* Adds item i of a benchmark message of `shape` (the one
 * build_benchmark_message adds i-th); returns the status. */
static int
add_benchmark_item(bm_message *msg, enum shape shape, int32_t i)
{
	char name[32], value[32];
	snprintf(name, sizeof name, "data%d", (int)i);
	snprintf(value, sizeof value, "item%d", (int)i);
	const char *field = shape_is_individual(shape) ? name : "data";
	return shape_has_strings(shape) ? bm_add_string(msg, field, value)
	                                : bm_add_int32(msg, field, i);
}

/* A fresh message's 68 header bytes (impl/README.md §4.2) with `what`. */
static void
expect_fresh_header(const uint8_t *flat, uint32_t what)
{
	ck_assert_uint_eq(header32(flat, BM_HMF1_OFF_FORMAT), BM_HMF1_MAGIC);
	ck_assert_uint_eq(header32(flat, BM_HMF1_OFF_WHAT), what);
	ck_assert_uint_eq(header32(flat, BM_HMF1_OFF_FLAGS), 1);
	for (size_t offset = 12; offset <= 32; offset += 4)
		ck_assert_int_eq((int32_t)header32(flat, offset), -1);
	ck_assert_uint_eq(header32(flat, BM_HMF1_OFF_DATA_SIZE), 0);
	ck_assert_uint_eq(header32(flat, BM_HMF1_OFF_FIELD_COUNT), 0);
	ck_assert_uint_eq(header32(flat, BM_HMF1_OFF_HASH_SIZE), 5);
	for (size_t bucket = 0; bucket < 5; bucket++)
		ck_assert_int_eq(hash_entry(flat, bucket), -1);
}

/* --- Descriptor and fresh message ------------------------------------------- */

START_TEST(descriptor_is_registered_as_haiku_hmf1)
{
	ck_assert_ptr_eq(bm_find_backend("Message4"), m4_ops());
	const struct bm_ops *ops = m4_ops();
	char why[128];
	ck_assert_msg(bm_ops_valid(ops, why, sizeof why), "%s", why);
	ck_assert_str_eq(ops->name, "Message4");
	ck_assert_int_eq(bm_backend_kind(ops), BM_KIND_HAIKU_2005);
	ck_assert(bm_backend_uses_bm_alloc(ops));
	ck_assert_int_eq(ops->native_format, BM_FORMAT_HMF1);
	ck_assert_ptr_null(strchr(ops->summary, '\n'));
}
END_TEST

START_TEST(fresh_message_flattens_to_init_header)
{
	bm_message *msg = m4_new(0x61626364);
	size_t size;
	uint8_t *flat = m4_flatten(msg, &size);
	ck_assert_uint_eq(size, BM_HMF1_HEADER_SIZE);
	expect_fresh_header(flat, 0x61626364);
	free(flat);

	/* `what` is public and synced into the header on Flatten. */
	msg->what = 0x7a7a7a7a;
	flat = m4_flatten(msg, &size);
	ck_assert_uint_eq(header32(flat, BM_HMF1_OFF_WHAT), 0x7a7a7a7a);
	free(flat);
	bm_destroy(msg);
}
END_TEST

START_TEST(create_is_object_plus_header)
{
	bm_alloc_counting(true);
	bm_message *msg = m4_new(0);
	/* The BMessage object and its malloc'd header (Haiku's fHeader). */
	ck_assert_uint_eq(bm_alloc_counts()->mallocs, 2);
	ck_assert_uint_eq(bm_alloc_counts()->reallocs, 0);
	bm_destroy(msg);
	ck_assert_int_eq(bm_alloc_counts()->live, 0);

	for (uint64_t k = 1; k <= 2; k++) {
		bm_alloc_reset_counts();
		bm_alloc_fail_at(k);
		msg = NULL;
		ck_assert_int_eq(bm_create(m4_ops(), 0, &msg), BM_NO_MEMORY);
		ck_assert_ptr_null(msg);
		ck_assert_int_eq(bm_alloc_counts()->live, 0);
	}
	bm_alloc_counting(false);
}
END_TEST

/* --- Byte-exact output ------------------------------------------------------------- */

/* impl/flat-examples.md §1.2: 5 Int32 in "data", HMF1, what = 0, from a
 * little-endian host. */
static const uint8_t five_int32_hmf1[117] = {
	0x48, 0x4d, 0x46, 0x31, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0x19, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0x05, 0x00,
	0x47, 0x4e, 0x4f, 0x4c, 0x05, 0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0x64, 0x61, 0x74, 0x61,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00,
	0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00,
};

START_TEST(five_int32_matches_the_derived_vector_and_fixture)
{
	bm_message *msg = m4_new(0);
	build_benchmark_message(msg, INT32_ONE_FIELD, 5);
	size_t size;
	uint8_t *flat = m4_flatten(msg, &size);
	cu_assert_bytes_eq(flat, size, five_int32_hmf1, sizeof five_int32_hmf1,
	                   "5 int32");

	cu_assert_fixture_bytes(flat, size, "hmf1-derived-5_int32");
	free(flat);
	bm_destroy(msg);
}
END_TEST

/* impl/flat-examples.md §1.1, HMF1 column: 5 / 50 / 500 / 5000 of each
 * shape. */
START_TEST(benchmark_messages_have_the_derived_hmf1_sizes)
{
	static const struct {
		enum shape shape;
		int32_t n;
		size_t size;
	} cases[] = {
		{INT32_ONE_FIELD, 5, 117},       {INT32_ONE_FIELD, 50, 297},
		{INT32_ONE_FIELD, 500, 2097},    {INT32_ONE_FIELD, 5000, 20097},
		{STRING_ONE_FIELD, 5, 147},      {STRING_ONE_FIELD, 50, 637},
		{STRING_ONE_FIELD, 500, 5987},   {STRING_ONE_FIELD, 5000, 63987},
		{INT32_INDIVIDUAL, 5, 238},      {INT32_INDIVIDUAL, 50, 1808},
		{INT32_INDIVIDUAL, 500, 17958},  {INT32_INDIVIDUAL, 5000, 183958},
		{STRING_INDIVIDUAL, 5, 268},     {STRING_INDIVIDUAL, 50, 2148},
		{STRING_INDIVIDUAL, 500, 21848}, {STRING_INDIVIDUAL, 5000, 227848},
	};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		bm_message *msg = m4_new(0);
		build_benchmark_message(msg, cases[c].shape, cases[c].n);
		size_t size;
		uint8_t *flat = m4_flatten(msg, &size);
		char name[64];
		ck_assert_msg(size == cases[c].size, "%s: %zu bytes, expected %zu",
		              shape_name(name, sizeof name, cases[c].shape,
		                         cases[c].n),
		              size, cases[c].size);
		/* Header totals agree with the size, and one byte less is
		 * refused without writing. */
		bool one_field = cases[c].shape <= STRING_ONE_FIELD;
		uint32_t fields = one_field ? 1 : (uint32_t)cases[c].n;
		ck_assert_uint_eq(header32(flat, BM_HMF1_OFF_FIELD_COUNT),
		                  fields);
		ck_assert_uint_eq(header32(flat, BM_HMF1_OFF_DATA_SIZE),
		                  size - 68 - 24 * (size_t)fields);
		ck_assert_uint_eq(bm_count_fields(msg), fields);
		uint8_t guard = 0x5a;
		ck_assert_int_eq(bm_flatten(msg, &guard, 0),
		                 BM_BUFFER_TOO_SMALL);
		ck_assert_int_eq(bm_flatten(msg, flat, size - 1),
		                 BM_BUFFER_TOO_SMALL);
		ck_assert_uint_eq(guard, 0x5a);
		free(flat);
		bm_destroy(msg);
	}
}
END_TEST

START_TEST(five_strings_are_size_prefixed_and_unpadded)
{
	bm_message *msg = m4_new(0);
	build_benchmark_message(msg, STRING_ONE_FIELD, 5);
	size_t size;
	uint8_t *flat = m4_flatten(msg, &size);
	ck_assert_uint_eq(size, 147);
	/* One variable-size field: flags VALID only, "data" + NUL, 5 items
	 * of [uint32 6]["itemN\0"]. */
	ck_assert_uint_eq(field16(flat, 0, BM_HMF1_FOFF_FLAGS),
	                  BM_HMF1_FIELD_VALID);
	ck_assert_uint_eq(field16(flat, 0, BM_HMF1_FOFF_NAME_LENGTH), 5);
	ck_assert_uint_eq(field32(flat, 0, BM_HMF1_FOFF_TYPE), BM_STRING_TYPE);
	ck_assert_uint_eq(field32(flat, 0, BM_HMF1_FOFF_COUNT), 5);
	ck_assert_uint_eq(field32(flat, 0, BM_HMF1_FOFF_DATA_SIZE), 50);
	ck_assert_uint_eq(field32(flat, 0, BM_HMF1_FOFF_OFFSET), 0);
	const uint8_t *data = flat + 68 + 24;
	ck_assert_mem_eq(data, "data", 5);
	for (int i = 0; i < 5; i++) {
		const uint8_t *item = data + 5 + 10 * i;
		char expected[8];
		snprintf(expected, sizeof expected, "item%d", i);
		ck_assert_uint_eq(bm__load32(item), 6);
		ck_assert_mem_eq(item + 4, expected, 6);
	}
	ck_assert_int_eq(hash_entry(flat, 4), 0);
	free(flat);
	bm_destroy(msg);
}
END_TEST

START_TEST(individual_int32_hash_table_and_tail_chain)
{
	bm_message *msg = m4_new(0);
	build_benchmark_message(msg, INT32_INDIVIDUAL, 5);
	size_t size;
	uint8_t *flat = m4_flatten(msg, &size);
	ck_assert_uint_eq(size, 238);
	/* impl/flat-examples.md §1.6: "data0".."data3" hash to bucket 1,
	 * "data4" to bucket 3. */
	static const int32_t table[5] = {-1, 0, -1, 4, -1};
	for (size_t bucket = 0; bucket < 5; bucket++)
		ck_assert_int_eq(hash_entry(flat, bucket), table[bucket]);
	/* New fields join the TAIL of their chain: 0 -> 1 -> 2 -> 3. */
	static const int32_t next[5] = {1, 2, 3, -1, -1};
	for (size_t i = 0; i < 5; i++) {
		ck_assert_int_eq((int32_t)field32(flat, i, BM_HMF1_FOFF_NEXT),
		                 next[i]);
		/* Fixed-size int32, name "dataN\0", packed one after another. */
		ck_assert_uint_eq(field16(flat, i, BM_HMF1_FOFF_FLAGS),
		                  BM_HMF1_FIELD_VALID | BM_HMF1_FIELD_FIXED);
		ck_assert_uint_eq(field16(flat, i, BM_HMF1_FOFF_NAME_LENGTH), 6);
		ck_assert_uint_eq(field32(flat, i, BM_HMF1_FOFF_COUNT), 1);
		ck_assert_uint_eq(field32(flat, i, BM_HMF1_FOFF_DATA_SIZE), 4);
		ck_assert_uint_eq(field32(flat, i, BM_HMF1_FOFF_OFFSET), 10 * i);
	}
	/* Every field is still found through its chain. */
	for (int32_t i = 0; i < 5; i++) {
		char name[8];
		int32_t value = -1;
		snprintf(name, sizeof name, "data%d", (int)i);
		ck_assert_int_eq(bm_find_int32(msg, name, 0, &value), BM_OK);
		ck_assert_int_eq(value, i);
	}
	free(flat);
	bm_destroy(msg);
}
END_TEST

/* Bucket heads for the names impl/README.md §4.5 checked against real files,
 * and a non-ASCII name hashed with x86's sign-extended char. */
START_TEST(names_land_in_haiku_buckets)
{
	static const struct {
		const char *name;
		int bucket;
	} cases[] = {
		{"spec", 1}, {"timezone", 3}, {"name", 2}, {"UInt16", 0},
	};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		bm_message *msg = m4_new(0);
		ck_assert_int_eq(bm_add_int32(msg, cases[c].name, 1), BM_OK);
		size_t size;
		uint8_t *flat = m4_flatten(msg, &size);
		for (int bucket = 0; bucket < 5; bucket++)
			ck_assert_int_eq(hash_entry(flat, (size_t)bucket),
			                 bucket == cases[c].bucket ? 0 : -1);
		free(flat);
		bm_destroy(msg);
	}

	/* "\x80": signed char gives 0x0007ff80 -> bucket 0; reading the byte
	 * as unsigned would give 0x00080080 -> bucket 1. */
	bm_message *msg = m4_new(0);
	ck_assert_int_eq(bm_add_int32(msg, "\x80", 1), BM_OK);
	size_t size;
	uint8_t *flat = m4_flatten(msg, &size);
	ck_assert_int_eq(hash_entry(flat, 0), 0);
	ck_assert_int_eq(hash_entry(flat, 1), -1);
	int32_t value;
	ck_assert_int_eq(bm_find_int32(msg, "\x80", 0, &value), BM_OK);
	free(flat);
	bm_destroy(msg);
}
END_TEST

/* Adding to an earlier field inserts in the middle: the tail moves up and
 * later fields' offsets follow (_UpdateOffsets). */
START_TEST(insert_into_earlier_field_shifts_later_offsets)
{
	bm_message *msg = m4_new(0);
	ck_assert_int_eq(bm_add_string(msg, "a", "x"), BM_OK);
	ck_assert_int_eq(bm_add_int32(msg, "b", 7), BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "c", "yz"), BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "a", "second"), BM_OK);
	ck_assert_int_eq(bm_add_int32(msg, "b", 8), BM_OK);

	size_t size;
	uint8_t *flat = m4_flatten(msg, &size);
	/* a: 2 + (4+2) + (4+7) = 19; b: 2 + 8 = 10; c: 2 + 4+3 = 9. */
	ck_assert_uint_eq(size, 68 + 3 * 24 + 19 + 10 + 9);
	ck_assert_uint_eq(field32(flat, 0, BM_HMF1_FOFF_OFFSET), 0);
	ck_assert_uint_eq(field32(flat, 1, BM_HMF1_FOFF_OFFSET), 19);
	ck_assert_uint_eq(field32(flat, 2, BM_HMF1_FOFF_OFFSET), 29);
	const uint8_t *data = flat + 68 + 3 * 24;
	uint8_t want[38];
	memcpy(want, "a", 2);
	bm__store32(want + 2, 2);
	memcpy(want + 6, "x", 2);
	bm__store32(want + 8, 7);
	memcpy(want + 12, "second", 7);
	memcpy(want + 19, "b", 2);
	int32_t seven = 7, eight = 8;
	memcpy(want + 21, &seven, 4);
	memcpy(want + 25, &eight, 4);
	memcpy(want + 29, "c", 2);
	bm__store32(want + 31, 3);
	memcpy(want + 35, "yz", 3);
	ck_assert_mem_eq(data, want, sizeof want);

	const char *text;
	ck_assert_int_eq(bm_find_string(msg, "a", 1, &text, NULL), BM_OK);
	ck_assert_str_eq(text, "second");
	ck_assert_int_eq(bm_find_string(msg, "c", 0, &text, NULL), BM_OK);
	ck_assert_str_eq(text, "yz");
	int32_t value;
	ck_assert_int_eq(bm_find_int32(msg, "b", 1, &value), BM_OK);
	ck_assert_int_eq(value, 8);
	free(flat);
	bm_destroy(msg);
}
END_TEST

/* FindData walks variable-size items from the first: every index of a big
 * string field is found, with its own size. */
START_TEST(variable_items_found_by_walking)
{
	bm_message *msg = m4_new(0);
	build_benchmark_message(msg, STRING_ONE_FIELD, 500);
	for (int32_t i = 0; i < 500; i++) {
		char expected[16];
		snprintf(expected, sizeof expected, "item%d", (int)i);
		const void *data;
		size_t size;
		ck_assert_int_eq(bm_find_data(msg, "data", BM_ANY_TYPE, i,
		                              &data, &size),
		                 BM_OK);
		ck_assert_uint_eq(size, strlen(expected) + 1);
		ck_assert_mem_eq(data, expected, size);
	}
	struct bm_field_info info;
	ck_assert_int_eq(bm_get_info(msg, "data", &info), BM_OK);
	ck_assert_int_eq(info.count, 500);
	ck_assert(!info.fixed_size);
	ck_assert_uint_eq(info.type, BM_STRING_TYPE);
	ck_assert_uint_eq(info.name_len, 4);
	ck_assert_mem_eq(info.name, "data", 4);
	bm_destroy(msg);
}
END_TEST

START_TEST(field_at_follows_field_array_order)
{
	bm_message *msg = m4_new(0);
	/* Names chosen in different buckets: iteration is array order, not
	 * hash order. */
	static const char *const names[] = {"zeta", "data", "spec", "a", "name"};
	for (int32_t i = 0; i < 5; i++)
		ck_assert_int_eq(bm_add_int32(msg, names[i], i), BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "a", "late"), BM_BAD_TYPE);
	ck_assert_int_eq(bm_count_fields(msg), 5);
	for (int32_t i = 0; i < 5; i++) {
		struct bm_field_info info;
		ck_assert_int_eq(bm_field_at(msg, i, &info), BM_OK);
		ck_assert_uint_eq(info.name_len, strlen(names[i]));
		ck_assert_mem_eq(info.name, names[i], info.name_len);
		ck_assert_uint_eq(info.type, BM_INT32_TYPE);
		ck_assert_int_eq(info.count, 1);
		ck_assert(info.fixed_size);
	}
	struct bm_field_info info;
	ck_assert_int_eq(bm_field_at(msg, 5, &info), BM_BAD_INDEX);
	ck_assert_int_eq(bm_field_at(msg, -1, &info), BM_BAD_INDEX);
	bm_destroy(msg);
}
END_TEST

START_TEST(make_empty_frees_buffers_and_keeps_what)
{
	bm_alloc_counting(true);
	bm_message *msg = m4_new(0x11223344);
	build_benchmark_message(msg, STRING_INDIVIDUAL, 50);
	ck_assert_int_eq(bm_alloc_counts()->live, 4);
	bm_alloc_reset_counts();
	bm_make_empty(msg);
	/* _Clear frees header, field array and data; _InitHeader mallocs a
	 * new header: object and header are left. */
	ck_assert_uint_eq(bm_alloc_counts()->mallocs, 1);
	ck_assert_int_eq(bm_alloc_counts()->live, -2);
	/* With that malloc failing, the old header is re-initialised. */
	build_benchmark_message(msg, STRING_INDIVIDUAL, 5);
	bm_alloc_reset_counts();
	bm_alloc_fail_at(1);
	bm_make_empty(msg);
	bm_alloc_fail_at(0);
	ck_assert_uint_eq(bm_alloc_counts()->failures, 1);
	ck_assert_int_eq(bm_alloc_counts()->live, -2);
	ck_assert_int_eq(bm_count_fields(msg), 0);
	size_t size;
	uint8_t *flat = m4_flatten(msg, &size);
	ck_assert_uint_eq(size, 68);
	expect_fresh_header(flat, 0x11223344);
	free(flat);
	/* And it is usable again, growing from nothing. */
	bm_alloc_reset_counts();
	ck_assert_int_eq(bm_add_int32(msg, "data", 1), BM_OK);
	ck_assert_uint_eq(bm_alloc_calls(), 3);
	bm_destroy(msg);
	bm_alloc_counting(false);
}
END_TEST

/* --- Growth policies (impl/README.md §4.6) seen through the allocator -- */

/* _ResizeData's new size for `data_size` bytes used and `change` more. */
static size_t
expected_data_growth(size_t data_size, size_t change)
{
	size_t size = data_size * 2;
	if (size > data_size + 40960)
		size = data_size + 40960;
	if (size < data_size + change)
		size = data_size + change;
	return size;
}

START_TEST(first_adds_allocate_as_haiku)
{
	/* Individual 5 Int32, worked by hand from impl/README.md §4.6: per
	 * add, the field array (24 * 1, 3, 7 entries), then the name, then the
	 * item. */
	bm_alloc_counting(true);
	bm_message *msg = m4_new(0);
	size_t sizes[32];
	bm_alloc_reset_counts();
	bm_alloc_trace(sizes, 32);
	build_benchmark_message(msg, INT32_INDIVIDUAL, 5);
	static const size_t expected[] = {24, 6, 12, 72, 20, 40, 168, 80};
	size_t count = sizeof expected / sizeof expected[0];
	ck_assert_uint_eq(bm_alloc_trace_length(), count);
	for (size_t i = 0; i < count; i++)
		ck_assert_uint_eq(sizes[i], expected[i]);
	/* One malloc (realloc of NULL) per buffer, the rest reallocs. */
	ck_assert_uint_eq(bm_alloc_counts()->mallocs, 2);
	ck_assert_uint_eq(bm_alloc_counts()->reallocs, count - 2);
	bm_alloc_trace(NULL, 0);
	bm_destroy(msg);
	bm_alloc_counting(false);
}
END_TEST

START_TEST(data_buffer_doubles_capped_at_40960)
{
	/* One fixed-size field "data": before item i the data holds
	 * 5 + 4*i bytes. Each add reallocs exactly when the spare bytes are
	 * fewer than 4, and then to max(min(2d, d + 40960), d + 4). */
	bm_alloc_counting(true);
	bm_message *msg = m4_new(0);
	ck_assert_int_eq(bm_add_int32(msg, "data", 0), BM_OK);
	size_t capacity = 10; /* 5 for the name, then max(10, 9) */
	size_t capped = 0, grown = 0;
	for (int32_t i = 1; i < 30000; i++) {
		size_t used = 5 + 4 * (size_t)i;
		bm_alloc_reset_counts();
		ck_assert_int_eq(bm_add_int32(msg, "data", i), BM_OK);
		if (capacity - used >= 4) {
			ck_assert_uint_eq(bm_alloc_calls(), 0);
			continue;
		}
		size_t expect = expected_data_growth(used, 4);
		ck_assert_uint_eq(bm_alloc_calls(), 1);
		ck_assert_uint_eq(bm_alloc_counts()->reallocs, 1);
		ck_assert_uint_eq(bm_alloc_counts()->last_size, expect);
		if (expect == used + 40960)
			capped++;
		grown++;
		capacity = expect;
	}
	/* Doubling from 10 (18, 34, 66, ...) passes 40960 after 13
	 * steps; 120005 bytes then need two capped steps of +40960. */
	ck_assert_uint_eq(capped, 2);
	ck_assert_uint_eq(grown, 15);
	bm_destroy(msg);
	bm_alloc_counting(false);
}
END_TEST

START_TEST(big_item_grows_by_at_least_the_change)
{
	bm_alloc_counting(true);
	bm_message *msg = m4_new(0);
	static uint8_t blob[100000];
	/* Name "data": 5 bytes; then 4 + 100000 > 2 * 5. */
	ck_assert_int_eq(bm_add_data(msg, "data", BM_TYPE('R', 'A', 'W', 'T'),
	                             blob, sizeof blob, false),
	                 BM_OK);
	ck_assert_uint_eq(bm_alloc_counts()->last_size, 5 + 4 + sizeof blob);
	/* Next item: 2 * 100009 is capped at + 40960. */
	ck_assert_int_eq(bm_add_data(msg, "data", BM_TYPE('R', 'A', 'W', 'T'),
	                             blob, 10, false),
	                 BM_OK);
	ck_assert_uint_eq(bm_alloc_counts()->last_size, 100009 + 40960);
	bm_destroy(msg);
	bm_alloc_counting(false);
}
END_TEST

START_TEST(field_array_grows_1_3_7_15_then_by_50)
{
	/* 400 individual fields "f<i>", each with a 1-byte fixed item. The
	 * test keeps its own account of both buffers and predicts every
	 * allocation: the field array when no slot is free (first in the
	 * add), then the data for the name and for the item. */
	bm_alloc_counting(true);
	bm_message *msg = m4_new(0);
	size_t field_count = 0, field_capacity = 0;
	size_t used = 0, capacity = 0;
	size_t seen_capacities[32], seen = 0;
	for (int i = 0; i < 400; i++) {
		char name[16];
		snprintf(name, sizeof name, "f%d", i);
		size_t name_length = strlen(name) + 1;
		size_t expect[3], expected = 0;
		if (field_count == field_capacity) {
			size_t count = field_count * 2 + 1;
			if (count > field_count + 50)
				count = field_count + 50;
			expect[expected++] = count * 24;
			field_capacity = count;
			ck_assert_uint_lt(seen, 32);
			seen_capacities[seen++] = count;
		}
		for (int part = 0; part < 2; part++) {
			size_t change = part == 0 ? name_length : 1;
			if (capacity - used < change) {
				capacity = expected_data_growth(used, change);
				expect[expected++] = capacity;
			}
			used += change;
		}
		size_t sizes[8];
		bm_alloc_reset_counts();
		bm_alloc_trace(sizes, 8);
		uint8_t byte = (uint8_t)i;
		ck_assert_int_eq(bm_add_data(msg, name,
		                             BM_TYPE('B', 'Y', 'T', 'E'), &byte,
		                             1, true),
		                 BM_OK);
		ck_assert_uint_eq(bm_alloc_trace_length(), expected);
		for (size_t k = 0; k < expected; k++)
			ck_assert_uint_eq(sizes[k], expect[k]);
		field_count++;
	}
	bm_alloc_trace(NULL, 0);
	static const size_t capacities[] = {1,   3,   7,   15,  31, 63,
	                                    113, 163, 213, 263, 313, 363,
	                                    413};
	ck_assert_uint_eq(seen, sizeof capacities / sizeof capacities[0]);
	for (size_t k = 0; k < seen; k++)
		ck_assert_uint_eq(seen_capacities[k], capacities[k]);
	size_t size;
	ck_assert_int_eq(bm_flattened_size(msg, &size), BM_OK);
	ck_assert_uint_eq(size, 68 + 400 * 24 + used);
	bm_destroy(msg);
	bm_alloc_counting(false);
}
END_TEST

/* --- Error paths ------------------------------------------------------------------- */

/* Flattens into a static-size snapshot for "unchanged" comparisons. */
struct snapshot {
	uint8_t *bytes;
	size_t size;
};

static struct snapshot
take_snapshot(bm_message *msg)
{
	struct snapshot shot;
	shot.bytes = m4_flatten(msg, &shot.size);
	return shot;
}

static void
expect_snapshot(bm_message *msg, struct snapshot shot, const char *context)
{
	size_t size;
	uint8_t *bytes = m4_flatten(msg, &size);
	cu_assert_bytes_eq(bytes, size, shot.bytes, shot.size, context);
	free(bytes);
}

START_TEST(type_and_size_mismatches_change_nothing)
{
	bm_message *msg = m4_new(0);
	ck_assert_int_eq(bm_add_int32(msg, "data", 1), BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "text", "abc"), BM_OK);
	struct snapshot shot = take_snapshot(msg);

	/* Same name, other type: BM_BAD_TYPE, on add and on find. */
	ck_assert_int_eq(bm_add_string(msg, "data", "x"), BM_BAD_TYPE);
	ck_assert_int_eq(bm_add_int32(msg, "text", 2), BM_BAD_TYPE);
	const void *data;
	size_t size;
	ck_assert_int_eq(bm_find_data(msg, "data", BM_STRING_TYPE, 0, &data,
	                              &size),
	                 BM_BAD_TYPE);
	/* Fixed-size field, item of another size: BM_BAD_VALUE. */
	int64_t wide = 5;
	ck_assert_int_eq(bm_add_data(msg, "data", BM_INT32_TYPE, &wide,
	                             sizeof wide, true),
	                 BM_BAD_VALUE);
	ck_assert_int_eq(bm_add_data(msg, "data", BM_INT32_TYPE, &wide, 2,
	                             false),
	                 BM_BAD_VALUE);
	/* A variable-size field takes any size, whatever fixed_size says
	 * later: the property comes from the first item. */
	ck_assert_int_eq(bm_add_data(msg, "text", BM_STRING_TYPE, "long one",
	                             9, true),
	                 BM_OK);
	struct bm_field_info info;
	ck_assert_int_eq(bm_get_info(msg, "text", &info), BM_OK);
	ck_assert(!info.fixed_size);
	ck_assert_int_eq(info.count, 2);

	bm_make_empty(msg);
	ck_assert_int_eq(bm_add_int32(msg, "data", 1), BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "text", "abc"), BM_OK);
	expect_snapshot(msg, shot, "rebuilt after make_empty");
	free(shot.bytes);
	bm_destroy(msg);
}
END_TEST

START_TEST(missing_names_and_bad_indices)
{
	bm_message *msg = m4_new(0);
	const void *data = NULL;
	size_t size = 77;
	struct bm_field_info info;
	/* Empty message: nothing to walk. */
	ck_assert_int_eq(bm_find_data(msg, "data", BM_ANY_TYPE, 0, &data,
	                              &size),
	                 BM_NAME_NOT_FOUND);
	ck_assert_int_eq(bm_get_info(msg, "data", &info), BM_NAME_NOT_FOUND);

	build_benchmark_message(msg, INT32_INDIVIDUAL, 50);
	ck_assert_int_eq(bm_add_string(msg, "strings", "s0"), BM_OK);
	/* Same bucket as existing names, not present; prefixes and
	 * extensions of present names do not match. */
	ck_assert_int_eq(bm_find_data(msg, "data50", BM_ANY_TYPE, 0, &data,
	                              &size),
	                 BM_NAME_NOT_FOUND);
	ck_assert_int_eq(bm_get_info(msg, "data", &info), BM_NAME_NOT_FOUND);
	ck_assert_int_eq(bm_get_info(msg, "data10x", &info),
	                 BM_NAME_NOT_FOUND);
	ck_assert_int_eq(bm_get_info(msg, "Data1", &info), BM_NAME_NOT_FOUND);
	/* Index past the count, fixed and variable. */
	ck_assert_int_eq(bm_find_data(msg, "data7", BM_INT32_TYPE, 1, &data,
	                              &size),
	                 BM_BAD_INDEX);
	ck_assert_int_eq(bm_find_data(msg, "strings", BM_STRING_TYPE, 1, &data,
	                              &size),
	                 BM_BAD_INDEX);
	ck_assert_int_eq(bm_find_data(msg, "strings", BM_STRING_TYPE, -1,
	                              &data, &size),
	                 BM_BAD_INDEX);
	/* The outputs are untouched on failure. */
	ck_assert_ptr_null(data);
	ck_assert_uint_eq(size, 77);
	int32_t value;
	ck_assert_int_eq(bm_find_int32(msg, "data49", 0, &value), BM_OK);
	ck_assert_int_eq(value, 49);
	bm_destroy(msg);
}
END_TEST

START_TEST(longest_name_is_stored_with_its_nul)
{
	char name[BM_NAME_MAX + 2];
	memset(name, 'n', BM_NAME_MAX);
	name[BM_NAME_MAX] = '\0';
	bm_message *msg = m4_new(0);
	ck_assert_int_eq(bm_add_int32(msg, name, 3), BM_OK);
	size_t size;
	uint8_t *flat = m4_flatten(msg, &size);
	ck_assert_uint_eq(field16(flat, 0, BM_HMF1_FOFF_NAME_LENGTH),
	                  BM_NAME_MAX + 1);
	ck_assert_uint_eq(size, 68 + 24 + BM_NAME_MAX + 1 + 4);
	ck_assert_uint_eq(flat[68 + 24 + BM_NAME_MAX], 0);
	int32_t value;
	ck_assert_int_eq(bm_find_int32(msg, name, 0, &value), BM_OK);
	ck_assert_int_eq(value, 3);
	free(flat);
	/* One more byte is refused by the wrapper, as for every backend. */
	memset(name, 'n', BM_NAME_MAX + 1);
	name[BM_NAME_MAX + 1] = '\0';
	ck_assert_int_eq(bm_add_int32(msg, name, 3), BM_BAD_VALUE);
	bm_destroy(msg);
}
END_TEST

START_TEST(too_large_is_refused_before_anything_changes)
{
	bm_alloc_counting(true);
	bm_message *msg = m4_new(0);
	ck_assert_int_eq(bm_add_int32(msg, "small", 1), BM_OK);
	struct snapshot shot = take_snapshot(msg);
	/* BM_ITEM_MAX passes the wrapper, but 68 + 2*24 + name + size
	 * prefix + item exceeds BM_FLAT_MAX: refused before the data is
	 * read or anything is allocated. */
	static const uint8_t byte;
	bm_alloc_reset_counts();
	ck_assert_int_eq(bm_add_data(msg, "huge", BM_STRING_TYPE, &byte,
	                             BM_ITEM_MAX, false),
	                 BM_TOO_LARGE);
	ck_assert_int_eq(bm_add_data(msg, "huge", BM_STRING_TYPE, &byte,
	                             BM_ITEM_MAX, true),
	                 BM_TOO_LARGE);
	ck_assert_uint_eq(bm_alloc_calls(), 0);
	expect_snapshot(msg, shot, "new field too large");
	/* Existing field: also refused. */
	ck_assert_int_eq(bm_add_data(msg, "small", BM_INT32_TYPE, &byte,
	                             BM_ITEM_MAX, false),
	                 BM_BAD_VALUE); /* fixed 4-byte field */
	ck_assert_int_eq(bm_add_string(msg, "text", "t"), BM_OK);
	struct snapshot shot2 = take_snapshot(msg);
	bm_alloc_reset_counts();
	ck_assert_int_eq(bm_add_data(msg, "text", BM_STRING_TYPE, &byte,
	                             BM_ITEM_MAX, false),
	                 BM_TOO_LARGE);
	ck_assert_uint_eq(bm_alloc_calls(), 0);
	expect_snapshot(msg, shot2, "item too large");
	bm_make_empty(msg);
	ck_assert_int_eq(bm_add_int32(msg, "small", 1), BM_OK);
	expect_snapshot(msg, shot, "rebuilt after make_empty");
	free(shot.bytes);
	free(shot2.bytes);
	bm_destroy(msg);
	bm_alloc_counting(false);
}
END_TEST

/* The first item of a new field cannot be stored: the field is removed
 * again (AddData's _RemoveField), leaving a message equal to before. */
START_TEST(failed_first_add_removes_the_field)
{
	bm_alloc_counting(true);
	/* On an empty message the first add allocates the field array, the
	 * name's room and the item's room: fail each. */
	for (uint64_t k = 1; k <= 3; k++) {
		bm_message *msg = m4_new(0);
		bm_alloc_reset_counts();
		bm_alloc_fail_at(k);
		ck_assert_int_eq(bm_add_int32(msg, "data", 1), BM_NO_MEMORY);
		ck_assert_uint_eq(bm_alloc_counts()->failures, 1);
		/* The buffers this add created from nothing are gone. */
		ck_assert_int_eq(bm_alloc_counts()->live, 0);
		ck_assert_int_eq(bm_count_fields(msg), 0);
		struct bm_field_info info;
		ck_assert_int_eq(bm_get_info(msg, "data", &info),
		                 BM_NAME_NOT_FOUND);
		size_t size;
		uint8_t *flat = m4_flatten(msg, &size);
		ck_assert_uint_eq(size, 68);
		expect_fresh_header(flat, 0);
		free(flat);
		/* The message works afterwards and gives the bytes of
		 * impl/flat-examples.md §1.2. */
		build_benchmark_message(msg, INT32_ONE_FIELD, 5);
		flat = m4_flatten(msg, &size);
		ck_assert_uint_eq(size, 117);
		if (tu_host_is_little_endian())
			cu_assert_bytes_eq(flat, size, five_int32_hmf1,
			                   sizeof five_int32_hmf1, "5 int32 after");
		free(flat);
		bm_destroy(msg);
		ck_assert_int_eq(bm_alloc_counts()->live, -2); /* create was
		                                                  before reset */
	}
	bm_alloc_counting(false);
}
END_TEST

/* Any allocation that fails in the middle of building the benchmark
 * messages leaves the message as it was, and the same add then works. */
START_TEST(every_failed_allocation_leaves_message_unchanged)
{
	bm_alloc_counting(true);
	for (int shape = INT32_ONE_FIELD; shape <= STRING_INDIVIDUAL; shape++) {
		bm_message *msg = m4_new(0);
		for (int32_t i = 0; i < 120; i++) {
			char name[64], context[96];
			snprintf(context, sizeof context, "%s, item %d failing",
			         shape_name(name, sizeof name, (enum shape)shape, 120),
			         (int)i);
			struct snapshot shot = take_snapshot(msg);
			bm_alloc_reset_counts();
			bm_alloc_fail_at(1);
			int rc = add_benchmark_item(msg, (enum shape)shape, i);
			if (bm_alloc_counts()->failures == 0) {
				/* No allocation was needed: spare room. */
				ck_assert_int_eq(rc, BM_OK);
				bm_alloc_fail_at(0);
			} else {
				ck_assert_int_eq(rc, BM_NO_MEMORY);
				expect_snapshot(msg, shot, context);
				rc = add_benchmark_item(msg, (enum shape)shape, i);
				ck_assert_int_eq(rc, BM_OK);
			}
			free(shot.bytes);
		}
		size_t size;
		uint8_t *flat = m4_flatten(msg, &size);
		bm_message *clean = m4_new(0);
		build_benchmark_message(clean, (enum shape)shape, 120);
		struct snapshot expected = take_snapshot(clean);
		cu_assert_bytes_eq(flat, size, expected.bytes, expected.size,
		                   "built through failures");
		free(expected.bytes);
		free(flat);
		bm_destroy(clean);
		bm_destroy(msg);
	}
	bm_alloc_counting(false);
}
END_TEST

/* --- Native Unflatten ---------------------------------------------------------------- */

START_TEST(haiku_files_unflatten_and_rebuild_byte_for_byte)
{
	char **names;
	size_t count = tu_list_fixtures(&names);
	size_t checked = 0;
	for (size_t n = 0; n < count; n++) {
		if (strncmp(names[n], "hmf1-", 5) != 0)
			continue;
		size_t size;
		uint8_t *bytes = cu_read_fixture(names[n], ".msg", &size);

		bm_alloc_counting(true);
		bm_message *msg = m4_new(0);
		uint32_t field_count = bm__load32(bytes + BM_HMF1_OFF_FIELD_COUNT);
		uint32_t data_size = bm__load32(bytes + BM_HMF1_OFF_DATA_SIZE);
		size_t sizes[8];
		bm_alloc_reset_counts();
		bm_alloc_trace(sizes, 8);
		ck_assert_int_eq(bm_unflatten(msg, bytes, size), BM_OK);
		/* A fresh message is not emptied again by the wrapper. Unflatten
		 * copies, with no rebuild: as Haiku, _Clear and a new header, the
		 * field array and the data, each at its exact size. Frees: the
		 * fresh message's header. */
		ck_assert_uint_eq(bm_alloc_trace_length(), 3);
		ck_assert_uint_eq(sizes[0], 68);
		ck_assert_uint_eq(sizes[1], (size_t)field_count * 24);
		ck_assert_uint_eq(sizes[2], data_size);
		ck_assert_uint_eq(bm_alloc_counts()->frees, 1);
		bm_alloc_trace(NULL, 0);
		ck_assert_uint_eq(msg->what,
		                  bm__load32(bytes + BM_HMF1_OFF_WHAT));
		ck_assert_uint_eq(bm_count_fields(msg), field_count);

		/* Flatten gives the file back... */
		char context[300];
		size_t flat_size;
		uint8_t *flat = m4_flatten(msg, &flat_size);
		cu_assert_bytes_eq(flat, flat_size, bytes, size, names[n]);
		free(flat);

		/* ...and so does a message built through the add path. */
		bm_message *built = cu_rebuild(msg, m4_ops());
		flat = m4_flatten(built, &flat_size);
		snprintf(context, sizeof context, "%s, rebuilt", names[n]);
		cu_assert_bytes_eq(flat, flat_size, bytes, size, context);
		free(flat);
		bm_destroy(built);

		/* Buffers are exact: the first add grows them. */
		bm_alloc_reset_counts();
		ck_assert_int_eq(bm_add_int32(msg, "one more field", 1), BM_OK);
		ck_assert_uint_eq(bm_alloc_counts()->reallocs, 2);
		bm_destroy(msg);
		ck_assert_int_eq(bm_alloc_counts()->live, -4);
		bm_alloc_counting(false);
		free(bytes);
		checked++;
	}
	tu_free_names(names, count);
	ck_assert_uint_ge(checked, 12);
}
END_TEST

START_TEST(flatten_unflatten_round_trip)
{
	for (int shape = INT32_ONE_FIELD; shape <= STRING_INDIVIDUAL; shape++) {
		bm_message *msg = m4_new(0x74657374);
		build_benchmark_message(msg, (enum shape)shape, 5000);
		size_t size;
		char shape_text[64], context[96];
		snprintf(context, sizeof context, "%s, round trip",
		         shape_name(shape_text, sizeof shape_text,
		                    (enum shape)shape, 5000));
		uint8_t *flat = m4_flatten(msg, &size);
		bm_message *copy = cu_unflattened(m4_ops(), flat, size, context);
		ck_assert_uint_eq(copy->what, 0x74657374);
		ck_assert_int_eq(bm_count_fields(copy), bm_count_fields(msg));
		size_t copy_size;
		uint8_t *again = m4_flatten(copy, &copy_size);
		cu_assert_bytes_eq(again, copy_size, flat, size, context);
		/* Spot-check finds through the copied hash table. */
		for (int32_t i = 0; i < 5000; i += 499) {
			char name[16];
			snprintf(name, sizeof name, "data%d", (int)i);
			const char *field =
				shape <= STRING_ONE_FIELD ? "data" : name;
			int32_t index = shape <= STRING_ONE_FIELD ? i : 0;
			const void *data;
			size_t item_size;
			ck_assert_int_eq(bm_find_data(copy, field, BM_ANY_TYPE,
			                              index, &data, &item_size),
			                 BM_OK);
			if (shape == INT32_ONE_FIELD || shape == INT32_INDIVIDUAL) {
				int32_t value;
				ck_assert_uint_eq(item_size, 4);
				memcpy(&value, data, 4);
				ck_assert_int_eq(value, i);
			} else {
				char expected[16];
				snprintf(expected, sizeof expected, "item%d",
				         (int)i);
				ck_assert_str_eq(data, expected);
			}
		}
		free(again);
		free(flat);
		bm_destroy(copy);
		bm_destroy(msg);
	}
}
END_TEST

START_TEST(unflatten_replaces_content_and_ignores_trailing_bytes)
{
	bm_message *msg = m4_new(0);
	build_benchmark_message(msg, STRING_INDIVIDUAL, 50);
	bm_message *small = m4_new(0);
	build_benchmark_message(small, INT32_ONE_FIELD, 5);
	size_t size;
	uint8_t *flat = m4_flatten(small, &size);
	uint8_t *padded = malloc(size + 16);
	ck_assert_ptr_nonnull(padded);
	memcpy(padded, flat, size);
	memset(padded + size, 0xee, 16);
	ck_assert_int_eq(bm_unflatten(msg, padded, size + 16), BM_OK);
	size_t again_size;
	uint8_t *again = m4_flatten(msg, &again_size);
	cu_assert_bytes_eq(again, again_size, flat, size, "16 bytes trailing");
	free(again);
	free(padded);
	free(flat);
	bm_destroy(small);
	bm_destroy(msg);
}
END_TEST

START_TEST(unflatten_allocation_failure_leaves_empty)
{
	size_t size;
	uint8_t *bytes = cu_read_fixture("hmf1-icon-HaikuDepot_StarBlue", ".msg",
	                                 &size);
	bm_alloc_counting(true);
	/* Into a message with fields, allocation 1 is the wrapper's MakeEmpty
	 * re-allocating the header, which cannot fail: it keeps the old header
	 * and the Unflatten goes on. */
	bm_message *kept = m4_new(0);
	build_benchmark_message(kept, INT32_INDIVIDUAL, 5);
	bm_alloc_reset_counts();
	bm_alloc_fail_at(1);
	ck_assert_int_eq(bm_unflatten(kept, bytes, size), BM_OK);
	bm_alloc_fail_at(0);
	ck_assert_uint_eq(bm_count_fields(kept),
	                  bm__load32(bytes + BM_HMF1_OFF_FIELD_COUNT));
	bm_destroy(kept);
	/* Then Unflatten's header, the field array and the data. */
	for (uint64_t k = 2; k <= 4; k++) {
		bm_message *msg = m4_new(0);
		build_benchmark_message(msg, INT32_INDIVIDUAL, 5);
		bm_alloc_reset_counts();
		bm_alloc_fail_at(k);
		ck_assert_int_eq(bm_unflatten(msg, bytes, size), BM_NO_MEMORY);
		ck_assert_int_eq(bm_count_fields(msg), 0);
		/* The old buffers were freed by the wrapper's MakeEmpty and
		 * nothing new is held: object and header only. */
		ck_assert_int_eq(bm_alloc_counts()->live, -2);
		size_t flat_size;
		uint8_t *flat = m4_flatten(msg, &flat_size);
		ck_assert_uint_eq(flat_size, 68);
		free(flat);
		bm_destroy(msg);
	}
	bm_alloc_counting(false);
	free(bytes);
}
END_TEST

/* Malformed input is refused and the message is left empty, holding
 * nothing but its object and a header (Unflatten allocates the header
 * before it reads it, as Haiku's does, and frees what it read). */
static void
expect_rejected(const uint8_t *bytes, size_t size, const char *what)
{
	bm_alloc_counting(true);
	bm_message *msg = m4_new(0x12345678);
	build_benchmark_message(msg, INT32_ONE_FIELD, 3);
	bm_alloc_reset_counts();
	int rc = bm_unflatten(msg, bytes, size);
	ck_assert_msg(rc == BM_NOT_A_MESSAGE || rc == BM_BAD_VALUE,
	              "%s: got %s", what, bm_status_name(rc));
	ck_assert_msg(bm_alloc_counts()->live == -2, "%s: %lld blocks held",
	              what, (long long)bm_alloc_counts()->live + 4);
	ck_assert_int_eq(bm_count_fields(msg), 0);
	size_t flat_size;
	uint8_t *flat = m4_flatten(msg, &flat_size);
	ck_assert_uint_eq(flat_size, 68);
	free(flat);
	bm_destroy(msg);
	ck_assert_int_eq(bm_alloc_counts()->live, -4);
	bm_alloc_counting(false);
}

/* A message to break: "data0".."data4" (int32; chain 0 -> 1 -> 2 -> 3 in
 * bucket 1, field 4 alone in bucket 3) and field 5 "data0x" (bucket 0)
 * with the strings "abc" and "defg". The data area starts with five
 * 10-byte fields; field 5's first size prefix is at 50 + 7. */
static uint8_t *
malformed_base(size_t *size)
{
	bm_message *msg = m4_new(0);
	build_benchmark_message(msg, INT32_INDIVIDUAL, 5);
	ck_assert_int_eq(bm_add_string(msg, "data0x", "abc"), BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "data0x", "defg"), BM_OK);
	uint8_t *flat = m4_flatten(msg, size);
	bm_destroy(msg);
	return flat;
}

/* One edit of the malformed base: a byte, a uint16 or a uint32. */
struct m4_edit {
	const char *what;
	size_t offset;
	uint32_t value;
	bool wide;
};

static void
apply_edit(uint8_t *bytes, const uint8_t *base, size_t size,
           const struct m4_edit *edit)
{
	memcpy(bytes, base, size);
	if (edit->wide)
		bm__store32(bytes + edit->offset, edit->value);
	else if (edit->offset >= 68 + 6 * 24)
		bytes[edit->offset] = (uint8_t)edit->value;
	else
		bm__store16(bytes + edit->offset, (uint16_t)edit->value);
	ck_assert_msg(memcmp(bytes, base, size) != 0, "%s: no change",
	              edit->what);
}

#define FIELD(i, off) (68 + 24 * (i) + (off))
#define DATA (68 + 6 * 24)

/* What Unflatten refuses: Haiku's checks (a header without
 * MESSAGE_FLAG_VALID, a short read, a field's name or data past the data
 * area, next_field past the array) and what memory safety adds on the
 * header (hash_table_size 1..5, hash heads inside the array, next_field ==
 * field_count, which Haiku lets through). */
START_TEST(malformed_hmf1_is_rejected_without_leaks)
{
	size_t size;
	uint8_t *base = malformed_base(&size);
	uint8_t *bytes = malloc(size);
	ck_assert_ptr_nonnull(bytes);
	/* The unmodified base is fine. */
	bm_message *ok = cu_unflattened(m4_ops(), base, size, "malformed_base");
	bm_destroy(ok);

	/* Every truncation. */
	for (size_t cut = 0; cut < size; cut++) {
		memcpy(bytes, base, cut);
		expect_rejected(bytes, cut, "truncated");
	}

	static const struct m4_edit edits[] = {
		{"flags without VALID", BM_HMF1_OFF_FLAGS, 0, true},
		{"passed by area", BM_HMF1_OFF_FLAGS, 0x81, true},
		{"hash_table_size 0", BM_HMF1_OFF_HASH_SIZE, 0, true},
		{"hash_table_size 6", BM_HMF1_OFF_HASH_SIZE, 6, true},
		{"data_size past end", BM_HMF1_OFF_DATA_SIZE, 0x1000, true},
		{"field_count past end", BM_HMF1_OFF_FIELD_COUNT, 7, true},
		{"field_count huge", BM_HMF1_OFF_FIELD_COUNT, 0x0fffffff, true},
		{"chain past count", FIELD(3, BM_HMF1_FOFF_NEXT), 6, true},
		{"chain far past count", FIELD(3, BM_HMF1_FOFF_NEXT), 0x7fffffff,
		 true},
		{"hash head past count", BM_HMF1_OFF_HASH_TABLE + 4, 9, true},
		{"offset past end", FIELD(4, BM_HMF1_FOFF_OFFSET), 0x10000, true},
		{"offset wraps", FIELD(4, BM_HMF1_FOFF_OFFSET), 0xfffffff0, true},
		{"name past end", FIELD(5, BM_HMF1_FOFF_NAME_LENGTH), 0x7fff,
		 false},
		{"field data past end", FIELD(5, BM_HMF1_FOFF_DATA_SIZE), 100,
		 true},
	};
	for (size_t e = 0; e < sizeof edits / sizeof edits[0]; e++) {
		apply_edit(bytes, base, size, &edits[e]);
		/* passed by area: the area id is -1 in the base; give one. */
		if (edits[e].offset == BM_HMF1_OFF_FLAGS && edits[e].value != 0)
			bm__store32(bytes + 20, 7);
		expect_rejected(bytes, size, edits[e].what);
	}
	free(bytes);
	free(base);
}
END_TEST

/* What Unflatten accepts, as Haiku's does, and leaves to the read that
 * reaches it: that read returns BM_BAD_DATA (or the status Haiku's walk
 * gives), and every read, flatten and add of the message returns a
 * documented status (the hostile-input oracle). */
START_TEST(malformed_hmf1_is_checked_on_read)
{
	size_t size;
	uint8_t *base = malformed_base(&size);
	uint8_t *bytes = malloc(size);
	ck_assert_ptr_nonnull(bytes);
	static const struct {
		struct m4_edit edit;
		const char *name; /* a find of item `index` of it gives `rc` */
		int32_t index;
		int rc;
		int32_t field; /* field_at(field) gives BM_BAD_DATA; -1: none */
	} cases[] = {
		{{"hash_table_size 4", BM_HMF1_OFF_HASH_SIZE, 4, true},
		 NULL, 0, BM_OK, -1},
		{{"chain loops back", FIELD(2, BM_HMF1_FOFF_NEXT), 0, true},
		 "data3", 0, BM_BAD_DATA, -1},
		{{"chain to itself", FIELD(1, BM_HMF1_FOFF_NEXT), 1, true},
		 "data2", 0, BM_BAD_DATA, -1},
		{{"chain skips a field", FIELD(1, BM_HMF1_FOFF_NEXT), 3, true},
		 "data2", 0, BM_NAME_NOT_FOUND, -1},
		{{"chain to other bucket", FIELD(3, BM_HMF1_FOFF_NEXT), 4, true},
		 "data4", 0, BM_OK, -1},
		{{"hash head wrong bucket", BM_HMF1_OFF_HASH_TABLE, 4, true},
		 "data0x", 0, BM_NAME_NOT_FOUND, -1},
		{{"count zero", FIELD(0, BM_HMF1_FOFF_COUNT), 0, true},
		 "data0", 0, BM_BAD_INDEX, 0},
		{{"count too big (variable)", FIELD(5, BM_HMF1_FOFF_COUNT), 3,
		  true},
		 "data0x", 2, BM_BAD_DATA, -1},
		{{"fixed items of no byte", FIELD(0, BM_HMF1_FOFF_COUNT), 5, true},
		 "data0", 1, BM_BAD_DATA, -1},
		{{"field not VALID", FIELD(2, BM_HMF1_FOFF_FLAGS), 0, false},
		 "data3", 0, BM_NAME_NOT_FOUND, -1},
		{{"item size past field", DATA + 5 * 10 + 7, 0x100, true},
		 "data0x", 0, BM_BAD_DATA, -1},
		{{"item size zero", DATA + 5 * 10 + 7, 0, true},
		 "data0x", 0, BM_BAD_DATA, -1},
		{{"second item size past field", DATA + 5 * 10 + 7 + 8, 6, true},
		 "data0x", 1, BM_BAD_DATA, -1},
		{{"name without NUL", DATA + 5, 'x', false},
		 "data0", 0, BM_NAME_NOT_FOUND, 0},
		{{"name_length zero", FIELD(5, BM_HMF1_FOFF_NAME_LENGTH), 0,
		  false},
		 "data0x", 0, BM_BAD_DATA, 5},
		{{"next_field -2 ends the chain", FIELD(0, BM_HMF1_FOFF_NEXT),
		  0xfffffffe, true},
		 "data1", 0, BM_NAME_NOT_FOUND, -1},
	};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		const char *what = cases[c].edit.what;
		apply_edit(bytes, base, size, &cases[c].edit);
		bm_alloc_counting(true);
		bm_alloc_reset_counts();
		bm_message *msg = m4_new(0);
		ck_assert_msg(bm_unflatten(msg, bytes, size) == BM_OK, "%s", what);
		if (cases[c].name != NULL) {
			const void *data;
			size_t item_size;
			int rc = bm_find_data(msg, cases[c].name, BM_ANY_TYPE,
			                      cases[c].index, &data, &item_size);
			ck_assert_msg(rc == cases[c].rc, "%s: find of %s[%d]: %s",
			              what, cases[c].name, (int)cases[c].index,
			              bm_status_name(rc));
		}
		if (cases[c].field >= 0) {
			struct bm_field_info info;
			int rc = bm_field_at(msg, cases[c].field, &info);
			ck_assert_msg(rc == BM_BAD_DATA, "%s: field_at(%d): %s", what,
			              (int)cases[c].field, bm_status_name(rc));
		}
		/* Flatten writes the bytes it holds. */
		size_t flat_size;
		uint8_t *flat = m4_flatten(msg, &flat_size);
		cu_assert_bytes_eq(flat, flat_size, bytes, size, what);
		free(flat);
		bm_destroy(msg);

		char why[256] = "";
		bool accepted;
		msg = m4_new(0);
		ck_assert_msg(tu_check_input(msg, bytes, size, &accepted, why,
		                             sizeof why),
		              "%s: %s", what, why);
		ck_assert_msg(accepted, "%s: refused", what);
		bm_destroy(msg);
		ck_assert_int_eq(bm_alloc_counts()->live, 0);
		bm_alloc_counting(false);
	}
	free(bytes);
	free(base);
}
END_TEST
#undef FIELD
#undef DATA

Suite *
make_message4_suite(void)
{
	Suite *suite = suite_create("message4");

	TCase *layout = tcase_create("layout");
	tcase_add_test(layout, descriptor_is_registered_as_haiku_hmf1);
	tcase_add_test(layout, fresh_message_flattens_to_init_header);
	tcase_add_test(layout, create_is_object_plus_header);
	cu_add_le_test(layout, five_int32_matches_the_derived_vector_and_fixture);
	tcase_add_test(layout, benchmark_messages_have_the_derived_hmf1_sizes);
	tcase_add_test(layout, five_strings_are_size_prefixed_and_unpadded);
	tcase_add_test(layout, individual_int32_hash_table_and_tail_chain);
	tcase_add_test(layout, names_land_in_haiku_buckets);
	tcase_add_test(layout, insert_into_earlier_field_shifts_later_offsets);
	tcase_add_test(layout, variable_items_found_by_walking);
	tcase_add_test(layout, field_at_follows_field_array_order);
	tcase_add_test(layout, make_empty_frees_buffers_and_keeps_what);
	tcase_set_timeout(layout, 60);
	suite_add_tcase(suite, layout);

	TCase *growth = tcase_create("growth");
	tcase_add_test(growth, first_adds_allocate_as_haiku);
	tcase_add_test(growth, data_buffer_doubles_capped_at_40960);
	tcase_add_test(growth, big_item_grows_by_at_least_the_change);
	tcase_add_test(growth, field_array_grows_1_3_7_15_then_by_50);
	tcase_set_timeout(growth, 60);
	suite_add_tcase(suite, growth);

	TCase *errors = tcase_create("errors");
	tcase_add_test(errors, type_and_size_mismatches_change_nothing);
	tcase_add_test(errors, missing_names_and_bad_indices);
	tcase_add_test(errors, longest_name_is_stored_with_its_nul);
	tcase_add_test(errors, too_large_is_refused_before_anything_changes);
	tcase_add_test(errors, failed_first_add_removes_the_field);
	tcase_add_test(errors, every_failed_allocation_leaves_message_unchanged);
	tcase_set_timeout(errors, 60);
	suite_add_tcase(suite, errors);

	TCase *unflatten = tcase_create("unflatten");
	tcase_add_test(unflatten, haiku_files_unflatten_and_rebuild_byte_for_byte);
	tcase_add_test(unflatten, flatten_unflatten_round_trip);
	tcase_add_test(unflatten,
	               unflatten_replaces_content_and_ignores_trailing_bytes);
	tcase_add_test(unflatten, unflatten_allocation_failure_leaves_empty);
	tcase_add_test(unflatten, malformed_hmf1_is_rejected_without_leaks);
	tcase_add_test(unflatten, malformed_hmf1_is_checked_on_read);
	tcase_set_timeout(unflatten, 120);
	suite_add_tcase(suite, unflatten);

	return suite;
}
