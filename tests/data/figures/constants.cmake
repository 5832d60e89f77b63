# At least 1 ms a sample, at most 256 KiB a round, ties within 2 %.
set(text "# took 12 ns instead of 15
# still a string: took 12 ns instead of 15")
add_test(NAME x COMMAND x) # a timeout after 120 s
