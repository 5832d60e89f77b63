/*
 * test_output_file.c - the output rules (harness/README.md §6.6) on each kind
 * of destination: a regular file keeps its mode and owner, a new one gets
 * the umask's mode, a FIFO and a character device are written in place, a
 * symlink is followed, anything else is refused in one line, a writer that
 * fails changes nothing, and no temporary file is left.
 */
#define _GNU_SOURCE
#include "suites.h"

#include "output_file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

/* The user that non-root cases run as, when the tests run as root. */
#define NOBODY 65534

static char folder[64];
static char why[512];

static void
make_folder(void)
{
	strcpy(folder, "/tmp/bench-output-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(folder));
	chmod(folder, 0777);
}

static void
remove_folder(void)
{
	char command[128];
	snprintf(command, sizeof command, "rm -rf '%s'", folder);
	if (system(command) != 0)
		fprintf(stderr, "could not remove %s\n", folder);
}

static const char *
in_folder(const char *name)
{
	static char paths[4][128];
	static int next;
	char *path = paths[next++ % 4];
	snprintf(path, 128, "%s/%s", folder, name);
	return path;
}

static bool
write_text(FILE *stream, const void *ctx)
{
	return fputs(ctx, stream) >= 0;
}

static bool
write_nothing_and_fail(FILE *stream, const void *ctx)
{
	(void)ctx;
	fputs("half", stream);
	return false;
}

static void
put_file(const char *path, const char *text, mode_t mode)
{
	FILE *file = fopen(path, "w");
	ck_assert_ptr_nonnull(file);
	fputs(text, file);
	fclose(file);
	ck_assert_int_eq(chmod(path, mode), 0);
}

static char *
file_text(const char *path)
{
	static char text[256];
	FILE *file = fopen(path, "r");
	ck_assert_msg(file != NULL, "%s: %s", path, strerror(errno));
	size_t length = fread(text, 1, sizeof text - 1, file);
	fclose(file);
	text[length] = '\0';
	return text;
}

/* The entries of the folder besides those named, so that a leftover
 * temporary shows. */
static int
entries(void)
{
	DIR *directory = opendir(folder);
	ck_assert_ptr_nonnull(directory);
	int count = 0;
	struct dirent *entry;
	while ((entry = readdir(directory)) != NULL)
		count += strcmp(entry->d_name, ".") != 0 &&
		         strcmp(entry->d_name, "..") != 0;
	closedir(directory);
	return count;
}

static void
assert_one_line(void)
{
	ck_assert_msg(why[0] != '\0' && strchr(why, '\n') == NULL,
	              "not one line: '%s'", why);
}

START_TEST(a_regular_file_is_replaced_keeping_its_mode)
{
	make_folder();
	const char *path = in_folder("results.md");
	put_file(path, "old", 0640);
	struct stat before, after;
	ck_assert_int_eq(stat(path, &before), 0);
	ck_assert(bench_output_write(path, write_text, "new", why, sizeof why));
	ck_assert_str_eq(file_text(path), "new");
	ck_assert_int_eq(stat(path, &after), 0);
	ck_assert_uint_eq(after.st_mode & 07777, 0640);
	/* Replaced by a rename, not rewritten in place. */
	ck_assert_uint_ne(after.st_ino, before.st_ino);
	ck_assert_int_eq(entries(), 1);
	remove_folder();
}
END_TEST

START_TEST(a_new_file_gets_the_mode_of_the_umask)
{
	make_folder();
	mode_t old = umask(027);
	const char *path = in_folder("new.json");
	bool ok = bench_output_write(path, write_text, "{}", why, sizeof why);
	umask(old);
	ck_assert_msg(ok, "%s", why);
	struct stat status;
	ck_assert_int_eq(stat(path, &status), 0);
	ck_assert_uint_eq(status.st_mode & 07777, 0640);
	ck_assert_int_eq(entries(), 1);
	remove_folder();
}
END_TEST

START_TEST(a_fifo_is_written_in_place)
{
	make_folder();
	const char *path = in_folder("pipe");
	ck_assert_int_eq(mkfifo(path, 0600), 0);
	ck_assert(bench_output_check(path, why, sizeof why));
	pid_t reader = fork();
	ck_assert_int_ge(reader, 0);
	if (reader == 0) {
		char text[16] = "";
		int fd = open(path, O_RDONLY);
		ssize_t length = read(fd, text, sizeof text - 1);
		_exit(length == 4 && memcmp(text, "data", 4) == 0 ? 0 : 1);
	}
	ck_assert_msg(bench_output_write(path, write_text, "data", why,
	                                 sizeof why), "%s", why);
	int status;
	ck_assert_int_eq(waitpid(reader, &status, 0), reader);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	struct stat after;
	ck_assert_int_eq(lstat(path, &after), 0);
	ck_assert(S_ISFIFO(after.st_mode));
	ck_assert_int_eq(entries(), 1);
	remove_folder();
}
END_TEST

START_TEST(a_character_device_is_written_in_place)
{
	ck_assert_msg(bench_output_write("/dev/null", write_text, "x", why,
	                                 sizeof why), "%s", why);
	struct stat status;
	ck_assert_int_eq(stat("/dev/null", &status), 0);
	ck_assert(S_ISCHR(status.st_mode));
}
END_TEST

START_TEST(a_full_device_fails_in_one_line_and_stays_a_device)
{
	struct stat status;
	if (stat("/dev/full", &status) != 0 || access("/dev/full", W_OK) != 0)
		return; /* no /dev/full this user may open */
	ck_assert(!bench_output_write("/dev/full", write_text, "x", why,
	                              sizeof why));
	assert_one_line();
	ck_assert_ptr_nonnull(strstr(why, "/dev/full"));
	ck_assert_int_eq(stat("/dev/full", &status), 0);
	ck_assert(S_ISCHR(status.st_mode));
}
END_TEST

START_TEST(a_symlink_is_followed_to_its_target)
{
	make_folder();
	const char *target = in_folder("target.csv");
	const char *link = in_folder("link.csv");
	put_file(target, "old", 0600);
	ck_assert_int_eq(symlink("target.csv", link), 0);
	ck_assert_msg(bench_output_write(link, write_text, "new", why,
	                                 sizeof why), "%s", why);
	struct stat status;
	ck_assert_int_eq(lstat(link, &status), 0);
	ck_assert(S_ISLNK(status.st_mode));
	ck_assert_str_eq(file_text(target), "new");
	ck_assert_int_eq(stat(target, &status), 0);
	ck_assert_uint_eq(status.st_mode & 07777, 0600);

	/* A dangling one creates its target. */
	const char *dangling = in_folder("dangling");
	ck_assert_int_eq(symlink("created.txt", dangling), 0);
	ck_assert_msg(bench_output_write(dangling, write_text, "made", why,
	                                 sizeof why), "%s", why);
	ck_assert_str_eq(file_text(in_folder("created.txt")), "made");
	ck_assert_int_eq(lstat(dangling, &status), 0);
	ck_assert(S_ISLNK(status.st_mode));
	ck_assert_int_eq(entries(), 4);
	remove_folder();
}
END_TEST

START_TEST(a_directory_socket_or_missing_folder_is_refused)
{
	make_folder();
	ck_assert(!bench_output_check(folder, why, sizeof why));
	assert_one_line();
	ck_assert_ptr_nonnull(strstr(why, "is a directory"));

	const char *socket_path = in_folder("listener");
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);
	struct sockaddr_un address = {.sun_family = AF_UNIX};
	snprintf(address.sun_path, sizeof address.sun_path, "%s", socket_path);
	ck_assert_int_eq(bind(fd, (struct sockaddr *)&address, sizeof address), 0);
	ck_assert(!bench_output_write(socket_path, write_text, "x", why,
	                              sizeof why));
	assert_one_line();
	ck_assert_ptr_nonnull(strstr(why, "is a socket"));
	close(fd);

	ck_assert(!bench_output_check(in_folder("missing/run.json"), why,
	                              sizeof why));
	assert_one_line();
	ck_assert_ptr_nonnull(strstr(why, "no folder"));

	/* A symlink to a directory is a directory. */
	ck_assert_int_eq(symlink(".", in_folder("here")), 0);
	ck_assert(!bench_output_check(in_folder("here"), why, sizeof why));
	assert_one_line();
	ck_assert_int_eq(entries(), 2);
	remove_folder();
}
END_TEST

