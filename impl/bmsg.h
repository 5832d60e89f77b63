/*
 * bmsg.h - the message API every backend implements and every caller uses.
 *
 * A message is a `what` code plus named fields; each field has a type code and
 * one or more items (byte strings). Five backends re-create five designs of
 * the BeOS/Haiku BMessage behind one vtable, `struct bm_ops`. Callers never
 * touch a vtable slot directly: they call the bm_* wrappers below, which check
 * arguments once, the same way for every backend, and then dispatch.
 *
 * Layout of this header: status codes, limits and type codes, formats, the
 * message handle, the ops struct with the contract of every slot, then the
 * API (wrappers, registry, format detection, shared decoders).
 */
#ifndef BM_BMSG_H
#define BM_BMSG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* --- Status codes ------------------------------------------------------- */

/*
 * Every function that can fail returns one of these: 0 is success, errors
 * are negative. The list follows Haiku's status codes where one exists.
 */
#define BM_STATUS_MAP(X)                                                   \
	X(BM_OK, 0, "ok")                                                  \
	X(BM_NO_MEMORY, -1, "out of memory")                               \
	X(BM_BAD_VALUE, -2, "bad value")                                   \
	X(BM_BAD_TYPE, -3, "bad type")                                     \
	X(BM_NAME_NOT_FOUND, -4, "name not found")                         \
	X(BM_BAD_INDEX, -5, "bad index")                                   \
	X(BM_NOT_A_MESSAGE, -6, "not a message")                           \
	X(BM_BUFFER_TOO_SMALL, -7, "buffer too small")                     \
	X(BM_TOO_LARGE, -8, "message too large")                           \
	X(BM_UNSUPPORTED, -9, "unsupported format")                        \
	X(BM_BAD_DATA, -10, "malformed data")

enum bm_status {
#define BM_STATUS_ENUM(name, value, text) name = (value),
	BM_STATUS_MAP(BM_STATUS_ENUM)
#undef BM_STATUS_ENUM
};

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

/* --- Flat formats -------------------------------------------------------- */

/*
 * The formats the shared decoders know. "Swapped" means written on a host of
 * the other byte order. Dano (FOB2) is read in the host's order only.
 */
enum bm_format {
	BM_FORMAT_UNKNOWN = 0,
	BM_FORMAT_R5,           /* 'FOB1' */
	BM_FORMAT_R5_SWAPPED,
	BM_FORMAT_HMF1,         /* 'HMF1', today's Haiku */
	BM_FORMAT_HMF1_SWAPPED,
	BM_FORMAT_DANO,         /* 'FOB2', Dano/Zeta */
	BM_FORMAT_DANO_SWAPPED
};

/* The magic of each format as a host-order integer, as Haiku compares it
 * (HMF1: impl/README.md §4, FOB1: impl/README.md §5, FOB2:
 * impl/README.md §6). */
#define BM_R5_MAGIC 0x464f4231u   /* 'FOB1'; bytes "1BOF" on little-endian */
#define BM_HMF1_MAGIC 0x31464d48u /* '1FMH'; bytes "HMF1" on little-endian */
#define BM_DANO_MAGIC 0x464f4232u /* 'FOB2' */

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

/* --- The backend vtable ---------------------------------------------------- */

#define BM_OPS_VERSION 2

/*
 * What a backend is, as callers ask it (capabilities are data; callers never
 * compare names). X(enum, word, title, competes, haiku): `word` is what
 * `bench --list` and the results JSON print, `title` what pages print;
 * `competes`: counts for the Winner column, the 2005 meaning (the reference
 * and the 2005 designs); `haiku`: counts for the Haiku Winner column (the
 * 2005 designs).
 */
#define BM_KIND_MAP(X)                                                     \
	X(BM_KIND_REFERENCE, "reference", "reference", true, false)        \
	X(BM_KIND_HAIKU_2005, "haiku", "Haiku design", true, true)         \
	X(BM_KIND_ORIGINAL, "original", "original code", false, false)     \
	X(BM_KIND_PROPOSAL, "proposal", "proposal", false, false)          \
	X(BM_KIND_LIBRARY, "library", "outside library", false, false)

