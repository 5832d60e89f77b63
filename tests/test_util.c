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

/* --- Message content ------------------------------------------------------- */

static struct tu_field *
content_add_field(struct tu_content *content, const char *name,
                  size_t name_len, bm_type_code type, bool fixed_size)
{
	struct tu_field *grown =
		realloc(content->fields, (content->count + 1) * sizeof *grown);
	if (grown == NULL)
		return NULL;
	content->fields = grown;
	struct tu_field *field = &grown[content->count++];
	memset(field, 0, sizeof *field);
	memcpy(field->name, name, name_len);
	field->name_len = name_len;
	field->type = type;
	field->fixed_size = fixed_size;
	return field;
}

static int
field_add_item(struct tu_field *field, const void *data, size_t size)
{
	uint8_t **items = realloc(field->items, (field->count + 1) * sizeof *items);
	if (items == NULL)
		return BM_NO_MEMORY;
	field->items = items;
	size_t *sizes = realloc(field->sizes, (field->count + 1) * sizeof *sizes);
	if (sizes == NULL)
		return BM_NO_MEMORY;
	field->sizes = sizes;
	uint8_t *copy = malloc(size ? size : 1);
	if (copy == NULL)
		return BM_NO_MEMORY;
	memcpy(copy, data, size);
	items[field->count] = copy;
	sizes[field->count] = size;
	field->count++;
	return BM_OK;
}

void
tu_content_free(struct tu_content *content)
{
	for (size_t i = 0; i < content->count; i++) {
		struct tu_field *field = &content->fields[i];
		for (size_t j = 0; j < field->count; j++)
			free(field->items[j]);
		free(field->items);
		free(field->sizes);
	}
	free(content->fields);
	memset(content, 0, sizeof *content);
}

int
tu_content_from_message(const bm_message *msg, struct tu_content *content)
{
	int rc = BM_OK;
	memset(content, 0, sizeof *content);
	content->what = msg->what;
	int32_t fields = bm_count_fields(msg);
	for (int32_t i = 0; i < fields && rc == BM_OK; i++) {
		struct bm_field_info info;
		rc = bm_field_at(msg, i, &info);
		if (rc != BM_OK)
			break;
		struct tu_field *field = content_add_field(
			content, info.name, info.name_len, info.type, info.fixed_size);
		if (field == NULL) {
			rc = BM_NO_MEMORY;
			break;
		}
		for (int32_t j = 0; j < info.count && rc == BM_OK; j++) {
			const void *data;
			size_t size;
			rc = bm_find_data(msg, field->name, info.type, j, &data, &size);
			if (rc == BM_OK)
				rc = field_add_item(field, data, size);
		}
	}
	if (rc != BM_OK)
		tu_content_free(content);
	return rc;
}

static int
sink_begin(void *ctx, enum bm_format format, uint32_t what)
{
	struct tu_content *content = ctx;
	(void)format;
	content->what = what;
	return BM_OK;
}

static int
sink_field(void *ctx, const char *name, size_t name_len, bm_type_code type,
           bool fixed_size, int32_t count)
{
	(void)count;
	return content_add_field(ctx, name, name_len, type, fixed_size) != NULL
	               ? BM_OK
	               : BM_NO_MEMORY;
}

static int
sink_item(void *ctx, const void *data, size_t size)
{
	struct tu_content *content = ctx;
	return field_add_item(&content->fields[content->count - 1], data, size);
}

int
tu_content_from_bytes(const void *data, size_t size, struct tu_content *content)
{
	memset(content, 0, sizeof *content);
	const struct bm_decode_sink sink = {
		.begin = sink_begin,
		.field = sink_field,
		.item = sink_item,
		.ctx = content,
	};
	int rc = bm_decode(data, size, &sink);
	if (rc != BM_OK)
		tu_content_free(content);
	return rc;
}

int
tu_content_from_flat(const struct bm_ops *writer, const void *data,
                     size_t size, struct tu_content *content)
{
	if (!bm_backend_reads_back(writer))
		return tu_content_from_bytes(data, size, content);
	memset(content, 0, sizeof *content);
	bm_message *back = NULL;
	int rc = bm_create(writer, 0, &back);
	if (rc == BM_OK)
		rc = bm_unflatten(back, data, size);
	if (rc == BM_OK)
		rc = tu_content_from_message(back, content);
	bm_destroy(back);
	return rc;
}

