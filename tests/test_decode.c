/*
 * test_decode.c - bm_decode of impl/wire/decode.c (impl/README.md §7.5), the
 * shared decoder, through a sink that builds the content as JSON: every
 * fixture in tests/data/haiku against the .json beside it, in host order
 * without an allocation and in the other byte order (the tests' own byte
 * swapper, check_util.h) with one scratch buffer; every nested message;
 * the fixed-size flags; Dano's arrays and malformed Dano (the FOB2 reader
 * of impl/wire/fob2.c, impl/README.md §7.3, reached through bm_decode);
 * malformed R5 and HMF1 in both orders and every truncation, each refused
 * with no callback and nothing left allocated; a sink that stops the
 * decoding, and a failed scratch allocation.
 */
#include "suites.h"
#include "check_util.h"

#include "alloc.h"
#include "bmsg.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* Field header i of hmf1-HAIKU_Leaf (see test_wire_hmf1.c). */
#define LEAF_FIELD(i) (68 + 24 * (i))

/* A sink that builds the content as JSON (the .json layout) and counts the
 * callbacks; it can stop the decoding at a chosen callback. */
struct collector {
	json_t *message;
	json_t *items;      /* the current field's items */
	json_t *fixed;      /* one bool per field */
	int calls;
	int32_t announced;  /* items the current field announced */
	int32_t delivered;
	int stop_at_call;   /* 0: never */
	int stop_status;
	/* Recursion into nested messages (see count_nested_messages). */
	bool recurse;
	bm_type_code type;
	int messages;
	int nested_failures;
};

static void collector_init(struct collector *c);
static int collect_nested(struct collector *parent, const void *data,
                          size_t size);

static int
collector_call(struct collector *c)
{
	c->calls++;
	return c->stop_at_call != 0 && c->calls == c->stop_at_call
	               ? c->stop_status
	               : 0;
}

static int
collect_begin(void *ctx, enum bm_format format, uint32_t what)
{
	struct collector *c = ctx;
	ck_assert_ptr_null(c->message);
	c->message = cu_json_message(bm_format_name(format), what);
	c->fixed = json_array();
	c->messages++;
	return collector_call(c);
}

static int
collect_field(void *ctx, const char *name, size_t name_len, bm_type_code type,
              bool fixed_size, int32_t count)
{
	struct collector *c = ctx;
	ck_assert_ptr_nonnull(c->message);
	ck_assert_int_eq(c->delivered, c->announced);
	ck_assert_int_ge(count, 1);
	ck_assert_uint_ge(name_len, 1);
	ck_assert_uint_le(name_len, BM_NAME_MAX);
	ck_assert_ptr_null(memchr(name, '\0', name_len));
	c->items = cu_json_add_field(c->message, name, name_len, type);
	json_array_append_new(c->fixed, json_boolean(fixed_size));
	c->announced = count;
	c->delivered = 0;
	c->type = type;
	return collector_call(c);
}

static int
collect_item(void *ctx, const void *data, size_t size)
{
	struct collector *c = ctx;
	ck_assert_ptr_nonnull(c->items);
	ck_assert_uint_ge(size, 1);
	c->delivered++;
	ck_assert_int_le(c->delivered, c->announced);
	cu_json_add_item(c->items, data, size);
	if (c->recurse && c->type == BM_MESSAGE_TYPE &&
	    collect_nested(c, data, size) != BM_OK)
		c->nested_failures++;
	return collector_call(c);
}

static void
collector_init(struct collector *c)
{
	memset(c, 0, sizeof *c);
}

static void
collector_free(struct collector *c)
{
	json_decref(c->message);
	json_decref(c->fixed);
	c->message = c->fixed = NULL;
}

static const struct bm_decode_sink *
collector_sink(struct collector *c, struct bm_decode_sink *sink)
{
	sink->begin = collect_begin;
	sink->field = collect_field;
	sink->item = collect_item;
	sink->ctx = c;
	return sink;
}

