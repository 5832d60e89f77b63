#!/usr/bin/env bash
# tests/check_outputs.sh BENCH MSGDUMP MESSAGE: the output rules
# (harness/README.md §6.6) through the real programs, for `bench --quick
# --filter '^tCreate5Int32$' --out F` and `msgdump --reflatten F MESSAGE`:
# a regular file replaced keeping its mode, a FIFO and /dev/null written in
# place, a symlink followed, /dev/stdout into another user's pipe, a
# read-only file, a directory and a missing folder refused in one line in
# under a second; as root, /dev/full fails in one line and stays a device.
# The cases that need a user other than root run as nobody (setpriv) when
# the test runs as root. Then the format an --out name implies, a --format
# that contradicts it, and --list-tests with a filter that matches nothing.
# Prints one line per failed check and exits 1; 77 (skipped) when it cannot
# drop privileges.
set -u
bench=$1 msgdump=$2 message=$3
failures=0
fail() {
	echo "check_outputs: $*" >&2
	failures=$((failures + 1))
}

# Runs a command as a user who is not root: nobody when root runs this.
as_user() {
	if [ "$(id -u)" -eq 0 ]; then
		setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"
	else
		"$@"
	fi
}
if [ "$(id -u)" -eq 0 ] && ! setpriv --reuid=nobody --regid=nogroup --clear-groups true 2>/dev/null; then
	echo "check_outputs: skipped: running as root and cannot drop to nobody with setpriv" >&2
	exit 77
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/check-outputs.XXXXXX")
chmod 0777 "$dir"
errors=$(mktemp "${TMPDIR:-/tmp}/check-outputs-stderr.XXXXXX")
trap 'rm -rf "$dir" "$errors"' EXIT

# The two writers, as `write NAME DEST [ARG...]`: bench's table or
# msgdump's flattened message into DEST.
write_bench() {
	local dest=$1
	shift
	"$@" "$bench" --quick --filter '^tCreate5Int32$' --out "$dest"
}
write_msgdump() {
	local dest=$1
	shift
	"$@" "$msgdump" --reflatten "$dest" "$message"
}
# What each writes begins with: the table's first words, or the magic of
# the message msgdump rebuilds (Message4's HMF1, written once to a new
# file).
starts_bench="Times in "
"$msgdump" --reflatten "$dir/reference" "$message" >/dev/null || fail "msgdump: cannot reflatten $message"
starts_msgdump=$(head -c 4 "$dir/reference")
rm -f "$dir/reference"

# Runs a refused destination: exit 2, one line on stderr naming `reason`,
# in under a second, and nothing appears in $dir but what was there.
refused() {
	local writer=$1 dest=$2 reason=$3
	shift 3
	local before after start elapsed status
	before=$(ls -A "$dir" | sort | tr '\n' ' ')
	start=$(date +%s%N)
	"write_$writer" "$dest" "$@" >/dev/null 2>"$errors"
	status=$?
	elapsed=$((($(date +%s%N) - start) / 1000000))
	after=$(ls -A "$dir" | sort | tr '\n' ' ')
	[ "$status" -eq 2 ] || fail "$writer $dest: exit $status, not 2"
	[ "$(wc -l <"$errors")" -eq 1 ] || fail "$writer $dest: not one line: $(cat "$errors")"
	grep -q -- "$reason" "$errors" || fail "$writer $dest: '$reason' not in: $(cat "$errors")"
	[ "$elapsed" -lt 1000 ] || fail "$writer $dest: refused after $elapsed ms"
	[ "$before" = "$after" ] || fail "$writer $dest: the folder changed: $before -> $after"
}

starts_with() {
	[ "$(head -c ${#2} "$1")" = "$2" ]
}

