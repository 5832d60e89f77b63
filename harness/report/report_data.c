/*
 * report_data.c - the inputs of `bench report`, read and checked before
 * anything is written: the results JSON (through jansson, the library the
 * harness writes it with), the 2005 reference CSV and the explanations
 * file. Every failure names the file and the place.
 */
#include "report_internal.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* --- Small helpers -------------------------------------------------------- */

/* Backend names go into CSV headers, gnuplot titles, Markdown tables and
 * explanation keys: the one name rule of every backend (bmsg.h). */
static bool
valid_backend_name(const char *name)
{
	return bm_backend_name_valid(name, NULL, 0);
}

/* --- The 2005 reference CSV ----------------------------------------------- */

/* Splits text at `separator` in place; returns the fields (at most max). */
static size_t
split(char *text, char separator, char **fields, size_t max)
{
	size_t count = 0;
	char *start = text;
	for (char *p = text;; p++) {
		if (*p == separator || *p == '\0') {
			bool end = *p == '\0';
			*p = '\0';
			if (count < max)
				fields[count] = start;
			count++;
			if (end)
				break;
			start = p + 1;
		}
	}
	return count;
}

/* Cuts the next line out of *cursor (without "\n" or "\r\n"); NULL at the
 * end. */
static char *
next_line(char **cursor)
{
	char *line = *cursor;
	if (line == NULL || *line == '\0')
		return NULL;
	char *end = strchr(line, '\n');
	if (end != NULL) {
		*end = '\0';
		*cursor = end + 1;
	} else {
		*cursor = line + strlen(line);
	}
	size_t length = strlen(line);
	if (length > 0 && line[length - 1] == '\r')
		line[length - 1] = '\0';
	return line;
}

#define REFERENCE_COLUMNS_MAX 32

/* The header, `test,op,items,type,<backend>...,Winner,HaikuWinner`: sets
 * the reference's backends (pointing into the header's fields). */
static bool
parse_reference_header(const char *path, char *header,
                       struct report_reference *reference, size_t *columns,
                       char *why, size_t why_size)
{
	char *fields[REFERENCE_COLUMNS_MAX];
	*columns = header != NULL ? split(header, ',', fields,
	                                  REFERENCE_COLUMNS_MAX)
	                          : 0;
	size_t n = *columns;
	if (n < 7 || n > REFERENCE_COLUMNS_MAX ||
	    strcmp(fields[0], "test") != 0 || strcmp(fields[1], "op") != 0 ||
	    strcmp(fields[2], "items") != 0 || strcmp(fields[3], "type") != 0 ||
	    strcmp(fields[n - 2], "Winner") != 0 ||
	    strcmp(fields[n - 1], "HaikuWinner") != 0)
		return bench_say(why, why_size,
		                 "%s: line 1: expected the header "
		                 "test,op,items,type,<backends>,Winner,HaikuWinner",
		                 path);
	size_t backends = n - 6;
	reference->backends = calloc(backends, sizeof *reference->backends);
	if (reference->backends == NULL)
		return bench_say(why, why_size, "%s: out of memory", path);
	reference->backend_count = backends;
	for (size_t b = 0; b < backends; b++) {
		reference->backends[b] = fields[4 + b];
		if (!valid_backend_name(fields[4 + b]))
			return bench_say(why, why_size,
			                 "%s: line 1: '%s' is not a usable "
			                 "backend name", path, fields[4 + b]);
	}
	return true;
}

/* The test, operation, items and type of a row: the name must be the one
 * the other three give. */
