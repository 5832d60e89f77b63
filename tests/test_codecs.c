/*
 * test_codecs.c - the shared codecs: the FOB1 reader, item swapping, the
 * HMF1 check and bm_decode, on the real fixtures in tests/data/haiku (each
 * against the .json beside it, parsed with jansson), on big-endian variants
 * made here by a byte swapper of our own (independent of impl/), and on
 * malformed input of every kind the checks of impl/README.md §7 refuse.
 */
#include "suites.h"
#include "check_util.h"

#include "alloc.h"
#include "bmsg.h"
#include "wire.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- The FOB1 reader ------------------------------------------------------------- */

/* Reads a whole R5 message with the shared reader into JSON, or returns
 * NULL with *status set when the reader rejects it. */
static json_t *
json_from_r5_reader(const uint8_t *bytes, size_t size, int *status)
{
	struct bm__r5_reader reader;
	int rc = bm__r5_open(&reader, bytes, size);
	if (rc != BM_OK) {
		*status = rc;
		return NULL;
	}
	json_t *message = cu_json_message(reader.swapped ? "R5-swapped" : "R5",
	                                   reader.what);
	struct bm__r5_record record;
	while ((rc = bm__r5_next(&reader, &record)) == 1) {
		json_t *items = cu_json_add_field(message, record.name,
		                                  record.name_len, record.type);
		const uint8_t *chunk = record.data;
		for (uint32_t i = 0; i < record.count; i++) {
			const uint8_t *item;
			size_t item_size;
			if (record.flags & BM_R5_FIELD_FIXED) {
				item_size = record.data_size / record.count;
				item = record.data + i * item_size;
			} else {
				chunk = bm__r5_next_chunk(chunk, reader.swapped, &item,
				                          &item_size);
			}
			uint8_t *host = cu_copy(item, item_size);
			if (reader.swapped)
				bm__swap_item(record.type, item, host, item_size);
			cu_json_add_item(items, host, item_size);
			free(host);
		}
	}
	if (rc != 0) {
		json_decref(message);
		*status = rc;
		return NULL;
	}
	*status = BM_OK;
	return message;
}

/* Expects the reader to reject bytes[0..size) somewhere, without crashing. */
static int
r5_reader_status(const uint8_t *bytes, size_t size)
{
	int status;
	json_t *message = json_from_r5_reader(bytes, size, &status);
	json_decref(message);
	return status;
}

/* Reads bytes[0..size) with the FOB1 reader, then the same message as a
 * host of the other byte order writes it (cu_swapped_r5), and compares
 * both with `expected` (the swapped one as format "R5-swapped"). */
static void
assert_r5_reader_reads_both_orders(const uint8_t *bytes, size_t size,
                                   json_t *expected, const char *context)
{
	char swapped_context[300];
	snprintf(swapped_context, sizeof swapped_context, "%s swapped", context);
	int status;
	json_t *actual = json_from_r5_reader(bytes, size, &status);
	ck_assert_msg(actual != NULL, "%s: %s", context, bm_status_name(status));
	cu_assert_json_equal(actual, expected, context);
	json_decref(actual);

	uint8_t *swapped = cu_swapped_r5(bytes, size);
	json_t *expected_swapped = cu_json_with_format(expected, "R5-swapped");
	actual = json_from_r5_reader(swapped, size, &status);
	ck_assert_msg(actual != NULL, "%s: %s", swapped_context,
	              bm_status_name(status));
	cu_assert_json_equal(actual, expected_swapped, swapped_context);
	json_decref(actual);
	json_decref(expected_swapped);
	free(swapped);
}

START_TEST(r5_reader_reads_every_r5_fixture_in_both_orders)
{
	if (!tu_host_is_little_endian())
		return; /* the fixtures are little-endian files */
	char **names;
	size_t count = tu_list_fixtures(&names), seen = 0;
	for (size_t i = 0; i < count; i++) {
		if (!cu_is_fixture_of(names[i], "r5-"))
			continue;
		size_t size;
		uint8_t *bytes = cu_read_msg(names[i], &size);
		json_t *expected = cu_read_expected(names[i]);
		assert_r5_reader_reads_both_orders(bytes, size, expected, names[i]);
		json_decref(expected);
		free(bytes);
		seen++;
	}
	tu_free_names(names, count);
	ck_assert_uint_eq(seen, 20);
}
END_TEST

START_TEST(r5_reader_reads_the_be_written_103_byte_message)
{
	if (!tu_host_is_little_endian())
		return;
	/* impl/README.md §9.2: 103 bytes written by Be's code, one MINI
	 * variable field. */
	size_t size;
	uint8_t *bytes = cu_read_msg("r5-be-mini-nested-Website_Login", &size);
	ck_assert_uint_eq(size, 103);
	struct bm__r5_reader reader;
	ck_assert_int_eq(bm__r5_open(&reader, bytes, size), BM_OK);
	ck_assert(!reader.swapped);
	ck_assert_uint_eq(reader.what, 0);
	ck_assert_uint_eq(reader.message_flags, 0x01);
	ck_assert_uint_eq(reader.flat_size, 103);
	struct bm__r5_record record;
	ck_assert_int_eq(bm__r5_next(&reader, &record), 1);
	ck_assert_uint_eq(record.flags, 0x03);
	ck_assert_uint_eq(record.type, BM_STRING_TYPE);
	ck_assert_uint_eq(record.count, 3);
	ck_assert_uint_eq(record.data_size, 0x48);
	ck_assert_uint_eq(record.name_len, 5);
	ck_assert_mem_eq(record.name, "class", 5);
	ck_assert_ptr_eq(record.data, bytes + 0x1e);
	static const char *const texts[] = {"EraseRenderer", "MaskRenderer",
	                                    "EraseRenderer"};
	const uint8_t *chunk = record.data;
	for (int i = 0; i < 3; i++) {
		const uint8_t *item;
		size_t item_size;
		chunk = bm__r5_next_chunk(chunk, false, &item, &item_size);
		ck_assert_uint_eq(item_size, strlen(texts[i]) + 1);
		ck_assert_mem_eq(item, texts[i], item_size);
	}
	ck_assert_ptr_eq(chunk, record.data + record.data_size);
	ck_assert_int_eq(bm__r5_next(&reader, &record), 0);
	ck_assert_int_eq(bm__r5_next(&reader, &record), 0);
	free(bytes);
}
END_TEST

/* Inserts the optional header parts for `flags` into the 17-byte header of
 * an R5 message and fixes size and checksum. */
static uint8_t *
with_header_parts(const uint8_t *in, size_t size, uint8_t extra_flags,
                  size_t *out_size)
{
	size_t extra = cu_r5_header_size(extra_flags) - 17;
	uint8_t *out = malloc(size + extra);
	ck_assert_ptr_nonnull(out);
	memcpy(out, in, 17);
	uint8_t *p = out + 17;
	if (extra_flags & 0x02) {
		cu_put32(p, 0x1234); /* target */
		p += 4;
	}
	if (extra_flags & 0x04) {
		cu_put32(p, 77);     /* reply port */
		cu_put32(p + 4, (uint32_t)-2); /* reply target: preferred */
		cu_put32(p + 8, 12); /* reply team */
		memcpy(p + 12, "\x01\x01\x00\x00", 4); /* big flags */
		p += 16;
	}
	memcpy(p, in + 17, size - 17);
	out[16] |= extra_flags;
	cu_put32(out + 8, (uint32_t)(size + extra));
	cu_fix_r5_checksum(out);
	*out_size = size + extra;
	return out;
}

