/*
 * run_tests.c - the one Check runner. `bench_tests` runs every suite;
 * `bench_tests SUITE [TCASE]` runs one suite, or one test case of it
 * (ctest runs each suite, or each part of a long one, as its own test).
 * `bench_tests --list [FLAG]` prints those runs, one a line ("SUITE" or
 * "SUITE PART"), of every suite or of those flagged FLAG in
 * tests/suites.list (scripts/ci-hardening asks for `--list memcheck`).
 * CK_FORK=no in the environment runs in one process, for gdb and valgrind.
 * On a big-endian host the tests that need a little-endian one are not
 * registered (cu_add_le_test in check_util.h); stderr says how many.
 */
#include "suites.h"
#include "check_util.h"

#include <check.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The suites of tests/suites.list in this build, in its order. */
static const struct {
	const char *name;
	Suite *(*make)(void);
	const char *flags; /* its flags, space-separated ("memcheck") */
	const char *parts; /* the test cases ctest runs apart, or "" */
} suites[] = {
#define BM_SUITE_ENTRY(name, flags, parts)                                 \
	{#name, make_##name##_suite, flags, parts},
	BENCH_SUITES(BM_SUITE_ENTRY)
#undef BM_SUITE_ENTRY
};

static const size_t suite_count = sizeof suites / sizeof suites[0];

/* True when the space-separated `words` hold `word`. */
static bool
has_word(const char *words, const char *word)
{
	size_t length = strlen(word);
	while (*words != '\0') {
		size_t span = strcspn(words, " ");
		if (span == length && strncmp(words, word, length) == 0)
			return true;
		words += span;
		words += strspn(words, " ");
	}
	return false;
}

/* `--list [FLAG]`: the runs of every suite, or of those flagged FLAG. */
static int
list_runs(const char *flag)
{
	bool any = false;
	for (size_t i = 0; i < suite_count; i++) {
		if (flag != NULL && !has_word(suites[i].flags, flag))
			continue;
		any = true;
		const char *part = suites[i].parts;
		if (*part == '\0')
			printf("%s\n", suites[i].name);
		while (*part != '\0') {
			size_t span = strcspn(part, " ");
			printf("%s %.*s\n", suites[i].name, (int)span, part);
			part += span;
			part += strspn(part, " ");
		}
	}
	if (!any) {
		fprintf(stderr, "bench_tests: no suite is flagged '%s'\n", flag);
		return 2;
	}
	return fflush(stdout) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

int
main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--list") == 0) {
		if (argc > 3) {
			fprintf(stderr, "usage: bench_tests --list [FLAG]\n");
			return 2;
		}
		return list_runs(argc > 2 ? argv[2] : NULL);
	}
	const char *only = argc > 1 ? argv[1] : NULL;
	const char *only_case = argc > 2 ? argv[2] : NULL;
#if defined(__GLIBC__)
	/* The sweeps allocate and free the same large sizes millions of times;
	 * keeping freed memory in the process spares a page fault per page
	 * each time. Only the test process is tuned, never the benchmark. */
	mallopt(M_TRIM_THRESHOLD, 256 << 20);
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
#endif
	SRunner *runner = NULL;
	for (size_t i = 0; i < suite_count; i++) {
		if (only != NULL && strcmp(only, suites[i].name) != 0)
			continue;
		if (runner == NULL)
			runner = srunner_create(suites[i].make());
		else
			srunner_add_suite(runner, suites[i].make());
	}
	if (runner == NULL) {
		fprintf(stderr, "bench_tests: no suite named '%s'\n",
		        only != NULL ? only : "");
		return 2;
	}
	int left_out = cu_tests_left_out();
	if (left_out > 0)
		fprintf(stderr,
		        "bench_tests: %d tests need a little-endian host and "
		        "were left out\n",
		        left_out);
	srunner_run(runner, only, only_case, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
