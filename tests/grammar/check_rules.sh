#!/bin/sh
# check_rules.sh -- every rule of grammar/pdn.ebnf has its function in the
# parser, and every parse_<name> function of the parser is a rule.
#
# Usage: check_rules.sh GRAMMAR_EBNF PARSER_C
#
# A rule is a lower-case name at the start of a line, followed by "=",
# outside (* comments *).  Its function is a definition that starts a line
# (the return type stands on the line before, house style): parse_<rule>(
# or, for the public entry point, pdn_parse_<rule>(.  The other way round,
# every static parse_<name>( definition must be a rule; pdn_parse_*
# functions that are no rule (report, text...) are the parser's API.
# Exit status: 0 all found, 1 a check failed, 2 usage or unreadable file.

if [ "$#" -ne 2 ]; then
    echo "usage: $0 GRAMMAR_EBNF PARSER_C" >&2
    exit 2
fi
ebnf=$1
parser=$2
for f in "$ebnf" "$parser"; do
    if [ ! -r "$f" ]; then
        echo "$0: cannot read $f" >&2
        exit 2
    fi
done

# Rule names: drop (* ... *) comments (they may span lines and nest, as
# ISO 14977 allows), then take the name before "=" of lines that start
# with one.
rules=$(awk '
    {
        line = $0; out = ""
        while (line != "") {
            o = index(line, "(*")
            c = index(line, "*)")
            if (depth == 0) {
                if (o == 0) { out = out line; break }
                out = out substr(line, 1, o - 1)
                line = substr(line, o + 2); depth = 1
            } else if (c == 0 && o == 0) {
                break
            } else if (o != 0 && (c == 0 || o < c)) {
                line = substr(line, o + 2); depth++
            } else {
                line = substr(line, c + 2); depth--
            }
        }
        if (match(out, /^[a-z][a-z0-9_]*[ \t]*=/)) {
            name = substr(out, 1, RLENGTH)
            sub(/[ \t]*=$/, "", name)
            print name
        }
    }' "$ebnf")

# Function definitions: parse_<name>( or pdn_parse_<name>( first on a line.
statics=$(sed -n 's/^parse_\([a-z0-9_]*\)(.*/\1/p' "$parser")
publics=$(sed -n 's/^pdn_parse_\([a-z0-9_]*\)(.*/\1/p' "$parser")

passed=0
failed=0

if [ -z "$rules" ]; then
    echo "FAIL: no rule found in $ebnf"
    failed=$((failed + 1))
fi

for r in $rules; do
    if printf '%s\n' $statics $publics | grep -qx "$r"; then
        passed=$((passed + 1))
    else
        echo "FAIL: rule '$r' of $ebnf has no parse_$r() in $parser"
        failed=$((failed + 1))
    fi
done

for f in $statics; do
    if printf '%s\n' $rules | grep -qx "$f"; then
        passed=$((passed + 1))
    else
        echo "FAIL: parse_$f() in $parser is no rule of $ebnf"
        failed=$((failed + 1))
    fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
