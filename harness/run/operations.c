/*
 * operations.c - one operation of each test, its setup and its checks
 * (see operations.h). Everything here goes through the bm_* wrappers; the
 * harness's own memory comes from malloc, never from bm_malloc, so that
 * allocation counts are the backend's alone.
 */
#include "operations.h"

#include "message_content.h"
#include "rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- Shared data of a test ---------------------------------------------------- */

/* Copies `count` strings made by `make` into one block, and points
 * pointers[i] at string i. */
static bool
make_strings(size_t count, void (*make)(size_t, char *), char **storage,
             const char ***pointers)
{
	char text[BENCH_TEXT_MAX];
	size_t total = 0;
	for (size_t i = 0; i < count; i++) {
		make(i, text);
		total += strlen(text) + 1;
	}
	*storage = malloc(total);
	*pointers = malloc(count * sizeof **pointers);
	if (*storage == NULL || *pointers == NULL)
		return false;
	char *cursor = *storage;
	for (size_t i = 0; i < count; i++) {
		make(i, text);
		size_t length = strlen(text) + 1;
		memcpy(cursor, text, length);
		(*pointers)[i] = cursor;
		cursor += length;
	}
	return true;
}

static void
make_lookup_name(size_t index, char *out)
{
	bench_field_name(BENCH_LAYOUT_LOOKUP_FIELDS, index, out);
}

static void
make_string_value(size_t index, char *out)
{
	bench_string_value(index, out);
}

#define FLOOR_ALIGNMENT 4096

unsigned char *
bench_floor_buffer(size_t bytes)
{
	/* C11 aligned_alloc wants a multiple of the alignment. */
	size_t rounded = (bytes + FLOOR_ALIGNMENT - 1) / FLOOR_ALIGNMENT *
	                 FLOOR_ALIGNMENT;
	return aligned_alloc(FLOOR_ALIGNMENT, rounded);
}

bool
bench_test_data_init(struct bench_test_data *work, const struct bench_test *test,
                     uint64_t seed)
{
	*work = (struct bench_test_data){
		.test = test,
		.operation = bench_operation(test->op),
		.content = bench_test_content(test),
	};
	const struct bench_operation *operation = work->operation;
	size_t n = test->workload.items;
	work->field_name = malloc(sizeof "data");
	if (work->field_name == NULL)
		return false;
	memcpy(work->field_name, "data", sizeof "data");
	if (test->workload.kind == BENCH_WORKLOAD_MESSAGE) {
		char why[160];
		if (test->workload.real == NULL)
			return false;
		work->real = bench_real_build(test->workload.real->index, why,
		                              sizeof why);
		if (work->real == NULL)
			return false;
	}
	if (operation->layout == BENCH_LAYOUT_LOOKUP_FIELDS) {
		if (!make_strings(n, make_lookup_name, &work->name_storage,
		                  &work->lookup_names))
			return false;
		/* The order depends on the seed and N only, so every backend
		 * of the test looks the names up in the same order. */
		size_t *order = malloc(n * sizeof *order);
		const char **shuffled = malloc(n * sizeof *shuffled);
		if (order == NULL || shuffled == NULL) {
			free(order);
			free(shuffled);
			return false;
		}
		uint64_t state = seed ^ (0x6c6f6f6b75700000u + n);
		for (size_t i = 0; i < n; i++)
			order[i] = i;
		bench_rng_shuffle(&state, order, n);
		for (size_t i = 0; i < n; i++)
			shuffled[i] = work->lookup_names[order[i]];
		free(order);
		free(work->lookup_names);
		work->lookup_names = shuffled;
	}
	if (test->workload.type == BENCH_TYPE_STRING &&
	    !make_strings(n, make_string_value, &work->string_storage,
	                  &work->strings))
		return false;
	if (operation->floor != BENCH_FLOOR_NONE) {
		if (work->real != NULL)
			work->floor_bytes = bench_real_hmf1_size(work->real);
		else
			work->floor_bytes = operation->floor == BENCH_FLOOR_ITEM_BYTES
			                            ? bench_item_bytes(&work->content)
			                            : bench_hmf1_size(&work->content);
		work->floor_source = bench_floor_buffer(work->floor_bytes);
		if (work->floor_source == NULL)
			return false;
		/* Any bytes do; these vary so that the copy is not of zeros. */
		for (size_t i = 0; i < work->floor_bytes; i++)
			work->floor_source[i] = (unsigned char)(i * 131 + 7);
	}
	return true;
}

