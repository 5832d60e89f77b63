/*
 * adapter.h - the bm_ops slots over an original BMessage, shared by the
 * four adapters (haiku_original.cpp, message1_2005.cpp, message2_2005.cpp,
 * message3_2005.cpp). Each adapter includes adapter_host.h, its design's
 * BMessage header, then this file; it defines a traits struct and its
 * descriptor:
 *
 *   struct traits {
 *       static const char name[];        // the descriptor's name
 *       static int unflatten(BMessage *message, const void *data,
 *                            bmo_size_t size);
 *   };
 *   typedef bmo::adapter<traits> slots;  // slots::create, slots::add_data...
 *
 * Every slot is the one BMessage call the brief of the suite names
 * (create = new BMessage, add_data = AddData, find_data = FindData,
 * get_info = GetInfo, field_at = GetInfo(B_ANY_TYPE, index, ...),
 * count_fields = CountNames(B_ANY_TYPE), flattened_size = FlattenedSize,
 * flatten = Flatten(char *, ssize_t), unflatten = the design's Unflatten,
 * make_empty = MakeEmpty), with what the bm_ops contract adds around it:
 * - Haiku status codes become BM_* codes (to_bm_status);
 * - no exception leaves a slot (the 2005 code throws status_t values, and
 *   operator new throws std::bad_alloc): BM_NO_MEMORY or BM_BAD_VALUE;
 * - a slot during which the Haiku code reached a stub (originals_internal.h)
 *   returns BMO_STUB_STATUS, and says so on stderr once per slot; a slot
 *   that cannot return a status (destroy, make_empty) leaves the report to
 *   the next slot, and count_fields returns -1;
 * - `what` lives in the bm_message base: flatten copies it into the
 *   BMessage first, unflatten copies it back.
 * Everything here has internal linkage; the adapter exports only its
 * descriptor.
 */
#ifndef BMO_ADAPTER_H
#define BMO_ADAPTER_H

#include <exception>

