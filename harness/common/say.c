/*
 * say.c - the one-line reason of a failure (say.h).
 */
#include "say.h"

#include <stdarg.h>
#include <stdio.h>

bool
bench_say(char *why, size_t why_size, const char *format, ...)
{
	va_list arguments;
	va_start(arguments, format);
	vsnprintf(why, why_size, format, arguments);
	va_end(arguments);
	return false;
}
