/*
 * allocator.h - which malloc a run actually uses, found at run time
 * (harness/README.md §3.6): the build may link jemalloc or mimalloc into
 * `bench` (BENCH_ALLOCATOR), a user may preload one, a sanitizer replaces
 * malloc; the results say what was there, not what was asked for.
 */
#ifndef BENCH_ALLOCATOR_H
#define BENCH_ALLOCATOR_H

#include <stdbool.h>

struct bench_allocator {
	char name[16];      /* "glibc", "jemalloc", "mimalloc" or "other" */
	char version[96];   /* its version, or "unknown" */
	char library[256];  /* the file that defines the malloc in use */
};

/*
 * Finds the malloc the dynamic linker binds (dlsym(RTLD_DEFAULT,
 * "malloc")) and the object that defines it (dladdr). It is jemalloc when
 * that object also defines jemalloc's mallctl (the version from
 * mallctl("version")), mimalloc when it defines mi_version, glibc when it
 * is the C library (gnu_get_libc_version), and "other" otherwise (a
 * sanitizer's malloc in the executable, an unknown preload).
 */
void bench_allocator_detect(struct bench_allocator *allocator);

#endif /* BENCH_ALLOCATOR_H */
