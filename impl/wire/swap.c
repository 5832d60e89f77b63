/*
 * swap.c - converting one item of a message written on a host of the
 * other byte order (bm__swap_item, declared in swap.h).
 *
 * The type table follows Haiku's swap_data()
 * (haiku/haiku:src/kits/support/ByteOrder.cpp at 47136e7183), which
 * _UnflattenR5Message applies to swapped items (impl/README.md §5.6):
 * - 16-bit elements: B_INT16_TYPE 'SHRT', B_UINT16_TYPE 'USHT';
 * - 32-bit elements: 'FLOT', 'LONG', 'ULNG', 'SIZT', 'SSZT', 'TIME', 'PNTR',
 *   and 'RECT' (four floats) and 'BPNT' (two floats) element by element;
 * - 64-bit elements: 'DBLE', 'LLNG', 'ULLG', 'OFFT';
 * - 'MSNG': Haiku swaps the three int32 members of a BMessenger (port,
 *   handler token, team), which is 32-bit elements over the 12 bytes;
 * - everything else is copied unchanged: one-byte types ('BOOL', 'CHAR',
 *   'BYTE', 'UBYT', 'RGBC', ...), strings, raw data, refs and nested 'MSGG'
 *   messages (a nested message carries its own magic and is decoded on its
 *   own).
 * Two choices of ours where swap_data is silent or wrong:
 * - 'SIZT', 'SSZT', 'TIME' and 'PNTR' have the host's word size (swap_data
 *   has a ToDo on this and always swaps 32-bit words). An item of exactly
 *   8 bytes of these types is swapped as one 64-bit value, as a 64-bit
 *   big-endian writer (Haiku's sparc port) stored it; any other size as
 *   32-bit words.
 * - swap_data walks whole elements until it reaches the end, so it would
 *   swap past the end of an item whose size is not a multiple of the
 *   element size; here such trailing bytes are copied unchanged.
 */
#include "bytes.h"
#include "swap.h"

/* Bytes per element to reverse for `type`, or 0 to copy the item as is. */
static size_t
element_size(bm_type_code type, size_t size)
{
	switch (type) {
	case BM_TYPE('S', 'H', 'R', 'T'):
	case BM_TYPE('U', 'S', 'H', 'T'):
		return 2;
	case BM_TYPE('S', 'I', 'Z', 'T'):
	case BM_TYPE('S', 'S', 'Z', 'T'):
	case BM_TYPE('T', 'I', 'M', 'E'):
	case BM_TYPE('P', 'N', 'T', 'R'):
		return size == 8 ? 8 : 4;
	case BM_TYPE('F', 'L', 'O', 'T'):
	case BM_TYPE('L', 'O', 'N', 'G'):
	case BM_TYPE('U', 'L', 'N', 'G'):
	case BM_TYPE('R', 'E', 'C', 'T'):
	case BM_TYPE('B', 'P', 'N', 'T'):
	case BM_TYPE('M', 'S', 'N', 'G'):
		return 4;
	case BM_TYPE('D', 'B', 'L', 'E'):
	case BM_TYPE('L', 'L', 'N', 'G'):
	case BM_TYPE('U', 'L', 'L', 'G'):
	case BM_TYPE('O', 'F', 'F', 'T'):
		return 8;
	default:
		return 0;
	}
}

void
bm__swap_item(bm_type_code type, const uint8_t *in, uint8_t *out, size_t size)
{
	size_t width = element_size(type, size);
	size_t swapped_bytes = width != 0 ? size - size % width : 0;
	uint8_t element[8];
	/* Each element is read whole before it is written, so `in` may be
	 * `out` (swapping in place). */
	for (size_t at = 0; at < swapped_bytes; at += width) {
		for (size_t k = 0; k < width; k++)
			element[k] = in[at + width - 1 - k];
		memcpy(out + at, element, width);
	}
	if (size > swapped_bytes && out + swapped_bytes != in + swapped_bytes)
		memmove(out + swapped_bytes, in + swapped_bytes,
		        size - swapped_bytes);
}
