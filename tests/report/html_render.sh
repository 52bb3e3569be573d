#!/bin/sh
# html_render.sh [--expect console|load] HTMLFILE OUTDIR -- draws an HTML
# report in headless Chromium and fails on what a reader would meet:
#
#   1. chromium --headless --screenshot: the screenshot OUTDIR/NAME.png must
#      be a PNG of 1200x3000 pixels and not blank (larger than an empty
#      page's, which is about 17 KB); every console message is written to
#      the log (--enable-logging=stderr) as a line holding "CONSOLE", and
#      any such line is a failure (the page has no script to speak);
#   2. page_watch.py loads the page again through the DevTools protocol:
#      an uncaught exception, a console error, a request for anything but
#      the page itself, or a load that failed is a failure (the command
#      line log says nothing of failed loads).
#
# With --expect KIND the check is turned round, for pages made faulty on
# purpose: it passes only when the browser ran and KIND was caught
# ("console": a CONSOLE line; "load": a resource requested or failed).
# Exit status: 0 pass, 1 fail, 2 the browser is missing or would not run.
# CHROMIUM names the browser (default: chromium).
set -u

expect=""
if [ "${1:-}" = --expect ]; then
    expect=${2:-}
    shift 2 || true
fi
if [ $# -ne 2 ] || { [ -n "$expect" ] && [ "$expect" != console ] &&
                     [ "$expect" != load ]; }; then
    echo "usage: html_render.sh [--expect console|load] HTMLFILE OUTDIR" >&2
    exit 2
fi
html=$1
out=$2
here=$(cd "$(dirname "$0")" && pwd)
chromium=${CHROMIUM:-chromium}
min_png=30000

if ! command -v "$chromium" >/dev/null 2>&1; then
    echo "html_render: $chromium not found (scripts/test --html installs" \
         "it)" >&2
    exit 2
fi
if [ ! -f "$html" ]; then
    echo "html_render: $html: no such file" >&2
    exit 2
fi
mkdir -p "$out" || exit 2
url=$(python3 -c 'import pathlib, sys
print(pathlib.Path(sys.argv[1]).resolve().as_uri())' "$html") || exit 2
png="$out/$(basename "$html" .html).png"
log="$out/chromium.log"
rm -f "$png" "$log" "$out/problems"

# ---- 1. The screenshot and the console ----
timeout 120 "$chromium" --headless --no-sandbox --disable-gpu \
    --no-first-run --no-default-browser-check \
    --user-data-dir="$out/profile" --hide-scrollbars \
    --screenshot="$png" --window-size=1200,3000 \
    --enable-logging=stderr --v=0 "$url" >"$out/chromium.out" 2>"$log"
status=$?
if [ "$status" -ne 0 ] || [ ! -f "$png" ]; then
    echo "html_render: $chromium failed (status $status), no screenshot;" \
         "its log:" >&2
    tail -20 "$log" >&2
    exit 2
fi

problems=0
console=0
load=0
fail() {
    echo "html_render: $html: $*"
    problems=$((problems + 1))
}

signature=$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')
size=$(od -An -tu1 -j16 -N8 "$png" | awk '{
    printf "%dx%d", (($1 * 256 + $2) * 256 + $3) * 256 + $4,
                    (($5 * 256 + $6) * 256 + $7) * 256 + $8 }')
bytes=$(wc -c <"$png" | tr -d ' ')
[ "$signature" = 89504e470d0a1a0a ] || fail "the screenshot is no PNG"
[ "$size" = 1200x3000 ] || fail "the screenshot is $size, not 1200x3000"
[ "$bytes" -gt "$min_png" ] ||
    fail "the screenshot is nearly blank ($bytes bytes, at most $min_png)"

if grep -E ':CONSOLE[:(]' "$log" >"$out/console"; then
    console=1
    fail "console messages:"
    sed 's/^/  /' "$out/console"
fi

# ---- 2. Exceptions and loads, seen through the DevTools protocol ----
python3 "$here/page_watch.py" "$chromium" "$url" >"$out/problems"
status=$?
if [ "$status" -eq 2 ]; then
    exit 2
fi
if [ "$status" -ne 0 ]; then
    grep -qE '^(resource requested|load failed|browser error)' \
        "$out/problems" && load=1
    fail "the page's problems:"
    sed 's/^/  /' "$out/problems"
fi

echo "html_render: $html: screenshot $png ($size, $bytes bytes)"
case $expect in
console)
    [ "$console" -eq 1 ] && exit 0
    echo "html_render: the console error of $html was not caught"
    exit 1
    ;;
load)
    [ "$load" -eq 1 ] && exit 0
    echo "html_render: the failed load of $html was not caught"
    exit 1
    ;;
esac
[ "$problems" -eq 0 ]
