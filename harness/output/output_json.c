/*
 * output_json.c - the results as JSON, for tools (built and written with
 * jansson). Always nanoseconds. Layout (schema 6; harness/README.md §6.3 has
 * what changed from the older schemas, which results_read.c still reads):
 *
 * {"schema":6, "unit":"ns",
 *  "context":{"date","cpu","cores","compiler","compiler_version",
 *             "cflags","build_type",
 *             "sanitize","git_commit","glibc","glibc_tunables" (the
 *             process's GLIBC_TUNABLES, or null),"version",
 *             "injected_regression" (a test-only build's, or null),
 *             "measure","clock",
 *             "clock_resolution_ns","wall_seconds","load_avg","allocator",
 *             "allocator_name","allocator_version","allocator_library",
 *             "retake_off_cpu_fraction","retakes_max","retaken_samples",
 *             "disturbed_samples",
 *             "options":{"all","filter","backends","sizes","repetitions",
 *                        "min_time_ms","seed","quick"},
 *             "checksum":"0x..."},
 *  "backends":[{"name","kind","format","summary"[,"counterpart"]
 *               [,"library_version"]}, ...],
 *  "rows":[{"test","operation",
 *           "workload":{"type","items"} or {"message"},
 *           "cells":{"<backend>":{"median","min","mad","samples":[...],
 *                                 "cpu_samples":[...],
 *                                 "allocs_per_op","flat_bytes","flat_digest",
 *                                 "ops_per_sample","rounds_per_sample",
 *                                 "retaken_samples","disturbed_samples"},
 *                    "Floor":{"median","min","mad","samples","bytes",
 *                             "ops_per_sample",...}},
 *           "winner", "winner_confidence", "haiku_winner",
 *           "haiku_winner_confidence",
 *           "vs_winner":{"<proposal>":{"ratio","holds","floor_ratio",
 *                                      "confidence"}}}, ...],
 *  "sizes":{"compressor":"zstd","version","level",
 *           "messages":[{"layout","workload","hmf1_bytes",
 *                        "cells":{"<backend>":{"flat_bytes","zstd_bytes"}
 *                                 or {"error"}}}, ...]}}
 *
 * "kind" is bm_kind_name's word (reference, haiku, original, proposal,
 * library): Winner is decided over the kinds that compete, Haiku Winner
 * over the Haiku ones (bmsg.h). A library's entry names the version of
 * the library the run used (an optional key: older files lack it). A
 * matrix workload is the 2005 (type, N) pair; a named message is
 * {"message": its name}.
 * A sample is rounds_per_sample timed batches (more than one only where
 * each operation needs a fresh message). cpu_samples are the thread's CPU
 * time over the whole sample per operation, in sample order: its rounds'
 * preparation and release included, so there it exceeds the time of
 * the operations (harness/README.md §3.3); absent when not measured.
 * retaken_samples counts samples thrown away because the process was
 * preempted during them; disturbed_samples the kept samples that were
 * preempted all the same (after BENCH_RETAKES_MAX retakes).
 * A failed cell is {"error":"one-line reason"}; a cell whose operation
 * does not apply to its backend is {"not_applicable":"one-line reason"}. flat_bytes is null outside
 * the Flatten and Unflatten rows; Lookup rows have no "Floor". A winner is
 * a backend name, "-" for a tie, or null when no backend could win; its
 * confidence (harness/README.md §4.3) is a share from 0 to 1, or null for
 * a tie, a lone candidate or no winner. vs_winner holds each proposal's
 * standing (bench_standing): its median over the best competing one, whether
 * it holds the row, its median over the Floor's on a row judged by the
 * Floor (else null), and the confidence of that verdict (null for a tie);
 * a proposal with no standing on the row is absent from it.
 *
 * "sizes" (from schema 6, in a timing run; harness/README.md §2.5) holds
 * every message the run's tests use, once: its layout
 * (bench_layout_word), its workload as a row's, its size in HMF1 computed
 * from the format, and per backend the bytes its Flatten wrote and those
 * compressed by zstd at "level".
 *
 * With --measure instructions (instructions.h), "unit" is "instructions",
 * context.measure says so, and a cell has no figures yet: instead of
 * "median", "min", "mad" and "samples" it has "dump", the name of its
 * callgrind dump, and the winners are null. `bench read-callgrind` fills
 * them in (read_callgrind.c), and adds context "callgrind", "counted"
 * and, when it checked the glibc pin, "glibc_pin" (glibc_pin.h).
 */
