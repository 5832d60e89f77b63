/*
 * results_read.c - the one reader of the results JSON (see results_read.h).
 */
#include "results_read.h"

#include "say.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct loader {
	const char *path;
	char *why;
	size_t why_size;
};

/* "context" + "cores" -> "context.cores". */
static bool
fail_at(struct loader *loader, const char *where, const char *key,
        const char *what)
{
	bench_say(loader->why, loader->why_size, "%s: %s%s%s: %s", loader->path, where,
		   where[0] != '\0' && key[0] != '\0' ? "." : "", key, what);
	return false;
}

static json_t *
member(json_t *object, const char *key)
{
	return json_is_object(object) ? json_object_get(object, key) : NULL;
}

static bool
get_string(struct loader *loader, json_t *object, const char *where,
           const char *key, const char **out)
{
	json_t *value = member(object, key);
	if (!json_is_string(value))
		return fail_at(loader, where, key,
		               value == NULL ? "missing (a string)"
		                             : "expected a string");
	*out = json_string_value(value);
	return true;
}

/* A string, or null / absent (then *out is NULL). */
static bool
get_optional_string(struct loader *loader, json_t *object, const char *where,
                    const char *key, const char **out)
{
	json_t *value = member(object, key);
	*out = NULL;
	if (value == NULL || json_is_null(value))
		return true;
	if (!json_is_string(value))
		return fail_at(loader, where, key, "expected a string or null");
	*out = json_string_value(value);
	return true;
}

static bool
get_integer(struct loader *loader, json_t *object, const char *where,
            const char *key, long long *out)
{
	json_t *value = member(object, key);
	if (!json_is_integer(value))
		return fail_at(loader, where, key,
		               value == NULL ? "missing (an integer)"
		                             : "expected an integer");
	*out = (long long)json_integer_value(value);
	return true;
}

/* A non-negative integer, or absent (then *out is -1). */
static bool
get_optional_count(struct loader *loader, json_t *object, const char *where,
                   const char *key, long long *out)
{
	json_t *value = member(object, key);
	*out = -1;
	if (value == NULL)
		return true;
	if (!json_is_integer(value) || json_integer_value(value) < 0)
		return fail_at(loader, where, key,
		               "expected a non-negative integer");
	*out = (long long)json_integer_value(value);
	return true;
}

static bool
get_number(struct loader *loader, json_t *object, const char *where,
           const char *key, double *out)
{
	json_t *value = member(object, key);
	if (!json_is_number(value) || !isfinite(json_number_value(value)))
		return fail_at(loader, where, key,
		               value == NULL ? "missing (a number)"
		                             : "expected a number");
	*out = json_number_value(value);
	return true;
}

/* A non-negative number, or absent (then *out is -1). */
static bool
get_optional_amount(struct loader *loader, json_t *object, const char *where,
                    const char *key, double *out)
{
	json_t *value = member(object, key);
	*out = -1;
	if (value == NULL)
		return true;
	if (!json_is_number(value) || !isfinite(json_number_value(value)) ||
	    json_number_value(value) < 0)
		return fail_at(loader, where, key,
		               "expected a non-negative number");
	*out = json_number_value(value);
	return true;
}

static bool
get_boolean(struct loader *loader, json_t *object, const char *where,
            const char *key, bool *out)
{
	json_t *value = member(object, key);
	if (!json_is_boolean(value))
		return fail_at(loader, where, key,
		               value == NULL ? "missing (true or false)"
		                             : "expected true or false");
	*out = json_is_true(value);
	return true;
}

/* context.skipped_backends, when there: the backends a build left out
 * (originals without their Haiku tree), each with its name and why. */
static bool
load_skipped(struct loader *loader, json_t *context,
             struct bench_run_file *run)
{
	const char *where = "context.skipped_backends";
	json_t *skipped = member(context, "skipped_backends");
	if (skipped == NULL)
		return true;
	if (!json_is_array(skipped))
		return fail_at(loader, "context", "skipped_backends",
		               "expected an array");
	run->skipped = calloc(json_array_size(skipped) + 1,
	                      sizeof *run->skipped);
	if (run->skipped == NULL)
		return fail_at(loader, "context", "skipped_backends",
		               "out of memory");
	size_t index;
	json_t *entry;
	json_array_foreach(skipped, index, entry) {
		const char *why;
		if (!get_string(loader, entry, where, "name",
		                &run->skipped[index]) ||
		    !get_string(loader, entry, where, "why", &why))
			return false;
		run->skipped_count++;
	}
	return true;
}

/* A figure of context.conditions: a number of 0 or more, or null or
 * absent (then -1). */
