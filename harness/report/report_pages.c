/*
 * report_pages.c - the pages of report/: the summary (README.md), which
 * gives the run and what it found, each finding with the plot that shows
 * it, and one page per part of the detail. The pages are one list: a new
 * page is one entry (its file, its title, what it holds, the function that
 * writes it and the one that gives its findings), and the summary links
 * and summarises every entry.
 */
#include "report_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct report_page pages[] = {
	{"real-messages.md", "Real messages",
	 "the messages Haiku sends and stores, per operation, with their "
	 "Winners and charts, and which Haiku design wins which group of rows",
	 report_write_real_page, report_real_findings, NULL},
	{"results.md", "Results",
	 "the machine and options of the run, and the full results table: "
	 "every backend, the original code, the proposal and the Floor",
	 report_write_results_page, report_results_findings, NULL},
	{"comparison-2005.md", "Comparison with 2005",
	 "the Winners of 2005 and today side by side, the growth from 500 to "
	 "5000 items then and now, and why the classes that differ do",
	 report_write_2005_page, report_2005_findings, NULL},
	{"formats.md", "BMessage and today's formats",
	 "the outside libraries beside the Haiku designs: per operation "
	 "against the fastest Haiku design, their sizes and allocations, and "
	 "what their designs say of why",
	 report_write_formats_page, report_formats_findings, NULL},
	{"sizes.md", "Sizes and allocations",
	 "every message's flattened and compressed size per backend against "
	 "its size in HMF1, and every backend's allocations per operation",
	 report_write_sizes_page, report_sizes_findings, NULL},
	{"originals.md", "Re-creations against the original code",
	 "each re-creation beside Haiku's own code of its design, row by row, "
	 "in time and instructions, with what explains the rows that differ",
	 report_write_originals_page, report_originals_findings,
	 report_originals_runs},
	{"toolchain.md", "What depends on the toolchain",
	 "the verdicts of the same rows built with other compilers and "
	 "allocators",
	 report_write_toolchain_page, report_toolchain_findings,
	 report_toolchain_runs},
	{"history.md", "History",
	 "every committed version of the instruction baseline, what each one "
	 "moved, and each operation's trend per backend",
	 report_write_history_page, report_history_findings,
	 report_history_runs},
};

#define PAGE_COUNT (sizeof pages / sizeof pages[0])

const struct report_page *
report_pages(size_t *count)
{
	*count = PAGE_COUNT;
	return pages;
}

/* What every page starts with: the marker of a generated file, its title,
 * where it belongs, and which other runs than the reported one it shows
 * (page NULL: the summary, whose sections say so). */
static bool
put_page_head(FILE *out, const struct report_page_input *input,
              const struct report_page *page, char *why, size_t why_size)
{
	fprintf(out, "%s (harness/report/): do not edit; regenerate with "
	        "scripts/report. -->\n# %s\n\n", REPORT_PAGE_MARKER,
	        page != NULL ? page->title : REPORT_SUMMARY_TITLE);
	if (page == NULL)
		return true;
	fputs("A page of the [results report](README.md) on ", out);
	report_put_source(out, input->source);
	fputs(".", out);
	if (page->other_runs != NULL &&
	    !page->other_runs(out, input, why, why_size))
		return false;
	fputs("\n\n", out);
	return true;
}

void
report_put_run(FILE *out, const struct bench_run_file *run)
{
	fprintf(out, "%s, commit `", run->date);
	report_put_cell(out, run->git_commit);
	fputs("`", out);
}

static void
write_summary_intro(FILE *out, const struct report_page_input *input)
{
	put_page_head(out, input, NULL, NULL, 0);
	fputs("What the run of ", out);
	report_put_source(out, input->source);
	fputs(" found, each finding with the plot that shows it; the pages "
	      "listed at the end hold every table. Every figure comes from "
	      "that file or from the 2005 table, but in the sections and "
	      "pages that say at their top which other runs they show; "
	      "regenerate the report with `scripts/report` (from the results "
	      "file alone) or `scripts/bench --all` (which runs the benchmark "
	      "first).\n\n## The run\n\n",
	      out);
	report_write_machine(out, input->run, true);
	fputs("The whole machine table is on the [results](results.md) "
	      "page.\n\n",
	      out);
}

