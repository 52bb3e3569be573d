#!/bin/sh
# json_schema.sh -- the members of a JSON output are those its manual
# documents: a section lists them in '.\" json-keys:' lines and describes
# each with '.B KEY'.  Every member written must be listed, and every
# listed member must be described and be written somewhere.
#   - pdn convert --to json (man/pdn-convert.1, JSON OUTPUT), over
#     corpus/, corpus/real/ and tests/cli/convert (with --positions,
#     English games as English);
#   - with "annotate": pdn annotate --report json (man/pdn-annotate.1,
#     JSON REPORT) at depth 4 over tests/cli/annotate, variations judged,
#     with an illegal move and a game left out by --select.
#
#   json_schema.sh PDN_BINARY SOURCE_ROOT [annotate]
set -u
pdn=$1
root=$2
kind=${3:-convert}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

if [ "$kind" = annotate ]; then
    man=$root/man/pdn-annotate.1
    section="JSON REPORT"
    for f in "$root"/tests/cli/annotate/*.pdn; do
        "$pdn" annotate -q --depth 4 --variations --report json "$f"
    done >"$tmp/out"
    "$pdn" annotate -q --depth 4 --report json --select White=nobody \
        "$root"/tests/cli/annotate/best.pdn >>"$tmp/out"
else
    man=$root/man/pdn-convert.1
    section="JSON OUTPUT"
    for f in "$root"/corpus/*.pdn "$root"/corpus/real/*/*.pdn \
             "$root"/tests/cli/convert/*.pdn; do
        [ -f "$f" ] || { echo "FAIL $f: missing"; exit 1; }
        opt=
        case $f in */english/*) opt="--variant english" ;; esac
        "$pdn" convert -q --to json --positions $opt "$f"
    done >"$tmp/out"
fi

sed -n "/^\\.SH $section/,/^\\.SH /p" "$man" | sed '1d;$d' >"$tmp/section"
sed -n 's/^\.\\" json-keys: //p' "$tmp/section" | tr ' ' '\n' | grep . |
    sort -u >"$tmp/listed"
[ -s "$tmp/listed" ] || { echo "FAIL no json-keys lines in $man"; exit 1; }

# Member names: a string followed by ':' outside strings.  Strings are
# taken out first (their contents may hold anything).
sed -e 's/"\([a-z_]*\)":/\n@\1\n/g' "$tmp/out" | sed -n 's/^@//p' |
    sort -u >"$tmp/written"

while read -r key; do
    grep -qx "$key" "$tmp/listed" ||
        { echo "FAIL member \"$key\" is written but not documented"; failed=1; }
done <"$tmp/written"
while read -r key; do
    grep -qE "^\.BR? (.*[ \"])?$key([ \"]|$)" "$tmp/section" ||
        { echo "FAIL member \"$key\" is listed but not described (.B $key)"; failed=1; }
    grep -qx "$key" "$tmp/written" ||
        { echo "FAIL member \"$key\" is documented but never written"; failed=1; }
done <"$tmp/listed"
echo "$(wc -l <"$tmp/listed") members documented, $(wc -l <"$tmp/written") written over $(wc -l <"$tmp/out") games"
exit $failed
