/*
 * check_util.c - see check_util.h.
 */
#include "check_util.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- Registering tests ---------------------------------------------------- */

static int left_out;

void
cu_add_le_test(TCase *tc, const TTest *test)
{
	cu_add_le_loop_test(tc, test, 0, 1);
}

void
cu_add_le_loop_test(TCase *tc, const TTest *test, int start, int end)
{
	if (tu_host_is_little_endian())
		tcase_add_loop_test(tc, test, start, end);
	else if (end > start)
		left_out += end - start;
}

int
cu_tests_left_out(void)
{
	return left_out;
}

/* --- Backends ------------------------------------------------------------- */

const struct bm_ops *
cu_backend(const char *name)
{
	const struct bm_ops *ops = bm_find_backend(name);
	ck_assert_msg(ops != NULL, "no backend named '%s' is registered", name);
	return ops;
}

bool
cu_member(enum cu_set set, const struct bm_ops *ops)
{
	switch (set) {
	case CU_EVERY:
		return true;
	case CU_CONTRACT:
		return bm_backend_kind(ops) != BM_KIND_ORIGINAL;
	case CU_BAD_INPUT:
		return (ops->flags & BM_BACKEND_UNSAFE_ON_BAD_INPUT) == 0;
	case CU_NO_MEMORY:
		return (ops->flags & BM_BACKEND_UNSAFE_ON_NO_MEMORY) == 0 &&
		       bm_backend_uses_bm_alloc(ops);
	case CU_FOREIGN_BYTES:
		return (ops->flags & BM_BACKEND_READS_OWN_BYTES_ONLY) == 0;
	}
	return false;
}

int
cu_count(enum cu_set set)
{
	size_t count;
	const struct bm_ops *const *table = bm_backends(&count);
	int members = 0;
	for (size_t i = 0; i < count; i++)
		members += cu_member(set, table[i]) ? 1 : 0;
	return members;
}

const struct bm_ops *
cu_in(enum cu_set set, int index)
{
	size_t count;
	const struct bm_ops *const *table = bm_backends(&count);
	int seen = 0;
	for (size_t i = 0; i < count; i++) {
		if (cu_member(set, table[i]) && seen++ == index)
			return table[i];
	}
	ck_abort_msg("backend %d of set %d (%d members) asked for", index,
	             (int)set, seen);
	return NULL;
}

bool
cu_reads_bytes_of(const struct bm_ops *reader, const struct bm_ops *writer)
{
	if (reader == writer)
		return true;
	return cu_member(CU_FOREIGN_BYTES, reader) &&
	       !bm_backend_reads_back(writer);
}

int
cu_backend_count(void)
{
	return cu_count(CU_EVERY);
}

const struct bm_ops *
cu_backend_at(int index)
{
	return cu_in(CU_EVERY, index);
}

/* --- Messages ------------------------------------------------------------- */

bm_message *
cu_new_message(const struct bm_ops *ops, uint32_t what)
{
	bm_message *msg = NULL;
	int rc = bm_create(ops, what, &msg);
	ck_assert_msg(rc == BM_OK, "%s: create failed: %s", ops->name,
	              bm_status_name(rc));
	ck_assert_ptr_nonnull(msg);
	return msg;
}

bm_message *
cu_unflattened(const struct bm_ops *ops, const void *bytes, size_t size,
               const char *context)
{
	bm_message *msg = cu_new_message(ops, 0);
	int rc = bm_unflatten(msg, bytes, size);
	ck_assert_msg(rc == BM_OK, "%s: unflatten: %s", context,
	              bm_status_name(rc));
	return msg;
}

void
cu_add_items(bm_message *msg, const char *name, bool strings, int first,
             int count)
{
	char text[32];
	for (int i = first; i < first + count; i++) {
		int rc;
		if (strings) {
			snprintf(text, sizeof text, "item%d", i);
			rc = bm_add_string(msg, name, text);
		} else {
			rc = bm_add_int32(msg, name, i);
		}
		ck_assert_msg(rc == BM_OK, "%s: adding item %d to '%s': %s",
		              msg->ops->name, i, name, bm_status_name(rc));
	}
}

void
cu_add_benchmark(bm_message *msg, int count, bool strings, bool individual)
{
	if (!individual) {
		cu_add_items(msg, "data", strings, 0, count);
		return;
	}
	char name[32];
	for (int i = 0; i < count; i++) {
		snprintf(name, sizeof name, "data%d", i);
		cu_add_items(msg, name, strings, i, 1);
	}
}

const char *
cu_benchmark_name(char *out, size_t out_size, int count, bool strings,
                  bool individual)
{
	snprintf(out, out_size, "%d %s%s", count, individual ? "individual " : "",
	         strings ? "strings" : "int32");
	return out;
}

