/*
 * stability.h - `bench stability`: how the verdicts of runs of the same
 * code hold from one run to the next (harness/README.md §4.3);
 * scripts/stability makes the runs.
 *
 *     bench stability --quiet RUN.json... [--loaded RUN.json...]
 *
 * Each file is a timing run of this bench (schema 4 on, which rates its
 * verdicts); all hold the same rows. The files after --quiet form one
 * group, those after --loaded another. Per group and per verdict column
 * (Winner, Haiku Winner and each proposal's "vs Winner") it prints:
 * - per run: the verdict on what it competed with (harness/README.md §3.7),
 *   its ties, and its verdicts below BENCH_CONFIDENCE_THRESHOLD;
 * - over every pair of runs of the group and every row: the
 *   contradictions, where the two name opposite orders (different
 *   winners, or one run's proposal holding a row the other's loses; a tie
 *   names none), how many of them are sure in both runs, and how many the
 *   confidence rule marks, one of the two being below the threshold.
 *
 * Exit status (exit_codes.h): 0 done; 1 an unusable input (unreadable,
 * not a timing run, before schema 4, rows or proposals that differ); 2 bad
 * usage; each with a one-line reason on err.
 */
#ifndef BENCH_STABILITY_H
#define BENCH_STABILITY_H

#include "subcommand.h"

/* The subcommand; argv[0] is "stability". */
int bench_stability_main(const struct bench_program *program, int argc,
                         char **argv);

/* Its usage text (bench stability --help). */
extern const char bench_stability_usage[];

#endif /* BENCH_STABILITY_H */
