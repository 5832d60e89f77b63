/*
 * hmf1.h - HMF1, today's Haiku format (impl/README.md §4): its constants
 * and offsets, one field header read in either byte order, and the one
 * full check of a flattened message (hmf1.c).
 */
#ifndef BM_HMF1_H
#define BM_HMF1_H

#include "bytes.h"
#include "formats.h"
#include "message.h"
#include "status.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define BM_HMF1_HEADER_SIZE 68
#define BM_HMF1_FIELD_HEADER_SIZE 24
#define BM_HMF1_HASH_TABLE_SIZE 5

#define BM_HMF1_MESSAGE_VALID 0x0001
#define BM_HMF1_FIELD_VALID 0x0001
#define BM_HMF1_FIELD_FIXED 0x0002

/* Offsets inside the 68-byte message header (impl/README.md §4.2). */
#define BM_HMF1_OFF_FORMAT 0
#define BM_HMF1_OFF_WHAT 4
#define BM_HMF1_OFF_FLAGS 8
#define BM_HMF1_OFF_DATA_SIZE 36
#define BM_HMF1_OFF_FIELD_COUNT 40
#define BM_HMF1_OFF_HASH_SIZE 44
#define BM_HMF1_OFF_HASH_TABLE 48

/* Offsets inside a 24-byte field header (impl/README.md §4.3). */
#define BM_HMF1_FOFF_FLAGS 0
#define BM_HMF1_FOFF_NAME_LENGTH 2 /* includes the NUL */
#define BM_HMF1_FOFF_TYPE 4
#define BM_HMF1_FOFF_COUNT 8
#define BM_HMF1_FOFF_DATA_SIZE 12
#define BM_HMF1_FOFF_OFFSET 16
#define BM_HMF1_FOFF_NEXT 20

/*
 * The 68-byte message header (impl/README.md §4.2) and a 24-byte field
 * header (impl/README.md §4.3) as C structs laid out exactly as on the
 * wire: every member sits at a multiple of its own size, so no ABI pads
 * them, and the asserts below pin each offset. Message4 and Message5 keep
 * their messages in them, in host order, as Haiku's _PACKED structs do;
 * the checker and the decoder read a field header of either byte order
 * into one (bm__hmf1_read_field).
 */
struct bm__hmf1_header {
	uint32_t format;
	uint32_t what;
	uint32_t flags;
	int32_t target;
	int32_t current_specifier;
	int32_t message_area;
	int32_t reply_port;
	int32_t reply_target;
	int32_t reply_team;
	uint32_t data_size;
	uint32_t field_count;
	uint32_t hash_table_size;
	int32_t hash_table[BM_HMF1_HASH_TABLE_SIZE];
};

struct bm__hmf1_field {
	uint16_t flags;         /* BM_HMF1_FIELD_* */
	uint16_t name_length;   /* includes the NUL */
	bm_type_code type;
	uint32_t count;
	uint32_t data_size;     /* item bytes with size prefixes, no name */
	uint32_t offset;        /* of the name, in the data area */
	int32_t next_field;     /* next index in the same bucket, or -1 */
};

_Static_assert(sizeof(struct bm__hmf1_header) == BM_HMF1_HEADER_SIZE,
               "message header must be 68 bytes, unpadded");
_Static_assert(offsetof(struct bm__hmf1_header, format) == BM_HMF1_OFF_FORMAT,
               "format offset");
_Static_assert(offsetof(struct bm__hmf1_header, what) == BM_HMF1_OFF_WHAT,
               "what offset");
_Static_assert(offsetof(struct bm__hmf1_header, flags) == BM_HMF1_OFF_FLAGS,
               "flags offset");
_Static_assert(offsetof(struct bm__hmf1_header, data_size) ==
                   BM_HMF1_OFF_DATA_SIZE,
               "data_size offset");
_Static_assert(offsetof(struct bm__hmf1_header, field_count) ==
                   BM_HMF1_OFF_FIELD_COUNT,
               "field_count offset");
