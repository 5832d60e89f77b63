/*
 * test_report.c - `bench report`: a small constructed results JSON
 * (tests/data/report/results-small.json) becomes a page with the expected
 * table and agreement counts, and every plot the page names exists and is
 * a well-formed SVG; a difference from 2005 without an explanation fails,
 * naming its key; malformed inputs are clear errors; without gnuplot the
 * page and the table are still written and one line says why the plots
 * are not.
 *
 * The plots need gnuplot, a declared dependency (scripts/install-deps):
 * when it is not in PATH the plot test fails rather than pass unchecked.
 */
#include "suites.h"

#include "harness_util.h"
#include "report_internal.h"
#include "test_util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define REFERENCE_CSV BENCH_SOURCE_DIR "/results/messagespeed-2005.csv"

/* --- Helpers -------------------------------------------------------------- */

/* dir/name into out, which must be big enough. */
static void
join(char *out, size_t out_size, const char *dir, const char *name)
{
	int length = snprintf(out, out_size, "%s/%s", dir, name);
	ck_assert(length > 0 && (size_t)length < out_size);
}

/* tests/data/<name>; four buffers in turn, so that one call's arguments
 * may hold several. */
static char *
data_path(const char *name)
{
	static char paths[4][4096];
	static size_t next;
	char *path = paths[next++ % 4];
	return tu_data_path(path, sizeof paths[0], name);
}

static char *
read_text(const char *path)
{
	size_t size;
	uint8_t *bytes = tu_read_file(path, &size);
	if (bytes == NULL)
		return NULL;
	char *text = malloc(size + 1);
	ck_assert_ptr_nonnull(text);
	memcpy(text, bytes, size);
	text[size] = '\0';
	free(bytes);
	return text;
}

static char *
read_in(const char *dir, const char *name)
{
	char path[4096];
	join(path, sizeof path, dir, name);
	return read_text(path);
}

static void
write_in(const char *dir, const char *name, const char *text)
{
	char path[4096];
	join(path, sizeof path, dir, name);
	FILE *file = fopen(path, "w");
	ck_assert_ptr_nonnull(file);
	fputs(text, file);
	ck_assert_int_eq(fclose(file), 0);
}

static bool
exists_in(const char *dir, const char *name)
{
	char path[4096];
	struct stat info;
	join(path, sizeof path, dir, name);
	return stat(path, &info) == 0;
}

/* Removes dir and everything under it (the report writes subdirectories). */
static void
remove_tree(const char *path)
{
	DIR *listing = opendir(path);
	if (listing != NULL) {
		struct dirent *entry;
		while ((entry = readdir(listing)) != NULL) {
			if (strcmp(entry->d_name, ".") == 0 ||
			    strcmp(entry->d_name, "..") == 0)
				continue;
			char child[4096];
			join(child, sizeof child, path, entry->d_name);
			struct stat info;
			if (lstat(child, &info) == 0 && S_ISDIR(info.st_mode))
				remove_tree(child);
			else
				unlink(child);
		}
		closedir(listing);
	}
	rmdir(path);
}

static char *temp_dir;

static void
make_temp(void)
{
	temp_dir = hu_make_temp_dir();
	ck_assert_ptr_nonnull(temp_dir);
}

static void
remove_temp(void)
{
	if (temp_dir != NULL)
		remove_tree(temp_dir);
	free(temp_dir);
	temp_dir = NULL;
}

/* temp_dir/<name>; four buffers in turn, like data_path. */
static const char *
in_temp(const char *name)
{
	static char paths[4][4096];
	static size_t next;
	char *path = paths[next++ % 4];
	join(path, sizeof paths[0], temp_dir, name);
	return path;
}

/* Runs `bench report FILE --dir DIR --reference ... --explanations ...`
 * plus up to two more arguments. */
static struct bench_capture
run_report(const char *file, const char *dir, const char *explanations,
           const char *extra1, const char *extra2)
{
	char dir_copy[4096], file_copy[4096], notes_copy[4096];
	snprintf(dir_copy, sizeof dir_copy, "%s", dir);
	snprintf(file_copy, sizeof file_copy, "%s", file);
	snprintf(notes_copy, sizeof notes_copy, "%s", explanations);
	return hu_run(NULL, 0, NULL, "report", file_copy, "--dir", dir_copy,
	              "--reference", REFERENCE_CSV, "--explanations",
	              notes_copy, extra1, extra2, NULL);
}

