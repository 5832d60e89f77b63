/*
 * ilp32_2005.h - the first include of every 2005 Haiku file this build
 * compiles (forced with -include) and of the 2005 adapters (after the
 * suite's headers).
 *
 * The 2005 app and support kits (Haiku commit 0083a1f3f5) were written for
 * BeOS x86, an ILP32 platform, and write int32, size_t and ssize_t values
 * straight into the flat format: Message2 and Message3 put a size_t before
 * every variable-size item and a ssize_t in every field record, and
 * FlattenedSize() counts sizeof(size_t). On this LP64 host those would be 8
 * bytes. This header gives the code back its widths without touching a
 * line of it:
 * - int32 and uint32 are int (SupportDefs.h, patched in patches.cmake);
 * - B_GENERAL_ERROR_BASE is INT_MIN instead of LONG_MIN, as on ILP32;
 * - size_t and ssize_t are 32-bit from here on. Every system header those
 *   files use is included first, so the C and C++ libraries keep the
 *   host's types; sizeof still yields the host's size_t.
 * It also supplies what gcc 2.95 made global (std::nothrow, min, max) and
 * what the 2005 headers take from BeOS's libroot (addr_t).
 */
#ifndef BMO_ILP32_2005_H
#define BMO_ILP32_2005_H

#include <assert.h>
#include <ctype.h>
#include <limits.h>
#include <malloc.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#ifdef __cplusplus
#include <algorithm>
#include <map>
#include <new>
#include <string>
#include <vector>

using std::max;
using std::min;
using std::nothrow;
#endif

#pragma push_macro("LONG_MIN")
#undef LONG_MIN
#define LONG_MIN INT_MIN
#include <Errors.h>
#pragma pop_macro("LONG_MIN")

#include <SupportDefs.h>

typedef unsigned long addr_t;

#define size_t uint32
#define ssize_t int32

#ifdef __cplusplus
/* The reply-port counters are declared long; this overload takes them
 * (only the message-sending code, a stub here, uses it). */
int32 atomic_add(volatile long *value, int32 addValue);
#endif

#endif /* BMO_ILP32_2005_H */
