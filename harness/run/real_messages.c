/*
 * real_messages.c - the content of the messages Haiku really sends and
 * stores, its checks, and the work the real rows time (see
 * real_messages.h; harness/README.md §1.5). Haiku paths below are in
 * `haiku/haiku` (impl/README.md §1.2).
 *
 * Fixed-size items carry the type codes and sizes Haiku's typed adders
 * store (src/kits/app/Message.cpp: AddInt64 'LLNG' 8 bytes, AddInt32
 * 'LONG' 4, AddInt8 'BYTE' 1, AddBool 'BOOL' 1, AddFloat 'FLOT' 4, AddRect
 * 'RECT' 16, AddPointer 'PNTR' the size of a pointer, all fixed-size;
 * AddData fixed-size unless told otherwise; AddString 'CSTR' and AddRef
 * 'RREF' variable-size; AddMessage a variable-size 'MSGG' item holding the
 * nested message's Flatten).
 */
#include "real_messages.h"

#include "fixtures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- Trees ----------------------------------------------------------------------- */

void
bench_real_free(struct bench_real_message *msg)
{
	if (msg == NULL)
		return;
	for (size_t f = 0; f < msg->count; f++) {
		struct bench_real_field *field = &msg->fields[f];
		for (size_t i = 0; i < field->count; i++) {
			free(field->items[i].bytes);
			bench_real_free(field->items[i].nested);
		}
		free(field->items);
		free(field->name);
	}
	free(msg->fields);
	free(msg);
}

static struct bench_real_message *
new_message(uint32_t what)
{
	struct bench_real_message *msg = calloc(1, sizeof *msg);
	if (msg != NULL)
		msg->what = what;
	return msg;
}

/* The field `name` (name_len bytes) of msg, made when missing; NULL when
 * out of memory or when it exists with another type. */
static struct bench_real_field *
field_of(struct bench_real_message *msg, const char *name, size_t name_len,
         bm_type_code type, bool fixed_size)
{
	for (size_t f = 0; f < msg->count; f++) {
		struct bench_real_field *field = &msg->fields[f];
		if (strlen(field->name) == name_len &&
		    memcmp(field->name, name, name_len) == 0)
			return field->type == type ? field : NULL;
	}
	if (msg->count == msg->capacity) {
		size_t capacity = msg->capacity * 2 + 4;
		struct bench_real_field *grown =
		        realloc(msg->fields, capacity * sizeof *grown);
		if (grown == NULL)
			return NULL;
		msg->fields = grown;
		msg->capacity = capacity;
	}
	struct bench_real_field *field = &msg->fields[msg->count];
	*field = (struct bench_real_field){.type = type,
	                                   .fixed_size = fixed_size};
	field->name = malloc(name_len + 1);
	if (field->name == NULL)
		return NULL;
	memcpy(field->name, name, name_len);
	field->name[name_len] = '\0';
	msg->count++;
	return field;
}

/* Appends an item (its bytes copied when `data` is not NULL). */
static struct bench_real_item *
append_item(struct bench_real_field *field, const void *data, size_t size)
{
	if (field->count == field->capacity) {
		size_t capacity = field->capacity * 2 + 2;
		struct bench_real_item *grown =
		        realloc(field->items, capacity * sizeof *grown);
		if (grown == NULL)
			return NULL;
		field->items = grown;
		field->capacity = capacity;
	}
	struct bench_real_item *item = &field->items[field->count];
	*item = (struct bench_real_item){.size = size};
	if (data != NULL) {
		item->bytes = malloc(size > 0 ? size : 1);
		if (item->bytes == NULL)
			return NULL;
		memcpy(item->bytes, data, size);
	}
	field->count++;
	return item;
}

size_t
bench_real_hmf1_size(const struct bench_real_message *msg)
{
	/* impl/README.md §4.4: header, field headers, then per field its name
	 * with the NUL and its items, a uint32 size before each variable-size
	 * one. */
	size_t total = 68 + 24 * msg->count;
	for (size_t f = 0; f < msg->count; f++) {
		const struct bench_real_field *field = &msg->fields[f];
		total += strlen(field->name) + 1;
		for (size_t i = 0; i < field->count; i++) {
			const struct bench_real_item *item = &field->items[i];
			size_t size = item->nested != NULL
			                      ? bench_real_hmf1_size(item->nested)
			                      : item->size;
			bool fixed = field->fixed_size && item->nested == NULL;
			total += size + (fixed ? 0 : 4);
		}
	}
	return total;
}

