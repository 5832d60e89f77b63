/*
 * test_glibc_pin.c - the check that glibc took the pin of its CPU features
 * (harness/tracking/glibc_pin.c, harness/README.md §5.4) on constructed ld.so
 * diagnostics (results_util.h): honoured, a feature left active, a name
 * glibc does not know, a threshold not taken, a tunable it cannot check;
 * `bench glibc-pin`, and read-callgrind's --glibc-diagnostics, which
 * records what the check saw or fails the read.
 */
#include "suites.h"

#include "exit_codes.h"
#include "glibc_pin.h"
#include "harness_util.h"
#include "instructions.h"
#include "results_util.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static void
expect_pin_refused(const char *tunables, const char *text, const char *words)
{
	char seen[BENCH_GLIBC_PIN_SEEN_MAX], why[1024];
	ck_assert_msg(!bench_glibc_pin_check(tunables, text, seen, sizeof seen,
	                                     why, sizeof why),
	              "%s was taken", tunables);
	ck_assert_msg(strstr(why, words) != NULL, "'%s' not in: %s", words, why);
	ck_assert_ptr_null(strchr(why, '\n'));
}

START_TEST(the_check_sees_whether_glibc_took_the_pin)
{
	char seen[BENCH_GLIBC_PIN_SEEN_MAX], why[1024];
	char *pinned = ru_diagnostics_text(RU_PINNED_ECX, RU_PINNED_EBX, "0x0",
	                                   "0x200000");
	ck_assert_msg(bench_glibc_pin_check(RU_PIN, pinned, seen, sizeof seen, why,
	                                    sizeof why),
	              "%s", why);
	ck_assert_ptr_nonnull(strstr(seen, "6 names masked"));
	ck_assert_ptr_nonnull(strstr(seen, "non_temporal_threshold 0x200000"));
	ck_assert_ptr_nonnull(strstr(seen, "cpuid 7 ebx 0x0"));
	ck_assert_ptr_null(strchr(seen, '\n'));

	/* AVX2 still active (0x328: BMI1, AVX2, BMI2, ERMS). */
	char *unmasked = ru_diagnostics_text(RU_PINNED_ECX, "0x328", "0x0",
	                                     "0x200000");
	expect_pin_refused(RU_PIN, unmasked, "did not honour -AVX2");
	/* A preference left on. */
	char *preferred = ru_diagnostics_text(RU_PINNED_ECX, RU_PINNED_EBX, "0x1",
	                                      "0x200000");
	expect_pin_refused(RU_PIN, preferred,
	                   "did not honour -AVX_Fast_Unaligned_Load");
	/* A threshold glibc did not take. */
	char *threshold = ru_diagnostics_text(RU_PINNED_ECX, RU_PINNED_EBX, "0x0",
	                                      "0x7f00000");
	expect_pin_refused(RU_PIN, threshold, "x86_non_temporal_threshold=0x200000");
	/* Names glibc 2.36 ignores: F16C stays active; an unknown one. */
	expect_pin_refused("glibc.cpu.hwcaps=-AVX2,-F16C", pinned,
	                   "did not honour -F16C");
	expect_pin_refused("glibc.cpu.hwcaps=-AVX2,-Fast_Everything", pinned,
	                   "knows no -Fast_Everything");
	expect_pin_refused("glibc.cpu.hwcaps=AVX2", pinned, "not a masked name");
	expect_pin_refused("glibc.malloc.tcache_count=0", pinned,
	                   "not a tunable this check can verify");
	expect_pin_refused("glibc.cpu.x86_rep_movsb_threshold=lots", pinned,
	                   "not a number");
	expect_pin_refused("", pinned, "no GLIBC_TUNABLES");
	/* Diagnostics of another architecture, or not diagnostics at all. */
	expect_pin_refused(RU_PIN, "hello\n", "diagnostics have no");
	free(pinned);
	free(unmasked);
	free(preferred);
	free(threshold);
}
END_TEST