static int
compare_fields_by_name(const void *a, const void *b)
{
	const struct tu_field *x = a, *y = b;
	return strcmp(x->name, y->name);
}

void
tu_content_sort(struct tu_content *content)
{
	if (content->count > 1)
		qsort(content->fields, content->count, sizeof *content->fields,
		      compare_fields_by_name);
}

bool
tu_content_equal(const struct tu_content *a, const struct tu_content *b,
                 bool compare_fixed, char *why, size_t why_size)
{
	if (a->what != b->what) {
		snprintf(why, why_size, "what 0x%08x != 0x%08x", (unsigned)a->what,
		         (unsigned)b->what);
		return false;
	}
	if (a->count != b->count) {
		snprintf(why, why_size, "%zu fields != %zu fields", a->count,
		         b->count);
		return false;
	}
	for (size_t i = 0; i < a->count; i++) {
		const struct tu_field *x = &a->fields[i], *y = &b->fields[i];
		if (x->name_len != y->name_len ||
		    memcmp(x->name, y->name, x->name_len) != 0) {
			snprintf(why, why_size, "field %zu: name '%s' != '%s'", i,
			         x->name, y->name);
			return false;
		}
		if (x->type != y->type || x->count != y->count ||
		    (compare_fixed && x->fixed_size != y->fixed_size)) {
			snprintf(why, why_size,
			         "field '%s': type 0x%08x/0x%08x count %zu/%zu fixed %d/%d",
			         x->name, (unsigned)x->type, (unsigned)y->type, x->count,
			         y->count, x->fixed_size, y->fixed_size);
			return false;
		}
		for (size_t j = 0; j < x->count; j++) {
			if (x->sizes[j] != y->sizes[j] ||
			    memcmp(x->items[j], y->items[j], x->sizes[j]) != 0) {
				snprintf(why, why_size,
				         "field '%s' item %zu differs (%zu/%zu bytes)",
				         x->name, j, x->sizes[j], y->sizes[j]);
				return false;
			}
		}
	}
	return true;
}

/* --- Hostile input -------------------------------------------------------------- */

/* True for a status a read may return on an accepted message: BM_BAD_DATA
 * only from a backend that checks items when a read reaches them. */
static bool
documented_read_status(const bm_message *msg, int rc)
{
	return rc == BM_OK ||
	       (rc == BM_BAD_DATA &&
	        (msg->ops->flags & BM_BACKEND_CHECKS_ON_READ) != 0);
}

/* Most items read per field: enough to reach every item of the fixtures
 * and the fuzzers' inputs, few enough that a field of a billion claimed
 * items (which a backend that checks on read may accept) stays cheap. */
#define READS_PER_FIELD 4096

/*
 * The reads a program makes of a message it was given: every field by
 * iteration and by name, its items by index (the first READS_PER_FIELD),
 * an index past the end, a name that is not there, then an add. Each must
 * return OK or a documented status, and every item returned is read to
 * its last byte (so that a bad bound shows under AddressSanitizer).
 * *whole is false when some read met malformed data (BM_BAD_DATA).
 */
