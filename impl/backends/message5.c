/*
 * message5.c - a proposal for today's hardware: Haiku's HMF1 kept as the
 * wire format and as the layout of the fields and data, with one block
 * instead of three, geometric growth, and two indexes the design builds
 * when a read first needs them. impl/README.md §2.9 describes the design
 * in full; this comment names its sources and its deliberate choices.
 *
 * Sources: HMF1 and the algorithms of today's Haiku BMessage
 * (haiku/haiku:src/kits/app/Message.cpp and
 * headers/private/app/MessagePrivate.h at 47136e7183; impl/README.md §4),
 * as message4.c re-creates them. A message built by the same adds writes
 * Message4's bytes, and Unflatten reads them natively.
 *
 * Deliberate choices:
 * - The header lives in the message object; field headers and data share
 *   one block with room to grow in each, and the first block (8 fields,
 *   256 data bytes) is part of the object.
 * - Both parts grow by doubling, not by Message4's 40 KiB steps.
 * - A name index, built by the first lookup past MESSAGE5_LINEAR_MAX
 *   fields, and an offset index per variable-size field, built by the first
 *   read at or past MESSAGE5_WALK_MAX; the adds keep both up to date, a
 *   failed allocation makes a read walk instead, and nothing is keyed by a
 *   caller's pointer.
 * - Unflatten checks what Haiku's checks, made exact; the rest is checked
 *   by the read that reaches it, and size prefixes only in a message that
 *   was unflattened.
 * - What each choice measured: results/measurements.md.
 */
#include "alloc.h"
#include "bytes.h"
#include "descriptor.h"
#include "hmf1.h"
#include "names.h"
#include "status.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Which way a branch of a find's variable-size path goes most often: GCC
 * lays that way out without a taken jump. It is the way of a message with
 * no offset index, built by adds (a walk of unchecked prefixes); the other
 * ways pay one taken jump more (what it measured: results/measurements.md). */
#if defined(__GNUC__)
#define MESSAGE5_LIKELY(x) __builtin_expect(!!(x), 1)
#define MESSAGE5_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define MESSAGE5_LIKELY(x) (x)
#define MESSAGE5_UNLIKELY(x) (x)
#endif

/* impl/README.md §4.1 */
#define MESSAGE5_HASH_TABLE_SIZE BM_HMF1_HASH_TABLE_SIZE /* 5 */
/* Messages with at most this many fields are searched without the name
 * index: comparing a few name lengths costs less than hashing the name. */
#define MESSAGE5_LINEAR_MAX 8u
/* Items before this one are found by walking the size prefixes; reading
 * one at or past it builds the field's offset index. */
#define MESSAGE5_WALK_MAX 8u
/* The first sizes of the block's two parts (448 bytes in all): room for
 * the messages Haiku sends most, input events and replies of up to 8
 * fields and 256 bytes of names and items, without growing. Chosen over 4
 * and 64 on the real rows (results/measurements.md); a small message holds
 * 288 bytes more. */
#define MESSAGE5_FIRST_FIELDS 8u
#define MESSAGE5_FIRST_DATA 256u
/* The first block is part of the message object (impl/README.md §2.9):
 * a message that fits it costs one allocation. */
#define MESSAGE5_FIRST_BYTES (MESSAGE5_FIRST_FIELDS * BM_HMF1_FIELD_HEADER_SIZE + \
                              MESSAGE5_FIRST_DATA)

/* The offsets of one variable-size field's items, from its first item. */
struct message5_offsets {
	uint32_t *at;           /* at[i]: item i's size prefix */
	uint32_t count;         /* items indexed (the field's count) */
	uint32_t capacity;
};

struct message5 {
	bm_message base;
	struct bm__hmf1_header header;
	/* What a find reads comes first, after the header's field_count.
	 * [field_capacity field headers][data_capacity bytes]: `first`, or
	 * an allocation of its own once the message outgrows it. */
	uint8_t *block;
	/* block + field_capacity field headers: where the data area starts,
	 * kept so that a read need not compute it. */
	uint8_t *data;
	/* One per field slot, for variable-size fields; NULL when none. */
	struct message5_offsets *offsets;
	/* Whether the data may hold bytes no add wrote (set by Unflatten,
	 * cleared by MakeEmpty): only then do reads check each size prefix
	 * they walk, since the adds write only well-formed items. */
	bool unflattened;
	bool tails_known;
	uint32_t field_capacity;
	uint32_t data_capacity;
	/* The first block, right after them, so that a small message's
	 * field headers follow the members a find reads. */
	_Alignas(8) uint8_t first[MESSAGE5_FIRST_BYTES];
	/* The tail of each bucket's chain; valid when tails_known. */
	int32_t tails[MESSAGE5_HASH_TABLE_SIZE];
	/* The name index: slot = field index + 1, 0 empty; NULL when not
	 * built. Its hashes are Haiku's, kept beside the slots. */
	uint32_t *slots;
	uint32_t *slot_hashes;
	uint32_t slot_mask;
	uint32_t slot_shift;    /* 32 - log2(slots) */
};

static struct message5 *
message5_cast(bm_message *msg)
{
	return (struct message5 *)msg;
}

/* The reads build indexes: they keep the message's content, so the
 * message is logically const. */
static struct message5 *
message5_cast_const(const bm_message *msg)
{
	return (struct message5 *)(uintptr_t)msg;
}

static struct bm__hmf1_field *
message5_fields(const struct message5 *m)
{
	return (struct bm__hmf1_field *)(void *)m->block;
}

static uint8_t *
message5_data(const struct message5 *m)
{
	return m->data;
}

/* Takes `block` as the message's, with room for `field_capacity` field
 * headers and then `data_capacity` bytes. */
