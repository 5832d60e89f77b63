/*
 * report_toolchain.c - the report's page "What depends on the toolchain":
 * the runs of scripts/sensitivity (report_sensitivity.c reads and compares
 * them, results/README.md), how many verdicts stay the same in every
 * configuration, every row's verdicts per run, and the medians of every
 * row whose verdict changes; and its finding on the summary.
 */
#include "report_internal.h"

#include <string.h>

static const char *
verdict_text(const char *verdict)
{
	return verdict != NULL ? verdict : "n/a";
}

/* "Message2 / Message2": Winner and Haiku Winner of a row, each in bold
 * where it differs from `base`'s (NULL: none). */
static void
set_verdicts(struct report_grid *grid, size_t line, size_t column,
             const struct bench_file_row *row,
             const struct bench_file_row *base)
{
	bool winner_differs = base != NULL &&
	                      !report_same_verdict(row->winner, base->winner);
	bool haiku_differs = base != NULL &&
	                     !report_same_verdict(row->haiku_winner,
	                                          base->haiku_winner);
	char winner[REPORT_GRID_TEXT_MAX / 2], haiku[REPORT_GRID_TEXT_MAX / 2];
	snprintf(winner, sizeof winner, winner_differs ? "**%s**" : "%s",
	         verdict_text(row->winner));
	snprintf(haiku, sizeof haiku, haiku_differs ? "**%s**" : "%s",
	         verdict_text(row->haiku_winner));
	report_grid_set(grid, line, column, "%s / %s", winner, haiku);
}

/* The commits of the runs: one, or each different one. */
static void
put_commits(FILE *out, const struct report_sensitivity *sensitivity)
{
	const char *first = sensitivity->runs[0].run.git_commit;
	bool one = true;
	for (size_t i = 1; i < sensitivity->run_count; i++)
		one = one && strcmp(first, sensitivity->runs[i].run.git_commit) == 0;
	if (one) {
		fputs("commit `", out);
		report_put_cell(out, first);
		fputs("`", out);
		return;
	}
	fputs("**different commits**: ", out);
	for (size_t i = 0; i < sensitivity->run_count; i++) {
		fprintf(out, "%s%s `", i == 0 ? "" : ", ",
		        sensitivity->runs[i].label);
		report_put_cell(out, sensitivity->runs[i].run.git_commit);
		fputs("`", out);
	}
}

static void
put_tally(FILE *out, const char *what, const struct report_verdict_tally *t,
          const struct report_sensitivity *sensitivity)
{
	size_t rows = sensitivity->row_count;
	size_t changed = rows - t->kept;
	fprintf(out, "- **%s**: the same in all %zu configurations on **%zu of "
	        "%zu** rows; %zu change (%zu between two backends, %zu only "
	        "between a backend and a tie)",
	        what, sensitivity->config_count, t->kept, rows, changed,
	        t->between_backends, changed - t->between_backends);
	if (sensitivity->has_noise)
		fprintf(out, ". Between the two runs of the default "
		        "configuration, **%zu** rows change; %zu of the %zu "
		        "changing rows are among them",
		        t->noise, t->changes_and_noisy, changed);
	fputs(".\n", out);
}

static void
put_tallies(FILE *out, const struct report_sensitivity *sensitivity)
{
	put_tally(out, "Winner", &sensitivity->tallies[0], sensitivity);
	put_tally(out, "Haiku Winner", &sensitivity->tallies[1], sensitivity);
	fputs("\n", out);
}

/* The rows of the table of runs: what each had in use, when, and the
 * machine's load when it started. */
