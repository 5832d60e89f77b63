/*
 * make_seeds.c - writes seed inputs for the fuzz targets: every registered
 * backend's flattened form of the benchmark's message shapes (one field of
 * N int32s or strings, N fields of one item) and of a message mixing types,
 * names and sizes. Usage: fuzz_seeds OUTDIR
 */
#include "bmsg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int
write_seed(const char *dir, const char *backend, const char *shape,
           bm_message *msg)
{
	size_t size;
	if (bm_flattened_size(msg, &size) != BM_OK)
		return -1;
	uint8_t *bytes = malloc(size);
	if (bytes == NULL || bm_flatten(msg, bytes, size) != BM_OK) {
		free(bytes);
		return -1;
	}
	char path[4096];
	snprintf(path, sizeof path, "%s/seed-%s-%s.msg", dir, backend, shape);
	FILE *file = fopen(path, "wb");
	int rc = file != NULL && fwrite(bytes, 1, size, file) == size ? 0 : -1;
	if (file != NULL && fclose(file) != 0)
		rc = -1;
	free(bytes);
	return rc;
}

static void
add_shape(bm_message *msg, const char *shape, int items)
{
	char text[32], name[32];
	for (int i = 0; i < items; i++) {
		snprintf(text, sizeof text, "item%d", i);
		snprintf(name, sizeof name, "data%d", i);
		if (strcmp(shape, "int32") == 0)
			bm_add_int32(msg, "data", i);
		else if (strcmp(shape, "string") == 0)
			bm_add_string(msg, "data", text);
		else if (strcmp(shape, "individual-int32") == 0)
			bm_add_int32(msg, name, i);
		else if (strcmp(shape, "individual-string") == 0)
			bm_add_string(msg, name, text);
	}
	if (strcmp(shape, "mixed") == 0) {
		bm_add_int32(msg, "int", -1);
		bm_add_string(msg, "empty", "");
		bm_add_data(msg, "raw", BM_TYPE('R', 'A', 'W', 'T'), "abc", 3, false);
		bm_add_data(msg, "raw", BM_TYPE('R', 'A', 'W', 'T'), "abcdefghi", 9,
		            false);
		bm_add_data(msg, "rect", BM_TYPE('R', 'E', 'C', 'T'),
		            "0123456789abcdef", 16, true);
		bm_add_data(msg, "big", BM_TYPE('R', 'A', 'W', 'T'), text, 1, false);
	}
}

int
main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: fuzz_seeds OUTDIR\n");
		return 2;
	}
	static const char *const shapes[] = {"int32", "string", "individual-int32",
	                                      "individual-string", "mixed"};
	size_t count;
	const struct bm_ops *const *backends = bm_backends(&count);
	for (size_t b = 0; b < count; b++) {
		for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
			bm_message *msg = NULL;
			if (bm_create(backends[b], 0x73656564u, &msg) != BM_OK)
				return 1;
			add_shape(msg, shapes[s], 5);
			int rc = write_seed(argv[1], backends[b]->name, shapes[s], msg);
			bm_destroy(msg);
			if (rc != 0) {
				fprintf(stderr, "fuzz_seeds: cannot write to %s\n", argv[1]);
				return 1;
			}
		}
	}
	return 0;
}
