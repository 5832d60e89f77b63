/*
 * harness_backends.h - backends that only the harness tests pass to
 * `bench`; they are not in the registry.
 *
 * Plain is a minimal but honest message (an array of fields, each an array
 * of item copies, linear lookup, FOB1 written with the shared helpers; its
 * Unflatten leaves every byte to the shared decoder). Broken and Capped are
 * Plain with one slot replaced by a deliberate bug, so that the tests know
 * exactly which cells must show ERR.
 */
#ifndef BM_HARNESS_BACKENDS_H
#define BM_HARNESS_BACKENDS_H

#include "bmsg.h"

/* Honest; flagged as a reference design. */
extern const struct bm_ops bench_test_plain_ops;

/* Plain under another name, flagged as a Haiku design: an honest second
 * column for the winner logic. */
extern const struct bm_ops bench_test_twin_ops;

/* Flatten changes the next-to-last byte of every variable-size item (the
 * last character of a string): the Flatten and Unflatten rows of String
 * tests fail, nothing else. Flagged as a Haiku design. */
extern const struct bm_ops bench_test_broken_ops;

/* Add silently drops every item after the 256th of a field (and says
 * BM_OK): every one-field test with more than 256 items fails, nothing
 * else. Flagged as a Haiku design. */
#define BENCH_TEST_CAPPED_ITEMS 256
extern const struct bm_ops bench_test_capped_ops;

/* Plain whose adds are logged: the log holds one entry per run of adds
 * to the same backend, so it shows how the samples of two backends are
 * interleaved. */
/* Plain at descriptor version 2, declaring that its flattened bytes are its
 * own dialect (BM_BACKEND_OWN_FLAT_DIALECT): the validated Unflattens do
 * not apply to it. */
extern const struct bm_ops bench_test_dialect_ops;

/* Plain as an outside library (kind library): shown after the designs,
 * never a Winner. */
extern const struct bm_ops bench_test_library_ops;
extern const struct bm_ops bench_test_logged_a_ops;
extern const struct bm_ops bench_test_logged_b_ops;
size_t bench_test_add_log(const struct bm_ops *const **log);
void bench_test_add_log_reset(void);

#endif /* BM_HARNESS_BACKENDS_H */
