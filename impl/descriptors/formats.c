/*
 * formats.c - telling the flat formats apart, and their names (formats.h).
 */
#include "formats.h"

enum bm_format
bm_detect_format(const void *data, size_t size)
{
	return bm__detect_format(data, size);
}

const char *
bm_format_name(enum bm_format format)
{
	switch (format) {
	case BM_FORMAT_R5:
		return "R5";
	case BM_FORMAT_R5_SWAPPED:
		return "R5-swapped";
	case BM_FORMAT_HMF1:
		return "HMF1";
	case BM_FORMAT_HMF1_SWAPPED:
		return "HMF1-swapped";
	case BM_FORMAT_DANO:
		return "DANO";
	case BM_FORMAT_DANO_SWAPPED:
		return "DANO-swapped";
	case BM_FORMAT_BSON:
		return "BSON";
	case BM_FORMAT_MSGPACK:
		return "MessagePack";
	case BM_FORMAT_UNKNOWN:
		break;
	}
	return "unknown";
}
