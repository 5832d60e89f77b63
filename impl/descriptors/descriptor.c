/*
 * descriptor.c - what a backend's descriptor says (its kind, the formats
 * it reads, its allocator, its rule for repeated names) and the checks
 * every program runs on the descriptors before anything else. Nothing here
 * names a backend: the report, which links no backend, uses these too.
 */
#include "descriptor.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

const struct bm_ops *
bm_find_backend_in(const struct bm_ops *const *backends, size_t count,
                   const char *name)
{
	if (name == NULL)
		return NULL;
	for (size_t i = 0; i < count; i++) {
		if (strcasecmp(backends[i]->name, name) == 0)
			return backends[i];
	}
	return NULL;
}

/* Words the tables and outputs use for columns that are not backends. */
static const char *const reserved_names[] = {"Floor", "Winner", "Test"};

bool
bm_backend_name_valid(const char *name, char *why, size_t why_size)
{
	const char *problem = NULL;
	size_t length = name != NULL ? strlen(name) : 0;
	if (length == 0)
		problem = "no name";
	else if (length > BM_BACKEND_NAME_MAX)
		problem = "name longer than 32 characters";
	for (size_t i = 0; problem == NULL && i < length; i++) {
		unsigned char c = (unsigned char)name[i];
		if (!isalnum(c) && c != '_' && c != '-')
			problem = "name has a character other than a letter, a "
			          "digit, '_' or '-'";
	}
	for (size_t i = 0; problem == NULL &&
	                   i < sizeof reserved_names / sizeof reserved_names[0];
	     i++) {
		if (strcasecmp(name, reserved_names[i]) == 0)
			problem = "name is a word the tables use for another "
			          "column (Floor, Winner, Test)";
	}
	if (problem == NULL)
		return true;
	if (why != NULL && why_size > 0)
		snprintf(why, why_size, "backend %s: %s",
		         length > 0 ? name : "?", problem);
	return false;
}

bool
bm_ops_valid(const struct bm_ops *ops, char *why, size_t why_size)
{
	if (ops != NULL && !bm_backend_name_valid(ops->name, why, why_size))
		return false;
	const char *name = ops != NULL ? ops->name : "?";
	const char *problem = NULL;
	if (ops == NULL)
		problem = "descriptor is NULL";
	else if (ops->version < 1 || ops->version > BM_OPS_VERSION)
		problem = "unknown ops version";
	else if (ops->summary == NULL)
		problem = "no summary";
	else if (ops->native_format != BM_FORMAT_R5 &&
	         ops->native_format != BM_FORMAT_HMF1 &&
	         (bm_format_has_magic(ops->native_format) ||
	          ops->native_format == BM_FORMAT_UNKNOWN ||
	          ops->native_format > BM_FORMAT_LAST))
		problem = "native format is neither R5, HMF1 nor a library's";
	else if (!bm_format_has_magic(ops->native_format) &&
	         (ops->version < 2 || ops->kind != BM_KIND_LIBRARY))
		problem = "a library's format, but the kind is not library";
	else if (ops->create == NULL || ops->destroy == NULL ||
	         ops->make_empty == NULL || ops->add_data == NULL ||
	         ops->find_data == NULL || ops->get_info == NULL ||
	         ops->field_at == NULL || ops->count_fields == NULL ||
	         ops->flattened_size == NULL || ops->flatten == NULL ||
	         ops->unflatten == NULL)
		problem = "a version-1 slot is NULL";
	else if (ops->version >= 2 && (ops->flags & BM_BACKEND_HAIKU) != 0)
		problem = "flag BM_BACKEND_HAIKU is version 1's (version 2 "
		          "says it with kind)";
	else if (ops->version >= 2 && (unsigned)ops->kind >= BM_KIND_COUNT)
		problem = "unknown kind";
	else if (ops->version >= 2 &&
	         (ops->decoded_formats & ~(uint32_t)BM_DECODER_FORMATS) != 0)
		problem = "decoded_formats names a format the decoder does not "
		          "know";
	else if (ops->version >= 2 &&
	         (unsigned)ops->repeated_names >= BM_REPEATED_COUNT)
		problem = "unknown repeated_names";
	else if (ops->version >= 2 &&
	         (ops->flags & ~(uint32_t)BM_BACKEND_FLAGS) != 0)
		problem = "a flag this version does not know";
	else if (ops->version >= 2 &&
	         (ops->kind == BM_KIND_ORIGINAL) != (ops->counterpart != NULL))
		problem = "an original names its re-creation (counterpart), "
		          "and only an original does";
	else if (ops->version >= 3 &&
	         (ops->kind == BM_KIND_LIBRARY) != (ops->library_version != NULL))
		problem = "a library states its version (library_version), and "
		          "only a library does";
	if (problem == NULL)
		return true;
	if (why != NULL && why_size > 0)
		snprintf(why, why_size, "backend %s: %s", name, problem);
	return false;
}