_Static_assert(offsetof(struct bm__hmf1_header, hash_table_size) ==
                   BM_HMF1_OFF_HASH_SIZE,
               "hash_table_size offset");
_Static_assert(offsetof(struct bm__hmf1_header, hash_table) ==
                   BM_HMF1_OFF_HASH_TABLE,
               "hash_table offset");

_Static_assert(sizeof(struct bm__hmf1_field) == BM_HMF1_FIELD_HEADER_SIZE,
               "field header must be 24 bytes, unpadded");
_Static_assert(offsetof(struct bm__hmf1_field, flags) == BM_HMF1_FOFF_FLAGS,
               "field flags offset");
_Static_assert(offsetof(struct bm__hmf1_field, name_length) ==
                   BM_HMF1_FOFF_NAME_LENGTH,
               "name_length offset");
_Static_assert(offsetof(struct bm__hmf1_field, type) == BM_HMF1_FOFF_TYPE,
               "type offset");
_Static_assert(offsetof(struct bm__hmf1_field, count) == BM_HMF1_FOFF_COUNT,
               "count offset");
_Static_assert(offsetof(struct bm__hmf1_field, data_size) ==
                   BM_HMF1_FOFF_DATA_SIZE,
               "field data_size offset");
_Static_assert(offsetof(struct bm__hmf1_field, offset) == BM_HMF1_FOFF_OFFSET,
               "offset offset");
_Static_assert(offsetof(struct bm__hmf1_field, next_field) ==
                   BM_HMF1_FOFF_NEXT,
               "next_field offset");

/* B_NULL_TOKEN: the target and reply target of a fresh message. */
#define BM_HMF1_NULL_TOKEN (-1)

/* _InitHeader (impl/README.md §4.2): the values of a fresh message. */
static inline void
bm__hmf1_init_header(struct bm__hmf1_header *header, uint32_t what)
{
	memset(header, 0, offsetof(struct bm__hmf1_header, hash_table));
	header->format = BM_HMF1_MAGIC;
	header->flags = BM_HMF1_MESSAGE_VALID;
	header->what = what;
	header->current_specifier = -1;
	header->message_area = -1;
	header->target = BM_HMF1_NULL_TOKEN;
	header->reply_target = BM_HMF1_NULL_TOKEN;
	header->reply_port = -1;
	header->reply_team = -1;
	header->hash_table_size = BM_HMF1_HASH_TABLE_SIZE;
	/* -1 everywhere, because 0 is a valid index. */
	memset(header->hash_table, 0xff, sizeof header->hash_table);
}

/* FlattenedSize, in 64 bits so that it can be compared with the limit. */
static inline uint64_t
bm__hmf1_flat_size(const struct bm__hmf1_header *header)
{
	return (uint64_t)BM_HMF1_HEADER_SIZE +
	       (uint64_t)header->field_count * BM_HMF1_FIELD_HEADER_SIZE +
	       header->data_size;
}

/* FlattenedSize as the flattened_size slot reports it: BM_TOO_LARGE past
 * BM_FLAT_MAX. */
static inline int
bm__hmf1_flattened_size(const struct bm__hmf1_header *header, size_t *size)
{
	uint64_t flat = bm__hmf1_flat_size(header);
	if (flat > BM_FLAT_MAX)
		return BM_TOO_LARGE;
	*size = (size_t)flat;
	return BM_OK;
}

/* _AddField's new field header: VALID (and FIXED for a fixed-size field),
 * no items yet, its name at `offset` in the data area, the end of its
 * chain. */
static inline void
bm__hmf1_init_field(struct bm__hmf1_field *field, uint16_t name_length,
                    bm_type_code type, bool fixed_size, uint32_t offset)
{
	field->flags = (uint16_t)(BM_HMF1_FIELD_VALID |
	                          (fixed_size ? BM_HMF1_FIELD_FIXED : 0));
	field->name_length = name_length;
	field->type = type;
	field->count = 0;
	field->data_size = 0;
	field->offset = offset;
	field->next_field = -1;
}

