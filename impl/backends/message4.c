/*
 * message4.c - today's Haiku BMessage: a 68-byte header holding a 5-bucket
 * hash of field indices, an array of 24-byte field headers and one data
 * buffer, kept in memory exactly as they are on the wire (HMF1).
 * impl/README.md §2.5 describes the design in full (the algorithms it
 * follows: impl/README.md §4.6); this comment names its sources and its
 * deliberate choices.
 *
 * Sources: haiku/haiku:src/kits/app/Message.cpp and
 * headers/private/app/MessagePrivate.h at 47136e7183 (layout unchanged
 * since d7a16b238f), the descendant of the first committed Message4
 * (cf10934e5f); the Message4 the 2005 page measured is not in Haiku's
 * history (impl/README.md §2.7).
 *
 * Deliberate choices:
 * - C structs whose members are naturally aligned, pinned to the wire
 *   offsets by static assertions; only the data area is unaligned, and its
 *   size prefixes go through memcpy.
 * - The header is its own block, as in Haiku; make_empty allocates the new
 *   one before freeing the old, since it cannot fail.
 * - Unflatten checks Haiku's checks, made exact, plus what memory safety
 *   needs of the header before anything is allocated from it; the rest is
 *   checked by the read that reaches it.
 * - Failure leaves the message unchanged: Haiku links a field and shifts
 *   offsets before its realloc can fail, this file after.
 * - Flatten into a buffer too small writes nothing (Haiku copies a prefix);
 *   adds past the limits are refused before any change.
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

/* impl/README.md §4.1 */
#define MESSAGE4_HASH_TABLE_SIZE BM_HMF1_HASH_TABLE_SIZE  /* 5 */
#define MESSAGE4_MAX_DATA_PREALLOCATION ((uint32_t)4096 * 10)
#define MESSAGE4_MAX_FIELD_PREALLOCATION 50u
/* MESSAGE_FLAG_PASS_BY_AREA (headers/private/app/MessagePrivate.h) */
#define MESSAGE4_FLAG_PASS_BY_AREA 0x0080u

/* The BMessage object: fHeader, fFields, fData and the spare counts. */
struct message4 {
	bm_message base;
	struct bm__hmf1_header *header;
	struct bm__hmf1_field *fields;  /* field_count + fields_available */
	uint8_t *data;                   /* data_size used + data_available */
	uint32_t fields_available;
	uint32_t data_available;
};

static struct message4 *
message4_cast(bm_message *msg)
{
	return (struct message4 *)msg;
}

static const struct message4 *
message4_cast_const(const bm_message *msg)
{
	return (const struct message4 *)msg;
}

/* --- Header -------------------------------------------------------- */


static uint32_t
message4_bucket(const struct bm__hmf1_header *header, const char *name,
                size_t name_len)
{
	return bm__hash_name(name, name_len) % header->hash_table_size;
}

/* --- Data buffer --------------------------------------------------- */

/* _UpdateOffsets: fields stored at or after `from` move up by `change`. */
static void
message4_offsets_up(struct message4 *m, uint32_t from, uint32_t change)
{
	struct bm__hmf1_field *field = m->fields;
	for (uint32_t i = 0; i < m->header->field_count; i++, field++) {
		if (field->offset >= from)
			field->offset += change;
	}
}

/* The same, downwards, for the fields after a removed range. */
static void
message4_offsets_down(struct message4 *m, uint32_t from, uint32_t change)
{
	struct bm__hmf1_field *field = m->fields;
	for (uint32_t i = 0; i < m->header->field_count; i++, field++) {
		if (field->offset >= from)
			field->offset -= change;
	}
}

/*
 * _ResizeData, growing: makes room for `change` bytes at `offset` (at most
 * data_size), moving the tail up. The caller has checked that the result
 * stays within BM_FLAT_MAX. Returns BM_OK or BM_NO_MEMORY (nothing changed).
 */
