/*
 * test_originals.c - the original BMessage code (impl/originals/) through
 * the suite's API: today's Haiku BMessage (Haiku-original) and the 2005
 * Message1, Message2 and Message3 (Message<n>-2005), each called through
 * its descriptor directly (they are not in the registry yet).
 *
 * For every original and every benchmark message (one field "data" of N
 * int32 i or strings "item<i>", or N fields "data<i>" of one item) the
 * suite builds the message, finds every item back, flattens it, decodes
 * the bytes with the shared decoder, unflattens them with the original's
 * own reader, and compares the bytes with those of the re-creation of the
 * same design. What the comparison found is asserted exactly, so that a
 * change on either side shows:
 * - Haiku-original writes the same bytes as Message4, Message1-2005 those
 *   of Message1 and Message2-2005 those of Message2, header flag 0x01
 *   included (MSG_FLAG_BIG_ENDIAN: the 2005 code tests `#ifdef
 *   B_HOST_IS_BENDIAN`, which headers/os/support/ByteOrder.h defines as 0
 *   on x86, and the re-creation writes what it does);
 * - Message3-2005 writes header flag 0x01 as Message3 does; it counts the
 *   NUL in each name length and writes it, and leaves the padding of the
 *   first 64 bytes of its body buffer as malloc returned it; once those two
 *   are undone its bytes are Message3's.
 *   The shared decoder refuses its raw bytes (a name holding a NUL).
 *
 * Built only when impl/originals/ builds them (BENCH_HAVE_HAIKU_ORIGINAL,
 * BENCH_HAVE_2005_ORIGINALS).
 */
#include "suites.h"

#include "alloc.h"
#include "bmsg.h"
#include "bytes.h"
#include "check_util.h"
#include "fob1.h"
#include "hmf1.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef BENCH_HAVE_HAIKU_ORIGINAL
#define BENCH_HAVE_HAIKU_ORIGINAL 0
#endif
#ifndef BENCH_HAVE_2005_ORIGINALS
#define BENCH_HAVE_2005_ORIGINALS 0
#endif

#if BENCH_HAVE_HAIKU_ORIGINAL
extern const struct bm_ops bm_haiku_original_ops;
#endif
#if BENCH_HAVE_2005_ORIGINALS
extern const struct bm_ops bm_message1_2005_ops;
extern const struct bm_ops bm_message2_2005_ops;
extern const struct bm_ops bm_message3_2005_ops;
#endif

#define WHAT_CODE BM_TYPE('o', 'r', 'i', 'g')

/* How an original's bytes relate to its re-creation's (see the top). */
enum relation {
	SAME_BYTES,
	NAME_NUL_PADDING,
};

static const struct original {
	const struct bm_ops *ops;
	const char *recreation;
	enum relation bytes;
} originals[] = {
#if BENCH_HAVE_HAIKU_ORIGINAL
	{&bm_haiku_original_ops, "Message4", SAME_BYTES},
#endif
#if BENCH_HAVE_2005_ORIGINALS
	{&bm_message1_2005_ops, "Message1", SAME_BYTES},
	{&bm_message2_2005_ops, "Message2", SAME_BYTES},
	{&bm_message3_2005_ops, "Message3", NAME_NUL_PADDING},
#endif
};

#define ORIGINAL_COUNT ((int)(sizeof originals / sizeof originals[0]))

static const struct shape {
	int count;
	bool strings;
	bool individual;
} shapes[] = {
	{5, false, false},    {50, false, false},   {500, false, false},
	{5000, false, false}, {5, true, false},     {50, true, false},
	{500, true, false},   {5000, true, false},  {5, false, true},
	{50, false, true},    {500, false, true},   {5000, false, true},
	{5, true, true},      {50, true, true},     {500, true, true},
	{5000, true, true},
};

#define SHAPE_COUNT ((int)(sizeof shapes / sizeof shapes[0]))

/* --- Helpers ------------------------------------------------------------------- */

/* A benchmark message of `shape` in ops, with `what`. */
static bm_message *
benchmark_message(const struct bm_ops *ops, const struct shape *shape)
{
	bm_message *msg = cu_new_message(ops, WHAT_CODE);
	cu_add_benchmark(msg, shape->count, shape->strings, shape->individual);
	return msg;
}

/* The content of msg, fields sorted by name (Message1 iterates sorted). */
static void
sorted_content(const bm_message *msg, struct tu_content *content)
{
	ck_assert_int_eq(tu_content_from_message(msg, content), BM_OK);
	tu_content_sort(content);
}