enum bm_kind {
#define BM_KIND_ENUM(name, word, title, competes, haiku) name,
	BM_KIND_MAP(BM_KIND_ENUM)
#undef BM_KIND_ENUM
	BM_KIND_COUNT
};

/*
 * How a flattened message that names one field twice is read (no writer
 * here makes one; hostile or foreign input can).
 */
enum bm_repeated_names {
	/* The records merge into one field, as Haiku's R5 reader does; input
	 * whose records of one name differ in type or fixed item size is
	 * refused with BM_BAD_VALUE. */
	BM_REPEATED_MERGE,
	/* Both fields are kept, in iteration order; a find by name reaches
	 * the first (chains that append at the tail: today's Haiku). */
	BM_REPEATED_KEEP_FIRST,
	/* Both fields are kept; a find by name reaches the last (chains that
	 * insert at the head: the 2005 Message2 and Message3). */
	BM_REPEATED_KEEP_LAST,
	BM_REPEATED_COUNT
};

/* Descriptor flags. */
/* Version 1 only: a Haiku design (version 2 says it with `kind`). */
#define BM_BACKEND_HAIKU 0x1u
/* Allocates outside bm_malloc (alloc.h): allocation counts and injected
 * allocation failures do not reach it. */
#define BM_BACKEND_OWN_ALLOCATOR 0x2u
/* Does not survive an allocation failure (it may crash, leak or corrupt
 * the message): the failure-injection tests leave it out. */
#define BM_BACKEND_UNSAFE_ON_NO_MEMORY 0x4u
/* Does not survive malformed input (it may crash or hang): the fuzz
 * targets, the mutation sweep, the regression inputs and msgdump leave it
 * out. */
#define BM_BACKEND_UNSAFE_ON_BAD_INPUT 0x8u
/* Its native reader reads only what its own Flatten writes: other writers'
 * bytes in its native format may crash it, so nothing gives it them. */
#define BM_BACKEND_READS_OWN_BYTES_ONLY 0x10u
/* Its flattened bytes follow its design's own reading of the native format,
 * which the shared decoder refuses (the 2005 Message3 counts the NUL in
 * name lengths): their content is checked by reading them back with the
 * backend itself. */
#define BM_BACKEND_OWN_FLAT_DIALECT 0x20u
/* Its Unflatten checks what its design checks, and what memory safety and
 * termination need, and leaves the rest to the read that reaches it
 * (impl/README.md §11): it may accept bytes the shared decoder refuses; a
 * find or an iteration that reaches a malformed item or name then returns
 * BM_BAD_DATA, and Flatten writes the bytes it holds. */
#define BM_BACKEND_CHECKS_ON_READ 0x40u
/* Builds indexes the first time a read needs them: find_data, get_info
 * and field_at may allocate (an index of names, of item offsets). When
 * such an allocation fails the read still answers, by the slower walk, so
 * no read fails for memory. */
#define BM_BACKEND_INDEXES_ON_READ 0x80u
/* Every flag a version 2 descriptor may set. */
#define BM_BACKEND_FLAGS                                                   \
	(BM_BACKEND_OWN_ALLOCATOR | BM_BACKEND_UNSAFE_ON_NO_MEMORY |        \
	 BM_BACKEND_UNSAFE_ON_BAD_INPUT | BM_BACKEND_READS_OWN_BYTES_ONLY |  \
	 BM_BACKEND_OWN_FLAT_DIALECT | BM_BACKEND_CHECKS_ON_READ |           \
	 BM_BACKEND_INDEXES_ON_READ)

/* A set of formats, as in `decoded_formats`; BM_DECODER_FORMATS is every
 * format bm_decode knows (it refuses swapped Dano as BM_UNSUPPORTED). */
