/*
 * history_git.c - the committed versions of a results file, read with git
 * (see history.h): `git log --follow` lists the commits that changed it,
 * `git cat-file` gives each version's text, and the results reader parses
 * it. Git runs in the file's folder, with its output read through pipes;
 * the repository is only read.
 */
#include "history.h"

#include "say.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* What a run of git gave. */
struct git_output {
	char *out;                 /* stdout, NUL-terminated */
	size_t length;
	char err[256];             /* the first line of stderr */
	int status;                /* exit status; 127: git could not run */
};

struct buffer {
	char *text;
	size_t length, capacity;
};

/* Appends what `fd` has to the buffer; false at its end (or on error). */
static bool
drain(int fd, struct buffer *buffer)
{
	if (buffer->length + 4096 + 1 > buffer->capacity) {
		size_t bigger = buffer->capacity < 8192 ? 8192
		                                        : buffer->capacity * 2;
		char *grown = realloc(buffer->text, bigger);
		if (grown == NULL)
			return false;
		buffer->text = grown;
		buffer->capacity = bigger;
	}
	ssize_t got = read(fd, buffer->text + buffer->length,
	                   buffer->capacity - buffer->length - 1);
	if (got < 0 && errno == EINTR)
		return true;
	if (got <= 0)
		return false;
	buffer->length += (size_t)got;
	buffer->text[buffer->length] = '\0';
	return true;
}

/* The child: git in `dir` with `args`, its outputs on the pipes. */
static void
exec_git(const char *git, const char *dir, char *const *args, int out,
         int err)
{
	if (dup2(out, STDOUT_FILENO) < 0 || dup2(err, STDERR_FILENO) < 0 ||
	    chdir(dir) != 0)
		_exit(126);
	execvp(git, args);
	static const char message[] = "cannot run git\n";
	ssize_t ignored = write(STDERR_FILENO, message, sizeof message - 1);
	(void)ignored;
	_exit(127);
}

