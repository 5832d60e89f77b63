/*
 * run_tests.c - the one Check runner. `bench_tests` runs every suite;
 * `bench_tests NAME` runs one (ctest runs each suite as its own test).
 * CK_FORK=no in the environment runs in one process, for gdb and valgrind.
 */
#include "suites.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *name;
	Suite *(*make)(void);
} suites[] = {
	/* One line per suite; the name is the ctest name. */
	{"api", make_api_suite},
	{"conformance", make_conformance_suite},
	{"failures", make_failures_suite},
	{"mutation", make_mutation_suite},
	{"regressions", make_regressions_suite},
	{"codecs", make_codecs_suite},
	{"msgdump", make_msgdump_suite},
	{"message4", make_message4_suite},
	{"r5", make_r5_suite},
	{"message2", make_message2_suite},
	{"message3", make_message3_suite},
	{"harness_stats", make_harness_stats_suite},
	{"harness_options", make_harness_options_suite},
	{"harness_matrix", make_harness_matrix_suite},
	{"harness_run", make_harness_run_suite},
};

int
main(int argc, char **argv)
{
	const char *only = argc > 1 ? argv[1] : NULL;
	SRunner *runner = NULL;
	size_t count = sizeof suites / sizeof suites[0];
	for (size_t i = 0; i < count; i++) {
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
	srunner_run_all(runner, CK_NORMAL);
	int failed = srunner_ntests_failed(runner);
	srunner_free(runner);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
