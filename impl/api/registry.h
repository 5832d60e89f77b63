/*
 * registry.h - the backends of impl/backends.list that this build has, in
 * table order, those it skipped, and a backend found by name (registry.c).
 */
#ifndef BM_REGISTRY_H
#define BM_REGISTRY_H

#include "descriptor.h"

#include <stddef.h>

/* Returns the registered backends in table order, and their number in *count. */
const struct bm_ops *const *bm_backends(size_t *count);

/* Returns the listed backends this build skipped, and their number. */
const struct bm_skipped_backend *bm_skipped_backends(size_t *count);

/* Returns the registered backend called `name`, ignoring case, or NULL. */
const struct bm_ops *bm_find_backend(const char *name);

#endif /* BM_REGISTRY_H */