bm_message *
cu_rebuild(const bm_message *from, const struct bm_ops *ops)
{
	bm_message *to = NULL;
	int rc = bm_copy(from, ops, &to);
	ck_assert_msg(rc == BM_OK, "copy into %s: %s", ops->name,
	              bm_status_name(rc));
	return to;
}

/* --- Flat bytes ----------------------------------------------------------- */

uint8_t *
cu_flatten(bm_message *msg, size_t *size)
{
	int rc = bm_flattened_size(msg, size);
	ck_assert_msg(rc == BM_OK, "%s: flattened_size: %s", msg->ops->name,
	              bm_status_name(rc));
	uint8_t *bytes = malloc(*size > 0 ? *size : 1);
	ck_assert_ptr_nonnull(bytes);
	rc = bm_flatten(msg, bytes, *size);
	ck_assert_msg(rc == BM_OK, "%s: flatten: %s", msg->ops->name,
	              bm_status_name(rc));
	return bytes;
}

uint8_t *
cu_copy(const void *bytes, size_t size)
{
	uint8_t *copy = malloc(size > 0 ? size : 1);
	ck_assert_ptr_nonnull(copy);
	if (size > 0)
		memcpy(copy, bytes, size);
	return copy;
}

/* The file name of a __FILE__ path, for failure messages. */
static const char *
base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash != NULL ? slash + 1 : path;
}

void
cu_assert_bytes_eq_at(const char *file, int line, const void *got,
                      size_t got_size, const void *want, size_t want_size,
                      const char *context)
{
	const uint8_t *g = got, *w = want;
	size_t common = got_size < want_size ? got_size : want_size;
	size_t at = 0;
	while (at < common && g[at] == w[at])
		at++;
	if (at < common)
		ck_abort_msg("%s: byte %zu is %02x, expected %02x (%zu bytes, "
		             "expected %zu) [%s:%d]",
		             context, at, g[at], w[at], got_size, want_size,
		             base_name(file), line);
	ck_assert_msg(got_size == want_size,
	              "%s: %zu bytes, expected %zu (the first %zu agree) [%s:%d]",
	              context, got_size, want_size, common, base_name(file),
	              line);
}

void
cu_assert_fixture_bytes_at(const char *file, int line, const void *got,
                           size_t got_size, const char *name)
{
	size_t size;
	uint8_t *fixture = cu_read_fixture(name, ".msg", &size);
	cu_assert_bytes_eq_at(file, line, got, got_size, fixture, size, name);
	free(fixture);
}

void
cu_assert_flattens_to_at(const char *file, int line, bm_message *msg,
                         const void *want, size_t want_size,
                         const char *context)
{
	size_t size;
	uint8_t *bytes = cu_flatten(msg, &size);
	cu_assert_bytes_eq_at(file, line, bytes, size, want, want_size, context);
	free(bytes);
}

/* --- Content -------------------------------------------------------------- */

void
cu_assert_same_content(const struct tu_content *a, const struct tu_content *b,
                       bool compare_fixed, const char *context)
{
	char why[512] = "";
	ck_assert_msg(tu_content_equal(a, b, compare_fixed, why, sizeof why),
	              "%s: content differs: %s", context, why);
}

void
cu_assert_content_is(const bm_message *msg, const struct tu_content *expected,
                     bool compare_fixed, const char *context)
{
	struct tu_content now;
	int rc = tu_content_from_message(msg, &now);
	ck_assert_msg(rc == BM_OK, "%s: message unreadable: %s", context,
	              bm_status_name(rc));
	cu_assert_same_content(expected, &now, compare_fixed, context);
	tu_content_free(&now);
}

/* --- Files ---------------------------------------------------------------- */

uint8_t *
cu_read_file(const char *path, size_t *size)
{
	uint8_t *bytes = tu_read_file(path, size);
	ck_assert_msg(bytes != NULL, "cannot read %s", path);
	return bytes;
}

uint8_t *
cu_read_fixture(const char *name, const char *extension, size_t *size)
{
	uint8_t *bytes = tu_read_fixture(name, extension, size);
	ck_assert_msg(bytes != NULL, "cannot read %s/haiku/%s%s",
	              BENCH_TESTDATA_DIR, name, extension);
	return bytes;
}

uint8_t *
cu_read_msg(const char *name, size_t *size)
{
	return cu_read_fixture(name, ".msg", size);
}

/* --- Host-order words ----------------------------------------------------- */

uint32_t
cu_get32(const uint8_t *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}

void
cu_put32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

uint16_t
cu_get16(const uint8_t *p)
{
	uint16_t v;
	memcpy(&v, p, 2);
	return v;
}

void
cu_put16(uint8_t *p, uint16_t v)
{
	memcpy(p, &v, 2);
}

