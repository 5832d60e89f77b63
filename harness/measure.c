/*
 * measure.c - the measurement loop (see measure.h and method.md).
 *
 * Per test:
 *   1. set up one cell per backend, and the Floor's (untimed);
 *   2. validate each cell on one batch (before its first sample);
 *   3. count the allocations of one batch, in an untimed run;
 *   4. size the batch so that a sample lasts at least --min-time;
 *   5. take --repetitions samples, each round visiting the cells in a new
 *      shuffled order, so machine drift spreads over every backend;
 *      (a sample that lost more than 1% of its time to other processes
 *      is taken again, up to BENCH_RETAKES_MAX times);
 *   6. validate the last sample's results (after the last sample);
 *   7. summarise: median, minimum, MAD; decide Winner and Haiku Winner.
 * A cell that fails any check is an ERR with its reason, never a time.
 */
#include "measure.h"

#include "alloc.h"
#include "operations.h"
#include "progress.h"
#include "rng.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One column of a row while it is measured. */
struct runner {
	struct bench_cell cell;
	struct bench_cell_result *result;
	const char *label;          /* backend name, or "Floor" */
	bool active;                /* set up and not failed */
	size_t ops;                 /* per sample */
};

struct run_state {
	const struct bench_options *options;
	struct bench_results *results;
	struct bench_progress progress;
	uint64_t rng;
	uint64_t checksum;
	double min_time_ns;
};

static uint64_t
elapsed_ns(const struct timespec *start, const struct timespec *end)
{
	return (uint64_t)(end->tv_sec - start->tv_sec) * 1000000000u +
	       (uint64_t)end->tv_nsec - (uint64_t)start->tv_nsec;
}

/*
 * The timed region of a sample: bench_cell_run between two reads of the
 * monotonic clock, and nothing else. Setup and checks happen outside. (An
 * instruction-count mode would bracket exactly this call.)
 */
static uint64_t
timed_region(struct bench_cell *cell, size_t ops, uint64_t *checksum)
{
	struct timespec start, end;
	clock_gettime(CLOCK_MONOTONIC, &start);
	*checksum = bench_cell_run(cell, ops);
	clock_gettime(CLOCK_MONOTONIC, &end);
	return elapsed_ns(&start, &end);
}

/* Marks a runner's cell as ERR and says so on stderr. */
static void
fail_runner(struct run_state *state, struct runner *runner,
            const struct bench_test *test, const char *reason)
{
	struct bench_cell_result *result = runner->result;
	if (!result->failed)
		state->results->failed_cells++;
	result->failed = true;
	snprintf(result->error, sizeof result->error, "%s", reason);
	free(result->samples);
	result->samples = NULL;
	result->sample_count = 0;
	runner->active = false;
	char line[BENCH_REASON_MAX + 128];
	snprintf(line, sizeof line, "ERROR in %s: %s: %s", runner->label,
	         test->name, reason);
	bench_progress_error(&state->progress, line);
}

/* CPU time this thread has used, in ns: the part of a sample's wall time
 * that the process actually ran. */
static uint64_t
thread_cpu_ns(void)
{
	struct timespec now;
	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) != 0)
		return 0;
	return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/* What happened to a batch beyond its time. */
struct batch_report {
	unsigned retakes;  /* attempts thrown away because preempted */
	bool disturbed;    /* the kept attempt was preempted too */
};

/*
 * One batch of `ops`: prepare (untimed), run timed, check the checksum,
 * validate fully when asked, release (untimed). Stores the time in
 * *elapsed. An attempt during which the process spent more than 1% of the
 * time off the CPU (another process ran; the wall time minus this
 * thread's CPU time says how long) timed another process's work too, so
 * it is thrown away and taken again, up to BENCH_RETAKES_MAX times; the
 * last attempt is kept whatever happened and reported as disturbed.
 * On failure writes the reason and returns false.
 */
