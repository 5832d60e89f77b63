/*
 * output_gbench.c - the results in the layout Google Benchmark 1.7.1
 * writes with --benchmark_format=json and --benchmark_repetitions=N
 * (its JSONReporter), so that tools made for it (compare.py of
 * libbenchmark-tools, CI dashboards that read its JSON) take them as they
 * are. harness/README.md §6.5 describes the mapping; tests/data/gbench/
 * holds a file written by a real Google Benchmark program, whose keys the
 * tests compare with these.
 *
 * {"context":{"date","host_name","executable","num_cpus","mhz_per_cpu",
 *             "cpu_scaling_enabled","caches":[{"type","level","size",
 *             "num_sharing"}],"load_avg":[3],"library_build_type",
 *             and this suite's own keys, all strings as Google Benchmark's
 *             custom context is: "cpu","compiler","cflags","build_type",
 *             "git_commit","glibc","allocator","bench_version","seed",
 *             "min_time_ms","checksum"},
 *  "benchmarks":[
 *    one per sample of a cell: {"name":"TEST/BACKEND","family_index",
 *      "per_family_instance_index":0,"run_name":"TEST/BACKEND",
 *      "run_type":"iteration","repetitions","repetition_index",
 *      "threads":1,"iterations":ops_per_sample,"real_time","cpu_time",
 *      "time_unit":"ns"},
 *    then the cell's aggregates "TEST/BACKEND_mean", "_median", "_stddev"
 *      and "_cv" (run_type "aggregate", aggregate_name, aggregate_unit
 *      "time", or "percentage" for cv; iterations = the sample count;
 *      no repetition_index), ...]}
 *
 * Cells come in row order, each row's backends in column order and its
 * Floor ("TEST/Floor") last; each cell is a benchmark family of its own.
 * real_time is the sample's wall time per operation, cpu_time the
 * thread's CPU time over the same batches (harness/README.md §3.3). A
 * failed cell is one entry per repetition with "error_occurred":true and
 * "error_message", no figures (0) and no aggregates, as Google Benchmark
 * writes a benchmark that called SkipWithError.
 */
#include "output.h"

#include "json_file.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Google Benchmark writes its date in local time with the offset:
 * "2026-12-01T09:25:34+00:00"; the context holds UTC with a 'Z'. */
static json_t *
date_json(const char *date)
{
	char out[40];
	size_t length = strlen(date);
	if (length > 0 && length < 32 && date[length - 1] == 'Z')
		snprintf(out, sizeof out, "%.*s+00:00", (int)(length - 1), date);
	else
		snprintf(out, sizeof out, "%s", date);
	return bench_json_text(out);
}

static json_t *
context_json(const struct bench_results *results)
{
	const struct bench_context *context = &results->context;
	const struct bench_options *options = results->options;
	json_t *object = json_object();
	bench_json_put(object, "date", date_json(context->date));
	bench_json_put(object, "host_name",
		       bench_json_text(context->host_name));
	bench_json_put(object, "executable",
		       bench_json_text(context->executable));
	bench_json_put(object, "num_cpus", json_integer(context->cores));
	bench_json_put(object, "mhz_per_cpu",
		       json_integer((json_int_t)context->mhz_per_cpu));
	bench_json_put(object, "cpu_scaling_enabled",
		       json_boolean(context->cpu_scaling));
	json_t *caches = json_array();
	for (size_t i = 0; i < context->cache_count; i++) {
		const struct bench_cache *cache = &context->caches[i];
		json_t *entry = json_object();
		bench_json_put(entry, "type", bench_json_text(cache->type));
		bench_json_put(entry, "level", json_integer(cache->level));
		bench_json_put(entry, "size",
			       json_integer((json_int_t)cache->size));
		bench_json_put(entry, "num_sharing",
			       json_integer(cache->num_sharing));
		json_array_append_new(caches, entry);
	}
	bench_json_put(object, "caches", caches);
	json_t *load = json_array();
	for (size_t i = 0; i < 3 && context->load_avg[0] >= 0; i++)
		json_array_append_new(load, json_real(context->load_avg[i]));
	bench_json_put(object, "load_avg", load);
	/* Google Benchmark says how its own library was built; here, how
	 * bench was. */
	bench_json_put(object, "library_build_type",
	    json_string(strcmp(context->build_type, "Debug") == 0 ? "debug"
	                                                          : "release"));
	/* This suite's own context, as strings (custom context). */
	bench_json_put(object, "cpu", bench_json_text(context->cpu));
	bench_json_put(object, "compiler", bench_json_text(context->compiler));
	bench_json_put(object, "cflags", bench_json_text(context->cflags));
	bench_json_put(object, "build_type",
		       bench_json_text(context->build_type));
	bench_json_put(object, "git_commit",
		       bench_json_text(context->git_commit));
	bench_json_put(object, "glibc", bench_json_text(context->glibc));
	const char *allocator =
		results->allocator != NULL ? results->allocator : "unknown";
	bench_json_put(object, "allocator", bench_json_text(allocator));
	bench_json_put(object, "bench_version",
		       bench_json_text(context->version));
	char number[64];
	snprintf(number, sizeof number, "%llu",
	         (unsigned long long)options->seed);
	bench_json_put(object, "seed", json_string(number));
	snprintf(number, sizeof number, "%g", options->min_time_ms);
	bench_json_put(object, "min_time_ms", json_string(number));
	snprintf(number, sizeof number, "0x%016llx",
	         (unsigned long long)results->checksum);
	bench_json_put(object, "checksum", json_string(number));
	return object;
}

