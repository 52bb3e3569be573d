#!/bin/sh
# stats.sh -- pdn stats held against counts made apart from it, by awk
# from the tags and first moves of the real games of corpus/real/: the
# games of each result; the wins, draws and losses of the player with
# the most games, as White and as Black; the games of each first move;
# in every crosstable, the points handed out are the games decided or
# drawn; and the HTML page is whole.
#
#   stats.sh PDN_BINARY SOURCE_ROOT
set -u
pdn=$1
root=$2
. "$(dirname "$0")/../lib.sh"
test_begin stats

italian=$root/corpus/real/italian/gc_italian_40champ-1996.pdn
english=$root/corpus/real/english/acf_games.pdn
[ -f "$italian" ] && [ -f "$english" ] || { echo "stats: corpus/real is missing"; exit 1; }

# The games of each result, from the Result tags (every game has one).
for f in "$italian" "$english"; do
    "$pdn" stats -q --by result --format json "$f" >"$tmp/results"
    for r in 1-0 0-1 1/2-1/2; do
        want=$(tr -d '\r' <"$f" | grep -c "^\\[Result \"$r\"\\]")
        got=$(sed -n "s|^{\"result\":\"$r\",\"games\":\\([0-9]*\\),.*|\\1|p" "$tmp/results")
        if [ "$got" = "$want" ] && [ "$want" -gt 0 ]; then ok; else
            bad "$f: $got games of $r, the tags $want"
        fi
    done
done

# The player with the most games of the Italian archive: as White and
# as Black, from the tags (1-0: White, the first mover, won).
tr -d '\r' <"$italian" | awk '
    /^\[White "/ { sub(/^\[White "/, ""); sub(/"\]$/, ""); w = $0 }
    /^\[Black "/ { sub(/^\[Black "/, ""); sub(/"\]$/, ""); b = $0 }
    /^\[Result "/ { sub(/^\[Result "/, ""); sub(/"\]$/, ""); r = $0
                    print w "\t" b "\t" r }' >"$tmp/games"
player=$(awk -F'\t' '{ n[$1]++; n[$2]++ } END { for (p in n) print n[p] "\t" p }' \
         "$tmp/games" | sort -rn | head -n 1 | cut -f 2)
want=$(awk -F'\t' -v p="$player" '
    $1 == p { wg++; if ($3 == "1-0") ww++; else if ($3 == "0-1") wl++; else if ($3 == "1/2-1/2") wd++ }
    $2 == p { bg++; if ($3 == "0-1") bw++; else if ($3 == "1-0") bl++; else if ($3 == "1/2-1/2") bd++ }
    END { printf "%d %d %d %d %d %d %d %d\n", wg, ww, wd, wl, bg, bw, bd, bl }' "$tmp/games")
got=$("$pdn" stats -q --format json "$italian" | awk -v p="$player" '
    index($0, "{\"player\":\"" p "\",") == 1 {
        gsub(/[^0-9,]/, " ")
        n = split($0, x, /[ ,]+/); k = 0
        for (i = 1; i <= n; i++) if (x[i] != "") v[++k] = x[i]
        # the last eight numbers: games, wins, draws, losses as White, as Black
        print v[k - 7], v[k - 6], v[k - 5], v[k - 4], v[k - 3], v[k - 2], v[k - 1], v[k]
    }')
if [ "$got" = "$want" ]; then ok; else
    bad "player '$player': stats says '$got' (white g w d l, black g w d l), the tags '$want'"
fi

# The games of each first move, from the move text (--opening-plies 1).
tr -d '\r' <"$italian" |
    awk '/^\[/ { tags = 1; next } tags && /^1\./ { print $2; tags = 0 }' >"$tmp/first"
"$pdn" stats -q --by opening --opening-plies 1 --format json "$italian" >"$tmp/openings"
for m in $(sort "$tmp/first" | uniq -c | sort -rn | head -n 3 | awk '{ print $2 }'); do
    want=$(grep -cx -- "$m" "$tmp/first")
    got=$(sed -n "s|^{\"opening\":\"$m\",\"games\":\\([0-9]*\\),.*|\\1|p" "$tmp/openings")
    if [ "$got" = "$want" ]; then ok; else bad "first move $m: $got games, the text $want"; fi
done

# Every crosstable hands out a point a game decided or drawn, and each
# game to two players.
"$pdn" stats -q --by event --format json "$italian" >"$tmp/events"
points=$(sed -n 's/.*"points":\([0-9.]*\),"games":\([0-9]*\),"wins".*/\1 \2/p' "$tmp/events" |
         awk '{ p += $1; g += $2 } END { printf "%.1f %d\n", p, g }')
decided=$(awk -F'\t' '$3 != "*" && $3 != "" { n++ } END { printf "%.1f", n }' "$tmp/games")
games=$(wc -l <"$tmp/games")
if [ "$points" = "$decided $((2 * games))" ]; then ok; else
    bad "crosstables: points and games '$points', the tags '$decided $((2 * games))'"
fi

# The HTML page: whole, a table an event.
"$pdn" stats -q --by event --format html "$italian" >"$tmp/page.html"
events=$(grep -c '^{"summary"' "$tmp/events")
tables=$(grep -c '^<table class="summary">$' "$tmp/page.html")
nevents=$(sed -n 's/^{"event":\("[^"]*"\),"player".*"rank":1,.*/\1/p' "$tmp/events" | wc -l)
if head -n 1 "$tmp/page.html" | grep -q '^<!DOCTYPE html>$' &&
   tail -n 1 "$tmp/page.html" | grep -q '^</html>$' &&
   [ "$tables" -eq "$nevents" ] && [ "$events" -eq 1 ]; then ok; else
    bad "HTML: $tables tables for $nevents events"
fi
test_end
