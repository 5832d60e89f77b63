/*
 * report_sensitivity.c - the results of scripts/sensitivity for the
 * report's page "What depends on the toolchain" (report_toolchain.c,
 * results/README.md): every *.json of a folder read through
 * results_read.c, grouped
 * into configurations by what their contexts say was in use, and the
 * verdicts of each row compared across configurations and between the two
 * runs of the configuration that was run twice (the noise).
 */
#include "report_internal.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

bool
report_same_verdict(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return a == b;
	return strcmp(a, b) == 0;
}

static int
compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The *.json names of dir, sorted; NULL with *count 0 when there is no
 * such folder. */
static char **
list_files(const char *dir, size_t *count, bool *missing, char *why,
           size_t why_size)
{
	*count = 0;
	*missing = false;
	DIR *listing = opendir(dir);
	if (listing == NULL) {
		if (errno == ENOENT || errno == ENOTDIR) {
			*missing = true;
			return NULL;
		}
		bench_say(why, why_size, "%s: %s", dir, strerror(errno));
		return NULL;
	}
	size_t capacity = 16;
	char **names = malloc(capacity * sizeof *names);
	struct dirent *entry;
	bool ok = names != NULL;
	while (ok && (entry = readdir(listing)) != NULL) {
		size_t length = strlen(entry->d_name);
		if (length <= 5 || entry->d_name[0] == '.' ||
		    strcmp(entry->d_name + length - 5, ".json") != 0)
			continue;
		if (*count == capacity) {
			char **grown = realloc(names, 2 * capacity * sizeof *names);
			if (grown == NULL) {
				ok = false;
				break;
			}
			names = grown;
			capacity *= 2;
		}
		names[*count] = malloc(length + 1);
		ok = names[*count] != NULL;
		if (ok)
			memcpy(names[(*count)++], entry->d_name, length + 1);
	}
	closedir(listing);
	if (!ok) {
		for (size_t i = 0; names != NULL && i < *count; i++)
			free(names[i]);
		free(names);
		*count = 0;
		bench_say(why, why_size, "out of memory");
		return NULL;
	}
	qsort(names, *count, sizeof *names, compare_names);
	return names;
}

/* A configuration: what was in use, from the context. */
static void
describe_config(const struct bench_run_file *run, char *out, size_t out_size)
{
	if (run->allocator_name != NULL)
		snprintf(out, out_size, "%s + %s %s", run->compiler,
		         run->allocator_name,
		         run->allocator_version != NULL ? run->allocator_version
		                                        : "");
	else
		snprintf(out, out_size, "%s + %s", run->compiler,
		         run->allocator != NULL ? run->allocator : "unknown");
	size_t length = strlen(out);
	while (length > 0 && out[length - 1] == ' ')
		out[--length] = '\0';
}

/* The rows and backends of `run` are those of `first`. */
static bool
same_layout(const struct report_sensitivity_run *first,
            const struct report_sensitivity_run *other, char *why,
            size_t why_size)
{
	const struct bench_run_file *a = &first->run, *b = &other->run;
	bool same = a->row_count == b->row_count &&
	            a->backend_count == b->backend_count;
	for (size_t r = 0; same && r < a->row_count; r++)
		same = strcmp(a->rows[r].test, b->rows[r].test) == 0;
	for (size_t k = 0; same && k < a->backend_count; k++)
		same = strcmp(a->backends[k].name, b->backends[k].name) == 0;
	if (!same)
		bench_say(why, why_size, "%s: not the same tests and backends "
		           "as %s (every file of the toolchain comparison must "
		           "be the same run in another configuration)",
		           other->path, first->path);
	return same;
}

/* Puts the runs in column order: configurations in the order their first
 * file comes, the one run twice (the noise pair) first; within one, by
 * date. Returns false when out of memory. */