bool
bench_real_has_variable_items(const struct bench_real_message *msg)
{
	for (size_t f = 0; f < msg->count; f++) {
		const struct bench_real_field *field = &msg->fields[f];
		if (!field->fixed_size || field->type == BM_MESSAGE_TYPE)
			return true;
	}
	return false;
}

size_t
bench_real_max_items(const struct bench_real_message *msg)
{
	size_t most = 0;
	for (size_t f = 0; f < msg->count; f++) {
		const struct bench_real_field *field = &msg->fields[f];
		if (field->count > most)
			most = field->count;
		for (size_t i = 0; i < field->count; i++) {
			if (field->items[i].nested != NULL) {
				size_t inner =
				        bench_real_max_items(field->items[i].nested);
				if (inner > most)
					most = inner;
			}
		}
	}
	return most;
}

/* --- The shapes -------------------------------------------------------------------- */

#define TYPE_INT64 BM_TYPE('L', 'L', 'N', 'G')
#define TYPE_INT8 BM_TYPE('B', 'Y', 'T', 'E')
#define TYPE_UINT8 BM_TYPE('U', 'B', 'Y', 'T')
#define TYPE_BOOL BM_TYPE('B', 'O', 'O', 'L')
#define TYPE_FLOAT BM_TYPE('F', 'L', 'O', 'T')
#define TYPE_RECT BM_TYPE('R', 'E', 'C', 'T')
#define TYPE_REF BM_TYPE('R', 'R', 'E', 'F')
#define TYPE_POINTER BM_TYPE('P', 'N', 'T', 'R')

/* A shape under construction: the first failure sticks. */
struct shape {
	struct bench_real_message *msg;
	bool failed;
};

static void
add(struct shape *shape, const char *name, bm_type_code type, bool fixed,
    const void *data, size_t size)
{
	struct bench_real_field *field =
	        shape->failed ? NULL
	                      : field_of(shape->msg, name, strlen(name), type,
	                                 fixed);
	if (field == NULL || append_item(field, data, size) == NULL)
		shape->failed = true;
}

static void
add_int64(struct shape *shape, const char *name, int64_t value)
{
	add(shape, name, TYPE_INT64, true, &value, sizeof value);
}

static void
add_int32(struct shape *shape, const char *name, int32_t value)
{
	add(shape, name, BM_INT32_TYPE, true, &value, sizeof value);
}

static void
add_float(struct shape *shape, const char *name, float value)
{
	add(shape, name, TYPE_FLOAT, true, &value, sizeof value);
}

static void
add_bool(struct shape *shape, const char *name, bool value)
{
	unsigned char byte = value ? 1 : 0;
	add(shape, name, TYPE_BOOL, true, &byte, 1);
}

static void
add_string(struct shape *shape, const char *name, const char *value)
{
	add(shape, name, BM_STRING_TYPE, false, value, strlen(value) + 1);
}

/* An entry_ref as BPrivate::entry_ref_flatten writes it
 * (src/kits/app/MessageUtils.cpp): the device (int32), the directory
 * (int64) and the name with its NUL, back to back. */
static void
add_ref(struct shape *shape, const char *name, int32_t device,
        int64_t directory, const char *leaf)
{
	unsigned char bytes[4 + 8 + 64];
	size_t length = strlen(leaf) + 1;
	if (length > sizeof bytes - 12) {
		shape->failed = true;
		return;
	}
	memcpy(bytes, &device, 4);
	memcpy(bytes + 4, &directory, 8);
	memcpy(bytes + 12, leaf, length);
	add(shape, name, TYPE_REF, false, bytes, 12 + length);
}

/* A nested message, added as AddMessage does; its content is built into
 * the returned shape. */
static struct shape
add_message(struct shape *shape, const char *name, uint32_t what)
{
	struct shape inner = {.failed = true};
	struct bench_real_field *field =
	        shape->failed ? NULL
	                      : field_of(shape->msg, name, strlen(name),
	                                 BM_MESSAGE_TYPE, false);
	struct bench_real_item *item =
	        field != NULL ? append_item(field, NULL, 0) : NULL;
	if (item != NULL)
		item->nested = new_message(what);
	if (item == NULL || item->nested == NULL) {
		shape->failed = true;
		return inner;
	}
	inner.msg = item->nested;
	inner.failed = false;
	return inner;
}

