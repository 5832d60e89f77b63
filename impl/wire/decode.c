/*
 * decode.c - bm_decode, the shared decoder: R5 FOB1 and Haiku HMF1 in both
 * byte orders and Dano FOB2 in the host's order, through the shared
 * readers and checks in fob1.c, hmf1.c and fob2.c.
 *
 * Every decoder works in two passes over the input: the first checks all
 * of it, the second reports it to the sink. So malformed input makes no
 * callback and leaves nothing allocated. Items of a swapped message are
 * converted to host order (bm__swap_item) in one scratch buffer, as large
 * as the largest item, allocated between the passes. Fields are reported
 * in stored order: record order in FOB1, field-header order in HMF1.
 */
#include "alloc.h"
#include "decode.h"
#include "fob1.h"
#include "fob2.h"
#include "hmf1.h"
#include "status.h"
#include "swap.h"

/* --- Reporting to the sink (callbacks may be NULL) --------------- */

static int
report_begin(const struct bm_decode_sink *sink, enum bm_format format,
             uint32_t what)
{
	return sink->begin != NULL ? sink->begin(sink->ctx, format, what) : 0;
}

static int
report_field(const struct bm_decode_sink *sink, const char *name,
             size_t name_len, bm_type_code type, bool fixed_size,
             uint32_t count)
{
	if (sink->field == NULL)
		return 0;
	return sink->field(sink->ctx, name, name_len, type, fixed_size,
	                   (int32_t)count);
}

/* Reports one item, in host order: swapped items go through `scratch`. */
static int
report_item(const struct bm_decode_sink *sink, bm_type_code type,
            const uint8_t *item, size_t size, uint8_t *scratch)
{
	if (sink->item == NULL)
		return 0;
	if (scratch != NULL) {
		bm__swap_item(type, item, scratch, size);
		item = scratch;
	}
	return sink->item(sink->ctx, item, size);
}

/* --- R5 'FOB1' --------------------------------------------------- */

/* Largest item of a record checked by bm__r5_next. */
static size_t
r5_largest_item(const struct bm__r5_record *record, bool swapped)
{
	if (record->flags & BM_R5_FIELD_FIXED)
		return record->data_size / record->count;
	size_t largest = 0;
	const uint8_t *chunk = record->data;
	for (uint32_t i = 0; i < record->count; i++) {
		const uint8_t *item;
		size_t size;
		chunk = bm__r5_next_chunk(chunk, swapped, &item, &size);
		if (size > largest)
			largest = size;
	}
	return largest;
}

static int
r5_report_record(const struct bm__r5_record *record, bool swapped,
                 uint8_t *scratch, const struct bm_decode_sink *sink)
{
	bool fixed = (record->flags & BM_R5_FIELD_FIXED) != 0;
	int rc = report_field(sink, record->name, record->name_len, record->type,
	                      fixed, record->count);
	const uint8_t *chunk = record->data;
	for (uint32_t i = 0; rc == 0 && i < record->count; i++) {
		const uint8_t *item;
		size_t size;
		if (fixed) {
			size = record->data_size / record->count;
			item = record->data + (size_t)i * size;
		} else {
			chunk = bm__r5_next_chunk(chunk, swapped, &item, &size);
		}
		rc = report_item(sink, record->type, item, size, scratch);
	}
	return rc;
}

static int
decode_r5(const uint8_t *data, size_t size, enum bm_format format,
          const struct bm_decode_sink *sink)
{
	struct bm__r5_reader reader;
	struct bm__r5_record record;
	int rc = bm__r5_open(&reader, data, size);
	if (rc != BM_OK)
		return rc;
	size_t largest = 0;
	while ((rc = bm__r5_next(&reader, &record)) == 1) {
		if (reader.swapped) {
			size_t item = r5_largest_item(&record, true);
			if (item > largest)
				largest = item;
		}
	}
	if (rc != 0)
		return rc;

	uint8_t *scratch = NULL;
	if (largest > 0 && (scratch = bm_malloc(largest)) == NULL)
		return BM_NO_MEMORY;
	/* The message is known good: the second walk cannot fail. */
	bm__r5_open(&reader, data, size);
	rc = report_begin(sink, format, reader.what);
	while (rc == 0 && bm__r5_next(&reader, &record) == 1)
		rc = r5_report_record(&record, reader.swapped, scratch, sink);
	bm_free(scratch);
	return rc;
}

/* --- Haiku 'HMF1' ------------------------------------------------ */

/* One field of a message checked by bm__hmf1_check, in host order. */
struct hmf1_field {
	const char *name;
	size_t name_len;        /* without the NUL */
	bm_type_code type;
	bool fixed;
	uint32_t count;
	uint32_t data_size;
	const uint8_t *items;   /* right after the name's NUL */
};

