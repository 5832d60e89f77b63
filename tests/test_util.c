/*
 * test_util.c - see test_util.h.
 */
#include "test_util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint8_t *
tu_read_file(const char *path, size_t *size)
{
	FILE *file = fopen(path, "rb");
	if (file == NULL)
		return NULL;
	uint8_t *bytes = NULL;
	long length;
	if (fseek(file, 0, SEEK_END) != 0 || (length = ftell(file)) < 0 ||
	    fseek(file, 0, SEEK_SET) != 0)
		goto done;
	/* One spare byte so that empty files still get a buffer. */
	bytes = malloc((size_t)length + 1);
	if (bytes == NULL)
		goto done;
	if (fread(bytes, 1, (size_t)length, file) != (size_t)length) {
		free(bytes);
		bytes = NULL;
		goto done;
	}
	*size = (size_t)length;
done:
	fclose(file);
	return bytes;
}

char *
tu_data_path(char *out, size_t out_size, const char *relative)
{
	snprintf(out, out_size, "%s/%s", BENCH_TESTDATA_DIR, relative);
	return out;
}

static int
compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

size_t
tu_list_fixtures(char ***names)
{
	char dir_path[4096];
	tu_data_path(dir_path, sizeof dir_path, "haiku");
	DIR *dir = opendir(dir_path);
	size_t count = 0, capacity = 0;
	*names = NULL;
	if (dir == NULL)
		return 0;
	struct dirent *entry;
	while ((entry = readdir(dir)) != NULL) {
		size_t len = strlen(entry->d_name);
		if (len <= 4 || strcmp(entry->d_name + len - 4, ".msg") != 0)
			continue;
		if (count == capacity) {
			capacity = capacity ? capacity * 2 : 16;
			char **grown = realloc(*names, capacity * sizeof *grown);
			if (grown == NULL)
				break;
			*names = grown;
		}
		char *name = malloc(len - 3);
		if (name == NULL)
			break;
		memcpy(name, entry->d_name, len - 4);
		name[len - 4] = '\0';
		(*names)[count++] = name;
	}
	closedir(dir);
	if (count > 0)
		qsort(*names, count, sizeof **names, compare_names);
	return count;
}

void
tu_free_names(char **names, size_t count)
{
	for (size_t i = 0; i < count; i++)
		free(names[i]);
	free(names);
}

uint8_t *
tu_read_fixture(const char *name, const char *extension, size_t *size)
{
	char relative[1024], path[4096];
	snprintf(relative, sizeof relative, "haiku/%s%s", name, extension);
	return tu_read_file(tu_data_path(path, sizeof path, relative), size);
}

bool
tu_host_is_little_endian(void)
{
	const uint16_t probe = 1;
	uint8_t first;
	memcpy(&first, &probe, 1);
	return first == 1;
}