static bool
run_batch(struct run_state *state, struct runner *runner, size_t ops,
          bool validate, uint64_t *elapsed, struct batch_report *report,
          char *why, size_t why_size)
{
	struct bench_cell *cell = &runner->cell;
	*report = (struct batch_report){0};
	bool ok, retake = false;
	for (;;) {
		ok = bench_cell_prepare(cell, ops, why, why_size);
		if (!ok)
			break;
		/* Before a retake, give up the rest of the time slice that the
		 * setup used, so that the timed region starts with a whole one
		 * (on an idle machine this returns at once). */
		if (retake)
			sched_yield();
		uint64_t checksum;
		/* The CPU clock is read outside the timed region, so its own
		 * cost never counts; it brackets a little more than the wall
		 * time, and an undisturbed sample has no time off the CPU. */
		uint64_t cpu_before = thread_cpu_ns();
		*elapsed = timed_region(cell, ops, &checksum);
		uint64_t cpu_time = thread_cpu_ns() - cpu_before;
		bool preempted = cpu_time != 0 && *elapsed > cpu_time &&
		                 (double)(*elapsed - cpu_time) >
		                         BENCH_OFF_CPU_FRACTION * (double)*elapsed;
		state->checksum = (state->checksum ^ checksum) *
		                  0x100000001b3u;
		uint64_t expected = bench_cell_expected_checksum(cell, ops);
		if (checksum != expected) {
			snprintf(why, why_size, "checksum of the timed work is "
			         "0x%llx, expected 0x%llx",
			         (unsigned long long)checksum,
			         (unsigned long long)expected);
			ok = false;
			break;
		}
		if (!preempted)
			break;
		if (report->retakes == BENCH_RETAKES_MAX) {
			report->disturbed = true;
			break;
		}
		report->retakes++;
		bench_cell_release(cell);
		retake = true;
	}
	if (ok && validate && !bench_cell_validate(cell, why, why_size))
		ok = false;
	bench_cell_release(cell);
	return ok;
}

/* Counts the allocations of one cycle in an untimed run. */
static bool
count_allocations(struct runner *runner, char *why, size_t why_size)
{
	struct bench_cell *cell = &runner->cell;
	size_t ops = cell->cycle_ops;
	if (!bench_cell_prepare(cell, ops, why, why_size)) {
		bench_cell_release(cell);
		return false;
	}
	bm_alloc_counting(true);
	uint64_t checksum = bench_cell_run(cell, ops);
	uint64_t calls = bm_alloc_calls();
	bm_alloc_counting(false);
	bench_cell_release(cell);
	if (checksum != bench_cell_expected_checksum(cell, ops)) {
		snprintf(why, why_size, "checksum of the counting run differs");
		return false;
	}
	runner->result->allocs_per_op = (double)calls / (double)ops;
	return true;
}

static size_t
round_up_to(size_t value, size_t step)
{
	return (value + step - 1) / step * step;
}

/*
 * Finds the batch size: whole cycles, growing until one sample lasts at
 * least --min-time. A cycle that is already longer is one sample. These
 * batches also warm the caches and the allocator; their times are thrown
 * away.
 */
static bool
calibrate(struct run_state *state, struct runner *runner, char *why,
          size_t why_size)
{
	struct bench_cell *cell = &runner->cell;
	size_t step = cell->cycle_ops;
	bool needs_messages = cell->backend != NULL &&
	                      (cell->work->test->op == BENCH_OP_CREATE ||
	                       cell->work->test->op == BENCH_OP_UNFLATTEN ||
	                       cell->work->test->op ==
	                               BENCH_OP_UNFLATTEN_INDIVIDUAL);
	size_t limit = needs_messages ? BENCH_BATCH_MESSAGES_MAX
	                              : BENCH_BATCH_OPS_MAX;
	limit = limit > step ? limit / step * step : step;
	size_t ops = step;
	for (;;) {
		uint64_t elapsed;
		struct batch_report report;
		if (!run_batch(state, runner, ops, false, &elapsed, &report, why,
		               why_size))
			return false;
		if ((double)elapsed >= state->min_time_ns || ops >= limit)
			break;
		/* Aim a quarter above the minimum, so that noise rarely takes
		 * a sample below it; grow at most 10x a step while the clock
		 * reading is still small. */
		double wanted = elapsed > 0
		                        ? (double)ops * state->min_time_ns * 1.25 /
		                                  (double)elapsed
		                        : (double)ops * 10.0;
		if (wanted > (double)ops * 10.0)
			wanted = (double)ops * 10.0;
		size_t next = wanted >= (double)limit ? limit : (size_t)wanted;
		next = round_up_to(next, step);
		if (next <= ops)
			next = ops + step;
		ops = next < limit ? next : limit;
	}
	runner->ops = ops;
	runner->result->ops_per_sample = ops;
	return true;
}

