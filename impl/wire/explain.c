/*
 * explain.c - bm_decode_explain (decode.h): the shared checks compiled a
 * second time, under the names of explain_names.h, with BM__EXPLAIN, so
 * that each refusal notes where it stopped (refusal.h). The sources are
 * included, not copied: one text of each check serves both builds.
 */
#define BM__EXPLAIN 1
#include "explain_names.h"

#include "decode.c"
#include "fob1.c"
#include "fob2.c"
#include "hmf1.c"

#include "refusal.h"

#undef bm_decode

int
bm_decode_explain(const void *data, size_t size, size_t *offset,
                  const char **expected)
{
	static const struct bm_decode_sink check_only = {0};
	*offset = 0;
	*expected = NULL;
	bm__refusal_forget();
	int rc = bm__explaining_decode(data, size, &check_only);
	if (rc == BM_NOT_A_MESSAGE && bm_detect_format(data, size) ==
	                                      BM_FORMAT_UNKNOWN)
		bm__refuse(rc, data, "a known magic: 'FOB1', 'HMF1' or 'FOB2', "
		           "in either byte order");
	const char *what;
	const uint8_t *at = bm__refusal_at(&what);
	const uint8_t *start = data;
	if ((rc == BM_NOT_A_MESSAGE || rc == BM_BAD_VALUE) && at != NULL &&
	    at >= start && at <= start + size) {
		*offset = (size_t)(at - start);
		*expected = what;
	}
	return rc;
}