static bool
get_figure(struct loader *loader, json_t *object, const char *key,
           double *out)
{
	json_t *value = member(object, key);
	*out = -1;
	if (value == NULL || json_is_null(value))
		return true;
	return get_optional_amount(loader, object, "context.conditions", key,
	                           out);
}

/* The three figures of a load average, or [] (then -1 each). */
static bool
get_load(struct loader *loader, json_t *object, const char *key,
         double load[3])
{
	json_t *value = member(object, key);
	load[0] = load[1] = load[2] = -1;
	if (value == NULL || (json_is_array(value) &&
	                      json_array_size(value) == 0))
		return true;
	if (!json_is_array(value) || json_array_size(value) != 3)
		return fail_at(loader, "context.conditions", key,
		               "expected three numbers or []");
	for (size_t i = 0; i < 3; i++) {
		json_t *figure = json_array_get(value, i);
		if (!json_is_number(figure) || json_number_value(figure) < 0)
			return fail_at(loader, "context.conditions", key,
			               "expected three numbers or []");
		load[i] = json_number_value(figure);
	}
	return true;
}

/* context.conditions, when there (schema 4 on): the verdict on what the
 * run competed with, and the figures it came from. */
static bool
load_conditions(struct loader *loader, json_t *context,
                struct bench_run_file *run)
{
	struct bench_conditions *c = &run->conditions;
	*c = (struct bench_conditions){
		.load_start = {-1, -1, -1}, .load_end = {-1, -1, -1},
		.busy_cores = -1, .wait_seconds = -1, .steal_seconds = -1,
		.cpu_seconds = -1, .mhz_start = -1, .mhz_end = -1,
		.wall_seconds = -1,
	};
	run->run_verdict = BENCH_RUN_UNKNOWN;
	json_t *object = member(context, "conditions");
	if (object == NULL || run->schema < 4)
		return true;
	const char *w = "context.conditions", *word;
	long long samples;
	if (!json_is_object(object))
		return fail_at(loader, "context", "conditions",
		               "expected an object");
	if (!get_string(loader, object, w, "verdict", &word) ||
	    !get_optional_string(loader, object, w, "reasons",
	                         &run->run_reasons) ||
	    !get_optional_count(loader, object, w, "samples", &samples) ||
	    !get_load(loader, object, "load_avg_end", c->load_end) ||
	    !get_figure(loader, object, "busy_cores", &c->busy_cores) ||
	    !get_figure(loader, object, "wait_seconds", &c->wait_seconds) ||
	    !get_figure(loader, object, "steal_seconds", &c->steal_seconds) ||
	    !get_figure(loader, object, "cpu_seconds", &c->cpu_seconds) ||
	    !get_figure(loader, object, "measured_seconds",
	                &c->wall_seconds) ||
	    !get_figure(loader, object, "mhz_start", &c->mhz_start) ||
	    !get_figure(loader, object, "mhz_end", &c->mhz_end) ||
	    !get_load(loader, context, "load_avg", c->load_start))
		return false;
	if (!bench_run_verdict_from_word(word, &run->run_verdict))
		return fail_at(loader, w, "verdict",
		               "not quiet, disturbed or unknown");
	c->samples = samples > 0 ? (size_t)samples : 0;
	c->retaken = run->retaken > 0 ? (size_t)run->retaken : 0;
	c->kept_disturbed = run->disturbed > 0 ? (size_t)run->disturbed : 0;
	return true;
}

/* context.options: the measurement options of the run. */
static bool
load_options(struct loader *loader, json_t *context,
             struct bench_run_file *run)
{
	json_t *options = member(context, "options");
	if (!json_is_object(options))
		return fail_at(loader, "context", "options",
		               options == NULL ? "missing (an object)"
		                               : "expected an object");
	const char *o = "context.options";
	return get_boolean(loader, options, o, "all", &run->all) &&
	       get_optional_string(loader, options, o, "filter",
	                           &run->filter) &&
	       get_integer(loader, options, o, "repetitions",
	                   &run->repetitions) &&
	       get_number(loader, options, o, "min_time_ms",
	                  &run->min_time_ms) &&
	       get_integer(loader, options, o, "seed", &run->seed) &&
	       get_boolean(loader, options, o, "quick", &run->quick);
}

