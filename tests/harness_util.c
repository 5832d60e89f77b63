/*
 * harness_util.c - see harness_util.h.
 */
#include "harness_util.h"

#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Reads a whole stream from its start into a malloc'd string. */
static char *
slurp(FILE *stream)
{
	long length;
	if (fflush(stream) != 0 || fseek(stream, 0, SEEK_END) != 0 ||
	    (length = ftell(stream)) < 0 || fseek(stream, 0, SEEK_SET) != 0)
		return NULL;
	char *text = malloc((size_t)length + 1);
	if (text == NULL)
		return NULL;
	size_t got = fread(text, 1, (size_t)length, stream);
	text[got] = '\0';
	return text;
}

char *
hu_copy(const char *text)
{
	size_t size = strlen(text) + 1;
	char *copy = malloc(size);
	if (copy != NULL)
		memcpy(copy, text, size);
	return copy;
}

const struct bench_conditions hu_quiet = {
	.load_start = {0.1, 0.1, 0.1},
	.load_end = {0.2, 0.1, 0.1},
	.busy_cores = 0.02,
	.wait_seconds = 0.01,
	.steal_seconds = 0,
	.cpu_seconds = 20,
	.mhz_start = -1,
	.mhz_end = -1,
	.wall_seconds = 10,
	.samples = 10000,
	.retaken = 10,
	.kept_disturbed = 0,
};

/* Runs bench_main as `setting` says with the arguments in `args`. */
static struct bench_capture
run_with(const struct hu_setting *setting,
         const struct bm_ops *const *backends, size_t count, va_list args)
{
	/* argv as a program gets it: writable strings. */
	char *argv[64];
	int argc = 0;
	argv[argc++] = hu_copy("bench");
	const char *arg;
	while ((arg = va_arg(args, const char *)) != NULL && argc < 63)
		argv[argc++] = hu_copy(arg);
	argv[argc] = NULL;

	struct bench_capture capture = {.status = -1};
	FILE *out = tmpfile();
	FILE *err = tmpfile();
	if (out != NULL && err != NULL) {
		const struct bench_program program = {
			.backends = backends,
			.backend_count = count,
			.results_dir = setting->results_dir,
			.aside_dir = setting->aside_dir,
			.conditions = setting->conditions != NULL
			                      ? setting->conditions
			                      : &hu_quiet,
			.out = out,
			.err = err,
			.err_is_terminal = false,
		};
		capture.status = bench_main(&program, argc, argv);
		capture.out = slurp(out);
		capture.err = slurp(err);
	}
	if (out != NULL)
		fclose(out);
	if (err != NULL)
		fclose(err);
	for (int i = 0; i < argc; i++)
		free(argv[i]);
	return capture;
}

struct bench_capture
hu_run(const struct bm_ops *const *backends, size_t count,
       const char *results_dir, ...)
{
	const struct hu_setting setting = {.results_dir = results_dir};
	va_list args;
	va_start(args, results_dir);
	struct bench_capture capture = run_with(&setting, backends, count,
	                                        args);
	va_end(args);
	return capture;
}

struct bench_capture
hu_run_with(const struct hu_setting *setting,
            const struct bm_ops *const *backends, size_t count, ...)
{
	va_list args;
	va_start(args, count);
	struct bench_capture capture = run_with(setting, backends, count,
	                                        args);
	va_end(args);
	return capture;
}

void
hu_capture_free(struct bench_capture *capture)
{
	free(capture->out);
	free(capture->err);
	capture->out = capture->err = NULL;
}

size_t
hu_count_lines(const char *text)
{
	size_t lines = 0;
	for (; *text != '\0'; text++)
		lines += *text == '\n';
	return lines;
}

char *
hu_make_temp_dir(void)
{
	const char *base = getenv("TMPDIR");
	if (base == NULL || base[0] == '\0')
		base = "/tmp";
	size_t size = strlen(base) + sizeof "/bench-test-XXXXXX";
	char *path = malloc(size);
	if (path == NULL)
		return NULL;
	snprintf(path, size, "%s/bench-test-XXXXXX", base);
	if (mkdtemp(path) == NULL) {
		free(path);
		return NULL;
	}
	return path;
}

void
hu_remove_temp_dir(char *dir, const char *const *names)
{
	if (dir == NULL)
		return;
	for (; *names != NULL; names++) {
		char path[4096];
		snprintf(path, sizeof path, "%s/%s", dir, *names);
		unlink(path);
	}
	rmdir(dir);
	free(dir);
}
