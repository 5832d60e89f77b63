/*
 * msgdump.c - msgdump: its JSON and human printers and the program itself
 * (see msgdump.h); --reflatten copies through bm_copy.
 */
#include "msgdump.h"

#include "exit_codes.h"
#include "help.h"
#include "output_file.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define USAGE "msgdump [--backend NAME] [--json] [--reflatten OUT] FILE"
#define DEFAULT_BACKEND "Message4"

/* Nested messages are printed up to this depth; deeper ones are named
 * only (each level costs stack and a message). */
#define HUMAN_MAX_DEPTH 32

/* A backend that checks on read (BM_BACKEND_CHECKS_ON_READ) accepts bytes
 * whose malformed parts only a read finds; msgdump reads files from
 * anywhere, so it checks them whole first with the shared decoder
 * (impl/README.md §7), as every other backend's Unflatten does. */
static int
msgdump_check(const struct bm_ops *ops, const void *bytes, size_t size)
{
	static const struct bm_decode_sink check_only = {0};
	if ((ops->flags & BM_BACKEND_CHECKS_ON_READ) == 0)
		return BM_OK;
	int rc = bm_decode(bytes, size, &check_only);
	/* What bm_unflatten hands to the shared decoder anyway. */
	return rc == BM_UNSUPPORTED ? BM_OK : rc;
}

static void
type_chars(bm_type_code type, char chars[4])
{
	chars[0] = (char)(type >> 24);
	chars[1] = (char)(type >> 16);
	chars[2] = (char)(type >> 8);
	chars[3] = (char)type;
}

static bool
printable_ascii(const char *chars, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)chars[i];
		if (c < 0x20 || c > 0x7e)
			return false;
	}
	return true;
}

/* --- JSON ---------------------------------------------------------------- */

/* Writes bytes read as Latin-1 as a JSON string. */
static void
json_string(FILE *out, const char *bytes, size_t len)
{
	fputc('"', out);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)bytes[i];
		switch (c) {
		case '"':
			fputs("\\\"", out);
			break;
		case '\\':
			fputs("\\\\", out);
			break;
		case '\b':
			fputs("\\b", out);
			break;
		case '\f':
			fputs("\\f", out);
			break;
		case '\n':
			fputs("\\n", out);
			break;
		case '\r':
			fputs("\\r", out);
			break;
		case '\t':
			fputs("\\t", out);
			break;
		default:
			/* Control characters (DEL too) and everything past
			 * ASCII: U+0000..U+00FF is Latin-1 itself. */
			if (c < 0x20 || c >= 0x7f)
				fprintf(out, "\\u%04x", (unsigned)c);
			else
				fputc(c, out);
		}
	}
	fputc('"', out);
}

static void
json_type(FILE *out, bm_type_code type)
{
	char chars[4];
	type_chars(type, chars);
	if (printable_ascii(chars, 4))
		json_string(out, chars, 4);
	else
		fprintf(out, "\"0x%08" PRIx32 "\"", type);
}

static void
json_hex(FILE *out, const void *data, size_t size)
{
	static const char digits[] = "0123456789abcdef";
	const unsigned char *bytes = data;
	fputc('"', out);
	for (size_t i = 0; i < size; i++) {
		fputc(digits[bytes[i] >> 4], out);
		fputc(digits[bytes[i] & 15], out);
	}
	fputc('"', out);
}

int
msgdump_json(FILE *out, const bm_message *msg, enum bm_format format)
{
	const char *format_name = bm_format_name(format);
	fputs("{\"format\":", out);
	json_string(out, format_name, strlen(format_name));
	fprintf(out, ",\"what\":%" PRIu32 ",\"fields\":[", msg->what);
	int32_t count = bm_count_fields(msg);
	for (int32_t i = 0; i < count; i++) {
		struct bm_field_info info;
		char name[BM_NAME_MAX + 1];
		int rc = bm_field_named_at(msg, i, &info, name);
		if (rc != BM_OK)
			return rc;
		fputs(i > 0 ? ",{\"name\":" : "{\"name\":", out);
		json_string(out, name, info.name_len);
		fputs(",\"type\":", out);
		json_type(out, info.type);
		fputs(",\"items\":[", out);
		for (int32_t k = 0; k < info.count; k++) {
			const void *data;
			size_t size;
			rc = bm_find_data(msg, name, info.type, k, &data, &size);
			if (rc != BM_OK)
				return rc;
			if (k > 0)
				fputc(',', out);
			json_hex(out, data, size);
		}
		fputs("]}", out);
	}
	fputs("]}\n", out);
	return BM_OK;
}

