/*
 * json_file.c - see json_file.h.
 */
#include "json_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

bool
bench_json_write_file(const char *path, const json_t *root, char *why,
                      size_t why_size)
{
	size_t length = strlen(path);
	char *temporary = malloc(length + sizeof ".tmp-XXXXXX");
	if (temporary == NULL) {
		snprintf(why, why_size, "%s: out of memory", path);
		return false;
	}
	memcpy(temporary, path, length);
	memcpy(temporary + length, ".tmp-XXXXXX", sizeof ".tmp-XXXXXX");
	int fd = mkstemp(temporary);
	if (fd < 0) {
		snprintf(why, why_size, "%s: cannot create a temporary file: %s",
		         path, strerror(errno));
		free(temporary);
		return false;
	}
	FILE *stream = fdopen(fd, "w");
	if (stream == NULL) {
		snprintf(why, why_size, "%s: %s", path, strerror(errno));
		close(fd);
		unlink(temporary);
		free(temporary);
		return false;
	}
	bool ok = bench_json_dump(stream, root);
	int saved = errno;
	if (ok && fsync(fileno(stream)) != 0) {
		ok = false;
		saved = errno;
	}
	if (fclose(stream) != 0 && ok) {
		ok = false;
		saved = errno;
	}
	/* mkstemp makes the file 0600; results are for everyone to read. */
	if (ok && chmod(temporary, 0644) != 0) {
		ok = false;
		saved = errno;
	}
	if (ok && rename(temporary, path) != 0) {
		ok = false;
		saved = errno;
	}
	if (!ok) {
		snprintf(why, why_size, "%s: cannot write: %s", path,
		         strerror(saved));
		unlink(temporary);
	}
	free(temporary);
	return ok;
}
