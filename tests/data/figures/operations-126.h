/*
 * Moves the buffer the harness hands a Flatten or Unflatten cell (the bytes
 * to write or to read) to the place of sample `sample`: one of 256 offsets,
 * 16 bytes apart, over 4 KiB, in a fixed scrambled order. How fast a copy
 * runs depends on where its source and destination lie relative to each
 * other (alignment, and addresses 4 KiB apart), which the backend's own
 * buffers fix by chance; measured on Message4's flatten of 500 int32s, the
 * offset alone moved the time between 28 and 43 ns. Spreading the samples
 * over places makes the median an average over layouts, the same for every
 * backend, and the MAD shows how much layout matters. Never timed; other
 * cells are left as they are.
 */
void bench_cell_place(struct bench_cell *cell, unsigned sample);