#define BM_FORMAT_BIT(format) (1u << (unsigned)(format))
#define BM_DECODER_FORMATS                                                 \
	(BM_FORMAT_BIT(BM_FORMAT_R5) | BM_FORMAT_BIT(BM_FORMAT_R5_SWAPPED) |  \
	 BM_FORMAT_BIT(BM_FORMAT_HMF1) |                                     \
	 BM_FORMAT_BIT(BM_FORMAT_HMF1_SWAPPED) |                             \
	 BM_FORMAT_BIT(BM_FORMAT_DANO) | BM_FORMAT_BIT(BM_FORMAT_DANO_SWAPPED))

/*
 * One const instance per backend, exported by impl/<file>.c and listed in
 * impl/backends.list. Slots and descriptor fields are appended only, each
 * under a "valid for version N" marker, and BM_OPS_VERSION grows with every
 * append; a caller asks for the fields of a later version through the
 * bm_backend_* functions below, which give the defaults of older versions.
 *
 * Common rules for every slot:
 * - Arguments have been checked by the wrapper: messages are non-NULL and
 *   belong to this backend, names are 1..BM_NAME_MAX bytes with `name_len`
 *   equal to strlen(name), data pointers are non-NULL and sizes are 1..
 *   BM_ITEM_MAX, types are not BM_ANY_TYPE where a concrete type is needed.
 * - Every allocation goes through bm_malloc/bm_realloc/bm_free (alloc.h),
 *   unless flags has BM_BACKEND_OWN_ALLOCATOR.
 * - A slot that fails leaves the message exactly as it was before the call
 *   (unflatten: empty), valid, and safe to use or destroy. No slot blocks.
 */
struct bm_ops {
	/* Version of this struct the backend was written against. */
	uint32_t version;
	/* Unique name used by the CLI, the tables and the plots: letters,
	 * digits, '_' and '-', unique ignoring case, and none of the words the
	 * tables use for other columns (bm_backends_valid). */
	const char *name;
	/* One-line description for `bench --list`. */
	const char *summary;
	/* BM_BACKEND_* bits. */
	uint32_t flags;
	/* The format flatten writes and unflatten reads natively:
	 * BM_FORMAT_R5 or BM_FORMAT_HMF1 (host byte order). */
	enum bm_format native_format;

	/* Methods below are valid for version 1. */

	/*
	 * Allocates an empty message and stores it in *out. The wrapper then sets
	 * the base's `ops` and `what`. Returns BM_OK or BM_NO_MEMORY (nothing is
	 * left allocated and *out is untouched).
	 */
	int (*create)(bm_message **out);

	/* Frees the message and everything it owns. Never fails. */
	void (*destroy)(bm_message *msg);

	/* Removes every field, keeping the message usable. Never fails; may
	 * keep or release buffers as the design does. */
	void (*make_empty)(bm_message *msg);

	/*
	 * Appends one item of `size` bytes, copied from `data`, to the field
	 * `name`, creating the field (with `type` and `fixed_size`) when it does
	 * not exist. Returns BM_BAD_TYPE when the field exists with another type,
	 * BM_BAD_VALUE when a fixed-size field's items have another size,
	 * BM_TOO_LARGE past the limits above, BM_NO_MEMORY. May allocate.
	 * Backends that ignore `fixed_size` by design (Message1) say so.
	 */
	int (*add_data)(bm_message *msg, const char *name, size_t name_len,
	                bm_type_code type, const void *data, size_t size,
	                bool fixed_size);

	/*
	 * Finds item `index` of field `name`. `type` is BM_ANY_TYPE or must match
	 * the field's type (else BM_BAD_TYPE). On success *data points into the
	 * message (valid until it next changes) and *size is the item's size.
	 * Returns BM_NAME_NOT_FOUND, BM_BAD_TYPE or BM_BAD_INDEX otherwise, with
	 * the outputs untouched; a backend with BM_BACKEND_CHECKS_ON_READ returns
	 * BM_BAD_DATA when the walk to the item meets one that runs past its
	 * field, or the walk to the field meets a malformed chain or name
	 * (only unflattened input can hold one). Never allocates, but for a
	 * backend with BM_BACKEND_INDEXES_ON_READ (which never fails for it).
	 */
	int (*find_data)(const bm_message *msg, const char *name,
	                 size_t name_len, bm_type_code type, int32_t index,
	                 const void **data, size_t *size);