/* Runs `body` as a user other than root (the tests' own when they do not
 * run as root), in a child; returns its exit status. */
static int
as_non_root(int (*body)(void))
{
	pid_t child = fork();
	ck_assert_int_ge(child, 0);
	if (child == 0) {
		if (geteuid() == 0 && (setgid(NOBODY) != 0 || setuid(NOBODY) != 0))
			_exit(77);
		_exit(body());
	}
	int status;
	ck_assert_int_eq(waitpid(child, &status, 0), child);
	ck_assert(WIFEXITED(status));
	return WEXITSTATUS(status);
}

static int
refuses_a_read_only_file(void)
{
	const char *path = in_folder("read-only.md");
	FILE *file = fopen(path, "w");
	if (file == NULL)
		return 2;
	fputs("kept", file);
	fclose(file);
	chmod(path, 0444);
	if (bench_output_write(path, write_text, "lost", why, sizeof why))
		return 3;
	if (strstr(why, "not writable") == NULL || strchr(why, '\n'))
		return 4;
	if (strcmp(file_text(path), "kept") != 0)
		return 5;
	/* /dev/null is anyone's. */
	if (!bench_output_write("/dev/null", write_text, "x", why, sizeof why))
		return 6;
	return 0;
}

START_TEST(a_read_only_file_is_refused_for_a_non_root_user)
{
	make_folder();
	int status = as_non_root(refuses_a_read_only_file);
	remove_folder();
	ck_assert_msg(status != 77, "could not drop privileges");
	ck_assert_int_eq(status, 0);
}
END_TEST