static bool
load_context(struct loader *loader, json_t *root, struct bench_run_file *run)
{
	json_t *context = member(root, "context");
	if (!json_is_object(context))
		return fail_at(loader, "", "context",
		               context == NULL ? "missing (an object)"
		                               : "expected an object");
	const char *c = "context";
	if (!get_string(loader, context, c, "date", &run->date) ||
	    !get_optional_string(loader, context, c, "run_id", &run->run_id) ||
	    !get_string(loader, context, c, "cpu", &run->cpu) ||
	    !get_integer(loader, context, c, "cores", &run->cores) ||
	    !get_string(loader, context, c, "compiler", &run->compiler) ||
	    !get_optional_string(loader, context, c, "compiler_version",
	                         &run->compiler_version) ||
	    !get_string(loader, context, c, "cflags", &run->cflags) ||
	    !get_string(loader, context, c, "build_type", &run->build_type) ||
	    !get_optional_string(loader, context, c, "sanitize",
	                         &run->sanitize) ||
	    !get_string(loader, context, c, "git_commit", &run->git_commit) ||
	    !get_string(loader, context, c, "glibc", &run->glibc) ||
	    !get_string(loader, context, c, "version", &run->version) ||
	    !get_optional_string(loader, context, c, "measure",
	                         &run->measure) ||
	    !get_optional_string(loader, context, c, "clock", &run->clock) ||
	    !get_optional_amount(loader, context, c, "clock_resolution_ns",
	                         &run->clock_resolution_ns) ||
	    !get_optional_amount(loader, context, c, "wall_seconds",
	                         &run->wall_seconds) ||
	    !get_optional_string(loader, context, c, "allocator",
	                         &run->allocator) ||
	    !get_optional_string(loader, context, c, "allocator_name",
	                         &run->allocator_name) ||
	    !get_optional_string(loader, context, c, "allocator_version",
	                         &run->allocator_version) ||
	    !get_optional_string(loader, context, c, "callgrind",
	                         &run->callgrind) ||
	    !get_optional_string(loader, context, c, "glibc_tunables",
	                         &run->glibc_tunables) ||
	    !get_optional_string(loader, context, c, "glibc_pin",
	                         &run->glibc_pin) ||
	    !get_optional_count(loader, context, c,
	                        run->schema >= 3 ? "retaken_samples"
	                                         : "retaken_batches",
	                        &run->retaken) ||
	    !get_optional_count(loader, context, c,
	                        run->schema >= 3 ? "disturbed_samples"
	                                         : "disturbed_batches",
	                        &run->disturbed))
		return false;
	return load_skipped(loader, context, run) &&
	       load_conditions(loader, context, run) &&
	       load_options(loader, context, run);
}

/* Schema 1 said whether a backend is a Haiku design; schema 2 says its
 * kind. */
static bool
load_kind(struct loader *loader, json_t *entry, const char *where,
          long long schema, enum bm_kind *kind)
{
	if (schema == 1) {
		bool haiku;
		if (!get_boolean(loader, entry, where, "haiku", &haiku))
			return false;
		*kind = haiku ? BM_KIND_HAIKU_2005 : BM_KIND_REFERENCE;
		return true;
	}
	const char *word;
	if (!get_string(loader, entry, where, "kind", &word))
		return false;
	if (!bm_kind_parse(word, kind))
		return fail_at(loader, where, "kind",
		               "not a kind of backend (reference, haiku, "
		               "original, proposal, library)");
	return true;
}

static bool
load_backends(struct loader *loader, json_t *root, struct bench_run_file *run)
{
	json_t *list = member(root, "backends");
	if (!json_is_array(list) || json_array_size(list) == 0)
		return fail_at(loader, "", "backends",
		               "expected a non-empty array");
	size_t count = json_array_size(list);
	run->backends = calloc(count, sizeof *run->backends);
	if (run->backends == NULL)
		return fail_at(loader, "", "backends", "out of memory");
	run->backend_count = count;
	for (size_t b = 0; b < count; b++) {
		char where[64];
		snprintf(where, sizeof where, "backends[%zu]", b);
		json_t *entry = json_array_get(list, b);
		struct bench_file_backend *backend = &run->backends[b];
		if (!get_string(loader, entry, where, "name", &backend->name) ||
		    !load_kind(loader, entry, where, run->schema,
		               &backend->kind) ||
		    !get_string(loader, entry, where, "format",
		                &backend->format) ||
		    !get_optional_string(loader, entry, where, "counterpart",
		                         &backend->counterpart) ||
		    !get_optional_string(loader, entry, where, "summary",
		                         &backend->summary))
			return false;
		char reason[256];
		if (!bm_backend_name_valid(backend->name, reason, sizeof reason))
			return fail_at(loader, where, "name", reason);
		for (size_t other = 0; other < b; other++) {
			if (strcasecmp(run->backends[other].name, backend->name) ==
			    0)
				return fail_at(loader, where, "name",
				               "the same name twice (ignoring "
				               "case)");
		}
		if ((backend->kind == BM_KIND_ORIGINAL) !=
		    (backend->counterpart != NULL))
			return fail_at(loader, where, "counterpart",
			               "an original names its re-creation, and "
			               "only an original does");
	}
	return true;
}

