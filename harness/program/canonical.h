/*
 * canonical.h - where the canonical run's results go (cli.c). Apart from
 * cli.h, which bench-options includes without the results library.
 */
#ifndef BENCH_CANONICAL_H
#define BENCH_CANONICAL_H

#include "results.h"
#include "subcommand.h"

/*
 * The canonical run's latest.{md,csv,json} (harness/README.md §6.4): into
 * program->results_dir when the run replaces those (replacement.h; always
 * with `force`, --replace-results), else into program->aside_dir (made if
 * missing; NULL: nowhere). One line on program->err says why it did not
 * replace them, or why it would not have without `force`. False when a
 * file could not be written (said on err).
 */
bool bench_write_canonical(const struct bench_program *program,
                           const struct bench_results *results, bool force);

#endif /* BENCH_CANONICAL_H */