/* Sets up, validates, counts and calibrates one runner (untimed). */
static void
set_up_runner(struct run_state *state, struct runner *runner,
              const struct bench_workload *work,
              const struct bm_ops *backend)
{
	const struct bench_test *test = work->test;
	/* Room for the reason and the words put before it. */
	char why[BENCH_REASON_MAX], reason[BENCH_REASON_MAX - 64];
	uint64_t elapsed;
	struct batch_report report;
	runner->active = false;
	if (!bench_cell_init(&runner->cell, work, backend, why, sizeof why)) {
		fail_runner(state, runner, test, why);
		return;
	}
	if (!run_batch(state, runner, runner->cell.cycle_ops, true, &elapsed,
	               &report, reason, sizeof reason)) {
		snprintf(why, sizeof why, "before timing: %s", reason);
		fail_runner(state, runner, test, why);
		return;
	}
	if (backend != NULL &&
	    !count_allocations(runner, why, sizeof why)) {
		fail_runner(state, runner, test, why);
		return;
	}
	if (!calibrate(state, runner, reason, sizeof reason)) {
		snprintf(why, sizeof why, "while sizing batches: %s", reason);
		fail_runner(state, runner, test, why);
		return;
	}
	runner->result->samples = calloc(state->options->repetitions,
	                                 sizeof(double));
	if (runner->result->samples == NULL) {
		fail_runner(state, runner, test, "harness out of memory");
		return;
	}
	if (backend == NULL)
		runner->result->flat_bytes = work->floor_bytes;
	else if (bench_op_is_flat(test->op))
		runner->result->flat_bytes = runner->cell.flat_size;
	runner->active = true;
}

/* Takes sample `index` of one runner; the last one is validated. */
static void
take_sample(struct run_state *state, struct runner *runner,
            const struct bench_test *test, unsigned index)
{
	/* Room for the reason and the words put before it. */
	char why[BENCH_REASON_MAX], reason[BENCH_REASON_MAX - 64];
	bool last = index + 1 == state->options->repetitions;
	uint64_t elapsed;
	struct batch_report report;
	if (!run_batch(state, runner, runner->ops, last, &elapsed, &report,
	               reason, sizeof reason)) {
		snprintf(why, sizeof why, "%s sample %u: %s",
		         last ? "after the last" : "in", index + 1, reason);
		fail_runner(state, runner, test, why);
		return;
	}
	struct bench_cell_result *result = runner->result;
	result->samples[result->sample_count++] = (double)elapsed /
	                                          (double)runner->ops;
	result->retaken_samples += report.retakes;
	result->disturbed_samples += report.disturbed ? 1 : 0;
	state->results->retaken_samples += report.retakes;
	state->results->disturbed_samples += report.disturbed ? 1 : 0;
}

static struct bench_verdict
decide(const struct bench_results *results, const struct bench_row *row,
       bool haiku_only, struct bench_candidate *candidates)
{
	for (size_t b = 0; b < results->backend_count; b++) {
		const struct bench_cell_result *cell = &row->cells[b];
		bool haiku = (results->backends[b]->flags & BM_BACKEND_HAIKU) != 0;
		candidates[b] = (struct bench_candidate){
			.usable = !cell->failed && (haiku || !haiku_only),
			.median = cell->summary.median,
			.mad = cell->summary.mad,
		};
	}
	return bench_decide(candidates, results->backend_count);
}

static void
summarize(struct bench_cell_result *result, double *scratch)
{
	if (!result->failed && result->sample_count > 0)
		bench_summarize(result->samples, result->sample_count, scratch,
		                &result->summary);
}

