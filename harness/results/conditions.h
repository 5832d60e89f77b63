/*
 * conditions.h - what a timing run competed with, and the rule that calls
 * it quiet or disturbed (harness/README.md §3.7).
 *
 * Read from Linux's /proc before and after measuring: the load average, the
 * time the process was runnable but waited for a CPU (/proc/self/schedstat),
 * the machine's steal time (/proc/stat), the share of the CPUs other
 * processes kept busy just before measuring, and the CPU frequency where
 * cpufreq shows it; with the run's own share of retaken and disturbed
 * samples (harness/README.md §3.3). A figure that could not be read is
 * negative.
 */
#ifndef BENCH_CONDITIONS_H
#define BENCH_CONDITIONS_H

#include <stdbool.h>
#include <stddef.h>

/* The classification, and its word in every output. */
#define BENCH_RUN_VERDICT_LIST(X)                                             \
	X(BENCH_RUN_UNKNOWN, "unknown") /* an older file, or nothing read */ \
	X(BENCH_RUN_QUIET, "quiet")                                          \
	X(BENCH_RUN_DISTURBED, "disturbed")

enum bench_run_verdict {
#define BENCH_RUN_VERDICT_ENUM(name, word) name,
	BENCH_RUN_VERDICT_LIST(BENCH_RUN_VERDICT_ENUM)
#undef BENCH_RUN_VERDICT_ENUM
};

const char *bench_run_verdict_word(enum bench_run_verdict verdict);
/* The verdict a word names; false when it names none. */
bool bench_run_verdict_from_word(const char *word,
                                 enum bench_run_verdict *verdict);

/*
 * The limits of the rule. A run is disturbed when any figure read is
 * beyond its limit:
 * - the process waited for a CPU, runnable, more than WAIT of the time it
 *   measured: another process had the core;
 * - the hypervisor stole more than STEAL of the machine's CPU time;
 * - more than RETAKEN of the samples were retaken (harness/README.md §3.3);
 * - more than KEPT of the samples were kept disturbed after every retake;
 * - other processes kept more than BUSY cores busy just before measuring.
 * The load average is recorded but not judged: it follows the last minute,
 * the build before a run included, and counts the run itself.
 */
#define BENCH_QUIET_WAIT_FRACTION 0.01
#define BENCH_QUIET_STEAL_FRACTION 0.01
#define BENCH_QUIET_RETAKEN_FRACTION 0.02
#define BENCH_QUIET_KEPT_FRACTION 0.001
#define BENCH_QUIET_BUSY_CORES 0.25

struct bench_conditions {
	double load_start[3], load_end[3]; /* /proc/loadavg */
	double busy_cores;     /* cores other processes used just before */
	double wait_seconds;   /* runnable, not running, while measuring */
	double steal_seconds;  /* steal of all CPUs while measuring */
	double cpu_seconds;    /* all CPUs' time while measuring (steal's base) */
	double mhz_start, mhz_end; /* mean cpufreq of the CPUs, if shown */
	double wall_seconds;   /* the time measured over */
	size_t samples, retaken, kept_disturbed;
};

/* How long a run watches the machine before measuring (busy_cores). */
#define BENCH_CONDITIONS_SETTLE_SECONDS 0.5

/* The figures /proc gives before measuring; bench_conditions_begin also
 * watches the machine for `settle` seconds (0 for none) to see whether
 * other processes keep it busy. */
struct bench_conditions_probe {
	double monotonic, wait, steal, total, mhz;
	double load[3];
};
void bench_conditions_begin(struct bench_conditions_probe *probe,
                            struct bench_conditions *conditions,
                            double settle);
/* Fills the figures of the run since `probe`; the sample counts are the
 * caller's. */
void bench_conditions_end(const struct bench_conditions_probe *probe,
                          struct bench_conditions *conditions);

/*
 * The rule above. Writes the figures beyond their limits, as one line of
 * clauses ("the process waited for a CPU 4.1% of the time; 19% of the
 * samples were retaken"), into reasons, or "" for a quiet run. With no
 * figure read at all, the verdict is unknown.
 */
enum bench_run_verdict bench_conditions_classify(
	const struct bench_conditions *conditions, char *reasons,
	size_t reasons_size);

/* Every figure read, as one line of clauses for a person (`the process
 * waited for a CPU 0.3% of the 35.2 s measured; ...`); figures not read
 * are left out. */
void bench_conditions_describe(const struct bench_conditions *conditions,
                               char *out, size_t out_size);

/* One clause, "other processes kept 1.6 of 2 cores busy", when the machine
 * is busy before measuring; "" otherwise. */
bool bench_conditions_busy(const struct bench_conditions *conditions,
                           long cores, char *line, size_t line_size);

#endif /* BENCH_CONDITIONS_H */
