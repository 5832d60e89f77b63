/*
 * atomic_file.c - see atomic_file.h.
 */
#include "atomic_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool
bench_write_file_atomically(const char *path, bench_file_writer write,
                            const void *ctx, char *why, size_t why_size)
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
	errno = 0;
	bool ok = write(stream, ctx) && fflush(stream) == 0 && !ferror(stream);
	int saved = errno != 0 ? errno : EIO;
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
	/* mkstemp makes the file 0600; what we write is for everyone. */
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