#include "output.h"

#include "json_file.h"


#include <jansson.h>
#include <string.h>

static json_t *
number_or_integer(double value)
{
	if (value == (double)(json_int_t)value)
		return json_integer((json_int_t)value);
	return json_real(value);
}

static json_t *
options_json(const struct bench_results *results)
{
	const struct bench_options *options = results->options;
	json_t *object = json_object();
	bench_json_put(object, "all", json_boolean(options->all));
	bench_json_put(object, "filter", options->has_filter
	                              ? bench_json_text(options->filter_text)
	                              : json_null());
	json_t *backends = json_array();
	for (size_t b = 0; b < results->backend_count; b++)
		json_array_append_new(backends,
		                      json_string(results->backends[b]->name));
	bench_json_put(object, "backends", backends);
	json_t *sizes = json_array();
	for (size_t s = 0; s < options->size_count; s++)
		json_array_append_new(sizes,
		                      json_integer((json_int_t)options->sizes[s]));
	bench_json_put(object, "sizes", sizes);
	bench_json_put(object, "repetitions",
		       json_integer(options->repetitions));
	bench_json_put(object, "min_time_ms", json_real(options->min_time_ms));
	bench_json_put(object, "seed", json_integer((json_int_t)options->seed));
	bench_json_put(object, "quick", json_boolean(options->quick));
	return object;
}

/* A figure of conditions.h, or null where it could not be read. */
static json_t *
figure_or_null(double value)
{
	return value >= 0 ? json_real(value) : json_null();
}

/*
 * What a timing run competed with (harness/README.md §3.7):
 * {"verdict":"quiet"|"disturbed"|"unknown","reasons" (the clauses beyond
 *  the limits, or null),"samples","load_avg_end":[3] ([] when unread; the
 *  start is context.load_avg),"busy_cores","wait_seconds","steal_seconds",
 *  "cpu_seconds","measured_seconds","mhz_start","mhz_end" (each null when
 *  unread),"limits":{"wait_fraction","steal_fraction","retaken_fraction",
 *  "kept_fraction","busy_cores"}}
 */
static json_t *
conditions_json(const struct bench_results *results)
{
	const struct bench_conditions *c = &results->conditions;
	json_t *object = json_object();
	bench_json_put(object, "verdict",
	               json_string(bench_run_verdict_word(results->run_verdict)));
	bench_json_put(object, "reasons",
	               results->run_reasons[0] != '\0'
	                       ? bench_json_text(results->run_reasons)
	                       : json_null());
	bench_json_put(object, "samples", json_integer((json_int_t)c->samples));
	json_t *load = json_array();
	for (size_t i = 0; i < 3 && c->load_end[0] >= 0; i++)
		json_array_append_new(load, json_real(c->load_end[i]));
	bench_json_put(object, "load_avg_end", load);
	bench_json_put(object, "busy_cores", figure_or_null(c->busy_cores));
	bench_json_put(object, "wait_seconds", figure_or_null(c->wait_seconds));
	bench_json_put(object, "steal_seconds",
	               figure_or_null(c->steal_seconds));
	bench_json_put(object, "cpu_seconds", figure_or_null(c->cpu_seconds));
	bench_json_put(object, "measured_seconds",
	               figure_or_null(c->wall_seconds));
	bench_json_put(object, "mhz_start", figure_or_null(c->mhz_start));
	bench_json_put(object, "mhz_end", figure_or_null(c->mhz_end));
	bench_json_put(object, "limits",
	               json_pack("{s:f, s:f, s:f, s:f, s:f}", "wait_fraction",
	                         BENCH_QUIET_WAIT_FRACTION, "steal_fraction",
	                         BENCH_QUIET_STEAL_FRACTION, "retaken_fraction",
	                         BENCH_QUIET_RETAKEN_FRACTION, "kept_fraction",
	                         BENCH_QUIET_KEPT_FRACTION, "busy_cores",
	                         BENCH_QUIET_BUSY_CORES));
	return object;
}

