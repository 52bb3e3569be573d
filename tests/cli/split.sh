#!/bin/sh
# split.sh -- pdn split writes files, which golden cases cannot hold: on
# the real games of corpus/real/, the files of --every N read back one
# after another are the games read, as pdn select writes them; each file
# of --by Event is what pdn select --tag Event=VALUE writes; --by-variant
# parts the GameType tags counted apart; a file that exists is left as
# it was without --force, and replaced keeping its mode with it; names
# lose what a file name cannot hold; standard input; the list in JSON.
#
#   split.sh PDN_BINARY SOURCE_ROOT
set -u
pdn=$1
root=$2
. "$(dirname "$0")/../lib.sh"
test_begin split

italian=$root/corpus/real/italian/gc_italian_partite.pdn
english=$root/corpus/real/english/acf_games.pdn
[ -f "$italian" ] && [ -f "$english" ] || { echo "split: corpus/real is missing"; exit 1; }
"$pdn" select -q "$italian" >"$tmp/italian.pdn"
games=$(grep -c '^\[Event ' "$tmp/italian.pdn")

# --every 25: ceil(games / 25) files, listed in order, that read back
# one after another are the games.
"$pdn" split -q --every 25 -o "$tmp/every" "$italian" >"$tmp/list" 2>&1
want=$(( (games + 24) / 25 ))
got=$(ls "$tmp/every" | wc -l)
if [ "$got" -eq "$want" ]; then ok; else bad "--every 25: $got files for $games games"; fi
# (Each game's text is as read, with the blank lines after it: the runs
# of line ends are what may differ where files meet.)
i=1
: >"$tmp/all.pdn"
while [ -f "$tmp/every/$i.pdn" ]; do
    cat "$tmp/every/$i.pdn" >>"$tmp/all.pdn"
    i=$((i + 1))
done
tr -s '\n' <"$tmp/italian.pdn" >"$tmp/italian.squeezed"
if tr -s '\n' <"$tmp/all.pdn" | cmp -s - "$tmp/italian.squeezed"; then ok; else
    bad "--every 25: the files read back are not the games"
fi
"$pdn" split --every 25 -o "$tmp/every2" "$italian" >"$tmp/list" 2>/dev/null
first=$(head -n 1 "$tmp/list")
if [ "$first" = "$tmp/every2/1.pdn	25 games" ] &&
   [ "$(wc -l <"$tmp/list")" -eq "$want" ]; then ok; else
    bad "--every 25: the list starts '$first'"
fi

# --by Event: each file is what pdn select takes of its Event.
"$pdn" split -q --by Event -o "$tmp/by" "$italian" 2>/dev/null
total=0
same=0
for f in "$tmp"/by/*.pdn; do
    value=$(sed -n 's/^\[Event "\(.*\)"\]$/\1/p' "$f" | head -n 1)
    n=$(grep -c '^\[Event ' "$f")
    total=$((total + n))
    "$pdn" select -q --tag "Event=^\\Q$value\\E\$" "$italian" >"$tmp/want.pdn"
    if cmp -s "$f" "$tmp/want.pdn"; then same=$((same + 1)); else
        bad "--by Event: $f is not the games of Event '$value'"
    fi
done
files=$(ls "$tmp/by" | wc -l)
if [ "$total" -eq "$games" ] && [ "$same" -eq "$files" ] && [ "$files" -gt 1 ]; then
    ok
else
    bad "--by Event: $total games in $files files ($same as select takes them), $games read"
fi

# --by-variant: the English games (GameType 21) apart from the Italian.
cat "$italian" "$english" >"$tmp/mixed.pdn"
"$pdn" split -q --by-variant -o "$tmp/variant" "$tmp/mixed.pdn" 2>/dev/null
en=$(grep -c '^\[GameType "21' "$english")
got_en=$(grep -c '^\[Event ' "$tmp/variant/english.pdn" 2>/dev/null)
got_it=$(grep -c '^\[Event ' "$tmp/variant/italian.pdn" 2>/dev/null)
if [ "$got_en" = "$en" ] && [ "$got_it" = "$games" ] && [ "$en" -gt 0 ]; then ok; else
    bad "--by-variant: $got_en English games ($en GameType 21), $got_it Italian ($games)"
fi

# A file that exists: left as it was, and nothing else written.
mkdir "$tmp/keep"
echo "mine" >"$tmp/keep/2.pdn"
chmod 600 "$tmp/keep/2.pdn"
if "$pdn" split -q --every 100 -o "$tmp/keep" "$italian" 2>/dev/null; then
    bad "a file that exists: split succeeded"
else ok; fi
if [ "$(cat "$tmp/keep/2.pdn")" = mine ] && [ "$(ls -A "$tmp/keep")" = 2.pdn ]; then ok; else
    bad "a file that exists: the folder holds $(ls -A "$tmp/keep" | tr '\n' ' ')"
fi
# --force: replaced, its mode kept, no temporary file left.
"$pdn" split -q --force --every 100 -o "$tmp/keep" "$italian" 2>/dev/null
mode=$(stat -c %a "$tmp/keep/2.pdn")
if [ "$mode" = 600 ] && grep -q '^\[Event ' "$tmp/keep/2.pdn" &&
   [ "$(ls -A "$tmp/keep" | wc -l)" -eq $(( (games + 99) / 100 )) ]; then ok; else
    bad "--force: mode $mode, folder $(ls -A "$tmp/keep" | tr '\n' ' ')"
fi

# Names: what a file name cannot hold becomes '_', a missing tag 'none',
# two names alike get -2; --name with {n} and a tag.
printf '[Event "a/b:c"]\n[Result "*"]\n\n1. 22-18 *\n\n[Event "a_b_c"]\n[Result "*"]\n\n1. 21-17 *\n\n[Result "*"]\n\n1. 23-19 *\n' >"$tmp/names.pdn"
"$pdn" split -q --by Event -o "$tmp/names" "$tmp/names.pdn" 2>/dev/null
if [ "$(ls "$tmp/names" | tr '\n' ' ')" = "a_b_c-2.pdn a_b_c.pdn none.pdn " ]; then ok; else
    bad "names: $(ls "$tmp/names" | tr '\n' ' ')"
fi
"$pdn" split -q --every 1 --name '{n}-{Event}.pdn' -o "$tmp/named" "$tmp/names.pdn" 2>/dev/null
if [ "$(ls "$tmp/named" | tr '\n' ' ')" = "1-a_b_c.pdn 2-a_b_c.pdn 3-none.pdn " ]; then ok; else
    bad "--name: $(ls "$tmp/named" | tr '\n' ' ')"
fi

# Standard input, and the list in JSON.
"$pdn" split --every 100 --format json -o "$tmp/stdin" <"$italian" >"$tmp/json" 2>/dev/null
if grep -q "^{\"file\":\"$tmp/stdin/1.pdn\",\"games\":100}\$" "$tmp/json" &&
   [ "$(wc -l <"$tmp/json")" -eq $(( (games + 99) / 100 )) ] &&
   cmp -s "$tmp/stdin/1.pdn" "$tmp/keep/1.pdn"; then ok; else
    bad "standard input, --format json: $(head -n 1 "$tmp/json")"
fi
test_end