for writer in bench msgdump; do
	starts_var=starts_$writer
	starts=${!starts_var}

	# A regular file: replaced (a new inode), its mode kept.
	file=$dir/$writer-regular.out
	echo old >"$file"
	chmod 0640 "$file"
	inode=$(stat -c %i "$file")
	"write_$writer" "$file" >/dev/null 2>&1 || fail "$writer regular: exit $?"
	starts_with "$file" "$starts" || fail "$writer regular: not written"
	[ "$(stat -c %a "$file")" = 640 ] || fail "$writer regular: mode $(stat -c %a "$file"), not 640"
	[ "$(stat -c %i "$file")" != "$inode" ] || fail "$writer regular: written in place, not replaced"

	# A FIFO: written in place, still a FIFO.
	fifo=$dir/$writer.fifo
	mkfifo "$fifo"
	timeout 10 cat "$fifo" >"$dir/$writer-from-fifo" &
	reader=$!
	"write_$writer" "$fifo" >/dev/null 2>&1 || fail "$writer FIFO: exit $?"
	# A writer that refused the FIFO leaves the reader waiting: end it.
	[ -p "$fifo" ] && timeout 1 sh -c ': >"$1"' sh "$fifo" 2>/dev/null
	wait "$reader"
	starts_with "$dir/$writer-from-fifo" "$starts" || fail "$writer FIFO: nothing read"
	[ -p "$fifo" ] || fail "$writer FIFO: no longer a FIFO"
	rm -f "$fifo" "$dir/$writer-from-fifo"

	# /dev/null, as a user who is not root.
	"write_$writer" /dev/null as_user >/dev/null 2>"$errors" ||
		fail "$writer /dev/null as non-root: $(cat "$errors")"
	[ -c /dev/null ] || fail "$writer: /dev/null is no longer a character device"

	# /dev/stdout into a pipe root made, as a user who is not root
	# (msgdump prints the message there too, before the bytes).
	"write_$writer" /dev/stdout as_user 2>"$errors" | cat >"$dir/$writer-piped" ||
		fail "$writer /dev/stdout as non-root: $(cat "$errors")"
	grep -aqF -- "$starts" "$dir/$writer-piped" || fail "$writer /dev/stdout: nothing through the pipe: $(cat "$errors")"
	rm -f "$dir/$writer-piped"

	# A symlink: its target replaced, keeping the target's mode; a
	# dangling one creates its target.
	target=$dir/$writer-target.out
	echo old >"$target"
	chmod 0600 "$target"
	ln -s "$writer-target.out" "$dir/$writer-link"
	"write_$writer" "$dir/$writer-link" >/dev/null 2>&1 || fail "$writer symlink: exit $?"
	[ -L "$dir/$writer-link" ] || fail "$writer symlink: replaced by a file"
	starts_with "$target" "$starts" || fail "$writer symlink: target not written"
	[ "$(stat -c %a "$target")" = 600 ] || fail "$writer symlink: target's mode $(stat -c %a "$target")"
	ln -s "$writer-created.out" "$dir/$writer-dangling"
	"write_$writer" "$dir/$writer-dangling" >/dev/null 2>&1 || fail "$writer dangling symlink: exit $?"
	starts_with "$dir/$writer-created.out" "$starts" || fail "$writer dangling symlink: target not created"

	# A read-only file of the user who is not root: refused, kept.
	readonly_file=$dir/$writer-read-only.out
	echo kept >"$readonly_file"
	chmod 0444 "$readonly_file"
	[ "$(id -u)" -eq 0 ] && chown nobody "$readonly_file"
	refused "$writer" "$readonly_file" "not writable" as_user
	[ "$(cat "$readonly_file")" = kept ] || fail "$writer read-only: changed"

	# A directory and a missing folder: refused.
	mkdir "$dir/$writer-folder"
	refused "$writer" "$dir/$writer-folder" "is a directory"
	refused "$writer" "$dir/missing/$writer.out" "no folder"

	# As root, /dev/full: fails in one line, still a character device.
	if [ "$(id -u)" -eq 0 ]; then
		"write_$writer" /dev/full >/dev/null 2>"$errors"
		status=$?
		[ "$status" -eq 1 ] || fail "$writer /dev/full: exit $status, not 1"
		# A run's own notices (the originals skipped, the machine busy, the
		# run disturbed) are not the refusal's.
		[ "$(grep -cv -e '^bench: not built, so not run:' -e '^bench: the machine is busy:' \
			-e '^bench: warning: this run was disturbed:' "$errors")" -eq 1 ] ||
			fail "$writer /dev/full: not one line: $(cat "$errors")"
		grep -q "No space left" "$errors" || fail "$writer /dev/full: $(cat "$errors")"
		[ -c /dev/full ] || fail "$writer: /dev/full is no longer a character device"
		fi
	ls -A "$dir" | grep -q 'bench-tmp' && fail "$writer: a temporary file was left: $(ls -A "$dir")"
done

# Refused before the run: the whole matrix would take far longer.
start=$(date +%s%N)
"$bench" --quick --all --out "$dir/missing/all.md" >/dev/null 2>&1
status=$?
elapsed=$((($(date +%s%N) - start) / 1000000))
[ "$status" -eq 2 ] && [ "$elapsed" -lt 1000 ] ||
	fail "--all --out into a missing folder: exit $status after $elapsed ms"

# The format an --out name implies, and a --format that contradicts it.
run() { "$bench" --quick --filter '^tCreate5Int32$' "$@"; }
run --out "$dir/run.json" 2>/dev/null && starts_with "$dir/run.json" "{" || fail "--out run.json: not JSON"
run --out "$dir/run.csv" 2>/dev/null && starts_with "$dir/run.csv" "test,operation," || fail "--out run.csv: not CSV"
run --out "$dir/run.txt" 2>/dev/null && ! grep -q '|' "$dir/run.txt" || fail "--out run.txt: not text"
run --out "$dir/run.dat" 2>/dev/null && grep -q '^| Test ' "$dir/run.dat" || fail "--out run.dat: not md"
run --format gbench --out "$dir/gbench.json" 2>/dev/null && grep -q '"benchmarks"' "$dir/gbench.json" ||
	fail "--format gbench --out gbench.json: not gbench"
for contradiction in "md run2.json" "json run2.csv" "csv run2.md" "text run2.json"; do
	read -r format name <<<"$contradiction"
	run --format "$format" --out "$dir/$name" 2>"$errors" >/dev/null
	status=$?
	[ "$status" -eq 2 ] && [ "$(wc -l <"$errors")" -eq 1 ] && [ ! -e "$dir/$name" ] ||
		fail "--format $format --out $name: exit $status: $(cat "$errors")"
done

# --list-tests whose filter matches nothing: exit 2, as a run.
"$bench" --list-tests --filter 'NoSuchTest' >/dev/null 2>&1
status=$?
[ "$status" -eq 2 ] || fail "--list-tests --filter NoSuchTest: exit $status, not 2"

[ "$failures" -eq 0 ] || exit 1
echo "check_outputs: every rule held for bench and msgdump"
