/*
 * test_api.c - the parts of the API that need no backend: status codes, format
 * detection, the allocator interface, Haiku's name hash and the FOB1 writer
 * helpers, checked against the worked values of impl/README.md §4.5,
 * impl/README.md §5.4 and impl/flat-examples.md §1.3.
 */
#include "suites.h"
#include "check_util.h"

#include "alloc.h"
#include "bmsg.h"
#include "bytes.h"
#include "fob1.h"
#include "hmf1.h"
#include "names.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

START_TEST(status_texts_are_distinct)
{
	static const int codes[] = {
#define BM_STATUS_CODE(name, value, text) name,
		BM_STATUS_MAP(BM_STATUS_CODE)
#undef BM_STATUS_CODE
	};
	size_t count = sizeof codes / sizeof codes[0];
	ck_assert_int_eq(BM_OK, 0);
	for (size_t i = 0; i < count; i++) {
		ck_assert_str_ne(bm_strerror(codes[i]), "unknown status");
		ck_assert_str_ne(bm_status_name(codes[i]), "BM_?");
		if (i > 0)
			ck_assert_int_lt(codes[i], 0);
		for (size_t j = 0; j < i; j++) {
			ck_assert_int_ne(codes[i], codes[j]);
			ck_assert_str_ne(bm_strerror(codes[i]),
			                 bm_strerror(codes[j]));
		}
	}
	ck_assert_str_eq(bm_strerror(BM_NAME_NOT_FOUND), "name not found");
	ck_assert_str_eq(bm_status_name(BM_BAD_INDEX), "BM_BAD_INDEX");
	ck_assert_str_eq(bm_strerror(12345), "unknown status");
	ck_assert_str_eq(bm_status_name(12345), "BM_?");
}
END_TEST

START_TEST(formats_are_detected_by_magic)
{
	static const struct {
		const char *bytes;
		enum bm_format format;
		const char *name;
	} cases[] = {
		{"1BOF", BM_FORMAT_R5, "R5"},
		{"FOB1", BM_FORMAT_R5_SWAPPED, "R5-swapped"},
		{"HMF1", BM_FORMAT_HMF1, "HMF1"},
		{"1FMH", BM_FORMAT_HMF1_SWAPPED, "HMF1-swapped"},
		{"2BOF", BM_FORMAT_DANO, "DANO"},
		{"FOB2", BM_FORMAT_DANO_SWAPPED, "DANO-swapped"},
		{"IMSG", BM_FORMAT_UNKNOWN, "unknown"},
	};
	/* The byte strings above are as a little-endian host writes them
	 * (cu_add_le_test). */
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ck_assert_int_eq(bm_detect_format(cases[i].bytes, 4),
		                 cases[i].format);
		ck_assert_str_eq(bm_format_name(cases[i].format), cases[i].name);
	}
	ck_assert_int_eq(bm_detect_format("1BO", 3), BM_FORMAT_UNKNOWN);
	ck_assert_int_eq(bm_detect_format(NULL, 4), BM_FORMAT_UNKNOWN);
}
END_TEST

START_TEST(allocator_counts_and_fails_on_request)
{
	bm_alloc_counting(true);
	void *a = bm_malloc(10);
	ck_assert_ptr_nonnull(a);
	void *b = bm_realloc(a, 100);
	ck_assert_ptr_nonnull(b);
	void *c = bm_realloc(NULL, 7);
	ck_assert_ptr_nonnull(c);
	const struct bm_alloc_counts *counts = bm_alloc_counts();
	ck_assert_uint_eq(counts->mallocs, 2);
	ck_assert_uint_eq(counts->reallocs, 1);
	ck_assert_uint_eq(bm_alloc_calls(), 3);
	ck_assert_int_eq(counts->live, 2);
	ck_assert_uint_eq(counts->last_size, 7);

	size_t sizes[4];
	bm_alloc_trace(sizes, 4);
	bm_alloc_fail_at(2);
	void *d = bm_malloc(1);
	ck_assert_ptr_nonnull(d);
	/* The second allocation from the plan fails, and the block survives. */
	ck_assert_ptr_null(bm_realloc(b, 1000));
	ck_assert_uint_eq(counts->failures, 1);
	void *e = bm_malloc(3); /* the plan fails only once */
	ck_assert_ptr_nonnull(e);
	ck_assert_uint_eq(bm_alloc_trace_length(), 3);
	ck_assert_uint_eq(sizes[0], 1);
	ck_assert_uint_eq(sizes[1], 1000);
	ck_assert_uint_eq(sizes[2], 3);

	bm_free(b);
	bm_free(c);
	bm_free(d);
	bm_free(e);
	bm_free(NULL);
	ck_assert_int_eq(counts->live, 0);
	bm_alloc_counting(false);
	ck_assert_uint_eq(bm_alloc_calls(), 0);
}
END_TEST

