/*
 * fob1.c - the FOB1 helpers every R5-format backend shares: the writer
 * helpers (header with checksum, record headers, padded variable items) and
 * the one validated reader (bm__r5_open / bm__r5_next / bm__r5_next_chunk).
 * Rules from impl/README.md §5.2, impl/README.md §5.3, impl/README.md §5.4
 * and impl/README.md §5.6; what the reader adds is in impl/README.md §7.1.
 */
#include "fob1.h"
#include "formats.h"
#include "refusal.h"

uint32_t
bm__r5_checksum(const uint8_t *bytes, size_t size)
{
	uint32_t sum = 0, rest = 0;
	while (size > 3) {
		sum += ((uint32_t)bytes[0] << 24) | ((uint32_t)bytes[1] << 16) |
		       ((uint32_t)bytes[2] << 8) | (uint32_t)bytes[3];
		bytes += 4;
		size -= 4;
	}
	while (size > 0) {
		rest = (rest << 8) + *bytes++;
		size--;
	}
	return sum + rest;
}

void
bm__r5_write_header(uint8_t *out, uint32_t flattened_size, uint32_t what,
                    uint8_t flags)
{
	bm__store32(out, BM_R5_MAGIC);
	bm__store32(out + 8, flattened_size);
	bm__store32(out + 12, what);
	out[16] = flags;
	/* The checksum covers the header from byte 8 to its end. */
	bm__store32(out + 4, bm__r5_checksum(out + 8, BM_R5_HEADER_SIZE - 8));
}

size_t
bm__r5_record_header_size(uint8_t flags, size_t name_len)
{
	size_t word = (flags & BM_R5_FIELD_MINI) ? 1 : 4;
	size_t count = (flags & BM_R5_FIELD_SINGLE) ? 0 : word;
	return 1 + 4 + count + word + 1 + name_len;
}

static uint8_t *
write_count(uint8_t *out, uint8_t flags, uint32_t value)
{
	if (flags & BM_R5_FIELD_MINI) {
		*out = (uint8_t)value;
		return out + 1;
	}
	bm__store32(out, value);
	return out + 4;
}

uint8_t *
bm__r5_write_record_header(uint8_t *out, uint8_t flags, bm_type_code type,
                           uint32_t count, uint32_t data_size,
                           const char *name, size_t name_len)
{
	*out++ = flags;
	bm__store32(out, type);
	out += 4;
	if (!(flags & BM_R5_FIELD_SINGLE))
		out = write_count(out, flags, count);
	out = write_count(out, flags, data_size);
	*out++ = (uint8_t)name_len;
	memcpy(out, name, name_len);
	return out + name_len;
}

uint8_t *
bm__r5_write_var_item(uint8_t *out, const void *data, size_t size)
{
	size_t total = bm__r5_var_item_size(size);
	bm__store32(out, (uint32_t)size);
	memcpy(out + 4, data, size);
	memset(out + 4 + size, 0, total - 4 - size);
	return out + total;
}

/* --- The shared reader ------------------------------------------------------- */

/*
 * Rules the reader enforces beyond Haiku's _UnflattenR5Message
 * (impl/README.md §5.6), which trusts its input: the checksum is verified
 * (as Message1-3 did, impl/README.md §5.4); the message ends with the
 * terminator at byte flattened_size - 1, so nothing is silently ignored
 * inside the message (bytes after flattened_size in the caller's buffer are
 * not looked at, as Haiku reads only flattened_size); every count, size and
 * name is in range (impl/README.md §5.3); variable chunks add up to the
 * record's size exactly. Unknown flag bits in the header and in records are
 * ignored, as Haiku ignores them. Header flags need not have VALID set:
 * Message1-3 wrote 0x00 on x86 (impl/README.md §5.2).
 *
 * Statuses: bytes that are cut short or point outside the message give
 * BM_NOT_A_MESSAGE; values out of range inside the message give
 * BM_BAD_VALUE.
 */

/* Header size for these header flags: 17, 21, 33 or 37 bytes
 * (impl/README.md §5.2). */
