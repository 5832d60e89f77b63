/*
 * How much deeper on the stack sample `sample` runs its timed code: one of
 * 256 depths 16 bytes apart, all different for 256 samples in a row, as
 * bench_cell_place's offsets (harness/README.md). Which of a
 * backend's loads alias, modulo 4 KiB, the stores of its own and its
 * callers' frames is fixed by where the stack happens to be: on the
 * project's machine (Zen 5) that moved one backend's tRead5String against
 * another's by up to 17 %. Spread over depths, the median averages over
 * them for every backend alike.
 */