static int
message4_grow_data(struct message4 *m, uint32_t offset, uint32_t change)
{
	uint32_t data_size = m->header->data_size;
	if (m->data_available < change) {
		/* min(data_size*2, data_size+40960), then at least the change;
		 * written so that nothing can overflow a 32-bit size_t. */
		size_t size = (size_t)data_size +
		              (data_size < MESSAGE4_MAX_DATA_PREALLOCATION
		                       ? data_size
		                       : MESSAGE4_MAX_DATA_PREALLOCATION);
		if (size < (size_t)data_size + change)
			size = (size_t)data_size + change;
		uint8_t *grown = bm_realloc(m->data, size);
		if (grown == NULL)
			return BM_NO_MEMORY;
		m->data = grown;
		m->data_available = (uint32_t)(size - data_size);
	}
	if (offset < data_size) {
		memmove(m->data + offset + change, m->data + offset,
		        data_size - offset);
		message4_offsets_up(m, offset, change);
	}
	m->data_available -= change;
	m->header->data_size = data_size + change;
	return BM_OK;
}

/*
 * _ResizeData, shrinking: removes `change` bytes at `offset`, moving the
 * tail down, and gives memory back when more than MAX_DATA_PREALLOCATION
 * bytes are spare (keeping half of it). Never fails: a failed shrinking
 * realloc keeps the bigger block, as in Haiku.
 */
static void
message4_shrink_data(struct message4 *m, uint32_t offset, uint32_t change)
{
	uint32_t data_size = m->header->data_size;
	uint32_t tail = data_size - offset - change;
	if (tail > 0) {
		memmove(m->data + offset, m->data + offset + change, tail);
		/* Haiku shifts every field at or after `offset`, the removed
		 * one included; only those after the removed range matter. */
		message4_offsets_down(m, offset + change, change);
	}
	m->header->data_size = data_size - change;
	m->data_available += change;
	if (m->data_available > MESSAGE4_MAX_DATA_PREALLOCATION) {
		uint32_t available = MESSAGE4_MAX_DATA_PREALLOCATION / 2;
		size_t size = (size_t)m->header->data_size + available;
		uint8_t *shrunk = bm_realloc(m->data, size);
		if (shrunk != NULL) {
			m->data = shrunk;
			m->data_available = available;
		}
	}
}

/* --- Fields -------------------------------------------------------- */

/*
 * _FindField: BM_OK with *result set, BM_BAD_TYPE when the name exists with
 * another type (and `type` is not BM_ANY_TYPE), or BM_NAME_NOT_FOUND.
 * What an unflattened message adds (BM_BAD_DATA): a chain longer than the
 * field count (a loop), and a matched name that does not end in its NUL
 * inside name_length (strncmp would have matched a prefix of `name`). Heads
 * and next_field were checked by Unflatten to be -1 or a field index.
 */
static int
message4_find_field(const struct message4 *m, const char *name, size_t name_len,
                    bm_type_code type, struct bm__hmf1_field **result)
{
	const struct bm__hmf1_header *header = m->header;
	if (header->field_count == 0 || m->fields == NULL || m->data == NULL)
		return BM_NAME_NOT_FOUND;
	uint32_t bucket = message4_bucket(header, name, name_len);
	int32_t next = header->hash_table[bucket];
	uint32_t steps = header->field_count;
	while (next >= 0) {
		if (steps-- == 0)
			return BM_BAD_DATA;
		struct bm__hmf1_field *field = &m->fields[next];
		if ((field->flags & BM_HMF1_FIELD_VALID) == 0)
			break;
		const char *stored = (const char *)m->data + field->offset;
		if (strncmp(stored, name, field->name_length) == 0) {
			if (field->name_length == 0 ||
			    stored[field->name_length - 1] != '\0')
				return BM_BAD_DATA;
			if (type != BM_ANY_TYPE && field->type != type)
				return BM_BAD_TYPE;
			*result = field;
			return BM_OK;
		}
		next = field->next_field;
	}
	return BM_NAME_NOT_FOUND;
}