void
bench_test_data_free(struct bench_test_data *work)
{
	free(work->lookup_names);
	free(work->name_storage);
	free((void *)work->strings);
	free(work->string_storage);
	free(work->floor_source);
	free(work->field_name);
	bench_real_free(work->real);
	*work = (struct bench_test_data){0};
}

/* --- Setting up a cell ----------------------------------------------------------- */

/* The checksum of one Read operation: what the timed loop folds. */
static uint64_t
read_checksum(const struct bench_test *test)
{
	uint64_t sum = 0;
	char text[BENCH_TEXT_MAX];
	for (size_t i = 0; i < test->workload.items; i++) {
		if (test->workload.type == BENCH_TYPE_INT32) {
			sum += (uint32_t)(int32_t)i;
		} else {
			size_t length = bench_string_value(i, text);
			sum += length + (unsigned char)text[length - 1];
		}
	}
	return sum;
}

static bool
build_message(const struct bench_cell *cell, bm_message **out, char *why,
              size_t why_size)
{
	int rc = bm_create(cell->backend, BENCH_WHAT, out);
	if (rc != BM_OK) {
		snprintf(why, why_size, "create: %s", bm_strerror(rc));
		return false;
	}
	rc = bench_content_build(&cell->work->content, *out);
	if (rc != BM_OK) {
		snprintf(why, why_size, "building the message: %s",
		         bm_strerror(rc));
		return false;
	}
	return true;
}

/* The room bench_cell_place moves a cell's flat buffer in. */
#define PLACE_SPAN 4096
#define PLACE_STEP 16

/* Flattens `msg` into the cell's flat buffer, at the start of a room of its
 * flattened size plus PLACE_SPAN bytes. */
static bool
flatten_to_buffer(struct bench_cell *cell, bm_message *msg, char *why,
                  size_t why_size)
{
	size_t *size = &cell->flat_size;
	int rc = bm_flattened_size(msg, size);
	if (rc != BM_OK) {
		snprintf(why, why_size, "flattened size: %s", bm_strerror(rc));
		return false;
	}
	cell->flat_room = malloc(*size + PLACE_SPAN);
	if (cell->flat_room == NULL) {
		snprintf(why, why_size, "harness out of memory");
		return false;
	}
	cell->flat = cell->flat_room;
	rc = bm_flatten(msg, cell->flat, *size);
	if (rc != BM_OK) {
		snprintf(why, why_size, "flatten: %s", bm_strerror(rc));
		return false;
	}
	return true;
}

/*
 * Checks a cell's flattened bytes: they must hold exactly the test's
 * content. The shared decoder reads them; bytes only the backend reads
 * (bm_backend_reads_back: a design's own dialect, which the decoder
 * refuses by design, as the 2005 Message3 counts the NUL in name lengths;
 * a library's format, which it does not know) are read back by the
 * backend itself instead.
 */
static bool
check_flat_bytes(const struct bench_cell *cell, const unsigned char *bytes,
                 size_t size, char *why, size_t why_size)
{
	const struct bench_content *content = &cell->work->content;
	const struct bm_ops *backend = cell->backend;
	if (!bm_backend_reads_back(backend))
		return bench_content_check_flat(content, backend->native_format,
		                                bytes, size, why, why_size);
	if (bm_format_has_magic(backend->native_format) &&
	    bm_detect_format(bytes, size) != backend->native_format) {
		snprintf(why, why_size, "not in the native format %s",
		         bm_format_name(backend->native_format));
		return false;
	}
	bm_message *back = NULL;
	int rc = bm_create(backend, BENCH_WHAT + 1, &back);
	if (rc == BM_OK)
		rc = bm_unflatten(back, bytes, size);
	bool ok = rc == BM_OK;
	if (!ok)
		snprintf(why, why_size, "read back by %s: %s", backend->name,
		         bm_strerror(rc));
	else if (back->what != BENCH_WHAT) {
		snprintf(why, why_size, "read back by %s: what 0x%08x",
		         backend->name, (unsigned)back->what);
		ok = false;
	} else {
		char reason[160];
		ok = bench_content_check_message(content, back, reason,
		                                 sizeof reason);
		if (!ok)
			snprintf(why, why_size, "read back by %s: %s",
			         backend->name, reason);
	}
	bm_destroy(back);
	return ok;
}

