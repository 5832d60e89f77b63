/*
 * test_report.c - `bench report`: a small constructed results JSON
 * (tests/data/report/results-small.json) becomes a page with the expected
 * table and agreement counts, and every plot the page names exists and is
 * a well-formed SVG; a difference from 2005 without an explanation fails,
 * naming its key; malformed inputs are clear errors; without gnuplot the
 * page and the table are still written and one line says why the plots
 * are not.
 *
 * The section "What depends on the toolchain" (results/README.md)
 * comes from the constructed runs of tests/data/report/toolchain/ (their
 * README says which verdict changes where): the counts, the order of the
 * runs, the cells of its tables, the rows it lists; a folder that is not
 * there is one line; a file with other rows or of instruction counts
 * fails, naming it.
 *
 * The plots need gnuplot, a declared dependency (scripts/install-deps):
 * when it is not in PATH the plot test fails rather than pass unchecked.
 */
#include "suites.h"

#include "harness_util.h"
#include "report_internal.h"
#include "test_util.h"

#include <dirent.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
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

/* --- The page as data ----------------------------------------------------- */

/*
 * The tests read the page as data: the cells of its tables, the items of
 * its lists, its headings, links and file names, and the figures and
 * backend names a sentence gives (data_of), not the sentence's wording,
 * so that the page's prose can be reworded without a test failing while
 * every fact stays checked. Text the tests gave the generator (the
 * explanations, with their figures filled in; the error of a cell) is
 * compared whole.
 */

#define CELL_MAX 96
#define COLUMNS_MAX 12

/* The length of the table cell at text: up to a '|' that is not escaped
 * by a '\', or the end of the line. */
static size_t
cell_length(const char *text)
{
	size_t n = 0;
	while (text[n] != '\0' && text[n] != '\n' && text[n] != '|')
		n += text[n] == '\\' && text[n + 1] == '|' ? 2 : 1;
	return n;
}

/* The cells of the table row at line ("| a | b \| c |"), trimmed, into
 * cells[]; returns how many. */
static size_t
row_cells(const char *line, char cells[][CELL_MAX], size_t max)
{
	ck_assert_msg(*line == '|', "not a table row: %.60s", line);
	line++;
	size_t count = 0;
	while (*line != '\n' && *line != '\0') {
		size_t length = cell_length(line);
		const char *text = line;
		line += length;
		while (length > 0 && *text == ' ')
			text++, length--;
		while (length > 0 && text[length - 1] == ' ')
			length--;
		if (*line != '|' && length == 0)
			break; /* nothing after the last '|' */
		ck_assert_uint_lt(count, max);
		snprintf(cells[count++], CELL_MAX, "%.*s", (int)length, text);
		if (*line == '|')
			line++;
	}
	return count;
}

/* The cells of the first table row after `section` that starts with
 * `| first |`, into cells[]; returns how many. */
static size_t
table_cells(const char *page, const char *section, const char *first,
            char cells[][CELL_MAX], size_t max)
{
	const char *from = strstr(page, section);
	ck_assert_msg(from != NULL, "no %s", section);
	char start[128];
	snprintf(start, sizeof start, "\n| %s ", first);
	const char *line = strstr(from, start);
	ck_assert_msg(line != NULL, "no row %s after %s", first, section);
	return row_cells(line + 1, cells, max);
}

/* The body rows of the first table in text (after its header and the
 * |---| line), each split into cells; returns how many. */
static size_t
table_rows(const char *text, char rows[][COLUMNS_MAX][CELL_MAX],
           size_t max)
{
	const char *line = strstr(text, "\n|");
	ck_assert_msg(line != NULL, "no table in:\n%s", text);
	line++;
	line += strcspn(line, "\n");
	ck_assert_msg(strncmp(line, "\n|-", 3) == 0, "no |---| line:\n%s",
	              text);
	line += 1 + strcspn(line + 1, "\n");
	size_t count = 0;
	while (strncmp(line, "\n|", 2) == 0) {
		ck_assert_uint_lt(count, max);
		row_cells(line + 1, rows[count++], COLUMNS_MAX);
		line += 1 + strcspn(line + 1, "\n");
	}
	return count;
}

/* A malloc'd copy of text[0..length). */
static char *
copy_n(const char *text, size_t length)
{
	char *copy = malloc(length + 1);
	ck_assert_ptr_nonnull(copy);
	memcpy(copy, text, length);
	copy[length] = '\0';
	return copy;
}

/* The line after the one at `line` (its end when it is the last). */
static const char *
next_line(const char *line)
{
	line += strcspn(line, "\n");
	return *line == '\n' ? line + 1 : line;
}

/* A malloc'd copy of the part of the page from the line that begins with
 * `heading` ("## Plots", "### Send") to the next heading of its level or
 * above. */
static char *
section_of(const char *page, const char *heading)
{
	const char *start = strstr(page, heading);
	while (start != NULL && start != page && start[-1] != '\n')
		start = strstr(start + 1, heading);
	ck_assert_msg(start != NULL, "no heading %s", heading);
	size_t level = strspn(heading, "#");
	const char *end = next_line(start);
	while (*end != '\0') {
		size_t hashes = strspn(end, "#");
		if (hashes >= 1 && hashes <= level && end[hashes] == ' ')
			break;
		end = next_line(end);
	}
	return copy_n(start, (size_t)(end - start));
}

/* The headings of level `level` in text ("Send: ..." for "### Send: ..."),
 * into out[]; returns how many. */
static size_t
headings(const char *text, size_t level, char out[][CELL_MAX], size_t max)
{
	size_t count = 0;
	for (const char *line = text; *line != '\0';) {
		if (strspn(line, "#") == level && line[level] == ' ') {
			ck_assert_uint_lt(count, max);
			const char *title = line + level + 1;
			snprintf(out[count++], CELL_MAX, "%.*s",
			         (int)strcspn(title, "\n"), title);
		}
		line += strcspn(line, "\n");
		if (*line == '\n')
			line++;
	}
	return count;
}

/* True when the line at `line` is a line of a paragraph: not blank, a
 * heading, a table row, a list item or the indented continuation of
 * one. */
static bool
is_text_line(const char *line)
{
	return *line != '\n' && *line != '\0' && *line != '#' &&
	       *line != '|' && strncmp(line, "- ", 2) != 0 &&
	       strncmp(line, "  ", 2) != 0;
}

/*
 * The list items of text whose first line begins with `start` ("- **R5**";
 * "- " for every item); returns how many. The first is copied, with its
 * indented continuation ("\n\n  Second paragraph."), into a malloc'd
 * *item when item is not NULL (NULL when there is none).
 */
static size_t
list_items(const char *text, const char *start, char **item)
{
	size_t count = 0;
	if (item != NULL)
		*item = NULL;
	for (const char *line = text; *line != '\0'; line = next_line(line)) {
		if (strncmp(line, "- ", 2) != 0 ||
		    strncmp(line, start, strlen(start)) != 0)
			continue;
		/* Continuation: indented lines, blank lines before one. */
		const char *end = line + strcspn(line, "\n");
		for (const char *next = end; *next == '\n';) {
			next++;
			next += strspn(next, "\n");
			if (strncmp(next, "  ", 2) != 0)
				break;
			next += strcspn(next, "\n");
			end = next;
		}
		if (count++ == 0 && item != NULL)
			*item = copy_n(line, (size_t)(end - line));
	}
	return count;
}

/* A malloc'd copy of the n-th paragraph of text (0 the first): a run of
 * lines that is_text_line accepts. NULL when text has fewer. */
static char *
paragraph(const char *text, size_t n)
{
	size_t seen = 0;
	for (const char *line = text; *line != '\0'; line = next_line(line)) {
		if (!is_text_line(line))
			continue;
		const char *end = line + strcspn(line, "\n");
		while (*end == '\n' && is_text_line(end + 1))
			end = end + 1 + strcspn(end + 1, "\n");
		if (seen++ == n)
			return copy_n(line, (size_t)(end - line));
		line = end;
	}
	return NULL;
}

/* True when word[0..length) is a figure: "4", "0.50", "x1.25". */
static bool
is_figure(const char *word, size_t length)
{
	size_t at = word[0] == 'x' ? 1 : 0;
	size_t digits = strspn(word + at, "0123456789");
	if (digits == 0)
		return false;
	at += digits;
	if (at == length)
		return true;
	size_t fraction = strspn(word + at + 1, "0123456789");
	return word[at] == '.' && fraction > 0 && at + 1 + fraction == length;
}

/* True when word[0..length) names a backend of results-small.json. */
static bool
is_backend(const char *word, size_t length)
{
	if (length == 2 && strncmp(word, "R5", 2) == 0)
		return true;
	if (length == 5 && strncmp(word, "Floor", 5) == 0)
		return true;
	return length > 7 && strncmp(word, "Message", 7) == 0 &&
	       strspn(word + 7, "0123456789") == length - 7;
}

/*
 * The data of a sentence: its figures and the backends it names, in
 * order, one space between ("Message4 2 2 x1.00"), into out. Each is a
 * whole word: "t500", "log10" and "tRead5000String" are neither.
 */
static const char *
data_of(const char *text, char *out, size_t out_size)
{
	static const char word_chars[] = "abcdefghijklmnopqrstuvwxyz"
	                                 "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	                                 "0123456789_.-";
	size_t used = 0;
	out[0] = '\0';
	for (const char *p = text; *p != '\0';) {
		size_t length = strspn(p, word_chars);
		if (length == 0) {
			p++;
			continue;
		}
		size_t word = length;
		while (word > 0 && p[word - 1] == '.')
			word--; /* a full stop */
		if (word > 0 && (is_figure(p, word) || is_backend(p, word))) {
			int n = snprintf(out + used, out_size - used, "%s%.*s",
			                 used > 0 ? " " : "", (int)word, p);
			ck_assert(n > 0 && (size_t)n < out_size - used);
			used += (size_t)n;
		}
		p += length;
	}
	return out;
}

/* Fails unless the data of text (data_of) is `expected`. */
static void
assert_data(const char *text, const char *expected, const char *what)
{
	char data[512];
	ck_assert_msg(text != NULL, "%s: not on the page", what);
	ck_assert_msg(strcmp(data_of(text, data, sizeof data), expected) == 0,
	              "%s: the data is '%s', expected '%s', in:\n%s", what,
	              data, expected, text);
}

/* Fails unless text has one list item starting `start`, whose data is
 * `expected`. */
static void
assert_item_data(const char *text, const char *start, const char *expected,
                 const char *what)
{
	char *item;
	ck_assert_msg(list_items(text, start, &item) == 1, "%s: no one %s",
	              what, start);
	assert_data(item, expected, what);
	free(item);
}

/*
 * The comparison with 2005 (its page) of the report of results-small.json
 * (constructed: tCreate500, tLookup500, tRead500String and
 * tRead5000String agree on Winner, the first three on Haiku Winner;
 * tCreate50000 is not in 2005; Message1's Read String failed today and
 * has no class): the Winners table and its two counts, and the growth
 * classes that differ.
 */
static void
assert_comparison_with_2005(const char *page)
{
	char rows[8][COLUMNS_MAX][CELL_MAX];
	char *winners = section_of(page, "## Winners");
	size_t count = table_rows(winners, rows, 8);
	ck_assert_uint_eq(count, 6);
	/* Test, Winner 2005, today, Haiku Winner 2005, today; today's in
	 * bold where it differs. */
	size_t same = 0, haiku_same = 0, ties_then = 0, ties_now = 0;
	for (size_t r = 0; r < count; r++) {
		same += rows[r][2][0] != '*';
		haiku_same += rows[r][4][0] != '*';
		ties_then += strcmp(rows[r][1], "-") == 0;
		ties_now += strcmp(rows[r][2], "-") == 0 ||
		            strcmp(rows[r][2], "**-**") == 0;
	}
	ck_assert_uint_eq(same, 4);
	ck_assert_uint_eq(haiku_same, 3);
	ck_assert_uint_eq(ties_then, 1);
	ck_assert_uint_eq(ties_now, 1);
	/* Its counts: Winner the same on 4 of 6 rows (ties: 1 in 2005, 1
	 * today), Haiku Winner on 3 of 6. */
	assert_item_data(winners, "- **Winner**", "4 6 1 2005 1",
	                 "the Winner count");
	assert_item_data(winners, "- **Haiku Winner**", "3 6",
	                 "the Haiku Winner count");
	free(winners);

	/* Growth: 15 series (3 rows of 5 backends), the 5 that differ in
	 * bold; the text before the table gives the class boundaries
	 * (report_classify) and that count. */
	char *growth = section_of(page, "## Growth from 500 to 5000 items");
	count = table_rows(growth, rows, 8);
	ck_assert_uint_eq(count, 3);
	size_t differ = 0;
	for (size_t r = 0; r < count; r++)
		for (size_t c = 1; c <= 5; c++)
			differ += rows[r][c][0] == '*';
	ck_assert_uint_eq(differ, 5);
	char *text = paragraph(growth, 0);
	assert_data(text, "2005 0.5 1.35 1.75 1.75 5 15", "the growth classes");
	free(text);
	free(growth);
}