static bool
parse_reference_test(char **fields, struct report_reference_row *row)
{
	char *end;
	errno = 0;
	unsigned long items = strtoul(fields[2], &end, 10);
	if (!bench_op_parse(fields[1], &row->op) ||
	    !bench_type_parse(fields[3], &row->type) || *end != '\0' ||
	    fields[2][0] < '0' || fields[2][0] > '9' || errno != 0 ||
	    items < 1 || items > BENCH_ITEMS_MAX)
		return false;
	row->items = (size_t)items;
	const struct bench_workload workload = {
		.kind = BENCH_WORKLOAD_MATRIX,
		.type = row->type,
		.items = row->items,
	};
	char expected[BENCH_TEST_NAME_MAX];
	if (!bench_test_name(row->op, &workload, expected, sizeof expected) ||
	    strcmp(expected, fields[0]) != 0)
		return false;
	row->test = fields[0];
	return true;
}

/* The times of a row, one per backend of the header, each above 0. */
static bool
parse_reference_times(const char *path, size_t line_number, char **fields,
                      const struct report_reference *reference,
                      struct report_reference_row *row, char *why,
                      size_t why_size)
{
	row->times = calloc(reference->backend_count, sizeof *row->times);
	if (row->times == NULL)
		return bench_say(why, why_size, "%s: out of memory", path);
	for (size_t b = 0; b < reference->backend_count; b++) {
		char *end;
		errno = 0;
		double time = strtod(fields[4 + b], &end);
		if (end == fields[4 + b] || *end != '\0' || errno != 0 ||
		    !isfinite(time) || time <= 0)
			return bench_say(why, why_size,
			                 "%s: line %zu: %s: '%s' is not a time "
			                 "above 0", path, line_number,
			                 reference->backends[b], fields[4 + b]);
		row->times[b] = time;
	}
	return true;
}

/* The Winner and Haiku Winner name a backend of the header or "-", and
 * the test is not one of an earlier row. */
static bool
check_reference_row(const char *path, size_t line_number,
                    const struct report_reference *reference,
                    const struct report_reference_row *row, char *why,
                    size_t why_size)
{
	const char *verdicts[2] = {row->winner, row->haiku_winner};
	for (size_t v = 0; v < 2; v++) {
		if (strcmp(verdicts[v], "-") != 0 &&
		    report_reference_backend(reference, verdicts[v]) == SIZE_MAX)
			return bench_say(why, why_size,
			                 "%s: line %zu: winner '%s' is no backend "
			                 "of the header (nor \"-\")", path,
			                 line_number, verdicts[v]);
	}
	for (size_t r = 0; r < reference->row_count; r++) {
		if (&reference->rows[r] != row &&
		    strcmp(reference->rows[r].test, row->test) == 0)
			return bench_say(why, why_size, "%s: line %zu: %s again",
			                 path, line_number, row->test);
	}
	return true;
}

/* One line of the table, appended to the reference's rows. */
static bool
parse_reference_row(const char *path, size_t line_number, char *line,
                    size_t columns, struct report_reference *reference,
                    char *why, size_t why_size)
{
	char *fields[REFERENCE_COLUMNS_MAX];
	size_t count = split(line, ',', fields, REFERENCE_COLUMNS_MAX);
	struct report_reference_row *row =
		&reference->rows[reference->row_count];
	if (count != columns || !parse_reference_test(fields, row))
		return bench_say(why, why_size,
		                 "%s: line %zu: expected %zu fields: a test "
		                 "name that matches op, items and type, then "
		                 "times", path, line_number, columns);
	/* Counted now, so that its times are freed with the table. */
	reference->row_count++;
	if (!parse_reference_times(path, line_number, fields, reference, row,
	                           why, why_size))
		return false;
	row->winner = fields[columns - 2];
	row->haiku_winner = fields[columns - 1];
	return check_reference_row(path, line_number, reference, row, why,
	                           why_size);
}