/* A timestamp from system_time(): microseconds since boot. */
#define SOME_WHEN INT64_C(1834562019)

/*
 * B_MOUSE_MOVED as the mouse add-on of the input_server builds it
 * (src/add-ons/input_server/devices/mouse/MouseInputDevice.cpp,
 * MouseDevice::_BuildMouseMessage): "when", "buttons", and the deltas "x"
 * and "y".
 */
static bool
shape_MouseMoved(struct shape *s)
{
	s->msg->what = BM_TYPE('_', 'M', 'M', 'V');
	add_int64(s, "when", SOME_WHEN);
	add_int32(s, "buttons", 0);
	add_int32(s, "x", 3);
	add_int32(s, "y", -2);
	return !s->failed;
}

/* B_MOUSE_WHEEL_CHANGED, same file (MouseDevice::_ControlThread): "when"
 * and the two wheel deltas as floats. No variable-size item. */
static bool
shape_MouseWheelChanged(struct shape *s)
{
	s->msg->what = BM_TYPE('_', 'M', 'W', 'C');
	add_int64(s, "when", SOME_WHEN);
	add_float(s, "be:wheel_delta_x", 0.0f);
	add_float(s, "be:wheel_delta_y", 1.0f);
	return !s->failed;
}

/*
 * B_KEY_DOWN for the key 'a' as the keyboard add-on builds it
 * (src/add-ons/input_server/devices/keyboard/KeyboardInputDevice.cpp,
 * KeyboardDevice::_ControlThread): "when", "key", "modifiers", the 16
 * bytes of key "states" (AddData, B_UINT8_TYPE, fixed-size), one "byte"
 * per byte of the character, "bytes" (AddData of B_STRING_TYPE with the
 * NUL, so fixed-size too) and "raw_char".
 */
static bool
shape_KeyDown(struct shape *s)
{
	s->msg->what = BM_TYPE('_', 'K', 'Y', 'D');
	unsigned char states[16] = {0};
	states[0x3c / 8] = (unsigned char)(0x80 >> (0x3c % 8));
	int8_t byte = 'a';
	add_int64(s, "when", SOME_WHEN);
	add_int32(s, "key", 0x3c);
	add_int32(s, "modifiers", 0x4000); /* B_NUM_LOCK */
	add(s, "states", TYPE_UINT8, true, states, sizeof states);
	add(s, "byte", TYPE_INT8, true, &byte, 1);
	add(s, "bytes", BM_STRING_TYPE, true, "a", 2);
	add_int32(s, "raw_char", 'a');
	return !s->failed;
}

/* B_REFS_RECEIVED with one entry_ref in "refs", as Mail sends Tracker an
 * attachment to open (src/apps/mail/Content.cpp, TTextView::Open). */
static bool
shape_RefsReceived(struct shape *s)
{
	s->msg->what = BM_TYPE('R', 'R', 'E', 'F');
	add_ref(s, "refs", 3, 1167, "Screenshot of the desktop.png");
	return !s->failed;
}

/*
 * A scripting B_GET_PROPERTY for "Frame of Window 0", as hey and
 * BMessenger users build it with BMessage::AddSpecifier
 * (src/kits/app/Message.cpp): each specifier a nested message in
 * "specifiers", a B_DIRECT_SPECIFIER (1) with its "property", then a
 * B_INDEX_SPECIFIER (2) with "property" and "index".
 */
static bool
shape_GetProperty(struct shape *s)
{
	s->msg->what = BM_TYPE('P', 'G', 'E', 'T');
	struct shape direct = add_message(s, "specifiers", 1);
	if (!direct.failed)
		add_string(&direct, "property", "Frame");
	struct shape index = add_message(s, "specifiers", 2);
	if (!index.failed) {
		add_string(&index, "property", "Window");
		add_int32(&index, "index", 0);
	}
	return !s->failed && !direct.failed && !index.failed;
}

/* The B_REPLY to it: "result" a BRect and "error" B_OK, as BView's
 * scripting answers a get of "Frame" (src/kits/interface/View.cpp,
 * BView::MessageReceived). */