static bool
gnuplot_in_path(void)
{
	const char *path = getenv("PATH");
	while (path != NULL && *path != '\0') {
		size_t length = strcspn(path, ":");
		char candidate[4096];
		snprintf(candidate, sizeof candidate, "%.*s/gnuplot",
		         (int)length, path);
		if (length > 0 && access(candidate, X_OK) == 0)
			return true;
		path += length;
		if (*path == ':')
			path++;
	}
	return false;
}

/*
 * Checks that text is a well-formed XML document whose root element is
 * <svg> with at least one child element: every tag closed in order,
 * comments, CDATA, processing instructions and the doctype skipped,
 * quoted attribute values may hold '>'. Writes the first problem into why.
 */
static bool
svg_well_formed(const char *text, char *why, size_t why_size)
{
	char stack[64][64];
	size_t depth = 0, roots = 0, root_children = 0;
	bool root_is_svg = false;
	const char *p = text;
	while ((p = strchr(p, '<')) != NULL) {
		if (strncmp(p, "<!--", 4) == 0) {
			const char *end = strstr(p + 4, "-->");
			if (end == NULL)
				return snprintf(why, why_size, "open comment"),
				       false;
			p = end + 3;
			continue;
		}
		if (strncmp(p, "<![CDATA[", 9) == 0) {
			const char *end = strstr(p + 9, "]]>");
			if (end == NULL)
				return snprintf(why, why_size, "open CDATA"),
				       false;
			p = end + 3;
			continue;
		}
		if (p[1] == '?' || p[1] == '!') {
			const char *end = strchr(p, '>');
			if (end == NULL)
				return snprintf(why, why_size, "open <%c",
				                p[1]),
				       false;
			p = end + 1;
			continue;
		}
		bool closing = p[1] == '/';
		const char *name = p + (closing ? 2 : 1);
		size_t name_length = strcspn(name, " \t\r\n/>");
		if (name_length == 0 || name_length >= sizeof stack[0])
			return snprintf(why, why_size, "bad tag name"), false;
		/* The end of the tag, past quoted values. */
		const char *q = name + name_length;
		char quote = 0;
		for (; *q != '\0'; q++) {
			if (quote != 0) {
				if (*q == quote)
					quote = 0;
			} else if (*q == '"' || *q == '\'') {
				quote = *q;
			} else if (*q == '>') {
				break;
			}
		}
		if (*q != '>')
			return snprintf(why, why_size, "unclosed tag <%.*s",
			                (int)name_length, name),
			       false;
		bool empty = !closing && q[-1] == '/';
		if (closing) {
			if (depth == 0 ||
			    strlen(stack[depth - 1]) != name_length ||
			    strncmp(stack[depth - 1], name, name_length) != 0)
				return snprintf(why, why_size,
				                "</%.*s> does not close <%s>",
				                (int)name_length, name,
				                depth > 0 ? stack[depth - 1] : ""),
				       false;
			depth--;
		} else {
			if (depth == 0) {
				roots++;
				root_is_svg = name_length == 3 &&
				              strncmp(name, "svg", 3) == 0;
			} else if (depth == 1) {
				root_children++;
			}
			if (!empty) {
				if (depth == sizeof stack / sizeof stack[0])
					return snprintf(why, why_size,
					                "nested too deep"),
					       false;
				snprintf(stack[depth++], sizeof stack[0], "%.*s",
				         (int)name_length, name);
			}
		}
		p = q + 1;
	}
	if (depth != 0)
		return snprintf(why, why_size, "<%s> never closed",
		                stack[depth - 1]),
		       false;
	if (roots != 1 || !root_is_svg)
		return snprintf(why, why_size, "root is not one <svg>"), false;
	if (root_children == 0)
		return snprintf(why, why_size, "<svg> is empty"), false;
	return true;
}

/* The plot files the page names: "](plots/NAME.svg)". */
static size_t
named_plots(const char *page, char names[][128], size_t max)
{
	size_t count = 0;
	for (const char *p = strstr(page, "](plots/"); p != NULL;
	     p = strstr(p + 1, "](plots/")) {
		const char *start = p + 2;
		const char *end = strchr(start, ')');
		ck_assert_ptr_nonnull(end);
		ck_assert_uint_lt(count, max);
		snprintf(names[count++], 128, "%.*s", (int)(end - start), start);
	}
	return count;
}

