# shellcheck shell=bash
# scripts/lib.sh - what the scripts share: where the source tree is, their
# answer to -h and --help, the Haiku trees the original backends are built
# from, and the configure and build steps. Sourced by the scripts, never
# run.

# The root of the source tree.
bench_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Jobs for cmake --build and ctest.
bench_jobs=$(nproc 2>/dev/null || echo 2)

# bench_help "$@": when an argument is -h or --help, prints the calling
# script's usage, its header comment (every script opens with one whose
# first line is its usage), and exits 0 before anything else runs.
bench_help() {
	local arg
	for arg in "$@"; do
		case $arg in
		-h | --help)
			awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$0"
			exit 0
			;;
		esac
	done
}

# bench_haiku_trees [quiet]: makes HAIKU_TREE (today's Haiku) and
# HAIKU_2005_TREE (Haiku at 0083a1f3f5) absolute paths, for the original
# backends (impl/originals/README.md). Unset, each defaults to the copy that
# the project's machines keep beside the clone, when it is there; set to
# the empty string, it stays off. Says in one line which originals are
# skipped, unless `quiet`: a script that runs bench leaves that line to
# bench, so that a command says it once.
bench_haiku_trees() {
	local beside
	beside="$(dirname "$bench_root")/shared"
	beside+="/haiku-src"
	if [ -z "${HAIKU_TREE+set}" ] && [ -d "$beside/today" ]; then
		HAIKU_TREE=$beside/today
	fi
	if [ -z "${HAIKU_2005_TREE+set}" ] && [ -d "$beside/2005-10-31" ]; then
		HAIKU_2005_TREE=$beside/2005-10-31
	fi
	local variable
	for variable in HAIKU_TREE HAIKU_2005_TREE; do
		if [ -n "${!variable:-}" ]; then
			if [ ! -d "${!variable}" ]; then
				echo "$variable=${!variable} is not a directory" >&2
				exit 2
			fi
			printf -v "$variable" '%s' "$(realpath "${!variable}")"
		fi
	done
	if [ "${1:-}" != quiet ] && { [ -z "${HAIKU_TREE:-}" ] || [ -z "${HAIKU_2005_TREE:-}" ]; }; then
		echo "originals skipped:${HAIKU_TREE:+ not} Haiku-original${HAIKU_2005_TREE:+ not} Message1-2005, Message2-2005, Message3-2005 (no Haiku tree: set HAIKU_TREE and HAIKU_2005_TREE, impl/originals/README.md)" >&2
	fi
}

# bench_configure DIR [CMAKE_ARG...]: configures a build in DIR with the
# Haiku trees of bench_haiku_trees and the arguments given; its output
# starts DIR/build.log (bench_build). The test-only regression
# (BENCH_INJECT_REGRESSION) is off unless an argument turns it on, as only
# scripts/stability does, in a folder of its own.
bench_configure() {
	local dir=$1
	shift
	mkdir -p "$dir"
	bench_logged "$dir" configure cmake -S "$bench_root" -B "$dir" \
		-DBENCH_HAIKU_TREE="${HAIKU_TREE:-}" \
		-DBENCH_HAIKU_2005_TREE="${HAIKU_2005_TREE:-}" \
		-DBENCH_INJECT_REGRESSION=OFF "$@"
}

# bench_build DIR [CMAKE_BUILD_ARG...]: builds in DIR (cmake --build, with
# the jobs of bench_jobs and the arguments given, a --target for one);
# its output goes on in DIR/build.log.
bench_build() {
	local dir=$1
	shift
	bench_logged "$dir" build cmake --build "$dir" -j"$bench_jobs" "$@"
}

# bench_logged DIR STEP COMMAND...: runs a step of a build with its output
# in DIR/build.log (the configure step starts it anew), shown only when
# the step fails: then its path and last lines, and the script exits 1.
bench_logged() {
	local dir=$1 step=$2 log=$1/build.log
	shift 2
	[ "$step" = configure ] && : >"$log"
	if ! "$@" >>"$log" 2>&1; then
		echo "${0##*/}: the $step in $dir failed; the end of $log:" >&2
		tail -n 25 "$log" >&2
		exit 1
	fi
}

# The glibc pin of instruction mode (harness/README.md §5.4), printed as
# GLIBC_TUNABLES takes it: under callgrind glibc picks its string functions
# for the CPU valgrind emulates, which follows the host (AVX2 or not) and
# valgrind's version, so another machine would count other instructions.
# Masks every feature glibc's selectors read above the x86-64 baseline and
# gives the copy thresholds outright. BENCH_GLIBC_DATA_CACHE_SIZE and
# BENCH_GLIBC_SHARED_CACHE_SIZE (bytes) add glibc's cache-size tunables;
# a value that is not a size is refused in one line (status 2).
bench_glibc_pin() {
	local masked hwcaps pin variable value
	masked=(
		AVX512F AVX512CD AVX512BW AVX512DQ AVX512ER AVX512PF AVX512VL
		AVX2 AVX FMA FMA4 BMI1 BMI2 LZCNT MOVBE POPCNT SSE4_2 SSE4_1 SSSE3 ERMS RTM
		AVX_Fast_Unaligned_Load Fast_Unaligned_Load Fast_Unaligned_Copy
		Fast_Copy_Backward Fast_Rep_String Prefer_PMINUB_for_stringop Prefer_ERMS
		Prefer_FSRM
	)
	hwcaps=$(printf -- '-%s,' "${masked[@]}")
	pin="glibc.cpu.hwcaps=${hwcaps%,}"
	pin+=":glibc.cpu.x86_non_temporal_threshold=0x200000"
	pin+=":glibc.cpu.x86_rep_movsb_threshold=0x2000"
	pin+=":glibc.cpu.x86_rep_stosb_threshold=0x800"
	for variable in BENCH_GLIBC_DATA_CACHE_SIZE BENCH_GLIBC_SHARED_CACHE_SIZE; do
		value=${!variable:-}
		[ -z "$value" ] && continue
		if ! [[ $value =~ ^[1-9][0-9]{0,11}$ ]]; then
			echo "${0##*/}: $variable='$value' is not a size in bytes" >&2
			return 2
		fi
		case $variable in
		BENCH_GLIBC_DATA_CACHE_SIZE) pin+=":glibc.cpu.x86_data_cache_size=$value" ;;
		*) pin+=":glibc.cpu.x86_shared_cache_size=$value" ;;
		esac
	done
	echo "$pin"
}
