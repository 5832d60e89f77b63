/*
 * registry.c - the backends, in table order, and found by name.
 *
 * The list is impl/backends.list, one line per backend; CMake turns it into
 * BM_BACKEND_LIST (backend_list.h in the build tree) and adds each file to
 * the backends' library. Adding a backend is its file plus one line there.
 * What a descriptor says, and the checks on it, are in descriptor.c.
 */
#include "registry.h"

#include "backend_list.h"

/* X(symbol, name): the descriptor bm_<symbol>_ops that the file exports, and
 * the name its list line gives (the descriptor's own; test_api checks they
 * agree). */
#define BM_BACKEND_DECLARE(symbol, name) \
	extern const struct bm_ops bm_##symbol##_ops;
BM_BACKEND_LIST(BM_BACKEND_DECLARE)
#undef BM_BACKEND_DECLARE

static const struct bm_ops *const registry[] = {
#define BM_BACKEND_ENTRY(symbol, name) &bm_##symbol##_ops,
	BM_BACKEND_LIST(BM_BACKEND_ENTRY)
#undef BM_BACKEND_ENTRY
	NULL /* end of table, not counted */
};

#define REGISTRY_COUNT (sizeof registry / sizeof registry[0] - 1)

static const struct bm_skipped_backend skipped[] = {
#define BM_SKIPPED_ENTRY(name, why) {name, why},
	BM_SKIPPED_LIST(BM_SKIPPED_ENTRY)
#undef BM_SKIPPED_ENTRY
	{NULL, NULL} /* end of table, not counted */
};

const struct bm_skipped_backend *
bm_skipped_backends(size_t *count)
{
	if (count != NULL)
		*count = sizeof skipped / sizeof skipped[0] - 1;
	return skipped;
}

const struct bm_ops *const *
bm_backends(size_t *count)
{
	if (count != NULL)
		*count = REGISTRY_COUNT;
	return registry;
}

const struct bm_ops *
bm_find_backend(const char *name)
{
	return bm_find_backend_in(registry, REGISTRY_COUNT, name);
}
