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
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* --- Small helpers -------------------------------------------------------- */

/* Reads a whole text file into a NUL-terminated malloc'd buffer. */
static char *
read_text_file(const char *path, char *why, size_t why_size)
{
	FILE *stream = fopen(path, "rb");
	if (stream == NULL) {
		report_say(why, why_size, "%s: %s", path, strerror(errno));
		return NULL;
	}
	size_t length = 0, capacity = 4096;
	char *text = malloc(capacity);
	while (text != NULL) {
		if (length + 1 >= capacity) {
			char *bigger = capacity <= SIZE_MAX / 2
			                       ? realloc(text, capacity * 2)
			                       : NULL;
			if (bigger == NULL) {
				free(text);
				text = NULL;
				break;
			}
			text = bigger;
			capacity *= 2;
		}
		size_t got = fread(text + length, 1, capacity - 1 - length,
		                   stream);
		length += got;
		if (got == 0)
			break;
	}
	bool failed = ferror(stream) != 0;
	fclose(stream);
	if (text == NULL) {
		report_say(why, why_size, "%s: out of memory", path);
		return NULL;
	}
	if (failed) {
		report_say(why, why_size, "%s: cannot read", path);
		free(text);
		return NULL;
	}
	if (memchr(text, '\0', length) != NULL) {
		report_say(why, why_size,
			   "%s: not a text file (NUL byte)", path);
		free(text);
		return NULL;
	}
	text[length] = '\0';
	return text;
}

static bool
parse_op(const char *text, enum bench_op *op)
{
	for (int i = 0; i < BENCH_OP_COUNT; i++) {
		if (strcmp(text, bench_op_name((enum bench_op)i)) == 0) {
			*op = (enum bench_op)i;
			return true;
		}
	}
	return false;
}

static bool
parse_type(const char *text, enum bench_type *type)
{
	for (int i = 0; i < BENCH_TYPE_COUNT; i++) {
		if (strcmp(text, bench_type_name((enum bench_type)i)) == 0) {
			*type = (enum bench_type)i;
			return true;
		}
	}
	return false;
}

/* The matrix's name of a test: "tCreate5Int32". */
static void
test_name(enum bench_op op, enum bench_type type, size_t items, char *out,
          size_t out_size)
{
	snprintf(out, out_size, "t%s%zu%s", bench_op_name(op), items,
	         bench_type_name(type));
}

/* Backend names go into CSV headers, gnuplot titles, Markdown tables and
 * explanation keys: letters, digits, '_' and '-' only. */
static bool
valid_backend_name(const char *name)
{
	size_t length = strlen(name);
	if (length == 0 || length > 32 || strcmp(name, "Floor") == 0)
		return false;
	for (size_t i = 0; i < length; i++) {
		char c = name[i];
		bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		          (c >= '0' && c <= '9') || c == '_' || c == '-';
		if (!ok)
			return false;
	}
	return true;
}

/* --- The results JSON ----------------------------------------------------- */

struct loader {
	const char *path;
	char *why;
	size_t why_size;
};

/* "context" + "cores" -> "context.cores". */
static bool
fail_at(struct loader *loader, const char *where, const char *key,
        const char *what)
{
	report_say(loader->why, loader->why_size,
		   "%s: %s%s%s: %s", loader->path, where,
		   where[0] != '\0' && key[0] != '\0' ? "." : "", key, what);
	return false;
}

static json_t *
member(json_t *object, const char *key)
{
	return json_is_object(object) ? json_object_get(object, key) : NULL;
}

static bool
get_string(struct loader *loader, json_t *object, const char *where,
           const char *key, const char **out)
{
	json_t *value = member(object, key);
	if (!json_is_string(value))
		return fail_at(loader, where, key,
		               value == NULL ? "missing (a string)"
		                             : "expected a string");
	*out = json_string_value(value);
	return true;
}

/* A string, or null / absent (then *out is NULL). */
static bool
get_optional_string(struct loader *loader, json_t *object, const char *where,
                    const char *key, const char **out)
{
	json_t *value = member(object, key);
	*out = NULL;
	if (value == NULL || json_is_null(value))
		return true;
	if (!json_is_string(value))
		return fail_at(loader, where, key, "expected a string or null");
	*out = json_string_value(value);
	return true;
}

