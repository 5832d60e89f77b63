/*
 * layer_probe.c - what the call layer (the bm_* wrappers) costs Message4
 * per call, in instructions: each operation of the 2005 matrix runs twice,
 * once through the bm_* API and once as the same loop calling Message4's
 * slots directly, each in a region callgrind counts on its own.
 *
 *   tests/layer-probe            (runs this under callgrind, glibc pinned)
 *
 * Under callgrind (valgrind --tool=callgrind --collect-atstart=no), each
 * region is one dump named "api CASE" or "direct CASE"; stdout has one line
 * "CASE CALLS" per case: the bm_* calls its API loop makes. The layer per
 * call is (api - direct) / CALLS (harness/README.md §5.6). A probe, not a
 * test: its figures are read, never asserted.
 *
 * The direct loop passes what a slot takes: the name's length, measured
 * once outside the region (a design that measures the name itself does it
 * inside its slot, where both loops pay it). A string's length is
 * measured in both loops: AddString's caller gives a C string.
 */
#include "bmsg.h"
#include "message_content.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/callgrind.h>

#define ITEMS_PER_CASE 1000u
#define MAX_ITEMS 5000u

static const struct bm_ops *ops;
static char lookup_names[MAX_ITEMS][BENCH_TEXT_MAX];
static char strings[MAX_ITEMS][BENCH_TEXT_MAX];
/* The harness reads the name from its test data, not from a literal. */
static char field[BENCH_TEXT_MAX];
static volatile uint64_t sink;

static void
begin(void)
{
	CALLGRIND_ZERO_STATS;
	CALLGRIND_TOGGLE_COLLECT;
}

static void
end(const char *path, const char *name, size_t items, const char *type)
{
	char label[96];
	CALLGRIND_TOGGLE_COLLECT;
	snprintf(label, sizeof label, "%s t%s%zu%s", path, name, items, type);
	CALLGRIND_DUMP_STATS_AT(label);
}

static bm_message *
make(void)
{
	bm_message *msg = NULL;
	if (bm_create(ops, 0, &msg) != BM_OK) {
		fprintf(stderr, "layer_probe: Message4 cannot create a message\n");
		exit(1);
	}
	return msg;
}

static void
fill(bm_message *msg, size_t n, int string)
{
	for (size_t i = 0; i < n; i++) {
		int rc = string ? bm_add_string(msg, field, strings[i])
		                : bm_add_int32(msg, field, (int32_t)i);
		if (rc != BM_OK)
			exit(1);
	}
}

/* Create: n adds into each of `count` empty messages. */
static size_t
probe_create(size_t n, int string)
{
	size_t count = ITEMS_PER_CASE / n > 0 ? ITEMS_PER_CASE / n : 1;
	bm_message *api[ITEMS_PER_CASE], *direct[ITEMS_PER_CASE];
	for (size_t k = 0; k < count; k++) {
		api[k] = make();
		direct[k] = make();
	}
	uint64_t sum = 0;
	begin();
	for (size_t k = 0; k < count; k++)
		for (size_t i = 0; i < n; i++)
			sum += string ? (uint32_t)bm_add_string(api[k], field, strings[i])
			              : (uint32_t)bm_add_int32(api[k], field, (int32_t)i);
	end("api", "Create", n, string ? "String" : "Int32");
	size_t len = strlen(field);
	begin();
	for (size_t k = 0; k < count; k++)
		for (size_t i = 0; i < n; i++) {
			if (string) {
				const char *s = strings[i];
				sum += (uint32_t)ops->add_data(direct[k], field, len,
				                               BM_STRING_TYPE, s,
				                               strlen(s) + 1, false);
			} else {
				int32_t value = (int32_t)i;
				sum += (uint32_t)ops->add_data(direct[k], field, len,
				                               BM_INT32_TYPE, &value,
				                               sizeof value, true);
			}
		}
	end("direct", "Create", n, string ? "String" : "Int32");
	for (size_t k = 0; k < count; k++) {
		bm_destroy(api[k]);
		bm_destroy(direct[k]);
	}
	sink = sum;
	return count * n;
}

/* Lookup: one find of each of n fields of one item. */
static size_t
probe_lookup(size_t n)
{
	bm_message *msg = make();
	size_t lengths[MAX_ITEMS];
	for (size_t i = 0; i < n; i++) {
		if (bm_add_int32(msg, lookup_names[i], (int32_t)i) != BM_OK)
			exit(1);
		lengths[i] = strlen(lookup_names[i]);
	}
	uint64_t sum = 0;
	begin();
	for (size_t i = 0; i < n; i++) {
		int32_t value = 0;
		sum += (uint32_t)bm_find_int32(msg, lookup_names[i], 0, &value) +
		       (uint32_t)value;
	}
	end("api", "Lookup", n, "Int32");
	begin();
	for (size_t i = 0; i < n; i++) {
		const void *data = NULL;
		size_t size = 0;
		int rc = ops->find_data(msg, lookup_names[i], lengths[i],
		                        BM_INT32_TYPE, 0, &data, &size);
		int32_t value = 0;
		if (rc == BM_OK)
			memcpy(&value, data, sizeof value);
		sum += (uint32_t)rc + (uint32_t)value;
	}
	end("direct", "Lookup", n, "Int32");
	bm_destroy(msg);
	sink = sum;
	return n;
}