/* --- Tests ---------------------------------------------------------------- */

START_TEST(test_svg_checker)
{
	char why[128];
	ck_assert(svg_well_formed("<?xml version=\"1.0\"?>\n<svg a='>'>"
	                          "<!-- x --><g><path d=\"M0\"/></g></svg>\n",
	                          why, sizeof why));
	ck_assert(!svg_well_formed("<svg><g></svg>", why, sizeof why));
	ck_assert(!svg_well_formed("<svg><g>", why, sizeof why));
	ck_assert(!svg_well_formed("<svg></svg>", why, sizeof why));
	ck_assert(!svg_well_formed("<html><g/></html>", why, sizeof why));
	ck_assert(!svg_well_formed("", why, sizeof why));
}
END_TEST

START_TEST(test_classes)
{
	ck_assert_int_eq(report_classify(0.4999), REPORT_FLAT);
	ck_assert_int_eq(report_classify(0.5), REPORT_LINEAR);
	ck_assert_int_eq(report_classify(1.3499), REPORT_LINEAR);
	ck_assert_int_eq(report_classify(1.35), REPORT_SUPERLINEAR);
	ck_assert_int_eq(report_classify(1.75), REPORT_QUADRATIC);
	ck_assert_int_eq(report_classify(-0.2), REPORT_FLAT);
	char text[16];
	/* Rounding must not carry an exponent across a boundary. */
	report_format_exponent(0.4994, text, sizeof text);
	ck_assert_str_eq(text, "0.499");
	report_format_exponent(1.02, text, sizeof text);
	ck_assert_str_eq(text, "1.02");
	report_format_exponent(1.3496, text, sizeof text);
	ck_assert_str_eq(text, "1.350");
}
END_TEST

