/*
 * test_instructions.c - instruction mode (harness/run/instructions.c and its
 * loop in harness/run/measure.c, harness/README.md §5):
 *   modes      --measure instructions outside valgrind says how to run it,
 *              --measure cycles is not offered (exit 2), and the options
 *              of the mode: JSON only, never the canonical run, a fixed
 *              operation count per cell;
 *   callgrind  (plain builds only: valgrind cannot run a sanitized
 *              program) the gate end to end, under valgrind: the probe
 *              program (instructions_probe.c) measured twice gives
 *              identical counts and compares clean; its copy of Message4
 *              with an extra loop in flatten makes the comparison exit 3
 *              naming exactly Message4's Flatten and FlattenIndividual
 *              cells, every other count equal; and under the pin, the
 *              probe counted with glibc's cache sizes set to other values
 *              gives the same counts to the instruction (while the check
 *              records the other sizes).
 * compare, read-callgrind and the glibc pin have suites of their own
 * (test_compare.c, test_read_callgrind.c, test_glibc_pin.c).
 */
#include "suites.h"

#include "exit_codes.h"
#include "harness_util.h"
#include "instructions.h"
#include "options.h"
#include "results_util.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <valgrind/valgrind.h>

START_TEST(instructions_outside_valgrind_say_how_to_run_them)
{
	/* Under valgrind (a memcheck run of the tests) this mode would run. */
	if (RUNNING_ON_VALGRIND)
		return;
	struct bench_capture run = hu_run(ru_any_backend, 1, NULL, "--measure",
	                                  "instructions", "--filter",
	                                  "^tCreate5Int32$", NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_USAGE);
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	ck_assert_ptr_nonnull(strstr(run.err, "scripts/bench-instructions"));
	ck_assert_ptr_nonnull(strstr(run.err, "--collect-atstart=no"));
	ck_assert_str_eq(run.out, "");
	hu_capture_free(&run);
}
END_TEST

START_TEST(cycles_are_not_offered)
{
	/* Hardware counters are not read: the option is refused like any
	 * unknown measure, and --help does not offer it. */
	struct bench_capture run = hu_run(ru_any_backend, 1, NULL, "--measure",
	                                  "cycles", "--filter",
	                                  "^tCreate5Int32$", NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_USAGE);
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	ck_assert_ptr_nonnull(strstr(run.err, "'cycles' is not time or "
	                                      "instructions"));
	ck_assert_str_eq(run.out, "");
	hu_capture_free(&run);
	run = hu_run(ru_any_backend, 1, NULL, "--help", NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_OK);
	ck_assert_ptr_null(strstr(run.out, "cycles"));
	hu_capture_free(&run);
}
END_TEST

START_TEST(instruction_mode_options)
{
	struct bench_capture run = hu_run(ru_any_backend, 1, NULL, "--measure",
	                                  "instructions", "--all", "--format",
	                                  "md", NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(run.err, "writes JSON only"));
	hu_capture_free(&run);
	run = hu_run(ru_any_backend, 1, NULL, "--measure", "seconds", "--all",
	             NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(run.err, "is not time or instructions"));
	hu_capture_free(&run);

	/* JSON by default, never the canonical run, a fixed operation count
	 * (one cycle for Lookup). */
	char program[] = "bench", all[] = "--all", measure[] = "--measure",
	     instructions[] = "instructions";
	char *argv[] = {program, all, measure, instructions, NULL};
	struct bench_options options;
	char why[256];
	const char *const names[] = {ru_any_backend[0]->name};
	ck_assert_int_eq(bench_options_parse(&options, 4, argv, names, 1, why,
	                                     sizeof why),
	                 0);
	ck_assert_int_eq(options.measure, BENCH_MEASURE_INSTRUCTIONS);
	ck_assert_int_eq(options.format, BENCH_FORMAT_JSON);
	ck_assert(!bench_options_canonical(&options));
	bench_options_free(&options);
	struct bench_test lookup = {.op = BENCH_OP_LOOKUP, .workload.items = 50};
	struct bench_test read = {.op = BENCH_OP_READ, .workload.items = 50};
	struct bench_test big = {.op = BENCH_OP_CREATE, .workload.items = 5000};
	ck_assert_uint_eq(bench_instruction_ops(bench_operation(lookup.op),
	                                        &lookup.workload),
	                  50);
	ck_assert_uint_eq(bench_instruction_ops(bench_operation(read.op),
	                                        &read.workload),
	                  BENCH_INSTRUCTION_ITEMS / 50);
	ck_assert_uint_eq(bench_instruction_ops(bench_operation(big.op),
	                                        &big.workload),
	                  1);
}
END_TEST

