#!/bin/sh
# real_corpus.sh -- corpus/real/ is what scripts/real-corpus makes of the
# public archives of ../shared/corpora, byte for byte, and its games are
# theirs: the same tags and, replayed, the same positions move by move
# (only the commentary differs).  Without ../shared/corpora there is
# nothing to compare with: the test is skipped (exit 77).
#
#   real_corpus.sh PDN_BINARY SOURCE_ROOT
set -u
pdn=$1
root=$2
shared=$root/../shared/corpora
if [ ! -d "$shared/italian" ] || [ ! -d "$shared/english" ]; then
    echo "real_corpus: $shared is not there: nothing to compare" \
         "corpus/real/ with (skipped)"
    exit 77
fi
. "$(dirname "$0")/../lib.sh"
test_begin real

if "$root/scripts/real-corpus" "$shared" "$tmp/real" >"$tmp/log" 2>&1; then
    ok
else
    bad "scripts/real-corpus failed:"
    cat "$tmp/log"
fi
if diff -r "$root/corpus/real" "$tmp/real" -x README.md >"$tmp/diff"; then
    ok
else
    bad "corpus/real/ is not what scripts/real-corpus makes:"
    head -n 20 "$tmp/diff"
fi

count=0
for f in "$root"/corpus/real/*/*.pdn; do
    rel=${f#"$root"/corpus/real/}
    src=$shared/$rel
    variant=italian
    case $rel in english/*) variant=english ;; esac
    if [ ! -f "$src" ]; then
        bad "$rel: no $src"
        continue
    fi
    count=$((count + 1))
    "$pdn" tags "$src" 2>/dev/null | cut -f 2- >"$tmp/tags-src"
    "$pdn" tags "$f" 2>/dev/null | cut -f 2- >"$tmp/tags-real"
    if [ -s "$tmp/tags-src" ] && cmp -s "$tmp/tags-src" "$tmp/tags-real"; then
        ok
    else
        bad "$rel: the tags differ from the source's"
    fi
    "$pdn" convert -q --to fen --variant "$variant" "$src" >"$tmp/fen-src"
    "$pdn" convert -q --to fen --variant "$variant" "$f" >"$tmp/fen-real"
    if [ -s "$tmp/fen-src" ] && cmp -s "$tmp/fen-src" "$tmp/fen-real"; then
        ok
    else
        bad "$rel: the positions differ from the source's"
    fi
done
echo "$count files of corpus/real/ compared with $shared"
test_end
