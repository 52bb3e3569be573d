#!/bin/sh
# run.sh -- golden tests of the pdn command line.
#
#   tests/cli/run.sh PDN_BINARY CASE_DIR
#
# Each case in CASE_DIR is NAME.args (the arguments on one line, split and
# unquoted by the shell), with optional NAME.in (standard input, else
# /dev/null), NAME.out (expected standard output, exact; absent means
# empty), NAME.err (expected standard error, exact; unchecked if absent),
# NAME.status (expected exit status, default 0) and NAME.env (shell
# assignments, e.g. LC_ALL=C.UTF-8, run with the locale otherwise LC_ALL=C).
# Each case runs in CASE_DIR, so that FILE operands and the file names in
# messages are relative to it.  Timing figures are masked before
# comparing: "seconds":T, "nodes_per_second":R, "nodes in T s (R
# Mnodes/s)" in plain perft, " in T s" ending a summary line, and
# " nodes, T s" ending a line of pdn annotate's text report.

if [ $# -ne 2 ]; then
    echo "usage: $0 PDN_BINARY CASE_DIR" >&2
    exit 2
fi
pdn=$1
dir=$2
case $pdn in
/*) ;;
*) pdn=$(pwd)/$pdn ;;
esac
if [ ! -x "$pdn" ]; then
    echo "$0: $pdn is not an executable" >&2
    exit 2
fi
if [ ! -d "$dir" ]; then
    echo "$0: $dir is not a directory" >&2
    exit 2
fi
dir=$(cd "$dir" && pwd)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pdn-cli.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 2' HUP INT TERM

timing=' nodes in [.0-9]* s ([.0-9]* Mnodes\/s)$'
mask() {
    sed -e 's/"seconds":[-+.0-9eE]*/"seconds":T/g' \
        -e 's/"nodes_per_second":[-+.0-9eE]*/"nodes_per_second":R/g' \
        -e "s/$timing/ nodes in T s (R Mnodes\\/s)/" \
        -e 's/ in [.0-9]* s$/ in T s/' \
        -e 's/ nodes, [.0-9]* s$/ nodes, T s/' \
        -e 's/  nps *[0-9]*  time [.0-9]* s  / nps R  time T s  /'
}

passed=0
failed=0
for args in "$dir"/*.args; do
    [ -f "$args" ] || continue
    name=$(basename "$args" .args)
    base=$dir/$name
    input=/dev/null
    [ -f "$base.in" ] && input=$base.in
    want_status=0
    [ -f "$base.status" ] && want_status=$(cat "$base.status")

    (
        unset LANG LANGUAGE LC_CTYPE LC_MESSAGES NO_COLOR XDG_CONFIG_HOME XDG_STATE_HOME XDG_DATA_HOME
        HOME=$tmp/home # no configuration of whoever runs the tests
        export HOME
        LC_ALL=C
        export LC_ALL
        if [ -f "$base.env" ]; then
            set -a
            # shellcheck source=/dev/null
            . "$base.env"
            set +a
        fi
        cd "$dir" || exit 2
        eval "set -- $(cat "$args")"
        exec "$pdn" "$@" <"$input" >"$tmp/out.raw" 2>"$tmp/err.raw"
    )
    status=$?
    mask <"$tmp/out.raw" >"$tmp/out"
    mask <"$tmp/err.raw" >"$tmp/err"

    problems=
    if [ -f "$base.out" ]; then
        want_out=$base.out
    else
        want_out=/dev/null
    fi
    if ! cmp -s "$want_out" "$tmp/out"; then
        problems="$problems stdout"
    fi
    if [ -f "$base.err" ] && ! cmp -s "$base.err" "$tmp/err"; then
        problems="$problems stderr"
    fi
    if [ "$status" != "$want_status" ]; then
        problems="$problems status"
    fi

    if [ -z "$problems" ]; then
        echo "ok $name"
        passed=$((passed + 1))
        continue
    fi
    echo "FAIL $name:$problems"
    failed=$((failed + 1))
    case $problems in
    *stdout*) diff -u "$want_out" "$tmp/out" | sed 's/^/    /' ;;
    esac
    case $problems in
    *stderr*) diff -u "$base.err" "$tmp/err" | sed 's/^/    /' ;;
    esac
    case $problems in
    *status*) echo "    exit status $status, expected $want_status" ;;
    esac
done

echo "$passed passed, $failed failed"
if [ "$failed" -ne 0 ] || [ "$passed" -eq 0 ]; then
    exit 1
fi
exit 0