/* The backend whose bytes only it can read, or NULL. */
static const struct bm_ops *
dialect_of(const struct bm_ops *backend)
{
	return bm_backend_reads_back(backend) ? backend : NULL;
}

/* Checks flattened bytes of a named message: they hold its content, every
 * message of them (nested ones too) in the backend's native format. */
static bool
check_real_flat(const struct bench_cell *cell, const unsigned char *bytes,
                size_t size, char *why, size_t why_size)
{
	struct bench_real_message *got = NULL;
	int rc = bench_real_read_flat(bytes, size, dialect_of(cell->backend),
	                              &got);
	if (rc != BM_OK) {
		snprintf(why, why_size, "%s: %s (%s)",
		         dialect_of(cell->backend) != NULL ? "read back"
		                                           : "shared decoder",
		         bm_strerror(rc), bm_status_name(rc));
		return false;
	}
	bool ok = bench_real_equal(cell->work->real, got,
	                           cell->backend->native_format, why, why_size);
	bench_real_free(got);
	return ok;
}

/*
 * The real rows' input: one untimed Send of the content sizes the buffers
 * (the flattened message, and the scratch its nested messages are
 * flattened into) and gives the backend's own bytes, which must hold the
 * content before anything is timed.
 */
static bool
prepare_real(struct bench_cell *cell, char *why, size_t why_size)
{
	struct bench_real_buffer flat = {0};
	size_t size = 0;
	uint64_t sum = bench_real_send(cell->backend, cell->work->real,
	                               &cell->real_scratch, &flat, true, &size);
	if (sum != size) {
		snprintf(why, why_size, "building and flattening the message: "
		         "%s", bm_strerror((int)(uint32_t)(sum - size)));
		free(flat.bytes);
		return false;
	}
	cell->flat_size = size;
	cell->flat_room = malloc(size + PLACE_SPAN);
	if (cell->flat_room == NULL) {
		free(flat.bytes);
		snprintf(why, why_size, "harness out of memory");
		return false;
	}
	cell->flat = cell->flat_room;
	memcpy(cell->flat, flat.bytes, size);
	free(flat.bytes);
	char reason[200];
	if (!check_real_flat(cell, cell->flat, size, reason, sizeof reason)) {
		snprintf(why, why_size, "its own flattened bytes: %s", reason);
		return false;
	}
	return true;
}

/* Prepares what the operation's timed function works on (matrix.h, the
 * input field): the preparation of every backend's cell. */
static bool
prepare_input(struct bench_cell *cell, char *why, size_t why_size)
{
	const struct bench_operation *operation = cell->work->operation;
	cell->fresh_messages = operation->fresh_messages;
	switch (operation->input) {
	case BENCH_INPUT_NONE:
		return true;
	case BENCH_INPUT_BUILT:
		return build_message(cell, &cell->built, why, why_size);
	case BENCH_INPUT_BUILT_AND_BUFFER:
		/* One untimed flatten to learn the size; the bytes are checked
		 * after the cell's first timed batch. */
		return build_message(cell, &cell->built, why, why_size) &&
		       flatten_to_buffer(cell, cell->built, why, why_size);
	case BENCH_INPUT_OWN_BYTES: {
		bm_message *source = NULL;
		bool ok = build_message(cell, &source, why, why_size) &&
		          flatten_to_buffer(cell, source, why, why_size);
		bm_destroy(source);
		if (!ok)
			return false;
		/* Timing the reading of bytes that are not a valid message of
		 * the test would prove nothing. */
		char reason[200];
		if (!check_flat_bytes(cell, cell->flat, cell->flat_size, reason,
		                      sizeof reason)) {
			snprintf(why, why_size, "its own flattened bytes: %s",
			         reason);
			return false;
		}
		return true;
	}
	case BENCH_INPUT_REAL_CONTENT:
	case BENCH_INPUT_REAL_BYTES:
		return prepare_real(cell, why, why_size);
	}
	snprintf(why, why_size, "internal error: unknown input");
	return false;
}

