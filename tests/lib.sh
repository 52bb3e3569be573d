# tests/lib.sh -- what the shell tests share, sourced after their
# arguments are read: a temporary folder ($tmp) removed at the end, the
# counts of the checks that passed and failed, and the closing line
# "N passed, M failed" that scripts/test and meson read.
#
#   . "$(dirname "$0")/../lib.sh"
#   test_begin NAME       # makes $tmp
#   ok; bad "what went wrong"
#   test_end              # the closing line; exit status 1 on a failure

test_begin() {
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/pdn-$1.XXXXXX") || exit 2
    trap 'rm -rf "$tmp"' EXIT
    passed=0
    failed=0
}

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL $*"; }

test_end() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
