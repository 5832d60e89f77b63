/*
 * message3_2005.cpp - the backend "Message3-2005": the 2005 BMessage of
 * Message3: src/kits/app/Message3.cpp, MessageBody3.cpp and MessageField3.cpp (one flat buffer for the whole body),
 * at Haiku commit 0083a1f3f5 (2005-10-31), built with its ILP32 widths
 * restored (ilp32_2005.h) into its own shared object
 * (impl/originals/CMakeLists.txt). It writes FOB1.
 */
#include "adapter_host.h"

#include "ilp32_2005.h"

#include <Message3.h>

#include "adapter.h"
#include "adapter_2005.h"

namespace {

struct message3_2005_traits {
	static const char name[];

	static int
	unflatten(BMessage *message, const void *data, bmo_size_t size)
	{
		return unflatten_2005(message, data, size);
	}
};

const char message3_2005_traits::name[] = "Message3-2005";

typedef bmo::adapter<message3_2005_traits> slots;

} // namespace

extern "C" BMO_EXPORT const struct bm_ops bm_message3_2005_ops;
extern "C" const struct bm_ops bm_message3_2005_ops = {
	.version = 2,
	.name = message3_2005_traits::name,
	.summary = "Haiku 2005 Message3, the original code (FOB1)",
	/* What it survives: impl/originals/README.md, "Allocation routing" and
	 * "Bad input". */
	.flags = BM_BACKEND_UNSAFE_ON_NO_MEMORY | BM_BACKEND_UNSAFE_ON_BAD_INPUT |
	         BM_BACKEND_READS_OWN_BYTES_ONLY | BM_BACKEND_OWN_FLAT_DIALECT,
	.native_format = BM_FORMAT_R5,
	BMO_ADAPTER_SLOTS(slots),
	.kind = BM_KIND_ORIGINAL,
	.decoded_formats = BM_DECODER_FORMATS,
	.repeated_names = BM_REPEATED_KEEP_LAST,
	.counterpart = "Message3",
	.library_version = nullptr, /* not a library */
};
