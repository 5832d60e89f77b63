/*
 * cli.c - the `bench` program (see cli.h): options, the listings, the run
 * and its outputs, and the exit status.
 */
#include "cli.h"

#include "compare.h"
#include "glibc_pin.h"
#include "instructions.h"
#include "matrix.h"
#include "measure.h"
#include "options.h"
#include "output.h"
#include "read_callgrind.h"
#include "replacement.h"
#include "report.h"
#include "results.h"
#include "results_read.h"
#include "stability.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* `bench --list`: NAME<TAB>kind<TAB>FOB1|HMF1<TAB>summary. */
static void
list_backends(const struct bench_program *program)
{
	for (size_t i = 0; i < program->backend_count; i++) {
		const struct bm_ops *ops = program->backends[i];
		fprintf(program->out, "%s\t%s\t%s\t%s\n", ops->name,
		        bm_kind_name(bm_backend_kind(ops)),
		        ops->native_format == BM_FORMAT_HMF1 ? "HMF1" : "FOB1",
		        ops->summary);
	}
}

/* The tests the options select, in matrix order. Returns how many, or
 * SIZE_MAX when out of memory; *tests is malloc'd. */
static size_t
selected_tests(const struct bench_options *options, struct bench_test **tests)
{
	size_t total = bench_matrix_build(options->sizes, options->size_count,
	                                  NULL);
	*tests = calloc(total + 1, sizeof **tests);
	if (*tests == NULL)
		return SIZE_MAX;
	bench_matrix_build(options->sizes, options->size_count, *tests);
	size_t count = 0;
	for (size_t t = 0; t < total; t++) {
		if (bench_options_match(options, (*tests)[t].name))
			(*tests)[count++] = (*tests)[t];
	}
	return count;
}

/* Writes latest.{md,csv,json} of the canonical run into `dir`. */
static bool
write_latest(const struct bench_program *program, const char *dir,
             const struct bench_results *results)
{
	static const struct {
		const char *name;
		enum bench_format format;
	} files[] = {
		{"latest.md", BENCH_FORMAT_MD},
		{"latest.csv", BENCH_FORMAT_CSV},
		{"latest.json", BENCH_FORMAT_JSON},
	};
	bool ok = true;
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		char path[4096], why[4096 + 256];
		int length = snprintf(path, sizeof path, "%s/%s", dir,
		                      files[i].name);
		if (length < 0 || (size_t)length >= sizeof path) {
			fprintf(program->err, "bench: results path too long\n");
			ok = false;
			continue;
		}
		/* The committed files are always in nanoseconds. */
		if (!bench_write_results_file(path, results, files[i].format,
		                              BENCH_UNIT_NS, why, sizeof why)) {
			fprintf(program->err, "bench: %s\n", why);
			ok = false;
		}
	}
	return ok;
}

/* Whether the canonical run replaces the results in results_dir
 * (replacement.h): reads the committed latest.json for its backends, and
 * writes why not (or why it would not, when forced) into why. */
static bool
replaces_committed(const struct bench_program *program,
                   const struct bench_results *results, bool force,
                   char *why, size_t why_size)
{
	char path[4096], reason[4096 + 256] = "";
	snprintf(path, sizeof path, "%s/latest.json", program->results_dir);
	struct bench_run_file file = {0};
	struct bench_committed committed = {.path = "results/latest.json"};
	const char **names = calloc(results->backend_count + 1, sizeof *names);
	const char **kept = NULL;
	if (access(path, F_OK) != 0 && errno == ENOENT) {
		committed.state = BENCH_COMMITTED_ABSENT;
	} else if (!bench_run_file_load(path, BENCH_READ_MEASURED, &file,
	                                reason, sizeof reason)) {
		committed.state = BENCH_COMMITTED_UNREADABLE;
		committed.why = reason;
	} else {
		committed.state = BENCH_COMMITTED_READ;
		kept = calloc(file.backend_count + 1, sizeof *kept);
		for (size_t b = 0; kept != NULL && b < file.backend_count; b++)
			kept[b] = file.backends[b].name;
		committed.backends = kept;
		committed.backend_count = kept != NULL ? file.backend_count : 0;
	}
	bool replace;
	if (names == NULL ||
	    (committed.state == BENCH_COMMITTED_READ && kept == NULL)) {
		snprintf(why, why_size, "out of memory");
		replace = force;
	} else {
		for (size_t b = 0; b < results->backend_count; b++)
			names[b] = results->backends[b]->name;
		const struct bench_replacing_run run = {
			.backends = names,
			.backend_count = results->backend_count,
			.skipped = results->skipped,
			.skipped_count = results->skipped_count,
			.verdict = results->run_verdict,
			.reasons = results->run_reasons,
			.injected = results->context.injected_regression,
		};
		replace = bench_replacement_decide(&committed, &run, force, why,
		                                   why_size);
	}
	free(kept);
	free(names);
	bench_run_file_free(&file);
	return replace;
}

