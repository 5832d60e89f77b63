/*
 * status.c - the text and the symbol of each status code (status.h).
 */
#include "status.h"

const char *
bm_strerror(int status)
{
	switch (status) {
#define BM_STATUS_TEXT(name, value, text)                                   \
	case name:                                                         \
		return text;
		BM_STATUS_MAP(BM_STATUS_TEXT)
#undef BM_STATUS_TEXT
	}
	return "unknown status";
}

const char *
bm_status_name(int status)
{
	switch (status) {
#define BM_STATUS_SYMBOL(name, value, text)                                 \
	case name:                                                         \
		return #name;
		BM_STATUS_MAP(BM_STATUS_SYMBOL)
#undef BM_STATUS_SYMBOL
	}
	return "BM_?";
}