void
cu_put_value(uint8_t *p, uint32_t value, int width)
{
	if (width == 4)
		cu_put32(p, value);
	else if (width == 2)
		cu_put16(p, (uint16_t)value);
	else
		*p = (uint8_t)value;
}

void
cu_reverse_bytes(uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n / 2; i++) {
		uint8_t t = p[i];
		p[i] = p[n - 1 - i];
		p[n - 1 - i] = t;
	}
}

/* --- The tests' own big-endian maker -------------------------------------- */

uint32_t
cu_r5_checksum(const uint8_t *p, size_t n)
{
	uint32_t sum = 0, rest = 0;
	for (; n >= 4; p += 4, n -= 4)
		sum += (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
		       (uint32_t)p[2] << 8 | p[3];
	for (; n > 0; p++, n--)
		rest = (rest << 8) + *p;
	return sum + rest;
}

size_t
cu_r5_header_size(uint8_t flags)
{
	return 17 + ((flags & 0x02) ? 4 : 0) + ((flags & 0x04) ? 16 : 0);
}

void
cu_fix_r5_checksum(uint8_t *msg)
{
	cu_put32(msg + 4,
	         cu_r5_checksum(msg + 8, cu_r5_header_size(msg[16]) - 8));
}

/*
 * Element size of the numeric types that occur in the fixtures or in the
 * hand-made messages of the codec tests; other types are bytes and stay as
 * they are.
 */
static size_t
element_size(uint32_t type)
{
	static const struct {
		char code[5];
		size_t size;
	} table[] = {
		{"SHRT", 2}, {"USHT", 2}, {"LONG", 4}, {"ULNG", 4}, {"FLOT", 4},
		{"RECT", 4}, {"BPNT", 4}, {"DBLE", 8}, {"LLNG", 8}, {"ULLG", 8},
	};
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
		const char *c = table[i].code;
		if (type == BM_TYPE(c[0], c[1], c[2], c[3]))
			return table[i].size;
	}
	return 0;
}

static void
swap_elements(uint32_t type, uint8_t *item, size_t size)
{
	size_t width = element_size(type);
	if (width == 0)
		return;
	ck_assert_msg(size % width == 0, "odd item size in a fixture");
	for (size_t at = 0; at < size; at += width)
		cu_reverse_bytes(item + at, width);
}

uint8_t *
cu_swapped_r5(const uint8_t *in, size_t size)
{
	uint8_t *out = cu_copy(in, size);
	uint8_t header_flags = out[16];
	size_t header_size = cu_r5_header_size(header_flags);
	ck_assert_uint_le(header_size, size);
	for (size_t at = 0; at < 16; at += 4)
		cu_reverse_bytes(out + at, 4);
	/* target, or reply port/target/team (the four big flags are bytes) */
	size_t words_end = (header_flags & 0x04) ? header_size - 4 : header_size;
	for (size_t at = 17; at < words_end; at += 4)
		cu_reverse_bytes(out + at, 4);
	uint8_t *p = out + header_size;
	while (*p & 0x01) {
		uint8_t flags = *p++;
		bool mini = flags & 0x02, single = flags & 0x08;
		uint32_t type = cu_get32(p);
		cu_reverse_bytes(p, 4);
		p += 4;
		uint32_t count = 1, data_size;
		if (!single) {
			count = mini ? *p : cu_get32(p);
			if (!mini)
				cu_reverse_bytes(p, 4);
			p += mini ? 1 : 4;
		}
		data_size = mini ? *p : cu_get32(p);
		if (!mini)
			cu_reverse_bytes(p, 4);
		p += mini ? 1 : 4;
		p += 1 + *p; /* name */
		if (flags & 0x04) {
			for (uint32_t i = 0; i < count; i++)
				swap_elements(type, p + i * (data_size / count),
				              data_size / count);
			p += data_size;
		} else {
			for (uint32_t i = 0; i < count; i++) {
				uint32_t item_size = cu_get32(p);
				cu_reverse_bytes(p, 4);
				swap_elements(type, p + 4, item_size);
				p += (4 + item_size + 7) & ~(size_t)7;
			}
		}
	}
	ck_assert_ptr_eq(p, out + size - 1);
	uint32_t checksum = cu_r5_checksum(out + 8, header_size - 8);
	cu_put32(out + 4, checksum);
	cu_reverse_bytes(out + 4, 4);
	return out;
}

