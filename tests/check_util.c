/*
 * check_util.c - see check_util.h.
 */
#include "check_util.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	       (writer->flags & BM_BACKEND_OWN_FLAT_DIALECT) == 0;
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
