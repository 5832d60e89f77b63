/*
 * fuzz_backend.c - libFuzzer target for one backend, built once per
 * registered backend with FUZZ_OPS naming its descriptor (see
 * tests/fuzz/CMakeLists.txt). Unflattens arbitrary bytes; when the backend
 * accepts them, reads every field and item, flattens, decodes and
 * unflattens again and checks that the content survives (tu_check_input).
 */
#include "bmsg.h"
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>

extern const struct bm_ops FUZZ_OPS;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Fuzzing a backend that promises nothing on bad input finds only that. */
int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if ((FUZZ_OPS.flags & BM_BACKEND_UNSAFE_ON_BAD_INPUT) != 0) {
		fprintf(stderr, "%s does not survive malformed input: no fuzz "
		        "target for it\n", FUZZ_OPS.name);
		exit(2);
	}
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bm_message *msg = NULL;
	if (bm_create(&FUZZ_OPS, 0, &msg) != BM_OK)
		abort();
	bool accepted;
	char why[512];
	if (!tu_check_input(msg, data, size, &accepted, why, sizeof why)) {
		fprintf(stderr, "%s: %s\n", FUZZ_OPS.name, why);
		abort();
	}
	bm_destroy(msg);
	return 0;
}