/* A cell's "samples", when there: an array of figures of 0 or more. */
static bool
load_samples(struct loader *loader, json_t *value, const char *where,
             struct bench_file_cell *cell)
{
	json_t *samples = member(value, "samples");
	if (samples == NULL)
		return true;
	if (!json_is_array(samples))
		return fail_at(loader, where, "samples", "expected an array");
	cell->samples = calloc(json_array_size(samples) + 1,
	                       sizeof *cell->samples);
	if (cell->samples == NULL)
		return fail_at(loader, where, "samples", "out of memory");
	size_t index;
	json_t *sample;
	json_array_foreach(samples, index, sample) {
		if (!json_is_number(sample) ||
		    !isfinite(json_number_value(sample)) ||
		    json_number_value(sample) < 0)
			return fail_at(loader, where, "samples",
			               "expected figures of 0 or more");
		cell->samples[cell->sample_count++] = json_number_value(sample);
	}
	return true;
}

static bool
load_cell(struct loader *loader, json_t *value, const char *where,
          enum bench_read_figures figures, struct bench_file_cell *cell)
{
	if (!json_is_object(value))
		return fail_at(loader, where, "", "expected an object");
	cell->present = true;
	cell->json = value;
	if (!get_optional_amount(loader, value, where, "allocs_per_op",
	                         &cell->allocs_per_op) ||
	    !get_optional_string(loader, value, where, "flat_digest",
	                         &cell->flat_digest))
		return false;
	/* An instruction run's count and its parts (harness/README.md §5.6;
	 * the parts from schema 5): -1 where the file has none. */
	if (!get_optional_count(loader, value, where, "instructions",
	                        &cell->instructions) ||
	    !get_optional_count(loader, value, where, "design_instructions",
	                        &cell->design_instructions) ||
	    !get_optional_count(loader, value, where, "adapter_instructions",
	                        &cell->adapter_instructions) ||
	    !get_optional_count(loader, value, where, "check_instructions",
	                        &cell->check_instructions))
		return false;
	json_t *flat_bytes = member(value, "flat_bytes");
	cell->flat_bytes = -1;
	if (flat_bytes != NULL && !json_is_null(flat_bytes) &&
	    !get_optional_count(loader, value, where, "flat_bytes",
	                        &cell->flat_bytes))
		return false;
	json_t *error = json_object_get(value, "error");
	if (error != NULL) {
		if (!json_is_string(error))
			return fail_at(loader, where, "error",
			               "expected a string");
		cell->failed = true;
		cell->error = json_string_value(error);
		return true;
	}
	json_t *not_applicable = json_object_get(value, "not_applicable");
	if (not_applicable != NULL) {
		if (!json_is_string(not_applicable))
			return fail_at(loader, where, "not_applicable",
			               "expected a string");
		cell->not_applicable = true;
		cell->error = json_string_value(not_applicable);
		return true;
	}
	if (figures == BENCH_READ_UNREAD) {
		if (member(value, "median") != NULL)
			return fail_at(loader, where, "median",
			               "present: the run was already read");
		if (!get_string(loader, value, where, "dump", &cell->dump) ||
		    !get_integer(loader, value, where, "ops_per_sample",
		                 &cell->ops_per_sample))
			return false;
		if (cell->ops_per_sample < 1)
			return fail_at(loader, where, "ops_per_sample",
			               "expected a count above 0");
		return true;
	}
	if (member(value, "median") == NULL && member(value, "dump") != NULL)
		return fail_at(loader, where, "median",
		               "missing: a run under callgrind not yet read "
		               "(see scripts/bench-instructions)");
	if (!get_number(loader, value, where, "median", &cell->median))
		return false;
	if (cell->median < 0)
		return fail_at(loader, where, "median",
		               "expected a figure of 0 or more");
	/* The MAD, which the tie rule reads; 0 when a file has none. */
	if (member(value, "mad") != NULL &&
	    !get_number(loader, value, where, "mad", &cell->mad))
		return false;
	if (cell->mad < 0)
		return fail_at(loader, where, "mad",
		               "expected a figure of 0 or more");
	return load_samples(loader, value, where, cell);
}

