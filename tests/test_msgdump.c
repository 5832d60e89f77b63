/*
 * test_msgdump.c - msgdump on the real fixtures, for every registered
 * backend: --json prints exactly the .json beside each file (sorted by name
 * for a backend that iterates by name), --reflatten reproduces the HMF1
 * files byte for byte with an HMF1 writer and the Be-written FOB1 files
 * except their padding with a Be-rules writer, and the program's options
 * and exit statuses, in process (msgdump_main) and through build/msgdump.
 */
#include "suites.h"
#include "check_util.h"

#include "alloc.h"
#include "bmsg.h"
#include "msgdump.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Captures what a printer writes. */
struct capture {
	FILE *file;
	char *text;
	size_t length;
};

static FILE *
capture_open(struct capture *c)
{
	c->text = NULL;
	c->length = 0;
	c->file = open_memstream(&c->text, &c->length);
	ck_assert_ptr_nonnull(c->file);
	return c->file;
}

static char *
capture_close(struct capture *c)
{
	ck_assert_int_eq(fclose(c->file), 0);
	c->file = NULL;
	return c->text;
}

/* Whether a backend iterates its fields by name rather than in the order
 * they were added (Message1's std::map): found by asking it. */
static bool
iterates_by_name(const struct bm_ops *ops)
{
	bm_message *msg = cu_new_message(ops, 0);
	ck_assert_int_eq(bm_add_int32(msg, "b", 1), BM_OK);
	ck_assert_int_eq(bm_add_int32(msg, "a", 2), BM_OK);
	ck_assert_int_eq(bm_add_int32(msg, "c", 3), BM_OK);
	struct bm_field_info first, second;
	ck_assert_int_eq(bm_field_at(msg, 0, &first), BM_OK);
	ck_assert_int_eq(bm_field_at(msg, 1, &second), BM_OK);
	bool sorted = first.name[0] == 'a';
	/* Either insertion order or name order, nothing else. */
	ck_assert_int_eq(second.name[0], sorted ? 'b' : 'a');
	bm_destroy(msg);
	return sorted;
}

static int
compare_field_names(const void *a, const void *b)
{
	/* jansson holds the Latin-1 names as UTF-8, whose byte order is the
	 * order of the code points, so of the Latin-1 bytes. */
	const char *x = json_string_value(json_object_get(*(json_t *const *)a,
	                                                  "name"));
	const char *y = json_string_value(json_object_get(*(json_t *const *)b,
	                                                  "name"));
	return strcmp(x, y);
}

/* The expected JSON with its fields sorted by name bytes. */
static json_t *
sorted_by_name(const char *text, size_t size)
{
	json_error_t error;
	json_t *message = json_loadb(text, size, 0, &error);
	ck_assert_msg(message != NULL, "%s", error.text);
	json_t *fields = json_object_get(message, "fields");
	size_t count = json_array_size(fields);
	json_t **sorted = malloc((count > 0 ? count : 1) * sizeof *sorted);
	ck_assert_ptr_nonnull(sorted);
	for (size_t i = 0; i < count; i++)
		sorted[i] = json_incref(json_array_get(fields, i));
	qsort(sorted, count, sizeof *sorted, compare_field_names);
	json_array_clear(fields);
	for (size_t i = 0; i < count; i++)
		json_array_append_new(fields, sorted[i]);
	free(sorted);
	return message;
}

/* --- The backends msgdump offers ------------------------------------------------- */

/* Those that survive bad input and write a format msgdump reads (not a
 * library's, impl/README.md §12.2). */
static bool
offered(const struct bm_ops *ops)
{
	return cu_member(CU_BAD_INPUT, ops) &&
	       bm_format_has_magic(ops->native_format);
}

static int
offered_count(void)
{
	int count = 0;
	for (int i = 0; i < cu_backend_count(); i++)
		count += offered(cu_backend_at(i));
	return count;
}

