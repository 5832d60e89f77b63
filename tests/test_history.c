/*
 * test_history.c - `bench history` (harness/tracking/history*.c,
 * harness/README.md §5.5) on a repository the test makes: git init in a
 * temporary folder, then commits of a constructed instruction baseline
 * (results_util.h), one of them under a glibc pin, one renaming the file,
 * one that does not touch it. So it passes in any clone of the project,
 * a shallow one included.
 *   read     every version is listed, oldest first, across the rename;
 *            the moves beyond the threshold under their commits, a move
 *            across the pin counted apart, a small one left out; the
 *            series as CSV and JSON; --filter, --backends, --threshold;
 *   trackers one bmf and one github-action file per version, each valid
 *            against its schema (tests/data/trackers/);
 *   refusals a shallow clone, a missing git, a file never committed, and
 *            bad usage, each in one line with its exit status;
 *   report   the report's page "History" of that baseline, its trend
 *            data, and the one line it says where there is no history.
 */
#include "suites.h"

#include "exit_codes.h"
#include "harness_util.h"
#include "results_util.h"

#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The repository of the running test, and its baseline's path. */
static char *repo;
static char baseline[4096];

static void
git(const char *command)
{
	char line[8192];
	snprintf(line, sizeof line,
	         "cd '%s' && GIT_AUTHOR_DATE='2026-01-01T00:00:00Z' "
	         "GIT_COMMITTER_DATE='2026-01-01T00:00:00Z' git -c "
	         "user.name=test -c user.email=test@example.invalid -c "
	         "commit.gpgsign=false %s >/dev/null 2>&1",
	         repo, command);
	ck_assert_msg(system(line) == 0, "failed: %s", line);
}

/* A version: the cells given, with factor applied to R5's tCreate50Int32
 * and Message4's tCreate5Int32; `pinned`: under a checked glibc pin. */
static void
commit_version(const char *path, double create50, double create5,
               bool pinned, bool with_h, const char *subject)
{
	const struct ru_cell cells[] = {
		{"tCreate5Int32", "R5", 1000, NULL},
		{"tCreate5Int32", "Message4", 2000 * create5, NULL},
		{"tCreate5Int32", "Floor", 20, NULL},
		{"tCreate50Int32", "R5", 10000 * create50, NULL},
		{"tCreate50Int32", "Message4", 19950, NULL},
		{"tCreate50Int32", "Floor", 200, NULL},
		{"tCreate5Int32", "H", 500, NULL},
		{"tCreate50Int32", "H", 5000, NULL},
	};
	json_t *root = ru_results_document("instructions", "GCC 12.2.0", cells,
	                                   with_h ? 8 : 6, false);
	if (pinned) {
		json_t *context = json_object_get(root, "context");
		json_object_set_new(context, "glibc_tunables",
		                    json_string("glibc.cpu.hwcaps=-AVX2"));
		json_object_set_new(context, "glibc_pin", json_string("checked"));
	}
	char full[4096 + 256];
	snprintf(full, sizeof full, "%s/%s", repo, path);
	char *text = json_dumps(root, JSON_INDENT(1));
	json_decref(root);
	FILE *file = fopen(full, "w");
	ck_assert_ptr_nonnull(file);
	fputs(text, file);
	ck_assert_int_eq(fclose(file), 0);
	free(text);
	char command[512];
	snprintf(command, sizeof command, "add '%s'", path);
	git(command);
	snprintf(command, sizeof command, "commit -q -m '%s'", subject);
	git(command);
}

/* The repository: five versions of results/base.json (renamed to
 * results/baseline.json at the fourth), and a commit of another file. */
static void
make_repository(void)
{
	repo = hu_make_temp_dir();
	ck_assert_ptr_nonnull(repo);
	git("init -q . && mkdir results");
	commit_version("results/base.json", 1, 1, false, false, "first counts");
	/* R5's tCreate50Int32 +10 %: a move; Message4's tCreate5Int32
	 * +1.5 % (30 instructions): not one, under 2 %. */
	commit_version("results/base.json", 1.1, 1.015, false, false,
	               "slower R5 create");
	git("commit -q --allow-empty -m 'unrelated work'");
	/* Both cells up under a new pin: moves across eras. */
	commit_version("results/base.json", 1.43, 1.3, true, false,
	               "counted under the pin");
	git("mv results/base.json results/baseline.json && git -c "
	    "user.name=test -c user.email=test@example.invalid commit -q -m "
	    "'renamed'");
	/* A new backend H; Message4's tCreate5Int32 +5 %: a move. */
	commit_version("results/baseline.json", 1.43, 1.365, true, true,
	               "H added, Message4 slower");
	snprintf(baseline, sizeof baseline, "%s/results/baseline.json", repo);
}

