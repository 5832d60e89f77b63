/*
 * output.c - choosing the format, and writing a file safely (see
 * output.h).
 */
#include "output.h"

#include "output_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool
bench_write_results(FILE *stream, const struct bench_results *results,
                    enum bench_format format, enum bench_unit unit)
{
	bool ok = false;
	switch (format) {
	case BENCH_FORMAT_MD:
		ok = bench_write_table(stream, results, true, unit);
		break;
	case BENCH_FORMAT_TEXT:
		ok = bench_write_table(stream, results, false, unit);
		break;
	case BENCH_FORMAT_CSV:
		ok = bench_write_csv(stream, results, unit);
		break;
	case BENCH_FORMAT_JSON:
		ok = bench_write_json(stream, results);
		break;
	case BENCH_FORMAT_GBENCH:
		ok = bench_write_gbench(stream, results);
		break;
	}
	return ok && fflush(stream) == 0 && !ferror(stream);
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
	struct results_file file = {results, format, unit};
	return bench_output_write(path, write_results, &file, why,
	                          why_size);
}