	/* Reports the type, item count and fixed-size flag of field `name`, or
	 * returns BM_NAME_NOT_FOUND. Never allocates. */
	int (*get_info)(const bm_message *msg, const char *name,
	                size_t name_len, struct bm_field_info *info);

	/* Reports field number `index` in the backend's iteration order
	 * (0 <= index < count_fields), or returns BM_BAD_INDEX; BM_BAD_DATA for
	 * a field whose name is malformed (BM_BACKEND_CHECKS_ON_READ). Never
	 * allocates. */
	int (*field_at)(const bm_message *msg, int32_t index,
	                struct bm_field_info *info);

	/* Number of fields. Never fails. */
	int32_t (*count_fields)(const bm_message *msg);

	/*
	 * Stores in *size the number of bytes flatten will write. Returns BM_OK,
	 * or BM_TOO_LARGE when the flattened message would exceed BM_FLAT_MAX.
	 * Not const: a design may cache the size (Message2 does).
	 */
	int (*flattened_size)(bm_message *msg, size_t *size);

	/*
	 * Writes the message in native_format into buffer[0 .. flattened size).
	 * Returns BM_BUFFER_TOO_SMALL when capacity is less than that size,
	 * BM_TOO_LARGE, or BM_NO_MEMORY when the design needs a temporary buffer.
	 * The caller owns the buffer.
	 */
	int (*flatten)(bm_message *msg, void *buffer, size_t capacity);

	/*
	 * The backend's own reader for native_format, called by bm_unflatten on
	 * an empty message with bytes whose magic is native_format. Every length,
	 * count and offset is checked before use. Returns BM_OK; BM_NOT_A_MESSAGE
	 * or BM_BAD_VALUE for malformed input; BM_NO_MEMORY; or BM_UNSUPPORTED
	 * when the bytes are valid but in a layout this design does not read
	 * itself (bm_unflatten then uses the shared decoder through add_data).
	 * On failure the message is left empty. Sets msg->what on success.
	 */
	int (*unflatten)(bm_message *msg, const void *data, size_t size);

	/* Methods above are valid for version 1. */

	/* Descriptor fields below are valid for version 2 (version 1
	 * backends get the defaults named here). */

	/* What the backend is (default: BM_KIND_HAIKU_2005 when flags has
	 * BM_BACKEND_HAIKU, else BM_KIND_REFERENCE). */
	enum bm_kind kind;
	/* The formats other than native_format that bm_unflatten hands to the
	 * shared decoder and the add path, as BM_FORMAT_BIT()s; any other is
	 * BM_UNSUPPORTED (default: every format the decoder knows). */
	uint32_t decoded_formats;
	/* How unflatten treats a repeated name (default: BM_REPEATED_MERGE). */
	enum bm_repeated_names repeated_names;
	/* BM_KIND_ORIGINAL: the name of the re-creation of the same design,
	 * which the report sets beside it; NULL otherwise (the default). */
	const char *counterpart;

	/* Descriptor fields above are valid for version 2. */
};

/* --- API: status codes ------------------------------------------------------ */

/* Returns the text of a status code ("name not found"), or "unknown status". */
const char *bm_strerror(int status);

/* Returns the symbol of a status code ("BM_NAME_NOT_FOUND"), for tests and
 * diagnostics, or "BM_?" for an unknown value. */
const char *bm_status_name(int status);

/* --- API: the registry -------------------------------------------------------- */

/* Returns the registered backends in table order, and their number in *count. */
const struct bm_ops *const *bm_backends(size_t *count);

/* A backend of impl/backends.list this build does not have (an original
 * whose Haiku tree was not given), and why. */
struct bm_skipped_backend {
	const char *name;
	const char *why;
};

/* Returns the listed backends this build skipped, and their number. */
const struct bm_skipped_backend *bm_skipped_backends(size_t *count);

