/*
 * test_harness_matrix.c - the matrix definition against the 2005 CSV in
 * results/, the Floor's byte counts against the derived sizes of
 * impl/flat-examples.md §1.1, the lookup order, and the content checks that
 * decide whether a cell's result is right.
 */
#include "suites.h"

#include "check_util.h"
#include "message_content.h"
#include "harness_backends.h"
#include "matrix.h"
#include "operations.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

START_TEST(default_matrix_is_the_2005_csv)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/results/messagespeed-2005.csv",
	         BENCH_SOURCE_DIR);
	FILE *csv = fopen(path, "r");
	ck_assert_msg(csv != NULL, "cannot open %s", path);
	struct bench_test tests[100];
	size_t count = bench_matrix_build(bench_default_sizes, 4, tests);
	/* The 52 of 2005 come first, then the rows 2005 did not have: the 16
	 * validated Unflattens and the 26 real rows. */
	ck_assert_uint_eq(count, 94);
	ck_assert_uint_eq(bench_matrix_build(bench_default_sizes, 4, NULL), 94);
	for (size_t t = 0; t < count; t++)
		ck_assert_uint_eq(bench_operation(tests[t].op)->in_2005, t < 52);

	char line[512];
	ck_assert_ptr_nonnull(fgets(line, sizeof line, csv));
	ck_assert_int_eq(strncmp(line, "test,op,items,type,", 19), 0);
	size_t row = 0;
	while (fgets(line, sizeof line, csv) != NULL) {
		if (line[0] == '\n')
			continue;
		ck_assert_uint_lt(row, count);
		char name[64], op[32], type[16];
		size_t items;
		ck_assert_int_eq(sscanf(line, "%63[^,],%31[^,],%zu,%15[^,]", name,
		                        op, &items, type),
		                 4);
		const struct bench_test *test = &tests[row];
		ck_assert_str_eq(test->name, name);
		ck_assert_str_eq(bench_op_name(test->op), op);
		ck_assert_uint_eq(test->workload.items, items);
		ck_assert_str_eq(bench_type_name(test->workload.type), type);
		row++;
	}
	fclose(csv);
	ck_assert_uint_eq(row, 52);
}
END_TEST

START_TEST(other_sizes_keep_the_order)
{
	const size_t sizes[] = {5, 50000};
	struct bench_test tests[70];
	ck_assert_uint_eq(bench_matrix_build(sizes, 2, tests), 34 + 26);
	ck_assert_str_eq(tests[0].name, "tCreate5Int32");
	ck_assert_str_eq(tests[1].name, "tCreate50000Int32");
	ck_assert_str_eq(tests[4].name, "tLookup5Int32");
	ck_assert_str_eq(tests[5].name, "tLookup50000Int32");
	ck_assert_str_eq(tests[6].name, "tRead5Int32");
	ck_assert_str_eq(tests[25].name, "tUnflattenIndividual50000String");
	/* The longest name fits. */
	const size_t largest[] = {BENCH_ITEMS_MAX};
	struct bench_test big[17 + 26];
	bench_matrix_build(largest, 1, big);
	ck_assert_str_eq(big[12].name, "tUnflattenIndividual1000000String");
	ck_assert_str_eq(big[16].name,
	                 "tUnflattenIndividualValidated1000000String");
}
END_TEST

