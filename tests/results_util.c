/*
 * results_util.c - see results_util.h.
 */
#include "results_util.h"

#include "harness_backends.h"
#include "matrix.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct bm_ops *const ru_any_backend[1] = {&bench_test_plain_ops};

/* --- Files of a test ------------------------------------------------------ */

char *ru_temp_dir;
/* The names given to ru_temp_path, removed by ru_tear_down_temp. */
static char *temp_names[64];
static size_t temp_count;

void
ru_set_up_temp(void)
{
	ru_temp_dir = hu_make_temp_dir();
	ck_assert_ptr_nonnull(ru_temp_dir);
	temp_count = 0;
}

void
ru_tear_down_temp(void)
{
	temp_names[temp_count] = NULL;
	hu_remove_temp_dir(ru_temp_dir, (const char *const *)temp_names);
	for (size_t i = 0; i < temp_count; i++)
		free(temp_names[i]);
	ru_temp_dir = NULL;
	temp_count = 0;
}

char *
ru_temp_path(const char *name)
{
	bool known = false;
	for (size_t i = 0; i < temp_count; i++)
		known = known || strcmp(temp_names[i], name) == 0;
	if (!known) {
		ck_assert_uint_lt(temp_count, 63);
		temp_names[temp_count++] = hu_copy(name);
	}
	size_t size = strlen(ru_temp_dir) + strlen(name) + 2;
	char *path = malloc(size);
	ck_assert_ptr_nonnull(path);
	snprintf(path, size, "%s/%s", ru_temp_dir, name);
	return path;
}

char *
ru_write_temp(const char *name, const char *text)
{
	char *path = ru_temp_path(name);
	FILE *file = fopen(path, "w");
	ck_assert_ptr_nonnull(file);
	fputs(text, file);
	ck_assert_int_eq(fclose(file), 0);
	return path;
}

/* --- Constructed results files -------------------------------------------- */

json_t *
ru_results_document(const char *unit, const char *compiler,
                    const struct ru_cell *cells, size_t count, bool pending)
{
	json_t *root = json_object();
	json_object_set_new(root, "schema", json_integer(2));
	json_object_set_new(root, "unit", json_string(unit));
	json_t *context = json_pack(
		"{s:s, s:s, s:i, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s}", "date",
		"2026-01-01T00:00:00Z", "cpu", "AMD EPYC", "cores", 2, "compiler",
		compiler, "cflags", "-O3", "build_type", "Release", "git_commit",
		"0123456789ab", "glibc", "2.36", "version", "0.1.0", "measure",
		strcmp(unit, "ns") == 0 ? "time" : "instructions", "sanitize",
		"none");
	json_object_set_new(context, "options",
	                    json_pack("{s:b, s:i, s:f, s:i, s:b}", "all", 1,
	                              "repetitions", 15, "min_time_ms", 1.0,
	                              "seed", 2005, "quick", 0));
	json_object_set_new(root, "context", context);
	json_t *backends = json_array(), *rows = json_array();
	struct bench_test tests[128];
	size_t test_count = bench_matrix_build(bench_default_sizes, 4, tests);
	for (size_t i = 0; i < count; i++) {
		const char *backend = cells[i].backend;
		bool known = strcmp(backend, "Floor") == 0;
		for (size_t b = 0; b < json_array_size(backends); b++)
			known |= strcmp(json_string_value(json_object_get(
			                        json_array_get(backends, b), "name")),
			                backend) == 0;
		if (!known)
			json_array_append_new(
				backends,
				json_pack("{s:s, s:s, s:s, s:s}", "name", backend,
				          "kind",
				          json_array_size(backends) == 0 ? "reference"
				                                         : "haiku",
				          "format", "FOB1", "summary", "test"));
		json_t *row = NULL;
		for (size_t r = 0; r < json_array_size(rows); r++) {
			json_t *candidate = json_array_get(rows, r);
			if (strcmp(json_string_value(json_object_get(candidate,
			                                             "test")),
			           cells[i].test) == 0)
				row = candidate;
		}
		if (row == NULL) {
			const struct bench_test *test = NULL;
			for (size_t t = 0; t < test_count; t++)
				if (strcmp(tests[t].name, cells[i].test) == 0)
					test = &tests[t];
			ck_assert_msg(test != NULL, "%s: not a test of the matrix",
			              cells[i].test);
			row = json_pack(
				"{s:s, s:s, s:{s:s, s:I}, s:{}, s:n, s:n}", "test",
				test->name, "operation", bench_op_name(test->op),
				"workload", "type",
				bench_type_name(test->workload.type), "items",
				(json_int_t)test->workload.items, "cells", "winner",
				"haiku_winner");
			json_array_append_new(rows, row);
		}
		json_t *cell = json_object();
		if (cells[i].error != NULL) {
			json_object_set_new(cell, "error",
			                    json_string(cells[i].error));
		} else if (pending) {
			char dump[128];
			snprintf(dump, sizeof dump, "%s/%s", cells[i].test, backend);
			json_object_set_new(cell, "dump", json_string(dump));
			json_object_set_new(cell, "ops_per_sample",
			                    json_integer((json_int_t)cells[i].median));
		} else {
			json_object_set_new(cell, "median",
			                    json_real(cells[i].median));
			json_object_set_new(cell, "min", json_real(cells[i].median));
		}
		json_object_set_new(json_object_get(row, "cells"), backend, cell);
	}
	json_object_set_new(root, "backends", backends);
	json_object_set_new(root, "rows", rows);
	return root;
}

