/*
 * report_main.c - `bench report FILE`: reads the inputs, checks that every
 * difference from 2005 is explained, then writes report/ (see report.h)
 * and, for the committed results, the block of the project's README.md.
 * Nothing is written until every input has been read and checked, so a
 * bad input or a missing explanation leaves the old report as it was.
 * `--check-readme` compares that block instead and writes nothing.
 */
/* realpath is X/Open (glibc declares it for _XOPEN_SOURCE >= 500). */
#define _XOPEN_SOURCE 700

#include "report.h"

#include "options.h"
#include "output_folder.h"
#include "report_internal.h"
#include "results_set.h"

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char bench_report_usage[] =
	"usage: bench report FILE [--dir DIR] [--reference CSV]\n"
	"                    [--explanations FILE] [--sensitivity DIR]\n"
	"                    [--instructions FILE] [--original-explanations FILE]\n"
	"                    [--gnuplot PROGRAM] [--png]\n"
	"       bench report FILE --check-readme README\n"
	"\n"
	"Writes the results report into DIR from a results JSON (as\n"
	"`bench --format json` writes it): the summary DIR/README.md, what the\n"
	"run found with the plots that show it, and a page per part of the\n"
	"detail (the results table, the real messages, the comparison with\n"
	"2005, the original code, the toolchain); the plots' data in\n"
	"DIR/data/*.csv, the gnuplot script DIR/plots.gp, the SVG files in\n"
	"DIR/plots/. The benchmark is not run. A report of\n"
	"<tree>/results/latest.json into <tree>/report also rewrites the block\n"
	"of <tree>/README.md between its two `bench report` marker lines (the\n"
	"answer and the results table); a report of any other file leaves\n"
	"README.md alone.\n"
	"\n"
	"  --dir DIR            where to write (default: report/ of the source\n"
	"                       tree)\n"
	"  --reference CSV      the 2005 table (default:\n"
	"                       results/messagespeed-2005.csv)\n"
	"  --explanations FILE  why growth classes differ from 2005 (default:\n"
	"                       results/explanations-2005.txt)\n"
	"  --instructions FILE  the instruction counts the page on the\n"
	"                       original code sets beside the times (default:\n"
	"                       results/baseline-instructions.json; without\n"
	"                       it the page has times only)\n"
	"  --original-explanations FILE\n"
	"                       why a re-creation's cost differs from its\n"
	"                       original's (default:\n"
	"                       results/explanations-originals.txt)\n"
	"  --sensitivity DIR    the results of scripts/sensitivity, for the\n"
	"                       page \"What depends on the toolchain\"\n"
	"                       (default: sensitivity/ beside FILE); without\n"
	"                       them the page says so in one line\n"
	"  --gnuplot PROGRAM    the gnuplot to run (default: gnuplot, from\n"
	"                       PATH); without it the pages are still\n"
	"                       written, and one line says the plots were\n"
	"                       skipped\n"
	"  --png                also write a PNG beside every SVG\n"
	"  --check-readme README\n"
	"                       write nothing: exit 0 when README's block is\n"
	"                       what FILE gives, 1 (naming the first line that\n"
	"                       differs) when not\n"
	"  --layer-table README\n"
	"                       FILE is a counted run: write only the block\n"
	"                       of README between its `bench report: layer`\n"
	"                       markers, the call layer's cost per operation\n"
	"                       (harness/README.md §5.6)\n"
	"  --check-layer-table README\n"
	"                       the same, compared instead of written (exit 1\n"
	"                       naming the first line that differs)\n"
	"  -h, --help           this text\n"
	"\n"
	"Exit status: 0 the report was written (or the block is the same), 1\n"
	"an input is malformed, a difference from 2005 has no explanation,\n"
	"gnuplot failed, a file could not be written, the README of the tree\n"
	"has no block, or (--check-readme) the block differs; 2 bad usage.\n";

