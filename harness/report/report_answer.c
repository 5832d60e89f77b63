/*
 * report_answer.c - the answer a run gives, in the words the project's
 * README.md and the report's summary share: which Haiku design to pick for
 * messages sent between teams (IPC: the Send and Receive rows) and which
 * for storage (the Load and Save rows, and the matrix's Flatten and
 * Unflatten rows), how many rows a proposal holds, and whether Haiku's own
 * code names the same designs. Every figure is counted from the results;
 * report_rank.c decides who wins.
 */
#include "report_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Adds b's figures to a's, backend by backend. */
static void
add_standings(struct report_standing *a, const struct report_standing *b,
              size_t count)
{
	for (size_t i = 0; i < count; i++) {
		a[i].wins += b[i].wins;
		a[i].haiku_wins += b[i].haiku_wins;
		a[i].log_sum += b[i].log_sum;
		a[i].ratios += b[i].ratios;
	}
}

static size_t
haiku_wins(const struct report_ranking *ranking, enum report_group group,
           size_t backend)
{
	return backend == SIZE_MAX ? 0
	                           : ranking->standings[group][backend].haiku_wins;
}

bool
report_answer(const struct bench_run_file *run, struct report_answer *answer)
{
	memset(answer, 0, sizeof *answer);
	answer->run = run;
	struct report_ranking ranking;
	if (!report_rank(run, &ranking))
		return false;
	struct report_standing *storage =
		calloc(run->backend_count + 1, sizeof *storage);
	bool ok = storage != NULL && report_originals_agree(run,
	                                                    &answer->agreement);
	if (ok) {
		add_standings(storage, ranking.standings[REPORT_GROUP_STORED],
		              run->backend_count);
		add_standings(storage, ranking.standings[REPORT_GROUP_FLAT],
		              run->backend_count);
		answer->ipc = report_leader(run,
		                            ranking.standings[REPORT_GROUP_SENT]);
		answer->storage = report_leader(run, storage);
		for (int g = 0; g < REPORT_GROUP_COUNT; g++) {
			enum report_group group = (enum report_group)g;
			answer->rows[g] = ranking.rows[g];
			answer->pick_wins[g] = haiku_wins(
				&ranking, group,
				group == REPORT_GROUP_SENT ? answer->ipc
				                           : answer->storage);
		}
	}
	free(storage);
	report_ranking_free(&ranking);
	return ok;
}

/* "R5 and Message1–Message4": the backends a proposal is held against,
 * a run of three or more Haiku designs named by its first and last. */
static void
put_competitors(FILE *out, const struct bench_run_file *run)
{
	size_t first = SIZE_MAX, last = SIZE_MAX, haiku = 0, said = 0;
	for (size_t b = 0; b < run->backend_count; b++) {
		enum bm_kind kind = run->backends[b].kind;
		if (!bm_kind_competes(kind))
			continue;
		if (bm_kind_is_haiku(kind)) {
			first = first == SIZE_MAX ? b : first;
			last = b;
			haiku++;
			continue;
		}
		fprintf(out, "%s%s", said++ == 0 ? "" : ", ",
		        run->backends[b].name);
	}
	if (haiku == 0)
		return;
	fputs(said == 0 ? "" : " and ", out);
	if (haiku >= 3)
		fprintf(out, "%s–%s", run->backends[first].name,
		        run->backends[last].name);
	else if (haiku == 2)
		fprintf(out, "%s and %s", run->backends[first].name,
		        run->backends[last].name);
	else
		fputs(run->backends[first].name, out);
}

void
report_put_lead(FILE *out, const struct bench_run_file *run,
                const char *source_link)
{
	fprintf(out, "From %s (%s, %s, %lld cores):\n", source_link, run->date,
	        run->cpu, run->cores);
}

void
report_put_picks(FILE *out, const struct report_answer *answer)
{
	const struct bench_run_file *run = answer->run;
	const size_t *rows = answer->rows, *wins = answer->pick_wins;
	if (answer->ipc == SIZE_MAX)
		fputs("- **IPC**: this run has no Send or Receive rows with a "
		      "Haiku design's time.\n", out);
	else
		fprintf(out, "- **IPC**: pick **%s**, the fastest Haiku design "
		        "on %zu of the %zu Send and Receive rows.\n",
		        run->backends[answer->ipc].name, wins[REPORT_GROUP_SENT],
		        rows[REPORT_GROUP_SENT]);
	if (answer->storage == SIZE_MAX)
		fputs("- **Storage**: this run has no Load, Save, Flatten or "
		      "Unflatten rows with a Haiku design's time.\n", out);
	else
		fprintf(out, "- **Storage**: pick **%s**, the fastest on %zu of "
		        "the %zu Load and Save rows and %zu of the %zu Flatten and "
		        "Unflatten rows.\n",
		        run->backends[answer->storage].name,
		        wins[REPORT_GROUP_STORED], rows[REPORT_GROUP_STORED],
		        wins[REPORT_GROUP_FLAT], rows[REPORT_GROUP_FLAT]);
}

bool
report_put_proposals(FILE *out, const struct bench_run_file *run)
{
	for (size_t p = 0; p < run->backend_count; p++) {
		if (run->backends[p].kind != BM_KIND_PROPOSAL)
			continue;
		struct report_proposal_tally tally;
		if (!report_tally_proposal(run, p, &tally))
			return false;
		fprintf(out, "- **%s**, the proposal, holds %zu of the %zu rows "
		        "against ", run->backends[p].name, tally.held,
		        tally.known);
		put_competitors(out, run);
		fprintf(out, " (%zu within %.1fx the Floor), at %.2fx the "
		        "fastest of them (geometric mean), and is the fastest "
		        "of all the run's backends on %zu of those rows (the tie "
		        "rule among them all; it never counts as Winner).\n",
		        tally.by_floor, BENCH_FORMAT_FLOOR_FACTOR,
		        tally.mean_ratio, tally.fastest);
	}
	return true;
}

void
report_put_originals(FILE *out, const struct report_answer *answer)
{
	const struct report_agreement *agreement = &answer->agreement;
	if (agreement->rows == 0) {
		fputs("- **The originals**, Haiku's own code of the designs, "
		      "were not in this run.\n", out);
		return;
	}
	fprintf(out, "- **The originals**, Haiku's own code of the designs, "
	        "name the same fastest design on %zu of the %zu IPC and storage "
	        "rows (%zu of all %zu).\n", agreement->use_same,
	        agreement->use_rows, agreement->same, agreement->rows);
}
