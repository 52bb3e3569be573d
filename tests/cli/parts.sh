#!/bin/sh
# parts.sh -- pdn check --jobs reads a regular file in parts at once, cut
# where a line starts with '[' after a game's result.  Whatever the size of
# the parts (PDN_SLICE_BYTES cuts at every such place), the output must be
# byte for byte that of --jobs 1: on files made to trip the cuts (results
# in comments, a line comment or an escape line after a result, a game on
# the line of the result before it, junk, unclosed comments, a game longer
# than many parts, lines of many games, CRLF and CR line ends, a byte order
# mark, Windows-1252 text at the start and only after the first 4 MiB, a
# stretch without results) and on every file of corpus/ and corpus/real/;
# and the same when the files are read rather than
# mapped (PDN_NO_MAP), by one thread or by several.
#
#   tests/cli/parts.sh PDN_BINARY SOURCE_ROOT
set -u
pdn=$1
root=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pdn-parts.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

cat >"$tmp/cuts.pdn" <<'EOF'
[Event "a"]
1. 22-18 10-14 {a comment that ends a line with 1-0
[Event "inside"] and goes on} 2. 18x11 7x14 1-0

[Event "b"]
1. 21-17 *
; a line comment 0-1
[Event "c"]
1. 22-19 12-16 0-1
[Event "d"] 1. 23-19 * [Event "e"]
1. 22-18 1/2-1/2
[Event "f"]
1. 22-18 10-14 0-1[Event "g"]
1. 21-17 *
[Event "j"]
1. 22-18 10-14 *
junk 1-0
[Event "k"]
1. 22-17 *
[Event "l"]
1. 22-18 23-19 *
[Event "m"]
1. 22-18 {unclosed comment 1-0
[Event "n"]
1. 21-17 *
[Event "o"]
1. 22-18 10-14 * {after the result} 1-0
[Event "p"]
1. 22-18 10-14 *
% an escape line 1-0
[Event "q"]
1. 22-18 *
; a line comment 1-0
[Event "r"]
1. 21-17 *
EOF
sed 's/$/\r/' "$tmp/cuts.pdn" >"$tmp/crlf.pdn"
tr '\n' '\r' <"$tmp/cuts.pdn" >"$tmp/cr.pdn"
printf '\357\273\277' >"$tmp/bom.pdn"
cat "$tmp/cuts.pdn" >>"$tmp/bom.pdn"
printf '[Event "x\351"]\n1. 22-18 *\n' >"$tmp/latin.pdn"
cat "$tmp/cuts.pdn" >>"$tmp/latin.pdn"
# Windows-1252, and the first part's only game dropped: the note that
# the file is not UTF-8 goes with the game read again.
printf '{a comment 1-0\n[Event "x\351"]} 1. 22-18 *\n[Event "b"]\n1. 21-17 *\n' \
    >"$tmp/latin-first.pdn"
# UTF-8 for more than the 4 MiB the encoding is decided on, then two
# games in Windows-1252: each is noted by a reader, the file once.
awk 'BEGIN {
    for (i = 0; i < 110000; i++)
        printf "[Event \"g%d\"]\n1. 22-18 10-14 2. 23-19 *\n\n", i
    printf "[Event \"late \351\"]\n1. 22-18 *\n"
    for (i = 0; i < 500; i++)
        printf "[Event \"h%d\"]\n1. 22-18 *\n", i
    printf "[Event \"later \350\"]\n1. 22-18 *\n"
}' >"$tmp/late-latin.pdn"
# More than a megabyte without a result: read as a stream from there.
awk 'BEGIN {
    for (i = 0; i < 300; i++)
        printf "[Event \"r%d\"]\n1. 22-18 *\n", i
    for (i = 0; i < 70000; i++)
        printf "[Event \"n%d\"]\n1. 22-18\n", i
    for (i = 0; i < 300; i++)
        printf "[Event \"s%d\"]\n1. 22-18 *\n", i
}' >"$tmp/no-results.pdn"
# One game across many parts, its comments full of false cuts (a '['
# before no tag name does not end a comment), and lines of many games.
awk 'BEGIN {
    printf "[Event \"long\"]\n1. 22-18 10-14"
    for (i = 0; i < 3000; i++)
        printf " {c%d 1-0\n[1 x} 2. 23-19 14x23", i
    printf " *\n[Event \"after\"]\n1. 21-17 *\n"
    for (i = 0; i < 30; i++) {
        for (k = 0; k < 400; k++)
            printf "[A \"%d\"] * ", k
        printf "\n"
    }
}' >"$tmp/long.pdn"