static bool
exercise_reads(bm_message *msg, bool *whole, char *why, size_t why_size)
{
	*whole = true;
	int32_t fields = bm_count_fields(msg);
	if (fields < 0) {
		snprintf(why, why_size, "count_fields is %d", (int)fields);
		return false;
	}
	volatile uint8_t sink = 0;
	for (int32_t i = 0; i < fields; i++) {
		struct bm_field_info info;
		int rc = bm_field_at(msg, i, &info);
		if (!documented_read_status(msg, rc)) {
			snprintf(why, why_size, "field_at(%d): %s", (int)i,
			         bm_status_name(rc));
			return false;
		}
		if (rc != BM_OK) {
			*whole = false;
			continue;
		}
		if (info.name_len == 0 || info.name_len > BM_NAME_MAX ||
		    info.count < 1) {
			snprintf(why, why_size, "field_at(%d): name of %zu bytes, "
			         "%d items", (int)i, info.name_len, (int)info.count);
			return false;
		}
		char name[BM_NAME_MAX + 1];
		memcpy(name, info.name, info.name_len);
		name[info.name_len] = '\0';
		struct bm_field_info by_name;
		rc = bm_get_info(msg, name, &by_name);
		/* A name with a NUL inside is looked up shorter (and then
		 * the message cannot be read back by name). */
		if (!documented_read_status(msg, rc) && rc != BM_NAME_NOT_FOUND) {
			snprintf(why, why_size, "get_info(\"%s\"): %s", name,
			         bm_status_name(rc));
			return false;
		}
		if (rc != BM_OK) {
			/* Malformed data met on the way, or a field iteration
			 * reports that no lookup reaches (a backend that checks on
			 * read keeps one whose chain or bucket does not lead to
			 * it): not readable whole. */
			if (rc == BM_BAD_DATA ||
			    (rc == BM_NAME_NOT_FOUND &&
			     (msg->ops->flags & BM_BACKEND_CHECKS_ON_READ) != 0))
				*whole = false;
			continue;
		}
		int32_t reads = by_name.count < READS_PER_FIELD ? by_name.count
		                                                : READS_PER_FIELD;
		for (int32_t j = 0; j <= reads; j++) {
			const void *data;
			size_t size;
			rc = bm_find_data(msg, name, BM_ANY_TYPE, j, &data, &size);
			bool past = j == by_name.count;
			if (past && rc != BM_BAD_INDEX && rc != BM_BAD_DATA) {
				snprintf(why, why_size, "find of \"%s\" item %d of %d: %s",
				         name, (int)j, (int)by_name.count,
				         bm_status_name(rc));
				return false;
			}
			if (past)
				break;
			if (!documented_read_status(msg, rc)) {
				snprintf(why, why_size, "find of \"%s\" item %d: %s",
				         name, (int)j, bm_status_name(rc));
				return false;
			}
			if (rc != BM_OK) {
				*whole = false;
				continue;
			}
			for (size_t k = 0; k < size; k++)
				sink ^= ((const uint8_t *)data)[k];
		}
	}
	/* A name no field has; fuzzed input may hold this one too (the
	 * fuzzer finds the string), and then the find has nothing to prove. */
	static const char absent[] = "no field is called this";
	for (int32_t i = 0; i < fields; i++) {
		struct bm_field_info info;
		if (bm_field_at(msg, i, &info) == BM_OK &&
		    info.name_len == sizeof absent - 1 &&
		    memcmp(info.name, absent, sizeof absent - 1) == 0)
			return true;
	}
	const void *data;
	size_t size;
	int rc = bm_find_data(msg, absent, BM_ANY_TYPE, 0, &data, &size);
	/* A backend that checks on read may meet malformed data on the walk
	 * (a chain that loops): then the message is not whole either. */
	if (rc == BM_BAD_DATA &&
	    (msg->ops->flags & BM_BACKEND_CHECKS_ON_READ) != 0)
		*whole = false;
	if (rc != BM_NAME_NOT_FOUND && !(rc == BM_BAD_DATA && !*whole)) {
		snprintf(why, why_size, "find of an absent name: %s",
		         bm_status_name(rc));
		return false;
	}
	(void)sink;
	return true;
}

/* An add to an accepted message: OK, or a status the contract names. */
static bool
exercise_add(bm_message *msg, char *why, size_t why_size)
{
	int rc = bm_add_int32(msg, "added after unflatten", 1);
	if (rc != BM_OK && rc != BM_BAD_TYPE && rc != BM_BAD_VALUE &&
	    rc != BM_TOO_LARGE && rc != BM_NO_MEMORY &&
	    !(rc == BM_BAD_DATA &&
	      (msg->ops->flags & BM_BACKEND_CHECKS_ON_READ) != 0)) {
		snprintf(why, why_size, "add after unflatten: %s",
		         bm_status_name(rc));
		return false;
	}
	return true;
}

static int
compare_info_names(const void *a, const void *b)
{
	const struct bm_field_info *x = a, *y = b;
	size_t common = x->name_len < y->name_len ? x->name_len : y->name_len;
	int order = memcmp(x->name, y->name, common);
	if (order != 0)
		return order;
	return x->name_len < y->name_len ? -1 : x->name_len > y->name_len;
}

/* True when two fields of the message carry one name (found by sorting
 * what iteration reports). Only asked of a message that read back whole,
 * so every field_at succeeds. */