#ifdef BENCH_PROBE_UNDER_VALGRIND

/* Measures the probe program with scripts/bench-instructions, `jobs`
 * cells at once; `slow` turns on its slowed Message4. Returns the
 * script's exit status. */
static int
measure_probe_with(bool slow, const char *environment, unsigned jobs,
                   const char *out)
{
	char *log = ru_temp_path(slow ? "slow.log" : "plain.log");
	char command[8192];
	snprintf(command, sizeof command,
	         "%s %s BENCH='%s' '%s/scripts/bench-instructions' "
	         "--filter 'Int32$' --sizes 5,50 --jobs %u --out '%s' 2>'%s'",
	         slow ? "BENCH_PROBE_SLOW_FLATTEN=1" : "env -u "
	                                               "BENCH_PROBE_SLOW_FLATTEN",
	         environment, BENCH_PROBE_PATH, BENCH_SOURCE_DIR, jobs, out,
	         log);
	int status = system(command);
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
	if (code != 0) {
		FILE *file = fopen(log, "r");
		char text[2048] = "";
		if (file != NULL) {
			text[fread(text, 1, sizeof text - 1, file)] = '\0';
			fclose(file);
		}
		ck_abort_msg("bench-instructions exited %d: %s", code, text);
	}
	free(log);
	return code;
}

static int
measure_probe(bool slow, unsigned jobs, const char *out)
{
	return measure_probe_with(slow, "", jobs, out);
}

/* Every cell's instruction count in `path`, as "test/backend count"
 * lines. */
static char *
counts_of(const char *path, size_t *cells)
{
	json_error_t error;
	json_t *root = json_load_file(path, 0, &error);
	ck_assert_msg(root != NULL, "%s: %s", path, error.text);
	ck_assert_str_eq(json_string_value(json_object_get(root, "unit")),
	                 "instructions");
	/* Sizes are a timing run's (harness/README.md §2.5). */
	ck_assert_ptr_null(json_object_get(root, "sizes"));
	size_t size = 1 << 16, used = 0;
	char *text = calloc(size, 1);
	ck_assert_ptr_nonnull(text);
	*cells = 0;
	size_t index;
	json_t *row;
	json_array_foreach(json_object_get(root, "rows"), index, row) {
		const char *test = json_string_value(json_object_get(row, "test"));
		const char *backend;
		json_t *cell;
		json_object_foreach(json_object_get(row, "cells"), backend, cell) {
			json_t *count = json_object_get(cell, "instructions");
			ck_assert_msg(json_is_integer(count), "%s/%s: %s", test,
			              backend,
			              json_string_value(json_object_get(cell,
			                                                "error")));
			ck_assert(json_integer_value(count) > 0);
			used += (size_t)snprintf(text + used, size - used,
			                         "%s/%s %lld\n", test, backend,
			                         (long long)json_integer_value(count));
			ck_assert_uint_lt(used, size);
			(*cells)++;
		}
	}
	json_decref(root);
	return text;
}

/* A cell's count and its design's part (harness/README.md §5.6). */
static void
split_of(const char *path, const char *test, const char *backend,
         long long *instructions, long long *design)
{
	json_error_t error;
	json_t *root = json_load_file(path, 0, &error);
	ck_assert_msg(root != NULL, "%s: %s", path, error.text);
	size_t index;
	json_t *row, *cell = NULL;
	json_array_foreach(json_object_get(root, "rows"), index, row) {
		if (strcmp(json_string_value(json_object_get(row, "test")), test) == 0)
			cell = json_object_get(json_object_get(row, "cells"), backend);
	}
	ck_assert_msg(cell != NULL, "%s/%s", test, backend);
	*instructions = json_integer_value(json_object_get(cell, "instructions"));
	json_t *part = json_object_get(cell, "design_instructions");
	ck_assert_msg(json_is_integer(part), "%s/%s has no design part", test,
	              backend);
	*design = json_integer_value(part);
	json_decref(root);
}

/* The lines of `a` that are not in `b`, joined. */
static char *
lines_not_in(const char *a, const char *b)
{
	char *missing = calloc(strlen(a) + 1, 1);
	ck_assert_ptr_nonnull(missing);
	const char *line = a;
	while (*line != '\0') {
		const char *end = strchr(line, '\n');
		size_t length = (size_t)(end - line) + 1;
		bool found = false;
		const char *cursor = b;
		while (!found && *cursor != '\0') {
			const char *next = strchr(cursor, '\n');
			size_t other = (size_t)(next - cursor) + 1;
			found = other == length && memcmp(cursor, line, length) == 0;
			cursor = next + 1;
		}
		if (!found)
			strncat(missing, line, length);
		line = end + 1;
	}
	return missing;
}

