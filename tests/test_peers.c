/*
 * test_peers.c - the backends of kind library: the rules of
 * impl/README.md §12.1 as properties, each checked on a message read back
 * from the library's own bytes (the registry-wide conformance suite checks
 * the message as the adds built it), both ways into bm_unflatten
 * (impl/README.md §12.2), and the allocation failures of the allocations
 * that reach ours; then msgpack's reading of MessagePack that other
 * writers made, and its refusals (impl/README.md §12.4).
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
	ck_assert_int_eq(bm_add_string(msg, "s", "x"), BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "s", ""), BM_OK);
	/* A string that ends the flattened bytes. */
	ck_assert_int_eq(bm_add_string(msg, "last", "end"), BM_OK);
	bm_message *back = round_trip(msg);
	for (int32_t v = 0; v < 5; v++) {
		int32_t got;
		ck_assert_int_eq(bm_find_int32(back, "n", v, &got), BM_OK);
		ck_assert_int_eq(got, values[v]);
	}
	/* Empty strings, one after a string that is not. */
	const char *const strings[] = {"", "x", ""};
	for (int32_t i = 0; i < 3; i++) {
		const void *data;
		size_t size;
		ck_assert_int_eq(bm_find_data(back, "s", BM_STRING_TYPE, i, &data,
		                              &size), BM_OK);
		ck_assert_uint_eq(size, strlen(strings[i]) + 1);
		ck_assert_mem_eq(data, strings[i], size);
	}
	const char *last;
	ck_assert_int_eq(bm_find_string(back, "last", 0, &last, NULL), BM_OK);
	ck_assert_str_eq(last, "end");
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

/* --- msgpack: MessagePack written by other writers (impl/README.md §12.4) - */

/* The type codes of int32 and string fields as MessagePack's uint32. */
#define MP_LONG 0xce, 0x4c, 0x4f, 0x4e, 0x47
#define MP_CSTR 0xce, 0x43, 0x53, 0x54, 0x52

/* Other encodings than msgpack-c's packer chooses, read as the same
 * values: the what as a uint32, an int32 item as an int64, a string as a
 * str8, an int32 field's item of 3 bytes as bin. */
START_TEST(msgpack_reads_other_encodings)
{
	static const uint8_t bytes[] = {
		0x83, 0xa0, 0xce, 0x00, 0x00, 0x00, 0x07,
		0xa1, 'a', 0x94, MP_LONG, 0xc2,
		0xd3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xc4, 0x03, 0x01, 0x02, 0x03,
		0xa1, 's', 0x93, MP_CSTR, 0xc2, 0xd9, 0x02, 'h', 'i'};
	uint8_t *exact = cu_copy(bytes, sizeof bytes);
	bm_message *msg = cu_unflattened(cu_backend("msgpack"), exact,
	                                 sizeof bytes, "other encodings");
	ck_assert_uint_eq(msg->what, 7);
	int32_t value;
	ck_assert_int_eq(bm_find_int32(msg, "a", 0, &value), BM_OK);
	ck_assert_int_eq(value, -1);
	const void *data;
	size_t size;
	ck_assert_int_eq(bm_find_data(msg, "a", BM_INT32_TYPE, 1, &data,
	                              &size), BM_OK);
	ck_assert_uint_eq(size, 3);
	ck_assert_mem_eq(data, "\x01\x02\x03", 3);
	const char *text;
	ck_assert_int_eq(bm_find_string(msg, "s", 0, &text, NULL), BM_OK);
	ck_assert_str_eq(text, "hi");
	/* Flattened again, with another what, by msgpack-c's packer. */
	msg->what = 0xfffffffeu;
	bm_message *back = round_trip(msg);
	ck_assert_uint_eq(back->what, 0xfffffffeu);
	ck_assert_int_eq(bm_find_int32(back, "a", 0, &value), BM_OK);
	ck_assert_int_eq(value, -1);
	ck_assert_int_eq(bm_find_string(back, "s", 0, &text, NULL), BM_OK);
	ck_assert_str_eq(text, "hi");
	bm_destroy(back);
	free(exact);
}
END_TEST

/* A name given twice: both fields kept, a find reaches the first
 * (BM_REPEATED_KEEP_FIRST). */
START_TEST(msgpack_keeps_a_repeated_name_twice)
{
	static const uint8_t bytes[] = {
		0x83, 0xa0, 0x00, 0xa1, 'a', 0x93, MP_LONG, 0xc2, 0x01,
		0xa1, 'a', 0x93, MP_LONG, 0xc2, 0x02};
	const struct bm_ops *ops = cu_backend("msgpack");
	ck_assert_int_eq(bm_backend_repeated_names(ops),
	                 BM_REPEATED_KEEP_FIRST);
	bm_message *msg = cu_unflattened(ops, bytes, sizeof bytes, "twice");
	ck_assert_int_eq(bm_count_fields(msg), 2);
	int32_t value;
	ck_assert_int_eq(bm_find_int32(msg, "a", 0, &value), BM_OK);
	ck_assert_int_eq(value, 1);
	ck_assert_int_eq(bm_find_int32(msg, "a", 1, &value), BM_BAD_INDEX);
	struct bm_field_info info;
	ck_assert_int_eq(bm_field_at(msg, 1, &info), BM_OK);
	ck_assert_uint_eq(info.name_len, 1);
	bm_destroy(msg);
}
END_TEST

/* Refused, each with BM_NOT_A_MESSAGE and an empty message: what
 * msgpack-c's unpacker refuses, what the bound before it refuses (counts
 * that would have it reserve gigabytes, nesting deeper than the layout),
 * and what is not this backend's layout. */