static bool
has_repeated_name(const bm_message *msg)
{
	int32_t fields = bm_count_fields(msg);
	if (fields < 2)
		return false;
	struct bm_field_info *infos = malloc((size_t)fields * sizeof *infos);
	if (infos == NULL)
		return true; /* cannot tell: ask nothing more of it */
	int32_t known = 0;
	for (int32_t i = 0; i < fields; i++) {
		if (bm_field_at(msg, i, &infos[known]) == BM_OK)
			known++;
	}
	qsort(infos, (size_t)known, sizeof *infos, compare_info_names);
	bool repeated = false;
	for (int32_t i = 1; i < known && !repeated; i++)
		repeated = compare_info_names(&infos[i - 1], &infos[i]) == 0;
	free(infos);
	return repeated;
}

/*
 * A message a backend that checks on read accepted: every read and the
 * add return documented statuses; Flatten succeeds or says why; and where
 * the message read back whole, its names are distinct (so that reads by
 * name reach every field) and the shared decoder accepts its bytes, they
 * hold what was read.
 */
static bool
check_accepted_on_read(bm_message *msg, char *why, size_t why_size)
{
	bool whole;
	if (!exercise_reads(msg, &whole, why, why_size))
		return false;
	/* A backend that keeps both fields of a repeated name (descriptor
	 * repeated_names) reaches only one of them by name: the message does
	 * not read back whole through names. */
	if (whole && bm_backend_repeated_names(msg->ops) != BM_REPEATED_MERGE &&
	    has_repeated_name(msg))
		whole = false;
	struct tu_content content = {0}, decoded = {0};
	uint8_t *flat = NULL;
	size_t flat_size = 0;
	bool ok = false;
	int rc = BM_OK;
	if (whole && (rc = tu_content_from_message(msg, &content)) != BM_OK) {
		snprintf(why, why_size, "read back whole, then not: %s",
		         bm_status_name(rc));
		goto done;
	}
	rc = bm_flattened_size(msg, &flat_size);
	if (rc == BM_OK && (flat = malloc(flat_size ? flat_size : 1)) != NULL)
		rc = bm_flatten(msg, flat, flat_size);
	if (rc != BM_OK && rc != BM_TOO_LARGE && rc != BM_NO_MEMORY) {
		snprintf(why, why_size, "flatten: %s", bm_status_name(rc));
		goto done;
	}
	if (rc == BM_OK && whole &&
	    tu_content_from_flat(msg->ops, flat, flat_size, &decoded) ==
	            BM_OK) {
		char detail[256] = "";
		if (!tu_content_equal(&content, &decoded, true, detail,
		                      sizeof detail)) {
			snprintf(why, why_size, "decoded flattened content "
			         "differs: %s", detail);
			goto done;
		}
	}
	ok = exercise_add(msg, why, why_size);
done:
	tu_content_free(&decoded);
	tu_content_free(&content);
	free(flat);
	return ok;
}

/* True when iteration reports the same fields in a and b: names, types,
 * counts and fixed sizes; else the first difference in why. */
static bool
same_fields(const bm_message *a, const bm_message *b, char *why,
            size_t why_size)
{
	int32_t fields = bm_count_fields(a);
	if (bm_count_fields(b) != fields) {
		snprintf(why, why_size, "%d fields, then %d", (int)fields,
		         (int)bm_count_fields(b));
		return false;
	}
	for (int32_t i = 0; i < fields; i++) {
		struct bm_field_info x, y;
		if (bm_field_at(a, i, &x) != BM_OK ||
		    bm_field_at(b, i, &y) != BM_OK ||
		    compare_info_names(&x, &y) != 0 || x.type != y.type ||
		    x.count != y.count || x.fixed_size != y.fixed_size) {
			snprintf(why, why_size, "field %d differs", (int)i);
			return false;
		}
	}
	return true;
}

/*
 * An accepted message with a repeated name, from a backend that keeps
 * both fields (descriptor repeated_names): a read by name reaches one of
 * them only, so the message cannot be read back whole through names; its
 * flattened bytes must unflatten, through the backend, to the fields
 * iteration reports.
 */
