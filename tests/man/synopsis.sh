#!/bin/sh
# synopsis.sh -- every command's table of options against the SYNOPSIS of
# its man page: each option of the table but --help is in the SYNOPSIS,
# by its long name or its short one, and each option the SYNOPSIS names
# is in the table.  The tables are read from pdn completion fish, which
# prints every option of every command from them (-l NAME, -s X).
#
#   synopsis.sh PDN_BINARY SOURCE_ROOT
set -u
pdn=$1
root=$2
passed=0
failed=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pdn-synopsis.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

"$pdn" completion fish >"$tmp/fish" || { echo "FAIL pdn completion fish"; exit 1; }
commands=$(sed -n 's/^complete -c pdn -n __fish_use_subcommand -a \([a-z]*\) .*/\1/p' \
    "$tmp/fish")
[ -n "$commands" ] || { echo "FAIL no command in pdn completion fish"; exit 1; }

for c in $commands; do
    [ "$c" = help ] && continue # pdn(1) describes pdn help
    page=$root/man/pdn-$c.1
    if [ ! -f "$page" ]; then
        echo "FAIL $c: no man/pdn-$c.1"
        failed=$((failed + 1))
        continue
    fi
    # The SYNOPSIS, dashes unescaped, one word a line.
    sed -n '/^\.SH SYNOPSIS/,/^\.SH /p' "$page" | sed '1d;$d' |
        sed 's/\\-/-/g; s/\\&//g' | tr ' []|.' '\n\n\n\n\n' |
        grep -e '^-' >"$tmp/words"
    # The table: "NAME X" a line (X: the short name, or nothing).
    grep "^complete -c pdn -n '__fish_seen_subcommand_from $c' -l " "$tmp/fish" |
        sed 's/.* -l \([a-z-]*\)\( -s \(.\)\)\{0,1\}.*/\1 \3/' >"$tmp/table"
    while read -r name short; do
        [ "$name" = help ] && continue
        if grep -qx -e "--$name" "$tmp/words" ||
           { [ -n "$short" ] && grep -qx -e "-$short" "$tmp/words"; }; then
            passed=$((passed + 1))
        else
            echo "FAIL $c: --$name is not in the SYNOPSIS of man/pdn-$c.1"
            failed=$((failed + 1))
        fi
    done <"$tmp/table"
    while read -r word; do
        case $word in
        --*) grep -q "^${word#--} " "$tmp/table" ;;
        -?) grep -q " ${word#-}\$" "$tmp/table" ;;
        *) false ;;
        esac
        if [ $? -eq 0 ]; then
            passed=$((passed + 1))
        else
            echo "FAIL $c: the SYNOPSIS of man/pdn-$c.1 names $word," \
                 "which pdn $c does not take"
            failed=$((failed + 1))
        fi
    done <"$tmp/words"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