START_TEST(name_hash_matches_haiku)
{
	/* Worked values of impl/README.md §4.5, checked against files. */
	ck_assert_uint_eq(bm__hash_name("spec", 4), 0xcd5202e3u);
	ck_assert_uint_eq(bm__hash_name("data", 4), 0x8b3e6a61u);
	static const struct {
		const char *name;
		uint32_t bucket;
	} buckets[] = {
		{"spec", 1}, {"timezone", 3}, {"data", 4}, {"name", 2},
		{"user", 2}, {"UInt8", 2}, {"UInt16", 0}, {"data0", 1},
		{"data1", 1}, {"data2", 1}, {"data3", 1}, {"data4", 3},
	};
	for (size_t i = 0; i < sizeof buckets / sizeof buckets[0]; i++) {
		const char *name = buckets[i].name;
		ck_assert_uint_eq(bm__hash_name(name, strlen(name)) %
		                      BM_HMF1_HASH_TABLE_SIZE,
		                  buckets[i].bucket);
	}
	/* Bytes >= 0x80 are sign-extended, as a signed x86 char is. */
	ck_assert_uint_eq(bm__hash_name("\xe9", 1), 0x00016fe9u);
	ck_assert_uint_ne(bm__hash_name("\xe9", 1), 0xe9u ^ (0xe9u << 12));
}
END_TEST

START_TEST(r5_checksum_matches_the_worked_examples)
{
	/* impl/README.md §5.4: a 50-byte message, what 0, flags 0x01 ->
	 * 0x32000001. */
	const uint8_t header_bytes[] = {0x32, 0, 0, 0, 0, 0, 0, 0, 0x01};
	ck_assert_uint_eq(bm__r5_checksum(header_bytes, 9), 0x32000001u);
	/* impl/flat-examples.md §2.4: the bmessage.txt dump, 402 bytes ->
	 * 0x92010001. */
	const uint8_t txt_bytes[] = {0x92, 0x01, 0, 0, 0, 0, 0, 0, 0x01};
	ck_assert_uint_eq(bm__r5_checksum(txt_bytes, 9), 0x92010001u);
}
END_TEST

START_TEST(r5_writer_helpers_match_the_5_int32_vector)
{
	/* impl/flat-examples.md §1.3: 5 Int32, R5 Be rules, 50 bytes. */
	static const uint8_t expected[50] = {
		0x31, 0x42, 0x4f, 0x46, 0x01, 0x00, 0x00, 0x32, 0x32, 0x00,
		0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x07, 0x47, 0x4e,
		0x4f, 0x4c, 0x05, 0x14, 0x04, 0x64, 0x61, 0x74, 0x61, 0x00,
		0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00,
		0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x00,
	};
	uint8_t out[50];
	uint8_t flags = BM_R5_FIELD_VALID | BM_R5_FIELD_MINI | BM_R5_FIELD_FIXED;
	bm__r5_write_header(out, 50, 0, BM_R5_MESSAGE_VALID);
	ck_assert_uint_eq(bm__r5_record_header_size(flags, 4), 12);
	uint8_t *p = bm__r5_write_record_header(out + BM_R5_HEADER_SIZE, flags,
	                                        BM_INT32_TYPE, 5, 20, "data", 4);
	ck_assert_ptr_eq(p, out + BM_R5_HEADER_SIZE + 12);
	for (int32_t i = 0; i < 5; i++) {
		memcpy(p, &i, 4);
		p += 4;
	}
	*p++ = 0;
	ck_assert_ptr_eq(p, out + 50);
	ck_assert_mem_eq(out, expected, 50);
}
END_TEST

