/*
 * output_folder.c - see output_folder.h.
 */
#define _GNU_SOURCE /* renameat2, AT_EACCESS */
#include "output_folder.h"

#include "output_file.h"
#include "say.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Folders nest no deeper than this in what is carried or removed. */
#define DEPTH_MAX 16

static bool
allowed(const char *path, int mode)
{
	return faccessat(AT_FDCWD, path, mode, AT_EACCESS) == 0;
}

/* The checks of output_folder.h: folder->target and ->exists set. */
static bool
check(struct bench_output_folder *folder, char *why, size_t why_size)
{
	const char *path = folder->path;
	if (path[0] == '\0')
		return bench_say(why, why_size, "an output folder needs a name");
	struct stat status;
	folder->exists = stat(path, &status) == 0;
	if (folder->exists) {
		if (!S_ISDIR(status.st_mode))
			return bench_say(why, why_size, "%s: not a folder", path);
		if (realpath(path, folder->target) == NULL)
			return bench_say(why, why_size, "%s: %s", path,
			                 strerror(errno));
		if (strcmp(folder->target, "/") == 0)
			return bench_say(why, why_size, "%s: the root cannot be "
			                 "replaced", path);
	} else if (errno != ENOENT) {
		return bench_say(why, why_size, "%s: %s", path, strerror(errno));
	} else if (!bench_output_name_to_create(path, folder->target, why,
	                                        why_size)) {
		return false;
	}
	char parent[PATH_MAX];
	struct stat parent_status;
	if (!bench_output_folder_of(folder->target, parent, sizeof parent) ||
	    stat(parent, &parent_status) != 0 || !S_ISDIR(parent_status.st_mode))
		return bench_say(why, why_size, "%s: no folder %s to make it in",
		                 path, parent);
	if (!allowed(parent, W_OK | X_OK))
		return bench_say(why, why_size, "%s: cannot write in %s: %s",
		                 path, parent, strerror(EACCES));
	return true;
}

bool
bench_output_folder_check(const char *path, char *why, size_t why_size)
{
	struct bench_output_folder folder = {.path = path};
	return check(&folder, why, why_size);
}

/* Removes the entry `name` of the folder open as `at`, a folder with all
 * it holds; depth bounds the recursion. */
static void
remove_entry(int at, const char *name, int depth)
{
	if (unlinkat(at, name, 0) == 0 || (errno != EISDIR && errno != EPERM))
		return;
	int fd = openat(at, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	                          O_CLOEXEC);
	DIR *listing = fd >= 0 ? fdopendir(fd) : NULL;
	if (listing == NULL) {
		if (fd >= 0)
			close(fd);
		return;
	}
	struct dirent *entry;
	while (depth < DEPTH_MAX && (entry = readdir(listing)) != NULL) {
		if (strcmp(entry->d_name, ".") != 0 &&
		    strcmp(entry->d_name, "..") != 0)
			remove_entry(dirfd(listing), entry->d_name, depth + 1);
	}
	closedir(listing);
	unlinkat(at, name, AT_REMOVEDIR);
}

static void
remove_stale(int folder_fd, const char *name)
{
	remove_entry(folder_fd, name, 0);
}

static void
remove_tree(const char *path)
{
	remove_entry(AT_FDCWD, path, 0);
}

bool
bench_output_folder_begin(struct bench_output_folder *folder,
                          const char *path, char *why, size_t why_size)
{
	*folder = (struct bench_output_folder){.path = path};
	if (!check(folder, why, why_size))
		return false;
	char parent[PATH_MAX];
	bench_output_folder_of(folder->target, parent, sizeof parent);
	const char *slash = strrchr(folder->target, '/');
	bench_output_remove_stale(parent,
	                          slash != NULL ? slash + 1 : folder->target,
	                          remove_stale);
	for (int attempt = 0; attempt < 100; attempt++) {
		if (!bench_output_temporary_name(folder->target,
		                                 folder->staging))
			return bench_say(why, why_size, "%s: path too long",
			                 path);
		if (mkdir(folder->staging, 0777) == 0)
			break;
		if (errno != EEXIST || attempt == 99) {
			int saved = errno;
			folder->staging[0] = '\0';
			return bench_say(why, why_size, "%s: cannot make a folder "
			                 "beside it: %s", path, strerror(saved));
		}
	}
	return true;
}

void
bench_output_folder_abandon(struct bench_output_folder *folder)
{
	if (folder->staging[0] != '\0')
		remove_tree(folder->staging);
	folder->staging[0] = '\0';
}

/* Copies a regular file whose hard link could not be made. */
static bool
copy_file(const char *from, const char *to, mode_t mode)
{
	int in = open(from, O_RDONLY | O_CLOEXEC);
	int out = in < 0 ? -1
	                 : open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
	                        mode & 07777);
	bool ok = out >= 0;
	char buffer[65536];
	ssize_t got;
	while (ok && (got = read(in, buffer, sizeof buffer)) != 0) {
		if (got < 0 && errno == EINTR)
			continue;
		ok = got > 0 && write(out, buffer, (size_t)got) == got;
	}
	int saved = errno;
	if (in >= 0)
		close(in);
	if (out >= 0 && close(out) != 0)
		ok = false;
	errno = saved;
	return ok;
}

/* The claims of the writer, and the two folders' roots, for carry(). */
struct carrying {
	bench_folder_claims *claims;
	char *why;
	size_t why_size;
};

/* Carries one entry that is no folder: a file the writer wrote again
 * keeps its old mode; one it claims is dropped; the rest are linked,
 * copied or, for a symlink, made again. */