/*
 * _AddField: appends an empty field `name` (count 0) with its name stored at
 * the end of the data, and links it at the tail of its bucket's chain.
 * Returns BM_OK with *result set, or BM_NO_MEMORY with the message's
 * content unchanged.
 */
static int
message4_add_field(struct message4 *m, const char *name, size_t name_len,
                   bm_type_code type, bool fixed_size,
                   struct bm__hmf1_field **result)
{
	struct bm__hmf1_header *header = m->header;
	uint32_t field_count = header->field_count;

	/* The tail of the name's chain, found before anything changes: the
	 * chain of an unflattened message may loop past a field without
	 * FIELD_FLAG_VALID, where _FindField stopped (BM_BAD_DATA). */
	uint32_t bucket = message4_bucket(header, name, name_len);
	int32_t tail = -1;
	uint32_t steps = field_count;
	for (int32_t next = header->hash_table[bucket]; next >= 0;
	     next = m->fields[next].next_field) {
		if (steps-- == 0)
			return BM_BAD_DATA;
		tail = next;
	}

	if (m->fields_available == 0) {
		uint32_t count = field_count * 2 + 1;
		if (count > field_count + MESSAGE4_MAX_FIELD_PREALLOCATION)
			count = field_count + MESSAGE4_MAX_FIELD_PREALLOCATION;
		struct bm__hmf1_field *grown =
			bm_realloc(m->fields, (size_t)count * sizeof *grown);
		if (grown == NULL)
			return BM_NO_MEMORY;
		m->fields = grown;
		m->fields_available = count - field_count;
	}

	/* The name, with its NUL, at the end of the data. */
	uint32_t offset = header->data_size;
	uint16_t name_length = (uint16_t)(name_len + 1);
	int rc = message4_grow_data(m, offset, name_length);
	if (rc != BM_OK)
		return rc;
	memcpy(m->data + offset, name, name_length);

	/* Only now link the new index at the tail of its chain. */
	if (tail < 0)
		header->hash_table[bucket] = (int32_t)field_count;
	else
		m->fields[tail].next_field = (int32_t)field_count;

	struct bm__hmf1_field *field = &m->fields[field_count];
	bm__hmf1_init_field(field, name_length, type, fixed_size, offset);

	m->fields_available--;
	header->field_count = field_count + 1;
	*result = field;
	return BM_OK;
}

/*
 * _RemoveField: removes the field's name and data, closes the gap in the
 * field array and renumbers every hash entry and next_field after it.
 */
static void
message4_remove_field(struct message4 *m, struct bm__hmf1_field *field)
{
	struct bm__hmf1_header *header = m->header;
	message4_shrink_data(m, field->offset,
	                     field->data_size + field->name_length);

	int32_t index = (int32_t)(field - m->fields);
	int32_t next = field->next_field;
	if (next > index)
		next--;
	for (uint32_t i = 0; i < header->hash_table_size; i++) {
		if (header->hash_table[i] > index)
			header->hash_table[i]--;
		else if (header->hash_table[i] == index)
			header->hash_table[i] = next;
	}
	struct bm__hmf1_field *other = m->fields;
	for (uint32_t i = 0; i < header->field_count; i++, other++) {
		if (other->next_field > index)
			other->next_field--;
		else if (other->next_field == index)
			other->next_field = next;
	}

	memmove(m->fields + index, m->fields + index + 1,
	        (header->field_count - (uint32_t)index - 1) * sizeof *field);
	header->field_count--;
	m->fields_available++;

	if (m->fields_available > MESSAGE4_MAX_FIELD_PREALLOCATION) {
		uint32_t available = MESSAGE4_MAX_FIELD_PREALLOCATION / 2;
		size_t size = ((size_t)header->field_count + available) *
		              sizeof *field;
		struct bm__hmf1_field *shrunk = bm_realloc(m->fields, size);
		if (shrunk != NULL) {
			m->fields = shrunk;
			m->fields_available = available;
		}
	}
}

