/* internal.h -- what the canonical writer's two files share: canonical.c
 * (the replay's hook, the movetext in PDN, games) and canonical_json.c
 * (the movetext in JSON): the resolved moves, the writer's state, and
 * output by hand.  Not a contract: nothing outside write/ includes it.
 */
#ifndef PDN_WRITE_INTERNAL_H
#define PDN_WRITE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/strbuf.h"
#include "model/game.h"
#include "replay/replay.h"
#include "rules/board.h"
#include "rules/notation.h"
#include "write/canonical.h"
#include "write/lines.h"

/* A move as the replay resolved it. */
typedef struct resolved {
    const pdn_node *node;
    char text[PDN_MOVE_TEXT_MAX];
    uint8_t len; /* of text */
    bool second; /* played by the side that does not move first */
} resolved;

/* What JSON adds to a resolved move, kept apart (only for JSON): a move
 * of PDN costs its text alone. */
typedef struct resolved_json {
    pdn_move move;
    pdn_board before; /* with positions */
} resolved_json;

struct pdn_canonical {
    pdn_canonical_options opt;
    resolved *moves;           /* of the game being written, in text order */
    resolved_json *json_moves; /* with opt.json: the same moves' path */
    size_t count, cap;
    const pdn_variant *variant;  /* of that game, NULL if not replayed */
    int short_captures;          /* on_move() writes moves of up to this many
                                    captures itself: 1, or -1 for alpha */
    const pdn_variant *table_of; /* the variant square[] is for */
    uint8_t square[64];          /* PDN number of each bit, 0: none */
    char square_text[64][2];     /* and its one or two digits */
    uint8_t square_len[64];
    char *file;                  /* JSON: the last game's file name */
    pdn_strbuf file_json;        /* {"file":F,"game": for it */
    const pdn_variant *start_of; /* JSON: the last game's variant */
    pdn_strbuf start_json;       /* ],"variant":V,"start":" for it */
    pdn_board initial;           /* its start position */
    pdn_strbuf start_initial;    /* start_json and that position */
    pdn_strbuf scratch;          /* the writer's, kept from game to game */
};

/* ---- Movetext ---- */

/* Where the numbering stands: the number of the next move, whose move it
 * is, and whether a number must be written even for the second mover
 * ("12..."): at the start of a line and after an interruption. */
typedef struct counter {
    uint32_t number;
    bool second;
    bool renumber;
} counter;

/* The numbering a run of moves wrote its last move with, from the
 * numbering @after it and, when that move was the run's first, the
 * renumbering the run started with (@renumber; false otherwise): what
 * advancing undoes. */
static inline counter
last_numbering(counter after, bool renumber)
{
    counter k = {after.second ? after.number : after.number - 1, !after.second,
                 renumber};
    return k;
}

/* Moves @k on past a move written with it: the second mover's move ends
 * its number, and no number is written again before the next. */
static inline void
advance(counter *k)
{
    k->number += k->second;
    k->second = !k->second;
    k->renumber = false;
}

/* Whether the node @n, met in a run of usual moves, is the next of them:
 * the move @r the replay resolved, with no mark, forced or other, played
 * by the side the numbering expects (@second), its text of at most 16
 * bytes.  Else the run ends, for the node to be written the long way. */
static inline bool
run_goes_on(const pdn_node *n, const resolved *r, bool second)
{
    return n->kind == PDN_NODE_MOVE && r->node == n && !n->rare &&
           !n->u.move.forced && r->second == second && r->len <= 16;
}

typedef struct writer {
    pdn_canonical *c;
    bool json;       /* JSON, not PDN (man/pdn-convert.1) */
    bool comma;      /* JSON: an element came before in this array */
    pdn_strbuf *out; /* JSON */
    pdn_line l;
    size_t next;                /* the first resolved move not yet written */
    pdn_strbuf scratch;         /* one unit */
    const pdn_variant *variant; /* for setups: who moves first */
} writer;

/* ---- Output by hand ----
 *
 * The writers append a few bytes at a time, millions of times: room is
 * made once for a whole unit, which is then written with plain stores. */

/* In a run's loop: once the write position @p has passed *@limit, the
 * bytes written go to @out and room is made for @room more, of which a
 * move takes at most @move_max (the new *@limit keeps that much).
 * Returns the write position. */
static inline char *
run_room(pdn_strbuf *out, char *p, char **limit, size_t room, size_t move_max)
{
    if (p > *limit) {
        pdn_strbuf_commit(out, p);
        p = pdn_strbuf_reserve(out, room);
        *limit = p + room - move_max;
    }
    return p;
}

/* A string literal copied to @p; the byte after it. */
#define PUT_LIT(p, lit)                                                        \
    (memcpy((p), (lit), sizeof(lit) - 1), (p) + sizeof(lit) - 1)

/* The numbers 0 to 99 in two digits each. */
static const char decimal_pairs[201] =
    "0001020304050607080910111213141516171819"
    "2021222324252627282930313233343536373839"
    "4041424344454647484950515253545556575859"
    "6061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* put_decimal() of a number of three digits or more (a game's number):
 * its digits counted by comparisons, then written from the last, two at
 * a time, in place (no memcpy() call for a few bytes). */
static inline char *
put_long_decimal(char *p, uint32_t n)
{
    size_t len = 3;
    for (uint32_t limit = 1000; len < 10 && n >= limit; limit *= 10)
        len++;
    char *end = p + len;
    while (n >= 100) {
        end -= 2;
        memcpy(end, decimal_pairs + 2 * (n % 100), 2);
        n /= 100;
    }
    if (n >= 10)
        memcpy(end - 2, decimal_pairs + 2 * n, 2);
    else
        end[-1] = (char)('0' + n);
    return p + len;
}

/* @n in decimal at @p; the byte after it.  Inline for the squares and
 * move numbers of one or two digits. */
static inline char *
put_decimal(char *p, uint32_t n)
{
    if (n < 10) {
        *p++ = (char)('0' + n);
        return p;
    }
    if (n < 100) {
        memcpy(p, decimal_pairs + 2 * n, 2);
        return p + 2;
    }
    return put_long_decimal(p, n);
}

/* The PDN number of the square of bit @bit at @p (two bytes stored,
 * one or two kept); the byte after it. */
static inline char *
put_square(const pdn_canonical *c, char *p, unsigned bit)
{
    memcpy(p, c->square_text[bit], 2);
    return p + c->square_len[bit];
}

/* ---- JSON (canonical_json.c) ---- */

/** Opens an object in the current array: "{" after a comma if needed. */
void pdn_canonical_json_open(writer *w);

/** {"@key":"text"}: a node with a text of @len bytes. */
void pdn_canonical_json_text(writer *w, const char *key, const char *text,
                             size_t len);

/** The move or move left out @n, resolved as @r (NULL if not), as an
 * object, with the numbering @k, then {"nag":7} if it is forced. */
void pdn_canonical_json_move(writer *w, const pdn_node *n, const resolved *r,
                             const counter *k);

/** The run of numbers and usual moves from @n (as
 * pdn_canonical_json_move() writes them), from the numbering @k, which it
 * advances; *@before gets the numbering of the last move written.
 * Returns the first node not written, or NULL at the end of the line.  Not
 * for positions. */
const pdn_node *pdn_canonical_json_run(writer *w, const pdn_node *n, counter *k,
                                       counter *before);

#endif
