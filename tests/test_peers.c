/*
 * test_peers.c - the backends of kind library: the rules of
 * impl/README.md §12.1 as properties, each checked on a message read back
 * from the library's own bytes (the registry-wide conformance suite checks
 * the message as the adds built it), both ways into bm_unflatten
 * (impl/README.md §12.2), and the allocation failures of the allocations
 * that reach ours.
 */
#include "suites.h"

#include "alloc.h"
#include "bmsg.h"
#include "check_util.h"
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- The backends of kind library --------------------------------------- */

static int
peer_count(void)
{
	int count = 0;
	for (int i = 0; i < cu_backend_count(); i++)
		count += bm_backend_kind(cu_backend_at(i)) == BM_KIND_LIBRARY;
	return count;
}

static const struct bm_ops *
peer_at(int index)
{
	for (int i = 0; i < cu_backend_count(); i++) {
		const struct bm_ops *ops = cu_backend_at(i);
		if (bm_backend_kind(ops) == BM_KIND_LIBRARY && index-- == 0)
			return ops;
	}
	ck_abort_msg("no peer %d", index);
	return NULL;
}

/* msg flattened by its backend and read back by it, through its own
 * reader; msg is destroyed. */
static bm_message *
round_trip(bm_message *msg)
{
	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);
	const struct bm_ops *ops = msg->ops;
	/* A library's bytes have no magic the shared decoder knows. */
	ck_assert_int_eq(bm_detect_format(bytes, size), BM_FORMAT_UNKNOWN);
	uint8_t *exact = cu_copy(bytes, size);
	bm_message *back = cu_unflattened(ops, exact, size, ops->name);
	free(exact);
	free(bytes);
	bm_destroy(msg);
	return back;
}

/* --- The rules, on a message read back from the library's bytes --------- */

/* The type code and every item's bytes survive: an int32 stays an int32,
 * a type code the library has no counterpart for is kept beside its
 * items, and strings that are no UTF-8 or hold a NUL come back whole. */
START_TEST(type_fidelity)
{
	const struct bm_ops *ops = peer_at(_i);
	bm_message *msg = cu_new_message(ops, 0x12345678u);
	const bm_type_code odd = BM_TYPE('Z', 'z', '9', 0x01);
	const unsigned char raw[] = {0x00, 0xff, 0x80, 0x7f, 0x00};
	const char latin1[] = "caf\xe9";
	const char nul_inside[] = {'a', '\0', 'b', '\0'};
	ck_assert_int_eq(bm_add_int32(msg, "int", 7), BM_OK);
	ck_assert_int_eq(bm_add_data(msg, "odd", odd, raw, sizeof raw, true),
	                 BM_OK);
	ck_assert_int_eq(bm_add_data(msg, "odd", odd, raw, sizeof raw, true),
	                 BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "text", latin1), BM_OK);
	ck_assert_int_eq(bm_add_data(msg, "text", BM_STRING_TYPE, nul_inside,
	                             sizeof nul_inside, false), BM_OK);
	ck_assert_int_eq(bm_add_data(msg, "fourbytes", BM_TYPE('S', 'S', 'Z',
	                             'T'), raw, 4, true), BM_OK);
	struct tu_content built, back_content;
	ck_assert_int_eq(tu_content_from_message(msg, &built), BM_OK);
	bm_message *back = round_trip(msg);
	ck_assert_uint_eq(back->what, 0x12345678u);
	ck_assert_int_eq(tu_content_from_message(back, &back_content), BM_OK);
	cu_assert_same_content(&built, &back_content, true, ops->name);
	struct bm_field_info info;
	ck_assert_int_eq(bm_get_info(back, "int", &info), BM_OK);
	ck_assert_uint_eq(info.type, BM_INT32_TYPE);
	ck_assert_int_eq(bm_get_info(back, "odd", &info), BM_OK);
	ck_assert_uint_eq(info.type, odd);
	ck_assert(info.fixed_size);
	ck_assert_int_eq(info.count, 2);
	tu_content_free(&built);
	tu_content_free(&back_content);
	bm_destroy(back);
}
END_TEST

START_TEST(int32_extremes_and_empty_strings)
{
	const struct bm_ops *ops = peer_at(_i);
	bm_message *msg = cu_new_message(ops, 0);
	const int32_t values[] = {INT32_MIN, -1, 0, 1, INT32_MAX};
	for (size_t v = 0; v < sizeof values / sizeof values[0]; v++)
		ck_assert_int_eq(bm_add_int32(msg, "n", values[v]), BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "s", ""), BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "s", ""), BM_OK);
	bm_message *back = round_trip(msg);
	for (int32_t v = 0; v < 5; v++) {
		int32_t got;
		ck_assert_int_eq(bm_find_int32(back, "n", v, &got), BM_OK);
		ck_assert_int_eq(got, values[v]);
	}
	for (int32_t i = 0; i < 2; i++) {
		const void *data;
		size_t size;
		ck_assert_int_eq(bm_find_data(back, "s", BM_STRING_TYPE, i, &data,
		                              &size), BM_OK);
		ck_assert_uint_eq(size, 1);
		ck_assert_int_eq(((const char *)data)[0], '\0');
	}
	bm_destroy(back);
}
END_TEST

