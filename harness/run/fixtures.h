/*
 * fixtures.h - the flattened messages of tests/data/haiku/, built into the
 * program (harness/run/embed_fixtures.cmake), so that the real rows read them
 * wherever `bench` runs.
 */
#ifndef BENCH_FIXTURES_H
#define BENCH_FIXTURES_H

#include <stddef.h>

struct bench_fixture {
	const char *name;              /* "r5-haiku-splash_icons.msg" */
	const unsigned char *bytes;
	size_t size;
};

extern const struct bench_fixture bench_fixtures[];
extern const size_t bench_fixture_count;

#endif /* BENCH_FIXTURES_H */
