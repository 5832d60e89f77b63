/*
 * test_harness_options.c - the command line of `bench`: defaults, every
 * option's accepted forms, bad values rejected with exit 2 and a one-line
 * reason, the listings, and which runs count as the canonical one.
 */
#include "suites.h"

#include "cli.h"
#include "harness_backends.h"
#include "harness_util.h"
#include "options.h"

#include <stdlib.h>
#include <string.h>

static const struct bm_ops *const test_backends[] = {
	&bench_test_plain_ops,
	&bench_test_broken_ops,
};
/* The parser takes their names, as the options' own check does. */
static const char *const test_backend_names[] = {"Plain", "Broken"};
#define TEST_BACKEND_COUNT 2

/* Strings handed to the parser, freed when the test ends. */
static char *remembered[256];
static size_t remembered_count;

static void
remember(char *text)
{
	if (remembered_count < sizeof remembered / sizeof remembered[0])
		remembered[remembered_count++] = text;
	else
		free(text);
}

static void
forget_all(void)
{
	for (size_t i = 0; i < remembered_count; i++)
		free(remembered[i]);
	remembered_count = 0;
}

/* Parses a NULL-terminated argument list (program name first). */
static int
parse(struct bench_options *options, char *why, size_t why_size,
      const char *const *args)
{
	char *argv[32];
	int argc = 0;
	while (args[argc] != NULL && argc < 31) {
		argv[argc] = hu_copy(args[argc]);
		argc++;
	}
	argv[argc] = NULL;
	int status = bench_options_parse(options, argc, argv, test_backend_names,
	                                 TEST_BACKEND_COUNT, why, why_size);
	/* The options keep pointers into argv (--filter, --out): the copies
	 * live as long as the test. */
	for (int i = 0; i < argc; i++)
		remember(argv[i]);
	return status;
}

START_TEST(all_alone_uses_the_defaults_and_is_the_canonical_run)
{
	struct bench_options options;
	char why[256];
	const char *args[] = {"bench", "--all", NULL};
	ck_assert_int_eq(parse(&options, why, sizeof why, args), 0);
	ck_assert(options.all);
	ck_assert_uint_eq(options.repetitions, 15);
	ck_assert_double_eq(options.min_time_ms, 1.0);
	ck_assert_uint_eq(options.seed, BENCH_DEFAULT_SEED);
	ck_assert_uint_eq(options.size_count, 4);
	ck_assert_uint_eq(options.sizes[0], 5);
	ck_assert_uint_eq(options.sizes[3], 5000);
	ck_assert_int_eq(options.format, BENCH_FORMAT_MD);
	ck_assert_int_eq(options.unit, BENCH_UNIT_NS);
	ck_assert_ptr_null(options.out_path);
	ck_assert(!options.has_filter);
	ck_assert(options.backend_selected[0] && options.backend_selected[1]);
	ck_assert(bench_options_canonical(&options));
	bench_options_free(&options);
}
END_TEST

START_TEST(values_are_parsed_in_both_forms)
{
	struct bench_options options;
	char why[256];
	const char *args[] = {"bench", "--filter=^tRead", "--backends",
	                      "Broken", "--sizes", "5000,5,50000",
	                      "--repetitions=7", "--min-time", "0.25",
	                      "--seed", "42", "--format", "json",
	                      "--out=/tmp/x.json", "--unit", "us",
	                      "--progress", NULL};
	ck_assert_int_eq(parse(&options, why, sizeof why, args), 0);
	ck_assert(options.has_filter);
	ck_assert(bench_options_match(&options, "tRead5Int32"));
	ck_assert(!bench_options_match(&options, "tCreate5Int32"));
	ck_assert(!options.backend_selected[0]);
	ck_assert(options.backend_selected[1]);
	/* Sizes are sorted so that tests come in 2005 order. */
	ck_assert_uint_eq(options.size_count, 3);
	ck_assert_uint_eq(options.sizes[0], 5);
	ck_assert_uint_eq(options.sizes[1], 5000);
	ck_assert_uint_eq(options.sizes[2], 50000);
	ck_assert_uint_eq(options.repetitions, 7);
	ck_assert_double_eq(options.min_time_ms, 0.25);
	ck_assert_uint_eq(options.seed, 42);
	ck_assert_int_eq(options.format, BENCH_FORMAT_JSON);
	ck_assert_str_eq(options.out_path, "/tmp/x.json");
	ck_assert_int_eq(options.unit, BENCH_UNIT_US);
	ck_assert(options.progress);
	ck_assert(!bench_options_canonical(&options));
	ck_assert_uint_eq(options.jobs, 0); /* one per usable CPU */
	bench_options_free(&options);
	const char *counted[] = {"bench", "--all", "--measure=instructions",
	                         "--jobs=64", NULL};
	ck_assert_int_eq(parse(&options, why, sizeof why, counted), 0);
	ck_assert_uint_eq(options.jobs, 64);
	bench_options_free(&options);
}
END_TEST