START_TEST(floor_bytes_match_the_derived_vectors)
{
	/* impl/flat-examples.md §1.1, column HMF1. */
	static const struct {
		enum bench_op op;
		enum bench_type type;
		size_t hmf1[4];
	} cases[] = {
		{BENCH_OP_FLATTEN, BENCH_TYPE_INT32, {117, 297, 2097, 20097}},
		{BENCH_OP_FLATTEN, BENCH_TYPE_STRING, {147, 637, 5987, 63987}},
		{BENCH_OP_FLATTEN_INDIVIDUAL, BENCH_TYPE_INT32,
		 {238, 1808, 17958, 183958}},
		{BENCH_OP_UNFLATTEN_INDIVIDUAL, BENCH_TYPE_STRING,
		 {268, 2148, 21848, 227848}},
	};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		for (size_t s = 0; s < 4; s++) {
			struct bench_test test = {.op = cases[c].op,
			                          .workload.type = cases[c].type,
			                          .workload.items = bench_default_sizes[s]};
			struct bench_content content = bench_test_content(&test);
			ck_assert_uint_eq(bench_hmf1_size(&content),
			                  cases[c].hmf1[s]);
		}
	}
	/* Item bytes: 4 per Int32; "item0".."item4" are 6 bytes with the
	 * NUL; "item10".."item49" 7. */
	struct bench_content content = {.layout = BENCH_LAYOUT_ONE_FIELD,
	                                .type = BENCH_TYPE_INT32, .items = 50};
	ck_assert_uint_eq(bench_item_bytes(&content), 200);
	content.type = BENCH_TYPE_STRING;
	content.items = 5;
	ck_assert_uint_eq(bench_item_bytes(&content), 30);
	content.items = 50;
	ck_assert_uint_eq(bench_item_bytes(&content), 10 * 6 + 40 * 7);
}
END_TEST

START_TEST(floor_bytes_are_what_hmf1_writers_write)
{
	/* The Floor of the flat rows claims to be Message4's flattened size:
	 * every registered backend that writes HMF1 must agree. */
	size_t count, writers = 0;
	const struct bm_ops *const *backends = bm_backends(&count);
	const size_t sizes[] = {5, 50, 500};
	struct bench_test tests[51 + 26];
	size_t test_count = bench_matrix_build(sizes, 3, tests);
	for (size_t b = 0; b < count; b++) {
		if (backends[b]->native_format != BM_FORMAT_HMF1)
			continue;
		writers++;
		for (size_t t = 0; t < test_count; t++) {
			if (!bench_op_is_flat(tests[t].op))
				continue;
			if (tests[t].workload.kind == BENCH_WORKLOAD_MESSAGE) {
				/* The real rows' Floor: the size the add path
				 * and Flatten give, nested messages HMF1 too. */
				struct bench_test_data work;
				ck_assert(bench_test_data_init(&work, &tests[t], 1));
				struct bench_real_buffer scratch = {0}, flat = {0};
				size_t size = 0;
				ck_assert_uint_eq(bench_real_send(backends[b],
				                                  work.real, &scratch,
				                                  &flat, true, &size),
				                  size);
				ck_assert_msg(size == work.floor_bytes,
				              "%s on %s: %zu bytes, formula %zu",
				              tests[t].name, backends[b]->name, size,
				              work.floor_bytes);
				free(scratch.bytes);
				free(flat.bytes);
				bench_test_data_free(&work);
				continue;
			}
			bm_message *msg = NULL;
			size_t size = 0;
			ck_assert_int_eq(bm_create(backends[b], BENCH_WHAT, &msg),
			                 BM_OK);
			struct bench_content content = bench_test_content(&tests[t]);
			ck_assert_int_eq(bench_content_build(&content, msg), BM_OK);
			ck_assert_int_eq(bm_flattened_size(msg, &size), BM_OK);
			ck_assert_msg(size == bench_hmf1_size(&content),
			              "%s on %s: %zu bytes, formula %zu",
			              tests[t].name, backends[b]->name, size,
			              bench_hmf1_size(&content));
			bm_destroy(msg);
		}
	}
	ck_assert_uint_ge(writers, 1);
}
END_TEST

