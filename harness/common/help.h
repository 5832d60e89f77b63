/*
 * help.h - the one rule of -h and --help: every command (bench, each of
 * its subcommands, msgdump) given either anywhere among its arguments
 * prints its usage on stdout, exits 0 and does nothing else.
 */
#ifndef BENCH_HELP_H
#define BENCH_HELP_H

#include <stdbool.h>
#include <string.h>

/* True when argv[1..argc) holds -h or --help. */
static inline bool
bench_asks_help(int argc, char *const *argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
			return true;
	}
	return false;
}

#endif /* BENCH_HELP_H */