/* True when text ends with `end`. */
static bool
ends_with(const char *text, const char *end)
{
	size_t length = strlen(text), end_length = strlen(end);
	return length >= end_length &&
	       strcmp(text + length - end_length, end) == 0;
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

/* The pages of the report in dir: the summary first, then the list's. */
struct report_texts {
	size_t count;
	char *texts[16];
	const char *files[16];
};

static void
read_report(const char *dir, struct report_texts *report)
{
	size_t count;
	const struct report_page *pages = report_pages(&count);
	ck_assert_uint_lt(count, 16);
	report->count = count + 1;
	report->files[0] = "README.md";
	for (size_t p = 0; p < count; p++)
		report->files[p + 1] = pages[p].file;
	for (size_t p = 0; p < report->count; p++) {
		report->texts[p] = read_in(dir, report->files[p]);
		ck_assert_msg(report->texts[p] != NULL, "no %s",
		              report->files[p]);
	}
}

/* The text of the page in `file`. */
static const char *
page_of(const struct report_texts *report, const char *file)
{
	for (size_t p = 0; p < report->count; p++) {
		if (strcmp(report->files[p], file) == 0)
			return report->texts[p];
	}
	ck_abort_msg("no page %s in the list", file);
	return NULL;
}

static void
free_report(struct report_texts *report)
{
	for (size_t p = 0; p < report->count; p++)
		free(report->texts[p]);
}

/* The summary: at most 150 lines, and it links every page of the list,
 * each of which starts with the marker of a generated page. */
static void
assert_summary_links_every_page(const struct report_texts *report)
{
	const char *summary = report->texts[0];
	ck_assert_uint_le(hu_count_lines(summary), 150);
	for (size_t p = 1; p < report->count; p++) {
		char link[128];
		snprintf(link, sizeof link, "](%s)", report->files[p]);
		ck_assert_msg(strstr(summary, link) != NULL, "no link %s", link);
		ck_assert_msg(strncmp(report->texts[p], REPORT_PAGE_MARKER,
		                      strlen(REPORT_PAGE_MARKER)) == 0,
		              "%s has no marker", report->files[p]);
	}
}

/* The plots the summary names exist and are well-formed SVG: three
 * scaling plots, one bar chart per size (50000 included), the 2005 plot;
 * the comparison page shows the 2005 plot too. */
static void
assert_plots(const char *summary, const char *comparison)
{
	char names[32][128];
	size_t count = named_plots(summary, names, 32);
	ck_assert_uint_eq(count, 7);
	ck_assert_ptr_nonnull(strstr(summary, "](plots/relative-50000.svg)"));
	ck_assert_ptr_nonnull(strstr(summary, "](plots/vs2005.svg)"));
	ck_assert_ptr_nonnull(strstr(comparison, "](plots/vs2005.svg)"));
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
	ck_assert_str_eq(csv, "items,R5,R5 MAD,Message1,Message1 MAD,Message2,"
	                      "Message2 MAD,Message3,Message3 MAD,Message4,"
	                      "Message4 MAD,Floor,Floor MAD\n"
	                      "500,900,9,3000,30,800,8,900,9,1000,10,19,0\n"
	                      "5000,9000,90,30000,300,8000,80,60000,600,10000,"
	                      "100,310,0\n"
	                      "50000,90000,900,300000,3000,80000,800,900000,"
	                      "9000,100000,1000,3100,0\n");
	free(csv);
	csv = read_in(temp_dir, "data/relative-5000.csv");
	ck_assert_ptr_nonnull(csv);
	/* Each median and MAD over the fastest median (Message2's 60000). */
	ck_assert_ptr_nonnull(strstr(csv, "\nRead String,400,4,?,?,1,0.01,"
	                                  "1.01667,0.0101667,300,3\n"));
	free(csv);
	ck_assert(exists_in(temp_dir, "plots.gp"));
}

/* The results page: the table exactly, the cell that failed with its
 * error, and a context's '|' escaped in the machine table. */
static void
assert_results_page(const char *page)
{
	char *table = read_text(data_path("report/expected-table.md"));
	ck_assert_ptr_nonnull(table);
	ck_assert_msg(strstr(page, table) != NULL,
	              "the page lacks the expected table:\n%s\npage:\n%s",
	              table, page);
	free(table);
	char *results = section_of(page, "## The results table");
	char *item;
	ck_assert_uint_eq(list_items(results, "- ", &item), 1);
	ck_assert_ptr_nonnull(strstr(item, "tRead5000String"));
	ck_assert_ptr_nonnull(strstr(item, "Message1"));
	ck_assert_msg(ends_with(item, ": find_data: item 4999 differs"), "%s",
	              item);
	free(item);
	free(results);
	/* The CPU row keeps its two cells, the bar escaped. */
	char cells[16][CELL_MAX];
	ck_assert_uint_eq(table_cells(page, "## Machine and options", "CPU",
	                              cells, 16),
	                  2);
	ck_assert_str_eq(cells[1], "Test CPU \\| with a bar (2 cores)");
}

/* The comparison page: the Winners and growth tables, each explanation as
 * explanations.txt gives it with its figures filled in, and the
 * uncertainties. */
static void
assert_comparison_page(const char *page)
{
	assert_comparison_with_2005(page);
	char cells[16][CELL_MAX];
	ck_assert_uint_eq(table_cells(page, "## Winners", "tCreate5000Int32",
	                              cells, 16),
	                  5);
	ck_assert_str_eq(cells[1], "R5");
	ck_assert_str_eq(cells[2], "**Message2**");
	ck_assert_uint_eq(table_cells(page, "## Growth", "Series", cells, 16), 6);
	static const char *const columns[] = {"R5", "Message1", "Message2",
	                                      "Message3", "Message4"};
	for (size_t c = 0; c < 5; c++)
		ck_assert_str_eq(cells[1 + c], columns[c]);
	ck_assert_uint_eq(table_cells(page, "## Growth", "Create Int32", cells,
	                              16),
	                  6);
	ck_assert_str_eq(cells[4], "**1.03 linear → 1.82 quadratic**");
	ck_assert_uint_eq(table_cells(page, "## Growth", "Lookup Int32", cells,
	                              16),
	                  6);
	ck_assert_str_eq(cells[2], "0.00 flat → 0.43 flat");
	ck_assert_uint_eq(table_cells(page, "## Growth", "Read String", cells,
	                              16),
	                  6);
	ck_assert_str_eq(cells[2], "0.50 linear → ERR");
	/* A part per series that differs and has an explanation (Message1's
	 * Flatten String is not in this run). */
	char *explained = section_of(page, "## Why the growth classes differ");
	char titles[8][CELL_MAX];
	ck_assert_uint_eq(headings(explained, 3, titles, 8), 2);
	ck_assert_str_eq(titles[0], "Create Int32");
	ck_assert_str_eq(titles[1], "Lookup Int32");
	ck_assert_ptr_null(strstr(page, "Kept for a series"));
	char *lookup = section_of(explained, "### Lookup Int32");
	/* [Lookup Int32] first, then one item per backend. */
	char *text = paragraph(lookup, 0);
	ck_assert_ptr_nonnull(text);
	ck_assert_str_eq(text, "One shot on a coarse clock: R5 took 2 µs with 5 "
	                       "fields and 2 µs with 5000.");
	free(text);
	ck_assert_uint_eq(list_items(lookup, "- ", NULL), 4);
	char *item;
	ck_assert_uint_eq(list_items(lookup, "- **R5**", &item), 1);
	/* R5's: its classes and exponents, 2005 then today, as the growth
	 * table has them; then [R5 Lookup Int32], its second paragraph
	 * under the item; and a link to R5's uncertainties. */
	const char *own = strstr(item, "A list walk: ");
	ck_assert_msg(own != NULL, "%s", item);
	char *classes = copy_n(item, (size_t)(own - item));
	assert_data(classes, "R5 2005 0.00 1.00", "R5's classes");
	ck_assert_ptr_nonnull(strstr(classes, "flat"));
	ck_assert_ptr_nonnull(strstr(classes, "linear"));
	ck_assert(strstr(classes, "flat") < strstr(classes, "linear"));
	free(classes);
	static const char r5_lookup[] = "A list walk: 760 ns then 7600 ns; "
	                                "2005 2 µs; e 0.00 then, 1.00 "
	                                "now.\n\n  Second paragraph.";
	ck_assert_msg(strncmp(own, r5_lookup, strlen(r5_lookup)) == 0, "%s",
	              item);
	ck_assert_ptr_nonnull(strstr(own, "](#known-uncertainties)"));
	free(item);
	free(lookup);
	char *create = section_of(explained, "### Create Int32");
	ck_assert_uint_eq(list_items(create, "- ", NULL), 1);
	ck_assert_uint_eq(list_items(create, "- **Message3**", &item), 1);
	ck_assert_msg(ends_with(item, " A constructed quadratic: 60000 ns and "
	                              "310 ns, Floor e 1.21."),
	              "%s", item);
	free(item);
	free(create);
	free(explained);
	char *uncertain = section_of(page, "## Known uncertainties");
	ck_assert_uint_eq(list_items(uncertain, "- ", NULL), 1);
	ck_assert_uint_eq(list_items(uncertain, "- **R5**", &item), 1);
	ck_assert_msg(ends_with(item, " Closed source."), "%s", item);
	free(item);
	free(uncertain);
}

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
	/* stdout: the report's tests and plots, and the 2005 counts. */
	const char *summary = strstr(capture.out, "README.md");
	ck_assert_ptr_nonnull(summary);
	/* Its line alone: the lines after it name folders, whose paths may
	 * hold words that read as figures ("/work/x2"). */
	char line[512];
	snprintf(line, sizeof line, "%.*s", (int)strcspn(summary, "\n"),
	         summary);
	assert_data(line, "7 7 2005 4 6 3 5 15", "stdout");
	hu_capture_free(&capture);
	struct report_texts report;
	read_report(temp_dir, &report);
	assert_summary_links_every_page(&report);
	assert_results_page(page_of(&report, "results.md"));
	assert_comparison_page(page_of(&report, "comparison-2005.md"));
	assert_plots(page_of(&report, "README.md"),
	             page_of(&report, "comparison-2005.md"));
	/* A run without libraries or sizes says so in one line each. */
	ck_assert_ptr_nonnull(strstr(page_of(&report, "formats.md"),
	                             "\n\nThis run has no outside libraries "
	                             "(backends of kind `library`)"));
	ck_assert_ptr_nonnull(strstr(page_of(&report, "sizes.md"),
	                             "\n\nThis run has no sizes: "));

	/* A second run gives the same pages, byte for byte, and removes the
	 * plots it no longer draws and the pages the list no longer has;
	 * a file it did not write stays. */
	write_in(temp_dir, "plots/stale.svg", "<svg><g/></svg>");
	write_in(temp_dir, "gone.md", REPORT_PAGE_MARKER " -->\n# Gone\n");
	write_in(temp_dir, "notes.md", "# Someone's notes\n");
	capture = run_report(data_path("report/results-small.json"), temp_dir,
	                     data_path("report/explanations.txt"), NULL, NULL);
	ck_assert_int_eq(capture.status, 0);
	ck_assert(!exists_in(temp_dir, "plots/stale.svg"));
	ck_assert(!exists_in(temp_dir, "gone.md"));
	ck_assert(exists_in(temp_dir, "notes.md"));
	struct report_texts again;
	read_report(temp_dir, &again);
	for (size_t p = 0; p < report.count; p++)
		ck_assert_msg(strcmp(report.texts[p], again.texts[p]) == 0,
		              "%s differs when made again", report.files[p]);
	free_report(&again);
	free_report(&report);
	hu_capture_free(&capture);
	remove_temp();
}
END_TEST

/* The entries of temp_dir whose name holds the output writers' mark:
 * a new or old report folder left behind. */
static size_t
temporaries_in_temp(void)
{
	DIR *listing = opendir(temp_dir);
	ck_assert_ptr_nonnull(listing);
	size_t count = 0;
	struct dirent *entry;
	while ((entry = readdir(listing)) != NULL)
		count += strstr(entry->d_name, ".bench-tmp-") != NULL;
	closedir(listing);
	return count;
}

/* A report of results-small.json into temp/report, with a file of the
 * user's beside the pages and in data/, a page an older report wrote that
 * the list no longer has, and a page whose mode the user changed. */
static void
make_old_report(void)
{
	struct bench_capture capture = run_report(
		data_path("report/results-small.json"), in_temp("report"),
		data_path("report/explanations.txt"), "--gnuplot",
		"/nonexistent/gnuplot");
	ck_assert_msg(capture.status == 0, "%s", capture.err);
	hu_capture_free(&capture);
	write_in(in_temp("report"), "notes.txt", "mine\n");
	write_in(in_temp("report"), "data/mine.txt", "also mine\n");
	write_in(in_temp("report"), "gone.md", REPORT_PAGE_MARKER " -->\n");
	ck_assert_int_eq(chmod(in_temp("report/results.md"), 0600), 0);
}

/* The old report is whole: its summary as `summary`, every file of
 * make_old_report there. */
static void
assert_old_report(const char *summary)
{
	char *now = read_in(in_temp("report"), "README.md");
	ck_assert_str_eq(now, summary);
	free(now);
	ck_assert(exists_in(temp_dir, "report/gone.md"));
	ck_assert(exists_in(temp_dir, "report/notes.txt"));
	ck_assert(exists_in(temp_dir, "report/plots.gp"));
}

/* A report that fails (gnuplot fails) leaves the old one as it was and
 * no new one beside it; one that succeeds carries the user's files,
 * drops the page no longer listed and keeps a page's mode. */
START_TEST(test_a_failed_report_leaves_the_old_one)
{
	make_temp();
	make_old_report();
	char *summary = read_in(in_temp("report"), "README.md");
	char *data = read_in(in_temp("report"), "data/vs2005.csv");
	ck_assert_ptr_nonnull(data);
	/* Another run, whose plots' data differ, into the old report and
	 * into a folder that does not exist yet. */
	static const char *const into[] = {"report", "fresh"};
	for (size_t i = 0; i < 2; i++) {
		char file[4096], dir[4096];
		snprintf(file, sizeof file, "%s",
		         data_path("report/results-answer.json"));
		snprintf(dir, sizeof dir, "%s", in_temp(into[i]));
		struct bench_capture capture = hu_run(
			NULL, 0, NULL, "report", file, "--dir", dir,
			"--reference", REFERENCE_CSV, "--explanations",
			data_path("report/explanations.txt"),
			"--original-explanations",
			data_path("report/explanations-originals.txt"),
			"--gnuplot", "/bin/false", NULL);
		ck_assert_int_eq(capture.status, 1);
		ck_assert_uint_eq(hu_count_lines(capture.err), 1);
		hu_capture_free(&capture);
	}
	assert_old_report(summary);
	char *kept = read_in(in_temp("report"), "data/vs2005.csv");
	ck_assert_str_eq(kept, data);
	free(kept);
	free(data);
	ck_assert(!exists_in(temp_dir, "fresh"));
	ck_assert_uint_eq(temporaries_in_temp(), 0);

	struct bench_capture capture =
		run_report(data_path("report/results-small.json"),
		           in_temp("report"), data_path("report/explanations.txt"),
		           "--gnuplot", "/nonexistent/gnuplot");
	ck_assert_msg(capture.status == 0, "%s", capture.err);
	hu_capture_free(&capture);
	ck_assert(!exists_in(temp_dir, "report/gone.md"));
	char *mine = read_in(in_temp("report"), "notes.txt");
	ck_assert_str_eq(mine, "mine\n");
	free(mine);
	mine = read_in(in_temp("report"), "data/mine.txt");
	ck_assert_str_eq(mine, "also mine\n");
	free(mine);
	struct stat status;
	ck_assert_int_eq(stat(in_temp("report/results.md"), &status), 0);
	ck_assert_uint_eq(status.st_mode & 0777, 0600);
	ck_assert_uint_eq(temporaries_in_temp(), 0);
	free(summary);
	remove_temp();
}
END_TEST