/* Returns the registered backend called `name`, ignoring case, or NULL. */
const struct bm_ops *bm_find_backend(const char *name);

/* Returns backends[i] whose name is `name` ignoring case, or NULL. */
const struct bm_ops *bm_find_backend_in(const struct bm_ops *const *backends,
                                        size_t count, const char *name);

/*
 * The name rule: 1 to BM_BACKEND_NAME_MAX letters, digits, '_' and '-', and
 * not one of the words the tables use for other columns ("Floor", "Winner",
 * "Test", ignoring case). Writes a one-line reason when it fails.
 */
#define BM_BACKEND_NAME_MAX 32
bool bm_backend_name_valid(const char *name, char *why, size_t why_size);

/*
 * Checks a backend descriptor before anything runs: version, name, summary,
 * native format, the fields of its version and every mandatory slot. Returns
 * true when usable; otherwise writes a one-line reason naming the backend
 * into why[0..why_size).
 */
bool bm_ops_valid(const struct bm_ops *ops, char *why, size_t why_size);

/* Checks backends[0..count): each descriptor, and that no two names are the
 * same ignoring case. What every program runs once at start-up. */
bool bm_backends_valid(const struct bm_ops *const *backends, size_t count,
                       char *why, size_t why_size);

/* --- API: what a backend is (the descriptor, with version defaults) --------- */

enum bm_kind bm_backend_kind(const struct bm_ops *ops);

/* The kind's word ("reference", "haiku", ...), or "?". */
const char *bm_kind_name(enum bm_kind kind);

/* The kind's title for pages ("reference", "Haiku design", ...), or "?". */
const char *bm_kind_title(enum bm_kind kind);

/* The kind of `word` (as bm_kind_name prints it); false when none is. */
bool bm_kind_parse(const char *word, enum bm_kind *kind);

/* True when the kind counts for the Winner column (reference and the 2005
 * designs), and for the Haiku Winner column (the 2005 designs). */
bool bm_kind_competes(enum bm_kind kind);
bool bm_kind_is_haiku(enum bm_kind kind);

/* True when bm_unflatten reads `format` for this backend: natively, or
 * through the shared decoder. */
bool bm_backend_reads(const struct bm_ops *ops, enum bm_format format);

/* True when every allocation of the backend goes through bm_malloc. */
bool bm_backend_uses_bm_alloc(const struct bm_ops *ops);

enum bm_repeated_names bm_backend_repeated_names(const struct bm_ops *ops);

/* --- API: the message wrappers (the only way callers reach a backend) ------- */

/* Creates an empty message of backend `ops` with code `what`. */
int bm_create(const struct bm_ops *ops, uint32_t what, bm_message **out);

/* Destroys a message; NULL is allowed and ignored. */
void bm_destroy(bm_message *msg);

/* Removes every field. */
void bm_make_empty(bm_message *msg);

/* Adds one item; see the add_data slot. `name` is NUL-terminated. */
int bm_add_data(bm_message *msg, const char *name, bm_type_code type,
                const void *data, size_t size, bool fixed_size);

/* AddInt32: a fixed-size BM_INT32_TYPE item of 4 bytes. */
int bm_add_int32(bm_message *msg, const char *name, int32_t value);

/* AddString: a variable-size BM_STRING_TYPE item of strlen(value)+1 bytes. */
int bm_add_string(bm_message *msg, const char *name, const char *value);

/* Finds item `index` of field `name`; see the find_data slot. */
int bm_find_data(const bm_message *msg, const char *name, bm_type_code type,
                 int32_t index, const void **data, size_t *size);

/* FindInt32: copies item `index` of BM_INT32_TYPE field `name` to *value.
 * BM_BAD_VALUE when the item is not 4 bytes. */
int bm_find_int32(const bm_message *msg, const char *name, int32_t index,
                  int32_t *value);

/* FindString: points *value at item `index` of BM_STRING_TYPE field `name`
 * and stores its length without the NUL in *length (may be NULL).
 * BM_BAD_VALUE when the item does not end with a NUL. */
