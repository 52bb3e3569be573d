# bench/lib.sh -- what bench/read and bench/check share: the big file made
# of the Italian archives, and timing with the peak resident size.
# Sourced with $size, $runs and $name (the script's name) set; sets
# $pdn, $file, $bytes, $out and the functions measure and median.

src=corpus/real/italian
if ! ls "$src"/*.pdn >/dev/null 2>&1; then
    echo "$name: no PDN files in $src: nothing to read" \
         "(nothing was measured)" >&2
    exit 1
fi

. scripts/setup.sh
# /usr/bin/time gives the peak resident size; without it (no root to
# install it) VmHWM is read from /proc instead.
PDN_PACKAGES="$PDN_PACKAGES time"
# PDN_BUILD names the build directory to measure (default build): an
# older build's, to compare them alternated.
build=${PDN_BUILD:-build}
pdn_setup "$build" || exit 1
pdn=$build/src/pdn

# ---- The file ----

out=bench/out
file=$out/italian-${size}mb.pdn
want=$((size * 1000000))
mkdir -p "$out"
if [ ! -f "$file" ] || [ "$(wc -c <"$file")" -lt "$want" ]; then
    echo "$name: making $file from $src/*.pdn ..."
    one=$out/italian-once.pdn
    : >"$one"
    for f in "$src"/*.pdn; do
        cat "$f" >>"$one"
        printf '\n' >>"$one" # a file may end without a line end
    done
    cp "$one" "$file.tmp"
    while [ "$(wc -c <"$file.tmp")" -lt "$want" ]; do
        cat "$file.tmp" "$file.tmp" >"$file.tmp2"
        mv "$file.tmp2" "$file.tmp"
    done
    mv "$file.tmp" "$file"
    rm -f "$one"
fi
bytes=$(wc -c <"$file")

# ---- Measuring ----

now_ns() {
    date +%s%N
}

# run_once CMD...: runs CMD (output to /dev/null, errors to $out/err) and
# sets secs and peak_kb.
run_once() {
    start=$(now_ns)
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f %M -o "$out/mem" "$@" >/dev/null 2>"$out/err"
        status=$?
        peak_kb=$(tail -n 1 "$out/mem")
    else
        "$@" >/dev/null 2>"$out/err" &
        pid=$!
        peak_kb=0
        while kill -0 "$pid" 2>/dev/null; do
            v=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\).*/\1/p' \
                "/proc/$pid/status" 2>/dev/null || true)
            [ -n "$v" ] && peak_kb=$v
            sleep 0.02
        done
        status=0
        wait "$pid" || status=$?
    fi
    end=$(now_ns)
    secs=$(awk -v a="$start" -v b="$end" \
        'BEGIN { printf "%.4f", (b - a) / 1e9 }')
    return "$status"
}

median() {
    tr ' ' '\n' | grep . | sort -g |
        awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

# measure WHAT CMD...: RUNS runs; sets med_secs and med_kb.
measure() {
    what=$1
    shift
    times=""
    kbs=""
    i=0
    while [ "$i" -lt "$runs" ]; do
        if ! run_once "$@"; then
            echo "$name: $what failed (exit status $status):" >&2
            tail -n 5 "$out/err" >&2
            exit 1
        fi
        times="$times $secs"
        kbs="$kbs $peak_kb"
        i=$((i + 1))
    done
    med_secs=$(echo "$times" | median)
    med_kb=$(echo "$kbs" | median)
}