static void
message5_set_block(struct message5 *m, uint8_t *block,
                   uint32_t field_capacity, uint32_t data_capacity)
{
	m->block = block;
	m->field_capacity = field_capacity;
	m->data_capacity = data_capacity;
	m->data = block + (size_t)field_capacity * sizeof(struct bm__hmf1_field);
}

/* The items of `field`: after its name in the data area. */
static inline const uint8_t *
message5_field_items(const struct message5 *m,
                     const struct bm__hmf1_field *field)
{
	return message5_data(m) + field->offset + field->name_length;
}

/* Gives back `block`, unless it is the first (part of the object). */
static void
message5_free_block(struct message5 *m, uint8_t *block)
{
	if (block != m->first)
		bm_free(block);
}

/* --- Header --------------------------------------------------------- */


/* --- Indexes -------------------------------------------------------- */

static void
message5_drop_offsets(struct message5 *m)
{
	if (m->offsets == NULL)
		return;
	for (uint32_t i = 0; i < m->field_capacity; i++)
		bm_free(m->offsets[i].at);
	bm_free(m->offsets);
	m->offsets = NULL;
}

static void
message5_drop_indexes(struct message5 *m)
{
	bm_free(m->slots);
	bm_free(m->slot_hashes);
	m->slots = NULL;
	m->slot_hashes = NULL;
	m->slot_mask = 0;
	message5_drop_offsets(m);
	m->tails_known = false;
}

/* Whether `length` bytes at a and b are equal (a name and its NUL; an
 * unflattened name_length may be 0 or 1): up to 16 bytes by two loads
 * from each side that overlap in the middle (the first and the last 2, 4
 * or 8 bytes: no loop), longer ones eight bytes at a time before that.
 * memcpy: the names are unaligned. */
static inline bool
message5_same_name(const uint8_t *a, const char *b, size_t length)
{
	if (length >= 8) {
		/* Past 16 bytes, whole words first (no call to memcmp in
		 * the walk of a find). */
		for (; length > 16; a += 8, b += 8, length -= 8) {
			uint64_t x, y;
			memcpy(&x, a, 8);
			memcpy(&y, b, 8);
			if (x != y)
				return false;
		}
		uint64_t a0, a1, b0, b1;
		memcpy(&a0, a, 8);
		memcpy(&b0, b, 8);
		memcpy(&a1, a + length - 8, 8);
		memcpy(&b1, b + length - 8, 8);
		return ((a0 ^ b0) | (a1 ^ b1)) == 0;
	}
	if (length >= 4) {
		uint32_t a0, a1, b0, b1;
		memcpy(&a0, a, 4);
		memcpy(&b0, b, 4);
		memcpy(&a1, a + length - 4, 4);
		memcpy(&b1, b + length - 4, 4);
		return ((a0 ^ b0) | (a1 ^ b1)) == 0;
	}
	if (length < 2) /* an unflattened name_length of 0 or 1 */
		return length == 0 || a[0] == (uint8_t)b[0];
	uint16_t a0, a1, b0, b1;
	memcpy(&a0, a, 2);
	memcpy(&b0, b, 2);
	memcpy(&a1, a + length - 2, 2);
	memcpy(&b1, b + length - 2, 2);
	return ((a0 ^ b0) | (a1 ^ b1)) == 0;
}

/* The first slot of a name: Haiku's hash keeps the bits of the last
 * characters low (names that differ in a digit differ in four bits), so
 * its product with 2^32 / phi spreads them, the top bits taken. */
static uint32_t
message5_home_slot(const struct message5 *m, uint32_t hash)
{
	return (uint32_t)(hash * UINT32_C(0x9e3779b1)) >> m->slot_shift;
}

/* Puts field `index` (name hash `hash`) into the name index, unless a
 * field of the same name is there already (a repeated name: the first
 * stays). */
static void
message5_index_insert(struct message5 *m, uint32_t index, uint32_t hash)
{
	const struct bm__hmf1_field *fields = message5_fields(m);
	const uint8_t *data = message5_data(m);
	const struct bm__hmf1_field *field = &fields[index];
	uint32_t slot = message5_home_slot(m, hash);
	while (m->slots[slot] != 0) {
		const struct bm__hmf1_field *other = &fields[m->slots[slot] - 1];
		if (m->slot_hashes[slot] == hash &&
		    other->name_length == field->name_length &&
		    message5_same_name(data + other->offset,
		                       (const char *)data + field->offset,
		                       field->name_length))
			return;
		slot = (slot + 1) & m->slot_mask;
	}
	m->slots[slot] = index + 1;
	m->slot_hashes[slot] = hash;
}

/* Sizes the name index for `fields` fields (at most half full) and fills
 * it from the field headers. False when out of memory (no index then). */
static bool
message5_build_index(struct message5 *m, uint32_t fields)
{
	uint32_t size = 16, shift = 28;
	while (size < fields * 2 && size < (UINT32_C(1) << 31)) {
		size *= 2;
		shift--;
	}
	uint32_t *slots = bm_malloc((size_t)size * sizeof *slots);
	uint32_t *hashes = bm_malloc((size_t)size * sizeof *hashes);
	if (slots == NULL || hashes == NULL) {
		bm_free(slots);
		bm_free(hashes);
		return false;
	}
	memset(slots, 0, (size_t)size * sizeof *slots);
	bm_free(m->slots);
	bm_free(m->slot_hashes);
	m->slots = slots;
	m->slot_hashes = hashes;
	m->slot_mask = size - 1;
	m->slot_shift = shift;
	const struct bm__hmf1_field *field = message5_fields(m);
	const uint8_t *data = message5_data(m);
	for (uint32_t i = 0; i < m->header.field_count; i++, field++) {
		const char *name = (const char *)data + field->offset;
		/* An unflattened field may have a name_length of 0: no
		 * lookup can match it, and it is hashed as the empty name. */
		size_t length = field->name_length > 0
		                        ? (size_t)field->name_length - 1
		                        : 0;
		message5_index_insert(m, i, bm__hash_name(name, length));
	}
	return true;
}

