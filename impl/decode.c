/*
 * decode.c - PLACEHOLDER until the shared decoders land: every input is
 * reported as unsupported. Replaced by the codec work (issue 2, item 3).
 */
#include "bmsg.h"

int
bm_decode(const void *data, size_t size, const struct bm_decode_sink *sink)
{
	(void)data;
	(void)size;
	(void)sink;
	return BM_UNSUPPORTED;
}
