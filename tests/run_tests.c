/*
 * run_tests.c - the one Check runner. `bench_tests` runs every suite;
 * `bench_tests SUITE [TCASE]` runs one suite, or one test case of it
 * (ctest runs each suite, or each part of a long one, as its own test).
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
	{"wire_r5", make_wire_r5_suite},
	{"wire_swap", make_wire_swap_suite},
	{"wire_hmf1", make_wire_hmf1_suite},
	{"decode", make_decode_suite},
	{"msgdump", make_msgdump_suite},
	{"message4", make_message4_suite},
	{"r5", make_r5_suite},
	{"message2", make_message2_suite},
	{"message3", make_message3_suite},
	{"message1", make_message1_suite},
	{"harness_stats", make_harness_stats_suite},
	{"harness_options", make_harness_options_suite},
	{"harness_matrix", make_harness_matrix_suite},
	{"harness_run", make_harness_run_suite},
	{"report", make_report_suite},
	{"compare", make_compare_suite},
	{"read_callgrind", make_read_callgrind_suite},
	{"glibc_pin", make_glibc_pin_suite},
	{"instructions", make_instructions_suite},
	{"gbench", make_gbench_suite},
#ifdef BENCH_HAVE_ORIGINALS
	{"originals", make_originals_suite},
#endif
};

int
main(int argc, char **argv)
{
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