json_t *
ru_quiet_run(json_t *root)
{
	json_object_set_new(root, "schema", json_integer(4));
	json_t *context = json_object_get(root, "context");
	json_object_set_new(context, "retaken_samples", json_integer(0));
	json_object_set_new(context, "disturbed_samples", json_integer(0));
	json_object_set_new(context, "conditions",
	                    json_pack("{s:s}", "verdict", "quiet"));
	return root;
}

char *
ru_write_document(const char *name, json_t *root)
{
	char *text = json_dumps(root, JSON_INDENT(1));
	json_decref(root);
	char *path = ru_write_temp(name, text);
	free(text);
	return path;
}

char *
ru_write_results(const char *name, const char *unit, const char *compiler,
                 const struct ru_cell *cells, size_t count)
{
	return ru_write_document(name, ru_results_document(unit, compiler, cells,
	                                                   count, false));
}

void
ru_assert_schema(const char *schema, bool invalid, const char *const *paths)
{
	char command[16384], output[256];
	int used = snprintf(command, sizeof command,
	                    "/usr/bin/python3 '%s/tests/check_schema.py' %s "
	                    "'%s/trackers/%s'",
	                    BENCH_SOURCE_DIR, invalid ? "--invalid" : "",
	                    BENCH_TESTDATA_DIR, schema);
	for (size_t i = 0; paths[i] != NULL; i++)
		used += snprintf(command + used, sizeof command - (size_t)used,
		                 " '%s'", paths[i]);
	ck_assert_int_lt(used, (int)sizeof command - 8);
	strcat(command, " 2>&1");
	FILE *pipe = popen(command, "r");
	ck_assert_ptr_nonnull(pipe);
	size_t got = fread(output, 1, sizeof output - 1, pipe);
	output[got] = '\0';
	int status = pclose(pipe);
	ck_assert_msg(status == 0, "%s against %s: %s", invalid ? "refusal"
	                                                       : "validation",
	              schema, output);
}

struct bench_capture
ru_compare(const char *baseline, const char *current, const char *option,
           const char *value)
{
	return hu_run(ru_any_backend, 1, NULL, "compare", baseline, current,
	              option, value, NULL);
}

char *
ru_cells_marked(const char *table, const char *status)
{
	size_t size = strlen(table) + 1;
	char *found = calloc(size, 1);
	ck_assert_ptr_nonnull(found);
	const char *line = table;
	while (*line != '\0') {
		const char *end = strchr(line, '\n');
		size_t length = end != NULL ? (size_t)(end - line) : strlen(line);
		char first[32], test[64], backend[64];
		char copy[512];
		if (length < sizeof copy) {
			memcpy(copy, line, length);
			copy[length] = '\0';
			if (sscanf(copy, "%31s %63s %63s", first, test, backend) == 3 &&
			    strcmp(first, status) == 0) {
				strcat(found, test);
				strcat(found, "/");
				strcat(found, backend);
				strcat(found, "\n");
			}
		}
		line += length + (end != NULL ? 1 : 0);
	}
	return found;
}

