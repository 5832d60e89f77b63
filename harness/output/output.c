/*
 * output.c - choosing the format, and writing a file safely (see
 * output.h).
 */
#include "output.h"

#include "output_file.h"
#include "say.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef bool writer_fn(FILE *stream, const struct bench_results *results,
                       enum bench_unit unit);

static writer_fn *const writers[] = {
#define WRITER_ROW(format, writer) [format] = writer,
	BENCH_WRITER_TABLE(WRITER_ROW)
#undef WRITER_ROW
};

/* Every format of BENCH_FORMAT_LIST has a row of BENCH_WRITER_TABLE. */
#define COUNT_ROW(...) +1
enum {
	FORMAT_COUNT = 0 BENCH_FORMAT_LIST(COUNT_ROW),
	WRITER_COUNT = 0 BENCH_WRITER_TABLE(COUNT_ROW)
};
#undef COUNT_ROW
_Static_assert(FORMAT_COUNT == WRITER_COUNT &&
               sizeof writers / sizeof writers[0] == FORMAT_COUNT,
               "BENCH_WRITER_TABLE needs one row per format");

bool
bench_write_results(FILE *stream, const struct bench_results *results,
                    enum bench_format format, enum bench_unit unit)
{
	if ((unsigned)format >= FORMAT_COUNT || writers[format] == NULL)
		return false;
	return writers[format](stream, results, unit) && fflush(stream) == 0 &&
	       !ferror(stream);
}

struct results_file {
	const struct bench_results *results;
	enum bench_format format;
	enum bench_unit unit;
};

static bool
write_results(FILE *stream, const void *ctx)
{
	const struct results_file *file = ctx;
	return bench_write_results(stream, file->results, file->format,
	                           file->unit);
}

bool
bench_write_results_file(const char *path, const struct bench_results *results,
                         enum bench_format format, enum bench_unit unit,
                         char *why, size_t why_size)
{
	struct bench_results_file file = {path, format};
	return bench_write_results_set(&file, 1, results, unit, why, why_size);
}

bool
bench_write_results_set(const struct bench_results_file *files, size_t count,
                        const struct bench_results *results,
                        enum bench_unit unit, char *why, size_t why_size)
{
	struct results_file *contents = calloc(count + 1, sizeof *contents);
	struct bench_output_part *parts = calloc(count + 1, sizeof *parts);
	bool ok = contents != NULL && parts != NULL;
	if (!ok)
		bench_say(why, why_size, "out of memory");
	for (size_t i = 0; ok && i < count; i++) {
		contents[i] = (struct results_file){results, files[i].format,
		                                    unit};
		parts[i] = (struct bench_output_part){files[i].path,
		                                      write_results,
		                                      &contents[i]};
	}
	ok = ok && bench_output_write_set(parts, count, why, why_size);
	free(parts);
	free(contents);
	return ok;
}