static json_t *
context_json(const struct bench_results *results)
{
	const struct bench_context *context = &results->context;
	json_t *object = json_object();
	bench_json_put(object, "date", bench_json_text(context->date));
	bench_json_put(object, "run_id", bench_json_text(context->run_id));
	bench_json_put(object, "cpu", bench_json_text(context->cpu));
	bench_json_put(object, "cores", json_integer(context->cores));
	bench_json_put(object, "compiler", bench_json_text(context->compiler));
	bench_json_put(object, "compiler_version",
		       bench_json_text(context->compiler_version));
	bench_json_put(object, "cflags", bench_json_text(context->cflags));
	bench_json_put(object, "build_type",
		       bench_json_text(context->build_type));
	bench_json_put(object, "sanitize", bench_json_text(context->sanitize));
	bench_json_put(object, "git_commit",
		       bench_json_text(context->git_commit));
	bench_json_put(object, "glibc", bench_json_text(context->glibc));
	bench_json_put(object, "glibc_tunables",
	               context->glibc_tunables[0] != '\0'
	                       ? bench_json_text(context->glibc_tunables)
	                       : json_null());
	bench_json_put(object, "version", bench_json_text(context->version));
	/* Only a build made for the check of bench compare has one. */
	bench_json_put(object, "injected_regression",
	               context->injected_regression[0] != '\0'
	                       ? bench_json_text(context->injected_regression)
	                       : json_null());
	bench_json_put(object, "measure",
	    json_string(results->options->measure == BENCH_MEASURE_INSTRUCTIONS
	                        ? "instructions"
	                        : "time"));
	bench_json_put(object, "clock", json_string("CLOCK_MONOTONIC"));
	bench_json_put(object, "clock_resolution_ns",
	    json_real(context->clock_resolution_ns));
	bench_json_put(object, "wall_seconds",
		       json_real(results->wall_seconds));
	json_t *load = json_array();
	for (size_t i = 0; i < 3 && context->load_avg[0] >= 0; i++)
		json_array_append_new(load, json_real(context->load_avg[i]));
	bench_json_put(object, "load_avg", load);
	const char *allocator =
		results->allocator != NULL ? results->allocator : "unknown";
	bench_json_put(object, "allocator", bench_json_text(allocator));
	/* What allocator.c found in use, whatever the build asked for. */
	bench_json_put(object, "allocator_name",
		       bench_json_text(context->allocator.name));
	bench_json_put(object, "allocator_version",
		       bench_json_text(context->allocator.version));
	bench_json_put(object, "allocator_library",
		       bench_json_text(context->allocator.library));
	bench_json_put(object, "retake_off_cpu_fraction",
		       json_real(BENCH_OFF_CPU_FRACTION));
	bench_json_put(object, "retakes_max", json_integer(BENCH_RETAKES_MAX));
	bench_json_put(object, "retaken_samples",
	    json_integer((json_int_t)results->retaken_samples));
	bench_json_put(object, "disturbed_samples",
	    json_integer((json_int_t)results->disturbed_samples));
	if (results->options->measure == BENCH_MEASURE_TIME)
		bench_json_put(object, "conditions", conditions_json(results));
	bench_json_put(object, "options", options_json(results));
	/* The listed backends this build does not have (originals without
	 * their Haiku tree): `bench compare` shows their cells as not run. */
	json_t *not_built = json_array();
	for (size_t i = 0; i < results->skipped_count; i++)
		json_array_append_new(not_built,
		                      json_pack("{s:s, s:s}", "name",
		                                results->skipped[i].name, "why",
		                                results->skipped[i].why));
	bench_json_put(object, "skipped_backends", not_built);
	char checksum[32];
	snprintf(checksum, sizeof checksum, "0x%016llx",
	         (unsigned long long)results->checksum);
	bench_json_put(object, "checksum", json_string(checksum));
	return object;
}

static json_t *
backends_json(const struct bench_results *results)
{
	json_t *array = json_array();
	for (size_t b = 0; b < results->backend_count; b++) {
		const struct bm_ops *ops = results->backends[b];
		json_t *object = json_object();
		bench_json_put(object, "name", json_string(ops->name));
		bench_json_put(object, "kind",
			       json_string(bm_kind_name(bm_backend_kind(ops))));
		bench_json_put(object, "format",
		    json_string(bm_backend_format_word(ops)));
		bench_json_put(object, "summary",
			       bench_json_text(ops->summary));
		if (ops->version >= 2 && ops->counterpart != NULL)
			bench_json_put(object, "counterpart",
				       bench_json_text(ops->counterpart));
		const char *version = bm_backend_library_version(ops);
		if (version != NULL)
			bench_json_put(object, "library_version",
				       bench_json_text(version));
		json_array_append_new(array, object);
	}
	return array;
}

