/*
 * refusal.c - see refusal.h.
 */
#include "refusal.h"

/* One note per thread: the checks run in any thread (instruction mode
 * runs each cell in its own). */
static _Thread_local struct {
	const uint8_t *at;
	const char *expected;
} last;

int
bm__refuse(int status, const void *at, const char *expected)
{
	last.at = at;
	last.expected = expected;
	return status;
}

const uint8_t *
bm__refusal_at(const char **expected)
{
	*expected = last.expected;
	return last.at;
}

void
bm__refusal_forget(void)
{
	last.at = NULL;
	last.expected = NULL;
}
