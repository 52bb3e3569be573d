#!/bin/sh
# check_layers.sh -- every #include of src/ goes down the data flow: a file
# of layer L includes only headers of L and of the layers src/meson.build
# lets L see (its table `layers`, given here as L=A,B,... arguments).  An
# include up the flow, or of a layer the table does not know, fails the
# test, naming the file, the line and the layer it may not see.  Then the
# check is tried on a tree with one upward include (base/ including a
# header of cli/), which it must refuse.
#
#   check_layers.sh SRC_DIR LAYER=SEEN,SEEN... ...
set -u
src=$1
shift
. "$(dirname "$0")/../lib.sh"
test_begin layers

# check TREE RULE...: the upward includes of TREE, one line each; exit 1
# if there is one.
check() {
    tree=$1
    shift
    status=0
    for rule in "$@"; do
        layer=${rule%%=*}
        seen=",$layer,${rule#*=},"
        for f in "$tree/$layer"/*.c "$tree/$layer"/*.h; do
            [ -f "$f" ] || continue
            # '#include "X/...' lines: the line number and X.
            found=$(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[a-z_]*/' \
                        "$f" |
                    sed 's/^\([0-9]*\):.*"\([a-z_]*\)\/.*/\1 \2/')
            [ -n "$found" ] || continue
            while read -r line dep; do
                case $seen in
                *",$dep,"*) ;;
                *)
                    echo "$f:$line: layer $layer includes a header of" \
                         "$dep, which it may not see (it sees ${rule#*=})"
                    status=1
                    ;;
                esac
            done <<LIST
$found
LIST
        done
    done
    # Every folder of the tree is a layer of the table.
    for d in "$tree"/*/; do
        d=$(basename "$d")
        known=no
        for rule in "$@"; do
            [ "${rule%%=*}" = "$d" ] && known=yes
        done
        if [ "$known" = no ]; then
            echo "$tree/$d: a folder that is no layer of the table"
            status=1
        fi
    done
    return "$status"
}

if check "$src" "$@" >"$tmp/out"; then
    ok
else
    bad "includes up the data flow:"
    cat "$tmp/out"
fi

# The refusal: base/ including cli/args.h.
mkdir -p "$tmp/tree/base" "$tmp/tree/cli"
printf '#include "base/arena.h"\n#include "cli/args.h"\n' \
    >"$tmp/tree/base/up.c"
printf '#include "base/arena.h"\n' >"$tmp/tree/cli/args.c"
if check "$tmp/tree" base= cli=base >"$tmp/out"; then
    bad "an include of cli/ from base/ was not refused"
elif grep -q 'up.c:2: layer base includes a header of cli' "$tmp/out"; then
    ok
else
    bad "the refusal does not name the file and line:"
    cat "$tmp/out"
fi
test_end