static bool
get_integer(struct loader *loader, json_t *object, const char *where,
            const char *key, long long *out)
{
	json_t *value = member(object, key);
	if (!json_is_integer(value))
		return fail_at(loader, where, key,
		               value == NULL ? "missing (an integer)"
		                             : "expected an integer");
	*out = (long long)json_integer_value(value);
	return true;
}

/* A non-negative integer, or absent (then *out is -1). */
static bool
get_optional_count(struct loader *loader, json_t *object, const char *where,
                   const char *key, long long *out)
{
	json_t *value = member(object, key);
	*out = -1;
	if (value == NULL)
		return true;
	if (!json_is_integer(value) || json_integer_value(value) < 0)
		return fail_at(loader, where, key,
		               "expected a non-negative integer");
	*out = (long long)json_integer_value(value);
	return true;
}

static bool
get_number(struct loader *loader, json_t *object, const char *where,
           const char *key, double *out)
{
	json_t *value = member(object, key);
	if (!json_is_number(value) || !isfinite(json_number_value(value)))
		return fail_at(loader, where, key,
		               value == NULL ? "missing (a number)"
		                             : "expected a number");
	*out = json_number_value(value);
	return true;
}

/* A non-negative number, or absent (then *out is -1). */
static bool
get_optional_amount(struct loader *loader, json_t *object, const char *where,
                    const char *key, double *out)
{
	json_t *value = member(object, key);
	*out = -1;
	if (value == NULL)
		return true;
	if (!json_is_number(value) || !isfinite(json_number_value(value)) ||
	    json_number_value(value) < 0)
		return fail_at(loader, where, key,
		               "expected a non-negative number");
	*out = json_number_value(value);
	return true;
}

static bool
get_boolean(struct loader *loader, json_t *object, const char *where,
            const char *key, bool *out)
{
	json_t *value = member(object, key);
	if (!json_is_boolean(value))
		return fail_at(loader, where, key,
		               value == NULL ? "missing (true or false)"
		                             : "expected true or false");
	*out = json_is_true(value);
	return true;
}

static bool
load_context(struct loader *loader, json_t *root, struct report_run *run)
{
	json_t *context = member(root, "context");
	if (!json_is_object(context))
		return fail_at(loader, "", "context",
		               context == NULL ? "missing (an object)"
		                               : "expected an object");
	const char *c = "context";
	if (!get_string(loader, context, c, "date", &run->date) ||
	    !get_string(loader, context, c, "cpu", &run->cpu) ||
	    !get_integer(loader, context, c, "cores", &run->cores) ||
	    !get_string(loader, context, c, "compiler", &run->compiler) ||
	    !get_string(loader, context, c, "cflags", &run->cflags) ||
	    !get_string(loader, context, c, "build_type", &run->build_type) ||
	    !get_optional_string(loader, context, c, "sanitize",
	                         &run->sanitize) ||
	    !get_string(loader, context, c, "git_commit", &run->git_commit) ||
	    !get_string(loader, context, c, "glibc", &run->glibc) ||
	    !get_string(loader, context, c, "version", &run->version) ||
	    !get_optional_string(loader, context, c, "clock", &run->clock) ||
	    !get_optional_amount(loader, context, c, "clock_resolution_ns",
	                         &run->clock_resolution_ns) ||
	    !get_optional_amount(loader, context, c, "wall_seconds",
	                         &run->wall_seconds) ||
	    !get_optional_string(loader, context, c, "allocator",
	                         &run->allocator) ||
	    !get_optional_count(loader, context, c, "retaken_batches",
	                        &run->retaken_batches) ||
	    !get_optional_count(loader, context, c, "disturbed_batches",
	                        &run->disturbed_batches))
		return false;
	json_t *options = member(context, "options");
	if (!json_is_object(options))
		return fail_at(loader, c, "options",
		               options == NULL ? "missing (an object)"
		                               : "expected an object");
	const char *o = "context.options";
	if (!get_boolean(loader, options, o, "all", &run->all) ||
	    !get_optional_string(loader, options, o, "filter", &run->filter) ||
	    !get_integer(loader, options, o, "repetitions",
	                 &run->repetitions) ||
	    !get_number(loader, options, o, "min_time_ms", &run->min_time_ms) ||
	    !get_integer(loader, options, o, "seed", &run->seed) ||
	    !get_boolean(loader, options, o, "quick", &run->quick))
		return false;
	return true;
}

