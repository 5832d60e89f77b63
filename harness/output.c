/*
 * output.c - choosing the format, and writing a file safely (see
 * output.h).
 */
#include "output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool
bench_write_results(FILE *stream, const struct bench_results *results,
                    enum bench_format format, enum bench_unit unit)
{
	bool ok = false;
	switch (format) {
	case BENCH_FORMAT_MD:
		ok = bench_write_table(stream, results, true, unit);
		break;
	case BENCH_FORMAT_TEXT:
		ok = bench_write_table(stream, results, false, unit);
		break;
	case BENCH_FORMAT_CSV:
		ok = bench_write_csv(stream, results, unit);
		break;
	case BENCH_FORMAT_JSON:
		ok = bench_write_json(stream, results);
		break;
	}
	return ok && fflush(stream) == 0 && !ferror(stream);
}

bool
bench_write_results_file(const char *path, const struct bench_results *results,
                         enum bench_format format, enum bench_unit unit,
                         char *why, size_t why_size)
{
	/* The temporary file sits beside the target, so the rename stays
	 * on one file system and is atomic. */
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
	bool ok = bench_write_results(stream, results, format, unit);
	int saved = errno;
	/* Flushed to the disk before the rename, so that a crash leaves the
	 * old file or the new one, never a short one. */
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

void
bench_format_time(double ns, enum bench_unit unit, char *out, size_t out_size)
{
	double value = unit == BENCH_UNIT_US ? ns / 1000.0 : ns;
	int decimals = value >= 10.0 ? 0 : value >= 1.0 ? 1 : value >= 0.1 ? 2 : 3;
	snprintf(out, out_size, "%.*f", decimals, value);
}
