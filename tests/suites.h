/*
 * suites.h - one make_<name>_suite() per test file test_<name>.c, for each
 * suite of tests/suites.list in this build (BENCH_SUITES, generated from
 * that list), collected by run_tests.c.
 */
#ifndef BM_SUITES_H
#define BM_SUITES_H

#include "suites_list.h"

#include <check.h>

#define BM_DECLARE_SUITE(name, flags, parts) Suite *make_##name##_suite(void);
BENCH_SUITES(BM_DECLARE_SUITE)
#undef BM_DECLARE_SUITE

#endif /* BM_SUITES_H */