static json_t *
cell_json(const struct bench_results *results, const struct bench_row *row,
          const struct bench_cell_result *cell, const char *label, bool floor)
{
	json_t *object = json_object();
	if (cell->failed) {
		bench_json_put(object, "error", bench_json_text(cell->error));
		return object;
	}
	if (cell->not_applicable) {
		bench_json_put(object, "not_applicable",
			       bench_json_text(cell->error));
		return object;
	}
	if (results->options->measure == BENCH_MEASURE_INSTRUCTIONS) {
		char name[BENCH_DUMP_NAME_MAX];
		bench_dump_name(row->test.name, label, name, sizeof name);
		bench_json_put(object, "dump", bench_json_text(name));
	} else {
		bench_json_put(object, "median",
			       json_real(cell->summary.median));
		bench_json_put(object, "min", json_real(cell->summary.min));
		bench_json_put(object, "mad", json_real(cell->summary.mad));
		json_t *samples = json_array();
		for (size_t i = 0; i < cell->sample_count; i++)
			json_array_append_new(samples,
			                      json_real(cell->samples[i]));
		bench_json_put(object, "samples", samples);
		if (cell->cpu_samples != NULL) {
			json_t *cpu = json_array();
			for (size_t i = 0; i < cell->sample_count; i++)
				json_array_append_new(
					cpu, json_real(cell->cpu_samples[i]));
			bench_json_put(object, "cpu_samples", cpu);
		}
	}
	if (floor) {
		bench_json_put(object, "bytes",
			       json_integer((json_int_t)cell->flat_bytes));
	} else {
		bench_json_put(object, "allocs_per_op",
		    number_or_integer(cell->allocs_per_op));
		bool flat = bench_op_is_flat(row->test.op);
		bench_json_put(object, "flat_bytes",
		    flat ? json_integer((json_int_t)cell->flat_bytes)
		         : json_null());
		/* Which backends wrote the same bytes (the report compares
		 * each original with its re-creation). */
		char digest[32];
		snprintf(digest, sizeof digest, "0x%016llx",
		         (unsigned long long)cell->flat_digest);
		bench_json_put(object, "flat_digest",
			       flat ? json_string(digest) : json_null());
	}
	bench_json_put(object, "ops_per_sample",
	    json_integer((json_int_t)cell->ops_per_sample));
	bench_json_put(object, "rounds_per_sample",
	    json_integer((json_int_t)cell->rounds_per_sample));
	bench_json_put(object, "retaken_samples",
	    json_integer((json_int_t)cell->retaken_samples));
	bench_json_put(object, "disturbed_samples",
	    json_integer((json_int_t)cell->disturbed_samples));
	return object;
}

static json_t *
verdict_json(const struct bench_results *results, struct bench_verdict verdict)
{
	const char *name = bench_verdict_name(results, verdict);
	return name != NULL ? json_string(name) : json_null();
}

static json_t *
confidence_json(bool has_confidence, double confidence)
{
	return has_confidence ? json_real(confidence) : json_null();
}

/* Puts a row's verdicts: Winner, Haiku Winner, each proposal's standing,
 * with their confidences. */
static void
put_verdicts(json_t *object, const struct bench_results *results,
             const struct bench_row *row)
{
	bench_json_put(object, "winner", verdict_json(results, row->winner));
	bench_json_put(object, "winner_confidence",
	               confidence_json(row->winner.has_confidence,
	                               row->winner.confidence));
	bench_json_put(object, "haiku_winner",
	               verdict_json(results, row->haiku_winner));
	bench_json_put(object, "haiku_winner_confidence",
	               confidence_json(row->haiku_winner.has_confidence,
	                               row->haiku_winner.confidence));
	if (results->options->measure != BENCH_MEASURE_TIME)
		return;
	json_t *standings = json_object();
	for (size_t b = 0; b < results->backend_count; b++) {
		const struct bench_standing *s = &row->cells[b].standing;
		if (bm_backend_kind(results->backends[b]) != BM_KIND_PROPOSAL ||
		    !s->known)
			continue;
		bench_json_put(standings, results->backends[b]->name,
		               json_pack("{s:f, s:b, s:o, s:o}", "ratio", s->ratio,
		                         "holds", s->holds, "floor_ratio",
		                         s->format_row ? json_real(s->floor_ratio)
		                                       : json_null(),
		                         "confidence",
		                         confidence_json(s->has_confidence,
		                                         s->confidence)));
	}
	bench_json_put(object, "vs_winner", standings);
}