START_TEST(test_page_from_constructed_json)
{
	ck_assert_msg(gnuplot_in_path(),
	              "gnuplot is not in PATH: it is a declared dependency "
	              "(scripts/install-deps installs gnuplot-nox); the plots "
	              "cannot be checked without it");
	make_temp();
	struct bench_capture capture =
		run_report(data_path("report/results-small.json"), temp_dir,
		           data_path("report/explanations.txt"), NULL, NULL);
	ck_assert_msg(capture.status == 0, "status %d: %s", capture.status,
	              capture.err);
	/* gnuplot said nothing: no warning about the generated script. */
	ck_assert_msg(capture.err[0] == '\0', "stderr: %s", capture.err);
	ck_assert_ptr_nonnull(strstr(capture.out, "same Winner on 4 of 6"));
	char *page = read_in(temp_dir, "README.md");
	ck_assert_ptr_nonnull(page);

	/* The table, exactly. */
	char *table = read_text(data_path("report/expected-table.md"));
	ck_assert_ptr_nonnull(table);
	ck_assert_msg(strstr(page, table) != NULL,
	              "the page lacks the expected table:\n%s\npage:\n%s",
	              table, page);
	free(table);
	ck_assert_ptr_nonnull(
		strstr(page, "- tRead5000String on Message1: find_data: item "
		             "4999 differs\n"));
	/* A '|' of the context cannot break the machine table. */
	ck_assert_ptr_nonnull(strstr(page, "| CPU | Test CPU \\| with a bar"));

	/* The agreement counts (constructed: tCreate500, tLookup500,
	 * tRead500String and tRead5000String agree on Winner; the first
	 * three on Haiku Winner; tCreate50000 is not in 2005). */
	ck_assert_ptr_nonnull(strstr(page, "the same on **4 of 6** rows "
	                                   "(ties: 1 in 2005, 1 today)"));
	ck_assert_ptr_nonnull(strstr(page, "**Haiku Winner**: the same on "
	                                   "**3 of 6** rows"));
	ck_assert_ptr_nonnull(strstr(page, "| tCreate5000Int32 | R5          "
	                                   "| **Message2** |"));
	/* The growth classes: 5 of 15 differ (Message1's Read String
	 * failed today and has no class). */
	ck_assert_ptr_nonnull(strstr(page, "5 of 15 series"));
	ck_assert_ptr_nonnull(strstr(page, "**1.03 linear → 1.82 quadratic**"));
	ck_assert_ptr_nonnull(strstr(page, "| 0.00 flat → 0.43 flat "));
	ck_assert_ptr_nonnull(strstr(page, "0.50 linear → ERR"));
	/* The explanations, with their figures filled in from the tables. */
	ck_assert_ptr_nonnull(strstr(
		page, "- **R5**: flat in 2005 (e = 0.00), linear today (e = "
		      "1.00). A list walk: 760 ns then 7600 ns; 2005 2 µs; e "
		      "0.00 then, 1.00 now.\n\n  Second paragraph. (See the "
		      "[known uncertainties](#known-uncertainties) about R5.)"));
	ck_assert_ptr_nonnull(strstr(page, "One shot on a coarse clock: R5 "
	                                   "took 2 µs with 5 fields and 2 µs "
	                                   "with 5000."));
	ck_assert_ptr_nonnull(strstr(page, "A constructed quadratic: 60000 ns "
	                                   "and 310 ns, Floor e 1.21."));
	ck_assert_ptr_nonnull(strstr(page, "- **R5**: Closed source."));
	ck_assert_ptr_null(strstr(page, "Kept for a series"));

	/* Every plot the page names exists and is a well-formed SVG: three
	 * scaling plots, one bar chart per size (50000 included), the 2005
	 * plot. */
	char names[32][128];
	size_t count = named_plots(page, names, 32);
	ck_assert_uint_eq(count, 7);
	ck_assert_ptr_nonnull(strstr(page, "](plots/relative-50000.svg)"));
	ck_assert_ptr_nonnull(strstr(page, "](plots/vs2005.svg)"));
	for (size_t i = 0; i < count; i++) {
		char *svg = read_in(temp_dir, names[i]);
		ck_assert_msg(svg != NULL, "%s is missing", names[i]);
		char why[256];
		ck_assert_msg(svg_well_formed(svg, why, sizeof why),
		              "%s: %s", names[i], why);
		free(svg);
	}
	/* The data gnuplot read, with the extra size. */
	char *csv = read_in(temp_dir, "data/scaling-create-int32.csv");
	ck_assert_ptr_nonnull(csv);
	ck_assert_str_eq(csv, "items,R5,Message1,Message2,Message3,Message4,"
	                      "Floor\n500,900,3000,800,900,1000,19\n"
	                      "5000,9000,30000,8000,60000,10000,310\n"
	                      "50000,90000,300000,80000,900000,100000,3100\n");
	free(csv);
	csv = read_in(temp_dir, "data/relative-5000.csv");
	ck_assert_ptr_nonnull(csv);
	ck_assert_ptr_nonnull(strstr(csv, "\nRead String,400,?,1,1.01667,300\n"));
	free(csv);
	ck_assert(exists_in(temp_dir, "plots.gp"));
	free(page);
	hu_capture_free(&capture);

	/* A second run replaces the page and removes plots it no longer
	 * draws. */
	write_in(temp_dir, "plots/stale.svg", "<svg><g/></svg>");
	capture = run_report(data_path("report/results-small.json"), temp_dir,
	                     data_path("report/explanations.txt"), NULL, NULL);
	ck_assert_int_eq(capture.status, 0);
	ck_assert(!exists_in(temp_dir, "plots/stale.svg"));
	hu_capture_free(&capture);
	remove_temp();
}
END_TEST

START_TEST(test_missing_explanation)
{
	make_temp();
	char dir[4096];
	snprintf(dir, sizeof dir, "%s", in_temp("report"));
	struct bench_capture capture = run_report(
		data_path("report/results-small.json"), dir,
		data_path("report/explanations-missing.txt"), NULL, NULL);
	ck_assert_int_eq(capture.status, 1);
	ck_assert_msg(strstr(capture.err, "no explanation for [Message2 "
	                                  "Lookup Int32]") != NULL,
	              "stderr: %s", capture.err);
	ck_assert_uint_eq(hu_count_lines(capture.err), 1);
	/* Nothing was written. */
	ck_assert(!exists_in(temp_dir, "report"));
	hu_capture_free(&capture);
	remove_temp();
}
END_TEST

/* Runs the report on `json` (written to a file) and expects a failure
 * whose message holds `expected`. */
static void
expect_json_error(const char *json, const char *expected)
{
	write_in(temp_dir, "input.json", json);
	char file[4096];
	snprintf(file, sizeof file, "%s", in_temp("input.json"));
	struct bench_capture capture =
		run_report(file, in_temp("out"),
		           data_path("report/explanations.txt"), NULL, NULL);
	ck_assert_int_eq(capture.status, 1);
	ck_assert_msg(strstr(capture.err, expected) != NULL &&
	                      strstr(capture.err, "input.json") != NULL,
	              "expected '%s' in: %s", expected, capture.err);
	ck_assert_uint_eq(hu_count_lines(capture.err), 1);
	ck_assert(!exists_in(temp_dir, "out"));
	hu_capture_free(&capture);
}