/*
 * After a failed add: frees the field array and the data buffer if the add
 * created them from nothing and they hold nothing now.
 */
static void
message4_release_new_buffers(struct message4 *m, bool had_fields,
                             bool had_data)
{
	if (!had_fields && m->header->field_count == 0) {
		bm_free(m->fields);
		m->fields = NULL;
		m->fields_available = 0;
	}
	if (!had_data && m->header->data_size == 0) {
		bm_free(m->data);
		m->data = NULL;
		m->data_available = 0;
	}
}

/* --- The slots ----------------------------------------------------- */

static int
message4_create(bm_message **out)
{
	struct message4 *m = bm_malloc(sizeof *m);
	if (m == NULL)
		return BM_NO_MEMORY;
	m->header = bm_malloc(sizeof *m->header);
	if (m->header == NULL) {
		bm_free(m);
		return BM_NO_MEMORY;
	}
	m->base.what = 0;
	bm__hmf1_init_header(m->header, 0);
	m->fields = NULL;
	m->data = NULL;
	m->fields_available = 0;
	m->data_available = 0;
	*out = &m->base;
	return BM_OK;
}

static void
message4_destroy(bm_message *msg)
{
	struct message4 *m = message4_cast(msg);
	bm_free(m->data);
	bm_free(m->fields);
	bm_free(m->header);
	bm_free(m);
}

/*
 * MakeEmpty (Message.cpp): _Clear frees the header, the field array and the
 * data, then _InitHeader mallocs a fresh header. The new header is
 * allocated before the old one is freed, so that make_empty cannot fail: if
 * that malloc fails the old header is re-initialised instead. `what` stays.
 */
static void
message4_make_empty(bm_message *msg)
{
	struct message4 *m = message4_cast(msg);
	struct bm__hmf1_header *header = bm_malloc(sizeof *header);
	if (header != NULL) {
		bm_free(m->header);
		m->header = header;
	}
	bm_free(m->fields);
	bm_free(m->data);
	m->fields = NULL;
	m->data = NULL;
	m->fields_available = 0;
	m->data_available = 0;
	bm__hmf1_init_header(m->header, m->base.what);
}

static int
message4_add_data(bm_message *msg, const char *name, size_t name_len,
                  bm_type_code type, const void *data, size_t size,
                  bool fixed_size)
{
	struct message4 *m = message4_cast(msg);
	struct bm__hmf1_header *header = m->header;
	struct bm__hmf1_field *field = NULL;
	int rc = message4_find_field(m, name, name_len, type, &field);
	if (rc != BM_OK && rc != BM_NAME_NOT_FOUND)
		return rc;
	bool is_new = rc == BM_NAME_NOT_FOUND;

	/* The fixed-size property and item size come from the first item. */
	bool fixed = is_new ? fixed_size
	                    : (field->flags & BM_HMF1_FIELD_FIXED) != 0;
	if (!is_new && fixed && field->count > 0 &&
	    field->data_size / field->count != size)
		return BM_BAD_VALUE;

	/* Refuse what would not fit the format's 32-bit sizes, before any
	 * change. size <= BM_ITEM_MAX (checked by the wrapper). */
	uint64_t change = (uint64_t)size + (fixed ? 0 : sizeof(uint32_t));
	uint64_t flat = bm__hmf1_flat_size(header) + change;
	if (is_new)
		flat += BM_HMF1_FIELD_HEADER_SIZE + (uint64_t)name_len + 1;
	if (flat > BM_FLAT_MAX)
		return BM_TOO_LARGE;
	if (is_new ? header->field_count >= (uint32_t)BM_COUNT_MAX
	           : field->count >= (uint32_t)BM_COUNT_MAX)
		return BM_TOO_LARGE;

	bool had_fields = m->fields != NULL, had_data = m->data != NULL;
	if (is_new) {
		rc = message4_add_field(m, name, name_len, type, fixed_size,
		                        &field);
		if (rc != BM_OK) {
			message4_release_new_buffers(m, had_fields, had_data);
			return rc;
		}
	}

	/* The new item goes at the end of this field's data. */
	uint32_t offset = field->offset + field->name_length + field->data_size;
	rc = message4_grow_data(m, offset, (uint32_t)change);
	if (rc != BM_OK) {
		if (field->count == 0) {
			message4_remove_field(m, field);
			message4_release_new_buffers(m, had_fields, had_data);
		}
		return rc;
	}
	if (fixed) {
		memcpy(m->data + offset, data, size);
	} else {
		bm__store32(m->data + offset, (uint32_t)size);
		memcpy(m->data + offset + sizeof(uint32_t), data, size);
	}
	field->data_size += (uint32_t)change;
	field->count++;
	return BM_OK;
}

