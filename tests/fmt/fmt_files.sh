#!/bin/sh
# fmt_files.sh -- pdn fmt on whole files:
#   - idempotent: fmt(fmt(x)) == fmt(x), byte for byte, for every *.pdn of
#     corpus/, corpus/real/ (English ones with --variant english) and the
#     PDN 3.0 files of ../shared/corpora where they are,
#     games written as read included, and fmt --check accepts fmt(x);
#   - nothing dropped: fmt(x) holds as many games as x;
#   - PDN -> JSON -> PDN (pdn convert --to json, then --to pdn) gives
#     fmt(x), byte for byte;
#   - --in-place rewrites a file, leaves a canonical one untouched (same
#     modification time), and when writing fails midway (a file size limit
#     makes the write fail with EFBIG) leaves the original as it was, with
#     no temporary file left behind, and exits 2.
#
#   fmt_files.sh PDN_BINARY SOURCE_ROOT
set -u
pdn=$1
root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL $*"; }

games() { "$pdn" parse "$1" 2>&1 >/dev/null | sed -n 's/^\([0-9]*\) games\{0,1\},.*/\1/p'; }

for f in "$root"/corpus/*.pdn "$root"/corpus/real/*/*.pdn \
         "$root"/../shared/corpora/pdn3-*/*.pdn; do
    case $f in
    */../shared/*) [ -f "$f" ] || continue ;; # an extra, where it is
    *) [ -f "$f" ] || { bad "$f: missing"; continue; } ;;
    esac
    opt=
    case $f in */english/*) opt="--variant english" ;; esac
    "$pdn" fmt -q $opt "$f" >"$tmp/once"
    "$pdn" fmt -q $opt "$tmp/once" >"$tmp/twice"
    if ! cmp -s "$tmp/once" "$tmp/twice"; then
        bad "$f: not idempotent"
        diff "$tmp/once" "$tmp/twice" | head -n 10
        continue
    fi
    if [ -s "$tmp/once" ] && [ -n "$("$pdn" fmt -q $opt --check "$tmp/once")" ]; then
        bad "$f: fmt --check refuses the output of fmt"
        continue
    fi
    a=$(games "$f")
    b=$(games "$tmp/once")
    if [ "${a:-0}" != "${b:-0}" ]; then
        bad "$f: $a games read, $b written"
        continue
    fi
    "$pdn" convert -q --to json $opt "$f" >"$tmp/json"
    "$pdn" convert -q --to pdn <"$tmp/json" >"$tmp/back"
    if ! cmp -s "$tmp/once" "$tmp/back"; then
        bad "$f: PDN -> JSON -> PDN differs from pdn fmt"
        diff "$tmp/once" "$tmp/back" | head -n 10
        continue
    fi
    ok
done

# --in-place: a file that changes, one that does not.
cp "$root/tests/cli/fmt/wide.pdn" "$tmp/a.pdn"
"$pdn" fmt --in-place "$tmp/a.pdn"
"$pdn" fmt "$root/tests/cli/fmt/wide.pdn" >"$tmp/want"
if cmp -s "$tmp/a.pdn" "$tmp/want"; then ok; else bad "--in-place: not the canonical text"; fi
touch -d '2001-01-01 00:00:00' "$tmp/a.pdn"
"$pdn" fmt -i "$tmp/a.pdn"
if [ "$(date -r "$tmp/a.pdn" +%Y)" = 2001 ]; then ok; else bad "--in-place rewrote a canonical file"; fi
if [ "$(ls -A "$tmp" | grep -c fmt-)" = 0 ]; then ok; else bad "--in-place left a temporary file"; fi

# --in-place failing midway: writes past 4 KiB fail (EFBIG, SIGXFSZ
# ignored), so the new text cannot be completed.
big="$tmp/big.pdn"
i=0
while [ $i -lt 40 ]; do cat "$root/tests/cli/fmt/wide.pdn"; echo; i=$((i + 1)); done >"$big"
cp "$big" "$tmp/big.orig"
(trap '' XFSZ; ulimit -f 4; "$pdn" fmt --in-place "$big" 2>"$tmp/err")
rc=$?
if [ $rc = 2 ]; then ok; else bad "--in-place past the file size limit: exit $rc, expected 2"; fi
if cmp -s "$big" "$tmp/big.orig"; then ok; else bad "--in-place failing midway changed the original"; fi
if grep -q "the file is left as it was" "$tmp/err"; then ok; else bad "--in-place failing midway: no message"; cat "$tmp/err"; fi
if [ "$(ls -A "$tmp" | grep -c fmt-)" = 0 ]; then ok; else bad "--in-place failing midway left a temporary file"; fi

# --in-place on a file it cannot read: exit 2, nothing created.
"$pdn" fmt --in-place "$tmp/none.pdn" 2>/dev/null
rc=$?
if [ $rc = 2 ] && [ ! -e "$tmp/none.pdn" ]; then ok; else bad "--in-place on a missing file: exit $rc"; fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
