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

/* --- Argument checks -------------------------------------------------------- */

/* Checks a NUL-terminated name: 1..BM_NAME_MAX bytes. */
static int
check_name(const char *name, size_t *name_len)
{
	if (name == NULL)
		return BM_BAD_VALUE;
	size_t len = strnlen(name, BM_NAME_MAX + 1);
	if (len == 0 || len > BM_NAME_MAX)
		return BM_BAD_VALUE;
	*name_len = len;
	return BM_OK;
}

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
	if (msg != NULL)
		msg->ops->make_empty(msg);
}

int
bm_add_data(bm_message *msg, const char *name, bm_type_code type,
            const void *data, size_t size, bool fixed_size)
{
	size_t name_len;
	if (msg == NULL || data == NULL || size == 0)
		return BM_BAD_VALUE;
	int rc = check_name(name, &name_len);
	if (rc != BM_OK)
		return rc;
	if (type == BM_ANY_TYPE)
		return BM_BAD_TYPE;
	if (size > BM_ITEM_MAX)
		return BM_TOO_LARGE;
	return msg->ops->add_data(msg, name, name_len, type, data, size,
	                          fixed_size);
}

int
bm_add_int32(bm_message *msg, const char *name, int32_t value)
{
	return bm_add_data(msg, name, BM_INT32_TYPE, &value, sizeof value, true);
}

int
bm_add_string(bm_message *msg, const char *name, const char *value)
{
	if (value == NULL)
		return BM_BAD_VALUE;
	return bm_add_data(msg, name, BM_STRING_TYPE, value, strlen(value) + 1,
	                   false);
}

int
bm_find_data(const bm_message *msg, const char *name, bm_type_code type,
             int32_t index, const void **data, size_t *size)
{
	size_t name_len;
	if (msg == NULL || data == NULL || size == NULL)
		return BM_BAD_VALUE;
	int rc = check_name(name, &name_len);
	if (rc != BM_OK)
		return rc;
	if (index < 0)
		return BM_BAD_INDEX;
	return msg->ops->find_data(msg, name, name_len, type, index, data, size);
}

int
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

int
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

int
bm_get_info(const bm_message *msg, const char *name,
            struct bm_field_info *info)
{
	size_t name_len;
	if (msg == NULL || info == NULL)
		return BM_BAD_VALUE;
	int rc = check_name(name, &name_len);
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

int
bm_flattened_size(bm_message *msg, size_t *size)
{
	if (msg == NULL || size == NULL)
		return BM_BAD_VALUE;
	return msg->ops->flattened_size(msg, size);
}

int
bm_flatten(bm_message *msg, void *buffer, size_t capacity)
{
	if (msg == NULL || buffer == NULL)
		return BM_BAD_VALUE;
	return msg->ops->flatten(msg, buffer, capacity);
}

int
bm_unflatten(bm_message *msg, const void *data, size_t size)
{
	if (msg == NULL || data == NULL)
		return BM_BAD_VALUE;
	msg->ops->make_empty(msg);
	if (size > BM_FLAT_MAX)
		return BM_TOO_LARGE;
	enum bm_format format = bm__detect_format(data, size);
	int rc = BM_UNSUPPORTED;
	if (!bm_format_has_magic(msg->ops->native_format)) {
		/* A library's format has no magic: its reader is tried first,
		 * and bytes it refuses that have one go to the shared decoder
		 * (impl/README.md §12.2). */
		rc = msg->ops->unflatten(msg, data, size);
		if (rc != BM_OK && rc != BM_NO_MEMORY &&
		    format != BM_FORMAT_UNKNOWN)
			rc = BM_UNSUPPORTED;
	} else if (format == BM_FORMAT_UNKNOWN) {
		return BM_NOT_A_MESSAGE;
	} else if (format == msg->ops->native_format) {
		rc = msg->ops->unflatten(msg, data, size);
	}
	/* The native reader hands back layouts it does not read itself. */
	if (rc == BM_UNSUPPORTED && bm_backend_reads(msg->ops, format))
		rc = bm_decode_into(msg, data, size);
	if (rc != BM_OK)
		msg->ops->make_empty(msg);
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
