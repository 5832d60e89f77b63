/*
 * message1_2005.cpp - the backend "Message1-2005": the 2005 BMessage of
 * Message1: src/kits/app/Message.cpp, MessageBody.cpp and MessageField.cpp (a std::map of fields, every item a BDataBuffer),
 * at Haiku commit 0083a1f3f5 (2005-10-31), built with its ILP32 widths
 * restored (ilp32_2005.h) into its own shared object
 * (impl/originals/CMakeLists.txt). It writes FOB1.
 */
#include "adapter_host.h"

#include "ilp32_2005.h"

#include <Message.h>

#include "adapter.h"
#include "adapter_2005.h"

namespace {

struct message1_2005_traits {
	static const char name[];

	static int
	unflatten(BMessage *message, const void *data, bmo_size_t size)
	{
		return unflatten_2005(message, data, size);
	}
};

const char message1_2005_traits::name[] = "Message1-2005";

typedef bmo::adapter<message1_2005_traits> slots;

} // namespace

extern "C" BMO_EXPORT const struct bm_ops bm_message1_2005_ops;
extern "C" const struct bm_ops bm_message1_2005_ops = {
	.version = 2,
	.name = message1_2005_traits::name,
	.summary = "Haiku 2005 Message1, the original code (FOB1)",
	/* What it survives: impl/originals/README.md, "Allocation routing" and
	 * "Bad input". */
	.flags = BM_BACKEND_UNSAFE_ON_NO_MEMORY | BM_BACKEND_UNSAFE_ON_BAD_INPUT,
	.native_format = BM_FORMAT_R5,
	BMO_ADAPTER_SLOTS(slots),
	.kind = BM_KIND_ORIGINAL,
	.decoded_formats = BM_DECODER_FORMATS,
	.repeated_names = BM_REPEATED_MERGE,
	.counterpart = "Message1",
	.library_version = nullptr, /* not a library */
};