/* A context string of a results file (static copy). */
static const char *
context_text(const char *path, const char *key)
{
	static char copy[2][4096];
	static int next;
	json_error_t error;
	json_t *root = json_load_file(path, 0, &error);
	ck_assert_msg(root != NULL, "%s: %s", path, error.text);
	const char *value = json_string_value(json_object_get(
		json_object_get(root, "context"), key));
	ck_assert_msg(value != NULL, "%s: no context.%s", path, key);
	char *out = copy[next++ % 2];
	snprintf(out, sizeof copy[0], "%s", value);
	json_decref(root);
	return out;
}

START_TEST(an_extra_loop_in_one_operation_fails_exactly_its_cells)
{
	ru_set_up_temp();
	char *plain = ru_temp_path("plain.json");
	char *again = ru_temp_path("again.json");
	char *slowed = ru_temp_path("slowed.json");
	/* Cells counted three at once, then one at a time. */
	measure_probe(false, 3, plain);
	measure_probe(false, 1, again);
	measure_probe(true, 2, slowed);

	/* Two runs of one build: identical counts and checksums, whatever
	 * --jobs, and a clean comparison. */
	size_t cells, cells_again, cells_slowed;
	char *counts = counts_of(plain, &cells);
	char *counts_again = counts_of(again, &cells_again);
	ck_assert_uint_eq(cells, 2 * 18 + 16); /* R5, Message4; Floor but Lookup */
	ck_assert_str_eq(counts, counts_again);
	ck_assert_str_eq(context_text(plain, "checksum"),
	                 context_text(again, "checksum"));
	struct bench_capture run = ru_compare(plain, again, NULL, NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s\n%s", run.status, run.err,
	              run.out);
	ru_assert_marked(run.out, "REGRESSED", "");
	hu_capture_free(&run);
	run = ru_compare(slowed, slowed, NULL, NULL);
	ck_assert_int_eq(run.status, 0);
	hu_capture_free(&run);

	/* The slowed flatten: exactly Message4's Flatten cells regress, and
	 * every other count is the same as before, to the instruction. */
	run = ru_compare(plain, slowed, NULL, NULL);
	ck_assert_msg(run.status == BENCH_EXIT_REGRESSED, "exit %d: %s\n%s",
	              run.status, run.err, run.out);
	char *regressed = ru_cells_marked(run.out, "REGRESSED");
	const char *expected[] = {
		"tFlatten5Int32/Message4\n", "tFlatten50Int32/Message4\n",
		"tFlattenIndividual5Int32/Message4\n",
		"tFlattenIndividual50Int32/Message4\n",
	};
	size_t expected_length = 0;
	for (size_t i = 0; i < 4; i++) {
		ck_assert_msg(strstr(regressed, expected[i]) != NULL,
		              "%s not regressed:\n%s", expected[i], run.out);
		expected_length += strlen(expected[i]);
	}
	ck_assert_msg(strlen(regressed) == expected_length, "regressed:\n%s",
	              regressed);
	ck_assert_ptr_nonnull(strstr(run.err, "4 cells regressed"));
	hu_capture_free(&run);
	char *counts_slowed = counts_of(slowed, &cells_slowed);
	ck_assert_uint_eq(cells_slowed, cells);
	char *changed = lines_not_in(counts_slowed, counts);
	ck_assert_uint_eq(hu_count_lines(changed), 4);
	for (size_t i = 0; i < 4; i++) {
		/* "tFlatten5Int32/Message4 " begins one of the changed lines. */
		char start[64];
		snprintf(start, sizeof start, "%.*s ",
		         (int)strlen(expected[i]) - 1, expected[i]);
		ck_assert_msg(strncmp(changed, start, strlen(start)) == 0 ||
		                      strstr(changed, start) != NULL,
		              "changed:\n%s", changed);
	}

	/* The split: the design's part of each backend cell lies within its
	 * count, and the slowed flatten, a constructed backend whose extra cost
	 * is all in its slot, moves the design's part alone: the layer (the
	 * rest) is the same to the instruction. */
	static const char *const split_tests[] = {
		"tCreate5Int32", "tRead50Int32", "tUnflatten5Int32",
		"tFlatten5Int32", "tFlattenIndividual50Int32",
	};
	for (size_t i = 0; i < 5; i++) {
		long long count, design, slow_count, slow_design;
		split_of(plain, split_tests[i], "R5", &count, &design);
		ck_assert(design > 0 && design < count);
		split_of(plain, split_tests[i], "Message4", &count, &design);
		ck_assert(design > 0 && design < count);
		split_of(slowed, split_tests[i], "Message4", &slow_count,
		         &slow_design);
		ck_assert_int_eq(slow_count - slow_design, count - design);
		ck_assert_int_eq(slow_design - design, slow_count - count);
		if (i >= 3)
			ck_assert(slow_design > design);
	}

	/* The other way round, the same cells improved: nothing fails. */
	run = ru_compare(slowed, plain, NULL, NULL);
	ck_assert_int_eq(run.status, 0);
	char *improved = ru_cells_marked(run.out, "improved");
	ck_assert_uint_eq(strlen(improved), strlen(regressed));
	for (size_t i = 0; i < 4; i++)
		ck_assert_ptr_nonnull(strstr(improved, expected[i]));
	free(improved);
	hu_capture_free(&run);
	free(regressed);
	free(changed);
	free(counts);
	free(counts_again);
	free(counts_slowed);
	free(plain);
	free(again);
	free(slowed);
	ru_tear_down_temp();
}
END_TEST

