/*
 * test_wire_r5.c - the FOB1 reader of impl/wire/fob1.c (impl/README.md §7.1):
 * bm__r5_open, bm__r5_next and bm__r5_next_chunk on every R5 fixture in
 * tests/data/haiku (each against the .json beside it, parsed with
 * jansson) and on its big-endian variant made by the tests' own byte
 * swapper (check_util.h, independent of impl/), with the optional header
 * parts, and on malformed headers and records of every kind the reader
 * refuses.
 */
#include "suites.h"
#include "check_util.h"

#include "bmsg.h"
#include "fob1.h"
#include "swap.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	/* impl/flat-examples.md §2.2: 103 bytes written by Be's code, one MINI
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
	/* The vectors of impl/flat-examples.md §1.4 and
	 * impl/flat-examples.md §1.5. Haiku rules, 56 bytes: record at 17 =
	 * 05 'LONG' count 5 size 20 nlen 4 "data" items terminator. */
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

Suite *
make_wire_r5_suite(void)
{
	Suite *suite = suite_create("wire_r5");
	TCase *reader = tcase_create("r5_reader");
	tcase_set_timeout(reader, 120);
	cu_add_le_test(reader, r5_reader_reads_every_r5_fixture_in_both_orders);
	cu_add_le_test(reader, r5_reader_reads_the_be_written_103_byte_message);
	cu_add_le_test(reader, r5_reader_skips_target_and_reply_parts);
	cu_add_le_test(reader, r5_reader_rejects_bad_headers);
	cu_add_le_test(reader, r5_reader_rejects_every_shortened_message);
	cu_add_le_test(reader, r5_reader_rejects_bad_records);
	suite_add_tcase(suite, reader);
	return suite;
}
