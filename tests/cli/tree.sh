#!/bin/sh
# tree.sh -- pdn tree held against an index of positions built from pdn
# convert --to fen (a line a ply: game, ply, FEN, move) of the real games
# of corpus/real/: each position of the tree, to its depth, is stood on
# by as many games as the index says stand on that FEN within that many
# plies (transpositions merged: at any ply), of the games that start
# from it; each move from it by as many as play it there; and the HTML
# page is whole.
#
#   tree.sh PDN_BINARY SOURCE_ROOT
set -u
pdn=$1
root=$2
. "$(dirname "$0")/../lib.sh"
test_begin tree

for f in "$root"/corpus/real/italian/gc_*.pdn; do
    [ -f "$f" ] || continue
    depth=4
    "$pdn" convert -q --to fen "$f" >"$tmp/fens" 2>/dev/null
    "$pdn" tree -q --depth "$depth" --format json "$f" >"$tmp/tree" 2>/dev/null
    # The index: for each FEN within the depth, its games; for each FEN
    # and move before the depth, the games that play it there.
    # (Only the games that start on the tree's root: no position of a
    # game set up from a FEN tag is the start again.)
    start=$(sed -n '1s/^{"fen":"\([^"]*\)".*/\1/p' "$tmp/tree")
    awk -F'\t' -v d="$depth" -v start="$start" '
        $2 == 0 { on[$1] = $3 == start }
        !on[$1] { next }
        $2 <= d { if (!seen[$1 SUBSEP $3]++) games[$3]++ }
        $2 < d && $4 != "" { if (!played[$1 SUBSEP $3 SUBSEP $4]++) moves[$3 "\t" $4]++ }
        END {
            for (p in games) print "P\t" p "\t" games[p]
            for (m in moves) print "M\t" m "\t" moves[m]
        }' "$tmp/fens" | sort >"$tmp/want"
    # The tree's own, the same way.
    sed 's/^{"fen":"\([^"]*\)","ply":[0-9]*,"games":\([0-9]*\),"moves":\[\(.*\)\]}$/\1\t\2\t\3/' \
        "$tmp/tree" |
    awk -F'\t' '{
        print "P\t" $1 "\t" $2
        n = split($3, m, /\},?\{?/)
        for (i = 1; i <= n; i++) {
            if (match(m[i], /"move":"[^"]*"/) == 0) continue
            mv = substr(m[i], RSTART + 8, RLENGTH - 9)
            match(m[i], /"games":[0-9]*/)
            print "M\t" $1 "\t" mv "\t" substr(m[i], RSTART + 8, RLENGTH - 8)
        }
    }' | sort >"$tmp/got"
    # Every position and move of the tree is in the index with its count
    # (the index also holds the positions after the last ply, which the
    # tree shows as nodes too, and no more).
    if [ -s "$tmp/got" ] && comm -23 "$tmp/got" "$tmp/want" | grep -q .; then
        bad "$f: the tree has counts the index has not:"
        comm -23 "$tmp/got" "$tmp/want" | head -n 5
    elif [ -s "$tmp/got" ]; then ok; else bad "$f: an empty tree"; fi
    # And every move of the index is in the tree.
    missing=$(grep '^M' "$tmp/want" | comm -23 - "$tmp/got" | wc -l)
    if [ "$missing" -eq 0 ]; then ok; else bad "$f: $missing moves of the index not in the tree"; fi
done

# The HTML page is whole, each details element closed.
f=$root/corpus/real/italian/gc_italian_partite.pdn
"$pdn" tree -q --depth 6 --format html "$f" >"$tmp/page.html" 2>/dev/null
open=$(grep -o '<details' "$tmp/page.html" | wc -l)
close=$(grep -o '</details>' "$tmp/page.html" | wc -l)
if head -n 1 "$tmp/page.html" | grep -q '^<!DOCTYPE html>$' &&
   tail -n 1 "$tmp/page.html" | grep -q '^</html>$' &&
   [ "$open" -eq "$close" ] && [ "$open" -gt 10 ]; then ok; else
    bad "HTML: $open details opened, $close closed"
fi
test_end