static void
remove_repository(void)
{
	char command[4096 + 32];
	snprintf(command, sizeof command, "rm -rf '%s'", repo);
	ck_assert_int_eq(system(command), 0);
	free(repo);
	repo = NULL;
}

/* Runs `bench history FILE ARG...` (NULL-terminated, at most 6). */
static struct bench_capture
history(const char *file, const char *a, const char *b, const char *c,
        const char *d)
{
	return hu_run(ru_any_backend, 1, NULL, "history", file, a, b, c, d,
	              NULL);
}

START_TEST(versions_and_moves)
{
	make_repository();
	struct bench_capture run = history(baseline, NULL, NULL, NULL, NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	const char *out = run.out;
	/* Five versions, the renamed one included; not the unrelated work. */
	ck_assert_ptr_nonnull(strstr(out, "5 committed versions"));
	ck_assert_ptr_null(strstr(out, "unrelated work"));
	ck_assert_ptr_nonnull(strstr(out, "renamed"));
	ck_assert_ptr_nonnull(strstr(out, "a new era: the glibc pin: none -> set"));
	/* Under "slower R5 create": R5's tCreate50Int32, and only it. */
	const char *slower = strstr(out, "\n2 ");
	ck_assert_ptr_nonnull(slower);
	ck_assert_ptr_nonnull(strstr(slower, "slower R5 create"));
	ck_assert_ptr_nonnull(strstr(slower, "up    tCreate50Int32"));
	ck_assert_ptr_nonnull(strstr(slower, "+10.0 %"));
	ck_assert_ptr_null(strstr(out, "+1.5 %"));
	/* The two cells that moved under the pin, apart. */
	ck_assert_ptr_nonnull(strstr(out, "2 cells moved across a change of "
	                                  "era (the glibc pin: none -> set)"));
	const char *last = strstr(out, "\n5 ");
	ck_assert_ptr_nonnull(last);
	ck_assert_ptr_nonnull(strstr(last, "up    tCreate5Int32"));
	ck_assert_ptr_nonnull(strstr(last, "+5.0 %"));
	ck_assert_ptr_nonnull(strstr(out, "2 moves within an era (2 up, 0 down)"));
	hu_capture_free(&run);

	/* A threshold of 0.5 % (and 20 instructions): the 1.5 % move is
	 * one. */
	run = history(baseline, "--threshold", "0.5", NULL, NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_nonnull(strstr(run.out, "+1.5 %"));
	hu_capture_free(&run);
	/* Only R5: one move, within an era. */
	run = history(baseline, "--backends", "r5", NULL, NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_nonnull(strstr(run.out, "1 moves within an era"));
	hu_capture_free(&run);
	run = history(baseline, "--filter", "^tCreate5Int32$", NULL, NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_null(strstr(run.out, "tCreate50Int32"));
	hu_capture_free(&run);
	remove_repository();
}
END_TEST

START_TEST(series_as_csv_and_json)
{
	make_repository();
	struct bench_capture run = history(baseline, "--format", "csv", NULL,
	                                   NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	/* The series alone on stdout: 6 cells in 5 versions, 2 H cells in
	 * the last, and the heading. */
	ck_assert_uint_eq(hu_count_lines(run.out), 1 + 6 * 5 + 2);
	ck_assert_ptr_nonnull(strstr(run.out, "test,backend,version,commit,"
	                                      "date,figure,era\n"));
	ck_assert_ptr_nonnull(strstr(run.out, "tCreate50Int32,R5,2,"));
	ck_assert_ptr_nonnull(strstr(run.out, ",11000,0\n"));
	hu_capture_free(&run);

	char out[4096 + 64];
	snprintf(out, sizeof out, "%s/series.json", repo);
	run = history(baseline, "--format", "json", "--out", out);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	/* With --out the moves are printed too. */
	ck_assert_ptr_nonnull(strstr(run.out, "moves within an era"));
	hu_capture_free(&run);
	json_error_t error;
	json_t *root = json_load_file(out, 0, &error);
	ck_assert_msg(root != NULL, "%s", error.text);
	json_t *versions = json_object_get(root, "versions");
	ck_assert_uint_eq(json_array_size(versions), 5);
	ck_assert_int_eq(json_integer_value(json_object_get(
		                 json_array_get(versions, 2), "era")), 1);
	ck_assert_str_eq(json_string_value(json_object_get(
		                 json_array_get(versions, 0), "path")),
	                 "results/base.json");
	ck_assert_str_eq(json_string_value(json_object_get(
		                 json_array_get(versions, 4), "path")),
	                 "results/baseline.json");
	/* H's series starts at the last version. */
	json_t *cells = json_object_get(root, "cells");
	ck_assert_uint_eq(json_array_size(cells), 8);
	json_t *h = json_array_get(cells, 6);
	ck_assert_str_eq(json_string_value(json_object_get(h, "backend")), "H");
	json_t *series = json_object_get(h, "series");
	ck_assert_uint_eq(json_array_size(series), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(
		                 json_array_get(series, 0), "version")), 5);
	json_decref(root);
	remove_repository();
}
END_TEST

START_TEST(one_tracker_file_per_version)
{
	make_repository();
	static const char *const formats[2][2] = {
		{"bmf", "bmf.schema.json"},
		{"github-action", "github-action.schema.json"},
	};
	for (int f = 0; f < 2; f++) {
		char dir[4096 + 64];
		snprintf(dir, sizeof dir, "%s/%s", repo, formats[f][0]);
		struct bench_capture run = history(baseline, "--format",
		                                   formats[f][0], "--out", dir);
		ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
		hu_capture_free(&run);
		char *paths[6] = {NULL};
		size_t count = 0;
		DIR *listing = opendir(dir);
		ck_assert_ptr_nonnull(listing);
		struct dirent *entry;
		while ((entry = readdir(listing)) != NULL) {
			if (entry->d_name[0] == '.')
				continue;
			ck_assert_uint_lt(count, 5);
			/* A commit's 40 hex digits and ".json". */
			ck_assert_uint_eq(strlen(entry->d_name), 45);
			size_t size = strlen(dir) + strlen(entry->d_name) + 2;
			paths[count] = malloc(size);
			snprintf(paths[count++], size, "%s/%s", dir, entry->d_name);
		}
		closedir(listing);
		ck_assert_uint_eq(count, 5);
		ru_assert_schema(formats[f][1], false, (const char *const *)paths);
		for (size_t i = 0; i < count; i++)
			free(paths[i]);
	}
	remove_repository();
}
END_TEST

/* Runs history and expects `status` with one line holding `words`. */
static void
expect_refusal(const char *file, const char *a, const char *b, int status,
               const char *words)
{
	struct bench_capture run = history(file, a, b, NULL, NULL);
	ck_assert_msg(run.status == status, "exit %d (not %d) for %s: %s",
	              run.status, status, words, run.err);
	ck_assert_msg(strstr(run.err, words) != NULL, "'%s' not in: %s", words,
	              run.err);
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	ck_assert_str_eq(run.out, "");
	hu_capture_free(&run);
}

START_TEST(refusals_in_one_line)
{
	make_repository();
	char shallow[4096 + 64], command[16384], file[4096 + 128];
	snprintf(shallow, sizeof shallow, "%s/shallow", repo);
	snprintf(command, sizeof command,
	         "git clone -q --depth 1 'file://%s' '%s' >/dev/null 2>&1", repo,
	         shallow);
	ck_assert_int_eq(system(command), 0);
	snprintf(file, sizeof file, "%s/results/baseline.json", shallow);
	expect_refusal(file, NULL, NULL, BENCH_EXIT_FAILED,
	               "git fetch --unshallow");
	expect_refusal(baseline, "--git", "/nonexistent/git", BENCH_EXIT_FAILED,
	               "could not be run");
	snprintf(file, sizeof file, "%s/results/untracked.json", repo);
	FILE *untracked = fopen(file, "w");
	ck_assert_ptr_nonnull(untracked);
	ck_assert_int_eq(fclose(untracked), 0);
	expect_refusal(file, NULL, NULL, BENCH_EXIT_FAILED,
	               "no committed version");
	expect_refusal(baseline, "--format", "md", BENCH_EXIT_USAGE,
	               "is not csv, json, bmf or github-action");
	expect_refusal(baseline, "--format", "bmf", BENCH_EXIT_USAGE,
	               "give --out DIR");
	expect_refusal(baseline, "--threshold", "x", BENCH_EXIT_USAGE,
	               "not a percentage");
	expect_refusal(baseline, "--backends", "Nobody", BENCH_EXIT_USAGE,
	               "no version");
	/* An output that cannot be written is refused before reading. */
	snprintf(file, sizeof file, "%s/no/such/folder/series.csv", repo);
	struct bench_capture run = history("/nonexistent/file.json", "--format",
	                                   "csv", "--out", file);
	ck_assert_int_eq(run.status, BENCH_EXIT_USAGE);
	ck_assert_ptr_nonnull(strstr(run.err, file));
	hu_capture_free(&run);
	run = history("--help", NULL, NULL, NULL, NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_nonnull(strstr(run.out, "usage: bench history"));
	hu_capture_free(&run);
	remove_repository();
}
END_TEST

/* Reads a whole text file the program wrote (free it). */
static char *
read_text(const char *path)
{
	FILE *file = fopen(path, "r");
	ck_assert_msg(file != NULL, "%s: not written", path);
	static char buffer[1 << 16];
	size_t got = fread(buffer, 1, sizeof buffer - 1, file);
	fclose(file);
	buffer[got] = '\0';
	char *copy = strdup(buffer);
	ck_assert_ptr_nonnull(copy);
	return copy;
}

/* `bench report` of the small timing run with `instructions` as the
 * baseline whose history the page "History" shows; no gnuplot. */
static struct bench_capture
report(const char *dir, const char *instructions)
{
	return hu_run(ru_any_backend, 1, NULL, "report",
	              BENCH_TESTDATA_DIR "/report/results-small.json", "--dir",
	              dir, "--reference",
	              BENCH_SOURCE_DIR "/results/messagespeed-2005.csv",
	              "--explanations", BENCH_TESTDATA_DIR "/report/explanations.txt",
	              "--instructions", instructions, "--gnuplot",
	              "/nonexistent/gnuplot", NULL);
}

START_TEST(the_reports_history_page)
{
	make_repository();
	char dir[4096 + 64], path[4096 + 128];
	snprintf(dir, sizeof dir, "%s/report", repo);
	struct bench_capture run = report(dir, baseline);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	hu_capture_free(&run);
	snprintf(path, sizeof path, "%s/history.md", dir);
	char *page = read_text(path);
	ck_assert_ptr_nonnull(strstr(page, "5 versions from"));
	ck_assert_ptr_nonnull(strstr(page, "(a new era: the glibc pin: none -> set)"));
	ck_assert_ptr_nonnull(strstr(page, "(plots/history-create.svg)"));
	free(page);
	/* R5's Create trend: tCreate50Int32 +10 % and tCreate5Int32 the same
	 * at version 2, so the geometric mean of the two ratios, 1.1^(1/2);
	 * H's line starts at 1 at version 5. */
	snprintf(path, sizeof path, "%s/data/history-create.csv", dir);
	char *data = read_text(path);
	ck_assert_msg(strncmp(data, "version,commit,R5,Message4,H,Floor\n",
	                      35) == 0, "%s", data);
	const char *second = strstr(data, "\n2,");
	ck_assert_ptr_nonnull(second);
	ck_assert_msg(strstr(second, ",1.04881,") != NULL, "%s", data);
	ck_assert_msg(strstr(data, ",?,1\n") != NULL, "%s", data);
	free(data);
	snprintf(path, sizeof path, "%s/plots.gp", dir);
	char *script = read_text(path);
	ck_assert_ptr_nonnull(strstr(script, "plots/history-create."));
	free(script);

	/* A baseline outside any repository: the page says why in one line,
	 * and the rest of the report is written. */
	char *outside = hu_make_temp_dir();
	ck_assert_ptr_nonnull(outside);
	snprintf(path, sizeof path, "%s/baseline.json", outside);
	char command[16384];
	snprintf(command, sizeof command, "cp '%s' '%s'", baseline, path);
	ck_assert_int_eq(system(command), 0);
	run = report(dir, path);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	ck_assert_ptr_nonnull(strstr(run.out, "history skipped: "));
	hu_capture_free(&run);
	snprintf(path, sizeof path, "%s/history.md", dir);
	page = read_text(path);
	const char *line = strstr(page, "The history of ");
	ck_assert_ptr_nonnull(strstr(page, "not a git repository"));
	ck_assert_msg(line != NULL && strchr(line, '\n')[1] == '\0', "%s",
	              page);
	free(page);
	snprintf(path, sizeof path, "%s/README.md", dir);
	page = read_text(path);
	ck_assert_ptr_nonnull(strstr(page, "[History](history.md)"));
	free(page);
	snprintf(command, sizeof command, "rm -rf '%s'", outside);
	ck_assert_int_eq(system(command), 0);
	free(outside);
	remove_repository();
}
END_TEST

Suite *
make_history_suite(void)
{
	Suite *suite = suite_create("history");
	TCase *tc = tcase_create("history");
	tcase_add_test(tc, versions_and_moves);
	tcase_add_test(tc, series_as_csv_and_json);
	tcase_add_test(tc, one_tracker_file_per_version);
	tcase_add_test(tc, refusals_in_one_line);
	tcase_add_test(tc, the_reports_history_page);
	/* git runs a few dozen times, python twice. */
	tcase_set_timeout(tc, 120);
	suite_add_tcase(suite, tc);
	return suite;
}