int bm_find_string(const bm_message *msg, const char *name, int32_t index,
                   const char **value, size_t *length);

/* Reports type, count and fixed-size flag of field `name`. */
int bm_get_info(const bm_message *msg, const char *name,
                struct bm_field_info *info);

/* Reports field number `index` in the backend's iteration order. */
int bm_field_at(const bm_message *msg, int32_t index,
                struct bm_field_info *info);

/* Number of fields; 0 for NULL. */
int32_t bm_count_fields(const bm_message *msg);

/* Flattened size in the backend's native format. */
int bm_flattened_size(bm_message *msg, size_t *size);

/* Flattens into buffer[0..capacity); see the flatten slot. */
int bm_flatten(bm_message *msg, void *buffer, size_t capacity);

/*
 * Replaces the content of `msg` with the message in data[0..size), which may
 * be in any format bm_detect_format knows. The backend's native format goes
 * to its own reader (and to the decoder when the reader hands it back as
 * BM_UNSUPPORTED). On failure the message is left empty and valid.
 * Any other format the backend reads (bm_backend_reads) goes through the
 * shared decoders and the add path; the rest is BM_UNSUPPORTED.
 * A flattened message that names a field twice (no writer here makes one)
 * is read as the backend's repeated_names says.
 */
int bm_unflatten(bm_message *msg, const void *data, size_t size);

/* --- API: formats and the shared decoders ------------------------------------ */

/* Detects the format from the first four bytes; BM_FORMAT_UNKNOWN when they
 * are not a known magic or size < 4. */
enum bm_format bm_detect_format(const void *data, size_t size);

/* "R5", "R5-swapped", "HMF1", "HMF1-swapped", "DANO", "DANO-swapped" or
 * "unknown": the names msgdump --json prints. */
const char *bm_format_name(enum bm_format format);

/*
 * What the shared decoders report, in stored order, once the whole input has
 * been validated: begin once, then for each field `field` followed by its
 * `count` items. Item bytes are in host order and are only valid during the
 * call; names are not NUL-terminated. A callback that returns non-zero stops
 * the decoding, and bm_decode returns that value. A NULL callback is
 * skipped.
 */
struct bm_decode_sink {
	int (*begin)(void *ctx, enum bm_format format, uint32_t what);
	int (*field)(void *ctx, const char *name, size_t name_len,
	             bm_type_code type, bool fixed_size, int32_t count);
	int (*item)(void *ctx, const void *data, size_t size);
	void *ctx;
};

/*
 * Decodes a flattened message in any supported format and reports it to
 * `sink`. Checks every length, count and offset before the first callback:
 * malformed input returns BM_NOT_A_MESSAGE or BM_BAD_VALUE with no callback
 * made and nothing left allocated. BM_UNSUPPORTED for swapped Dano.
 */
int bm_decode(const void *data, size_t size, const struct bm_decode_sink *sink);

/* Decodes into `msg` (which must be empty) through bm_add_data. Returns
 * bm_decode's or the add path's status; on failure the caller empties msg. */
int bm_decode_into(bm_message *msg, const void *data, size_t size);

/* bm_field_at, with the field's name also copied, NUL-terminated, into
 * `name` (what a find by that name needs). BM_BAD_VALUE for a name of 0
 * or more than BM_NAME_MAX bytes, else bm_field_at's status. */
int bm_field_named_at(const bm_message *msg, int32_t index,
                      struct bm_field_info *info,
                      char name[BM_NAME_MAX + 1]);

/* Copies `msg` into a new message of backend `ops` through the add path:
 * each field in iteration order, each item read by bm_find_data and added
 * by bm_add_data with the field's type and fixed-size flag. BM_BAD_VALUE
 * for a field name of 0 or more than BM_NAME_MAX bytes, else the first
 * failing call's status; *out is set only on BM_OK. */
int bm_copy(const bm_message *msg, const struct bm_ops *ops,
            bm_message **out);

#endif /* BM_BMSG_H */
