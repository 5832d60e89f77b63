/*
 * output_trackers.c - a results file in the formats that regression
 * trackers read (harness/README.md §6.7):
 *
 * - bmf: Bencher Metric Format, one object whose keys are the benchmarks
 *   "TEST/BACKEND" (the Floor's "TEST/Floor"), each holding its measures:
 *   "latency" for a timing run (value the median in ns, lower_value and
 *   upper_value the median minus and plus the MAD, the lower one no less
 *   than 0) or "instructions" for a counted run (value the count per
 *   operation), and "flat_bytes" (value the flattened size, or the bytes
 *   the Floor copies) where the file has it. One file holds one run.
 * - github-action: github-action-benchmark's customSmallerIsBetter, an
 *   array of {"name": "TEST/BACKEND", "unit": "ns" or "instructions",
 *   "value": the median, "range": "± MAD" (timing runs), "extra": what
 *   else is known, as text}, one entry per cell.
 *
 * Failed and n/a cells have no figure, so no entry. Both are made from
 * the file as results_read.h reads it, so that a run, a counted run of
 * read-callgrind and each version of `bench history` map alike: the
 * writers of the format table render the run as JSON first and read that.
 * tests/data/trackers/ holds the schemas the tests check them against.
 */
#include "output.h"

#include "json_file.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "TEST/BACKEND" of a row's column. */
static void
benchmark_name(const struct bench_run_file *run,
               const struct bench_file_row *row, size_t column, char *out,
               size_t out_size)
{
	snprintf(out, out_size, "%s/%s", row->test,
	         bench_run_file_column_name(run, column));
}

static bool
is_time(const struct bench_run_file *run)
{
	return strcmp(run->unit, "ns") == 0;
}

/* One benchmark's measures in BMF. */
static json_t *
bmf_measures(const struct bench_run_file *run,
             const struct bench_file_cell *cell)
{
	json_t *measures = json_object();
	json_t *metric = json_object();
	bench_json_put(metric, "value", json_real(cell->median));
	if (is_time(run)) {
		/* A latency below zero means nothing: the band stops there. */
		double lower = cell->median - cell->mad;
		bench_json_put(metric, "lower_value",
		               json_real(lower > 0 ? lower : 0));
		bench_json_put(metric, "upper_value",
		               json_real(cell->median + cell->mad));
	}
	bench_json_put(measures, is_time(run) ? "latency" : "instructions",
	               metric);
	if (cell->flat_bytes >= 0) {
		json_t *bytes = json_object();
		bench_json_put(bytes, "value",
		               json_integer((json_int_t)cell->flat_bytes));
		bench_json_put(measures, "flat_bytes", bytes);
	}
	return measures;
}

/* What github-action-benchmark shows in a point's tooltip. */
static json_t *
action_extra(const struct bench_run_file *run,
             const struct bench_file_cell *cell)
{
	char text[256];
	int used = snprintf(text, sizeof text, "%s",
	                    is_time(run) ? "median of the samples, range its "
	                                   "MAD"
	                                 : "instructions per operation "
	                                   "(callgrind)");
	if (cell->flat_bytes >= 0 && used > 0 && (size_t)used < sizeof text)
		snprintf(text + used, sizeof text - (size_t)used,
		         "\nflat bytes: %lld", cell->flat_bytes);
	return bench_json_text(text);
}

/* One github-action-benchmark entry. */
static json_t *
action_entry(const struct bench_run_file *run, const char *name,
             const struct bench_file_cell *cell)
{
	json_t *entry = json_object();
	bench_json_put(entry, "name", bench_json_text(name));
	bench_json_put(entry, "unit", bench_json_text(run->unit));
	bench_json_put(entry, "value", json_real(cell->median));
	if (is_time(run)) {
		char range[64];
		snprintf(range, sizeof range, "± %.6g", cell->mad);
		bench_json_put(entry, "range", bench_json_text(range));
	}
	bench_json_put(entry, "extra", action_extra(run, cell));
	return entry;
}

json_t *
bench_tracker_document(const struct bench_run_file *run,
                       enum bench_format format)
{
	bool bmf = format == BENCH_FORMAT_BMF;
	json_t *root = bmf ? json_object() : json_array();
	for (size_t r = 0; root != NULL && r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		for (size_t b = 0; b <= run->backend_count; b++) {
			const struct bench_file_cell *cell =
				bench_file_row_cell(run, row, b);
			if (!bench_file_cell_has_figure(cell))
				continue;
			char name[256];
			benchmark_name(run, row, b, name, sizeof name);
			if (bmf)
				bench_json_put(root, name, bmf_measures(run, cell));
			else
				json_array_append_new(root,
				                      action_entry(run, name, cell));
		}
	}
	return root;
}

/* The run as its JSON file holds it, read back. */
static bool
read_back(const struct bench_results *results, struct bench_run_file *run)
{
	char *text = NULL;
	size_t length = 0;
	FILE *memory = open_memstream(&text, &length);
	if (memory == NULL)
		return false;
	bool ok = bench_write_json(memory, results, BENCH_UNIT_NS);
	ok = fclose(memory) == 0 && ok;
	char why[512];
	ok = ok && bench_run_file_load_text("the run", text, length,
	                                    BENCH_READ_MEASURED, run, why,
	                                    sizeof why);
	free(text);
	return ok;
}

static bool
write_tracker(FILE *stream, const struct bench_results *results,
              enum bench_format format)
{
	struct bench_run_file run;
	if (!read_back(results, &run))
		return false;
	json_t *root = bench_tracker_document(&run, format);
	bool ok = root != NULL && bench_json_dump(stream, root);
	json_decref(root);
	bench_run_file_free(&run);
	return ok;
}

bool
bench_write_bmf(FILE *stream, const struct bench_results *results,
                enum bench_unit unit)
{
	(void)unit; /* always ns, as the JSON */
	return write_tracker(stream, results, BENCH_FORMAT_BMF);
}

bool
bench_write_github_action(FILE *stream, const struct bench_results *results,
                          enum bench_unit unit)
{
	(void)unit;
	return write_tracker(stream, results, BENCH_FORMAT_GITHUB_ACTION);
}