/* The keys every entry of a benchmark starts with. */
static json_t *
entry_json(const char *name, const char *run_name, size_t family,
           const char *run_type, unsigned repetitions)
{
	json_t *entry = json_object();
	bench_json_put(entry, "name", bench_json_text(name));
	bench_json_put(entry, "family_index", json_integer((json_int_t)family));
	bench_json_put(entry, "per_family_instance_index", json_integer(0));
	bench_json_put(entry, "run_name", bench_json_text(run_name));
	bench_json_put(entry, "run_type", json_string(run_type));
	bench_json_put(entry, "repetitions", json_integer(repetitions));
	return entry;
}

static void
put_times(json_t *entry, json_int_t iterations, double real_time,
          double cpu_time)
{
	bench_json_put(entry, "iterations", json_integer(iterations));
	bench_json_put(entry, "real_time", json_real(real_time));
	bench_json_put(entry, "cpu_time", json_real(cpu_time));
	bench_json_put(entry, "time_unit", json_string("ns"));
}

/* The four statistics Google Benchmark computes over repetitions: mean,
 * median (the mean of the middle two for an even count), the sample
 * standard deviation (n - 1) and its ratio to the mean. */
struct spread {
	double mean, median, stddev, cv;
};

static struct spread
spread_of(const double *values, size_t count, double *scratch)
{
	struct spread out = {0};
	if (values == NULL || count == 0)
		return out;
	double sum = 0;
	for (size_t i = 0; i < count; i++)
		sum += values[i];
	out.mean = sum / (double)count;
	memcpy(scratch, values, count * sizeof *scratch);
	out.median = bench_median(scratch, count);
	if (count > 1) {
		double squares = 0;
		for (size_t i = 0; i < count; i++)
			squares += (values[i] - out.mean) * (values[i] - out.mean);
		out.stddev = sqrt(squares / (double)(count - 1));
		out.cv = out.mean != 0 ? out.stddev / out.mean : 0;
	}
	return out;
}

static bool
add_cell(json_t *list, const struct bench_results *results,
         const struct bench_row *row, const struct bench_cell_result *cell,
         const char *label, size_t family)
{
	char name[256];
	snprintf(name, sizeof name, "%s/%s", row->test.name, label);
	unsigned repetitions = results->options->repetitions;
	/* No benchmark ran: nothing to report. */
	if (cell->not_applicable)
		return true;
	if (cell->failed) {
		for (unsigned k = 0; k < repetitions; k++) {
			json_t *entry = entry_json(name, name, family, "iteration",
			                           repetitions);
			bench_json_put(entry, "repetition_index",
				       json_integer(k));
			bench_json_put(entry, "threads", json_integer(1));
			bench_json_put(entry, "error_occurred", json_true());
			bench_json_put(entry, "error_message",
				       bench_json_text(cell->error));
			put_times(entry, 0, 0, 0);
			json_array_append_new(list, entry);
		}
		return true;
	}
	size_t count = cell->sample_count;
	for (size_t k = 0; k < count; k++) {
		json_t *entry = entry_json(name, name, family, "iteration",
		                           (unsigned)count);
		bench_json_put(entry, "repetition_index",
			       json_integer((json_int_t)k));
		bench_json_put(entry, "threads", json_integer(1));
		put_times(entry, (json_int_t)cell->ops_per_sample,
		          cell->samples[k],
		          cell->cpu_samples != NULL ? cell->cpu_samples[k] : 0);
		json_array_append_new(list, entry);
	}
	if (count == 0)
		return true;
	double *scratch = calloc(count, sizeof *scratch);
	if (scratch == NULL)
		return false;
	struct spread real = spread_of(cell->samples, count, scratch);
	struct spread cpu = spread_of(cell->cpu_samples, count, scratch);
	free(scratch);
	const struct {
		const char *name;
		const char *unit;
		double real, cpu;
	} aggregates[] = {
		{"mean", "time", real.mean, cpu.mean},
		{"median", "time", real.median, cpu.median},
		{"stddev", "time", real.stddev, cpu.stddev},
		{"cv", "percentage", real.cv, cpu.cv},
	};
	for (size_t a = 0; a < sizeof aggregates / sizeof aggregates[0]; a++) {
		char aggregate[300];
		snprintf(aggregate, sizeof aggregate, "%s_%s", name,
		         aggregates[a].name);
		json_t *entry = entry_json(aggregate, name, family, "aggregate",
		                           (unsigned)count);
		bench_json_put(entry, "threads", json_integer(1));
		bench_json_put(entry, "aggregate_name",
			       json_string(aggregates[a].name));
		bench_json_put(entry, "aggregate_unit",
			       json_string(aggregates[a].unit));
		put_times(entry, (json_int_t)count, aggregates[a].real,
		          aggregates[a].cpu);
		json_array_append_new(list, entry);
	}
	return true;
}

bool
bench_write_gbench(FILE *stream, const struct bench_results *results,
                   enum bench_unit unit)
{
	(void)unit; /* never scaled: ns always, as Google Benchmark writes */
	json_t *root = json_object();
	bench_json_put(root, "context", context_json(results));
	json_t *list = json_array();
	bool ok = true;
	size_t family = 0;
	for (size_t r = 0; r < results->row_count && ok; r++) {
		const struct bench_row *row = &results->rows[r];
		for (size_t b = 0; b < results->backend_count && ok; b++)
			ok = add_cell(list, results, row, &row->cells[b],
			              results->backends[b]->name, family++);
		if (row->has_floor && ok)
			ok = add_cell(list, results, row, &row->floor, "Floor",
			              family++);
	}
	bench_json_put(root, "benchmarks", list);
	int rc = ok ? json_dumpf(root, stream,
	                         JSON_INDENT(2) | JSON_REAL_PRECISION(15))
	            : -1;
	json_decref(root);
	if (rc != 0)
		return false;
	fputc('\n', stream);
	return !ferror(stream);
}
