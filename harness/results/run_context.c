/*
 * run_context.c - date, CPU, compiler and build of a run (see run_context.h).
 * The build facts come from CMake: BENCH_C_FLAGS, BENCH_BUILD_TYPE,
 * BENCH_SANITIZE_SETTING and BENCH_VERSION as compile definitions, and the
 * git commit from bench_build_info.h, regenerated on every build.
 */
#include "run_context.h"

#include "bench_build_info.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
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

/* The first line of a small file, without its newline; false when it
 * cannot be read. */
static bool
read_line(const char *path, char *out, size_t out_size)
{
	FILE *file = fopen(path, "r");
	if (file == NULL)
		return false;
	bool ok = fgets(out, (int)out_size, file) != NULL;
	fclose(file);
	if (ok)
		out[strcspn(out, "\n")] = '\0';
	return ok;
}

/* "cpu MHz" of the first processor in /proc/cpuinfo, or 0. */
static double
read_cpu_mhz(void)
{
	FILE *file = fopen("/proc/cpuinfo", "r");
	if (file == NULL)
		return 0;
	double mhz = 0;
	char line[512];
	while (fgets(line, sizeof line, file) != NULL) {
		const char *colon = strchr(line, ':');
		if (strncmp(line, "cpu MHz", 7) == 0 && colon != NULL) {
			mhz = strtod(colon + 1, NULL);
			break;
		}
	}
	fclose(file);
	return mhz > 0 ? mhz : 0;
}

/* How many CPUs a list such as "0-3,8" names. */
static int
count_cpus(const char *list)
{
	int count = 0;
	while (*list != '\0') {
		char *end;
		long first = strtol(list, &end, 10);
		if (end == list)
			break;
		long last = first;
		if (*end == '-')
			last = strtol(end + 1, &end, 10);
		if (last >= first)
			count += (int)(last - first + 1);
		list = *end == ',' ? end + 1 : end;
		if (*end != ',')
			break;
	}
	return count;
}

/* cpu0's caches as Linux lists them (none on machines, such as some
 * virtual ones, whose kernel exports no cache directory). */
static void
read_caches(struct bench_context *context)
{
	context->cache_count = 0;
	for (int index = 0; context->cache_count < BENCH_CACHES_MAX; index++) {
		char dir[128], path[192], text[64];
		snprintf(dir, sizeof dir,
		         "/sys/devices/system/cpu/cpu0/cache/index%d", index);
		snprintf(path, sizeof path, "%s/type", dir);
		if (!read_line(path, text, sizeof text))
			break;
		struct bench_cache *cache =
			&context->caches[context->cache_count];
		set_text(cache->type, sizeof cache->type, text);
		snprintf(path, sizeof path, "%s/level", dir);
		cache->level = read_line(path, text, sizeof text) ? atoi(text) : 0;
		snprintf(path, sizeof path, "%s/size", dir);
		/* "32K", "1024K", "32M" */
		cache->size = 0;
		if (read_line(path, text, sizeof text)) {
			char *unit;
			long long size = strtoll(text, &unit, 10);
			if (*unit == 'K')
				size *= 1024;
			else if (*unit == 'M')
				size *= 1024 * 1024;
			cache->size = size;
		}
		snprintf(path, sizeof path, "%s/shared_cpu_list", dir);
		cache->num_sharing = read_line(path, text, sizeof text)
		                             ? count_cpus(text)
		                             : 0;
		context->cache_count++;
	}
}

/* The machine facts Google Benchmark's context has (output_gbench.c). */
static void
collect_machine(struct bench_context *context)
{
	if (gethostname(context->host_name, sizeof context->host_name) != 0)
		set_text(context->host_name, sizeof context->host_name,
		         "unknown");
	context->host_name[sizeof context->host_name - 1] = '\0';
	ssize_t length = readlink("/proc/self/exe", context->executable,
	                          sizeof context->executable - 1);
	if (length <= 0)
		set_text(context->executable, sizeof context->executable,
		         "unknown");
	else
		context->executable[length] = '\0';
	context->mhz_per_cpu = read_cpu_mhz();
	char governor[64];
	context->cpu_scaling =
		read_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor",
		          governor, sizeof governor) &&
		strcmp(governor, "performance") != 0;
	read_caches(context);
	char loads[128];
	context->load_avg[0] = context->load_avg[1] = context->load_avg[2] = -1;
	if (read_line("/proc/loadavg", loads, sizeof loads))
		sscanf(loads, "%lf %lf %lf", &context->load_avg[0],
		       &context->load_avg[1], &context->load_avg[2]);
}

/* The run's id: its start and 64 random bits (the process id and the
 * clock where the kernel gives no random bytes). */
static void
name_run(char *out, size_t size, time_t now)
{
	uint64_t bits = 0;
	if (getrandom(&bits, sizeof bits, GRND_NONBLOCK) != (ssize_t)sizeof bits) {
		struct timespec clock;
		clock_gettime(CLOCK_MONOTONIC, &clock);
		bits = ((uint64_t)getpid() << 32) ^ (uint64_t)clock.tv_nsec ^
		       (uint64_t)clock.tv_sec;
	}
	struct tm utc;
	char start[24] = "unknown";
	if (gmtime_r(&now, &utc) != NULL)
		strftime(start, sizeof start, "%Y%m%dT%H%M%SZ", &utc);
	snprintf(out, size, "%s-%016llx", start, (unsigned long long)bits);
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
	name_run(context->run_id, sizeof context->run_id, now);
	read_cpu_model(context->cpu, sizeof context->cpu);
	context->cores = sysconf(_SC_NPROCESSORS_ONLN);
	describe_compiler(context->compiler, sizeof context->compiler);
#ifdef __VERSION__
	set_text(context->compiler_version, sizeof context->compiler_version,
	         __VERSION__);
#else
	set_text(context->compiler_version, sizeof context->compiler_version,
	         "unknown");
#endif
	set_text(context->cflags, sizeof context->cflags, BENCH_C_FLAGS);
	set_text(context->build_type, sizeof context->build_type,
	         BENCH_BUILD_TYPE);
	set_text(context->sanitize, sizeof context->sanitize,
	         BENCH_SANITIZE_SETTING);
	set_text(context->git_commit, sizeof context->git_commit,
	         BENCH_GIT_COMMIT);
	set_text(context->version, sizeof context->version, BENCH_VERSION);
	set_text(context->injected_regression,
	         sizeof context->injected_regression, BENCH_INJECTED_REGRESSION);
#ifdef __GLIBC__
	set_text(context->glibc, sizeof context->glibc, gnu_get_libc_version());
#else
	set_text(context->glibc, sizeof context->glibc, "unknown");
#endif
	struct timespec resolution;
	if (clock_getres(CLOCK_MONOTONIC, &resolution) == 0)
		context->clock_resolution_ns = (double)resolution.tv_sec * 1e9 +
		                               (double)resolution.tv_nsec;
	collect_machine(context);
	bench_allocator_detect(&context->allocator);
	/* Copied whole (not squeezed): the check compares it exactly. */
	const char *tunables = getenv("GLIBC_TUNABLES");
	if (tunables != NULL)
		snprintf(context->glibc_tunables, sizeof context->glibc_tunables,
		         "%s", tunables);
}
