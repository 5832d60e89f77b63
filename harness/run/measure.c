/*
 * measure.c - the measurement loop (see measure.h; the method is described
 * in harness/README.md §2, harness/README.md §3 and harness/README.md §5).
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
 *
 * With --measure instructions (instructions.h), steps 4 and 5 are one
 * sample of a fixed number of operations, counted by callgrind instead of
 * timed: per cell, in column order, each in a process of its own
 * (count_cell_apart), the batch of step 2 has that many operations too and
 * is not validated (it resolves the lazy library bindings the operations
 * use), then one uncounted batch of that size warms the allocator, then
 * the counted batch follows, validated after. Nothing depends on the
 * clock, so every run of a build does the same work in the same order.
 */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include "measure.h"

#include "alloc.h"
#include "fnv.h"
#include "instructions.h"
#include "operations.h"
#include "progress.h"
#include "rng.h"
#include "sizes.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* One cell of a row while it is measured. */
struct runner {
	const struct bench_column *column;
	struct bench_row *row;
	struct bench_cell cell;
	struct bench_cell_result *result;
	bool active;                /* set up and not failed */
	size_t ops;                 /* per timed batch (round) */
	size_t rounds;              /* batches per sample */
	size_t bytes_per_op;        /* memory a batch holds per operation */
};

/* Instruction mode's cells, each in a process of its own, up to `jobs`
 * at once (count_cell_apart). */
struct cell_pool {
	size_t jobs;
	size_t running;
	struct cell_process *slots;  /* `jobs` of them; pid 0: free */
	struct pending_cell *cells;  /* one per row and column, row-major */
};

struct run_state {
	const struct bench_options *options;
	struct bench_results *results;
	const struct bench_column *columns;     /* list_columns */
	size_t column_count;
	struct bench_progress progress;
	uint64_t rng;
	uint64_t checksum;
	double min_time_ns;
	bool count_instructions;    /* --measure instructions */
	struct cell_pool pool;      /* in instruction mode */
	bool in_child;              /* a cell's own process: report, don't
	                             * print (see count_cell_apart) */
};

/* The results keep the Floor's cell beside the backends'. */
static struct bench_cell_result *
result_of(struct bench_row *row, const struct bench_column *column,
          size_t c)
{
	return column->kind == BENCH_COLUMN_FLOOR ? &row->floor
	                                          : &row->cells[c];
}

static uint64_t
elapsed_ns(const struct timespec *start, const struct timespec *end)
{
	return (uint64_t)(end->tv_sec - start->tv_sec) * 1000000000u +
	       (uint64_t)end->tv_nsec - (uint64_t)start->tv_nsec;
}

/*
 * The timed region of a sample: bench_cell_run between two reads of the
 * monotonic clock, and nothing else. Setup and checks happen outside.
 * When `counted_as` names a cell (instruction mode), callgrind's client
 * requests take the place of the clock: the counters are zeroed and
 * collection turned on just before the call, then collection is turned
 * off and the counts dumped under that name; the elapsed time is 0.
 */
static uint64_t
timed_region(struct bench_cell *cell, size_t ops, uint64_t *checksum,
             const char *counted_as)
{
	if (counted_as != NULL) {
		bench_callgrind_start();
		*checksum = bench_cell_run(cell, ops);
		bench_callgrind_stop(counted_as);
		return 0;
	}
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
	free(result->cpu_samples);
	result->samples = NULL;
	result->cpu_samples = NULL;
	result->sample_count = 0;
	runner->active = false;
	if (state->in_child)
		return;
	char line[BENCH_REASON_MAX + 128];
	snprintf(line, sizeof line, "ERROR in %s: %s: %s",
	         runner->column->label, test->name, reason);
	bench_progress_error(&state->progress, line);
}

/* Clock `id` in ns, or 0 when it cannot be read. CLOCK_THREAD_CPUTIME_ID
 * gives the part of a sample's wall time that the process actually ran. */