static int
message4_find_data(const bm_message *msg, const char *name, size_t name_len,
                   bm_type_code type, int32_t index, const void **data,
                   size_t *size)
{
	const struct message4 *m = message4_cast_const(msg);
	struct bm__hmf1_field *field = NULL;
	int rc = message4_find_field(m, name, name_len, type, &field);
	if (rc != BM_OK)
		return rc;
	if (index < 0 || (uint32_t)index >= field->count)
		return BM_BAD_INDEX;

	const uint8_t *items = m->data + field->offset + field->name_length;
	if ((field->flags & BM_HMF1_FIELD_FIXED) != 0) {
		size_t bytes = field->data_size / field->count;
		/* Fewer bytes than items (only unflattened input): no item. */
		if (bytes == 0)
			return BM_BAD_DATA;
		*data = items + (size_t)index * bytes;
		*size = bytes;
		return BM_OK;
	}
	/*
	 * The design's linear walk over [uint32 size][bytes], with what an
	 * unflattened message needs (Unflatten does not read the items): every
	 * size prefix the walk reads lies inside the field (`at` only grows,
	 * so checking each step's position bounds every item before it), and
	 * the item found is inside the field and not empty. Else BM_BAD_DATA.
	 */
	if (field->data_size < sizeof(uint32_t))
		return BM_BAD_DATA;
	/* Addresses as integers of at least 64 bits, so that a hostile size
	 * can neither wrap them nor form a pointer past the buffer. */
	uint64_t at = (uintptr_t)items;
	uint64_t last = at + field->data_size - sizeof(uint32_t);
	uint32_t bytes = bm__load32(items);
	for (uint32_t left = (uint32_t)index; left != 0; left--) {
		at += (uint64_t)bytes + sizeof(uint32_t);
		if (at > last)
			return BM_BAD_DATA;
		bytes = bm__load32((const uint8_t *)(uintptr_t)at);
	}
	if (bytes == 0 || bytes > last - at)
		return BM_BAD_DATA;
	*data = (const uint8_t *)(uintptr_t)at + sizeof(uint32_t);
	*size = bytes;
	return BM_OK;
}

static int
message4_get_info(const bm_message *msg, const char *name, size_t name_len,
                  struct bm_field_info *info)
{
	const struct message4 *m = message4_cast_const(msg);
	struct bm__hmf1_field *field = NULL;
	int rc = message4_find_field(m, name, name_len, BM_ANY_TYPE, &field);
	if (rc != BM_OK)
		return rc;
	return bm__hmf1_field_info(&m->data, field, info);
}

/* GetInfo(B_ANY_TYPE, index, ...): the field array's order. */
static int
message4_field_at(const bm_message *msg, int32_t index,
                  struct bm_field_info *info)
{
	const struct message4 *m = message4_cast_const(msg);
	if (index < 0 || (uint32_t)index >= m->header->field_count)
		return BM_BAD_INDEX;
	return bm__hmf1_field_info(&m->data, &m->fields[index], info);
}