/* Decodes a nested message and adds its messages to the parent's count. */
static int
collect_nested(struct collector *parent, const void *data, size_t size)
{
	struct collector nested;
	struct bm_decode_sink sink;
	collector_init(&nested);
	nested.recurse = true;
	int rc = bm_decode(data, size, collector_sink(&nested, &sink));
	if (rc == BM_OK) {
		/* Nested messages are in their parent's format. */
		ck_assert_str_eq(json_string_value(json_object_get(nested.message,
		                                                   "format")),
		                 json_string_value(json_object_get(parent->message,
		                                                   "format")));
		ck_assert_int_eq(nested.delivered, nested.announced);
	}
	parent->messages += nested.messages;
	parent->nested_failures += nested.nested_failures;
	collector_free(&nested);
	return rc;
}

/* Decodes with counting on: returns the status, and checks that nothing
 * is left allocated. The content is in c->message on success. */
static int
decode_counted(const uint8_t *bytes, size_t size, struct collector *c)
{
	struct bm_decode_sink sink;
	bm_alloc_counting(true);
	int rc = bm_decode(bytes, size, collector_sink(c, &sink));
	ck_assert_int_eq(bm_alloc_counts()->live, 0);
	bm_alloc_counting(false);
	if (rc == BM_OK)
		ck_assert_int_eq(c->delivered, c->announced);
	return rc;
}

/* Expects bm_decode to refuse bytes[0..size) with no callback made and
 * nothing left allocated, and bm_decode_explain to say where, inside the
 * input (at its end when it is cut short); returns the status. */
static int
decode_refused_at(const uint8_t *bytes, size_t size, size_t *offset)
{
	struct collector c;
	collector_init(&c);
	int rc = decode_counted(bytes, size, &c);
	ck_assert_msg(rc < 0, "malformed input accepted");
	ck_assert_int_eq(c.calls, 0);
	collector_free(&c);
	const char *expected;
	ck_assert_int_eq(bm_decode_explain(bytes, size, offset, &expected), rc);
	if (rc == BM_NOT_A_MESSAGE || rc == BM_BAD_VALUE) {
		ck_assert_msg(expected != NULL && expected[0] != '\0',
		              "refused (%s) without saying where",
		              bm_strerror(rc));
		ck_assert_uint_le(*offset, size);
	}
	return rc;
}

static int
decode_refused(const uint8_t *bytes, size_t size)
{
	size_t offset;
	return decode_refused_at(bytes, size, &offset);
}

START_TEST(decode_matches_every_fixture)
{
	char **names;
	size_t count = tu_list_fixtures(&names);
	ck_assert_uint_eq(count, 34);
	for (size_t i = 0; i < count; i++) {
		size_t size;
		uint8_t *bytes = cu_read_msg(names[i], &size);
		json_t *expected = cu_read_expected(names[i]);
		struct collector c;
		collector_init(&c);
		/* Host order: no allocation at all. */
		bm_alloc_counting(true);
		struct bm_decode_sink sink;
		int rc = bm_decode(bytes, size, collector_sink(&c, &sink));
		ck_assert_uint_eq(bm_alloc_calls(), 0);
		bm_alloc_counting(false);
		ck_assert_msg(rc == BM_OK, "%s: %s", names[i], bm_status_name(rc));
		cu_assert_json_equal(c.message, expected, names[i]);
		collector_free(&c);
		json_decref(expected);
		free(bytes);
	}
	tu_free_names(names, count);
}
END_TEST

