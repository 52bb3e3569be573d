#!/bin/sh
# files.sh -- what pdn annotate writes, on whole files:
#   - the planted blunder gets $4, a better move and its line; the game
#     of best moves gets no mark (also with a time budget per game);
#   - it passes pdn check with no error, and pdn fmt leaves it as it is;
#   - annotating it again changes nothing (only pdn's own additions are
#     replaced), and a game's own comments, NAGs and variations stay;
#   - --jobs 2 writes the same as one job, games in input order;
#   - -o FILE and --in-place write the same as standard output; --in-place
#     failing midway (a file size limit) leaves the original as it was,
#     with no temporary file, and exits 2; -o naming an input is refused;
#   - ended by SIGTERM, --in-place leaves the file as it was and no
#     temporary file;
#   - on a terminal a progress line is shown, and nowhere else.
#
#   files.sh PDN_BINARY SOURCE_ROOT
set -u
pdn=$1
root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL $*"; }

cases=$root/tests/cli/annotate
# The planted blunder, the best moves, a game with its own annotations,
# and three games of the Italian archive (corpus/real/).
cat "$cases/blunder.pdn" >"$tmp/in.pdn"
echo >>"$tmp/in.pdn"
cat "$cases/best.pdn" >>"$tmp/in.pdn"
echo >>"$tmp/in.pdn"
cat "$cases/own.pdn" >>"$tmp/in.pdn"
archive=$root/corpus/real/italian/gc_italian_partite.pdn
echo >>"$tmp/in.pdn"
awk '/^\[Event / { k++ } k > 3 { exit } { print }' "$archive" >>"$tmp/in.pdn"
games=$(grep -c '^\[Event ' "$tmp/in.pdn")

# The planted blunder (4. 30-27, which lets 11-15 20x11 7x30 take two)
# and the game of the engine's best moves, at the defaults, at depth 6
# and with a budget.
for how in "" "--depth 6" "--time-per-game 400"; do
    "$pdn" annotate -q $how "$cases/blunder.pdn" >"$tmp/blunder"
    better=$(tr '\n' ' ' <"$tmp/blunder" |
             sed -n 's/.*Blunder, confirmed at depth [0-9]*\. \([0-9]*-[0-9]*\) was best\..*/\1/p')
    if grep -q '4\. 30-27 \$4' "$tmp/blunder" && [ -n "$better" ] &&
       [ "$better" != 30-27 ] && grep -q "(4\\. $better " "$tmp/blunder"; then
        ok
    else
        bad "$how: the planted blunder is not marked \$4 with a better move"
        cat "$tmp/blunder"
    fi
    "$pdn" annotate -q $how "$cases/best.pdn" >"$tmp/best"
    if grep -q '\$[246]' "$tmp/best"; then
        bad "$how: a game of best moves got a mark"
        cat "$tmp/best"
    else ok; fi
    if "$pdn" check -q "$tmp/blunder" "$tmp/best" >/dev/null; then ok; else
        bad "$how: pdn check finds errors"
    fi
done

# Every mark is confirmed by a deeper search: at --depth 4, a marked
# move's scores come from depth 8 or more (12 for a blunder), and some
# move of these games is marked.
"$pdn" annotate -q --depth 4 --report json "$tmp/in.pdn" >"$tmp/report"
shallow=$(grep -o '"judged":true,"depth":[0-9]*,[^{}]*"mark":"[a-z]*"' \
              "$tmp/report" |
          awk -F'[:,"]+' '{ d = $5; m = $NF == "" ? $(NF - 1) : $NF
                            if (d < 8 || (m == "blunder" && d < 12)) n++ }
                          END { print n + 0 }')
marked=$(grep -o '"mark":"[a-z]*"' "$tmp/report" | wc -l)
if [ "$marked" -gt 0 ] && [ "$shallow" = 0 ]; then ok; else
    bad "--depth 4: $marked marks, $shallow of them not confirmed deeper"