static int32_t
message4_count_fields(const bm_message *msg)
{
	return (int32_t)message4_cast_const(msg)->header->field_count;
}

static int
message4_flattened_size(bm_message *msg, size_t *size)
{
	return bm__hmf1_flattened_size(message4_cast(msg)->header, size);
}

/* The three memcpys of Flatten: header, field array, data. */
static void
message4_write_flat(const struct message4 *m, uint8_t *out)
{
	const struct bm__hmf1_header *header = m->header;
	memcpy(out, header, sizeof *header);
	out += sizeof *header;
	size_t fields_size = (size_t)header->field_count * sizeof *m->fields;
	if (fields_size > 0)
		memcpy(out, m->fields, fields_size);
	out += fields_size;
	if (header->data_size > 0)
		memcpy(out, m->data, header->data_size);
}

#ifdef BENCH_INJECT_REGRESSION
/* The test-only regression of CMake's BENCH_INJECT_REGRESSION, never in a
 * build that writes results: 3 of every 20 flattens write their bytes a
 * second time, the same bytes, so that `bench compare` has a known
 * slowdown of Flatten to find. */
static unsigned message4_flattens;
#endif

/* Flatten(char*): header, field array, data; three memcpys. */
static int
message4_flatten(bm_message *msg, void *buffer, size_t capacity)
{
	struct message4 *m = message4_cast(msg);
	struct bm__hmf1_header *header = m->header;
	uint64_t flat = bm__hmf1_flat_size(header);
	if (flat > BM_FLAT_MAX)
		return BM_TOO_LARGE;
	if (capacity < flat)
		return BM_BUFFER_TOO_SMALL;

	/* `what` is a public member: sync it into the header. */
	header->what = m->base.what;
	message4_write_flat(m, buffer);
#ifdef BENCH_INJECT_REGRESSION
	if (message4_flattens++ % 20 < 3)
		message4_write_flat(m, buffer);
#endif
	return BM_OK;
}

/* --- Unflatten ------------------------------------------------------ */

/*
 * Unflatten(const char *) reads through a BMemoryIO over the bytes
 * (src/kits/support/DataIO.cpp), whose virtual functions are calls through
 * this table: Read is BPositionIO's (Position, then ReadAt, then
 * Seek(SEEK_CUR), each a virtual call again), ReadAt copies what is left of
 * the buffer, up to the size asked. Positions are int64_t, as off_t is.
 */
struct message4_io;

struct message4_io_vtable {
	int64_t (*read)(struct message4_io *io, void *out, size_t size);
	int64_t (*read_at)(struct message4_io *io, int64_t position, void *out,
	                   size_t size);
	int64_t (*seek)(struct message4_io *io, int64_t position);
	int64_t (*position)(const struct message4_io *io);
};

struct message4_io {
	const struct message4_io_vtable *vtable;
	const uint8_t *bytes;  /* fBuffer */
	int64_t length;        /* fLength */
	int64_t at;            /* fPosition */
};

/* BPositionIO::Read */
static int64_t
message4_io_read(struct message4_io *io, void *out, size_t size)
{
	int64_t at = io->vtable->position(io);
	int64_t result = io->vtable->read_at(io, at, out, size);
	if (result > 0)
		io->vtable->seek(io, result);
	return result;
}

/* BMemoryIO::ReadAt */
static int64_t
message4_io_read_at(struct message4_io *io, int64_t position, void *out,
                    size_t size)
{
	if (out == NULL || position < 0)
		return BM_BAD_VALUE;
	int64_t done = 0;
	if (position < io->length) {
		done = io->length - position;
		if ((uint64_t)done > size)
			done = (int64_t)size;
		memcpy(out, io->bytes + position, (size_t)done);
	}
	return done;
}