START_TEST(decode_matches_swapped_variants)
{
	char **names;
	size_t count = tu_list_fixtures(&names), seen = 0;
	for (size_t i = 0; i < count; i++) {
		bool r5 = cu_is_fixture_of(names[i], "r5-");
		if (!r5 && !cu_is_fixture_of(names[i], "hmf1-"))
			continue;
		size_t size;
		uint8_t *bytes = cu_read_msg(names[i], &size);
		uint8_t *swapped = r5 ? cu_swapped_r5(bytes, size)
		                      : cu_swapped_hmf1(bytes, size);
		ck_assert_mem_ne(swapped, bytes, 4);
		json_t *expected = cu_read_expected(names[i]);
		json_t *expected_swapped =
			cu_json_with_format(expected, r5 ? "R5-swapped" : "HMF1-swapped");
		struct collector c;
		collector_init(&c);
		bm_alloc_counting(true);
		struct bm_decode_sink sink;
		int rc = bm_decode(swapped, size, collector_sink(&c, &sink));
		/* One scratch buffer for the items, freed at the end. */
		ck_assert_uint_eq(bm_alloc_calls(), 1);
		ck_assert_int_eq(bm_alloc_counts()->live, 0);
		bm_alloc_counting(false);
		ck_assert_msg(rc == BM_OK, "%s swapped: %s", names[i],
		              bm_status_name(rc));
		cu_assert_json_equal(c.message, expected_swapped, names[i]);
		collector_free(&c);
		json_decref(expected_swapped);
		json_decref(expected);
		free(swapped);
		free(bytes);
		seen++;
	}
	tu_free_names(names, count);
	ck_assert_uint_eq(seen, 32);
}
END_TEST

/* Decodes every nested message of every fixture: the message counts the
 * fixtures' README gives, measured there with an independent decoder. */
START_TEST(decode_reads_every_nested_message)
{
	static const struct {
		const char *name;
		int messages;
	} known[] = {
		{"r5-be-mini-HAIKU_logo-deskbar", 121},
		{"r5-haiku-splash_icons", 109},
		{"hmf1-H_square-black_on_white", 53},
		{"dano-App_NetSurf_Original", 53},
		{"hmf1-shortcuts_settings", 22},
	};
	char **names;
	size_t count = tu_list_fixtures(&names);
	size_t matched = 0;
	for (size_t i = 0; i < count; i++) {
		size_t size;
		uint8_t *bytes = cu_read_msg(names[i], &size);
		struct collector c;
		collector_init(&c);
		c.recurse = true;
		ck_assert_int_eq(decode_counted(bytes, size, &c), BM_OK);
		ck_assert_msg(c.nested_failures == 0, "%s: %d nested messages fail",
		              names[i], c.nested_failures);
		for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
			if (strcmp(names[i], known[k].name) == 0) {
				ck_assert_msg(c.messages == known[k].messages,
				              "%s: %d messages", names[i], c.messages);
				matched++;
			}
		}
		collector_free(&c);
		free(bytes);
	}
	tu_free_names(names, count);
	ck_assert_uint_eq(matched, 5);
}
END_TEST

/* Fixed-size flags: kept from R5 and HMF1 field flags; Dano by
 * impl/README.md §6.2 rule 5. */
