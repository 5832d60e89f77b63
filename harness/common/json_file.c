/*
 * json_file.c - see json_file.h.
 */
#include "json_file.h"

#include "output_file.h"

#include <stdlib.h>
#include <string.h>

json_t *
bench_json_load(const char *path, char *why, size_t why_size)
{
	json_error_t error;
	json_t *root = json_load_file(path, 0, &error);
	if (root != NULL)
		return root;
	/* jansson says "unable to open ..." itself for missing files; a
	 * parse error has a line. */
	if (error.line > 0)
		snprintf(why, why_size, "%s: invalid JSON at line %d, column "
		         "%d: %s", path, error.line, error.column, error.text);
	else
		snprintf(why, why_size, "%s: %s", path, error.text);
	return NULL;
}

bool
bench_json_dump(FILE *stream, const json_t *root)
{
	if (json_dumpf(root, stream,
	               JSON_INDENT(1) | JSON_REAL_PRECISION(10)) != 0)
		return false;
	fputc('\n', stream);
	return fflush(stream) == 0 && !ferror(stream);
}

static bool
write_json(FILE *stream, const void *root)
{
	return bench_json_dump(stream, root);
}

bool
bench_json_write_file(const char *path, const json_t *root, char *why,
                      size_t why_size)
{
	return bench_output_write(path, write_json, root, why,
	                          why_size);
}
