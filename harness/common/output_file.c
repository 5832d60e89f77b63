/*
 * output_file.c - see output_file.h.
 */
#define _GNU_SOURCE /* O_TMPFILE, AT_EACCESS */
#include "output_file.h"

#include "say.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


enum kind {
	KIND_NEW,     /* no file yet */
	KIND_REGULAR, /* an existing regular file */
	KIND_STREAM,  /* a character device or a FIFO */
	KIND_OWN,     /* the program's own standard output or error */
};

/* One destination, from its check to its replacement. */
struct destination {
	const char *path; /* as given, for the messages */
	char target[PATH_MAX];
	enum kind kind;
	int own_fd;         /* KIND_OWN's */
	struct stat status; /* KIND_REGULAR's */
	bool in_place;      /* a regular file written as `>` would */
	char *bytes;
	size_t length;
	int fd;                   /* the prepared temporary, or -1 */
	bool named;               /* it has a name already (no O_TMPFILE) */
	char temporary[PATH_MAX]; /* its name, or "" */
};

bool
bench_output_folder_of(const char *path, char *folder, size_t size)
{
	const char *slash = strrchr(path, '/');
	if (slash == NULL)
		return (size_t)snprintf(folder, size, ".") < size;
	size_t length = slash == path ? 1 : (size_t)(slash - path);
	if (length >= size)
		return false;
	memcpy(folder, path, length);
	folder[length] = '\0';
	return true;
}

bool
bench_output_name_to_create(const char *path, char name[PATH_MAX], char *why,
                            size_t why_size)
{
	if (strlen(path) >= PATH_MAX)
		return bench_say(why, why_size, "%s: path too long", path);
	strcpy(name, path);
	for (int hops = 0; hops < 40; hops++) {
		struct stat status;
		if (lstat(name, &status) != 0 || !S_ISLNK(status.st_mode))
			return true;
		char link[PATH_MAX];
		ssize_t length = readlink(name, link, sizeof link - 1);
		if (length < 0)
			return bench_say(why, why_size, "%s: %s", path,
			                 strerror(errno));
		link[length] = '\0';
		char folder[PATH_MAX], next[PATH_MAX];
		if (link[0] == '/' || !bench_output_folder_of(name, folder, sizeof folder))
			snprintf(next, sizeof next, "%s", link);
		else if ((size_t)snprintf(next, sizeof next, "%s/%s", folder,
		                          link) >= sizeof next)
			return bench_say(why, why_size, "%s: path too long",
			                 path);
		strcpy(name, next);
	}
	return bench_say(why, why_size, "%s: %s", path, strerror(ELOOP));
}

/* Whether the user may do `mode` (W_OK, X_OK) on `path`, as the shell's
 * redirection would find: effective IDs, root's rights included. */
static bool
allowed(const char *path, int mode)
{
	return faccessat(AT_FDCWD, path, mode, AT_EACCESS) == 0;
}

/* The standard output or error when `status` is the file it writes to:
 * /dev/stdout and /proc/self/fd/1 are written through the stream the
 * program already holds, since reopening another user's pipe is refused
 * and renaming over a file the shell opened for it would orphan it. */
static int
own_stream(const struct stat *status)
{
	for (int fd = STDOUT_FILENO; fd <= STDERR_FILENO; fd++) {
		struct stat open_status;
		int flags = fcntl(fd, F_GETFL);
		if (flags >= 0 && (flags & O_ACCMODE) != O_RDONLY &&
		    fstat(fd, &open_status) == 0 &&
		    open_status.st_dev == status->st_dev &&
		    open_status.st_ino == status->st_ino)
			return fd;
	}
	return -1;
}