/* A report killed while it draws (its gnuplot kills it) leaves the old
 * report whole; the next one removes what the killed one left. */
START_TEST(test_a_killed_report_leaves_the_old_one)
{
	make_temp();
	make_old_report();
	char *summary = read_in(in_temp("report"), "README.md");
	char killer[4096];
	snprintf(killer, sizeof killer, "%s", in_temp("killer.sh"));
	write_in(temp_dir, "killer.sh", "#!/bin/sh\nkill -9 $PPID\nsleep 5\n");
	ck_assert_int_eq(chmod(killer, 0755), 0);
	pid_t child = fork();
	ck_assert_int_ge(child, 0);
	if (child == 0) {
		struct bench_capture capture = run_report(
			data_path("report/results-small.json"),
			in_temp("report"), data_path("report/explanations.txt"),
			"--gnuplot", killer);
		_exit(capture.status);
	}
	int status;
	ck_assert_int_eq(waitpid(child, &status, 0), child);
	ck_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	assert_old_report(summary);
	ck_assert_uint_eq(temporaries_in_temp(), 1);
	struct bench_capture capture = run_report(
		data_path("report/results-small.json"), in_temp("report"),
		data_path("report/explanations.txt"), "--gnuplot",
		"/nonexistent/gnuplot");
	ck_assert_msg(capture.status == 0, "%s", capture.err);
	hu_capture_free(&capture);
	ck_assert_uint_eq(temporaries_in_temp(), 0);
	free(summary);
	remove_temp();
}
END_TEST

/* A folder the report could not replace is refused in one line before
 * any input is read (the results file here does not exist). */
START_TEST(test_a_report_folder_is_checked_first)
{
	make_temp();
	write_in(temp_dir, "file", "a file\n");
	const char *const dirs[] = {in_temp("file"), in_temp("no/report")};
	const char *const reasons[] = {"not a folder", "no folder"};
	for (size_t i = 0; i < 2; i++) {
		char dir[4096];
		snprintf(dir, sizeof dir, "%s", dirs[i]);
		struct bench_capture capture = run_report(
			in_temp("missing.json"), dir,
			data_path("report/explanations.txt"), NULL, NULL);
		ck_assert_int_eq(capture.status, 2);
		ck_assert_uint_eq(hu_count_lines(capture.err), 1);
		ck_assert_msg(strstr(capture.err, reasons[i]) != NULL, "%s",
		              capture.err);
		hu_capture_free(&capture);
	}
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
	expect_json_error("{\"schema\": 99}", "schema: not a schema this bench "
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
	struct report_texts report;
	read_report(dir, &report);
	assert_summary_links_every_page(&report);
	char *table = read_text(data_path("report/expected-table.md"));
	ck_assert_ptr_nonnull(table);
	ck_assert_ptr_nonnull(strstr(page_of(&report, "results.md"), table));
	free(table);
	/* No plot on any page; the findings start with one paragraph that
	 * names the gnuplot given and where the plots' data and script
	 * are. */
	for (size_t p = 0; p < report.count; p++)
		ck_assert_msg(strstr(report.texts[p], "](plots/") == NULL,
		              "a plot on %s", report.files[p]);
	char *findings = section_of(page_of(&report, "README.md"),
	                            "## Findings");
	char *text = paragraph(findings, 0);
	ck_assert_ptr_nonnull(text);
	ck_assert_ptr_nonnull(strstr(text, "/nonexistent/gnuplot"));
	ck_assert_ptr_nonnull(strstr(text, "`data/`"));
	ck_assert_ptr_nonnull(strstr(text, "`plots.gp`"));
	free(text);
	free(findings);
	assert_comparison_with_2005(page_of(&report, "comparison-2005.md"));
	/* The growth finding: the series that grow faster than linearly
	 * from 500 to 5000 items, with their exponents and classes (Message1's
	 * Read String failed at 5000 and is not a series), out of all. */
	char *growth = section_of(page_of(&report, "README.md"),
	                          "### Time against items");
	text = paragraph(growth, 0);
	assert_data(text, "500 5000 0.5 1.35 Message3 1.82 Message2 1.49 R5 "
	                  "2.01 Message4 2.02 4 14",
	            "the fast growth");
	ck_assert(strstr(text, "1.49, superlinear") != NULL &&
	          strstr(text, "2.02, quadratic") != NULL);
	free(text);
	free(growth);
	ck_assert(!exists_in(dir, "plots/vs2005.svg"));
	ck_assert(exists_in(dir, "plots.gp"));
	free_report(&report);
	hu_capture_free(&capture);
	remove_temp();
}
END_TEST

/* Runs the report without gnuplot on `input` into temp/`dir`; returns its
 * page `file`. */
static char *
page_without_plots(const char *input, const char *dir, const char *file)
{
	struct bench_capture capture = run_report(
		input, in_temp(dir), data_path("report/explanations.txt"),
		"--gnuplot", "/nonexistent/gnuplot");
	ck_assert_msg(capture.status == 0, "status %d: %s", capture.status,
	              capture.err);
	hu_capture_free(&capture);
	char path[4096];
	snprintf(path, sizeof path, "%s", in_temp(dir));
	char *page = read_in(path, file);
	ck_assert_msg(page != NULL, "no %s", file);
	return page;
}

START_TEST(test_schema_1_gives_the_same_page)
{
	/* The same run written in schema 1 (a "haiku" flag per backend; "op",
	 * "items" and "type" per row) and in schema 2: the same pages. */
	make_temp();
	static const char *const files[2] = {"report/results-small.json",
	                                     "report/results-small-schema1.json"};
	for (size_t i = 0; i < 2; i++) {
		/* The pages name their input: the same path for both. */
		char *text = read_text(data_path(files[i]));
		ck_assert_ptr_nonnull(text);
		write_in(temp_dir, "input.json", text);
		free(text);
		free(page_without_plots(in_temp("input.json"),
		                        i == 0 ? "two" : "one", "README.md"));
	}
	size_t count;
	const struct report_page *pages = report_pages(&count);
	for (size_t p = 0; p <= count; p++) {
		const char *file = p < count ? pages[p].file : "README.md";
		char two[4096], one[4096];
		snprintf(two, sizeof two, "%s", in_temp("two"));
		snprintf(one, sizeof one, "%s", in_temp("one"));
		char *a = read_in(two, file), *b = read_in(one, file);
		ck_assert_ptr_nonnull(a);
		ck_assert_ptr_nonnull(b);
		ck_assert_msg(strcmp(a, b) == 0,
		              "schema 1 and schema 2 give different %s", file);
		free(a);
		free(b);
	}
	remove_temp();
}
END_TEST

/* A malloc'd copy of text with the first `old` replaced by `new`. */
static char *
replace_once(const char *text, const char *old, const char *new)
{
	const char *at = strstr(text, old);
	ck_assert_msg(at != NULL, "no '%s'", old);
	size_t size = strlen(text) - strlen(old) + strlen(new) + 1;
	char *out = malloc(size);
	ck_assert_ptr_nonnull(out);
	snprintf(out, size, "%.*s%s%s", (int)(at - text), text, new,
	         at + strlen(old));
	return out;
}

START_TEST(test_retakes_are_named_by_their_schema)
{
	/* Schema 2 counted retaken timed batches, schema 3 retaken samples:
	 * the page says which the run counted. The context's counts come
	 * before the rows', so the first of each key is the one read. */
	make_temp();
	char *two = read_text(data_path("report/results-small.json"));
	ck_assert_ptr_nonnull(two);
	char *a = replace_once(two, "\"schema\": 2", "\"schema\": 3");
	char *b = replace_once(a, "\"retaken_batches\"",
	                       "\"retaken_samples\"");
	char *three = replace_once(b, "\"disturbed_batches\"",
	                           "\"disturbed_samples\"");
	write_in(temp_dir, "three.json", three);
	char *page2 = page_without_plots(data_path("report/results-small.json"),
	                                 "two", "results.md");
	char *page3 = page_without_plots(in_temp("three.json"), "three",
	                                 "results.md");
	ck_assert_ptr_nonnull(strstr(page2, "| Preemption | 2 timed batches "
	                                    "were taken again"));
	ck_assert_ptr_nonnull(strstr(page3, "| Preemption | 2 samples were "
	                                    "taken again"));
	free(page3);
	free(page2);
	free(three);
	free(b);
	free(a);
	free(two);
	remove_temp();
}
END_TEST

START_TEST(test_conditions_are_named_in_the_machine_table)
{
	/* Schema 4 records what the run competed with
	 * (harness/README.md §3.7): the machine table gives the verdict, its reasons and the
	 * figures; an older file's verdict is unknown. */
	make_temp();
	char *two = read_text(data_path("report/results-small.json"));
	ck_assert_ptr_nonnull(two);
	char *a = replace_once(two, "\"schema\": 2", "\"schema\": 4");
	char *b = replace_once(a, "\"retaken_batches\": 2",
	                       "\"retaken_samples\": 300");
	char *four = replace_once(b, "\"disturbed_batches\": 0,",
	        "\"disturbed_samples\": 0, \"load_avg\": [1.7, 1, 1], "
	        "\"conditions\": {\"verdict\": \"disturbed\", \"reasons\": "
	        "\"3.0% of the samples were retaken\", \"samples\": 10000, "
	        "\"load_avg_end\": [3.8, 2, 1], \"busy_cores\": null, "
	        "\"wait_seconds\": 0.05, \"steal_seconds\": 0, "
	        "\"cpu_seconds\": 20, \"measured_seconds\": 10, "
	        "\"mhz_start\": null, \"mhz_end\": null},");
	write_in(temp_dir, "four.json", four);
	char *page4 = page_without_plots(in_temp("four.json"), "four",
	                                 "results.md");
	char *page2 = page_without_plots(data_path("report/results-small.json"),
	                                 "two", "results.md");
	ck_assert_ptr_nonnull(strstr(page4, "\n| Conditions | **disturbed**: "
	        "3.0% of the samples were retaken (the process waited for a CPU "
	        "0.5% of the 10.0 s measured; the hypervisor stole 0.0%; 3.0% "
	        "of the 10000 samples were retaken, 0 kept disturbed; load "
	        "average 1.70 at the start, 3.80 at the end) "
	        "(harness/README.md §3.7) |\n"));
	ck_assert_ptr_nonnull(strstr(page2, "\n| Conditions | unknown: the "
	        "file predates the record of what a run competed with |\n"));
	/* A verdict the reader does not know is refused, naming the key. */
	char *bad = replace_once(four, "\"verdict\": \"disturbed\"",
	                         "\"verdict\": \"calm\"");
	write_in(temp_dir, "bad.json", bad);
	struct bench_capture capture =
		run_report(in_temp("bad.json"), in_temp("bad"),
		           data_path("report/explanations.txt"), NULL, NULL);
	ck_assert_int_eq(capture.status, BENCH_EXIT_FAILED);
	ck_assert_ptr_nonnull(strstr(capture.err, "context.conditions.verdict: "
	                                          "not quiet, disturbed or "
	                                          "unknown"));
	hu_capture_free(&capture);
	free(bad);
	free(page2);
	free(page4);
	free(four);
	free(b);
	free(a);
	free(two);
	remove_temp();
}
END_TEST

START_TEST(test_low_confidence_verdicts_say_how_sure)
{
	/* A verdict less than 95 % sure says so in the results table and is
	 * counted under it; one at or above says nothing more, nor does a
	 * file without confidences (harness/README.md §4.3). */
	make_temp();
	char *plain = read_text(data_path("report/results-small.json"));
	ck_assert_ptr_nonnull(plain);
	char *a = replace_once(plain, "\"winner\": \"Message4\",",
	                       "\"winner\": \"Message4\", "
	                       "\"winner_confidence\": 0.834,");
	char *rated = replace_once(a, "\"haiku_winner\": \"Message2\"",
	                           "\"haiku_winner\": \"Message2\", "
	                           "\"haiku_winner_confidence\": 0.95");
	write_in(temp_dir, "rated.json", rated);
	char *page = page_without_plots(in_temp("rated.json"), "rated",
	                                "results.md");
	char *page_plain = page_without_plots(
	        data_path("report/results-small.json"), "plain", "results.md");
	char cells[16][CELL_MAX];
	size_t count = table_cells(page, "## The results table",
	                           "tCreate500Int32():", cells, 16);
	ck_assert_uint_ge(count, 8);
	ck_assert_str_eq(cells[7], "Message4 (83% sure)");
	ck_assert_str_eq(cells[8], "Message4");
	ck_assert_ptr_nonnull(strstr(page, "\nVerdicts less than 95 % sure: "
	                                   "Winner 1 of 1, Haiku Winner 0 of "
	                                   "1 (the others"));
	count = table_cells(page_plain, "## The results table",
	                    "tCreate500Int32():", cells, 16);
	ck_assert_uint_ge(count, 8);
	ck_assert_str_eq(cells[7], "Message4");
	ck_assert_ptr_null(strstr(page_plain, "Verdicts less than"));
	free(page_plain);
	free(page);
	free(rated);
	free(a);
	free(plain);
	remove_temp();
}
END_TEST

START_TEST(test_tunables_are_named_in_the_machine_table)
{
	/* GLIBC_TUNABLES change glibc's string functions: the page names
	 * them beside its version, and only when the run had them. */
	make_temp();
	char *plain = read_text(data_path("report/results-small.json"));
	ck_assert_ptr_nonnull(plain);
	char *tuned = replace_once(plain, "\"glibc\": \"2.36\",",
	                           "\"glibc\": \"2.36\", \"glibc_tunables\": "
	                           "\"glibc.cpu.x86_rep_movsb_threshold=0x1000\",");
	write_in(temp_dir, "tuned.json", tuned);
	char *page = page_without_plots(in_temp("tuned.json"), "tuned",
	                                "results.md");
	char *page_plain = page_without_plots(
	        data_path("report/results-small.json"), "plain", "results.md");
	char cells[16][CELL_MAX];
	ck_assert_uint_eq(table_cells(page, "## Machine and options",
	                              "C library", cells, 16),
	                  2);
	ck_assert_str_eq(cells[1], "glibc 2.36, `GLIBC_TUNABLES=glibc.cpu."
	                           "x86_rep_movsb_threshold=0x1000`; glibc "
	                           "malloc");
	ck_assert_uint_eq(table_cells(page_plain, "## Machine and options",
	                              "C library", cells, 16),
	                  2);
	ck_assert_str_eq(cells[1], "glibc 2.36; glibc malloc");
	free(page_plain);
	free(page);
	free(tuned);
	free(plain);
	remove_temp();
}
END_TEST

START_TEST(test_far_samples_are_counted_and_named)
{
	/* A sample above 3 times its cell's median is counted, and its cell
	 * named, in the machine table; one at exactly 3 times is not. */
	make_temp();
	char *plain = read_text(data_path("report/results-small.json"));
	ck_assert_ptr_nonnull(plain);
	/* R5's samples of the first row, tCreate500Int32 (median 900). */
	char *at_three = replace_once(plain, "      918.0\n", "      2700\n");
	char *above = replace_once(plain, "      918.0\n", "      2701\n");
	write_in(temp_dir, "three.json", at_three);
	write_in(temp_dir, "above.json", above);
	char *page_plain = page_without_plots(
	        data_path("report/results-small.json"), "plain", "results.md");
	char *page_three = page_without_plots(in_temp("three.json"), "three",
	                                      "results.md");
	char *page_above = page_without_plots(in_temp("above.json"), "above",
	                                      "results.md");
	char cells[16][CELL_MAX];
	ck_assert_uint_eq(table_cells(page_plain, "## Machine and options",
	                              "Far samples", cells, 16),
	                  2);
	ck_assert_msg(strncmp(cells[1], "0 of ", 5) == 0, "%s", cells[1]);
	ck_assert_uint_eq(table_cells(page_three, "## Machine and options",
	                              "Far samples", cells, 16),
	                  2);
	ck_assert_msg(strncmp(cells[1], "0 of ", 5) == 0, "%s", cells[1]);
	/* Longer than a table cell's buffer here: the line itself. */
	ck_assert_ptr_nonnull(strstr(page_above,
	                             "\n| Far samples | 1 of 39 cells had a "
	                             "sample above 3 times their median: "
	                             "tCreate500Int32/R5 (1) "
	                             "(harness/README.md §3.5) |\n"));
	free(page_above);
	free(page_three);
	free(page_plain);
	free(above);
	free(at_three);
	free(plain);
	remove_temp();
}
END_TEST

START_TEST(test_a_difference_within_the_noise)
{
	/* Message2's Lookup Int32 grows flat in 2005 and superlinear here,
	 * and explanations-missing.txt has no entry for it. With the samples
	 * of its 5000-item cell spread to a MAD of 450 around 500, the least
	 * growth the noise allows, log10(50 / 16.16) = 0.49, is flat again:
	 * the page marks the series and it needs no explanation. With a MAD
	 * of 440 the least is 0.57, linear, and the entry is missing again. */
	make_temp();
	char *plain = read_text(data_path("report/results-small.json"));
	ck_assert_ptr_nonnull(plain);
	static const char cell[] = "\"median\": 500,\n     \"min\": 475.0,\n"
	                           "     \"mad\": 5.0,\n     \"samples\": [\n"
	                           "      475.0,\n      500,\n      510.0\n";
	char *noisy = replace_once(plain, cell,
	                           "\"median\": 500,\n     \"min\": 50.0,\n"
	                           "     \"mad\": 450.0,\n     \"samples\": [\n"
	                           "      50.0,\n      500,\n      950.0\n");
	char *less = replace_once(plain, cell,
	                          "\"median\": 500,\n     \"min\": 60.0,\n"
	                          "     \"mad\": 440.0,\n     \"samples\": [\n"
	                          "      60.0,\n      500,\n      940.0\n");
	write_in(temp_dir, "noisy.json", noisy);
	write_in(temp_dir, "less.json", less);
	const char *missing = data_path("report/explanations-missing.txt");

	struct bench_capture capture =
		run_report(in_temp("noisy.json"), in_temp("noisy"), missing,
		           "--gnuplot", "/nonexistent/gnuplot");
	ck_assert_msg(capture.status == 0, "status %d: %s", capture.status,
	              capture.err);
	ck_assert_msg(strstr(capture.out, "each explained (1 more within the "
	                                  "noise)\n") != NULL,
	              "stdout: %s", capture.out);
	hu_capture_free(&capture);
	char dir[4096];
	snprintf(dir, sizeof dir, "%s", in_temp("noisy"));
	char *page = read_in(dir, "comparison-2005.md");
	ck_assert_ptr_nonnull(page);
	char cells[16][CELL_MAX];
	ck_assert_uint_eq(table_cells(page, "## Growth", "Lookup Int32", cells,
	                              16),
	                  6);
	ck_assert_str_eq(cells[3], "0.12 flat → 1.49 superlinear, within the "
	                           "noise");
	ck_assert_ptr_nonnull(strstr(page, " Marked \"within the noise\": 1 "
	                                   "more whose class differs"));
	char *explained = section_of(page, "## Why the growth classes differ");
	ck_assert_ptr_nonnull(explained);
	ck_assert_ptr_null(strstr(explained, "**Message2**"));
	free(explained);
	free(page);

	capture = run_report(in_temp("less.json"), in_temp("less"), missing,
	                     "--gnuplot", "/nonexistent/gnuplot");
	ck_assert_int_eq(capture.status, 1);
	ck_assert_msg(strstr(capture.err, "no explanation for [Message2 "
	                                  "Lookup Int32]") != NULL,
	              "stderr: %s", capture.err);
	hu_capture_free(&capture);
	free(less);
	free(noisy);
	free(plain);
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
	                                 "plain", "results.md");
	char *page = page_without_plots(in_temp("named.json"), "named",
	                                "results.md");
	char cells[16][CELL_MAX];
	ck_assert_uint_eq(table_cells(page, "## The results table",
	                              "tReadMouseMoved():", cells, 16),
	                  9);
	static const char *const row[] = {"tReadMouseMoved():", "41", "42",
	                                  "43", "44", "45", "2.0", "R5",
	                                  "Message1"};
	for (size_t c = 0; c < 9; c++)
		ck_assert_str_eq(cells[c], row[c]);
	ck_assert_ptr_null(strstr(plain, "tReadMouseMoved"));
	/* The 2005 comparison counts the same rows as without it, and never
	 * names the row. */
	char named_dir[4096];
	snprintf(named_dir, sizeof named_dir, "%s", in_temp("named"));
	char *comparison = read_in(named_dir, "comparison-2005.md");
	ck_assert_ptr_nonnull(comparison);
	assert_comparison_with_2005(comparison);
	ck_assert_ptr_null(strstr(comparison, "tReadMouseMoved"));
	free(comparison);
	free(text);
	free(good);
	free(plain);
	free(page);
	remove_temp();
}
END_TEST