struct report_options {
	const char *file;
	const char *dir;
	const char *reference;
	const char *explanations;
	const char *sensitivity;
	const char *instructions;
	const char *original_explanations;
	const char *gnuplot;
	const char *check_readme;
	const char *layer_table;
	const char *check_layer_table;
	bool png;
	/* Defaults built from the program's directories. */
	char reference_default[4096];
	char explanations_default[4096];
	char sensitivity_default[4096 + 16];
	char instructions_default[4096];
	char original_explanations_default[4096];
};

/* The option that takes a value, as a pointer to where it goes; NULL for
 * an argument that is no such option. */
static const char **
option_target(struct report_options *options, const char *arg)
{
	static const struct {
		const char *name;
		size_t offset;
	} valued[] = {
		{"--dir", offsetof(struct report_options, dir)},
		{"--reference", offsetof(struct report_options, reference)},
		{"--explanations", offsetof(struct report_options, explanations)},
		{"--sensitivity", offsetof(struct report_options, sensitivity)},
		{"--instructions", offsetof(struct report_options, instructions)},
		{"--original-explanations",
		 offsetof(struct report_options, original_explanations)},
		{"--gnuplot", offsetof(struct report_options, gnuplot)},
		{"--check-readme", offsetof(struct report_options, check_readme)},
		{"--layer-table", offsetof(struct report_options, layer_table)},
		{"--check-layer-table",
		 offsetof(struct report_options, check_layer_table)},
	};
	for (size_t i = 0; i < sizeof valued / sizeof valued[0]; i++) {
		if (strcmp(arg, valued[i].name) == 0)
			return (const char **)((char *)options + valued[i].offset);
	}
	return NULL;
}

/* The command line into options (its defaults set before). */
static int
parse_arguments(int argc, char **argv, struct report_options *options,
                char *why, size_t why_size)
{
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		const char **target = option_target(options, arg);
		if (strcmp(arg, "--png") == 0) {
			options->png = true;
		} else if (target != NULL) {
			if (i + 1 >= argc || argv[i + 1][0] == '\0') {
				bench_say(why, why_size, "report: %s needs a value",
				          arg);
				return BENCH_EXIT_USAGE;
			}
			*target = argv[++i];
		} else if (arg[0] == '-' && arg[1] != '\0') {
			bench_say(why, why_size, "report: unknown option '%s' "
			          "(see bench report --help)", arg);
			return BENCH_EXIT_USAGE;
		} else if (options->file == NULL) {
			options->file = arg;
		} else {
			bench_say(why, why_size, "report: one results file only "
			          "(got '%s' and '%s')", options->file, arg);
			return BENCH_EXIT_USAGE;
		}
	}
	return BENCH_EXIT_OK;
}

/* The inputs not given: in results/ (the last two are needed only for a
 * run with original backends, so no results directory is no error), and
 * sensitivity/ beside the results file. */
static int
default_inputs(const struct bench_program *program,
               struct report_options *options, char *why, size_t why_size)
{
	const struct {
		const char **target;
		char *buffer;
		const char *name;
		const char *option;
		bool needed;
	} defaults[] = {
		{&options->reference, options->reference_default,
		 "messagespeed-2005.csv", "--reference", true},
		{&options->explanations, options->explanations_default,
		 "explanations-2005.txt", "--explanations", true},
		{&options->instructions, options->instructions_default,
		 "baseline-instructions.json", "--instructions", false},
		{&options->original_explanations,
		 options->original_explanations_default,
		 "explanations-originals.txt", "--original-explanations", false},
	};
	for (size_t d = 0; d < sizeof defaults / sizeof defaults[0]; d++) {
		if (*defaults[d].target != NULL ||
		    (program->results_dir == NULL && !defaults[d].needed))
			continue;
		if (program->results_dir == NULL) {
			bench_say(why, why_size, "report: no results directory "
			          "known: give %s", defaults[d].option);
			return BENCH_EXIT_USAGE;
		}
		snprintf(defaults[d].buffer, sizeof options->reference_default,
		         "%s/%s", program->results_dir, defaults[d].name);
		*defaults[d].target = defaults[d].buffer;
	}
	if (options->sensitivity == NULL) {
		const char *slash = strrchr(options->file, '/');
		int directory = slash == NULL ? 0 : (int)(slash - options->file);
		snprintf(options->sensitivity_default,
		         sizeof options->sensitivity_default, "%.*s%ssensitivity",
		         directory, options->file, slash == NULL ? "" : "/");
		options->sensitivity = options->sensitivity_default;
	}
	return BENCH_EXIT_OK;
}

