#!/bin/sh
# pages.sh -- the manual as the README says to read it: every page of man/
# is read from the source tree by man -l, with no warning from the
# formatter, shows its NAME, and names the project's version; every page
# the README's table of commands names is there; and meson install puts
# pdn and its pages where man finds them, and the completion scripts
# where the shells find them.
#
#   pages.sh SOURCE_ROOT BUILD_ROOT VERSION
set -u
root=$1
build=$2
version=$3
passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL $*"; }
if ! command -v man >/dev/null 2>&1; then
    echo "pages: man is not installed (scripts/test installs man-db)"
    echo "0 passed, 1 failed"
    exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pdn-man.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
MANWIDTH=80
export MANWIDTH

pages=0
for page in "$root"/man/*.[1-8]; do
    pages=$((pages + 1))
    name=$(basename "$page")
    title=$(echo "${name%.*}" | tr '[:lower:]' '[:upper:]')
    if man --warnings -l "$page" >"$tmp/out" 2>"$tmp/err" &&
       [ ! -s "$tmp/err" ] && grep -q '^NAME' "$tmp/out" &&
       grep -q "^$title(" "$tmp/out"; then
        ok
    else
        bad "man -l man/$name: not read cleanly"
        head -n 5 "$tmp/err"
    fi
    if grep -q "^\\.TH $title [1-8] \"[0-9-]*\" \"pdn $version\"" "$page" &&
       ! grep -q '@[A-Z]*@' "$page"; then
        ok
    else
        bad "man/$name: its .TH line does not name pdn $version"
    fi
done
[ "$pages" -ge 14 ] && ok || bad "only $pages pages in man/"

# Every page the README's table names (`man/pdn-check.1`) is there.
for ref in $(grep -o '`man/[a-z-]*\.[1-8]`' "$root/README.md" | tr -d '`' |
             sort -u); do
    if [ -f "$root/$ref" ]; then ok; else bad "README names $ref: missing"; fi
done

# meson install, into a folder of the test's own.
if meson install -C "$build" --no-rebuild --destdir "$tmp/dest" \
       >"$tmp/install.log" 2>&1; then
    ok
else
    bad "meson install failed:"
    tail -n 5 "$tmp/install.log"
fi
bin=$(find "$tmp/dest" -path '*/bin/pdn' -type f | head -n 1)
if [ -n "$bin" ] && "$bin" --version | grep -q "$version"; then ok; else
    bad "meson install put no working bin/pdn in place"
fi
for page in pdn.1 pdn-check.1 pdn-config.5; do
    sec=${page##*.}
    inst=$(find "$tmp/dest" -path "*/man/man$sec/$page" | head -n 1)
    if [ -n "$inst" ] && cmp -s "$inst" "$root/man/$page" &&
       man -l "$inst" >/dev/null 2>&1; then
        ok
    else
        bad "meson install put no man$sec/$page in place"
    fi
done
# The completion scripts, where each shell looks for them.
for pair in bash:bash-completion/completions/pdn zsh:zsh/site-functions/_pdn \
            fish:fish/vendor_completions.d/pdn.fish; do
    shell=${pair%%:*}
    inst=$(find "$tmp/dest" -path "*/share/${pair#*:}" | head -n 1)
    if [ -n "$inst" ] && [ -n "$bin" ] &&
       "$bin" completion "$shell" | cmp -s - "$inst"; then
        ok
    else
        bad "meson install put no share/${pair#*:} in place"
    fi
done
echo "$pages pages read with man -l; installed with meson install"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
