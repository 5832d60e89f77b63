/*
 * glibc_pin.c - the check of the glibc pin (see glibc_pin.h).
 *
 * Where glibc 2.36 keeps each CPU feature it can mask: the word
 * features[index].active[register] of its cpu_features, as
 * sysdeps/x86/include/cpu-features.h lays them out (index 0: CPUID leaf 1,
 * 1: leaf 7, 2: leaf 0x80000001; registers 0 eax, 1 ebx, 2 ecx, 3 edx),
 * at the bit the CPUID instruction uses (Intel's Software Developer's
 * Manual, volume 2, CPUID; AMD's APM volume 3 for leaf 0x80000001). SSE3
 * and F16C are listed so that a pin naming them is caught: glibc 2.36
 * takes neither name, and leaves them active.
 */
#include "glibc_pin.h"

#include "exit_codes.h"
#include "say.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct feature {
	const char *name;
	unsigned index, reg, bit;
};

static const struct feature features[] = {
	{"SSE3", 0, 2, 0},       {"SSSE3", 0, 2, 9},     {"FMA", 0, 2, 12},
	{"SSE4_1", 0, 2, 19},    {"SSE4_2", 0, 2, 20},   {"MOVBE", 0, 2, 22},
	{"POPCNT", 0, 2, 23},    {"AVX", 0, 2, 28},      {"F16C", 0, 2, 29},
	{"BMI1", 1, 1, 3},       {"AVX2", 1, 1, 5},      {"BMI2", 1, 1, 8},
	{"ERMS", 1, 1, 9},       {"RTM", 1, 1, 11},      {"AVX512F", 1, 1, 16},
	{"AVX512DQ", 1, 1, 17},  {"AVX512PF", 1, 1, 26}, {"AVX512ER", 1, 1, 27},
	{"AVX512CD", 1, 1, 28},  {"AVX512BW", 1, 1, 30}, {"AVX512VL", 1, 1, 31},
	{"FSRM", 1, 3, 4},       {"LZCNT", 2, 2, 5},     {"FMA4", 2, 2, 16},
};

/* The tunables of values the diagnostics print, and their keys there. */
static const struct {
	const char *tunable;
	const char *key;
} values[] = {
	{"glibc.cpu.x86_non_temporal_threshold", "non_temporal_threshold"},
	{"glibc.cpu.x86_rep_movsb_threshold", "rep_movsb_threshold"},
	{"glibc.cpu.x86_rep_stosb_threshold", "rep_stosb_threshold"},
	{"glibc.cpu.x86_data_cache_size", "data_cache_size"},
	{"glibc.cpu.x86_shared_cache_size", "shared_cache_size"},
};

#define HWCAPS "glibc.cpu.hwcaps"
#define PREFIX "x86.cpu_features."


/* The value of "key=value" in the diagnostics, as a number; false when
 * the line is missing or is not a number. */
static bool
diagnostic(const char *text, const char *key, uint64_t *value)
{
	size_t length = strlen(key);
	for (const char *line = text; line != NULL && *line != '\0';) {
		if (strncmp(line, key, length) == 0 && line[length] == '=') {
			errno = 0;
			char *end;
			unsigned long long number = strtoull(line + length + 1, &end,
			                                     0);
			if (errno != 0 || end == line + length + 1 ||
			    (*end != '\n' && *end != '\0'))
				return false;
			*value = number;
			return true;
		}
		line = strchr(line, '\n');
		if (line != NULL)
			line++;
	}
	return false;
}

static const struct feature *
find_feature(const char *name, size_t length)
{
	for (size_t i = 0; i < sizeof features / sizeof features[0]; i++) {
		if (strlen(features[i].name) == length &&
		    strncmp(features[i].name, name, length) == 0)
			return &features[i];
	}
	return NULL;
}

/* One masked name of glibc.cpu.hwcaps: off at the end, or refused. */
static bool
check_name(const char *name, size_t length, const char *text,
           size_t *masked, char *why, size_t why_size)
{
	char key[160];
	uint64_t value;
	if (length == 0 || name[0] != '-')
		return bench_say(why, why_size, "%s: '%.*s' is not a masked name "
		              "(-NAME): the pin only takes features away",
		              HWCAPS, (int)length, name);
	name++;
	length--;
	const struct feature *feature = find_feature(name, length);
	if (feature != NULL) {
		snprintf(key, sizeof key, PREFIX "features[0x%x].active[0x%x]",
		         feature->index, feature->reg);
		if (!diagnostic(text, key, &value))
			return bench_say(why, why_size, "the diagnostics have no "
			              "%s (not glibc 2.33 or later on x86-64?)",
			              key);
		if (value & ((uint64_t)1 << feature->bit))
			return bench_say(why, why_size, "glibc did not honour -%s: "
			              "%s is still active (bit %u of %s)",
			              feature->name, feature->name, feature->bit,
			              key);
		(*masked)++;
		return true;
	}
	/* A preference: glibc prints every one it has by name. */
	snprintf(key, sizeof key, PREFIX "preferred.%.*s", (int)length, name);
	if (!diagnostic(text, key, &value))
		return bench_say(why, why_size, "glibc knows no -%.*s: neither a CPU "
		              "feature this check knows nor a preference the "
		              "diagnostics list (%s)", (int)length, name, key);
	if (value != 0)
		return bench_say(why, why_size, "glibc did not honour -%.*s: %s is "
		              "0x%llx", (int)length, name, key,
		              (unsigned long long)value);
	(*masked)++;
	return true;
}