START_TEST(test_malformed_json)
{
	make_temp();
	expect_json_error("{\"schema\": 1, \"unit\": \"ns\",\n  \"rows\": [",
	                  "line 2, column");
	expect_json_error("[1, 2]", "expected an object");
	expect_json_error("{\"schema\": 3}", "schema: not a schema this bench "
	                                      "reads");
	expect_json_error("{\"schema\": 1, \"unit\": \"us\"}", "unit");
	/* A valid file with a broken part names the key. */
	char *good = read_text(data_path("report/results-small.json"));
	ck_assert_ptr_nonnull(good);
	char *broken = malloc(strlen(good) + 24);
	ck_assert_ptr_nonnull(broken);
	const char *median = strstr(good, "\"median\": 900,");
	ck_assert_ptr_nonnull(median);
	snprintf(broken, strlen(good) + 16, "%.*s\"median\": \"900\",%s",
	         (int)(median - good), good, median + strlen("\"median\": 900,"));
	expect_json_error(broken, "rows[0].cells.R5.median: expected a number");
	const char *rows = strstr(good, "\"rows\"");
	ck_assert_ptr_nonnull(rows);
	snprintf(broken, strlen(good) + 16, "%.*s\"rowz\"%s", (int)(rows - good),
	         good, rows + strlen("\"rows\""));
	expect_json_error(broken, "rows: expected a non-empty array");
	const char *winner = strstr(good, "\"winner\": \"Message4\"");
	ck_assert_ptr_nonnull(winner);
	snprintf(broken, strlen(good) + 24, "%.*s\"winner\": \"No-such-backend\"%s",
	         (int)(winner - good), good,
	         winner + strlen("\"winner\": \"Message4\""));
	expect_json_error(broken, "rows[0].winner: names no backend");
	free(broken);
	free(good);
	/* A file that is not there. */
	struct bench_capture capture =
		run_report(in_temp("absent.json"), in_temp("out"),
		           data_path("report/explanations.txt"), NULL, NULL);
	ck_assert_int_eq(capture.status, 1);
	ck_assert_ptr_nonnull(strstr(capture.err, "absent.json"));
	hu_capture_free(&capture);
	remove_temp();
}
END_TEST

/* Runs the report with explanations `notes` and expects a failure whose
 * message holds `expected`. */
static void
expect_notes_error(const char *notes, const char *expected)
{
	write_in(temp_dir, "notes.txt", notes);
	char file[4096];
	snprintf(file, sizeof file, "%s", in_temp("notes.txt"));
	struct bench_capture capture =
		run_report(data_path("report/results-small.json"),
		           in_temp("out"), file, NULL, NULL);
	ck_assert_int_eq(capture.status, 1);
	ck_assert_msg(strstr(capture.err, expected) != NULL,
	              "expected '%s' in: %s", expected, capture.err);
	ck_assert(!exists_in(temp_dir, "out"));
	hu_capture_free(&capture);
}

START_TEST(test_bad_explanations)
{
	make_temp();
	char *good = read_text(data_path("report/explanations.txt"));
	ck_assert_ptr_nonnull(good);
	size_t size = strlen(good) + 256;
	char *notes = malloc(size);
	ck_assert_ptr_nonnull(notes);
	snprintf(notes, size, "%s\n[R6 Lookup Int32]\nA typo.\n", good);
	expect_notes_error(notes, "[R6 Lookup Int32]: no backend R6");
	snprintf(notes, size, "%s\n[Message1 Lookup String]\nNo such.\n", good);
	expect_notes_error(notes, "not a key");
	snprintf(notes, size, "%s\n[Message1 Read Int32]\n\n", good);
	expect_notes_error(notes, "[Message1 Read Int32] has no text");
	snprintf(notes, size, "%s\n[Message1 Read Int32]\n{oops}\n", good);
	expect_notes_error(notes, "unknown placeholder {oops}");
	snprintf(notes, size, "%s\n[R5 Lookup Int32]\nTwice.\n", good);
	expect_notes_error(notes, "[R5 Lookup Int32] again");
	expect_notes_error("Text first.\n[R5 Lookup Int32]\nx\n",
	                   "text before the first [key]");
	/* A placeholder naming a figure neither table has fails when its
	 * entry is shown, naming the key. */
	const char *entry = "[Message4 Lookup Int32]\nFive buckets.\n";
	const char *at = strstr(good, entry);
	ck_assert_ptr_nonnull(at);
	snprintf(notes, size, "%.*s[Message4 Lookup Int32]\n{now:50}\n%s",
	         (int)(at - good), good, at + strlen(entry));
	expect_notes_error(notes, "[Message4 Lookup Int32]: {now:50}: no time");
	free(notes);
	free(good);
	remove_temp();
}
END_TEST

