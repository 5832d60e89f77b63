/*
 * hmf1.c - the one check of a flattened HMF1 message (bm__hmf1_check,
 * declared in hmf1.h), which the shared decoder runs.
 *
 * Layout from impl/README.md §4.2 to impl/README.md §4.4, hash from
 * impl/README.md §4.5. Haiku's own _ValidateMessage (impl/README.md §4.7)
 * checks only next_field <= field_count and that each field's name and
 * data end inside the data area; it trusts the rest. This check is
 * stricter (impl/README.md §7.2), so that a reader never needs another:
 * - header: 'HMF1' in the given order, flags VALID, hash_table_size 5 (the
 *   header has exactly 5 slots, impl/README.md §4.2), fields and data
 *   inside `size`. A message whose data was passed in an area (PASS_BY_AREA
 *   with an area id >= 0) has no data in the buffer and is rejected;
 * - fields: VALID; name_length 2..256 (1..255 bytes and the NUL) with the
 *   NUL last and nowhere else; count >= 1; fixed data a whole, non-zero
 *   number of items; variable items non-empty, adding up to data_size;
 * - field regions (name, then data) are contiguous in field order, from 0
 *   to the data area's size. Haiku always keeps them so (_AddField puts a
 *   new field at the end of the data, _ResizeData moves the tail, removal
 *   closes the gap; checked on all 24,159 messages counted in
 *   impl/README.md §4.4), and overlapping regions would let a later add or
 *   remove in Message4 move bytes outside a field;
 * - hash chains: each head and next_field is -1 or a later field index (so
 *   every chain ends), each field sits in the chain of its name's bucket,
 *   and the chains reach every field. A field can only be reached from its
 *   own bucket's chain, at most once because chains strictly increase, so
 *   "reached field_count times" means "each field reached exactly once",
 *   and no memory is needed;
 * - on request, repeated names (bm__seen_names in names.h): two fields of
 *   one name share a bucket, so only a field whose name may have been seen
 *   walks its own chain up to itself.
 * Statuses: header problems give BM_NOT_A_MESSAGE, problems inside fields or
 * chains BM_BAD_VALUE.
 */
#include "formats.h"
#include "hmf1.h"
#include "names.h"
#include "refusal.h"
#include "status.h"

/* Not in hmf1.h: only this check reads them (impl/README.md §4.1,
 * impl/README.md §4.2). */
#define HMF1_OFF_MESSAGE_AREA 20
#define HMF1_MESSAGE_PASS_BY_AREA 0x0080

/* Checks one field's item data: `count` items in `data_size` bytes. */
static int
check_items(const uint8_t *data, size_t data_size, uint32_t count,
            bool fixed, bool swapped)
{
	if (fixed)
		return data_size != 0 && data_size % count == 0
		               ? BM_OK
		               : BM__REFUSE(BM_BAD_VALUE, data,
		                            "fixed-size data holding a whole, "
		                            "non-zero number of items");
	/* Each variable item is [uint32 size][size bytes], size >= 1, so the
	 * walk ends within data_size / 5 steps. */
	size_t left = data_size;
	for (uint32_t i = 0; i < count; i++) {
		if (left < 4)
			return BM__REFUSE(BM_BAD_VALUE, data, "another item's size "
			                  "inside the field's data");
		uint32_t item_size = bm__load32_order(data, swapped);
		left -= 4;
		if (item_size == 0 || item_size > left)
			return BM__REFUSE(BM_BAD_VALUE, data, "an item size from 1 "
			                  "that ends inside the field's data");
		data += 4 + (size_t)item_size;
		left -= item_size;
	}
	return left == 0 ? BM_OK
	                 : BM__REFUSE(BM_BAD_VALUE, data, "the end of the "
	                              "field's data after its last item");
}

/* Checks field header `index` against the data area; `expected_offset` is
 * where its region must start, and is moved to where it ends. */