bool
report_load_reference(const char *path, struct report_reference *reference,
                      char *why, size_t why_size)
{
	memset(reference, 0, sizeof *reference);
	reference->text = report_read_text(path, why, why_size);
	if (reference->text == NULL)
		return false;
	char *cursor = reference->text;
	size_t columns;
	bool ok = parse_reference_header(path, next_line(&cursor), reference,
	                                 &columns, why, why_size);
	size_t lines = 0;
	for (const char *p = cursor; ok && *p != '\0'; p++)
		lines += *p == '\n';
	if (ok) {
		reference->rows = calloc(lines + 1, sizeof *reference->rows);
		ok = reference->rows != NULL ||
		     bench_say(why, why_size, "%s: out of memory", path);
	}
	size_t line_number = 1;
	char *line;
	while (ok && (line = next_line(&cursor)) != NULL) {
		line_number++;
		if (line[0] != '\0')
			ok = parse_reference_row(path, line_number, line, columns,
			                         reference, why, why_size);
	}
	if (ok && reference->row_count == 0)
		ok = bench_say(why, why_size, "%s: no rows", path);
	if (!ok)
		report_reference_free(reference);
	return ok;
}

void
report_reference_free(struct report_reference *reference)
{
	for (size_t r = 0; r < reference->row_count; r++)
		free(reference->rows[r].times);
	free(reference->rows);
	free(reference->backends);
	free(reference->text);
	memset(reference, 0, sizeof *reference);
}

const struct report_reference_row *
report_reference_row(const struct report_reference *reference,
                     enum bench_op op, enum bench_type type, size_t items)
{
	const struct bench_operation *operation = bench_operation(op);
	if (operation == NULL || !operation->in_2005)
		return NULL;
	for (size_t r = 0; r < reference->row_count; r++) {
		const struct report_reference_row *row = &reference->rows[r];
		if (row->op == op && row->type == type && row->items == items)
			return row;
	}
	return NULL;
}

const struct report_reference_row *
report_reference_row_of(const struct report_reference *reference,
                        const struct bench_file_row *row)
{
	if (row->workload.kind != BENCH_WORKLOAD_MATRIX)
		return NULL;
	return report_reference_row(reference, row->op, row->workload.type,
	                            row->workload.items);
}

size_t
report_reference_backend(const struct report_reference *reference,
                         const char *name)
{
	for (size_t b = 0; b < reference->backend_count; b++) {
		if (strcmp(reference->backends[b], name) == 0)
			return b;
	}
	return SIZE_MAX;
}

/* --- The explanations ----------------------------------------------------- */

static bool
blank(const char *line)
{
	return line[strspn(line, " \t")] == '\0';
}

/* Trims spaces and tabs at both ends, in place. */
static char *
trim(char *text)
{
	text += strspn(text, " \t");
	size_t length = strlen(text);
	while (length > 0 && (text[length - 1] == ' ' ||
	                      text[length - 1] == '\t'))
		text[--length] = '\0';
	return text;
}

/* Parses the inside of "[...]" into note's kind, backend, op and type. */
static bool
parse_key(char *key, struct report_note *note)
{
	char *words[4];
	size_t count = 0;
	for (char *word = strtok(key, " \t"); word != NULL;
	     word = strtok(NULL, " \t")) {
		if (count == 4)
			return false;
		words[count++] = word;
	}
	if (count == 2 && strcmp(words[0], "uncertainty") == 0) {
		note->kind = REPORT_NOTE_UNCERTAINTY;
		note->backend = words[1];
		return valid_backend_name(words[1]);
	}
	char **op_type = words;
	if (count == 3) {
		note->kind = REPORT_NOTE_SERIES;
		note->backend = words[0];
		if (!valid_backend_name(words[0]))
			return false;
		op_type = words + 1;
	} else if (count == 2) {
		note->kind = REPORT_NOTE_OPERATION;
	} else {
		return false;
	}
	if (!bench_op_parse(op_type[0], &note->op) ||
	    !bench_type_parse(op_type[1], &note->type))
		return false;
	const struct bench_workload workload = {
		.kind = BENCH_WORKLOAD_MATRIX,
		.type = note->type,
		.items = 1,
	};
	return bench_op_applies(note->op, &workload);
}