/* Finds every item of the benchmark message by name and index, as the
 * Lookup and Read cells do. */
static void
assert_items_found(const bm_message *msg, const struct shape *shape,
                   const char *context)
{
	char name[32], text[32];
	for (int i = 0; i < shape->count; i++) {
		snprintf(name, sizeof name, shape->individual ? "data%d" : "data",
		         i);
		int32_t index = shape->individual ? 0 : i;
		int rc;
		if (shape->strings) {
			const char *value = NULL;
			size_t length = 0;
			snprintf(text, sizeof text, "item%d", i);
			rc = bm_find_string(msg, name, index, &value, &length);
			ck_assert_msg(rc == BM_OK && length == strlen(text) &&
			                  memcmp(value, text, length) == 0,
			              "%s: item %d of '%s': %s", context, i, name,
			              bm_status_name(rc));
		} else {
			int32_t value = -1;
			rc = bm_find_int32(msg, name, index, &value);
			ck_assert_msg(rc == BM_OK && value == i,
			              "%s: item %d of '%s': %s, %d", context, i, name,
			              bm_status_name(rc), (int)value);
		}
	}
}

/*
 * Message3-2005's FOB1 rewritten as Message3 writes it: each name length
 * without the NUL and the NUL left out, the padding of variable-size items
 * zeroed, size and checksum recomputed (both write header flag 0x01). Its
 * records
 * never use MINI or SINGLE (4-byte count and size).
 */
static uint8_t *
message3_2005_as_r5(const uint8_t *bytes, size_t size, size_t *out_size)
{
	uint8_t *out = malloc(size);
	ck_assert_ptr_nonnull(out);
	ck_assert_uint_ge(size, BM_R5_HEADER_SIZE + 1);
	memcpy(out, bytes, BM_R5_HEADER_SIZE);
	size_t in = BM_R5_HEADER_SIZE, at = BM_R5_HEADER_SIZE;
	while (in < size && (bytes[in] & BM_R5_FIELD_VALID) != 0) {
		uint8_t flags = bytes[in];
		ck_assert_msg((flags & (BM_R5_FIELD_MINI | BM_R5_FIELD_SINGLE)) == 0,
		              "Message3-2005 wrote a MINI or SINGLE record");
		ck_assert_uint_le(in + 14, size);
		uint32_t data_size = bm__load32(bytes + in + 9);
		uint8_t name_len = bytes[in + 13];
		ck_assert_uint_ge(name_len, 2);
		ck_assert_uint_le(in + 14 + name_len + data_size, size);
		ck_assert_msg(bytes[in + 13 + name_len] == '\0',
		              "Message3-2005's name length no longer counts a NUL");
		memcpy(out + at, bytes + in, 13);
		out[at + 13] = (uint8_t)(name_len - 1);
		memcpy(out + at + 14, bytes + in + 14, name_len - 1u);
		in += 14 + name_len;
		at += 14 + name_len - 1u;
		uint8_t *data = out + at;
		memcpy(data, bytes + in, data_size);
		if ((flags & BM_R5_FIELD_FIXED) == 0) {
			for (size_t item = 0; item + 4 <= data_size;) {
				size_t length = bm__load32(data + item);
				size_t padded = bm__r5_var_item_size(length);
				ck_assert_uint_le(item + padded, data_size);
				memset(data + item + 4 + length, 0, padded - 4 - length);
				item += padded;
			}
		}
		in += data_size;
		at += data_size;
	}
	ck_assert_uint_eq(in + 1, size);
	out[at++] = bytes[in]; /* terminator */
	bm__store32(out + 8, (uint32_t)at);
	bm__store32(out + 4, bm__r5_checksum(out + 8, BM_R5_HEADER_SIZE - 8));
	*out_size = at;
	return out;
}

/* --- The benchmark messages, through every slot -------------------------------- */

/* What a decode reports, counted: fields, items and item bytes. */
struct tally {
	int fields, items;
	size_t bytes;
};

static int
tally_field(void *ctx, const char *name, size_t name_len, bm_type_code type,
            bool fixed_size, int32_t count)
{
	(void)name, (void)name_len, (void)type, (void)fixed_size, (void)count;
	((struct tally *)ctx)->fields++;
	return 0;
}

static int
tally_item(void *ctx, const void *data, size_t size)
{
	(void)data;
	((struct tally *)ctx)->items++;
	((struct tally *)ctx)->bytes += size;
	return 0;
}

/*
 * The content checks of one message against the re-creation's. The
 * content helpers (test_util.h) grow their field array one field at a
 * time, which is slow for 5000 fields under the sanitizers; there the
 * items are checked by name and index, and the decode by counts.
 */
