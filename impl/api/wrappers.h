/*
 * wrappers.h - the message wrappers, the only way callers reach a backend
 * (wrappers.c). Each checks its arguments once, the same way for every
 * backend, then dispatches to the slot of `struct bm_ops` (descriptor.h)
 * whose contract it names.
 *
 * The wrappers of the timed operations (add, find, flatten) are inline
 * definitions here, with their one external definition in wrappers.c: a
 * caller's loop pays their checks, not a call into them. That is the call
 * layer harness/README.md §5.6 measures.
 */
#ifndef BM_WRAPPERS_H
#define BM_WRAPPERS_H

#include "descriptor.h"
#include "formats.h"
#include "message.h"
#include "status.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Creates an empty message of backend `ops` with code `what`. */
int bm_create(const struct bm_ops *ops, uint32_t what, bm_message **out);

/* Destroys a message; NULL is allowed and ignored. */
void bm_destroy(bm_message *msg);

/* Removes every field. */
void bm_make_empty(bm_message *msg);

/* Reports type, count and fixed-size flag of field `name`. */
int bm_get_info(const bm_message *msg, const char *name,
                struct bm_field_info *info);

/* Reports field number `index` in the backend's iteration order. */
int bm_field_at(const bm_message *msg, int32_t index,
                struct bm_field_info *info);

/* Number of fields; 0 for NULL. */
int32_t bm_count_fields(const bm_message *msg);

/* bm_unflatten's paths out of line (below). */
int bm__unflatten_any(bm_message *msg, const void *data, size_t size);
int bm__unflatten_failed(bm_message *msg, const void *data, size_t size,
                         int rc);

/* Decodes into `msg` (which must be empty) through bm_add_data: bm_decode
 * (decode.h) with a sink that adds each item. Returns bm_decode's or the
 * add path's status; on failure the caller empties msg. */
int bm_decode_into(bm_message *msg, const void *data, size_t size);

/* --- The timed wrappers, inline -------------------------------------------- */

/* The name check of every wrapper that takes a name: NUL-terminated, of
 * 1..BM_NAME_MAX bytes; stores its length, which the slot takes. */
inline int
bm__check_name(const char *name, size_t *name_len)
{
	if (name == NULL)
		return BM_BAD_VALUE;
	size_t len = strlen(name);
	/* len - 1 wraps for the empty name. */
	if (len - 1 >= BM_NAME_MAX)
		return BM_BAD_VALUE;
	*name_len = len;
	return BM_OK;
}

/* Adds one item; see the add_data slot. `name` is NUL-terminated. */
inline int
bm_add_data(bm_message *msg, const char *name, bm_type_code type,
            const void *data, size_t size, bool fixed_size)
{
	size_t name_len;
	if (msg == NULL || data == NULL || size == 0)
		return BM_BAD_VALUE;
	int rc = bm__check_name(name, &name_len);
	if (rc != BM_OK)
		return rc;
	if (type == BM_ANY_TYPE)
		return BM_BAD_TYPE;
	if (size > BM_ITEM_MAX)
		return BM_TOO_LARGE;
	msg->may_hold_fields = true;
	return msg->ops->add_data(msg, name, name_len, type, data, size,
	                          fixed_size);
}

/* AddInt32: a fixed-size BM_INT32_TYPE item of 4 bytes. */
inline int
bm_add_int32(bm_message *msg, const char *name, int32_t value)
{
	return bm_add_data(msg, name, BM_INT32_TYPE, &value, sizeof value, true);
}

/* AddString: a variable-size BM_STRING_TYPE item of strlen(value)+1 bytes. */
inline int
bm_add_string(bm_message *msg, const char *name, const char *value)
{
	if (value == NULL)
		return BM_BAD_VALUE;
	return bm_add_data(msg, name, BM_STRING_TYPE, value, strlen(value) + 1,
	                   false);
}

/* Finds item `index` of field `name`; see the find_data slot. */
inline int
bm_find_data(const bm_message *msg, const char *name, bm_type_code type,
             int32_t index, const void **data, size_t *size)
{
	size_t name_len;
	if (msg == NULL || data == NULL || size == NULL)
		return BM_BAD_VALUE;
	int rc = bm__check_name(name, &name_len);
	if (rc != BM_OK)
		return rc;
	if (index < 0)
		return BM_BAD_INDEX;
	return msg->ops->find_data(msg, name, name_len, type, index, data, size);
}