/* A winner is a backend of the run, "-" or null. */
static bool
load_verdict(struct loader *loader, json_t *row, const char *where,
             const char *key, const struct bench_run_file *run,
             const char **out)
{
	if (!get_optional_string(loader, row, where, key, out))
		return false;
	if (*out == NULL || strcmp(*out, "-") == 0 ||
	    bench_run_file_backend(run, *out) != SIZE_MAX)
		return true;
	return fail_at(loader, where, key,
	               "names no backend of the run (nor \"-\", nor null)");
}

/* A confidence: a share from 0 to 1, or null or absent (then -1). */
static bool
get_confidence(struct loader *loader, json_t *object, const char *where,
               const char *key, double *out)
{
	json_t *value = member(object, key);
	*out = -1;
	if (value == NULL || json_is_null(value))
		return true;
	if (!json_is_number(value) || json_number_value(value) < 0 ||
	    json_number_value(value) > 1)
		return fail_at(loader, where, key,
		               "expected a share from 0 to 1, or null");
	*out = json_number_value(value);
	return true;
}

/* The confidences of a row's verdicts, and each proposal's in vs_winner
 * (schema 4 on). */
static bool
load_confidences(struct loader *loader, json_t *entry, const char *where,
                 const struct bench_run_file *run, struct bench_file_row *row)
{
	for (size_t b = 0; b < run->backend_count; b++)
		row->cells[b].standing_confidence = -1;
	if (!get_confidence(loader, entry, where, "winner_confidence",
	                    &row->winner_confidence) ||
	    !get_confidence(loader, entry, where, "haiku_winner_confidence",
	                    &row->haiku_winner_confidence))
		return false;
	json_t *standings = member(entry, "vs_winner");
	if (standings == NULL)
		return true;
	char inner[128];
	snprintf(inner, sizeof inner, "%s.vs_winner", where);
	if (!json_is_object(standings))
		return fail_at(loader, where, "vs_winner", "expected an object");
	const char *name;
	json_t *standing;
	json_object_foreach(standings, name, standing) {
		size_t b = bench_run_file_backend(run, name);
		if (b == SIZE_MAX || run->backends[b].kind != BM_KIND_PROPOSAL)
			return fail_at(loader, inner, name,
			               "not a proposal of the run");
		char at[192];
		snprintf(at, sizeof at, "%s.%s", inner, name);
		struct bench_file_cell *cell = &row->cells[b];
		if (!get_boolean(loader, standing, at, "holds",
		                 &cell->standing_holds) ||
		    !get_confidence(loader, standing, at, "confidence",
		                    &cell->standing_confidence))
			return false;
		cell->has_standing = true;
	}
	return true;
}

static int
compare_sizes(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return x < y ? -1 : x > y;
}

static bool
collect_sizes(struct loader *loader, struct bench_run_file *run)
{
	run->sizes = malloc((run->row_count + 1) * sizeof *run->sizes);
	if (run->sizes == NULL)
		return fail_at(loader, "", "rows", "out of memory");
	size_t count = 0;
	for (size_t r = 0; r < run->row_count; r++) {
		if (run->rows[r].workload.kind == BENCH_WORKLOAD_MATRIX)
			run->sizes[count++] = run->rows[r].workload.items;
	}
	qsort(run->sizes, count, sizeof *run->sizes, compare_sizes);
	size_t distinct = 0;
	for (size_t r = 0; r < count; r++) {
		if (distinct == 0 || run->sizes[distinct - 1] != run->sizes[r])
			run->sizes[distinct++] = run->sizes[r];
	}
	run->size_count = distinct;
	return true;
}

/* A matrix workload: its type and items, from `object` (schema 1: the
 * row; schema 2: the row's "workload"). */
static bool
load_matrix_workload(struct loader *loader, json_t *object, const char *where,
                     struct bench_workload *workload)
{
	const char *type;
	long long items;
	if (!get_string(loader, object, where, "type", &type) ||
	    !get_integer(loader, object, where, "items", &items))
		return false;
	if (!bench_type_parse(type, &workload->type))
		return fail_at(loader, where, "type", "not Int32 or String");
	if (items < 1 || (unsigned long long)items > BENCH_ITEMS_MAX)
		return fail_at(loader, where, "items", "out of range");
	workload->kind = BENCH_WORKLOAD_MATRIX;
	workload->items = (size_t)items;
	return true;
}

/* The "workload" of `entry` (schema 2 on): {"type","items"} or
 * {"message"}. */