/* Reads both pipes until both end, so that neither fills up. */
static bool
collect(int out, int err, struct buffer *stdout_text,
        struct buffer *stderr_text)
{
	struct pollfd fds[2] = {{.fd = out, .events = POLLIN},
	                        {.fd = err, .events = POLLIN}};
	struct buffer *buffers[2] = {stdout_text, stderr_text};
	bool ok = true;
	while (fds[0].fd >= 0 || fds[1].fd >= 0) {
		if (poll(fds, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			return false;
		}
		for (int i = 0; i < 2; i++) {
			if (fds[i].fd < 0 || fds[i].revents == 0)
				continue;
			if (!drain(fds[i].fd, buffers[i])) {
				ok = ok && buffers[i]->capacity > 0;
				close(fds[i].fd);
				fds[i].fd = -1;
			}
		}
	}
	return ok;
}

/* A copy of args, for exec (which takes them writable). */
static char **
copy_args(const char *const *args)
{
	size_t count = 0;
	while (args[count] != NULL)
		count++;
	char **copy = calloc(count + 1, sizeof *copy);
	for (size_t i = 0; copy != NULL && i < count; i++) {
		copy[i] = strdup(args[i]);
		if (copy[i] == NULL) {
			while (i > 0)
				free(copy[--i]);
			free(copy);
			copy = NULL;
		}
	}
	return copy;
}

static void
free_args(char **args)
{
	for (size_t i = 0; args[i] != NULL; i++)
		free(args[i]);
	free(args);
}

/* Runs `git args...` (args[0] is the program) in dir. False with a reason
 * when it could not be started or read; its exit status is in output. */
static bool
run_git(const char *dir, char *const *args, struct git_output *output,
        char *why, size_t why_size)
{
	*output = (struct git_output){0};
	int out[2], err[2];
	if (pipe(out) != 0)
		return bench_say(why, why_size, "cannot run git: %s",
		                 strerror(errno));
	if (pipe(err) != 0) {
		close(out[0]);
		close(out[1]);
		return bench_say(why, why_size, "cannot run git: %s",
		                 strerror(errno));
	}
	fflush(NULL);
	pid_t child = fork();
	if (child == 0)
		exec_git(args[0], dir, args, out[1], err[1]);
	close(out[1]);
	close(err[1]);
	if (child < 0) {
		close(out[0]);
		close(err[0]);
		return bench_say(why, why_size, "cannot run git: %s",
		                 strerror(errno));
	}
	struct buffer text = {0}, messages = {0};
	bool read_all = collect(out[0], err[0], &text, &messages);
	int status = 0;
	while (waitpid(child, &status, 0) < 0 && errno == EINTR)
		continue;
	output->status = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
	output->out = text.text != NULL ? text.text : calloc(1, 1);
	output->length = text.length;
	if (messages.text != NULL)
		snprintf(output->err, sizeof output->err, "%.*s",
		         (int)strcspn(messages.text, "\n"), messages.text);
	free(messages.text);
	if (!read_all || output->out == NULL)
		return bench_say(why, why_size, "out of memory reading git");
	return true;
}

/* Runs git and says why in one line when it fails. */
static bool
git_ok(const char *dir, const char *const *given, struct git_output *output,
       const char *file, char *why, size_t why_size)
{
	char **args = copy_args(given);
	if (args == NULL)
		return bench_say(why, why_size, "out of memory");
	bool ran = run_git(dir, args, output, why, why_size);
	free_args(args);
	if (!ran) {
		free(output->out);
		output->out = NULL;
		return false;
	}
	if (output->status == 0)
		return true;
	if (output->status == 127 || output->status == 126)
		bench_say(why, why_size, "%s: %s could not be run in %s "
		          "(install git: scripts/install-deps)", file, given[0],
		          dir);
	else
		bench_say(why, why_size, "%s: git %s failed: %s", file, given[1],
		          output->err[0] != '\0' ? output->err : "no message");
	free(output->out);
	output->out = NULL;
	return false;
}

/* The folder of `file` ("." when it has none) and its last name. */
static void
split_path(const char *file, char *dir, size_t dir_size, const char **base)
{
	const char *slash = strrchr(file, '/');
	*base = slash != NULL ? slash + 1 : file;
	if (slash == NULL)
		snprintf(dir, dir_size, ".");
	else if (slash == file)
		snprintf(dir, dir_size, "/");
	else
		snprintf(dir, dir_size, "%.*s", (int)(slash - file), file);
}

/* Refuses a shallow clone (its history is cut short) and finds the folder
 * of the file from the repository's top (*prefix, malloc'd). */
static bool
check_repository(const char *git, const char *dir, const char *file,
                 char **prefix, char *why, size_t why_size)
{
	const char *args[] = {git, "rev-parse", "--is-shallow-repository",
	                      "--show-prefix", NULL};
	struct git_output output;
	if (!git_ok(dir, args, &output, file, why, why_size))
		return false;
	char *lines = output.out;
	size_t first = strcspn(lines, "\n");
	bool shallow = strncmp(lines, "true", first) == 0 && first == 4;
	if (shallow) {
		free(output.out);
		return bench_say(why, why_size, "%s: the repository is a shallow "
		                 "clone, so the file's history is cut short: run "
		                 "`git fetch --unshallow` there first", file);
	}
	char *rest = lines[first] == '\n' ? lines + first + 1 : lines + first;
	rest[strcspn(rest, "\n")] = '\0';
	*prefix = strdup(rest);
	free(output.out);
	if (*prefix == NULL)
		return bench_say(why, why_size, "out of memory");
	return true;
}

/* The log: "\x01<hash>\x1f<date>\x1f<subject>", a blank line, then the
 * file's line of --name-status ("M\tpath", "R100\told\tnew", ...). */
#define LOG_FORMAT "--format=%x01%H%x1f%cI%x1f%s"

/* Fills `version` from one record of the log; false for a record that is
 * not a version (the file deleted there) or malformed. */
static bool
parse_record(char *record, const char *fallback,
             struct bench_history_version *version)
{
	char *header_end = strchr(record, '\n');
	if (header_end != NULL)
		*header_end = '\0';
	char *date = strchr(record, '\x1f');
	char *subject = date != NULL ? strchr(date + 1, '\x1f') : NULL;
	if (subject == NULL || date - record != 40)
		return false;
	*date++ = '\0';
	*subject++ = '\0';
	snprintf(version->commit, sizeof version->commit, "%s", record);
	snprintf(version->date, sizeof version->date, "%s", date);
	version->subject = strdup(subject);
	/* The first line of --name-status; a merge may have none. */
	const char *path = fallback;
	char *line = header_end != NULL ? header_end + 1 : NULL;
	while (line != NULL && *line == '\n')
		line++;
	if (line != NULL && *line != '\0') {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == 'D')
			return false;
		char *tab = strrchr(line, '\t');
		if (tab != NULL)
			path = tab + 1;
	}
	version->path = strdup(path);
	return version->subject != NULL && version->path != NULL;
}

