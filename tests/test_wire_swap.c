/*
 * test_wire_swap.c - bm__swap_item of impl/wire/swap.c
 * (impl/README.md §7.4): the element size of every type Haiku's swap_data
 * swaps, a size that is not a whole number of elements, the types copied
 * unchanged, and in place.
 */
#include "suites.h"

#include "bmsg.h"
#include "swap.h"

#include <check.h>
#include <string.h>

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

Suite *
make_wire_swap_suite(void)
{
	Suite *suite = suite_create("wire_swap");
	TCase *swap = tcase_create("swap_item");
	tcase_add_test(swap, swap_item_follows_haiku_swap_data);
	suite_add_tcase(suite, swap);
	return suite;
}