static bool
check_accepted_repeated(bm_message *msg, char *why, size_t why_size)
{
	size_t flat_size = 0;
	uint8_t *flat = NULL;
	bm_message *second = NULL;
	char detail[200] = "";
	int rc = bm_flattened_size(msg, &flat_size);
	if (rc == BM_OK && (flat = malloc(flat_size ? flat_size : 1)) == NULL)
		rc = BM_NO_MEMORY;
	if (rc == BM_OK)
		rc = bm_flatten(msg, flat, flat_size);
	if (rc == BM_OK && (rc = bm_create(msg->ops, 0, &second)) == BM_OK)
		rc = bm_unflatten(second, flat, flat_size);
	bool ok = rc == BM_OK && same_fields(msg, second, detail, sizeof detail);
	if (rc != BM_OK)
		snprintf(why, why_size, "a repeated name: flattened and read "
		         "back: %s", bm_status_name(rc));
	else if (!ok)
		snprintf(why, why_size, "a repeated name: read back, %s", detail);
	bm_destroy(second);
	free(flat);
	return ok && exercise_add(msg, why, why_size);
}

static bool
check_accepted(bm_message *msg, char *why, size_t why_size)
{
	if ((msg->ops->flags & BM_BACKEND_CHECKS_ON_READ) != 0)
		return check_accepted_on_read(msg, why, why_size);
	bool whole;
	if (!exercise_reads(msg, &whole, why, why_size))
		return false;
	if (bm_backend_repeated_names(msg->ops) != BM_REPEATED_MERGE &&
	    has_repeated_name(msg))
		return check_accepted_repeated(msg, why, why_size);
	struct tu_content content = {0}, decoded = {0}, again = {0};
	uint8_t *flat = NULL;
	bm_message *second = NULL;
	bool ok = false;
	size_t flat_size;
	int rc;
	if ((rc = tu_content_from_message(msg, &content)) != BM_OK) {
		snprintf(why, why_size, "accepted message does not read back: %s",
		         bm_status_name(rc));
		goto done;
	}
	if ((rc = bm_flattened_size(msg, &flat_size)) != BM_OK ||
	    (flat = malloc(flat_size)) == NULL ||
	    (rc = bm_flatten(msg, flat, flat_size)) != BM_OK) {
		snprintf(why, why_size, "accepted message does not flatten: %s",
		         bm_status_name(rc));
		goto done;
	}
	if ((rc = tu_content_from_flat(msg->ops, flat, flat_size, &decoded)) !=
	    BM_OK) {
		snprintf(why, why_size, "its flattened bytes do not decode: %s",
		         bm_status_name(rc));
		goto done;
	}
	char detail[256] = "";
	if (!tu_content_equal(&content, &decoded, true, detail, sizeof detail)) {
		snprintf(why, why_size, "decoded re-flattened content differs: %s",
		         detail);
		goto done;
	}
	if ((rc = bm_create(msg->ops, 0, &second)) != BM_OK ||
	    (rc = bm_unflatten(second, flat, flat_size)) != BM_OK ||
	    (rc = tu_content_from_message(second, &again)) != BM_OK) {
		snprintf(why, why_size, "re-flattened bytes do not unflatten: %s",
		         bm_status_name(rc));
		goto done;
	}
	if (!tu_content_equal(&content, &again, true, detail, sizeof detail)) {
		snprintf(why, why_size, "unflattened re-flattened content differs: %s",
		         detail);
		goto done;
	}
	ok = exercise_add(msg, why, why_size);
done:
	bm_destroy(second);
	tu_content_free(&again);
	tu_content_free(&decoded);
	tu_content_free(&content);
	free(flat);
	return ok;
}

/* A refused input: a decoding status, and nothing left in the message. */
static bool
check_refused(bm_message *msg, int rc, char *why, size_t why_size)
{
	if (rc != BM_NOT_A_MESSAGE && rc != BM_BAD_VALUE && rc != BM_UNSUPPORTED &&
	    rc != BM_TOO_LARGE) {
		snprintf(why, why_size, "refused with %s", bm_status_name(rc));
		return false;
	}
	if (bm_count_fields(msg) != 0) {
		snprintf(why, why_size, "refused (%s) but left fields behind",
		         bm_status_name(rc));
		return false;
	}
	return true;
}

bool
tu_check_input(bm_message *msg, const uint8_t *bytes, size_t size,
               bool *accepted, char *why, size_t why_size)
{
	int rc = bm_unflatten(msg, bytes, size);
	*accepted = rc == BM_OK;
	return rc == BM_OK ? check_accepted(msg, why, why_size)
	                   : check_refused(msg, rc, why, why_size);
}

/* A cheap fingerprint of item bytes: their count and their sum. */
struct item_sum {
	uint64_t bytes;
	uint64_t sum;
};