static bool
write_summary(FILE *out, const struct report_page_input *input,
                     char *why, size_t why_size)
{
	write_summary_intro(out, input);
	fputs("## Findings\n\n", out);
	if (!input->plots->drawn)
		fprintf(out, "The plots were not drawn when this page was "
		        "generated: %s. Their data and script are in `data/` "
		        "and `plots.gp`.\n\n", input->plots->skipped);
	else
		fputs("The plots are drawn by gnuplot from the CSV files in "
		      "[`data/`](data/) (each time with the MAD of its "
		      "samples) with [`plots.gp`](plots.gp); each names the "
		      "run's machine, date and commit, and shows the MAD as "
		      "error bars.\n\n",
		      out);
	for (size_t p = 0; p < PAGE_COUNT; p++) {
		if (pages[p].findings == NULL)
			continue;
		if (!pages[p].findings(out, input, why, why_size))
			return false;
		fprintf(out, "The tables: [%s](%s).\n\n", pages[p].title,
		        pages[p].file);
	}
	fputs("## Pages\n\n", out);
	for (size_t p = 0; p < PAGE_COUNT; p++)
		fprintf(out, "- [%s](%s): %s.\n", pages[p].title, pages[p].file,
		        pages[p].holds);
	return true;
}

/* A page to write: one of the list, or the summary (page NULL). */
struct page_job {
	const struct report_page *page;
	const struct report_page_input *input;
};

static bool
write_page_text(FILE *out, const void *context, char *why, size_t why_size)
{
	const struct page_job *job = context;
	if (job->page == NULL)
		return write_summary(out, job->input, why, why_size);
	return put_page_head(out, job->input, job->page, why, why_size) &&
	       job->page->write(out, job->input, why, why_size);
}

/* True for a page of the list, or the summary. */
static bool
listed(const char *name)
{
	if (strcmp(name, "README.md") == 0)
		return true;
	for (size_t p = 0; p < PAGE_COUNT; p++) {
		if (strcmp(name, pages[p].file) == 0)
			return true;
	}
	return false;
}

/* True when the file starts with the marker of a generated page. */
static bool
generated(const char *path)
{
	char head[sizeof REPORT_PAGE_MARKER];
	FILE *file = fopen(path, "r");
	if (file == NULL)
		return false;
	size_t got = fread(head, 1, sizeof head - 1, file);
	fclose(file);
	head[got] = '\0';
	return strcmp(head, REPORT_PAGE_MARKER) == 0;
}

bool
report_claims(const char *relative, const char *old)
{
	static const struct {
		const char *folder; /* "" for the report's own */
		const char *extension;
	} written[] = {
		{"data/", ".csv"}, {"plots/", ".svg"}, {"plots/", ".png"},
	};
	if (listed(relative) || strcmp(relative, "plots.gp") == 0)
		return true;
	size_t length = strlen(relative);
	if (strchr(relative, '/') == NULL && length > 3 &&
	    strcmp(relative + length - 3, ".md") == 0)
		return generated(old);
	for (size_t w = 0; w < sizeof written / sizeof written[0]; w++) {
		size_t folder = strlen(written[w].folder);
		size_t extension = strlen(written[w].extension);
		if (strncmp(relative, written[w].folder, folder) == 0 &&
		    strchr(relative + folder, '/') == NULL &&
		    length > folder + extension &&
		    strcmp(relative + length - extension,
		           written[w].extension) == 0)
			return true;
	}
	return false;
}

bool
report_write_pages(const char *dir, const struct report_page_input *input,
                   char *why, size_t why_size)
{
	/* Every text first, so that a failure writes none of them. */
	char *texts[PAGE_COUNT + 1] = {NULL};
	size_t lengths[PAGE_COUNT + 1];
	bool ok = true;
	for (size_t p = 0; ok && p <= PAGE_COUNT; p++) {
		const struct page_job job = {
			.page = p < PAGE_COUNT ? &pages[p] : NULL,
			.input = input,
		};
		texts[p] = report_text(write_page_text, &job, &lengths[p], why,
		                       why_size);
		ok = texts[p] != NULL;
	}
	for (size_t p = 0; ok && p <= PAGE_COUNT; p++) {
		char path[4096 + 64];
		snprintf(path, sizeof path, "%s/%s", dir,
		         p < PAGE_COUNT ? pages[p].file : "README.md");
		ok = report_write_file(path, texts[p], lengths[p], why, why_size);
	}
	for (size_t p = 0; p <= PAGE_COUNT; p++)
		free(texts[p]);
	return ok;
}