/* The first of fields[0..count) called name (stored_length bytes with its
 * NUL), or -1: the walk of a message of few fields. */
static inline int32_t
message5_walk(const struct message5 *m, const char *name,
              size_t stored_length, uint32_t count)
{
	const struct bm__hmf1_field *fields = message5_fields(m);
	const uint8_t *data = message5_data(m);
	for (uint32_t i = 0; i < count; i++) {
		const struct bm__hmf1_field *field = &fields[i];
		if (field->name_length == stored_length &&
		    message5_same_name(data + field->offset, name, stored_length))
			return (int32_t)i;
	}
	return -1;
}

/* message5_walk as a pointer to the field header, NULL for none: what a
 * find uses, with no index to turn back into an address. The loop is
 * message5_walk's written again on purpose: deriving either walk from the
 * other cost the adds (an index from a pointer) or the finds (a pointer
 * from an index) instructions on every call (results/measurements.md). */
static inline const struct bm__hmf1_field *
message5_walk_field(const struct message5 *m, const char *name,
                    size_t stored_length, uint32_t count)
{
	if (count == 0)
		return NULL; /* tested first, GCC enters the loop at its body,
		              * which saves instructions on every find */
	const struct bm__hmf1_field *field = message5_fields(m);
	const struct bm__hmf1_field *end = field + count;
	const uint8_t *data = message5_data(m);
	for (; field != end; field++) {
		if (field->name_length == stored_length &&
		    message5_same_name(data + field->offset, name, stored_length))
			return field;
	}
	return NULL;
}

/* message5_lookup past MESSAGE5_LINEAR_MAX fields: through the name index,
 * built here when there is none yet; a walk when it cannot be built, or
 * -2 when `need_index`. */
static inline int32_t
message5_search(struct message5 *m, const char *name, size_t name_len,
                bool need_index)
{
	uint32_t count = m->header.field_count;
	size_t stored_length = name_len + 1;
	if (m->slots == NULL && !message5_build_index(m, count))
		return need_index ? -2 : message5_walk(m, name, stored_length,
		                                       count);
	const struct bm__hmf1_field *fields = message5_fields(m);
	const uint8_t *data = message5_data(m);
	uint32_t hash = bm__hash_name(name, name_len);
	uint32_t slot = message5_home_slot(m, hash);
	while (m->slots[slot] != 0) {
		uint32_t index = m->slots[slot] - 1;
		const struct bm__hmf1_field *field = &fields[index];
		if (m->slot_hashes[slot] == hash &&
		    field->name_length == stored_length &&
		    message5_same_name(data + field->offset, name, stored_length))
			return (int32_t)index;
		slot = (slot + 1) & m->slot_mask;
	}
	return -1;
}

/* The same out of line, for the adds and get_info: the walk of small
 * messages is what they inline. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int32_t
message5_lookup_indexed(struct message5 *m, const char *name,
                        size_t name_len, bool need_index)
{
	return message5_search(m, name, name_len, need_index);
}

/* The index of field `name` (the first of that name), or -1; -2 when
 * `need_index` and the name index could not be built (a read passes
 * false: it walks instead, and never fails for memory). The stored name
 * holds its NUL, and so does the caller's: one compare of name_len + 1
 * bytes is exact. */
static inline int32_t
message5_lookup(struct message5 *m, const char *name, size_t name_len,
                bool need_index)
{
	uint32_t count = m->header.field_count;
	if (count <= MESSAGE5_LINEAR_MAX)
		return message5_walk(m, name, name_len + 1, count);
	return message5_lookup_indexed(m, name, name_len, need_index);
}

/* The tails of the bucket chains, walked once (bounded by the field
 * count: a chain of an unflattened message may loop). */
static void
message5_find_tails(struct message5 *m)
{
	const struct bm__hmf1_field *fields = message5_fields(m);
	uint32_t count = m->header.field_count;
	for (uint32_t b = 0; b < MESSAGE5_HASH_TABLE_SIZE; b++) {
		int32_t tail = -1, next = b < m->header.hash_table_size
		                                  ? m->header.hash_table[b]
		                                  : -1;
		for (uint32_t steps = 0; next >= 0 && steps < count; steps++) {
			tail = next;
			next = fields[next].next_field;
		}
		m->tails[b] = tail;
	}
	m->tails_known = true;
}

/*
 * Builds the offset index of variable-size field `index`: walks its items
 * once, checking each against the field's data. Returns BM_OK, BM_BAD_DATA
 * (an item runs past the field), or BM_NO_MEMORY (no index; the caller
 * walks).
 */
static int
message5_build_offsets(struct message5 *m, uint32_t index)
{
	const struct bm__hmf1_field *field = &message5_fields(m)[index];
	/* Each item has its size prefix: a count the data cannot hold is
	 * malformed, and must not size the index. */
	if (field->count > field->data_size / sizeof(uint32_t))
		return BM_BAD_DATA;
	if (m->offsets == NULL) {
		m->offsets = bm_malloc((size_t)m->field_capacity *
		                       sizeof *m->offsets);
		if (m->offsets == NULL)
			return BM_NO_MEMORY;
		memset(m->offsets, 0,
		       (size_t)m->field_capacity * sizeof *m->offsets);
	}
	struct message5_offsets *offsets = &m->offsets[index];
	uint32_t capacity = field->count;
	uint32_t *at = bm_malloc((size_t)capacity * sizeof *at);
	if (at == NULL)
		return BM_NO_MEMORY;
	const uint8_t *items = message5_field_items(m, field);
	uint32_t position = 0;
	for (uint32_t i = 0; i < field->count; i++) {
		if (field->data_size - position < sizeof(uint32_t) ||
		    bm__load32(items + position) >
		            field->data_size - position - sizeof(uint32_t)) {
			bm_free(at);
			return BM_BAD_DATA;
		}
		at[i] = position;
		position += (uint32_t)sizeof(uint32_t) + bm__load32(items + position);
	}
	bm_free(offsets->at);
	offsets->at = at;
	offsets->count = field->count;
	offsets->capacity = capacity;
	return BM_OK;
}