static bool
order_runs(struct report_sensitivity *sensitivity)
{
	size_t count = sensitivity->run_count;
	struct report_sensitivity_run *runs = sensitivity->runs;
	/* Configuration numbers, by first appearance. */
	size_t configs = 0;
	for (size_t i = 0; i < count; i++) {
		runs[i].config = SIZE_MAX;
		for (size_t j = 0; j < i && runs[i].config == SIZE_MAX; j++) {
			if (strcmp(runs[i].config_text, runs[j].config_text) == 0)
				runs[i].config = runs[j].config;
		}
		if (runs[i].config == SIZE_MAX)
			runs[i].config = configs++;
	}
	size_t noisy = SIZE_MAX;
	for (size_t c = 0; c < configs && noisy == SIZE_MAX; c++) {
		size_t in_config = 0;
		for (size_t i = 0; i < count; i++)
			in_config += runs[i].config == c;
		if (in_config >= 2)
			noisy = c;
	}
	struct report_sensitivity_run *ordered =
		calloc(count, sizeof *ordered);
	if (ordered == NULL)
		return false;
	size_t used = 0;
	for (size_t pass = 0; pass <= configs; pass++) {
		/* Pass 0 is the noisy configuration, then the others. */
		size_t c = pass == 0 ? noisy : pass - 1;
		if (c == SIZE_MAX || (pass > 0 && c == noisy))
			continue;
		size_t first = used;
		for (size_t i = 0; i < count; i++) {
			if (runs[i].config == c)
				ordered[used++] = runs[i];
		}
		/* Insertion sort by date within the configuration. */
		for (size_t i = first + 1; i < used; i++) {
			struct report_sensitivity_run run = ordered[i];
			size_t j = i;
			while (j > first &&
			       strcmp(ordered[j - 1].run.date, run.run.date) > 0) {
				ordered[j] = ordered[j - 1];
				j--;
			}
			ordered[j] = run;
		}
	}
	/* The loaded documents moved with the structs: the paths they point
	 * to are the structs' own arrays, so point them again. */
	for (size_t i = 0; i < count; i++)
		ordered[i].run.path = ordered[i].path;
	free(sensitivity->runs);
	sensitivity->runs = ordered;
	sensitivity->config_count = configs;
	sensitivity->has_noise = noisy != SIZE_MAX;
	return true;
}

/* The run that stands for configuration `column` (its earliest). */
const struct report_sensitivity_run *
report_sensitivity_column(const struct report_sensitivity *sensitivity,
                          size_t column)
{
	size_t seen = SIZE_MAX, last_config = SIZE_MAX;
	for (size_t i = 0; i < sensitivity->run_count; i++) {
		if (sensitivity->runs[i].config == last_config)
			continue;
		last_config = sensitivity->runs[i].config;
		seen = seen == SIZE_MAX ? 0 : seen + 1;
		if (seen == column)
			return &sensitivity->runs[i];
	}
	return NULL;
}

/* The two runs of the noise pair (the repeated configuration's first
 * two), or NULL. */
void
report_sensitivity_noise(const struct report_sensitivity *sensitivity,
                         const struct report_sensitivity_run **first,
                         const struct report_sensitivity_run **second)
{
	*first = *second = NULL;
	if (!sensitivity->has_noise || sensitivity->run_count < 2)
		return;
	*first = &sensitivity->runs[0];
	*second = &sensitivity->runs[1];
}

/* Counts how the verdicts of each row fare across the configurations and
 * between the noise pair. */