static const struct bm_ops *
offered_at(int index)
{
	for (int i = 0; i < cu_backend_count(); i++)
		if (offered(cu_backend_at(i)) && index-- == 0)
			return cu_backend_at(i);
	ck_abort_msg("no backend %d offered", index);
	return NULL;
}

/* --- --json on every fixture, every backend ------------------------------------- */

START_TEST(json_matches_every_fixture)
{
	const struct bm_ops *ops = offered_at(_i);
	bool by_name = iterates_by_name(ops);
	char **names;
	size_t count = tu_list_fixtures(&names);
	ck_assert_uint_eq(count, 34);
	for (size_t f = 0; f < count; f++) {
		char context[300];
		snprintf(context, sizeof context, "%s on %s", ops->name, names[f]);
		size_t size, expected_size;
		uint8_t *bytes = cu_read_fixture(names[f], ".msg", &size);
		char *expected = (char *)cu_read_fixture(names[f], ".json",
		                                         &expected_size);
		bm_message *msg = cu_unflattened(ops, bytes, size, context);

		bm_alloc_counting(true);
		struct capture out;
		ck_assert_int_eq(msgdump_json(capture_open(&out), msg,
		                              bm_detect_format(bytes, size)),
		                 BM_OK);
		/* Printing reads through the API only: no allocation, but
		 * the indexes a backend builds on read. */
		if ((ops->flags & BM_BACKEND_INDEXES_ON_READ) == 0)
			ck_assert_uint_eq(bm_alloc_calls(), 0);
		bm_alloc_counting(false);
		const char *printed = capture_close(&out);

		if (!by_name) {
			ck_assert_msg(out.length == expected_size &&
			                  memcmp(printed, expected, expected_size) == 0,
			              "%s: printed\n%.300s\nexpected\n%.300s", context,
			              printed, expected);
		} else {
			/* Same bytes in another order: same length, and the same
			 * content as the .json with its fields sorted. */
			json_t *want = sorted_by_name(expected, expected_size);
			json_t *got = json_loadb(printed, out.length, 0, NULL);
			ck_assert_msg(got != NULL && json_equal(got, want),
			              "%s: printed\n%.300s", context, printed);
			ck_assert_uint_eq(out.length, expected_size);
			ck_assert_int_eq(printed[out.length - 1], '\n');
			json_decref(got);
			json_decref(want);
		}
		free(out.text);
		bm_destroy(msg);
		free(expected);
		free(bytes);
	}
	tu_free_names(names, count);
}
END_TEST

/* Names as Latin-1 with JSON escapes, odd type codes, what as unsigned. */
START_TEST(json_escapes_names_and_types)
{
	const struct bm_ops *ops = offered_at(_i);
	bm_message *msg = cu_new_message(ops, 0xfffffffeu);
	const uint8_t item[] = {0x00, 0xab, 0xff};
	ck_assert_int_eq(bm_add_data(msg, "q\"b\\s/\b\f\n\r\t\x01\x1f\x7f\xe9\xff",
	                             BM_TYPE(0x01, 'A', 'B', 'C'), item, 3, false),
	                 BM_OK);
	ck_assert_int_eq(bm_add_data(msg, "t", BM_TYPE('a', '"', '\\', ' '), item,
	                             1, true),
	                 BM_OK);
	ck_assert_int_eq(bm_add_data(msg, "u", BM_TYPE('A', 'B', 'C', 0x80), item,
	                             2, true),
	                 BM_OK);
	struct capture out;
	ck_assert_int_eq(msgdump_json(capture_open(&out), msg,
	                              BM_FORMAT_R5_SWAPPED),
	                 BM_OK);
	const char *printed = capture_close(&out);
	static const char first[] =
		"{\"name\":\"q\\\"b\\\\s/\\b\\f\\n\\r\\t\\u0001\\u001f\\u007f"
		"\\u00e9\\u00ff\",\"type\":\"0x01414243\",\"items\":[\"00abff\"]}";
	static const char second[] =
		"{\"name\":\"t\",\"type\":\"a\\\"\\\\ \",\"items\":[\"00\"]}";
	static const char third[] =
		"{\"name\":\"u\",\"type\":\"0x41424380\",\"items\":[\"00ab\"]}";
	char expected[1024];
	/* "q..." < "t" < "u": the same order by name and by insertion. */
	snprintf(expected, sizeof expected,
	         "{\"format\":\"R5-swapped\",\"what\":4294967294,\"fields\":"
	         "[%s,%s,%s]}\n",
	         first, second, third);
	ck_assert_str_eq(printed, expected);
	free(out.text);
	bm_destroy(msg);
}
END_TEST