/* The Floor's cell: a target page-aligned as its source
 * (harness/README.md §1.4). The bytes it copies are what its results
 * report; it has no flat room, so bench_cell_place leaves it where it
 * is. */
static bool
prepare_floor(struct bench_cell *cell, char *why, size_t why_size)
{
	const struct bench_test_data *work = cell->work;
	cell->floor_target = bench_floor_buffer(work->floor_bytes);
	if (cell->floor_target == NULL) {
		snprintf(why, why_size, "harness out of memory");
		return false;
	}
	cell->flat = cell->floor_target;
	cell->flat_size = work->floor_bytes;
	return true;
}

/* What a kind of cell does: prepare (what it needs before timing), expect
 * (the checksum one cycle must produce, once prepared), run (the timed
 * work) and check (the full check of a batch just run). */
struct bench_cell_code {
	bool (*prepare)(struct bench_cell *cell, char *why, size_t why_size);
	uint64_t (*expect)(const struct bench_cell *cell);
	uint64_t (*run)(struct bench_cell *cell, size_t ops);
	bool (*check)(struct bench_cell *cell, char *why, size_t why_size);
};

/* The code of the cell's kind of column (the tables are at the end). */
static const struct bench_cell_code *cell_code(
        const struct bench_column *column, enum bench_op op);

bool
bench_cell_applies(const struct bench_column *column,
                   const struct bench_test_data *work, char *why,
                   size_t why_size)
{
	switch (column->kind) {
	case BENCH_COLUMN_BACKEND:
		return bench_operation_applies_to(work->operation,
		                                  column->backend, why, why_size);
	case BENCH_COLUMN_FLOOR:
		if (work->operation->floor != BENCH_FLOOR_NONE)
			return true;
		snprintf(why, why_size, "the operation has no Floor");
		return false;
	}
	snprintf(why, why_size, "internal error: unknown kind of column");
	return false;
}

bool
bench_cell_init(struct bench_cell *cell, const struct bench_test_data *work,
                const struct bench_column *column, char *why, size_t why_size)
{
	const struct bench_test *test = work->test;
	*cell = (struct bench_cell){
		.work = work,
		.backend = column->backend,
		.cycle_ops = work->operation->cycle_is_items ? test->workload.items
		                                             : 1,
		.code = cell_code(column, test->op),
	};
	if (!cell->code->prepare(cell, why, why_size))
		return false;
	cell->cycle_checksum = cell->code->expect(cell);
	return true;
}

void
bench_cell_free(struct bench_cell *cell)
{
	bench_cell_release(cell);
	free(cell->batch);
	bm_destroy(cell->built);
	free(cell->flat_room);
	free(cell->floor_target);
	free(cell->real_scratch.bytes);
	*cell = (struct bench_cell){0};
}

/* Sample `sample`'s offset in a room of PLACE_SPAN bytes, stepping `odd`
 * places of PLACE_STEP bytes a sample: odd, so the offsets of 256 samples
 * in a row are all different. */
static size_t
place_offset(unsigned sample, unsigned odd)
{
	return (size_t)sample * odd % (PLACE_SPAN / PLACE_STEP) * PLACE_STEP;
}

void
bench_cell_place(struct bench_cell *cell, unsigned sample)
{
	if (cell->flat_room == NULL)
		return;
	unsigned char *place = cell->flat_room + place_offset(sample, 149u);
	if (place != cell->flat) {
		memmove(place, cell->flat, cell->flat_size);
		cell->flat = place;
	}
}

size_t
bench_stack_depth(unsigned sample)
{
	/* Another step than the flat buffer's 149: the two places change
	 * together on no simple rule. */
	return place_offset(sample, 87u);
}

/* --- Batches ------------------------------------------------------------------------ */

bool
bench_cell_uses_fresh_messages(const struct bench_cell *cell)
{
	return cell->fresh_messages;
}