static bool
shape_ReplyFrame(struct shape *s)
{
	s->msg->what = BM_TYPE('R', 'P', 'L', 'Y');
	float frame[4] = {100.0f, 80.0f, 739.0f, 559.0f};
	add(s, "result", TYPE_RECT, true, frame, sizeof frame);
	add_int32(s, "error", 0);
	return !s->failed;
}

/*
 * B_REG_ADD_APP, what an application sends the registrar as it starts
 * (src/kits/app/Roster.cpp, BRoster::_AddApplication): "signature",
 * "ref" (its executable), "flags", "team", "thread", "port" and
 * "full_registration".
 */
static bool
shape_RegisterApp(struct shape *s)
{
	s->msg->what = BM_TYPE('r', 'g', 'a', 'a');
	add_string(s, "signature", "application/x-vnd.Haiku-StyledEdit");
	add_ref(s, "ref", 3, 524, "StyledEdit");
	add_int32(s, "flags", 1); /* B_MULTIPLE_LAUNCH */
	add_int32(s, "team", 1187);
	add_int32(s, "thread", 1187);
	add_int32(s, "port", 10342);
	add_bool(s, "full_registration", true);
	return !s->failed;
}

/*
 * The B_SIMPLE_DATA drag message of a URL in Mail (src/apps/mail/Content.cpp,
 * TTextView::MouseDown): "be:actions" B_COPY_TARGET, "be:types" (given
 * twice), "be:filetypes", "be:clip_name", "be:url", and the nested
 * "be:originator-data" holding the dragged "enclosure" pointer.
 */
static bool
shape_DragURL(struct shape *s)
{
	s->msg->what = BM_TYPE('D', 'A', 'T', 'A');
	add_int32(s, "be:actions", (int32_t)BM_TYPE('D', 'D', 'C', 'P'));
	add_string(s, "be:types", "application/octet-stream");
	add_string(s, "be:types", "application/octet-stream");
	add_string(s, "be:filetypes", "application/x-vnd.Be-bookmark");
	add_string(s, "be:filetypes", "text/plain");
	add_string(s, "be:clip_name", "Bookmark");
	add_string(s, "be:url", "https://www.haiku-os.org/get-haiku/");
	struct shape data = add_message(s, "be:originator-data", 0);
	if (!data.failed) {
		/* A heap address, as the pointer to the enclosure is. */
		uint64_t pointer = UINT64_C(0x0000000105a3c2f0);
		add(&data, "enclosure", TYPE_POINTER, true, &pointer,
		    sizeof pointer);
	}
	return !s->failed && !data.failed;
}

static bool (*const shape_builders[])(struct shape *) = {
#define SHAPE_BUILDER(name_, kind_, file_) shape_builder_##kind_(name_),
#define shape_builder_SHAPE(name_) shape_##name_
#define shape_builder_STORED(name_) NULL
	BENCH_REAL_MESSAGE_LIST(SHAPE_BUILDER)
#undef SHAPE_BUILDER
#undef shape_builder_SHAPE
#undef shape_builder_STORED
};

/* --- Reading flattened bytes into trees --------------------------------------------- */

struct tree_sink {
	struct bench_real_message *msg;
	struct bench_real_field *field;
	const struct bm_ops *dialect;
	int status;
};

static int read_flat(const void *bytes, size_t size,
                     const struct bm_ops *dialect,
                     struct bench_real_message **out);

/* The format of bytes `reader` unflattened: their magic's, or else (a
 * library's format has none) the reader's own. */
static enum bm_format
format_read(const struct bm_ops *reader, const void *bytes, size_t size)
{
	enum bm_format format = bm_detect_format(bytes, size);
	return format != BM_FORMAT_UNKNOWN ? format : reader->native_format;
}

/* Stops the decoder with this value (not a status). */
#define TREE_STOP 1

static int
tree_begin(void *ctx, enum bm_format format, uint32_t what)
{
	struct tree_sink *sink = ctx;
	sink->msg->format = format;
	sink->msg->what = what;
	return 0;
}