/* One NAME=VALUE of GLIBC_TUNABLES. */
static bool
check_tunable(const char *item, size_t length, const char *text,
              size_t *masked, char *why, size_t why_size)
{
	const char *equals = memchr(item, '=', length);
	if (equals == NULL)
		return bench_say(why, why_size, "GLIBC_TUNABLES: '%.*s' is not "
		              "NAME=VALUE", (int)length, item);
	size_t name_length = (size_t)(equals - item);
	const char *value = equals + 1;
	size_t value_length = length - name_length - 1;
	if (name_length == strlen(HWCAPS) &&
	    strncmp(item, HWCAPS, name_length) == 0) {
		while (value_length > 0) {
			const char *comma = memchr(value, ',', value_length);
			size_t part = comma != NULL ? (size_t)(comma - value)
			                            : value_length;
			if (!check_name(value, part, text, masked, why, why_size))
				return false;
			value += part;
			value_length -= part;
			if (value_length > 0) {
				value++;
				value_length--;
			}
		}
		return true;
	}
	for (size_t v = 0; v < sizeof values / sizeof values[0]; v++) {
		if (strlen(values[v].tunable) != name_length ||
		    strncmp(item, values[v].tunable, name_length) != 0)
			continue;
		char number[32], key[96];
		if (value_length == 0 || value_length >= sizeof number)
			return bench_say(why, why_size, "%.*s: not a number",
			              (int)name_length, item);
		memcpy(number, value, value_length);
		number[value_length] = '\0';
		errno = 0;
		char *end;
		unsigned long long wanted = strtoull(number, &end, 0);
		if (errno != 0 || *end != '\0' || number[0] == '-')
			return bench_say(why, why_size, "%.*s: '%s' is not a number",
			              (int)name_length, item, number);
		snprintf(key, sizeof key, PREFIX "%s", values[v].key);
		uint64_t got;
		if (!diagnostic(text, key, &got))
			return bench_say(why, why_size, "the diagnostics have no %s",
			              key);
		if (got != wanted)
			return bench_say(why, why_size, "glibc did not honour "
			              "%s=%s: %s is 0x%llx", values[v].tunable,
			              number, key, (unsigned long long)got);
		return true;
	}
	return bench_say(why, why_size, "GLIBC_TUNABLES: %.*s is not a tunable "
	              "this check can verify (glibc ignores unknown ones "
	              "silently)", (int)name_length, item);
}

bool
bench_glibc_pin_check(const char *tunables, const char *diagnostics,
                      char *seen, size_t seen_size, char *why,
                      size_t why_size)
{
	if (tunables == NULL || tunables[0] == '\0')
		return bench_say(why, why_size, "no GLIBC_TUNABLES to check");
	size_t masked = 0;
	for (const char *item = tunables; *item != '\0';) {
		size_t length = strcspn(item, ":");
		if (!check_tunable(item, length, diagnostics, &masked, why,
		                   why_size))
			return false;
		item += length;
		if (*item == ':')
			item++;
	}
	/* What glibc ended with: the CPU it saw, the values that decide the
	 * copy paths, and the feature words left active. */
	uint64_t family = 0, model = 0, kind = 0;
	diagnostic(diagnostics, PREFIX "basic.kind", &kind);
	diagnostic(diagnostics, PREFIX "basic.family", &family);
	diagnostic(diagnostics, PREFIX "basic.model", &model);
	int used = snprintf(seen, seen_size, "%zu names masked and inactive "
	                    "on a CPU of kind %llu, family 0x%llx, model "
	                    "0x%llx;", masked, (unsigned long long)kind,
	                    (unsigned long long)family,
	                    (unsigned long long)model);
	for (size_t v = 0; v < sizeof values / sizeof values[0]; v++) {
		char key[96];
		uint64_t value;
		snprintf(key, sizeof key, PREFIX "%s", values[v].key);
		if (used >= 0 && (size_t)used < seen_size &&
		    diagnostic(diagnostics, key, &value))
			used += snprintf(seen + used, seen_size - (size_t)used,
			                 " %s 0x%llx", values[v].key,
			                 (unsigned long long)value);
	}
	static const struct {
		const char *label;
		unsigned index, reg;
	} words[] = {
		{"cpuid 1 ecx", 0, 2},  {"cpuid 1 edx", 0, 3},
		{"cpuid 7 ebx", 1, 1},  {"cpuid 7 ecx", 1, 2},
		{"cpuid 7 edx", 1, 3},  {"cpuid 0x80000001 ecx", 2, 2},
	};
	for (size_t w = 0; w < sizeof words / sizeof words[0]; w++) {
		char key[96];
		uint64_t value;
		snprintf(key, sizeof key, PREFIX "features[0x%x].active[0x%x]",
		         words[w].index, words[w].reg);
		if (used >= 0 && (size_t)used < seen_size &&
		    diagnostic(diagnostics, key, &value))
			used += snprintf(seen + used, seen_size - (size_t)used,
			                 "%s %s 0x%llx", w == 0 ? "; active:" : ",",
			                 words[w].label, (unsigned long long)value);
	}
	return true;
}

