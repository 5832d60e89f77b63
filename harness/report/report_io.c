/*
 * report_io.c - what every part of the report uses to say why it failed
 * and to write a file (report_internal.h).
 */
#include "report_internal.h"

#include "atomic_file.h"

#include <stdarg.h>
#include <stdio.h>

void
report_say(char *why, size_t why_size, const char *format, ...)
{
	va_list args;
	va_start(args, format);
	vsnprintf(why, why_size, format, args);
	va_end(args);
}

struct text {
	const char *bytes;
	size_t length;
};

static bool
write_text(FILE *stream, const void *ctx)
{
	const struct text *text = ctx;
	return fwrite(text->bytes, 1, text->length, stream) == text->length;
}

bool
report_write_file(const char *path, const char *text, size_t length,
                  char *why, size_t why_size)
{
	struct text content = {text, length};
	return bench_write_file_atomically(path, write_text, &content, why,
	                                   why_size);
}
