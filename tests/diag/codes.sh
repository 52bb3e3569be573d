#!/bin/sh
# codes.sh -- the diagnostic codes have one list, src/base/diag_codes.h
# (code, number, default severity, name, meaning, man page), and it is
# held against what explains and shows them: every code says what it
# means, has its entry in pdn-check(1) and is named in the page the list
# gives, every entry of pdn-check(1) is a code of the list, with the same
# letter, and every code is shown by some golden file or spec test
# (tests/cli, tests/spec, tests/messy, tests/faults, tests/annotate).
#
#   codes.sh SOURCE_ROOT
set -u
root=$1
. "$(dirname "$0")/../lib.sh"
test_begin codes

# "E0111 not-a-move pdn-parse(1)" for each X(...) of the list: the
# letter from its severity, and whether it says what it means.
sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$root/src/base/diag_codes.h" |
    grep -oE 'X\(PDN_[EWN]_[A-Z0-9_]+, [0-9]+, PDN_SEV_[A-Z]+, "[a-z0-9-]+", +"([^"\\]|\\.)*", +"[a-z0-9-]+\([1-8]\)"\)' |
    awk '{
        row = $0
        sub(/^X\(/, "", row)
        split(row, f, /, +/)
        sev = f[3]; sub(/PDN_SEV_/, "", sev)
        letter = sev == "ERROR" ? "E" : sev == "WARNING" ? "W" : "N"
        name = f[4]; gsub(/"/, "", name)
        page = $0; sub(/.*, +"/, "", page); sub(/"\)$/, "", page)
        meaning = $0; sub(/^[^"]*"[^"]*", +"/, "", meaning)
        if (meaning ~ /^"/)
            print "?" f[1], "says nothing of what it means"
        printf "%s%04d %s %s\n", letter, f[2], name, page
    }' | sort >"$tmp/table"

if grep -q '^?' "$tmp/table"; then
    bad "codes of src/base/diag_codes.h that say nothing of what they mean:"
    grep '^?' "$tmp/table"
fi
count=$(wc -l <"$tmp/table")
if [ "$count" -ge 40 ]; then ok; else
    bad "src/base/diag_codes.h has $count codes: it was not read"
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

# Each code named in the page the list gives for it.
unnamed=""
while read -r code name page; do
    file=$root/man/${page%%(*}.${page#*(}
    file=${file%)}
    grep -q "$code" "$file" 2>/dev/null || unnamed="$unnamed $code:$page"
done <"$tmp/table"
if [ -z "$unnamed" ]; then ok; else
    bad "codes not in the page src/base/diag_codes.h names:$unnamed"
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
