/*
 * exit_codes.c - the --help lines of the exit status list (exit_codes.h).
 */
#include "exit_codes.h"

void
bench_exit_codes_print(FILE *out)
{
	fputs("Exit status (the most serious that applies):\n", out);
#define BENCH_EXIT_LINE(name, value, text) \
	fprintf(out, "  %d  %s\n", value, text);
	BENCH_EXIT_MAP(BENCH_EXIT_LINE)
#undef BENCH_EXIT_LINE
}
