/*
 * message_content.c - the benchmark messages' content, and the checks of messages
 * and flattened bytes against it (see message_content.h).
 */
#include "message_content.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t
bench_string_value(size_t index, char *out)
{
	int length = snprintf(out, BENCH_TEXT_MAX, "item%zu", index);
	return length > 0 ? (size_t)length : 0;
}

void
bench_field_name(enum bench_layout layout, size_t index, char *out)
{
	switch (layout) {
	case BENCH_LAYOUT_ONE_FIELD:
		snprintf(out, BENCH_TEXT_MAX, "data");
		break;
	case BENCH_LAYOUT_FIELD_PER_ITEM:
		snprintf(out, BENCH_TEXT_MAX, "data%zu", index);
		break;
	case BENCH_LAYOUT_LOOKUP_FIELDS:
		snprintf(out, BENCH_TEXT_MAX, "%zu", index);
		break;
	case BENCH_LAYOUT_SHAPE:
	case BENCH_LAYOUT_STORED:
		/* named messages have their own names (real_messages.c) */
		out[0] = '\0';
		break;
	}
}

struct bench_content
bench_test_content(const struct bench_test *test)
{
	return (struct bench_content){
		.layout = bench_operation(test->op)->layout,
		.type = test->workload.type,
		.items = test->workload.items,
	};
}

size_t
bench_field_count(const struct bench_content *content)
{
	return content->layout == BENCH_LAYOUT_ONE_FIELD ? 1 : content->items;
}

size_t
bench_items_per_field(const struct bench_content *content)
{
	return content->layout == BENCH_LAYOUT_ONE_FIELD ? content->items : 1;
}

bm_type_code
bench_type_code(enum bench_type type)
{
	return type == BENCH_TYPE_INT32 ? BM_INT32_TYPE : BM_STRING_TYPE;
}

/* The bytes of item `value` (its number in the whole message) of `type`;
 * returns their size. out holds BENCH_TEXT_MAX bytes. */
static size_t
expected_item(enum bench_type type, size_t value, unsigned char *out)
{
	if (type == BENCH_TYPE_INT32) {
		int32_t number = (int32_t)value;
		memcpy(out, &number, sizeof number);
		return sizeof number;
	}
	return bench_string_value(value, (char *)out) + 1;
}

size_t
bench_item_bytes(const struct bench_content *content)
{
	if (content->type == BENCH_TYPE_INT32)
		return 4 * content->items;
	char text[BENCH_TEXT_MAX];
	size_t total = 0;
	for (size_t i = 0; i < content->items; i++)
		total += bench_string_value(i, text) + 1;
	return total;
}

size_t
bench_hmf1_size(const struct bench_content *content)
{
	size_t fields = bench_field_count(content);
	size_t per_field = bench_items_per_field(content);
	/* impl/README.md §4.4: header, field headers, then per field its name
	 * with the NUL and its items; a variable-size item has a uint32 size
	 * first. */
	size_t total = 68 + 24 * fields;
	char name[BENCH_TEXT_MAX];
	for (size_t f = 0; f < fields; f++) {
		bench_field_name(content->layout, f, name);
		total += strlen(name) + 1;
	}
	total += bench_item_bytes(content);
	if (content->type == BENCH_TYPE_STRING)
		total += 4 * fields * per_field;
	return total;
}

int
bench_content_build(const struct bench_content *content, bm_message *msg)
{
	enum bench_layout layout = content->layout;
	char name[BENCH_TEXT_MAX], text[BENCH_TEXT_MAX];
	int rc = BM_OK;
	bench_field_name(layout, 0, name);
	for (size_t i = 0; i < content->items && rc == BM_OK; i++) {
		if (layout != BENCH_LAYOUT_ONE_FIELD)
			bench_field_name(layout, i, name);
		if (content->type == BENCH_TYPE_INT32) {
			rc = bm_add_int32(msg, name, (int32_t)i);
		} else {
			bench_string_value(i, text);
			rc = bm_add_string(msg, name, text);
		}
	}
	return rc;
}

/* Describes an item for a reason line: the number, or the quoted start of
 * the bytes with non-printable ones as '.'. */
static void
describe_item(enum bench_type type, const void *data, size_t size,
              char *out, size_t out_size)
{
	if (type == BENCH_TYPE_INT32 && size == 4) {
		int32_t number;
		memcpy(&number, data, sizeof number);
		snprintf(out, out_size, "%d", (int)number);
		return;
	}
	char shown[24];
	size_t length = size < sizeof shown - 1 ? size : sizeof shown - 1;
	const unsigned char *bytes = data;
	for (size_t i = 0; i < length; i++)
		shown[i] = bytes[i] >= 0x20 && bytes[i] < 0x7f ? (char)bytes[i]
		                                               : '.';
	shown[length] = '\0';
	snprintf(out, out_size, "%zu bytes \"%s%s\"", size, shown,
	         length < size ? "..." : "");
}