/* BMemoryIO::Seek(position, SEEK_CUR), the only mode Read uses */
static int64_t
message4_io_seek(struct message4_io *io, int64_t position)
{
	io->at += position;
	return io->at;
}

/* BMemoryIO::Position */
static int64_t
message4_io_position(const struct message4_io *io)
{
	return io->at;
}

static const struct message4_io_vtable message4_memory_io = {
	.read = message4_io_read,
	.read_at = message4_io_read_at,
	.seek = message4_io_seek,
	.position = message4_io_position,
};

/* The vtable pointer a BMemoryIO is constructed with, read through a
 * volatile object as a C++ compiler reads the vtable pointer of an object
 * whose construction it cannot see (BMemoryIO is in DataIO.cpp, Unflatten
 * takes a BDataIO *): the calls stay indirect calls. */
static const struct message4_io_vtable *const volatile message4_io_class =
	&message4_memory_io;

/* Frees what Unflatten read after the header and leaves the message empty
 * with its (new) header re-initialised: MakeEmpty's state, or _InitHeader
 * on the header Unflatten allocated, as Haiku's failure paths leave it. */
static int
message4_unflatten_failed(struct message4 *m, int status)
{
	bm_free(m->fields);
	bm_free(m->data);
	m->fields = NULL;
	m->data = NULL;
	m->fields_available = 0;
	m->data_available = 0;
	bm__hmf1_init_header(m->header, m->base.what);
	return status;
}

/*
 * _ValidateMessage: each field's next_field and its name and data against
 * the data area. Haiku allows next_field == field_count (one past the
 * array); we need next_field < field_count (or negative: the end). The sum
 * is taken in 64 bits (Haiku's uint32 sum can wrap).
 */
static int
message4_validate(const struct message4 *m)
{
	const struct bm__hmf1_header *header = m->header;
	const struct bm__hmf1_field *field = m->fields;
	for (uint32_t i = 0; i < header->field_count; i++, field++) {
		if ((field->next_field >= 0 &&
		     (uint32_t)field->next_field >= header->field_count) ||
		    (uint64_t)field->offset + field->name_length +
		                field->data_size >
		        header->data_size)
			return BM_BAD_VALUE;
	}
	return BM_OK;
}

/*
 * Unflatten(BDataIO *) of native HMF1, over a BMemoryIO of the bytes: the
 * format, then the rest of the header (a message without
 * MESSAGE_FLAG_VALID is refused), then the field array and the data into
 * new blocks of exactly their size, each read through the stream; then
 * _ValidateMessage. Nothing rebuilt: the hash table and the chains travel
 * in the header. What memory safety adds (impl/README.md §11), all on the
 * header: hash_table_size 1..5 (the bucket indexes a 5-entry table), every
 * hash head -1 or a field index, and field_count and data_size checked
 * against the bytes left before they are allocated (Haiku mallocs what the
 * header claims, then finds the read short). The items and names are left
 * to the finds and iterations that reach them (BM_BAD_DATA), and a chain
 * that loops to the walk's bound of field_count steps.
 */
