#!/bin/sh
# bench_signature.sh -- pdn bench is deterministic: two runs at the same
# depth search the same number of nodes, position by position, whatever
# the table size's history (each search starts from an empty table); and
# at the default depth (12) the total is the signature below, which
# engine commits quote ("Bench: N") and man/pdn-bench.1 shows.  A change
# to the search or the evaluation changes it: update all three.
#
#   bench_signature.sh PDN_BINARY
set -u
pdn=$1
signature=327379
a=$("$pdn" bench --depth 7 | sed 's/ nodes .*/ nodes/; s/ in [.0-9]* s.*//')
b=$("$pdn" bench --depth 7 | sed 's/ nodes .*/ nodes/; s/ in [.0-9]* s.*//')
if [ -z "$a" ] || [ "$a" != "$b" ]; then
    echo "FAIL pdn bench is not deterministic:"
    printf '%s\n---\n%s\n' "$a" "$b"
    exit 1
fi
echo "$a" | tail -n 1
got=$("$pdn" bench | sed -n 's/^depth 12: \([0-9]*\) nodes.*/\1/p')
if [ "$got" != "$signature" ]; then
    echo "FAIL pdn bench: signature $got at depth 12, expected $signature"
    exit 1
fi
echo "depth 12: $got nodes, the signature"
echo "2 passed, 0 failed"