static bool
tally(struct report_sensitivity *sensitivity)
{
	size_t rows = sensitivity->runs[0].run.row_count;
	sensitivity->row_count = rows;
	for (int kind = 0; kind < 2; kind++) {
		struct report_verdict_tally *t = &sensitivity->tallies[kind];
		t->changes = calloc(rows + 1, sizeof *t->changes);
		t->noisy = calloc(rows + 1, sizeof *t->noisy);
		if (t->changes == NULL || t->noisy == NULL)
			return false;
	}
	const struct report_sensitivity_run *noise_a, *noise_b;
	report_sensitivity_noise(sensitivity, &noise_a, &noise_b);
	for (size_t r = 0; r < rows; r++) {
		for (int kind = 0; kind < 2; kind++) {
			struct report_verdict_tally *t = &sensitivity->tallies[kind];
			const char *first = NULL, *backend = NULL;
			bool changes = false, two_backends = false;
			for (size_t c = 0; c < sensitivity->config_count; c++) {
				const struct report_sensitivity_run *column =
					report_sensitivity_column(sensitivity, c);
				if (column == NULL)
					break;
				const struct bench_file_row *row =
					&column->run.rows[r];
				const char *verdict = kind == 0 ? row->winner
				                                : row->haiku_winner;
				if (c == 0)
					first = verdict;
				else if (!report_same_verdict(first, verdict))
					changes = true;
				if (verdict != NULL && strcmp(verdict, "-") != 0) {
					if (backend != NULL &&
					    strcmp(backend, verdict) != 0)
						two_backends = true;
					backend = verdict;
				}
			}
			t->changes[r] = changes;
			t->kept += !changes;
			t->between_backends += changes && two_backends;
			if (noise_a != NULL) {
				const struct bench_file_row *a = &noise_a->run.rows[r];
				const struct bench_file_row *b = &noise_b->run.rows[r];
				bool noisy = kind == 0
				                     ? !report_same_verdict(a->winner, b->winner)
				                     : !report_same_verdict(a->haiku_winner,
				                                  b->haiku_winner);
				t->noisy[r] = noisy;
				t->noise += noisy;
				t->changes_and_noisy += changes && noisy;
			}
		}
	}
	return true;
}

bool
report_load_sensitivity(const char *dir, struct report_sensitivity *sensitivity,
                        char *why, size_t why_size)
{
	memset(sensitivity, 0, sizeof *sensitivity);
	snprintf(sensitivity->dir, sizeof sensitivity->dir, "%s", dir);
	bool missing;
	size_t count;
	why[0] = '\0';
	char **names = list_files(dir, &count, &missing, why, why_size);
	if (names == NULL && why[0] != '\0')
		return false;
	if (count == 0) {
		snprintf(sensitivity->skipped, sizeof sensitivity->skipped,
		         missing ? "there is no folder %s" : "%s holds no results",
		         dir);
		free(names);
		return true;
	}
	sensitivity->runs = calloc(count, sizeof *sensitivity->runs);
	bool ok = sensitivity->runs != NULL;
	if (!ok)
		bench_say(why, why_size, "out of memory");
	for (size_t i = 0; ok && i < count; i++) {
		struct report_sensitivity_run *entry = &sensitivity->runs[i];
		snprintf(entry->path, sizeof entry->path, "%s/%s", dir, names[i]);
		snprintf(entry->label, sizeof entry->label, "%.*s",
		         (int)(strlen(names[i]) - 5), names[i]);
		ok = bench_run_file_load(entry->path, BENCH_READ_MEASURED,
		                         &entry->run, why, why_size);
		if (!ok)
			break;
		sensitivity->run_count++;
		if (strcmp(entry->run.unit, "ns") != 0) {
			bench_say(why, why_size, "%s: unit: not \"ns\" (the "
			           "toolchain comparison is of times)",
			           entry->path);
			ok = false;
			break;
		}
		describe_config(&entry->run, entry->config_text,
		                sizeof entry->config_text);
		if (i > 0)
			ok = same_layout(&sensitivity->runs[0], entry, why,
			                 why_size);
	}
	for (size_t i = 0; i < count; i++)
		free(names[i]);
	free(names);
	if (ok && !order_runs(sensitivity)) {
		bench_say(why, why_size, "out of memory");
		ok = false;
	}
	if (ok && !tally(sensitivity)) {
		bench_say(why, why_size, "out of memory");
		ok = false;
	}
	if (!ok) {
		report_sensitivity_free(sensitivity);
		return false;
	}
	sensitivity->present = true;
	return true;
}

void
report_sensitivity_free(struct report_sensitivity *sensitivity)
{
	for (size_t i = 0; i < sensitivity->run_count; i++)
		bench_run_file_free(&sensitivity->runs[i].run);
	free(sensitivity->runs);
	for (int kind = 0; kind < 2; kind++) {
		free(sensitivity->tallies[kind].changes);
		free(sensitivity->tallies[kind].noisy);
	}
	sensitivity->runs = NULL;
	sensitivity->run_count = 0;
	memset(sensitivity->tallies, 0, sizeof sensitivity->tallies);
	sensitivity->present = false;
}