static bool
same_key(const struct report_note *a, const struct report_note *b)
{
	if (a->kind != b->kind)
		return false;
	if (a->kind != REPORT_NOTE_OPERATION &&
	    strcmp(a->backend, b->backend) != 0)
		return false;
	return a->kind == REPORT_NOTE_UNCERTAINTY ||
	       (a->op == b->op && a->type == b->type);
}

/* Checks the placeholders of a note's text: "{name}" or "{name:...}" with
 * a known name, nothing nested, every brace closed. */
static bool
check_placeholders(const char *text, char *bad, size_t bad_size)
{
	static const char *const names[] = {"e2005", "enow", "efloor",
	                                    "2005:", "now:", "count:"};
	for (const char *p = text; *p != '\0'; p++) {
		if (*p == '}') {
			snprintf(bad, bad_size, "a '}' without '{'");
			return false;
		}
		if (*p != '{')
			continue;
		const char *end = strpbrk(p + 1, "{}");
		if (end == NULL || *end != '}') {
			snprintf(bad, bad_size, "an unclosed '{'");
			return false;
		}
		size_t length = (size_t)(end - p - 1);
		bool known = false;
		for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
			size_t name_length = strlen(names[i]);
			bool prefix = names[i][name_length - 1] == ':';
			bool fits = prefix ? length > name_length
			                   : length == name_length;
			if (fits && strncmp(p + 1, names[i], name_length) == 0)
				known = true;
		}
		if (!known) {
			snprintf(bad, bad_size, "unknown placeholder {%.*s}",
			         (int)(length > 40 ? 40 : length), p + 1);
			return false;
		}
		p = end;
	}
	return true;
}

/* Closes the entry being read: its text must not be empty. */
static bool
finish_note(struct report_notes *notes, char *why, size_t why_size)
{
	if (notes->count == 0)
		return true;
	struct report_note *note = &notes->notes[notes->count - 1];
	char key[128];
	report_note_key(note, key, sizeof key);
	if (note->text == NULL || note->text[0] == '\0') {
		bench_say(why, why_size, "%s: line %zu: [%s] has no text",
			   notes->path, note->line, key);
		return false;
	}
	char bad[96];
	if (!check_placeholders(note->text, bad, sizeof bad)) {
		bench_say(why, why_size, "%s: line %zu: [%s]: %s", notes->path,
			   note->line, key, bad);
		return false;
	}
	return true;
}

/* What reading the explanations keeps from one line to the next. */
struct notes_reader {
	struct report_notes *notes;
	char *out;                /* where the next text goes */
	size_t line_number;
	bool paragraph_break;     /* a blank line since the last text */
};

/* A key line, "[...]": ends the entry before it and starts one. */
static bool
start_note(struct notes_reader *reader, char *content, char *why,
           size_t why_size)
{
	struct report_notes *notes = reader->notes;
	size_t content_length = strlen(content);
	*reader->out = '\0';
	if (!finish_note(notes, why, why_size))
		return false;
	if (content[content_length - 1] != ']')
		return bench_say(why, why_size, "%s: line %zu: a key line must "
		                 "end with ']'", notes->path, reader->line_number);
	content[content_length - 1] = '\0';
	struct report_note *note = &notes->notes[notes->count];
	note->line = reader->line_number;
	if (!parse_key(content + 1, note))
		return bench_say(why, why_size,
		                 "%s: line %zu: not a key: expected [Backend "
		                 "Operation Type], [Operation Type] or "
		                 "[uncertainty Backend]", notes->path,
		                 reader->line_number);
	for (size_t n = 0; n < notes->count; n++) {
		if (!same_key(&notes->notes[n], note))
			continue;
		char key[128];
		report_note_key(note, key, sizeof key);
		return bench_say(why, why_size,
		                 "%s: line %zu: [%s] again (first at line %zu)",
		                 notes->path, reader->line_number, key,
		                 notes->notes[n].line);
	}
	notes->count++;
	note->text = ++reader->out;
	reader->paragraph_break = false;
	return true;
}

