/*
 * results_set.c - see results_set.h.
 */
#include "results_set.h"

#include "say.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* The first line of a file (at most size - 1 bytes, without its newline),
 * and the second into `next` when it is not NULL. */
static bool
first_lines(const char *path, char *line, size_t size, char *next,
            char *why, size_t why_size)
{
	FILE *file = fopen(path, "r");
	if (file == NULL)
		return bench_say(why, why_size, "%s: %s", path, strerror(errno));
	line[0] = '\0';
	if (next != NULL)
		next[0] = '\0';
	bool ok = true;
	if (fgets(line, (int)size, file) != NULL && next != NULL &&
	    strchr(line, '\n') != NULL && fgets(next, (int)size, file) == NULL)
		next[0] = '\0';
	if (ferror(file))
		ok = bench_say(why, why_size, "%s: cannot read", path);
	fclose(file);
	line[strcspn(line, "\r\n")] = '\0';
	if (next != NULL)
		next[strcspn(next, "\r\n")] = '\0';
	return ok;
}

/* Field `index` of a CSV line (no quoting: bench's CSV has none). */
static void
csv_field(const char *line, size_t index, char *out, size_t out_size)
{
	for (size_t i = 0; i < index && line != NULL; i++) {
		line = strchr(line, ',');
		if (line != NULL)
			line++;
	}
	if (line == NULL) {
		out[0] = '\0';
		return;
	}
	snprintf(out, out_size, "%.*s", (int)strcspn(line, ","), line);
}

bool
bench_results_file_run(const char *path, char *id, size_t id_size,
                       char *why, size_t why_size)
{
	static char line[8192], next[8192];
	size_t length = strlen(path);
	bool csv = length >= 4 && strcmp(path + length - 4, ".csv") == 0;
	if (!first_lines(path, line, sizeof line, csv ? next : NULL, why,
	                 why_size))
		return false;
	id[0] = '\0';
	if (csv) {
		/* The header names the column; the first line holds the id. */
		size_t column = 0;
		for (const char *at = line; at != NULL; column++) {
			if (strncmp(at, "run_id", 6) == 0 &&
			    (at[6] == ',' || at[6] == '\0')) {
				csv_field(next, column, id, id_size);
				break;
			}
			at = strchr(at, ',');
			at = at != NULL ? at + 1 : NULL;
		}
		return true;
	}
	/* The table's first line names it ", run ID." (the run's verdict may
	 * follow): an ID is the start time and hexadecimal digits. */
	for (const char *mark = strstr(line, ", run "); mark != NULL;
	     mark = strstr(mark + 1, ", run ")) {
		size_t span = strspn(mark + 6, "0123456789abcdefTZ-");
		if (span > 0 && mark[6 + span] == '.') {
			snprintf(id, id_size, "%.*s", (int)span, mark + 6);
			break;
		}
	}
	return true;
}

bool
bench_results_set_check(const char *json_path, const char *run_id,
                        char *why, size_t why_size)
{
	const char *slash = strrchr(json_path, '/');
	const char *name = slash != NULL ? slash + 1 : json_path;
	if (strcmp(name, "latest.json") != 0)
		return true;
	int folder = (int)(name - json_path);
	static const char *const siblings[] = {"latest.md", "latest.csv"};
	for (size_t i = 0; i < sizeof siblings / sizeof siblings[0]; i++) {
		char path[4096], id[64];
		snprintf(path, sizeof path, "%.*s%s", folder, json_path,
		         siblings[i]);
		FILE *exists = fopen(path, "r");
		if (exists == NULL)
			continue;
		fclose(exists);
		if (!bench_results_file_run(path, id, sizeof id, why, why_size))
			return false;
		const char *expected = run_id != NULL ? run_id : "";
		if (strcmp(id, expected) != 0)
			return bench_say(why, why_size, "%s is of run %s, %s of run "
			                 "%s: not one set (a run stopped between "
			                 "its renames?); run `bench --all` again",
			                 path, id[0] ? id : "(none)", json_path,
			                 expected[0] ? expected : "(none)");
	}
	return true;
}