bool
bench_write_canonical(const struct bench_program *program,
                      const struct bench_results *results, bool force)
{
	char why[8192];
	if (replaces_committed(program, results, force, why, sizeof why)) {
		if (why[0] != '\0')
			fprintf(program->err, "bench: %s/latest.* replaced, as "
			        "--replace-results asks, although %s\n",
			        program->results_dir, why);
		return write_latest(program, program->results_dir, results);
	}
	if (program->aside_dir == NULL) {
		fprintf(program->err, "bench: %s/latest.* not replaced: %s "
		        "(--replace-results replaces them anyway)\n",
		        program->results_dir, why);
		return true;
	}
	if (mkdir(program->aside_dir, 0777) != 0 && errno != EEXIST) {
		fprintf(program->err, "bench: %s: cannot make the folder: %s\n",
		        program->aside_dir, strerror(errno));
		return false;
	}
	fprintf(program->err, "bench: %s/latest.* not replaced: %s; this "
	        "run's are in %s/ (--replace-results replaces them anyway)\n",
	        program->results_dir, why, program->aside_dir);
	return write_latest(program, program->aside_dir, results);
}

/* Before a timing run measures: the figures it starts from
 * (harness/README.md §3.7), and one line when other processes keep the
 * machine busy. */
static void
begin_conditions(const struct bench_program *program,
                 const struct bench_options *options,
                 struct bench_conditions_probe *probe,
                 struct bench_conditions *conditions)
{
	*conditions = (struct bench_conditions){0};
	if (options->measure != BENCH_MEASURE_TIME)
		return;
	if (program->conditions != NULL)
		*conditions = *program->conditions;
	else
		bench_conditions_begin(probe, conditions,
		                       BENCH_CONDITIONS_SETTLE_SECONDS);
	char busy[160];
	if (bench_conditions_busy(conditions, sysconf(_SC_NPROCESSORS_ONLN),
	                          busy, sizeof busy))
		fprintf(program->err, "bench: the machine is busy: %s; the run "
		        "will likely be disturbed (harness/README.md §3.7)\n",
		        busy);
}

/* After a timing run: its figures and the verdict on them, in the
 * results. */
static void
finish_conditions(const struct bench_program *program,
                  const struct bench_options *options,
                  const struct bench_conditions_probe *probe,
                  struct bench_conditions *conditions,
                  struct bench_results *results)
{
	if (options->measure != BENCH_MEASURE_TIME)
		return;
	if (program->conditions == NULL) {
		bench_conditions_end(probe, conditions);
		conditions->samples = bench_results_sample_count(results);
		conditions->retaken = results->retaken_samples;
		conditions->kept_disturbed = results->disturbed_samples;
	}
	/* One reading of the load at the start. */
	memcpy(results->context.load_avg, conditions->load_start,
	       sizeof results->context.load_avg);
	results->conditions = *conditions;
	results->run_verdict = bench_conditions_classify(
		conditions, results->run_reasons, sizeof results->run_reasons);
}

/* The last line of a disturbed run: its figures and what to do. */
static void
warn_if_disturbed(const struct bench_program *program,
                  const struct bench_results *results)
{
	if (results->run_verdict != BENCH_RUN_DISTURBED)
		return;
	const struct bench_conditions *c = &results->conditions;
	char load[96] = "";
	if (c->load_start[0] >= 0 && c->load_end[0] >= 0)
		snprintf(load, sizeof load, " (load average %.2f at the start, "
		         "%.2f at the end)", c->load_start[0], c->load_end[0]);
	fprintf(program->err, "bench: warning: this run was disturbed: %s%s; "
	        "its times and verdicts may not hold: run it again on an idle "
	        "machine (harness/README.md §3.7)\n",
	        results->run_reasons, load);
}

/* Measures what the options select, and what the run competed with. False
 * when out of memory. */
static bool
measure(const struct bench_program *program,
        const struct bench_options *options, struct bench_results *results)
{
	struct bench_conditions_probe probe;
	struct bench_conditions conditions;
	begin_conditions(program, options, &probe, &conditions);
	bool show_progress = options->progress || program->err_is_terminal;
	bool ok = bench_measure(options, program->backends,
	                        program->backend_count, show_progress,
	                        program->err, results);
	results->skipped = program->skipped;
	results->skipped_count = program->skipped_count;
	finish_conditions(program, options, &probe, &conditions, results);
	return ok;
}

