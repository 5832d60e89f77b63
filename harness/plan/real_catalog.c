/*
 * real_catalog.c - the named real messages, in row order (real_catalog.h).
 */
#include "real_catalog.h"

#include <string.h>

/* The entries, numbered in list order. */
enum {
#define REAL_INDEX(name_, kind_, file_) REAL_INDEX_##name_,
	BENCH_REAL_MESSAGE_LIST(REAL_INDEX)
#undef REAL_INDEX
	ENTRY_COUNT
};

static const struct bench_real_entry entries[ENTRY_COUNT] = {
#define REAL_ENTRY(name_, kind_, file_)                                    \
	{.name = #name_, .kind = BENCH_REAL_##kind_, .file = file_,        \
	 .index = REAL_INDEX_##name_},
	BENCH_REAL_MESSAGE_LIST(REAL_ENTRY)
#undef REAL_ENTRY
};

const struct bench_real_entry *
bench_real_entry(size_t index)
{
	return index < ENTRY_COUNT ? &entries[index] : NULL;
}

size_t
bench_real_count(void)
{
	return ENTRY_COUNT;
}

const char *
bench_real_name(size_t index)
{
	return index < ENTRY_COUNT ? entries[index].name : "?";
}

enum bench_real_kind
bench_real_kind(size_t index)
{
	return index < ENTRY_COUNT ? entries[index].kind : BENCH_REAL_SHAPE;
}

bool
bench_real_find(const char *name, size_t *index)
{
	for (size_t i = 0; name != NULL && i < ENTRY_COUNT; i++) {
		if (strcmp(name, entries[i].name) == 0) {
			*index = i;
			return true;
		}
	}
	return false;
}

const char *
bench_real_file(size_t index)
{
	return index < ENTRY_COUNT ? entries[index].file : NULL;
}