/* A row of the real operations, with these medians (R5 to Message4,
 * Floor) and verdicts. */
static void
put_real_row(char *out, size_t out_size, const char *op, const char *message,
             const int medians[6], const char *winner, const char *haiku)
{
	snprintf(out, out_size,
	         "{\"test\": \"t%s%s\", \"operation\": \"%s\", "
	         "\"workload\": {\"message\": \"%s\"}, \"cells\": {"
	         "\"R5\": {\"median\": %d}, \"Message1\": {\"median\": %d}, "
	         "\"Message2\": {\"median\": %d}, \"Message3\": {\"median\": %d}, "
	         "\"Message4\": {\"median\": %d}, \"Floor\": {\"median\": %d}}, "
	         "\"winner\": \"%s\", \"haiku_winner\": \"%s\"},\n",
	         op, message, op, message, medians[0], medians[1], medians[2],
	         medians[3], medians[4], medians[5], winner, haiku);
}

START_TEST(test_real_messages_section)
{
	ck_assert_msg(gnuplot_in_path(), "gnuplot is not in PATH");
	make_temp();
	char *good = read_text(data_path("report/results-small.json"));
	ck_assert_ptr_nonnull(good);
	/* Message4 the fastest Haiku design on the sent messages, Message2
	 * on the stored ones. */
	static const int send[6] = {100, 400, 300, 250, 200, 5};
	static const int receive[6] = {120, 480, 360, 300, 240, 5};
	static const int load[6] = {9000, 30000, 10000, 20000, 40000, 80};
	static const int save[6] = {8000, 32000, 16000, 24000, 48000, 80};
	char rows[4][512];
	put_real_row(rows[0], sizeof rows[0], "Send", "KeyDown", send, "R5",
	             "Message4");
	put_real_row(rows[1], sizeof rows[1], "Receive", "KeyDown", receive,
	             "R5", "Message4");
	put_real_row(rows[2], sizeof rows[2], "Load", "SplashIcons", load,
	             "R5", "Message2");
	put_real_row(rows[3], sizeof rows[3], "Save", "SplashIcons", save,
	             "R5", "Message2");
	const char *at_rows = strstr(good, "\"rows\": [");
	ck_assert_ptr_nonnull(at_rows);
	size_t at = (size_t)(at_rows - good) + strlen("\"rows\": [");
	size_t size = strlen(good) + sizeof rows + 1;
	char *text = malloc(size);
	ck_assert_ptr_nonnull(text);
	snprintf(text, size, "%.*s%s%s%s%s%s", (int)at, good, rows[0], rows[1],
	         rows[2], rows[3], good + at);
	write_in(temp_dir, "real.json", text);
	char page_dir[4096];
	join(page_dir, sizeof page_dir, temp_dir, "page");
	struct bench_capture capture =
		run_report(in_temp("real.json"), page_dir,
		           data_path("report/explanations.txt"), NULL, NULL);
	ck_assert_msg(capture.status == 0, "status %d: %s", capture.status,
	              capture.err);
	char *page = read_in(page_dir, "real-messages.md");
	ck_assert_ptr_nonnull(page);
	char *section = section_of(page, "# Real messages");
	/* A table per operation, in this order, then the ranking. */
	char titles[8][CELL_MAX];
	ck_assert_uint_eq(headings(section, 2, titles, 8), 5);
	static const char *const operations[] = {"Send:", "Receive:", "Load:",
	                                         "Save:"};
	for (size_t i = 0; i < 4; i++)
		ck_assert_msg(strncmp(titles[i], operations[i],
		                      strlen(operations[i])) == 0,
		              "heading %zu: %s", i, titles[i]);
	char cells[16][CELL_MAX];
	ck_assert_uint_eq(table_cells(section, "## Send", "KeyDown", cells, 16),
	                  9);
	static const char *const sent[] = {"KeyDown", "100", "400", "300",
	                                   "250", "200", "5.0", "R5",
	                                   "Message4"};
	for (size_t c = 0; c < 9; c++)
		ck_assert_str_eq(cells[c], sent[c]);
	ck_assert_uint_eq(table_cells(section, "## Load", "SplashIcons", cells,
	                              16),
	                  9);
	ck_assert_str_eq(cells[1], "9000");
	/* One chart per operation, each a well-formed SVG of its data. */
	static const char *const charts[] = {"real-send", "real-receive",
	                                     "real-load", "real-save"};
	for (size_t c = 0; c < 4; c++) {
		char name[64];
		snprintf(name, sizeof name, "](plots/%s.svg)", charts[c]);
		ck_assert_msg(strstr(section, name) != NULL, "no %s", name);
		snprintf(name, sizeof name, "plots/%s.svg", charts[c]);
		char *svg = read_in(page_dir, name);
		ck_assert_msg(svg != NULL, "%s is missing", name);
		char why[256];
		ck_assert_msg(svg_well_formed(svg, why, sizeof why), "%s: %s",
		              name, why);
		free(svg);
	}
	char *csv = read_in(page_dir, "data/real-send.csv");
	ck_assert_ptr_nonnull(csv);
	/* The rows give no MAD: 0. */
	ck_assert_str_eq(csv, "message,R5,R5 MAD,Message1,Message1 MAD,"
	                      "Message2,Message2 MAD,Message3,Message3 MAD,"
	                      "Message4,Message4 MAD\n"
	                      "KeyDown,1,0,4,0,3,0,2.5,0,2,0\n");
	free(csv);
	/* The ranking, in its table (columns: the 2005 matrix, the messages
	 * sent, the messages stored, the matrix's Flatten and Unflatten,
	 * which this run lacks): Message3 is x1.25 of Message4 on both sent
	 * rows. */
	char heading[CELL_MAX + 8];
	snprintf(heading, sizeof heading, "## %s", titles[4]);
	char *ranking = section_of(section, heading);
	ck_assert_uint_eq(table_cells(ranking, heading, "Message3", cells, 16),
	                  5);
	ck_assert_str_eq(cells[2], "0 wins, 0 Haiku wins, x1.25");
	ck_assert_str_eq(cells[4], "0 wins");
	/* The pick after it: for sent messages Message4 (the fastest Haiku
	 * design in 2 of 2 rows, x1.00), for stored ones Message2 (2 of 2,
	 * x1.00), on the 2005 matrix Message2 (2 of 7, x1.21); since the
	 * picks differ, its verdict is that the real rows change the
	 * matrix's ranking (they "confirm" it when the three agree). */
	char *pick = paragraph(ranking, 1);
	assert_data(pick, "Message4 2 2 x1.00 Message2 2 2 x1.00 2005 Message2 "
	                  "2 7 x1.21",
	            "the pick");
	ck_assert_ptr_nonnull(strstr(pick, "change"));
	ck_assert_ptr_null(strstr(pick, "confirm"));
	free(pick);
	free(ranking);
	free(section);
	free(page);
	/* The summary's finding: the picks for IPC (the sent rows) and for
	 * storage (the stored rows; the run has no Flatten or Unflatten row),
	 * with the four charts. */
	page = read_in(page_dir, "README.md");
	ck_assert_ptr_nonnull(page);
	section = section_of(page, "### Which Haiku design to pick");
	assert_item_data(section, "- **IPC**", "Message4 2 2", "the IPC pick");
	assert_item_data(section, "- **Storage**", "Message2 2 2 0 0",
	                 "the storage pick");
	for (size_t c = 0; c < 4; c++) {
		char name[64];
		snprintf(name, sizeof name, "](plots/%s.svg)", charts[c]);
		ck_assert_msg(strstr(section, name) != NULL, "no %s", name);
	}
	free(section);
	free(page);
	hu_capture_free(&capture);
	/* Without real rows the page is one paragraph naming the rows it
	 * looks for: no table, no heading. */
	char *plain = page_without_plots(data_path("report/results-small.json"),
	                                 "plain", "real-messages.md");
	section = section_of(plain, "# Real messages");
	ck_assert_uint_eq(headings(section, 2, titles, 8), 0);
	ck_assert_ptr_null(strchr(section, '|'));
	/* After the line that names the report. */
	char *text_line = paragraph(section, 1), *more = paragraph(section, 2);
	ck_assert_ptr_nonnull(text_line);
	ck_assert_ptr_null(more);
	static const char *const real_rows[] = {"tSend", "tReceive", "tLoad",
	                                        "tSave"};
	for (size_t i = 0; i < 4; i++)
		ck_assert_ptr_nonnull(strstr(text_line, real_rows[i]));
	free(text_line);
	free(section);
	free(plain);
	free(text);
	free(good);
	remove_temp();
}
END_TEST

