/*
 * msgdump_main.c - prints a flattened BMessage from disk; see msgdump.h and
 * `msgdump --help`. The whole program is msgdump_main, so that the tests
 * run it in process.
 */
#include "msgdump.h"

#include <stdio.h>

int
main(int argc, char **argv)
{
	return msgdump_main(argc, argv, stdout, stderr);
}
