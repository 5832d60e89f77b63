#!/usr/bin/env bash
# tests/check_help.sh SOURCE_DIR BENCH MSGDUMP BENCH_OPTIONS: every command
# answers -h and --help with its usage on stdout, exit 0, nothing on
# stderr and nothing else done: bench, each command bench --help lists
# (its table of subcommands), msgdump, bench-options, and every script of
# scripts/ (lib.sh, sourced, aside), found by listing the folder so that a
# new one is covered. The scripts run with the programs they would build
# or install with (cmake, ctest, apt-get, dpkg-query, valgrind, the
# compilers) replaced by ones that leave a mark: no mark may appear. A
# script given an argument it refuses exits 2 the same way, before it
# builds. Prints one line per failed check and exits 1.
set -u
source_dir=$1 bench=$2 msgdump=$3 bench_options=$4
failures=0
fail() {
	echo "check_help: $*" >&2
	failures=$((failures + 1))
}

work=$(mktemp -d "${TMPDIR:-/tmp}/check-help.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"
for tool in cmake ctest apt-get dpkg-query valgrind gcc cc clang make git ctags ctags-universal; do
	printf '#!/bin/sh\necho "%s $*" >>"%s/ran"\nexit 1\n' "$tool" "$work" >"$work/bin/$tool"
	chmod +x "$work/bin/$tool"
done

# answers NAME USAGE_START COMMAND...: -h and --help each give the usage.
answers() {
	local name=$1 start=$2 flag
	shift 2
	for flag in -h --help; do
		rm -f "$work/ran"
		PATH="$work/bin:$PATH" timeout 20 "$@" "$flag" >"$work/out" 2>"$work/err"
		local status=$?
		[ "$status" -eq 0 ] || fail "$name $flag: exit $status: $(head -c 300 "$work/err")"
		[ "$(head -c ${#start} "$work/out")" = "$start" ] ||
			fail "$name $flag: stdout does not start with '$start': $(head -c 200 "$work/out")"
		[ -s "$work/err" ] && fail "$name $flag: wrote on stderr: $(head -c 300 "$work/err")"
		[ -e "$work/ran" ] && fail "$name $flag: ran $(cat "$work/ran")"
	done
}

answers bench "usage: bench " "$bench"
answers msgdump "usage: msgdump " "$msgdump"
answers bench-options "usage: bench-options " "$bench_options"
# The commands bench --help lists, from its table.
commands=$("$bench" --help | awk '/^Commands/ { on = 1; next } on && /^$/ { exit } on { print $1 }')
[ -n "$commands" ] || fail "bench --help lists no command"
for command in $commands; do
	answers "bench $command" "usage: bench $command " "$bench" "$command"
done

scripts=0
for script in "$source_dir"/scripts/*; do
	name=${script##*/}
	case $name in lib.sh | README.md) continue ;; esac
	[ -x "$script" ] || fail "scripts/$name is not executable"
	answers "scripts/$name" "usage: scripts/$name" "$script"
	scripts=$((scripts + 1))
done
[ "$scripts" -ge 13 ] || fail "only $scripts scripts found in $source_dir/scripts"

# Arguments refused before any build or installation: exit 2, one line.
refused() {
	rm -f "$work/ran"
	PATH="$work/bin:$PATH" timeout 20 "$@" >"$work/out" 2>"$work/err"
	local status=$?
	[ "$status" -eq 2 ] || fail "$*: exit $status, not 2: $(head -c 300 "$work/err")"
	[ "$(wc -l <"$work/err")" -eq 1 ] || fail "$*: not one line: $(cat "$work/err")"
	[ -e "$work/ran" ] && fail "$*: ran $(cat "$work/ran") before refusing"
}
refused "$source_dir/scripts/test" --bogus
refused "$source_dir/scripts/update-baseline" --bogus
refused "$source_dir/scripts/ci-instructions" --bogus
refused "$source_dir/scripts/ci-hardening" ten
refused "$source_dir/scripts/install-deps" 'no such/package'
refused "$source_dir/scripts/fuzz" decode soon
refused "$source_dir/scripts/sensitivity" --bogus
refused "$source_dir/scripts/sensitivity" --out "$work/missing"
refused "$source_dir/scripts/report" "$work/missing.json"
refused "$source_dir/scripts/bench-instructions" --format bogus
refused "$bench_options" --bogus
refused "$bench_options" --all --out "$work/missing/run.md"

[ "$failures" -eq 0 ] || exit 1
echo "check_help: bench, its commands, msgdump, bench-options and $scripts scripts answer -h and --help"