static void
add_to_sum(struct item_sum *total, const void *data, size_t size)
{
	const uint8_t *bytes = data;
	uint64_t sum = 0;
	for (size_t i = 0; i < size; i++)
		sum += bytes[i];
	total->bytes += size;
	total->sum += sum;
}

static int
sum_item(void *ctx, const void *data, size_t size)
{
	add_to_sum(ctx, data, size);
	return BM_OK;
}

/* Flattens msg into a malloc'd buffer, or returns NULL. */
static uint8_t *
flatten_copy(bm_message *msg, size_t *size)
{
	uint8_t *bytes;
	if (bm_flattened_size(msg, size) != BM_OK ||
	    (bytes = malloc(*size ? *size : 1)) == NULL)
		return NULL;
	if (bm_flatten(msg, bytes, *size) != BM_OK) {
		free(bytes);
		return NULL;
	}
	return bytes;
}

/* Reads every byte of every item through the wrappers into *total;
 * returns false when a field or item cannot be read. */
static bool
read_every_item(const bm_message *msg, struct item_sum *total)
{
	int32_t fields = bm_count_fields(msg);
	for (int32_t i = 0; i < fields; i++) {
		struct bm_field_info info;
		char name[BM_NAME_MAX + 1];
		if (bm_field_at(msg, i, &info) != BM_OK || info.count < 1 ||
		    info.name_len == 0 || info.name_len > BM_NAME_MAX)
			return false;
		memcpy(name, info.name, info.name_len);
		name[info.name_len] = '\0';
		for (int32_t j = 0; j < info.count; j++) {
			const void *data;
			size_t item_size;
			if (bm_find_data(msg, name, info.type, j, &data, &item_size) !=
			    BM_OK)
				return false;
			add_to_sum(total, data, item_size);
		}
	}
	return true;
}

/* Sums the items of bytes `writer` flattened: through the shared decoder,
 * or the writer's own Unflatten when only it reads them. */
static bool
sum_flat(const struct bm_ops *writer, const uint8_t *flat, size_t size,
         struct item_sum *total)
{
	if (!bm_backend_reads_back(writer)) {
		const struct bm_decode_sink sink = {.item = sum_item,
		                                    .ctx = total};
		return bm_decode(flat, size, &sink) == BM_OK;
	}
	bm_message *back = NULL;
	bool ok = bm_create(writer, 0, &back) == BM_OK &&
	          bm_unflatten(back, flat, size) == BM_OK &&
	          read_every_item(back, total);
	bm_destroy(back);
	return ok;
}

bool
tu_check_input_quick(bm_message *msg, const uint8_t *bytes, size_t size,
                     bool *accepted, char *why, size_t why_size)
{
	int rc = bm_unflatten(msg, bytes, size);
	*accepted = rc == BM_OK;
	if (rc != BM_OK)
		return check_refused(msg, rc, why, why_size);
	if ((msg->ops->flags & BM_BACKEND_CHECKS_ON_READ) != 0)
		return check_accepted_on_read(msg, why, why_size);
	uint8_t *first = NULL, *second = NULL;
	bm_message *copy = NULL;
	size_t first_size, second_size;
	struct item_sum read = {0}, decoded = {0};
	bool ok = false;
	if (!read_every_item(msg, &read)) {
		snprintf(why, why_size, "accepted message does not read back");
		goto done;
	}
	if ((first = flatten_copy(msg, &first_size)) == NULL) {
		snprintf(why, why_size, "accepted message does not flatten");
		goto done;
	}
	if (!sum_flat(msg->ops, first, first_size, &decoded) ||
	    decoded.bytes != read.bytes || decoded.sum != read.sum) {
		snprintf(why, why_size,
		         "its flattened bytes do not decode to the items read");
		goto done;
	}
	if (bm_create(msg->ops, 0, &copy) != BM_OK ||
	    bm_unflatten(copy, first, first_size) != BM_OK ||
	    (second = flatten_copy(copy, &second_size)) == NULL ||
	    second_size != first_size ||
	    memcmp(first, second, first_size) != 0) {
		snprintf(why, why_size,
		         "unflatten + flatten of its own bytes changes them");
		goto done;
	}
	ok = true;
done:
	bm_destroy(copy);
	free(second);
	free(first);
	return ok;
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
