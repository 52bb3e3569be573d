#!/bin/sh
# egdb_marks.sh -- pdn annotate with an endgame database, on real games
# (corpus/real/italian): every main-line move played in a position within
# the database's reach is judged by the database alone.
#   - the report says so for each such move, and only for them;
#   - the values it gives before and after the move are those pdn egdb
#     probe gives the positions before and after it, read apart (pdn
#     convert --to fen);
#   - a move that keeps its value has no mark, however the evaluation
#     swings; one that turns a win into a draw is a mistake, one that
#     turns a win or a draw into a loss a blunder;
#   - the annotated game says "database: win -> draw" in the comment of
#     each such mark.
# The database is built here to PIECES pieces (default 4: a second or
# two; 5: half a minute on two cores).
#
#   egdb_marks.sh PDN_BINARY SOURCE_ROOT [PIECES]
set -u
pdn=$1
root=$2
. "$(dirname "$0")/../lib.sh"
test_begin egdb-marks

src=$root/corpus/real/italian/gc_italian_partite.pdn
if [ ! -f "$src" ]; then
    echo "egdb_marks: $src is missing"
    echo "0 passed, 1 failed"
    exit 1
fi
pieces=${3:-4}
# After the real games, three planted ones: a win thrown to a draw, a
# draw thrown to a loss, and a win kept (the values are the probe's, the
# marks what they must give).
cp "$src" "$tmp/all.pdn"
cat >>"$tmp/all.pdn" <<'EOF'

[Event "planted: win to draw"]
[SetUp "1"]
[FEN "W:W13,31:BK26"]
[Result "*"]

1. 31-27 *

[Event "planted: draw to loss"]
[SetUp "1"]
[FEN "W:WK17:B2,23"]
[Result "*"]

1. 17-21 *

[Event "planted: win kept"]
[SetUp "1"]
[FEN "W:W13,31:BK26"]
[Result "*"]

1. 13-9 *
EOF
src=$tmp/all.pdn
"$pdn" egdb build --pieces $pieces --quiet --dir "$tmp/db" ||
    { echo "FAIL pdn egdb build"; echo "0 passed, 1 failed"; exit 1; }

# Every position of the main lines: game, ply, FEN, move.
"$pdn" convert --to fen "$src" >"$tmp/fen" 2>/dev/null
# The games with a move played within reach (the pieces of the FEN are
# its numbers).
awk -F'\t' -v p=$pieces '$4 != "-" { n = gsub(/[0-9]+/, "&", $3)
    if (n <= p) print $1 }' "$tmp/fen" | sort -un >"$tmp/games"
ngames=$(wc -l <"$tmp/games")
if [ "$ngames" -ge 5 ]; then ok; else bad "only $ngames games reach $pieces pieces"; fi

"$pdn" split --every 1 --quiet -o "$tmp/g" "$src" 2>/dev/null
: >"$tmp/moves"
for g in $(cat "$tmp/games"); do
    "$pdn" annotate --quiet --depth 4 --egdb "$tmp/db" --report json \
        --report-file "$tmp/r.json" -o "$tmp/a.pdn" "$tmp/g/$g.pdn" ||
        bad "pdn annotate game $g"
    # A line a main-line move: game, ply, mark, database before, after.
    sed 's/},{"ply"/}\n{"ply"/g' "$tmp/r.json" |
        grep '"main_line":true' | grep '"judged":true' |
        sed -e 's/^.*"ply":\([0-9]*\),.*"mark":\([a-z"]*\),.*$/\1 \2 &/' |
        awk -v g="$g" '{ b = "-"; a = "-"
            if (match($0, /"database":\{"before":"[a-z]*","after":"[a-z]*"/)) {
                s = substr($0, RSTART, RLENGTH)
                split(s, f, "\"")
                b = f[6]; a = f[10]
            }
            gsub(/"/, "", $2)
            print g, $1, $2, b, a }' >>"$tmp/moves"
    # Each mark of the database says why in the game's comment.
    want=$(awk -v g="$g" '$1 == g && $4 != "-" && $3 != "null"' "$tmp/moves" | wc -l)
    got=$(grep -o 'database: [a-z]* → [a-z]*' "$tmp/a.pdn" | wc -l)
    if [ "$want" = "$got" ]; then ok; else bad "game $g: $want database marks, $got comments"; fi
done

# The values apart: each position before and after a move, probed.
awk -F'\t' '{ print $3 }' "$tmp/fen" >"$tmp/fens"
"$pdn" egdb probe --dir "$tmp/db" <"$tmp/fens" >"$tmp/probed" 2>/dev/null
# game ply pieces value (of the side to move), a line a position.
awk -F'\t' 'NR == FNR { v[$1] = $2; next }
    { n = gsub(/[0-9]+/, "&", $3); fen = $3
      print $1, $2, n, (fen in v ? v[fen] : "-") }' "$tmp/probed" "$tmp/fen" \
    >"$tmp/values"
# The probe writes the FEN as pdn writes it, as convert does: one key.

awk -v p=$pieces '
    function other(x) { return x == "win" ? "loss" : x == "loss" ? "win" : x }
    NR == FNR { n[$1 " " $2] = $3; v[$1 " " $2] = $4; next }
    { key = $1 " " $2; next_key = $1 " " ($2 + 1)
      in_reach = n[key] <= p
      if (in_reach != ($4 != "-")) {
          printf "FAIL game %s ply %s: %d pieces, database %s\n", $1, $2, n[key], $4
          bad++; next }
      if (!in_reach) next
      judged++
      before = v[key]; after = other(v[next_key])
      if ($4 != before || $5 != after) {
          printf "FAIL game %s ply %s: report %s -> %s, probe %s -> %s\n", $1, $2, $4, $5, before, after
          bad++; next }
      want = "null"
      if (before != after && before != "loss")
          want = before == "win" && after == "draw" ? "mistake" : "blunder"
      if ($3 != want) {
          printf "FAIL game %s ply %s: %s -> %s marked %s, not %s\n", $1, $2, before, after, $3, want
          bad++; next }
      kept += before == after; changed += before != after
    }
    END { printf "%d moves judged by the database: %d kept their value, %d changed it\n", judged, kept, changed
          if (judged < 20) { print "FAIL fewer than 20 moves judged by the database"; bad++ }
          if (changed < 2) { print "FAIL fewer than 2 moves changed the value"; bad++ }
          exit bad > 0 }' "$tmp/values" "$tmp/moves" && ok ||
    bad "the report against the probes"

test_end