static int
check_field(const uint8_t *fields, uint32_t index, uint32_t field_count,
            const uint8_t *area, size_t area_size, size_t *expected_offset,
            bool swapped)
{
	struct bm__hmf1_field field;
	bm__hmf1_read_field(fields, index, swapped, &field);
	uint16_t flags = field.flags, name_length = field.name_length;
	uint32_t count = field.count, data_size = field.data_size;
	uint32_t offset = field.offset, next = (uint32_t)field.next_field;

	/* Where a refusal points: computed on the refusal's path only. */
#define HEADER (fields + (size_t)index * BM_HMF1_FIELD_HEADER_SIZE)
	if (!(flags & BM_HMF1_FIELD_VALID))
		return BM__REFUSE(BM_BAD_VALUE, HEADER + BM_HMF1_FOFF_FLAGS,
		                  "a field header flagged VALID");
	if (name_length < 2 || name_length > BM_NAME_MAX + 1)
		return BM__REFUSE(BM_BAD_VALUE,
		                  HEADER + BM_HMF1_FOFF_NAME_LENGTH,
		                  "a name length from 2 to 256, its NUL counted");
	if (offset != *expected_offset || name_length > area_size - offset)
		return BM__REFUSE(BM_BAD_VALUE, HEADER + BM_HMF1_FOFF_OFFSET,
		                  "the offset where the previous field's data "
		                  "ends, with the name inside the data area");
	const uint8_t *name = area + offset;
	if (name[name_length - 1] != '\0' ||
	    memchr(name, '\0', name_length - 1u) != NULL)
		return BM__REFUSE(BM_BAD_VALUE, name, "a name with one NUL, "
		                  "at its end");
	if (data_size > area_size - offset - name_length)
		return BM__REFUSE(BM_BAD_VALUE, HEADER + BM_HMF1_FOFF_DATA_SIZE,
		                  "a data size within the data area");
	if (count == 0 || count > (uint32_t)BM_COUNT_MAX)
		return BM__REFUSE(BM_BAD_VALUE, HEADER + BM_HMF1_FOFF_COUNT,
		                  "an item count from 1 to BM_COUNT_MAX");
	int rc = check_items(name + name_length, data_size, count,
	                     (flags & BM_HMF1_FIELD_FIXED) != 0, swapped);
	if (rc != BM_OK)
		return rc;
	/* next_field is an int32: -1 ends the chain, else a later field. */
	if (next != UINT32_MAX && (next <= index || next >= field_count))
		return BM__REFUSE(BM_BAD_VALUE, HEADER + BM_HMF1_FOFF_NEXT,
		                  "-1 or the index of a later field");
#undef HEADER
	*expected_offset = (size_t)offset + name_length + data_size;
	return BM_OK;
}

/* The name of a field whose header was checked: name_length - 1 bytes
 * (name_length counts the NUL). */
static const char *
field_name(const uint8_t *fields, const uint8_t *area, uint32_t index,
           bool swapped, size_t *name_len)
{
	struct bm__hmf1_field field;
	bm__hmf1_read_field(fields, index, swapped, &field);
	*name_len = field.name_length - 1u;
	return (const char *)area + field.offset;
}

static uint32_t
next_field(const uint8_t *fields, uint32_t index, bool swapped)
{
	struct bm__hmf1_field field;
	bm__hmf1_read_field(fields, index, swapped, &field);
	return (uint32_t)field.next_field;
}

/* Whether a field before `index` on the chain from `head` has this name. */
static bool
named_before(const uint8_t *fields, const uint8_t *area, uint32_t head,
             uint32_t index, const char *name, size_t name_len, bool swapped)
{
	for (uint32_t other = head; other != index;
	     other = next_field(fields, other, swapped)) {
		size_t other_len;
		const char *other_name =
			field_name(fields, area, other, swapped, &other_len);
		if (other_len == name_len && memcmp(other_name, name, name_len) == 0)
			return true;
	}
	return false;
}

/* Walks the chain starting at `head` (a checked index or -1): every field
 * on it must hash to `bucket`. Adds the fields seen to *reached. With a
 * filter, also notes a name met twice (a repeat can only be on one chain). */
static int
walk_chain(const uint8_t *fields, const uint8_t *area, uint32_t head,
           uint32_t bucket, bool swapped, uint32_t *reached,
           struct bm__seen_names *seen, bool *repeated_names)
{
	for (uint32_t index = head; index != UINT32_MAX;
	     index = next_field(fields, index, swapped)) {
		size_t name_len;
		const char *name = field_name(fields, area, index, swapped, &name_len);
		uint32_t hash = bm__hash_name(name, name_len);
		if (hash % BM_HMF1_HASH_TABLE_SIZE != bucket)
			return BM__REFUSE(BM_BAD_VALUE, (const uint8_t *)name,
			                  "a name in its hash chain's bucket");
		if (seen != NULL && !*repeated_names && bm__seen_mark(seen, hash))
			*repeated_names = named_before(fields, area, head, index, name,
			                               name_len, swapped);
		(*reached)++;
	}
	return BM_OK;
}

/* The header's magic, flags and hash table size, of a header known to be
 * whole. */
