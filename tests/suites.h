/*
 * suites.h - one make_<module>_suite() per test file, collected by
 * run_tests.c.
 */
#ifndef BM_SUITES_H
#define BM_SUITES_H

#include <check.h>

Suite *make_api_suite(void);
Suite *make_conformance_suite(void);
Suite *make_failures_suite(void);
Suite *make_mutation_suite(void);
Suite *make_regressions_suite(void);
Suite *make_wire_r5_suite(void);
Suite *make_wire_swap_suite(void);
Suite *make_wire_hmf1_suite(void);
Suite *make_decode_suite(void);
Suite *make_msgdump_suite(void);
Suite *make_message4_suite(void);
Suite *make_r5_suite(void);
Suite *make_message2_suite(void);
Suite *make_message3_suite(void);
Suite *make_message1_suite(void);
Suite *make_harness_stats_suite(void);
Suite *make_harness_options_suite(void);
Suite *make_harness_matrix_suite(void);
Suite *make_harness_run_suite(void);
Suite *make_report_suite(void);
Suite *make_compare_suite(void);
Suite *make_read_callgrind_suite(void);
Suite *make_glibc_pin_suite(void);
Suite *make_instructions_suite(void);
Suite *make_gbench_suite(void);
/* Built only with the Haiku trees (BENCH_HAVE_ORIGINALS). */
Suite *make_originals_suite(void);

#endif /* BM_SUITES_H */