static size_t
r5_header_size(uint8_t flags)
{
	size_t size = BM_R5_HEADER_SIZE;
	if (flags & BM_R5_MESSAGE_INCLUDE_TARGET)
		size += 4;  /* target */
	if (flags & BM_R5_MESSAGE_INCLUDE_REPLY)
		size += 16; /* reply port, target, team; four big flags */
	return size;
}

int
bm__r5_open(struct bm__r5_reader *reader, const void *data, size_t size)
{
	const uint8_t *bytes = data;
	if (reader == NULL || bytes == NULL)
		return BM_NOT_A_MESSAGE;
	if (size < BM_R5_HEADER_SIZE)
		return BM__REFUSE(BM_NOT_A_MESSAGE, bytes + size,
		                  "the rest of the 17-byte FOB1 header");
	bool swapped;
	uint32_t magic = bm__load32(bytes);
	if (magic == BM_R5_MAGIC)
		swapped = false;
	else if (magic == bm__swap32(BM_R5_MAGIC))
		swapped = true;
	else
		return BM__REFUSE(BM_NOT_A_MESSAGE, bytes, "the magic 'FOB1'");

	uint8_t flags = bytes[16];
	size_t header_size = r5_header_size(flags);
	/* flattened_size is an int32 in Be's header: negative is malformed.
	 * It covers the header, the records and the terminator byte. */
	uint32_t flat_size = bm__load32_order(bytes + 8, swapped);
	if (flat_size > (uint32_t)INT32_MAX || flat_size > size ||
	    flat_size < header_size + 1)
		return BM__REFUSE(BM_NOT_A_MESSAGE, bytes + 8,
		                  "a flattened size covering the header and the "
		                  "terminator, within the input");
	/* The checksum reads 4-byte groups big-endian whatever the host, so it
	 * is the same function of the bytes in both orders; only the stored
	 * word is in the writer's order. */
	uint32_t stored = bm__load32_order(bytes + 4, swapped);
	if (stored != bm__r5_checksum(bytes + 8, header_size - 8))
		return BM__REFUSE(BM_NOT_A_MESSAGE, bytes + 4,
		                  "the checksum of the header");

	reader->cursor = bytes + header_size;
	reader->end = bytes + flat_size;
	reader->checks = BM__R5_CHECK_ALL;
	reader->swapped = swapped;
	reader->what = bm__load32_order(bytes + 12, swapped);
	reader->message_flags = flags;
	reader->flat_size = flat_size;
	return BM_OK;
}

/* Reads a count or size word: one byte with MINI, else an int32. */
static uint32_t
read_word(const uint8_t **p, bool mini, bool swapped)
{
	uint32_t value;
	if (mini) {
		value = **p;
		*p += 1;
	} else {
		value = bm__load32_order(*p, swapped);
		*p += 4;
	}
	return value;
}

/* Checks that `data_size` bytes hold exactly `count` chunks of non-empty
 * items, each [int32 size][bytes][padding to 8]. Each chunk takes at least
 * 8 bytes, so the walk ends within data_size / 8 steps. */
static int
check_chunks(const uint8_t *data, size_t data_size, uint32_t count,
             bool swapped)
{
	size_t left = data_size;
	for (uint32_t i = 0; i < count; i++) {
		if (left < 4)
			return BM__REFUSE(BM_BAD_VALUE, data, "another item's size "
			                  "inside the field's data");
		uint32_t item_size = bm__load32_order(data, swapped);
		if (item_size == 0 || item_size > BM_ITEM_MAX)
			return BM__REFUSE(BM_BAD_VALUE, data,
			                  "an item size from 1 to BM_ITEM_MAX");
		size_t step = bm__r5_var_item_size(item_size);
		if (step > left)
			return BM__REFUSE(BM_BAD_VALUE, data, "an item that ends "
			                  "inside the field's data");
		data += step;
		left -= step;
	}
	return left == 0 ? BM_OK
	                 : BM__REFUSE(BM_BAD_VALUE, data, "the end of the "
	                              "field's data after its last item");
}

