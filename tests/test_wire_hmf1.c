/*
 * test_wire_hmf1.c - the HMF1 check of impl/wire/hmf1.c
 * (impl/README.md §7.2): bm__hmf1_check accepts every HMF1 fixture in
 * tests/data/haiku in its own byte order and in the other (the tests' own
 * byte swapper, check_util.h), refuses each in the wrong order and every
 * truncation, and refuses bad hash chains, headers, fields and variable
 * items.
 */
#include "suites.h"
#include "check_util.h"

#include "bmsg.h"
#include "hmf1.h"

#include <stdlib.h>
#include <string.h>

START_TEST(hmf1_check_accepts_every_fixture_in_both_orders)
{
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

Suite *
make_wire_hmf1_suite(void)
{
	Suite *suite = suite_create("wire_hmf1");
	TCase *hmf1 = tcase_create("hmf1_check");
	tcase_set_timeout(hmf1, 120);
	cu_add_le_test(hmf1, hmf1_check_accepts_every_fixture_in_both_orders);
	cu_add_le_test(hmf1, hmf1_check_rejects_bad_chains);
	cu_add_le_test(hmf1, hmf1_check_rejects_bad_headers_and_fields);
	suite_add_tcase(suite, hmf1);
	return suite;
}