/* --- The block ------------------------------------------------------ */

/*
 * Makes room for `fields` more field headers and `bytes` more data bytes:
 * doubles each part that is too small (the data part moves up when the
 * field part grows). Returns BM_OK or BM_NO_MEMORY with nothing changed.
 */
static int
message5_reserve(struct message5 *m, uint32_t fields, uint32_t bytes)
{
	uint64_t field_need = (uint64_t)m->header.field_count + fields;
	uint64_t data_need = (uint64_t)m->header.data_size + bytes;
	uint32_t data_size = m->header.data_size;
	uint64_t field_capacity = m->field_capacity;
	uint64_t data_capacity = m->data_capacity;
	/* Doubling, but never past what the format can hold (the caller
	 * checked that the need fits). */
	const uint64_t field_limit = BM_FLAT_MAX / sizeof(struct bm__hmf1_field);
	if (field_need > field_capacity) {
		field_capacity = field_capacity > 0 ? field_capacity * 2
		                                    : MESSAGE5_FIRST_FIELDS;
		if (field_capacity > field_limit)
			field_capacity = field_limit;
		if (field_capacity < field_need)
			field_capacity = field_need;
	}
	if (data_need > data_capacity) {
		data_capacity = data_capacity > 0 ? data_capacity * 2
		                                  : MESSAGE5_FIRST_DATA;
		if (data_capacity > BM_FLAT_MAX)
			data_capacity = BM_FLAT_MAX;
		if (data_capacity < data_need)
			data_capacity = data_need;
	}
	if (field_capacity == m->field_capacity &&
	    data_capacity == m->data_capacity)
		return BM_OK;
	size_t size = (size_t)field_capacity * sizeof(struct bm__hmf1_field) +
	              (size_t)data_capacity;
	struct message5_offsets *offsets = m->offsets;
	if (offsets != NULL && field_capacity > m->field_capacity) {
		offsets = bm_realloc(m->offsets, (size_t)field_capacity *
		                                         sizeof *offsets);
		if (offsets == NULL)
			return BM_NO_MEMORY;
		memset(offsets + m->field_capacity, 0,
		       (size_t)(field_capacity - m->field_capacity) *
		               sizeof *offsets);
		m->offsets = offsets;
	}
	uint8_t *block = m->block;
	if (block != m->first) {
		block = bm_realloc(block, size);
		if (block == NULL)
			return BM_NO_MEMORY;
	} else if (size > sizeof m->first) {
		/* Out of the first block: both parts copied to their places
		 * in the new one. */
		const uint8_t *first_data = m->data;
		if ((block = bm_malloc(size)) == NULL)
			return BM_NO_MEMORY;
		memcpy(block, m->first, (size_t)m->header.field_count *
		                                sizeof(struct bm__hmf1_field));
		message5_set_block(m, block, (uint32_t)field_capacity,
		                   (uint32_t)data_capacity);
		if (data_size > 0)
			memcpy(m->data, first_data, data_size);
		return BM_OK;
	}
	if (field_capacity > m->field_capacity && data_size > 0)
		memmove(block + (size_t)field_capacity *
		                        sizeof(struct bm__hmf1_field),
		        block + (size_t)m->field_capacity *
		                        sizeof(struct bm__hmf1_field),
		        data_size);
	message5_set_block(m, block, (uint32_t)field_capacity,
	                   (uint32_t)data_capacity);
	return BM_OK;
}

/* Inserts `change` bytes of room at data offset `offset` (at most
 * data_size), moving the tail up and shifting the offsets of the fields
 * stored after it. Room was reserved. */
static void
message5_open_gap(struct message5 *m, uint32_t offset, uint32_t change)
{
	uint32_t data_size = m->header.data_size;
	if (offset < data_size) {
		uint8_t *data = message5_data(m);
		memmove(data + offset + change, data + offset, data_size - offset);
		struct bm__hmf1_field *field = message5_fields(m);
		for (uint32_t i = 0; i < m->header.field_count; i++, field++) {
			if (field->offset >= offset)
				field->offset += change;
		}
	}
	m->header.data_size = data_size + change;
}

/* --- The slots ------------------------------------------------------ */

/* No field: every chain is empty. */
static void
message5_clear_tails(struct message5 *m)
{
	for (uint32_t b = 0; b < MESSAGE5_HASH_TABLE_SIZE; b++)
		m->tails[b] = -1;
	m->tails_known = true;
}

/* The item size of fixed-size `field` (count > 0): its data size over its
 * count, as Haiku's BMessage takes it. */
static inline size_t
message5_fixed_item_size(const struct bm__hmf1_field *field)
{
	return field->count == 1 ? field->data_size
	                         : field->data_size / field->count;
}

/* Whether `size` is that size: the product first, exact for every field
 * the adds built, so that an add need not divide. */
static inline bool
message5_fixed_item_size_is(const struct bm__hmf1_field *field, size_t size)
{
	return (uint64_t)field->count * size == field->data_size ||
	       message5_fixed_item_size(field) == size;
}

/* The first block, a fresh header and no chains, and nothing unflattened:
 * what a new message and an emptied one hold (their indexes aside). */