static int
parse_options(const struct bench_program *program, int argc, char **argv,
              struct report_options *options, char *why, size_t why_size)
{
	memset(options, 0, sizeof *options);
	options->gnuplot = "gnuplot";
	options->dir = program->report_dir;
	int status = parse_arguments(argc, argv, options, why, why_size);
	if (status != BENCH_EXIT_OK)
		return status;
	if (options->file == NULL) {
		bench_say(why, why_size, "report: which results file? (usage: "
		          "bench report FILE, e.g. results/latest.json)");
		return BENCH_EXIT_USAGE;
	}
	/* A check, or the layer's block, reads the results file and the README
	 * alone. */
	if (options->check_readme != NULL || options->layer_table != NULL ||
	    options->check_layer_table != NULL)
		return BENCH_EXIT_OK;
	if (options->dir == NULL) {
		bench_say(why, why_size, "report: no report directory known: "
		          "give --dir");
		return BENCH_EXIT_USAGE;
	}
	/* Where it goes, before any input is read. */
	if (!bench_output_folder_check(options->dir, why, why_size))
		return BENCH_EXIT_USAGE;
	return default_inputs(program, options, why, why_size);
}

/*
 * How the page names an input: relative to the project root (the parent
 * of the report directory) when the file is inside it, so that the
 * committed page holds no path of the machine it was made on; else the
 * absolute path.
 */
static void
display_path(const char *path, const char *dir, char *out, size_t out_size)
{
	char file[PATH_MAX], root[PATH_MAX];
	if (realpath(path, file) == NULL) {
		snprintf(out, out_size, "%s", path);
		return;
	}
	snprintf(out, out_size, "%s", file);
	if (realpath(dir, root) == NULL)
		return;
	char *slash = strrchr(root, '/');
	if (slash == NULL)
		return;
	*slash = '\0';
	size_t length = strlen(root);
	if (strncmp(file, root, length) == 0 && file[length] == '/')
		snprintf(out, out_size, "%s", file + length + 1);
}

struct inputs {
	struct bench_run_file run;
	struct report_reference reference;
	struct report_notes notes;
	struct report_comparison comparison;
	struct report_plots plots;
	struct report_sensitivity sensitivity;
	struct bench_run_file counts;       /* empty: none found */
	struct report_notes original_notes;
	struct report_originals originals;
	struct report_history history;
};

static void
free_inputs(struct inputs *inputs)
{
	report_history_free(&inputs->history);
	report_originals_free(&inputs->originals);
	report_notes_free(&inputs->original_notes);
	bench_run_file_free(&inputs->counts);
	report_sensitivity_free(&inputs->sensitivity);
	report_plots_free(&inputs->plots);
	report_comparison_free(&inputs->comparison);
	report_notes_free(&inputs->notes);
	report_reference_free(&inputs->reference);
	bench_run_file_free(&inputs->run);
}

