#!/bin/sh
# jobs.sh -- the archive tools on threads against one thread, the plain
# way they read beside the fast one: select, dedup, stats, tree and split
# with --jobs 2 write byte for byte what they write with one job, on the
# real games of corpus/real/ and copies of 60 of them; and --shard I/3
# shares the games out: the three shards together are every game once.
#
#   jobs.sh PDN_BINARY SOURCE_ROOT
set -u
pdn=$1
root=$2
. "$(dirname "$0")/../lib.sh"
test_begin jobs

files=$(ls "$root"/corpus/real/italian/*.pdn "$root"/corpus/real/english/gc_*.pdn 2>/dev/null)
[ -n "$files" ] || { echo "jobs: no files in corpus/real"; exit 1; }
# And copies, for dedup to find.
awk '/^\[Event / { k++ } k > 60 { exit } { print }' \
    "$root"/corpus/real/italian/gc_italian_partite.pdn >"$tmp/copies.pdn"
files="$files $tmp/copies.pdn"
fen='W:W21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,9,10,11,15'

# same WHAT ARGS...: the output of pdn ARGS... FILES with one job and two.
same() {
    what=$1
    shift
    # shellcheck disable=SC2086
    "$pdn" "$@" $files >"$tmp/one" 2>"$tmp/one.err"
    # shellcheck disable=SC2086
    "$pdn" "$@" --jobs 2 $files >"$tmp/two" 2>"$tmp/two.err"
    if cmp -s "$tmp/one" "$tmp/two" && cmp -s "$tmp/one.err" "$tmp/two.err" &&
       [ -s "$tmp/one" ]; then ok; else
        bad "$what: --jobs 2 differs from one job"
    fi
}
same "select --position" select -q --position "$fen"
same "select --fmt" select -q --fmt --result 1-0
same "select --format json" select -q --format json --plies 30..
same "select --list --moves" select -q --list --moves 23-19
same "dedup --report" dedup --report --contained
same "dedup --drop" dedup -q --drop --keep richest
same "stats" stats
same "stats --by event" stats --by event --format json
same "stats --by opening" stats --by opening
same "tree" tree --depth 6 --format json

rm -rf "$tmp/a" "$tmp/b"
# shellcheck disable=SC2086
"$pdn" split -q --by Event -o "$tmp/a" $files
# shellcheck disable=SC2086
"$pdn" split -q --by Event --jobs 2 -o "$tmp/b" $files
if diff -r "$tmp/a" "$tmp/b" >/dev/null && [ -n "$(ls "$tmp/a")" ]; then ok; else
    bad "split --by Event: --jobs 2 writes other files"
fi

# --shard: three shards share out every game.
# shellcheck disable=SC2086
all=$("$pdn" select -q --count $files)
sum=0
for i in 1 2 3; do
    # shellcheck disable=SC2086
    n=$("$pdn" select -q --count --shard $i/3 $files)
    sum=$((sum + n))
done
if [ "$sum" -eq "$all" ] && [ "$all" -gt 0 ]; then ok; else
    bad "select --shard: the shards hold $sum games of $all"
fi
sum=0
for i in 1 2 3; do
    # shellcheck disable=SC2086
    n=$("$pdn" stats -q --by result --format json --shard $i/3 $files |
        sed -n 's/^{"summary":{"games":\([0-9]*\),.*/\1/p')
    sum=$((sum + n))
done
if [ "$sum" -eq "$all" ]; then ok; else bad "stats --shard: $sum games of $all"; fi
test_end
