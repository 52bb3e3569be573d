#!/bin/sh
# limits.sh -- memory and sizes asked for beyond what can be served are
# refused cleanly (exit 2, a message), never an abort or a machine taken
# over:
#   - annotate --hash beyond the machine's memory, alone or times --jobs,
#     is refused before anything starts;
#   - a hash table that cannot be had (ulimit -v) is said, with exit 2, by
#     annotate and analyse (and analyse --json says it as JSON); a game
#     with nothing to judge needs no table at all;
#   - a configuration file over 1 MiB, or nested too deep (400 KB of
#     "[[[", which libyaml reads in quadratic time), is refused at once.
#
#   limits.sh PDN_BINARY SOURCE_ROOT
set -u
pdn=$1
root=$2
. "$(dirname "$0")/../lib.sh"
test_begin lim
games=$root/tests/cli/annotate/best.pdn

"$pdn" annotate -q --hash 65536 --depth 2 "$games" >/dev/null 2>"$tmp/err"
rc=$?
if [ "$rc" = 2 ] && grep -q "more than this machine's" "$tmp/err"; then ok
else bad "annotate --hash 65536: exit $rc, expected 2 and a refusal"; fi

mem_mb=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)
"$pdn" annotate -q --hash 65536 --jobs 8 --depth 2 "$games" >/dev/null \
    2>"$tmp/err"
rc=$?
if [ "$rc" = 2 ] && grep -q "for each of 8 jobs" "$tmp/err"; then ok; else
    bad "annotate --hash 65536 --jobs 8 ($mem_mb MB here): exit $rc"
fi

# Configuration files.
head -c 1100000 /dev/zero | tr '\0' '#' >"$tmp/big.yaml"
"$pdn" check --config "$tmp/big.yaml" "$games" >/dev/null 2>"$tmp/err"
rc=$?
if [ "$rc" = 2 ] && grep -q 'larger than 1048576 bytes' "$tmp/err"; then ok
else bad "a 1.1 MB configuration: exit $rc, expected 2 and a refusal"; fi
awk 'BEGIN { printf "check: "; for (i = 0; i < 200000; i++) printf "[";
             for (i = 0; i < 200000; i++) printf "]"; print "" }' \
    >"$tmp/deep.yaml"
timeout 30 "$pdn" check --config "$tmp/deep.yaml" "$games" >/dev/null \
    2>"$tmp/err"
rc=$?
if [ "$rc" = 2 ] && grep -q 'deep.yaml:1:40: error: nested more than 32 deep' \
       "$tmp/err"; then ok; else
    bad "400 KB of nested lists: exit $rc, expected 2 and a refusal at 1:40"
    head -n 3 "$tmp/err"
fi

# 1 GB of address space: no table of 2 GB.  A build that cannot run in
# so little at all (AddressSanitizer reserves terabytes) skips these.
if ! sh -c 'ulimit -v 1000000; exec "$1" --version' sh "$pdn" \
       >/dev/null 2>&1; then
    echo "note: $pdn does not run with 1 GB of address space" \
         "(a sanitizer build?): the cases under ulimit -v are not run"
    test_end
    exit
fi
(ulimit -v 1000000
 "$pdn" annotate -q --hash 2048 --depth 2 "$games" >/dev/null 2>"$tmp/err"
 echo $? >"$tmp/rc")
rc=$(cat "$tmp/rc")
if [ "$rc" = 2 ] && grep -q 'no memory for a hash table of 2048 MB' "$tmp/err"
then ok; else
    bad "annotate, no memory for the table: exit $rc, expected 2"
    head -n 3 "$tmp/err"
fi
(ulimit -v 1000000
 "$pdn" analyse --json --hash 2048 --depth 2 W:W21-32:B1-12 >"$tmp/out" \
     2>"$tmp/err"
 echo $? >"$tmp/rc")
rc=$(cat "$tmp/rc")
if [ "$rc" = 2 ] && grep -q '^{"error":"no memory for a hash table' "$tmp/out"
then ok; else
    bad "analyse --json, no memory for the table: exit $rc, expected 2"
    cat "$tmp/out"
fi
# Start positions only: nothing to judge, no table needed.
head -n 20 "$root/corpus/real/italian/cb_11_man_italian_ballots.pdn" \
    >"$tmp/ballots.pdn"
(ulimit -v 1000000
 "$pdn" annotate -q --hash 2048 --depth 2 "$tmp/ballots.pdn" >/dev/null \
     2>"$tmp/err"
 echo $? >"$tmp/rc")
rc=$(cat "$tmp/rc")
if [ "$rc" = 0 ]; then ok; else
    bad "annotate of games with nothing to judge made a table: exit $rc"
    head -n 3 "$tmp/err"
fi

test_end
