/*
 * test_mutation.c - hostile input: every fixture cut at every length, and
 * with the byte at every offset flipped, unflattened by every backend.
 * Each attempt must end in an error status with an empty message, or in a
 * valid message (see tu_check_input_quick). Check's timeout
 * catches hangs; the sanitizer build and valgrind catch bad accesses and
 * leaks. Under valgrind only the fixtures of 4 KB or less are swept.
 */
#include "suites.h"

#include "alloc.h"
#include "bmsg.h"
#include "check_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/valgrind.h>

#define VALGRIND_SWEEP_MAX 4096

/* Unflattens one input and checks the outcome; returns true when the
 * message was accepted. */
static bool
check_one_input(bm_message *msg, const uint8_t *bytes, size_t size,
                const char *context, size_t offset)
{
	bool accepted;
	char why[512] = "";
	ck_assert_msg(tu_check_input_quick(msg, bytes, size, &accepted, why,
	                                   sizeof why),
	              "%s @%zu: %s", context, offset, why);
	return accepted;
}

START_TEST(every_cut_and_flip_is_an_error_or_a_valid_message)
{
	const struct bm_ops *ops = cu_in(CU_BAD_INPUT, _i);
	char **names;
	size_t fixtures = tu_list_fixtures(&names);
	ck_assert_uint_gt(fixtures, 0);
	size_t swept = 0, accepted = 0;
	bm_alloc_counting(true);
	for (size_t f = 0; f < fixtures; f++) {
		char context[600];
		size_t size;
		uint8_t *original = cu_read_fixture(names[f], ".msg", &size);
		if (RUNNING_ON_VALGRIND && size > VALGRIND_SWEEP_MAX) {
			free(original);
			continue;
		}
		uint8_t *bytes = malloc(size);
		ck_assert_ptr_nonnull(bytes);
		bm_message *msg = cu_new_message(ops, 0);

		snprintf(context, sizeof context, "%s, %s cut", ops->name, names[f]);
		for (size_t cut = 0; cut < size; cut++) {
			/* The first `cut` bytes, placed at the end of the buffer, so
			 * that reading past them is caught by the sanitizers. */
			uint8_t *head = bytes + (size - cut);
			memcpy(head, original, cut);
			accepted += check_one_input(msg, head, cut, context, cut);
		}
		snprintf(context, sizeof context, "%s, %s flip", ops->name, names[f]);
		memcpy(bytes, original, size);
		for (size_t offset = 0; offset < size; offset++) {
			bytes[offset] ^= 0xff;
			accepted += check_one_input(msg, bytes, size, context, offset);
			bytes[offset] ^= 0xff;
		}
		swept++;
		bm_destroy(msg);
		free(bytes);
		free(original);
	}
	ck_assert_int_eq(bm_alloc_counts()->live, 0);
	bm_alloc_counting(false);
	ck_assert_uint_gt(swept, 0);
	ck_assert_uint_gt(accepted, 0); /* flips inside item data stay valid */
	tu_free_names(names, fixtures);
}
END_TEST

Suite *
make_mutation_suite(void)
{
	Suite *suite = suite_create("mutation");
	/* Two halves of the registry, so that ctest can run them in parallel
	 * (test cases "part1" and "part2"). */
	int count = cu_count(CU_BAD_INPUT);
	static const char *const parts[] = {"part1", "part2"};
	for (int part = 0; part < 2; part++) {
		TCase *tc = tcase_create(parts[part]);
		tcase_add_loop_test(tc,
		                    every_cut_and_flip_is_an_error_or_a_valid_message,
		                    part == 0 ? 0 : (count + 1) / 2,
		                    part == 0 ? (count + 1) / 2 : count);
		/* Generous: the sanitizer build runs this sweep much slower. */
		tcase_set_timeout(tc, 1200);
		suite_add_tcase(suite, tc);
	}
	return suite;
}