static bool
compare_whole_content(const struct shape *shape)
{
	return !shape->individual || shape->count <= 500;
}

START_TEST(benchmark_messages_survive_every_slot)
{
	const struct original *orig = &originals[_i / SHAPE_COUNT];
	const struct shape *shape = &shapes[_i % SHAPE_COUNT];
	bool whole = compare_whole_content(shape);
	char context[96], label[48];
	snprintf(context, sizeof context, "%s, %s", orig->ops->name,
	         cu_benchmark_name(label, sizeof label, shape->count,
	                           shape->strings, shape->individual));

	/* What the message must hold: the re-creation's content. */
	bm_message *reference = benchmark_message(cu_backend(orig->recreation),
	                                          shape);
	struct tu_content expected = {0}, held;
	if (whole)
		sorted_content(reference, &expected);

	bm_message *msg = benchmark_message(orig->ops, shape);
	ck_assert_int_eq(bm_count_fields(msg),
	                 shape->individual ? shape->count : 1);
	assert_items_found(msg, shape, context);
	if (whole) {
		sorted_content(msg, &held);
		cu_assert_same_content(&expected, &held, true, context);
		tu_content_free(&held);
	}

	/* Flatten, and decode with the shared decoder. */
	size_t size, r5_size = 0;
	uint8_t *bytes = cu_flatten(msg, &size);
	uint8_t *r5 = NULL;
	const uint8_t *decodable = bytes;
	size_t decodable_size = size;
	if (orig->bytes == NAME_NUL_PADDING) {
		const struct bm_decode_sink nothing = {0};
		ck_assert_int_eq(bm_decode(bytes, size, &nothing), BM_BAD_VALUE);
		r5 = message3_2005_as_r5(bytes, size, &r5_size);
		decodable = r5;
		decodable_size = r5_size;
	}
	if (whole) {
		ck_assert_int_eq(tu_content_from_bytes(decodable, decodable_size,
		                                       &held),
		                 BM_OK);
		ck_assert_uint_eq(held.what, WHAT_CODE);
		tu_content_sort(&held);
		cu_assert_same_content(&expected, &held, true, context);
		tu_content_free(&held);
	} else {
		struct tally got = {0};
		const struct bm_decode_sink sink = {
			.field = tally_field, .item = tally_item, .ctx = &got};
		ck_assert_int_eq(bm_decode(decodable, decodable_size, &sink), BM_OK);
		ck_assert_int_eq(got.fields, shape->count);
		ck_assert_int_eq(got.items, shape->count);
		struct bm_field_info info;
		size_t item_bytes = 0;
		for (int32_t f = 0; f < bm_count_fields(reference); f++) {
			ck_assert_int_eq(bm_field_at(reference, f, &info), BM_OK);
			const void *data;
			size_t item;
			char name[32];
			snprintf(name, sizeof name, "%.*s", (int)info.name_len,
			         info.name);
			ck_assert_int_eq(bm_find_data(reference, name, info.type, 0,
			                              &data, &item),
			                 BM_OK);
			item_bytes += item;
		}
		ck_assert_uint_eq(got.bytes, item_bytes);
	}

	/* Its own reader on its own bytes. */
	bm_message *copy = cu_unflattened(orig->ops, bytes, size, context);
	ck_assert_uint_eq(copy->what, WHAT_CODE);
	ck_assert_int_eq(bm_count_fields(copy), bm_count_fields(msg));
	assert_items_found(copy, shape, context);
	if (whole) {
		sorted_content(copy, &held);
		cu_assert_same_content(&expected, &held, true, context);
		tu_content_free(&held);
	}
	size_t again_size;
	uint8_t *again = cu_flatten(copy, &again_size);
	if (orig->bytes == NAME_NUL_PADDING) {
		size_t again_r5_size;
		uint8_t *again_r5 = message3_2005_as_r5(again, again_size,
		                                        &again_r5_size);
		cu_assert_bytes_eq(again_r5, again_r5_size, r5, r5_size, context);
		free(again_r5);
	} else {
		cu_assert_bytes_eq(again, again_size, bytes, size, context);
	}

	free(again);
	free(r5);
	free(bytes);
	tu_content_free(&expected);
	bm_destroy(copy);
	bm_destroy(msg);
	bm_destroy(reference);
}
END_TEST

/* --- Bytes against the re-creation ----------------------------------------------- */

