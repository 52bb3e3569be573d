#!/bin/sh
# check_format.sh -- every C file of src/ and tests/ is as clang-format
# writes it by the committed .clang-format (clang-format --dry-run
# -Werror).  The tree is formatted with clang-format 14, the one of
# Debian 12; another major version lays some lines out otherwise, so the
# test is skipped under one (exit 77), as without clang-format.
#
#   check_format.sh SOURCE_ROOT
set -u
root=$1
if ! command -v clang-format >/dev/null 2>&1; then
    echo "skipped: clang-format is not installed (scripts/test installs it)"
    exit 77
fi
major=$(clang-format --version | sed -n 's/.*version \([0-9]*\)\..*/\1/p')
if [ "$major" != 14 ]; then
    echo "skipped: the tree is formatted with clang-format 14, this is" \
         "${major:-unknown}"
    exit 77
fi
cd "$root" || exit 2
passed=0
failed=0
for f in $(find src tests -name '*.[ch]' | sort); do
    if clang-format --dry-run -Werror "$f" 2>/dev/null; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $f is not as clang-format writes it:"
        clang-format "$f" | diff -u "$f" - | head -n 20 | sed 's/^/    /'
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
