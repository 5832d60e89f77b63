/*
 * refusal.h - where the shared checks of the flat formats (fob1.c,
 * hmf1.c, fob2.c) refused their input, for bm_decode_explain (decode.h):
 * each refusal returns through BM__REFUSE. The checks are compiled twice.
 * As every backend and bm_decode run them, BM__REFUSE is the status alone,
 * so a passing check costs what it did before refusals were explained (a
 * call at each refusal would keep the refused bytes' addresses live through
 * the walkers). explain.c compiles them again with BM__EXPLAIN under other
 * names (explain_names.h), where BM__REFUSE notes, for the calling thread,
 * the byte where the check stopped and what it expected there.
 */
#ifndef BM_REFUSAL_H
#define BM_REFUSAL_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__)
#define BM__COLD __attribute__((cold, noinline))
#else
#define BM__COLD
#endif

/* Notes the refusal of the byte at `at` and what was `expected` there (a
 * static text: "a field header flagged VALID"), and returns `status`,
 * so that a check refuses with `return BM__REFUSE(BM_BAD_VALUE, p,
 * "...");`. */
int bm__refuse(int status, const void *at, const char *expected) BM__COLD;

/* A check's refusal: `status`, noted first in the explaining build. */
#ifdef BM__EXPLAIN
#define BM__REFUSE(status, at, expected) bm__refuse((status), (at), (expected))
#else
#define BM__REFUSE(status, at, expected) (status)
#endif

/* The last refusal noted in this thread: where, and what was expected
 * (NULL: none since bm__refusal_forget). */
const uint8_t *bm__refusal_at(const char **expected);

/* Forgets the last refusal of this thread. */
void bm__refusal_forget(void);

#endif /* BM_REFUSAL_H */
