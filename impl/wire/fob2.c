/*
 * fob2.c - the Dano/Zeta FOB2 reader (declared in fob2.h): read-only,
 * host byte order.
 *
 * Layout from impl/README.md §6, which follows Haiku's
 * _UnflattenDanoMessage (haiku/haiku:src/kits/app/MessageAdapter.cpp at
 * 47136e7183) and a real Zeta file (tests/data/haiku/dano-*.msg):
 *   section {uint32 code 'FOB2', int32 size of the whole message}
 *   {int32 what, int32 padding}
 *   sections {uint32 code, int32 size incl. these 8 bytes, payload}, each
 *   starting at the previous one's start + pad_to_8(size).
 * Field sections share a prefix {type_code type, int32 word, uint8
 * name_length, name, NUL}; their data starts at pad_to_8(9 + name_length +
 * 1) inside the payload (impl/README.md §6.2 rule 4):
 *   SGDa  word = item size; the item;
 *   FADa  word = size per item; int32 count, 4 bytes padding, the items;
 *   VADa  word unused; int32 count, int32 total size, the items, then
 *         int32 end points[count]; item i spans [pad_to_8(end[i-1]), end[i])
 *         (i = 0 starts at 0).
 * STof, ENwh, DXIn and DDEn carry nothing a reader needs and are skipped,
 * as Haiku does; so are unknown section codes (Haiku's switch ignores them).
 *
 * Checks beyond Haiku's (which bounds items against the whole message with
 * an offset that is off by 8, and loops forever on a section of size 0):
 * a section's size counts its own 8 bytes, so it is >= 8, and padded it
 * must fit in the message; every item lies inside its own section's
 * (unpadded) size; names are 1..255 bytes, NUL-terminated, with no NUL
 * inside; counts are >= 1, items >= 1 byte, VADa end points increase past
 * each previous padded end and stay inside the total size. A field's
 * fixed-size flag follows impl/README.md §6.2 rule 5 (SGDa), FADa is fixed,
 * VADa variable.
 *
 * Statuses: a message or section that does not fit gives BM_NOT_A_MESSAGE;
 * bad values inside a section give BM_BAD_VALUE; a swapped Dano message
 * gives BM_UNSUPPORTED (Haiku's swapped reader does not swap the section
 * headers, and no swapped sample exists to check a reader against).
 */
#include "bytes.h"
#include "fob2.h"
#include "formats.h"
#include "refusal.h"
#include "status.h"

#define DANO_MESSAGE_HEADER 16 /* 'FOB2' section header + what + padding */
#define DANO_SECTION_HEADER 8

#define DANO_SINGLE_ITEM BM_TYPE('S', 'G', 'D', 'a')
#define DANO_FIXED_ARRAY BM_TYPE('F', 'A', 'D', 'a')
#define DANO_VARIABLE_ARRAY BM_TYPE('V', 'A', 'D', 'a')

int
bm__dano_open(struct bm__dano_reader *reader, const void *data, size_t size)
{
	const uint8_t *bytes = data;
	if (reader == NULL || bytes == NULL)
		return BM_NOT_A_MESSAGE;
	if (size < 4)
		return BM__REFUSE(BM_NOT_A_MESSAGE, bytes + size,
		                  "the rest of the magic 'FOB2'");
	uint32_t magic = bm__load32(bytes);
	if (magic == bm__swap32(BM_DANO_MAGIC))
		return BM_UNSUPPORTED;
	if (magic != BM_DANO_MAGIC)
		return BM__REFUSE(BM_NOT_A_MESSAGE, bytes, "the magic 'FOB2'");
	if (size < DANO_MESSAGE_HEADER)
		return BM__REFUSE(BM_NOT_A_MESSAGE, bytes + size,
		                  "the rest of the 16-byte FOB2 header");
	uint32_t total = bm__load32(bytes + 4);
	if (total > (uint32_t)INT32_MAX || total > size ||
	    total < DANO_MESSAGE_HEADER)
		return BM__REFUSE(BM_NOT_A_MESSAGE, bytes + 4,
		                  "a message size covering the header, within "
		                  "the input");
	reader->cursor = bytes + DANO_MESSAGE_HEADER;
	reader->end = bytes + total;
	reader->what = bm__load32(bytes + 8);
	return BM_OK;
}

/* impl/README.md §6.2 rule 5: the types a single item is added as
 * fixed-size. */
static bool
dano_single_is_fixed(bm_type_code type)
{
	switch (type) {
	case BM_TYPE('R', 'E', 'C', 'T'):
	case BM_TYPE('B', 'P', 'N', 'T'):
	case BM_TYPE('B', 'Y', 'T', 'E'):
	case BM_TYPE('S', 'H', 'R', 'T'):
	case BM_TYPE('L', 'O', 'N', 'G'):
	case BM_TYPE('L', 'L', 'N', 'G'):
	case BM_TYPE('B', 'O', 'O', 'L'):
	case BM_TYPE('F', 'L', 'O', 'T'):
	case BM_TYPE('D', 'B', 'L', 'E'):
	case BM_TYPE('P', 'N', 'T', 'R'):
	case BM_TYPE('M', 'S', 'N', 'G'):
		return true;
	default:
		return false;
	}
}

/* Checks the item data of a VADa field: `count` end points after
 * `total_size` bytes of items. */
