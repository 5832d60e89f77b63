/*
 * copy.c - bm_copy: a message copied into a backend through the add path
 * (copy.h), for msgdump --reflatten and the tests, and bm_field_named_at,
 * the field reader it and msgdump share. Built on the bm_*
 * wrappers only; its own file, so that the wrappers' file compiles as it
 * would without it.
 */
#include "copy.h"
#include "status.h"
#include "wrappers.h"

#include <string.h>

int
bm_field_named_at(const bm_message *msg, int32_t index,
                  struct bm_field_info *info, char name[BM_NAME_MAX + 1])
{
	int rc = bm_field_at(msg, index, info);
	if (rc != BM_OK)
		return rc;
	if (info->name_len == 0 || info->name_len > BM_NAME_MAX)
		return BM_BAD_VALUE;
	memcpy(name, info->name, info->name_len);
	name[info->name_len] = '\0';
	return BM_OK;
}

int
bm_copy(const bm_message *msg, const struct bm_ops *ops, bm_message **out)
{
	if (msg == NULL || ops == NULL || out == NULL)
		return BM_BAD_VALUE;
	bm_message *copy = NULL;
	int rc = bm_create(ops, msg->what, &copy);
	int32_t count = rc == BM_OK ? bm_count_fields(msg) : 0;
	for (int32_t i = 0; rc == BM_OK && i < count; i++) {
		struct bm_field_info info;
		char name[BM_NAME_MAX + 1];
		rc = bm_field_named_at(msg, i, &info, name);
		for (int32_t k = 0; rc == BM_OK && k < info.count; k++) {
			const void *data;
			size_t size;
			rc = bm_find_data(msg, name, info.type, k, &data, &size);
			if (rc == BM_OK)
				rc = bm_add_data(copy, name, info.type, data, size,
				                 info.fixed_size);
		}
	}
	if (rc != BM_OK) {
		bm_destroy(copy);
		return rc;
	}
	*out = copy;
	return BM_OK;
}