/* --- --reflatten ------------------------------------------------------------------ */

/* Rebuilds msg through the add path and flattens it (what --reflatten
 * writes); nothing stays allocated once the rebuilt message is gone. */
static uint8_t *
reflattened(const bm_message *msg, size_t *size)
{
	bm_alloc_counting(true);
	int64_t live = bm_alloc_counts()->live;
	bm_message *copy = NULL;
	ck_assert_int_eq(bm_copy(msg, msg->ops, &copy), BM_OK);
	uint8_t *bytes = cu_flatten(copy, size);
	bm_destroy(copy);
	ck_assert_int_eq(bm_alloc_counts()->live, live);
	bm_alloc_counting(false);
	return bytes;
}

/* Whether a backend writes R5 with Be's rules (impl/README.md §5.5): its
 * flattened 5 Int32 message is the Be-rules vector of
 * impl/flat-examples.md §1.3. */
static bool
writes_be_rules(const struct bm_ops *ops)
{
	if (ops->native_format != BM_FORMAT_R5)
		return false;
	size_t expected_size, size;
	uint8_t *expected = cu_read_fixture("r5-be-mini-derived-5_int32", ".msg",
	                                    &expected_size);
	bm_message *msg = cu_new_message(ops, 0);
	cu_add_items(msg, "data", false, 0, 5);
	uint8_t *bytes = cu_flatten(msg, &size);
	bool be = size == expected_size && memcmp(bytes, expected, size) == 0;
	free(bytes);
	free(expected);
	bm_destroy(msg);
	return be;
}

/*
 * Marks the padding bytes of the top-level records of an R5 message
 * (impl/README.md §5.3: each variable item is padded to 8 with its size
 * prefix). A walker of the tests' own, for host-order files that are known to
 * be valid.
 */
