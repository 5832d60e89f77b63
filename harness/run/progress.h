/*
 * progress.h - the one-line progress counter on stderr: the test being
 * run, how many are done, and an estimate of the time left. Shown when
 * stderr is a terminal or --progress is given; otherwise nothing is
 * printed. Error lines go through bench_progress_error so that they do
 * not mix with the counter.
 */
#ifndef BENCH_PROGRESS_H
#define BENCH_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct bench_progress {
	FILE *stream;
	bool shown;
	size_t total;
	size_t done;
	double start_seconds;
	size_t line_length;     /* of the counter now on screen */
};

void bench_progress_start(struct bench_progress *progress, FILE *stream,
                          bool shown, size_t total);

/* Shows that test `name` (number done + 1) is starting. */
void bench_progress_test(struct bench_progress *progress, const char *name);

/* Counts one test as done. */
void bench_progress_done(struct bench_progress *progress);

/* Prints one error line (always, progress shown or not). */
void bench_progress_error(struct bench_progress *progress, const char *line);

/* Clears the counter at the end of the run. */
void bench_progress_finish(struct bench_progress *progress);

/* Seconds on the monotonic clock. */
double bench_now_seconds(void);

#endif /* BENCH_PROGRESS_H */
