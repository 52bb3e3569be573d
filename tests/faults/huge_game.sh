#!/bin/sh
# huge_game.sh -- a game over the size limit (64 MiB) among others is
# never dropped: pdn fmt (--in-place, to standard output, from standard
# input) and pdn annotate (--in-place, -o) write it byte for byte as it
# was read, and the games around it as they write any game; pdn check
# reports it once (E0110), as one game that is not sound, and goes on at
# the game after it, not at its own next tag.  Its bytes that are not
# UTF-8 are written as the Windows-1252 characters they are read as.  A game over the tag limit
# is reported once too, its other tags read as its own.
#
#   huge_game.sh PDN_BINARY
set -u
pdn=$1
. "$(dirname "$0")/../lib.sh"
test_begin huge

# A short game, a game of 70 MB (tags, then 70,000 comments of 1,000
# bytes), a game of 5,000 tags, a short game; the short ones are not in
# canonical form, so that pdn fmt rewrites the file.
in=$tmp/in.pdn
awk 'BEGIN {
    x = sprintf("%1000s", ""); gsub(/ /, "x", x)
    print "[Event \"before\"]\n1. 22-18 *\n"
    print "[Event \"big\"]\n[Site \"here\"]\n[Result \"*\"]\n\n1. 22-18"
    for (i = 0; i < 70000; i++)
        print "{" x "}"
    print "*\n"
    print "[Event \"tags\"]"
    for (i = 0; i < 5000; i++)
        printf "[T%d \"x\"]\n", i
    print "1. 22-18 *\n"
    print "[Event \"after\"]\n1. 21-17 *"
}' >"$in"
# The huge game's bytes: from its first line to the next game's.
from=$(grep -b '^\[Event "big"\]' "$in" | cut -d: -f1)
to=$(grep -b '^\[Event "tags"\]' "$in" | cut -d: -f1)
len=$((to - from))
tail -c +"$((from + 1))" "$in" | head -c "$len" >"$tmp/huge.want"

# Whether @1 holds the huge game byte for byte, and the two others.
holds_all() {
    at=$(grep -b '^\[Event "big"\]' "$1" | cut -d: -f1)
    [ -n "$at" ] || return 1
    tail -c +"$((at + 1))" "$1" | head -c "$len" | cmp -s - "$tmp/huge.want" &&
        grep -q '^\[Event "before"\]' "$1" && grep -q '^\[Event "tags"\]' "$1" &&
        grep -q '^\[Event "after"\]' "$1" && [ "$(grep -c '^\[Event ' "$1")" = 4 ]
}

# pdn check: one error for each of the two large games, four games.
"$pdn" check "$in" >"$tmp/check" 2>&1
rc=$?
n=$(grep -c 'E0110' "$tmp/check")
if [ "$rc" = 1 ] && [ "$n" = 2 ] &&
   grep -q '^4 games, 2 sound, 2 errors' "$tmp/check"; then ok; else
    bad "check: exit $rc, $n E0110; expected exit 1, 2 E0110, 4 games:"
    grep -v '^ ' "$tmp/check" | head -n 8
fi

# pdn fmt to standard output, from a file and from standard input.
"$pdn" fmt "$in" >"$tmp/fmt-out" 2>"$tmp/fmt-err"
rc=$?
if [ "$rc" = 1 ] && holds_all "$tmp/fmt-out"; then ok; else
    bad "fmt FILE: exit $rc, or the huge game is not written as read"
fi
if grep -q '2 games written as read' "$tmp/fmt-err"; then ok; else
    bad "fmt FILE: the summary does not count the game written as read"
    head -n 5 "$tmp/fmt-err"
fi
"$pdn" fmt <"$in" >"$tmp/fmt-stdin" 2>/dev/null
rc=$?
if [ "$rc" = 1 ] && cmp -s "$tmp/fmt-stdin" "$tmp/fmt-out"; then ok; else
    bad "fmt < FILE: exit $rc, or not what fmt FILE writes"
fi

# pdn fmt --in-place.
cp "$in" "$tmp/inplace.pdn"
"$pdn" fmt --in-place "$tmp/inplace.pdn" 2>/dev/null
rc=$?
if [ "$rc" = 1 ] && cmp -s "$tmp/inplace.pdn" "$tmp/fmt-out"; then ok; else
    bad "fmt --in-place: exit $rc, or not what fmt FILE writes"
    ls -l "$tmp/inplace.pdn"
fi

# pdn annotate --in-place and -o.
cp "$in" "$tmp/ann.pdn"
"$pdn" annotate -q --depth 1 --in-place "$tmp/ann.pdn" 2>/dev/null
rc=$?
if [ "$rc" = 1 ] && holds_all "$tmp/ann.pdn"; then ok; else
    bad "annotate --in-place: exit $rc, or the huge game is not kept"
    ls -l "$tmp/ann.pdn"
fi
"$pdn" annotate -q --depth 1 -o "$tmp/ann-o.pdn" "$in" 2>/dev/null
rc=$?
if [ "$rc" = 1 ] && cmp -s "$tmp/ann-o.pdn" "$tmp/ann.pdn"; then ok; else
    bad "annotate -o: exit $rc, or not what --in-place writes"
fi

# A huge game of UTF-8 and Latin-1 text: written in UTF-8, the Latin-1
# byte 0xE8 as U+00E8 and the UTF-8 sequences whole, wherever the blocks
# it is copied in are cut; and as "raw" by convert --to json.
rm -f "$tmp"/*.pdn "$tmp"/fmt-* "$tmp/huge.want"
awk 'BEGIN {
    x = sprintf("%333s", ""); gsub(/ /, "\303\240\350", x)
    print "[Event \"big\"]\n1. 22-18"
    for (i = 0; i < 70000; i++)
        print "{" x "}"
    print "*"
}' >"$tmp/mixed.pdn"
perl -pe 's/\xe8/\xc3\xa8/g' "$tmp/mixed.pdn" >"$tmp/mixed.want"
"$pdn" fmt "$tmp/mixed.pdn" >"$tmp/mixed.out" 2>/dev/null
if cmp -s "$tmp/mixed.out" "$tmp/mixed.want"; then ok; else
    bad "fmt: the huge game of mixed text is not written in UTF-8 as read"
fi
"$pdn" convert --to json "$tmp/mixed.pdn" 2>/dev/null |
    perl -ne 'print $1 if /"raw":"(.*)"}$/' | perl -pe 's/\\n/\n/g; s/\\"/"/g' \
    >"$tmp/mixed.json-raw"
if cmp -s "$tmp/mixed.json-raw" "$tmp/mixed.want"; then ok; else
    bad "convert --to json: the huge game's \"raw\" is not its text in UTF-8"
fi

echo "a game of $len bytes among three others"
test_end