START_TEST(r5_reader_skips_target_and_reply_parts)
{
	if (!tu_host_is_little_endian())
		return;
	static const uint8_t parts[] = {0x02, 0x04, 0x06};
	static const char *const names[] = {"r5-be-mini-derived-5_string",
	                                    "r5-haiku-derived-5_int32"};
	for (size_t n = 0; n < 2; n++) {
		size_t size;
		uint8_t *plain = cu_read_msg(names[n], &size);
		json_t *expected = cu_read_expected(names[n]);
		for (size_t i = 0; i < sizeof parts; i++) {
			size_t big_size;
			uint8_t *big = with_header_parts(plain, size, parts[i],
			                                 &big_size);
			ck_assert_uint_eq(big_size - size,
			                  cu_r5_header_size(parts[i]) - 17);
			char context[128];
			snprintf(context, sizeof context, "%s flags %x", names[n],
			         parts[i]);
			assert_r5_reader_reads_both_orders(big, big_size, expected,
			                                   context);

			/* The checksum covers the optional parts: change one. */
			big[20] ^= 0x40;
			ck_assert_int_eq(r5_reader_status(big, big_size),
			                 BM_NOT_A_MESSAGE);
			free(big);
		}
		json_decref(expected);
		free(plain);
	}
}
END_TEST

START_TEST(r5_reader_rejects_bad_headers)
{
	if (!tu_host_is_little_endian())
		return;
	size_t size;
	uint8_t *good = cu_read_msg("r5-haiku-derived-5_int32", &size);
	ck_assert_int_eq(r5_reader_status(good, size), BM_OK);
	uint8_t *bad = cu_copy(good, size);

	ck_assert_int_eq(r5_reader_status(NULL, size), BM_NOT_A_MESSAGE);
	bad[0] = 'X'; /* magic */
	ck_assert_int_eq(r5_reader_status(bad, size), BM_NOT_A_MESSAGE);
	memcpy(bad, good, size);
	memcpy(bad, "HMF1", 4);
	ck_assert_int_eq(r5_reader_status(bad, size), BM_NOT_A_MESSAGE);

	memcpy(bad, good, size);
	bad[4] ^= 1; /* checksum */
	ck_assert_int_eq(r5_reader_status(bad, size), BM_NOT_A_MESSAGE);
	memcpy(bad, good, size);
	bad[12] = 1; /* what changed, checksum not */
	ck_assert_int_eq(r5_reader_status(bad, size), BM_NOT_A_MESSAGE);

	/* flattened_size past the end, too small for header + terminator,
	 * negative; each with a correct checksum. */
	static const uint32_t flat_sizes[] = {57, 1000, 17, 0, 0x80000000u,
	                                      0xffffffffu};
	for (size_t i = 0; i < sizeof flat_sizes / sizeof flat_sizes[0]; i++) {
		memcpy(bad, good, size);
		cu_put32(bad + 8, flat_sizes[i]);
		cu_fix_r5_checksum(bad);
		ck_assert_int_eq(r5_reader_status(bad, size), BM_NOT_A_MESSAGE);
	}
	/* Header parts announced by the flags but cut off. */
	memcpy(bad, good, size);
	bad[16] |= 0x04;
	cu_put32(bad + 8, 34); /* header 33 + a terminator */
	cu_fix_r5_checksum(bad);
	ck_assert_int_eq(r5_reader_status(bad, 33), BM_NOT_A_MESSAGE);

	/* Every truncation of the input. */
	for (size_t cut = 0; cut < size; cut++) {
		uint8_t *prefix = cu_copy(good, cut);
		ck_assert_int_eq(r5_reader_status(prefix, cut), BM_NOT_A_MESSAGE);
		free(prefix);
	}
	/* Bytes after flattened_size are not part of the message. */
	uint8_t *longer = malloc(size + 5);
	memcpy(longer, good, size);
	memset(longer + size, 0xaa, 5);
	ck_assert_int_eq(r5_reader_status(longer, size + 5), BM_OK);
	free(longer);
	free(bad);
	free(good);
}
END_TEST

/* Every shorter flattened_size, with a correct checksum, in a buffer of
 * exactly that size: the records no longer fit and the reader must say so
 * without reading past the buffer (the sanitizer build checks that). */
START_TEST(r5_reader_rejects_every_shortened_message)
{
	if (!tu_host_is_little_endian())
		return;
	char **names;
	size_t count = tu_list_fixtures(&names), checked = 0;
	for (size_t i = 0; i < count; i++) {
		if (!cu_is_fixture_of(names[i], "r5-"))
			continue;
		size_t size;
		uint8_t *bytes = cu_read_msg(names[i], &size);
		if (size <= 16384) {
			for (size_t cut = 18; cut < size; cut++) {
				uint8_t *shorter = cu_copy(bytes, cut);
				cu_put32(shorter + 8, (uint32_t)cut);
				cu_fix_r5_checksum(shorter);
				int status = r5_reader_status(shorter, cut);
				ck_assert_msg(status < 0, "%s cut at %zu accepted",
				              names[i], cut);
				free(shorter);
			}
			checked++;
		}
		free(bytes);
	}
	tu_free_names(names, count);
	ck_assert_uint_ge(checked, 15);
}
END_TEST

