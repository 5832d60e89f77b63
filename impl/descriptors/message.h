/*
 * message.h - what a message is to every caller and every backend: the
 * limits, the type codes, the message handle and what is reported about
 * one field.
 *
 * A message is a `what` code plus named fields; each field has a type code
 * and one or more items (byte strings).
 */
#ifndef BM_MESSAGE_H
#define BM_MESSAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* --- Limits and type codes ---------------------------------------------- */

/* Names are 1 to BM_NAME_MAX bytes, not counting the NUL, in every backend. */
#define BM_NAME_MAX 255

/*
 * Every flat format stores sizes in 32 bits, R5 as signed ones. An item is
 * at most BM_ITEM_MAX bytes (room is left for its size prefix and padding);
 * a flattened message is at most BM_FLAT_MAX bytes. A field holds at most
 * BM_COUNT_MAX items and a message at most BM_COUNT_MAX fields. Past these,
 * the call returns BM_TOO_LARGE and the message is unchanged.
 */
#define BM_FLAT_MAX ((size_t)INT32_MAX)
#define BM_ITEM_MAX ((size_t)INT32_MAX - 64)
#define BM_COUNT_MAX (INT32_MAX - 1)

typedef uint32_t bm_type_code;

/* A type code from its four characters, as the multi-character constant
 * 'LONG' is in Be's headers (first character in the high byte). */
#define BM_TYPE(a, b, c, d)                                                \
	(((uint32_t)(uint8_t)(a) << 24) | ((uint32_t)(uint8_t)(b) << 16) |  \
	 ((uint32_t)(uint8_t)(c) << 8) | (uint32_t)(uint8_t)(d))

#define BM_ANY_TYPE BM_TYPE('A', 'N', 'Y', 'T')
#define BM_INT32_TYPE BM_TYPE('L', 'O', 'N', 'G')
#define BM_STRING_TYPE BM_TYPE('C', 'S', 'T', 'R')
#define BM_MESSAGE_TYPE BM_TYPE('M', 'S', 'G', 'G')

/* --- The message handle --------------------------------------------------- */

/*
 * Every backend's message struct begins with this base, so that wrappers can
 * dispatch on `ops`. Backends never expose the rest of their struct.
 * `what` is public, as BMessage::what is: backends read it when they flatten
 * and set it when they unflatten.
 */
typedef struct bm_message {
	const struct bm_ops *ops;
	uint32_t what;
	/* The wrappers' own note: false from bm_create and each emptying,
	 * true once an add or an Unflatten may have given the message fields.
	 * bm_unflatten empties only a message that may hold some. Backends
	 * never read or write it. */
	bool may_hold_fields;
} bm_message;

/* What bm_field_at and bm_get_info report about one field. `name` points
 * into the message, holds `name_len` bytes and is NOT guaranteed to be
 * NUL-terminated; it stays valid until the message is next changed. */
struct bm_field_info {
	const char *name;
	size_t name_len;
	bm_type_code type;
	int32_t count;
	bool fixed_size;
};

#endif /* BM_MESSAGE_H */