static int
run(const struct bench_program *program, const struct bench_options *options)
{
	size_t selected_backends = 0;
	for (size_t i = 0; i < options->backend_count; i++)
		selected_backends += options->backend_selected[i] ? 1 : 0;
	if (selected_backends == 0) {
		fprintf(program->err, "bench: no backends to run\n");
		return BENCH_EXIT_USAGE;
	}
	struct bench_test *tests;
	size_t test_count = selected_tests(options, &tests);
	free(tests);
	if (test_count == SIZE_MAX) {
		fprintf(program->err, "bench: out of memory\n");
		return BENCH_EXIT_FAILED;
	}
	if (test_count == 0) {
		fprintf(program->err, "bench: --filter '%s' matches no test "
		        "(see --list-tests)\n", options->filter_text);
		return BENCH_EXIT_USAGE;
	}

	if (!bench_measure_available(options, program->err))
		return BENCH_EXIT_USAGE;

	/* One line for the listed backends this build lacks. */
	if (program->skipped_count > 0) {
		fprintf(program->err, "bench: not built, so not run:");
		for (size_t i = 0; i < program->skipped_count; i++)
			fprintf(program->err, "%s %s (%s)", i > 0 ? "," : "",
			        program->skipped[i].name, program->skipped[i].why);
		fputc('\n', program->err);
	}
	struct bench_results results;
	if (!measure(program, options, &results)) {
		fprintf(program->err, "bench: out of memory\n");
		bench_results_free(&results);
		return BENCH_EXIT_FAILED;
	}

	bool written = true;
	if (options->out_path != NULL) {
		char why[4096 + 256];
		written = bench_write_results_file(options->out_path, &results,
		                                   options->format, options->unit,
		                                   why, sizeof why);
		if (!written)
			fprintf(program->err, "bench: %s\n", why);
	} else {
		written = bench_write_results(program->out, &results,
		                              options->format, options->unit);
		if (!written)
			fprintf(program->err, "bench: cannot write the results\n");
	}
	if (program->results_dir != NULL && bench_options_canonical(options))
		written = bench_write_canonical(program, &results,
		                                options->replace_results) &&
		          written;

	int status = BENCH_EXIT_OK;
	if (results.failed_cells > 0) {
		fprintf(program->err, "bench: %zu cell%s failed validation "
		        "(ERR in the table)\n", results.failed_cells,
		        results.failed_cells == 1 ? "" : "s");
		status = BENCH_EXIT_FAILED;
	}
	if (!written)
		status = BENCH_EXIT_FAILED;
	warn_if_disturbed(program, &results);
	bench_results_free(&results);
	return status;
}

/* `bench NAME ...`: the commands that are not a run. */
static const struct {
	const char *name;
	bench_subcommand_main *main;
} subcommands[] = {
	/* The report from a results file. */
	{"report", bench_report_main},
	/* Regression tracking. */
	{"compare", bench_compare_main},
	{"read-callgrind", bench_read_callgrind_main},
	{"glibc-pin", bench_glibc_pin_main},
	/* How verdicts hold between runs (scripts/stability). */
	{"stability", bench_stability_main},
};

int
bench_main(const struct bench_program *program, int argc, char **argv)
{
	size_t subcommand_count = sizeof subcommands / sizeof subcommands[0];
	for (size_t i = 0; argc > 1 && i < subcommand_count; i++) {
		if (strcmp(argv[1], subcommands[i].name) == 0)
			return subcommands[i].main(program, argc - 1, argv + 1);
	}
	/* The one check of the backends, before anything runs. */
	char reason[256];
	if (!bm_backends_valid(program->backends, program->backend_count,
	                       reason, sizeof reason)) {
		fprintf(program->err, "bench: %s\n", reason);
		return BENCH_EXIT_FAILED;
	}
	struct bench_options options;
	char why[512];
	int status = bench_options_parse(&options, argc, argv,
	                                 program->backends,
	                                 program->backend_count, why,
	                                 sizeof why);
	if (status != BENCH_EXIT_OK) {
		fprintf(program->err, "bench: %s\n", why);
	} else if (options.help) {
		bench_print_usage(program->out);
	} else if (options.list) {
		list_backends(program);
	} else if (options.list_tests) {
		struct bench_test *tests;
		size_t count = selected_tests(&options, &tests);
		if (count == SIZE_MAX) {
			fprintf(program->err, "bench: out of memory\n");
			status = BENCH_EXIT_FAILED;
		}
		for (size_t t = 0; t < count && count != SIZE_MAX; t++)
			fprintf(program->out, "%s\n", tests[t].name);
		free(tests);
	} else {
		status = run(program, &options);
	}
	bench_options_free(&options);
	return status;
}