static int
check_end_points(const uint8_t *end_points, uint32_t count, size_t total_size)
{
	size_t start = 0;
	for (uint32_t i = 0; i < count; i++) {
		uint32_t end = bm__load32(end_points + 4 * (size_t)i);
		if (end <= start || end > total_size)
			return BM__REFUSE(BM_BAD_VALUE, end_points + 4 * (size_t)i,
			                  "an item's end after its start, within "
			                  "the items' total size");
		start = bm__pad8(end);
	}
	return BM_OK;
}

/* Reads the field in a section payload of `size` bytes: rules 4 to 7 of
 * impl/README.md §6.2. */
static int
read_field(bm_type_code code, const uint8_t *payload, size_t size,
           struct bm__dano_field *field)
{
	/* type, size word, name_length, at least one name byte and a NUL */
	if (size < 4 + 4 + 1 + 2)
		return BM__REFUSE(BM_BAD_VALUE, payload, "a section long enough "
		                  "for a field's type, size and name");
	size_t name_len = payload[8];
	if (name_len == 0 || 9 + name_len + 1 > size)
		return BM__REFUSE(BM_BAD_VALUE, payload + 8, "a name length "
		                  "from 1 whose name fits in the section");
	const char *name = (const char *)payload + 9;
	if (name[name_len] != '\0' || memchr(name, '\0', name_len) != NULL)
		return BM__REFUSE(BM_BAD_VALUE, name, "a name with one NUL, at "
		                  "its end");
	size_t data_offset = bm__pad8(9 + name_len + 1);
	if (data_offset > size)
		return BM__REFUSE(BM_BAD_VALUE, payload + size,
		                  "the field's data inside its section");
	size_t room = size - data_offset;
	const uint8_t *data = payload + data_offset;
	uint32_t word = bm__load32(payload + 4);

	field->name = name;
	field->name_len = name_len;
	field->type = bm__load32(payload);
	field->end_points = NULL;
	if (code == DANO_SINGLE_ITEM) {
		if (word == 0 || word > BM_ITEM_MAX || word > room)
			return BM__REFUSE(BM_BAD_VALUE, payload + 4, "an item size "
			                  "from 1 that fits in the section");
		field->fixed_size = dano_single_is_fixed(field->type);
		field->count = 1;
		field->data = data;
		field->item_size = word;
		return BM_OK;
	}

	/* Both arrays: int32 count, then a second word. */
	if (room < 8)
		return BM__REFUSE(BM_BAD_VALUE, data, "an array's count and "
		                  "size inside the section");
	uint32_t count = bm__load32(data);
	uint32_t second = bm__load32(data + 4);
	room -= 8;
	if (count == 0 || count > (uint32_t)BM_COUNT_MAX)
		return BM__REFUSE(BM_BAD_VALUE, data,
		                  "an item count from 1 to BM_COUNT_MAX");
	field->count = count;
	field->data = data + 8;
	if (code == DANO_FIXED_ARRAY) {
		/* `word` is the size per item; `second` is padding. */
		if (word == 0 || word > BM_ITEM_MAX || count > room / word)
			return BM__REFUSE(BM_BAD_VALUE, payload + 4, "an item size "
			                  "from 1 whose items fit in the section");
		field->fixed_size = true;
		field->item_size = word;
		return BM_OK;
	}
	/* VADa: `second` is the total size of the items. */
	size_t total_size = second;
	if (total_size > room || count > (room - total_size) / 4)
		return BM__REFUSE(BM_BAD_VALUE, data + 4, "the items' total "
		                  "size, with their end points, inside the "
		                  "section");
	field->fixed_size = false;
	field->item_size = 0;
	field->end_points = field->data + total_size;
	return check_end_points(field->end_points, count, total_size);
}

int
bm__dano_next(struct bm__dano_reader *reader, struct bm__dano_field *field)
{
	while (reader->cursor < reader->end) {
		const uint8_t *section = reader->cursor;
		size_t left = (size_t)(reader->end - section);
		if (left < DANO_SECTION_HEADER)
			return BM__REFUSE(BM_NOT_A_MESSAGE, section, "a whole "
			                  "8-byte section header before the "
			                  "message's end");
		bm_type_code code = bm__load32(section);
		uint32_t size = bm__load32(section + 4);
		if (size < DANO_SECTION_HEADER || size > (uint32_t)INT32_MAX ||
		    bm__pad8(size) > left)
			return BM__REFUSE(BM_NOT_A_MESSAGE, section + 4,
			                  "a section size from 8 that ends before "
			                  "the message's end");
		reader->cursor = section + bm__pad8(size);
		if (code == DANO_SINGLE_ITEM || code == DANO_FIXED_ARRAY ||
		    code == DANO_VARIABLE_ARRAY) {
			int rc = read_field(code, section + DANO_SECTION_HEADER,
			                    size - DANO_SECTION_HEADER, field);
			if (rc != BM_OK) {
				/* Stay on the bad section: a new call fails too. */
				reader->cursor = section;
				return rc;
			}
			return 1;
		}
	}
	return 0;
}

void
bm__dano_item(const struct bm__dano_field *field, uint32_t index,
              const uint8_t **item, size_t *item_size)
{
	if (field->end_points == NULL) {
		*item = field->data + (size_t)index * field->item_size;
		*item_size = field->item_size;
		return;
	}
	const uint8_t *end = field->end_points + 4 * (size_t)index;
	size_t start = index == 0 ? 0 : bm__pad8(bm__load32(end - 4));
	*item = field->data + start;
	*item_size = bm__load32(end) - start;
}