/* The number of times `what` occurs in text. */
static size_t
occurrences(const char *text, const char *what)
{
	size_t count = 0;
	for (const char *at = strstr(text, what); at != NULL;
	     at = strstr(at + 1, what))
		count++;
	return count;
}

/* plots.gp of the report in dir with, in the part of plot `name`, the
 * first line starting with `setting` replaced by `line`; then gnuplot on
 * it, which must stop at the check of that plot, saying so in one line. */
static void
assert_check_stops(const char *dir, const char *name, const char *setting,
                   const char *line)
{
	char *script = read_in(dir, "plots.gp");
	ck_assert_ptr_nonnull(script);
	char head[128];
	snprintf(head, sizeof head, "\n# --- %s: ", name);
	char *part = strstr(script, head);
	ck_assert_msg(part != NULL, "no plot %s", name);
	char *old = strstr(part, setting);
	ck_assert_msg(old != NULL, "%s: no %s", name, setting);
	char *changed = copy_n(script, (size_t)(old - script));
	size_t size = strlen(script) + strlen(line) + 2;
	changed = realloc(changed, size);
	ck_assert_ptr_nonnull(changed);
	snprintf(changed + (old - script), size - (size_t)(old - script),
	         "%s%s", line, old + strcspn(old, "\n"));
	write_in(dir, "plots.gp", changed);
	struct report_plots none = {0};
	FILE *err = tmpfile();
	ck_assert_ptr_nonnull(err);
	char why[REPORT_WHY_MAX];
	ck_assert(!report_draw_plots(dir, "gnuplot", false, &none, err, why,
	                             sizeof why));
	char said[1024] = "";
	rewind(err);
	size_t got = fread(said, 1, sizeof said - 1, err);
	said[got] = '\0';
	fclose(err);
	ck_assert_msg(strstr(why, "exit status 3") != NULL, "%s: %s", why,
	              said);
	char expected[128];
	snprintf(expected, sizeof expected, "plots.gp: %s: ", name);
	ck_assert_msg(strncmp(said, expected, strlen(expected)) == 0 &&
	                      strstr(said, " would be cut off\n") != NULL &&
	                      hu_count_lines(said) == 1,
	              "gnuplot said: %s", said);
	write_in(dir, "plots.gp", script);
	free(changed);
	free(script);
}

/*
 * Every plot names the run's machine, date and commit (shortened to 12
 * hex digits, its "-dirty" kept) and draws the spread of its samples: the
 * data give each time's MAD beside it (divided alike in the bar charts),
 * and every plot draws error bars from it. A MAD constructed on one cell
 * (Message2's tCreate5000Int32, the fastest of its row in the fixture)
 * shows which column is which. The script stops, naming the plot, when a label would
 * be cut off: a bar chart whose bottom margin is too small for its x
 * labels, a plot too narrow for its title.
 */
