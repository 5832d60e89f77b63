/*
 * replacement.c - see replacement.h.
 */
#include "replacement.h"

#include <stdio.h>
#include <string.h>

/* Appends text to out[0..size), cut where it does not fit. */
static void
append(char *out, size_t size, const char *text)
{
	size_t used = strlen(out);
	if (used + 1 < size)
		snprintf(out + used, size - used, "%s", text);
}

static bool
run_has(const struct bench_replacing_run *run, const char *name)
{
	for (size_t b = 0; b < run->backend_count; b++) {
		if (strcmp(run->backends[b], name) == 0)
			return true;
	}
	return false;
}

/* Why the listed backend `name` was not built, or NULL. */
static const char *
skipped_why(const struct bench_replacing_run *run, const char *name)
{
	for (size_t i = 0; i < run->skipped_count; i++) {
		if (strcmp(run->skipped[i].name, name) == 0)
			return run->skipped[i].why;
	}
	return NULL;
}

/* "it lacks A, B, which FILE has (not built: WHY)", or nothing when the
 * run has every backend of the committed file. */
static void
add_missing(const struct bench_committed *committed,
            const struct bench_replacing_run *run, char *why, size_t size)
{
	size_t missing = 0;
	const char *because = NULL;
	for (size_t b = 0; b < committed->backend_count; b++) {
		const char *name = committed->backends[b];
		if (run_has(run, name))
			continue;
		append(why, size, missing == 0 ? (why[0] != '\0' ? "; it lacks "
		                                                : "it lacks ")
		                               : ", ");
		append(why, size, name);
		if (because == NULL)
			because = skipped_why(run, name);
		missing++;
	}
	if (missing == 0)
		return;
	append(why, size, ", which ");
	append(why, size, committed->path);
	append(why, size, " has");
	if (because != NULL) {
		append(why, size, " (not built: ");
		append(why, size, because);
		append(why, size, ")");
	}
}

bool
bench_replacement_decide(const struct bench_committed *committed,
                         const struct bench_replacing_run *run, bool force,
                         char *why, size_t why_size)
{
	why[0] = '\0';
	switch (run->verdict) {
	case BENCH_RUN_QUIET:
		break;
	case BENCH_RUN_DISTURBED:
		append(why, why_size, "the run was disturbed (");
		append(why, why_size, run->reasons != NULL ? run->reasons : "");
		append(why, why_size, ")");
		break;
	case BENCH_RUN_UNKNOWN:
		append(why, why_size, "whether the run was disturbed is "
		                      "unknown");
		break;
	}
	if (run->injected != NULL && run->injected[0] != '\0') {
		append(why, why_size, why[0] != '\0' ? "; " : "");
		append(why, why_size, "this bench was built with a test-only "
		                      "regression (");
		append(why, why_size, run->injected);
		append(why, why_size, ")");
	}
	if (committed->state == BENCH_COMMITTED_UNREADABLE) {
		append(why, why_size, why[0] != '\0' ? "; " : "");
		append(why, why_size, "the committed results cannot be read (");
		append(why, why_size, committed->why);
		append(why, why_size, ")");
	} else if (committed->state == BENCH_COMMITTED_READ) {
		add_missing(committed, run, why, why_size);
	}
	return force || why[0] == '\0';
}