static bool
carry_entry(const struct carrying *c, const char *relative, const char *old,
            const char *new, const struct stat *status)
{
	struct stat written;
	if (lstat(new, &written) == 0) {
		if (S_ISREG(written.st_mode) && S_ISREG(status->st_mode))
			chmod(new, status->st_mode & 07777);
		return true;
	}
	if (c->claims(relative, old))
		return true;
	bool ok;
	if (S_ISREG(status->st_mode)) {
		ok = link(old, new) == 0 || copy_file(old, new, status->st_mode);
	} else if (S_ISLNK(status->st_mode)) {
		char target[PATH_MAX];
		ssize_t length = readlink(old, target, sizeof target - 1);
		ok = length >= 0;
		if (ok) {
			target[length] = '\0';
			ok = symlink(target, new) == 0;
		}
	} else {
		return bench_say(c->why, c->why_size, "%s: cannot carry it into "
		                 "the new folder (not a file, folder or "
		                 "symlink)", old);
	}
	if (!ok)
		return bench_say(c->why, c->why_size, "%s: cannot carry it into "
		                 "the new folder: %s", old, strerror(errno));
	return true;
}

/* Carries what the old folder holds under `relative` into the new one. */
static bool
carry(const struct carrying *c, const char *old_root, const char *new_root,
      const char *relative, int depth)
{
	char old_dir[2 * PATH_MAX];
	snprintf(old_dir, sizeof old_dir, "%s%s%s", old_root,
	         relative[0] ? "/" : "", relative);
	DIR *listing = opendir(old_dir);
	if (listing == NULL)
		return bench_say(c->why, c->why_size, "%s: %s", old_dir,
		                 strerror(errno));
	bool ok = true;
	struct dirent *entry;
	while (ok && (entry = readdir(listing)) != NULL) {
		if (strcmp(entry->d_name, ".") == 0 ||
		    strcmp(entry->d_name, "..") == 0)
			continue;
		char rel[PATH_MAX], old[2 * PATH_MAX], new[2 * PATH_MAX];
		if ((size_t)snprintf(rel, sizeof rel, "%s%s%s", relative,
		                     relative[0] ? "/" : "",
		                     entry->d_name) >= sizeof rel) {
			ok = bench_say(c->why, c->why_size, "%s: path too long",
			               old_dir);
			break;
		}
		snprintf(old, sizeof old, "%s/%s", old_root, rel);
		snprintf(new, sizeof new, "%s/%s", new_root, rel);
		struct stat status;
		if (lstat(old, &status) != 0) {
			ok = bench_say(c->why, c->why_size, "%s: %s", old,
			               strerror(errno));
		} else if (!S_ISDIR(status.st_mode)) {
			ok = carry_entry(c, rel, old, new, &status);
		} else if (depth >= DEPTH_MAX) {
			ok = bench_say(c->why, c->why_size, "%s: folders nested "
			               "too deep to carry", old);
		} else {
			if (mkdir(new, status.st_mode & 07777) != 0 &&
			    errno != EEXIST)
				ok = bench_say(c->why, c->why_size, "%s: %s", new,
				               strerror(errno));
			ok = ok && carry(c, old_root, new_root, rel, depth + 1);
		}
	}
	closedir(listing);
	return ok;
}

/* Puts the new folder in the old one's place; the old one is then at
 * folder->staging. */
static bool
swap(struct bench_output_folder *folder, char *why, size_t why_size)
{
	if (!folder->exists) {
		if (rename(folder->staging, folder->target) != 0)
			return bench_say(why, why_size, "%s: cannot put the new "
			                 "folder in place: %s", folder->path,
			                 strerror(errno));
		folder->staging[0] = '\0';
		return true;
	}
	if (renameat2(AT_FDCWD, folder->staging, AT_FDCWD, folder->target,
	              RENAME_EXCHANGE) == 0)
		return true;
	if (errno != EINVAL && errno != ENOSYS)
		return bench_say(why, why_size, "%s: cannot swap in the new "
		                 "folder: %s", folder->path, strerror(errno));
	/* No exchange on this file system: the old folder steps aside under
	 * a temporary name first, and comes back if the new one cannot go. */
	char aside[PATH_MAX];
	if (!bench_output_temporary_name(folder->target, aside) ||
	    rename(folder->target, aside) != 0)
		return bench_say(why, why_size, "%s: cannot move the old folder "
		                 "aside: %s", folder->path, strerror(errno));
	if (rename(folder->staging, folder->target) != 0) {
		int saved = errno;
		rename(aside, folder->target);
		return bench_say(why, why_size, "%s: cannot put the new folder "
		                 "in place: %s", folder->path, strerror(saved));
	}
	memcpy(folder->staging, aside, sizeof aside);
	return true;
}

bool
bench_output_folder_commit(struct bench_output_folder *folder,
                           bench_folder_claims *claims, char *why,
                           size_t why_size)
{
	const struct carrying carrying = {claims, why, why_size};
	bool ok = !folder->exists ||
	          carry(&carrying, folder->target, folder->staging, "", 0);
	/* The old folder's mode and owner, once nothing more is written. */
	struct stat old;
	if (ok && folder->exists && stat(folder->target, &old) == 0) {
		chmod(folder->staging, old.st_mode & 07777);
		if (old.st_uid != geteuid() || old.st_gid != getegid())
			(void)!chown(folder->staging, old.st_uid, old.st_gid);
	}
	ok = ok && swap(folder, why, why_size);
	/* After a failure the new folder, after the swap the old one. */
	bench_output_folder_abandon(folder);
	return ok;
}