/* Compares one item; on a difference writes the reason and returns false. */
static bool
check_item(enum bench_type type, const char *field, size_t index,
           size_t value, const void *data, size_t size, char *why,
           size_t why_size)
{
	unsigned char expected[BENCH_TEXT_MAX];
	size_t expected_size = expected_item(type, value, expected);
	if (size == expected_size && memcmp(data, expected, size) == 0)
		return true;
	char got[64], want[64];
	describe_item(type, data, size, got, sizeof got);
	describe_item(type, expected, expected_size, want, sizeof want);
	snprintf(why, why_size, "field \"%s\" item %zu is %s, expected %s",
	         field, index, got, want);
	return false;
}

bool
bench_content_check_message(const struct bench_content *content,
                            const bm_message *msg, char *why,
                            size_t why_size)
{
	size_t fields = bench_field_count(content);
	size_t per_field = bench_items_per_field(content);
	bm_type_code type = bench_type_code(content->type);
	int32_t count = bm_count_fields(msg);
	if (count < 0 || (size_t)count != fields) {
		snprintf(why, why_size, "holds %d fields, expected %zu",
		         (int)count, fields);
		return false;
	}
	char name[BENCH_TEXT_MAX];
	for (size_t f = 0; f < fields; f++) {
		bench_field_name(content->layout, f, name);
		struct bm_field_info info;
		int rc = bm_get_info(msg, name, &info);
		if (rc != BM_OK) {
			snprintf(why, why_size, "field \"%s\": get_info: %s",
			         name, bm_strerror(rc));
			return false;
		}
		if (info.type != type) {
			snprintf(why, why_size,
			         "field \"%s\" has type 0x%08x, expected 0x%08x",
			         name, (unsigned)info.type, (unsigned)type);
			return false;
		}
		if (info.count < 0 || (size_t)info.count != per_field) {
			snprintf(why, why_size,
			         "field \"%s\" holds %d items, expected %zu", name,
			         (int)info.count, per_field);
			return false;
		}
		for (size_t i = 0; i < per_field; i++) {
			const void *data;
			size_t size;
			rc = bm_find_data(msg, name, type, (int32_t)i, &data,
			                  &size);
			if (rc != BM_OK) {
				snprintf(why, why_size,
				         "field \"%s\" item %zu: find: %s", name, i,
				         bm_strerror(rc));
				return false;
			}
			size_t value = per_field == 1 ? f : i;
			if (!check_item(content->type, name, i, value, data,
			                size, why, why_size))
				return false;
		}
	}
	return true;
}

/* --- Flattened bytes, through the shared decoder ----------------------------- */

struct flat_check {
	const struct bench_content *content;
	enum bm_format format;
	bool *seen;              /* one per expected field */
	size_t fields_seen;
	size_t field;            /* the field being reported */
	char field_name[BENCH_TEXT_MAX];
	size_t items_expected;   /* items of that field */
	size_t items_seen;
	bool began;
	char *why;
	size_t why_size;
};

/* Stops the decoder: any non-zero value does; this one is not a status. */
#define FLAT_CHECK_STOP 1

/* Finds which expected field a name is: "data", "data<i>" or "<i>", with
 * i written in canonical decimal and below the field count. */
static bool
expected_field_index(const struct bench_content *content, const char *name,
                     size_t name_len, size_t *index)
{
	enum bench_layout layout = content->layout;
	if (layout == BENCH_LAYOUT_ONE_FIELD) {
		*index = 0;
		return name_len == 4 && memcmp(name, "data", 4) == 0;
	}
	size_t prefix = layout == BENCH_LAYOUT_FIELD_PER_ITEM ? 4 : 0;
	if (name_len <= prefix || name_len - prefix > 7 ||
	    memcmp(name, "data", prefix) != 0)
		return false;
	const char *digits = name + prefix;
	size_t digit_count = name_len - prefix;
	if (digit_count > 1 && digits[0] == '0')
		return false;
	size_t value = 0;
	for (size_t i = 0; i < digit_count; i++) {
		if (digits[i] < '0' || digits[i] > '9')
			return false;
		value = value * 10 + (size_t)(digits[i] - '0');
	}
	*index = value;
	return value < content->items;
}