/* A line of text: joined to the entry's text by a space, or by a blank
 * line when one came before it. */
static bool
add_text(struct notes_reader *reader, const char *content, char *why,
         size_t why_size)
{
	struct report_notes *notes = reader->notes;
	if (notes->count == 0)
		return bench_say(why, why_size,
		                 "%s: line %zu: text before the first [key]",
		                 notes->path, reader->line_number);
	const struct report_note *note = &notes->notes[notes->count - 1];
	if (reader->out != note->text) {
		const char *joint = reader->paragraph_break ? "\n\n" : " ";
		size_t joint_length = strlen(joint);
		memcpy(reader->out, joint, joint_length);
		reader->out += joint_length;
	}
	reader->paragraph_break = false;
	size_t content_length = strlen(content);
	memmove(reader->out, content, content_length);
	reader->out += content_length;
	return true;
}

bool
report_load_notes(const char *path, struct report_notes *notes, char *why,
                  size_t why_size)
{
	memset(notes, 0, sizeof *notes);
	notes->path = path;
	char *source = report_read_text(path, why, why_size);
	if (source == NULL)
		return false;
	/* The texts are rebuilt into `text` (joined lines never grow), the
	 * keys cut out of `source`, so both stay. */
	size_t length = strlen(source);
	size_t lines = 1;
	for (size_t i = 0; i < length; i++)
		lines += source[i] == '\n';
	notes->text = malloc(2 * length + 2);
	notes->notes = calloc(lines, sizeof *notes->notes);
	if (notes->text == NULL || notes->notes == NULL) {
		free(source);
		report_notes_free(notes);
		return bench_say(why, why_size, "%s: out of memory", path);
	}
	/* The keys live in the second half of `text`. */
	char *cursor = notes->text + length + 1;
	memcpy(cursor, source, length + 1);
	free(source);
	struct notes_reader reader = {.notes = notes, .out = notes->text};
	char *line;
	bool ok = true;
	while (ok && (line = next_line(&cursor)) != NULL) {
		reader.line_number++;
		if (line[0] == '#')
			continue;
		if (blank(line)) {
			reader.paragraph_break = true;
			continue;
		}
		char *content = trim(line);
		ok = content[0] == '['
		             ? start_note(&reader, content, why, why_size)
		             : add_text(&reader, content, why, why_size);
	}
	if (ok) {
		*reader.out = '\0';
		ok = finish_note(notes, why, why_size);
	}
	if (!ok)
		report_notes_free(notes);
	return ok;
}

void
report_notes_free(struct report_notes *notes)
{
	free(notes->notes);
	free(notes->text);
	notes->notes = NULL;
	notes->text = NULL;
	notes->count = 0;
}

const struct report_note *
report_find_note(const struct report_notes *notes, enum report_note_kind kind,
                 const char *backend, enum bench_op op, enum bench_type type)
{
	struct report_note key = {
		.kind = kind, .backend = backend, .op = op, .type = type,
	};
	for (size_t n = 0; n < notes->count; n++) {
		if (same_key(&notes->notes[n], &key))
			return &notes->notes[n];
	}
	return NULL;
}

void
report_note_key(const struct report_note *note, char *out, size_t out_size)
{
	switch (note->kind) {
	case REPORT_NOTE_SERIES:
		snprintf(out, out_size, "%s %s %s", note->backend,
		         bench_op_name(note->op), bench_type_name(note->type));
		break;
	case REPORT_NOTE_OPERATION:
		snprintf(out, out_size, "%s %s", bench_op_name(note->op),
		         bench_type_name(note->type));
		break;
	case REPORT_NOTE_UNCERTAINTY:
		snprintf(out, out_size, "uncertainty %s", note->backend);
		break;
	}
}