static void
version_free(struct bench_history_version *version)
{
	bench_run_file_free(&version->run);
	free(version->subject);
	free(version->path);
	free(version->name);
	free(version->boundary);
	memset(version, 0, sizeof *version);
}

/* The commits of the log, oldest first, into history->versions. */
static bool
list_versions(char *log, const char *top_path, const char *file,
              struct bench_history *history, char *why, size_t why_size)
{
	size_t records = 0;
	for (const char *c = log; *c != '\0'; c++)
		records += *c == '\x01' ? 1 : 0;
	if (records == 0)
		return bench_say(why, why_size, "%s: no committed version (git "
		                 "log --follow lists no commit of it)", file);
	history->versions = calloc(records, sizeof *history->versions);
	if (history->versions == NULL)
		return bench_say(why, why_size, "out of memory");
	/* The log is newest first, and a record naming no path (a merge)
	 * takes the path of the newer one: starts[] holds the records oldest
	 * first, and the walk goes from the newest. */
	char **starts = calloc(records, sizeof *starts);
	struct bench_history_version *newest_first =
		calloc(records, sizeof *newest_first);
	bool ok = starts != NULL && newest_first != NULL;
	size_t left = records, kept = 0;
	for (char *c = log; ok && *c != '\0'; c++)
		if (*c == '\x01')
			starts[--left] = c + 1;
	const char *path = top_path;
	for (size_t r = records; ok && r-- > 0;) {
		char *next = strchr(starts[r], '\x01');
		if (next != NULL)
			*next = '\0';
		struct bench_history_version version = {0};
		/* A record that is no version (the file deleted there) is
		 * skipped. */
		if (parse_record(starts[r], path, &version)) {
			path = version.path;
			newest_first[kept++] = version;
		} else {
			version_free(&version);
		}
	}
	for (size_t i = 0; ok && i < kept; i++)
		history->versions[i] = newest_first[kept - 1 - i];
	history->count = ok ? kept : 0;
	free(newest_first);
	free(starts);
	if (!ok)
		return bench_say(why, why_size, "out of memory");
	if (kept == 0)
		return bench_say(why, why_size, "%s: no committed version "
		                 "holds it", file);
	return true;
}

/* A version's glibc pin: its GLIBC_TUNABLES where the pin was checked
 * (context.glibc_pin), else none. */
static const char *
pin_of(const struct bench_run_file *run)
{
	return run->glibc_pin != NULL ? run->glibc_tunables : NULL;
}

static bool
same_text(const char *a, const char *b)
{
	return (a == NULL && b == NULL) ||
	       (a != NULL && b != NULL && strcmp(a, b) == 0);
}

/* What changed between two versions' pins and toolchains, into out
 * ("" when nothing did). */