/* Read: every item of "data", by index, `count` times. */
static size_t
probe_read(size_t n, int string)
{
	size_t count = ITEMS_PER_CASE / n > 0 ? ITEMS_PER_CASE / n : 1;
	bm_message *msg = make();
	fill(msg, n, string);
	size_t len = strlen(field);
	uint64_t sum = 0;
	const char *type = string ? "String" : "Int32";
	begin();
	for (size_t k = 0; k < count; k++)
		for (size_t i = 0; i < n; i++) {
			if (string) {
				const char *text = NULL;
				size_t length = 0;
				sum += (uint32_t)bm_find_string(msg, field, (int32_t)i,
				                                &text, &length) +
				       length;
			} else {
				int32_t value = 0;
				sum += (uint32_t)bm_find_int32(msg, field, (int32_t)i,
				                               &value) +
				       (uint32_t)value;
			}
		}
	end("api", "Read", n, type);
	begin();
	for (size_t k = 0; k < count; k++)
		for (size_t i = 0; i < n; i++) {
			const void *data = NULL;
			size_t size = 0;
			int rc = ops->find_data(msg, field, len,
			                        string ? BM_STRING_TYPE
			                               : BM_INT32_TYPE,
			                        (int32_t)i, &data, &size);
			if (string) {
				sum += (uint32_t)rc + (rc == BM_OK ? size - 1 : 0);
			} else {
				int32_t value = 0;
				if (rc == BM_OK)
					memcpy(&value, data, sizeof value);
				sum += (uint32_t)rc + (uint32_t)value;
			}
		}
	end("direct", "Read", n, type);
	bm_destroy(msg);
	sink = sum;
	return count * n;
}

/* Flatten and Unflatten of one message of n items, `count` times each. */
static void
probe_flat(size_t n, int string, size_t *flatten_calls,
           size_t *unflatten_calls)
{
	size_t count = ITEMS_PER_CASE / n > 0 ? ITEMS_PER_CASE / n : 1;
	const char *type = string ? "String" : "Int32";
	bm_message *msg = make();
	fill(msg, n, string);
	size_t size = 0;
	if (bm_flattened_size(msg, &size) != BM_OK)
		exit(1);
	unsigned char *buffer = malloc(size);
	if (buffer == NULL || bm_flatten(msg, buffer, size) != BM_OK)
		exit(1);
	uint64_t sum = 0;
	begin();
	for (size_t k = 0; k < count; k++) {
		size_t got = 0;
		int rc = bm_flattened_size(msg, &got);
		if (rc == BM_OK)
			rc = bm_flatten(msg, buffer, size);
		sum += (uint32_t)rc + got;
	}
	end("api", "Flatten", n, type);
	begin();
	for (size_t k = 0; k < count; k++) {
		size_t got = 0;
		int rc = ops->flattened_size(msg, &got);
		if (rc == BM_OK)
			rc = ops->flatten(msg, buffer, size);
		sum += (uint32_t)rc + got;
	}
	end("direct", "Flatten", n, type);
	bm_message *api[ITEMS_PER_CASE], *direct[ITEMS_PER_CASE];
	for (size_t k = 0; k < count; k++) {
		api[k] = make();
		direct[k] = make();
	}
	begin();
	for (size_t k = 0; k < count; k++)
		sum += (uint32_t)bm_unflatten(api[k], buffer, size);
	end("api", "Unflatten", n, type);
	begin();
	for (size_t k = 0; k < count; k++)
		sum += (uint32_t)ops->unflatten(direct[k], buffer, size);
	end("direct", "Unflatten", n, type);
	for (size_t k = 0; k < count; k++) {
		bm_destroy(api[k]);
		bm_destroy(direct[k]);
	}
	bm_destroy(msg);
	free(buffer);
	sink = sum;
	*flatten_calls = 2 * count;
	*unflatten_calls = count;
}

int
main(void)
{
	ops = bm_find_backend("Message4");
	if (ops == NULL) {
		fprintf(stderr, "layer_probe: Message4 is not registered\n");
		return 1;
	}
	bench_field_name(BENCH_LAYOUT_ONE_FIELD, 0, field);
	for (size_t i = 0; i < MAX_ITEMS; i++) {
		bench_field_name(BENCH_LAYOUT_LOOKUP_FIELDS, i, lookup_names[i]);
		bench_string_value(i, strings[i]);
	}
	static const size_t sizes[] = {5, 50, 500, 5000};
	for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		size_t n = sizes[s];
		for (int string = 0; string <= 1; string++) {
			const char *type = string ? "String" : "Int32";
			size_t flatten, unflatten;
			printf("tCreate%zu%s %zu\n", n, type, probe_create(n, string));
			if (!string)
				printf("tLookup%zu%s %zu\n", n, type, probe_lookup(n));
			printf("tRead%zu%s %zu\n", n, type, probe_read(n, string));
			probe_flat(n, string, &flatten, &unflatten);
			printf("tFlatten%zu%s %zu\n", n, type, flatten);
			printf("tUnflatten%zu%s %zu\n", n, type, unflatten);
		}
	}
	return 0;
}
