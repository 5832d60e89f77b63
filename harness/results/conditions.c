/*
 * conditions.c - see conditions.h.
 */
#define _GNU_SOURCE
#include "conditions.h"


#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *const verdict_words[] = {
#define BENCH_RUN_VERDICT_WORD(name, word) [name] = word,
	BENCH_RUN_VERDICT_LIST(BENCH_RUN_VERDICT_WORD)
#undef BENCH_RUN_VERDICT_WORD
};

const char *
bench_run_verdict_word(enum bench_run_verdict verdict)
{
	return verdict_words[verdict];
}

bool
bench_run_verdict_from_word(const char *word, enum bench_run_verdict *verdict)
{
	for (size_t i = 0; i < sizeof verdict_words / sizeof *verdict_words; i++) {
		if (strcmp(word, verdict_words[i]) == 0) {
			*verdict = (enum bench_run_verdict)i;
			return true;
		}
	}
	return false;
}

static double
seconds_of(clockid_t clock)
{
	struct timespec now;
	clock_gettime(clock, &now);
	return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* The calling thread's time runnable but waiting for a CPU, or -1. */
static double
wait_seconds(void)
{
	unsigned long long running, waiting;
	FILE *file = fopen("/proc/thread-self/schedstat", "r");
	if (file == NULL)
		return -1;
	int read = fscanf(file, "%llu %llu", &running, &waiting);
	fclose(file);
	return read == 2 ? (double)waiting * 1e-9 : -1;
}

/* All CPUs' time, their steal and their busy time (neither idle nor
 * waiting for I/O), from /proc/stat's first line; false when unreadable. */
static bool
cpu_times(double *total, double *steal, double *busy)
{
	unsigned long long field[8] = {0};
	FILE *file = fopen("/proc/stat", "r");
	if (file == NULL)
		return false;
	int read = fscanf(file, "cpu %llu %llu %llu %llu %llu %llu %llu %llu",
	                  &field[0], &field[1], &field[2], &field[3],
	                  &field[4], &field[5], &field[6], &field[7]);
	fclose(file);
	long ticks = sysconf(_SC_CLK_TCK);
	if (read < 4 || ticks <= 0)
		return false;
	double sum = 0;
	for (int i = 0; i < 8; i++)
		sum += (double)field[i];
	*total = sum / (double)ticks;
	*steal = read == 8 ? (double)field[7] / (double)ticks : -1;
	*busy = (sum - (double)field[3] - (double)field[4]) / (double)ticks;
	return true;
}

/* The mean current frequency of the CPUs cpufreq shows, in MHz, or -1. */
static double
mean_mhz(void)
{
	DIR *directory = opendir("/sys/devices/system/cpu");
	if (directory == NULL)
		return -1;
	double sum = 0;
	int count = 0;
	struct dirent *entry;
	while ((entry = readdir(directory)) != NULL) {
		unsigned cpu;
		char path[512], rest;
		if (sscanf(entry->d_name, "cpu%u%c", &cpu, &rest) != 1)
			continue;
		snprintf(path, sizeof path,
		         "/sys/devices/system/cpu/%s/cpufreq/scaling_cur_freq",
		         entry->d_name);
		FILE *file = fopen(path, "r");
		double khz;
		if (file != NULL && fscanf(file, "%lf", &khz) == 1 && khz > 0) {
			sum += khz / 1000.0;
			count++;
		}
		if (file != NULL)
			fclose(file);
	}
	closedir(directory);
	return count > 0 ? sum / count : -1;
}

static void
load_average(double load[3])
{
	load[0] = load[1] = load[2] = -1;
	FILE *file = fopen("/proc/loadavg", "r");
	if (file == NULL)
		return;
	if (fscanf(file, "%lf %lf %lf", &load[0], &load[1], &load[2]) != 3)
		load[0] = load[1] = load[2] = -1;
	fclose(file);
}

/* Cores other processes kept busy over `seconds` spent asleep. */
static double
busy_cores(double seconds)
{
	double total0, steal0, busy0, total1, steal1, busy1;
	double wall0 = seconds_of(CLOCK_MONOTONIC);
	double own0 = seconds_of(CLOCK_PROCESS_CPUTIME_ID);
	if (seconds <= 0 || !cpu_times(&total0, &steal0, &busy0))
		return -1;
	struct timespec pause = {
		.tv_sec = (time_t)seconds,
		.tv_nsec = (long)((seconds - (double)(time_t)seconds) * 1e9),
	};
	nanosleep(&pause, NULL);
	if (!cpu_times(&total1, &steal1, &busy1))
		return -1;
	double wall = seconds_of(CLOCK_MONOTONIC) - wall0;
	double own = seconds_of(CLOCK_PROCESS_CPUTIME_ID) - own0;
	double others = (busy1 - busy0) - own;
	return wall > 0 && others > 0 ? others / wall : 0;
}

void
bench_conditions_begin(struct bench_conditions_probe *probe,
                       struct bench_conditions *conditions, double settle)
{
	*conditions = (struct bench_conditions){0};
	load_average(conditions->load_start);
	conditions->busy_cores = busy_cores(settle);
	conditions->mhz_start = mean_mhz();
	double busy;
	if (!cpu_times(&probe->total, &probe->steal, &busy))
		probe->total = probe->steal = -1;
	probe->wait = wait_seconds();
	probe->monotonic = seconds_of(CLOCK_MONOTONIC);
}

void
bench_conditions_end(const struct bench_conditions_probe *probe,
                     struct bench_conditions *conditions)
{
	conditions->wall_seconds = seconds_of(CLOCK_MONOTONIC) - probe->monotonic;
	double wait = wait_seconds();
	conditions->wait_seconds =
		wait >= 0 && probe->wait >= 0 ? wait - probe->wait : -1;
	double total, steal, busy;
	bool read = probe->total >= 0 && cpu_times(&total, &steal, &busy);
	conditions->cpu_seconds = read ? total - probe->total : -1;
	conditions->steal_seconds =
		read && steal >= 0 && probe->steal >= 0 ? steal - probe->steal : -1;
	conditions->mhz_end = mean_mhz();
	load_average(conditions->load_end);
}

/* Appends one clause to reasons ("; " between clauses). */
static void
add_clause(char *reasons, size_t size, const char *clause)
{
	size_t used = strlen(reasons);
	if (used + 1 < size)
		snprintf(reasons + used, size - used, "%s%s",
		         used > 0 ? "; " : "", clause);
}

enum bench_run_verdict
bench_conditions_classify(const struct bench_conditions *c, char *reasons,
                          size_t reasons_size)
{
	char clause[160];
	bool known = false;
	reasons[0] = '\0';
	if (c->wait_seconds >= 0 && c->wall_seconds > 0) {
		known = true;
		double share = c->wait_seconds / c->wall_seconds;
		if (share > BENCH_QUIET_WAIT_FRACTION) {
			snprintf(clause, sizeof clause, "the process waited for a "
			         "CPU %.1f%% of the time", 100 * share);
			add_clause(reasons, reasons_size, clause);
		}
	}
	if (c->steal_seconds >= 0 && c->cpu_seconds > 0) {
		known = true;
		double share = c->steal_seconds / c->cpu_seconds;
		if (share > BENCH_QUIET_STEAL_FRACTION) {
			snprintf(clause, sizeof clause, "the hypervisor stole "
			         "%.1f%% of the CPU time", 100 * share);
			add_clause(reasons, reasons_size, clause);
		}
	}
	if (c->samples > 0) {
		known = true;
		double retaken = (double)c->retaken / (double)c->samples;
		double kept = (double)c->kept_disturbed / (double)c->samples;
		if (retaken > BENCH_QUIET_RETAKEN_FRACTION) {
			snprintf(clause, sizeof clause, "%.1f%% of the samples "
			         "were retaken", 100 * retaken);
			add_clause(reasons, reasons_size, clause);
		}
		if (kept > BENCH_QUIET_KEPT_FRACTION) {
			snprintf(clause, sizeof clause, "%zu samples stayed "
			         "disturbed after every retake",
			         c->kept_disturbed);
			add_clause(reasons, reasons_size, clause);
		}
	}
	if (c->busy_cores >= 0) {
		known = true;
		if (c->busy_cores > BENCH_QUIET_BUSY_CORES) {
			snprintf(clause, sizeof clause, "other processes kept "
			         "%.1f cores busy when it started", c->busy_cores);
			add_clause(reasons, reasons_size, clause);
		}
	}
	if (!known)
		return BENCH_RUN_UNKNOWN;
	return reasons[0] != '\0' ? BENCH_RUN_DISTURBED : BENCH_RUN_QUIET;
}

void
bench_conditions_describe(const struct bench_conditions *c, char *out,
                          size_t out_size)
{
	char clause[160];
	out[0] = '\0';
	if (c->wait_seconds >= 0 && c->wall_seconds > 0) {
		snprintf(clause, sizeof clause, "the process waited for a CPU "
		         "%.1f%% of the %.1f s measured",
		         100 * c->wait_seconds / c->wall_seconds,
		         c->wall_seconds);
		add_clause(out, out_size, clause);
	}
	if (c->steal_seconds >= 0 && c->cpu_seconds > 0) {
		snprintf(clause, sizeof clause, "the hypervisor stole %.1f%%",
		         100 * c->steal_seconds / c->cpu_seconds);
		add_clause(out, out_size, clause);
	}
	if (c->samples > 0) {
		snprintf(clause, sizeof clause, "%.1f%% of the %zu samples were "
		         "retaken, %zu kept disturbed",
		         100 * (double)c->retaken / (double)c->samples,
		         c->samples, c->kept_disturbed);
		add_clause(out, out_size, clause);
	}
	if (c->busy_cores >= 0) {
		snprintf(clause, sizeof clause, "other processes kept %.1f cores "
		         "busy before it started", c->busy_cores);
		add_clause(out, out_size, clause);
	}
	if (c->load_start[0] >= 0 && c->load_end[0] >= 0) {
		snprintf(clause, sizeof clause, "load average %.2f at the start, "
		         "%.2f at the end", c->load_start[0], c->load_end[0]);
		add_clause(out, out_size, clause);
	}
	if (c->mhz_start > 0 && c->mhz_end > 0) {
		snprintf(clause, sizeof clause, "CPUs at %.0f MHz, then %.0f MHz",
		         c->mhz_start, c->mhz_end);
		add_clause(out, out_size, clause);
	}
}

bool
bench_conditions_busy(const struct bench_conditions *conditions, long cores,
                      char *line, size_t line_size)
{
	line[0] = '\0';
	if (conditions->busy_cores <= BENCH_QUIET_BUSY_CORES)
		return false;
	snprintf(line, line_size, "other processes kept %.1f of %ld cores busy",
	         conditions->busy_cores, cores);
	return true;
}