/*
 * GetInfo's report of a field of a message read in place (Message4,
 * Message5), whose data area is at *data: read only once the field's
 * name_length says the area holds a name. A field of an unflattened message may be
 * malformed where Unflatten does not look (BM_BAD_DATA): a name that is
 * empty or holds a NUL before its end, longer than BM_NAME_MAX or not
 * ended by its NUL inside name_length, or no items (Haiku never writes a
 * field without one), or more than BM_COUNT_MAX.
 */
static inline int
bm__hmf1_field_info(uint8_t *const *data, const struct bm__hmf1_field *field,
                    struct bm_field_info *info)
{
	if (field->name_length < 2 || field->name_length > BM_NAME_MAX + 1 ||
	    field->count == 0 || field->count > (uint32_t)BM_COUNT_MAX)
		return BM_BAD_DATA;
	/* name_length >= 2 inside the data area: the data area exists. */
	const char *name = (const char *)*data + field->offset;
	if (name[field->name_length - 1] != '\0' ||
	    memchr(name, '\0', (size_t)field->name_length - 1) != NULL)
		return BM_BAD_DATA;
	info->name = name;
	info->name_len = (size_t)field->name_length - 1;
	info->type = field->type;
	info->count = (int32_t)field->count;
	info->fixed_size = (field->flags & BM_HMF1_FIELD_FIXED) != 0;
	return BM_OK;
}

/* Reads field header number `index` of the array at `fields`, swapping
 * when the message was written in the other byte order. Checks nothing. */
static inline void
bm__hmf1_read_field(const uint8_t *fields, uint32_t index, bool swapped,
                    struct bm__hmf1_field *field)
{
	const uint8_t *at = fields + (size_t)index * BM_HMF1_FIELD_HEADER_SIZE;
	field->flags = bm__load16(at + BM_HMF1_FOFF_FLAGS);
	field->name_length = bm__load16(at + BM_HMF1_FOFF_NAME_LENGTH);
	if (swapped) {
		field->flags = bm__swap16(field->flags);
		field->name_length = bm__swap16(field->name_length);
	}
	field->type = bm__load32_order(at + BM_HMF1_FOFF_TYPE, swapped);
	field->count = bm__load32_order(at + BM_HMF1_FOFF_COUNT, swapped);
	field->data_size = bm__load32_order(at + BM_HMF1_FOFF_DATA_SIZE, swapped);
	field->offset = bm__load32_order(at + BM_HMF1_FOFF_OFFSET, swapped);
	field->next_field =
		(int32_t)bm__load32_order(at + BM_HMF1_FOFF_NEXT, swapped);
}

/*
 * Checks a whole HMF1 message in either byte order before anything reads
 * it, so that later finds and walks need no checks: header size, the VALID
 * flag, hash_table_size 5, field headers and data area inside `size`, every
 * field VALID with a NUL-terminated name of 1..BM_NAME_MAX bytes and no
 * other NUL, name and data inside the data area, count >= 1, fixed data a
 * whole number of items, variable items non-empty and adding up to the
 * field's data_size, field regions (name + data) contiguous in field order
 * and covering the data area exactly (as Haiku always writes them; see
 * hmf1.c), and hash chains in range, strictly increasing (so they end),
 * each field in the bucket of its name and reached exactly once.
 * Stores 68 + 24 * field_count + data_size in *flat_size. When
 * repeated_names is not NULL, also looks for two fields of one name (see
 * bm__seen_names in names.h) and stores whether it found any; the shared
 * decoder passes NULL, since its add path merges them. Returns BM_OK,
 * BM_NOT_A_MESSAGE or BM_BAD_VALUE. Used by the shared decoder (the
 * Unflatten of Message4 and Message5 checks only what its design checks).
 */
int bm__hmf1_check(const uint8_t *data, size_t size, bool swapped,
                   size_t *flat_size, bool *repeated_names);

#endif /* BM_HMF1_H */
