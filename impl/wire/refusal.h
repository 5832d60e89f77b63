/*
 * refusal.h - where the shared checks of the flat formats (fob1.c,
 * hmf1.c, fob2.c) refused their input: each refusal returns through
 * bm__refuse, which notes the byte where the check stopped and what it
 * expected there, for the thread that made the call. Only a refusal
 * writes the note, out of line (cold), so a check that passes costs
 * nothing more: the backends' native paths and their instruction counts
 * do not move. bm_decode_explain (decode.h) reads it back as an offset.
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
 * so that a check refuses with `return bm__refuse(BM_BAD_VALUE, p,
 * "...");`. */
int bm__refuse(int status, const void *at, const char *expected) BM__COLD;

/* The last refusal noted in this thread: where, and what was expected
 * (NULL: none since bm__refusal_forget). */
const uint8_t *bm__refusal_at(const char **expected);

/* Forgets the last refusal of this thread. */
void bm__refusal_forget(void);

#endif /* BM_REFUSAL_H */
