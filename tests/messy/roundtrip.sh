#!/bin/sh
# roundtrip.sh -- what pdn writes of a messy archive reads as its writers
# meant, and a second and third run change nothing:
#   - mixed.pdn joins UTF-8 games and Windows-1252 games (and a game that
#     is passed through as read, for its illegal move): pdn fmt, convert
#     --to pdn, annotate and convert --to json and back write valid UTF-8,
#     with every accent as it was meant, the same bytes on each pass;
#   - english.pdn, English games with no GameType tags (one passed through
#     for its illegal move), written with --variant english: every game
#     written is read by a later pdn check as English;
#   - odd-tags.pdn, tags whose names are no PDN names ("1Event"): each
#     gets a warning, and PDN -> JSON -> PDN keeps every game and tag.
#
#   tests/messy/roundtrip.sh PDN_BINARY

if [ $# -ne 1 ]; then
    echo "usage: $0 PDN_BINARY" >&2
    exit 2
fi
pdn=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib.sh"
test_begin messy

# Whether FILE is valid UTF-8 (perl, which Debian always has).
valid_utf8() {
    perl -e 'local $/; my $s = <STDIN>;
             utf8::decode($s) or exit 1' <"$1"
}

# run NAME COMMAND...: COMMAND three times, each on the output before,
# from mixed.pdn; checks each pass.
three_passes() {
    name=$1
    shift
    cp "$here/mixed.pdn" "$tmp/$name.0"
    for i in 1 2 3; do
        "$@" "$tmp/$name.$((i - 1))" >"$tmp/$name.$i" 2>"$tmp/$name.err$i"
        if [ ! -s "$tmp/$name.$i" ]; then
            bad "$name: pass $i wrote nothing"
            sed 3q "$tmp/$name.err$i"
            return
        fi
    done
    if valid_utf8 "$tmp/$name.1"; then ok; else bad "$name: not UTF-8"; fi
    # Every accent as meant: "Citta" with a grave accent in all 4 games,
    # the degree sign, the o and e of the names, the quotes and euro sign
    # of Windows-1252, and nothing encoded twice.
    n=$(grep -c "$(printf 'Citt\303\240')" "$tmp/$name.1")
    [ "$n" -eq 4 ] && ok || bad "$name: 'Città' on $n lines, not 4"
    for want in '40\302\260' 'Nicol\303\262' 'Ferr\303\250' 'Caff\303\250' \
                '\342\200\234partita\342\200\235 \342\202\254 100' \
                'pi\303\271' 'gi\303\240'; do
        if grep -q "$(printf "$want")" "$tmp/$name.1"; then ok; else
            bad "$name: '$(printf "$want")' lost"
        fi
    done
    if grep -q "$(printf '\303\203')" "$tmp/$name.1"; then
        bad "$name: text encoded twice"
    else
        ok
    fi
    for i in 2 3; do
        if cmp -s "$tmp/$name.1" "$tmp/$name.$i"; then ok; else
            bad "$name: pass $i changed the output"
            diff "$tmp/$name.1" "$tmp/$name.$i" | sed 6q
        fi
    done
}

three_passes fmt "$pdn" fmt
three_passes convert "$pdn" convert --to pdn
three_passes annotate "$pdn" annotate --depth 1 --quiet

# PDN to JSON and back, three times.
json_pass() {
    "$pdn" convert --to json "$1" >"$tmp/json.tmp" 2>/dev/null
    "$pdn" convert --to pdn --from json "$tmp/json.tmp"
}
three_passes json json_pass
# And the JSON itself is UTF-8, with the game kept as read in "raw".
"$pdn" convert --to json "$here/mixed.pdn" >"$tmp/mixed.json" 2>/dev/null
if valid_utf8 "$tmp/mixed.json"; then ok; else bad "json: not UTF-8"; fi
if grep -q "$(printf '"raw":"\\[Event \\\\"Citt\303\240\\\\"')" \
       "$tmp/mixed.json"; then ok
else bad "json: the game kept as read is not in UTF-8 \"raw\""; fi

# --variant english: every game written is read as English afterwards.
"$pdn" check --variant english "$here/english.pdn" >"$tmp/want" 2>&1
want=$(tail -n 1 "$tmp/want" | sed 's/ in [.0-9]* s$//')
case $want in
"3 games, 2 sound, 1 error,"*) ok ;;
*) bad "check --variant english: '$want', not 3 games, 2 sound, 1 error" ;;
esac
for cmd in "fmt --variant english" "convert --to pdn --variant english" \
           "annotate --variant english --depth 1 --quiet"; do
    # shellcheck disable=SC2086
    $pdn $cmd "$here/english.pdn" >"$tmp/out.pdn" 2>/dev/null
    games=$(grep -c '^\[Event ' "$tmp/out.pdn")
    typed=$(grep -c '^\[GameType "21"\]' "$tmp/out.pdn")
    if [ "$games" -eq 3 ] && [ "$typed" -eq 3 ]; then ok; else
        bad "$cmd: $typed GameType tags for $games games"
    fi
    "$pdn" check "$tmp/out.pdn" >"$tmp/got" 2>&1
    got=$(tail -n 1 "$tmp/got" | sed 's/ in [.0-9]* s$//')
    if [ "$got" = "$want" ]; then ok; else
        bad "$cmd: a later check says '$got', not '$want'"
    fi
done

# Tag names that are no PDN names: a warning each, and every game kept.
"$pdn" check "$here/odd-tags.pdn" >"$tmp/odd.err" 2>&1
n=$(grep -c 'warning\[W0154\]' "$tmp/odd.err")
[ "$n" -eq 3 ] && ok || bad "odd tags: $n W0154 warnings, not 3"
"$pdn" convert --to json "$here/odd-tags.pdn" >"$tmp/odd.json" 2>/dev/null
"$pdn" convert --to pdn --from json "$tmp/odd.json" >"$tmp/odd.pdn" \
    2>"$tmp/odd.err"
rc=$?
games=$(grep -c '^\[Result ' "$tmp/odd.pdn")
if [ "$rc" -eq 0 ] && [ "$games" -eq 3 ]; then ok; else
    bad "odd tags: PDN -> JSON -> PDN: exit $rc, $games games of 3"
    sed 3q "$tmp/odd.err"
fi
for tag in '1Event "first"' 'event "second"' 'Luogo_2 "third"' \
           "$(printf 'Citt\303\240 "Roma"')"; do
    if grep -qF "[$tag]" "$tmp/odd.pdn"; then ok; else
        bad "odd tags: [$tag] lost on the way through JSON"
    fi
done

test_end