START_TEST(under_the_pin_cache_sizes_move_no_count)
{
	ru_set_up_temp();
	char *pinned = ru_temp_path("pinned.json");
	char *resized = ru_temp_path("resized.json");
	measure_probe(false, 2, pinned);
	/* glibc told of other caches: 16 KiB of data, 64 KiB shared. */
	measure_probe_with(false, "BENCH_GLIBC_DATA_CACHE_SIZE=16384 "
	                          "BENCH_GLIBC_SHARED_CACHE_SIZE=65536",
	                   2, resized);
	size_t cells, cells_resized;
	char *counts = counts_of(pinned, &cells);
	char *counts_resized = counts_of(resized, &cells_resized);
	ck_assert_uint_eq(cells, 2 * 18 + 16);
	ck_assert_uint_eq(cells_resized, cells);
	ck_assert_str_eq(counts, counts_resized);
	/* Both runs carry the pin and what the check saw, and glibc did
	 * take the other sizes. */
	ck_assert_ptr_nonnull(strstr(context_text(pinned, "glibc_tunables"),
	                             "glibc.cpu.hwcaps=-AVX512F,"));
	ck_assert_ptr_nonnull(strstr(context_text(resized, "glibc_tunables"),
	                             "glibc.cpu.x86_data_cache_size=16384"));
	ck_assert_ptr_null(strstr(context_text(pinned, "glibc_pin"),
	                          "data_cache_size 0x4000 "));
	ck_assert_ptr_nonnull(strstr(context_text(resized, "glibc_pin"),
	                             "data_cache_size 0x4000 "));
	ck_assert_ptr_nonnull(strstr(context_text(resized, "glibc_pin"),
	                             "shared_cache_size 0x10000;"));
	free(counts);
	free(counts_resized);
	free(pinned);
	free(resized);

	/* A size that is not one is refused before anything runs. */
	char command[4096];
	snprintf(command, sizeof command,
	         "BENCH_GLIBC_DATA_CACHE_SIZE=lots BENCH='%s' "
	         "'%s/scripts/bench-instructions' --filter '^tCreate5Int32$' "
	         "--out /dev/null 2>/dev/null",
	         BENCH_PROBE_PATH, BENCH_SOURCE_DIR);
	int status = system(command);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == BENCH_EXIT_USAGE);
	ru_tear_down_temp();
}
END_TEST
#endif /* BENCH_PROBE_UNDER_VALGRIND */

Suite *
make_instructions_suite(void)
{
	Suite *suite = suite_create("instructions");
	TCase *tc = tcase_create("modes");
	tcase_add_test(tc, instructions_outside_valgrind_say_how_to_run_them);
	tcase_add_test(tc, cycles_are_not_offered);
	tcase_add_test(tc, instruction_mode_options);
	suite_add_tcase(suite, tc);

#ifdef BENCH_PROBE_UNDER_VALGRIND
	tc = tcase_create("callgrind");
	/* Three runs under valgrind, a few seconds each on the project
	 * machine. */
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, an_extra_loop_in_one_operation_fails_exactly_its_cells);
	tcase_add_test(tc, under_the_pin_cache_sizes_move_no_count);
	suite_add_tcase(suite, tc);
#endif
	return suite;
}
