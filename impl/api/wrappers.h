/*
 * wrappers.h - the message wrappers, the only way callers reach a backend
 * (wrappers.c). Each checks its arguments once, the same way for every
 * backend, then dispatches to the slot of `struct bm_ops` (descriptor.h)
 * whose contract it names.
 */
#ifndef BM_WRAPPERS_H
#define BM_WRAPPERS_H

#include "descriptor.h"
#include "message.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Creates an empty message of backend `ops` with code `what`. */
int bm_create(const struct bm_ops *ops, uint32_t what, bm_message **out);

/* Destroys a message; NULL is allowed and ignored. */
void bm_destroy(bm_message *msg);

/* Removes every field. */
void bm_make_empty(bm_message *msg);

/* Adds one item; see the add_data slot. `name` is NUL-terminated. */
int bm_add_data(bm_message *msg, const char *name, bm_type_code type,
                const void *data, size_t size, bool fixed_size);

/* AddInt32: a fixed-size BM_INT32_TYPE item of 4 bytes. */
int bm_add_int32(bm_message *msg, const char *name, int32_t value);

/* AddString: a variable-size BM_STRING_TYPE item of strlen(value)+1 bytes. */
int bm_add_string(bm_message *msg, const char *name, const char *value);

/* Finds item `index` of field `name`; see the find_data slot. */
int bm_find_data(const bm_message *msg, const char *name, bm_type_code type,
                 int32_t index, const void **data, size_t *size);

/* FindInt32: copies item `index` of BM_INT32_TYPE field `name` to *value.
 * BM_BAD_VALUE when the item is not 4 bytes. */
int bm_find_int32(const bm_message *msg, const char *name, int32_t index,
                  int32_t *value);

/* FindString: points *value at item `index` of BM_STRING_TYPE field `name`
 * and stores its length without the NUL in *length (may be NULL).
 * BM_BAD_VALUE when the item does not end with a NUL. */
int bm_find_string(const bm_message *msg, const char *name, int32_t index,
                   const char **value, size_t *length);

/* Reports type, count and fixed-size flag of field `name`. */
int bm_get_info(const bm_message *msg, const char *name,
                struct bm_field_info *info);

/* Reports field number `index` in the backend's iteration order. */
int bm_field_at(const bm_message *msg, int32_t index,
                struct bm_field_info *info);

/* Number of fields; 0 for NULL. */
int32_t bm_count_fields(const bm_message *msg);

/* Flattened size in the backend's native format. */
int bm_flattened_size(bm_message *msg, size_t *size);

/* Flattens into buffer[0..capacity); see the flatten slot. */
int bm_flatten(bm_message *msg, void *buffer, size_t capacity);

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
 */
int bm_unflatten(bm_message *msg, const void *data, size_t size);

/* Decodes into `msg` (which must be empty) through bm_add_data: bm_decode
 * (decode.h) with a sink that adds each item. Returns bm_decode's or the
 * add path's status; on failure the caller empties msg. */
int bm_decode_into(bm_message *msg, const void *data, size_t size);

#endif /* BM_WRAPPERS_H */