START_TEST(glibc_pin_command_and_read_callgrind_record_the_check)
{
	ru_set_up_temp();
	char *pinned = ru_diagnostics_text(RU_PINNED_ECX, RU_PINNED_EBX, "0x0",
	                                   "0x200000");
	char *diagnostics = ru_write_temp("diagnostics.txt", pinned);
	struct bench_capture run = hu_run(ru_any_backend, 1, NULL, "glibc-pin",
	                                  "--tunables", RU_PIN, diagnostics, NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	ck_assert_uint_eq(hu_count_lines(run.out), 1);
	ck_assert_ptr_nonnull(strstr(run.out, "6 names masked"));
	hu_capture_free(&run);
	run = hu_run(ru_any_backend, 1, NULL, "glibc-pin", "--tunables",
	             "glibc.cpu.hwcaps=-F16C", diagnostics, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_FAILED);
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	ck_assert_ptr_nonnull(strstr(run.err, "-F16C"));
	hu_capture_free(&run);
	run = hu_run(ru_any_backend, 1, NULL, "glibc-pin", diagnostics, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_USAGE);
	hu_capture_free(&run);

	/* read-callgrind checks the run's own GLIBC_TUNABLES and records
	 * what the check saw. */
	char *probe = ru_write_dump("probe", BENCH_CALLGRIND_PROBE, "Ir", "0");
	char text[8192] = "";
	const char *names[] = {"tCreate5Int32/A", "tCreate5Int32/H",
	                       "tCreate5Int32/Floor", "tCreate50Int32/A",
	                       "tCreate50Int32/H", "tCreate50Int32/I"};
	for (int i = 0; i < 6; i++)
		ru_append_dump(text, sizeof text, i + 1, names[i], "Ir", "100");
	char *cells = ru_write_temp("cells", text);
	char *plain_run = ru_write_pending_run("plain.json");
	run = hu_run(ru_any_backend, 1, NULL, "read-callgrind", plain_run, probe,
	             cells, "--glibc-diagnostics", diagnostics, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_FAILED);
	ck_assert_ptr_nonnull(strstr(run.err, "no GLIBC_TUNABLES"));
	hu_capture_free(&run);
	json_error_t error;
	json_t *root = json_load_file(plain_run, 0, &error);
	ck_assert_ptr_nonnull(root);
	json_object_set_new(json_object_get(root, "context"), "glibc_tunables",
	                    json_string(RU_PIN));
	char *pinned_run = ru_write_document("pinned.json", root);
	run = hu_run(ru_any_backend, 1, NULL, "read-callgrind", pinned_run, probe,
	             cells, "--glibc-diagnostics", diagnostics, NULL);
	ck_assert_msg(run.status == 0, "exit %d: %s", run.status, run.err);
	root = ru_load_json(run.out);
	const char *seen = json_string_value(json_object_get(
		json_object_get(root, "context"), "glibc_pin"));
	ck_assert_ptr_nonnull(seen);
	ck_assert_ptr_nonnull(strstr(seen, "6 names masked"));
	json_decref(root);
	hu_capture_free(&run);
	/* A pin the diagnostics show not taken fails the read. */
	char *unmasked = ru_diagnostics_text(RU_PINNED_ECX, "0x328", "0x0",
	                                     "0x200000");
	char *bad = ru_write_temp("unmasked.txt", unmasked);
	run = hu_run(ru_any_backend, 1, NULL, "read-callgrind", pinned_run, probe,
	             cells, "--glibc-diagnostics", bad, NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_FAILED);
	ck_assert_ptr_nonnull(strstr(run.err, "-AVX2"));
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	hu_capture_free(&run);
	free(pinned);
	free(unmasked);
	free(diagnostics);
	free(bad);
	free(probe);
	free(cells);
	free(plain_run);
	free(pinned_run);
	ru_tear_down_temp();
}
END_TEST

Suite *
make_glibc_pin_suite(void)
{
	Suite *suite = suite_create("glibc_pin");
	TCase *tc = tcase_create("glibc_pin");
	tcase_add_test(tc, the_check_sees_whether_glibc_took_the_pin);
	tcase_add_test(tc, glibc_pin_command_and_read_callgrind_record_the_check);
	suite_add_tcase(suite, tc);
	return suite;
}