static bool
load_backends(struct loader *loader, json_t *root, struct report_run *run)
{
	json_t *list = member(root, "backends");
	if (!json_is_array(list) || json_array_size(list) == 0)
		return fail_at(loader, "", "backends",
		               "expected a non-empty array");
	size_t count = json_array_size(list);
	run->backends = calloc(count, sizeof *run->backends);
	if (run->backends == NULL)
		return fail_at(loader, "", "backends", "out of memory");
	run->backend_count = count;
	for (size_t b = 0; b < count; b++) {
		char where[64];
		snprintf(where, sizeof where, "backends[%zu]", b);
		json_t *entry = json_array_get(list, b);
		struct report_backend *backend = &run->backends[b];
		if (!get_string(loader, entry, where, "name", &backend->name) ||
		    !get_boolean(loader, entry, where, "haiku",
		                 &backend->haiku) ||
		    !get_string(loader, entry, where, "format",
		                &backend->format))
			return false;
		if (!valid_backend_name(backend->name))
			return fail_at(loader, where, "name",
			               "not a usable backend name (letters, "
			               "digits, '_' and '-'; not \"Floor\")");
		for (size_t other = 0; other < b; other++) {
			if (strcmp(run->backends[other].name, backend->name) ==
			    0)
				return fail_at(loader, where, "name",
				               "the same name twice");
		}
	}
	return true;
}

static bool
load_cell(struct loader *loader, json_t *value, const char *where,
          struct report_cell *cell)
{
	if (!json_is_object(value))
		return fail_at(loader, where, "", "expected an object");
	cell->present = true;
	json_t *error = json_object_get(value, "error");
	if (error != NULL) {
		if (!json_is_string(error))
			return fail_at(loader, where, "error",
			               "expected a string");
		cell->failed = true;
		cell->error = json_string_value(error);
		return true;
	}
	if (!get_number(loader, value, where, "median", &cell->median))
		return false;
	if (cell->median <= 0)
		return fail_at(loader, where, "median",
		               "expected a time above 0");
	return true;
}

/* A winner is a backend of the run, "-" or null. */
static bool
load_verdict(struct loader *loader, json_t *row, const char *where,
             const char *key, const struct report_run *run,
             const char **out)
{
	if (!get_optional_string(loader, row, where, key, out))
		return false;
	if (*out == NULL || strcmp(*out, "-") == 0 ||
	    report_run_backend(run, *out) != SIZE_MAX)
		return true;
	return fail_at(loader, where, key,
	               "names no backend of the run (nor \"-\", nor null)");
}

static int
compare_sizes(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return x < y ? -1 : x > y;
}

static bool
collect_sizes(struct loader *loader, struct report_run *run)
{
	run->sizes = malloc((run->row_count + 1) * sizeof *run->sizes);
	if (run->sizes == NULL)
		return fail_at(loader, "", "rows", "out of memory");
	for (size_t r = 0; r < run->row_count; r++)
		run->sizes[r] = run->rows[r].items;
	qsort(run->sizes, run->row_count, sizeof *run->sizes, compare_sizes);
	size_t distinct = 0;
	for (size_t r = 0; r < run->row_count; r++) {
		if (distinct == 0 || run->sizes[distinct - 1] != run->sizes[r])
			run->sizes[distinct++] = run->sizes[r];
	}
	run->size_count = distinct;
	return true;
}

static bool
load_row(struct loader *loader, json_t *entry, size_t index,
         struct report_run *run)
{
	char where[96];
	snprintf(where, sizeof where, "rows[%zu]", index);
	struct report_row *row = &run->rows[index];
	const char *op, *type;
	long long items;
	if (!get_string(loader, entry, where, "test", &row->test) ||
	    !get_string(loader, entry, where, "op", &op) ||
	    !get_integer(loader, entry, where, "items", &items) ||
	    !get_string(loader, entry, where, "type", &type))
		return false;
	if (!parse_op(op, &row->op))
		return fail_at(loader, where, "op", "not an operation of the "
		               "matrix (Create, Lookup, Read, Flatten, "
		               "FlattenIndividual, Unflatten, "
		               "UnflattenIndividual)");
	if (!parse_type(type, &row->type))
		return fail_at(loader, where, "type", "not Int32 or String");
	if (row->op == BENCH_OP_LOOKUP && row->type != BENCH_TYPE_INT32)
		return fail_at(loader, where, "type", "Lookup is Int32 only");
	if (items < 1 || (unsigned long long)items > BENCH_ITEMS_MAX)
		return fail_at(loader, where, "items", "out of range");
	row->items = (size_t)items;
	char expected[BENCH_TEST_NAME_MAX];
	test_name(row->op, row->type, row->items, expected, sizeof expected);
	if (strcmp(expected, row->test) != 0)
		return fail_at(loader, where, "test",
		               "does not match op, items and type");
	for (size_t r = 0; r < index; r++) {
		if (strcmp(run->rows[r].test, row->test) == 0)
			return fail_at(loader, where, "test",
			               "the same test twice");
	}

