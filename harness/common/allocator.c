/*
 * allocator.c - which malloc is in use (see allocator.h).
 */
/* dladdr and RTLD_DEFAULT are GNU extensions (dlfcn.h). */
#define _GNU_SOURCE

#include "allocator.h"

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#ifdef __GLIBC__
#include <gnu/libc-version.h>
#endif

/* The object that defines `address`, or "" when none is known. */
static const char *
object_of(void *address)
{
	Dl_info info;
	if (address == NULL || dladdr(address, &info) == 0 ||
	    info.dli_fname == NULL)
		return "";
	return info.dli_fname;
}

/* A symbol of the global scope, only if `object` defines it. */
static void *
symbol_in(const char *name, const char *object)
{
	void *address = dlsym(RTLD_DEFAULT, name);
	if (address == NULL || strcmp(object_of(address), object) != 0)
		return NULL;
	return address;
}

typedef int (*mallctl_fn)(const char *, void *, size_t *, void *, size_t);
typedef int (*mi_version_fn)(void);

void
bench_allocator_detect(struct bench_allocator *allocator)
{
	*allocator = (struct bench_allocator){0};
	snprintf(allocator->version, sizeof allocator->version, "unknown");
	const char *object = object_of(dlsym(RTLD_DEFAULT, "malloc"));
	snprintf(allocator->library, sizeof allocator->library, "%s",
	         object[0] != '\0' ? object : "unknown");
	void *address;
	if ((address = symbol_in("mallctl", object)) != NULL) {
		snprintf(allocator->name, sizeof allocator->name, "jemalloc");
		/* A data pointer to a function pointer through memory, the
		 * way POSIX's dlsym documentation does it. */
		mallctl_fn mallctl;
		memcpy(&mallctl, &address, sizeof mallctl);
		const char *version = NULL;
		size_t size = sizeof version;
		if (mallctl("version", &version, &size, NULL, 0) == 0 &&
		    version != NULL)
			snprintf(allocator->version, sizeof allocator->version,
			         "%s", version);
	} else if ((address = symbol_in("mi_version", object)) != NULL) {
		snprintf(allocator->name, sizeof allocator->name, "mimalloc");
		mi_version_fn mi_version;
		memcpy(&mi_version, &address, sizeof mi_version);
		int version = mi_version(); /* 209 is 2.0.9 */
		snprintf(allocator->version, sizeof allocator->version,
		         "%d.%d.%d", version / 100, version / 10 % 10,
		         version % 10);
#ifdef __GLIBC__
	} else if (strstr(object, "/libc.so") != NULL ||
	           strncmp(object, "libc.so", 7) == 0) {
		snprintf(allocator->name, sizeof allocator->name, "glibc");
		snprintf(allocator->version, sizeof allocator->version, "%s",
		         gnu_get_libc_version());
#endif
	} else {
		snprintf(allocator->name, sizeof allocator->name, "other");
	}
}
