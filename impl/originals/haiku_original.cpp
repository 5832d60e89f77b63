/*
 * haiku_original.cpp - the backend "Haiku-original": today's BMessage,
 * src/kits/app/Message.cpp of Haiku commit 47136e7183 (2026-08-22), built
 * with Haiku's host-build settings and linked into its own shared object
 * (impl/originals/CMakeLists.txt). The design the Message4 re-creation
 * follows; it writes HMF1.
 */
#include "adapter_host.h"

#include <DataIO.h>
#include <Message.h>
#include <MessageAdapter.h>
#include <MessagePrivate.h>

#include "adapter.h"

namespace {

struct haiku_original_traits {
	static const char name[];

	/* Unflatten(BDataIO *) over the bytes given: what Unflatten(const
	 * char *) does for HMF1, but with the buffer's true size instead of
	 * SSIZE_MAX. */
	static int
	unflatten(BMessage *message, const void *data, bmo_size_t size)
	{
		uint32 format;
		if (size < sizeof format)
			return BM_UNSUPPORTED;
		std::memcpy(&format, data, sizeof format);
		if (format != MESSAGE_FORMAT_HAIKU)
			return BM_UNSUPPORTED;
		BMemoryIO stream(data, size);
		return bmo::to_bm_status(message->Unflatten(&stream));
	}
};

const char haiku_original_traits::name[] = "Haiku-original";

typedef bmo::adapter<haiku_original_traits> slots;

/* What libbe's initialisation does for BMessage (the block cache behind
 * operator new, and the reply ports, which stay invalid here). */
__attribute__((constructor)) void
init_message_class()
{
	BMessage::Private::StaticInit();
}

} // namespace

extern "C" BMO_EXPORT const struct bm_ops bm_haiku_original_ops;
extern "C" const struct bm_ops bm_haiku_original_ops = {
	.version = 2,
	.name = haiku_original_traits::name,
	.summary = "today's Haiku BMessage, the original code (HMF1)",
	/* What it survives: impl/originals/README.md, "Allocation routing" and
	 * "Bad input". */
	.flags = BM_BACKEND_UNSAFE_ON_NO_MEMORY | BM_BACKEND_UNSAFE_ON_BAD_INPUT,
	.native_format = BM_FORMAT_HMF1,
	BMO_ADAPTER_SLOTS(slots),
	.kind = BM_KIND_ORIGINAL,
	.decoded_formats = BM_DECODER_FORMATS,
	.repeated_names = BM_REPEATED_KEEP_FIRST,
	.counterpart = "Message4",
	.library_version = nullptr, /* not a library */
};
