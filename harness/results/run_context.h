/*
 * run_context.h - how a run was made: date, machine, compiler and build, so
 * that every output can say where its numbers come from.
 */
#ifndef BENCH_RUN_CONTEXT_H
#define BENCH_RUN_CONTEXT_H

#include "allocator.h"

#include <stddef.h>

/* The most CPU caches a context lists (Google Benchmark's "caches"). */
#define BENCH_CACHES_MAX 8

/* One CPU cache, as Linux describes cpu0's in
 * /sys/devices/system/cpu/cpu0/cache/index<N>/. */
struct bench_cache {
	char type[16];        /* "Data", "Instruction", "Unified" */
	int level;
	long long size;       /* bytes */
	int num_sharing;      /* CPUs sharing it (from shared_cpu_list) */
};

/* Room for a run id: "20250131T120000Z-" and 16 hexadecimal digits. */
#define BENCH_RUN_ID_MAX 40

struct bench_context {
	char date[32];        /* ISO 8601, UTC: 2025-01-31T12:00:00Z */
	/* What names this run in each file it writes, so that readers of
	 * results/latest.* can tell a set from two runs' files
	 * (harness/README.md §6.4): the start in UTC and 64 random bits. */
	char run_id[BENCH_RUN_ID_MAX];
	char cpu[128];        /* "model name" of /proc/cpuinfo, or "unknown" */
	long cores;           /* online processors */
	char compiler[96];    /* "GCC 12.2.0" */
	char compiler_version[128]; /* the compiler's own __VERSION__ */
	char cflags[256];     /* the C flags of this build type */
	char build_type[32];  /* "Release" */
	char sanitize[32];    /* BENCH_SANITIZE of the build */
	char git_commit[64];  /* commit the binary was built from, "-dirty"
	                       * when tracked files differed; or "unknown" */
	char glibc[32];       /* runtime glibc version, or "unknown" */
	char glibc_tunables[1024]; /* GLIBC_TUNABLES of the process, "" when
	                            * unset (harness/README.md §5.4) */
	char version[16];     /* the suite's version */
	/* The test-only regression this build was made with (CMake
	 * BENCH_INJECT_REGRESSION), or "" */
	char injected_regression[128];
	double clock_resolution_ns; /* clock_getres(CLOCK_MONOTONIC) */
	/* The machine as Google Benchmark describes it (output_gbench.c). */
	char host_name[128];  /* gethostname, or "unknown" */
	char executable[512]; /* /proc/self/exe, or "unknown" */
	double mhz_per_cpu;   /* "cpu MHz" of /proc/cpuinfo, or 0 */
	int cpu_scaling;      /* 1: cpu0's governor is not "performance";
	                       * 0: it is, or there is no cpufreq */
	struct bench_cache caches[BENCH_CACHES_MAX];
	size_t cache_count;
	double load_avg[3];   /* /proc/loadavg at the start; -1 when unknown */
	/* The malloc in use, found at run time (allocator.h). */
	struct bench_allocator allocator;
};

/* Fills the context for the run starting now. */
void bench_context_collect(struct bench_context *context);

#endif /* BENCH_RUN_CONTEXT_H */