bool
bench_cell_prepare(struct bench_cell *cell, size_t ops, char *why,
                   size_t why_size)
{
	bench_cell_release(cell);
	if (!bench_cell_uses_fresh_messages(cell))
		return true;
	if (ops > cell->batch_capacity) {
		bm_message **grown = realloc(cell->batch, ops * sizeof *grown);
		if (grown == NULL) {
			snprintf(why, why_size, "harness out of memory");
			return false;
		}
		cell->batch = grown;
		cell->batch_capacity = ops;
	}
	for (size_t i = 0; i < ops; i++) {
		int rc = bm_create(cell->backend, BENCH_WHAT, &cell->batch[i]);
		if (rc != BM_OK) {
			snprintf(why, why_size, "create: %s", bm_strerror(rc));
			return false;
		}
		cell->batch_count++;
	}
	return true;
}

void
bench_cell_release(struct bench_cell *cell)
{
	for (size_t i = 0; i < cell->batch_count; i++)
		bm_destroy(cell->batch[i]);
	cell->batch_count = 0;
}

uint64_t
bench_cell_expected_checksum(const struct bench_cell *cell, size_t ops)
{
	return (uint64_t)(ops / cell->cycle_ops) * cell->cycle_checksum;
}

/* --- The timed work ------------------------------------------------------------------- */

/* Called through a volatile pointer so that the compiler can neither drop
 * nor merge the Floor's copies. */
static void *(*volatile floor_copy)(void *, const void *, size_t) = memcpy;

static uint64_t
run_floor(struct bench_cell *cell, size_t ops)
{
	const unsigned char *source = cell->work->floor_source;
	unsigned char *target = cell->floor_target;
	size_t bytes = cell->work->floor_bytes;
	uint64_t sum = 0;
	for (size_t k = 0; k < ops; k++) {
		floor_copy(target, source, bytes);
		sum += target[bytes - 1];
	}
	return sum;
}

static uint64_t
run_create(struct bench_cell *cell, size_t ops)
{
	const struct bench_test_data *work = cell->work;
	size_t n = work->test->workload.items;
	const char *name = work->field_name;
	uint64_t sum = 0;
	if (work->test->workload.type == BENCH_TYPE_INT32) {
		for (size_t k = 0; k < ops; k++) {
			bm_message *msg = cell->batch[k];
			for (size_t i = 0; i < n; i++)
				sum += (uint32_t)bm_add_int32(msg, name,
				                              (int32_t)i);
		}
	} else {
		const char *const *strings = work->strings;
		for (size_t k = 0; k < ops; k++) {
			bm_message *msg = cell->batch[k];
			for (size_t i = 0; i < n; i++)
				sum += (uint32_t)bm_add_string(msg, name,
				                               strings[i]);
		}
	}
	return sum;
}

static uint64_t
run_lookup(struct bench_cell *cell, size_t ops)
{
	const bm_message *msg = cell->built;
	const char *const *names = cell->work->lookup_names;
	size_t n = cell->work->test->workload.items;
	uint64_t sum = 0;
	for (size_t cycle = 0; cycle < ops / n; cycle++) {
		for (size_t i = 0; i < n; i++) {
			int32_t value = 0;
			int rc = bm_find_int32(msg, names[i], 0, &value);
			sum += (uint32_t)rc + (uint32_t)value;
		}
	}
	return sum;
}

static uint64_t
run_read(struct bench_cell *cell, size_t ops)
{
	const bm_message *msg = cell->built;
	const char *name = cell->work->field_name;
	size_t n = cell->work->test->workload.items;
	uint64_t sum = 0;
	if (cell->work->test->workload.type == BENCH_TYPE_INT32) {
		for (size_t k = 0; k < ops; k++) {
			for (size_t i = 0; i < n; i++) {
				int32_t value = 0;
				int rc = bm_find_int32(msg, name, (int32_t)i,
				                       &value);
				sum += (uint32_t)rc + (uint32_t)value;
			}
		}
	} else {
		for (size_t k = 0; k < ops; k++) {
			for (size_t i = 0; i < n; i++) {
				const char *text = NULL;
				size_t length = 0;
				int rc = bm_find_string(msg, name, (int32_t)i,
				                        &text, &length);
				sum += (uint32_t)rc;
				if (rc == BM_OK)
					sum += length +
					       (unsigned char)text[length > 0
					                               ? length - 1
					                               : 0];
			}
		}
	}
	return sum;
}