uint8_t *
cu_swapped_hmf1(const uint8_t *in, size_t size)
{
	uint8_t *out = cu_copy(in, size);
	uint32_t field_count = cu_get32(in + 40);
	const uint8_t *area = in + 68 + 24 * (size_t)field_count;
	uint8_t *out_area = out + (area - in);
	for (size_t at = 0; at < 68; at += 4)
		cu_reverse_bytes(out + at, 4);
	for (uint32_t i = 0; i < field_count; i++) {
		const uint8_t *field = in + 68 + 24 * (size_t)i;
		uint8_t *out_field = out + (field - in);
		uint16_t flags = cu_get16(field), name_length = cu_get16(field + 2);
		uint32_t type = cu_get32(field + 4), count = cu_get32(field + 8);
		uint32_t data_size = cu_get32(field + 12);
		uint32_t offset = cu_get32(field + 16);
		cu_reverse_bytes(out_field, 2);
		cu_reverse_bytes(out_field + 2, 2);
		for (size_t at = 4; at < 24; at += 4)
			cu_reverse_bytes(out_field + at, 4);
		uint8_t *p = out_area + offset + name_length;
		if (flags & 0x0002) {
			for (uint32_t k = 0; k < count; k++)
				swap_elements(type, p + k * (data_size / count),
				              data_size / count);
		} else {
			for (uint32_t k = 0; k < count; k++) {
				uint32_t item_size = cu_get32(p);
				cu_reverse_bytes(p, 4);
				swap_elements(type, p + 4, item_size);
				p += 4 + item_size;
			}
		}
	}
	return out;
}

/* --- Content as JSON ------------------------------------------------------ */

json_t *
cu_read_expected(const char *name)
{
	size_t size;
	char *text = (char *)cu_read_fixture(name, ".json", &size);
	json_error_t error;
	json_t *expected = json_loadb(text, size, 0, &error);
	ck_assert_msg(expected != NULL, "%s.json: %s", name, error.text);
	free(text);
	return expected;
}

static char *
hex_of(const uint8_t *bytes, size_t size)
{
	static const char digits[] = "0123456789abcdef";
	char *hex = malloc(2 * size + 1);
	ck_assert_ptr_nonnull(hex);
	for (size_t i = 0; i < size; i++) {
		hex[2 * i] = digits[bytes[i] >> 4];
		hex[2 * i + 1] = digits[bytes[i] & 15];
	}
	hex[2 * size] = '\0';
	return hex;
}

/* A name's bytes read as Latin-1, as a jansson (UTF-8) string. */
static json_t *
latin1_string(const char *name, size_t len)
{
	char utf8[2 * BM_NAME_MAX + 1];
	size_t n = 0;
	for (size_t i = 0; i < len; i++) {
		uint8_t c = (uint8_t)name[i];
		if (c < 0x80) {
			utf8[n++] = (char)c;
		} else {
			utf8[n++] = (char)(0xc0 | (c >> 6));
			utf8[n++] = (char)(0x80 | (c & 0x3f));
		}
	}
	return json_stringn(utf8, n);
}

static json_t *
type_string(uint32_t type)
{
	char text[16];
	bool printable = true;
	for (int shift = 24; shift >= 0; shift -= 8) {
		uint8_t c = (uint8_t)(type >> shift);
		printable = printable && c >= 0x20 && c <= 0x7e;
	}
	if (printable)
		snprintf(text, sizeof text, "%c%c%c%c", (char)(type >> 24),
		         (char)(type >> 16), (char)(type >> 8), (char)type);
	else
		snprintf(text, sizeof text, "0x%08x", (unsigned)type);
	return json_string(text);
}

json_t *
cu_json_message(const char *format, uint32_t what)
{
	return json_pack("{s:s,s:I,s:[]}", "format", format, "what",
	                 (json_int_t)what, "fields");
}

json_t *
cu_json_add_field(json_t *message, const char *name, size_t name_len,
                  uint32_t type)
{
	json_t *field = json_pack("{s:o,s:o,s:[]}", "name",
	                          latin1_string(name, name_len), "type",
	                          type_string(type), "items");
	json_array_append_new(json_object_get(message, "fields"), field);
	return json_object_get(field, "items");
}

void
cu_json_add_item(json_t *items, const uint8_t *bytes, size_t size)
{
	char *hex = hex_of(bytes, size);
	json_array_append_new(items, json_string(hex));
	free(hex);
}

json_t *
cu_json_with_format(json_t *expected, const char *format)
{
	json_t *copy = json_deep_copy(expected);
	json_object_set_new(copy, "format", json_string(format));
	return copy;
}

void
cu_assert_json_equal(json_t *actual, json_t *expected, const char *what)
{
	if (!json_equal(actual, expected)) {
		char *a = json_dumps(actual, JSON_COMPACT);
		char *e = json_dumps(expected, JSON_COMPACT);
		ck_abort_msg("%s: content differs\n  got      %.400s\n  expected %.400s",
		             what, a ? a : "(null)", e ? e : "(null)");
	}
}

bool
cu_is_fixture_of(const char *name, const char *prefix)
{
	return strncmp(name, prefix, strlen(prefix)) == 0;
}