START_TEST(hmf1_writers_write_message4s_bytes)
{
	/* Every registered backend that writes HMF1 writes Message4's bytes
	 * for every benchmark message, the real ones included (Haiku-original
	 * among them when it is built): the flat rows compare the same
	 * bytes. */
	size_t count, writers = 0;
	const struct bm_ops *const *backends = bm_backends(&count);
	const struct bm_ops *message4 = bm_find_backend("Message4");
	ck_assert_ptr_nonnull(message4);
	const size_t sizes[] = {5, 50, 500, 5000};
	size_t test_count = bench_matrix_build(sizes, 4, NULL);
	struct bench_test *tests = calloc(test_count, sizeof *tests);
	ck_assert_ptr_nonnull(tests);
	bench_matrix_build(sizes, 4, tests);
	for (size_t b = 0; b < count; b++) {
		if (backends[b]->native_format != BM_FORMAT_HMF1 ||
		    backends[b] == message4)
			continue;
		writers++;
		for (size_t t = 0; t < test_count; t++) {
			if (!bench_op_is_flat(tests[t].op))
				continue;
			size_t sizes_of[2];
			uint8_t *flat[2];
			const struct bm_ops *pair[2] = {backends[b], message4};
			for (int w = 0; w < 2; w++) {
				if (tests[t].workload.kind == BENCH_WORKLOAD_MESSAGE) {
					/* A real message: as its Send row flattens it,
					 * nested messages as the backend's own bytes. */
					struct bench_test_data work;
					ck_assert(bench_test_data_init(&work, &tests[t], 1));
					struct bench_real_buffer scratch = {0}, out = {0};
					sizes_of[w] = 0;
					bench_real_send(pair[w], work.real, &scratch, &out,
					                true, &sizes_of[w]);
					ck_assert_uint_gt(sizes_of[w], 0);
					flat[w] = out.bytes;
					free(scratch.bytes);
					bench_test_data_free(&work);
					continue;
				}
				bm_message *msg = NULL;
				ck_assert_int_eq(bm_create(pair[w], BENCH_WHAT, &msg),
				                 BM_OK);
				struct bench_content content =
				        bench_test_content(&tests[t]);
				ck_assert_int_eq(bench_content_build(&content, msg),
				                 BM_OK);
				flat[w] = cu_flatten(msg, &sizes_of[w]);
				bm_destroy(msg);
			}
			ck_assert_msg(sizes_of[0] == sizes_of[1] &&
			                  memcmp(flat[0], flat[1], sizes_of[0]) == 0,
			              "%s on %s: not Message4's bytes", tests[t].name,
			              backends[b]->name);
			free(flat[0]);
			free(flat[1]);
		}
	}
	free(tests);
	ck_assert_uint_ge(writers, 1);
}
END_TEST

START_TEST(real_rows_follow_the_matrix_by_kind)
{
	struct bench_test tests[100];
	size_t count = bench_matrix_build(bench_default_sizes, 4, tests);
	ck_assert_uint_eq(count, 94);
	/* After the 68 matrix rows: Send and Receive on the 8 shapes, then
	 * Load and Save on the 5 stored files, in list order. */
	ck_assert_str_eq(tests[68].name, "tSendMouseMoved");
	ck_assert_str_eq(tests[75].name, "tSendDragURL");
	ck_assert_str_eq(tests[76].name, "tReceiveMouseMoved");
	ck_assert_str_eq(tests[84].name, "tLoadSplashIcons");
	ck_assert_str_eq(tests[93].name, "tSaveNetSurfIcon");
	for (size_t t = 68; t < count; t++) {
		ck_assert_int_eq(tests[t].workload.kind, BENCH_WORKLOAD_MESSAGE);
		ck_assert(bench_operation(tests[t].op)->times_lifetime);
		ck_assert(!bench_operation(tests[t].op)->in_2005);
		ck_assert(bench_test_has_floor(&tests[t]));
	}
	/* A shape is never loaded, a stored file never sent, and a matrix
	 * pair takes no real operation. */
	size_t key_down, splash_icons;
	ck_assert(bench_real_find("KeyDown", &key_down));
	ck_assert(bench_real_find("SplashIcons", &splash_icons));
	struct bench_workload shape =
	        bench_message_workload(bench_real_entry(key_down));
	struct bench_workload stored =
	        bench_message_workload(bench_real_entry(splash_icons));
	/* A name of no message of the list, as a results file of another
	 * version may hold. */
	struct bench_workload unknown = {.kind = BENCH_WORKLOAD_MESSAGE,
	                                 .message = "NoSuchMessage"};
	struct bench_workload pair = {.kind = BENCH_WORKLOAD_MATRIX,
	                              .type = BENCH_TYPE_INT32, .items = 5};
	ck_assert(bench_op_applies(BENCH_OP_SEND, &shape));
	ck_assert(!bench_op_applies(BENCH_OP_LOAD, &shape));
	ck_assert(bench_op_applies(BENCH_OP_SAVE, &stored));
	ck_assert(!bench_op_applies(BENCH_OP_RECEIVE, &stored));
	ck_assert(!bench_op_applies(BENCH_OP_SEND, &unknown));
	ck_assert(!bench_op_applies(BENCH_OP_SEND, &pair));
	ck_assert(!bench_op_applies(BENCH_OP_CREATE, &shape));
}
END_TEST