static int
tree_field(void *ctx, const char *name, size_t name_len, bm_type_code type,
           bool fixed_size, int32_t count)
{
	struct tree_sink *sink = ctx;
	(void)count;
	for (size_t f = 0; f < sink->msg->count; f++) {
		if (strlen(sink->msg->fields[f].name) == name_len &&
		    memcmp(sink->msg->fields[f].name, name, name_len) == 0) {
			/* A name given twice: no message here has one. */
			sink->status = BM_BAD_DATA;
			return TREE_STOP;
		}
	}
	/* A nested message is rebuilt through AddMessage, variable-size. */
	sink->field = field_of(sink->msg, name, name_len, type,
	                       fixed_size && type != BM_MESSAGE_TYPE);
	if (sink->field == NULL) {
		sink->status = BM_NO_MEMORY;
		return TREE_STOP;
	}
	return 0;
}

static int
tree_item(void *ctx, const void *data, size_t size)
{
	struct tree_sink *sink = ctx;
	struct bench_real_item *item = append_item(sink->field, data, size);
	if (item == NULL) {
		sink->status = BM_NO_MEMORY;
		return TREE_STOP;
	}
	if (sink->field->type == BM_MESSAGE_TYPE) {
		int rc = read_flat(data, size, sink->dialect, &item->nested);
		if (rc != BM_OK) {
			sink->status = rc;
			return TREE_STOP;
		}
	}
	return 0;
}

static int
read_flat(const void *bytes, size_t size, const struct bm_ops *dialect,
          struct bench_real_message **out)
{
	*out = NULL;
	if (dialect != NULL) {
		bm_message *msg = NULL;
		int rc = bm_create(dialect, 0, &msg);
		if (rc == BM_OK)
			rc = bm_unflatten(msg, bytes, size);
		if (rc == BM_OK)
			rc = bench_real_read_message(msg, NULL, out);
		if (rc == BM_OK)
			(*out)->format = format_read(dialect, bytes, size);
		bm_destroy(msg);
		return rc;
	}
	struct tree_sink sink = {.msg = new_message(0), .status = BM_OK};
	if (sink.msg == NULL)
		return BM_NO_MEMORY;
	const struct bm_decode_sink decode = {
		.begin = tree_begin,
		.field = tree_field,
		.item = tree_item,
		.ctx = &sink,
	};
	int rc = bm_decode(bytes, size, &decode);
	if (rc == TREE_STOP)
		rc = sink.status;
	if (rc != BM_OK) {
		bench_real_free(sink.msg);
		return rc;
	}
	*out = sink.msg;
	return BM_OK;
}

int
bench_real_read_flat(const void *bytes, size_t size,
                     const struct bm_ops *dialect,
                     struct bench_real_message **out)
{
	return read_flat(bytes, size, dialect, out);
}

/* Reads one field's items (info from the backend) into `field`. */
static int
read_items(const bm_message *msg, const char *name,
           const struct bm_field_info *info, struct bench_real_field *field)
{
	for (int32_t i = 0; i < info->count; i++) {
		const void *data;
		size_t size;
		int rc = bm_find_data(msg, name, info->type, i, &data, &size);
		if (rc != BM_OK)
			return rc;
		struct bench_real_item *item = append_item(field, data, size);
		if (item == NULL)
			return BM_NO_MEMORY;
		if (info->type != BM_MESSAGE_TYPE)
			continue;
		bm_message *inner = NULL;
		rc = bm_create(msg->ops, 0, &inner);
		if (rc == BM_OK)
			rc = bm_unflatten(inner, data, size);
		if (rc == BM_OK)
			rc = bench_real_read_message(inner, NULL, &item->nested);
		bm_destroy(inner);
		if (rc != BM_OK)
			return rc;
		item->nested->format = format_read(msg->ops, data, size);
	}
	return BM_OK;
}

int
bench_real_read_message(const bm_message *msg,
                        const struct bench_real_message *names,
                        struct bench_real_message **out)
{
	struct bench_real_message *tree = new_message(msg->what);
	if (tree == NULL)
		return BM_NO_MEMORY;
	int rc = BM_OK;
	size_t count = names != NULL ? names->count
	                             : (size_t)bm_count_fields(msg);
	char name[BM_NAME_MAX + 1];
	for (size_t f = 0; f < count && rc == BM_OK; f++) {
		struct bm_field_info info;
		if (names != NULL) {
			snprintf(name, sizeof name, "%s", names->fields[f].name);
			rc = bm_get_info(msg, name, &info);
		} else {
			rc = bm_field_at(msg, (int32_t)f, &info);
			if (rc == BM_OK) {
				memcpy(name, info.name, info.name_len);
				name[info.name_len] = '\0';
			}
		}
		if (rc != BM_OK)
			break;
		struct bench_real_field *field =
		        field_of(tree, name, strlen(name), info.type,
		                 info.fixed_size);
		if (field == NULL || field->count > 0) {
			rc = field == NULL ? BM_NO_MEMORY : BM_BAD_DATA;
			break;
		}
		rc = read_items(msg, name, &info, field);
	}
	if (rc != BM_OK) {
		bench_real_free(tree);
		return rc;
	}
	*out = tree;
	return BM_OK;
}

