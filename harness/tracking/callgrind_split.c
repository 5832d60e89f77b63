/*
 * callgrind_split.c - the split of a cell's count into the design, the
 * adapter, the shared check and the layer (harness/README.md §5.6), read
 * from the call graph of callgrind's dump (see callgrind_split.h).
 *
 * What is read of callgrind's format (valgrind's "Callgrind Format
 * Specification"): "ob=", "fl=" and "fn=" name the object, the file and
 * the function whose costs follow ("fi=" and "fe=" only move the file of
 * inlined lines, which the split leaves with their function); "cob=",
 * "cfi=" or "cfl=", and "cfn=" name the target of the next "calls=" line,
 * whose following cost line holds the inclusive cost of those calls. A
 * name is given once as "(id) name", then as "(id)" alone. The target's
 * object and file default to the caller's.
 */
#include "callgrind_split.h"

#include <stdlib.h>
#include <string.h>

/* What a source file is to the split, from its path. */
enum file_class {
	FILE_OTHER,    /* another part of the project (impl/alloc, ...) */
	FILE_HARNESS,  /* harness/: the loops, a layer */
	FILE_API,      /* impl/api/: the wrappers, a layer */
	FILE_BACKEND,  /* impl/backends/: a re-creation's slots; tests/ */
	FILE_ADAPTER,  /* an original's adapter (impl/originals/) */
	FILE_WIRE,     /* impl/wire/: the shared decoders */
	FILE_SYSTEM,   /* the C and C++ libraries, or no debug information */
	FILE_FOREIGN,  /* outside the project: Haiku's code */
};

static bool
has_prefix(const char *text, const char *prefix)
{
	return strncmp(text, prefix, strlen(prefix)) == 0;
}

static bool
has_suffix(const char *text, const char *suffix)
{
	size_t length = strlen(text), wanted = strlen(suffix);
	return length >= wanted && strcmp(text + length - wanted, suffix) == 0;
}

/* An original's adapter: the adapter headers and each original's own file
 * (impl/backends.list), not the stand-ins of the OS (os_*.cpp) or the
 * allocation routing, which Haiku's code calls. */
static bool
is_adapter(const char *name)
{
	if (has_prefix(name, "os_"))
		return false;
	return has_prefix(name, "adapter") || has_suffix(name, "_original.cpp") ||
	       has_suffix(name, "_2005.cpp");
}

static enum file_class
classify(const char *path, const char *root)
{
	if (path[0] != '/' || has_prefix(path, "/usr/"))
		return FILE_SYSTEM;
	size_t root_length = strlen(root);
	if (strncmp(path, root, root_length) != 0 || path[root_length] != '/')
		return FILE_FOREIGN;
	const char *inside = path + root_length + 1;
	if (has_prefix(inside, "harness/"))
		return FILE_HARNESS;
	if (has_prefix(inside, "impl/api/"))
		return FILE_API;
	/* A test's constructed backend counts as one (tests/). */
	if (has_prefix(inside, "impl/backends/") || has_prefix(inside, "tests/"))
		return FILE_BACKEND;
	if (has_prefix(inside, "impl/wire/"))
		return FILE_WIRE;
	if (has_prefix(inside, "impl/originals/"))
		return is_adapter(inside + strlen("impl/originals/")) ? FILE_ADAPTER
		                                                      : FILE_OTHER;
	if (has_prefix(inside, "impl/"))
		return FILE_OTHER;
	/* Elsewhere under the root: the patched copies of Haiku's 2005 files
	 * in the build folder. */
	return FILE_FOREIGN;
}

/* --- Compressed names ---------------------------------------------------------- */

struct name_table {
	char **names;
	size_t count;
};

static void
table_free(struct name_table *table)
{
	for (size_t i = 0; i < table->count; i++)
		free(table->names[i]);
	free(table->names);
	*table = (struct name_table){0};
}

/* The name of a "(id) name" or "(id)" value, or the value itself when it
 * is not compressed; NULL on a bad or unknown id, or out of memory. */
static const char *
table_name(struct name_table *table, const char *value)
{
	if (value[0] != '(')
		return value;
	char *end;
	unsigned long id = strtoul(value + 1, &end, 10);
	if (*end != ')' || id == 0 || id > 1000000)
		return NULL;
	const char *name = end + 1;
	name += strspn(name, " ");
	if (*name == '\0')
		return id <= table->count ? table->names[id - 1] : NULL;
	if (id > table->count) {
		char **grown = realloc(table->names, id * sizeof *grown);
		if (grown == NULL)
			return NULL;
		for (size_t i = table->count; i < id; i++)
			grown[i] = NULL;
		table->names = grown;
		table->count = id;
	}
	free(table->names[id - 1]);
	table->names[id - 1] = strdup(name);
	return table->names[id - 1];
}

/* --- The reader ---------------------------------------------------------------- */

struct bench_callgrind_split_reader {
	const char *root;
	int positions;              /* position columns of a cost line */
	struct name_table files, objects;
	/* The current function: its file's class and its object. */
	enum file_class caller;
	const char *caller_object;
	const char *fn_file, *fn_object;   /* set by fl= and ob= */
	/* The next call's target, reset after each. */
	const char *callee_file, *callee_object;
	bool call_pending;
	struct bench_callgrind_split split;
};

