/*
 * copy.h - a message copied into another backend through the add path,
 * and the field reader that the copy and msgdump share (copy.c).
 */
#ifndef BM_COPY_H
#define BM_COPY_H

#include "descriptor.h"
#include "message.h"

#include <stdint.h>

/* bm_field_at, with the field's name also copied, NUL-terminated, into
 * `name` (what a find by that name needs). BM_BAD_VALUE for a name of 0
 * or more than BM_NAME_MAX bytes, else bm_field_at's status. */
int bm_field_named_at(const bm_message *msg, int32_t index,
                      struct bm_field_info *info,
                      char name[BM_NAME_MAX + 1]);

/* Copies `msg` into a new message of backend `ops` through the add path:
 * each field in iteration order, each item read by bm_find_data and added
 * by bm_add_data with the field's type and fixed-size flag. BM_BAD_VALUE
 * for a field name of 0 or more than BM_NAME_MAX bytes, else the first
 * failing call's status; *out is set only on BM_OK. */
int bm_copy(const bm_message *msg, const struct bm_ops *ops,
            bm_message **out);

#endif /* BM_COPY_H */