static uint64_t
run_flatten(struct bench_cell *cell, size_t ops)
{
	bm_message *msg = cell->built;
	unsigned char *buffer = cell->flat;
	size_t capacity = cell->flat_size;
	size_t size = 0;
	uint64_t sum = 0;
	for (size_t k = 0; k < ops; k++) {
		int rc = bm_flattened_size(msg, &size);
		if (rc == BM_OK)
			rc = bm_flatten(msg, buffer, capacity);
		sum += (uint32_t)rc + size;
	}
	cell->flat_reported = size;
	return sum;
}

static uint64_t
run_unflatten(struct bench_cell *cell, size_t ops)
{
	const unsigned char *bytes = cell->flat;
	size_t size = cell->flat_size;
	uint64_t sum = 0;
	for (size_t k = 0; k < ops; k++)
		sum += (uint32_t)bm_unflatten(cell->batch[k], bytes, size);
	return sum;
}

/* The shared full check of harness/README.md §2.2, then the design's
 * Unflatten, as one operation: what checking an untrusted message before
 * reading it costs. */
static uint64_t
run_unflatten_validated(struct bench_cell *cell, size_t ops)
{
	static const struct bm_decode_sink check_only = {0};
	const unsigned char *bytes = cell->flat;
	size_t size = cell->flat_size;
	uint64_t sum = 0;
	for (size_t k = 0; k < ops; k++) {
		int rc = bm_decode(bytes, size, &check_only);
		if (rc == BM_OK)
			rc = bm_unflatten(cell->batch[k], bytes, size);
		sum += (uint32_t)rc;
	}
	return sum;
}

/* Send, Save: the whole life of a message a program builds and flattens. */
static uint64_t
run_real_send(struct bench_cell *cell, size_t ops)
{
	const struct bench_real_message *content = cell->work->real;
	struct bench_real_buffer flat = {cell->flat, cell->flat_size};
	size_t size = 0;
	uint64_t sum = 0;
	for (size_t k = 0; k < ops; k++)
		sum += bench_real_send(cell->backend, content,
		                       &cell->real_scratch, &flat, false, &size);
	cell->flat_reported = size;
	return sum;
}

static uint64_t
run_real_receive(struct bench_cell *cell, size_t ops)
{
	const struct bench_real_message *content = cell->work->real;
	uint64_t sum = 0;
	for (size_t k = 0; k < ops; k++)
		sum += bench_real_receive(cell->backend, content, cell->flat,
		                          cell->flat_size);
	return sum;
}

static uint64_t
run_real_load(struct bench_cell *cell, size_t ops)
{
	uint64_t sum = 0;
	for (size_t k = 0; k < ops; k++)
		sum += bench_real_load(cell->backend, cell->flat,
		                       cell->flat_size);
	return sum;
}

/* --- What one cycle must produce --------------------------------------------------- */

/* The Floor's copy of one cycle: its last byte. */
static uint64_t
expect_floor(const struct bench_cell *cell)
{
	return cell->work->floor_source[cell->work->floor_bytes - 1];
}

/* Every add, or every unflatten, returns BM_OK. */
static uint64_t
expect_zero(const struct bench_cell *cell)
{
	(void)cell;
	return 0;
}

/* One cycle finds every field once: 0 + 1 + ... + N-1. */
static uint64_t
expect_lookups(const struct bench_cell *cell)
{
	size_t n = cell->work->test->workload.items;
	return (uint64_t)n * (n - 1) / 2;
}

static uint64_t
expect_reads(const struct bench_cell *cell)
{
	return read_checksum(cell->work->test);
}

static uint64_t
expect_flat_size(const struct bench_cell *cell)
{
	return cell->flat_size;
}

static uint64_t
expect_real_send(const struct bench_cell *cell)
{
	return cell->flat_size;
}

/* Receive, Load: what the reads fold, from the backend's bytes as the
 * shared decoder (or, for a dialect, the backend) reads them. 0 when they
 * cannot be read, which bench_cell_init has already refused. */
