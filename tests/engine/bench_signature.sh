#!/bin/sh
# bench_signature.sh -- pdn bench is deterministic: two runs at the same
# depth search the same number of nodes, position by position, whatever
# the table size's history (each search starts from an empty table).
#
#   bench_signature.sh PDN_BINARY
set -u
pdn=$1
a=$("$pdn" bench --depth 7 | sed 's/ nodes .*/ nodes/; s/ in [.0-9]* s.*//')
b=$("$pdn" bench --depth 7 | sed 's/ nodes .*/ nodes/; s/ in [.0-9]* s.*//')
if [ -z "$a" ] || [ "$a" != "$b" ]; then
    echo "FAIL pdn bench is not deterministic:"
    printf '%s\n---\n%s\n' "$a" "$b"
    exit 1
fi
echo "$a" | tail -n 1
echo "1 passed, 0 failed"