static void
message5_set_empty(struct message5 *m)
{
	message5_set_block(m, m->first, MESSAGE5_FIRST_FIELDS,
	                   MESSAGE5_FIRST_DATA);
	bm__hmf1_init_header(&m->header, m->base.what);
	message5_clear_tails(m);
	m->unflattened = false;
}

static int
message5_create(bm_message **out)
{
	struct message5 *m = bm_malloc(sizeof *m);
	if (m == NULL)
		return BM_NO_MEMORY;
	/* Member by member: gcc compiles a memset of the whole object to a
	 * `rep stos`, whose start-up cost showed on a Send row
	 * (results/measurements.md). */
	m->base = (bm_message){0};
	message5_set_empty(m);
	m->slots = NULL;
	m->slot_hashes = NULL;
	m->slot_mask = 0;
	m->slot_shift = 0;
	m->offsets = NULL;
	*out = &m->base;
	return BM_OK;
}

static void
message5_destroy(bm_message *msg)
{
	struct message5 *m = message5_cast(msg);
	message5_drop_indexes(m);
	message5_free_block(m, m->block);
	bm_free(m);
}

static void
message5_make_empty(bm_message *msg)
{
	struct message5 *m = message5_cast(msg);
	message5_drop_indexes(m);
	message5_free_block(m, m->block);
	message5_set_empty(m);
}

/* Appends field `name` (no items yet): its header, its name at the end of
 * the data, its link at the tail of its bucket's chain, its name index
 * entry. Room was reserved, in the block and in the index. */
static uint32_t
message5_append_field(struct message5 *m, const char *name, size_t name_len,
                      bm_type_code type, bool fixed_size)
{
	struct bm__hmf1_header *header = &m->header;
	uint32_t index = header->field_count;
	uint32_t offset = header->data_size;
	uint16_t name_length = (uint16_t)(name_len + 1);
	memcpy(message5_data(m) + offset, name, name_length);
	header->data_size = offset + name_length;

	if (!m->tails_known)
		message5_find_tails(m);
	uint32_t hash = bm__hash_name(name, name_len);
	uint32_t bucket = hash % header->hash_table_size;
	if (m->tails[bucket] < 0)
		header->hash_table[bucket] = (int32_t)index;
	else
		message5_fields(m)[m->tails[bucket]].next_field = (int32_t)index;
	m->tails[bucket] = (int32_t)index;

	struct bm__hmf1_field *field = &message5_fields(m)[index];
	bm__hmf1_init_field(field, name_length, type, fixed_size, offset);
	header->field_count = index + 1;
	if (m->slots != NULL)
		message5_index_insert(m, index, hash);
	return index;
}

/* The end of an add, once every check passed and every allocation
 * succeeded: the item at the end of `field`'s data (`change` bytes with
 * its size prefix), and in the field's offset index when it has one.
 * Nothing fails from here. */
static void
message5_store_item(struct message5 *m, struct bm__hmf1_field *field,
                    struct message5_offsets *offsets, const void *data,
                    size_t size, bool fixed, uint32_t change)
{
	uint32_t offset = field->offset + field->name_length + field->data_size;
	message5_open_gap(m, offset, change);
	uint8_t *at = message5_data(m) + offset;
	if (fixed) {
		memcpy(at, data, size);
	} else {
		bm__store32(at, (uint32_t)size);
		memcpy(at + sizeof(uint32_t), data, size);
		if (offsets != NULL && offsets->at != NULL)
			offsets->at[offsets->count++] = field->data_size;
	}
	field->data_size += change;
	field->count++;
}

static int
message5_add_data(bm_message *msg, const char *name, size_t name_len,
                  bm_type_code type, const void *data, size_t size,
                  bool fixed_size)
{
	struct message5 *m = message5_cast(msg);
	struct bm__hmf1_header *header = &m->header;
	/* An add needs the index (a message of many fields would be built
	 * in quadratic time without it), so it fails for memory there. */
	int32_t found = message5_lookup(m, name, name_len, true);
	if (found == -2)
		return BM_NO_MEMORY;
	struct bm__hmf1_field *field =
		found >= 0 ? &message5_fields(m)[found] : NULL;
	if (field != NULL && type != BM_ANY_TYPE && field->type != type)
		return BM_BAD_TYPE;
	bool fixed = field != NULL ? (field->flags & BM_HMF1_FIELD_FIXED) != 0
	                           : fixed_size;
	if (field != NULL && fixed && field->count > 0 &&
	    !message5_fixed_item_size_is(field, size))
		return BM_BAD_VALUE;

	/* The 32-bit sizes of the format, checked before any change. */
	uint64_t change = (uint64_t)size + (fixed ? 0 : sizeof(uint32_t));
	uint64_t added = change + (field == NULL ? (uint64_t)name_len + 1 : 0);
	uint64_t flat = bm__hmf1_flat_size(header) + added +
	                (field == NULL ? BM_HMF1_FIELD_HEADER_SIZE : 0);
	if (flat > BM_FLAT_MAX)
		return BM_TOO_LARGE;
	if (field == NULL ? header->field_count >= (uint32_t)BM_COUNT_MAX
	                  : field->count >= (uint32_t)BM_COUNT_MAX)
		return BM_TOO_LARGE;

	/* Every allocation before the first change. The indexes first: they
	 * change nothing a read sees, and a failure leaves the message with
	 * its blocks. Then the block, last, since leaving the first block
	 * takes one more allocation (the block may move). */
	uint32_t index = field != NULL ? (uint32_t)found : header->field_count;
	if (field == NULL && m->slots != NULL &&
	    ((uint64_t)header->field_count + 1) * 2 > (uint64_t)m->slot_mask + 1 &&
	    !message5_build_index(m, header->field_count + 1))
		return BM_NO_MEMORY; /* the name index would be over half full */
	struct message5_offsets *offsets =
		m->offsets != NULL && field != NULL ? &m->offsets[index] : NULL;
	if (offsets != NULL && offsets->at != NULL &&
	    offsets->count == offsets->capacity) {
		uint32_t capacity = offsets->capacity * 2 + 1;
		uint32_t *at = bm_realloc(offsets->at,
		                          (size_t)capacity * sizeof *at);
		if (at == NULL)
			return BM_NO_MEMORY;
		offsets->at = at;
		offsets->capacity = capacity;
	}
	/* A new field grows the field part only, so `offsets` (one of an
	 * existing field) stays where it is. */
	int rc = message5_reserve(m, field == NULL ? 1 : 0, (uint32_t)added);
	if (rc != BM_OK)
		return rc;
	if (field != NULL)
		field = &message5_fields(m)[index];

	if (field == NULL) {
		index = message5_append_field(m, name, name_len, type, fixed_size);
		field = &message5_fields(m)[index];
	}
	message5_store_item(m, field, offsets, data, size, fixed,
	                    (uint32_t)change);
	return BM_OK;
}