/* FindInt32: copies item `index` of BM_INT32_TYPE field `name` to *value.
 * BM_BAD_VALUE when the item is not 4 bytes. */
inline int
bm_find_int32(const bm_message *msg, const char *name, int32_t index,
              int32_t *value)
{
	const void *data;
	size_t size;
	if (value == NULL)
		return BM_BAD_VALUE;
	int rc = bm_find_data(msg, name, BM_INT32_TYPE, index, &data, &size);
	if (rc != BM_OK)
		return rc;
	if (size != sizeof *value)
		return BM_BAD_VALUE;
	memcpy(value, data, sizeof *value);
	return BM_OK;
}

/* FindString: points *value at item `index` of BM_STRING_TYPE field `name`
 * and stores its length without the NUL in *length (may be NULL).
 * BM_BAD_VALUE when the item does not end with a NUL. */
inline int
bm_find_string(const bm_message *msg, const char *name, int32_t index,
               const char **value, size_t *length)
{
	const void *data;
	size_t size;
	if (value == NULL)
		return BM_BAD_VALUE;
	int rc = bm_find_data(msg, name, BM_STRING_TYPE, index, &data, &size);
	if (rc != BM_OK)
		return rc;
	const char *text = data;
	if (text[size - 1] != '\0')
		return BM_BAD_VALUE;
	*value = text;
	if (length != NULL)
		*length = size - 1;
	return BM_OK;
}

/* Flattened size in the backend's native format. */
inline int
bm_flattened_size(bm_message *msg, size_t *size)
{
	if (msg == NULL || size == NULL)
		return BM_BAD_VALUE;
	return msg->ops->flattened_size(msg, size);
}

/* Flattens into buffer[0..capacity); see the flatten slot. */
inline int
bm_flatten(bm_message *msg, void *buffer, size_t capacity)
{
	if (msg == NULL || buffer == NULL)
		return BM_BAD_VALUE;
	return msg->ops->flatten(msg, buffer, capacity);
}

/*
 * Replaces the content of `msg` with the message in data[0..size), which may
 * be in any format bm_detect_format knows. The backend's native format goes
 * to its own reader (and to the decoder when the reader hands it back as
 * BM_UNSUPPORTED). On failure the message is left empty and valid.
 * Any other format the backend reads (bm_backend_reads) goes through the
 * shared decoders and the add path; the rest is BM_UNSUPPORTED. A backend
 * of kind library, whose format has no magic, gets every input first: what
 * its reader refuses goes to the decoder when it has a magic.
 * A flattened message that names a field twice (no writer here makes one)
 * is read as the backend's repeated_names says.
 *
 * Its own path, inline: bytes in the backend's native format (R5 or HMF1,
 * by their magic) into a message that holds no fields (a fresh or emptied
 * one, bm_message.may_hold_fields), which the slot reads as it is. Everything else, and a failure, goes to
 * bm__unflatten_any and bm__unflatten_failed (wrappers.c).
 */
inline int
bm_unflatten(bm_message *msg, const void *data, size_t size)
{
	uint32_t magic;
	if (msg == NULL || data == NULL || size < sizeof magic ||
	    size > BM_FLAT_MAX)
		return bm__unflatten_any(msg, data, size);
	memcpy(&magic, data, sizeof magic);
	const struct bm_ops *ops = msg->ops;
	/* 0 for a format without a magic, which takes the other path. */
	uint32_t native = ops->native_format == BM_FORMAT_HMF1 ? BM_HMF1_MAGIC
	                  : ops->native_format == BM_FORMAT_R5 ? BM_R5_MAGIC
	                                                       : 0;
	if (magic != native || native == 0 || msg->may_hold_fields)
		return bm__unflatten_any(msg, data, size);
	msg->may_hold_fields = true;
	int rc = ops->unflatten(msg, data, size);
	return rc == BM_OK ? rc : bm__unflatten_failed(msg, data, size, rc);
}

#endif /* BM_WRAPPERS_H */