START_TEST(bytes_differ_from_the_recreation_only_as_recorded)
{
	const struct original *orig = &originals[_i / SHAPE_COUNT];
	const struct shape *shape = &shapes[_i % SHAPE_COUNT];
	char context[96], label[48];
	snprintf(context, sizeof context, "%s vs %s, %s", orig->ops->name,
	         orig->recreation,
	         cu_benchmark_name(label, sizeof label, shape->count,
	                           shape->strings, shape->individual));

	bm_message *theirs = benchmark_message(cu_backend(orig->recreation),
	                                       shape);
	bm_message *ours = benchmark_message(orig->ops, shape);
	size_t want_size, got_size;
	uint8_t *want = cu_flatten(theirs, &want_size);
	uint8_t *got = cu_flatten(ours, &got_size);

	switch (orig->bytes) {
	case SAME_BYTES:
		cu_assert_bytes_eq(got, got_size, want, want_size, context);
		break;
	case NAME_NUL_PADDING: {
		/* Message3 writes the 2005 header flag too. */
		ck_assert_uint_eq(got[16], 0x01);
		ck_assert_uint_eq(want[16], 0x01);
		/* One byte more per field: the NULs. */
		ck_assert_uint_eq(got_size, want_size + (size_t)bm_count_fields(ours));
		size_t normal_size;
		uint8_t *normal = message3_2005_as_r5(got, got_size, &normal_size);
		cu_assert_bytes_eq(normal, normal_size, want, want_size, context);
		free(normal);
		break;
	}
	}

	free(got);
	free(want);
	bm_destroy(ours);
	bm_destroy(theirs);
}
END_TEST

/* --- The adapters -------------------------------------------------------------- */

START_TEST(descriptors_are_valid)
{
	char why[160];
	const struct bm_ops *ops = originals[_i].ops;
	ck_assert_msg(bm_ops_valid(ops, why, sizeof why), "%s", why);
	/* Registered, as an original beside its re-creation. */
	ck_assert_ptr_eq(bm_find_backend(ops->name), ops);
	ck_assert_int_eq(bm_backend_kind(ops), BM_KIND_ORIGINAL);
	ck_assert_ptr_nonnull(bm_find_backend(ops->counterpart));
}
END_TEST

START_TEST(allocations_go_through_the_counting_allocator)
{
	const struct original *orig = &originals[_i];
	bm_alloc_counting(true);
	bm_message *msg = cu_new_message(orig->ops, 0);
	cu_add_items(msg, "strings", true, 0, 40);
	cu_add_items(msg, "ints", false, 0, 40);
	ck_assert_uint_gt(bm_alloc_calls(), 0);
	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);
	bm_message *copy = cu_new_message(orig->ops, 0);
	uint64_t before = bm_alloc_calls();
	ck_assert_int_eq(bm_unflatten(copy, bytes, size), BM_OK);
	ck_assert_uint_gt(bm_alloc_calls(), before);
	bm_destroy(copy);
	bm_destroy(msg);
	/* Message1-2005's Unflatten leaks its scratch buffer (databuffer in
	 * src/kits/app/Message.cpp, BMessage::Unflatten(BDataIO *)): one block
	 * per call. Everything else comes back. */
	int64_t leaked = strcmp(orig->ops->name, "Message1-2005") == 0 ? 1 : 0;
	ck_assert_int_eq(bm_alloc_counts()->live, leaked);
	bm_alloc_counting(false);
	free(bytes);
}
END_TEST

START_TEST(what_comes_back)
{
	const struct bm_ops *ops = originals[_i].ops;
	bm_message *msg = cu_new_message(ops, 0xdeadbeefu);
	cu_add_items(msg, "x", false, 7, 1);
	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);
	bm_message *copy = cu_unflattened(ops, bytes, size, ops->name);
	ck_assert_uint_eq(copy->what, 0xdeadbeefu);
	bm_destroy(copy);
	bm_destroy(msg);
	free(bytes);
}
END_TEST

/* The other family's format goes to the shared decoder: HMF1 into the
 * 2005 designs, FOB1 (Message2's layout) into today's. */
START_TEST(other_formats_are_left_to_the_shared_decoder)
{
	const struct bm_ops *ops = originals[_i].ops;
	const char *writer = ops->native_format == BM_FORMAT_HMF1 ? "Message2"
	                                                           : "Message4";
	bm_message *source = cu_new_message(cu_backend(writer), WHAT_CODE);
	cu_add_items(source, "ints", false, 0, 3);
	cu_add_items(source, "strings", true, 0, 3);
	size_t size;
	uint8_t *bytes = cu_flatten(source, &size);
	bm_message *direct = cu_new_message(ops, 0);
	ck_assert_int_eq(ops->unflatten(direct, bytes, size), BM_UNSUPPORTED);
	bm_destroy(direct);
	struct tu_content expected;
	sorted_content(source, &expected);
	bm_message *copy = cu_unflattened(ops, bytes, size, ops->name);
	struct tu_content held;
	sorted_content(copy, &held);
	cu_assert_same_content(&expected, &held, false, ops->name);
	tu_content_free(&held);
	tu_content_free(&expected);
	bm_destroy(copy);
	bm_destroy(source);
	free(bytes);
}
END_TEST