START_TEST(r5_variable_items_are_padded_with_zeros)
{
	uint8_t out[32];
	memset(out, 0xee, sizeof out);
	ck_assert_uint_eq(bm__r5_var_item_size(6), 16);
	ck_assert_uint_eq(bm__r5_var_item_size(4), 8);
	ck_assert_uint_eq(bm__r5_var_item_size(5), 16);
	uint8_t *end = bm__r5_write_var_item(out, "item0", 6);
	ck_assert_ptr_eq(end, out + 16);
	ck_assert_uint_eq(bm__load32(out), 6);
	ck_assert_mem_eq(out + 4, "item0", 6);
	for (int i = 10; i < 16; i++)
		ck_assert_uint_eq(out[i], 0);
	ck_assert_uint_eq(out[16], 0xee);
	/* SINGLE omits the count; without MINI the words are 4 bytes. */
	ck_assert_uint_eq(bm__r5_record_header_size(BM_R5_FIELD_VALID |
	                                                BM_R5_FIELD_SINGLE, 5),
	                  1 + 4 + 4 + 1 + 5);
}
END_TEST

START_TEST(seen_filter_finds_every_repeat_and_grows)
{
	/* Far more names than the stack layer expects: heap layers follow. */
	enum { NAMES = 40000 };
	static struct bm__seen_names seen;
	bm_alloc_counting(true);
	bm__seen_init(&seen, 100);
	size_t false_hits = 0;
	for (uint32_t i = 0; i < NAMES; i++) {
		char name[16];
		int len = snprintf(name, sizeof name, "data%u", (unsigned)i);
		if (bm__seen_mark(&seen, bm__quick_name_hash(name, (size_t)len)))
			false_hits++;
	}
	ck_assert_uint_gt(bm_alloc_counts()->mallocs, 0);
	/* About 1 in 1400 by design; allow ten times that. */
	ck_assert_uint_lt(false_hits, NAMES / 140);
	for (uint32_t i = 0; i < NAMES; i += 7) {
		char name[16];
		int len = snprintf(name, sizeof name, "data%u", (unsigned)i);
		ck_assert(bm__seen_mark(&seen, bm__quick_name_hash(name, (size_t)len)));
	}
	bm__seen_free(&seen);
	ck_assert_int_eq(bm_alloc_counts()->live, 0);

	/* When a layer cannot be had, every later name may repeat. */
	bm__seen_init(&seen, 1);
	bm_alloc_fail_at(1);
	bool saw_maybe = false;
	for (uint32_t i = 0; i < 100; i++)
		saw_maybe |= bm__seen_mark(&seen, i * 2654435761u);
	ck_assert(saw_maybe);
	ck_assert(bm__seen_mark(&seen, 0xabcdef01u));
	bm__seen_free(&seen);
	ck_assert_int_eq(bm_alloc_counts()->live, 0);
	bm_alloc_counting(false);
}
END_TEST

START_TEST(wrappers_reject_bad_arguments_without_a_backend)
{
	ck_assert_int_eq(bm_create(NULL, 0, NULL), BM_BAD_VALUE);
	ck_assert_int_eq(bm_add_int32(NULL, "x", 1), BM_BAD_VALUE);
	ck_assert_int_eq(bm_unflatten(NULL, "1BOF", 4), BM_BAD_VALUE);
	ck_assert_int_eq(bm_count_fields(NULL), 0);
	bm_destroy(NULL);
	ck_assert_ptr_null(bm_find_backend("no such backend"));
	ck_assert_ptr_null(bm_find_backend(NULL));
	char why[128];
	ck_assert(!bm_ops_valid(NULL, why, sizeof why));
}
END_TEST

/* --- The registry and the descriptors ------------------------------------- */