START_TEST(test_plots_name_the_run_and_show_the_spread)
{
	ck_assert_msg(gnuplot_in_path(), "gnuplot is not in PATH");
	make_temp();
	char *good = read_text(data_path("report/results-small.json"));
	ck_assert_ptr_nonnull(good);
	char *a = replace_once(good, "\"mad\": 80.0,", "\"mad\": 123.5,");
	char *text = replace_once(a, "01234567\",", "01234567-dirty\",");
	write_in(temp_dir, "run.json", text);
	char dir[4096];
	snprintf(dir, sizeof dir, "%s", in_temp("page"));
	struct bench_capture capture =
		run_report(in_temp("run.json"), dir,
		           data_path("report/explanations.txt"), NULL, NULL);
	ck_assert_msg(capture.status == 0, "%s", capture.err);
	ck_assert_msg(capture.err[0] == '\0', "stderr: %s", capture.err);
	hu_capture_free(&capture);
	char *csv = read_in(dir, "data/scaling-create-int32.csv");
	ck_assert_ptr_nonnull(strstr(csv, "\n5000,9000,90,30000,300,8000,123.5,"));
	free(csv);
	csv = read_in(dir, "data/relative-5000.csv");
	ck_assert_ptr_nonnull(strstr(csv, "\nCreate Int32,1.125,0.01125,3.75,"
	                                  "0.0375,1,0.0154375,"));
	free(csv);
	static const char *const run_lines[] = {
		"Machine: Test CPU | with a bar (2 cores)",
		"Run: 2026-01-02T03:04:05Z, commit 0123456789ab-dirty",
	};
	char *script = read_in(dir, "plots.gp");
	ck_assert_ptr_nonnull(script);
	size_t plots = occurrences(script, "\n# --- ");
	ck_assert_uint_eq(plots, 7);
	/* Error bars: a curve per backend in the three scaling plots and the
	 * Floor in two (Lookup has none), the bar charts' style, today's
	 * points in the 2005 plot. */
	ck_assert_uint_eq(occurrences(script, " with yerrorlines "), 3 * 5 + 2);
	ck_assert_uint_eq(occurrences(script, "set style histogram errorbars"),
	                  3);
	ck_assert_uint_eq(occurrences(script, " with yerrorbars "), 4);
	for (const char *part = strstr(script, "\n# --- "); part != NULL;
	     part = strstr(part + 1, "\n# --- ")) {
		char name[64];
		snprintf(name, sizeof name, "plots/%.*s.svg",
		         (int)strcspn(part + 7, ":"), part + 7);
		char *svg = read_in(dir, name);
		ck_assert_msg(svg != NULL, "%s is missing", name);
		for (size_t i = 0; i < 2; i++)
			ck_assert_msg(strstr(svg, run_lines[i]) != NULL,
			              "%s does not say '%s'", name, run_lines[i]);
		ck_assert_msg(strstr(svg, "MAD") != NULL,
		              "%s does not say what its error bars are", name);
		free(svg);
	}
	free(script);
	assert_check_stops(dir, "relative-5000", "set bmargin ",
	                   "set bmargin 4");
	assert_check_stops(dir, "scaling-create-int32", "\tset terminal svg ",
	                   "\tset terminal svg size 560,560 noenhanced "
	                   "font 'Arial,13'");
	free(text);
	free(a);
	free(good);
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


/* --- What depends on the toolchain ---------------------------------------- */

START_TEST(test_toolchain_counts)
{
	struct report_sensitivity sensitivity;
	char why[REPORT_WHY_MAX];
	ck_assert_msg(report_load_sensitivity(data_path("report/toolchain"),
	                                      &sensitivity, why, sizeof why),
	              "%s", why);
	ck_assert(sensitivity.present);
	ck_assert_uint_eq(sensitivity.run_count, 4);
	ck_assert_uint_eq(sensitivity.config_count, 3);
	ck_assert_uint_eq(sensitivity.row_count, 4);
	ck_assert(sensitivity.has_noise);
	/* The repeated configuration first, its runs by date; then the
	 * others by file name. */
	static const char *const order[] = {"gcc-glibc", "gcc-glibc-again",
	                                    "clang-glibc", "gcc-jemalloc"};
	for (size_t i = 0; i < 4; i++)
		ck_assert_str_eq(sensitivity.runs[i].label, order[i]);
	ck_assert_str_eq(report_sensitivity_column(&sensitivity, 1)->label,
	                 "clang-glibc");
	ck_assert_ptr_null(report_sensitivity_column(&sensitivity, 3));
	/* Winner: kept on tRead50Int32 only; tCreate5Int32 changes only to
	 * a tie; tRead5Int32 also changes between the two default runs. */
	const struct report_verdict_tally *winner = &sensitivity.tallies[0];
	ck_assert_uint_eq(winner->kept, 1);
	ck_assert_uint_eq(winner->between_backends, 2);
	ck_assert_uint_eq(winner->noise, 1);
	ck_assert_uint_eq(winner->changes_and_noisy, 1);
	const bool winner_changes[] = {true, true, true, false};
	const bool winner_noisy[] = {false, false, true, false};
	const struct report_verdict_tally *haiku = &sensitivity.tallies[1];
	ck_assert_uint_eq(haiku->kept, 2);
	ck_assert_uint_eq(haiku->between_backends, 2);
	ck_assert_uint_eq(haiku->noise, 0);
	const bool haiku_changes[] = {false, true, true, false};
	for (size_t r = 0; r < 4; r++) {
		ck_assert_int_eq(winner->changes[r], winner_changes[r]);
		ck_assert_int_eq(winner->noisy[r], winner_noisy[r]);
		ck_assert_int_eq(haiku->changes[r], haiku_changes[r]);
		ck_assert(!haiku->noisy[r]);
	}
	report_sensitivity_free(&sensitivity);

	/* No folder: not an error, and said once. */
	make_temp();
	ck_assert(report_load_sensitivity(in_temp("none"), &sensitivity, why,
	                                  sizeof why));
	ck_assert(!sensitivity.present);
	ck_assert_ptr_nonnull(strstr(sensitivity.skipped, "none"));
	report_sensitivity_free(&sensitivity);
	remove_temp();
}
END_TEST

static char *
toolchain_page(const char *sensitivity, const char *dir,
               struct bench_capture *capture)
{
	char dir_copy[4096], folder[4096];
	snprintf(dir_copy, sizeof dir_copy, "%s", dir);
	snprintf(folder, sizeof folder, "%s", sensitivity);
	*capture = hu_run(NULL, 0, NULL, "report",
	                  data_path("report/results-small.json"), "--dir",
	                  dir_copy, "--reference", REFERENCE_CSV,
	                  "--explanations", data_path("report/explanations.txt"),
	                  "--gnuplot", "/nonexistent/gnuplot", "--sensitivity",
	                  folder, NULL);
	if (capture->status != 0)
		return NULL;
	return read_in(dir_copy, "toolchain.md");
}

START_TEST(test_toolchain_section)
{
	make_temp();
	struct bench_capture capture;
	char *page = toolchain_page(data_path("report/toolchain"),
	                            in_temp("page"), &capture);
	ck_assert_msg(page != NULL, "status %d: %s", capture.status,
	              capture.err);
	const char *section = "# What depends on the toolchain";
	char summary_dir[4096];
	snprintf(summary_dir, sizeof summary_dir, "%s", in_temp("page"));
	char *summary = read_in(summary_dir, "README.md");
	ck_assert_ptr_nonnull(summary);
	ck_assert_ptr_nonnull(strstr(summary, "](toolchain.md)"));
	free(summary);
	char cells[16][CELL_MAX];
	/* The runs, in column order, with what was in use. */
	ck_assert_uint_eq(table_cells(page, section, "gcc-jemalloc", cells, 16),
	                  5);
	ck_assert_str_eq(cells[1], "GCC 12.2.0");
	ck_assert_ptr_nonnull(strstr(cells[2], "jemalloc 5.3.0"));
	ck_assert_str_eq(cells[4], "0.10");
	ck_assert(strstr(page, "| gcc-glibc ") < strstr(page, "| gcc-glibc-again "));
	ck_assert(strstr(page, "| gcc-glibc-again ") < strstr(page, "| clang-glibc "));
	/* Its commit. */
	ck_assert_ptr_nonnull(strstr(strstr(page, section),
	                             "89abcdef0123456789abcdef0123456789abcdef"));
	/* The verdicts: tCreate50Int32 in the four runs. */
	const char *verdicts = "## Verdicts per configuration";
	ck_assert_uint_eq(table_cells(page, verdicts, "tCreate50Int32", cells, 16),
	                  5);
	ck_assert_str_eq(cells[1], "R5 / Message2");
	ck_assert_str_eq(cells[2], "R5 / Message2");
	ck_assert_str_eq(cells[3], "**Message4** / **Message4**");
	ck_assert_str_eq(cells[4], "R5 / Message2");
	ck_assert_uint_eq(table_cells(page, verdicts, "tRead5Int32", cells, 16), 5);
	ck_assert_str_eq(cells[2], "**-** / Message2");
	/* The rows that change, each with every run's medians; the kept
	 * one is not listed. */
	const char *changed = "## The rows that change";
	const char *list = strstr(page, changed);
	ck_assert_ptr_nonnull(list);
	ck_assert_ptr_nonnull(strstr(list, "### tCreate5Int32\n"));
	ck_assert_ptr_nonnull(strstr(list, "### tCreate50Int32\n"));
	ck_assert_ptr_nonnull(strstr(list, "### tRead5Int32\n"));
	ck_assert_ptr_null(strstr(list, "### tRead50Int32"));
	ck_assert_uint_eq(table_cells(page, "### tCreate50Int32", "clang-glibc",
	                              cells, 16),
	                  7);
	ck_assert_str_eq(cells[1], "1000");
	ck_assert_str_eq(cells[3], "700");
	ck_assert_str_eq(cells[4], "2.5");
	ck_assert_str_eq(cells[5], "Message4");
	free(page);
	hu_capture_free(&capture);

	/* No folder: the page is its heading, the line naming the report, and
	 * one line. */
	page = toolchain_page(in_temp("absent"), in_temp("page2"), &capture);
	ck_assert_msg(page != NULL, "status %d: %s", capture.status,
	              capture.err);
	const char *text = strstr(page, section);
	ck_assert_ptr_nonnull(text);
	text += strlen(section);
	size_t lines = 0;
	for (const char *p = text; *p != '\0' && strncmp(p, "\n#", 2) != 0; p++)
		lines += *p == '\n' && p[1] != '\n' && p[1] != '\0' &&
		         p[1] != '#';
	ck_assert_uint_eq(lines, 2);
	ck_assert_ptr_nonnull(strstr(text, "absent"));
	/* stderr says only that the plots were skipped. */
	ck_assert_uint_eq(hu_count_lines(capture.err), 1);
	ck_assert_ptr_nonnull(strstr(capture.err, "plots skipped"));
	free(page);
	hu_capture_free(&capture);
	remove_temp();
}
END_TEST

/* Copies the toolchain fixtures into temp/name, with `file` replaced by
 * `text` (when given). */
static void
copy_toolchain(const char *name, const char *file, const char *text)
{
	char dir[4096];
	snprintf(dir, sizeof dir, "%s", in_temp(name));
	ck_assert_int_eq(mkdir(dir, 0755), 0);
	static const char *const files[] = {"gcc-glibc.json",
	                                    "gcc-glibc-again.json",
	                                    "clang-glibc.json",
	                                    "gcc-jemalloc.json"};
	for (size_t i = 0; i < 4; i++) {
		char from[4096];
		snprintf(from, sizeof from, "report/toolchain/%s", files[i]);
		char *content = read_text(data_path(from));
		ck_assert_ptr_nonnull(content);
		write_in(dir, files[i],
		         file != NULL && strcmp(file, files[i]) == 0 ? text
		                                                    : content);
		free(content);
	}
}

START_TEST(test_toolchain_bad_files)
{
	make_temp();
	char *good = read_text(data_path("report/toolchain/clang-glibc.json"));
	ck_assert_ptr_nonnull(good);
	size_t size = strlen(good) + 64;
	char *bad = malloc(size);
	ck_assert_ptr_nonnull(bad);
	/* Another row in one file: tRead500Int32 for tRead50Int32. */
	char *renamed = replace_once(good, "\"tRead50Int32\"",
	                             "\"tRead500Int32\"");
	char *other_row = replace_once(strstr(renamed, "\"tRead500Int32\""),
	                               "\"items\": 50\n", "\"items\": 500\n");
	size_t head = (size_t)(strstr(renamed, "\"tRead500Int32\"") - renamed);
	snprintf(bad, size, "%.*s%s", (int)head, renamed, other_row);
	free(renamed);
	free(other_row);
	copy_toolchain("rows", "clang-glibc.json", bad);
	/* Instruction counts in one file. */
	const char *unit = strstr(good, "\"unit\": \"ns\"");
	ck_assert_ptr_nonnull(unit);
	snprintf(bad, size, "%.*s\"unit\": \"instructions\"%s",
	         (int)(unit - good), good, unit + strlen("\"unit\": \"ns\""));
	copy_toolchain("unit", "clang-glibc.json", bad);
	copy_toolchain("broken", "gcc-jemalloc.json", "{\"schema\": 2,");
	static const struct {
		const char *dir;
		const char *words;
	} cases[] = {
		{"rows", "not the same tests and backends"},
		{"unit", "unit"},
		{"broken", "gcc-jemalloc.json"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct bench_capture capture;
		char out[64];
		snprintf(out, sizeof out, "out-%s", cases[i].dir);
		char *page = toolchain_page(in_temp(cases[i].dir), in_temp(out),
		                            &capture);
		ck_assert_ptr_null(page);
		ck_assert_int_eq(capture.status, 1);
		ck_assert_msg(strstr(capture.err, cases[i].words) != NULL &&
		                      (i == 2 || strstr(capture.err,
		                                        "clang-glibc.json") != NULL),
		              "%s: %s", cases[i].dir, capture.err);
		ck_assert_uint_eq(hu_count_lines(capture.err), 1);
		ck_assert(!exists_in(temp_dir, out));
		hu_capture_free(&capture);
	}
	free(bad);
	free(good);
	remove_temp();
}
END_TEST

/* --- The block of README.md --------------------------------------------- */

START_TEST(test_answer_counts)
{
	/* results-answer.json (constructed): Message4 the Haiku Winner of
	 * both sent rows, the stored row and the Flatten row, Message3 of
	 * tCreate5Int32; Message5 above R5 on tReceiveKeyDown beyond the tie
	 * rule, below the best elsewhere; the originals agree with the
	 * re-creations but on tReceiveKeyDown, where Message3-2005 beats
	 * Haiku-original. */
	struct bench_run_file run;
	char why[REPORT_WHY_MAX];
	ck_assert_msg(bench_run_file_load(data_path("report/results-answer.json"),
	                                  BENCH_READ_MEASURED, &run, why,
	                                  sizeof why),
	              "%s", why);
	struct report_answer answer;
	ck_assert(report_answer(&run, &answer));
	ck_assert_str_eq(run.backends[answer.ipc].name, "Message4");
	ck_assert_str_eq(run.backends[answer.storage].name, "Message4");
	ck_assert_uint_eq(answer.rows[REPORT_GROUP_SENT], 2);
	ck_assert_uint_eq(answer.pick_wins[REPORT_GROUP_SENT], 2);
	ck_assert_uint_eq(answer.rows[REPORT_GROUP_STORED], 1);
	ck_assert_uint_eq(answer.pick_wins[REPORT_GROUP_STORED], 1);
	ck_assert_uint_eq(answer.rows[REPORT_GROUP_FLAT], 1);
	ck_assert_uint_eq(answer.pick_wins[REPORT_GROUP_FLAT], 1);
	ck_assert_uint_eq(answer.agreement.rows, 5);
	ck_assert_uint_eq(answer.agreement.same, 4);
	ck_assert_uint_eq(answer.agreement.use_rows, 4);
	ck_assert_uint_eq(answer.agreement.use_same, 3);
	size_t proposal = bench_run_file_backend(&run, "Message5");
	struct report_proposal_tally tally;
	ck_assert(report_tally_proposal(&run, proposal, &tally));
	ck_assert_uint_eq(tally.known, 5);
	ck_assert_uint_eq(tally.held, 4);
	ck_assert_uint_eq(tally.by_floor, 0);
	/* Fastest overall on all but tReceiveKeyDown, where R5 is. */
	ck_assert_uint_eq(tally.fastest, 4);
	/* (0.9 * 130/120 * 8000/9000 * 7/9 * 53/91)^(1/5) */
	ck_assert_double_eq_tol(tally.mean_ratio, 0.82945, 1e-4);
	bench_run_file_free(&run);
}
END_TEST

/*
 * The rows where a backend is fastest overall: the tie rule among every
 * backend of the run. results-fastest.json (constructed), Message5 on its
 * rows: tCreate5Int32 the fastest by far (counted); tCreate5String the
 * lowest median but within 2 % of R5 (a tie); tLookup5Int32 11 % below
 * R5, whose MAD is 15 % of its median (a tie by the noise); tRead5Int32
 * below every backend that competes but above Haiku-original (the
 * original counted); tRead5String failed; tFlatten5Int32 the fastest
 * backend, the Floor below it (counted); tSendKeyDown the fastest, in the
 * group of messages sent. Counting the lowest median, leaving out the
 * original code or the MAD, or taking in the Floor gives other counts.
 */
START_TEST(test_fastest_overall)
{
	struct bench_run_file run;
	char why[REPORT_WHY_MAX];
	ck_assert_msg(bench_run_file_load(data_path("report/results-fastest.json"),
	                                  BENCH_READ_MEASURED, &run, why,
	                                  sizeof why),
	              "%s", why);
	size_t proposal = bench_run_file_backend(&run, "Message5");
	size_t original = bench_run_file_backend(&run, "Haiku-original");
	struct report_ranking ranking;
	ck_assert(report_rank(&run, &ranking));
	ck_assert_uint_eq(ranking.rows[REPORT_GROUP_2005], 6);
	ck_assert_uint_eq(ranking.standings[REPORT_GROUP_2005][proposal].fastest,
	                  2);
	ck_assert_uint_eq(ranking.standings[REPORT_GROUP_2005][original].fastest,
	                  1);
	ck_assert_uint_eq(ranking.standings[REPORT_GROUP_SENT][proposal].fastest,
	                  1);
	ck_assert_uint_eq(ranking.standings[REPORT_GROUP_FLAT][proposal].fastest,
	                  1);
	/* It never counts as Winner. */
	ck_assert_uint_eq(ranking.standings[REPORT_GROUP_2005][proposal].wins, 0);
	report_ranking_free(&ranking);
	struct report_proposal_tally tally;
	ck_assert(report_tally_proposal(&run, proposal, &tally));
	ck_assert_uint_eq(tally.known, 6);
	ck_assert_uint_eq(tally.fastest, 3);
	bench_run_file_free(&run);

	/* The ranking table gives the counts beside the Winner counts, and
	 * the answer and the results page the proposal's. */
	make_temp();
	char dir[4096];
	snprintf(dir, sizeof dir, "%s", in_temp("report"));
	struct bench_capture capture = hu_run(
		NULL, 0, NULL, "report", data_path("report/results-fastest.json"),
		"--dir", dir, "--reference", REFERENCE_CSV, "--explanations",
		data_path("report/explanations.txt"), "--original-explanations",
		data_path("report/explanations-originals.txt"), "--gnuplot",
		"/nonexistent/gnuplot", NULL);
	ck_assert_msg(capture.status == 0, "%s", capture.err);
	hu_capture_free(&capture);
	char *page = read_in(dir, "real-messages.md");
	ck_assert_ptr_nonnull(page);
	char cells[16][CELL_MAX];
	static const char *const expected[][5] = {
		{"Message5", "2 fastest overall, never Winner",
		 "1 fastest overall, never Winner",
		 "0 fastest overall, never Winner",
		 "1 fastest overall, never Winner"},
		{"Haiku-original", "1 fastest overall, never Winner",
		 "0 fastest overall, never Winner",
		 "0 fastest overall, never Winner",
		 "0 fastest overall, never Winner"},
		{"R5", "5 wins", "1 wins", "0 wins", "1 wins"},
	};
	for (size_t b = 0; b < 3; b++) {
		ck_assert_uint_eq(table_cells(page, "## Against the 2005 matrix",
		                              expected[b][0], cells, 16),
		                  5);
		for (size_t c = 1; c < 5; c++)
			ck_assert_str_eq(cells[c], expected[b][c]);
	}
	free(page);
	page = read_in(dir, "README.md");
	ck_assert_ptr_nonnull(page);
	assert_item_data(page, "- **Message5**",
	                 "Message5 5 6 R5 Message3 Message4 0 Floor 3",
	                 "the proposal's standing");
	free(page);
	page = read_in(dir, "results.md");
	ck_assert_ptr_nonnull(page);
	char *text = paragraph(strstr(page, "\nMessage5 holds "), 0);
	assert_data(text, "Message5 5 6 0 1.1 Floor 3", "the results page");
	free(text);
	free(page);
	remove_temp();
}
END_TEST

/* The first paragraph of the part of `page` under `heading` (its line
 * under the heading). */
static char *
head_of(const char *page, const char *heading)
{
	char *part = section_of(page, heading);
	char *text = paragraph(part, 0);
	ck_assert_msg(text != NULL, "nothing under %s", heading);
	free(part);
	return text;
}

/* Fails unless text holds every one of `needles` (NULL-terminated). */
static void
assert_holds(const char *text, const char *const *needles, const char *what)
{
	for (size_t i = 0; needles[i] != NULL; i++)
		ck_assert_msg(strstr(text, needles[i]) != NULL,
		              "%s does not name %s:\n%s", what, needles[i], text);
}

/*
 * A page shows no run but the reported one, except where it says at its
 * top which other runs it shows: the toolchain page and its section of the
 * summary (the runs of scripts/sensitivity: how many, their folder and
 * commit) and the page on the original code and its section (the counted
 * run: its file, date and commit; {count:X:B} puts its counts into the
 * explanations). The other pages' line under their heading names the
 * reported run alone.
 */
START_TEST(test_other_runs_are_named)
{
	make_temp();
	char *timed = read_text(data_path("report/results-answer.json"));
	ck_assert_ptr_nonnull(timed);
	char *a = replace_once(timed, "\"unit\": \"ns\"",
	                       "\"unit\": \"instructions\"");
	char *b = replace_once(a, "2026-01-02T03:04:05Z", "2026-02-03T04:05:06Z");
	char *counted = replace_once(b, "0123456789abcdef0123456789abcdef01234567",
	                             "fedcba9876543210fedcba9876543210fedcba98");
	write_in(temp_dir, "counted.json", counted);
	write_in(temp_dir, "notes.txt",
	         "[Message4 Flatten Int32]\n"
	         "Counted: {count:5:Message4} against {count:5:Haiku-original}."
	         "\n\n[Message3 Flatten Int32]\nTimed: {now:5:Message3}.\n");
	char dir[4096], notes[4096], counts[4096];
	snprintf(dir, sizeof dir, "%s", in_temp("page"));
	snprintf(notes, sizeof notes, "%s", in_temp("notes.txt"));
	snprintf(counts, sizeof counts, "%s", in_temp("counted.json"));
	struct bench_capture capture = hu_run(
		NULL, 0, NULL, "report", data_path("report/results-answer.json"),
		"--dir", dir, "--reference", REFERENCE_CSV, "--explanations",
		data_path("report/explanations.txt"), "--original-explanations",
		notes, "--instructions", counts, "--sensitivity",
		data_path("report/toolchain"), "--gnuplot", "/nonexistent/gnuplot",
		NULL);
	ck_assert_msg(capture.status == 0, "%s", capture.err);
	hu_capture_free(&capture);
	struct report_texts report;
	read_report(dir, &report);
	static const char *const counted_run[] = {
		"counted.json", "2026-02-03T04:05:06Z",
		"fedcba9876543210fedcba9876543210fedcba98", NULL,
	};
	static const char *const sensitivity_runs[] = {
		"4 runs", "report/toolchain",
		"89abcdef0123456789abcdef0123456789abcdef", NULL,
	};
	char *head = head_of(page_of(&report, "originals.md"), "# ");
	assert_holds(head, counted_run, "the originals page's head");
	free(head);
	head = head_of(page_of(&report, "README.md"),
	               "### Re-creations against the original code");
	assert_holds(head, counted_run, "the summary's originals section");
	free(head);
	head = head_of(page_of(&report, "toolchain.md"), "# ");
	assert_holds(head, sensitivity_runs, "the toolchain page's head");
	free(head);
	head = head_of(page_of(&report, "README.md"),
	               "### What depends on the toolchain");
	assert_holds(head, sensitivity_runs, "the summary's toolchain section");
	free(head);
	static const char *const alone[] = {"results.md", "real-messages.md",
	                                    "comparison-2005.md"};
	for (size_t i = 0; i < 3; i++) {
		head = head_of(page_of(&report, alone[i]), "# ");
		ck_assert_msg(strstr(head, "results-answer.json") != NULL &&
		                      strstr(head, ". ") == NULL,
		              "%s: %s", alone[i], head);
		free(head);
	}
	ck_assert_ptr_nonnull(strstr(page_of(&report, "originals.md"),
	                             "- **Flatten Int32**: Counted: 9 against "
	                             "12.\n"));
	free_report(&report);
	free(counted);
	free(b);
	free(a);
	free(timed);
	remove_temp();
}
END_TEST

/* A tree as the project's: temp/results/latest.json (a copy of `input`),
 * temp/README.md with `readme`. */
static void
make_tree(const char *input, const char *readme)
{
	ck_assert_int_eq(mkdir(in_temp("results"), 0755), 0);
	char *json = read_text(input);
	ck_assert_ptr_nonnull(json);
	write_in(temp_dir, "results/latest.json", json);
	free(json);
	write_in(temp_dir, "README.md", readme);
}

/* bench report FILE --dir DIR, without gnuplot, for a run of
 * results-answer.json (original backends among them). */
static struct bench_capture
tree_report(const char *file, const char *dir)
{
	char file_copy[4096], dir_copy[4096];
	snprintf(file_copy, sizeof file_copy, "%s", file);
	snprintf(dir_copy, sizeof dir_copy, "%s", dir);
	return hu_run(NULL, 0, NULL, "report", file_copy, "--dir", dir_copy,
	              "--reference", REFERENCE_CSV, "--explanations",
	              data_path("report/explanations.txt"),
	              "--original-explanations",
	              data_path("report/explanations-originals.txt"),
	              "--gnuplot", "/nonexistent/gnuplot", NULL);
}

/* bench report FILE --check-readme README. */
static struct bench_capture
check_readme(const char *file, const char *readme)
{
	char file_copy[4096], readme_copy[4096];
	snprintf(file_copy, sizeof file_copy, "%s", file);
	snprintf(readme_copy, sizeof readme_copy, "%s", readme);
	return hu_run(NULL, 0, NULL, "report", file_copy, "--check-readme",
	              readme_copy, NULL);
}

static const char readme_before[] =
	"# A project\n\nWhat it is.\n\n"
	REPORT_README_BEGIN " -->\nAn old answer: 1 of 2 rows.\n"
	REPORT_README_END "\n\nMore.\n";

/* make_tree of results-answer.json and readme_before in a new temp_dir,
 * with the paths of its results/latest.json, report/ and README.md. */
static void
make_answer_tree(char latest[4096], char report[4096], char readme[4096])
{
	make_temp();
	make_tree(data_path("report/results-answer.json"), readme_before);
	snprintf(latest, 4096, "%s", in_temp("results/latest.json"));
	snprintf(report, 4096, "%s", in_temp("report"));
	snprintf(readme, 4096, "%s", in_temp("README.md"));
}

START_TEST(test_readme_block_of_the_committed_results)
{
	char latest[4096], report[4096], readme[4096];
	make_answer_tree(latest, report, readme);
	struct bench_capture capture = tree_report(latest, report);
	ck_assert_msg(capture.status == 0, "status %d: %s", capture.status,
	              capture.err);
	ck_assert_ptr_nonnull(strstr(capture.out, "wrote the block of"));
	hu_capture_free(&capture);
	char *text = read_text(readme);
	ck_assert_ptr_nonnull(text);
	/* The text around the block is kept; the block is the answer and the
	 * table of the backends that compete. */
	ck_assert_msg(strncmp(text, "# A project\n\nWhat it is.\n\n"
	                            REPORT_README_BEGIN " (",
	                      strlen("# A project\n\nWhat it is.\n\n"
	                             REPORT_README_BEGIN " (")) == 0,
	              "%s", text);
	ck_assert(ends_with(text, REPORT_README_END "\n\nMore.\n"));
	ck_assert_ptr_null(strstr(text, "An old answer"));
	char *item;
	assert_item_data(text, "- **IPC**", "Message4 2 2", "the IPC pick");
	assert_item_data(text, "- **Storage**", "Message4 1 1 1 1",
	                 "the storage pick");
	ck_assert_uint_eq(list_items(text, "- **Message5**", &item), 1);
	ck_assert_ptr_nonnull(strstr(item, "holds 4 of the 5 rows against R5 "
	                                   "and Message3 and Message4 (0 within "
	                                   "1.1x the Floor), at 0.83x"));
	free(item);
	assert_item_data(text, "- **The originals**", "3 4 4 5",
	                 "the originals' agreement");
	char cells[16][CELL_MAX];
	ck_assert_uint_eq(table_cells(text, REPORT_README_BEGIN, "Test", cells,
	                              16),
	                  6);
	static const char *const header[] = {"Test", "R5", "Message3",
	                                     "Message4", "Winner",
	                                     "Haiku Winner"};
	for (size_t c = 0; c < 6; c++)
		ck_assert_str_eq(cells[c], header[c]);
	ck_assert_uint_eq(table_cells(text, REPORT_README_BEGIN,
	                              "tReceiveKeyDown():", cells, 16),
	                  6);
	ck_assert_str_eq(cells[1], "120");
	ck_assert_str_eq(cells[5], "Message4");
	/* The summary lists the row Message5 loses, with its competitor. */
	char *summary = read_in(report, "README.md");
	ck_assert_ptr_nonnull(summary);
	char *finding = section_of(summary, "### Each backend against the "
	                                    "fastest");
	ck_assert_uint_eq(list_items(finding, "- tReceiveKeyDown", &item), 1);
	ck_assert_str_eq(item, "- tReceiveKeyDown: 1.08x lost, against R5");
	free(item);
	ck_assert_uint_eq(list_items(finding, "- t", NULL), 1);
	free(finding);
	free(summary);
	/* The check agrees, and a second report writes the same bytes. */
	capture = check_readme(latest, readme);
	ck_assert_msg(capture.status == 0, "%s", capture.err);
	hu_capture_free(&capture);
	capture = tree_report(latest, report);
	ck_assert_int_eq(capture.status, 0);
	hu_capture_free(&capture);
	char *again = read_text(readme);
	ck_assert_str_eq(again, text);
	free(again);
	free(text);
	remove_temp();
}
END_TEST

START_TEST(test_readme_left_alone_by_other_reports)
{
	make_temp();
	make_tree(data_path("report/results-answer.json"), readme_before);
	char latest[4096], readme[4096];
	snprintf(latest, sizeof latest, "%s", in_temp("results/latest.json"));
	snprintf(readme, sizeof readme, "%s", in_temp("README.md"));
	/* Another file into the tree's report/, and the committed one
	 * elsewhere: README.md stays as it was. */
	char *json = read_text(latest);
	write_in(temp_dir, "results/other.json", json);
	free(json);
	static const struct {
		const char *file, *dir;
	} reports[] = {
		{"results/other.json", "report"},
		{"results/latest.json", "elsewhere"},
	};
	for (size_t i = 0; i < 2; i++) {
		char file[4096], dir[4096];
		snprintf(file, sizeof file, "%s", in_temp(reports[i].file));
		snprintf(dir, sizeof dir, "%s", in_temp(reports[i].dir));
		struct bench_capture capture = tree_report(file, dir);
		ck_assert_msg(capture.status == 0, "%s", capture.err);
		ck_assert_ptr_null(strstr(capture.out, "wrote the block"));
		hu_capture_free(&capture);
		char *text = read_text(readme);
		ck_assert_str_eq(text, readme_before);
		free(text);
	}
	/* The tree's README without the markers stops the committed report
	 * before anything is written. */
	write_in(temp_dir, "README.md", "# No block\n");
	char report[4096];
	snprintf(report, sizeof report, "%s", in_temp("report2"));
	ck_assert_int_eq(rename(in_temp("report"), report), 0);
	struct bench_capture capture = tree_report(latest, in_temp("report"));
	ck_assert_int_eq(capture.status, 1);
	ck_assert_msg(strstr(capture.err, "README.md: expected one line "
	                                  "starting \"" REPORT_README_BEGIN
	                                  "\"") != NULL,
	              "%s", capture.err);
	ck_assert_uint_eq(hu_count_lines(capture.err), 1);
	ck_assert(!exists_in(temp_dir, "report"));
	hu_capture_free(&capture);
	char *text = read_text(readme);
	ck_assert_str_eq(text, "# No block\n");
	free(text);
	remove_temp();
}
END_TEST

/* A copy of text with the first digit after `after` changed (9 to 0, any
 * other one up). */
static char *
change_figure(const char *text, const char *after)
{
	const char *at = strstr(text, after);
	ck_assert_msg(at != NULL, "no '%s'", after);
	char *copy = copy_n(text, strlen(text));
	char *digit = copy + (at - text) + strcspn(at, "0123456789");
	ck_assert(*digit != '\0');
	*digit = *digit == '9' ? '0' : (char)(*digit + 1);
	return copy;
}

/* results/latest.json with context.run_id set to `id`. */
static void
name_the_run(const char *id)
{
	json_error_t error;
	json_t *root = json_load_file(in_temp("results/latest.json"), 0, &error);
	ck_assert_msg(root != NULL, "%s", error.text);
	json_object_set_new(json_object_get(root, "context"), "run_id",
	                    json_string(id));
	ck_assert_int_eq(json_dump_file(root, in_temp("results/latest.json"), 0),
	                 0);
	json_decref(root);
}

/* results/latest.md and latest.csv naming the run `md` and `csv` as bench
 * writes them (the table's first line, the run_id column). */
static void
name_the_siblings(const char *md, const char *csv)
{
	char text[512];
	snprintf(text, sizeof text, "Times in ns per operation: ..., commit x, "
	         "bench 0.1.0, run %s.\n\n| Test |\n", md);
	write_in(temp_dir, "results/latest.md", text);
	snprintf(text, sizeof text, "test,operation,backend,median,run_id\n"
	         "tCreate5Int32,Create,R5,91.00,%s\n", csv);
	write_in(temp_dir, "results/latest.csv", text);
}

/* A latest.* set of two runs (a run killed between its renames) is
 * refused by the report and by the README's check, in one line, and the
 * report is left as it was. */
START_TEST(test_a_mixed_latest_set_is_refused)
{
	char latest[4096], report[4096], readme[4096];
	make_answer_tree(latest, report, readme);
	static const char one[] = "20260101T000000Z-00000000000000a1";
	static const char two[] = "20260102T000000Z-00000000000000b2";
	name_the_run(one);
	name_the_siblings(one, one);
	struct bench_capture capture = tree_report(latest, report);
	ck_assert_msg(capture.status == 0, "%s", capture.err);
	hu_capture_free(&capture);
	char *summary = read_in(report, "README.md");
	ck_assert_ptr_nonnull(summary);
	/* Each file of another run in turn, and files that name none beside
	 * a JSON that names one. */
	static const char *const mixes[][2] = {
		{two, one}, {one, two}, {"", one}, {one, ""}};
	for (size_t i = 0; i < sizeof mixes / sizeof mixes[0]; i++) {
		name_the_siblings(mixes[i][0], mixes[i][1]);
		capture = tree_report(latest, report);
		ck_assert_int_eq(capture.status, 1);
		ck_assert_uint_eq(hu_count_lines(capture.err), 1);
		ck_assert_msg(strstr(capture.err, "not one set") != NULL, "%s",
		              capture.err);
		hu_capture_free(&capture);
		capture = check_readme(latest, readme);
		ck_assert_int_eq(capture.status, 1);
		ck_assert_msg(strstr(capture.err, "not one set") != NULL, "%s",
		              capture.err);
		hu_capture_free(&capture);
		char *kept = read_in(report, "README.md");
		ck_assert_str_eq(kept, summary);
		free(kept);
	}
	free(summary);
	remove_temp();
}
END_TEST

/* harness/README.md's table of the call layer (harness/README.md §5.6) is
 * what `bench report --layer-table` writes from the committed baseline;
 * a figure changed in it fails the check, naming its line. */
START_TEST(test_committed_layer_table_is_fresh)
{
	char baseline[4096], readme[4096];
	snprintf(baseline, sizeof baseline, "%s",
	         BENCH_SOURCE_DIR "/results/baseline-instructions.json");
	snprintf(readme, sizeof readme, "%s",
	         BENCH_SOURCE_DIR "/harness/README.md");
	struct bench_capture capture =
		hu_run(NULL, 0, NULL, "report", baseline, "--check-layer-table",
		       readme, NULL);
	ck_assert_msg(capture.status == 0, "%s", capture.err);
	hu_capture_free(&capture);
	char *text = read_text(readme);
	ck_assert_ptr_nonnull(text);
	char *block = strstr(text, "<!-- bench report: layer begin");
	ck_assert_ptr_nonnull(block);
	char *row = strstr(block, "\n| Read ");
	ck_assert_ptr_nonnull(row);
	char *cell = strchr(row + 2, '|');
	cell = strchr(cell + 1, '|');
	ck_assert_ptr_nonnull(cell);
	/* The first digit of the layer's figure becomes another digit. */
	char *digit = cell + strcspn(cell, "0123456789");
	*digit = *digit == '9' ? '1' : (char)(*digit + 1);
	make_temp();
	char copy[4096];
	snprintf(copy, sizeof copy, "%s", in_temp("README.md"));
	FILE *file = fopen(copy, "w");
	ck_assert_ptr_nonnull(file);
	fputs(text, file);
	fclose(file);
	capture = hu_run(NULL, 0, NULL, "report", baseline,
	                 "--check-layer-table", copy, NULL);
	ck_assert_int_eq(capture.status, 1);
	ck_assert_ptr_nonnull(strstr(capture.err, "| Read "));
	ck_assert_uint_eq(hu_count_lines(capture.err), 1);
	hu_capture_free(&capture);
	/* Written, the block is what the check finds. */
	capture = hu_run(NULL, 0, NULL, "report", baseline, "--layer-table",
	                 copy, NULL);
	ck_assert_msg(capture.status == 0, "%s", capture.err);
	hu_capture_free(&capture);
	capture = hu_run(NULL, 0, NULL, "report", baseline,
	                 "--check-layer-table", copy, NULL);
	ck_assert_msg(capture.status == 0, "%s", capture.err);
	hu_capture_free(&capture);
	free(text);
	remove_temp();
}
END_TEST

START_TEST(test_committed_readme_is_fresh)
{
	/* The committed README.md holds what `bench report` writes from the
	 * committed results/latest.json. */
	struct bench_capture capture =
		check_readme(BENCH_SOURCE_DIR "/results/latest.json",
		             BENCH_SOURCE_DIR "/README.md");
	ck_assert_msg(capture.status == 0, "%s", capture.err);
	hu_capture_free(&capture);
	/* One figure changed by hand, in the table or in the answer, fails
	 * the check, naming its line. */
	make_temp();
	char *readme = read_text(BENCH_SOURCE_DIR "/README.md");
	ck_assert_ptr_nonnull(readme);
	make_tree(BENCH_SOURCE_DIR "/results/latest.json", readme);
	char latest[4096], copy[4096];
	snprintf(latest, sizeof latest, "%s", in_temp("results/latest.json"));
	snprintf(copy, sizeof copy, "%s", in_temp("README.md"));
	capture = check_readme(latest, copy);
	ck_assert_msg(capture.status == 0, "%s", capture.err);
	hu_capture_free(&capture);
	static const char *const places[] = {"\n| tCreate5Int32(): ",
	                                     "\n- **IPC**"};
	for (size_t i = 0; i < 2; i++) {
		char *changed = change_figure(readme, places[i]);
		write_in(temp_dir, "README.md", changed);
		capture = check_readme(latest, copy);
		ck_assert_int_eq(capture.status, 1);
		ck_assert_msg(strstr(capture.err, "README.md: line ") != NULL &&
		                      strstr(capture.err, places[i] + 1) != NULL,
		              "%s", capture.err);
		ck_assert_uint_eq(hu_count_lines(capture.err), 1);
		hu_capture_free(&capture);
		free(changed);
	}
	free(readme);
	remove_temp();
}
END_TEST

/*
 * results-peers.json (constructed, schema 6): R5, Message2 and Message4
 * with two outside libraries, PeerA listed among the designs and PeerB
 * after them, on one row of Read, Lookup, Flatten, Unflatten (trusting:
 * left out of the comparison), UnflattenValidated and Send, with the sizes
 * of two messages (PeerB could not flatten MouseMoved). Each library's
 * median over the row's fastest Haiku design's is 0.5, 1, 1.5, 2 or 3, so
 * that every cell below follows from the file by hand.
 */
static char *
peers_report(const char *json, const char *file)
{
	write_in(temp_dir, "input.json", json);
	char input[4096];
	snprintf(input, sizeof input, "%s", in_temp("input.json"));
	char *page = page_without_plots(input, "peers", file);
	ck_assert_ptr_nonnull(page);
	return page;
}

/* The cells of row `first` of the table after `section`, against
 * `expected` (count of them, "|"-free). */
static void
assert_row(const char *page, const char *section, const char *first,
           const char *const *expected, size_t count)
{
	char cells[16][CELL_MAX];
	ck_assert_uint_eq(table_cells(page, section, first, cells, 16), count);
	for (size_t c = 1; c < count; c++)
		ck_assert_msg(strcmp(cells[c], expected[c]) == 0,
		              "%s, %s, column %zu: '%s', not '%s'", section,
		              first, c, cells[c], expected[c]);
}

START_TEST(test_formats_page_from_constructed_json)
{
	make_temp();
	char *json = read_text(data_path("report/results-peers.json"));
	ck_assert_ptr_nonnull(json);
	char *page = peers_report(json, "formats.md");
	static const char *const heading[] = {"", "Fastest Haiku design (most "
	                                      "rows)", "PeerA", "PeerB"};
	assert_row(page, "## Time", "Operation", heading, 4);
	static const char *const read[] = {"", "Message2",
	                                   "0.50x (faster on 1 of 1)",
	                                   "1.50x (faster on 0 of 1)"};
	assert_row(page, "## Time", "Read", read, 4);
	static const char *const send[] = {"", "Message4",
	                                   "1.00x (faster on 0 of 1)",
	                                   "0.50x (faster on 1 of 1)"};
	assert_row(page, "## Time", "Send", send, 4);
	/* PeerB: (1.5 * 0.5 * 3 * 2 * 0.5)^(1/5); the trusting Unflatten
	 * row is no row of the table. */
	static const char *const every[] = {"", "", "1.00x (faster on 2 of 5)",
	                                    "1.18x (faster on 2 of 5)"};
	assert_row(page, "## Time", "**every row**", every, 4);
	char *time = section_of(page, "## Time");
	ck_assert_ptr_null(strstr(time, "\n| Unflatten "));
	free(time);
	static const char *const peer_b[] = {"", "0.34", "0.36"};
	assert_row(page, "## Sizes", "PeerB", peer_b, 3);
	static const char *const allocations[] = {"", "2", "3", "6", "3"};
	assert_row(page, "## Allocations", "Send", allocations, 5);
	/* The findings: the standing, then each library with the operations
	 * it is faster on and its design in its descriptor's words. */
	char *findings = section_of(page, "## Findings");
	char *standing = paragraph(findings, 0);
	assert_data(standing, "1 5 4", "the standing");
	ck_assert_ptr_nonnull(strstr(standing, ": PeerA 1.00x, PeerB 1.18x."));
	free(standing);
	char *item;
	ck_assert_uint_eq(list_items(findings, "- **PeerA**", &item), 1);
	ck_assert_msg(strstr(item, "Read (0.50x; Message2 fastest there), "
	                           "UnflattenValidated (0.50x; Message4 "
	                           "fastest there)") != NULL &&
	                      ends_with(item, "Its design: named elements in "
	                                      "one buffer, read in place by a "
	                                      "walk from its start."),
	              "%s", item);
	free(item);
	ck_assert_uint_eq(list_items(findings, "- Message4, the Haiku design",
	                             &item), 1);
	ck_assert_ptr_nonnull(strstr(item, "a 5-bucket hash"));
	free(item);
	free(findings);
	free(page);
	/* Another figure in the file, another table: PeerA's Read four
	 * times slower. */
	char *slower = replace_once(json, "\"median\": 40.0,",
	                            "\"median\": 160.0,");
	page = peers_report(slower, "formats.md");
	static const char *const read_slower[] = {"", "Message2",
	                                          "2.00x (faster on 0 of 1)",
	                                          "1.50x (faster on 0 of 1)"};
	assert_row(page, "## Time", "Read", read_slower, 4);
	free(page);
	free(slower);
	free(json);
	remove_temp();
}
END_TEST

START_TEST(test_sizes_page_from_constructed_json)
{
	make_temp();
	char *json = read_text(data_path("report/results-peers.json"));
	ck_assert_ptr_nonnull(json);
	char *page = peers_report(json, "sizes.md");
	/* The libraries after the designs, PeerA listed among them. */
	static const char *const heading[] = {"", "HMF1", "R5", "Message2",
	                                      "Message4", "PeerA", "PeerB"};
	assert_row(page, "### Flattened", "Message", heading, 7);
	static const char *const mouse[] = {"", "201", "79 (0.39)",
	                                    "107 (0.53)", "201 (1.00)",
	                                    "150 (0.75)", "ERR"};
	assert_row(page, "### Flattened", "MouseMoved", mouse, 7);
	static const char *const packed[] = {"", "117", "59 (0.50)",
	                                     "65 (0.56)", "71 (0.61)",
	                                     "60 (0.51)", "42 (0.36)"};
	assert_row(page, "### Compressed with zstd 1.5.4 at level 3",
	           "5 Int32, one field", packed, 7);
	static const char *const send[] = {"", "3", "8", "3", "2", "6"};
	assert_row(page, "## Allocations", "tSendMouseMoved", send, 6);
	free(page);
	char *results = peers_report(json, "results.md");
	static const char *const columns[] = {"", "R5", "Message2", "Message4",
	                                      "PeerA", "PeerB", "Floor"};
	char cells[16][CELL_MAX];
	ck_assert_uint_ge(table_cells(results, "## The results table", "Test",
	                              cells, 16), 7);
	for (size_t c = 1; c < 7; c++)
		ck_assert_str_eq(cells[c], columns[c]);
	free(results);
	/* A size changed in the file changes its cell. */
	char *changed = replace_once(json, "\"flat_bytes\": 150",
	                             "\"flat_bytes\": 402");
	page = peers_report(changed, "sizes.md");
	ck_assert_uint_eq(table_cells(page, "### Flattened", "MouseMoved",
	                              cells, 16), 7);
	ck_assert_str_eq(cells[5], "402 (2.00)");
	free(page);
	free(changed);
	/* Schema 6 without its sizes is refused, naming the key; a size
	 * without its compressed bytes too. */
	char *without = replace_once(json, "\"sizes\": {", "\"sizez\": {");
	expect_json_error(without, "sizes: missing (an object)");
	free(without);
	char *half = replace_once(json, "\"zstd_bytes\": 42", "\"zstd\": 42");
	expect_json_error(half, "sizes.messages[0].cells.PeerB.zstd_bytes: "
	                        "missing");
	free(half);
	free(json);
	remove_temp();
}
END_TEST

/* The README's block: an item on the libraries, from the results; none
 * when the run has no library. */
START_TEST(test_readme_names_the_libraries)
{
	static const struct {
		const char *file;
		bool has;
	} cases[] = {{"report/results-peers.json", true},
	             {"report/results-answer.json", false}};
	for (size_t i = 0; i < 2; i++) {
		struct bench_run_file run;
		char why[REPORT_WHY_MAX];
		ck_assert_msg(bench_run_file_load(data_path(cases[i].file),
		                                  BENCH_READ_MEASURED, &run, why,
		                                  sizeof why),
		              "%s", why);
		char *text = NULL;
		size_t length = 0;
		FILE *out = open_memstream(&text, &length);
		ck_assert_ptr_nonnull(out);
		ck_assert(report_readme_block(out, &run, "results/latest.json",
		                              why, sizeof why));
		fclose(out);
		const char *item = strstr(text, "\n- **Today's formats** ([the "
		                                "report's page](report/"
		                                "formats.md)): ");
		ck_assert_msg((item != NULL) == cases[i].has, "%s", text);
		if (item != NULL) {
			char line[1024];
			snprintf(line, sizeof line, "%.*s",
			         (int)strcspn(item + 1, "\n"), item + 1);
			assert_data(line, "1 5 4", "the item");
			ck_assert_ptr_nonnull(strstr(line, "(PeerA and PeerB)"));
			ck_assert_ptr_nonnull(strstr(line, ": PeerA 1.00x, PeerB "
			                                   "1.18x."));
		}
		free(text);
		bench_run_file_free(&run);
	}
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
	tcase_add_test(page, test_retakes_are_named_by_their_schema);
	tcase_add_test(page, test_tunables_are_named_in_the_machine_table);
	tcase_add_test(page, test_conditions_are_named_in_the_machine_table);
	tcase_add_test(page, test_low_confidence_verdicts_say_how_sure);
	tcase_add_test(page, test_far_samples_are_counted_and_named);
	tcase_add_test(page, test_a_difference_within_the_noise);
	tcase_add_test(page, test_rows_on_named_messages);
	tcase_add_test(page, test_real_messages_section);
	tcase_add_test(page, test_plots_name_the_run_and_show_the_spread);
	suite_add_tcase(suite, page);
	TCase *toolchain = tcase_create("toolchain");
	tcase_set_timeout(toolchain, 60);
	tcase_add_test(toolchain, test_toolchain_counts);
	tcase_add_test(toolchain, test_toolchain_section);
	tcase_add_test(toolchain, test_toolchain_bad_files);
	suite_add_tcase(suite, toolchain);
	TCase *errors = tcase_create("errors");
	tcase_set_timeout(errors, 60);
	tcase_add_test(errors, test_missing_explanation);
	tcase_add_test(errors, test_a_failed_report_leaves_the_old_one);
	tcase_add_test(errors, test_a_killed_report_leaves_the_old_one);
	tcase_add_test(errors, test_a_report_folder_is_checked_first);
	tcase_add_test(errors, test_malformed_json);
	tcase_add_test(errors, test_bad_explanations);
	suite_add_tcase(suite, errors);
	TCase *peers = tcase_create("peers");
	tcase_set_timeout(peers, 60);
	tcase_add_test(peers, test_formats_page_from_constructed_json);
	tcase_add_test(peers, test_sizes_page_from_constructed_json);
	tcase_add_test(peers, test_readme_names_the_libraries);
	suite_add_tcase(suite, peers);
	TCase *readme = tcase_create("readme");
	tcase_set_timeout(readme, 60);
	tcase_add_test(readme, test_answer_counts);
	tcase_add_test(readme, test_fastest_overall);
	tcase_add_test(readme, test_other_runs_are_named);
	tcase_add_test(readme, test_readme_block_of_the_committed_results);
	tcase_add_test(readme, test_readme_left_alone_by_other_reports);
	tcase_add_test(readme, test_a_mixed_latest_set_is_refused);
	tcase_add_test(readme, test_committed_readme_is_fresh);
	tcase_add_test(readme, test_committed_layer_table_is_fresh);
	suite_add_tcase(suite, readme);
	return suite;
}