	json_t *cells = member(entry, "cells");
	if (!json_is_object(cells))
		return fail_at(loader, where, "cells", "expected an object");
	row->cells = calloc(run->backend_count, sizeof *row->cells);
	if (row->cells == NULL)
		return fail_at(loader, where, "cells", "out of memory");
	for (size_t b = 0; b < run->backend_count; b++) {
		char cell_where[160];
		snprintf(cell_where, sizeof cell_where, "%s.cells.%s", where,
		         run->backends[b].name);
		json_t *value = json_object_get(cells, run->backends[b].name);
		if (value == NULL)
			return fail_at(loader, cell_where, "",
			               "missing (every backend has a cell)");
		if (!load_cell(loader, value, cell_where, &row->cells[b]))
			return false;
	}
	json_t *floor_value = json_object_get(cells, "Floor");
	if (floor_value != NULL) {
		char floor_where[128];
		snprintf(floor_where, sizeof floor_where, "%s.cells.Floor",
		         where);
		if (!load_cell(loader, floor_value, floor_where, &row->floor))
			return false;
	}
	return load_verdict(loader, entry, where, "winner", run,
	                    &row->winner) &&
	       load_verdict(loader, entry, where, "haiku_winner", run,
	                    &row->haiku_winner);
}

bool
report_load_run(const char *path, struct report_run *run, char *why,
                size_t why_size)
{
	memset(run, 0, sizeof *run);
	struct loader loader = {.path = path, .why = why, .why_size = why_size};
	json_error_t error;
	run->root = json_load_file(path, JSON_REJECT_DUPLICATES, &error);
	if (run->root == NULL) {
		if (error.line < 1)
			report_say(why, why_size, "%s: %s", path, error.text);
		else
			report_say(why, why_size,
				   "%s: line %d, column %d: not valid JSON: %s",
				   path, error.line, error.column, error.text);
		return false;
	}
	json_t *root = run->root;
	long long schema;
	const char *unit;
	bool ok = json_is_object(root) ||
	          fail_at(&loader, "", "", "expected an object at the top");
	ok = ok && get_integer(&loader, root, "", "schema", &schema);
	if (ok && schema != 1)
		ok = fail_at(&loader, "", "schema",
		             "not 1 (this generator reads schema 1)");
	ok = ok && get_string(&loader, root, "", "unit", &unit);
	if (ok && strcmp(unit, "ns") != 0)
		ok = fail_at(&loader, "", "unit", "not \"ns\"");
	ok = ok && load_context(&loader, root, run) &&
	     load_backends(&loader, root, run);
	json_t *rows = member(root, "rows");
	if (ok && (!json_is_array(rows) || json_array_size(rows) == 0))
		ok = fail_at(&loader, "", "rows", "expected a non-empty array");
	if (ok) {
		size_t count = json_array_size(rows);
		run->rows = calloc(count, sizeof *run->rows);
		if (run->rows == NULL)
			ok = fail_at(&loader, "", "rows", "out of memory");
		for (size_t r = 0; ok && r < count; r++) {
			run->row_count = r + 1;
			ok = load_row(&loader, json_array_get(rows, r), r, run);
		}
	}
	ok = ok && collect_sizes(&loader, run);
	if (!ok)
		report_run_free(run);
	return ok;
}

void
report_run_free(struct report_run *run)
{
	for (size_t r = 0; r < run->row_count; r++)
		free(run->rows[r].cells);
	free(run->rows);
	free(run->backends);
	free(run->sizes);
	if (run->root != NULL)
		json_decref(run->root);
	memset(run, 0, sizeof *run);
}

const struct report_row *
report_run_row(const struct report_run *run, enum bench_op op,
               enum bench_type type, size_t items)
{
	for (size_t r = 0; r < run->row_count; r++) {
		const struct report_row *row = &run->rows[r];
		if (row->op == op && row->type == type && row->items == items)
			return row;
	}
	return NULL;
}