/* Measures one test into `row`. Returns false when out of memory. */
static bool
measure_test(struct run_state *state, struct bench_row *row)
{
	struct bench_results *results = state->results;
	const struct bench_test *test = &row->test;
	size_t backend_count = results->backend_count;
	size_t runner_count = backend_count + (row->has_floor ? 1 : 0);
	struct bench_workload work = {0};
	struct runner *runners = calloc(runner_count + 1, sizeof *runners);
	size_t *order = calloc(runner_count + 1, sizeof *order);
	double *scratch = calloc(state->options->repetitions, sizeof(double));
	struct bench_candidate *candidates = calloc(backend_count + 1,
	                                            sizeof *candidates);
	bool ok = runners != NULL && order != NULL && scratch != NULL &&
	          candidates != NULL &&
	          bench_workload_init(&work, test, state->options->seed);
	if (!ok)
		goto done;

	for (size_t r = 0; r < runner_count; r++) {
		struct runner *runner = &runners[r];
		bool floor = r == backend_count;
		runner->result = floor ? &row->floor : &row->cells[r];
		runner->label = floor ? "Floor" : results->backends[r]->name;
		set_up_runner(state, runner, &work,
		              floor ? NULL : results->backends[r]);
	}
	for (unsigned k = 0; k < state->options->repetitions; k++) {
		size_t active = 0;
		for (size_t r = 0; r < runner_count; r++) {
			if (runners[r].active)
				order[active++] = r;
		}
		bench_rng_shuffle(&state->rng, order, active);
		for (size_t i = 0; i < active; i++)
			take_sample(state, &runners[order[i]], test, k);
	}
	for (size_t b = 0; b < backend_count; b++)
		summarize(&row->cells[b], scratch);
	if (row->has_floor)
		summarize(&row->floor, scratch);
	row->winner = decide(results, row, false, candidates);
	row->haiku_winner = decide(results, row, true, candidates);

done:
	if (runners != NULL) {
		for (size_t r = 0; r < runner_count; r++)
			bench_cell_free(&runners[r].cell);
	}
	bench_workload_free(&work);
	free(runners);
	free(order);
	free(scratch);
	free(candidates);
	return ok;
}

bool
bench_measure(const struct bench_options *options,
              const struct bm_ops *const *backends, size_t backend_count,
              bool show_progress, FILE *err, struct bench_results *results)
{
	double start = bench_now_seconds();
	*results = (struct bench_results){.options = options};
	bench_context_collect(&results->context);

	results->backends = calloc(backend_count + 1, sizeof *results->backends);
	if (results->backends == NULL)
		return false;
	for (size_t i = 0; i < backend_count; i++) {
		if (options->backend_selected[i])
			results->backends[results->backend_count++] = backends[i];
	}

	size_t test_total = bench_matrix_build(options->sizes,
	                                       options->size_count, NULL);
	struct bench_test *tests = calloc(test_total + 1, sizeof *tests);
	if (tests == NULL)
		return false;
	bench_matrix_build(options->sizes, options->size_count, tests);
	size_t selected = 0;
	for (size_t t = 0; t < test_total; t++) {
		if (bench_options_match(options, tests[t].name))
			tests[selected++] = tests[t];
	}

	results->rows = calloc(selected + 1, sizeof *results->rows);
	if (results->rows == NULL) {
		free(tests);
		return false;
	}
	struct run_state state = {
		.options = options,
		.results = results,
		.rng = options->seed,
		.checksum = 0xcbf29ce484222325u,
		.min_time_ns = options->min_time_ms * 1e6,
	};
	bench_progress_start(&state.progress, err, show_progress, selected);
	bool ok = true;
	for (size_t t = 0; t < selected && ok; t++) {
		struct bench_row *row = &results->rows[t];
		results->row_count++;
		row->test = tests[t];
		row->has_floor = tests[t].op != BENCH_OP_LOOKUP;
		row->cells = calloc(results->backend_count + 1,
		                    sizeof *row->cells);
		if (row->cells == NULL) {
			ok = false;
			break;
		}
		bench_progress_test(&state.progress, row->test.name);
		ok = measure_test(&state, row);
		bench_progress_done(&state.progress);
	}
	bench_progress_finish(&state.progress);
	free(tests);
	results->checksum = state.checksum;
	results->wall_seconds = bench_now_seconds() - start;
	return ok;
}