START_TEST(flatten_refuses_a_small_buffer)
{
	const struct bm_ops *ops = originals[_i].ops;
	bm_message *msg = cu_new_message(ops, 0);
	cu_add_items(msg, "strings", true, 0, 5);
	size_t size;
	ck_assert_int_eq(bm_flattened_size(msg, &size), BM_OK);
	uint8_t *buffer = malloc(size);
	ck_assert_ptr_nonnull(buffer);
	ck_assert_int_eq(bm_flatten(msg, buffer, size - 1), BM_BUFFER_TOO_SMALL);
	ck_assert_int_eq(bm_flatten(msg, buffer, size), BM_OK);
	free(buffer);
	bm_destroy(msg);
}
END_TEST

/* A stub reached during a slot fails that slot. Today's Unflatten reaches
 * the area stubs for a header that says "passed by area"; Message2-2005's
 * AddData calls debugger() for a fixed-size item of another size. */
START_TEST(a_stub_reached_fails_the_slot)
{
#if BENCH_HAVE_HAIKU_ORIGINAL
	{
		bm_message *msg = cu_new_message(&bm_haiku_original_ops, 0);
		cu_add_items(msg, "ints", false, 0, 2);
		size_t size;
		uint8_t *bytes = cu_flatten(msg, &size);
		uint32_t flags = bm__load32(bytes + BM_HMF1_OFF_FLAGS);
		bm__store32(bytes + BM_HMF1_OFF_FLAGS, flags | 0x0080u);
		bm__store32(bytes + 20, 1); /* message_area */
		bm_message *copy = cu_new_message(&bm_haiku_original_ops, 0);
		ck_assert_int_eq(bm_unflatten(copy, bytes, size), BM_BAD_VALUE);
		ck_assert_int_eq(bm_count_fields(copy), 0);
		ck_assert_int_eq(bm_add_int32(copy, "after", 1), BM_OK);
		bm_destroy(copy);
		bm_destroy(msg);
		free(bytes);
	}
#endif
#if BENCH_HAVE_2005_ORIGINALS
	{
		bm_message *msg = cu_new_message(&bm_message2_2005_ops, 0);
		ck_assert_int_eq(bm_add_int32(msg, "fixed", 1), BM_OK);
		const uint16_t small = 2;
		ck_assert_int_eq(bm_add_data(msg, "fixed", BM_INT32_TYPE, &small,
		                             sizeof small, true),
		                 BM_UNSUPPORTED);
		ck_assert_int_eq(bm_add_int32(msg, "fixed", 3), BM_OK);
		bm_destroy(msg);
	}
#endif
}
END_TEST

Suite *
make_originals_suite(void)
{
	Suite *suite = suite_create("originals");

	TCase *messages = tcase_create("messages");
	tcase_add_loop_test(messages, benchmark_messages_survive_every_slot, 0,
	                    ORIGINAL_COUNT * SHAPE_COUNT);
	tcase_add_loop_test(messages,
	                    bytes_differ_from_the_recreation_only_as_recorded, 0,
	                    ORIGINAL_COUNT * SHAPE_COUNT);
	tcase_set_timeout(messages, 120);
	suite_add_tcase(suite, messages);

	TCase *adapters = tcase_create("adapters");
	tcase_add_loop_test(adapters, descriptors_are_valid, 0, ORIGINAL_COUNT);
	tcase_add_loop_test(adapters, allocations_go_through_the_counting_allocator,
	                    0, ORIGINAL_COUNT);
	tcase_add_loop_test(adapters, what_comes_back, 0, ORIGINAL_COUNT);
	tcase_add_loop_test(adapters, other_formats_are_left_to_the_shared_decoder,
	                    0, ORIGINAL_COUNT);
	tcase_add_loop_test(adapters, flatten_refuses_a_small_buffer, 0,
	                    ORIGINAL_COUNT);
	tcase_add_test(adapters, a_stub_reached_fails_the_slot);
	tcase_set_timeout(adapters, 60);
	suite_add_tcase(suite, adapters);
	return suite;
}
