/*
 * descriptor.h - what a backend is: the vtable `struct bm_ops` that each
 * backend exports as one const descriptor, with the contract of every
 * slot, what the descriptor says besides its slots (kind, formats read,
 * allocator, rule for repeated names), and the checks every program runs
 * on the descriptors before anything else. Nothing here names a backend:
 * the report, which links no backend, reads descriptors through this too.
 */
#ifndef BM_DESCRIPTOR_H
#define BM_DESCRIPTOR_H

#include "formats.h"
#include "message.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BM_OPS_VERSION 3

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
/* Names must be UTF-8, as its library's keys are (libbson): add_data
 * refuses a name in other bytes with BM_BAD_VALUE, so an Unflatten of
 * FOB1 or HMF1 bytes holding one fails with it. */
#define BM_BACKEND_UTF8_NAMES 0x100u
/* Every flag a version 2 descriptor may set. */
#define BM_BACKEND_FLAGS                                                   \
	(BM_BACKEND_OWN_ALLOCATOR | BM_BACKEND_UNSAFE_ON_NO_MEMORY |        \
	 BM_BACKEND_UNSAFE_ON_BAD_INPUT | BM_BACKEND_READS_OWN_BYTES_ONLY |  \
	 BM_BACKEND_OWN_FLAT_DIALECT | BM_BACKEND_CHECKS_ON_READ |           \
	 BM_BACKEND_INDEXES_ON_READ | BM_BACKEND_UTF8_NAMES)

/*
 * One const instance per backend, exported by the file impl/backends.list
 * names for it. Slots and descriptor fields are appended only, each under a
 * "valid for version N" marker, and BM_OPS_VERSION grows with every append;
 * a caller asks for the fields of a later version through the bm_backend_*
 * functions below, which give the defaults of older versions.
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
	 * BM_FORMAT_R5 or BM_FORMAT_HMF1 (host byte order), or for a backend
	 * of kind library its library's format (BM_FORMAT_BSON, ...). */
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
	 * an empty message with bytes whose magic is native_format, or, for a
	 * library's format (which has no magic), with any bytes: it refuses
	 * what its library does not validate as its own. Every length,
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

	/* Descriptor fields below are valid for version 3 (older backends:
	 * NULL). */

	/* BM_KIND_LIBRARY: the version of the library the backend runs, as the
	 * library reports it at run time (a Debian update can change it
	 * without a change here), which `bench --list` and the results name;
	 * NULL for every other kind. */
	const char *(*library_version)(void);

	/* Descriptor fields above are valid for version 3. */
};

/* --- The name rule and the checks on descriptors --------------------------- */

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

/* A backend of impl/backends.list this build does not have (an original
 * whose Haiku tree was not given), and why. */
struct bm_skipped_backend {
	const char *name;
	const char *why;
};

/* --- What a backend is (the descriptor, with version defaults) -------------- */

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

/* The library's version of a backend of kind library (its
 * library_version, or "unknown" where the library gives none); NULL for
 * other kinds and for a descriptor older than version 3. */
const char *bm_backend_library_version(const struct bm_ops *ops);

/* The word of the format the backend writes, as `bench --list` and the
 * results' "format" print it: "FOB1", "HMF1", or a library's format
 * ("BSON", "MessagePack"). */
const char *bm_backend_format_word(const struct bm_ops *ops);

/* True when only the backend itself reads its flattened bytes, so that
 * their content is checked by reading them back through it: a dialect of
 * its own (BM_BACKEND_OWN_FLAT_DIALECT) or a library's format, which the
 * shared decoder does not know. */
bool bm_backend_reads_back(const struct bm_ops *ops);

#endif /* BM_DESCRIPTOR_H */
