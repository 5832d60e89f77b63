/*
 * test_failures.c - allocation-failure injection on every backend.
 *
 * For each operation (create, add to a new field, add to an existing
 * field, the first add that makes an existing field grow, flatten,
 * unflatten) and for k = 1, 2, ... until the operation succeeds, the k-th
 * allocation it makes is made to fail. The call must return BM_NO_MEMORY,
 * and the message must stay valid and hold exactly what it held before
 * (read back through the wrappers), with nothing leaked. Reads that build
 * indexes must answer when those allocations fail.
 */
#include "suites.h"

#include "alloc.h"
#include "bmsg.h"
#include "check_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Far more allocations than any single operation here makes. */
#define MAX_ATTEMPTS 10000

/* A message with a few fields of both kinds, built with counting on but no
 * failure planned. */
static bm_message *
build_message(const struct bm_ops *ops, int items)
{
	bm_message *msg = cu_new_message(ops, 'w');
	char text[32];
	for (int i = 0; i < items; i++) {
		snprintf(text, sizeof text, "item%d", i);
		ck_assert_int_eq(bm_add_int32(msg, "ints", i), BM_OK);
		ck_assert_int_eq(bm_add_string(msg, "strings", text), BM_OK);
	}
	ck_assert_int_eq(bm_add_data(msg, "raw", BM_TYPE('R', 'A', 'W', 'T'),
	                             "0123456789", 10, false),
	                 BM_OK);
	return msg;
}

static void
assert_content_is(const bm_message *msg, const struct tu_content *expected,
                  const char *context, uint64_t k)
{
	char where[256];
	snprintf(where, sizeof where, "%s, k=%llu", context,
	         (unsigned long long)k);
	cu_assert_content_is(msg, expected, true, where);
}

/* The operation under test; returns its status. */
typedef int (*operation_fn)(bm_message *msg, void *arg);

/*
 * Runs `operation` on `msg` with the k-th allocation failing, for k = 1..
 * until it succeeds. After each failure: BM_NO_MEMORY, content unchanged
 * (or empty, for unflatten), no block leaked. With `absorbed` (unflatten),
 * an injected failure may instead end in BM_OK with that content: the
 * failure hit the make_empty that bm_unflatten runs first, which cannot
 * fail and may re-allocate a header as Haiku's MakeEmpty does (Message4
 * keeps its old header then). Returns the k that passed.
 */
static uint64_t
fail_each_allocation(bm_message *msg, operation_fn operation, void *arg,
                     bool empties_on_failure,
                     const struct tu_content *absorbed, const char *context)
{
	struct tu_content before, empty = {.what = msg->what};
	ck_assert_int_eq(tu_content_from_message(msg, &before), BM_OK);
	for (uint64_t k = 1; k <= MAX_ATTEMPTS; k++) {
		int64_t live_before = bm_alloc_counts()->live;
		uint64_t failures_before = bm_alloc_counts()->failures;
		bm_alloc_fail_at(k);
		int rc = operation(msg, arg);
		bool failed_allocation = bm_alloc_counts()->failures > failures_before;
		bm_alloc_fail_at(0);
		if (!failed_allocation) {
			ck_assert_msg(rc == BM_OK, "%s: %s with no failure injected",
			              context, bm_status_name(rc));
			tu_content_free(&before);
			return k;
		}
		if (rc == BM_OK && absorbed != NULL) {
			assert_content_is(msg, absorbed, context, k);
			continue;
		}
		ck_assert_msg(rc == BM_NO_MEMORY, "%s, k=%llu: %s", context,
		              (unsigned long long)k, bm_status_name(rc));
		empty.what = msg->what;
		assert_content_is(msg, empties_on_failure ? &empty : &before,
		                  context, k);
		if (!empties_on_failure)
			ck_assert_msg(bm_alloc_counts()->live == live_before,
			              "%s, k=%llu: %lld blocks leaked", context,
			              (unsigned long long)k,
			              (long long)(bm_alloc_counts()->live - live_before));
	}
	ck_abort_msg("%s: still failing after %d allocations", context,
	             MAX_ATTEMPTS);
	return 0;
}

struct add_arg {
	const char *name;
	int32_t value;
};

static int
add_int32_op(bm_message *msg, void *arg)
{
	const struct add_arg *add = arg;
	return bm_add_int32(msg, add->name, add->value);
}

static int
add_string_op(bm_message *msg, void *arg)
{
	const struct add_arg *add = arg;
	char text[32];
	snprintf(text, sizeof text, "added%d", add->value);
	return bm_add_string(msg, add->name, text);
}

struct flat_arg {
	uint8_t *buffer;
	size_t size;
};

static int
flatten_op(bm_message *msg, void *arg)
{
	struct flat_arg *flat = arg;
	return bm_flatten(msg, flat->buffer, flat->size);
}

static int
unflatten_op(bm_message *msg, void *arg)
{
	struct flat_arg *flat = arg;
	return bm_unflatten(msg, flat->buffer, flat->size);
}

