/*
 * stability.c - `bench stability` (see stability.h): the verdicts of runs
 * of the same code set side by side.
 */
#include "stability.h"

#include "exit_codes.h"
#include "results_read.h"
#include "stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { GROUP_QUIET, GROUP_LOADED, GROUP_COUNT };
static const char *const group_names[GROUP_COUNT] = {"quiet", "loaded"};

/* Winner, Haiku Winner and at most this many proposals. */
enum { PROPOSALS_MAX = 6, COLUMNS_MAX = 2 + PROPOSALS_MAX };

/* The sure contradictions named one by one; the rest are counted. */
enum { NAMED_MAX = 20 };

struct run {
	const char *path;
	int group;
	struct bench_run_file file;
};

struct study {
	struct run *runs;
	size_t run_count;
	const char *columns[COLUMNS_MAX]; /* "Winner", "Haiku Winner", then
	                                   * each proposal's name */
	size_t column_count;
};

/* One run's verdict on one row and column, as compared with another's. */
struct vote {
	enum { VOTE_NONE, VOTE_TIE, VOTE_ORDER } kind;
	const char *order;    /* the winner, or "holds" / "lost" */
	double confidence;    /* -1: none (a lone candidate) */
};

static bool
sure(const struct vote *vote)
{
	return vote->confidence < 0 ||
	       vote->confidence >= BENCH_CONFIDENCE_THRESHOLD;
}

static struct vote
vote_of(const struct study *study, const struct run *run, size_t r,
        size_t c)
{
	const struct bench_file_row *row = &run->file.rows[r];
	struct vote vote = {VOTE_NONE, NULL, -1};
	if (c < 2) {
		const char *name = c == 0 ? row->winner : row->haiku_winner;
		if (name != NULL)
			vote = (struct vote){
				strcmp(name, "-") == 0 ? VOTE_TIE : VOTE_ORDER,
				name,
				c == 0 ? row->winner_confidence
				       : row->haiku_winner_confidence};
		return vote;
	}
	size_t b = bench_run_file_backend(&run->file, study->columns[c]);
	const struct bench_file_cell *cell = &row->cells[b];
	if (!cell->has_standing)
		return vote;
	if (cell->standing_confidence < 0)
		vote.kind = VOTE_TIE; /* a proposal's standing is rated unless
		                       * it tied */
	else
		vote = (struct vote){VOTE_ORDER,
		                     cell->standing_holds ? "holds" : "lost",
		                     cell->standing_confidence};
	return vote;
}

/* --- Reading ----------------------------------------------------------- */

/* Loads every run and checks that they can be set side by side. */
static bool
load_runs(struct study *study, char *why, size_t why_size)
{
	for (size_t i = 0; i < study->run_count; i++) {
		struct run *run = &study->runs[i];
		struct bench_run_file *file = &run->file;
		if (!bench_run_file_load(run->path, BENCH_READ_MEASURED, file,
		                         why, why_size))
			return false;
		if (strcmp(file->unit, "ns") != 0 || file->schema < 4) {
			snprintf(why, why_size, "%s: not a timing run of schema "
			         "4 or later, whose verdicts are rated", run->path);
			return false;
		}
		const struct bench_run_file *first = &study->runs[0].file;
		bool same = file->row_count == first->row_count;
		for (size_t r = 0; same && r < file->row_count; r++)
			same = strcmp(file->rows[r].test, first->rows[r].test) == 0;
		if (!same) {
			snprintf(why, why_size, "%s: not the rows of %s", run->path,
			         study->runs[0].path);
			return false;
		}
		for (size_t c = 2; c < study->column_count; c++) {
			size_t b = bench_run_file_backend(file, study->columns[c]);
			if (b == SIZE_MAX || file->backends[b].kind !=
			                             BM_KIND_PROPOSAL) {
				snprintf(why, why_size, "%s: no proposal %s, which %s "
				         "has", run->path, study->columns[c],
				         study->runs[0].path);
				return false;
			}
		}
		if (i > 0)
			continue;
		study->columns[0] = "Winner";
		study->columns[1] = "Haiku Winner";
		study->column_count = 2;
		for (size_t b = 0; b < file->backend_count &&
		                   study->column_count < COLUMNS_MAX; b++) {
			if (file->backends[b].kind == BM_KIND_PROPOSAL)
				study->columns[study->column_count++] =
					file->backends[b].name;
		}
	}
	return true;
}

/* --- Printing ---------------------------------------------------------- */

static void
print_column_titles(FILE *out, const struct study *study)
{
	for (size_t c = 0; c < study->column_count; c++)
		fprintf(out, "%s%s%s", c == 0 ? "" : ", ", study->columns[c],
		        c >= 2 ? " vs Winner" : "");
}

/* Per run: its conditions, then ties and verdicts below the threshold per
 * column. */
static void
print_runs(FILE *out, const struct study *study)
{
	fprintf(out, "Per run, ties / verdicts below %.0f %% sure, of %zu rows, "
	        "in each column (", 100 * BENCH_CONFIDENCE_THRESHOLD,
	        study->runs[0].file.row_count);
	print_column_titles(out, study);
	fputs("):\n", out);
	for (size_t i = 0; i < study->run_count; i++) {
		const struct run *run = &study->runs[i];
		fprintf(out, "  %-6s %s (%s):", group_names[run->group],
		        run->path, bench_run_verdict_word(run->file.run_verdict));
		for (size_t c = 0; c < study->column_count; c++) {
			size_t ties = 0, low = 0;
			for (size_t r = 0; r < run->file.row_count; r++) {
				struct vote vote = vote_of(study, run, r, c);
				ties += vote.kind == VOTE_TIE;
				low += vote.kind == VOTE_ORDER && !sure(&vote);
			}
			fprintf(out, "%s %zu / %zu", c == 0 ? "" : ",", ties, low);
		}
		fputc('\n', out);
	}
}