bool
bm_backends_valid(const struct bm_ops *const *backends, size_t count,
                  char *why, size_t why_size)
{
	for (size_t i = 0; i < count; i++) {
		if (!bm_ops_valid(backends[i], why, why_size))
			return false;
		const char *counterpart = backends[i]->version >= 2
		                                  ? backends[i]->counterpart
		                                  : NULL;
		const struct bm_ops *recreation =
			bm_find_backend_in(backends, count, counterpart);
		if (counterpart != NULL &&
		    (recreation == NULL ||
		     bm_backend_kind(recreation) == BM_KIND_ORIGINAL)) {
			if (why != NULL && why_size > 0)
				snprintf(why, why_size,
				         "backend %s: its counterpart %s is not a "
				         "re-creation among the backends",
				         backends[i]->name, counterpart);
			return false;
		}
		for (size_t j = 0; j < i; j++) {
			if (strcasecmp(backends[i]->name, backends[j]->name) == 0) {
				if (why != NULL && why_size > 0)
					snprintf(why, why_size,
					         "backend %s: name given twice "
					         "(names are compared ignoring "
					         "case)",
					         backends[i]->name);
				return false;
			}
		}
	}
	return true;
}

/* --- What a backend is ----------------------------------------------------- */

enum bm_kind
bm_backend_kind(const struct bm_ops *ops)
{
	if (ops->version >= 2)
		return ops->kind;
	return (ops->flags & BM_BACKEND_HAIKU) != 0 ? BM_KIND_HAIKU_2005
	                                            : BM_KIND_REFERENCE;
}

static const struct {
	const char *word;
	const char *title;
	bool competes;
	bool haiku;
} kinds[BM_KIND_COUNT] = {
#define BM_KIND_ROW(name, word, title, competes, haiku) \
	[name] = {word, title, competes, haiku},
	BM_KIND_MAP(BM_KIND_ROW)
#undef BM_KIND_ROW
};

const char *
bm_kind_name(enum bm_kind kind)
{
	return (unsigned)kind < BM_KIND_COUNT ? kinds[kind].word : "?";
}

const char *
bm_kind_title(enum bm_kind kind)
{
	return (unsigned)kind < BM_KIND_COUNT ? kinds[kind].title : "?";
}

bool
bm_kind_parse(const char *word, enum bm_kind *kind)
{
	for (size_t i = 0; word != NULL && i < BM_KIND_COUNT; i++) {
		if (strcmp(word, kinds[i].word) == 0) {
			*kind = (enum bm_kind)i;
			return true;
		}
	}
	return false;
}

bool
bm_kind_competes(enum bm_kind kind)
{
	return (unsigned)kind < BM_KIND_COUNT && kinds[kind].competes;
}

bool
bm_kind_is_haiku(enum bm_kind kind)
{
	return (unsigned)kind < BM_KIND_COUNT && kinds[kind].haiku;
}

bool
bm_backend_reads(const struct bm_ops *ops, enum bm_format format)
{
	if (format == BM_FORMAT_UNKNOWN)
		return false;
	if (format == ops->native_format)
		return true;
	uint32_t decoded = ops->version >= 2 ? ops->decoded_formats
	                                     : BM_DECODER_FORMATS;
	return (decoded & BM_FORMAT_BIT(format)) != 0;
}

bool
bm_backend_uses_bm_alloc(const struct bm_ops *ops)
{
	return (ops->flags & BM_BACKEND_OWN_ALLOCATOR) == 0;
}

const char *
bm_backend_format_word(const struct bm_ops *ops)
{
	if (ops->native_format == BM_FORMAT_HMF1)
		return "HMF1";
	if (ops->native_format == BM_FORMAT_R5)
		return "FOB1";
	return bm_format_name(ops->native_format);
}

bool
bm_backend_reads_back(const struct bm_ops *ops)
{
	return (ops->flags & BM_BACKEND_OWN_FLAT_DIALECT) != 0 ||
	       !bm_format_has_magic(ops->native_format);
}

enum bm_repeated_names
bm_backend_repeated_names(const struct bm_ops *ops)
{
	return ops->version >= 2 ? ops->repeated_names : BM_REPEATED_MERGE;
}

const char *
bm_backend_library_version(const struct bm_ops *ops)
{
	if (ops->version < 3 || ops->library_version == NULL)
		return NULL;
	const char *version = ops->library_version();
	return version != NULL ? version : "unknown";
}