/* --- Human output (after BMessage::PrintToStream) ----------------------- */

static void human_fields(FILE *out, const bm_message *msg, int depth);

/* Writes bytes with control characters as \xNN (names, strings). */
static void
human_text(FILE *out, const char *bytes, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)bytes[i];
		if (c < 0x20 || c == 0x7f)
			fprintf(out, "\\x%02x", (unsigned)c);
		else
			fputc(c, out);
	}
}

static void
human_what(FILE *out, uint32_t what)
{
	char chars[4];
	type_chars(what, chars);
	if (printable_ascii(chars, 4))
		fprintf(out, "BMessage('%.4s') {\n", chars);
	else
		fprintf(out, "BMessage(0x%" PRIx32 ") {\n", what);
}

static void
indent(FILE *out, int depth)
{
	for (int i = 0; i <= depth; i++)
		fputs("        ", out);
}

/* A nested message, unflattened with the parent's backend. */
static void
human_nested(FILE *out, const bm_message *parent, const void *data,
             size_t size, int depth)
{
	if (depth + 1 >= HUMAN_MAX_DEPTH) {
		fprintf(out, "message(%zu bytes, nested too deep to print)\n",
		        size);
		return;
	}
	bm_message *nested = NULL;
	int rc = msgdump_check(parent->ops, data, size);
	if (rc == BM_OK)
		rc = bm_create(parent->ops, 0, &nested);
	if (rc == BM_OK)
		rc = bm_unflatten(nested, data, size);
	if (rc != BM_OK) {
		fprintf(out, "failed unflatten: %s\n", bm_strerror(rc));
		bm_destroy(nested);
		return;
	}
	human_what(out, nested->what);
	human_fields(out, nested, depth + 1);
	indent(out, depth);
	fputs("}\n", out);
	bm_destroy(nested);
}

static float
load_float(const unsigned char *p)
{
	float v;
	memcpy(&v, p, sizeof v);
	return v;
}

/* A BRect or a BPoint; false when the type is neither or the size does not
 * fit it. */
static bool
human_geometry(FILE *out, bm_type_code type, const unsigned char *p,
               size_t size)
{
	switch (type) {
	case BM_TYPE('R', 'E', 'C', 'T'):
		if (size != 16)
			return false;
		fprintf(out, "BRect(l:%.1f, t:%.1f, r:%.1f, b:%.1f)\n",
		        (double)load_float(p), (double)load_float(p + 4),
		        (double)load_float(p + 8), (double)load_float(p + 12));
		return true;
	case BM_TYPE('B', 'P', 'N', 'T'):
		if (size != 8)
			return false;
		fprintf(out, "BPoint(x:%.1f, y:%.1f)\n", (double)load_float(p),
		        (double)load_float(p + 4));
		return true;
	default:
		return false;
	}
}

/* A string, up to its first NUL, with its size. */
static void
human_string(FILE *out, const void *data, size_t size)
{
	const char *text = data;
	const char *nul = memchr(text, '\0', size);
	fputs("string(\"", out);
	human_text(out, text, nul != NULL ? (size_t)(nul - text) : size);
	fprintf(out, "\", %zu bytes)\n", size);
}

/* An integer of 8 to 64 bits, signed or not, in hex and in decimal; false
 * when the type is none of them or the size does not fit it. */