static const struct {
	const char *why;
	uint8_t bytes[24];
	size_t size;
} msgpack_refused[] = {
	{"an array counting 2^32 - 1 items",
	 {0x82, 0xa0, 0x07, 0xa1, 'a', 0xdd, 0xff, 0xff, 0xff, 0xff, MP_LONG,
	  0xc2, 0x05}, 17},
	{"a map counting 2^28 - 1 entries", {0xdf, 0x0f, 0xff, 0xff, 0xff,
	                                      0xa0, 0x07}, 7},
	{"arrays nested 20 deep", {0x91, 0x91, 0x91, 0x91, 0x91, 0x91, 0x91,
	  0x91, 0x91, 0x91, 0x91, 0x91, 0x91, 0x91, 0x91, 0x91, 0x91, 0x91,
	  0x91, 0x91, 0x00}, 21},
	{"a byte after the map", {0x82, 0xa0, 0x07, 0xa1, 'a', 0x93, MP_LONG,
	                          0xc2, 0x05, 0x00}, 14},
	{"the map cut short", {0x82, 0xa0, 0x07, 0xa1, 'a', 0x93, MP_LONG,
	                       0xc2}, 12},
	{"no type (0xc1)", {0x82, 0xa0, 0x07, 0xa1, 'a', 0x93, MP_LONG, 0xc2,
	                    0xc1}, 13},
	{"not a map", {0x93, 0x01, 0x02, 0x03}, 4},
	{"a what below zero", {0x81, 0xa0, 0xff}, 3},
	{"a field before the what", {0x82, 0xa1, 'a', 0x93, MP_LONG, 0xc2,
	                             0x05, 0xa0, 0x07}, 13},
	{"a name that is no str", {0x82, 0xa0, 0x07, 0x01, 0x93, MP_LONG, 0xc2,
	                           0x05}, 12},
	{"a name with a NUL", {0x82, 0xa0, 0x07, 0xa3, 'a', 0x00, 'b', 0x93,
	                       MP_LONG, 0xc2, 0x05}, 15},
	{"a field without items", {0x82, 0xa0, 0x07, 0xa1, 'a', 0x92, MP_LONG,
	                           0xc2}, 12},
	{"the type code BM_ANY_TYPE", {0x82, 0xa0, 0x07, 0xa1, 'a', 0x93, 0xce,
	  'A', 'N', 'Y', 'T', 0xc2, 0xc4, 0x01, 0x00}, 15},
	{"an int32 item past INT32_MAX", {0x82, 0xa0, 0x07, 0xa1, 'a', 0x93,
	  MP_LONG, 0xc2, 0xce, 0x80, 0x00, 0x00, 0x00}, 17},
	{"an int32 item below INT32_MIN", {0x82, 0xa0, 0x07, 0xa1, 'a', 0x93,
	  MP_LONG, 0xc2, 0xd3, 0xff, 0xff, 0xff, 0xff, 0x7f, 0xff, 0xff,
	  0xff}, 21},
	{"an int in a string field", {0x82, 0xa0, 0x07, 0xa1, 'a', 0x93,
	  MP_CSTR, 0xc2, 0x05}, 13},
	{"a str in an int32 field", {0x82, 0xa0, 0x07, 0xa1, 'a', 0x93, MP_LONG,
	                             0xc2, 0xa1, 'x'}, 14},
	{"a float item", {0x82, 0xa0, 0x07, 0xa1, 'a', 0x93, MP_LONG, 0xc2,
	                  0xca, 0x00, 0x00, 0x00, 0x00}, 17},
	{"an ext item", {0x82, 0xa0, 0x07, 0xa1, 'a', 0x93, MP_LONG, 0xc2, 0xd4,
	                 0x01, 0x00}, 15},
	{"an empty bin item", {0x82, 0xa0, 0x07, 0xa1, 'a', 0x93, MP_LONG, 0xc2,
	                       0xc4, 0x00}, 14},
	{"items of two sizes in a fixed field", {0x82, 0xa0, 0x07, 0xa1, 'a',
	  0x94, 0xce, 0x01, 0x02, 0x03, 0x04, 0xc3, 0xc4, 0x01, 0xaa, 0xc4,
	  0x02, 0xaa, 0xbb}, 19},
};

START_TEST(msgpack_refuses_bytes_outside_its_layout)
{
	const struct bm_ops *ops = cu_backend("msgpack");
	for (size_t c = 0; c < sizeof msgpack_refused / sizeof msgpack_refused[0];
	     c++) {
		/* An exact-size copy, so that over-reads are caught. */
		uint8_t *exact = cu_copy(msgpack_refused[c].bytes,
		                         msgpack_refused[c].size);
		bm_message *msg = cu_new_message(ops, 0);
		ck_assert_msg(bm_unflatten(msg, exact, msgpack_refused[c].size) ==
		                      BM_NOT_A_MESSAGE,
		              "%s: not refused", msgpack_refused[c].why);
		ck_assert_int_eq(bm_count_fields(msg), 0);
		bm_destroy(msg);
		free(exact);
	}
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
	/* Where msgpack-c is missing, so is its backend. */
	if (bm_find_backend("msgpack") != NULL) {
		TCase *msgpack = tcase_create("msgpack");
		tcase_add_test(msgpack, msgpack_reads_other_encodings);
		tcase_add_test(msgpack, msgpack_keeps_a_repeated_name_twice);
		tcase_add_test(msgpack, msgpack_refuses_bytes_outside_its_layout);
		suite_add_tcase(suite, msgpack);
	}
	return suite;
}