char *
bench_glibc_pin_read(const char *path, char *why, size_t why_size)
{
	FILE *file = fopen(path, "r");
	if (file == NULL) {
		bench_say(why, why_size, "%s: %s", path, strerror(errno));
		return NULL;
	}
	size_t size = 0, capacity = 1 << 14;
	char *text = malloc(capacity);
	while (text != NULL) {
		size_t got = fread(text + size, 1, capacity - size - 1, file);
		size += got;
		if (got == 0)
			break;
		if (size + 1 == capacity) {
			/* Diagnostics are a few KiB; more is not a diagnostics
			 * file. */
			if (capacity >= (1 << 22)) {
				free(text);
				fclose(file);
				bench_say(why, why_size, "%s: too large for ld.so "
				       "--list-diagnostics output", path);
				return NULL;
			}
			char *grown = realloc(text, capacity * 2);
			if (grown == NULL) {
				free(text);
				text = NULL;
				break;
			}
			text = grown;
			capacity *= 2;
		}
	}
	bool failed = ferror(file) != 0;
	fclose(file);
	if (text == NULL || failed) {
		free(text);
		bench_say(why, why_size, "%s: %s", path,
		       failed ? "cannot read" : "out of memory");
		return NULL;
	}
	text[size] = '\0';
	return text;
}

static const char usage[] =
	"usage: bench glibc-pin --tunables GLIBC_TUNABLES DIAGNOSTICS";

const char bench_glibc_pin_usage[] =
	"usage: bench glibc-pin --tunables GLIBC_TUNABLES DIAGNOSTICS\n"
	"\n"
	"Checks that glibc took the pin GLIBC_TUNABLES gives, from DIAGNOSTICS,\n"
	"what `ld-linux-x86-64.so.2 --list-diagnostics` printed under valgrind\n"
	"with it: every masked CPU feature clear and every copy threshold at\n"
	"its value. Prints what it saw, one line.\n"
	"\n"
	"  -h, --help  this text\n"
	"\n"
	"Exit status: 0 the pin took; 1 it did not, or DIAGNOSTICS is unusable;\n"
	"2 bad usage.\n";

int
bench_glibc_pin_main(const struct bench_program *program, int argc,
                     char **argv)
{
	const char *tunables = NULL, *path = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--tunables") == 0 && i + 1 < argc) {
			tunables = argv[++i];
		} else if (strncmp(argv[i], "--tunables=", 11) == 0) {
			tunables = argv[i] + 11;
		} else if (argv[i][0] == '-' || path != NULL) {
			fprintf(program->err, "bench glibc-pin: unexpected argument "
			        "'%s' (%s)\n", argv[i], usage);
			return BENCH_EXIT_USAGE;
		} else {
			path = argv[i];
		}
	}
	if (tunables == NULL || path == NULL) {
		fprintf(program->err, "bench glibc-pin: %s\n", usage);
		return BENCH_EXIT_USAGE;
	}
	char why[1024], seen[BENCH_GLIBC_PIN_SEEN_MAX];
	char *text = bench_glibc_pin_read(path, why, sizeof why);
	bool ok = text != NULL &&
	          bench_glibc_pin_check(tunables, text, seen, sizeof seen, why,
	                                sizeof why);
	free(text);
	if (!ok) {
		fprintf(program->err, "bench glibc-pin: %s\n", why);
		return BENCH_EXIT_FAILED;
	}
	fprintf(program->out, "%s\n", seen);
	return BENCH_EXIT_OK;
}
