#!/bin/sh
# play_tty.sh -- pdn play on a real terminal, driven through tmux
# (send-keys, capture-pane): the board is drawn; a move is played and
# answered; a bad move is refused with its reason; hint, undo, resign
# and quit work; the saved game passes pdn check; the next start offers
# to resume it, and does; the record counts a resigned game; NO_COLOR
# and an ASCII terminal draw no colour and no Unicode.  Skipped (77)
# without tmux.
#
#   play_tty.sh PDN_BINARY SOURCE_ROOT
set -u
pdn=$1
root=$2
. "$(dirname "$0")/../lib.sh"
command -v tmux >/dev/null 2>&1 || { echo "play-tty: no tmux: skipped"; exit 77; }
test_begin play-tty
case $pdn in /*) ;; *) pdn=$(pwd)/$pdn ;; esac

home=$tmp/home
mkdir -p "$home"
session=pdnplay
save=$home/.local/state/pdn/play.pdn
starts=0
sock=$tmp/tmux.0
trap 'for s in "$tmp"/tmux.*; do tmux -S "$s" kill-server 2>/dev/null; done; rm -rf "$tmp"' EXIT

# start ENV...: pdn play in a new tmux server (a socket of its own) and
# window of 100x40, in the locale and with the environment given.
start() {
    tmux -S "$sock" kill-server 2>/dev/null
    starts=$((starts + 1))
    sock=$tmp/tmux.$starts
    tmux -S "$sock" -f /dev/null new-session -d -s "$session" -x 100 -y 40 \
        "env -i HOME=$home PATH=$PATH TERM=xterm-256color $* $pdn play --level easy; sleep 60"
    wait_for 'Your move\|Resume it\|Type a move'
}
keys() { tmux -S "$sock" send-keys -t "$session" "$@" 2>/dev/null; }
screen() { tmux -S "$sock" capture-pane -p -e -t "$session" -S -100 2>/dev/null; }
# wait_for RE: until the screen shows RE (5 s at most).
wait_for() {
    i=0
    while [ "$i" -lt 50 ]; do
        screen | grep -q "$1" && return 0
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}
expect() { # expect WHAT RE
    if wait_for "$2"; then ok; else bad "$1: the screen does not show '$2'"; screen | tail -n 20; fi
}

# A new game, in a UTF-8 locale with colour.
start LANG=C.UTF-8
expect "the board" '^   a  b  c  d  e  f  g  h$'
expect "the pieces in Unicode" '⛀'
expect "the prompt" 'Your move (White):'
keys '23-17' Enter
expect "a bad move refused with its reason" 'Illegal move 23-17: 23 and 17 are not on one diagonal'
keys '22-18' Enter
expect "the engine's answer" 'pdn plays '
# (The board with the move marked comes after the answer's line.)
expect "the last move marked in colour" "$(printf '\033\\[7m')"
keys 'hint' Enter
expect "a hint" 'Hint: '
keys 'undo' Enter
expect "undo" 'Taken back'
keys 'quit' Enter
expect "quit" 'The game is saved in ~/.local/state/pdn/play.pdn'
if "$pdn" check -q "$save" >/dev/null 2>&1; then ok; else bad "the saved game does not pass pdn check"; fi

# The unfinished game offered: not taken, a new one begun; a move, then
# the next start offers to resume it, and resumes.
start LANG=C.UTF-8
expect "the offer to resume" 'Resume it? \[Y/n\]'
keys 'n' Enter
expect "a new game" 'New game: you play White'
keys '22-18' Enter
expect "the move before leaving" 'pdn plays '
keys 'quit' Enter
wait_for 'takes it up'
start LANG=C.UTF-8
expect "the offer to resume" 'An unfinished game is saved in ~/.local/state/pdn/play.pdn (move 2). Resume it?'
keys 'y' Enter
expect "resumed" 'Resumed: you play White against pdn (easy), Italian draughts, move 2'
keys 'resign' Enter
expect "resign" 'Game over: 0-1, White resigned'
expect "the record counts it" 'Your record, italian, easy: 0 wins, 0 draws, 1 loss'
keys 'quit' Enter

# NO_COLOR and an ASCII terminal: no escape, no Unicode.
start LANG=C NO_COLOR=1
keys 'new' Enter
expect "an ASCII board" '^1 .* w .* w'
keys '22-18' Enter
expect "the answer" 'pdn plays '
expect "the last move marked by a sign" ' >w\|>[0-9 ][0-9]'
if screen | grep -q "$(printf '\033\\[')"; then
    bad "NO_COLOR: the screen holds colour"
else ok; fi
if screen | grep -q '⛀'; then bad "LANG=C: Unicode pieces"; else ok; fi
keys 'quit' Enter
test_end
