#!/usr/bin/env bash
# Checks scripts/check-figures on its fixtures (tests/data/figures/, whose
# README says what each holds): run on each file alone, it must print
# exactly that file's lines of expected.txt and exit 1 when there are
# some, 0 when there are none. It must also refuse, with exit 2, a file it
# cannot read and a page whose generated block has no end. Prints what
# differs and exits 1 on any failure.
#
#   tests/check_figures.sh [SOURCE_DIR]
set -uo pipefail
export LC_ALL=C

root=$(cd "${1:-$(dirname "$0")/..}" && pwd) || exit 1
check=$root/scripts/check-figures
cd "$root/tests/data/figures" || exit 1

failed=0
fail() {
	echo "$*"
	failed=1
}

# Every file that expected.txt names must be here.
while IFS= read -r named; do
	[[ -f $named ]] || fail "expected.txt names $named, which is missing"
done < <(cut -d: -f1 expected.txt | sort -u)

checked=0
for file in *; do
	[[ $file == README.md || $file == expected.txt ]] && continue
	want=$(awk -v prefix="$file:" 'index($0, prefix) == 1' expected.txt)
	got=$("$check" "$file" 2>&1)
	status=$?
	want_status=0
	[[ -n $want ]] && want_status=1
	if [[ $got != "$want" ]]; then
		fail "$file: printed other lines than expected.txt's (< expected, > printed):"
		diff <(printf '%s\n' "$want") <(printf '%s\n' "$got")
	fi
	[[ $status == "$want_status" ]] || fail "$file: exit $status, expected $want_status"
	checked=$((checked + 1))
done
[[ $checked -gt 0 ]] || fail "no fixture in tests/data/figures"

scratch=$(mktemp -d) || exit 1
trap 'rm -rf "$scratch"' EXIT
"$check" "$scratch/missing.md" >/dev/null 2>&1
status=$?
[[ $status == 2 ]] || fail "a missing file: exit $status, expected 2"
printf '<!-- bench report: begin -->\n- took 12 ns instead of 15\n' >"$scratch/open.md"
"$check" "$scratch/open.md" >/dev/null 2>&1
status=$?
[[ $status == 2 ]] || fail "a generated block with no end: exit $status, expected 2"

exit "$failed"
