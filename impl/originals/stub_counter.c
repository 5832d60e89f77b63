/*
 * stub_counter.c - the count of stub calls (originals_internal.h).
 */
#include "originals_internal.h"

#include <stddef.h>

unsigned long bmo_stub_count;
const char *bmo_stub_name;

void
bmo_stub_hit(const char *what)
{
	bmo_stub_count++;
	bmo_stub_name = what;
}
