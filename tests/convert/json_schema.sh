#!/bin/sh
# json_schema.sh -- the members of pdn convert --to json are those that
# man/pdn-convert.1 documents: its JSON OUTPUT section lists them in
# '.\" json-keys:' lines, and describes each with '.B KEY'.  Every member
# written over corpus/, ../shared/corpora and tests/cli/convert (with
# --positions, English games as English) must be listed, and every listed
# member must be described and be written somewhere.
#
#   json_schema.sh PDN_BINARY SOURCE_ROOT
set -u
pdn=$1
root=$2
man=$root/man/pdn-convert.1.in
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

sed -n '/^\.SH JSON OUTPUT/,/^\.SH /p' "$man" >"$tmp/section"
sed -n 's/^\.\\" json-keys: //p' "$tmp/section" | tr ' ' '\n' | grep . |
    sort -u >"$tmp/listed"
[ -s "$tmp/listed" ] || { echo "FAIL no json-keys lines in $man"; exit 1; }

for f in "$root"/corpus/*.pdn "$root"/../shared/corpora/*/*.pdn \
         "$root"/tests/cli/convert/*.pdn; do
    opt=
    case $f in */english/*) opt="--variant english" ;; esac
    "$pdn" convert -q --to json --positions $opt "$f"
done >"$tmp/out"
# Member names: a string followed by ':' outside strings.  Strings are
# taken out first (their contents may hold anything).
sed -e 's/"\([a-z_]*\)":/\n@\1\n/g' "$tmp/out" | sed -n 's/^@//p' |
    sort -u >"$tmp/written"

while read -r key; do
    grep -qx "$key" "$tmp/listed" ||
        { echo "FAIL member \"$key\" is written but not documented"; failed=1; }
done <"$tmp/written"
while read -r key; do
    grep -q "^\.BR\{0,1\} $key\( \|$\)" "$tmp/section" ||
        { echo "FAIL member \"$key\" is listed but not described (.B $key)"; failed=1; }
    grep -qx "$key" "$tmp/written" ||
        { echo "FAIL member \"$key\" is documented but never written"; failed=1; }
done <"$tmp/listed"
echo "$(wc -l <"$tmp/listed") members documented, $(wc -l <"$tmp/written") written over $(wc -l <"$tmp/out") games"
exit $failed
