/*
 * say.h - the one-line reason of a failure, written into the caller's
 * buffer (every `why`/`why_size` pair of the harness).
 */
#ifndef BENCH_SAY_H
#define BENCH_SAY_H

#include <stdbool.h>
#include <stddef.h>

#if defined(__GNUC__)
#define BENCH_PRINTF(format_index, first_argument) \
	__attribute__((format(printf, format_index, first_argument)))
#else
#define BENCH_PRINTF(format_index, first_argument)
#endif

/* vsnprintf into why; returns false, so that a refusal is
 * `return bench_say(why, why_size, ...);`. */
bool bench_say(char *why, size_t why_size, const char *format, ...)
	BENCH_PRINTF(3, 4);

#endif /* BENCH_SAY_H */
