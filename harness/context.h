/*
 * context.h - how a run was made: date, machine, compiler and build, so
 * that every output can say where its numbers come from.
 */
#ifndef BENCH_CONTEXT_H
#define BENCH_CONTEXT_H

#include <stddef.h>

struct bench_context {
	char date[32];        /* ISO 8601, UTC: 2025-01-31T12:00:00Z */
	char cpu[128];        /* "model name" of /proc/cpuinfo, or "unknown" */
	long cores;           /* online processors */
	char compiler[96];    /* "GCC 12.2.0" */
	char cflags[256];     /* the C flags of this build type */
	char build_type[32];  /* "Release" */
	char sanitize[32];    /* BENCH_SANITIZE of the build */
	char git_commit[64];  /* commit the binary was built from, "-dirty"
	                       * when tracked files differed; or "unknown" */
	char glibc[32];       /* runtime glibc version, or "unknown" */
	char version[16];     /* the suite's version */
	double clock_resolution_ns; /* clock_getres(CLOCK_MONOTONIC) */
};

/* Fills the context for the run starting now. */
void bench_context_collect(struct bench_context *context);

#endif /* BENCH_CONTEXT_H */