START_TEST(names_of_255_bytes)
{
	const struct bm_ops *ops = peer_at(_i);
	bm_message *msg = cu_new_message(ops, 0);
	char name[BM_NAME_MAX + 2];
	memset(name, 'n', sizeof name);
	name[BM_NAME_MAX] = '\0';
	ck_assert_int_eq(bm_add_int32(msg, name, 1), BM_OK);
	name[BM_NAME_MAX] = 'n';
	name[BM_NAME_MAX + 1] = '\0';
	ck_assert_int_eq(bm_add_int32(msg, name, 1), BM_BAD_VALUE);
	name[BM_NAME_MAX] = '\0';
	bm_message *back = round_trip(msg);
	struct bm_field_info info;
	ck_assert_int_eq(bm_field_at(back, 0, &info), BM_OK);
	ck_assert_uint_eq(info.name_len, BM_NAME_MAX);
	ck_assert_int_eq(memcmp(info.name, name, BM_NAME_MAX), 0);
	int32_t got;
	ck_assert_int_eq(bm_find_int32(back, name, 0, &got), BM_OK);
	ck_assert_int_eq(got, 1);
	bm_destroy(back);
}
END_TEST

START_TEST(type_mismatch_and_index_out_of_range)
{
	const struct bm_ops *ops = peer_at(_i);
	bm_message *msg = cu_new_message(ops, 0);
	ck_assert_int_eq(bm_add_int32(msg, "n", 5), BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "s", "x"), BM_OK);
	bm_message *back = round_trip(msg);
	const void *data = NULL;
	size_t size = 0;
	ck_assert_int_eq(bm_find_data(back, "n", BM_STRING_TYPE, 0, &data,
	                              &size), BM_BAD_TYPE);
	ck_assert_int_eq(bm_find_data(back, "s", BM_INT32_TYPE, 0, &data,
	                              &size), BM_BAD_TYPE);
	ck_assert_int_eq(bm_find_data(back, "n", BM_INT32_TYPE, 1, &data,
	                              &size), BM_BAD_INDEX);
	ck_assert_int_eq(bm_find_data(back, "n", BM_INT32_TYPE, -1, &data,
	                              &size), BM_BAD_INDEX);
	ck_assert_int_eq(bm_find_data(back, "none", BM_ANY_TYPE, 0, &data,
	                              &size), BM_NAME_NOT_FOUND);
	ck_assert_ptr_null(data);
	struct bm_field_info info;
	ck_assert_int_eq(bm_field_at(back, 2, &info), BM_BAD_INDEX);
	ck_assert_int_eq(bm_field_at(back, -1, &info), BM_BAD_INDEX);
	/* An add after Unflatten follows the field read back. */
	ck_assert_int_eq(bm_add_string(back, "n", "y"), BM_BAD_TYPE);
	ck_assert_int_eq(bm_add_int32(back, "n", 6), BM_OK);
	int32_t got;
	ck_assert_int_eq(bm_find_int32(back, "n", 1, &got), BM_OK);
	ck_assert_int_eq(got, 6);
	ck_assert_int_eq(bm_count_fields(back), 2);
	bm_destroy(back);
}
END_TEST

START_TEST(many_fields)
{
	const struct bm_ops *ops = peer_at(_i);
	bm_message *msg = cu_new_message(ops, 0);
	enum { FIELDS = 2000 };
	char name[32];
	for (int32_t f = 0; f < FIELDS; f++) {
		snprintf(name, sizeof name, "field%d", (int)f);
		ck_assert_int_eq(bm_add_int32(msg, name, f), BM_OK);
	}
	bm_message *back = round_trip(msg);
	ck_assert_int_eq(bm_count_fields(back), FIELDS);
	for (int32_t f = 0; f < FIELDS; f += 97) {
		struct bm_field_info info;
		ck_assert_int_eq(bm_field_at(back, f, &info), BM_OK);
		snprintf(name, sizeof name, "field%d", (int)f);
		ck_assert_uint_eq(info.name_len, strlen(name));
		ck_assert_int_eq(memcmp(info.name, name, info.name_len), 0);
		int32_t got;
		ck_assert_int_eq(bm_find_int32(back, name, 0, &got), BM_OK);
		ck_assert_int_eq(got, f);
	}
	bm_destroy(back);
}
END_TEST

/* --- Both ways into bm_unflatten (impl/README.md §12.2) ----------------- */

/* FOB1 and HMF1 bytes go to the shared decoder; the library's own bytes
 * to the backend's reader; bytes of neither are refused. */