/* The size prefix of item `index` of a variable-size field whose items
 * are the `end` bytes at `items`, by walking the prefixes before it. With
 * `check` (an unflattened message), each is checked against the field's
 * data, BM_BAD_DATA when one runs past it; without, they were written by
 * the adds, and index < count (checked by the caller) keeps the walk
 * inside the field. */
static inline int
message5_walk_items(const uint8_t *items, uint32_t end, uint32_t index,
                    uint32_t *position, bool check)
{
	uint32_t at = 0;
	if (!check) {
		for (uint32_t i = 0; i < index; i++)
			at += (uint32_t)sizeof(uint32_t) + bm__load32(items + at);
		*position = at;
		return BM_OK;
	}
	for (uint32_t i = 0;; i++) {
		if (end - at < sizeof(uint32_t) ||
		    bm__load32(items + at) > end - at - sizeof(uint32_t))
			return BM_BAD_DATA;
		if (i == index)
			break;
		at += (uint32_t)sizeof(uint32_t) + bm__load32(items + at);
	}
	*position = at;
	return BM_OK;
}

/* The number of `field`, a header of the message's. */
static inline uint32_t
message5_field_number(const struct message5 *m,
                      const struct bm__hmf1_field *field)
{
	return (uint32_t)(field - message5_fields(m));
}

/* The items of field `field_index`, and their size. */
static inline const uint8_t *
message5_items(const struct message5 *m, uint32_t field_index, uint32_t *end)
{
	const struct bm__hmf1_field *field = &message5_fields(m)[field_index];
	*end = field->data_size;
	return message5_field_items(m, field);
}

/* The offset of item `index` from the field's offset index, when it has
 * one that is up to date (checked when it was built). */
static inline bool
message5_indexed_offset(const struct message5 *m, uint32_t field_index,
                        uint32_t index, uint32_t *position)
{
	if (m->offsets == NULL)
		return false;
	const struct message5_offsets *offsets = &m->offsets[field_index];
	if (offsets->at == NULL ||
	    offsets->count != message5_fields(m)[field_index].count)
		return false;
	*position = offsets->at[index];
	return true;
}

/* Item `index` (at or past MESSAGE5_WALK_MAX) of a variable-size field
 * without an offset index: builds it, or walks when it cannot be had. Out
 * of line: what building needs would make every walk save registers. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int
message5_variable_item_far(struct message5 *m, uint32_t field_index,
                           uint32_t index, const void **data, size_t *size)
{
	int rc = message5_build_offsets(m, field_index);
	if (rc == BM_BAD_DATA)
		return rc;
	uint32_t end, position;
	const uint8_t *items = message5_items(m, field_index, &end);
	if (!message5_indexed_offset(m, field_index, index, &position) &&
	    message5_walk_items(items, end, index, &position,
	                        m->unflattened) != BM_OK)
		return BM_BAD_DATA;
	*data = items + position + sizeof(uint32_t);
	*size = bm__load32(items + position);
	return BM_OK;
}

/* Finds item `index` of variable-size `field`: by its offset index when it
 * has one; by walking the size prefixes when the item is one of the first
 * few; past them, message5_variable_item_far builds the index. In an
 * unflattened message every size is checked against the field's data
 * (BM_BAD_DATA); the index is checked when it is built. Inlined into
 * find_data, whose walk already saves every register this needs; the
 * field's number is worked out only where an index needs it. */
static inline int
message5_variable_item(struct message5 *m, const struct bm__hmf1_field *field,
                       uint32_t index, const void **data, size_t *size)
{
	uint32_t end = field->data_size, position;
	const uint8_t *items = message5_field_items(m, field);
	if (MESSAGE5_LIKELY(m->offsets == NULL) ||
	    !message5_indexed_offset(m, message5_field_number(m, field), index,
	                             &position)) {
		if (index >= MESSAGE5_WALK_MAX)
			return message5_variable_item_far(
			        m, message5_field_number(m, field), index, data,
			        size);
		if (message5_walk_items(items, end, index, &position,
		                        MESSAGE5_UNLIKELY(m->unflattened)) != BM_OK)
			return BM_BAD_DATA;
	}
	*data = items + position + sizeof(uint32_t);
	*size = bm__load32(items + position);
	return BM_OK;
}

