#!/bin/sh
# play_games.sh -- pdn play through the command, engine against engine:
# the player's moves come from pdn analyse (depth 2), typed into pdn play
# --resume one at a time, and pdn play answers at depth 2; whole games
# of the three variants, each side of them.  Every game must end by the
# rules (no piece, no move, or a draw by the rule), and its saved file
# must be read by pdn check with no error: the engine never played an
# illegal move, and the record counts each game once.
#
#   play_games.sh PDN_BINARY SOURCE_ROOT
set -u
pdn=$1
root=$2
. "$(dirname "$0")/../lib.sh"
test_begin play-games

HOME=$tmp/home
export HOME
unset XDG_STATE_HOME
save=$HOME/.local/state/pdn/play.pdn
games=0
for variant in italian spanish english; do
    for color in white black; do
        printf 'quit\n' | "$pdn" play --new --level 2 --variant "$variant" \
            --color "$color" >"$tmp/out" 2>&1
        plies=0
        while [ "$plies" -lt 400 ]; do
            grep -q '^\[Result "\*"\]' "$save" || break
            fen=$("$pdn" convert -q --to fen "$save" | tail -n 1 | cut -f 3)
            best=$("$pdn" analyse --variant "$variant" --depth 2 --json "$fen" |
                   sed 's/.*"best":\("[^"]*"\|null\).*/\1/' | tr -d '"')
            [ "$best" = null ] && break
            printf '%s\nquit\n' "$best" | "$pdn" play --resume >>"$tmp/out" 2>&1
            plies=$((plies + 2))
        done
        games=$((games + 1))
        result=$(sed -n 's/^\[Result "\(.*\)"\]$/\1/p' "$save")
        if [ "$result" = "*" ]; then
            bad "$variant, player $color: the game did not end in $plies plies"
        elif "$pdn" check -q "$save" >/dev/null 2>&1; then
            ok
        else
            bad "$variant, player $color: pdn check finds errors in the game"
            "$pdn" check "$save"
        fi
        if grep -q '^Game over: ' "$tmp/out"; then ok; else
            bad "$variant, player $color: no 'Game over' line"
        fi
    done
done
# The record counts the six games.
counted=$(grep -o '"[a-z]*":[0-9][0-9]*' "$HOME/.local/state/pdn/record.json" |
          awk -F: '{ n += $2 } END { print n + 0 }')
if [ "$counted" -eq "$games" ]; then ok; else
    bad "the record counts $counted games of $games"
fi
test_end
