/*
 * cli.c - the `bench` program (see cli.h): options, the listings, the run
 * and its outputs, and the exit status.
 */
#include "cli.h"

#include "canonical.h"
#include "compare.h"
#include "help.h"
#include "glibc_pin.h"
#include "history.h"
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

/* `bench --list`: NAME<TAB>kind<TAB>format word<TAB>summary, the summary
 * of a library followed by "; library version V". */
static void
list_backends(const struct bench_program *program)
{
	for (size_t i = 0; i < program->backend_count; i++) {
		const struct bm_ops *ops = program->backends[i];
		const char *version = bm_backend_library_version(ops);
		fprintf(program->out, "%s\t%s\t%s\t%s%s%s\n", ops->name,
		        bm_kind_name(bm_backend_kind(ops)),
		        bm_backend_format_word(ops), ops->summary,
		        version != NULL ? "; library version " : "",
		        version != NULL ? version : "");
	}
}

/* The canonical run's files in the results directory (options.h): one
 * set, each naming the run (results_set.h). */
static const struct {
	const char *name;
	enum bench_format format;
} latest_files[] = {
#define LATEST_ROW(name, format) {name, format},
	BENCH_LATEST_LIST(LATEST_ROW)
#undef LATEST_ROW
};
enum { LATEST_COUNT = sizeof latest_files / sizeof latest_files[0] };

/* Writes latest.{md,csv,json} of the canonical run into `dir`. */
static bool
write_latest(const struct bench_program *program, const char *dir,
             const struct bench_results *results)
{
	char paths[LATEST_COUNT][4096 + 16], why[4096 + 256];
	struct bench_results_file files[LATEST_COUNT];
	for (size_t i = 0; i < LATEST_COUNT; i++) {
		snprintf(paths[i], sizeof paths[i], "%s/%s",
		         dir, latest_files[i].name);
		files[i] = (struct bench_results_file){paths[i],
		                                       latest_files[i].format};
	}
	/* The committed files are always in nanoseconds. */
	if (!bench_write_results_set(files, LATEST_COUNT, results, BENCH_UNIT_NS,
	                             why, sizeof why)) {
		fprintf(program->err, "bench: %s\n", why);
		return false;
	}
	return true;
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

/* The table of BENCH_SUBCOMMAND_LIST (cli.h). */
static const struct bench_subcommand subcommands[] = {
#define SUBCOMMAND_ROW(name, main, usage, summary) {name, main, usage, summary},
	BENCH_SUBCOMMAND_LIST(SUBCOMMAND_ROW)
#undef SUBCOMMAND_ROW
};

const struct bench_subcommand *
bench_subcommands(size_t *count)
{
	*count = sizeof subcommands / sizeof subcommands[0];
	return subcommands;
}

/* bench --help: the options, the commands, the exit statuses. */
static void
print_help(FILE *out)
{
	bench_print_usage(out);
	fputs("\nCommands (bench COMMAND --help for each):\n", out);
	for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
		fprintf(out, "  %-16s%s\n", subcommands[i].name,
		        subcommands[i].summary);
	fputc('\n', out);
	bench_exit_codes_print(out);
}

/* `bench --list-tests`: the selected tests, one a line. */
static int
list_tests(const struct bench_program *program,
           const struct bench_options *options)
{
	struct bench_test *tests;
	size_t count = bench_options_tests(options, &tests);
	if (count == SIZE_MAX) {
		fprintf(program->err, "bench: out of memory\n");
		return BENCH_EXIT_FAILED;
	}
	for (size_t t = 0; t < count; t++)
		fprintf(program->out, "%s\n", tests[t].name);
	free(tests);
	return BENCH_EXIT_OK;
}

/* The options of a run or a listing, parsed and checked; the backends'
 * names are the parser's (options.h). */
static int
parse_and_check(const struct bench_program *program,
                struct bench_options *options, int argc, char **argv)
{
	const char **names = calloc(program->backend_count + 1, sizeof *names);
	char why[4096 + 256];
	int status = BENCH_EXIT_FAILED;
	snprintf(why, sizeof why, "out of memory");
	if (names != NULL) {
		for (size_t i = 0; i < program->backend_count; i++)
			names[i] = program->backends[i]->name;
		status = bench_options_parse(options, argc, argv, names,
		                             program->backend_count, why,
		                             sizeof why);
	}
	if (status == BENCH_EXIT_OK)
		status = bench_options_check(options, program->results_dir, why,
		                             sizeof why);
	if (status != BENCH_EXIT_OK)
		fprintf(program->err, "bench: %s\n", why);
	free(names);
	return status;
}

int
bench_main(const struct bench_program *program, int argc, char **argv)
{
	size_t subcommand_count = sizeof subcommands / sizeof subcommands[0];
	for (size_t i = 0; argc > 1 && i < subcommand_count; i++) {
		if (strcmp(argv[1], subcommands[i].name) != 0)
			continue;
		if (bench_asks_help(argc - 1, argv + 1)) {
			fputs(subcommands[i].usage, program->out);
			return BENCH_EXIT_OK;
		}
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
	int status = parse_and_check(program, &options, argc, argv);
	if (status == BENCH_EXIT_OK && options.help)
		print_help(program->out);
	else if (status == BENCH_EXIT_OK && options.list)
		list_backends(program);
	else if (status == BENCH_EXIT_OK && options.list_tests)
		status = list_tests(program, &options);
	else if (status == BENCH_EXIT_OK)
		status = run(program, &options);
	bench_options_free(&options);
	return status;
}