static bool
human_integer(FILE *out, bm_type_code type, const unsigned char *p,
              size_t size)
{
	int8_t i8;
	int16_t i16;
	uint16_t u16;
	int32_t i32;
	uint32_t u32;
	int64_t i64;
	uint64_t u64;

	switch (type) {
	case BM_TYPE('B', 'Y', 'T', 'E'):
		if (size != 1)
			return false;
		memcpy(&i8, p, 1);
		fprintf(out, "int8(0x%x or %d)\n", (unsigned)p[0], (int)i8);
		return true;
	case BM_TYPE('U', 'B', 'Y', 'T'):
		if (size != 1)
			return false;
		fprintf(out, "uint8(0x%x or %u)\n", (unsigned)p[0], (unsigned)p[0]);
		return true;
	case BM_TYPE('S', 'H', 'R', 'T'):
		if (size != 2)
			return false;
		memcpy(&i16, p, 2);
		fprintf(out, "int16(0x%x or %d)\n", (unsigned)(uint16_t)i16,
		        (int)i16);
		return true;
	case BM_TYPE('U', 'S', 'H', 'T'):
		if (size != 2)
			return false;
		memcpy(&u16, p, 2);
		fprintf(out, "uint16(0x%x or %u)\n", (unsigned)u16, (unsigned)u16);
		return true;
	case BM_INT32_TYPE:
		if (size != 4)
			return false;
		memcpy(&i32, p, 4);
		fprintf(out, "int32(0x%" PRIx32 " or %" PRId32 ")\n", (uint32_t)i32,
		        i32);
		return true;
	case BM_TYPE('U', 'L', 'N', 'G'):
		if (size != 4)
			return false;
		memcpy(&u32, p, 4);
		fprintf(out, "uint32(0x%" PRIx32 " or %" PRIu32 ")\n", u32, u32);
		return true;
	case BM_TYPE('L', 'L', 'N', 'G'):
		if (size != 8)
			return false;
		memcpy(&i64, p, 8);
		fprintf(out, "int64(0x%" PRIx64 " or %" PRId64 ")\n", (uint64_t)i64,
		        i64);
		return true;
	case BM_TYPE('U', 'L', 'L', 'G'):
		if (size != 8)
			return false;
		memcpy(&u64, p, 8);
		fprintf(out, "uint64(0x%" PRIx64 " or %" PRIu64 ")\n", u64, u64);
		return true;
	default:
		return false;
	}
}

/* A bool, a float or a double; false when the type is none of them or the
 * size does not fit it. */
static bool
human_scalar(FILE *out, bm_type_code type, const unsigned char *p,
             size_t size)
{
	double d;

	switch (type) {
	case BM_TYPE('B', 'O', 'O', 'L'):
		if (size != 1)
			return false;
		fprintf(out, "bool(%s)\n", p[0] != 0 ? "true" : "false");
		return true;
	case BM_TYPE('F', 'L', 'O', 'T'):
		if (size != 4)
			return false;
		fprintf(out, "float(%.4f)\n", (double)load_float(p));
		return true;
	case BM_TYPE('D', 'B', 'L', 'E'):
		if (size != 8)
			return false;
		memcpy(&d, p, 8);
		fprintf(out, "double(%.8f)\n", d);
		return true;
	default:
		return false;
	}
}

/* An item shown raw: its type and its size. */
static void
human_raw(FILE *out, bm_type_code type, size_t size)
{
	char chars[4];
	type_chars(type, chars);
	if (printable_ascii(chars, 4))
		fprintf(out, "(type = '%.4s')(size = %zu)\n", chars, size);
	else
		fprintf(out, "(type = 0x%08" PRIx32 ")(size = %zu)\n", type, size);
}

/* One item's value, as PrintToStream shows its type; items whose size does
 * not fit their type are shown as raw. */
static void
human_item(FILE *out, const bm_message *msg, bm_type_code type,
           const void *data, size_t size, int depth)
{
	if (type == BM_STRING_TYPE)
		human_string(out, data, size);
	else if (type == BM_MESSAGE_TYPE)
		human_nested(out, msg, data, size, depth);
	else if (!human_geometry(out, type, data, size) &&
	         !human_integer(out, type, data, size) &&
	         !human_scalar(out, type, data, size))
		human_raw(out, type, size);
}

static void
human_fields(FILE *out, const bm_message *msg, int depth)
{
	int32_t count = bm_count_fields(msg);
	for (int32_t i = 0; i < count; i++) {
		struct bm_field_info info;
		char name[BM_NAME_MAX + 1];
		if (bm_field_named_at(msg, i, &info, name) != BM_OK)
			continue;
		for (int32_t k = 0; k < info.count; k++) {
			const void *data;
			size_t size;
			indent(out, depth);
			human_text(out, name, info.name_len);
			if (info.count != 1)
				fprintf(out, "[%" PRId32 "]", k);
			fputs(" = ", out);
			int rc = bm_find_data(msg, name, info.type, k, &data, &size);
			if (rc != BM_OK)
				fprintf(out, "(%s)\n", bm_strerror(rc));
			else
				human_item(out, msg, info.type, data, size, depth);
		}
	}
}