START_TEST(real_messages_hold_what_haiku_sends)
{
	/* Every named message builds; the stored files decode with their
	 * nested messages. */
	size_t nested_files = 0;
	for (size_t m = 0; m < bench_real_count(); m++) {
		char why[160] = "";
		struct bench_real_message *msg = bench_real_build(m, why,
		                                                  sizeof why);
		ck_assert_msg(msg != NULL, "%s: %s", bench_real_name(m), why);
		ck_assert_uint_gt(msg->count, 0);
		if (bench_real_kind(m) == BENCH_REAL_STORED &&
		    bench_real_has_variable_items(msg))
			nested_files++;
		bench_real_free(msg);
	}
	ck_assert_uint_eq(nested_files, 5);
	/* B_KEY_DOWN for 'a' (KeyboardInputDevice.cpp): 7 fields, the 16
	 * state bytes fixed-size 'UBYT', "bytes" fixed-size with its NUL. */
	size_t index;
	ck_assert(bench_real_find("KeyDown", &index));
	char why[160];
	struct bench_real_message *key = bench_real_build(index, why, sizeof why);
	ck_assert_uint_eq(key->what, BM_TYPE('_', 'K', 'Y', 'D'));
	ck_assert_uint_eq(key->count, 7);
	ck_assert_str_eq(key->fields[3].name, "states");
	ck_assert_uint_eq(key->fields[3].type, BM_TYPE('U', 'B', 'Y', 'T'));
	ck_assert_uint_eq(key->fields[3].items[0].size, 16);
	ck_assert(key->fields[5].fixed_size);
	ck_assert_uint_eq(key->fields[5].items[0].size, 2);
	ck_assert(!bench_real_has_variable_items(key));
	/* 68 + 7 * 24 + names (5+4+10+7+5+6+9) + items (8+4+4+16+1+2+4). */
	ck_assert_uint_eq(bench_real_hmf1_size(key), 68 + 168 + 46 + 39);
	bench_real_free(key);
	/* A scripting message nests its specifiers. */
	ck_assert(bench_real_find("GetProperty", &index));
	struct bench_real_message *get = bench_real_build(index, why, sizeof why);
	ck_assert_str_eq(get->fields[0].name, "specifiers");
	ck_assert_uint_eq(get->fields[0].count, 2);
	ck_assert_uint_eq(get->fields[0].items[1].nested->what, 2);
	ck_assert(bench_real_has_variable_items(get));
	bench_real_free(get);
	ck_assert(!bench_real_find("tSendKeyDown", &index));
}
END_TEST