static bool
runs_rows(const struct report_sensitivity *sensitivity,
          struct report_grid *grid)
{
	if (!report_grid_init(grid, sensitivity->run_count + 1, 5))
		return false;
	static const char *const heading[5] = {
		"Run", "Compiler", "Allocator in use", "Date", "Load at the start",
	};
	for (size_t c = 0; c < 5; c++)
		report_grid_set(grid, 0, c, "%s", heading[c]);
	for (size_t i = 0; i < sensitivity->run_count; i++) {
		const struct report_sensitivity_run *run = &sensitivity->runs[i];
		report_grid_set(grid, 1 + i, 0, "%s", run->label);
		report_grid_set(grid, 1 + i, 1, "%s", run->run.compiler);
		report_grid_set(grid, 1 + i, 2, "%s",
		                run->run.allocator != NULL ? run->run.allocator
		                                           : "unknown");
		report_grid_set(grid, 1 + i, 3, "%s", run->run.date);
		json_t *load = json_object_get(
			json_object_get(run->run.root, "context"), "load_avg");
		if (json_is_array(load) && json_array_size(load) == 3)
			report_grid_set(grid, 1 + i, 4, "%.2f",
			                json_number_value(json_array_get(load, 0)));
		else
			report_grid_set(grid, 1 + i, 4, "unknown");
	}
	return true;
}

/* The rows of the table of verdicts: Winner / Haiku Winner of every row
 * in each run, in bold where it differs from the first run's. */
static bool
verdicts_rows(const struct report_sensitivity *sensitivity,
              struct report_grid *grid)
{
	size_t rows = sensitivity->row_count;
	if (!report_grid_init(grid, rows + 1, 1 + sensitivity->run_count))
		return false;
	report_grid_set(grid, 0, 0, "Test");
	for (size_t i = 0; i < sensitivity->run_count; i++)
		report_grid_set(grid, 0, 1 + i, "%s", sensitivity->runs[i].label);
	const struct bench_run_file *base = &sensitivity->runs[0].run;
	for (size_t r = 0; r < rows; r++) {
		report_grid_set(grid, 1 + r, 0, "%s", base->rows[r].test);
		for (size_t i = 0; i < sensitivity->run_count; i++)
			set_verdicts(grid, 1 + r, 1 + i,
			             &sensitivity->runs[i].run.rows[r],
			             i == 0 ? NULL : &base->rows[r]);
	}
	return true;
}

/* The rows of one changing row's table: its medians and verdicts in
 * every run. */
static bool
changed_row_rows(const struct report_sensitivity *sensitivity, size_t r,
                 struct report_grid *grid)
{
	const struct bench_run_file *first = &sensitivity->runs[0].run;
	size_t backends = first->backend_count;
	if (!report_grid_init(grid, sensitivity->run_count + 1, backends + 4))
		return false;
	report_grid_results_header(grid, first, "Run");
	for (size_t i = 0; i < sensitivity->run_count; i++) {
		const struct report_sensitivity_run *run = &sensitivity->runs[i];
		report_grid_set(grid, 1 + i, 0, "%s", run->label);
		report_grid_results_row(grid, 1 + i, &run->run,
		                        &run->run.rows[r]);
	}
	return true;
}

/* Writes a table, a blank line after it, and frees it; false when it
 * could not be made. */
static bool
write_grid(FILE *out, struct report_grid *grid, bool made)
{
	report_grid_put(out, grid, made);
	fputc('\n', out);
	return made;
}

/* Each row whose Winner or Haiku Winner changes, with every run's
 * medians. */
static bool
write_changed_rows(FILE *out, const struct report_sensitivity *sensitivity)
{
	const struct report_verdict_tally *w = &sensitivity->tallies[0];
	const struct report_verdict_tally *h = &sensitivity->tallies[1];
	size_t listed = 0;
	for (size_t r = 0; r < sensitivity->row_count; r++) {
		if (!w->changes[r] && !h->changes[r])
			continue;
		listed++;
		fprintf(out, "### %s\n\n", sensitivity->runs[0].run.rows[r].test);
		fprintf(out, "Changes: %s%s%s%s.\n\n",
		        w->changes[r] ? "Winner" : "",
		        w->changes[r] && w->noisy[r] ? " (noise)" : "",
		        w->changes[r] && h->changes[r] ? ", " : "",
		        h->changes[r] ? (h->noisy[r] ? "Haiku Winner (noise)"
		                                     : "Haiku Winner")
		                      : "");
		struct report_grid grid = {0};
		if (!write_grid(out, &grid,
		                changed_row_rows(sensitivity, r, &grid)))
			return false;
	}
	if (listed == 0)
		fputs("No row changes.\n\n", out);
	return true;
}

