/*
 * test_read_callgrind.c - `bench read-callgrind` of harness/tracking/read_callgrind.c
 * (harness/README.md §5.3) on constructed callgrind files and pending runs
 * (results_util.h): the figures and verdicts it writes, to stdout or
 * --out, and the checks that the dumps are this run's, taken with
 * collection off outside the cells: a missing probe or cell, a dump met
 * twice, foreign files, no Ir, a run of times, a run already read, bad
 * usage.
 */
#include "suites.h"

#include "exit_codes.h"
#include "harness_util.h"
#include "instructions.h"
#include "read_callgrind.h"
#include "results_util.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static json_t *
cell_of(json_t *root, size_t row, const char *backend)
{
	json_t *cell = json_object_get(
		json_object_get(json_array_get(json_object_get(root, "rows"), row),
		                "cells"),
		backend);
	ck_assert_ptr_nonnull(cell);
	return cell;
}

static const char *
row_text(json_t *root, size_t row, const char *key)
{
	return json_string_value(json_object_get(
		json_array_get(json_object_get(root, "rows"), row), key));
}

START_TEST(dumps_become_figures_and_verdicts)
{
	ru_set_up_temp();
	char *run_path = ru_write_pending_run("run.json");
	/* One file per dump, as callgrind writes them, and one file holding
	 * several (--combine-dumps=yes), with more events than Ir. */
	free(ru_write_dump("callgrind.out.1.1", BENCH_CALLGRIND_PROBE, "Ir", "0"));
	free(ru_write_dump("callgrind.out.1.2", "tCreate5Int32/A", "Ir", "1000"));
	free(ru_write_dump("callgrind.out.1.3", "tCreate5Int32/H", "Ir", "1015"));
	char combined[4096] = "";
	ru_append_dump(combined, sizeof combined, 1, "tCreate5Int32/Floor", "Dr Ir", "7 200");
	ru_append_dump(combined, sizeof combined, 2, "tCreate50Int32/A", "Dr Ir", "9 400");
	ru_append_dump(combined, sizeof combined, 3, "tCreate50Int32/H", "Dr Ir", "9 800");
	ru_append_dump(combined, sizeof combined, 4, "tCreate50Int32/I", "Dr Ir", "9 600");
	free(ru_write_temp("callgrind.out.2", combined));
	free(ru_write_temp("unrelated.txt", "not read"));

	struct bench_capture run = hu_run(ru_any_backend, 1, NULL,
	                                  "read-callgrind", run_path, ru_temp_dir,
	                                  NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	json_t *root = ru_load_json(run.out);
	ck_assert_str_eq(json_string_value(json_object_get(root, "unit")),
	                 "instructions");
	json_t *a = cell_of(root, 0, "A");
	ck_assert_double_eq(json_number_value(json_object_get(a, "median")),
	                    100.0);
	ck_assert_double_eq(json_number_value(json_object_get(a, "min")), 100.0);
	ck_assert_double_eq(json_number_value(json_object_get(a, "mad")), 0.0);
	ck_assert_int_eq(json_integer_value(json_object_get(a, "instructions")),
	                 1000);
	ck_assert_uint_eq(json_array_size(json_object_get(a, "samples")), 1);
	ck_assert_ptr_null(json_object_get(a, "dump"));
	ck_assert_double_eq(json_number_value(json_object_get(
		cell_of(root, 0, "Floor"), "median")), 20.0);
	ck_assert_ptr_nonnull(json_object_get(cell_of(root, 0, "I"), "error"));
	ck_assert_double_eq(json_number_value(json_object_get(
		cell_of(root, 1, "H"), "median")), 200.0);
	/* tCreate5Int32: A 100, H 101.5: within 2 %, a tie; H is the only Haiku cell
	 * (I failed). tCreate50Int32: A 100 wins; Haiku: I 150 beats H 200. */
	ck_assert_str_eq(row_text(root, 0, "winner"), "-");
	ck_assert_str_eq(row_text(root, 0, "haiku_winner"), "H");
	ck_assert_str_eq(row_text(root, 1, "winner"), "A");
	ck_assert_str_eq(row_text(root, 1, "haiku_winner"), "I");
	json_t *context = json_object_get(root, "context");
	ck_assert_str_eq(json_string_value(json_object_get(context,
	                                                   "callgrind")),
	                 "callgrind-3.19.0");
	json_decref(root);
	hu_capture_free(&run);

	/* --out writes the same to a file. */
	char *out = ru_temp_path("final.json");
	run = hu_run(ru_any_backend, 1, NULL, "read-callgrind", run_path,
	             ru_temp_dir, "--out", out, NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_str_eq(run.out, "");
	json_error_t error;
	root = json_load_file(out, 0, &error);
	ck_assert_ptr_nonnull(root);
	json_decref(root);
	hu_capture_free(&run);
	free(out);
	free(run_path);
	ru_tear_down_temp();
}
END_TEST

/* Runs read-callgrind on the pending run and `dumps`, expecting exit 1
 * with one line holding `words`. */
static void
expect_unreadable(const char *run_path, const char *const *dumps,
                  const char *words)
{
	struct bench_capture run = hu_run(ru_any_backend, 1, NULL,
	                                  "read-callgrind", run_path, dumps[0],
	                                  dumps[1], NULL);
	ck_assert_msg(run.status == BENCH_EXIT_FAILED, "exit %d for %s: %s",
	              run.status, words, run.err);
	ck_assert_msg(strstr(run.err, words) != NULL, "'%s' not in: %s", words,
	              run.err);
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	hu_capture_free(&run);
}

/* A constructed dump whose parts are known (harness/README.md §5.6): the
 * loop (harness/) calls a wrapper (impl/api/), which calls a re-creation's
 * slot (impl/backends/), 600 inclusive; the slot calls strcmp in libc. An
 * adapter (impl/originals/adapter.h) is entered from the loop, 800, and
 * calls Haiku's code in its own object, 650, and libc, 30; Haiku's code
 * calls an OS stand-in of the project (impl/originals/os_common.cpp),
 * which is not an adapter. The loop runs the shared check (impl/wire/),
 * 300. The names are compressed as callgrind writes them. */
static const char split_dump[] =
	"version: 1\ncreator: callgrind-3.19.0\npart: 1\n"
	"desc: Trigger: Client Request: tRead5Int32/A\n"
	"positions: line\nevents: Ir\nsummary: 2000\n\n"
	"ob=(1) /src/build/bench\n"
	"fl=(1) /src/harness/run/operations.c\nfn=(1) run_read\n10 100\n"
	"cfl=(2) /src/impl/api/wrappers.c\ncfn=(2) bm_find_data\n"
	"calls=5 20\n10 700\n"
	"cob=(2) /src/build/libhaiku_original.so\n"
	"cfl=(5) /src/impl/originals/adapter.h\ncfn=(5) find_data\n"
	"calls=5 40\n+1 800\n"
	"cfl=(6) /src/impl/wire/decode.c\ncfn=(6) bm_decode\n"
	"calls=1 50\n*  300\n"
	"fl=(2)\nfn=(2)\n20 50\n"
	"cfl=(3) /src/impl/backends/message4.c\ncfn=(3) message4_find_data\n"
	"calls=5 30\n20 600\n"
	"fl=(3)\nfn=(3)\n30 500\n"
	"cob=(3) /lib/x86_64-linux-gnu/libc.so.6\n"
	"cfi=(4) ./string/strcmp.S\ncfn=(4) strcmp\ncalls=5 1\n30 100\n"
	"ob=(2)\nfl=(5)\nfn=(5)\n40 120\n"
	"cfi=(7) /haiku/src/kits/app/Message.cpp\ncfn=(7) BMessage::FindData\n"
	"calls=5 60\n40 650\n"
	"cob=(3)\ncfi=(4)\ncfn=(4)\ncalls=2 1\n40 30\n"
	"fl=(7)\nfn=(7)\n60 600\n"
	"cfi=(8) /src/impl/originals/os_common.cpp\ncfn=(8) find_thread\n"
	"calls=1 70\n60 50\n"
	"fl=(8)\nfn=(8)\n70 50\n"
	"totals: 2000\n";

START_TEST(a_dump_splits_into_its_parts)
{
	ru_set_up_temp();
	char *path = ru_write_temp("callgrind.out.split", split_dump);
	struct bench_callgrind_dumps dumps = {.root = "/src"};
	char why[512] = "";
	ck_assert_msg(bench_callgrind_read(&dumps, path, why, sizeof why), "%s",
	              why);
	const struct bench_callgrind_dump *dump =
		bench_callgrind_find(&dumps, "tRead5Int32/A");
	ck_assert_ptr_nonnull(dump);
	ck_assert_uint_eq(dump->instructions, 2000);
	ck_assert_uint_eq(dump->split.backend_entry, 600);
	ck_assert_uint_eq(dump->split.adapter_entry, 800);
	ck_assert_uint_eq(dump->split.adapter_design, 650);
	ck_assert_uint_eq(dump->split.check, 300);
	bench_callgrind_dumps_free(&dumps);

	/* Without a root, the totals alone; under another root, nothing of
	 * this tree is the project's, so no call is split. */
	struct bench_callgrind_dumps plain = {0};
	ck_assert(bench_callgrind_read(&plain, path, why, sizeof why));
	ck_assert_uint_eq(plain.items[0].split.backend_entry, 0);
	bench_callgrind_dumps_free(&plain);
	struct bench_callgrind_dumps other = {.root = "/elsewhere"};
	ck_assert(bench_callgrind_read(&other, path, why, sizeof why));
	ck_assert_uint_eq(other.items[0].split.backend_entry, 0);
	ck_assert_uint_eq(other.items[0].split.check, 0);
	bench_callgrind_dumps_free(&other);

	/* A name id never given is refused in one line. */
	char *bad = ru_write_temp("callgrind.out.bad",
	                          "events: Ir\npart: 1\n"
	                          "desc: Trigger: Client Request: x\n"
	                          "summary: 5\nfl=(9)\n");
	struct bench_callgrind_dumps refused = {.root = "/src"};
	ck_assert(!bench_callgrind_read(&refused, bad, why, sizeof why));
	ck_assert_ptr_nonnull(strstr(why, "fl=(9)"));
	ck_assert_ptr_null(strchr(why, '\n'));
	bench_callgrind_dumps_free(&refused);
	free(bad);
	free(path);
	ru_tear_down_temp();
}
END_TEST

START_TEST(wrong_dumps_are_refused)
{
	ru_set_up_temp();
	char *run_path = ru_write_pending_run("run.json");
	char *probe = ru_write_dump("probe", BENCH_CALLGRIND_PROBE, "Ir", "0");
	char *counted = ru_write_dump("counted", BENCH_CALLGRIND_PROBE, "Ir", "91");
	char text[8192] = "";
	const char *names[] = {"tCreate5Int32/A", "tCreate5Int32/H", "tCreate5Int32/Floor", "tCreate50Int32/A",
	                       "tCreate50Int32/H", "tCreate50Int32/I"};
	for (int i = 0; i < 6; i++)
		ru_append_dump(text, sizeof text, i + 1, names[i], "Ir", "100");
	char *cells = ru_write_temp("cells", text);
	text[0] = '\0';
	for (int i = 0; i < 5; i++)
		ru_append_dump(text, sizeof text, i + 1, names[i], "Ir", "100");
	char *short_of_one = ru_write_temp("short", text);
	char *not_callgrind = ru_write_temp("notes", "hello\n");
	char *no_ir = ru_write_dump("no_ir", "tCreate5Int32/A", "Dr Dw", "1 2");
	const struct ru_cell timed[] = {{"tCreate5Int32", "A", 10, NULL}};
	char *time_run = ru_write_results("time.json", "ns", "GCC", timed, 1);
	char *missing = ru_temp_path("missing");

	const char *const without_probe[] = {cells, NULL};
	expect_unreadable(run_path, without_probe, "no dump named 'bench:");
	const char *const collected[] = {counted, cells};
	expect_unreadable(run_path, collected, "--collect-atstart=no");
	const char *const short_run[] = {probe, short_of_one};
	expect_unreadable(run_path, short_run, "no callgrind dump named "
	                                       "'tCreate50Int32/I'");
	const char *const twice[] = {cells, cells};
	expect_unreadable(run_path, twice, "appears twice");
	const char *const foreign[] = {probe, not_callgrind};
	expect_unreadable(run_path, foreign, "not a callgrind output file");
	const char *const without_ir[] = {probe, no_ir};
	expect_unreadable(run_path, without_ir, "no Ir among the events");
	const char *const absent[] = {probe, missing};
	expect_unreadable(run_path, absent, "missing");
	const char *const fine[] = {probe, cells};
	expect_unreadable(time_run, fine, "not a --measure instructions run");

	/* Read twice: the cells have their figures and no dump names. */
	struct bench_capture run = hu_run(ru_any_backend, 1, NULL,
	                                  "read-callgrind", run_path, probe,
	                                  cells, "--out", run_path, NULL);
	ck_assert_msg(run.status == 0, "%s", run.err);
	hu_capture_free(&run);
	expect_unreadable(run_path, fine, "already read");

	run = hu_run(ru_any_backend, 1, NULL, "read-callgrind", run_path, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(run.err, "usage: bench read-callgrind"));
	hu_capture_free(&run);
	free(run_path);
	free(probe);
	free(counted);
	free(cells);
	free(short_of_one);
	free(not_callgrind);
	free(no_ir);
	free(time_run);
	free(missing);
	ru_tear_down_temp();
}
END_TEST

Suite *
make_read_callgrind_suite(void)
{
	Suite *suite = suite_create("read_callgrind");
	TCase *tc = tcase_create("read_callgrind");
	tcase_add_test(tc, dumps_become_figures_and_verdicts);
	tcase_add_test(tc, wrong_dumps_are_refused);
	tcase_add_test(tc, a_dump_splits_into_its_parts);
	suite_add_tcase(suite, tc);
	return suite;
}