fi

a="--depth 4 -q"
"$pdn" annotate $a "$tmp/in.pdn" >"$tmp/once"
rc=$?
if [ $rc = 0 ]; then ok; else bad "annotate: exit $rc"; fi
n=$(grep -c '^\[Event ' "$tmp/once")
if [ "$n" = "$games" ]; then ok; else bad "annotate wrote $n games of $games"; fi
if grep -q '^\[Annotator "pdn"\]' "$tmp/once"; then ok; else bad "no Annotator tag"; fi

"$pdn" check -q "$tmp/once" >"$tmp/check" 2>&1
rc=$?
if [ $rc = 0 ] && grep -q ' 0 errors' "$tmp/check"; then ok; else
    bad "pdn check finds errors in the annotated games (exit $rc)"
    cat "$tmp/check"
fi

"$pdn" fmt -q "$tmp/once" >"$tmp/fmt"
if cmp -s "$tmp/once" "$tmp/fmt"; then ok; else
    bad "pdn fmt changes the annotated games"
    diff "$tmp/once" "$tmp/fmt" | head -n 10
fi

"$pdn" annotate $a "$tmp/once" >"$tmp/twice"
if cmp -s "$tmp/once" "$tmp/twice"; then ok; else
    bad "annotating the annotated games again changes them"
    diff "$tmp/once" "$tmp/twice" | head -n 10
fi

# The game's own comment, NAG and variation are still there.
for own in '{a comment of the player}' '$1' '(4. 21-18 10-14)'; do
    if grep -qF -- "$own" "$tmp/twice"; then ok; else bad "lost: $own"; fi
done

"$pdn" annotate $a --jobs 2 "$tmp/in.pdn" >"$tmp/jobs2"
if cmp -s "$tmp/once" "$tmp/jobs2"; then ok; else
    bad "--jobs 2 writes something else than one job"
    diff "$tmp/once" "$tmp/jobs2" | head -n 10
fi

"$pdn" annotate $a -o "$tmp/out.pdn" "$tmp/in.pdn"
if cmp -s "$tmp/once" "$tmp/out.pdn"; then ok; else bad "-o FILE differs"; fi
if [ -z "$(ls -A "$tmp" | grep annotate-)" ]; then ok; else
    bad "-o left a temporary file"
fi

cp "$tmp/in.pdn" "$tmp/inplace.pdn"
"$pdn" annotate $a --in-place "$tmp/inplace.pdn"
if cmp -s "$tmp/once" "$tmp/inplace.pdn"; then ok; else bad "--in-place differs"; fi

"$pdn" annotate $a -o "$tmp/in.pdn" "$tmp/in.pdn" 2>"$tmp/err"
rc=$?
if [ $rc = 2 ] && grep -q "is an input" "$tmp/err"; then ok; else
    bad "-o naming an input: exit $rc"
fi

# A report goes to standard output, the games only to -o.
"$pdn" annotate $a --report json -o "$tmp/with-report.pdn" "$tmp/in.pdn" \
    >"$tmp/report.jsonl"
n=$(wc -l <"$tmp/report.jsonl")
if [ "$n" = "$games" ]; then ok; else bad "--report json: $n lines for $games games"; fi
if cmp -s "$tmp/once" "$tmp/with-report.pdn"; then ok; else bad "--report with -o: games differ"; fi

# --in-place failing midway: a file size limit (SIGXFSZ ignored).
big=$tmp/big.pdn
cp "$tmp/in.pdn" "$big"
cp "$big" "$tmp/big.orig"
(trap '' XFSZ; ulimit -f 4; "$pdn" annotate $a --in-place "$big" 2>"$tmp/err")
rc=$?
if [ $rc = 2 ]; then ok; else bad "--in-place past the file size limit: exit $rc, expected 2"; fi
if cmp -s "$big" "$tmp/big.orig"; then ok; else bad "--in-place failing midway changed the original"; fi
if grep -q "the file is left as it was" "$tmp/err"; then ok; else bad "--in-place failing midway: no message"; cat "$tmp/err"; fi
if [ -z "$(ls -A "$tmp" | grep annotate-)" ]; then ok; else bad "--in-place failing midway left a temporary file"; fi

