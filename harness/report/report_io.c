/*
 * report_io.c - writing a file of the report (report_internal.h).
 */
#include "report_internal.h"

#include "output_file.h"

#include <stdio.h>

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
	return bench_output_write(path, write_text, &content, why,
	                          why_size);
}