static int
message4_unflatten_io(struct message4 *m, struct message4_io *io)
{
	uint32_t format = 0;
	io->vtable->read(io, &format, sizeof format);
	if (format != BM_HMF1_MAGIC)
		return BM_NOT_A_MESSAGE;

	/* _Clear, then a new header (allocated first: see make_empty). */
	struct bm__hmf1_header *header = bm_malloc(sizeof *header);
	if (header == NULL)
		return BM_NO_MEMORY;
	bm_free(m->header);
	bm_free(m->fields);
	bm_free(m->data);
	m->header = header;
	m->fields = NULL;
	m->data = NULL;
	m->fields_available = 0;
	m->data_available = 0;

	header->format = format;
	size_t rest = sizeof *header - sizeof format;
	int64_t result = io->vtable->read(io, (uint8_t *)header + sizeof format,
	                                  rest);
	if (result != (int64_t)rest ||
	    (header->flags & BM_HMF1_MESSAGE_VALID) == 0)
		return message4_unflatten_failed(m, BM_NOT_A_MESSAGE);

	/* A message passed by area would be _Reference'd; there are no areas
	 * here, so it cannot be read (Haiku fails the area's clone). */
	if ((header->flags & MESSAGE4_FLAG_PASS_BY_AREA) != 0 &&
	    header->message_area >= 0)
		return message4_unflatten_failed(m, BM_NOT_A_MESSAGE);
	header->message_area = -1;

	uint32_t field_count = header->field_count;
	uint32_t data_size = header->data_size;
	uint64_t left = (uint64_t)(io->length - io->at);
	if (header->hash_table_size == 0 ||
	    header->hash_table_size > MESSAGE4_HASH_TABLE_SIZE ||
	    field_count > (uint32_t)BM_COUNT_MAX ||
	    (uint64_t)field_count * sizeof(struct bm__hmf1_field) + data_size >
	        left)
		return message4_unflatten_failed(m, BM_NOT_A_MESSAGE);
	for (uint32_t i = 0; i < header->hash_table_size; i++) {
		if (header->hash_table[i] >= 0 &&
		    (uint32_t)header->hash_table[i] >= field_count)
			return message4_unflatten_failed(m, BM_BAD_VALUE);
	}

	if (field_count > 0) {
		size_t fields_size = (size_t)field_count * sizeof *m->fields;
		m->fields = bm_malloc(fields_size);
		if (m->fields == NULL)
			return message4_unflatten_failed(m, BM_NO_MEMORY);
		result = io->vtable->read(io, m->fields, fields_size);
		if (result != (int64_t)fields_size)
			return message4_unflatten_failed(m, BM_BAD_VALUE);
	}
	if (data_size > 0) {
		m->data = bm_malloc(data_size);
		if (m->data == NULL)
			return message4_unflatten_failed(m, BM_NO_MEMORY);
		result = io->vtable->read(io, m->data, data_size);
		if (result != (int64_t)data_size)
			return message4_unflatten_failed(m, BM_BAD_VALUE);
	}

	int rc = message4_validate(m);
	if (rc != BM_OK)
		return message4_unflatten_failed(m, rc);
	m->base.what = header->what;
	return BM_OK;
}

/* Unflatten(const char *): a BMemoryIO over the bytes, then
 * Unflatten(BDataIO *). Called on an empty message; on failure it stays
 * empty. */
static int
message4_unflatten(bm_message *msg, const void *data, size_t size)
{
	struct message4_io io = {
		.vtable = message4_io_class,
		.bytes = data,
		.length = (int64_t)size,
		.at = 0,
	};
	return message4_unflatten_io(message4_cast(msg), &io);
}

const struct bm_ops bm_message4_ops = {
	.version = 2,
	.name = "Message4",
	.summary = "today's Haiku BMessage: header with a 5-bucket hash, "
	           "field array and one data buffer, flat as in memory",
	.flags = BM_BACKEND_CHECKS_ON_READ,
	.native_format = BM_FORMAT_HMF1,

	/* Life cycle */
	.create = message4_create,
	.destroy = message4_destroy,
	.make_empty = message4_make_empty,

	/* Fields and items */
	.add_data = message4_add_data,
	.find_data = message4_find_data,
	.get_info = message4_get_info,
	.field_at = message4_field_at,
	.count_fields = message4_count_fields,

	/* Flat form */
	.flattened_size = message4_flattened_size,
	.flatten = message4_flatten,
	.unflatten = message4_unflatten,

	/* What it is (version 2) */
	.kind = BM_KIND_HAIKU_2005,
	.decoded_formats = BM_DECODER_FORMATS,
	/* Both fields are kept; _FindField's walk reaches the first. */
	.repeated_names = BM_REPEATED_KEEP_FIRST,
};
