/*
 * msgdump.c - prints a flattened BMessage from disk; see harness/dump.h and
 * `msgdump --help`. The whole program is msgdump_main, so that the tests
 * run it in process.
 */
#include "dump.h"

#include <stdio.h>

int
main(int argc, char **argv)
{
	return msgdump_main(argc, argv, stdout, stderr);
}