files=$(for f in cuts crlf cr bom latin latin-first late-latin no-results \
    long; do echo "$tmp/$f.pdn"; done
    ls "$root"/corpus/*.pdn "$root"/corpus/real/*/*.pdn)

# Everything but the time the summary gives, and the exit status.
run() {
    out=$1
    shift
    "$pdn" check "$@" >"$tmp/$out" 2>&1 <"$tmp/cuts.pdn"
    echo "status $?" >>"$tmp/$out"
    sed -i 's/ in [0-9.]* s$//; s/,"seconds":[0-9.]*//' "$tmp/$out"
}

passed=0
failed=0
same() {
    if cmp -s "$tmp/$1" "$tmp/$2"; then
        passed=$((passed + 1))
    else
        echo "FAIL: $3"
        diff "$tmp/$1" "$tmp/$2" | head -n 10
        failed=$((failed + 1))
    fi
}

# One file a line: some names have spaces.
old_ifs=$IFS
IFS='
'
for f in $files; do
    IFS=$old_ifs
    name=$(basename "$f")
    run one --jobs 1 "$f"
    for parts in 1 4096; do
        PDN_SLICE_BYTES=$parts run many --jobs 2 "$f"
        same one many "$name, parts of $parts bytes"
    done
    run one --jobs 1 --format json "$f"
    PDN_SLICE_BYTES=97 run many --jobs 2 --format json "$f"
    same one many "$name, --format json, parts of 97 bytes"
    run one --jobs 1 --quiet "$f"
    PDN_SLICE_BYTES=1 run many --jobs 3 --quiet "$f"
    same one many "$name, --quiet, --jobs 3"
    # One thread maps a file; reading it instead gives the same.
    PDN_NO_MAP=1 run many --jobs 1 --quiet "$f"
    same one many "$name, --quiet, read, not mapped"
    # Threads read the parts in place from one mapping of the file; read
    # into memory of their own instead, the same.
    run one --jobs 1 "$f"
    PDN_NO_MAP=1 PDN_SLICE_BYTES=97 run many --jobs 2 "$f"
    same one many "$name, parts of 97 bytes, read, not mapped"
done
IFS=$old_ifs

# Files one after another, with missing ones (the last told on its own),
# a directory and standard input among them.
set -- "$tmp/cuts.pdn" "$tmp/missing.pdn" - "$tmp/late-latin.pdn" "$tmp" \
    "$tmp/no-results.pdn" "$tmp/crlf.pdn" "$tmp/missing-last.pdn"
run one --jobs 1 "$@"
PDN_SLICE_BYTES=1 run many --jobs 2 "$@"
same one many "several operands"
PDN_NO_MAP=1 PDN_SLICE_BYTES=1 run many --jobs 2 "$@"
same one many "several operands, read, not mapped"
PDN_SLICE_BYTES=50 run many --jobs 3 --format json --shard 2/3 "$@"
run one --jobs 1 --format json --shard 2/3 "$@"
same one many "several operands, --shard 2/3"
PDN_NO_MAP=1 PDN_SLICE_BYTES=50 run many --jobs 3 --format json --shard 2/3 \
    "$@"
same one many "several operands, --shard 2/3, read, not mapped"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