START_TEST(registry_follows_the_backend_list_and_is_valid)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/impl/backends.list", BENCH_SOURCE_DIR);
	FILE *list = fopen(path, "r");
	ck_assert_msg(list != NULL, "cannot open %s", path);
	size_t count;
	const struct bm_ops *const *backends = bm_backends(&count);
	size_t skipped_count;
	const struct bm_skipped_backend *skipped =
		bm_skipped_backends(&skipped_count);
	size_t listed = 0, skipped_seen = 0;
	char line[512];
	while (fgets(line, sizeof line, list) != NULL) {
		char name[128], file[256], tree[64];
		int fields = line[0] == '#' ? 0
		                            : sscanf(line, "%127s %255s %63s", name,
		                                     file, tree);
		if (fields < 2)
			continue;
		/* An original whose tree was not given is skipped, in list
		 * order, with the reason. */
		/* The third column: a Haiku tree, or pkg:MODULE for a
		 * library's backend. */
		bool library = fields == 3 && strncmp(tree, "pkg:", 4) == 0;
		if (fields == 3 && skipped_seen < skipped_count &&
		    strcmp(skipped[skipped_seen].name, name) == 0) {
			ck_assert_ptr_nonnull(strstr(skipped[skipped_seen].why,
			                             library ? tree + 4 : tree));
			skipped_seen++;
			continue;
		}
		ck_assert_uint_lt(listed, count);
		/* The descriptor carries the name its list line gives. */
		ck_assert_str_eq(backends[listed]->name, name);
		ck_assert_uint_eq(bm_backend_kind(backends[listed]) ==
		                          BM_KIND_ORIGINAL,
		                  fields == 3 && !library);
		ck_assert_uint_eq(bm_backend_kind(backends[listed]) ==
		                          BM_KIND_LIBRARY,
		                  library);
		listed++;
	}
	fclose(list);
	ck_assert_uint_eq(listed, count);
	ck_assert_uint_eq(skipped_seen, skipped_count);
	ck_assert_ptr_null(backends[count]);
	char why[256];
	ck_assert_msg(bm_backends_valid(backends, count, why, sizeof why), "%s",
	              why);
}
END_TEST

START_TEST(backends_are_found_by_name_in_any_case)
{
	size_t count;
	const struct bm_ops *const *backends = bm_backends(&count);
	for (size_t i = 0; i < count; i++) {
		char name[BM_BACKEND_NAME_MAX + 1];
		snprintf(name, sizeof name, "%s", backends[i]->name);
		for (char *c = name; *c != '\0'; c++)
			*c = (char)(i % 2 == 0 ? tolower((unsigned char)*c)
			                       : toupper((unsigned char)*c));
		ck_assert_ptr_eq(bm_find_backend(name), backends[i]);
	}
	ck_assert_ptr_null(bm_find_backend("No-such-backend"));
}
END_TEST

/* A copy of the first registered descriptor under another name. */
static struct bm_ops
renamed(const char *name)
{
	struct bm_ops ops = *bm_backends(NULL)[0];
	ops.name = name;
	return ops;
}

START_TEST(backend_names_follow_one_rule)
{
	static const struct {
		const char *name;
		bool valid;
	} cases[] = {
		{"R5", true},          {"Message1-2005", true},
		{"a_b-C9", true},      {"", false},
		{"Copy.6", false},     {"two words", false},
		{"comma,name", false}, {"Floor", false},
		{"floor", false},      {"WINNER", false},
		{"Test", false},       {"Tests", true},
		{"x23456789012345678901234567890123", false},
		{"x2345678901234567890123456789012", true},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char why[256] = "";
		struct bm_ops ops = renamed(cases[i].name);
		bool valid = bm_ops_valid(&ops, why, sizeof why);
		ck_assert_msg(valid == cases[i].valid, "'%s': %s", cases[i].name,
		              valid ? "accepted" : why);
		ck_assert_uint_eq(bm_backend_name_valid(cases[i].name, NULL, 0),
		                  cases[i].valid);
		if (!valid)
			ck_assert_ptr_null(strchr(why, '\n'));
	}
}
END_TEST

START_TEST(names_are_unique_ignoring_case)
{
	struct bm_ops a = renamed("Alpha"), b = renamed("ALPHA");
	const struct bm_ops *const twice[] = {&a, &b};
	char why[256];
	ck_assert(!bm_backends_valid(twice, 2, why, sizeof why));
	ck_assert_ptr_nonnull(strstr(why, "ALPHA"));
	ck_assert_ptr_nonnull(strstr(why, "twice"));
	ck_assert_ptr_eq(bm_find_backend_in(twice, 2, "alpha"), &a);
}
END_TEST