static uint64_t
clock_ns(clockid_t id)
{
	struct timespec now;
	if (clock_gettime(id, &now) != 0)
		return 0;
	return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/*
 * One batch of `ops`: prepare (untimed), run timed, check the checksum,
 * validate fully when asked, release (untimed). Stores the time in
 * *elapsed. A batch with `counted_as` is counted by callgrind under that
 * name. On failure writes the reason and returns false.
 */
static bool
run_batch(struct run_state *state, struct runner *runner, size_t ops,
          bool validate, const char *counted_as, uint64_t *elapsed,
          char *why, size_t why_size)
{
	struct bench_cell *cell = &runner->cell;
	bool ok = bench_cell_prepare(cell, ops, why, why_size);
	if (ok) {
		uint64_t checksum;
		*elapsed = timed_region(cell, ops, &checksum, counted_as);
		state->checksum = bench_fnv_fold(state->checksum, checksum);
		uint64_t expected = bench_cell_expected_checksum(cell, ops);
		if (checksum != expected) {
			snprintf(why, why_size, "checksum of the timed work is "
			         "0x%llx, expected 0x%llx",
			         (unsigned long long)checksum,
			         (unsigned long long)expected);
			ok = false;
		}
	}
	if (ok && validate && !bench_cell_validate(cell, why, why_size))
		ok = false;
	bench_cell_release(cell);
	return ok;
}

/* Allocation sizes recorded while counting; past this many, the total is
 * extrapolated. */
#define TRACE_CAPACITY ((size_t)1 << 16)

/*
 * In an untimed run of one cycle: counts the allocations the operations
 * make (allocs_per_op), and adds up the bytes asked of the allocator by the
 * batch, its empty messages included (bytes_per_op, which sizes rounds).
 */
static bool
count_allocations(struct runner *runner, char *why, size_t why_size)
{
	struct bench_cell *cell = &runner->cell;
	size_t ops = cell->cycle_ops;
	size_t *sizes = malloc(TRACE_CAPACITY * sizeof *sizes);
	if (sizes == NULL) {
		snprintf(why, why_size, "harness out of memory");
		return false;
	}
	bm_alloc_counting(true);
	bm_alloc_trace(sizes, TRACE_CAPACITY);
	bool ok = bench_cell_prepare(cell, ops, why, why_size);
	uint64_t before = bm_alloc_calls();
	uint64_t checksum = ok ? bench_cell_run(cell, ops) : 0;
	uint64_t calls = bm_alloc_calls() - before;
	size_t traced = bm_alloc_trace_length();
	bm_alloc_counting(false);
	bench_cell_release(cell);
	if (ok && checksum != bench_cell_expected_checksum(cell, ops)) {
		snprintf(why, why_size, "checksum of the counting run differs");
		ok = false;
	}
	if (ok) {
		size_t kept = traced < TRACE_CAPACITY ? traced : TRACE_CAPACITY;
		double bytes = 0;
		for (size_t i = 0; i < kept; i++)
			bytes += (double)sizes[i];
		if (kept > 0 && traced > kept)
			bytes *= (double)traced / (double)kept;
		runner->result->allocs_per_op = (double)calls / (double)ops;
		runner->bytes_per_op = (size_t)(bytes / (double)ops);
	}
	free(sizes);
	return ok;
}

static size_t
round_up_to(size_t value, size_t step)
{
	return (value + step - 1) / step * step;
}

/*
 * The batch that would end the search for a batch size is run this many
 * times and the fastest counts: one batch slowed by something outside the
 * cell (a stall of the virtual machine, another process) would otherwise
 * end it early and leave every sample of the cell shorter than --min-time,
 * and so more exposed to the next such stall (harness/README.md §3.1).
 */
#define CALIBRATION_TRIES 3

/* Whether a batch of `ops` that took `elapsed` ends the search for a
 * batch size: it lasts --min-time, or it is as large as a round allows. */
static bool
ends_search(const struct run_state *state, uint64_t elapsed, size_t ops,
            size_t limit)
{
	return (double)elapsed >= state->min_time_ns || ops >= limit;
}

/*
 * Finds the batch size: whole cycles, growing until a batch (the fastest
 * of CALIBRATION_TRIES runs of it) lasts at least --min-time, or until the
 * batch holds BENCH_ROUND_BYTES of fresh messages; then a sample is as
 * many such batches (rounds) as make up --min-time. A cycle that is
 * already longer is one sample. These batches also warm the caches and the
 * allocator; their times are thrown away.
 */
static bool
calibrate(struct run_state *state, struct runner *runner, char *why,
          size_t why_size)
{
	struct bench_cell *cell = &runner->cell;
	size_t step = cell->cycle_ops;
	size_t limit = BENCH_BATCH_OPS_MAX;
	if (bench_cell_uses_fresh_messages(cell) && runner->bytes_per_op > 0)
		limit = BENCH_ROUND_BYTES / runner->bytes_per_op;
	limit = limit > step ? limit / step * step : step;
	size_t ops = step;
	uint64_t elapsed;
	for (;;) {
		if (!run_batch(state, runner, ops, false, NULL, &elapsed, why,
		               why_size))
			return false;
		bool last = ends_search(state, elapsed, ops, limit);
		for (int t = 1; last && t < CALIBRATION_TRIES; t++) {
			uint64_t again;
			if (!run_batch(state, runner, ops, false, NULL, &again,
			               why, why_size))
				return false;
			if (again < elapsed)
				elapsed = again;
		}
		if (last && ends_search(state, elapsed, ops, limit))
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
	runner->rounds = 1;
	if ((double)elapsed < state->min_time_ns) {
		double rounds = elapsed > 0 ? state->min_time_ns * 1.25 /
		                                      (double)elapsed
		                            : (double)BENCH_ROUNDS_MAX;
		runner->rounds = rounds >= (double)BENCH_ROUNDS_MAX
		                         ? BENCH_ROUNDS_MAX
		                         : (size_t)rounds + 1;
	}
	runner->result->ops_per_sample = ops * runner->rounds;
	runner->result->rounds_per_sample = runner->rounds;
	return true;
}

/* Sizes a runner's batches: in instruction mode one round of the validated
 * batch's `first_ops`, otherwise calibrated. False after failing the
 * runner. */
static bool
size_batches(struct run_state *state, struct runner *runner,
             const struct bench_test *test, size_t first_ops)
{
	/* Room for the reason and the words put before it. */
	char why[BENCH_REASON_MAX], reason[BENCH_REASON_MAX - 64];
	if (state->count_instructions) {
		runner->ops = first_ops;
		runner->rounds = 1;
		runner->result->ops_per_sample = first_ops;
		runner->result->rounds_per_sample = 1;
	} else if (!calibrate(state, runner, reason, sizeof reason)) {
		snprintf(why, sizeof why, "while sizing batches: %s", reason);
		fail_runner(state, runner, test, why);
		return false;
	}
	return true;
}

/* Makes room for a runner's samples and notes the bytes its results
 * report. False after failing the runner. */
static bool
prepare_results(struct run_state *state, struct runner *runner,
                const struct bench_test *test)
{
	runner->result->samples = calloc(state->options->repetitions,
	                                 sizeof(double));
	runner->result->cpu_samples = calloc(state->options->repetitions,
	                                     sizeof(double));
	if (runner->result->samples == NULL ||
	    runner->result->cpu_samples == NULL) {
		fail_runner(state, runner, test, "harness out of memory");
		return false;
	}
	if (runner->cell.flat != NULL) {
		/* The bytes the operation moves, as the first batch validated
		 * them: a backend's own flattening of the test's message, or
		 * the Floor's copy. */
		runner->result->flat_bytes = runner->cell.flat_size;
		runner->result->flat_digest =
			bench_fnv_bytes(runner->cell.flat, runner->cell.flat_size);
	}
	return true;
}

/* Sets up, validates, counts and calibrates one runner whose cell
 * applies (untimed). In instruction mode the validated batch already has
 * the operations of the counted one, and there is nothing to calibrate. */
static void
set_up_runner(struct run_state *state, struct runner *runner,
              const struct bench_test_data *work)
{
	const struct bench_test *test = work->test;
	/* Room for the reason and the words put before it. */
	char why[BENCH_REASON_MAX], reason[BENCH_REASON_MAX - 64];
	uint64_t elapsed;
	runner->active = false;
	if (!bench_cell_init(&runner->cell, work, runner->column, why,
	                     sizeof why)) {
		fail_runner(state, runner, test, why);
		return;
	}
	size_t first_ops = state->count_instructions
	                           ? bench_instruction_ops(work->operation,
	                                                   &test->workload)
	                           : runner->cell.cycle_ops;
	/* In instruction mode the counted batch is validated after, and a
	 * validation here would only cost time under valgrind. */
	if (!run_batch(state, runner, first_ops, !state->count_instructions,
	               NULL, &elapsed, reason, sizeof reason)) {
		snprintf(why, sizeof why, "before timing: %s", reason);
		fail_runner(state, runner, test, why);
		return;
	}
	if (!count_allocations(runner, why, sizeof why)) {
		fail_runner(state, runner, test, why);
		return;
	}
	if (!size_batches(state, runner, test, first_ops) ||
	    !prepare_results(state, runner, test))
		return;
	runner->active = true;
}

/*
 * One attempt at a sample: its rounds one after the other, the last round
 * of the last sample validated. Stores the timed total in *timed and the
 * thread's CPU time over the whole attempt (the rounds' preparation and
 * release included) in *cpu, and whether the attempt spent more than
 * BENCH_OFF_CPU_FRACTION of *timed off the CPU (the wall time of the
 * attempt minus that CPU time says how long another process ran).
 *
 * The CPU clock is read around the attempt, never around each round: on
 * the project's machine every reading is a system call, and the rounds
 * timed right after one ran slower (harness/README.md §3.3).
 */
static bool
attempt_sample(struct run_state *state, struct runner *runner, bool last,
               uint64_t *timed, uint64_t *cpu, bool *preempted, char *why,
               size_t why_size)
{
	uint64_t cpu_before = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	uint64_t wall_before = clock_ns(CLOCK_MONOTONIC);
	*timed = 0;
	for (size_t round = 0; round < runner->rounds; round++) {
		uint64_t elapsed;
		bool validate = last && round + 1 == runner->rounds;
		if (!run_batch(state, runner, runner->ops, validate, NULL,
		               &elapsed, why, why_size))
			return false;
		*timed += elapsed;
	}
	uint64_t wall = clock_ns(CLOCK_MONOTONIC) - wall_before;
	*cpu = clock_ns(CLOCK_THREAD_CPUTIME_ID) - cpu_before;
	*preempted = *cpu != 0 && wall > *cpu &&
	             (double)(wall - *cpu) >
	                     BENCH_OFF_CPU_FRACTION * (double)*timed;
	return true;
}

/*
 * Takes sample `index` of one runner. An attempt that was preempted timed
 * another process's work too, so it is thrown away and taken again, up to
 * BENCH_RETAKES_MAX times, each retake after giving up the rest of the
 * time slice (on an idle machine sched_yield returns at once); the last
 * attempt is kept whatever happened and counted as disturbed.
 */
static void
take_sample(struct run_state *state, struct runner *runner,
            const struct bench_test *test, unsigned index)
{
	/* Room for the reason and the words put before it. */
	char why[BENCH_REASON_MAX], reason[BENCH_REASON_MAX - 64];
	bool last = index + 1 == state->options->repetitions;
	struct bench_cell_result *result = runner->result;
	uint64_t timed, cpu;
	bench_cell_place(&runner->cell, index);
	/* The stack moves too: the sample's timed code runs deeper by
	 * bench_stack_depth. (Without GCC's or Clang's alloca it stays.) */
#if defined(__GNUC__)
	volatile unsigned char *deeper =
	        __builtin_alloca(bench_stack_depth(index) + 1);
	deeper[0] = 0;
#endif
	for (unsigned retakes = 0;; retakes++) {
		if (retakes > 0)
			sched_yield();
		bool preempted;
		if (!attempt_sample(state, runner, last, &timed, &cpu,
		                    &preempted, reason, sizeof reason)) {
			snprintf(why, sizeof why, "%s sample %u: %s",
			         last ? "after the last" : "in", index + 1,
			         reason);
			fail_runner(state, runner, test, why);
			return;
		}
		if (!preempted)
			break;
		if (retakes == BENCH_RETAKES_MAX) {
			result->disturbed_samples++;
			state->results->disturbed_samples++;
			break;
		}
		result->retaken_samples++;
		state->results->retaken_samples++;
	}
	double ops = (double)runner->ops * (double)runner->rounds;
	result->cpu_samples[result->sample_count] = (double)cpu / ops;
	result->samples[result->sample_count++] = (double)timed / ops;
}

/*
 * Instruction mode: the one sample of a runner, counted by callgrind and
 * dumped under the cell's name, its results validated after. An uncounted
 * batch of the same size comes just before it, so that the counted one
 * finds the allocator as a batch of its own kind leaves it, whatever ran
 * earlier (the allocation count in between used the heap too). The
 * figure itself is in the dump; `bench read-callgrind` puts it in the
 * results.
 */
static void
count_sample(struct run_state *state, struct runner *runner,
             const struct bench_test *test)
{
	char why[BENCH_REASON_MAX], reason[BENCH_REASON_MAX - 64];
	char name[BENCH_DUMP_NAME_MAX];
	uint64_t elapsed;
	bench_dump_name(test->name, runner->column->label, name, sizeof name);
	if (!run_batch(state, runner, runner->ops, false, NULL, &elapsed,
	               reason, sizeof reason) ||
	    !run_batch(state, runner, runner->ops, true, name, &elapsed,
	               reason, sizeof reason)) {
		snprintf(why, sizeof why, "after the counted sample: %s",
		         reason);
		fail_runner(state, runner, test, why);
	}
}

/* What a cell's own process tells the harness (count_cell_apart). */
struct cell_report {
	bool failed;
	bool not_applicable;
	char error[BENCH_REASON_MAX];
	double allocs_per_op;
	size_t flat_bytes;
	uint64_t flat_digest;
	size_t ops;
	uint64_t checksum;          /* of the cell's work (run_state) */
};

/* Reads exactly `size` bytes, or fewer at the end of the pipe. */
static size_t
read_all(int fd, void *buffer, size_t size)
{
	size_t got = 0;
	while (got < size) {
		ssize_t n = read(fd, (char *)buffer + got, size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	return got;
}

/* A cell's whole life in instruction mode, run by the thread that
 * count_cell_apart starts in the cell's own process. */
struct cell_job {
	struct run_state *state;
	struct runner *runner;
	const struct bench_test *test;
	struct cell_report *report;
};

static void *
run_cell_job(void *argument)
{
	struct cell_job *job = argument;
	struct run_state *state = job->state;
	struct runner *runner = job->runner;
	struct cell_report *report = job->report;
	/* The test's shared data is made again here, in this thread's
	 * memory, so that the names and strings the operations pass lie
	 * where this cell alone decides. */
	struct bench_test_data work;
	if (!bench_test_data_init(&work, job->test, state->options->seed)) {
		fail_runner(state, runner, job->test, "harness out of memory");
	} else {
		set_up_runner(state, runner, &work);
		if (runner->active)
			count_sample(state, runner, job->test);
	}
	struct bench_cell_result *result = runner->result;
	report->failed = result->failed;
	report->not_applicable = result->not_applicable;
	memcpy(report->error, result->error, sizeof report->error);
	report->allocs_per_op = result->allocs_per_op;
	report->flat_bytes = result->flat_bytes;
	report->flat_digest = result->flat_digest;
	report->ops = runner->ops;
	report->checksum = state->checksum;
	bench_cell_free(&runner->cell);
	bench_test_data_free(&work);
	return NULL;
}

/* The child's side of count_cell_apart: the cell's work in a new thread,
 * its report written to `fd`, then the end of the process. */
static _Noreturn void
run_cell_child(struct run_state *state, struct runner *runner,
               const struct bench_test *test, int fd)
{
	struct cell_report report = {0};
	state->in_child = true;
	struct cell_job job = {
		.state = state,
		.runner = runner,
		.test = test,
		.report = &report,
	};
	pthread_t thread;
	if (pthread_create(&thread, NULL, run_cell_job, &job) != 0 ||
	    pthread_join(thread, NULL) != 0) {
		report.failed = true;
		snprintf(report.error, sizeof report.error,
		         "harness: cannot start the cell's thread");
	}
	bool sent = write(fd, &report, sizeof report) == (ssize_t)sizeof report;
	/* No exit handlers, no flushing of the harness's streams. */
	_exit(sent ? 0 : 1);
}

/* Why a cell's process gave no whole report, from its wait status. */
static void
explain_lost_report(int wait_status, char *why, size_t why_size)
{
	if (WIFSIGNALED(wait_status))
		snprintf(why, why_size, "the cell's process died of signal %d",
		         WTERMSIG(wait_status));
	else
		snprintf(why, why_size, "the cell's process ended without a "
		         "report");
}

/* The report fits in the pipe: a child writes it whole and ends, without
 * waiting for the harness to read it (reap_cell reads it after). */
_Static_assert(sizeof(struct cell_report) <= PIPE_BUF,
               "a cell's report must fit in a pipe's buffer");

/* Puts what a cell's process reported into the runner and its results:
 * the checksum of its work, and its failure, its not applying, or its
 * figures. */
static void
take_cell_report(struct run_state *state, struct runner *runner,
                 const struct bench_test *test,
                 const struct cell_report *report)
{
	state->checksum = bench_fnv_fold(state->checksum, report->checksum);
	if (report->failed) {
		fail_runner(state, runner, test, report->error);
		return;
	}
	if (report->not_applicable) {
		runner->result->not_applicable = true;
		memcpy(runner->result->error, report->error,
		       sizeof runner->result->error);
		return;
	}
	struct bench_cell_result *result = runner->result;
	result->allocs_per_op = report->allocs_per_op;
	result->flat_bytes = report->flat_bytes;
	result->flat_digest = report->flat_digest;
	result->ops_per_sample = report->ops;
	result->rounds_per_sample = 1;
	runner->ops = report->ops;
	runner->rounds = 1;
}

/* A cell's process while it runs, and the cell it reports on. */
struct cell_process {
	pid_t pid;
	int fd;                     /* the end of its pipe the harness reads */
	struct pending_cell *cell;
};

/* A cell of instruction mode between its start and the taking of its
 * report. */
struct pending_cell {
	bool launched;
	struct cell_report report;
};

/* Waits for the next of the pool's processes to end, and keeps its
 * report, or why there is none. */
static void
reap_cell(struct cell_pool *pool)
{
	int wait_status = 0;
	struct cell_process *process = NULL;
	while (process == NULL) {
		pid_t pid = waitpid(-1, &wait_status, 0);
		if (pid < 0 && errno == EINTR)
			continue;
		for (size_t k = 0; k < pool->jobs; k++) {
			/* Without a child to wait for (none of this pool's can
			 * be: the caller knows one runs), the first one's pipe
			 * says what there is. */
			bool lost = pid < 0 && pool->slots[k].pid != 0;
			if (lost || (pid > 0 && pool->slots[k].pid == pid)) {
				process = &pool->slots[k];
				break;
			}
		}
		if (pid < 0 && process == NULL)
			return;
	}
	struct cell_report *report = &process->cell->report;
	size_t got = read_all(process->fd, report, sizeof *report);
	close(process->fd);
	if (got != sizeof *report) {
		*report = (struct cell_report){.failed = true};
		explain_lost_report(wait_status, report->error,
		                    sizeof report->error);
	}
	report->error[sizeof report->error - 1] = '\0';
	*process = (struct cell_process){0};
	pool->running--;
}

/*
 * Instruction mode: one cell from start to end (set up, its allocations
 * counted, its instructions counted, validated) in a process of its own,
 * forked from the harness, which sends back what the results need through
 * a pipe. In the child, a new thread does the work:
 * glibc gives a process's second thread an arena of its own, a fresh heap
 * aligned to 64 MiB, and the thread makes the test's data again there. So
 * every cell starts from the same allocator state at the same page offsets,
 * whatever ran before it, whatever the options and the harness's own
 * allocations were: which paths glibc's allocator and string functions take
 * (realloc in place or not; strlen, strncmp and memcpy check for page
 * crossings) depends on the cell's own code only; without the process,
 * cells moved when other tests ran first, and without the thread, when
 * --sizes changed (harness/README.md §5.2). callgrind writes each
 * process's dumps to its own file when --callgrind-out-file has %p
 * (scripts/bench-instructions).
 *
 * Up to --jobs such processes run at once: a count does not depend on
 * what else runs. Each starts from the harness's state before any report
 * is taken, and the reports are taken only after the last cell, in row
 * and column order (take_cell_reports), so the results and their checksum
 * are the same for any --jobs and any order of ending.
 */
static void
count_cell_apart(struct run_state *state, struct runner *runner,
                 const struct bench_test_data *work)
{
	struct cell_pool *pool = &state->pool;
	size_t row = (size_t)(runner->row - state->results->rows);
	size_t column = (size_t)(runner->column - state->columns);
	struct pending_cell *cell =
		&pool->cells[row * state->column_count + column];
	cell->launched = true;
	if (pool->running == pool->jobs)
		reap_cell(pool);
	int pipe_fds[2];
	if (pipe(pipe_fds) != 0) {
		cell->report.failed = true;
		snprintf(cell->report.error, sizeof cell->report.error,
		         "harness: pipe failed");
		return;
	}
	pid_t child = fork();
	if (child == 0) {
		close(pipe_fds[0]);
		run_cell_child(state, runner, work->test, pipe_fds[1]);
	}
	close(pipe_fds[1]);
	if (child < 0) {
		close(pipe_fds[0]);
		cell->report.failed = true;
		snprintf(cell->report.error, sizeof cell->report.error,
		         "harness: fork failed");
		return;
	}
	for (size_t k = 0; k < pool->jobs; k++) {
		if (pool->slots[k].pid == 0) {
			pool->slots[k] = (struct cell_process){
				.pid = child, .fd = pipe_fds[0], .cell = cell};
			break;
		}
	}
	pool->running++;
}

/* After the last cell started: waits for every process still running,
 * then takes every report in row and column order. */
static void
take_cell_reports(struct run_state *state)
{
	struct cell_pool *pool = &state->pool;
	while (pool->running > 0)
		reap_cell(pool);
	struct bench_results *results = state->results;
	for (size_t r = 0; r < results->row_count; r++) {
		struct bench_row *row = &results->rows[r];
		for (size_t c = 0; c < state->column_count; c++) {
			struct pending_cell *cell =
				&pool->cells[r * state->column_count + c];
			if (!cell->launched)
				continue;
			struct runner runner = {
				.column = &state->columns[c],
				.result = result_of(row, &state->columns[c], c),
			};
			take_cell_report(state, &runner, &row->test,
			                 &cell->report);
		}
	}
}

static void
summarize(struct bench_cell_result *result, double *scratch)
{
	if (!result->failed && !result->not_applicable &&
	    result->sample_count > 0)
		bench_summarize(result->samples, result->sample_count, scratch,
		                &result->summary);
}

/* Sets up the runner of every column in a row, in column order; a cell
 * that does not apply is "n/a". In instruction mode each cell is counted
 * in a process of its own. */
static void
set_up_runners(struct run_state *state, struct bench_row *row,
               struct runner *runners, const struct bench_test_data *work)
{
	char why[BENCH_REASON_MAX];
	for (size_t c = 0; c < state->column_count; c++) {
		struct runner *runner = &runners[c];
		runner->column = &state->columns[c];
		runner->row = row;
		runner->result = result_of(row, runner->column, c);
		if (!bench_cell_applies(runner->column, work, why, sizeof why)) {
			runner->result->not_applicable = true;
			snprintf(runner->result->error,
			         sizeof runner->result->error, "%s", why);
		} else if (state->count_instructions) {
			count_cell_apart(state, runner, work);
		} else {
			set_up_runner(state, runner, work);
		}
	}
}

/* Takes the --repetitions samples of the active runners, each round
 * visiting them in a new shuffled order (`order` has room for them all). */
static void
take_samples(struct run_state *state, struct runner *runners,
             size_t runner_count, size_t *order,
             const struct bench_test *test)
{
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
}

/* Summarises every cell of a measured row, and decides its Winner and
 * Haiku Winner. */
static void
finish_row(struct run_state *state, struct bench_row *row, double *scratch,
           struct bench_candidate *candidates)
{
	struct bench_results *results = state->results;
	for (size_t b = 0; b < results->backend_count; b++)
		summarize(&row->cells[b], scratch);
	if (row->has_floor)
		summarize(&row->floor, scratch);
	/* In instruction mode the figures, and so the verdicts, come later
	 * (bench read-callgrind). */
	if (!state->count_instructions)
		bench_row_decide(results, row, candidates, scratch);
}

/* Measures one test into `row`. Returns false when out of memory. */
static bool
measure_test(struct run_state *state, struct bench_row *row)
{
	struct bench_results *results = state->results;
	const struct bench_test *test = &row->test;
	size_t backend_count = results->backend_count;
	size_t runner_count = state->column_count;
	struct bench_test_data work = {0};
	struct runner *runners = calloc(runner_count + 1, sizeof *runners);
	size_t *order = calloc(runner_count + 1, sizeof *order);
	/* Summaries take one double a sample, bench_row_decide three. */
	double *scratch = calloc(3 * (size_t)state->options->repetitions,
	                         sizeof(double));
	struct bench_candidate *candidates = calloc(backend_count + 1,
	                                            sizeof *candidates);
	bool ok = runners != NULL && order != NULL && scratch != NULL &&
	          candidates != NULL &&
	          bench_test_data_init(&work, test, state->options->seed);
	if (!ok)
		goto done;

	set_up_runners(state, row, runners, &work);
	if (!state->count_instructions)
		take_samples(state, runners, runner_count, order, test);
	finish_row(state, row, scratch, candidates);

done:
	if (runners != NULL) {
		for (size_t r = 0; r < runner_count; r++)
			bench_cell_free(&runners[r].cell);
	}
	bench_test_data_free(&work);
	free(runners);
	free(order);
	free(scratch);
	free(candidates);
	return ok;
}

bool
bench_configure_malloc(void)
{
#ifdef __GLIBC__
	return mallopt(M_TRIM_THRESHOLD, INT_MAX) == 1 &&
	       mallopt(M_MMAP_THRESHOLD, BENCH_MMAP_THRESHOLD) == 1;
#else
	return false;
#endif
}

/*
 * Keeps freed memory in the process for the whole run, when the malloc in
 * use is glibc's (harness/README.md §3.6). By default glibc returns the
 * top of the heap to the kernel when enough is free, and moves its trim
 * and mmap thresholds as the program frees large blocks; then whether a
 * sample's allocations land on pages already mapped or on fresh ones (a
 * page fault each, several microseconds on a virtual machine) depends on
 * what ran before, not on the design measured. With both thresholds fixed,
 * every sample after the warm-up reuses mapped memory, the same way for
 * every backend. Another allocator (jemalloc, mimalloc: allocator.h) is
 * left with its own defaults: mallopt would only tune glibc's malloc,
 * which is then not used. Writes what the JSON context says, which claims
 * only what was done.
 */
static void
configure_allocator(const struct bench_allocator *allocator, char *out,
                    size_t out_size)
{
	if (strcmp(allocator->name, "glibc") == 0) {
#ifdef __GLIBC__
		if (bench_configure_malloc()) {
			snprintf(out, out_size, "glibc malloc, memory kept: "
			         "M_TRIM_THRESHOLD 2 GiB, M_MMAP_THRESHOLD 32 MiB");
			return;
		}
		snprintf(out, out_size, "glibc malloc, defaults (mallopt "
		         "failed)");
		return;
#endif
	}
	if (strcmp(allocator->name, "other") == 0)
		snprintf(out, out_size, "the malloc of %s, defaults",
		         allocator->library);
	else
		snprintf(out, out_size, "%s %s, defaults", allocator->name,
		         allocator->version);
}

/* The backends of --backends, in registration order, into
 * results->backends. False when out of memory. */
static bool
select_backends(const struct bench_options *options,
                const struct bm_ops *const *backends, size_t backend_count,
                struct bench_results *results)
{
	results->backends = calloc(backend_count + 1, sizeof *results->backends);
	if (results->backends == NULL)
		return false;
	for (size_t i = 0; i < backend_count; i++) {
		if (options->backend_selected[i])
			results->backends[results->backend_count++] = backends[i];
	}
	return true;
}

/*
 * The columns a run measures, one list: the selected backends in registry
 * order, then the Floor, a column of its own kind (harness/README.md §2).
 * The Floor is measured as a backend is, in the same passes, so it is a
 * column of the list; what its cells run is its own (operations.h).
 * NULL when out of memory.
 */
static struct bench_column *
list_columns(const struct bench_results *results, size_t *count)
{
	size_t backends = results->backend_count;
	struct bench_column *columns = calloc(backends + 1, sizeof *columns);
	if (columns == NULL)
		return NULL;
	for (size_t b = 0; b < backends; b++)
		columns[b] = (struct bench_column){
			.kind = BENCH_COLUMN_BACKEND,
			.label = results->backends[b]->name,
			.backend = results->backends[b],
		};
	columns[backends] = (struct bench_column){
		.kind = BENCH_COLUMN_FLOOR,
		.label = "Floor",
	};
	*count = backends + 1;
	return columns;
}

/* The tests of the matrix that --filter passes, in matrix order, in a new
 * array (NULL when out of memory); *selected is their number. */
static struct bench_test *
select_tests(const struct bench_options *options, size_t *selected)
{
	size_t test_total = bench_matrix_build(options->sizes,
	                                       options->size_count, NULL);
	struct bench_test *tests = calloc(test_total + 1, sizeof *tests);
	if (tests == NULL)
		return NULL;
	bench_matrix_build(options->sizes, options->size_count, tests);
	size_t count = 0;
	for (size_t t = 0; t < test_total; t++) {
		if (bench_options_match(options, tests[t].name))
			tests[count++] = tests[t];
	}
	*selected = count;
	return tests;
}

/* Measures the selected tests, one row of the results each, saying so on
 * the progress line. False when out of memory. */
static bool
measure_rows(struct run_state *state, const struct bench_test *tests,
             size_t selected)
{
	struct bench_results *results = state->results;
	bool ok = true;
	for (size_t t = 0; t < selected && ok; t++) {
		struct bench_row *row = &results->rows[t];
		results->row_count++;
		row->test = tests[t];
		row->has_floor = bench_test_has_floor(&tests[t]);
		row->cells = calloc(results->backend_count + 1,
		                    sizeof *row->cells);
		if (row->cells == NULL) {
			ok = false;
			break;
		}
		bench_progress_test(&state->progress, row->test.name);
		ok = measure_test(state, row);
		bench_progress_done(&state->progress);
	}
	return ok;
}

/* The CPUs this process may run on (its affinity mask), at least 1. */
static size_t
usable_cpus(void)
{
#ifdef CPU_COUNT
	cpu_set_t set;
	if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
		return (size_t)CPU_COUNT(&set);
#endif
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	return online > 0 ? (size_t)online : 1;
}

/* Instruction mode's pool: --jobs processes at once (by default one per
 * CPU the process may use), and room for every cell's report. Nothing in
 * a timing run, whose cells run one at a time. False when out of
 * memory. */
static bool
make_pool(struct run_state *state, size_t rows)
{
	struct cell_pool *pool = &state->pool;
	if (!state->count_instructions)
		return true;
	size_t jobs = state->options->jobs != 0 ? state->options->jobs
	                                        : usable_cpus();
	pool->jobs = jobs < BENCH_JOBS_MAX ? jobs : BENCH_JOBS_MAX;
	pool->slots = calloc(pool->jobs, sizeof *pool->slots);
	pool->cells = calloc(rows * state->column_count + 1,
	                     sizeof *pool->cells);
	return pool->slots != NULL && pool->cells != NULL;
}

bool
bench_measure(const struct bench_options *options,
              const struct bm_ops *const *backends, size_t backend_count,
              bool show_progress, FILE *err, struct bench_results *results)
{
	double start = bench_now_seconds();
	*results = (struct bench_results){.options = options};
	bench_context_collect(&results->context);
	configure_allocator(&results->context.allocator,
	                    results->allocator_setup,
	                    sizeof results->allocator_setup);
	results->allocator = results->allocator_setup;

	if (!select_backends(options, backends, backend_count, results))
		return false;
	size_t selected;
	struct bench_test *tests = select_tests(options, &selected);
	if (tests == NULL)
		return false;

	size_t column_count = 0;
	struct bench_column *columns = list_columns(results, &column_count);
	results->rows = calloc(selected + 1, sizeof *results->rows);
	if (columns == NULL || results->rows == NULL) {
		free(columns);
		free(tests);
		return false;
	}
	struct run_state state = {
		.options = options,
		.results = results,
		.columns = columns,
		.column_count = column_count,
		.rng = options->seed,
		.checksum = BENCH_FNV_OFFSET,
		.min_time_ns = options->min_time_ms * 1e6,
		.count_instructions =
			options->measure == BENCH_MEASURE_INSTRUCTIONS,
	};
	bool ok = make_pool(&state, selected);
	if (ok && state.count_instructions)
		bench_callgrind_probe();
	bench_progress_start(&state.progress, err, show_progress, selected);
	/* Sizes do not depend on the measure: a timing run has them, and an
	 * instruction run leaves them out rather than build every message
	 * again under valgrind. */
	ok = ok && measure_rows(&state, tests, selected) &&
	     (state.count_instructions ||
	      bench_measure_sizes(tests, selected, results));
	if (state.pool.cells != NULL)
		take_cell_reports(&state);
	bench_progress_finish(&state.progress);
	free(state.pool.slots);
	free(state.pool.cells);
	free(columns);
	free(tests);
	results->checksum = state.checksum;
	results->wall_seconds = bench_now_seconds() - start;
	return ok;
}
