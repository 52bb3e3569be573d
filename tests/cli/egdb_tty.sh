#!/bin/sh
# egdb_tty.sh -- pdn egdb build's progress line: on a terminal (script(1)
# gives it one) a line per slice with the slices done, the share of the
# positions and, once the pace is known, the time left, cleared at the
# end before the summary; without a terminal, the summary alone.
#
#   egdb_tty.sh PDN_BINARY
set -u
pdn=$1
case $pdn in /*) ;; *) pdn=$(pwd)/$pdn ;; esac
. "$(dirname "$0")/../lib.sh"
test_begin egdb-tty
if ! command -v script >/dev/null 2>&1; then
    echo "egdb_tty: script(1) is not installed (Debian's bsdutils)"
    exit 77
fi

script -qec "'$pdn' egdb build --pieces 4 --jobs 1 --dir '$tmp/db'" \
    "$tmp/typescript" >/dev/null 2>&1 || bad "pdn egdb build on a terminal"
tr '\r' '\n' <"$tmp/typescript" >"$tmp/lines"
grep -q '^.\[K1/23 slices (the last 1K-1K), 0 % of the positions$' "$tmp/lines" &&
    ok || bad "no first progress line"
grep -q '^.\[K23/23 slices (the last 3M-1M), 100 % of the positions$' "$tmp/lines" &&
    ok || bad "no last progress line"
grep -q 'slices (the last [0-9KM-]*), [0-9]* % of the positions, [0-9]* s left$' \
    "$tmp/lines" && ok || bad "no time left"
grep -q '^.\[Kitalian, up to 4 pieces: 23 slices, 23 built' "$tmp/lines" &&
    ok || bad "the summary does not follow the cleared line"

"$pdn" egdb build --pieces 4 --dir "$tmp/db" >"$tmp/out" 2>"$tmp/err" ||
    bad "pdn egdb build without a terminal"
if [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
    grep -q '23 slices, 0 built (0 positions, 0 bytes), 23 there already' "$tmp/err"; then
    ok
else
    bad "without a terminal: not the summary alone"
    cat "$tmp/err"
fi
test_end
