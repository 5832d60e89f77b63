/*
 * results_util.h - what the tests of bench's regression tracking
 * (harness/README.md §5) write for the program to read: results files
 * made up cell by cell, callgrind dumps, a pending --measure instructions
 * run and ld.so diagnostics, each a file in a temporary directory of the
 * running test; and `bench compare` run on two of them, with the cells
 * its table marks. Used by test_compare.c, test_read_callgrind.c,
 * test_glibc_pin.c and test_instructions.c.
 *
 * Compiled into bench_tests only: every helper fails the running test on
 * an error. Returned paths and texts are malloc'd (free with free()).
 */
#ifndef BM_RESULTS_UTIL_H
#define BM_RESULTS_UTIL_H

#include "bmsg.h"
#include "harness_util.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* Any backend will do: the subcommands never run one. */
extern const struct bm_ops *const ru_any_backend[1];

/* --- Files of a test ------------------------------------------------------ */

/* The temporary directory of the running test (between ru_set_up_temp
 * and ru_tear_down_temp). */
extern char *ru_temp_dir;

/* Makes the directory; removes it and every file named by ru_temp_path. */
void ru_set_up_temp(void);
void ru_tear_down_temp(void);

/* The path of `name` in the test's directory (at most 63 names a test). */
char *ru_temp_path(const char *name);

/* Writes text to `name` in the test's directory; returns the path. */
char *ru_write_temp(const char *name, const char *text);

/* --- Constructed results files -------------------------------------------- */

/* A cell of a constructed file: a figure, or an ERR with its reason. */
struct ru_cell {
	const char *test;
	const char *backend;
	double median;
	const char *error;
};

/* A results document as bench writes it (schema 2), holding `cells`
 * grouped into rows by test in the order given; backends in the order
 * they first appear (the first of kind reference, the others Haiku
 * designs). Every row must hold every backend, as in a real run. With
 * `pending`, each cell names its callgrind dump instead of a figure, as a
 * --measure instructions run does before bench read-callgrind. */
json_t *ru_results_document(const char *unit, const char *compiler,
                            const struct ru_cell *cells, size_t count,
                            bool pending);

/* Makes root (ru_results_document, in ns) a schema 4 timing run that was
 * quiet: no sample retaken or kept disturbed, context.conditions quiet
 * (harness/README.md §3.7). Returns root. */
json_t *ru_quiet_run(json_t *root);

/* Writes root to `name` in the test's directory and releases it; returns
 * the path. */
char *ru_write_document(const char *name, json_t *root);

/* ru_write_document(name, ru_results_document(...)) with figures. */
char *ru_write_results(const char *name, const char *unit,
                       const char *compiler, const struct ru_cell *cells,
                       size_t count);

/* --- The trackers' schemas (tests/data/trackers/) ------------------------- */

/* Fails unless every path of `paths` (NULL-terminated) validates against
 * tests/data/trackers/<schema> (tests/check_schema.py, run with
 * /usr/bin/python3 and Debian's python3-jsonschema); with `invalid`,
 * unless every one is refused. */
void ru_assert_schema(const char *schema, bool invalid,
                      const char *const *paths);

/* --- bench compare -------------------------------------------------------- */

/* Runs `bench compare baseline current [option [value]]`. */
struct bench_capture ru_compare(const char *baseline, const char *current,
                                const char *option, const char *value);

/* The cells the table marks with `status`, as "test/backend" lines in
 * table order, joined by newlines. */
char *ru_cells_marked(const char *table, const char *status);

/* Fails unless ru_cells_marked(table, status) is `expected`. */
void ru_assert_marked(const char *table, const char *status,
                      const char *expected);

/* --- Callgrind dumps ------------------------------------------------------ */

/* Appends one dump in callgrind's format (the header lines read-callgrind
 * uses, and a line of the call graph) to text[0..size); `events` and
 * `summary` as callgrind writes them. */
void ru_append_dump(char *text, size_t size, int part, const char *name,
                    const char *events, const char *summary);

/* A file of one dump; returns its path. */
char *ru_write_dump(const char *file, const char *name, const char *events,
                    const char *summary);

/* A --measure instructions run as bench writes it under callgrind: two
 * tests, backends A (reference) and H, I (Haiku); tCreate5Int32 on I is
 * an ERR; each cell names its dump. Returns its path. */
char *ru_write_pending_run(const char *name);

/* Parses JSON text (a results file bench printed). */
json_t *ru_load_json(const char *text);

/* --- The glibc pin (harness/README.md §5.4) ------------------------------- */

/* ld.so --list-diagnostics as glibc 2.36 prints it under valgrind 3.19 on
 * the project's machine (the lines the check reads), with the words of
 * leaf 1 ecx, leaf 7 ebx and the AVX_Fast_Unaligned_Load preference
 * given. */
char *ru_diagnostics_text(const char *leaf1_ecx, const char *leaf7_ebx,
                          const char *avx_fast, const char *non_temporal);

/* Leaf 1 ecx of valgrind's CPU without SSSE3, FMA, SSE4_1, SSE4_2, MOVBE,
 * POPCNT and AVX (F16C and SSE3 still set: glibc 2.36 masks neither);
 * leaf 7 ebx without BMI1, AVX2, BMI2, ERMS. */
#define RU_PINNED_ECX "0x6e002003"
#define RU_PINNED_EBX "0x0"
#define RU_PIN "glibc.cpu.hwcaps=-AVX2,-SSSE3,-POPCNT,-LZCNT," \
               "-AVX_Fast_Unaligned_Load,-Fast_Rep_String:" \
               "glibc.cpu.x86_non_temporal_threshold=0x200000:" \
               "glibc.cpu.x86_rep_stosb_threshold=2048"

#endif /* BM_RESULTS_UTIL_H */