namespace bmo {
namespace {

/* What a slot that reached a stub returns; unflatten returns BM_BAD_VALUE
 * instead, because BM_UNSUPPORTED would make bm_unflatten quietly fall back
 * to the shared decoder. */
const int BMO_STUB_STATUS = BM_UNSUPPORTED;

struct message {
	bm_message base; /* first: the wrappers see a bm_message */
	BMessage *body;
};

inline BMessage *
body_of(const bm_message *base)
{
	return reinterpret_cast<const message *>(base)->body;
}

/* A Haiku status_t as a BM_* code (an if chain: in the 2005 headers some
 * codes are macros whose values are only known here). */
int
to_bm_status(status_t status)
{
	if (status >= B_OK)
		return BM_OK;
	if (status == B_NO_MEMORY)
		return BM_NO_MEMORY;
	if (status == B_BAD_TYPE)
		return BM_BAD_TYPE;
	if (status == B_NAME_NOT_FOUND)
		return BM_NAME_NOT_FOUND;
	if (status == B_BAD_INDEX)
		return BM_BAD_INDEX;
	if (status == B_NOT_A_MESSAGE)
		return BM_NOT_A_MESSAGE;
	if (status == B_BUFFER_OVERFLOW)
		return BM_BUFFER_TOO_SMALL;
	return BM_BAD_VALUE; /* B_BAD_VALUE, B_ERROR, B_NO_INIT and the rest */
}

template <class Traits> struct adapter {
	/* Set by destroy and make_empty when they reached a stub. */
	static bool stub_pending;

	/* Runs one slot's body: catches what the Haiku code throws, and turns
	 * a stub reached meanwhile into stub_status. */
	template <class Body>
	static int
	run(const char *slot, int stub_status, Body body)
	{
		unsigned long before = bmo_stub_count;
		int rc;
		try {
			rc = body();
		} catch (const std::bad_alloc &) {
			rc = BM_NO_MEMORY;
		} catch (...) {
			rc = BM_BAD_VALUE;
		}
		if (bmo_stub_count != before || stub_pending) {
			report_stub(slot);
			stub_pending = false;
			return stub_status;
		}
		return rc;
	}

	/* Runs a slot that returns nothing; a stub is reported later. */
	template <class Body>
	static void
	run_void(Body body)
	{
		unsigned long before = bmo_stub_count;
		try {
			body();
		} catch (...) {
			/* MakeEmpty and delete do not throw in these designs. */
		}
		if (bmo_stub_count != before)
			stub_pending = true;
	}

	static void
	report_stub(const char *slot)
	{
		static bool reported;
		if (reported)
			return;
		reported = true;
		std::fprintf(stderr, "%s: %s reached the stub %s\n", Traits::name,
		             slot, bmo_stub_name != NULL ? bmo_stub_name : "?");
	}

	static int
	create(bm_message **out)
	{
		message *msg = static_cast<message *>(std::malloc(sizeof *msg));
		if (msg == NULL)
			return BM_NO_MEMORY;
		int rc = run("create", BMO_STUB_STATUS, [msg]() -> int {
			msg->body = new BMessage;
			return BM_OK;
		});
		if (rc != BM_OK) {
			std::free(msg);
			return rc;
		}
		*out = &msg->base;
		return BM_OK;
	}

	static void
	destroy(bm_message *base)
	{
		message *msg = reinterpret_cast<message *>(base);
		run_void([msg]() { delete msg->body; });
		std::free(msg);
	}

	static void
	make_empty(bm_message *base)
	{
		BMessage *body = body_of(base);
		run_void([body]() { body->MakeEmpty(); });
	}

	static int
	add_data(bm_message *base, const char *name, bmo_size_t name_len,
	         bm_type_code type, const void *data, bmo_size_t size,
	         bool fixed_size)
	{
		(void)name_len;
		BMessage *body = body_of(base);
		return run("add_data", BMO_STUB_STATUS, [=]() -> int {
			return to_bm_status(body->AddData(name, type, data,
			                                  static_cast<ssize_t>(size),
			                                  fixed_size));
		});
	}

	static int
	find_data(const bm_message *base, const char *name, bmo_size_t name_len,
	          bm_type_code type, int32_t index, const void **data,
	          bmo_size_t *size)
	{
		(void)name_len;
		const BMessage *body = body_of(base);
		return run("find_data", BMO_STUB_STATUS, [=]() -> int {
			const void *found = NULL;
			ssize_t bytes = 0;
			status_t status = body->FindData(name, type, index, &found,
			                                 &bytes);
			if (status != B_OK)
				return to_bm_status(status);
			if (found == NULL || bytes < 0)
				return BM_BAD_VALUE;
			*data = found;
			*size = static_cast<bmo_size_t>(bytes);
			return BM_OK;
		});
	}

	/* GetInfo(name, &type, &count) and GetInfo(name, &type, &fixed): the
	 * 2005 classes have no call that reports both. */
	static int
	info_of(const BMessage *body, const char *name, bmo_size_t name_len,
	        struct bm_field_info *info)
	{
		type_code type = 0;
		int32 count = 0;
		bool fixed = false;
		status_t status = body->GetInfo(name, &type, &count);
		if (status == B_OK)
			status = body->GetInfo(name, &type, &fixed);
		if (status != B_OK)
			return to_bm_status(status);
		/* GetInfo does not return the stored name: the caller's string
		 * is the same bytes. */
		info->name = name;
		info->name_len = name_len;
		info->type = type;
		info->count = count;
		info->fixed_size = fixed;
		return BM_OK;
	}

	static int
	get_info(const bm_message *base, const char *name, bmo_size_t name_len,
	         struct bm_field_info *info)
	{
		const BMessage *body = body_of(base);
		return run("get_info", BMO_STUB_STATUS, [=]() -> int {
			return info_of(body, name, name_len, info);
		});
	}

	static int
	field_at(const bm_message *base, int32_t index,
	         struct bm_field_info *info)
	{
		const BMessage *body = body_of(base);
		return run("field_at", BMO_STUB_STATUS, [=]() -> int {
			char *name = NULL;
			type_code type = 0;
			int32 count = 0;
			/* Any failure here means there is no field `index` (Message1
			 * reports B_BAD_TYPE for an empty message). */
			if (body->GetInfo(B_ANY_TYPE, index, &name, &type, &count)
			        != B_OK || name == NULL)
				return BM_BAD_INDEX;
			return info_of(body, name, std::strlen(name), info);
		});
	}

	static int32_t
	count_fields(const bm_message *base)
	{
		const BMessage *body = body_of(base);
		int32 count = -1;
		int rc = run("count_fields", BMO_STUB_STATUS, [&]() -> int {
			count = body->CountNames(B_ANY_TYPE);
			return BM_OK;
		});
		return rc == BM_OK ? count : -1;
	}

	static int
	flattened_size(bm_message *base, bmo_size_t *size)
	{
		BMessage *body = body_of(base);
		return run("flattened_size", BMO_STUB_STATUS, [=]() -> int {
			ssize_t bytes = body->FlattenedSize();
			if (bytes < 0)
				return to_bm_status(bytes);
			*size = static_cast<bmo_size_t>(bytes);
			return BM_OK;
		});
	}

	/* Flatten(char *, ssize_t) with the size FlattenedSize() reports, as
	 * Haiku's callers make it: the 2005 Flatten does not check the room it
	 * is given. */
	static int
	flatten(bm_message *base, void *buffer, bmo_size_t capacity)
	{
		BMessage *body = body_of(base);
		return run("flatten", BMO_STUB_STATUS, [=]() -> int {
			body->what = base->what;
			ssize_t bytes = body->FlattenedSize();
			if (bytes < 0)
				return to_bm_status(bytes);
			if (capacity < static_cast<bmo_size_t>(bytes))
				return BM_BUFFER_TOO_SMALL;
			return to_bm_status(
			    body->Flatten(static_cast<char *>(buffer), bytes));
		});
	}

	static int
	unflatten(bm_message *base, const void *data, bmo_size_t size)
	{
		BMessage *body = body_of(base);
		int rc = run("unflatten", BM_BAD_VALUE, [=]() -> int {
			return Traits::unflatten(body, data, size);
		});
		if (rc == BM_OK) {
			base->what = body->what;
		} else if (rc != BM_UNSUPPORTED) {
			make_empty(base);
		}
		return rc;
	}
};

template <class Traits> bool adapter<Traits>::stub_pending = false;

} // namespace
} // namespace bmo

/* The slots of an original's descriptor, in struct bm_ops order, from its
 * adapter (typedef bmo::adapter<Traits> slots). */
#define BMO_ADAPTER_SLOTS(slots)                                           \
	.create = slots::create, .destroy = slots::destroy,                \
	.make_empty = slots::make_empty, .add_data = slots::add_data,      \
	.find_data = slots::find_data, .get_info = slots::get_info,        \
	.field_at = slots::field_at, .count_fields = slots::count_fields,  \
	.flattened_size = slots::flattened_size, .flatten = slots::flatten, \
	.unflatten = slots::unflatten

#endif /* BMO_ADAPTER_H */
