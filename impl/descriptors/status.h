/*
 * status.h - the status codes every function of the message API returns,
 * and their texts.
 */
#ifndef BM_STATUS_H
#define BM_STATUS_H

/*
 * Every function that can fail returns one of these: 0 is success, errors
 * are negative. The list follows Haiku's status codes where one exists.
 */
#define BM_STATUS_MAP(X)                                                   \
	X(BM_OK, 0, "ok")                                                  \
	X(BM_NO_MEMORY, -1, "out of memory")                               \
	X(BM_BAD_VALUE, -2, "bad value")                                   \
	X(BM_BAD_TYPE, -3, "bad type")                                     \
	X(BM_NAME_NOT_FOUND, -4, "name not found")                         \
	X(BM_BAD_INDEX, -5, "bad index")                                   \
	X(BM_NOT_A_MESSAGE, -6, "not a message")                           \
	X(BM_BUFFER_TOO_SMALL, -7, "buffer too small")                     \
	X(BM_TOO_LARGE, -8, "message too large")                           \
	X(BM_UNSUPPORTED, -9, "unsupported format")                        \
	X(BM_BAD_DATA, -10, "malformed data")

enum bm_status {
#define BM_STATUS_ENUM(name, value, text) name = (value),
	BM_STATUS_MAP(BM_STATUS_ENUM)
#undef BM_STATUS_ENUM
};

/* Returns the text of a status code ("name not found"), or "unknown status". */
const char *bm_strerror(int status);

/* Returns the symbol of a status code ("BM_NAME_NOT_FOUND"), for tests and
 * diagnostics, or "BM_?" for an unknown value. */
const char *bm_status_name(int status);

#endif /* BM_STATUS_H */
