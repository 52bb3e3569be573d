#!/bin/sh
# standard_files.sh -- pdn parse --strict holds the PDN 3.0 standard's
# own test files (wiegerw/pdn games/fail and games/succeed, kept in
# ../shared/corpora/pdn3-reject and pdn3-accept): every file of games/fail
# is refused, at the rule it breaks, and every file of games/succeed is
# read without an error.  Without --strict, the failing files are read as
# before.  Without ../shared/corpora the test is skipped (exit 77).
#
#   standard_files.sh PDN_BINARY SHARED_CORPORA
set -u
pdn=$1
shared=$2
if [ ! -d "$shared/pdn3-reject" ] || [ ! -d "$shared/pdn3-accept" ]; then
    echo "standard_files: $shared/pdn3-reject or pdn3-accept is not" \
         "there: the standard's files cannot be read (skipped)"
    exit 77
fi
. "$(dirname "$0")/../lib.sh"
test_begin strict

# Each failing file, and what the first refusal of it says.
while IFS='|' read -r name what; do
    f=$shared/pdn3-reject/$name.pdn
    if [ ! -f "$f" ]; then
        bad "$f is missing"
        continue
    fi
    status=0
    "$pdn" parse --strict "$f" >"$tmp/out" 2>&1 || status=$?
    if [ "$status" -ne 1 ]; then
        bad "$name: exit status $status, expected 1"
    elif ! grep 'error\[E0112\]' "$tmp/out" | head -n 1 |
            grep -qF -- "$what"; then
        bad "$name: the first E0112 does not say \"$what\":"
        grep 'E0112' "$tmp/out" | head -n 3
    else
        ok
    fi
    status=0
    "$pdn" parse "$f" >"$tmp/out" 2>&1 || status=$?
    if [ "$status" -ne 0 ]; then
        bad "$name: without --strict, exit status $status"
    else
        ok
    fi
done <<'LIST'
40Camp.DamaInternazionaleAssoluto|expected '*' or a result to end the game
Cat.A1|found '.'
Cat.C1|expected a move after the move number, found the next game
abatsiev|a move left out is written '...'
delfts|expected '*' or a result to end the game
mrdrcd07|a game is not a move number and a result
mrdrcd08|a game is not a move number and a result
nested_comment|comments do not nest
LIST
n=$(find "$shared/pdn3-reject" -name '*.pdn' | wc -l)
if [ "$n" -ne 8 ]; then
    bad "pdn3-reject holds $n files, not the standard's 8"
else
    ok
fi

# Every succeeding file.
count=0
for f in "$shared"/pdn3-accept/*.pdn; do
    count=$((count + 1))
    status=0
    "$pdn" parse --strict "$f" >"$tmp/out" 2>&1 || status=$?
    if [ "$status" -ne 0 ] || grep -q 'E0112' "$tmp/out"; then
        bad "$f: refused (exit status $status):"
        grep 'E0112' "$tmp/out" | head -n 3
    else
        ok
    fi
done
if [ "$count" -ne 38 ]; then
    bad "pdn3-accept holds $count files, not the 38 expected"
else
    ok
fi
test_end