START_TEST(test_without_gnuplot)
{
	make_temp();
	char dir[4096];
	snprintf(dir, sizeof dir, "%s", in_temp("report"));
	struct bench_capture capture = run_report(
		data_path("report/results-small.json"), dir,
		data_path("report/explanations.txt"), "--gnuplot",
		"/nonexistent/gnuplot");
	ck_assert_msg(capture.status == 0, "status %d: %s", capture.status,
	              capture.err);
	/* One line says the plots were skipped, and why. */
	ck_assert_uint_eq(hu_count_lines(capture.err), 1);
	ck_assert_ptr_nonnull(strstr(capture.err, "plots skipped: "
	                                          "/nonexistent/gnuplot was "
	                                          "not found"));
	char *page = read_in(dir, "README.md");
	ck_assert_ptr_nonnull(page);
	char *table = read_text(data_path("report/expected-table.md"));
	ck_assert_ptr_nonnull(table);
	ck_assert_ptr_nonnull(strstr(page, table));
	ck_assert_ptr_nonnull(strstr(page, "The plots were not drawn"));
	ck_assert_ptr_null(strstr(page, "](plots/"));
	ck_assert_ptr_nonnull(strstr(page, "the same on **4 of 6** rows"));
	ck_assert(!exists_in(dir, "plots/vs2005.svg"));
	ck_assert(exists_in(dir, "plots.gp"));
	free(table);
	free(page);
	hu_capture_free(&capture);
	remove_temp();
}
END_TEST

/* Runs the report without gnuplot on `input` into temp/`dir`; returns the
 * page. */
static char *
page_without_plots(const char *input, const char *dir)
{
	struct bench_capture capture = run_report(
		input, in_temp(dir), data_path("report/explanations.txt"),
		"--gnuplot", "/nonexistent/gnuplot");
	ck_assert_msg(capture.status == 0, "status %d: %s", capture.status,
	              capture.err);
	hu_capture_free(&capture);
	char path[4096];
	snprintf(path, sizeof path, "%s", in_temp(dir));
	char *page = read_in(path, "README.md");
	ck_assert_ptr_nonnull(page);
	return page;
}

START_TEST(test_schema_1_gives_the_same_page)
{
	/* The same run written in schema 1 (a "haiku" flag per backend; "op",
	 * "items" and "type" per row) and in schema 2. */
	make_temp();
	char *pages[2];
	static const char *const files[2] = {"report/results-small.json",
	                                     "report/results-small-schema1.json"};
	for (size_t i = 0; i < 2; i++) {
		/* The page names its input: the same path for both. */
		char *text = read_text(data_path(files[i]));
		ck_assert_ptr_nonnull(text);
		write_in(temp_dir, "input.json", text);
		free(text);
		pages[i] = page_without_plots(in_temp("input.json"),
		                              i == 0 ? "two" : "one");
	}
	ck_assert_msg(strcmp(pages[0], pages[1]) == 0,
	              "schema 1 and schema 2 give different pages");
	free(pages[0]);
	free(pages[1]);
	remove_temp();
}
END_TEST