/* --- Building ----------------------------------------------------------------------------- */

static const struct bench_fixture *
fixture_named(const char *name)
{
	for (size_t i = 0; i < bench_fixture_count; i++)
		if (strcmp(bench_fixtures[i].name, name) == 0)
			return &bench_fixtures[i];
	return NULL;
}

struct bench_real_message *
bench_real_build(size_t index, char *why, size_t why_size)
{
	if (index >= bench_real_count()) {
		snprintf(why, why_size, "no real message %zu", index);
		return NULL;
	}
	if (bench_real_kind(index) == BENCH_REAL_SHAPE) {
		struct shape shape = {.msg = new_message(0)};
		if (shape.msg == NULL || !shape_builders[index](&shape)) {
			snprintf(why, why_size, "harness out of memory");
			bench_real_free(shape.msg);
			return NULL;
		}
		return shape.msg;
	}
	const char *file = bench_real_file(index);
	const struct bench_fixture *fixture = fixture_named(file);
	if (fixture == NULL) {
		snprintf(why, why_size, "%s is not built into bench",
		         file);
		return NULL;
	}
	struct bench_real_message *msg = NULL;
	int rc = read_flat(fixture->bytes, fixture->size, NULL, &msg);
	if (rc != BM_OK) {
		snprintf(why, why_size, "%s: %s", file, bm_strerror(rc));
		return NULL;
	}
	/* An expected tree holds nested messages as trees only: each
	 * backend writes their bytes its own way. */
	struct bench_real_message *stack[64];
	size_t depth = 0;
	stack[depth++] = msg;
	while (depth > 0) {
		struct bench_real_message *m = stack[--depth];
		for (size_t f = 0; f < m->count; f++) {
			struct bench_real_field *field = &m->fields[f];
			for (size_t i = 0; i < field->count; i++) {
				struct bench_real_item *item = &field->items[i];
				if (item->nested == NULL)
					continue;
				free(item->bytes);
				item->bytes = NULL;
				item->size = 0;
				if (depth == sizeof stack / sizeof stack[0]) {
					snprintf(why, why_size,
					         "%s: nested too deep", file);
					bench_real_free(msg);
					return NULL;
				}
				stack[depth++] = item->nested;
			}
		}
	}
	return msg;
}

/* --- Comparing ------------------------------------------------------------------------------ */

static bool
equal(const struct bench_real_message *expected,
      const struct bench_real_message *got, enum bm_format format,
      const char *where, char *why, size_t why_size)
{
	if (format != BM_FORMAT_UNKNOWN && got->format != format) {
		snprintf(why, why_size, "%smessage in format %s, expected %s",
		         where, bm_format_name(got->format),
		         bm_format_name(format));
		return false;
	}
	if (got->what != expected->what) {
		snprintf(why, why_size, "%swhat is 0x%08x, expected 0x%08x",
		         where, (unsigned)got->what, (unsigned)expected->what);
		return false;
	}
	if (got->count != expected->count) {
		snprintf(why, why_size, "%sholds %zu fields, expected %zu",
		         where, got->count, expected->count);
		return false;
	}
	for (size_t f = 0; f < expected->count; f++) {
		const struct bench_real_field *want = &expected->fields[f];
		const struct bench_real_field *have = NULL;
		for (size_t g = 0; g < got->count && have == NULL; g++)
			if (strcmp(got->fields[g].name, want->name) == 0)
				have = &got->fields[g];
		if (have == NULL) {
			snprintf(why, why_size, "%sno field \"%s\"", where,
			         want->name);
			return false;
		}
		if (have->type != want->type || have->count != want->count) {
			snprintf(why, why_size,
			         "%sfield \"%s\" has type 0x%08x and %zu items, "
			         "expected 0x%08x and %zu", where, want->name,
			         (unsigned)have->type, have->count,
			         (unsigned)want->type, want->count);
			return false;
		}
		for (size_t i = 0; i < want->count; i++) {
			const struct bench_real_item *a = &want->items[i];
			const struct bench_real_item *b = &have->items[i];
			if (a->nested != NULL) {
				char inner[96];
				snprintf(inner, sizeof inner, "%s%s[%zu]: ",
				         where, want->name, i);
				if (b->nested == NULL) {
					snprintf(why, why_size,
					         "%snot a message", inner);
					return false;
				}
				if (!equal(a->nested, b->nested, format, inner,
				           why, why_size))
					return false;
			} else if (a->size != b->size ||
			           memcmp(a->bytes, b->bytes, a->size) != 0) {
				snprintf(why, why_size,
				         "%sfield \"%s\" item %zu differs (%zu "
				         "bytes, expected %zu)", where, want->name,
				         i, b->size, a->size);
				return false;
			}
		}
	}
	return true;
}