START_TEST(the_owner_of_a_replaced_file_is_kept)
{
	if (geteuid() != 0)
		return; /* only root may write another user's file this way */
	make_folder();
	const char *path = in_folder("theirs.json");
	put_file(path, "old", 0644);
	ck_assert_int_eq(chown(path, NOBODY, NOBODY), 0);
	ck_assert_msg(bench_output_write(path, write_text, "new", why,
	                                 sizeof why), "%s", why);
	struct stat status;
	ck_assert_int_eq(stat(path, &status), 0);
	ck_assert_uint_eq(status.st_uid, NOBODY);
	ck_assert_uint_eq(status.st_gid, NOBODY);
	ck_assert_str_eq(file_text(path), "new");
	remove_folder();
}
END_TEST

START_TEST(a_failing_writer_changes_nothing)
{
	make_folder();
	const char *path = in_folder("latest.json");
	put_file(path, "old", 0644);
	ck_assert(!bench_output_write(path, write_nothing_and_fail, NULL, why,
	                              sizeof why));
	assert_one_line();
	ck_assert_str_eq(file_text(path), "old");
	ck_assert(!bench_output_write(in_folder("new.json"),
	                              write_nothing_and_fail, NULL, why,
	                              sizeof why));
	ck_assert_int_eq(entries(), 1);
	remove_folder();
}
END_TEST

START_TEST(a_set_is_replaced_whole_or_not_at_all)
{
	make_folder();
	const char *md = in_folder("latest.md");
	const char *json = in_folder("latest.json");
	put_file(md, "old md", 0644);
	put_file(json, "old json", 0644);
	struct bench_output_part failing[] = {
		{md, write_text, "new md"},
		{json, write_nothing_and_fail, NULL},
	};
	ck_assert(!bench_output_write_set(failing, 2, why, sizeof why));
	ck_assert_str_eq(file_text(md), "old md");
	ck_assert_str_eq(file_text(json), "old json");
	ck_assert_int_eq(entries(), 2);

	struct bench_output_part both[] = {
		{md, write_text, "new md"},
		{json, write_text, "new json"},
	};
	ck_assert_msg(bench_output_write_set(both, 2, why, sizeof why), "%s",
	              why);
	ck_assert_str_eq(file_text(md), "new md");
	ck_assert_str_eq(file_text(json), "new json");
	ck_assert_int_eq(entries(), 2);
	remove_folder();
}
END_TEST

START_TEST(stale_temporaries_of_a_killed_writer_are_removed)
{
	make_folder();
	/* A process that is gone: a child already reaped. */
	pid_t gone = fork();
	ck_assert_int_ge(gone, 0);
	if (gone == 0)
		_exit(0);
	ck_assert_int_eq(waitpid(gone, NULL, 0), gone);
	char stale[64], live[64];
	snprintf(stale, sizeof stale, ".latest.csv.bench-tmp-%ld-0", (long)gone);
	snprintf(live, sizeof live, ".latest.csv.bench-tmp-%ld-0",
	         (long)getppid());
	put_file(in_folder(stale), "left", 0600);
	put_file(in_folder(live), "in use", 0600);
	put_file(in_folder("latest.csv.unrelated"), "other", 0600);
	ck_assert_msg(bench_output_write(in_folder("latest.csv"), write_text,
	                                 "new", why, sizeof why), "%s", why);
	ck_assert_int_ne(access(in_folder(stale), F_OK), 0);
	ck_assert_int_eq(access(in_folder(live), F_OK), 0);
	ck_assert_int_eq(access(in_folder("latest.csv.unrelated"), F_OK), 0);
	ck_assert_int_eq(entries(), 3);
	remove_folder();
}
END_TEST

/* In the non-root child: /dev/stdout, a pipe root made, is written
 * through the stream already open. */
static int
writes_to_its_standard_output(void)
{
	return bench_output_write("/dev/stdout", write_text, "piped", why,
	                          sizeof why)
	               ? 0
	               : 3;
}