START_TEST(lookup_order_is_a_seeded_permutation)
{
	struct bench_test test = {.op = BENCH_OP_LOOKUP, .workload.type = BENCH_TYPE_INT32,
	                          .workload.items = 50};
	struct bench_test_data a, b, c;
	ck_assert(bench_test_data_init(&a, &test, 7));
	ck_assert(bench_test_data_init(&b, &test, 7));
	ck_assert(bench_test_data_init(&c, &test, 8));
	bool seen[50] = {false};
	bool same_as_other_seed = true, identity = true;
	for (size_t i = 0; i < 50; i++) {
		ck_assert_str_eq(a.lookup_names[i], b.lookup_names[i]);
		long value = strtol(a.lookup_names[i], NULL, 10);
		ck_assert(value >= 0 && value < 50 && !seen[value]);
		seen[value] = true;
		same_as_other_seed &= strcmp(a.lookup_names[i],
		                             c.lookup_names[i]) == 0;
		identity &= value == (long)i;
	}
	ck_assert(!same_as_other_seed);
	ck_assert(!identity);
	ck_assert_uint_eq(a.floor_bytes, 0); /* Lookup has no Floor */
	bench_test_data_free(&a);
	bench_test_data_free(&b);
	bench_test_data_free(&c);
}
END_TEST

START_TEST(stack_depths_differ_for_256_samples_in_a_row)
{
	/* 256 consecutive samples, from any start, run at 256 different
	 * depths, multiples of 16 below 4 KiB; the 257th repeats the first. */
	static const unsigned starts[] = {0, 1, 255, 1000};
	for (size_t s = 0; s < sizeof starts / sizeof starts[0]; s++) {
		bool seen[256] = {false};
		for (unsigned k = starts[s]; k < starts[s] + 256; k++) {
			size_t depth = bench_stack_depth(k);
			ck_assert_uint_eq(depth % 16, 0);
			ck_assert_uint_lt(depth, 4096);
			ck_assert(!seen[depth / 16]);
			seen[depth / 16] = true;
		}
		ck_assert_uint_eq(bench_stack_depth(starts[s] + 256),
		                  bench_stack_depth(starts[s]));
	}
	/* Not the flat buffer's sequence of places. */
	ck_assert_uint_ne(bench_stack_depth(1), 149u * 16u);
}
END_TEST

static bm_message *
build(const struct bm_ops *ops, const struct bench_content *content)
{
	bm_message *msg = NULL;
	ck_assert_int_eq(bm_create(ops, BENCH_WHAT, &msg), BM_OK);
	ck_assert_int_eq(bench_content_build(content, msg), BM_OK);
	return msg;
}

START_TEST(message_check_accepts_the_content_and_nothing_else)
{
	char why[256];
	struct bench_content test = {.layout = BENCH_LAYOUT_ONE_FIELD,
	                             .type = BENCH_TYPE_STRING, .items = 50};
	bm_message *msg = build(&bench_test_plain_ops, &test);
	ck_assert_msg(bench_content_check_message(&test, msg, why, sizeof why),
	              "%s", why);

	/* One item too many. */
	ck_assert_int_eq(bm_add_string(msg, "data", "item50"), BM_OK);
	ck_assert(!bench_content_check_message(&test, msg, why, sizeof why));
	ck_assert_ptr_nonnull(strstr(why, "51 items"));
	bm_destroy(msg);

	/* A wrong value. */
	struct bench_content ints = {.layout = BENCH_LAYOUT_FIELD_PER_ITEM,
	                             .type = BENCH_TYPE_INT32, .items = 5};
	msg = NULL;
	ck_assert_int_eq(bm_create(&bench_test_plain_ops, 0, &msg), BM_OK);
	for (int32_t i = 0; i < 5; i++) {
		char name[16];
		snprintf(name, sizeof name, "data%d", (int)i);
		ck_assert_int_eq(bm_add_int32(msg, name, i == 3 ? 33 : i), BM_OK);
	}
	ck_assert(!bench_content_check_message(&ints, msg, why, sizeof why));
	ck_assert_str_eq(why, "field \"data3\" item 0 is 33, expected 3");
	bm_destroy(msg);

	/* A field of another type. */
	struct bench_content lookup = {.layout = BENCH_LAYOUT_LOOKUP_FIELDS,
	                               .type = BENCH_TYPE_INT32, .items = 3};
	msg = NULL;
	ck_assert_int_eq(bm_create(&bench_test_plain_ops, 0, &msg), BM_OK);
	ck_assert_int_eq(bm_add_int32(msg, "0", 0), BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "1", "1"), BM_OK);
	ck_assert_int_eq(bm_add_int32(msg, "2", 2), BM_OK);
	ck_assert(!bench_content_check_message(&lookup, msg, why, sizeof why));
	ck_assert_ptr_nonnull(strstr(why, "\"1\""));
	bm_destroy(msg);
}
END_TEST