struct bench_callgrind_split_reader *
bench_callgrind_split_begin(const char *root)
{
	struct bench_callgrind_split_reader *reader = calloc(1, sizeof *reader);
	if (reader != NULL) {
		reader->root = root;
		reader->positions = 1;
	}
	return reader;
}

void
bench_callgrind_split_end(struct bench_callgrind_split_reader *reader)
{
	if (reader == NULL)
		return;
	table_free(&reader->files);
	table_free(&reader->objects);
	free(reader);
}

/* Adds the inclusive cost of one call to the part its two ends make. */
static void
count_call(struct bench_callgrind_split_reader *reader, uint64_t cost)
{
	const char *file = reader->callee_file != NULL ? reader->callee_file
	                                               : reader->fn_file;
	const char *object = reader->callee_object != NULL
	                             ? reader->callee_object
	                             : reader->caller_object;
	enum file_class callee = file != NULL ? classify(file, reader->root)
	                                      : FILE_SYSTEM;
	enum file_class caller = reader->caller;
	struct bench_callgrind_split *split = &reader->split;
	bool layer = caller == FILE_HARNESS || caller == FILE_API;
	if (layer && callee == FILE_BACKEND)
		split->backend_entry += cost;
	else if (layer && callee == FILE_ADAPTER)
		split->adapter_entry += cost;
	else if (caller == FILE_HARNESS && callee == FILE_WIRE)
		split->check += cost;
	else if (caller == FILE_ADAPTER && callee == FILE_FOREIGN &&
	         object != NULL && reader->caller_object != NULL &&
	         strcmp(object, reader->caller_object) == 0)
		split->adapter_design += cost;
}

/* The `index`th number of a cost line (after its positions). */
static bool
cost_of(const char *line, int index, uint64_t *out)
{
	const char *cursor = line;
	for (int i = 0;; i++) {
		cursor += strspn(cursor, " \t");
		if (*cursor == '\0')
			return false;
		size_t length = strcspn(cursor, " \t");
		if (i == index) {
			char *end;
			*out = strtoull(cursor, &end, 10);
			return end == cursor + length;
		}
		cursor += length;
	}
}

bool
bench_callgrind_split_line(struct bench_callgrind_split_reader *reader,
                           const char *line, int event)
{
	if (has_prefix(line, "positions:")) {
		reader->positions = 0;
		for (const char *c = line + 10; *c != '\0';) {
			c += strspn(c, " \t");
			if (*c == '\0')
				break;
			reader->positions++;
			c += strcspn(c, " \t");
		}
		return reader->positions > 0;
	}
	const char *value = strchr(line, '=');
	if (value != NULL && value - line <= 5 && line[0] >= 'a' && line[0] <= 'z') {
		size_t key = (size_t)(value - line);
		value++;
		const char *name = NULL;
		if ((key == 2 && (has_prefix(line, "fl") || has_prefix(line, "fi") ||
		                  has_prefix(line, "fe"))) ||
		    (key == 3 && (has_prefix(line, "cfi") || has_prefix(line, "cfl"))))
			name = table_name(&reader->files, value);
		else if ((key == 2 && has_prefix(line, "ob")) ||
		         (key == 3 && has_prefix(line, "cob")))
			name = table_name(&reader->objects, value);
		else
			name = value;
		if (name == NULL)
			return false;
		if (key == 2 && has_prefix(line, "fl")) {
			reader->fn_file = name;
		} else if (key == 2 && has_prefix(line, "ob")) {
			reader->fn_object = name;
		} else if (key == 2 && has_prefix(line, "fn")) {
			reader->caller = reader->fn_file != NULL
			                         ? classify(reader->fn_file, reader->root)
			                         : FILE_SYSTEM;
			reader->caller_object = reader->fn_object;
		} else if (key == 3 && (has_prefix(line, "cfi") ||
		                        has_prefix(line, "cfl"))) {
			reader->callee_file = name;
		} else if (key == 3 && has_prefix(line, "cob")) {
			reader->callee_object = name;
		} else if (key == 5 && has_prefix(line, "calls")) {
			reader->call_pending = true;
		}
		return true;
	}
	bool cost_line = (line[0] >= '0' && line[0] <= '9') || line[0] == '+' ||
	                 line[0] == '-' || line[0] == '*';
	if (!cost_line || !reader->call_pending)
		return true;
	uint64_t cost;
	if (!cost_of(line, reader->positions + event, &cost))
		cost = 0;   /* an event callgrind left out of the line is 0 */
	count_call(reader, cost);
	reader->call_pending = false;
	reader->callee_file = NULL;
	reader->callee_object = NULL;
	return true;
}

struct bench_callgrind_split
bench_callgrind_split_take(struct bench_callgrind_split_reader *reader)
{
	struct bench_callgrind_split split = reader->split;
	reader->split = (struct bench_callgrind_split){0};
	reader->call_pending = false;
	reader->callee_file = NULL;
	reader->callee_object = NULL;
	return split;
}