static bool
load_workload_member(struct loader *loader, json_t *entry, const char *where,
                     struct bench_workload *out)
{
	json_t *workload = member(entry, "workload");
	char inner[128];
	snprintf(inner, sizeof inner, "%s.workload", where);
	if (!json_is_object(workload))
		return fail_at(loader, where, "workload",
		               workload == NULL ? "missing (an object)"
		                                : "expected an object");
	if (member(workload, "message") == NULL)
		return load_matrix_workload(loader, workload, inner, out);
	out->kind = BENCH_WORKLOAD_MESSAGE;
	if (!get_string(loader, workload, inner, "message", &out->message))
		return false;
	size_t index;
	if (bench_real_find(out->message, &index))
		out->real = bench_real_entry(index);
	if (json_object_size(workload) != 1)
		return fail_at(loader, inner, "",
		               "a named message has no type or items");
	return true;
}

static bool
load_workload(struct loader *loader, json_t *entry, const char *where,
              long long schema, struct bench_file_row *row)
{
	const char *op;
	if (!get_string(loader, entry, where,
	                schema == 1 ? "op" : "operation", &op))
		return false;
	if (!bench_op_parse(op, &row->op))
		return fail_at(loader, where, schema == 1 ? "op" : "operation",
		               "not an operation of this bench");
	if (schema == 1)
		return load_matrix_workload(loader, entry, where, &row->workload);
	return load_workload_member(loader, entry, where, &row->workload);
}

static bool
load_row(struct loader *loader, json_t *entry, size_t index,
         enum bench_read_figures figures, struct bench_run_file *run)
{
	char where[96];
	snprintf(where, sizeof where, "rows[%zu]", index);
	struct bench_file_row *row = &run->rows[index];
	row->json = entry;
	if (!get_string(loader, entry, where, "test", &row->test) ||
	    !load_workload(loader, entry, where, run->schema, row))
		return false;
	if (row->workload.kind == BENCH_WORKLOAD_MATRIX &&
	    !bench_op_applies(row->op, &row->workload))
		return fail_at(loader, where, "type",
		               "the operation is Int32 only");
	char expected[BENCH_TEST_NAME_MAX];
	if (!bench_test_name(row->op, &row->workload, expected,
	                     sizeof expected) ||
	    strcmp(expected, row->test) != 0)
		return fail_at(loader, where, "test",
		               "does not match the operation and workload");
	for (size_t r = 0; r < index; r++) {
		if (strcmp(run->rows[r].test, row->test) == 0)
			return fail_at(loader, where, "test",
			               "the same test twice");
	}

	json_t *cells = member(entry, "cells");
	if (!json_is_object(cells))
		return fail_at(loader, where, "cells", "expected an object");
	row->cells = calloc(run->backend_count, sizeof *row->cells);
	if (row->cells == NULL)
		return fail_at(loader, where, "cells", "out of memory");
	for (size_t b = 0; b < run->backend_count; b++) {
		char cell_where[160];
		snprintf(cell_where, sizeof cell_where, "%s.cells.%s", where,
		         run->backends[b].name);
		json_t *value = json_object_get(cells, run->backends[b].name);
		if (value == NULL)
			return fail_at(loader, cell_where, "",
			               "missing (every backend has a cell)");
		if (!load_cell(loader, value, cell_where, figures,
		               &row->cells[b]))
			return false;
	}
	json_t *floor_value = json_object_get(cells, "Floor");
	if (floor_value != NULL) {
		char floor_where[128];
		snprintf(floor_where, sizeof floor_where, "%s.cells.Floor",
		         where);
		if (!load_cell(loader, floor_value, floor_where, figures,
		               &row->floor))
			return false;
	}
	if (json_object_size(cells) !=
	    run->backend_count + (floor_value != NULL ? 1 : 0))
		return fail_at(loader, where, "cells",
		               "a cell of no backend of the run");
	return load_verdict(loader, entry, where, "winner", run,
	                    &row->winner) &&
	       load_verdict(loader, entry, where, "haiku_winner", run,
	                    &row->haiku_winner) &&
	       load_confidences(loader, entry, where, run, row);
}

/* One backend's sizes of one message: {"flat_bytes","zstd_bytes"} or
 * {"error"}. */
static bool
load_size_cell(struct loader *loader, json_t *value, const char *where,
               struct bench_file_size_cell *cell)
{
	if (!json_is_object(value))
		return fail_at(loader, where, "", "expected an object");
	cell->present = true;
	json_t *error = member(value, "error");
	if (error != NULL) {
		cell->failed = true;
		return get_string(loader, value, where, "error", &cell->error);
	}
	if (!get_optional_count(loader, value, where, "flat_bytes",
	                        &cell->flat_bytes) ||
	    !get_optional_count(loader, value, where, "zstd_bytes",
	                        &cell->zstd_bytes))
		return false;
	if (cell->flat_bytes < 0 || cell->zstd_bytes < 0)
		return fail_at(loader, where, cell->flat_bytes < 0
		                                      ? "flat_bytes"
		                                      : "zstd_bytes",
		               "missing (a count of bytes)");
	return true;
}