static uint64_t
expect_real_read(const struct bench_cell *cell)
{
	struct bench_real_message *read = NULL;
	if (bench_real_read_flat(cell->flat, cell->flat_size,
	                         dialect_of(cell->backend), &read) != BM_OK)
		return 0;
	uint64_t sum = bench_real_read_checksum(
	        read, cell->work->test->op == BENCH_OP_LOAD);
	bench_real_free(read);
	return sum;
}

/* --- Checks of a batch ------------------------------------------------------------------ */

static bool
validate_lookups(const struct bench_cell *cell, char *why, size_t why_size)
{
	size_t n = cell->work->test->workload.items;
	for (size_t i = 0; i < n; i++) {
		const char *name = cell->work->lookup_names[i];
		int32_t value = -1;
		int rc = bm_find_int32(cell->built, name, 0, &value);
		long expected = strtol(name, NULL, 10);
		if (rc != BM_OK) {
			snprintf(why, why_size, "lookup of \"%s\": %s", name,
			         bm_strerror(rc));
			return false;
		}
		if (value != expected) {
			snprintf(why, why_size, "lookup of \"%s\" gave %d, "
			         "expected %ld", name, (int)value, expected);
			return false;
		}
	}
	return true;
}

static bool
validate_reads(const struct bench_cell *cell, char *why, size_t why_size)
{
	const struct bench_test *test = cell->work->test;
	char expected[BENCH_TEXT_MAX];
	for (size_t i = 0; i < test->workload.items; i++) {
		int rc;
		if (test->workload.type == BENCH_TYPE_INT32) {
			int32_t value = -1;
			rc = bm_find_int32(cell->built, "data", (int32_t)i, &value);
			if (rc == BM_OK && value != (int32_t)i) {
				snprintf(why, why_size, "read of item %zu gave %d",
				         i, (int)value);
				return false;
			}
		} else {
			const char *text = NULL;
			size_t length = 0;
			rc = bm_find_string(cell->built, "data", (int32_t)i, &text,
			                    &length);
			size_t expected_length = bench_string_value(i, expected);
			if (rc == BM_OK &&
			    (length != expected_length ||
			     memcmp(text, expected, length + 1) != 0)) {
				snprintf(why, why_size, "read of item %zu gave %zu "
				         "bytes, expected \"%s\"", i, length,
				         expected);
				return false;
			}
		}
		if (rc != BM_OK) {
			snprintf(why, why_size, "read of item %zu: %s", i,
			         bm_strerror(rc));
			return false;
		}
	}
	return true;
}

static bool
validate_batch_messages(const struct bench_cell *cell, const char *what,
                        char *why, size_t why_size)
{
	char reason[200];
	for (size_t k = 0; k < cell->batch_count; k++) {
		if (!bench_content_check_message(&cell->work->content,
		                                 cell->batch[k], reason,
		                                 sizeof reason)) {
			snprintf(why, why_size, "%s message %zu of the batch: %s",
			         what, k, reason);
			return false;
		}
	}
	return true;
}

/* The Floor copied its bytes. */
static bool
check_floor(struct bench_cell *cell, char *why, size_t why_size)
{
	if (memcmp(cell->floor_target, cell->work->floor_source,
	           cell->work->floor_bytes) == 0)
		return true;
	snprintf(why, why_size, "the Floor's copy differs");
	return false;
}

/* The fresh messages of the batch: made by adds, or unflattened. */
static bool
check_batch(struct bench_cell *cell, char *why, size_t why_size)
{
	bool unflattened = cell->work->operation->input ==
	                   BENCH_INPUT_OWN_BYTES;
	return validate_batch_messages(cell,
	                               unflattened ? "unflattened" : "created",
	                               why, why_size);
}

static bool
check_lookups(struct bench_cell *cell, char *why, size_t why_size)
{
	return validate_lookups(cell, why, why_size);
}

static bool
check_reads(struct bench_cell *cell, char *why, size_t why_size)
{
	return validate_reads(cell, why, why_size);
}