/* The pages into `into`, naming the inputs as seen from options->dir. */
static bool
write_pages(const struct report_options *options, const struct inputs *inputs,
            const char *into, char *why, size_t why_size)
{
	char source[PATH_MAX], reference[PATH_MAX], notes[PATH_MAX];
	char sensitivity[PATH_MAX], counts[PATH_MAX] = "",
	                            original_notes[PATH_MAX] = "";
	if (options->instructions != NULL)
		display_path(options->instructions, options->dir, counts,
		             sizeof counts);
	if (options->original_explanations != NULL)
		display_path(options->original_explanations, options->dir,
		             original_notes, sizeof original_notes);
	display_path(options->file, options->dir, source, sizeof source);
	display_path(options->sensitivity, options->dir, sensitivity,
	             sizeof sensitivity);
	display_path(options->reference, options->dir, reference,
	             sizeof reference);
	display_path(options->explanations, options->dir, notes, sizeof notes);
	const struct report_page_input input = {
		.run = &inputs->run,
		.source = source,
		.reference = &inputs->reference,
		.reference_source = reference,
		.notes = &inputs->notes,
		.notes_source = notes,
		.comparison = &inputs->comparison,
		.plots = &inputs->plots,
		.sensitivity = &inputs->sensitivity,
		.sensitivity_source = sensitivity,
		.originals = &inputs->originals,
		.original_notes = &inputs->original_notes,
		.original_notes_source = original_notes,
		.counts_source = counts,
		.history = &inputs->history,
	};
	return report_write_pages(into, &input, why, why_size);
}

/* The report shows times: a file of instruction counts is refused, and
 * so is a results/latest.json whose set mixes two runs (results_set.h). */
static bool
report_load_timing_run(const char *path, struct bench_run_file *run,
                       char *why, size_t why_size)
{
	if (!bench_run_file_load(path, BENCH_READ_MEASURED, run, why, why_size))
		return false;
	if (strcmp(run->unit, "ns") != 0)
		bench_say(why, why_size, "%s: unit: not \"ns\" (the report shows "
		          "times; this file holds %s)", path, run->unit);
	else if (bench_results_set_check(path, run->run_id, why, why_size))
		return true;
	bench_run_file_free(run);
	return false;
}

static bool
has_originals(const struct bench_run_file *run)
{
	for (size_t b = 0; b < run->backend_count; b++) {
		if (run->backends[b].kind == BM_KIND_ORIGINAL)
			return true;
	}
	return false;
}

/*
 * The inputs of the page on the original code, when the run has an
 * original: the counted run (instruction counts; a file that is not there
 * leaves the page to times alone) and the explanations.
 */
static bool
load_originals(const struct report_options *options, struct inputs *inputs,
               char *why, size_t why_size)
{
	if (!has_originals(&inputs->run))
		return true;
	if (options->original_explanations == NULL) {
		bench_say(why, why_size, "report: the run has original "
		           "backends: give --original-explanations");
		return false;
	}
	const struct bench_run_file *counts = NULL;
	if (options->instructions != NULL &&
	    access(options->instructions, F_OK) == 0) {
		if (!bench_run_file_load(options->instructions,
		                         BENCH_READ_MEASURED, &inputs->counts, why,
		                         why_size))
			return false;
		if (strcmp(inputs->counts.unit, "instructions") != 0) {
			bench_say(why, why_size, "%s: unit: not \"instructions\"",
			           options->instructions);
			return false;
		}
		counts = &inputs->counts;
	}
	return report_load_notes(options->original_explanations,
	                         &inputs->original_notes, why, why_size) &&
	       report_compare_originals(&inputs->run, counts,
	                                &inputs->original_notes,
	                                &inputs->originals, why, why_size);
}

/* Every input, read and checked: nothing is written before. */
static bool
load_inputs(const struct report_options *options, struct inputs *inputs,
            char *why, size_t why_size)
{
	return report_load_timing_run(options->file, &inputs->run, why,
	                              why_size) &&
	       report_load_reference(options->reference, &inputs->reference,
	                             why, why_size) &&
	       report_load_notes(options->explanations, &inputs->notes, why,
	                         why_size) &&
	       report_compare(&inputs->run, &inputs->reference, &inputs->notes,
	                      &inputs->comparison, why, why_size) &&
	       report_load_sensitivity(options->sensitivity,
	                               &inputs->sensitivity, why, why_size) &&
	       load_originals(options, inputs, why, why_size) &&
	       ((report_plan_plots(&inputs->run, &inputs->comparison,
	                           &inputs->plots) &&
	         report_load_history(options->instructions, &inputs->history) &&
	         report_plan_history_plots(&inputs->plots, &inputs->history) &&
	         report_plan_size_plots(&inputs->plots, &inputs->run) &&
	         report_plan_peer_plots(&inputs->plots, &inputs->run)) ||
	        bench_say(why, why_size, "out of memory"));
}