/* One message of "sizes": its layout, workload, HMF1 size and a cell per
 * backend of the run, none other. */
static bool
load_size_row(struct loader *loader, json_t *entry, const char *where,
              struct bench_run_file *run, struct bench_file_size_row *row)
{
	const char *layout;
	if (!get_string(loader, entry, where, "layout", &layout) ||
	    !load_workload_member(loader, entry, where, &row->workload) ||
	    !get_optional_count(loader, entry, where, "hmf1_bytes",
	                        &row->hmf1_bytes))
		return false;
	if (!bench_layout_parse(layout, &row->layout))
		return fail_at(loader, where, "layout", "not a message layout");
	if (row->hmf1_bytes < 1)
		return fail_at(loader, where, "hmf1_bytes",
		               "missing (a count of bytes above 0)");
	json_t *cells = member(entry, "cells");
	if (!json_is_object(cells) ||
	    json_object_size(cells) != run->backend_count)
		return fail_at(loader, where, "cells",
		               "expected an object with a cell per backend");
	row->cells = calloc(run->backend_count, sizeof *row->cells);
	if (row->cells == NULL)
		return fail_at(loader, where, "cells", "out of memory");
	for (size_t b = 0; b < run->backend_count; b++) {
		char cell_where[192];
		snprintf(cell_where, sizeof cell_where, "%s.cells.%s", where,
		         run->backends[b].name);
		json_t *value = member(cells, run->backends[b].name);
		if (value == NULL)
			return fail_at(loader, cell_where, "",
			               "missing (every backend has a cell)");
		if (!load_size_cell(loader, value, cell_where, &row->cells[b]))
			return false;
	}
	return true;
}

/* "sizes" (schema 6 on: required in a timing run, absent in an
 * instruction run; harness/README.md §2.5). */
static bool
load_sizes(struct loader *loader, json_t *root, struct bench_run_file *run)
{
	run->zstd_level = -1;
	if (run->schema < 6 || strcmp(run->unit, "ns") != 0)
		return true;
	json_t *sizes = member(root, "sizes");
	json_t *messages = member(sizes, "messages");
	const char *compressor;
	if (!json_is_object(sizes))
		return fail_at(loader, "", "sizes",
		               sizes == NULL ? "missing (an object)"
		                             : "expected an object");
	if (!get_string(loader, sizes, "sizes", "compressor", &compressor) ||
	    !get_string(loader, sizes, "sizes", "version",
	                &run->zstd_version) ||
	    !get_integer(loader, sizes, "sizes", "level", &run->zstd_level))
		return false;
	if (strcmp(compressor, "zstd") != 0)
		return fail_at(loader, "sizes", "compressor", "not \"zstd\"");
	if (!json_is_array(messages))
		return fail_at(loader, "sizes", "messages", "expected an array");
	run->size_rows = calloc(json_array_size(messages) + 1,
	                        sizeof *run->size_rows);
	if (run->size_rows == NULL)
		return fail_at(loader, "sizes", "messages", "out of memory");
	run->has_sizes = true;
	size_t index;
	json_t *entry;
	json_array_foreach(messages, index, entry) {
		char where[64];
		snprintf(where, sizeof where, "sizes.messages[%zu]", index);
		run->size_row_count = index + 1;
		if (!load_size_row(loader, entry, where, run,
		                   &run->size_rows[index]))
			return false;
	}
	return true;
}

/* Checks the document in run->root (parsed from the file or the text
 * named `path`) and fills the run; frees it on failure. */