START_TEST(create_fails_cleanly)
{
	const struct bm_ops *ops = cu_in(CU_NO_MEMORY, _i);
	bm_alloc_counting(true);
	for (uint64_t k = 1; k <= MAX_ATTEMPTS; k++) {
		bm_message *msg = NULL;
		bm_alloc_fail_at(k);
		int rc = bm_create(ops, 1, &msg);
		bool failed_allocation = bm_alloc_counts()->failures > 0;
		bm_alloc_fail_at(0);
		if (!failed_allocation) {
			ck_assert_int_eq(rc, BM_OK);
			bm_destroy(msg);
			break;
		}
		ck_assert_msg(rc == BM_NO_MEMORY, "%s: create k=%llu gave %s",
		              ops->name, (unsigned long long)k, bm_status_name(rc));
		ck_assert_ptr_null(msg);
		ck_assert_int_eq(bm_alloc_counts()->live, 0);
		bm_alloc_reset_counts();
	}
	ck_assert_int_eq(bm_alloc_counts()->live, 0);
	bm_alloc_counting(false);
}
END_TEST

START_TEST(adds_fail_cleanly)
{
	const struct bm_ops *ops = cu_in(CU_NO_MEMORY, _i);
	char context[128];
	bm_alloc_counting(true);
	bm_message *msg = build_message(ops, 3);

	snprintf(context, sizeof context, "%s: add to a new field", ops->name);
	struct add_arg fresh = {"fresh", 42};
	fail_each_allocation(msg, add_int32_op, &fresh, false, NULL, context);

	snprintf(context, sizeof context, "%s: add to an existing field",
	         ops->name);
	struct add_arg existing = {"ints", 43};
	fail_each_allocation(msg, add_int32_op, &existing, false, NULL, context);

	snprintf(context, sizeof context, "%s: new string field", ops->name);
	struct add_arg text = {"text", 1};
	fail_each_allocation(msg, add_string_op, &text, false, NULL, context);

	/* The first item of an empty message. */
	bm_message *empty = cu_new_message(ops, 2);
	snprintf(context, sizeof context, "%s: first add", ops->name);
	fail_each_allocation(empty, add_string_op, &text, false, NULL, context);

	bm_destroy(empty);
	bm_destroy(msg);
	ck_assert_int_eq(bm_alloc_counts()->live, 0);
	bm_alloc_counting(false);
}
END_TEST

/* Finds the first add to an existing field that allocates (the field or
 * the message has to grow), then makes each of its allocations fail. */
START_TEST(growth_fails_cleanly)
{
	const struct bm_ops *ops = cu_in(CU_NO_MEMORY, _i);
	char context[128];
	bm_alloc_counting(true);
	static const operation_fn kinds[] = {add_int32_op, add_string_op};
	static const char *const names[] = {"ints", "strings"};
	for (size_t kind = 0; kind < 2; kind++) {
		bm_message *msg = cu_new_message(ops, 3);
		struct add_arg add = {names[kind], 0};
		ck_assert_int_eq(kinds[kind](msg, &add), BM_OK);
		bool found = false;
		for (int32_t i = 1; i < 100000 && !found; i++) {
			add.value = i;
			uint64_t calls = bm_alloc_calls();
			ck_assert_int_eq(kinds[kind](msg, &add), BM_OK);
			if (bm_alloc_calls() == calls)
				continue;
			/* Rebuild up to just before that add, then fail it. */
			found = true;
			bm_message *again = cu_new_message(ops, 3);
			for (int32_t j = 0; j < i; j++) {
				struct add_arg before = {names[kind], j};
				ck_assert_int_eq(kinds[kind](again, &before), BM_OK);
			}
			snprintf(context, sizeof context, "%s: growing add #%d to %s",
			         ops->name, (int)i, names[kind]);
			fail_each_allocation(again, kinds[kind], &add, false, NULL, context);
			bm_destroy(again);
		}
		ck_assert_msg(found, "%s: no add ever allocated", ops->name);
		bm_destroy(msg);
	}
	ck_assert_int_eq(bm_alloc_counts()->live, 0);
	bm_alloc_counting(false);
}
END_TEST

