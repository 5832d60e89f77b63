/*
 * fuzz_decode.c - libFuzzer target for the shared decoders alone. Checks
 * what bm_decode promises its sink: nothing reported for input it refuses
 * (the whole input is validated first), `begin` once before anything else,
 * names of 1..BM_NAME_MAX bytes without a NUL, counts of at least one and
 * exactly `count` non-empty items after each field.
 */
#include "bmsg.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct expectations {
	size_t calls;
	bool begun;
	int64_t items_due; /* items still owed to the current field */
};

static int
on_begin(void *ctx, enum bm_format format, uint32_t what)
{
	struct expectations *state = ctx;
	(void)what;
	if (state->begun || format == BM_FORMAT_UNKNOWN)
		abort();
	state->begun = true;
	state->calls++;
	return BM_OK;
}

static int
on_field(void *ctx, const char *name, size_t name_len, bm_type_code type,
         bool fixed_size, int32_t count)
{
	struct expectations *state = ctx;
	(void)type;
	(void)fixed_size;
	if (!state->begun || state->items_due != 0 || name_len == 0 ||
	    name_len > BM_NAME_MAX || memchr(name, '\0', name_len) != NULL ||
	    count < 1)
		abort();
	state->items_due = count;
	state->calls++;
	return BM_OK;
}

static int
on_item(void *ctx, const void *data, size_t size)
{
	struct expectations *state = ctx;
	if (state->items_due <= 0 || size == 0 || size > BM_ITEM_MAX)
		abort();
	/* Touch every byte, so that the sanitizers see a bad pointer. */
	volatile uint8_t sum = 0;
	for (size_t i = 0; i < size; i++)
		sum = (uint8_t)(sum + ((const uint8_t *)data)[i]);
	(void)sum;
	state->items_due--;
	state->calls++;
	return BM_OK;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct expectations state = {0};
	const struct bm_decode_sink sink = {
		.begin = on_begin,
		.field = on_field,
		.item = on_item,
		.ctx = &state,
	};
	int rc = bm_decode(data, size, &sink);
	if (rc != BM_OK && state.calls != 0)
		abort(); /* refused after reporting part of the message */
	if (rc == BM_OK && (!state.begun || state.items_due != 0))
		abort();
	return 0;
}
