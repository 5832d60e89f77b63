/*
 * registry.c - the backends, in table order, found by name.
 *
 * Adding a backend: write impl/<name>.c exporting `const struct bm_ops
 * bm_<name>_ops`, add one X(<name>) line to BM_BACKEND_LIST below and one
 * line to impl/CMakeLists.txt. Tests, the CLI, the tables and the plots
 * follow.
 */
#include "bmsg.h"

#include <stdio.h>
#include <string.h>

/*
 * The backends in table order, one line each: X(name) stands for the
 * descriptor bm_<name>_ops exported by impl/<name>.c.
 */
#define BM_BACKEND_LIST(X)                                                 \
	X(r5)                                                              \
	X(message1)                                                        \
	X(message2)                                                        \
	X(message3)                                                        \
	X(message4)

#define BM_BACKEND_DECLARE(name) extern const struct bm_ops bm_##name##_ops;
BM_BACKEND_LIST(BM_BACKEND_DECLARE)
#undef BM_BACKEND_DECLARE

static const struct bm_ops *const registry[] = {
#define BM_BACKEND_ENTRY(name) &bm_##name##_ops,
	BM_BACKEND_LIST(BM_BACKEND_ENTRY)
#undef BM_BACKEND_ENTRY
	NULL /* end of table, not counted */
};

#define REGISTRY_COUNT (sizeof registry / sizeof registry[0] - 1)

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
	if (name == NULL)
		return NULL;
	for (const struct bm_ops *const *ops = registry; *ops != NULL; ops++) {
		if (strcmp((*ops)->name, name) == 0)
			return *ops;
	}
	return NULL;
}

bool
bm_ops_valid(const struct bm_ops *ops, char *why, size_t why_size)
{
	const char *name = ops != NULL && ops->name != NULL ? ops->name : "?";
	const char *problem = NULL;
	if (ops == NULL)
		problem = "descriptor is NULL";
	else if (ops->version < 1 || ops->version > BM_OPS_VERSION)
		problem = "unknown ops version";
	else if (ops->name == NULL || ops->name[0] == '\0')
		problem = "no name";
	else if (strpbrk(ops->name, " \t\n,") != NULL)
		problem = "name contains a space, tab or comma";
	else if (ops->summary == NULL)
		problem = "no summary";
	else if (ops->native_format != BM_FORMAT_R5 &&
	         ops->native_format != BM_FORMAT_HMF1)
		problem = "native format is neither R5 nor HMF1";
	else if (ops->create == NULL || ops->destroy == NULL ||
	         ops->make_empty == NULL || ops->add_data == NULL ||
	         ops->find_data == NULL || ops->get_info == NULL ||
	         ops->field_at == NULL || ops->count_fields == NULL ||
	         ops->flattened_size == NULL || ops->flatten == NULL ||
	         ops->unflatten == NULL)
		problem = "a version-1 slot is NULL";
	if (problem == NULL)
		return true;
	if (why != NULL && why_size > 0)
		snprintf(why, why_size, "backend %s: %s", name, problem);
	return false;
}

bool
bm_registry_valid(char *why, size_t why_size)
{
	size_t count;
	const struct bm_ops *const *ops = bm_backends(&count);
	for (size_t i = 0; i < count; i++) {
		if (!bm_ops_valid(ops[i], why, why_size))
			return false;
		for (size_t j = 0; j < i; j++) {
			if (strcmp(ops[i]->name, ops[j]->name) == 0) {
				if (why != NULL && why_size > 0)
					snprintf(why, why_size,
					         "backend %s: name registered twice",
					         ops[i]->name);
				return false;
			}
		}
	}
	return true;
}
