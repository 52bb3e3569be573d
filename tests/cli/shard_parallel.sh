#!/bin/sh
# shard_parallel.sh -- pdn check --shard I/N run as N jobs by GNU parallel
# (as on a cluster, one shard a host) gives, all shards together, the same
# diagnostics as one run over the whole archive; and --jobs 2 gives the
# same output as --jobs 1, in the same order.
#
#   tests/cli/shard_parallel.sh PDN_BINARY SOURCE_ROOT
set -u
pdn=$1
root=$2
if ! command -v parallel >/dev/null 2>&1; then
    echo "shard_parallel: GNU parallel is not installed (scripts/test" \
         "installs the Debian package 'parallel')" >&2
    echo "0 passed, 1 failed"
    exit 1
fi
# The real archives, and the game files of corpus/ (among them a Latin-1
# file, whose encoding note belongs to one shard only).
files=$(ls "$root"/corpus/real/italian/gc_*.pdn "$root"/corpus/y_*.pdn |
        grep -v y_move_forms)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pdn-shard.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# shellcheck disable=SC2086
"$pdn" check --format json $files | grep -v '^{"summary"' | sort >"$tmp/one"
# shellcheck disable=SC2086
parallel --will-cite --jobs 2 "$pdn" check --format json --shard {}/3 \
    $files ::: 1 2 3 | grep -v '^{"summary"' | sort >"$tmp/shards"
games_one=$("$pdn" check --quiet $files | sed 's/ games*,.*//')
games_shards=$(parallel --will-cite --jobs 2 "$pdn" check --quiet \
    --shard {}/3 $files ::: 1 2 3 | sed 's/ games*,.*//' |
    awk '{ n += $1 } END { print n }')

# Everything but the time the summary gives.
run_jobs() {
    out=$1
    shift
    "$pdn" check "$@" <"$first" >"$tmp/$out.out" 2>"$tmp/$out.err"
    echo "status $?" >>"$tmp/$out.err"
    sed 's/ in [0-9.]* s$//; s/,"seconds":[0-9.]*//' "$tmp/$out.out" \
        >"$tmp/$out.cut"
}
# shellcheck disable=SC2086
set -- $files
first=$1
run_jobs jobs1 --jobs 1 "$@"
run_jobs jobs2 --jobs 2 "$@"
run_jobs mixed1 --jobs 1 "$1" "$tmp/missing.pdn" - "$@"
run_jobs mixed3 --jobs 3 "$1" "$tmp/missing.pdn" - "$@"
run_jobs json1 --jobs 1 --format json --shard 2/3 "$@" "$tmp/missing.pdn"
run_jobs json3 --jobs 3 --format json --shard 2/3 "$@" "$tmp/missing.pdn"

ok=1
for pair in jobs1:jobs2 mixed1:mixed3 json1:json3; do
    a=${pair%:*}
    b=${pair#*:}
    for part in cut err; do
        if ! cmp -s "$tmp/$a.$part" "$tmp/$b.$part"; then
            echo "FAIL: $b wrote something else than $a (${part}):"
            diff "$tmp/$a.$part" "$tmp/$b.$part" | head -n 10
            ok=0
        fi
    done
done
if ! cmp -s "$tmp/one" "$tmp/shards"; then
    echo "FAIL: the shards' diagnostics differ from one run's:"
    diff "$tmp/one" "$tmp/shards" | head -n 10
    ok=0
fi
if [ "$games_one" != "$games_shards" ]; then
    echo "FAIL: one run checked $games_one games, the shards $games_shards"
    ok=0
fi
if ! grep -q 'missing.pdn' "$tmp/mixed3.err" ||
   ! grep -q '^status 2$' "$tmp/mixed3.err"; then
    echo "FAIL: the file that cannot be opened was not reported (status 2)"
    ok=0
fi
echo "$(wc -l <"$tmp/one") diagnostics and $games_one games in one run;" \
     "the same from 3 shards; --jobs 2 and 3 the same as --jobs 1"
if [ "$ok" -eq 1 ]; then
    echo "1 passed, 0 failed"
    exit 0
fi
echo "0 passed, 1 failed"
exit 1