bool
bench_real_equal(const struct bench_real_message *expected,
                 const struct bench_real_message *got, enum bm_format format,
                 char *why, size_t why_size)
{
	return equal(expected, got, format, "", why, why_size);
}

/* --- The timed work -------------------------------------------------------------------------- */

/* Makes room for `size` bytes when allowed to grow. */
static bool
room(struct bench_real_buffer *buffer, size_t size, bool grow)
{
	if (size <= buffer->capacity)
		return true;
	if (!grow)
		return false;
	unsigned char *bytes = realloc(buffer->bytes, size);
	if (bytes == NULL)
		return false;
	buffer->bytes = bytes;
	buffer->capacity = size;
	return true;
}

/* Adds `content` to msg; nested messages are built, flattened into
 * scratch and added, one at a time (a single scratch buffer serves every
 * depth: a nested message's bytes are copied in by the add before the
 * next one is flattened). Returns the first failing status. */
static int
add_content(bm_message *msg, const struct bench_real_message *content,
            struct bench_real_buffer *scratch, bool grow)
{
	for (size_t f = 0; f < content->count; f++) {
		const struct bench_real_field *field = &content->fields[f];
		for (size_t i = 0; i < field->count; i++) {
			const struct bench_real_item *item = &field->items[i];
			int rc;
			if (item->nested == NULL) {
				rc = bm_add_data(msg, field->name, field->type,
				                 item->bytes, item->size,
				                 field->fixed_size);
				if (rc != BM_OK)
					return rc;
				continue;
			}
			bm_message *inner = NULL;
			size_t size = 0;
			rc = bm_create(msg->ops, item->nested->what, &inner);
			if (rc == BM_OK)
				rc = add_content(inner, item->nested, scratch,
				                 grow);
			if (rc == BM_OK)
				rc = bm_flattened_size(inner, &size);
			if (rc == BM_OK && !room(scratch, size, grow))
				rc = BM_BUFFER_TOO_SMALL;
			if (rc == BM_OK)
				rc = bm_flatten(inner, scratch->bytes,
				                scratch->capacity);
			bm_destroy(inner);
			if (rc == BM_OK)
				rc = bm_add_data(msg, field->name,
				                 BM_MESSAGE_TYPE, scratch->bytes,
				                 size, false);
			if (rc != BM_OK)
				return rc;
		}
	}
	return BM_OK;
}

uint64_t
bench_real_send(const struct bm_ops *backend,
                const struct bench_real_message *content,
                struct bench_real_buffer *scratch,
                struct bench_real_buffer *flat, bool grow, size_t *flat_size)
{
	bm_message *msg = NULL;
	size_t size = 0;
	int rc = bm_create(backend, content->what, &msg);
	if (rc == BM_OK)
		rc = add_content(msg, content, scratch, grow);
	if (rc == BM_OK)
		rc = bm_flattened_size(msg, &size);
	if (rc == BM_OK && !room(flat, size, grow))
		rc = BM_BUFFER_TOO_SMALL;
	if (rc == BM_OK)
		rc = bm_flatten(msg, flat->bytes, flat->capacity);
	bm_destroy(msg);
	*flat_size = size;
	return (uint32_t)rc + size;
}

