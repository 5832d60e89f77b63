/*
 * report_io.c - reading an input of the report and writing a file of it
 * (report_internal.h).
 */
#include "report_internal.h"

#include "output_file.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *
report_read_text(const char *path, char *why, size_t why_size)
{
	FILE *stream = fopen(path, "rb");
	if (stream == NULL) {
		bench_say(why, why_size, "%s: %s", path, strerror(errno));
		return NULL;
	}
	size_t length = 0, capacity = 4096;
	char *text = malloc(capacity);
	while (text != NULL) {
		if (length + 1 >= capacity) {
			char *bigger = capacity <= SIZE_MAX / 2
			                       ? realloc(text, capacity * 2)
			                       : NULL;
			if (bigger == NULL) {
				free(text);
				text = NULL;
				break;
			}
			text = bigger;
			capacity *= 2;
		}
		size_t got = fread(text + length, 1, capacity - 1 - length,
		                   stream);
		length += got;
		if (got == 0)
			break;
	}
	bool failed = ferror(stream) != 0;
	fclose(stream);
	if (text == NULL) {
		bench_say(why, why_size, "%s: out of memory", path);
		return NULL;
	}
	if (failed) {
		bench_say(why, why_size, "%s: cannot read", path);
		free(text);
		return NULL;
	}
	if (memchr(text, '\0', length) != NULL) {
		bench_say(why, why_size,
			   "%s: not a text file (NUL byte)", path);
		free(text);
		return NULL;
	}
	text[length] = '\0';
	return text;
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
	return bench_output_write(path, write_text, &content, why,
	                          why_size);
}

char *
report_text(report_text_writer *write, const void *context, size_t *length,
            char *why, size_t why_size)
{
	char *text = NULL;
	size_t size = 0;
	FILE *stream = open_memstream(&text, &size);
	if (stream == NULL) {
		bench_say(why, why_size, "out of memory");
		return NULL;
	}
	bool ok = write(stream, context, why, why_size);
	if (ok && ferror(stream))
		ok = bench_say(why, why_size, "cannot write the text");
	if (fclose(stream) != 0 && ok)
		ok = bench_say(why, why_size, "out of memory");
	if (!ok) {
		free(text);
		return NULL;
	}
	if (length != NULL)
		*length = size;
	return text;
}
