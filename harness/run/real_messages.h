/*
 * real_messages.h - the messages Haiku really sends and stores, as named
 * workloads (harness/README.md §1.5): the shapes a running system sends
 * between teams (tSend<Shape>, tReceive<Shape>) and stored files of
 * tests/data/haiku/ (tLoad<File>, tSave<File>).
 *
 * A message's content is a tree held in the harness's own memory (malloc,
 * never bm_malloc): its `what`, then its fields in order, each with its
 * type, the fixed-size flag Haiku's adder gives it, and its items; an item
 * of type B_MESSAGE_TYPE is a nested message, a tree again. The shapes are
 * built by code that cites the Haiku source each comes from; a stored file
 * is decoded by the shared decoder, nested messages recursively.
 */
#ifndef BENCH_REAL_MESSAGES_H
#define BENCH_REAL_MESSAGES_H

#include "bmsg.h"
#include "real_catalog.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>


struct bench_real_message;

struct bench_real_item {
	unsigned char *bytes;               /* NULL for a nested message in an
	                                     * expected tree */
	size_t size;
	struct bench_real_message *nested;  /* B_MESSAGE_TYPE items */
};

struct bench_real_field {
	char *name;
	bm_type_code type;
	bool fixed_size;
	size_t count;
	size_t capacity;
	struct bench_real_item *items;
};

struct bench_real_message {
	uint32_t what;
	enum bm_format format;              /* decoded trees: as read */
	size_t count;
	size_t capacity;
	struct bench_real_field *fields;
};


/* Builds the content of message `index`; NULL when out of memory or when
 * the stored file does not decode (a reason is written). */
struct bench_real_message *bench_real_build(size_t index, char *why,
                                            size_t why_size);
void bench_real_free(struct bench_real_message *msg);

/* The size of the content in HMF1 (impl/README.md §4.4), nested messages
 * as HMF1 too: what the Floor of every real row copies. */
size_t bench_real_hmf1_size(const struct bench_real_message *msg);

/* True when some item, at any depth, is variable-size (a nested message
 * always is). */
bool bench_real_has_variable_items(const struct bench_real_message *msg);

/* The most items one field holds, at any depth. */
size_t bench_real_max_items(const struct bench_real_message *msg);

/*
 * Reads flattened bytes into a tree: through the shared decoder, nested
 * messages decoded in turn, or, for a backend whose bytes are its own
 * dialect (BM_BACKEND_OWN_FLAT_DIALECT), through that backend's Unflatten
 * and iteration. BM_OK or the first failing status.
 */
int bench_real_read_flat(const void *bytes, size_t size,
                         const struct bm_ops *dialect,
                         struct bench_real_message **out);

/* Reads a backend's message into a tree through the bm_* API: by
 * iteration when `names` is NULL, otherwise the fields of `names` found
 * by name (a receiver's reads). Nested messages are unflattened with the
 * same backend. */
int bench_real_read_message(const bm_message *msg,
                            const struct bench_real_message *names,
                            struct bench_real_message **out);

/* True when `got` holds exactly the content of `expected` (field order
 * and the fixed-size flag are the design's business); otherwise writes
 * why. When `format` is not BM_FORMAT_UNKNOWN every message of `got`
 * (nested ones included) must have been read in it. */
bool bench_real_equal(const struct bench_real_message *expected,
                      const struct bench_real_message *got,
                      enum bm_format format, char *why, size_t why_size);

/*
 * What the real rows time, for one operation (operations.c calls these):
 *   bench_real_send     create a message of `backend`, add the content
 *                       (each nested message built the same way, flattened
 *                       with the backend's Flatten into `scratch` and added
 *                       as a B_MESSAGE_TYPE item, as AddMessage does),
 *                       flatten it into `flat`, destroy it; *flat_size is
 *                       the size written. When `grow` is true scratch and
 *                       flat grow as needed (untimed use only).
 *   bench_real_receive  unflatten `bytes` into a new message, find every
 *                       field and item of `content` by name (nested ones
 *                       unflattened in turn), destroy;
 *   bench_real_load     unflatten `bytes`, read every field and item by
 *                       iteration (nested ones unflattened in turn),
 *                       destroy.
 * Each returns the checksum of what it did (statuses, sizes, last bytes).
 */
struct bench_real_buffer {
	unsigned char *bytes;
	size_t capacity;
};

uint64_t bench_real_send(const struct bm_ops *backend,
                         const struct bench_real_message *content,
                         struct bench_real_buffer *scratch,
                         struct bench_real_buffer *flat, bool grow,
                         size_t *flat_size);
uint64_t bench_real_receive(const struct bm_ops *backend,
                            const struct bench_real_message *content,
                            const void *bytes, size_t size);
uint64_t bench_real_load(const struct bm_ops *backend, const void *bytes,
                         size_t size);

/* The checksum bench_real_receive (field_counts false) and
 * bench_real_load (true) return for bytes that decode to `read` (a tree
 * read from them: nested items with the bytes read). */
uint64_t bench_real_read_checksum(const struct bench_real_message *read,
                                  bool field_counts);

#endif /* BENCH_REAL_MESSAGES_H */