static bool
load_document(const char *path, enum bench_read_figures figures,
              struct bench_run_file *run, char *why, size_t why_size)
{
	struct loader loader = {.path = path, .why = why, .why_size = why_size};
	json_t *root = run->root;
	bool ok = json_is_object(root) ||
	          fail_at(&loader, "", "", "expected an object at the top");
	ok = ok && get_integer(&loader, root, "", "schema", &run->schema);
	if (ok && (run->schema < BENCH_SCHEMA_OLDEST ||
	           run->schema > BENCH_SCHEMA_NEWEST)) {
		char what[64];
		snprintf(what, sizeof what, "not a schema this bench reads (%d "
		         "to %d)", BENCH_SCHEMA_OLDEST, BENCH_SCHEMA_NEWEST);
		ok = fail_at(&loader, "", "schema", what);
	}
	ok = ok && get_string(&loader, root, "", "unit", &run->unit);
	if (ok && strcmp(run->unit, "ns") != 0 &&
	    strcmp(run->unit, "instructions") != 0)
		ok = fail_at(&loader, "", "unit",
		             "not \"ns\" or \"instructions\"");
	if (ok && figures == BENCH_READ_UNREAD &&
	    strcmp(run->unit, "instructions") != 0)
		ok = fail_at(&loader, "", "unit",
		             "not \"instructions\": not a --measure "
		             "instructions run");
	ok = ok && load_context(&loader, root, run) &&
	     load_backends(&loader, root, run);
	json_t *rows = member(root, "rows");
	if (ok && (!json_is_array(rows) || json_array_size(rows) == 0))
		ok = fail_at(&loader, "", "rows", "expected a non-empty array");
	if (ok) {
		size_t count = json_array_size(rows);
		run->rows = calloc(count, sizeof *run->rows);
		if (run->rows == NULL)
			ok = fail_at(&loader, "", "rows", "out of memory");
		for (size_t r = 0; ok && r < count; r++) {
			run->row_count = r + 1;
			ok = load_row(&loader, json_array_get(rows, r), r, figures,
			              run);
		}
	}
	ok = ok && collect_sizes(&loader, run) && load_sizes(&loader, root, run);
	if (!ok)
		bench_run_file_free(run);
	return ok;
}

/* The reason jansson gave for JSON it could not parse. */
static bool
fail_json(const char *path, const json_error_t *error, char *why,
          size_t why_size)
{
	if (error->line < 1)
		bench_say(why, why_size, "%s: %s", path, error->text);
	else
		bench_say(why, why_size,
		          "%s: line %d, column %d: not valid JSON: %s", path,
		          error->line, error->column, error->text);
	return false;
}

bool
bench_run_file_load(const char *path, enum bench_read_figures figures,
                    struct bench_run_file *run, char *why, size_t why_size)
{
	memset(run, 0, sizeof *run);
	run->path = path;
	json_error_t error;
	run->root = json_load_file(path, JSON_REJECT_DUPLICATES, &error);
	if (run->root == NULL)
		return fail_json(path, &error, why, why_size);
	return load_document(path, figures, run, why, why_size);
}

bool
bench_run_file_load_text(const char *name, const char *text, size_t length,
                         enum bench_read_figures figures,
                         struct bench_run_file *run, char *why,
                         size_t why_size)
{
	memset(run, 0, sizeof *run);
	run->path = name;
	json_error_t error;
	run->root = json_loadb(text, length, JSON_REJECT_DUPLICATES, &error);
	if (run->root == NULL)
		return fail_json(name, &error, why, why_size);
	return load_document(name, figures, run, why, why_size);
}

void
bench_run_file_free(struct bench_run_file *run)
{
	for (size_t r = 0; r < run->row_count; r++) {
		for (size_t b = 0; run->rows[r].cells != NULL &&
		                   b < run->backend_count; b++)
			free(run->rows[r].cells[b].samples);
		free(run->rows[r].floor.samples);
		free(run->rows[r].cells);
	}
	for (size_t m = 0; m < run->size_row_count; m++)
		free(run->size_rows[m].cells);
	free(run->size_rows);
	free(run->rows);
	free(run->backends);
	free(run->sizes);
	free(run->skipped);
	if (run->root != NULL)
		json_decref(run->root);
	memset(run, 0, sizeof *run);
}

const struct bench_file_row *
bench_run_file_row(const struct bench_run_file *run, enum bench_op op,
                   enum bench_type type, size_t items)
{
	for (size_t r = 0; r < run->row_count; r++) {
		const struct bench_file_row *row = &run->rows[r];
		if (row->op == op && row->workload.kind == BENCH_WORKLOAD_MATRIX &&
		    row->workload.type == type && row->workload.items == items)
			return row;
	}
	return NULL;
}

bool
bench_file_cell_has_figure(const struct bench_file_cell *cell)
{
	return cell != NULL && cell->present && !cell->failed &&
	       !cell->not_applicable;
}

const struct bench_file_cell *
bench_file_row_cell(const struct bench_run_file *run,
                    const struct bench_file_row *row, size_t column)
{
	return column == run->backend_count ? &row->floor : &row->cells[column];
}

const char *
bench_run_file_column_name(const struct bench_run_file *run, size_t column)
{
	return column == run->backend_count ? "Floor"
	                                    : run->backends[column].name;
}

size_t
bench_run_file_backend(const struct bench_run_file *run, const char *name)
{
	for (size_t b = 0; b < run->backend_count; b++) {
		if (strcmp(run->backends[b].name, name) == 0)
			return b;
	}
	return SIZE_MAX;
}
