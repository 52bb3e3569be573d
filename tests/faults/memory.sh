#!/bin/sh
# memory.sh -- a long game costs what its moves need: a legal game of
# 200,000 plies (two kings going to and fro, 1.7 MB) is annotated at
# --depth 1 in at most 128 MiB of peak resident memory, checked in 48 and
# formatted in 64.  GNU time measures the peak (scripts/test installs
# it); without it, and in a sanitizer build, the test is skipped (exit
# 77).
#
#   memory.sh PDN_BINARY
set -u
pdn=$1
if [ ! -x /usr/bin/time ] || ! /usr/bin/time -f %M true >/dev/null 2>&1; then
    echo "memory: GNU time (/usr/bin/time) is not installed: skipped"
    exit 77
fi
if grep -q -a -e __asan_init -e __tsan_init "$pdn"; then
    echo "memory: $pdn is a sanitizer build, whose memory is its own:" \
         "skipped"
    exit 77
fi
. "$(dirname "$0")/../lib.sh"
test_begin mem

awk 'BEGIN {
    print "[Event \"long\"]\n[SetUp \"1\"]\n[FEN \"W:WK29:BK4\"]\n[Result \"*\"]\n"
    for (i = 0; i < 50000; i++)
        printf "%d. 29-25 4-8 %d. 25-29 8-4\n", 2 * i + 1, 2 * i + 2
    print "*"
}' >"$tmp/long.pdn"

# peak KIB LIMIT_MIB WHAT: the peak of the command after them.
peak() {
    limit=$1
    what=$2
    shift 2
    # meson's MALLOC_PERTURB_ fills memory that would stay untouched
    env -u MALLOC_PERTURB_ /usr/bin/time -f %M -o "$tmp/kb" "$pdn" "$@" \
        >/dev/null 2>&1
    kb=$(tail -n 1 "$tmp/kb")
    if [ "$kb" -le $((limit * 1024)) ]; then
        passed=$((passed + 1))
        echo "$what: $((kb / 1024)) MiB (at most $limit)"
    else
        failed=$((failed + 1))
        echo "FAIL $what: $((kb / 1024)) MiB, more than $limit"
    fi
}
peak 128 "annotate --depth 1" annotate -q --depth 1 "$tmp/long.pdn"
peak 48 "check" check -q "$tmp/long.pdn"
peak 64 "fmt" fmt -q "$tmp/long.pdn"

test_end