START_TEST(version_1_descriptors_get_the_defaults)
{
	struct bm_ops ops = renamed("Old");
	ops.version = 1;
	ops.kind = BM_KIND_PROPOSAL;       /* not read at version 1 */
	ops.decoded_formats = 0;
	ops.flags = BM_BACKEND_HAIKU;
	char why[256];
	ck_assert_msg(bm_ops_valid(&ops, why, sizeof why), "%s", why);
	ck_assert_int_eq(bm_backend_kind(&ops), BM_KIND_HAIKU_2005);
	ck_assert(bm_backend_reads(&ops, BM_FORMAT_DANO));
	ck_assert(bm_backend_reads(&ops, BM_FORMAT_HMF1_SWAPPED));
	ck_assert(bm_backend_uses_bm_alloc(&ops));
	ck_assert_int_eq(bm_backend_repeated_names(&ops), BM_REPEATED_MERGE);
	ops.flags = 0;
	ck_assert_int_eq(bm_backend_kind(&ops), BM_KIND_REFERENCE);
	/* At version 2 the flag is refused: kind says it. */
	ops.version = 2;
	ops.kind = BM_KIND_HAIKU_2005;
	ops.decoded_formats = BM_DECODER_FORMATS;
	ops.flags = BM_BACKEND_HAIKU;
	ck_assert(!bm_ops_valid(&ops, why, sizeof why));
	ops.flags = 0;
	ck_assert(bm_ops_valid(&ops, why, sizeof why));
	ops.kind = BM_KIND_COUNT;
	ck_assert(!bm_ops_valid(&ops, why, sizeof why));
}
END_TEST

/* A library's format (no magic) belongs to a backend of kind library, is
 * read back by that backend, and is no format outside the list. */
START_TEST(library_formats_need_the_library_kind)
{
	struct bm_ops ops = renamed("Peer");
	char why[256];
	ops.native_format = BM_FORMAT_BSON;
	ck_assert(!bm_ops_valid(&ops, why, sizeof why));
	ck_assert_ptr_nonnull(strstr(why, "kind is not library"));
	ops.kind = BM_KIND_LIBRARY;
	ck_assert_msg(bm_ops_valid(&ops, why, sizeof why), "%s", why);
	ck_assert(bm_backend_reads_back(&ops));
	ck_assert_str_eq(bm_backend_format_word(&ops), "BSON");
	ops.native_format = BM_FORMAT_MSGPACK;
	ck_assert_msg(bm_ops_valid(&ops, why, sizeof why), "%s", why);
	ck_assert(bm_backend_reads_back(&ops));
	ck_assert_str_eq(bm_backend_format_word(&ops), "MessagePack");
	ops.native_format = (enum bm_format)(BM_FORMAT_LAST + 1);
	ck_assert(!bm_ops_valid(&ops, why, sizeof why));
	ops.native_format = BM_FORMAT_DANO;
	ck_assert(!bm_ops_valid(&ops, why, sizeof why));
	ops.native_format = BM_FORMAT_HMF1;
	ck_assert(!bm_backend_reads_back(&ops));
	ck_assert_str_eq(bm_backend_format_word(&ops), "HMF1");
}
END_TEST

static const char *
test_library_version(void)
{
	return "9.8.7-test";
}

/* From version 3 a library states its version, and nothing else does;
 * older descriptors have none. */
START_TEST(a_library_states_its_version)
{
	struct bm_ops ops = renamed("Peer");
	char why[256];
	ops.native_format = BM_FORMAT_BSON;
	ops.kind = BM_KIND_LIBRARY;
	ops.version = 3;
	ck_assert(!bm_ops_valid(&ops, why, sizeof why));
	ck_assert_ptr_nonnull(strstr(why, "library_version"));
	ops.library_version = test_library_version;
	ck_assert_msg(bm_ops_valid(&ops, why, sizeof why), "%s", why);
	ck_assert_str_eq(bm_backend_library_version(&ops), "9.8.7-test");
	ops.version = 2; /* the field is not read */
	ck_assert_ptr_null(bm_backend_library_version(&ops));
	ops.version = 3;
	ops.native_format = BM_FORMAT_HMF1;
	ops.kind = BM_KIND_REFERENCE;
	ck_assert(!bm_ops_valid(&ops, why, sizeof why));
	ops.library_version = NULL;
	ck_assert_msg(bm_ops_valid(&ops, why, sizeof why), "%s", why);
	ck_assert_ptr_null(bm_backend_library_version(&ops));
}
END_TEST

