/*
 * wrappers.c - the wrappers every caller goes through (wrappers.h), and
 * bm_decode_into, the decoder feeding the add path. Arguments are checked
 * here once, identically for every backend, before the backend's slot runs
 * (see the contract in descriptor.h).
 */
#include "decode.h"
#include "descriptor.h"
#include "formats.h"
#include "status.h"
#include "wrappers.h"

#include <string.h>

/* The one external definition of each inline wrapper (wrappers.h). */
extern inline int bm__check_name(const char *name, size_t *name_len);
extern inline int bm_add_data(bm_message *msg, const char *name,
                              bm_type_code type, const void *data,
                              size_t size, bool fixed_size);
extern inline int bm_add_int32(bm_message *msg, const char *name,
                               int32_t value);
extern inline int bm_add_string(bm_message *msg, const char *name,
                                const char *value);
extern inline int bm_find_data(const bm_message *msg, const char *name,
                               bm_type_code type, int32_t index,
                               const void **data, size_t *size);
extern inline int bm_find_int32(const bm_message *msg, const char *name,
                                int32_t index, int32_t *value);
extern inline int bm_find_string(const bm_message *msg, const char *name,
                                 int32_t index, const char **value,
                                 size_t *length);
extern inline int bm_flattened_size(bm_message *msg, size_t *size);
extern inline int bm_flatten(bm_message *msg, void *buffer, size_t capacity);
extern inline int bm_unflatten(bm_message *msg, const void *data,
                               size_t size);

/* --- Message wrappers --------------------------------------------------------- */

int
bm_create(const struct bm_ops *ops, uint32_t what, bm_message **out)
{
	if (ops == NULL || out == NULL)
		return BM_BAD_VALUE;
	bm_message *msg = NULL;
	int rc = ops->create(&msg);
	if (rc != BM_OK)
		return rc;
	/* Set here, not by the backend, so that a test-only copy of a backend's
	 * ops dispatches through the copy. */
	msg->ops = ops;
	msg->what = what;
	msg->may_hold_fields = false;
	*out = msg;
	return BM_OK;
}

void
bm_destroy(bm_message *msg)
{
	if (msg != NULL)
		msg->ops->destroy(msg);
}

void
bm_make_empty(bm_message *msg)
{
	if (msg != NULL) {
		msg->ops->make_empty(msg);
		msg->may_hold_fields = false;
	}
}







int
bm_get_info(const bm_message *msg, const char *name,
            struct bm_field_info *info)
{
	size_t name_len;
	if (msg == NULL || info == NULL)
		return BM_BAD_VALUE;
	int rc = bm__check_name(name, &name_len);
	if (rc != BM_OK)
		return rc;
	return msg->ops->get_info(msg, name, name_len, info);
}

int
bm_field_at(const bm_message *msg, int32_t index, struct bm_field_info *info)
{
	if (msg == NULL || info == NULL)
		return BM_BAD_VALUE;
	if (index < 0)
		return BM_BAD_INDEX;
	return msg->ops->field_at(msg, index, info);
}

int32_t
bm_count_fields(const bm_message *msg)
{
	return msg != NULL ? msg->ops->count_fields(msg) : 0;
}

/* Every case bm_unflatten's own path (wrappers.h) does not take. */
int
bm__unflatten_any(bm_message *msg, const void *data, size_t size)
{
	if (msg == NULL || data == NULL)
		return BM_BAD_VALUE;
	const struct bm_ops *ops = msg->ops;
	/* The slot reads into an empty message. A fresh one is not emptied
	 * again (make_empty may reallocate, as Message4's renews its header). */
	if (msg->may_hold_fields)
		bm_make_empty(msg);
	if (size > BM_FLAT_MAX)
		return BM_TOO_LARGE;
	enum bm_format format = bm__detect_format(data, size);
	msg->may_hold_fields = true;
	int rc = BM_UNSUPPORTED;
	if (!bm_format_has_magic(ops->native_format)) {
		/* A library's format has no magic: its reader is tried first,
		 * and bytes it refuses that have one go to the shared decoder
		 * (impl/README.md §12.2). */
		rc = ops->unflatten(msg, data, size);
		if (rc != BM_OK && rc != BM_NO_MEMORY &&
		    format != BM_FORMAT_UNKNOWN)
			rc = BM_UNSUPPORTED;
	} else if (format == BM_FORMAT_UNKNOWN) {
		msg->may_hold_fields = false;
		return BM_NOT_A_MESSAGE;
	} else if (format == ops->native_format) {
		rc = ops->unflatten(msg, data, size);
	}
	return rc == BM_OK ? rc : bm__unflatten_failed(msg, data, size, rc);
}

/* After the native reader failed with `rc`: a layout it hands back goes to
 * the shared decoder; a failure leaves the message empty. */
int
bm__unflatten_failed(bm_message *msg, const void *data, size_t size, int rc)
{
	if (rc == BM_UNSUPPORTED &&
	    bm_backend_reads(msg->ops, bm__detect_format(data, size)))
		rc = bm_decode_into(msg, data, size);
	if (rc != BM_OK)
		bm_make_empty(msg);
	return rc;
}

/* --- Decoding into a message through the add path ------------------------------ */

struct decode_into {
	bm_message *msg;
	char name[BM_NAME_MAX + 1];
	bm_type_code type;
	bool fixed_size;
};

static int
decode_into_begin(void *ctx, enum bm_format format, uint32_t what)
{
	struct decode_into *state = ctx;
	(void)format;
	state->msg->what = what;
	return BM_OK;
}

static int
decode_into_field(void *ctx, const char *name, size_t name_len,
                  bm_type_code type, bool fixed_size, int32_t count)
{
	struct decode_into *state = ctx;
	(void)count;
	/* The decoders guarantee 1..BM_NAME_MAX bytes without a NUL. */
	memcpy(state->name, name, name_len);
	state->name[name_len] = '\0';
	state->type = type;
	state->fixed_size = fixed_size;
	return BM_OK;
}

static int
decode_into_item(void *ctx, const void *data, size_t size)
{
	struct decode_into *state = ctx;
	int rc = bm_add_data(state->msg, state->name, state->type, data, size,
	                     state->fixed_size);
	/* Only a malformed input can make the add path refuse an item the
	 * decoder checked: two records of one name with different types. */
	return rc == BM_BAD_TYPE ? BM_BAD_VALUE : rc;
}

int
bm_decode_into(bm_message *msg, const void *data, size_t size)
{
	struct decode_into state = {.msg = msg};
	const struct bm_decode_sink sink = {
		.begin = decode_into_begin,
		.field = decode_into_field,
		.item = decode_into_item,
		.ctx = &state,
	};
	return bm_decode(data, size, &sink);
}