/* Ends the field being reported: all its items must have come. */
static int
flat_finish_field(struct flat_check *check)
{
	if (check->fields_seen > 0 &&
	    check->items_seen != check->items_expected) {
		snprintf(check->why, check->why_size,
		         "field \"%s\": %zu items reported, expected %zu",
		         check->field_name, check->items_seen,
		         check->items_expected);
		return FLAT_CHECK_STOP;
	}
	return 0;
}

static int
flat_begin(void *ctx, enum bm_format format, uint32_t what)
{
	struct flat_check *check = ctx;
	check->began = true;
	if (format != check->format) {
		snprintf(check->why, check->why_size,
		         "written in format %s, expected the native %s",
		         bm_format_name(format), bm_format_name(check->format));
		return FLAT_CHECK_STOP;
	}
	if (what != BENCH_WHAT) {
		snprintf(check->why, check->why_size,
		         "what is 0x%08x, expected 0x%08x", (unsigned)what,
		         BENCH_WHAT);
		return FLAT_CHECK_STOP;
	}
	return 0;
}

static int
flat_field(void *ctx, const char *name, size_t name_len, bm_type_code type,
           bool fixed_size, int32_t count)
{
	struct flat_check *check = ctx;
	const struct bench_content *content = check->content;
	(void)fixed_size; /* a design choice (Message1 has no fixed fields) */
	if (flat_finish_field(check) != 0)
		return FLAT_CHECK_STOP;
	size_t shown = name_len < BENCH_TEXT_MAX - 1 ? name_len
	                                             : BENCH_TEXT_MAX - 1;
	memcpy(check->field_name, name, shown);
	check->field_name[shown] = '\0';
	size_t index;
	if (!expected_field_index(content, name, name_len, &index)) {
		snprintf(check->why, check->why_size,
		         "unexpected field \"%s\" (%zu bytes)",
		         check->field_name, name_len);
		return FLAT_CHECK_STOP;
	}
	if (check->seen[index]) {
		snprintf(check->why, check->why_size, "field \"%s\" appears twice",
		         check->field_name);
		return FLAT_CHECK_STOP;
	}
	if (type != bench_type_code(content->type)) {
		snprintf(check->why, check->why_size,
		         "field \"%s\" has type 0x%08x, expected 0x%08x",
		         check->field_name, (unsigned)type,
		         (unsigned)bench_type_code(content->type));
		return FLAT_CHECK_STOP;
	}
	size_t expected = bench_items_per_field(content);
	if (count < 0 || (size_t)count != expected) {
		snprintf(check->why, check->why_size,
		         "field \"%s\" holds %d items, expected %zu",
		         check->field_name, (int)count, expected);
		return FLAT_CHECK_STOP;
	}
	check->seen[index] = true;
	check->fields_seen++;
	check->field = index;
	check->items_expected = expected;
	check->items_seen = 0;
	return 0;
}

static int
flat_item(void *ctx, const void *data, size_t size)
{
	struct flat_check *check = ctx;
	if (check->fields_seen == 0 ||
	    check->items_seen >= check->items_expected) {
		snprintf(check->why, check->why_size, "item outside a field");
		return FLAT_CHECK_STOP;
	}
	size_t i = check->items_seen++;
	size_t value = check->items_expected == 1 ? check->field : i;
	if (!check_item(check->content->type, check->field_name, i, value,
	                data, size, check->why, check->why_size))
		return FLAT_CHECK_STOP;
	return 0;
}

bool
bench_content_check_flat(const struct bench_content *content,
                         enum bm_format format, const void *bytes, size_t size,
                         char *why, size_t why_size)
{
	size_t fields = bench_field_count(content);
	struct flat_check check = {
		.content = content,
		.format = format,
		.seen = calloc(fields, sizeof(bool)),
		.why = why,
		.why_size = why_size,
	};
	if (check.seen == NULL) {
		snprintf(why, why_size, "harness out of memory");
		return false;
	}
	const struct bm_decode_sink sink = {
		.begin = flat_begin,
		.field = flat_field,
		.item = flat_item,
		.ctx = &check,
	};
	int rc = bm_decode(bytes, size, &sink);
	bool ok = false;
	if (rc == FLAT_CHECK_STOP) {
		/* the reason is written */
	} else if (rc != BM_OK) {
		snprintf(why, why_size, "shared decoder: %s (%s)",
		         bm_strerror(rc), bm_status_name(rc));
	} else if (!check.began) {
		snprintf(why, why_size, "shared decoder reported no message");
	} else if (flat_finish_field(&check) != 0) {
		/* the reason is written */
	} else if (check.fields_seen != fields) {
		snprintf(why, why_size, "holds %zu fields, expected %zu",
		         check.fields_seen, fields);
	} else {
		ok = true;
	}
	free(check.seen);
	return ok;
}