/* Item `index` of `field` (NULL: none) as find_data gives it. */
static inline int
message5_item(struct message5 *m, const struct bm__hmf1_field *field,
              bm_type_code type, int32_t index, const void **data,
              size_t *size)
{
	if (field == NULL)
		return BM_NAME_NOT_FOUND;
	if (type != BM_ANY_TYPE && field->type != type)
		return BM_BAD_TYPE;
	/* bm_find_data refused index < 0: one unsigned compare. */
	if ((uint32_t)index >= field->count)
		return BM_BAD_INDEX;
	if ((field->flags & BM_HMF1_FIELD_FIXED) == 0)
		return message5_variable_item(m, field, (uint32_t)index, data,
		                              size);
	/* Fixed items by arithmetic; they lie inside the field's data (its
	 * bounds were checked by Unflatten, and bytes * count <= data_size). */
	size_t bytes = message5_fixed_item_size(field);
	if (bytes == 0)
		return BM_BAD_DATA; /* more items than bytes: unflattened input */
	*data = message5_field_items(m, field) + (size_t)index * bytes;
	*size = bytes;
	return BM_OK;
}

/* find_data past MESSAGE5_LINEAR_MAX fields, through the name index. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int
message5_find_data_indexed(struct message5 *m, const char *name,
                           size_t name_len, bm_type_code type, int32_t index,
                           const void **data, size_t *size)
{
	int32_t found = message5_search(m, name, name_len, false);
	return message5_item(m, found >= 0 ? &message5_fields(m)[found] : NULL,
	                     type, index, data, size);
}

/* A message of few fields is walked here, with no call on the way to an
 * item (but the first read of a variable-size item past the first few,
 * which builds its offset index); larger messages go through the name
 * index, a tail call. (GCC still saves six registers on entry: the walk
 * and the arguments kept for the item need more than the scratch
 * registers.) */
static int
message5_find_data(const bm_message *msg, const char *name, size_t name_len,
                   bm_type_code type, int32_t index, const void **data,
                   size_t *size)
{
	struct message5 *m = message5_cast_const(msg);
	uint32_t count = m->header.field_count;
	if (count > MESSAGE5_LINEAR_MAX)
		return message5_find_data_indexed(m, name, name_len, type, index,
		                                  data, size);
	return message5_item(m, message5_walk_field(m, name, name_len + 1, count),
	                     type, index, data, size);
}

/* A field must fit the API: a name of 1 to BM_NAME_MAX bytes and its NUL,
 * none inside, and 1 to BM_COUNT_MAX items (an unflattened one may not).
 * The checks of bm__hmf1_field_info (Message4's) in another order: the
 * data area always exists here, so the name is found first, which
 * compiles shorter on the path every Load of a field takes. */
static int
message5_fill_info(const struct message5 *m,
                   const struct bm__hmf1_field *field,
                   struct bm_field_info *info)
{
	const char *name = (const char *)message5_data(m) + field->offset;
	if (field->name_length < 2 || field->name_length > BM_NAME_MAX + 1 ||
	    field->count == 0 || field->count > (uint32_t)BM_COUNT_MAX ||
	    name[field->name_length - 1] != '\0' ||
	    memchr(name, '\0', (size_t)field->name_length - 1) != NULL)
		return BM_BAD_DATA;
	info->name = name;
	info->name_len = (size_t)field->name_length - 1;
	info->type = field->type;
	info->count = (int32_t)field->count;
	info->fixed_size = (field->flags & BM_HMF1_FIELD_FIXED) != 0;
	return BM_OK;
}

static int
message5_get_info(const bm_message *msg, const char *name, size_t name_len,
                  struct bm_field_info *info)
{
	struct message5 *m = message5_cast_const(msg);
	int32_t found = message5_lookup(m, name, name_len, false);
	if (found < 0)
		return BM_NAME_NOT_FOUND;
	return message5_fill_info(m, &message5_fields(m)[found], info);
}

static int
message5_field_at(const bm_message *msg, int32_t index,
                  struct bm_field_info *info)
{
	const struct message5 *m = message5_cast_const(msg);
	if (index < 0 || (uint32_t)index >= m->header.field_count)
		return BM_BAD_INDEX;
	return message5_fill_info(m, &message5_fields(m)[index], info);
}

static int32_t
message5_count_fields(const bm_message *msg)
{
	return (int32_t)message5_cast_const(msg)->header.field_count;
}

static int
message5_flattened_size(bm_message *msg, size_t *size)
{
	return bm__hmf1_flattened_size(&message5_cast(msg)->header, size);
}

/* The header, then the field headers and the data: one copy when no field
 * slot is spare (they are contiguous in the block), two otherwise, the
 * field headers of a message that fits the first block copied inline. */
static int
message5_flatten(bm_message *msg, void *buffer, size_t capacity)
{
	struct message5 *m = message5_cast(msg);
	struct bm__hmf1_header *header = &m->header;
	uint64_t flat = bm__hmf1_flat_size(header);
	if (flat > BM_FLAT_MAX)
		return BM_TOO_LARGE;
	if (capacity < flat)
		return BM_BUFFER_TOO_SMALL;
	/* `what` is a public member, and the header's copy of it is read
	 * nowhere else: written into the copy only, not into the header
	 * before copying it, where the header's 16-byte loads would wait for
	 * that 4-byte store (a store-forwarding stall, which showed on the
	 * small Flatten rows: results/measurements.md). */
	uint8_t *out = buffer;
	memcpy(out, header, sizeof *header);
	memcpy(out + offsetof(struct bm__hmf1_header, what), &m->base.what,
	       sizeof m->base.what);
	out += sizeof *header;
	size_t fields_size =
		(size_t)header->field_count * sizeof(struct bm__hmf1_field);
	if (header->field_count == m->field_capacity) {
		if (fields_size + header->data_size > 0)
			memcpy(out, m->block, fields_size + header->data_size);
		return BM_OK;
	}
	if (header->field_count <= MESSAGE5_FIRST_FIELDS) {
		/* As many field headers as the first block holds (24 to 192
		 * bytes), copied inline rather than by a call, which the small
		 * Flatten rows showed faster (results/measurements.md): 32 bytes
		 * a step, the last step ending at the end, over bytes the one
		 * before it copied (so no step of fewer bytes). */
		const uint8_t *from = m->block;
		if (fields_size >= 32) {
			const uint8_t *last = from + fields_size - 32;
			uint8_t *to = out;
			for (; from < last; from += 32, to += 32)
				memcpy(to, from, 32);
			memcpy(out + fields_size - 32, last, 32);
		} else if (fields_size > 0) {
			memcpy(out, from, 16);
			memcpy(out + fields_size - 16, from + fields_size - 16,
			       16);
		}
	} else {
		memcpy(out, m->block, fields_size);
	}
	if (header->data_size > 0)
		memcpy(out + fields_size, message5_data(m), header->data_size);
	return BM_OK;
}