int
msgdump_human(FILE *out, const bm_message *msg)
{
	human_what(out, msg->what);
	human_fields(out, msg, 0);
	fputs("}\n", out);
	return BM_OK;
}

/* --- The program --------------------------------------------------------- */

struct options {
	const char *backend;
	bool json;
	const char *reflatten;
	const char *file;
};

static void
print_help(FILE *out)
{
	fprintf(out,
	        "usage: %s\n"
	        "Prints a flattened BMessage (R5 FOB1 or HMF1 in either byte "
	        "order, Dano FOB2),\n"
	        "unflattened with backend NAME (default %s).\n"
	        "  --json           one line of JSON\n"
	        "  --reflatten OUT  also rebuild the message through the add "
	        "path and write it\n"
	        "                   flattened to OUT, by bench's output "
	        "rules: a regular file\n"
	        "                   replaced whole keeping its mode, a device "
	        "or FIFO written\n"
	        "                   in place, a folder or a missing folder "
	        "refused before FILE\n"
	        "                   is read\n"
	        "  -h, --help       this text\n"
	        "Exit status: 0 ok, 1 bad file, 2 bad usage.\n",
	        USAGE, DEFAULT_BACKEND);
}

/*
 * Matches an option that takes a value (--backend, --reflatten), as
 * "--name value" or "--name=value". Returns where to store the value, or
 * NULL when arg is no such option; *inline_value is the text after '='
 * or NULL.
 */
static const char **
value_option(const char *arg, struct options *options,
             const char **inline_value)
{
	const char **value = NULL;
	size_t len = 0;
	if (strncmp(arg, "--backend", len = strlen("--backend")) == 0)
		value = &options->backend;
	else if (strncmp(arg, "--reflatten", len = strlen("--reflatten")) == 0)
		value = &options->reflatten;
	if (value == NULL || (arg[len] != '\0' && arg[len] != '='))
		return NULL;
	*inline_value = arg[len] == '=' ? arg + len + 1 : NULL;
	return value;
}

/* Parses the command line; returns 0 to go on, -1 after printing the
 * help, or BENCH_EXIT_USAGE after printing a reason. */
static int
parse_options(int argc, char **argv, struct options *options, FILE *out,
              FILE *err)
{
	if (bench_asks_help(argc, argv)) {
		print_help(out);
		return -1;
	}
	bool only_files = false;
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		if (only_files || arg[0] != '-' || arg[1] == '\0') {
			if (options->file != NULL) {
				fprintf(err, "msgdump: more than one FILE (usage: %s)\n",
				        USAGE);
				return BENCH_EXIT_USAGE;
			}
			options->file = arg;
			continue;
		}
		const char *inline_value;
		const char **value;
		if (strcmp(arg, "--") == 0) {
			only_files = true;
		} else if (strcmp(arg, "--json") == 0) {
			options->json = true;
		} else if ((value = value_option(arg, options, &inline_value)) !=
		           NULL) {
			*value = inline_value != NULL ? inline_value
			         : i + 1 < argc       ? argv[++i]
			                              : "";
			if ((*value)[0] == '\0') {
				fprintf(err, "msgdump: %.*s needs a value (usage: %s)\n",
				        (int)strcspn(arg, "="), arg, USAGE);
				return BENCH_EXIT_USAGE;
			}
		} else {
			fprintf(err, "msgdump: unknown option '%s' (usage: %s)\n", arg,
			        USAGE);
			return BENCH_EXIT_USAGE;
		}
	}
	if (options->file == NULL) {
		fprintf(err, "msgdump: no FILE given (usage: %s)\n", USAGE);
		return BENCH_EXIT_USAGE;
	}
	/* Where the message goes, before it is read. */
	char why[4096 + 256];
	if (options->reflatten != NULL &&
	    !bench_output_check(options->reflatten, why, sizeof why)) {
		fprintf(err, "msgdump: --reflatten %s\n", why);
		return BENCH_EXIT_USAGE;
	}
	return 0;
}

/* Reads a whole file ("-": standard input) into a malloc'd buffer; stops
 * one byte past BM_FLAT_MAX, which bm_unflatten then refuses. */
