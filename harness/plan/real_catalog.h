/*
 * real_catalog.h - the list of the messages Haiku really sends and stores
 * (harness/README.md §1.5): their names and kinds, in row order, without
 * their content (run/real_messages.h builds and times them). The matrix
 * and the report need the names only.
 */
#ifndef BENCH_REAL_CATALOG_H
#define BENCH_REAL_CATALOG_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The named messages, in row order: X(name, kind, source).
 *   name    in test names ("tSend<name>") and every output
 *   kind    SHAPE: a message Haiku sends (built by shape_<name>);
 *           STORED: a file of tests/data/haiku/ (source is its name)
 * Each shape's builder in real_messages.c cites where Haiku sends it.
 */
#define BENCH_REAL_MESSAGE_LIST(X)                                         \
	X(MouseMoved, SHAPE, NULL)                                         \
	X(MouseWheelChanged, SHAPE, NULL)                                  \
	X(KeyDown, SHAPE, NULL)                                            \
	X(RefsReceived, SHAPE, NULL)                                       \
	X(GetProperty, SHAPE, NULL)                                        \
	X(ReplyFrame, SHAPE, NULL)                                         \
	X(RegisterApp, SHAPE, NULL)                                        \
	X(DragURL, SHAPE, NULL)                                            \
	X(SplashIcons, STORED, "r5-haiku-splash_icons.msg")                \
	X(WebsiteLogin, STORED, "r5-be-mini-Website_Login.msg")            \
	X(ShortcutsSettings, STORED, "hmf1-shortcuts_settings.msg")        \
	X(MailNewIcon, STORED, "hmf1-icon-Mail_New.msg")                   \
	X(NetSurfIcon, STORED, "dano-App_NetSurf_Original.msg")

enum bench_real_kind {
	BENCH_REAL_SHAPE,
	BENCH_REAL_STORED
};

/* One named message of the list: its name, its kind, its stored file
 * (tests/data/haiku/; NULL for a shape) and its place in the list. */
struct bench_real_entry {
	const char *name;
	enum bench_real_kind kind;
	const char *file;
	size_t index;
};

/* Message `index` of the list; NULL past its end. */
const struct bench_real_entry *bench_real_entry(size_t index);

/* Number of named messages; the name and kind of message `index`. */
size_t bench_real_count(void);
const char *bench_real_name(size_t index);
enum bench_real_kind bench_real_kind(size_t index);

/* The index of the message called `name` (exactly); false when none is. */
bool bench_real_find(const char *name, size_t *index);
/* The stored file of message `index` (tests/data/haiku/); NULL for a shape. */
const char *bench_real_file(size_t index);

#endif /* BENCH_REAL_CATALOG_H */