START_TEST(decode_reports_fixed_size_flags)
{
	static const struct {
		const char *name;
		const char *fixed; /* one letter per field: f fixed, v variable */
	} cases[] = {
		{"dano-nested-App_NetSurf_Original", "vf"}, /* CSTR, LONG SGDa */
		{"r5-haiku-nested-Misc_Sphere", "vf"},      /* flags 09, 0d */
		{"r5-be-mini-derived-bmessage_txt", "ffvfffv"},
		{"hmf1-HAIKU_Leaf", "vffffff"},
		{"r5-be-mini-derived-5_string", "v"},
		{"hmf1-derived-5_int32", "f"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		size_t size;
		uint8_t *bytes = cu_read_msg(cases[i].name, &size);
		struct collector c;
		collector_init(&c);
		ck_assert_int_eq(decode_counted(bytes, size, &c), BM_OK);
		size_t n = strlen(cases[i].fixed);
		ck_assert_uint_eq(json_array_size(c.fixed), n);
		for (size_t k = 0; k < n; k++)
			ck_assert_msg(json_is_true(json_array_get(c.fixed, k)) ==
			                  (cases[i].fixed[k] == 'f'),
			              "%s field %zu", cases[i].name, k);
		collector_free(&c);
		free(bytes);
	}
}
END_TEST

/*
 * A small Dano message made here, with the two array kinds the fixtures
 * only have nested deep inside: FADa "ints" (LONG 7, -1) and VADa "strs"
 * ("a", "bc"), then DDEn. 120 bytes.
 */
static size_t
make_dano(uint8_t *out)
{
	memset(out, 0, 120);
	memcpy(out, "2BOF", 4);
	cu_put32(out + 4, 120);
	cu_put32(out + 8, 0x61626364); /* what */
	uint8_t *s = out + 16;      /* FADa, 40 bytes */
	memcpy(s, "aDAF", 4);
	cu_put32(s + 4, 40);
	memcpy(s + 8, "GNOL", 4);
	cu_put32(s + 12, 4);           /* size per item */
	s[16] = 4;
	memcpy(s + 17, "ints", 5);
	cu_put32(s + 24, 2);           /* count; then 4 bytes of padding */
	cu_put32(s + 32, 7);
	cu_put32(s + 36, 0xffffffffu);
	s = out + 56;               /* VADa, 56 bytes */
	memcpy(s, "aDAV", 4);
	cu_put32(s + 4, 56);
	memcpy(s + 8, "RTSC", 4);
	s[16] = 4;
	memcpy(s + 17, "strs", 5);
	cu_put32(s + 24, 2);           /* count */
	cu_put32(s + 28, 16);          /* total size */
	memcpy(s + 32, "a", 2);
	memcpy(s + 40, "bc", 3);
	cu_put32(s + 48, 2);           /* end points */
	cu_put32(s + 52, 11);
	s = out + 112;              /* DDEn */
	memcpy(s, "nEDD", 4);
	cu_put32(s + 4, 8);
	return 120;
}

START_TEST(decode_reads_dano_arrays)
{
	uint8_t msg[120];
	size_t size = make_dano(msg);
	struct collector c;
	collector_init(&c);
	ck_assert_int_eq(decode_counted(msg, size, &c), BM_OK);
	json_t *expected = json_loads(
		"{\"format\":\"DANO\",\"what\":1633837924,\"fields\":["
		"{\"name\":\"ints\",\"type\":\"LONG\",\"items\":[\"07000000\","
		"\"ffffffff\"]},"
		"{\"name\":\"strs\",\"type\":\"CSTR\",\"items\":[\"6100\","
		"\"626300\"]}]}",
		0, NULL);
	ck_assert_ptr_nonnull(expected);
	cu_assert_json_equal(c.message, expected, "hand-made Dano");
	ck_assert(json_is_true(json_array_get(c.fixed, 0)));
	ck_assert(json_is_false(json_array_get(c.fixed, 1)));
	json_decref(expected);
	collector_free(&c);
}
END_TEST

START_TEST(decode_refuses_malformed_dano)
{
	uint8_t good[120], bad[120];
	size_t size = make_dano(good);
	static const struct {
		size_t offset;
		uint32_t value;
		int width;
		const char *what;
	} cases[] = {
		{4, 121, 4, "message size past the end"},
		{4, 15, 4, "message size below its header"},
		{4, 0x80000000u, 4, "message size negative"},
		{4, 116, 4, "message ends inside a section"},
		{20, 48, 4, "FADa size past the next section"},
		{20, 0, 4, "section size 0 (Haiku loops forever)"},
		{20, 4, 4, "section size below its header"},
		{20, 0xfffffff8u, 4, "section size huge"},
		{116, 16, 4, "DDEn past the end"},
		{32, 0, 1, "name length 0"},
		{32, 40, 1, "name length past the section"},
		{34, 0, 1, "NUL inside a name"},
		{37, 'x', 1, "no NUL after a name"},
		{28, 0, 4, "size per item 0"},
		{28, 5, 4, "items past the section"},
		{40, 0, 4, "FADa count 0"},
		{40, 3, 4, "FADa count past the section"},
		{40, 0x7fffffffu, 4, "FADa count absurd"},
		{80, 0, 4, "VADa count 0"},
		{80, 3, 4, "VADa end points past the section"},
		{80, 0x40000000u, 4, "VADa count absurd"},
		{84, 24, 4, "VADa total size past the section"},
		{84, 8, 4, "VADa end point past the total size"},
		{104, 0, 4, "VADa first item empty"},
		{108, 2, 4, "VADa second item before the first's end"},
		{108, 8, 4, "VADa second item empty (starts at pad_to_8(2))"},
		{108, 17, 4, "VADa end point past the total size"},
		{0, 0x32424f47u, 4, "wrong magic"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		memcpy(bad, good, size);
		cu_put_value(bad + cases[i].offset, cases[i].value, cases[i].width);
		struct collector c;
		collector_init(&c);
		int rc = decode_counted(bad, size, &c);
		ck_assert_msg(rc < 0 && c.calls == 0, "%s: %s", cases[i].what,
		              bm_status_name(rc));
		collector_free(&c);
	}
	/* A swapped Dano message is not supported. */
	memcpy(bad, good, size);
	memcpy(bad, "FOB2", 4);
	ck_assert_int_eq(decode_refused(bad, size), BM_UNSUPPORTED);
	/* Unknown and discarded sections are skipped. */
	memcpy(bad, good, size);
	memcpy(bad + 112, "XXXX", 4);
	struct collector c;
	collector_init(&c);
	ck_assert_int_eq(decode_counted(bad, size, &c), BM_OK);
	ck_assert_uint_eq(json_array_size(json_object_get(c.message, "fields")), 2);
	collector_free(&c);
	/* Every truncation, and every shorter message size except those that
	 * end between two sections (16, 56, 112: shorter valid messages). */
	for (size_t cut = 0; cut < size; cut++) {
		uint8_t *prefix = cu_copy(good, cut);
		decode_refused(prefix, cut);
		if (cut >= 16) {
			cu_put32(prefix + 4, (uint32_t)cut);
			if (cut == 16 || cut == 56 || cut == 112) {
				struct collector shorter;
				collector_init(&shorter);
				ck_assert_int_eq(decode_counted(prefix, cut, &shorter),
				                 BM_OK);
				collector_free(&shorter);
			} else {
				decode_refused(prefix, cut);
			}
		}
		free(prefix);
	}
}
END_TEST

/* Mutations of one R5 and one HMF1 fixture, in both byte orders, through
 * bm_decode: an error, no callback, nothing left allocated. */
START_TEST(decode_refuses_malformed_r5_and_hmf1)
{
	size_t rsize, hsize;
	uint8_t *r5 = cu_read_msg("r5-haiku-derived-5_int32", &rsize);
	uint8_t *hmf1 = cu_read_msg("hmf1-HAIKU_Leaf", &hsize);
	uint8_t *bad = malloc(hsize);

	/* R5: record at 17 = 05 'LONG' count(22) size(26) nlen(30) "data". */
	static const struct {
		size_t offset;
		uint32_t value;
		int width;
	} r5_cases[] = {
		{0, 0x464f4230u, 4}, /* magic */
		{4, 0, 4},           /* checksum */
		{8, 1000, 4},        /* flattened_size past the end */
		{22, 0x7fffffffu, 4}, /* absurd count */
		{22, 0, 4},          /* count 0 */
		{26, 0, 4},          /* size 0 */
		{26, 0xffffff00u, 4}, /* size negative */
		{30, 0, 1},          /* name length 0 */
		{33, 0, 1},          /* NUL in the name */
		{55, 7, 1},          /* no terminator */
	};
	/* Each refusal names the byte changed. */
	for (int order = 0; order < 2; order++) {
		for (size_t i = 0; i < sizeof r5_cases / sizeof r5_cases[0]; i++) {
			memcpy(bad, r5, rsize);
			cu_put_value(bad + r5_cases[i].offset, r5_cases[i].value,
			             r5_cases[i].width);
			if (r5_cases[i].offset != 4 && r5_cases[i].offset != 0)
				cu_fix_r5_checksum(bad);
			if (order == 1) {
				/* The same fault in a big-endian message: swap the
				 * good one, then apply the fault swapped. */
				uint8_t *swapped = cu_swapped_r5(r5, rsize);
				memcpy(bad, swapped, rsize);
				free(swapped);
				cu_put_value(bad + r5_cases[i].offset, r5_cases[i].value,
				             r5_cases[i].width);
				if (r5_cases[i].width == 4)
					cu_reverse_bytes(bad + r5_cases[i].offset, 4);
				if (r5_cases[i].offset != 4 && r5_cases[i].offset != 0) {
					cu_put32(bad + 4, cu_r5_checksum(bad + 8, 9));
					cu_reverse_bytes(bad + 4, 4);
				}
			}
			size_t at;
			decode_refused_at(bad, rsize, &at);
			ck_assert_uint_eq(at, r5_cases[i].offset);
		}
	}
	for (size_t cut = 0; cut < rsize; cut++)
		decode_refused(r5, cut);

	/* Variable items of 5_string (chunks at 29, 45, ...): a zero-size
	 * item, sizes that do not add up, a chunk past its record. */
	size_t ssize;
	uint8_t *strs = cu_read_msg("r5-be-mini-derived-5_string", &ssize);
	static const struct {
		size_t offset;
		uint8_t value;
	} chunk_cases[] = {{29, 0}, {45, 0}, {93, 0}, {29, 13}, {93, 0xf0},
	                   {23, 0x48}};
	for (int order = 0; order < 2; order++) {
		for (size_t i = 0; i < sizeof chunk_cases / sizeof chunk_cases[0];
		     i++) {
			uint8_t *base = order == 0 ? cu_copy(strs, ssize)
			                           : cu_swapped_r5(strs, ssize);
			size_t at = chunk_cases[i].offset;
			/* The low byte of a little-endian word is the high byte
			 * of a big-endian one (size bytes are one byte: MINI). */
			if (order == 1 && at != 23)
				at += 3;
			base[at] = chunk_cases[i].value;
			decode_refused(base, ssize);
			free(base);
		}
	}
	free(strs);

	/* HMF1: chains and fields, in both orders. */
	/* `at`: where the refusal points when it is the byte changed. */
	enum { ELSEWHERE = 0 };
	static const struct {
		size_t offset;
		uint32_t value;
		size_t at;
	} hmf1_cases[] = {
		{LEAF_FIELD(6) + 20, 0, LEAF_FIELD(6) + 20}, /* cyclic chain */
		{LEAF_FIELD(4) + 20, 5, ELSEWHERE},  /* misplaced field */
		{48, 0xffffffffu, 48},               /* unreached fields */
		{40, 0x10000000u, 40},               /* absurd field count */
		{36, 0x10000000u, 36},               /* data past the end */
		{LEAF_FIELD(2) + 8, 0x7fffffffu, LEAF_FIELD(2) + 8}, /* count */
		{LEAF_FIELD(2) + 12, 0, ELSEWHERE},  /* zero-size items */
		{LEAF_FIELD(3) + 16, 0x00100000u, LEAF_FIELD(3) + 16}, /* offset */
	};
	for (int order = 0; order < 2; order++) {
		for (size_t i = 0; i < sizeof hmf1_cases / sizeof hmf1_cases[0];
		     i++) {
			memcpy(bad, hmf1, hsize);
			cu_put32(bad + hmf1_cases[i].offset, hmf1_cases[i].value);
			if (order == 1) {
				uint8_t *swapped = cu_swapped_hmf1(hmf1, hsize);
				memcpy(bad, swapped, hsize);
				free(swapped);
				cu_put32(bad + hmf1_cases[i].offset, hmf1_cases[i].value);
				cu_reverse_bytes(bad + hmf1_cases[i].offset, 4);
			}
			size_t at;
			decode_refused_at(bad, hsize, &at);
			if (hmf1_cases[i].at != ELSEWHERE)
				ck_assert_uint_eq(at, hmf1_cases[i].at);
		}
	}
	memcpy(bad, hmf1, hsize);
	memcpy(bad, "HMF2", 4);
	ck_assert_int_eq(decode_refused(bad, hsize), BM_NOT_A_MESSAGE);
	free(bad);
	free(hmf1);
	free(r5);
}
END_TEST

/* Every truncation of every small fixture, and of its swapped variant. */
START_TEST(decode_refuses_every_truncation)
{
	char **names;
	size_t count = tu_list_fixtures(&names), checked = 0;
	for (size_t i = 0; i < count; i++) {
		size_t size;
		uint8_t *bytes = cu_read_msg(names[i], &size);
		if (size > 4096) {
			free(bytes);
			continue;
		}
		uint8_t *swapped = NULL;
		if (cu_is_fixture_of(names[i], "r5-"))
			swapped = cu_swapped_r5(bytes, size);
		else if (cu_is_fixture_of(names[i], "hmf1-"))
			swapped = cu_swapped_hmf1(bytes, size);
		for (size_t cut = 0; cut < size; cut++) {
			uint8_t *prefix = cu_copy(bytes, cut);
			decode_refused(prefix, cut);
			if (swapped != NULL) {
				memcpy(prefix, swapped, cut);
				decode_refused(prefix, cut);
			}
			free(prefix);
		}
		free(swapped);
		free(bytes);
		checked++;
	}
	tu_free_names(names, count);
	ck_assert_uint_eq(checked, 14);
}
END_TEST

START_TEST(decode_stops_when_the_sink_says_so)
{
	size_t size;
	uint8_t *bytes = cu_read_msg("r5-be-mini-derived-bmessage_txt", &size);
	uint8_t *swapped = cu_swapped_r5(bytes, size);
	for (int call = 1; call <= 5; call++) {
		struct collector c;
		collector_init(&c);
		c.stop_at_call = call;
		c.stop_status = 40 + call;
		ck_assert_int_eq(decode_counted(swapped, size, &c), 40 + call);
		ck_assert_int_eq(c.calls, call);
		collector_free(&c);
	}
	/* The scratch allocation fails: nothing reported. */
	struct collector c;
	collector_init(&c);
	struct bm_decode_sink sink;
	bm_alloc_counting(true);
	bm_alloc_fail_at(1);
	ck_assert_int_eq(bm_decode(swapped, size, collector_sink(&c, &sink)),
	                 BM_NO_MEMORY);
	ck_assert_int_eq(c.calls, 0);
	ck_assert_int_eq(bm_alloc_counts()->live, 0);
	bm_alloc_fail_at(0);
	bm_alloc_counting(false);
	collector_free(&c);
	/* Callbacks may be left out; bad arguments are refused. */
	struct bm_decode_sink empty = {0};
	ck_assert_int_eq(bm_decode(bytes, size, &empty), BM_OK);
	ck_assert_int_eq(bm_decode(swapped, size, &empty), BM_OK);
	ck_assert_int_eq(bm_decode(NULL, size, &empty), BM_BAD_VALUE);
	ck_assert_int_eq(bm_decode(bytes, size, NULL), BM_BAD_VALUE);
	ck_assert_int_eq(bm_decode("IMSG1BOF", 8, &empty), BM_NOT_A_MESSAGE);
	free(swapped);
	free(bytes);
}
END_TEST

Suite *
make_decode_suite(void)
{
	Suite *suite = suite_create("decode");
	TCase *decode = tcase_create("decode");
	tcase_set_timeout(decode, 300);
	cu_add_le_test(decode, decode_matches_every_fixture);
	cu_add_le_test(decode, decode_matches_swapped_variants);
	cu_add_le_test(decode, decode_reads_every_nested_message);
	cu_add_le_test(decode, decode_reports_fixed_size_flags);
	cu_add_le_test(decode, decode_reads_dano_arrays);
	cu_add_le_test(decode, decode_refuses_malformed_dano);
	cu_add_le_test(decode, decode_refuses_malformed_r5_and_hmf1);
	cu_add_le_test(decode, decode_refuses_every_truncation);
	cu_add_le_test(decode, decode_stops_when_the_sink_says_so);
	suite_add_tcase(suite, decode);
	return suite;
}
