#!/bin/sh
# codes.sh -- the diagnostic codes have one list, src/base/diag.c's table
# (code, default severity, name), and it is held against what explains
# and shows them: every code of the table has its entry in pdn-check(1),
# every entry there is a code of the table, with the same letter, and
# every code is shown by some golden file or spec test (tests/cli,
# tests/spec, tests/messy, tests/faults, tests/annotate).
#
#   codes.sh SOURCE_ROOT
set -u
root=$1
. "$(dirname "$0")/../lib.sh"
test_begin codes

# "E0111 not-a-move" for each row of the table: the enum's number from
# diag.h, the letter from the row's severity.
awk '
    FNR == NR {
        if (match($0, /PDN_[EWN]_[A-Z0-9_]+ = [0-9]+/)) {
            split(substr($0, RSTART, RLENGTH), p, / = /)
            number[p[1]] = p[2]
        }
        next
    }
    match($0, /\{PDN_[EWN]_[A-Z0-9_]+, PDN_SEV_[A-Z]+, "[a-z0-9-]+"\}/) {
        row = substr($0, RSTART + 1, RLENGTH - 2)
        split(row, f, /, /)
        sev = f[2]; sub(/PDN_SEV_/, "", sev)
        letter = sev == "ERROR" ? "E" : sev == "WARNING" ? "W" : "N"
        name = f[3]; gsub(/"/, "", name)
        if (!(f[1] in number)) {
            print "?" f[1], name
            next
        }
        printf "%s%04d %s\n", letter, number[f[1]], name
    }' "$root/src/base/diag.h" "$root/src/base/diag.c" | sort >"$tmp/table"

if grep -q '^?' "$tmp/table"; then
    bad "rows of diag.c with no number in diag.h:"
    grep '^?' "$tmp/table"
fi
count=$(wc -l <"$tmp/table")
if [ "$count" -ge 40 ]; then ok; else
    bad "diag.c's table has $count codes: it was not read"
fi

# The entries of pdn-check(1): lines ".B E0111" or ".BR E0102 ", " ...".
grep -E '^\.BR? [EWN][0-9]{4}' "$root/man/pdn-check.1" |
    grep -oE '[EWN][0-9]{4}' | sort -u >"$tmp/man"
cut -d' ' -f1 "$tmp/table" | sort -u >"$tmp/codes"
missing=$(comm -23 "$tmp/codes" "$tmp/man")
extra=$(comm -13 "$tmp/codes" "$tmp/man")
if [ -z "$missing" ]; then ok; else
    bad "codes with no entry in man/pdn-check.1: $(echo $missing)"
fi
if [ -z "$extra" ]; then ok; else
    bad "entries of man/pdn-check.1 that are no code (or another" \
        "letter): $(echo $extra)"
fi

# Each code shown by a test.
unshown=""
for code in $(cat "$tmp/codes"); do
    if ! grep -rqF "$code" "$root/tests/cli" "$root/tests/spec" \
            "$root/tests/messy" "$root/tests/faults" \
            "$root/tests/annotate" 2>/dev/null; then
        unshown="$unshown $code"
    fi
done
if [ -z "$unshown" ]; then ok; else
    bad "codes no golden or spec test shows:$unshown"
fi
test_end
