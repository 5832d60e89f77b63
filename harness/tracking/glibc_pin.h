/*
 * glibc_pin.h - the check that glibc took the pin of its CPU features in
 * instruction mode (harness/README.md §5.4).
 *
 * Under callgrind, glibc chooses its string functions (memcpy, strlen,
 * ...) for the CPU that valgrind emulates, which follows the host's
 * features and valgrind's version, so other machines count other
 * instructions. scripts/bench-instructions pins the choice with
 * GLIBC_TUNABLES: glibc.cpu.hwcaps masks the features glibc's selectors
 * read above the x86-64 baseline, and the copy thresholds are given
 * outright. glibc ignores a name it does not know without a word, so the
 * script runs the dynamic loader's --list-diagnostics under valgrind with
 * the same GLIBC_TUNABLES, and this check reads what glibc ended with:
 * every masked CPU feature inactive (its bit in
 * x86.cpu_features.features[i].active[r] clear), every masked preference
 * 0 (x86.cpu_features.preferred.NAME), every threshold and cache size
 * tunable at its value. Any other tunable is refused: it could not be
 * checked.
 */
#ifndef BENCH_GLIBC_PIN_H
#define BENCH_GLIBC_PIN_H

#include "subcommand.h"

#include <stdbool.h>
#include <stddef.h>

/* Room for what the check saw (one line). */
#define BENCH_GLIBC_PIN_SEEN_MAX 1024

/*
 * Checks `tunables` (a GLIBC_TUNABLES string) against `diagnostics` (the
 * text of ld.so --list-diagnostics run with it). On success writes one
 * line saying what glibc ended with into `seen`; on failure one line
 * naming the first name or value not honoured into `why`.
 */
bool bench_glibc_pin_check(const char *tunables, const char *diagnostics,
                           char *seen, size_t seen_size, char *why,
                           size_t why_size);

/* Reads a diagnostics file whole (malloc'd, NUL-terminated), or NULL with
 * a reason. */
char *bench_glibc_pin_read(const char *path, char *why, size_t why_size);

/*
 * `bench glibc-pin --tunables STRING DIAGNOSTICS`: the check on a file;
 * prints what it saw and exits 0, or one line and 1 when the pin did not
 * take, 2 on bad usage. argv[0] is "glibc-pin".
 */
int bench_glibc_pin_main(const struct bench_program *program, int argc,
                         char **argv);

/* Its usage text (bench glibc-pin --help). */
extern const char bench_glibc_pin_usage[];

#endif /* BENCH_GLIBC_PIN_H */