START_TEST(r5_reader_rejects_bad_records)
{
	if (!tu_host_is_little_endian())
		return;
	/* The vectors of impl/README.md §8.4 and impl/README.md §8.5. Haiku
	 * rules, 56 bytes: record at 17 = 05 'LONG' count 5 size 20 nlen 4
	 * "data" items terminator. */
	size_t isize, ssize;
	uint8_t *ints = cu_read_msg("r5-haiku-derived-5_int32", &isize);
	/* Be rules, 110 bytes: 03 'CSTR' cnt 5 size 0x50 nlen 4 "data" chunks. */
	uint8_t *strs = cu_read_msg("r5-be-mini-derived-5_string", &ssize);
	ck_assert_uint_eq(isize, 56);
	ck_assert_uint_eq(ssize, 110);
	ck_assert_uint_eq(ints[17], 0x05);
	ck_assert_uint_eq(strs[17], 0x03);
	uint8_t *bad = malloc(ssize + 8);

	static const struct {
		size_t offset;
		uint32_t value;
		int width;
		int status;
	} int_cases[] = {
		{22, 0, 4, BM_BAD_VALUE},           /* count 0 */
		{22, 0xffffffffu, 4, BM_BAD_VALUE}, /* count -1 */
		{22, 0x7fffffffu, 4, BM_BAD_VALUE}, /* count past BM_COUNT_MAX */
		{22, 3, 4, BM_BAD_VALUE},           /* 20 bytes in 3 items */
		{22, 40, 4, BM_BAD_VALUE},          /* more items than bytes */
		{26, 0, 4, BM_BAD_VALUE},           /* size 0 */
		{26, 0x80000000u, 4, BM_BAD_VALUE}, /* size negative */
		{26, 24, 4, BM_NOT_A_MESSAGE},      /* data past the end */
		{26, 1000000, 4, BM_NOT_A_MESSAGE}, /* far past the end */
		{30, 0, 1, BM_BAD_VALUE},           /* name length 0 */
		{30, 200, 1, BM_NOT_A_MESSAGE},     /* name past the end */
		{32, 0, 1, BM_BAD_VALUE},           /* NUL inside the name */
		{34, 0, 1, BM_BAD_VALUE},           /* NUL at the name's end */
		{55, 1, 1, BM_NOT_A_MESSAGE},       /* terminator made a record */
	};
	for (size_t i = 0; i < sizeof int_cases / sizeof int_cases[0]; i++) {
		memcpy(bad, ints, isize);
		cu_put_value(bad + int_cases[i].offset, int_cases[i].value,
		          int_cases[i].width);
		ck_assert_msg(r5_reader_status(bad, isize) == int_cases[i].status,
		              "int32 case %zu: %s", i,
		              bm_status_name(r5_reader_status(bad, isize)));
	}
	/* The first data byte made a terminator: the record is not at the end. */
	memcpy(bad, ints, isize);
	bad[17] = 0x00;
	ck_assert_int_eq(r5_reader_status(bad, isize), BM_NOT_A_MESSAGE);
	/* A byte after the terminator, inside flattened_size. */
	memcpy(bad, ints, isize);
	bad[isize] = 0;
	cu_put32(bad + 8, (uint32_t)isize + 1);
	cu_fix_r5_checksum(bad);
	ck_assert_int_eq(r5_reader_status(bad, isize + 1), BM_NOT_A_MESSAGE);

	static const struct {
		size_t offset;
		uint8_t value;
		int status;
	} string_cases[] = {
		{22, 0, BM_BAD_VALUE},       /* count 0 (MINI byte) */
		{22, 6, BM_BAD_VALUE},       /* 6 chunks announced, 5 there */
		{22, 4, BM_BAD_VALUE},       /* 4 chunks: bytes left over */
		{23, 0x48, BM_BAD_VALUE},    /* size one chunk short */
		{23, 0, BM_BAD_VALUE},       /* size 0 */
		{23, 0xff, BM_NOT_A_MESSAGE}, /* size past the end */
		{29, 0, BM_BAD_VALUE},       /* first chunk's item size 0 */
		{29, 13, BM_BAD_VALUE},      /* 4+13 pads to 24: sum off */
		{29, 0xf0, BM_BAD_VALUE},    /* chunk past the record */
		{32, 0x80, BM_BAD_VALUE},    /* item size negative */
	};
	for (size_t i = 0; i < sizeof string_cases / sizeof string_cases[0];
	     i++) {
		memcpy(bad, strs, ssize);
		bad[string_cases[i].offset] = string_cases[i].value;
		int status = r5_reader_status(bad, ssize);
		ck_assert_msg(status == string_cases[i].status,
		              "string case %zu: %s", i, bm_status_name(status));
	}
	/* 4 + 7 pads to 16 as 4 + 6 does: the same layout, so a valid message
	 * whose first item is 7 bytes long. */
	memcpy(bad, strs, ssize);
	bad[29] = 7;
	ck_assert_int_eq(r5_reader_status(bad, ssize), BM_OK);
	free(bad);
	free(strs);
	free(ints);
}
END_TEST

/* --- Item swapping ------------------------------------------------------------------ */

START_TEST(swap_item_follows_haiku_swap_data)
{
	const uint8_t in[16] = {1, 2, 3, 4, 5, 6, 7, 8,
	                        9, 10, 11, 12, 13, 14, 15, 16};
	uint8_t out[16];
	static const struct {
		char code[5];
		size_t size;
		uint8_t expected[16];
	} cases[] = {
		{"SHRT", 4, {2, 1, 4, 3}},
		{"USHT", 2, {2, 1}},
		{"LONG", 4, {4, 3, 2, 1}},
		{"ULNG", 8, {4, 3, 2, 1, 8, 7, 6, 5}},
		{"FLOT", 4, {4, 3, 2, 1}},
		{"BPNT", 8, {4, 3, 2, 1, 8, 7, 6, 5}},
		{"RECT", 16, {4, 3, 2, 1, 8, 7, 6, 5, 12, 11, 10, 9, 16, 15, 14, 13}},
		{"MSNG", 12, {4, 3, 2, 1, 8, 7, 6, 5, 12, 11, 10, 9}},
		{"PNTR", 4, {4, 3, 2, 1}},
		{"SIZT", 8, {8, 7, 6, 5, 4, 3, 2, 1}},
		{"TIME", 12, {4, 3, 2, 1, 8, 7, 6, 5, 12, 11, 10, 9}},
		{"DBLE", 8, {8, 7, 6, 5, 4, 3, 2, 1}},
		{"LLNG", 16, {8, 7, 6, 5, 4, 3, 2, 1, 16, 15, 14, 13, 12, 11, 10, 9}},
		{"ULLG", 8, {8, 7, 6, 5, 4, 3, 2, 1}},
		{"OFFT", 8, {8, 7, 6, 5, 4, 3, 2, 1}},
		/* A size that is not a whole number of elements: the rest is
		 * copied. */
		{"LONG", 6, {4, 3, 2, 1, 5, 6}},
		{"DBLE", 3, {1, 2, 3}},
		/* Bytes and everything else: copied. */
		{"CSTR", 5, {1, 2, 3, 4, 5}},
		{"MSGG", 8, {1, 2, 3, 4, 5, 6, 7, 8}},
		{"RAWT", 4, {1, 2, 3, 4}},
		{"BOOL", 1, {1}},
		{"RGBC", 4, {1, 2, 3, 4}},
		{"UBYT", 2, {1, 2}},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *c = cases[i].code;
		bm_type_code type = BM_TYPE(c[0], c[1], c[2], c[3]);
		memset(out, 0xee, sizeof out);
		bm__swap_item(type, in, out, cases[i].size);
		ck_assert_msg(memcmp(out, cases[i].expected, cases[i].size) == 0,
		              "%s size %zu", c, cases[i].size);
		for (size_t k = cases[i].size; k < sizeof out; k++)
			ck_assert_uint_eq(out[k], 0xee);
		/* In place gives the same result. */
		uint8_t same[16];
		memcpy(same, in, sizeof same);
		bm__swap_item(type, same, same, cases[i].size);
		ck_assert_mem_eq(same, cases[i].expected, cases[i].size);
	}
}
END_TEST

/* --- The HMF1 check ------------------------------------------------------------------ */

START_TEST(hmf1_check_accepts_every_fixture_in_both_orders)
{
	if (!tu_host_is_little_endian())
		return;
	char **names;
	size_t count = tu_list_fixtures(&names), seen = 0;
	for (size_t i = 0; i < count; i++) {
		if (!cu_is_fixture_of(names[i], "hmf1-"))
			continue;
		size_t size, flat_size = 0;
		uint8_t *bytes = cu_read_msg(names[i], &size);
		ck_assert_msg(bm__hmf1_check(bytes, size, false, &flat_size, NULL) == BM_OK,
		              "%s", names[i]);
		ck_assert_uint_eq(flat_size, size);
		ck_assert_int_eq(bm__hmf1_check(bytes, size, true, &flat_size, NULL),
		                 BM_NOT_A_MESSAGE);
		uint8_t *swapped = cu_swapped_hmf1(bytes, size);
		flat_size = 0;
		ck_assert_msg(bm__hmf1_check(swapped, size, true, &flat_size, NULL) ==
		                  BM_OK, "%s swapped", names[i]);
		ck_assert_uint_eq(flat_size, size);
		ck_assert_int_eq(bm__hmf1_check(swapped, size, false, &flat_size, NULL),
		                 BM_NOT_A_MESSAGE);
		/* Bytes after the message are not part of it. */
		uint8_t *longer = malloc(size + 3);
		memcpy(longer, bytes, size);
		memset(longer + size, 0xff, 3);
		ck_assert_int_eq(bm__hmf1_check(longer, size + 3, false, &flat_size, NULL),
		                 BM_OK);
		ck_assert_uint_eq(flat_size, size);
		/* Every truncation is refused. */
		for (size_t cut = 0; cut < size; cut++) {
			uint8_t *prefix = cu_copy(bytes, cut);
			ck_assert_msg(bm__hmf1_check(prefix, cut, false, NULL, NULL) < 0,
			              "%s cut at %zu", names[i], cut);
			free(prefix);
		}
		free(longer);
		free(swapped);
		free(bytes);
		seen++;
	}
	tu_free_names(names, count);
	ck_assert_uint_eq(seen, 12);
}
END_TEST