START_TEST(quick_shortens_unless_told_otherwise)
{
	struct bench_options options;
	char why[256];
	const char *quick[] = {"bench", "--all", "--quick", NULL};
	ck_assert_int_eq(parse(&options, why, sizeof why, quick), 0);
	ck_assert_uint_eq(options.repetitions, BENCH_QUICK_REPETITIONS);
	ck_assert_double_eq(options.min_time_ms, BENCH_QUICK_MIN_TIME_MS);
	ck_assert(!bench_options_canonical(&options));
	bench_options_free(&options);
	/* Explicit values win, in either order. */
	const char *told[] = {"bench", "--repetitions", "9", "--all",
	                      "--quick", "--min-time", "2", NULL};
	ck_assert_int_eq(parse(&options, why, sizeof why, told), 0);
	ck_assert_uint_eq(options.repetitions, 9);
	ck_assert_double_eq(options.min_time_ms, 2.0);
	bench_options_free(&options);
}
END_TEST

START_TEST(only_default_measurement_options_are_canonical)
{
	static const struct {
		const char *args[10];
		bool canonical;
	} cases[] = {
		{{"bench", "--all", NULL}, true},
		/* What is printed, and where, does not matter. */
		{{"bench", "--all", "--format", "csv", "--unit", "us", NULL}, true},
		{{"bench", "--all", "--progress", NULL}, true},
		/* Defaults given explicitly are still the defaults. */
		{{"bench", "--all", "--sizes", "5000,500,50,5", NULL}, true},
		{{"bench", "--all", "--backends", "Broken,Plain", NULL}, true},
		/* Backend names are taken in any case. */
		{{"bench", "--all", "--backends", "plain,BROKEN", NULL}, true},
		{{"bench", "--all", "--repetitions", "15", "--seed", "2005",
		  "--min-time", "1", NULL}, true},
		/* Anything that changes the measurement is another run. */
		{{"bench", "--all", "--quick", NULL}, false},
		{{"bench", "--all", "--filter", ".", NULL}, false},
		{{"bench", "--filter", ".", NULL}, false},
		{{"bench", "--all", "--backends", "Plain", NULL}, false},
		{{"bench", "--all", "--sizes", "5,50,500", NULL}, false},
		{{"bench", "--all", "--sizes", "5,50,500,5000,50000", NULL}, false},
		{{"bench", "--all", "--repetitions", "16", NULL}, false},
		{{"bench", "--all", "--min-time", "1.5", NULL}, false},
		{{"bench", "--all", "--seed", "1", NULL}, false},
		/* A run given --out writes that file only. */
		{{"bench", "--all", "--out", "x.md", NULL}, false},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct bench_options options;
		char why[256];
		ck_assert_int_eq(parse(&options, why, sizeof why, cases[i].args),
		                 0);
		ck_assert_msg(bench_options_canonical(&options) ==
		                      cases[i].canonical,
		              "case %zu", i);
		bench_options_free(&options);
	}
}
END_TEST

/* Every one of these is bad usage: exit 2, one line on stderr, nothing on
 * stdout. */