/* A destination that does not exist: a new file in an existing folder. */
static bool
check_new(struct destination *d, char *why, size_t why_size)
{
	if (!bench_output_name_to_create(d->path, d->target, why, why_size))
		return false;
	char folder[PATH_MAX] = "";
	struct stat parent;
	if (!bench_output_folder_of(d->target, folder, sizeof folder) ||
	    stat(folder, &parent) != 0 || !S_ISDIR(parent.st_mode))
		return bench_say(why, why_size, "%s: no folder %s to create it "
		                 "in", d->path, folder);
	if (!allowed(folder, W_OK | X_OK))
		return bench_say(why, why_size, "%s: cannot create files in "
		                 "%s: %s", d->path, folder, strerror(EACCES));
	d->kind = KIND_NEW;
	return true;
}

/* An existing regular file: replaced under its real name, or written in
 * place when that name no longer reaches it (an open file deleted). */
static bool
check_regular(struct destination *d, char *why, size_t why_size)
{
	d->kind = KIND_REGULAR;
	struct stat real;
	if (realpath(d->path, d->target) == NULL ||
	    stat(d->target, &real) != 0 || real.st_dev != d->status.st_dev ||
	    real.st_ino != d->status.st_ino) {
		if (strlen(d->path) >= sizeof d->target)
			return bench_say(why, why_size, "%s: path too long",
			                 d->path);
		strcpy(d->target, d->path);
		d->in_place = true;
	}
	return true;
}

/* The checks of output_file.h, on a destination whose path is set. */
static bool
check(struct destination *d, char *why, size_t why_size)
{
	d->fd = -1;
	if (d->path[0] == '\0')
		return bench_say(why, why_size, "an output needs a file name");
	if (stat(d->path, &d->status) != 0) {
		if (errno != ENOENT)
			return bench_say(why, why_size, "%s: %s", d->path,
			                 strerror(errno));
		return check_new(d, why, why_size);
	}
	d->own_fd = own_stream(&d->status);
	if (d->own_fd >= 0) {
		d->kind = KIND_OWN;
		return true;
	}
	mode_t type = d->status.st_mode & S_IFMT;
	if (type == S_IFREG) {
		if (!check_regular(d, why, why_size))
			return false;
	} else if (type == S_IFCHR || type == S_IFIFO) {
		d->kind = KIND_STREAM;
		strcpy(d->target, ""); /* written through d->path */
	} else {
		return bench_say(why, why_size, "%s: is %s, not a file", d->path,
		                 type == S_IFDIR    ? "a directory"
		                 : type == S_IFSOCK ? "a socket"
		                 : type == S_IFBLK  ? "a block device"
		                                    : "not a regular file");
	}
	if (!allowed(d->path, W_OK))
		return bench_say(why, why_size, "%s: not writable: %s", d->path,
		                 strerror(EACCES));
	return true;
}

bool
bench_output_check(const char *path, char *why, size_t why_size)
{
	struct destination d = {.path = path};
	return check(&d, why, why_size);
}

/* The content, rendered into memory. */
static bool
render(struct destination *d, bench_file_writer write, const void *ctx,
       char *why, size_t why_size)
{
	FILE *stream = open_memstream(&d->bytes, &d->length);
	if (stream == NULL)
		return bench_say(why, why_size, "%s: out of memory", d->path);
	bool ok = write(stream, ctx) && fflush(stream) == 0 && !ferror(stream);
	if (fclose(stream) != 0)
		ok = false;
	if (!ok)
		return bench_say(why, why_size, "%s: cannot write its content",
		                 d->path);
	return true;
}

static bool
write_all(int fd, const char *bytes, size_t length)
{
	while (length > 0) {
		ssize_t done = write(fd, bytes, length);
		if (done < 0 && errno == EINTR)
			continue;
		if (done <= 0) {
			if (done == 0)
				errno = EIO;
			return false;
		}
		bytes += done;
		length -= (size_t)done;
	}
	return true;
}