/* The plots' data, script and pictures, then the pages, into a new
 * folder beside options->dir, which then takes its place whole
 * (output_folder.h): a report that fails leaves the old one as it was. */
static bool
write_report(const struct bench_program *program,
             const struct report_options *options, struct inputs *inputs,
             char *why, size_t why_size)
{
	struct bench_output_folder folder;
	if (!bench_output_folder_begin(&folder, options->dir, why, why_size))
		return false;
	const char *into = folder.staging;
	bool ok = report_write_plot_files(into, &inputs->run,
	                                  &inputs->reference,
	                                  &inputs->comparison, &inputs->plots,
	                                  why, why_size) &&
	          report_draw_plots(into, options->gnuplot, options->png,
	                            &inputs->plots, program->err, why,
	                            why_size);
	if (ok && !inputs->plots.drawn)
		fprintf(program->err, "bench report: plots skipped: %s\n",
		        inputs->plots.skipped);
	ok = ok && write_pages(options, inputs, into, why, why_size);
	if (!ok) {
		bench_output_folder_abandon(&folder);
		return false;
	}
	return bench_output_folder_commit(&folder, report_claims, why,
	                                  why_size);
}

/* What was written and what the comparisons found, on stdout. */
static void
say_written(const struct bench_program *program,
            const struct report_options *options, const struct inputs *inputs,
            const char *readme)
{
	const struct report_comparison *comparison = &inputs->comparison;
	char noise[64] = "";
	if (comparison->within_noise > 0)
		snprintf(noise, sizeof noise, " (%zu more within the noise)",
		         comparison->within_noise);
	fprintf(program->out,
	        "bench report: wrote %s/README.md (%zu tests, %zu plots%s); "
	        "2005: same Winner on %zu of %zu rows, same Haiku Winner on "
	        "%zu; growth classes differ in %zu of %zu series, each "
	        "explained%s\n",
	        options->dir, inputs->run.row_count,
	        inputs->plots.drawn ? inputs->plots.count : 0,
	        inputs->plots.drawn ? "" : ", skipped",
	        comparison->winner_agree, comparison->compared_rows,
	        comparison->haiku_agree, comparison->differing,
	        comparison->series_count, noise);
	const struct report_sensitivity *sensitivity = &inputs->sensitivity;
	if (sensitivity->present)
		fprintf(program->out,
		        "bench report: toolchain: %zu runs in %zu configurations; "
		        "Winner kept on %zu of %zu rows, Haiku Winner on %zu; "
		        "between the two default runs %zu and %zu rows change\n",
		        sensitivity->run_count, sensitivity->config_count,
		        sensitivity->tallies[0].kept, sensitivity->row_count,
		        sensitivity->tallies[1].kept, sensitivity->tallies[0].noise,
		        sensitivity->tallies[1].noise);
	else
		fprintf(program->out, "bench report: toolchain page skipped: "
		        "%s\n", sensitivity->skipped);
	if (inputs->history.present)
		fprintf(program->out, "bench report: history: %zu versions of %s\n",
		        inputs->history.history.count, options->instructions);
	else
		fprintf(program->out, "bench report: history skipped: %s\n",
		        inputs->history.skipped);
	if (readme[0] != '\0')
		fprintf(program->out, "bench report: wrote the block of %s from "
		        "%s\n", readme, options->file);
}