START_TEST(kinds_decide_the_winner_columns)
{
	for (int k = 0; k < BM_KIND_COUNT; k++) {
		enum bm_kind parsed;
		ck_assert(bm_kind_parse(bm_kind_name((enum bm_kind)k), &parsed));
		ck_assert_int_eq(parsed, k);
	}
	ck_assert(!bm_kind_parse("haiku-2005", &(enum bm_kind){0}));
	ck_assert(bm_kind_competes(BM_KIND_REFERENCE));
	ck_assert(!bm_kind_is_haiku(BM_KIND_REFERENCE));
	ck_assert(bm_kind_competes(BM_KIND_HAIKU_2005));
	ck_assert(bm_kind_is_haiku(BM_KIND_HAIKU_2005));
	for (enum bm_kind k = BM_KIND_ORIGINAL; k < BM_KIND_COUNT; k++)
		ck_assert(!bm_kind_competes(k) && !bm_kind_is_haiku(k));
}
END_TEST

START_TEST(unflatten_refuses_formats_a_backend_does_not_read)
{
	/* Message4's own bytes, offered to a copy of R5 that decodes nothing
	 * but its own format. */
	const struct bm_ops *hmf1 = NULL;
	size_t count;
	const struct bm_ops *const *backends = bm_backends(&count);
	for (size_t i = 0; i < count; i++)
		if (backends[i]->native_format == BM_FORMAT_HMF1)
			hmf1 = backends[i];
	ck_assert_ptr_nonnull(hmf1);
	bm_message *source;
	ck_assert_int_eq(bm_create(hmf1, 7, &source), BM_OK);
	ck_assert_int_eq(bm_add_int32(source, "x", 1), BM_OK);
	size_t size;
	ck_assert_int_eq(bm_flattened_size(source, &size), BM_OK);
	unsigned char *flat = malloc(size);
	ck_assert_int_eq(bm_flatten(source, flat, size), BM_OK);

	struct bm_ops r5_only = renamed("OwnFormatOnly");
	ck_assert_int_eq(r5_only.native_format, BM_FORMAT_R5);
	r5_only.decoded_formats = 0;
	bm_message *reader;
	ck_assert_int_eq(bm_create(&r5_only, 0, &reader), BM_OK);
	ck_assert_int_eq(bm_unflatten(reader, flat, size), BM_UNSUPPORTED);
	ck_assert_int_eq(bm_count_fields(reader), 0);
	r5_only.decoded_formats = BM_FORMAT_BIT(BM_FORMAT_HMF1);
	ck_assert_int_eq(bm_unflatten(reader, flat, size), BM_OK);
	ck_assert_int_eq(bm_count_fields(reader), 1);
	bm_destroy(reader);
	bm_destroy(source);
	free(flat);
}
END_TEST

Suite *
make_api_suite(void)
{
	Suite *suite = suite_create("api");
	TCase *tc = tcase_create("api");
	tcase_add_test(tc, status_texts_are_distinct);
	cu_add_le_test(tc, formats_are_detected_by_magic);
	tcase_add_test(tc, allocator_counts_and_fails_on_request);
	tcase_add_test(tc, name_hash_matches_haiku);
	tcase_add_test(tc, r5_checksum_matches_the_worked_examples);
	cu_add_le_test(tc, r5_writer_helpers_match_the_5_int32_vector);
	tcase_add_test(tc, r5_variable_items_are_padded_with_zeros);
	tcase_add_test(tc, seen_filter_finds_every_repeat_and_grows);
	tcase_add_test(tc, wrappers_reject_bad_arguments_without_a_backend);
	tcase_add_test(tc, registry_follows_the_backend_list_and_is_valid);
	tcase_add_test(tc, backends_are_found_by_name_in_any_case);
	tcase_add_test(tc, backend_names_follow_one_rule);
	tcase_add_test(tc, names_are_unique_ignoring_case);
	tcase_add_test(tc, version_1_descriptors_get_the_defaults);
	tcase_add_test(tc, library_formats_need_the_library_kind);
	tcase_add_test(tc, a_library_states_its_version);
	tcase_add_test(tc, kinds_decide_the_winner_columns);
	tcase_add_test(tc, unflatten_refuses_formats_a_backend_does_not_read);
	suite_add_tcase(suite, tc);
	return suite;
}