static void
mark_r5_padding(const uint8_t *msg, size_t size, bool *padding)
{
	memset(padding, 0, size);
	uint8_t header_flags = msg[16];
	const uint8_t *p = msg + 17 + ((header_flags & 0x02) ? 4 : 0) +
	                   ((header_flags & 0x04) ? 16 : 0);
	while (*p & 0x01) {
		uint8_t flags = *p++;
		bool mini = flags & 0x02;
		uint32_t count = 1, data_size;
		p += 4; /* type */
		if (!(flags & 0x08)) {
			count = mini ? *p : (uint32_t)p[0] | (uint32_t)p[1] << 8 |
			                        (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
			p += mini ? 1 : 4;
		}
		data_size = mini ? *p : (uint32_t)p[0] | (uint32_t)p[1] << 8 |
		                            (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
		p += mini ? 1 : 4;
		p += 1 + *p; /* name */
		if (!(flags & 0x04)) {
			const uint8_t *chunk = p;
			for (uint32_t i = 0; i < count; i++) {
				uint32_t item = (uint32_t)chunk[0] | (uint32_t)chunk[1] << 8 |
				                (uint32_t)chunk[2] << 16 |
				                (uint32_t)chunk[3] << 24;
				size_t padded = (4 + (size_t)item + 7) & ~(size_t)7;
				for (size_t k = 4 + item; k < padded; k++)
					padding[chunk + k - msg] = true;
				chunk += padded;
			}
		}
		p += data_size;
	}
	ck_assert_ptr_eq(p, msg + size - 1);
}

START_TEST(reflatten_reproduces_the_fixtures_of_its_format)
{
	const struct bm_ops *ops = offered_at(_i);
	/* Which fixtures this backend must write back: an HMF1 writer all
	 * HMF1 files byte for byte (Haiku writes nothing else there); a
	 * Be-rules R5 writer the Be-written files except padding. Other
	 * writers are checked for content by the conformance suite. */
	const char *prefix = NULL;
	if (ops->native_format == BM_FORMAT_HMF1)
		prefix = "hmf1-";
	else if (writes_be_rules(ops))
		prefix = "r5-be-mini-";
	if (prefix == NULL)
		return;
	char **names;
	size_t count = tu_list_fixtures(&names), checked = 0;
	size_t padding_total = 0, padding_differing = 0;
	for (size_t f = 0; f < count; f++) {
		if (strncmp(names[f], prefix, strlen(prefix)) != 0)
			continue;
		char context[300];
		snprintf(context, sizeof context, "%s on %s", ops->name, names[f]);
		size_t size, again_size;
		uint8_t *bytes = cu_read_fixture(names[f], ".msg", &size);
		bm_message *msg = cu_unflattened(ops, bytes, size, context);
		uint8_t *again = reflattened(msg, &again_size);
		ck_assert_msg(again_size == size, "%s: %zu bytes, not %zu", context,
		              again_size, size);
		if (ops->native_format == BM_FORMAT_HMF1) {
			ck_assert_msg(memcmp(again, bytes, size) == 0, "%s differs",
			              context);
		} else {
			bool *padding = malloc(size);
			mark_r5_padding(bytes, size, padding);
			for (size_t k = 0; k < size; k++) {
				if (padding[k]) {
					/* We write zeros where Be left garbage. */
					ck_assert_msg(again[k] == 0, "%s: padding at %zu",
					              context, k);
					padding_total++;
					padding_differing += again[k] != bytes[k];
				} else {
					ck_assert_msg(again[k] == bytes[k],
					              "%s: byte %zu is %02x, not %02x",
					              context, k, again[k], bytes[k]);
				}
			}
			free(padding);
		}
		free(again);
		bm_destroy(msg);
		free(bytes);
		checked++;
	}
	tu_free_names(names, count);
	ck_assert_uint_eq(checked, prefix[0] == 'h' ? 12 : 11);
	if (prefix[0] == 'r') {
		/* The real files do have garbage there, so the mask matters. */
		ck_assert_uint_gt(padding_total, 0);
		ck_assert_uint_gt(padding_differing, 0);
	}
}
END_TEST

/* The two checks above must not pass by finding no writer at all. */
START_TEST(some_backend_writes_each_fixture_format)
{
	int hmf1 = 0, be = 0;
	for (int i = 0; i < offered_count(); i++) {
		hmf1 += offered_at(i)->native_format == BM_FORMAT_HMF1;
		be += writes_be_rules(offered_at(i));
	}
	ck_assert_int_ge(hmf1, 1);
	ck_assert_int_ge(be, 1);
	ck_assert_ptr_nonnull(bm_find_backend("Message4"));
}
END_TEST

/* --- Human output ---------------------------------------------------------------------- */

START_TEST(human_output_resembles_print_to_stream)
{
	const struct bm_ops *ops = offered_at(_i);
	/* The 67-byte Haiku R5 message of impl/flat-examples.md §2.3: "name" =
	 * "black", "color". */
	size_t size;
	uint8_t *bytes = cu_read_fixture("r5-haiku-nested-Misc_Sphere", ".msg", &size);
	bm_message *msg = cu_unflattened(ops, bytes, size, ops->name);
	msg->what = BM_TYPE('a', 'b', 'c', 'd');
	ck_assert_int_eq(bm_add_data(msg, "raw", BM_TYPE('R', 'A', 'W', 'T'),
	                             "xy", 2, false),
	                 BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "raw2", "a\nb"), BM_OK);
	ck_assert_int_eq(bm_add_string(msg, "raw2", ""), BM_OK);
	struct capture out;
	ck_assert_int_eq(msgdump_human(capture_open(&out), msg), BM_OK);
	const char *printed = capture_close(&out);
	const char *lines[] = {
		"        name = string(\"black\", 6 bytes)\n",
		"        color = int32(0xff010101 or -16711423)\n",
		"        raw = (type = 'RAWT')(size = 2)\n",
		"        raw2[0] = string(\"a\\x0ab\", 4 bytes)\n",
		"        raw2[1] = string(\"\", 1 bytes)\n",
	};
	ck_assert_msg(strncmp(printed, "BMessage('abcd') {\n", 19) == 0, "%s",
	              printed);
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
		ck_assert_msg(strstr(printed, lines[i]) != NULL, "%s: no line %s in\n%s",
		              ops->name, lines[i], printed);
	ck_assert_int_eq(strcmp(printed + out.length - 2, "}\n"), 0);
	free(out.text);
	bm_destroy(msg);
	free(bytes);
}
END_TEST

/* Every fixture prints, nested messages included, and nothing leaks. */
START_TEST(human_output_prints_every_fixture)
{
	const struct bm_ops *ops = offered_at(_i);
	char **names;
	size_t count = tu_list_fixtures(&names);
	for (size_t f = 0; f < count; f++) {
		size_t size;
		uint8_t *bytes = cu_read_fixture(names[f], ".msg", &size);
		bm_message *msg = cu_unflattened(ops, bytes, size, names[f]);
		struct capture out;
		if ((ops->flags & BM_BACKEND_INDEXES_ON_READ) != 0) {
			/* A first print builds the indexes the message keeps. */
			ck_assert_int_eq(msgdump_human(capture_open(&out), msg),
			                 BM_OK);
			free((char *)capture_close(&out));
		}
		bm_alloc_counting(true);
		ck_assert_int_eq(msgdump_human(capture_open(&out), msg), BM_OK);
		ck_assert_int_eq(bm_alloc_counts()->live, 0);
		bm_alloc_counting(false);
		const char *printed = capture_close(&out);
		ck_assert_msg(strstr(printed, "failed unflatten") == NULL,
		              "%s on %s: a nested message failed", ops->name,
		              names[f]);
		/* Every nested message opens and closes a block. */
		size_t opened = 0, closed = 0;
		for (const char *p = printed; (p = strstr(p, "BMessage(")) != NULL; p++)
			opened++;
		for (const char *p = printed; (p = strstr(p, "}\n")) != NULL; p++)
			closed++;
		ck_assert_uint_eq(opened, closed);
		ck_assert_uint_ge(opened, 1);
		free(out.text);
		bm_destroy(msg);
		free(bytes);
	}
	tu_free_names(names, count);
}
END_TEST

/* Nesting deeper than the printer goes is named, not followed. */
START_TEST(human_output_stops_at_deep_nesting)
{
	const struct bm_ops *ops = offered_at(_i);
	bm_message *msg = cu_new_message(ops, 0);
	ck_assert_int_eq(bm_add_int32(msg, "depth", 0), BM_OK);
	for (int depth = 1; depth <= 40; depth++) {
		size_t size;
		uint8_t *bytes = cu_flatten(msg, &size);
		bm_make_empty(msg);
		ck_assert_int_eq(bm_add_data(msg, "inner", BM_MESSAGE_TYPE, bytes,
		                             size, false),
		                 BM_OK);
		free(bytes);
	}
	struct capture out;
	ck_assert_int_eq(msgdump_human(capture_open(&out), msg), BM_OK);
	const char *printed = capture_close(&out);
	ck_assert_msg(strstr(printed, "nested too deep to print") != NULL, "%s",
	              printed);
	ck_assert(strstr(printed, "depth = int32") == NULL);
	free(out.text);
	bm_destroy(msg);
}
END_TEST

/* --- The program ------------------------------------------------------------------------ */

struct run {
	int status;
	char *out;
	char *err;
	size_t out_length, err_length;
};

/* Runs msgdump_main in process with the given arguments (NULL-ended);
 * argv holds writable copies, as a real argv does. */
static void
run_msgdump(struct run *run, const char *first, ...)
{
	static char storage[16][4300];
	char *argv[16];
	int argc = 0;
	va_list args;
	va_start(args, first);
	for (const char *arg = "msgdump"; arg != NULL;
	     arg = argc == 1 ? first : va_arg(args, const char *)) {
		ck_assert_int_lt(argc, 15);
		snprintf(storage[argc], sizeof storage[argc], "%s", arg);
		argv[argc] = storage[argc];
		argc++;
	}
	va_end(args);
	argv[argc] = NULL;
	struct capture out, err;
	capture_open(&out);
	capture_open(&err);
	run->status = msgdump_main(argc, argv, out.file, err.file);
	run->out = capture_close(&out);
	run->err = capture_close(&err);
	run->out_length = out.length;
	run->err_length = err.length;
}

static void
run_free(struct run *run)
{
	free(run->out);
	free(run->err);
}

/* A failure: the status, nothing on stdout, one line on stderr. */
static void
assert_fails(struct run *run, int status, const char *reason)
{
	ck_assert_msg(run->status == status, "status %d, not %d (%s)",
	              run->status, status, run->err);
	ck_assert_uint_eq(run->out_length, 0);
	ck_assert_uint_gt(run->err_length, 0);
	ck_assert_msg(strchr(run->err, '\n') == run->err + run->err_length - 1,
	              "not one line: %s", run->err);
	ck_assert_msg(strstr(run->err, reason) != NULL, "%s", run->err);
	run_free(run);
}

static char *
fixture_path(char *out, size_t out_size, const char *name)
{
	char relative[512];
	snprintf(relative, sizeof relative, "haiku/%s.msg", name);
	return tu_data_path(out, out_size, relative);
}

START_TEST(program_options_and_exit_statuses)
{
	char path[4096], json_path[4096], temp_dir[] = "/tmp/msgdump-test-XXXXXX";
	fixture_path(path, sizeof path, "r5-be-mini-derived-5_string");
	tu_data_path(json_path, sizeof json_path,
	             "haiku/r5-be-mini-derived-5_string.json");
	size_t json_size;
	uint8_t *json = cu_read_file(json_path, &json_size);
	struct run run;

	/* Success: the JSON, exactly; default backend; --opt=value forms. */
	const char *forms[][3] = {
		{"--json", NULL, NULL},
		{"--backend", "R5", "--json"},
		{"--backend=Message4", "--json", NULL},
		{"--json", "--backend", "Message4"},
	};
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		if (forms[i][1] == NULL)
			run_msgdump(&run, forms[i][0], path, NULL);
		else if (forms[i][2] == NULL)
			run_msgdump(&run, forms[i][0], forms[i][1], path, NULL);
		else
			run_msgdump(&run, forms[i][0], forms[i][1], forms[i][2], path,
			            NULL);
		ck_assert_int_eq(run.status, 0);
		ck_assert_uint_eq(run.err_length, 0);
		ck_assert_uint_eq(run.out_length, json_size);
		ck_assert_mem_eq(run.out, json, json_size);
		run_free(&run);
	}
	run_msgdump(&run, "--", path, NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert(strncmp(run.out, "BMessage(0x0) {\n", 16) == 0);
	run_free(&run);
	run_msgdump(&run, "--help", NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert(strstr(run.out, "usage: msgdump") != NULL);
	run_free(&run);

	/* Bad usage: 2. */
	run_msgdump(&run, NULL);
	assert_fails(&run, 2, "no FILE");
	run_msgdump(&run, "--jsn", path, NULL);
	assert_fails(&run, 2, "unknown option");
	run_msgdump(&run, "--backendR5", path, NULL);
	assert_fails(&run, 2, "unknown option");
	run_msgdump(&run, path, "--backend", NULL);
	assert_fails(&run, 2, "needs a value");
	run_msgdump(&run, "--backend=", path, NULL);
	assert_fails(&run, 2, "needs a value");
	run_msgdump(&run, "--reflatten", NULL);
	assert_fails(&run, 2, "needs a value");
	run_msgdump(&run, path, path, NULL);
	assert_fails(&run, 2, "more than one FILE");
	run_msgdump(&run, "--backend", "No-such-backend", path, NULL);
	assert_fails(&run, 2, "unknown backend 'No-such-backend'");

	/* Bad files: 1. */
	run_msgdump(&run, "/nonexistent/file.msg", NULL);
	assert_fails(&run, 1, "cannot read");
	run_msgdump(&run, json_path, NULL);
	ck_assert_msg(strstr(run.err, "at byte 0 of ") != NULL, "%s", run.err);
	assert_fails(&run, 1, "unknown magic");
	ck_assert_ptr_nonnull(mkdtemp(temp_dir));
	char cut_path[4200], out_path[4200];
	snprintf(cut_path, sizeof cut_path, "%s/cut.msg", temp_dir);
	snprintf(out_path, sizeof out_path, "%s/out.msg", temp_dir);
	size_t size;
	uint8_t *bytes = cu_read_file(path, &size);
	FILE *cut = fopen(cut_path, "wb");
	ck_assert_ptr_nonnull(cut);
	ck_assert_uint_eq(fwrite(bytes, 1, size - 1, cut), size - 1);
	fclose(cut);
	/* A file cut short: the refusal names where and what it expected. */
	char where[128];
	snprintf(where, sizeof where, "at byte 8 of %zu, expected a flattened "
	         "size", size - 1);
	for (int i = 0; i < offered_count(); i++) {
		run_msgdump(&run, "--backend", offered_at(i)->name,
		            "--json", cut_path, NULL);
		ck_assert_msg(strstr(run.err, where) != NULL, "%s", run.err);
		assert_fails(&run, 1, "cannot unflatten R5");
	}
	/* Bytes the shared decoder refuses, which the Unflatten of a backend
	 * that checks on read would take (it leaves items to the reads):
	 * msgdump checks them whole first, so every backend refuses them. */
	char bad_path[4200];
	snprintf(bad_path, sizeof bad_path,
	         "%s/reject-hmf1-var-items-overrun.bin", BENCH_REGRESSIONS_DIR);
	for (int i = 0; i < offered_count(); i++) {
		run_msgdump(&run, "--backend", offered_at(i)->name,
		            "--json", bad_path, NULL);
		ck_assert_msg(strstr(run.err, ": at byte 94 of 109, expected an "
		                              "item size") != NULL,
		              "%s", run.err);
		assert_fails(&run, 1, "cannot unflatten HMF1");
	}
	/* A backend that does not survive bad input is not offered. */
	for (int i = 0; i < cu_backend_count(); i++) {
		if (cu_member(CU_BAD_INPUT, cu_backend_at(i)))
			continue;
		run_msgdump(&run, "--backend", cu_backend_at(i)->name, "--json",
		            path, NULL);
		assert_fails(&run, 2, "does not survive malformed input");
	}
	/* Nor is a library's backend: msgdump cannot read its format. */
	for (int i = 0; i < cu_backend_count(); i++) {
		const struct bm_ops *ops = cu_backend_at(i);
		if (!cu_member(CU_BAD_INPUT, ops) ||
		    bm_format_has_magic(ops->native_format))
			continue;
		run_msgdump(&run, "--backend", ops->name, "--json", path, NULL);
		assert_fails(&run, 2, "which msgdump cannot read");
	}
	/* --reflatten: a file that cannot be written is refused before the
	 * message is read (the file here does not exist), then one that can
	 * be. */
	run_msgdump(&run, "--json", "--reflatten", "/nonexistent/dir/out.msg",
	            "/nonexistent/file.msg", NULL);
	assert_fails(&run, 2, "no folder /nonexistent/dir");
	run_msgdump(&run, "--reflatten", temp_dir, "/nonexistent/file.msg",
	            NULL);
	assert_fails(&run, 2, "is a directory");
	run_msgdump(&run, "--backend", "R5", "--reflatten", out_path, path, NULL);
	ck_assert_int_eq(run.status, 0);
	run_free(&run);
	size_t again_size;
	uint8_t *again = cu_read_file(out_path, &again_size);
	ck_assert_uint_eq(again_size, size);
	ck_assert_mem_eq(again, bytes, size); /* zero padding in this one */
	free(again);
	unlink(out_path);
	unlink(cut_path);
	rmdir(temp_dir);
	free(bytes);
	free(json);
}
END_TEST

/* The built program, run twice or thrice for its exit statuses. */
static int
run_binary(const char *arguments, const char *output)
{
	char command[9000];
	snprintf(command, sizeof command, "'%s/msgdump' %s >'%s' 2>/dev/null",
	         BENCH_BINARY_DIR, arguments, output);
	int status = system(command);
	ck_assert_msg(status != -1 && WIFEXITED(status), "%s", command);
	return WEXITSTATUS(status);
}

START_TEST(built_program_exits_with_its_statuses)
{
	char path[4096], json_path[4096], arguments[4200];
	char output[] = "/tmp/msgdump-out-XXXXXX";
	int fd = mkstemp(output);
	ck_assert_int_ge(fd, 0);
	close(fd);
	fixture_path(path, sizeof path, "hmf1-icon-HaikuDepot_StarBlue");
	tu_data_path(json_path, sizeof json_path,
	             "haiku/hmf1-icon-HaikuDepot_StarBlue.json");

	snprintf(arguments, sizeof arguments, "--backend R5 --json '%s'", path);
	ck_assert_int_eq(run_binary(arguments, output), 0);
	size_t printed_size, json_size;
	uint8_t *printed = cu_read_file(output, &printed_size);
	uint8_t *json = cu_read_file(json_path, &json_size);
	ck_assert_uint_eq(printed_size, json_size);
	ck_assert_mem_eq(printed, json, json_size);

	snprintf(arguments, sizeof arguments, "'%s'", json_path);
	ck_assert_int_eq(run_binary(arguments, output), 1);
	ck_assert_int_eq(run_binary("--no-such-option", output), 2);
	free(printed);
	free(json);
	unlink(output);
}
END_TEST

Suite *
make_msgdump_suite(void)
{
	Suite *suite = suite_create("msgdump");
	/* The backends msgdump offers: those that survive bad input. */
	int count = offered_count();

	TCase *json = tcase_create("json");
	cu_add_le_loop_test(json, json_matches_every_fixture, 0, count);
	tcase_add_loop_test(json, json_escapes_names_and_types, 0, count);
	tcase_set_timeout(json, 120);
	suite_add_tcase(suite, json);

	TCase *reflatten = tcase_create("reflatten");
	cu_add_le_loop_test(reflatten,
	                    reflatten_reproduces_the_fixtures_of_its_format, 0,
	                    count);
	tcase_add_test(reflatten, some_backend_writes_each_fixture_format);
	tcase_set_timeout(reflatten, 120);
	suite_add_tcase(suite, reflatten);

	TCase *human = tcase_create("human");
	cu_add_le_loop_test(human, human_output_resembles_print_to_stream, 0,
	                    count);
	cu_add_le_loop_test(human, human_output_prints_every_fixture, 0, count);
	tcase_add_loop_test(human, human_output_stops_at_deep_nesting, 0, count);
	tcase_set_timeout(human, 120);
	suite_add_tcase(suite, human);

	TCase *program = tcase_create("program");
	cu_add_le_test(program, program_options_and_exit_statuses);
	cu_add_le_test(program, built_program_exits_with_its_statuses);
	tcase_set_timeout(program, 60);
	suite_add_tcase(suite, program);
	return suite;
}