size_t
report_run_backend(const struct report_run *run, const char *name)
{
	for (size_t b = 0; b < run->backend_count; b++) {
		if (strcmp(run->backends[b].name, name) == 0)
			return b;
	}
	return SIZE_MAX;
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

bool
report_load_reference(const char *path, struct report_reference *reference,
                      char *why, size_t why_size)
{
	memset(reference, 0, sizeof *reference);
	reference->text = read_text_file(path, why, why_size);
	if (reference->text == NULL)
		return false;
	char *cursor = reference->text;
	char *header = next_line(&cursor);
	char *fields[REFERENCE_COLUMNS_MAX];
	size_t columns = header != NULL ? split(header, ',', fields,
	                                        REFERENCE_COLUMNS_MAX)
	                                : 0;
	if (columns < 7 || columns > REFERENCE_COLUMNS_MAX ||
	    strcmp(fields[0], "test") != 0 || strcmp(fields[1], "op") != 0 ||
	    strcmp(fields[2], "items") != 0 || strcmp(fields[3], "type") != 0 ||
	    strcmp(fields[columns - 2], "Winner") != 0 ||
	    strcmp(fields[columns - 1], "HaikuWinner") != 0) {
		report_say(why, why_size,
			   "%s: line 1: expected the header "
			   "test,op,items,type,<backends>,Winner,HaikuWinner",
			   path);
		report_reference_free(reference);
		return false;
	}
	size_t backends = columns - 6;
	reference->backends = calloc(backends, sizeof *reference->backends);
	if (reference->backends == NULL)
		goto out_of_memory;
	reference->backend_count = backends;
	for (size_t b = 0; b < backends; b++) {
		reference->backends[b] = fields[4 + b];
		if (!valid_backend_name(fields[4 + b])) {
			report_say(why, why_size,
				   "%s: line 1: '%s' is not a usable backend "
				   "name", path, fields[4 + b]);
			report_reference_free(reference);
			return false;
		}
	}
	size_t lines = 0;
	for (const char *p = cursor; *p != '\0'; p++)
		lines += *p == '\n';
	reference->rows = calloc(lines + 1, sizeof *reference->rows);
	if (reference->rows == NULL)
		goto out_of_memory;
	size_t line_number = 1;
	char *line;
	while ((line = next_line(&cursor)) != NULL) {
		line_number++;
		if (line[0] == '\0')
			continue;
		size_t count = split(line, ',', fields, REFERENCE_COLUMNS_MAX);
		struct report_reference_row *row =
			&reference->rows[reference->row_count];
		char *end;
		errno = 0;
		unsigned long items = strtoul(fields[2], &end, 10);
		bool ok = count == columns && parse_op(fields[1], &row->op) &&
		          parse_type(fields[3], &row->type) && *end == '\0' &&
		          fields[2][0] >= '0' && fields[2][0] <= '9' &&
		          errno == 0 && items >= 1 && items <= BENCH_ITEMS_MAX;
		char expected[BENCH_TEST_NAME_MAX];
		if (ok) {
			row->items = (size_t)items;
			test_name(row->op, row->type, row->items, expected,
			          sizeof expected);
			ok = strcmp(expected, fields[0]) == 0;
		}
		if (!ok) {
			report_say(why, why_size,
				   "%s: line %zu: expected %zu fields: a test "
				   "name that matches op, items and type, then "
				   "times", path, line_number, columns);
			report_reference_free(reference);
			return false;
		}
		row->test = fields[0];
		row->times = calloc(backends, sizeof *row->times);
		if (row->times == NULL)
			goto out_of_memory;
		reference->row_count++;
		for (size_t b = 0; b < backends; b++) {
			errno = 0;
			double time = strtod(fields[4 + b], &end);
			if (end == fields[4 + b] || *end != '\0' ||
			    errno != 0 || !isfinite(time) || time <= 0) {
				report_say(why, why_size,
					   "%s: line %zu: %s: '%s' is not a "
					   "time above 0", path, line_number,
					   reference->backends[b],
					   fields[4 + b]);
				report_reference_free(reference);
				return false;
			}
			row->times[b] = time;
		}
		row->winner = fields[columns - 2];
		row->haiku_winner = fields[columns - 1];
		const char *verdicts[2] = {row->winner, row->haiku_winner};
		for (size_t v = 0; v < 2; v++) {
			if (strcmp(verdicts[v], "-") != 0 &&
			    report_reference_backend(reference, verdicts[v]) ==
			            SIZE_MAX) {
				report_say(why, why_size,
					   "%s: line %zu: winner '%s' is no "
					   "backend of the header (nor \"-\")",
					   path, line_number, verdicts[v]);
				report_reference_free(reference);
				return false;
			}
		}
		for (size_t r = 0; r + 1 < reference->row_count; r++) {
			if (strcmp(reference->rows[r].test, row->test) == 0) {
				report_say(why, why_size,
					   "%s: line %zu: %s again", path,
					   line_number, row->test);
				report_reference_free(reference);
				return false;
			}
		}
	}
	if (reference->row_count == 0) {
		report_say(why, why_size, "%s: no rows", path);
		report_reference_free(reference);
		return false;
	}
	return true;

out_of_memory:
	report_say(why, why_size, "%s: out of memory", path);
	report_reference_free(reference);
	return false;
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
	for (size_t r = 0; r < reference->row_count; r++) {
		const struct report_reference_row *row = &reference->rows[r];
		if (row->op == op && row->type == type && row->items == items)
			return row;
	}
	return NULL;
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
	return parse_op(op_type[0], &note->op) &&
	       parse_type(op_type[1], &note->type) &&
	       !(note->op == BENCH_OP_LOOKUP && note->type != BENCH_TYPE_INT32);
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
	                                    "2005:", "now:"};
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
		report_say(why, why_size, "%s: line %zu: [%s] has no text",
			   notes->path, note->line, key);
		return false;
	}
	char bad[96];
	if (!check_placeholders(note->text, bad, sizeof bad)) {
		report_say(why, why_size, "%s: line %zu: [%s]: %s", notes->path,
			   note->line, key, bad);
		return false;
	}
	return true;
}

