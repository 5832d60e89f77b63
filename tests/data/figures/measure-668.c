/*
 * Instruction mode: one cell from start to end (set up, validated, its
 * allocations counted, its instructions counted, validated again) in a
 * process of its own, forked from the harness, which sends back what the
 * results need through a pipe. In the child, a new thread does the work:
 * glibc gives a process's second thread an arena of its own, a fresh heap
 * aligned to 64 MiB, and the thread makes the test's data again there. So
 * every cell starts from the same allocator state at the same page offsets,
 * whatever ran before it, whatever the options and the harness's own
 * allocations were: which paths glibc's allocator and string functions take
 * (realloc in place or not; strlen, strncmp and memcpy check for page
 * crossings) depends on the cell's own code only. Without this, 19 cells
 * of 154 moved by 0.2 to 30 % when other tests ran first; with the process
 * but not the thread, 28 moved by up to 8 % when --sizes changed.
 * callgrind writes each process's dumps to its own file when
 * --callgrind-out-file has %p (scripts/bench-instructions).
 */