static unsigned char *
read_all(const char *path, size_t *size)
{
	FILE *file = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	if (file == NULL)
		return NULL;
	size_t capacity = 65536, length = 0;
	unsigned char *bytes = malloc(capacity);
	while (bytes != NULL) {
		size_t got = fread(bytes + length, 1, capacity - length, file);
		length += got;
		if (length < capacity || length > BM_FLAT_MAX)
			break;
		unsigned char *grown = realloc(bytes, capacity * 2);
		if (grown == NULL) {
			free(bytes);
			bytes = NULL;
			errno = ENOMEM;
			break;
		}
		bytes = grown;
		capacity *= 2;
	}
	bool failed = bytes == NULL || ferror(file);
	int saved = errno;
	if (file != stdin)
		fclose(file);
	if (failed) {
		free(bytes);
		errno = saved != 0 ? saved : EIO;
		return NULL;
	}
	*size = length;
	return bytes;
}

/* The bytes of a flattened message, for the output writer. */
struct flat_bytes {
	const unsigned char *bytes;
	size_t size;
};

static bool
write_bytes(FILE *stream, const void *ctx)
{
	const struct flat_bytes *flat = ctx;
	return fwrite(flat->bytes, 1, flat->size, stream) == flat->size;
}

/* Writes msg's flattened bytes to path by the output rules
 * (output_file.h); returns 0 or writes a reason. */
static int
write_flattened(bm_message *msg, const char *path, char *why, size_t why_size)
{
	size_t size;
	int rc = bm_flattened_size(msg, &size);
	if (rc != BM_OK) {
		snprintf(why, why_size, "cannot flatten the rebuilt message: %s",
		         bm_strerror(rc));
		return BENCH_EXIT_FAILED;
	}
	unsigned char *bytes = malloc(size > 0 ? size : 1);
	if (bytes == NULL) {
		snprintf(why, why_size, "out of memory");
		return BENCH_EXIT_FAILED;
	}
	rc = bm_flatten(msg, bytes, size);
	if (rc != BM_OK) {
		snprintf(why, why_size, "cannot flatten the rebuilt message: %s",
		         bm_strerror(rc));
		free(bytes);
		return BENCH_EXIT_FAILED;
	}
	const struct flat_bytes flat = {bytes, size};
	bool ok = bench_output_write(path, write_bytes, &flat, why, why_size);
	free(bytes);
	return ok ? 0 : BENCH_EXIT_FAILED;
}

/* Lists the registered backends into text, comma-separated. */
static void
backend_names(char *text, size_t text_size)
{
	size_t count, used = 0;
	const struct bm_ops *const *backends = bm_backends(&count);
	text[0] = '\0';
	for (size_t i = 0; i < count && used < text_size; i++) {
		int n = snprintf(text + used, text_size - used, "%s%s",
		                 i > 0 ? ", " : "", backends[i]->name);
		if (n < 0)
			break;
		used += (size_t)n;
	}
}

/* The backend called `name`, checked to survive any file; NULL after
 * saying why on err, with the exit status in *status. */
static const struct bm_ops *
choose_backend(const char *name, FILE *err, int *status)
{
	char why[512];
	size_t backend_count;
	const struct bm_ops *const *backends = bm_backends(&backend_count);
	if (!bm_backends_valid(backends, backend_count, why, sizeof why)) {
		fprintf(err, "msgdump: %s\n", why);
		*status = BENCH_EXIT_FAILED;
		return NULL;
	}
	const struct bm_ops *ops = bm_find_backend(name);
	if (ops == NULL) {
		char names[256];
		backend_names(names, sizeof names);
		fprintf(err, "msgdump: unknown backend '%s' (known: %s)\n", name,
		        names);
		*status = BENCH_EXIT_USAGE;
		return NULL;
	}
	/* msgdump reads files from anywhere. */
	if ((ops->flags & BM_BACKEND_UNSAFE_ON_BAD_INPUT) != 0) {
		fprintf(err, "msgdump: backend %s does not survive malformed "
		        "input; choose another (--backend)\n", ops->name);
		*status = BENCH_EXIT_USAGE;
		return NULL;
	}
	/* A library's format (impl/README.md §12.2) is no file msgdump reads,
	 * nor one its --reflatten should write. */
	if (!bm_format_has_magic(ops->native_format)) {
		fprintf(err, "msgdump: backend %s writes %s, which msgdump "
		        "cannot read; choose another (--backend)\n", ops->name,
		        bm_format_name(ops->native_format));
		*status = BENCH_EXIT_USAGE;
		return NULL;
	}
	return ops;
}