void
ru_assert_marked(const char *table, const char *status, const char *expected)
{
	char *found = ru_cells_marked(table, status);
	ck_assert_msg(strcmp(found, expected) == 0,
	              "%s cells:\n%s\nexpected:\n%s\ntable:\n%s", status, found,
	              expected, table);
	free(found);
}

/* --- Callgrind dumps ------------------------------------------------------ */

void
ru_append_dump(char *text, size_t size, int part, const char *name,
               const char *events, const char *summary)
{
	size_t used = strlen(text);
	snprintf(text + used, size - used,
	         "%s"
	         "version: 1\ncreator: callgrind-3.19.0\npid: 4242\n"
	         "cmd:  build/bench --measure instructions\npart: %d\n\n\n"
	         "desc: I1 cache: \ndesc: Timerange: Basic block 0 - 10\n"
	         "desc: Trigger: Client Request: %s\n\n"
	         "positions: line\nevents: %s\nsummary: %s\n\n\n"
	         "fn=(1) main\n0 %s\n\ntotals: %s\n",
	         part == 1 ? "# callgrind format\n" : "", part, name, events,
	         summary, summary, summary);
}

char *
ru_write_dump(const char *file, const char *name, const char *events,
              const char *summary)
{
	char text[2048] = "";
	ru_append_dump(text, sizeof text, 1, name, events, summary);
	return ru_write_temp(file, text);
}

char *
ru_write_pending_run(const char *name)
{
	const struct ru_cell cells[] = {
		{"tCreate5Int32", "A", 10, NULL},
		{"tCreate5Int32", "H", 10, NULL},
		{"tCreate5Int32", "I", 0, "before timing: broken"},
		{"tCreate5Int32", "Floor", 10, NULL},
		{"tCreate50Int32", "A", 4, NULL},
		{"tCreate50Int32", "H", 4, NULL},
		{"tCreate50Int32", "I", 4, NULL},
	};
	return ru_write_document(name,
	                         ru_results_document("instructions", "GCC", cells,
	                                             sizeof cells / sizeof cells[0],
	                                             true));
}

json_t *
ru_load_json(const char *text)
{
	json_error_t error;
	json_t *root = json_loads(text, 0, &error);
	ck_assert_msg(root != NULL, "invalid JSON: %s", error.text);
	return root;
}

/* --- The glibc pin -------------------------------------------------------- */

char *
ru_diagnostics_text(const char *leaf1_ecx, const char *leaf7_ebx,
                    const char *avx_fast, const char *non_temporal)
{
	char *text = malloc(2048);
	ck_assert_ptr_nonnull(text);
	snprintf(text, 2048,
	         "version.release=\"stable\"\n"
	         "x86.cpu_features.basic.kind=0x1\n"
	         "x86.cpu_features.basic.family=0x6\n"
	         "x86.cpu_features.basic.model=0x3c\n"
	         "x86.cpu_features.features[0x0].active[0x2]=%s\n"
	         "x86.cpu_features.features[0x0].active[0x3]=0x17888110\n"
	         "x86.cpu_features.features[0x1].active[0x1]=%s\n"
	         "x86.cpu_features.features[0x1].active[0x2]=0x0\n"
	         "x86.cpu_features.features[0x1].active[0x3]=0x0\n"
	         "x86.cpu_features.features[0x2].active[0x2]=0x1\n"
	         "x86.cpu_features.preferred.Fast_Rep_String=0x0\n"
	         "x86.cpu_features.preferred.AVX_Fast_Unaligned_Load=%s\n"
	         "x86.cpu_features.non_temporal_threshold=%s\n"
	         "x86.cpu_features.rep_movsb_threshold=0x2000\n"
	         "x86.cpu_features.rep_stosb_threshold=0x800\n"
	         "x86.cpu_features.data_cache_size=0x8000\n"
	         "x86.cpu_features.shared_cache_size=0x800000\n",
	         leaf1_ecx, leaf7_ebx, avx_fast, non_temporal);
	return text;
}