static json_t *
workload_json(const struct bench_workload *workload)
{
	json_t *object = json_object();
	if (workload->kind == BENCH_WORKLOAD_MATRIX) {
		bench_json_put(object, "type",
			       json_string(bench_type_name(workload->type)));
		bench_json_put(object, "items",
			       json_integer((json_int_t)workload->items));
	} else {
		bench_json_put(object, "message",
			       bench_json_text(workload->message));
	}
	return object;
}

static json_t *
rows_json(const struct bench_results *results)
{
	json_t *array = json_array();
	for (size_t r = 0; r < results->row_count; r++) {
		const struct bench_row *row = &results->rows[r];
		json_t *object = json_object();
		bench_json_put(object, "test", json_string(row->test.name));
		bench_json_put(object, "operation",
		    json_string(bench_op_name(row->test.op)));
		bench_json_put(object, "workload",
			       workload_json(&row->test.workload));
		json_t *cells = json_object();
		for (size_t b = 0; b < results->backend_count; b++)
			bench_json_put(cells, results->backends[b]->name,
			    cell_json(results, row, &row->cells[b],
			              results->backends[b]->name, false));
		if (row->has_floor)
			bench_json_put(cells, "Floor",
			               cell_json(results, row, &row->floor,
			                         "Floor", true));
		bench_json_put(object, "cells", cells);
		put_verdicts(object, results, row);
		json_array_append_new(array, object);
	}
	return array;
}

static json_t *
sizes_json(const struct bench_results *results)
{
	json_t *messages = json_array();
	for (size_t m = 0; m < results->size_row_count; m++) {
		const struct bench_size_row *row = &results->size_rows[m];
		json_t *cells = json_object();
		for (size_t b = 0; b < results->backend_count; b++) {
			const struct bench_size_cell *cell = &row->cells[b];
			bench_json_put(cells, results->backends[b]->name,
			               cell->failed
			                       ? json_pack("{s:o}", "error",
			                                   bench_json_text(
			                                           cell->error))
			                       : json_pack("{s:I, s:I}", "flat_bytes",
			                                   (json_int_t)cell->flat_bytes,
			                                   "zstd_bytes",
			                                   (json_int_t)cell->zstd_bytes));
		}
		json_array_append_new(
			messages,
			json_pack("{s:s, s:o, s:I, s:o}", "layout",
			          bench_layout_word(row->layout), "workload",
			          workload_json(&row->workload), "hmf1_bytes",
			          (json_int_t)row->hmf1_bytes, "cells", cells));
	}
	return json_pack("{s:s, s:o, s:i, s:o}", "compressor", "zstd", "version",
	                 bench_json_text(results->zstd_version), "level",
	                 BENCH_ZSTD_LEVEL, "messages", messages);
}

bool
bench_write_json(FILE *stream, const struct bench_results *results,
                 enum bench_unit unit)
{
	(void)unit; /* never scaled: ns (or instructions) always */
	json_t *root = json_object();
	bench_json_put(root, "schema", json_integer(BENCH_JSON_SCHEMA));
	bench_json_put(root, "unit",
	    json_string(results->options->measure == BENCH_MEASURE_INSTRUCTIONS
	                        ? "instructions"
	                        : "ns"));
	bench_json_put(root, "context", context_json(results));
	bench_json_put(root, "backends", backends_json(results));
	bench_json_put(root, "rows", rows_json(results));
	if (results->options->measure == BENCH_MEASURE_TIME)
		bench_json_put(root, "sizes", sizes_json(results));
	/* Ten significant digits keep every nanosecond of a 10 s sample. */
	int rc = json_dumpf(root, stream,
	                    JSON_INDENT(1) | JSON_REAL_PRECISION(10));
	json_decref(root);
	if (rc != 0)
		return false;
	fputc('\n', stream);
	return !ferror(stream);
}
