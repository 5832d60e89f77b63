/*
 * progress.c - the progress counter (see progress.h).
 */
#include "progress.h"

#include <time.h>

double
bench_now_seconds(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

void
bench_progress_start(struct bench_progress *progress, FILE *stream,
                     bool shown, size_t total)
{
	*progress = (struct bench_progress){
		.stream = stream,
		.shown = shown,
		.total = total,
		.start_seconds = bench_now_seconds(),
	};
}

static void
clear_line(struct bench_progress *progress)
{
	if (!progress->shown || progress->line_length == 0)
		return;
	fprintf(progress->stream, "\r%*s\r", (int)progress->line_length, "");
	progress->line_length = 0;
}

void
bench_progress_test(struct bench_progress *progress, const char *name)
{
	if (!progress->shown)
		return;
	char left[48] = "estimating time left";
	if (progress->done > 0) {
		/* Tests differ in length; the average so far is a fair guess
		 * because every size of every operation is spread over the
		 * run. */
		double elapsed = bench_now_seconds() - progress->start_seconds;
		double remaining = elapsed / (double)progress->done *
		                   (double)(progress->total - progress->done);
		snprintf(left, sizeof left, "about %.0f s left", remaining);
	}
	clear_line(progress);
	int length = fprintf(progress->stream, "[%zu/%zu] %s, %s",
	                     progress->done + 1, progress->total, name, left);
	progress->line_length = length > 0 ? (size_t)length : 0;
	fflush(progress->stream);
}

void
bench_progress_done(struct bench_progress *progress)
{
	progress->done++;
}

void
bench_progress_error(struct bench_progress *progress, const char *line)
{
	clear_line(progress);
	fprintf(progress->stream, "%s\n", line);
	fflush(progress->stream);
}

void
bench_progress_finish(struct bench_progress *progress)
{
	clear_line(progress);
	fflush(progress->stream);
}
