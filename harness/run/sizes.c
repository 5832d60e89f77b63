/*
 * sizes.c - the sizes of a run's messages (see sizes.h): each message
 * built through the add path and flattened by each backend as its cells
 * do (a named message through bench_real_send, nested messages in the
 * backend's own bytes), then compressed with zstd.
 */
#include "sizes.h"

#include "message_content.h"
#include "real_messages.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

/* Whether size row `row` is the message of `test`. */
static bool
same_message(const struct bench_size_row *row, const struct bench_test *test)
{
	const struct bench_workload *a = &row->workload, *b = &test->workload;
	if (a->kind != b->kind)
		return false;
	if (a->kind == BENCH_WORKLOAD_MESSAGE)
		return strcmp(a->message, b->message) == 0;
	return row->layout == bench_operation(test->op)->layout &&
	       a->type == b->type && a->items == b->items;
}

/* The bytes of one message built and flattened by `backend`, into *flat
 * (grown as needed; free it); false with a reason. */
static bool
flatten_matrix(const struct bm_ops *backend,
               const struct bench_content *content,
               struct bench_real_buffer *flat, size_t *size, char *why,
               size_t why_size)
{
	bm_message *msg = NULL;
	int rc = bm_create(backend, BENCH_WHAT, &msg);
	if (rc == BM_OK)
		rc = bench_content_build(content, msg);
	if (rc == BM_OK)
		rc = bm_flattened_size(msg, size);
	if (rc == BM_OK && *size > flat->capacity) {
		unsigned char *bytes = realloc(flat->bytes, *size);
		if (bytes == NULL) {
			bm_destroy(msg);
			snprintf(why, why_size, "harness out of memory");
			return false;
		}
		flat->bytes = bytes;
		flat->capacity = *size;
	}
	if (rc == BM_OK)
		rc = bm_flatten(msg, flat->bytes, flat->capacity);
	bm_destroy(msg);
	if (rc != BM_OK)
		snprintf(why, why_size, "building and flattening the message: "
		         "%s", bm_strerror(rc));
	return rc == BM_OK;
}

/* The size of bytes[0..size) compressed by zstd at BENCH_ZSTD_LEVEL; false
 * with a reason. */
static bool
compressed_size(const unsigned char *bytes, size_t size, size_t *out,
                char *why, size_t why_size)
{
	size_t bound = ZSTD_compressBound(size);
	void *room = malloc(bound);
	if (room == NULL) {
		snprintf(why, why_size, "harness out of memory");
		return false;
	}
	size_t got = ZSTD_compress(room, bound, bytes, size, BENCH_ZSTD_LEVEL);
	free(room);
	if (ZSTD_isError(got)) {
		snprintf(why, why_size, "zstd: %s", ZSTD_getErrorName(got));
		return false;
	}
	*out = got;
	return true;
}

/* The message of `test`, to flatten: a matrix test's content, or a named
 * message's tree (*real; free it). False with a reason. */
static bool
message_of(const struct bench_test *test, struct bench_size_row *row,
           struct bench_content *content, struct bench_real_message **real,
           char *why, size_t why_size)
{
	row->layout = bench_operation(test->op)->layout;
	row->workload = test->workload;
	*real = NULL;
	if (test->workload.kind == BENCH_WORKLOAD_MATRIX) {
		*content = bench_test_content(test);
		row->hmf1_bytes = bench_hmf1_size(content);
		return true;
	}
	*real = bench_real_build(test->workload.real->index, why, why_size);
	if (*real == NULL)
		return false;
	row->hmf1_bytes = bench_real_hmf1_size(*real);
	return true;
}

/* Fills the cell of one backend on one message. */
static void
measure_cell(const struct bm_ops *backend, const struct bench_content *content,
             const struct bench_real_message *real,
             struct bench_real_buffer *scratch, struct bench_real_buffer *flat,
             struct bench_size_cell *cell)
{
	size_t size = 0;
	bool ok;
	if (real != NULL) {
		uint64_t sum = bench_real_send(backend, real, scratch, flat, true,
		                               &size);
		ok = sum == size;
		if (!ok)
			snprintf(cell->error, sizeof cell->error,
			         "building and flattening the message: %s",
			         bm_strerror((int)(uint32_t)(sum - size)));
	} else {
		ok = flatten_matrix(backend, content, flat, &size, cell->error,
		                    sizeof cell->error);
	}
	cell->flat_bytes = size;
	ok = ok && compressed_size(flat->bytes, size, &cell->zstd_bytes,
	                           cell->error, sizeof cell->error);
	cell->failed = !ok;
}

bool
bench_measure_sizes(const struct bench_test *tests, size_t count,
                    struct bench_results *results)
{
	snprintf(results->zstd_version, sizeof results->zstd_version, "%s",
	         ZSTD_versionString());
	results->size_rows = calloc(count + 1, sizeof *results->size_rows);
	if (results->size_rows == NULL)
		return false;
	struct bench_real_buffer scratch = {0}, flat = {0};
	bool ok = true;
	for (size_t t = 0; t < count && ok; t++) {
		bool known = false;
		for (size_t m = 0; m < results->size_row_count && !known; m++)
			known = same_message(&results->size_rows[m], &tests[t]);
		if (known)
			continue;
		struct bench_size_row *row =
			&results->size_rows[results->size_row_count];
		row->cells = calloc(results->backend_count + 1,
		                    sizeof *row->cells);
		if (row->cells == NULL) {
			ok = false;
			break;
		}
		results->size_row_count++;
		struct bench_content content;
		struct bench_real_message *real;
		char why[BENCH_REASON_MAX];
		bool built = message_of(&tests[t], row, &content, &real, why,
		                        sizeof why);
		for (size_t b = 0; b < results->backend_count; b++) {
			struct bench_size_cell *cell = &row->cells[b];
			if (!built) {
				cell->failed = true;
				snprintf(cell->error, sizeof cell->error, "%s",
				         why);
				continue;
			}
			measure_cell(results->backends[b], &content, real,
			             &scratch, &flat, cell);
		}
		bench_real_free(real);
	}
	free(scratch.bytes);
	free(flat.bytes);
	return ok;
}