START_TEST(flat_check_decodes_through_the_shared_decoder)
{
	char why[256];
	struct bench_content test = {.layout = BENCH_LAYOUT_ONE_FIELD,
	                             .type = BENCH_TYPE_STRING, .items = 5};
	bm_message *msg = build(&bench_test_plain_ops, &test);
	size_t size;
	ck_assert_int_eq(bm_flattened_size(msg, &size), BM_OK);
	unsigned char *bytes = malloc(size);
	ck_assert_ptr_nonnull(bytes);
	ck_assert_int_eq(bm_flatten(msg, bytes, size), BM_OK);
	ck_assert_msg(bench_content_check_flat(&test, BM_FORMAT_R5, bytes, size,
	                                       why, sizeof why),
	              "%s", why);
	/* Not the native format the backend declares. */
	ck_assert(!bench_content_check_flat(&test, BM_FORMAT_HMF1, bytes, size,
	                                    why, sizeof why));
	ck_assert_ptr_nonnull(strstr(why, "format"));
	/* Another test's content. */
	struct bench_content other = test;
	other.items = 4;
	ck_assert(!bench_content_check_flat(&other, BM_FORMAT_R5, bytes, size,
	                                    why, sizeof why));
	/* Truncated bytes do not decode. */
	ck_assert(!bench_content_check_flat(&test, BM_FORMAT_R5, bytes,
	                                    size - 1, why, sizeof why));
	free(bytes);

	/* The broken backend's bytes decode, to the wrong strings. */
	bm_message *broken = build(&bench_test_broken_ops, &test);
	ck_assert_int_eq(bm_flattened_size(broken, &size), BM_OK);
	bytes = malloc(size);
	ck_assert_int_eq(bm_flatten(broken, bytes, size), BM_OK);
	ck_assert(!bench_content_check_flat(&test, BM_FORMAT_R5, bytes, size,
	                                    why, sizeof why));
	ck_assert_str_eq(why, "field \"data\" item 0 is 6 bytes \"item1.\", "
	                      "expected 6 bytes \"item0.\"");
	free(bytes);
	bm_destroy(broken);
	bm_destroy(msg);
}
END_TEST

Suite *
make_harness_matrix_suite(void)
{
	Suite *suite = suite_create("harness_matrix");
	TCase *tc = tcase_create("harness_matrix");
	tcase_add_test(tc, default_matrix_is_the_2005_csv);
	tcase_add_test(tc, other_sizes_keep_the_order);
	tcase_add_test(tc, floor_bytes_match_the_derived_vectors);
	tcase_add_test(tc, floor_bytes_are_what_hmf1_writers_write);
	tcase_add_test(tc, hmf1_writers_write_message4s_bytes);
	tcase_add_test(tc, lookup_order_is_a_seeded_permutation);
	tcase_add_test(tc, stack_depths_differ_for_256_samples_in_a_row);
	tcase_add_test(tc, real_rows_follow_the_matrix_by_kind);
	tcase_add_test(tc, real_messages_hold_what_haiku_sends);
	tcase_add_test(tc, message_check_accepts_the_content_and_nothing_else);
	tcase_add_test(tc, flat_check_decodes_through_the_shared_decoder);
	suite_add_tcase(suite, tc);
	return suite;
}