static void
describe_change(const struct bench_run_file *before,
                const struct bench_run_file *after, char *out,
                size_t out_size)
{
	out[0] = '\0';
	size_t used = 0;
	const char *pin_before = pin_of(before), *pin_after = pin_of(after);
	if (!same_text(pin_before, pin_after))
		used += (size_t)snprintf(out, out_size, "the glibc pin: %s",
		                         pin_before == NULL  ? "none -> set"
		                         : pin_after == NULL ? "set -> none"
		                                             : "changed");
	const struct {
		const char *what, *before, *after;
	} facts[] = {
		{"the unit", before->unit, after->unit},
		{"the compiler", before->compiler, after->compiler},
		{"the flags", before->cflags, after->cflags},
		{"glibc", before->glibc, after->glibc},
		{"callgrind", before->callgrind, after->callgrind},
	};
	for (size_t f = 0; f < sizeof facts / sizeof facts[0]; f++) {
		if (same_text(facts[f].before, facts[f].after) || used >= out_size)
			continue;
		used += (size_t)snprintf(out + used, out_size - used,
		                         "%s%s: %s -> %s", used > 0 ? "; " : "",
		                         facts[f].what,
		                         facts[f].before != NULL ? facts[f].before
		                                                 : "none",
		                         facts[f].after != NULL ? facts[f].after
		                                                : "none");
	}
}

/* Numbers the eras: a version whose pin or toolchain differs from the
 * one before starts a new one, and says what changed. */
static bool
mark_eras(struct bench_history *history, char *why, size_t why_size)
{
	history->era_count = history->count > 0 ? 1 : 0;
	for (size_t v = 1; v < history->count; v++) {
		struct bench_history_version *version = &history->versions[v];
		char change[1024];
		describe_change(&history->versions[v - 1].run, &version->run,
		                change, sizeof change);
		if (change[0] != '\0') {
			version->boundary = strdup(change);
			if (version->boundary == NULL)
				return bench_say(why, why_size, "out of memory");
			history->era_count++;
		}
		version->era = history->era_count - 1;
	}
	return true;
}

/* Reads and parses every version's text. */
static bool
load_versions(const char *git, const char *dir, const char *file,
              struct bench_history *history, char *why, size_t why_size)
{
	for (size_t v = 0; v < history->count; v++) {
		struct bench_history_version *version = &history->versions[v];
		size_t size = strlen(version->path) + 64;
		version->name = malloc(size);
		char *object = malloc(size);
		if (version->name == NULL || object == NULL) {
			free(object);
			return bench_say(why, why_size, "out of memory");
		}
		snprintf(version->name, size, "%.12s:%s", version->commit,
		         version->path);
		snprintf(object, size, "%s:%s", version->commit, version->path);
		const char *args[] = {git, "cat-file", "blob", object, NULL};
		struct git_output output;
		bool ok = git_ok(dir, args, &output, file, why, why_size);
		free(object);
		if (!ok)
			return false;
		ok = bench_run_file_load_text(version->name, output.out,
		                              output.length, BENCH_READ_MEASURED,
		                              &version->run, why, why_size);
		free(output.out);
		if (!ok)
			return false;
	}
	return true;
}

bool
bench_history_read(const char *file, const char *git,
                   struct bench_history *history, char *why,
                   size_t why_size)
{
	memset(history, 0, sizeof *history);
	if (git == NULL)
		git = "git";
	char dir[4096];
	const char *base;
	split_path(file, dir, sizeof dir, &base);
	char *prefix = NULL;
	if (!check_repository(git, dir, file, &prefix, why, why_size))
		return false;
	size_t size = strlen(prefix) + strlen(base) + 1;
	char *top_path = malloc(size);
	if (top_path == NULL) {
		free(prefix);
		return bench_say(why, why_size, "out of memory");
	}
	snprintf(top_path, size, "%s%s", prefix, base);
	free(prefix);
	const char *args[] = {git, "log", "--follow", LOG_FORMAT,
	                      "--name-status", "--", base, NULL};
	struct git_output output;
	bool ok = git_ok(dir, args, &output, file, why, why_size);
	ok = ok && list_versions(output.out, top_path, file, history, why,
	                         why_size);
	free(output.out);
	ok = ok && load_versions(git, dir, file, history, why, why_size) &&
	     mark_eras(history, why, why_size);
	free(top_path);
	if (!ok)
		bench_history_free(history);
	return ok;
}

void
bench_history_free(struct bench_history *history)
{
	for (size_t v = 0; v < history->count; v++)
		version_free(&history->versions[v]);
	free(history->versions);
	memset(history, 0, sizeof *history);
}