static bool
check_flattened(struct bench_cell *cell, char *why, size_t why_size)
{
	char reason[200];
	if (cell->flat_reported != cell->flat_size) {
		snprintf(why, why_size, "flattened size changed from %zu to %zu",
		         cell->flat_size, cell->flat_reported);
		return false;
	}
	if (!check_flat_bytes(cell, cell->flat, cell->flat_size, reason,
	                      sizeof reason)) {
		snprintf(why, why_size, "flattened bytes: %s", reason);
		return false;
	}
	return true;
}

/* Send, Save: the last message flattened holds the content. */
static bool
check_real_send(struct bench_cell *cell, char *why, size_t why_size)
{
	char reason[200];
	if (cell->flat_reported != cell->flat_size) {
		snprintf(why, why_size, "flattened size changed from %zu to %zu",
		         cell->flat_size, cell->flat_reported);
		return false;
	}
	if (!check_real_flat(cell, cell->flat, cell->flat_size, reason,
	                     sizeof reason)) {
		snprintf(why, why_size, "flattened bytes: %s", reason);
		return false;
	}
	return true;
}

/* Receive, Load: the timed reads destroy what they read, so the check
 * reads the bytes once more the same way (by name, or by iteration),
 * untimed, and compares everything read with the content. */
static bool
check_real_read(struct bench_cell *cell, char *why, size_t why_size)
{
	const struct bench_real_message *content = cell->work->real;
	bool by_name = cell->work->test->op == BENCH_OP_RECEIVE;
	bm_message *msg = NULL;
	struct bench_real_message *read = NULL;
	int rc = bm_create(cell->backend, 0, &msg);
	if (rc == BM_OK)
		rc = bm_unflatten(msg, cell->flat, cell->flat_size);
	if (rc == BM_OK)
		rc = bench_real_read_message(msg, by_name ? content : NULL,
		                             &read);
	bm_destroy(msg);
	if (rc != BM_OK) {
		snprintf(why, why_size, "reading the message: %s",
		         bm_strerror(rc));
		return false;
	}
	char reason[200];
	bool ok = bench_real_equal(content, read, BM_FORMAT_UNKNOWN, reason,
	                           sizeof reason);
	if (!ok)
		snprintf(why, why_size, "read %s: %s",
		         by_name ? "by name" : "by iteration", reason);
	bench_real_free(read);
	return ok;
}

/* --- The code of each kind of column ----------------------------------------- */

/* A backend's cell: its operation's row of BENCH_OPERATION_LIST. */
static const struct bench_cell_code operation_codes[BENCH_OP_COUNT] = {
#define OPERATION_CODE(id, facts, code)                                    \
	[BENCH_OP_##id] = {.prepare = prepare_input, BENCH_FIELDS code},
	BENCH_OPERATION_LIST(OPERATION_CODE)
#undef OPERATION_CODE
};

/* The Floor's cell: one memcpy of the operation's bytes
 * (harness/README.md §1.4). */
static const struct bench_cell_code floor_code = {
	.prepare = prepare_floor,
	.expect = expect_floor,
	.run = run_floor,
	.check = check_floor,
};

/* A library's backend on the rows of the shared full check: its every
 * Unflatten runs its library's own validation (impl/README.md §12.1), and
 * the shared check cannot read its bytes, so the cell times that
 * Unflatten alone. */
static const struct bench_cell_code library_validated_code = {
	.prepare = prepare_input,
	.expect = expect_zero,
	.run = run_unflatten,
	.check = check_batch,
};

static const struct bench_cell_code *
cell_code(const struct bench_column *column, enum bench_op op)
{
	if (column->kind == BENCH_COLUMN_FLOOR)
		return &floor_code;
	const struct bench_operation *operation = bench_operation(op);
	if (operation != NULL && operation->decodes &&
	    !bm_format_has_magic(column->backend->native_format))
		return &library_validated_code;
	return &operation_codes[op];
}

uint64_t
bench_cell_run(struct bench_cell *cell, size_t ops)
{
	return cell->code->run(cell, ops);
}

bool
bench_cell_validate(struct bench_cell *cell, char *why, size_t why_size)
{
	char reason[200];
	if (cell->built != NULL &&
	    !bench_content_check_message(&cell->work->content, cell->built,
	                                 reason, sizeof reason)) {
		snprintf(why, why_size, "built message: %s", reason);
		return false;
	}
	return cell->code->check(cell, why, why_size);
}