/* The checksum of one item read: its status, size and last byte. */
static uint64_t
item_sum(int rc, const void *data, size_t size)
{
	uint64_t sum = (uint32_t)rc;
	if (rc == BM_OK && size > 0)
		sum += size + ((const unsigned char *)data)[size - 1];
	return sum;
}

static uint64_t
receive(const bm_message *msg, const struct bench_real_message *content)
{
	uint64_t sum = msg->what;
	for (size_t f = 0; f < content->count; f++) {
		const struct bench_real_field *field = &content->fields[f];
		for (size_t i = 0; i < field->count; i++) {
			const void *data = NULL;
			size_t size = 0;
			int rc = bm_find_data(msg, field->name, field->type,
			                      (int32_t)i, &data, &size);
			sum += item_sum(rc, data, size);
			const struct bench_real_message *nested =
			        field->items[i].nested;
			if (rc != BM_OK || nested == NULL)
				continue;
			/* FindMessage: unflatten it, then read it too. */
			bm_message *inner = NULL;
			rc = bm_create(msg->ops, 0, &inner);
			if (rc == BM_OK)
				rc = bm_unflatten(inner, data, size);
			sum += (uint32_t)rc;
			if (rc == BM_OK)
				sum += receive(inner, nested);
			bm_destroy(inner);
		}
	}
	return sum;
}

uint64_t
bench_real_receive(const struct bm_ops *backend,
                   const struct bench_real_message *content,
                   const void *bytes, size_t size)
{
	bm_message *msg = NULL;
	int rc = bm_create(backend, 0, &msg);
	if (rc == BM_OK)
		rc = bm_unflatten(msg, bytes, size);
	uint64_t sum = (uint32_t)rc;
	if (rc == BM_OK)
		sum += receive(msg, content);
	bm_destroy(msg);
	return sum;
}

static uint64_t
load(const bm_message *msg)
{
	int32_t count = bm_count_fields(msg);
	uint64_t sum = msg->what + (uint32_t)count;
	char name[BM_NAME_MAX + 1];
	for (int32_t f = 0; f < count; f++) {
		struct bm_field_info info;
		int rc = bm_field_at(msg, f, &info);
		sum += (uint32_t)rc;
		if (rc != BM_OK)
			continue;
		/* GetInfo hands a program a NUL-terminated name. */
		memcpy(name, info.name, info.name_len);
		name[info.name_len] = '\0';
		for (int32_t i = 0; i < info.count; i++) {
			const void *data = NULL;
			size_t size = 0;
			rc = bm_find_data(msg, name, info.type, i, &data, &size);
			sum += item_sum(rc, data, size);
			if (rc != BM_OK || info.type != BM_MESSAGE_TYPE)
				continue;
			bm_message *inner = NULL;
			rc = bm_create(msg->ops, 0, &inner);
			if (rc == BM_OK)
				rc = bm_unflatten(inner, data, size);
			sum += (uint32_t)rc;
			if (rc == BM_OK)
				sum += load(inner);
			bm_destroy(inner);
		}
	}
	return sum;
}

uint64_t
bench_real_load(const struct bm_ops *backend, const void *bytes, size_t size)
{
	bm_message *msg = NULL;
	int rc = bm_create(backend, 0, &msg);
	if (rc == BM_OK)
		rc = bm_unflatten(msg, bytes, size);
	uint64_t sum = (uint32_t)rc;
	if (rc == BM_OK)
		sum += load(msg);
	bm_destroy(msg);
	return sum;
}

uint64_t
bench_real_read_checksum(const struct bench_real_message *read,
                         bool field_counts)
{
	/* What receive() and load() fold for a message read without error:
	 * the what code (load: and the field count), then per item its size
	 * and last byte, nested messages in turn. */
	uint64_t sum = read->what + (field_counts ? (uint32_t)read->count : 0);
	for (size_t f = 0; f < read->count; f++) {
		const struct bench_real_field *field = &read->fields[f];
		for (size_t i = 0; i < field->count; i++) {
			const struct bench_real_item *item = &field->items[i];
			sum += item_sum(BM_OK, item->bytes, item->size);
			if (item->nested != NULL)
				sum += bench_real_read_checksum(item->nested,
				                                field_counts);
		}
	}
	return sum;
}
