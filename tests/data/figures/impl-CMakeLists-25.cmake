# Every function of the backends starts on a 64-byte line, so that its
# loops sit on the lines where the compiler put them whatever the harness
# links before it (harness/README.md): without it, a change elsewhere
# in bench moved Message5's Unflatten of 5000 fields between 0.97 and 1.14
# times Message4's time. No instruction count changes (the padding is never run).
