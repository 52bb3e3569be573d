#!/bin/sh
# dedup.sh -- pdn dedup on copies planted in the real games of
# corpus/real/: every fifth game of an archive copied with another Event
# tag, a comment after its first move and ':' for 'x' in its captures;
# every seventh cut short after its first 16 plies.  The copies found must be the ones planted (the archive's own, if
# any, counted first); --drop must give back the archive's games byte
# for byte, which dedup then finds no copy among; and the cut copies are
# found only with --contained.
#
#   dedup.sh PDN_BINARY SOURCE_ROOT
set -u
pdn=$1
root=$2
. "$(dirname "$0")/../lib.sh"
test_begin dedup

checked=0
for f in "$root"/corpus/real/italian/gc_*.pdn "$root"/corpus/real/english/acf_games.pdn; do
    [ -f "$f" ] || continue
    checked=$((checked + 1))
    variant=$(case $f in */english/*) echo english ;; *) echo italian ;; esac)
    # The archive as pdn select writes it (UTF-8, games a blank line
    # apart), its first 400 games: what --drop must give back.
    "$pdn" select -q "$f" | awk '/^\[Event / { k++ } k > 400 { exit } { print }' \
        >"$tmp/archive.pdn"
    # Copies: a game a block of lines from its [Event tag on.  A cut
    # copy is its tags and first 24 words of moves (8 moves of each side,
    # 16 plies), for a game of more words and no comment or variation.
    awk -v copies="$tmp/copies.pdn" -v cut="$tmp/cut.pdn" '
        function flush() {
            if (k % 7 == 3 && words > 30 && text !~ /[{(]/) {
                n = split(text, w, " ")
                printf "%s\n", head >cut
                for (i = 1; i <= 24; i++) printf "%s ", w[i] >cut
                printf "*\n\n" >cut
            }
            head = ""; text = ""; words = 0
        }
        /^\[Event / { flush(); k++; moves = 0 }
        k % 5 == 1 {
            line = $0
            if (line ~ /^\[Event /) line = "[Event \"Planted copy\"]"
            else if (line ~ /^[0-9]/) {
                gsub(/x/, ":", line)
                if (!moves++) sub(/ /, " {planted} ", line)
            }
            print line >copies
        }
        /^\[/ { head = head $0 "\n"; next }
        /^[0-9]/ { text = text " " $0; words += split($0, tmpw, " ") }
        END { flush() }' "$tmp/archive.pdn"
    planted=$(grep -c '^\[Event "Planted copy"\]' "$tmp/copies.pdn")
    cut=$(grep -c '^\[Event ' "$tmp/cut.pdn")

    own=$("$pdn" dedup -v "$variant" --report --contained "$tmp/archive.pdn" 2>&1 |
          sed -n 's/.*: \([0-9]*\) cop[yies]* (.*/\1/p')
    got=$("$pdn" dedup -v "$variant" --report "$tmp/archive.pdn" "$tmp/copies.pdn" 2>&1 |
          sed -n 's/.*: \([0-9]*\) cop[yies]* (.*/\1/p')
    base=$("$pdn" dedup -v "$variant" --report "$tmp/archive.pdn" 2>&1 |
           sed -n 's/.*: \([0-9]*\) cop[yies]* (.*/\1/p')
    if [ -n "$got" ] && [ "$got" -eq $((base + planted)) ] && [ "$planted" -gt 10 ]; then
        ok
    else
        bad "$f: $got copies found, $planted planted beside the archive's $base"
    fi
    # The copies are those of the copy file, each kept in the archive.
    n=$("$pdn" dedup -v "$variant" --report "$tmp/archive.pdn" "$tmp/copies.pdn" 2>/dev/null |
        grep -c "copies.pdn:[0-9]*	game [0-9]*	copy$")
    if [ "$n" -eq "$planted" ]; then ok; else
        bad "$f: $n of the $planted planted copies reported as copies"
    fi

    # Cut short: found only with --contained.
    got=$("$pdn" dedup -v "$variant" --report --contained "$tmp/cut.pdn" "$tmp/archive.pdn" 2>&1 |
          sed -n 's/.*(\([0-9]*\) cut short)$/\1/p')
    wo=$("$pdn" dedup -v "$variant" --report "$tmp/cut.pdn" "$tmp/archive.pdn" 2>/dev/null |
         grep -c 'cut short$')
    owncut=$("$pdn" dedup -v "$variant" --report --contained "$tmp/archive.pdn" 2>&1 |
             sed -n 's/.*(\([0-9]*\) cut short)$/\1/p')
    if [ -n "$got" ] && [ "$got" -eq $((cut + owncut)) ] && [ "$wo" -eq 0 ] &&
       [ "$cut" -gt 5 ]; then
        ok
    else
        bad "$f: $got cut short found with --contained ($wo without), $cut planted, $owncut the archive's own"
    fi

    # --drop gives the archive back, when it has no copies of its own.
    if [ "$own" -eq 0 ]; then
        "$pdn" dedup -q -v "$variant" --drop --contained "$tmp/archive.pdn" \
            "$tmp/copies.pdn" "$tmp/cut.pdn" >"$tmp/out.pdn"
        if cmp -s "$tmp/out.pdn" "$tmp/archive.pdn"; then ok; else
            bad "$f: --drop does not give the archive back"
        fi
    fi
    # What --drop writes holds no copies.
    "$pdn" dedup -q -v "$variant" --drop --contained "$tmp/archive.pdn" \
        "$tmp/copies.pdn" "$tmp/cut.pdn" >"$tmp/out.pdn"
    again=$("$pdn" dedup -v "$variant" --report --contained "$tmp/out.pdn" 2>&1 |
            sed -n 's/.*: \([0-9]*\) cop[yies]* (.*/\1/p')
    if [ "$again" = 0 ]; then ok; else
        bad "$f: --drop leaves $again copies"
    fi
    rm -f "$tmp/copies.pdn" "$tmp/cut.pdn"
done
[ "$checked" -gt 0 ] || { echo "dedup: no archive in corpus/real"; exit 1; }
test_end
