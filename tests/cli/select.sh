#!/bin/sh
# select.sh -- pdn select held against counts made apart from it, on the
# real games of corpus/real/: the games whose Result tag is each result,
# counted from the tags by awk; the games of a player, likewise; the
# games of a criterion and of --invert add up to all the games pdn parse
# reads; --moves against the first moves written; --material from the
# start; --format json a line a game; and with no criterion pdn select writes back files of UTF-8 and
# blank-line-separated games byte for byte.
#
#   select.sh PDN_BINARY SOURCE_ROOT
set -u
pdn=$1
root=$2
. "$(dirname "$0")/../lib.sh"
test_begin select

files=$(ls "$root"/corpus/real/*/*.pdn 2>/dev/null)
[ -n "$files" ] || { echo "select: no files in corpus/real"; exit 1; }

# tag_count NAME VALUE: the games whose tag NAME is VALUE, from the text.
tag_count() {
    # shellcheck disable=SC2086
    cat $files | tr -d '\r' |
        awk -v tag="[$1 \"$2\"]" 'index($0, tag) == 1 { n++ } END { print n + 0 }'
}

for r in 1-0 0-1 1/2-1/2; do
    want=$(tag_count Result "$r")
    # shellcheck disable=SC2086
    got=$("$pdn" select -q --count --tag "Result=^\\Q$r\\E\$" $files)
    if [ "$got" = "$want" ] && [ "$want" -gt 0 ]; then ok; else
        bad "Result $r: select counts $got, the tags $want"
    fi
done

# The most frequent White of the files, and its games.
player=$(cat $files | tr -d '\r' | sed -n 's/^\[White "\(.*\)"\]$/\1/p' |
         sort | uniq -c | sort -rn | head -n 1 | sed 's/^ *[0-9]* //')
want=$(tag_count White "$player")
# shellcheck disable=SC2086
got=$("$pdn" select -q --count --white "^\\Q$player\\E\$" $files)
if [ "$got" = "$want" ] && [ "$want" -gt 1 ]; then ok; else
    bad "White '$player': select counts $got, the tags $want"
fi

# A criterion and its inverse share out every game.
# shellcheck disable=SC2086
all=$("$pdn" parse $files 2>&1 | sed -n 's/^\([0-9]*\) games*,.*/\1/p' | tail -n 1)
# shellcheck disable=SC2086
some=$("$pdn" select -q --count --result 0-1 $files)
# shellcheck disable=SC2086
rest=$("$pdn" select -q --count --invert --result 0-1 $files)
if [ -n "$all" ] && [ $((some + rest)) -eq "$all" ] && [ "$some" -gt 0 ]; then
    ok
else
    bad "--result 0-1 takes $some, --invert $rest, of $all games"
fi

# --position against an index of the positions of pdn convert --to fen:
# the games whose main line holds a FEN, for FENs at a few plies.
for f in $files; do
    "$pdn" convert -q --to fen "$f" >"$tmp/fens" 2>/dev/null || continue
    [ -s "$tmp/fens" ] || continue
    for ply in 4 9 16; do
        fen=$(awk -v p="$ply" '$2 == p { print $3; exit }' "$tmp/fens")
        [ -n "$fen" ] || continue
        want=$(awk -v fen="$fen" '$3 == fen { g[$1] = 1 }
                                  END { n = 0; for (k in g) n++; print n }' \
               "$tmp/fens")
        variant=$(case $f in */english/*) echo english ;; *) echo italian ;; esac)
        got=$("$pdn" select -q --count --variant "$variant" --position "$fen" "$f")
        if [ "$got" = "$want" ]; then ok; else
            bad "$f, ply $ply: --position counts $got, convert --to fen $want"
        fi
    done
done

# --sound and --errors against pdn check's summary.
# shellcheck disable=SC2086
for f in $files; do
    variant=$(case $f in */english/*) echo english ;; *) echo italian ;; esac)
    sound=$("$pdn" check --variant "$variant" "$f" 2>&1 |
            sed -n 's/^[0-9]* games*, \([0-9]*\) sound,.*/\1/p')
    got=$("$pdn" select -q --count --sound --variant "$variant" "$f")
    if [ -n "$sound" ] && [ "$got" = "$sound" ]; then ok; else
        bad "$f: --sound counts $got, pdn check ${sound:-nothing}"
    fi
done

# --moves against the first moves written in the files, read by awk:
# the three first moves most played in each Italian archive.
for f in "$root"/corpus/real/italian/gc_*.pdn; do
    [ -f "$f" ] || continue
    tr -d '\r' <"$f" |
        awk '/^\[/ { tags = 1; next } tags && /^1\./ { print $2; tags = 0 }' \
        >"$tmp/first"
    for m in $(sort "$tmp/first" | uniq -c | sort -rn | head -n 3 |
               awk '{ print $2 }'); do
        want=$(grep -cx -- "$m" "$tmp/first")
        got=$("$pdn" select -q --count --moves "$m" "$f")
        if [ "$got" = "$want" ] && [ "$want" -gt 0 ]; then ok; else
            bad "$f: --moves $m counts $got, the first moves written $want"
        fi
    done
done

# --material from the start: in a file with no FEN tag every game with a
# move reaches 12M-12M, and with a FEN tag fewer may; and --format json
# writes one line a game, as many as --count.
for f in "$root"/corpus/real/italian/gc_*.pdn; do
    [ -f "$f" ] || continue
    want=$("$pdn" select -q --count --plies 1.. "$f")
    fen=$("$pdn" select -q --count --plies 1.. --tag 'FEN=.' "$f")
    got=$("$pdn" select -q --count --plies 1.. --material W12M-B12M "$f")
    if [ "$got" -le "$want" ] && [ "$got" -ge $((want - fen)) ] &&
       [ "$got" -gt 0 ]; then ok; else
        bad "$f: --material W12M-B12M counts $got of $want games ($fen with FEN)"
    fi
    lines=$("$pdn" select -q --format json --result 1-0 "$f" | wc -l)
    count=$("$pdn" select -q --count --result 1-0 "$f")
    if [ "$lines" -eq "$count" ] && [ "$count" -gt 0 ]; then ok; else
        bad "$f: --format json writes $lines lines for $count games"
    fi
done

# With no criterion, a file of UTF-8 games one blank line apart comes
# back as it was.
same=0
for f in $files; do
    if "$pdn" select -q "$f" | cmp -s - "$f"; then
        same=$((same + 1))
    fi
done
if [ "$same" -ge 3 ]; then ok; else
    bad "only $same files of corpus/real come back whole from pdn select"
fi
test_end