START_TEST(test_rows_on_named_messages)
{
	/* A row on a named message is shown with the others and left out of
	 * the 2005 comparison and the growth classes. */
	make_temp();
	char *good = read_text(data_path("report/results-small.json"));
	ck_assert_ptr_nonnull(good);
	const char *rows = strstr(good, "\"rows\": [");
	ck_assert_ptr_nonnull(rows);
	static const char named[] =
		"{\"test\": \"tReadMouseMoved\", \"operation\": \"Read\", "
		"\"workload\": {\"message\": \"MouseMoved\"}, \"cells\": {"
		"\"R5\": {\"median\": 41}, \"Message1\": {\"median\": 42}, "
		"\"Message2\": {\"median\": 43}, \"Message3\": {\"median\": 44}, "
		"\"Message4\": {\"median\": 45}, \"Floor\": {\"median\": 2}}, "
		"\"winner\": \"R5\", \"haiku_winner\": \"Message1\"},\n";
	size_t at = (size_t)(rows - good) + strlen("\"rows\": [");
	size_t size = strlen(good) + sizeof named;
	char *text = malloc(size);
	ck_assert_ptr_nonnull(text);
	snprintf(text, size, "%.*s%s%s", (int)at, good, named, good + at);
	write_in(temp_dir, "named.json", text);
	char *plain = page_without_plots(data_path("report/results-small.json"),
	                                 "plain");
	char *page = page_without_plots(in_temp("named.json"), "named");
	ck_assert_ptr_nonnull(strstr(page, "| tReadMouseMoved():"));
	ck_assert_ptr_null(strstr(plain, "tReadMouseMoved"));
	/* The 2005 comparison counts the same rows as without it. */
	ck_assert_ptr_nonnull(strstr(page, "the same on **4 of 6** rows"));
	ck_assert_ptr_nonnull(strstr(page, "5 of 15 series"));
	free(text);
	free(good);
	free(plain);
	free(page);
	remove_temp();
}
END_TEST

START_TEST(test_usage)
{
	struct bench_capture capture = hu_run(NULL, 0, NULL, "report", NULL);
	ck_assert_int_eq(capture.status, 2);
	ck_assert_ptr_nonnull(strstr(capture.err, "which results file?"));
	hu_capture_free(&capture);
	/* Without a source tree to default to, the paths must be given. */
	capture = hu_run(NULL, 0, NULL, "report", "x.json", NULL);
	ck_assert_int_eq(capture.status, 2);
	ck_assert_ptr_nonnull(strstr(capture.err, "--dir"));
	hu_capture_free(&capture);
	capture = hu_run(NULL, 0, NULL, "report", "x.json", "--dir", "d",
	                 NULL);
	ck_assert_int_eq(capture.status, 2);
	ck_assert_ptr_nonnull(strstr(capture.err, "--reference"));
	hu_capture_free(&capture);
	capture = hu_run(NULL, 0, NULL, "report", "x.json", "--bogus", NULL);
	ck_assert_int_eq(capture.status, 2);
	ck_assert_ptr_nonnull(strstr(capture.err, "unknown option '--bogus'"));
	hu_capture_free(&capture);
	capture = hu_run(NULL, 0, NULL, "report", "x.json", "--dir", NULL);
	ck_assert_int_eq(capture.status, 2);
	ck_assert_ptr_nonnull(strstr(capture.err, "--dir needs a value"));
	hu_capture_free(&capture);
	capture = hu_run(NULL, 0, NULL, "report", "a.json", "b.json", NULL);
	ck_assert_int_eq(capture.status, 2);
	hu_capture_free(&capture);
	capture = hu_run(NULL, 0, NULL, "report", "--help", NULL);
	ck_assert_int_eq(capture.status, 0);
	ck_assert_ptr_nonnull(strstr(capture.out, "usage: bench report FILE"));
	hu_capture_free(&capture);
}
END_TEST

Suite *
make_report_suite(void)
{
	Suite *suite = suite_create("report");
	TCase *basics = tcase_create("basics");
	tcase_add_test(basics, test_svg_checker);
	tcase_add_test(basics, test_classes);
	tcase_add_test(basics, test_usage);
	suite_add_tcase(suite, basics);
	TCase *page = tcase_create("page");
	/* gnuplot draws seven plots; generous for valgrind. */
	tcase_set_timeout(page, 120);
	tcase_add_test(page, test_page_from_constructed_json);
	tcase_add_test(page, test_without_gnuplot);
	tcase_add_test(page, test_schema_1_gives_the_same_page);
	tcase_add_test(page, test_rows_on_named_messages);
	suite_add_tcase(suite, page);
	TCase *errors = tcase_create("errors");
	tcase_set_timeout(errors, 60);
	tcase_add_test(errors, test_missing_explanation);
	tcase_add_test(errors, test_malformed_json);
	tcase_add_test(errors, test_bad_explanations);
	suite_add_tcase(suite, errors);
	return suite;
}