void
bench_output_remove_stale(const char *folder, const char *base,
                          void (*remove)(int folder_fd, const char *name))
{
	DIR *directory = opendir(folder);
	if (directory == NULL)
		return;
	char prefix[NAME_MAX + 32];
	int prefix_length = snprintf(prefix, sizeof prefix,
	                             ".%s" BENCH_OUTPUT_TEMPORARY_MARK, base);
	struct dirent *entry;
	while ((entry = readdir(directory)) != NULL) {
		if (prefix_length <= 0 ||
		    strncmp(entry->d_name, prefix, (size_t)prefix_length) != 0)
			continue;
		char *end;
		long pid = strtol(entry->d_name + prefix_length, &end, 10);
		if (end == entry->d_name + prefix_length || *end != '-' ||
		    pid <= 0 || pid == (long)getpid() ||
		    kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		remove(dirfd(directory), entry->d_name);
	}
	closedir(directory);
}

/* Removes a stale temporary file. */
static void
remove_file(int folder_fd, const char *name)
{
	unlinkat(folder_fd, name, 0);
}

bool
bench_output_temporary_name(const char *target, char name[PATH_MAX])
{
	static unsigned sequence;
	char folder[PATH_MAX];
	const char *slash = strrchr(target, '/');
	const char *base = slash != NULL ? slash + 1 : target;
	int length = -1;
	if (bench_output_folder_of(target, folder, sizeof folder))
		length = snprintf(name, PATH_MAX,
		                  "%s/.%s" BENCH_OUTPUT_TEMPORARY_MARK "%ld-%u",
		                  folder, base, (long)getpid(), sequence++);
	if (length < 0 || length >= PATH_MAX) {
		name[0] = '\0';
		errno = ENAMETOOLONG;
		return false;
	}
	return true;
}

/* A new name of the writer's pattern for d's temporary. */
static bool
name_temporary(struct destination *d)
{
	return bench_output_temporary_name(d->target, d->temporary);
}

/* Opens d's temporary beside its target: an unnamed file (O_TMPFILE),
 * or where the file system has none, a file of the writer's pattern. */
static bool
open_temporary(struct destination *d, const char *folder)
{
	d->fd = open(folder, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
	d->named = d->fd < 0;
	for (int attempt = 0; d->named && attempt < 100; attempt++) {
		if (!name_temporary(d))
			return false;
		d->fd = open(d->temporary,
		             O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0666);
		if (d->fd >= 0)
			return true;
		d->temporary[0] = '\0';
		if (errno != EEXIST)
			return false;
	}
	return d->fd >= 0;
}

/* A temporary beside the target holding the content, with the target's
 * mode and owner. Returns 0, -1 on an error (errno), or 1 when the owner
 * cannot be kept or the folder is not writable, so the file must be
 * written in place. */
static int
fill_temporary(struct destination *d)
{
	char folder[PATH_MAX];
	if (!bench_output_folder_of(d->target, folder, sizeof folder)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (!allowed(folder, W_OK | X_OK))
		return 1;
	const char *slash = strrchr(d->target, '/');
	bench_output_remove_stale(folder, slash != NULL ? slash + 1 : d->target,
	                          remove_file);
	if (!open_temporary(d, folder))
		return -1;
	if (d->kind == KIND_REGULAR &&
	    (d->status.st_uid != geteuid() || d->status.st_gid != getegid()) &&
	    fchown(d->fd, d->status.st_uid, d->status.st_gid) != 0)
		return errno == EPERM ? 1 : -1;
	if (d->kind == KIND_REGULAR &&
	    fchmod(d->fd, d->status.st_mode & 07777) != 0)
		return -1;
	if (!write_all(d->fd, d->bytes, d->length) || fsync(d->fd) != 0)
		return -1;
	return 0;
}

static void
release(struct destination *d)
{
	if (d->fd >= 0)
		close(d->fd);
	d->fd = -1;
	if (d->temporary[0] != '\0')
		unlink(d->temporary);
	d->temporary[0] = '\0';
	free(d->bytes);
	d->bytes = NULL;
}

/* Everything but the last step: the content rendered and, for a file, a
 * temporary ready to be renamed over it. */
static bool
prepare(struct destination *d, bench_file_writer write, const void *ctx,
        char *why, size_t why_size)
{
	if (!check(d, why, why_size) || !render(d, write, ctx, why, why_size))
		return false;
	if (d->kind == KIND_STREAM || d->kind == KIND_OWN || d->in_place)
		return true;
	int filled = fill_temporary(d);
	int saved = errno;
	if (filled != 0) {
		/* Nothing of it is needed: written in place, or failed. */
		int fd = d->fd;
		d->fd = -1;
		if (fd >= 0)
			close(fd);
		if (d->temporary[0] != '\0')
			unlink(d->temporary);
		d->temporary[0] = '\0';
	}
	if (filled < 0)
		return bench_say(why, why_size, "%s: cannot write: %s", d->path,
		                 strerror(saved));
	d->in_place = filled == 1;
	return true;
}

/* Gives the unnamed temporary a name of the writer's pattern, the step
 * before its rename: a kill between the two leaves a file that the next
 * writer of this target removes. */
static bool
link_temporary(struct destination *d)
{
	char self[64];
	snprintf(self, sizeof self, "/proc/self/fd/%d", d->fd);
	for (int attempt = 0; attempt < 100; attempt++) {
		if (!name_temporary(d))
			return false;
		if (linkat(AT_FDCWD, self, AT_FDCWD, d->temporary,
		           AT_SYMLINK_FOLLOW) == 0)
			return true;
		d->temporary[0] = '\0';
		if (errno != EEXIST)
			return false;
	}
	return false;
}

/* Writes the content to an open stream or file in place. */
static bool
write_in_place(struct destination *d)
{
	if (d->kind == KIND_OWN) {
		fflush(NULL); /* what the program printed there comes first */
		return write_all(d->own_fd, d->bytes, d->length);
	}
	int flags = O_WRONLY | O_NOCTTY | O_CLOEXEC;
	if (d->kind != KIND_STREAM)
		flags |= O_TRUNC | O_CREAT;
	const char *path = d->kind == KIND_STREAM ? d->path : d->target;
	int fd = open(path, flags, 0666);
	bool ok = fd >= 0 && write_all(fd, d->bytes, d->length) &&
	          (d->kind == KIND_STREAM || fsync(fd) == 0);
	int saved = errno;
	if (fd >= 0 && close(fd) != 0 && ok) {
		ok = false;
		saved = errno;
	}
	errno = saved;
	return ok;
}

/* The last step: the rename, or the write in place. */
static bool
commit(struct destination *d, char *why, size_t why_size)
{
	bool ok;
	if (d->fd < 0) {
		ok = write_in_place(d);
	} else {
		ok = (d->named || link_temporary(d)) &&
		     rename(d->temporary, d->target) == 0;
		if (ok)
			d->temporary[0] = '\0';
	}
	if (!ok)
		return bench_say(why, why_size, "%s: cannot write: %s", d->path,
		                 strerror(errno));
	return true;
}

bool
bench_output_write_set(const struct bench_output_part *parts, size_t count,
                       char *why, size_t why_size)
{
	struct destination *all = calloc(count > 0 ? count : 1, sizeof *all);
	if (all == NULL)
		return bench_say(why, why_size, "out of memory");
	for (size_t i = 0; i < count; i++)
		all[i].fd = -1;
	bool ok = true;
	for (size_t i = 0; ok && i < count; i++) {
		all[i].path = parts[i].path;
		ok = prepare(&all[i], parts[i].write, parts[i].ctx, why,
		             why_size);
	}
	for (size_t i = 0; ok && i < count; i++)
		ok = commit(&all[i], why, why_size);
	for (size_t i = 0; i < count; i++)
		release(&all[i]);
	free(all);
	return ok;
}

bool
bench_output_write(const char *path, bench_file_writer write, const void *ctx,
                   char *why, size_t why_size)
{
	struct bench_output_part part = {path, write, ctx};
	return bench_output_write_set(&part, 1, why, why_size);
}
