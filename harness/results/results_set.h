/*
 * results_set.h - the run each results file names (the run id of
 * run_context.h), read back from every format bench writes, and the check
 * that results/latest.md, latest.csv and latest.json come from one run.
 * The three are replaced as one set, but one rename after another
 * (output_file.h), so a run killed between two renames leaves files of
 * two runs: every reader of the set refuses that (harness/README.md §6.4).
 */
#ifndef BENCH_RESULTS_SET_H
#define BENCH_RESULTS_SET_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The run id that the table (md or text: its first line ends "run ID.")
 * or the CSV (its run_id column) at `path` names, into id[0..id_size);
 * "" when the file names none (written before run ids). Returns false
 * with a one-line reason when the file cannot be read.
 */
bool bench_results_file_run(const char *path, char *id, size_t id_size,
                            char *why, size_t why_size);

/*
 * When `json_path` names a file called latest.json: checks that latest.md
 * and latest.csv beside it, those that exist, name the run `run_id` names
 * (NULL: none). Any other name is no set and passes. Returns false with
 * one line naming the two files and their runs.
 */
bool bench_results_set_check(const char *json_path, const char *run_id,
                             char *why, size_t why_size);

#endif /* BENCH_RESULTS_SET_H */