# Ended by SIGTERM while it writes --in-place: the file as it was,
# no temporary file, and the status of a death by SIGTERM (a job run with
# & ignores SIGINT in a script).
cp "$tmp/in.pdn" "$tmp/int.pdn"
"$pdn" annotate -q --depth 30 --in-place "$tmp/int.pdn" &
pid=$!
sleep 1
kill -TERM $pid
wait $pid
rc=$?
if [ $rc = 143 ]; then ok; else bad "interrupted --in-place: exit $rc, expected 143"; fi
if cmp -s "$tmp/int.pdn" "$tmp/in.pdn"; then ok; else bad "interrupted --in-place changed the file"; fi
if [ -z "$(ls -A "$tmp" | grep annotate-)" ]; then ok; else
    bad "interrupted --in-place left a temporary file"
    ls -A "$tmp"
fi

# --time-per-game spreads its budget where it matters: the book-like
# moves (the first 10 plies, unmarked by the first pass) keep the first
# pass's depth 6, forced moves are not searched, and the moves after the
# book are searched deeper with what is left.
game1=$tmp/game1.pdn
awk '/^\[Event / { k++ } k > 1 { exit } { print }' "$archive" >"$game1"
"$pdn" annotate -q --time-per-game 3000 --report json "$game1" \
    >"$tmp/budget" || bad "--time-per-game 3000: exit $?"
spread=$(grep -o '"ply":[0-9]*,[^{}]*"forced":[a-z]*,"judged":[a-z]*,"depth":[0-9a-z]*,[^{}]*"mark":[a-z"]*' \
             "$tmp/budget" |
         sed 's/^"ply":\([0-9]*\),.*"forced":\([a-z]*\),"judged":\([a-z]*\),"depth":\([0-9a-z]*\),.*"mark":\(.*\)$/\1 \2 \3 \4 \5/' |
         awk '$2 == "true" && $3 == "true" { bad++ }
              $3 == "true" && $1 < 10 && $5 == "null" && $4 != 6 { bad++ }
              $3 == "true" && $1 >= 10 && $4 > 6 { deep++ }
              $3 == "true" && $1 >= 10 { after++ }
              END { print bad + 0, deep + 0, after + 0 }')
set -- $spread
if [ "$1" = 0 ] && [ "$3" -gt 20 ] && [ "$2" -ge $(($3 * 9 / 10)) ]; then
    ok
else
    bad "--time-per-game: $1 book or forced moves searched, $2 of $3 later moves deeper than the first pass"
fi

# On a terminal (script(1) gives one) a progress line: games done of all,
# the game and move being judged, the time left; erased at the end.
if command -v script >/dev/null 2>&1; then
    script -qec "\"$pdn\" annotate --depth 4 --jobs 2 -o \"$tmp/tty.pdn\" \"$tmp/in.pdn\"" \
        /dev/null </dev/null | tr '\r' '\n' >"$tmp/tty"
    if grep -q "^\[[#.]*\] [0-9]*/$games games, game [0-9]*: move [0-9]*/[0-9]*" "$tmp/tty" &&
       grep -q "left" "$tmp/tty" &&
       grep -q "^.*pdn annotate: $games games" "$tmp/tty"; then ok; else
        bad "no progress line on a terminal"
        cat "$tmp/tty"
    fi
    "$pdn" annotate --depth 4 -o "$tmp/notty.pdn" "$tmp/in.pdn" 2>"$tmp/notty"
    if grep -q "games, game" "$tmp/notty"; then
        bad "a progress line where standard error is no terminal"
    else ok; fi
else
    echo "note: script(1) is missing: the progress line is not checked"
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