static void
write_intro(FILE *out, const struct report_page_input *input)
{
	const struct report_sensitivity *sensitivity = input->sensitivity;
	const struct report_sensitivity_run *noise_a, *noise_b;
	report_sensitivity_noise(sensitivity, &noise_a, &noise_b);
	fputs("The same rows measured with other compilers and allocators by "
	      "`scripts/sensitivity` (results/README.md): each "
	      "configuration built in its own directory and run with the "
	      "default options",
	      out);
	if (noise_a != NULL)
		fprintf(out, ", the default configuration (%s) first and again "
		        "last, so that the verdicts that change between its two "
		        "runs show the noise",
		        noise_a->label);
	fputs(".\n\n", out);
}

/* "the 7 runs of `scripts/sensitivity` in <folder>, commit `...`" */
static void
put_runs(FILE *out, const struct report_page_input *input)
{
	fprintf(out, "the %zu runs of `scripts/sensitivity` in ",
	        input->sensitivity->run_count);
	report_put_source(out, input->sensitivity_source);
	fputs(", ", out);
	put_commits(out, input->sensitivity);
}

bool
report_toolchain_runs(FILE *out, const struct report_page_input *input,
                      char *why, size_t why_size)
{
	(void)why;
	(void)why_size;
	if (input->sensitivity == NULL || !input->sensitivity->present)
		return true;
	fputs(" None of its figures comes from that run: all come from ", out);
	put_runs(out, input);
	fputs(".", out);
	return true;
}

static bool
not_measured(FILE *out, const struct report_sensitivity *sensitivity)
{
	if (sensitivity != NULL && sensitivity->present)
		return false;
	fprintf(out, "Not measured: %s (`scripts/sensitivity` makes these "
	        "results).\n\n",
	        sensitivity != NULL ? sensitivity->skipped
	                            : "no folder was given");
	return true;
}

bool
report_write_toolchain_page(FILE *out, const struct report_page_input *input,
                            char *why, size_t why_size)
{
	const struct report_sensitivity *sensitivity = input->sensitivity;
	if (not_measured(out, sensitivity))
		return true;
	write_intro(out, input);
	struct report_grid grid = {0};
	if (!write_grid(out, &grid, runs_rows(sensitivity, &grid)))
		return bench_say(why, why_size, "out of memory");
	put_tallies(out, sensitivity);
	fputs("## Verdicts per configuration\n\n"
	      "Winner / Haiku Winner of every row in each run; in bold where "
	      "it differs from the first run's. `-` is a tie "
	      "(harness/README.md §4.2).\n\n",
	      out);
	if (!write_grid(out, &grid, verdicts_rows(sensitivity, &grid)))
		return bench_say(why, why_size, "out of memory");
	fputs("## The rows that change\n\n"
	      "Each row whose Winner or Haiku Winner is not the same in every "
	      "configuration, with the medians (ns per operation) of every "
	      "run",
	      out);
	const struct report_sensitivity_run *noise_a, *noise_b;
	report_sensitivity_noise(sensitivity, &noise_a, &noise_b);
	fputs(noise_a != NULL ? "; \"noise\" marks a row whose verdict also "
	                        "changes between the two default runs.\n\n"
	                      : ".\n\n",
	      out);
	if (!write_changed_rows(out, sensitivity))
		return bench_say(why, why_size, "out of memory");
	return true;
}

bool
report_toolchain_findings(FILE *out, const struct report_page_input *input,
                          char *why, size_t why_size)
{
	(void)why;
	(void)why_size;
	fputs("### What depends on the toolchain\n\n", out);
	if (not_measured(out, input->sensitivity))
		return true;
	fputs("Not from the run above: from ", out);
	put_runs(out, input);
	fprintf(out, ", the same rows built with %zu configurations of "
	        "compiler and allocator:\n\n",
	        input->sensitivity->config_count);
	put_tallies(out, input->sensitivity);
	return true;
}
