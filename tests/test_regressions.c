/*
 * test_regressions.c - replays every input under tests/fuzz/regressions/
 * (crashes found by fuzzing, and hand-made hostile inputs) through every
 * backend with the fuzz targets' own check (tu_check_input). Inputs named
 * accept-* must be accepted and reject-* refused (or, by a backend that
 * checks on read, read safely); others (crashes found by fuzzing) may go
 * either way. The test fails when the folder holds no
 * input, so an emptied corpus cannot pass.
 */
#include "suites.h"

#include "bmsg.h"
#include "check_util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

START_TEST(every_regression_input_is_handled)
{
	const struct bm_ops *ops = cu_in(CU_BAD_INPUT, _i);
	DIR *dir = opendir(BENCH_REGRESSIONS_DIR);
	ck_assert_msg(dir != NULL, "cannot open %s", BENCH_REGRESSIONS_DIR);
	size_t inputs = 0;
	struct dirent *entry;
	while ((entry = readdir(dir)) != NULL) {
		const char *name = entry->d_name;
		if (name[0] == '.' || strcmp(name, "README.md") == 0)
			continue;
		char path[4096];
		snprintf(path, sizeof path, "%s/%s", BENCH_REGRESSIONS_DIR, name);
		size_t size;
		uint8_t *bytes = cu_read_file(path, &size);
		/* An exact-size copy, so that over-reads are caught. */
		uint8_t *exact = cu_copy(bytes, size);
		bm_message *msg = cu_new_message(ops, 0);
		bool accepted;
		char why[512] = "";
		ck_assert_msg(tu_check_input(msg, exact, size, &accepted, why,
		                             sizeof why),
		              "%s on %s: %s", ops->name, name, why);
		/* A backend whose names are UTF-8 refuses a valid message with
		 * a name in other bytes (accept-hmf1-chains.bin has one). */
		if (strncmp(name, "accept-", 7) == 0 &&
		    ((ops->flags & BM_BACKEND_UTF8_NAMES) == 0 ||
		     strcmp(name, "accept-hmf1-chains.bin") != 0))
			ck_assert_msg(accepted, "%s refused %s", ops->name, name);
		/* A backend that checks items where its reads reach them may
		 * accept what the full checker refuses (a field in the wrong
		 * bucket, an item past its field): tu_check_input has then
		 * read every field and item of it safely. */
		if (strncmp(name, "reject-", 7) == 0 &&
		    (ops->flags & BM_BACKEND_CHECKS_ON_READ) == 0)
			ck_assert_msg(!accepted, "%s accepted %s", ops->name, name);
		bm_destroy(msg);
		free(exact);
		free(bytes);
		inputs++;
	}
	closedir(dir);
	ck_assert_msg(inputs > 0, "no regression inputs in %s",
	              BENCH_REGRESSIONS_DIR);
}
END_TEST

Suite *
make_regressions_suite(void)
{
	Suite *suite = suite_create("regressions");
	TCase *tc = tcase_create("regressions");
	tcase_add_loop_test(tc, every_regression_input_is_handled, 0,
	                    cu_count(CU_BAD_INPUT));
	suite_add_tcase(suite, tc);
	return suite;
}
