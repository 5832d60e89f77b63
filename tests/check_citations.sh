#!/usr/bin/env bash
# Checks every citation of a section of the project's reference pages:
# "impl/README.md §N", "impl/flat-examples.md §N" or "harness/README.md §N"
# (the path may be in backquotes) must name a heading of that page numbered
# N ("## 3. Title", "### 3.2 Title"). Inside those pages a bare "§N" means
# the page itself; anywhere else a bare "§N" is broken, since a reader
# cannot tell which page it means. Scans the tracked files (report/ is
# generated from them). Prints one line per broken reference and exits 1 if
# there is any.
#
#   tests/check_citations.sh [SOURCE_DIR]
set -euo pipefail
export LC_ALL=C

cd "${1:-$(dirname "$0")/..}"

pages=(impl/README.md impl/flat-examples.md harness/README.md)

# The section numbers of a page, one per line.
section_numbers() {
	sed -n 's/^#\{1,6\} \{1,\}\([0-9][0-9]*\(\.[0-9][0-9]*\)*\)\.\{0,1\} .*/\1/p' "$1"
}

declare -A numbers
for page in "${pages[@]}"; do
	if [[ ! -f $page ]]; then
		echo "$page: missing, so no citation of it can be checked"
		exit 1
	fi
	numbers[$page]=$'\n'$(section_numbers "$page")$'\n'
done

list_files() {
	if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		git ls-files -z -- ':!report/'
	else
		find . -type f ! -path './.git/*' ! -path './build*' \
			! -path './report/*' -print0
	fi
}

# shellcheck disable=SC2016 # the backquotes are literal
reference='(`?(impl/README|impl/flat-examples|harness/README)\.md`? )?§[0-9]+(\.[0-9]+)*'
broken=0
while IFS= read -r hit; do
	file=${hit%%:*}
	file=${file#./}
	rest=${hit#*:}
	line=${rest%%:*}
	cited=${rest#*:}
	number=${cited##*§}
	case $cited in
	*impl/README.md*) page=impl/README.md ;;
	*impl/flat-examples.md*) page=impl/flat-examples.md ;;
	*harness/README.md*) page=harness/README.md ;;
	*)
		case $file in
		impl/README.md | impl/flat-examples.md | harness/README.md) page=$file ;;
		*)
			echo "$file:$line: $cited: say which page (${pages[*]})"
			broken=1
			continue
			;;
		esac
		;;
	esac
	if [[ ${numbers[$page]} != *$'\n'"$number"$'\n'* ]]; then
		echo "$file:$line: $cited: $page has no section $number"
		broken=1
	fi
done < <(list_files | { xargs -0 grep -InoE -- "$reference" /dev/null || true; })
exit "$broken"