bool
report_load_notes(const char *path, struct report_notes *notes, char *why,
                  size_t why_size)
{
	memset(notes, 0, sizeof *notes);
	notes->path = path;
	char *source = read_text_file(path, why, why_size);
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
		report_say(why, why_size, "%s: out of memory", path);
		return false;
	}
	/* The keys live in the second half of `text`. */
	char *keys = notes->text + length + 1;
	memcpy(keys, source, length + 1);
	free(source);
	char *out = notes->text;
	char *cursor = keys;
	char *line;
	size_t line_number = 0;
	bool paragraph_break = false;
	while ((line = next_line(&cursor)) != NULL) {
		line_number++;
		if (line[0] == '#')
			continue;
		if (blank(line)) {
			paragraph_break = true;
			continue;
		}
		char *content = trim(line);
		if (content[0] == '[') {
			size_t content_length = strlen(content);
			/* Ends the previous entry's text. */
			*out = '\0';
			if (!finish_note(notes, why, why_size))
				goto fail;
			if (content[content_length - 1] != ']') {
				report_say(why, why_size,
					   "%s: line %zu: a key line must end "
					   "with ']'", path, line_number);
				goto fail;
			}
			content[content_length - 1] = '\0';
			struct report_note *note = &notes->notes[notes->count];
			note->line = line_number;
			if (!parse_key(content + 1, note)) {
				report_say(why, why_size,
					   "%s: line %zu: not a key: expected "
					   "[Backend Operation Type], "
					   "[Operation Type] or [uncertainty "
					   "Backend]", path, line_number);
				goto fail;
			}
			for (size_t n = 0; n < notes->count; n++) {
				if (same_key(&notes->notes[n], note)) {
					char key[128];
					report_note_key(note, key, sizeof key);
					report_say(why, why_size,
						   "%s: line %zu: [%s] again "
						   "(first at line %zu)", path,
						   line_number, key,
						   notes->notes[n].line);
					goto fail;
				}
			}
			notes->count++;
			note->text = ++out;
			paragraph_break = false;
			continue;
		}
		if (notes->count == 0) {
			report_say(why, why_size,
				   "%s: line %zu: text before the first [key]",
				   path, line_number);
			goto fail;
		}
		struct report_note *note = &notes->notes[notes->count - 1];
		if (out != note->text) {
			const char *joint = paragraph_break ? "\n\n" : " ";
			size_t joint_length = strlen(joint);
			memcpy(out, joint, joint_length);
			out += joint_length;
		}
		paragraph_break = false;
		size_t content_length = strlen(content);
		memmove(out, content, content_length);
		out += content_length;
	}
	*out = '\0';
	if (!finish_note(notes, why, why_size))
		goto fail;
	return true;

fail:
	report_notes_free(notes);
	return false;
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
