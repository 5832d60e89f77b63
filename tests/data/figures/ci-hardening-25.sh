# The suites' timeouts are set for the release build; AddressSanitizer
# makes the quadratic content checks of the 5000-item messages several
# times slower (test_r5.c's flatten case: 95 s of its 120 on a loaded
# 2-core machine), so they get four times the room here.