int
bm__r5_next(struct bm__r5_reader *reader, struct bm__r5_record *record)
{
	const uint8_t *p = reader->cursor;
	/* The terminator's place: every record must end before it. */
	const uint8_t *terminator = reader->end - 1;
	if (p > terminator)
		return BM__REFUSE(BM_NOT_A_MESSAGE, terminator,
		                  "the terminator at the flattened size's end");
	uint8_t flags = *p;
	if (!(flags & BM_R5_FIELD_VALID))
		return p == terminator
		               ? 0
		               : BM__REFUSE(BM_NOT_A_MESSAGE, p,
		                            "a record flagged VALID, or the "
		                            "terminator at the flattened size's "
		                            "end");

	bool mini = (flags & BM_R5_FIELD_MINI) != 0;
	bool single = (flags & BM_R5_FIELD_SINGLE) != 0;
	size_t word = mini ? 1 : 4;
	/* flags, type, [count], size, name_length */
	size_t fixed_part = 1 + 4 + (single ? 0 : word) + word + 1;
	size_t left = (size_t)(terminator - p);
	if (left < fixed_part)
		return BM__REFUSE(BM_NOT_A_MESSAGE, p, "a whole record header "
		                  "before the terminator");
	left -= fixed_part;
	p++;
	bm_type_code type = bm__load32_order(p, reader->swapped);
	p += 4;
	uint32_t count = single ? 1 : read_word(&p, mini, reader->swapped);
	uint32_t data_size = read_word(&p, mini, reader->swapped);
	size_t name_len = *p++;
	/* The refusals below find the words from the record's start: its
	 * flags byte, then the 4-byte type. */
	if (count == 0 || count > (uint32_t)BM_COUNT_MAX)
		return BM__REFUSE(BM_BAD_VALUE, reader->cursor + 5,
		                  "an item count from 1 to BM_COUNT_MAX");
	if (data_size == 0 || data_size > (uint32_t)INT32_MAX)
		return BM__REFUSE(BM_BAD_VALUE, p - 1 - word,
		                  "a data size from 1 to INT32_MAX");
	if (name_len == 0)
		return BM__REFUSE(BM_BAD_VALUE, p - 1, "a name length from 1");
	if (left < name_len)
		return BM__REFUSE(BM_NOT_A_MESSAGE, p, "the field's name "
		                  "before the terminator");
	const char *name = (const char *)p;
	if ((reader->checks & BM__R5_CHECK_NAMES) != 0 &&
	    memchr(name, '\0', name_len) != NULL)
		return BM__REFUSE(BM_BAD_VALUE, memchr(name, '\0', name_len),
		                  "a name without a NUL inside");
	p += name_len;
	left -= name_len;
	if (left < data_size)
		return BM__REFUSE(BM_NOT_A_MESSAGE, p, "the field's data "
		                  "before the terminator");

	if (flags & BM_R5_FIELD_FIXED) {
		/* count items of equal size; data_size >= count follows. */
		if ((reader->checks & BM__R5_CHECK_FIXED) != 0 &&
		    data_size % count != 0)
			return BM__REFUSE(BM_BAD_VALUE, p, "fixed-size data "
			                  "holding a whole number of items");
	} else if ((reader->checks & BM__R5_CHECK_ITEMS) != 0) {
		int rc = check_chunks(p, data_size, count, reader->swapped);
		if (rc != BM_OK)
			return rc;
	}

	record->flags = flags;
	record->type = type;
	record->count = count;
	record->data_size = data_size;
	record->name = name;
	record->name_len = name_len;
	record->data = p;
	reader->cursor = p + data_size;
	return 1;
}

const uint8_t *
bm__r5_next_chunk(const uint8_t *chunk, bool swapped, const uint8_t **item,
                  size_t *item_size)
{
	size_t size = bm__load32_order(chunk, swapped);
	*item = chunk + 4;
	*item_size = size;
	return chunk + bm__r5_var_item_size(size);
}