/*
 * The committed results reported into the same tree also rewrite the
 * block of its README.md; the new README is made before anything is
 * written, so that a README without the block's markers stops the report.
 */
static int
generate(const struct bench_program *program,
         const struct report_options *options, struct inputs *inputs)
{
	char why[REPORT_WHY_MAX], readme[PATH_MAX];
	char *updated = NULL;
	bool ok = load_inputs(options, inputs, why, sizeof why);
	if (ok && report_readme_of(options->file, options->dir, readme,
	                           sizeof readme)) {
		updated = report_readme_update(readme, options->file,
		                               &inputs->run, why, sizeof why);
		ok = updated != NULL;
	}
	ok = ok && write_report(program, options, inputs, why, sizeof why);
	if (ok && updated != NULL)
		ok = report_write_file(readme, updated, strlen(updated), why,
		                       sizeof why);
	free(updated);
	if (!ok) {
		fprintf(program->err, "bench report: %s\n", why);
		return BENCH_EXIT_FAILED;
	}
	say_written(program, options, inputs, readme);
	return BENCH_EXIT_OK;
}

/* `--check-readme README`: whether its block is what the results give;
 * nothing is written. */
static int
check_readme(const struct bench_program *program,
             const struct report_options *options)
{
	char why[REPORT_WHY_MAX];
	struct bench_run_file run;
	bool ok = report_load_timing_run(options->file, &run, why, sizeof why);
	if (ok) {
		ok = report_readme_check(options->check_readme, options->file,
		                         &run, why, sizeof why);
		bench_run_file_free(&run);
	}
	if (!ok) {
		fprintf(program->err, "bench report: %s\n", why);
		return BENCH_EXIT_FAILED;
	}
	fprintf(program->out, "bench report: %s: the block is what %s gives\n",
	        options->check_readme, options->file);
	return BENCH_EXIT_OK;
}

/* `--layer-table README` and `--check-layer-table README`: the block of
 * the call layer's cost from the counted run FILE. */
static int
layer_table(const struct bench_program *program,
            const struct report_options *options)
{
	char why[REPORT_WHY_MAX];
	bool check = options->check_layer_table != NULL;
	const char *readme = check ? options->check_layer_table
	                           : options->layer_table;
	struct bench_run_file counts;
	bool ok = bench_run_file_load(options->file, BENCH_READ_MEASURED, &counts,
	                              why, sizeof why);
	if (ok && strcmp(counts.unit, "instructions") != 0)
		ok = bench_say(why, sizeof why, "%s: not a counted run (unit %s): "
		               "the layer's table reads instruction counts",
		               options->file, counts.unit);
	if (ok)
		ok = report_layer_block(readme, options->file, &counts, check, why,
		                        sizeof why);
	bench_run_file_free(&counts);
	if (!ok) {
		fprintf(program->err, "bench report: %s\n", why);
		return BENCH_EXIT_FAILED;
	}
	if (check)
		fprintf(program->out, "bench report: %s: the layer's block is what "
		        "%s gives\n", readme, options->file);
	else
		fprintf(program->out, "bench report: %s: the layer's block written "
		        "from %s\n", readme, options->file);
	return BENCH_EXIT_OK;
}

int
bench_report_main(const struct bench_program *program, int argc, char **argv)
{
	struct report_options options;
	char why[512];
	int status = parse_options(program, argc, argv, &options, why,
	                           sizeof why);
	if (status != BENCH_EXIT_OK) {
		fprintf(program->err, "bench: %s\n", why);
		return status;
	}
	if (options.layer_table != NULL || options.check_layer_table != NULL) {
		status = layer_table(program, &options);
		fflush(program->out);
		return status;
	}
	if (options.check_readme != NULL) {
		status = check_readme(program, &options);
		fflush(program->out);
		return status;
	}
	struct inputs inputs;
	memset(&inputs, 0, sizeof inputs);
	status = generate(program, &options, &inputs);
	free_inputs(&inputs);
	fflush(program->out);
	return status;
}