static int
check_header_words(const uint8_t *data, bool swapped)
{
	if (bm__load32_order(data + BM_HMF1_OFF_FORMAT, swapped) != BM_HMF1_MAGIC)
		return BM__REFUSE(BM_NOT_A_MESSAGE, data, "the magic 'HMF1'");
	uint32_t flags = bm__load32_order(data + BM_HMF1_OFF_FLAGS, swapped);
	if (!(flags & BM_HMF1_MESSAGE_VALID))
		return BM__REFUSE(BM_NOT_A_MESSAGE, data + BM_HMF1_OFF_FLAGS,
		                  "header flags with VALID");
	int32_t area_id = (int32_t)bm__load32_order(data + HMF1_OFF_MESSAGE_AREA,
	                                            swapped);
	if ((flags & HMF1_MESSAGE_PASS_BY_AREA) && area_id >= 0)
		return BM__REFUSE(BM_NOT_A_MESSAGE, data + HMF1_OFF_MESSAGE_AREA,
		                  "the data in the buffer, not in an area");
	if (bm__load32_order(data + BM_HMF1_OFF_HASH_SIZE, swapped) !=
	    BM_HMF1_HASH_TABLE_SIZE)
		return BM__REFUSE(BM_NOT_A_MESSAGE, data + BM_HMF1_OFF_HASH_SIZE,
		                  "a hash table size of 5");
	return BM_OK;
}

int
bm__hmf1_check(const uint8_t *data, size_t size, bool swapped,
               size_t *flat_size, bool *repeated_names)
{
	if (data == NULL)
		return BM_NOT_A_MESSAGE;
	if (size < BM_HMF1_HEADER_SIZE)
		return BM__REFUSE(BM_NOT_A_MESSAGE, data + size,
		                  "the rest of the 68-byte HMF1 header");
	int rc = check_header_words(data, swapped);
	if (rc != BM_OK)
		return rc;

	uint32_t field_count =
		bm__load32_order(data + BM_HMF1_OFF_FIELD_COUNT, swapped);
	uint32_t area_size =
		bm__load32_order(data + BM_HMF1_OFF_DATA_SIZE, swapped);
	size_t room = size - BM_HMF1_HEADER_SIZE;
	if (field_count > (uint32_t)BM_COUNT_MAX ||
	    field_count > room / BM_HMF1_FIELD_HEADER_SIZE)
		return BM__REFUSE(BM_NOT_A_MESSAGE,
		                  data + BM_HMF1_OFF_FIELD_COUNT,
		                  "a field count whose headers fit in the input");
	room -= (size_t)field_count * BM_HMF1_FIELD_HEADER_SIZE;
	if (area_size > room)
		return BM__REFUSE(BM_NOT_A_MESSAGE, data + BM_HMF1_OFF_DATA_SIZE,
		                  "a data area size that fits in the input");
	size_t total = BM_HMF1_HEADER_SIZE +
	               (size_t)field_count * BM_HMF1_FIELD_HEADER_SIZE + area_size;
	if (total > BM_FLAT_MAX)
		return BM__REFUSE(BM_NOT_A_MESSAGE, data + BM_HMF1_OFF_DATA_SIZE,
		                  "a message of at most BM_FLAT_MAX bytes");

	const uint8_t *fields = data + BM_HMF1_HEADER_SIZE;
	const uint8_t *area =
		fields + (size_t)field_count * BM_HMF1_FIELD_HEADER_SIZE;
	size_t expected_offset = 0;
	for (uint32_t i = 0; i < field_count; i++) {
		rc = check_field(fields, i, field_count, area, area_size,
		                 &expected_offset, swapped);
		if (rc != BM_OK)
			return rc;
	}
	if (expected_offset != area_size)
		return BM__REFUSE(BM_BAD_VALUE, area + expected_offset,
		                  "the end of the data area after the last "
		                  "field");

	struct bm__seen_names seen;
	if (repeated_names != NULL) {
		*repeated_names = false;
		bm__seen_init(&seen, field_count);
	}
	uint32_t reached = 0;
	for (uint32_t bucket = 0; bucket < BM_HMF1_HASH_TABLE_SIZE; bucket++) {
		uint32_t head = bm__load32_order(
			data + BM_HMF1_OFF_HASH_TABLE + 4 * bucket, swapped);
		if (head != UINT32_MAX && head >= field_count)
			rc = BM__REFUSE(BM_BAD_VALUE,
			                data + BM_HMF1_OFF_HASH_TABLE + 4 * bucket,
			                "-1 or a field index in the hash table");
		else
			rc = walk_chain(fields, area, head, bucket, swapped, &reached,
			                repeated_names != NULL ? &seen : NULL,
			                repeated_names);
		if (rc != BM_OK)
			break;
	}
	if (repeated_names != NULL)
		bm__seen_free(&seen);
	if (rc != BM_OK)
		return rc;
	if (reached != field_count)
		return BM__REFUSE(BM_BAD_VALUE, data + BM_HMF1_OFF_HASH_TABLE,
		                  "hash chains that reach every field once");
	if (flat_size != NULL)
		*flat_size = total;
	return BM_OK;
}