START_TEST(flatten_and_unflatten_fail_cleanly)
{
	const struct bm_ops *ops = cu_in(CU_NO_MEMORY, _i);
	char context[128];
	bm_alloc_counting(true);
	bm_message *msg = build_message(ops, 20);
	struct flat_arg flat;
	ck_assert_int_eq(bm_flattened_size(msg, &flat.size), BM_OK);
	flat.buffer = malloc(flat.size);
	ck_assert_ptr_nonnull(flat.buffer);

	snprintf(context, sizeof context, "%s: flatten", ops->name);
	fail_each_allocation(msg, flatten_op, &flat, false, NULL, context);

	/* Unflatten into an empty message, and over existing content: a
	 * failure leaves the message empty. */
	for (int existing = 0; existing < 2; existing++) {
		bm_message *target = existing ? build_message(ops, 2)
		                              : cu_new_message(ops, 4);
		snprintf(context, sizeof context, "%s: unflatten%s", ops->name,
		         existing ? " over content" : "");
		struct tu_content expected;
		ck_assert_int_eq(tu_content_from_message(msg, &expected), BM_OK);
		fail_each_allocation(target, unflatten_op, &flat, true, &expected,
		                     context);
		cu_assert_content_is(target, &expected, true, context);
		tu_content_free(&expected);
		bm_destroy(target);
	}

	/* Every other backend's bytes, through the shared decoders. */
	for (int other = 0; other < cu_count(CU_NO_MEMORY); other++) {
		const struct bm_ops *reader = cu_in(CU_NO_MEMORY, other);
		if (reader == ops)
			continue;
		bm_message *target = cu_new_message(reader, 5);
		snprintf(context, sizeof context, "%s reading %s", reader->name,
		         ops->name);
		/* What the reader makes of the bytes with no failure. */
		struct tu_content read;
		bm_message *clean = cu_new_message(reader, 5);
		ck_assert_int_eq(bm_unflatten(clean, flat.buffer, flat.size), BM_OK);
		ck_assert_int_eq(tu_content_from_message(clean, &read), BM_OK);
		bm_destroy(clean);
		fail_each_allocation(target, unflatten_op, &flat, true, &read,
		                     context);
		tu_content_free(&read);
		bm_destroy(target);
	}

	free(flat.buffer);
	bm_destroy(msg);
	ck_assert_int_eq(bm_alloc_counts()->live, 0);
	bm_alloc_counting(false);
}
END_TEST

/*
 * A backend that builds indexes when a read needs them (an index of names,
 * of item offsets) must answer every read when those allocations fail: for
 * k = 1, 2, ... the k-th allocation of a full read of a message with many
 * fields and a long string field fails, and the read still gives the
 * message's content. For the other backends reads never allocate, and one
 * pass checks that.
 */
START_TEST(reads_answer_when_an_index_cannot_be_built)
{
	const struct bm_ops *ops = cu_in(CU_NO_MEMORY, _i);
	char context[128], name[32];
	bm_alloc_counting(true);
	bm_message *msg = cu_new_message(ops, 'r');
	for (int i = 0; i < 40; i++) {
		snprintf(name, sizeof name, "field%d", i);
		ck_assert_int_eq(bm_add_int32(msg, name, i), BM_OK);
		snprintf(name, sizeof name, "text%d", i);
		ck_assert_int_eq(bm_add_string(msg, "strings", name), BM_OK);
	}
	struct tu_content expected;
	ck_assert_int_eq(tu_content_from_message(msg, &expected), BM_OK);
	struct flat_arg flat;
	ck_assert_int_eq(bm_flattened_size(msg, &flat.size), BM_OK);
	flat.buffer = malloc(flat.size);
	ck_assert_ptr_nonnull(flat.buffer);
	ck_assert_int_eq(bm_flatten(msg, flat.buffer, flat.size), BM_OK);
	for (uint64_t k = 1; k <= MAX_ATTEMPTS; k++) {
		/* Fresh from Unflatten, so no index is built yet. */
		bm_message *target = cu_new_message(ops, 0);
		ck_assert_int_eq(bm_unflatten(target, flat.buffer, flat.size),
		                 BM_OK);
		uint64_t failures_before = bm_alloc_counts()->failures;
		bm_alloc_fail_at(k);
		snprintf(context, sizeof context, "%s: reads with allocation %llu "
		         "failing", ops->name, (unsigned long long)k);
		cu_assert_content_is(target, &expected, true, context);
		bool failed_allocation = bm_alloc_counts()->failures > failures_before;
		bm_alloc_fail_at(0);
		bm_destroy(target);
		if (!failed_allocation)
			break;
		ck_assert_msg((ops->flags & BM_BACKEND_INDEXES_ON_READ) != 0,
		              "%s: a read allocated, and its descriptor does not "
		              "say BM_BACKEND_INDEXES_ON_READ", ops->name);
	}
	tu_content_free(&expected);
	free(flat.buffer);
	bm_destroy(msg);
	ck_assert_int_eq(bm_alloc_counts()->live, 0);
	bm_alloc_counting(false);
}
END_TEST

Suite *
make_failures_suite(void)
{
	Suite *suite = suite_create("failures");
	TCase *tc = tcase_create("failures");
	/* Only the backends that survive an allocation failure. */
	int count = cu_count(CU_NO_MEMORY);
	tcase_add_loop_test(tc, create_fails_cleanly, 0, count);
	tcase_add_loop_test(tc, adds_fail_cleanly, 0, count);
	tcase_add_loop_test(tc, growth_fails_cleanly, 0, count);
	tcase_add_loop_test(tc, flatten_and_unflatten_fail_cleanly, 0, count);
	tcase_add_loop_test(tc, reads_answer_when_an_index_cannot_be_built, 0,
	                    count);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(suite, tc);
	return suite;
}