static const char *const bad_usage[][6] = {
	{NULL},                                     /* nothing to do */
	{"--sizes", "5", NULL},                     /* still nothing to do */
	{"--bogus", NULL},
	{"--all", "extra", NULL},
	{"--all=yes", NULL},
	{"--all", "--filter", NULL},                /* missing value */
	{"--all", "--repetitions", "0", NULL},
	{"--all", "--repetitions", "-1", NULL},
	{"--all", "--repetitions", "1001", NULL},
	{"--all", "--repetitions", "3x", NULL},
	{"--all", "--repetitions", "", NULL},
	{"--all", "--repetitions", " 3", NULL},
	{"--all", "--min-time", "0", NULL},
	{"--all", "--min-time", "-1", NULL},
	{"--all", "--min-time", "nan", NULL},
	{"--all", "--min-time", "inf", NULL},
	{"--all", "--min-time", "1ms", NULL},
	{"--all", "--min-time", "10001", NULL},
	{"--all", "--seed", "-1", NULL},
	{"--all", "--seed", "1.5", NULL},
	{"--all", "--seed", "9007199254740992", NULL},
	{"--all", "--sizes", "0", NULL},
	{"--all", "--sizes", "5,,50", NULL},
	{"--all", "--sizes", "5,50,", NULL},
	{"--all", "--sizes", "5,5", NULL},
	{"--all", "--sizes", "1000001", NULL},
	{"--all", "--sizes", "", NULL},
	{"--all", "--sizes", "five", NULL},
	{"--all", "--sizes", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17", NULL},
	{"--all", "--format", "xml", NULL},
	{"--all", "--format", "", NULL},
	{"--all", "--unit", "ms", NULL},
	{"--all", "--backends", "Nope", NULL},
	{"--all", "--backends", "Plain,Plain", NULL},
	{"--all", "--backends", "", NULL},
	{"--all", "--backends", "plain,PLAIN", NULL}, /* twice, in any case */
	{"--filter", "(", NULL},
	{"--filter", "NoSuchTest", NULL},           /* matches nothing */
	{"--list-tests", "--filter", "NoSuchTest", NULL}, /* as a run does */
	{"--all", "--out", "", NULL},
	/* An --out the run could not write, refused before it starts. */
	{"--all", "--out", "/", NULL},
	{"--all", "--out", "/no/such/folder/run.md", NULL},
	/* A --format its extension contradicts. */
	{"--all", "--format", "md", "--out", "/tmp/run.json", NULL},
	{"--all", "--out", "/tmp/run.csv", "--format", "json", NULL},
	{"--all", "--format", "text", "--out", "/tmp/run.md", NULL},
	{"--all", "--format", "gbench", "--out", "/tmp/run.CSV", NULL},
	{"--all", "--measure", "instructions", "--out", "/tmp/run.md", NULL},
	/* --jobs: counted cells only, 1 to 64. */
	{"--all", "--jobs", "2", NULL},
	{"--all", "--measure", "instructions", "--jobs", "0", NULL},
	{"--all", "--measure", "instructions", "--jobs", "65", NULL},
	{"--all", "--measure", "instructions", "--jobs", "two", NULL},
};

START_TEST(bad_usage_exits_2_with_one_line)
{
	const char *const *extra = bad_usage[_i];
	const char *args[8] = {NULL};
	for (size_t k = 0; extra[k] != NULL; k++)
		args[k] = extra[k];
	struct bench_capture run = hu_run(test_backends, TEST_BACKEND_COUNT,
	                                  NULL, args[0], args[1], args[2],
	                                  args[3], args[4], args[5], NULL);
	ck_assert_msg(run.status == BENCH_EXIT_USAGE,
	              "case %d: exit %d, stderr: %s", _i, run.status, run.err);
	ck_assert_str_eq(run.out, "");
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	ck_assert_msg(strncmp(run.err, "bench: ", 7) == 0 && strlen(run.err) > 12,
	              "case %d: %s", _i, run.err);
	hu_capture_free(&run);
}
END_TEST

/* The format an --out name implies when --format is not given, and the
 * --format each fits. */
static const struct {
	const char *format; /* NULL: not given */
	const char *out;
	enum bench_format expected;
} named_formats[] = {
	{NULL, "/tmp/run.json", BENCH_FORMAT_JSON},
	{NULL, "/tmp/run.JSON", BENCH_FORMAT_JSON},
	{NULL, "/tmp/run.csv", BENCH_FORMAT_CSV},
	{NULL, "/tmp/run.md", BENCH_FORMAT_MD},
	{NULL, "/tmp/run.txt", BENCH_FORMAT_TEXT},
	{NULL, "/tmp/run.dat", BENCH_FORMAT_MD},
	{NULL, "/tmp/run", BENCH_FORMAT_MD},
	{NULL, "/tmp/run.d/table", BENCH_FORMAT_MD},
	{NULL, "/dev/null", BENCH_FORMAT_MD},
	{NULL, "/dev/stdout", BENCH_FORMAT_MD},
	{"gbench", "/tmp/run.json", BENCH_FORMAT_GBENCH},
	{"json", "/tmp/run.json", BENCH_FORMAT_JSON},
	{"csv", "/tmp/run.dat", BENCH_FORMAT_CSV},
	{"text", "/dev/stdout", BENCH_FORMAT_TEXT},
};

START_TEST(the_out_name_gives_the_format)
{
	struct bench_options options;
	char why[256];
	const char *args[] = {"bench", "--all", "--out", named_formats[_i].out,
	                      "--format", named_formats[_i].format, NULL};
	if (named_formats[_i].format == NULL)
		args[4] = NULL;
	ck_assert_msg(parse(&options, why, sizeof why, args) == 0, "%s", why);
	ck_assert_int_eq(options.format, named_formats[_i].expected);
	bench_options_free(&options);
}
END_TEST

/* -h and --help anywhere: the usage on stdout, exit 0, nothing else. */
START_TEST(help_wins_over_everything)
{
	static const char *const asks[][4] = {
		{"--help", NULL},
		{"-h", NULL},
		{"--all", "--out", "/no/such/folder/x.md", "-h"},
		{"--bogus", "--help", NULL},
	};
	for (size_t i = 0; i < sizeof asks / sizeof asks[0]; i++) {
		struct bench_capture run = hu_run(
			test_backends, TEST_BACKEND_COUNT, NULL, asks[i][0],
			asks[i][1], asks[i][2], asks[i][3], NULL);
		ck_assert_msg(run.status == 0, "case %zu: exit %d: %s", i,
		              run.status, run.err);
		ck_assert_ptr_nonnull(strstr(run.out, "--min-time MS"));
		ck_assert_ptr_nonnull(strstr(run.out, "Exit status"));
		ck_assert_str_eq(run.err, "");
		hu_capture_free(&run);
	}
}
END_TEST

/* Every subcommand of the program's table, whatever it is: its usage for
 * -h and --help, exit 0, nothing on stderr, and its line in bench --help. */
START_TEST(every_subcommand_answers_help)
{
	size_t count;
	const struct bench_subcommand *table = bench_subcommands(&count);
	ck_assert_uint_ge(count, 4);
	struct bench_capture help = hu_run(test_backends, TEST_BACKEND_COUNT,
	                                   NULL, "--help", NULL);
	for (size_t i = 0; i < count; i++) {
		char usage[64], listed[64];
		snprintf(usage, sizeof usage, "usage: bench %s ", table[i].name);
		snprintf(listed, sizeof listed, "\n  %s ", table[i].name);
		ck_assert_msg(strstr(help.out, listed) != NULL,
		              "bench --help does not list %s", table[i].name);
		static const char *const flags[][3] = {
			{"-h", NULL}, {"--help", NULL}, {"no-such-file", "-h"}};
		for (size_t f = 0; f < 3; f++) {
			struct bench_capture run =
				hu_run(test_backends, TEST_BACKEND_COUNT, NULL,
				       table[i].name, flags[f][0], flags[f][1],
				       NULL);
			ck_assert_msg(run.status == 0, "%s %s: exit %d: %s",
			              table[i].name, flags[f][0], run.status,
			              run.err);
			ck_assert_msg(strncmp(run.out, usage, strlen(usage)) == 0,
			              "%s --help: %s", table[i].name, run.out);
			ck_assert_str_eq(run.err, "");
			hu_capture_free(&run);
		}
	}
	hu_capture_free(&help);
}
END_TEST

START_TEST(help_list_and_list_tests)
{
	struct bench_capture run;

	/* One line per backend and nothing else (harness/README.md §7). */
	run = hu_run(test_backends, TEST_BACKEND_COUNT, NULL, "--list", NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_str_eq(run.out,
	                 "Plain\treference\tFOB1\ttest-only: field array, item "
	                 "copies, linear lookup, FOB1\n"
	                 "Broken\thaiku\tFOB1\ttest-only: Plain whose Flatten "
	                 "corrupts string items\n");
	ck_assert_str_eq(run.err, "");
	hu_capture_free(&run);

	run = hu_run(test_backends, TEST_BACKEND_COUNT, NULL, "--list-tests",
	             NULL);
	ck_assert_int_eq(run.status, 0);
	/* The 52 tests of 2005, then the 16 validated Unflattens and the 26
	 * real rows. */
	ck_assert_uint_eq(hu_count_lines(run.out), 94);
	ck_assert_ptr_nonnull(strstr(run.out, "\ntSendMouseMoved\n"));
	ck_assert_ptr_nonnull(strstr(run.out, "\ntSaveNetSurfIcon\n"));
	ck_assert_int_eq(strncmp(run.out, "tCreate5Int32\ntCreate50Int32\n", 29),
	                 0);
	ck_assert_ptr_nonnull(
		strstr(run.out, "\ntUnflattenIndividual5000String\n"
		                "tUnflattenValidated5Int32\n"));
	ck_assert_ptr_nonnull(
		strstr(run.out, "\ntUnflattenIndividualValidated5000String\n"));
	hu_capture_free(&run);

	/* The listing follows --sizes and --filter. */
	run = hu_run(test_backends, TEST_BACKEND_COUNT, NULL, "--list-tests",
	             "--sizes", "50000,5", "--filter", "^tLookup", NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_str_eq(run.out, "tLookup5Int32\ntLookup50000Int32\n");
	hu_capture_free(&run);

	/* --filter selects the real rows by name; --sizes leaves them be. */
	run = hu_run(test_backends, TEST_BACKEND_COUNT, NULL, "--list-tests",
	             "--sizes", "7", "--filter", "^tLoad|^tSendKeyDown$", NULL);
	ck_assert_int_eq(run.status, 0);
	ck_assert_str_eq(run.out, "tSendKeyDown\ntLoadSplashIcons\n"
	                          "tLoadWebsiteLogin\ntLoadShortcutsSettings\n"
	                          "tLoadMailNewIcon\ntLoadNetSurfIcon\n");
	hu_capture_free(&run);
}
END_TEST

START_TEST(a_broken_descriptor_is_named_before_anything_runs)
{
	struct bm_ops missing_slot = bench_test_plain_ops;
	missing_slot.name = "Holey";
	missing_slot.find_data = NULL;
	const struct bm_ops *const with_hole[] = {&bench_test_plain_ops,
	                                          &missing_slot};
	struct bench_capture run = hu_run(with_hole, 2, NULL, "--list", NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_FAILED);
	ck_assert_str_eq(run.out, "");
	ck_assert_ptr_nonnull(strstr(run.err, "Holey"));
	hu_capture_free(&run);

	const struct bm_ops *const twice[] = {&bench_test_plain_ops,
	                                      &bench_test_plain_ops};
	run = hu_run(twice, 2, NULL, "--list", NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_FAILED);
	ck_assert_ptr_nonnull(strstr(run.err, "Plain"));
	hu_capture_free(&run);
}
END_TEST

START_TEST(no_backend_to_run_is_bad_usage)
{
	struct bench_capture run = hu_run(test_backends, 0, NULL, "--all", NULL);
	ck_assert_int_eq(run.status, BENCH_EXIT_USAGE);
	ck_assert_uint_eq(hu_count_lines(run.err), 1);
	hu_capture_free(&run);
}
END_TEST

Suite *
make_harness_options_suite(void)
{
	Suite *suite = suite_create("harness_options");
	TCase *tc = tcase_create("harness_options");
	tcase_add_checked_fixture(tc, NULL, forget_all);
	tcase_add_test(tc, all_alone_uses_the_defaults_and_is_the_canonical_run);
	tcase_add_test(tc, values_are_parsed_in_both_forms);
	tcase_add_test(tc, quick_shortens_unless_told_otherwise);
	tcase_add_test(tc, only_default_measurement_options_are_canonical);
	tcase_add_loop_test(tc, bad_usage_exits_2_with_one_line, 0,
	                    (int)(sizeof bad_usage / sizeof bad_usage[0]));
	tcase_add_loop_test(tc, the_out_name_gives_the_format, 0,
	                    sizeof named_formats / sizeof named_formats[0]);
	tcase_add_test(tc, help_wins_over_everything);
	tcase_add_test(tc, every_subcommand_answers_help);
	tcase_add_test(tc, help_list_and_list_tests);
	tcase_add_test(tc, a_broken_descriptor_is_named_before_anything_runs);
	tcase_add_test(tc, no_backend_to_run_is_bad_usage);
	suite_add_tcase(suite, tc);
	return suite;
}