/* Where the shared check refuses the bytes, as ": at byte N of M, expected
 * WHAT", or "" when it takes them (a backend's own limit refused them). */
static void
refusal(const unsigned char *bytes, size_t size, char *where,
        size_t where_size)
{
	size_t offset;
	const char *expected;
	where[0] = '\0';
	bm_decode_explain(bytes, size, &offset, &expected);
	if (expected != NULL)
		snprintf(where, where_size, ": at byte %zu of %zu, expected %s",
		         offset, size, expected);
}

/* Reads the file, unflattens it with `ops` into *msg and prints it; the
 * exit status, after saying why on err. */
static int
dump_file(const struct options *options, const struct bm_ops *ops,
          bm_message **msg, FILE *out, FILE *err)
{
	size_t size = 0;
	unsigned char *bytes = read_all(options->file, &size);
	if (bytes == NULL) {
		fprintf(err, "msgdump: %s: cannot read: %s\n", options->file,
		        strerror(errno));
		return BENCH_EXIT_FAILED;
	}
	enum bm_format format = bm_detect_format(bytes, size);
	int status = 0;
	int rc = BM_NOT_A_MESSAGE;
	char where[256];
	if (format == BM_FORMAT_UNKNOWN) {
		refusal(bytes, size, where, sizeof where);
		fprintf(err, "msgdump: %s: not a flattened message (unknown "
		        "magic)%s\n", options->file, where);
		status = BENCH_EXIT_FAILED;
	} else if ((rc = msgdump_check(ops, bytes, size)) != BM_OK ||
	           (rc = bm_create(ops, 0, msg)) != BM_OK ||
	           (rc = bm_unflatten(*msg, bytes, size)) != BM_OK) {
		refusal(bytes, size, where, sizeof where);
		fprintf(err, "msgdump: %s: cannot unflatten %s with %s: %s%s\n",
		        options->file, bm_format_name(format), ops->name,
		        bm_strerror(rc), where);
		status = BENCH_EXIT_FAILED;
	} else {
		rc = options->json ? msgdump_json(out, *msg, format)
		                   : msgdump_human(out, *msg);
		if (rc != BM_OK) {
			fprintf(err, "msgdump: %s: cannot read the message back: "
			        "%s\n", options->file, bm_strerror(rc));
			status = BENCH_EXIT_FAILED;
		}
	}
	free(bytes);
	return status;
}

/* --reflatten: rebuilds `msg` through the add path and writes it
 * flattened; the exit status, after saying why on err. */
static int
reflatten(const struct options *options, const bm_message *msg, FILE *err)
{
	char why[512];
	int status = 0;
	bm_message *rebuilt = NULL;
	int rc = bm_copy(msg, msg->ops, &rebuilt);
	if (rc != BM_OK) {
		fprintf(err, "msgdump: %s: cannot rebuild the message with %s: "
		        "%s\n", options->file, msg->ops->name, bm_strerror(rc));
		status = BENCH_EXIT_FAILED;
	} else if (write_flattened(rebuilt, options->reflatten, why,
	                           sizeof why) != 0) {
		fprintf(err, "msgdump: %s\n", why);
		status = BENCH_EXIT_FAILED;
	}
	bm_destroy(rebuilt);
	return status;
}

int
msgdump_main(int argc, char **argv, FILE *out, FILE *err)
{
	struct options options = {.backend = DEFAULT_BACKEND};
	int status = parse_options(argc, argv, &options, out, err);
	if (status != 0)
		return status < 0 ? 0 : status;
	const struct bm_ops *ops = choose_backend(options.backend, err,
	                                          &status);
	if (ops == NULL)
		return status;
	bm_message *msg = NULL;
	status = dump_file(&options, ops, &msg, out, err);
	if (status == 0 && options.reflatten != NULL)
		status = reflatten(&options, msg, err);
	bm_destroy(msg);
	if (status == 0 && (fflush(out) != 0 || ferror(out))) {
		fprintf(err, "msgdump: cannot write the output\n");
		status = BENCH_EXIT_FAILED;
	}
	return status;
}