/* What the pairs of runs of one group found in one column. */
struct tally {
	size_t pairs, contradictions, sure, marked;
};

/* Counts, and names up to NAMED_MAX of, the sure contradictions. */
static void
compare_pairs(FILE *out, const struct study *study, int group, size_t c,
              struct tally *tally, size_t *named)
{
	memset(tally, 0, sizeof *tally);
	for (size_t i = 0; i < study->run_count; i++) {
		for (size_t j = i + 1; j < study->run_count; j++) {
			const struct run *a = &study->runs[i], *b = &study->runs[j];
			if (a->group != group || b->group != group)
				continue;
			tally->pairs++;
			for (size_t r = 0; r < a->file.row_count; r++) {
				struct vote x = vote_of(study, a, r, c);
				struct vote y = vote_of(study, b, r, c);
				if (x.kind != VOTE_ORDER || y.kind != VOTE_ORDER ||
				    strcmp(x.order, y.order) == 0)
					continue;
				tally->contradictions++;
				bool both = sure(&x) && sure(&y);
				tally->sure += both;
				tally->marked += !both;
				if (both && (*named)++ < NAMED_MAX)
					fprintf(out, "    sure contradiction: %s, %s: "
					        "%s in %s, %s in %s\n",
					        a->file.rows[r].test,
					        study->columns[c], x.order, a->path,
					        y.order, b->path);
			}
		}
	}
}

static void
print_group(FILE *out, const struct study *study, int group)
{
	size_t runs = 0;
	for (size_t i = 0; i < study->run_count; i++)
		runs += study->runs[i].group == group;
	if (runs == 0)
		return;
	fprintf(out, "\n%s runs (%zu): contradictions between two runs (two "
	        "runs naming opposite orders on a row; a tie names none), "
	        "over every pair of runs and every row:\n",
	        group_names[group], runs);
	size_t named = 0;
	for (size_t c = 0; c < study->column_count; c++) {
		struct tally tally;
		compare_pairs(out, study, group, c, &tally, &named);
		fprintf(out, "  %s%s: %zu in %zu pair%s: %zu sure in both runs, "
		        "%zu marked by the confidence rule (below %.0f %% in "
		        "one run or both)\n",
		        study->columns[c], c >= 2 ? " vs Winner" : "",
		        tally.contradictions, tally.pairs,
		        tally.pairs == 1 ? "" : "s", tally.sure,
		        tally.marked, 100 * BENCH_CONFIDENCE_THRESHOLD);
	}
	if (named > NAMED_MAX)
		fprintf(out, "    and %zu more sure contradictions\n",
		        named - NAMED_MAX);
}

/* --- The command ------------------------------------------------------- */

const char bench_stability_usage[] =
	"usage: bench stability --quiet RUN.json... [--loaded RUN.json...]\n"
	"\n"
	"Sets the verdicts of runs of the same code side by side: per run, its\n"
	"conditions, ties and verdicts below the confidence threshold; per\n"
	"group (quiet, loaded), the contradictions between two of its runs,\n"
	"those sure in both and those the confidence rule marks\n"
	"(harness/README.md §4.3). scripts/stability makes the runs.\n"
	"\n"
	"Exit status: 0 done; 1 an unusable input; 2 bad usage.\n";

/* Reads the arguments into study->runs (allocated); a status. */
static int
parse(const struct bench_program *program, int argc, char **argv,
      struct study *study, bool *help)
{
	int group = -1;
	study->runs = calloc((size_t)argc + 1, sizeof *study->runs);
	if (study->runs == NULL) {
		fprintf(program->err, "bench stability: out of memory\n");
		return BENCH_EXIT_FAILED;
	}
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			*help = true;
			return BENCH_EXIT_OK;
		}
		if (strcmp(argv[i], "--quiet") == 0 ||
		    strcmp(argv[i], "--loaded") == 0) {
			group = argv[i][2] == 'q' ? GROUP_QUIET : GROUP_LOADED;
		} else if (strncmp(argv[i], "-", 1) == 0 || group < 0) {
			fprintf(program->err, "bench stability: unexpected "
			        "argument '%s' (see --help)\n", argv[i]);
			return BENCH_EXIT_USAGE;
		} else {
			study->runs[study->run_count++] =
				(struct run){.path = argv[i], .group = group};
		}
	}
	if (study->run_count == 0) {
		fprintf(program->err, "bench stability: no runs given (see "
		        "--help)\n");
		return BENCH_EXIT_USAGE;
	}
	return BENCH_EXIT_OK;
}

int
bench_stability_main(const struct bench_program *program, int argc,
                     char **argv)
{
	struct study study = {0};
	bool help = false;
	int status = parse(program, argc, argv, &study, &help);
	if (status == BENCH_EXIT_OK && help) {
		fputs(bench_stability_usage, program->out);
	} else if (status == BENCH_EXIT_OK) {
		char why[4096 + 256];
		if (load_runs(&study, why, sizeof why)) {
			print_runs(program->out, &study);
			for (int g = 0; g < GROUP_COUNT; g++)
				print_group(program->out, &study, g);
		} else {
			fprintf(program->err, "bench stability: %s\n", why);
			status = BENCH_EXIT_FAILED;
		}
	}
	for (size_t i = 0; i < study.run_count; i++)
		bench_run_file_free(&study.runs[i].file);
	free(study.runs);
	return status;
}
