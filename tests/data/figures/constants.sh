#!/usr/bin/env bash
# A sample lasts at least 1 ms; ties are decided at 2 %; a round holds at
# most 256 KiB. Each fuzz target runs for 60 s by default.
echo "# took 12 ns instead of 15" '# took 12 ns instead of 15' "${#@}" # 2 % at most