static void
hmf1_field_at(const uint8_t *data, uint32_t index, bool swapped,
              struct hmf1_field *field)
{
	uint32_t field_count =
		bm__load32_order(data + BM_HMF1_OFF_FIELD_COUNT, swapped);
	const uint8_t *fields = data + BM_HMF1_HEADER_SIZE;
	const uint8_t *area =
		fields + (size_t)field_count * BM_HMF1_FIELD_HEADER_SIZE;
	struct bm__hmf1_field header;
	bm__hmf1_read_field(fields, index, swapped, &header);
	field->name = (const char *)area + header.offset;
	field->name_len = header.name_length - 1u;
	field->type = header.type;
	field->fixed = (header.flags & BM_HMF1_FIELD_FIXED) != 0;
	field->count = header.count;
	field->data_size = header.data_size;
	field->items = area + header.offset + header.name_length;
}

/* Steps through a field's items: stores the item at `at` and its size,
 * and returns where the next one starts. */
static const uint8_t *
hmf1_next_item(const struct hmf1_field *field, const uint8_t *at,
               bool swapped, const uint8_t **item, size_t *size)
{
	if (field->fixed) {
		*size = field->data_size / field->count;
		*item = at;
		return at + *size;
	}
	*size = bm__load32_order(at, swapped);
	*item = at + 4;
	return at + 4 + *size;
}

static int
decode_hmf1(const uint8_t *data, size_t size, enum bm_format format,
            const struct bm_decode_sink *sink)
{
	bool swapped = format == BM_FORMAT_HMF1_SWAPPED;
	int rc = bm__hmf1_check(data, size, swapped, NULL, NULL);
	if (rc != BM_OK)
		return rc;
	uint32_t field_count =
		bm__load32_order(data + BM_HMF1_OFF_FIELD_COUNT, swapped);
	struct hmf1_field field;
	const uint8_t *item;
	size_t item_size;

	size_t largest = 0;
	for (uint32_t i = 0; swapped && i < field_count; i++) {
		hmf1_field_at(data, i, swapped, &field);
		const uint8_t *at = field.items;
		for (uint32_t k = 0; k < field.count; k++) {
			at = hmf1_next_item(&field, at, swapped, &item, &item_size);
			if (item_size > largest)
				largest = item_size;
		}
	}
	uint8_t *scratch = NULL;
	if (largest > 0 && (scratch = bm_malloc(largest)) == NULL)
		return BM_NO_MEMORY;

	rc = report_begin(sink, format,
	                  bm__load32_order(data + BM_HMF1_OFF_WHAT, swapped));
	for (uint32_t i = 0; rc == 0 && i < field_count; i++) {
		hmf1_field_at(data, i, swapped, &field);
		rc = report_field(sink, field.name, field.name_len, field.type,
		                  field.fixed, field.count);
		const uint8_t *at = field.items;
		for (uint32_t k = 0; rc == 0 && k < field.count; k++) {
			at = hmf1_next_item(&field, at, swapped, &item, &item_size);
			rc = report_item(sink, field.type, item, item_size,
			                 scratch);
		}
	}
	bm_free(scratch);
	return rc;
}

/* --- Dano 'FOB2' (host order only) ------------------------------- */

static int
decode_dano(const uint8_t *data, size_t size,
            const struct bm_decode_sink *sink)
{
	struct bm__dano_reader reader;
	struct bm__dano_field field;
	int rc = bm__dano_open(&reader, data, size);
	if (rc != BM_OK)
		return rc;
	while ((rc = bm__dano_next(&reader, &field)) == 1)
		;
	if (rc != 0)
		return rc;

	bm__dano_open(&reader, data, size);
	rc = report_begin(sink, BM_FORMAT_DANO, reader.what);
	while (rc == 0 && bm__dano_next(&reader, &field) == 1) {
		rc = report_field(sink, field.name, field.name_len, field.type,
		                  field.fixed_size, field.count);
		for (uint32_t i = 0; rc == 0 && i < field.count; i++) {
			const uint8_t *item;
			size_t item_size;
			bm__dano_item(&field, i, &item, &item_size);
			rc = report_item(sink, field.type, item, item_size, NULL);
		}
	}
	return rc;
}

/* --- Dispatch ---------------------------------------------------- */

int
bm_decode(const void *data, size_t size, const struct bm_decode_sink *sink)
{
	if (data == NULL || sink == NULL)
		return BM_BAD_VALUE;
	enum bm_format format = bm_detect_format(data, size);
	switch (format) {
	case BM_FORMAT_R5:
	case BM_FORMAT_R5_SWAPPED:
		return decode_r5(data, size, format, sink);
	case BM_FORMAT_HMF1:
	case BM_FORMAT_HMF1_SWAPPED:
		return decode_hmf1(data, size, format, sink);
	case BM_FORMAT_DANO:
	case BM_FORMAT_DANO_SWAPPED: /* BM_UNSUPPORTED, see fob2.c */
		return decode_dano(data, size, sink);
	case BM_FORMAT_UNKNOWN:
	case BM_FORMAT_BSON: /* a library's: never detected */
	case BM_FORMAT_MSGPACK:
		break;
	}
	return BM_NOT_A_MESSAGE;
}
