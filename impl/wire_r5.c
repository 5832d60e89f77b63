/*
 * wire_r5.c - the FOB1 writer helpers every R5-format backend shares
 * (header with checksum, record headers, padded variable items).
 * Rules from ../shared/docs/bmessage-formats.md §2.2-2.4.
 */
#include "wire.h"

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