START_TEST(standard_output_is_written_through_its_stream)
{
	int ends[2];
	ck_assert_int_eq(pipe(ends), 0);
	pid_t child = fork();
	ck_assert_int_ge(child, 0);
	if (child == 0) {
		dup2(ends[1], STDOUT_FILENO);
		close(ends[0]);
		close(ends[1]);
		if (geteuid() == 0 && (setgid(NOBODY) != 0 || setuid(NOBODY) != 0))
			_exit(77);
		_exit(writes_to_its_standard_output());
	}
	close(ends[1]);
	char text[16] = "";
	ssize_t length = read(ends[0], text, sizeof text - 1);
	close(ends[0]);
	int status;
	ck_assert_int_eq(waitpid(child, &status, 0), child);
	ck_assert(WIFEXITED(status));
	ck_assert_msg(WEXITSTATUS(status) != 77, "could not drop privileges");
	ck_assert_int_eq(WEXITSTATUS(status), 0);
	ck_assert_int_eq(length, 5);
	ck_assert_str_eq(text, "piped");
}
END_TEST

START_TEST(standard_output_into_a_file_is_not_renamed_away)
{
	make_folder();
	const char *path = in_folder("log.txt");
	put_file(path, "before\n", 0644);
	struct stat before, after;
	ck_assert_int_eq(stat(path, &before), 0);
	pid_t child = fork();
	ck_assert_int_ge(child, 0);
	if (child == 0) {
		/* As `>> log.txt` opens it. */
		int fd = open(path, O_WRONLY | O_APPEND);
		if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0)
			_exit(2);
		_exit(bench_output_write("/dev/stdout", write_text, "after\n",
		                         why, sizeof why)
		              ? 0
		              : 3);
	}
	int status;
	ck_assert_int_eq(waitpid(child, &status, 0), child);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	ck_assert_str_eq(file_text(path), "before\nafter\n");
	ck_assert_int_eq(stat(path, &after), 0);
	ck_assert_uint_eq(after.st_ino, before.st_ino);
	ck_assert_int_eq(entries(), 1);
	remove_folder();
}
END_TEST

/* A writer that kills its own process, as a kill -9 during a set would. */
static bool
write_and_die(FILE *stream, const void *ctx)
{
	(void)ctx;
	fputs("partial", stream);
	fflush(stream);
	raise(SIGKILL);
	return true;
}

START_TEST(a_set_killed_before_its_renames_leaves_no_temporary)
{
	make_folder();
	const char *md = in_folder("latest.md");
	const char *csv = in_folder("latest.csv");
	const char *json = in_folder("latest.json");
	put_file(md, "old md", 0644);
	put_file(json, "old json", 0644);
	pid_t child = fork();
	ck_assert_int_ge(child, 0);
	if (child == 0) {
		struct bench_output_part parts[] = {
			{md, write_text, "new md"},
			{csv, write_text, "new csv"},
			{json, write_and_die, NULL},
		};
		bench_output_write_set(parts, 3, why, sizeof why);
		_exit(0);
	}
	int status;
	ck_assert_int_eq(waitpid(child, &status, 0), child);
	ck_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	ck_assert_str_eq(file_text(md), "old md");
	ck_assert_str_eq(file_text(json), "old json");
	ck_assert_int_ne(access(csv, F_OK), 0);
	ck_assert_int_eq(entries(), 2);
	remove_folder();
}
END_TEST

Suite *
make_output_file_suite(void)
{
	Suite *s = suite_create("output_file");
	TCase *tc = tcase_create("rules");
	tcase_add_test(tc, a_regular_file_is_replaced_keeping_its_mode);
	tcase_add_test(tc, a_new_file_gets_the_mode_of_the_umask);
	tcase_add_test(tc, a_fifo_is_written_in_place);
	tcase_add_test(tc, a_character_device_is_written_in_place);
	tcase_add_test(tc, a_full_device_fails_in_one_line_and_stays_a_device);
	tcase_add_test(tc, a_symlink_is_followed_to_its_target);
	tcase_add_test(tc, a_directory_socket_or_missing_folder_is_refused);
	tcase_add_test(tc, a_read_only_file_is_refused_for_a_non_root_user);
	tcase_add_test(tc, the_owner_of_a_replaced_file_is_kept);
	tcase_add_test(tc, a_failing_writer_changes_nothing);
	tcase_add_test(tc, a_set_is_replaced_whole_or_not_at_all);
	tcase_add_test(tc, stale_temporaries_of_a_killed_writer_are_removed);
	tcase_add_test(tc, standard_output_is_written_through_its_stream);
	tcase_add_test(tc, standard_output_into_a_file_is_not_renamed_away);
	tcase_add_test(tc, a_set_killed_before_its_renames_leaves_no_temporary);
	suite_add_tcase(s, tc);
	return s;
}
