#!/bin/sh
# completion.sh -- the completion scripts of pdn completion, asked by each
# shell what it completes: "pdn ch<TAB>" gives check, "pdn check
# --va<TAB>" gives --variant, "pdn check --variant <TAB>" the variants
# and auto, "pdn help an<TAB>" the commands that start so, and "pdn
# check <TAB>" file names.  bash runs its function as readline would;
# zsh runs its function with compadd, _describe and _files standing in
# for those of its completion system (they print what they are given
# that starts with $PREFIX); fish answers complete -C itself.  A shell
# that is not installed is said and skipped (scripts/test installs zsh
# and fish); the test is skipped only when none is.
#
#   completion.sh PDN_BINARY
set -u
pdn=$1
passed=0
failed=0
skipped=""
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pdn-completion.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/files"
: >"$tmp/files/games.pdn"

# expect SHELL WHAT GOT WANT: WANT (lines) is what GOT (lines) holds.
expect() {
    if [ "$3" = "$4" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $1: $2"
        echo "  got:  $(echo "$3" | tr '\n' ' ')"
        echo "  want: $(echo "$4" | tr '\n' ' ')"
    fi
}

for shell in bash zsh fish; do
    if ! "$pdn" completion "$shell" >"$tmp/pdn.$shell"; then
        failed=$((failed + 1))
        echo "FAIL pdn completion $shell"
    fi
done

# ---- bash ----
if command -v bash >/dev/null 2>&1; then
    # bash_complete WORD...: COMPREPLY for the last word, sorted.
    bash_complete() {
        (cd "$tmp/files" && bash -c '
            . "$1"; shift
            COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
            _pdn
            printf "%s\n" "${COMPREPLY[@]}"' sh "$tmp/pdn.bash" "$@") |
            sed '/^$/d' | sort
    }
    expect bash "pdn ch" "$(bash_complete pdn ch)" "check"
    expect bash "pdn check --va" "$(bash_complete pdn check --va)" \
        "--variant"
    expect bash "pdn check --variant ''" \
        "$(bash_complete pdn check --variant '')" \
        "$(printf 'auto\nenglish\nitalian\nspanish')"
    expect bash "pdn check --variant=''" \
        "$(bash_complete pdn check --variant = '')" \
        "$(printf 'auto\nenglish\nitalian\nspanish')"
    expect bash "pdn help an" "$(bash_complete pdn help an)" \
        "$(printf 'analyse\nannotate')"
    expect bash "pdn check ga" "$(bash_complete pdn check ga)" "games.pdn"
    expect bash "pdn perft ga" "$(bash_complete pdn perft ga)" ""
else
    skipped="$skipped bash"
fi

# ---- zsh ----
if command -v zsh >/dev/null 2>&1; then
    # zsh_complete WORD...: what _pdn offers for the last word, sorted.
    zsh_complete() {
        (cd "$tmp/files" && zsh -f -c '
            compadd() {
                local w
                while [[ $1 != -- && $# -gt 0 ]]; do shift; done
                shift
                for w in "$@"; do [[ $w == $PREFIX* ]] && print -r -- $w; done
            }
            _describe() {
                local item name=${@[-1]}
                for item in "${(@P)name}"; do
                    item=${item%%:*}
                    [[ $item == $PREFIX* ]] && print -r -- $item
                done
            }
            _files() { local f; for f in $PREFIX*(N); do print -r -- $f; done }
            script=$1; shift
            source $script
            words=("$@"); CURRENT=$#; PREFIX=${words[CURRENT]}
            _pdn' zsh "$tmp/pdn.zsh" "$@") | sed '/^$/d' | sort
    }
    expect zsh "pdn ch" "$(zsh_complete pdn ch)" "check"
    expect zsh "pdn check --va" "$(zsh_complete pdn check --va)" "--variant"
    expect zsh "pdn check --variant ''" \
        "$(zsh_complete pdn check --variant '')" \
        "$(printf 'auto\nenglish\nitalian\nspanish')"
    expect zsh "pdn help an" "$(zsh_complete pdn help an)" \
        "$(printf 'analyse\nannotate')"
    expect zsh "pdn check ga" "$(zsh_complete pdn check ga)" "games.pdn"
    expect zsh "pdn perft ga" "$(zsh_complete pdn perft ga)" ""
else
    skipped="$skipped zsh"
fi

# ---- fish ----
if command -v fish >/dev/null 2>&1; then
    # fish_complete LINE: the completions of LINE, without descriptions.
    fish_complete() {
        (cd "$tmp/files" && HOME=$tmp fish --no-config -c \
            "source $tmp/pdn.fish; complete -C '$1'") | cut -f1 | sort
    }
    expect fish "pdn ch" "$(fish_complete 'pdn ch')" "check"
    expect fish "pdn check --va" "$(fish_complete 'pdn check --va')" \
        "--variant"
    expect fish "pdn check --variant ''" \
        "$(fish_complete 'pdn check --variant ')" \
        "$(printf 'auto\nenglish\nitalian\nspanish')"
    expect fish "pdn help an" "$(fish_complete 'pdn help an')" \
        "$(printf 'analyse\nannotate')"
    expect fish "pdn check ga" "$(fish_complete 'pdn check ga')" "games.pdn"
else
    skipped="$skipped fish"
fi

[ -n "$skipped" ] && echo "not installed, not tried:$skipped"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] || exit 1
[ "$passed" -gt 0 ] || { echo "skipped: no shell to ask"; exit 77; }
exit 0