START_TEST(designs_bytes_and_own_bytes_both_unflatten)
{
	const struct bm_ops *ops = peer_at(_i);
	const char *writers[] = {"R5", "Message4"};
	for (size_t w = 0; w < 2; w++) {
		bm_message *design = cu_new_message(cu_backend(writers[w]), 9);
		cu_add_benchmark(design, 5, true, true);
		size_t size;
		uint8_t *bytes = cu_flatten(design, &size);
		ck_assert(bm_format_has_magic(bm_detect_format(bytes, size)));
		bm_message *peer = cu_unflattened(ops, bytes, size, writers[w]);
		struct tu_content expected, got;
		ck_assert_int_eq(tu_content_from_message(design, &expected),
		                 BM_OK);
		ck_assert_int_eq(tu_content_from_message(peer, &got), BM_OK);
		cu_assert_same_content(&expected, &got, true, writers[w]);
		/* The peer's own bytes of it, read by its own reader. */
		bm_message *own = round_trip(peer);
		tu_content_free(&got);
		ck_assert_int_eq(tu_content_from_message(own, &got), BM_OK);
		cu_assert_same_content(&expected, &got, true, ops->name);
		tu_content_free(&expected);
		tu_content_free(&got);
		bm_destroy(own);
		bm_destroy(design);
		free(bytes);
	}
	const uint8_t neither[] = {'n', 'o', 't', ' ', 'a', 'n', 'y'};
	bm_message *msg = cu_new_message(ops, 0);
	ck_assert_int_eq(bm_unflatten(msg, neither, sizeof neither),
	                 BM_NOT_A_MESSAGE);
	ck_assert_int_eq(bm_count_fields(msg), 0);
	bm_destroy(msg);
}
END_TEST

/* --- Allocation failures --------------------------------------------------- */

/* Fails each allocation of an add, and of an Unflatten, in turn: the call
 * returns BM_NO_MEMORY and the message keeps what it held. For a backend
 * whose library aborts on a failed allocation (BM_BACKEND_UNSAFE_ON_NO_MEMORY,
 * libbson), these are the allocations of its own: its library allocates
 * only when it builds at Flatten (impl/README.md §12.3). */
START_TEST(failed_allocations_change_nothing)
{
	const struct bm_ops *ops = peer_at(_i);
	bm_message *source = cu_new_message(ops, 3);
	cu_add_benchmark(source, 20, true, true);
	size_t size;
	uint8_t *bytes = cu_flatten(source, &size);
	struct tu_content expected;
	ck_assert_int_eq(tu_content_from_message(source, &expected), BM_OK);
	bool failed = true;
	for (uint64_t k = 1; failed; k++) {
		bm_message *msg = cu_new_message(ops, 0);
		bm_alloc_counting(true);
		bm_alloc_fail_at(k);
		int rc = bm_unflatten(msg, bytes, size);
		failed = bm_alloc_counts()->failures > 0;
		bm_alloc_fail_at(0);
		bm_alloc_counting(false);
		if (failed) {
			ck_assert_int_eq(rc, BM_NO_MEMORY);
			ck_assert_int_eq(bm_count_fields(msg), 0);
		} else {
			ck_assert_int_eq(rc, BM_OK);
		}
		/* An add to the message read back, failing in turn too. */
		bool add_failed = true;
		for (uint64_t j = 1; rc == BM_OK && add_failed; j++) {
			bm_alloc_counting(true);
			bm_alloc_fail_at(j);
			int add = bm_add_int32(msg, "new", 1);
			add_failed = bm_alloc_counts()->failures > 0;
			bm_alloc_fail_at(0);
			bm_alloc_counting(false);
			struct tu_content got;
			ck_assert_int_eq(tu_content_from_message(msg, &got), BM_OK);
			if (add_failed) {
				ck_assert_int_eq(add, BM_NO_MEMORY);
				cu_assert_same_content(&expected, &got, true,
				                       ops->name);
			} else {
				ck_assert_int_eq(add, BM_OK);
			}
			tu_content_free(&got);
		}
		bm_destroy(msg);
	}
	tu_content_free(&expected);
	free(bytes);
	bm_destroy(source);
}
END_TEST

Suite *
make_peers_suite(void)
{
	Suite *suite = suite_create("peers");
	int peers = peer_count();
	TCase *rules = tcase_create("rules");
	tcase_add_loop_test(rules, type_fidelity, 0, peers);
	tcase_add_loop_test(rules, int32_extremes_and_empty_strings, 0, peers);
	tcase_add_loop_test(rules, names_of_255_bytes, 0, peers);
	tcase_add_loop_test(rules, type_mismatch_and_index_out_of_range, 0,
	                    peers);
	tcase_add_loop_test(rules, many_fields, 0, peers);
	tcase_add_loop_test(rules, designs_bytes_and_own_bytes_both_unflatten,
	                    0, peers);
	tcase_add_loop_test(rules, failed_allocations_change_nothing, 0,
	                    peers);
	tcase_set_timeout(rules, 120);
	suite_add_tcase(suite, rules);
	return suite;
}
