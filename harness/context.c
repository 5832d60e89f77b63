/*
 * context.c - date, CPU, compiler and build of a run (see context.h).
 * The build facts come from CMake: BENCH_C_FLAGS, BENCH_BUILD_TYPE,
 * BENCH_SANITIZE_SETTING and BENCH_VERSION as compile definitions, and the
 * git commit from bench_build_info.h, regenerated on every build.
 */
#include "context.h"

#include "bench_build_info.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef __GLIBC__
#include <gnu/libc-version.h>
#endif

#ifndef BENCH_C_FLAGS
#define BENCH_C_FLAGS "unknown"
#endif
#ifndef BENCH_BUILD_TYPE
#define BENCH_BUILD_TYPE "unknown"
#endif
#ifndef BENCH_SANITIZE_SETTING
#define BENCH_SANITIZE_SETTING "unknown"
#endif
#ifndef BENCH_VERSION
#define BENCH_VERSION "unknown"
#endif

/* Copies text into a fixed field, cut to fit and with spaces squeezed. */
static void
set_text(char *field, size_t field_size, const char *text)
{
	size_t used = 0;
	bool space = false;
	for (; *text != '\0' && used + 1 < field_size; text++) {
		bool blank = *text == ' ' || *text == '\t' || *text == '\n';
		if (blank) {
			space = used > 0;
			continue;
		}
		if (space && used + 2 < field_size)
			field[used++] = ' ';
		space = false;
		field[used++] = *text;
	}
	field[used] = '\0';
}

static void
read_cpu_model(char *out, size_t out_size)
{
	set_text(out, out_size, "unknown");
	FILE *file = fopen("/proc/cpuinfo", "r");
	if (file == NULL)
		return;
	char line[512];
	while (fgets(line, sizeof line, file) != NULL) {
		/* x86 says "model name"; some ARM kernels only "Hardware". */
		if (strncmp(line, "model name", 10) != 0 &&
		    strncmp(line, "Hardware", 8) != 0)
			continue;
		const char *colon = strchr(line, ':');
		if (colon != NULL) {
			set_text(out, out_size, colon + 1);
			break;
		}
	}
	fclose(file);
}

static void
describe_compiler(char *out, size_t out_size)
{
#if defined(__clang__)
	snprintf(out, out_size, "clang %d.%d.%d", __clang_major__,
	         __clang_minor__, __clang_patchlevel__);
#elif defined(__GNUC__)
	snprintf(out, out_size, "GCC %d.%d.%d", __GNUC__, __GNUC_MINOR__,
	         __GNUC_PATCHLEVEL__);
#else
	snprintf(out, out_size, "unknown C compiler");
#endif
}

void
bench_context_collect(struct bench_context *context)
{
	*context = (struct bench_context){0};
	time_t now = time(NULL);
	struct tm utc;
	if (gmtime_r(&now, &utc) != NULL)
		strftime(context->date, sizeof context->date,
		         "%Y-%m-%dT%H:%M:%SZ", &utc);
	else
		set_text(context->date, sizeof context->date, "unknown");
	read_cpu_model(context->cpu, sizeof context->cpu);
	context->cores = sysconf(_SC_NPROCESSORS_ONLN);
	describe_compiler(context->compiler, sizeof context->compiler);
	set_text(context->cflags, sizeof context->cflags, BENCH_C_FLAGS);
	set_text(context->build_type, sizeof context->build_type,
	         BENCH_BUILD_TYPE);
	set_text(context->sanitize, sizeof context->sanitize,
	         BENCH_SANITIZE_SETTING);
	set_text(context->git_commit, sizeof context->git_commit,
	         BENCH_GIT_COMMIT);
	set_text(context->version, sizeof context->version, BENCH_VERSION);
#ifdef __GLIBC__
	set_text(context->glibc, sizeof context->glibc, gnu_get_libc_version());
#else
	set_text(context->glibc, sizeof context->glibc, "unknown");
#endif
	struct timespec resolution;
	if (clock_getres(CLOCK_MONOTONIC, &resolution) == 0)
		context->clock_resolution_ns = (double)resolution.tv_sec * 1e9 +
		                               (double)resolution.tv_nsec;
}