/*
 * The header of an HMF1 message in host order, checked before anything is
 * allocated: its size, format and flags, the hash table, and that the field
 * headers and the data are inside `size`.
 */
static int
message5_check_header(const uint8_t *in, size_t size,
                      struct bm__hmf1_header *header)
{
	if (size < BM_HMF1_HEADER_SIZE)
		return BM_NOT_A_MESSAGE;
	memcpy(header, in, sizeof *header);
	if (header->format != BM_HMF1_MAGIC ||
	    (header->flags & BM_HMF1_MESSAGE_VALID) == 0)
		return BM_NOT_A_MESSAGE;
	if (header->hash_table_size < 1 ||
	    header->hash_table_size > MESSAGE5_HASH_TABLE_SIZE)
		return BM_BAD_VALUE;
	uint64_t flat = bm__hmf1_flat_size(header);
	if (flat > size || flat > BM_FLAT_MAX)
		return BM_NOT_A_MESSAGE;
	for (uint32_t b = 0; b < header->hash_table_size; b++) {
		if (header->hash_table[b] < -1 ||
		    header->hash_table[b] >= (int64_t)header->field_count)
			return BM_BAD_VALUE;
	}
	return BM_OK;
}

/*
 * Whether every field header of the copy passes what Haiku's
 * _ValidateMessage checks, made exact: its name and data inside the data
 * area, next_field -1 or inside the field array (Haiku lets next_field ==
 * field_count through). Checked on the copy, which was just written (and
 * so is in the cache), returning at the first bad field, with two tests
 * and a return as here: a loop that accumulated the checks without a
 * branch, and the same checks as one && condition in a helper of their
 * own, both measured slower on the Unflatten of 5000 one-item fields
 * (results/measurements.md; where the heap puts the blocks moves that row
 * more, impl/README.md §2.9). The rest is checked by the read that
 * reaches it.
 */
static bool
message5_fields_valid(const struct bm__hmf1_field *fields, uint32_t count,
                      uint32_t data_size)
{
	for (uint32_t i = 0; i < count; i++) {
		const struct bm__hmf1_field *field = &fields[i];
		if ((uint32_t)field->next_field + 1u > count ||
		    (uint64_t)field->offset + field->name_length +
		            field->data_size >
		        data_size)
			return false;
	}
	return true;
}

/* Unflatten: the header checks, one allocation and one copy of the field
 * headers and the data (contiguous on the wire, as in the block), then the
 * field headers checked on the copy. */
static int
message5_unflatten(bm_message *msg, const void *data, size_t size)
{
	struct message5 *m = message5_cast(msg);
	const uint8_t *in = data;
	struct bm__hmf1_header header;
	int rc = message5_check_header(in, size, &header);
	if (rc != BM_OK)
		return rc;
	size_t body = (size_t)header.field_count * BM_HMF1_FIELD_HEADER_SIZE +
	              header.data_size;
	/* Into the first block when the body fits and the message keeps
	 * nothing there (a failure leaves the message as it was). */
	uint8_t *block = m->first;
	uint32_t data_capacity = header.data_size;
	bool first_free = m->block != m->first ||
	                  (m->header.field_count == 0 && m->header.data_size == 0);
	if (body == 0 || (body <= sizeof m->first && first_free))
		data_capacity = (uint32_t)(sizeof m->first -
		                           (size_t)header.field_count *
		                                   BM_HMF1_FIELD_HEADER_SIZE);
	else if ((block = bm_malloc(body)) == NULL)
		return BM_NO_MEMORY;
	if (body > 0)
		memcpy(block, in + BM_HMF1_HEADER_SIZE, body);
	if (!message5_fields_valid((const struct bm__hmf1_field *)(void *)block,
	                           header.field_count, header.data_size)) {
		message5_free_block(m, block);
		return BM_BAD_VALUE;
	}
	message5_drop_indexes(m);
	if (m->block != block)
		message5_free_block(m, m->block);
	message5_set_block(m, block, header.field_count, data_capacity);
	header.message_area = -1;
	m->header = header;
	m->base.what = header.what;
	m->unflattened = true;
	return BM_OK;
}

const struct bm_ops bm_message5_ops = {
	.version = 2,
	.name = "Message5",
	.summary = "a proposal: HMF1 in one block, geometric growth, a name "
	           "index and item offset indexes built when reads need them",
	.flags = BM_BACKEND_CHECKS_ON_READ | BM_BACKEND_INDEXES_ON_READ,
	.native_format = BM_FORMAT_HMF1,

	/* Life cycle */
	.create = message5_create,
	.destroy = message5_destroy,
	.make_empty = message5_make_empty,

	/* Fields and items */
	.add_data = message5_add_data,
	.find_data = message5_find_data,
	.get_info = message5_get_info,
	.field_at = message5_field_at,
	.count_fields = message5_count_fields,

	/* Flat form */
	.flattened_size = message5_flattened_size,
	.flatten = message5_flatten,
	.unflatten = message5_unflatten,

	/* What it is (version 2) */
	.kind = BM_KIND_PROPOSAL,
	.decoded_formats = BM_DECODER_FORMATS,
	.repeated_names = BM_REPEATED_KEEP_FIRST,
};