/*
 * hmf1-HAIKU_Leaf: 7 top-level fields, hash table [0, 1, 2, 3, -1]. The
 * chains (checked below) are bucket 0: 0 -> 4 -> 6 ("layer", "zoom level",
 * "show guides"), bucket 1: 1 -> 5 ("bounds", "zoom center"), bucket 2: 2,
 * bucket 3: 3.
 */
#define LEAF_FIELD(i) (68 + 24 * (i))
#define LEAF_AREA LEAF_FIELD(7)

static int
leaf_status(const uint8_t *bytes, size_t size)
{
	return bm__hmf1_check(bytes, size, false, NULL, NULL);
}

START_TEST(hmf1_check_rejects_bad_chains)
{
	if (!tu_host_is_little_endian())
		return;
	size_t size;
	uint8_t *good = cu_read_msg("hmf1-HAIKU_Leaf", &size);
	ck_assert_int_eq(leaf_status(good, size), BM_OK);
	ck_assert_uint_eq(cu_get32(good + 40), 7);
	static const int32_t heads[5] = {0, 1, 2, 3, -1};
	static const int32_t nexts[7] = {4, 5, -1, -1, 6, -1, -1};
	for (int b = 0; b < 5; b++)
		ck_assert_int_eq((int32_t)cu_get32(good + 48 + 4 * b), heads[b]);
	for (int i = 0; i < 7; i++)
		ck_assert_int_eq((int32_t)cu_get32(good + LEAF_FIELD(i) + 20), nexts[i]);
	uint8_t *bad = cu_copy(good, size);

	static const struct {
		size_t offset; /* an int32 to overwrite */
		int32_t value;
		const char *what;
	} cases[] = {
		{LEAF_FIELD(6) + 20, 0, "cycle back to the head"},
		{LEAF_FIELD(4) + 20, 4, "field pointing at itself"},
		{LEAF_FIELD(4) + 20, 7, "next past field_count"},
		{LEAF_FIELD(4) + 20, -2, "next negative"},
		{LEAF_FIELD(4) + 20, -1, "chain cut: field 6 unreached"},
		{LEAF_FIELD(0) + 20, 6, "field 4 skipped"},
		{LEAF_FIELD(4) + 20, 5, "field of bucket 1 in chain 0"},
		{48 + 4 * 0, 4, "head not the first: field 0 unreached"},
		{48 + 4 * 0, -1, "bucket 0 empty: three fields unreached"},
		{48 + 4 * 4, 2, "two heads for one field"},
		{48 + 4 * 4, 7, "head past field_count"},
		{48 + 4 * 3, -5, "head negative"},
		{48 + 4 * 2, 3, "field 3 in bucket 2"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		memcpy(bad, good, size);
		cu_put32(bad + cases[i].offset, (uint32_t)cases[i].value);
		ck_assert_msg(leaf_status(bad, size) == BM_BAD_VALUE, "%s: %s",
		              cases[i].what, bm_status_name(leaf_status(bad, size)));
	}
	/* Swapping two heads puts every field of both in the wrong bucket. */
	memcpy(bad, good, size);
	cu_put32(bad + 48, 1);
	cu_put32(bad + 52, 0);
	ck_assert_int_eq(leaf_status(bad, size), BM_BAD_VALUE);
	free(bad);
	free(good);
}
END_TEST

START_TEST(hmf1_check_rejects_bad_headers_and_fields)
{
	if (!tu_host_is_little_endian())
		return;
	size_t size, var_size;
	uint8_t *good = cu_read_msg("hmf1-HAIKU_Leaf", &size);
	/* shortcuts_settings: one variable MSGG field "spec" with 3 items. */
	uint8_t *var = cu_read_msg("hmf1-shortcuts_settings", &var_size);
	ck_assert_int_eq(leaf_status(var, var_size), BM_OK);
	uint8_t *bad = malloc(size > var_size ? size : var_size);

	const size_t area = LEAF_AREA;
	/* Field 0 is "layer": offset 0, name_length 6, variable MSGG. */
	ck_assert_uint_eq(cu_get32(good + LEAF_FIELD(0) + 16), 0);
	ck_assert_uint_eq(cu_get16(good + LEAF_FIELD(0) + 2), 6);
	ck_assert_mem_eq(good + area, "layer", 6);
	/* Field 2 is fixed ('RECT', one 16-byte item). */
	ck_assert_uint_eq(cu_get16(good + LEAF_FIELD(2)), 3);

	static const struct {
		size_t offset;
		uint32_t value;
		int width;
		int status;
		const char *what;
	} cases[] = {
		{0, 0x31464d49u, 4, BM_NOT_A_MESSAGE, "magic"},
		{8, 0, 4, BM_NOT_A_MESSAGE, "message flags without VALID"},
		{8, 0x81, 4, BM_OK, "PASS_BY_AREA without an area"},
		{44, 10, 4, BM_NOT_A_MESSAGE, "hash_table_size 10"},
		{44, 0, 4, BM_NOT_A_MESSAGE, "hash_table_size 0"},
		{40, 8, 4, BM_NOT_A_MESSAGE, "one field header more than stored"},
		{40, 0xffffffffu, 4, BM_NOT_A_MESSAGE, "field_count -1"},
		{40, 0x0aaaaaabu, 4, BM_NOT_A_MESSAGE, "24 * field_count wraps"},
		{40, 6, 4, BM_BAD_VALUE, "one field header fewer"},
		{36, 0xffffffffu, 4, BM_NOT_A_MESSAGE, "data_size huge"},
		{36, 0, 4, BM_BAD_VALUE, "data_size 0"},
		{LEAF_FIELD(0), 0, 2, BM_BAD_VALUE, "field flags without VALID"},
		{LEAF_FIELD(0) + 2, 1, 2, BM_BAD_VALUE, "name_length 1 (empty)"},
		{LEAF_FIELD(0) + 2, 0, 2, BM_BAD_VALUE, "name_length 0"},
		{LEAF_FIELD(0) + 2, 5, 2, BM_BAD_VALUE, "name without its NUL"},
		{LEAF_FIELD(0) + 2, 300, 2, BM_BAD_VALUE, "name_length past 256"},
		{LEAF_FIELD(0) + 8, 0, 4, BM_BAD_VALUE, "count 0"},
		{LEAF_FIELD(0) + 8, 0xffffffffu, 4, BM_BAD_VALUE, "count -1"},
		{LEAF_FIELD(0) + 8, 2, 4, BM_BAD_VALUE, "count one item more"},
		{LEAF_FIELD(0) + 12, 0, 4, BM_BAD_VALUE, "variable data_size 0"},
		{LEAF_FIELD(0) + 16, 1, 4, BM_BAD_VALUE, "offset not contiguous"},
		{LEAF_FIELD(0) + 16, 0xfffffff0u, 4, BM_BAD_VALUE, "offset huge"},
		{LEAF_FIELD(2) + 8, 3, 4, BM_BAD_VALUE, "16 bytes in 3 fixed items"},
		{LEAF_FIELD(2) + 8, 32, 4, BM_BAD_VALUE, "more items than bytes"},
		{LEAF_FIELD(2) + 12, 0, 4, BM_BAD_VALUE, "fixed data_size 0"},
		{LEAF_FIELD(2) + 12, 0xffffffffu, 4, BM_BAD_VALUE,
		 "fixed data_size huge"},
		{LEAF_FIELD(6) + 12, 2, 4, BM_BAD_VALUE,
		 "last field does not reach the end of the data"},
		{LEAF_AREA + 2, 0, 1, BM_BAD_VALUE, "NUL inside a name"},
		{LEAF_AREA + 5, 'x', 1, BM_BAD_VALUE, "no NUL at a name's end"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		memcpy(bad, good, size);
		cu_put_value(bad + cases[i].offset, cases[i].value, cases[i].width);
		int status = leaf_status(bad, size);
		ck_assert_msg(status == cases[i].status, "%s: %s", cases[i].what,
		              bm_status_name(status));
	}
	/* A message that was passed in an area has no data here. */
	memcpy(bad, good, size);
	cu_put32(bad + 8, 0x81);
	cu_put32(bad + 20, 5);
	ck_assert_int_eq(leaf_status(bad, size), BM_NOT_A_MESSAGE);
	/* A gap between two fields, or two fields sharing bytes. */
	for (int delta = -1; delta <= 1; delta += 2) {
		memcpy(bad, good, size);
		cu_put32(bad + LEAF_FIELD(5) + 16,
		      cu_get32(good + LEAF_FIELD(5) + 16) + (uint32_t)delta);
		ck_assert_int_eq(leaf_status(bad, size), BM_BAD_VALUE);
	}

	/* Variable items: shortcuts_settings's "spec" holds 3 nested messages;
	 * the first item's size prefix is at area + 5 (after "spec\0"). */
	size_t var_area = 68 + 24;
	ck_assert_mem_eq(var + var_area, "spec", 5);
	uint32_t first = cu_get32(var + var_area + 5);
	ck_assert_mem_eq(var + var_area + 9, "HMF1", 4);
	const uint32_t item_sizes[] = {0, first - 1, first + 1, 0x7fffffffu,
	                               0xffffffffu};
	for (size_t i = 0; i < sizeof item_sizes / sizeof item_sizes[0]; i++) {
		memcpy(bad, var, var_size);
		cu_put32(bad + var_area + 5, item_sizes[i]);
		ck_assert_msg(bm__hmf1_check(bad, var_size, false, NULL, NULL) ==
		                  BM_BAD_VALUE, "item size %u", item_sizes[i]);
	}
	free(bad);
	free(var);
	free(good);
}
END_TEST

/* --- bm_decode ------------------------------------------------------------------------ */

/* A sink that builds the content as JSON (the .json layout) and counts the
 * callbacks; it can stop the decoding at a chosen callback. */
struct collector {
	json_t *message;
	json_t *items;      /* the current field's items */
	json_t *fixed;      /* one bool per field */
	int calls;
	int32_t announced;  /* items the current field announced */
	int32_t delivered;
	int stop_at_call;   /* 0: never */
	int stop_status;
	/* Recursion into nested messages (see count_nested_messages). */
	bool recurse;
	bm_type_code type;
	int messages;
	int nested_failures;
};

static void collector_init(struct collector *c);
static int collect_nested(struct collector *parent, const void *data,
                          size_t size);

static int
collector_call(struct collector *c)
{
	c->calls++;
	return c->stop_at_call != 0 && c->calls == c->stop_at_call
	               ? c->stop_status
	               : 0;
}

static int
collect_begin(void *ctx, enum bm_format format, uint32_t what)
{
	struct collector *c = ctx;
	ck_assert_ptr_null(c->message);
	c->message = cu_json_message(bm_format_name(format), what);
	c->fixed = json_array();
	c->messages++;
	return collector_call(c);
}

static int
collect_field(void *ctx, const char *name, size_t name_len, bm_type_code type,
              bool fixed_size, int32_t count)
{
	struct collector *c = ctx;
	ck_assert_ptr_nonnull(c->message);
	ck_assert_int_eq(c->delivered, c->announced);
	ck_assert_int_ge(count, 1);
	ck_assert_uint_ge(name_len, 1);
	ck_assert_uint_le(name_len, BM_NAME_MAX);
	ck_assert_ptr_null(memchr(name, '\0', name_len));
	c->items = cu_json_add_field(c->message, name, name_len, type);
	json_array_append_new(c->fixed, json_boolean(fixed_size));
	c->announced = count;
	c->delivered = 0;
	c->type = type;
	return collector_call(c);
}

static int
collect_item(void *ctx, const void *data, size_t size)
{
	struct collector *c = ctx;
	ck_assert_ptr_nonnull(c->items);
	ck_assert_uint_ge(size, 1);
	c->delivered++;
	ck_assert_int_le(c->delivered, c->announced);
	cu_json_add_item(c->items, data, size);
	if (c->recurse && c->type == BM_MESSAGE_TYPE &&
	    collect_nested(c, data, size) != BM_OK)
		c->nested_failures++;
	return collector_call(c);
}

static void
collector_init(struct collector *c)
{
	memset(c, 0, sizeof *c);
}

static void
collector_free(struct collector *c)
{
	json_decref(c->message);
	json_decref(c->fixed);
	c->message = c->fixed = NULL;
}

static const struct bm_decode_sink *
collector_sink(struct collector *c, struct bm_decode_sink *sink)
{
	sink->begin = collect_begin;
	sink->field = collect_field;
	sink->item = collect_item;
	sink->ctx = c;
	return sink;
}

/* Decodes a nested message and adds its messages to the parent's count. */
static int
collect_nested(struct collector *parent, const void *data, size_t size)
{
	struct collector nested;
	struct bm_decode_sink sink;
	collector_init(&nested);
	nested.recurse = true;
	int rc = bm_decode(data, size, collector_sink(&nested, &sink));
	if (rc == BM_OK) {
		/* Nested messages are in their parent's format. */
		ck_assert_str_eq(json_string_value(json_object_get(nested.message,
		                                                   "format")),
		                 json_string_value(json_object_get(parent->message,
		                                                   "format")));
		ck_assert_int_eq(nested.delivered, nested.announced);
	}
	parent->messages += nested.messages;
	parent->nested_failures += nested.nested_failures;
	collector_free(&nested);
	return rc;
}

/* Decodes with counting on: returns the status, and checks that nothing
 * is left allocated. The content is in c->message on success. */
static int
decode_counted(const uint8_t *bytes, size_t size, struct collector *c)
{
	struct bm_decode_sink sink;
	bm_alloc_counting(true);
	int rc = bm_decode(bytes, size, collector_sink(c, &sink));
	ck_assert_int_eq(bm_alloc_counts()->live, 0);
	bm_alloc_counting(false);
	if (rc == BM_OK)
		ck_assert_int_eq(c->delivered, c->announced);
	return rc;
}

/* Expects bm_decode to refuse bytes[0..size) with no callback made and
 * nothing left allocated; returns the status. */
static int
decode_refused(const uint8_t *bytes, size_t size)
{
	struct collector c;
	collector_init(&c);
	int rc = decode_counted(bytes, size, &c);
	ck_assert_msg(rc < 0, "malformed input accepted");
	ck_assert_int_eq(c.calls, 0);
	collector_free(&c);
	return rc;
}

START_TEST(decode_matches_every_fixture)
{
	if (!tu_host_is_little_endian())
		return;
	char **names;
	size_t count = tu_list_fixtures(&names);
	ck_assert_uint_eq(count, 34);
	for (size_t i = 0; i < count; i++) {
		size_t size;
		uint8_t *bytes = cu_read_msg(names[i], &size);
		json_t *expected = cu_read_expected(names[i]);
		struct collector c;
		collector_init(&c);
		/* Host order: no allocation at all. */
		bm_alloc_counting(true);
		struct bm_decode_sink sink;
		int rc = bm_decode(bytes, size, collector_sink(&c, &sink));
		ck_assert_uint_eq(bm_alloc_calls(), 0);
		bm_alloc_counting(false);
		ck_assert_msg(rc == BM_OK, "%s: %s", names[i], bm_status_name(rc));
		cu_assert_json_equal(c.message, expected, names[i]);
		collector_free(&c);
		json_decref(expected);
		free(bytes);
	}
	tu_free_names(names, count);
}
END_TEST

START_TEST(decode_matches_swapped_variants)
{
	if (!tu_host_is_little_endian())
		return;
	char **names;
	size_t count = tu_list_fixtures(&names), seen = 0;
	for (size_t i = 0; i < count; i++) {
		bool r5 = cu_is_fixture_of(names[i], "r5-");
		if (!r5 && !cu_is_fixture_of(names[i], "hmf1-"))
			continue;
		size_t size;
		uint8_t *bytes = cu_read_msg(names[i], &size);
		uint8_t *swapped = r5 ? cu_swapped_r5(bytes, size)
		                      : cu_swapped_hmf1(bytes, size);
		ck_assert_mem_ne(swapped, bytes, 4);
		json_t *expected = cu_read_expected(names[i]);
		json_t *expected_swapped =
			cu_json_with_format(expected, r5 ? "R5-swapped" : "HMF1-swapped");
		struct collector c;
		collector_init(&c);
		bm_alloc_counting(true);
		struct bm_decode_sink sink;
		int rc = bm_decode(swapped, size, collector_sink(&c, &sink));
		/* One scratch buffer for the items, freed at the end. */
		ck_assert_uint_eq(bm_alloc_calls(), 1);
		ck_assert_int_eq(bm_alloc_counts()->live, 0);
		bm_alloc_counting(false);
		ck_assert_msg(rc == BM_OK, "%s swapped: %s", names[i],
		              bm_status_name(rc));
		cu_assert_json_equal(c.message, expected_swapped, names[i]);
		collector_free(&c);
		json_decref(expected_swapped);
		json_decref(expected);
		free(swapped);
		free(bytes);
		seen++;
	}
	tu_free_names(names, count);
	ck_assert_uint_eq(seen, 32);
}
END_TEST

/* Decodes every nested message of every fixture: the message counts the
 * fixtures' README gives, measured there with an independent decoder. */
START_TEST(decode_reads_every_nested_message)
{
	if (!tu_host_is_little_endian())
		return;
	static const struct {
		const char *name;
		int messages;
	} known[] = {
		{"r5-be-mini-HAIKU_logo-deskbar", 121},
		{"r5-haiku-splash_icons", 109},
		{"hmf1-H_square-black_on_white", 53},
		{"dano-App_NetSurf_Original", 53},
		{"hmf1-shortcuts_settings", 22},
	};
	char **names;
	size_t count = tu_list_fixtures(&names);
	size_t matched = 0;
	for (size_t i = 0; i < count; i++) {
		size_t size;
		uint8_t *bytes = cu_read_msg(names[i], &size);
		struct collector c;
		collector_init(&c);
		c.recurse = true;
		ck_assert_int_eq(decode_counted(bytes, size, &c), BM_OK);
		ck_assert_msg(c.nested_failures == 0, "%s: %d nested messages fail",
		              names[i], c.nested_failures);
		for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
			if (strcmp(names[i], known[k].name) == 0) {
				ck_assert_msg(c.messages == known[k].messages,
				              "%s: %d messages", names[i], c.messages);
				matched++;
			}
		}
		collector_free(&c);
		free(bytes);
	}
	tu_free_names(names, count);
	ck_assert_uint_eq(matched, 5);
}
END_TEST

/* Fixed-size flags: kept from R5 and HMF1 field flags; Dano by
 * impl/README.md §6.2 rule 5. */
START_TEST(decode_reports_fixed_size_flags)
{
	if (!tu_host_is_little_endian())
		return;
	static const struct {
		const char *name;
		const char *fixed; /* one letter per field: f fixed, v variable */
	} cases[] = {
		{"dano-nested-App_NetSurf_Original", "vf"}, /* CSTR, LONG SGDa */
		{"r5-haiku-nested-Misc_Sphere", "vf"},      /* flags 09, 0d */
		{"r5-be-mini-derived-bmessage_txt", "ffvfffv"},
		{"hmf1-HAIKU_Leaf", "vffffff"},
		{"r5-be-mini-derived-5_string", "v"},
		{"hmf1-derived-5_int32", "f"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t size;
		uint8_t *bytes = cu_read_msg(cases[i].name, &size);
		struct collector c;
		collector_init(&c);
		ck_assert_int_eq(decode_counted(bytes, size, &c), BM_OK);
		size_t n = strlen(cases[i].fixed);
		ck_assert_uint_eq(json_array_size(c.fixed), n);
		for (size_t k = 0; k < n; k++)
			ck_assert_msg(json_is_true(json_array_get(c.fixed, k)) ==
			                  (cases[i].fixed[k] == 'f'),
			              "%s field %zu", cases[i].name, k);
		collector_free(&c);
		free(bytes);
	}
}
END_TEST

/*
 * A small Dano message made here, with the two array kinds the fixtures
 * only have nested deep inside: FADa "ints" (LONG 7, -1) and VADa "strs"
 * ("a", "bc"), then DDEn. 120 bytes.
 */
static size_t
make_dano(uint8_t *out)
{
	memset(out, 0, 120);
	memcpy(out, "2BOF", 4);
	cu_put32(out + 4, 120);
	cu_put32(out + 8, 0x61626364); /* what */
	uint8_t *s = out + 16;      /* FADa, 40 bytes */
	memcpy(s, "aDAF", 4);
	cu_put32(s + 4, 40);
	memcpy(s + 8, "GNOL", 4);
	cu_put32(s + 12, 4);           /* size per item */
	s[16] = 4;
	memcpy(s + 17, "ints", 5);
	cu_put32(s + 24, 2);           /* count; then 4 bytes of padding */
	cu_put32(s + 32, 7);
	cu_put32(s + 36, 0xffffffffu);
	s = out + 56;               /* VADa, 56 bytes */
	memcpy(s, "aDAV", 4);
	cu_put32(s + 4, 56);
	memcpy(s + 8, "RTSC", 4);
	s[16] = 4;
	memcpy(s + 17, "strs", 5);
	cu_put32(s + 24, 2);           /* count */
	cu_put32(s + 28, 16);          /* total size */
	memcpy(s + 32, "a", 2);
	memcpy(s + 40, "bc", 3);
	cu_put32(s + 48, 2);           /* end points */
	cu_put32(s + 52, 11);
	s = out + 112;              /* DDEn */
	memcpy(s, "nEDD", 4);
	cu_put32(s + 4, 8);
	return 120;
}

START_TEST(decode_reads_dano_arrays)
{
	if (!tu_host_is_little_endian())
		return;
	uint8_t msg[120];
	size_t size = make_dano(msg);
	struct collector c;
	collector_init(&c);
	ck_assert_int_eq(decode_counted(msg, size, &c), BM_OK);
	json_t *expected = json_loads(
		"{\"format\":\"DANO\",\"what\":1633837924,\"fields\":["
		"{\"name\":\"ints\",\"type\":\"LONG\",\"items\":[\"07000000\","
		"\"ffffffff\"]},"
		"{\"name\":\"strs\",\"type\":\"CSTR\",\"items\":[\"6100\","
		"\"626300\"]}]}",
		0, NULL);
	ck_assert_ptr_nonnull(expected);
	cu_assert_json_equal(c.message, expected, "hand-made Dano");
	ck_assert(json_is_true(json_array_get(c.fixed, 0)));
	ck_assert(json_is_false(json_array_get(c.fixed, 1)));
	json_decref(expected);
	collector_free(&c);
}
END_TEST

START_TEST(decode_refuses_malformed_dano)
{
	if (!tu_host_is_little_endian())
		return;
	uint8_t good[120], bad[120];
	size_t size = make_dano(good);
	static const struct {
		size_t offset;
		uint32_t value;
		int width;
		const char *what;
	} cases[] = {
		{4, 121, 4, "message size past the end"},
		{4, 15, 4, "message size below its header"},
		{4, 0x80000000u, 4, "message size negative"},
		{4, 116, 4, "message ends inside a section"},
		{20, 48, 4, "FADa size past the next section"},
		{20, 0, 4, "section size 0 (Haiku loops forever)"},
		{20, 4, 4, "section size below its header"},
		{20, 0xfffffff8u, 4, "section size huge"},
		{116, 16, 4, "DDEn past the end"},
		{32, 0, 1, "name length 0"},
		{32, 40, 1, "name length past the section"},
		{34, 0, 1, "NUL inside a name"},
		{37, 'x', 1, "no NUL after a name"},
		{28, 0, 4, "size per item 0"},
		{28, 5, 4, "items past the section"},
		{40, 0, 4, "FADa count 0"},
		{40, 3, 4, "FADa count past the section"},
		{40, 0x7fffffffu, 4, "FADa count absurd"},
		{80, 0, 4, "VADa count 0"},
		{80, 3, 4, "VADa end points past the section"},
		{80, 0x40000000u, 4, "VADa count absurd"},
		{84, 24, 4, "VADa total size past the section"},
		{84, 8, 4, "VADa end point past the total size"},
		{104, 0, 4, "VADa first item empty"},
		{108, 2, 4, "VADa second item before the first's end"},
		{108, 8, 4, "VADa second item empty (starts at pad_to_8(2))"},
		{108, 17, 4, "VADa end point past the total size"},
		{0, 0x32424f47u, 4, "wrong magic"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		memcpy(bad, good, size);
		cu_put_value(bad + cases[i].offset, cases[i].value, cases[i].width);
		struct collector c;
		collector_init(&c);
		int rc = decode_counted(bad, size, &c);
		ck_assert_msg(rc < 0 && c.calls == 0, "%s: %s", cases[i].what,
		              bm_status_name(rc));
		collector_free(&c);
	}
	/* A swapped Dano message is not supported. */
	memcpy(bad, good, size);
	memcpy(bad, "FOB2", 4);
	ck_assert_int_eq(decode_refused(bad, size), BM_UNSUPPORTED);
	/* Unknown and discarded sections are skipped. */
	memcpy(bad, good, size);
	memcpy(bad + 112, "XXXX", 4);
	struct collector c;
	collector_init(&c);
	ck_assert_int_eq(decode_counted(bad, size, &c), BM_OK);
	ck_assert_uint_eq(json_array_size(json_object_get(c.message, "fields")), 2);
	collector_free(&c);
	/* Every truncation, and every shorter message size except those that
	 * end between two sections (16, 56, 112: shorter valid messages). */
	for (size_t cut = 0; cut < size; cut++) {
		uint8_t *prefix = cu_copy(good, cut);
		decode_refused(prefix, cut);
		if (cut >= 16) {
			cu_put32(prefix + 4, (uint32_t)cut);
			if (cut == 16 || cut == 56 || cut == 112) {
				struct collector shorter;
				collector_init(&shorter);
				ck_assert_int_eq(decode_counted(prefix, cut, &shorter),
				                 BM_OK);
				collector_free(&shorter);
			} else {
				decode_refused(prefix, cut);
			}
		}
		free(prefix);
	}
}
END_TEST

/* Mutations of one R5 and one HMF1 fixture, in both byte orders, through
 * bm_decode: an error, no callback, nothing left allocated. */
START_TEST(decode_refuses_malformed_r5_and_hmf1)
{
	if (!tu_host_is_little_endian())
		return;
	size_t rsize, hsize;
	uint8_t *r5 = cu_read_msg("r5-haiku-derived-5_int32", &rsize);
	uint8_t *hmf1 = cu_read_msg("hmf1-HAIKU_Leaf", &hsize);
	uint8_t *bad = malloc(hsize);

	/* R5: record at 17 = 05 'LONG' count(22) size(26) nlen(30) "data". */
	static const struct {
		size_t offset;
		uint32_t value;
		int width;
	} r5_cases[] = {
		{0, 0x464f4230u, 4}, /* magic */
		{4, 0, 4},           /* checksum */
		{8, 1000, 4},        /* flattened_size past the end */
		{22, 0x7fffffffu, 4}, /* absurd count */
		{22, 0, 4},          /* count 0 */
		{26, 0, 4},          /* size 0 */
		{26, 0xffffff00u, 4}, /* size negative */
		{30, 0, 1},          /* name length 0 */
		{33, 0, 1},          /* NUL in the name */
		{55, 7, 1},          /* no terminator */
	};
	for (int order = 0; order < 2; order++) {
		for (size_t i = 0; i < sizeof r5_cases / sizeof r5_cases[0]; i++) {
			memcpy(bad, r5, rsize);
			cu_put_value(bad + r5_cases[i].offset, r5_cases[i].value,
			          r5_cases[i].width);
			if (r5_cases[i].offset != 4 && r5_cases[i].offset != 0)
				cu_fix_r5_checksum(bad);
			if (order == 1) {
				/* The same fault in a big-endian message: swap the
				 * good one, then apply the fault swapped. */
				uint8_t *swapped = cu_swapped_r5(r5, rsize);
				memcpy(bad, swapped, rsize);
				free(swapped);
				cu_put_value(bad + r5_cases[i].offset, r5_cases[i].value,
				          r5_cases[i].width);
				if (r5_cases[i].width == 4)
					cu_reverse_bytes(bad + r5_cases[i].offset, 4);
				if (r5_cases[i].offset != 4 && r5_cases[i].offset != 0) {
					cu_put32(bad + 4, cu_r5_checksum(bad + 8, 9));
					cu_reverse_bytes(bad + 4, 4);
				}
			}
			decode_refused(bad, rsize);
		}
	}
	for (size_t cut = 0; cut < rsize; cut++)
		decode_refused(r5, cut);

	/* Variable items of 5_string (chunks at 29, 45, ...): a zero-size
	 * item, sizes that do not add up, a chunk past its record. */
	size_t ssize;
	uint8_t *strs = cu_read_msg("r5-be-mini-derived-5_string", &ssize);
	static const struct {
		size_t offset;
		uint8_t value;
	} chunk_cases[] = {{29, 0}, {45, 0}, {93, 0}, {29, 13}, {93, 0xf0},
	                   {23, 0x48}};
	for (int order = 0; order < 2; order++) {
		for (size_t i = 0; i < sizeof chunk_cases / sizeof chunk_cases[0];
		     i++) {
			uint8_t *base = order == 0 ? cu_copy(strs, ssize)
			                           : cu_swapped_r5(strs, ssize);
			size_t at = chunk_cases[i].offset;
			/* The low byte of a little-endian word is the high byte
			 * of a big-endian one (size bytes are one byte: MINI). */
			if (order == 1 && at != 23)
				at += 3;
			base[at] = chunk_cases[i].value;
			decode_refused(base, ssize);
			free(base);
		}
	}
	free(strs);

	/* HMF1: chains and fields, in both orders. */
	static const struct {
		size_t offset;
		uint32_t value;
	} hmf1_cases[] = {
		{LEAF_FIELD(6) + 20, 0},           /* cyclic chain */
		{LEAF_FIELD(4) + 20, 5},           /* misplaced field */
		{48, 0xffffffffu},                 /* unreached fields */
		{40, 0x10000000u},                 /* absurd field count */
		{36, 0x10000000u},                 /* data past the end */
		{LEAF_FIELD(2) + 8, 0x7fffffffu},  /* absurd item count */
		{LEAF_FIELD(2) + 12, 0},           /* zero-size items */
		{LEAF_FIELD(3) + 16, 0x00100000u}, /* offset past the end */
	};
	for (int order = 0; order < 2; order++) {
		for (size_t i = 0; i < sizeof hmf1_cases / sizeof hmf1_cases[0];
		     i++) {
			memcpy(bad, hmf1, hsize);
			cu_put32(bad + hmf1_cases[i].offset, hmf1_cases[i].value);
			if (order == 1) {
				uint8_t *swapped = cu_swapped_hmf1(hmf1, hsize);
				memcpy(bad, swapped, hsize);
				free(swapped);
				cu_put32(bad + hmf1_cases[i].offset, hmf1_cases[i].value);
				cu_reverse_bytes(bad + hmf1_cases[i].offset, 4);
			}
			decode_refused(bad, hsize);
		}
	}
	memcpy(bad, hmf1, hsize);
	memcpy(bad, "HMF2", 4);
	ck_assert_int_eq(decode_refused(bad, hsize), BM_NOT_A_MESSAGE);
	free(bad);
	free(hmf1);
	free(r5);
}
END_TEST

/* Every truncation of every small fixture, and of its swapped variant. */
START_TEST(decode_refuses_every_truncation)
{
	if (!tu_host_is_little_endian())
		return;
	char **names;
	size_t count = tu_list_fixtures(&names), checked = 0;
	for (size_t i = 0; i < count; i++) {
		size_t size;
		uint8_t *bytes = cu_read_msg(names[i], &size);
		if (size > 4096) {
			free(bytes);
			continue;
		}
		uint8_t *swapped = NULL;
		if (cu_is_fixture_of(names[i], "r5-"))
			swapped = cu_swapped_r5(bytes, size);
		else if (cu_is_fixture_of(names[i], "hmf1-"))
			swapped = cu_swapped_hmf1(bytes, size);
		for (size_t cut = 0; cut < size; cut++) {
			uint8_t *prefix = cu_copy(bytes, cut);
			decode_refused(prefix, cut);
			if (swapped != NULL) {
				memcpy(prefix, swapped, cut);
				decode_refused(prefix, cut);
			}
			free(prefix);
		}
		free(swapped);
		free(bytes);
		checked++;
	}
	tu_free_names(names, count);
	ck_assert_uint_eq(checked, 14);
}
END_TEST

START_TEST(decode_stops_when_the_sink_says_so)
{
	if (!tu_host_is_little_endian())
		return;
	size_t size;
	uint8_t *bytes = cu_read_msg("r5-be-mini-derived-bmessage_txt", &size);
	uint8_t *swapped = cu_swapped_r5(bytes, size);
	for (int call = 1; call <= 5; call++) {
		struct collector c;
		collector_init(&c);
		c.stop_at_call = call;
		c.stop_status = 40 + call;
		ck_assert_int_eq(decode_counted(swapped, size, &c), 40 + call);
		ck_assert_int_eq(c.calls, call);
		collector_free(&c);
	}
	/* The scratch allocation fails: nothing reported. */
	struct collector c;
	collector_init(&c);
	struct bm_decode_sink sink;
	bm_alloc_counting(true);
	bm_alloc_fail_at(1);
	ck_assert_int_eq(bm_decode(swapped, size, collector_sink(&c, &sink)),
	                 BM_NO_MEMORY);
	ck_assert_int_eq(c.calls, 0);
	ck_assert_int_eq(bm_alloc_counts()->live, 0);
	bm_alloc_fail_at(0);
	bm_alloc_counting(false);
	collector_free(&c);
	/* Callbacks may be left out; bad arguments are refused. */
	struct bm_decode_sink empty = {0};
	ck_assert_int_eq(bm_decode(bytes, size, &empty), BM_OK);
	ck_assert_int_eq(bm_decode(swapped, size, &empty), BM_OK);
	ck_assert_int_eq(bm_decode(NULL, size, &empty), BM_BAD_VALUE);
	ck_assert_int_eq(bm_decode(bytes, size, NULL), BM_BAD_VALUE);
	ck_assert_int_eq(bm_decode("IMSG1BOF", 8, &empty), BM_NOT_A_MESSAGE);
	free(swapped);
	free(bytes);
}
END_TEST

Suite *
make_codecs_suite(void)
{
	Suite *suite = suite_create("codecs");
	TCase *reader = tcase_create("r5_reader");
	tcase_set_timeout(reader, 120);
	tcase_add_test(reader, r5_reader_reads_every_r5_fixture_in_both_orders);
	tcase_add_test(reader, r5_reader_reads_the_be_written_103_byte_message);
	tcase_add_test(reader, r5_reader_skips_target_and_reply_parts);
	tcase_add_test(reader, r5_reader_rejects_bad_headers);
	tcase_add_test(reader, r5_reader_rejects_every_shortened_message);
	tcase_add_test(reader, r5_reader_rejects_bad_records);
	suite_add_tcase(suite, reader);

	TCase *swap = tcase_create("swap_item");
	tcase_add_test(swap, swap_item_follows_haiku_swap_data);
	suite_add_tcase(suite, swap);

	TCase *hmf1 = tcase_create("hmf1_check");
	tcase_set_timeout(hmf1, 120);
	tcase_add_test(hmf1, hmf1_check_accepts_every_fixture_in_both_orders);
	tcase_add_test(hmf1, hmf1_check_rejects_bad_chains);
	tcase_add_test(hmf1, hmf1_check_rejects_bad_headers_and_fields);
	suite_add_tcase(suite, hmf1);

	TCase *decode = tcase_create("decode");
	tcase_set_timeout(decode, 300);
	tcase_add_test(decode, decode_matches_every_fixture);
	tcase_add_test(decode, decode_matches_swapped_variants);
	tcase_add_test(decode, decode_reads_every_nested_message);
	tcase_add_test(decode, decode_reports_fixed_size_flags);
	tcase_add_test(decode, decode_reads_dano_arrays);
	tcase_add_test(decode, decode_refuses_malformed_dano);
	tcase_add_test(decode, decode_refuses_malformed_r5_and_hmf1);
	tcase_add_test(decode, decode_refuses_every_truncation);
	tcase_add_test(decode, decode_stops_when_the_sink_says_so);
	suite_add_tcase(suite, decode);
	return suite;
}
