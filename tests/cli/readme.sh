#!/bin/sh
# readme.sh -- the README's examples run as written, from the project root,
# on the files the project ships, and print what the README shows: in its
# ```sh blocks, a line "$ COMMAND" is run (standard output and error
# together), and the lines after it, up to the next "$ " line or the end
# of the block, are what it must print.  Times and speeds are the only
# figures that may differ ("in 0.00 s", "219.2 Mnodes/s").  The commands
# run build/src/pdn: BUILD_ROOT/src/pdn is linked there when the build is
# elsewhere.
#
#   readme.sh SOURCE_ROOT BUILD_ROOT
set -u
root=$1
build=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pdn-readme.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

# The example commands name build/src/pdn: run them in a copy of the root
# whose build/ is this build (the tree itself is left alone).
mkdir -p "$tmp/root/build/src"
for f in "$root"/*; do
    [ "$(basename "$f")" = build ] || ln -s "$f" "$tmp/root/"
done
ln -s "$build/src/pdn" "$tmp/root/build/src/pdn"

# Cut the README into cases: tmp/case-N.cmd and tmp/case-N.want.
awk -v dir="$tmp" '
    /^```sh$/ { inside = 1; cur = 0; next }
    /^```$/ { inside = 0; next }
    inside && /^\$ / { cur = ++n; print substr($0, 3) > (dir "/case-" n ".cmd");
                       printf "" > (dir "/case-" n ".want"); next }
    inside && cur { print > (dir "/case-" cur ".want") }
' "$root/README.md"

MANWIDTH=80
export MANWIDTH
unset COLUMNS

normalise() {
    sed -E 's/ in [0-9]+\.[0-9]+ s/ in T s/; s/\([0-9.]+ Mnodes\/s\)/(R Mnodes\/s)/'
}
cases=0
for cmd in "$tmp"/case-*.cmd; do
    [ -f "$cmd" ] || continue
    cases=$((cases + 1))
    want=${cmd%.cmd}.want
    (cd "$tmp/root" && sh "$cmd") 2>&1 | normalise >"$tmp/got"
    normalise <"$want" >"$tmp/want"
    if cmp -s "$tmp/want" "$tmp/got"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL \$ $(cat "$cmd"):"
        diff "$tmp/want" "$tmp/got" | head -n 10
    fi
done
if [ "$cases" -lt 4 ]; then
    failed=$((failed + 1))
    echo "FAIL only $cases example commands found in README.md"
fi
echo "$cases README examples run"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
