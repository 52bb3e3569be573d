/* canonical.c -- games in the canonical PDN form (canonical.h).
 *
 * The game is replayed first (replay/replay.h); the replay hands over, in
 * the order of the text, each move node with the legal move it names, so
 * that the writer can put the move in its short standard form.  Then the
 * tags are written in their canonical order, and the movetext as a run of
 * units (a numbered move, a NAG, a comment...) filled into lines.
 */
#include "write/canonical.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "base/xalloc.h"
#include "replay/replay.h"
#include "rules/fen.h"
#include "rules/notation.h"
#include "rules/square.h"
#include "write/internal.h"
#include "write/json_out.h"
#include "write/lines.h"
#include "write/tags_out.h"

/* Out of line: the rare paths of a function that runs for every move,
 * which then keeps no registers for them. */
#if defined(__GNUC__)
#define COLD __attribute__((noinline))
#else
#define COLD
#endif

/* ---- The replay's hook ---- */

/* The PDN number of each bit for @v, made once per variant. */
static void
square_table(pdn_canonical *c, const pdn_variant *v)
{
    if (c->table_of == v)
        return;
    const signed char *bits = pdn_square_bits(v);
    memset(c->square, 0, sizeof c->square);
    memset(c->square_text, '0', sizeof c->square_text);
    memset(c->square_len, 1, sizeof c->square_len);
    for (int n = 1; n <= PDN_SQUARES; n++) {
        c->square[bits[n]] = (uint8_t)n;
        char *t = c->square_text[bits[n]];
        if (n < 10) {
            t[0] = (char)('0' + n);
        } else {
            t[0] = (char)('0' + n / 10);
            t[1] = (char)('0' + n % 10);
        }
        c->square_len[bits[n]] = (uint8_t)(n < 10 ? 1 : 2);
    }
    c->table_of = v;
}

/* Room for more resolved moves: there is always room for one more. */
static COLD void
grow_moves(pdn_canonical *c)
{
    c->cap = c->cap ? 2 * c->cap : 256;
    c->moves = pdn_xrealloc(c->moves, c->cap * sizeof *c->moves);
    if (c->opt.json)
        c->json_moves =
            pdn_xrealloc(c->json_moves, c->cap * sizeof *c->json_moves);
}

pdn_canonical *
pdn_canonical_new(const pdn_canonical_options *o)
{
    pdn_canonical *c = pdn_xcalloc(1, sizeof *c);
    c->opt = *o;
    c->short_captures = c->opt.alpha ? -1 : 1;
    grow_moves(c);
    if (!c->opt.variant)
        c->opt.variant = pdn_variant_default();
    if (!c->opt.width)
        c->opt.width = PDN_CANONICAL_WIDTH;
    return c;
}

void
pdn_canonical_free(pdn_canonical *c)
{
    if (!c)
        return;
    free(c->moves);
    free(c->json_moves);
    free(c->file);
    pdn_strbuf_free(&c->file_json);
    pdn_strbuf_free(&c->start_json);
    pdn_strbuf_free(&c->start_initial);
    pdn_strbuf_free(&c->scratch);
    free(c);
}

/* on_move() for the rarer moves: in alphanumeric notation, or a capture
 * of more than one piece (which another move may share its from and to
 * squares with); their text into the last resolved move. */
static COLD void
resolve_long(pdn_canonical *c, const pdn_move *played, const pdn_move *legal,
             int nlegal)
{
    resolved *m = &c->moves[c->count - 1];
    if (c->opt.alpha)
        m->len = (uint8_t)pdn_notation_format_alpha(c->variant, played, legal,
                                                    nlegal, m->text);
    else
        m->len = (uint8_t)pdn_notation_format(c->variant, played, legal, nlegal,
                                              m->text);
    if (c->count == c->cap)
        grow_moves(c);
}

/* The replay's hook: records the move in its standard form
 * (pdn_notation_format(), by hand for a step or a single capture).  The usual
 * move goes the short way, which calls nothing before its end (so keeps nothing
 * across a call): this runs for every move. */
static void
on_move(void *ctx, const pdn_node *n, const pdn_board *before,
        const pdn_move *played, const pdn_move *legal, int nlegal)
{
    pdn_canonical *c = ctx;
    resolved *m = &c->moves[c->count++]; /* there is room for one more */
    m->node = n;
    m->second = before->side != c->variant->first;
    if (c->opt.json) { /* the path, the captures, the position */
        resolved_json *j = &c->json_moves[c->count - 1];
        j->move = *played;
        if (c->opt.positions)
            j->before = *before;
    }
    if ((int)played->ncaptured > c->short_captures) {
        resolve_long(c, played, legal, nlegal);
        return;
    }
    /* From and to: a step, or a single capture, whose path they are. */
    char *p = put_square(c, m->text, played->from);
    *p++ = played->ncaptured ? 'x' : '-';
    p = put_square(c, p, played->to);
    *p = '\0';
    m->len = (uint8_t)(p - m->text);
    if (c->count == c->cap)
        grow_moves(c);
}

/* Appends @n in decimal (printf is slow for this). */
static void
put_uint(pdn_strbuf *s, uint32_t n)
{
    pdn_strbuf_commit(s, put_decimal(pdn_strbuf_reserve(s, 10), n));
}

/* ---- Units ---- */

/* A comment: in JSON its text with line ends made LF, in PDN a unit
 * (lines.h). */
static void
write_comment(writer *w, const pdn_node *n)
{
    pdn_strbuf *s = &w->scratch;
    if (w->json) {
        pdn_strbuf_clear(s);
        pdn_line_lf(s, n->text, n->len);
        pdn_canonical_json_text(w, "comment", s->ptr ? s->ptr : "", s->len);
        return;
    }
    pdn_line_comment(&w->l, s, n);
}

/* The number before a move, if it needs one: "12." or "12...". */
static void
put_number(pdn_strbuf *s, const counter *k)
{
    if (!k->second || k->renumber) {
        put_uint(s, k->number);
        pdn_strbuf_puts(s, k->second ? "... " : ". ");
    }
}

static void write_line(writer *w, const pdn_node *n, counter k);

/* The usual move, resolved and without a strength mark: its number if
 * it needs one, its text, "$7" if forced; the numbering goes on. */
static void
write_short_move(writer *w, const pdn_node *n, const resolved *r, counter *k)
{
    /* The usual move, "12. 22-18": plain ASCII, written in place
     * (the text by a fixed 16-byte copy, which both sides have; the
     * number straight, as a copy of bytes just stored would stall
     * the loads). */
    bool numbered = !k->second || k->renumber;
    size_t nlen = 0;
    if (numbered) {
        uint32_t rest = k->number;
        nlen = k->second ? 5 : 3; /* a digit and "... " or ". " */
        while (rest >= 10) {
            rest /= 10;
            nlen++;
        }
    }
    char *p = pdn_line_room(&w->l, nlen + r->len);
    if (numbered) {
        p = put_decimal(p, k->number);
        p = k->second ? PUT_LIT(p, "... ") : PUT_LIT(p, ". ");
    }
    if (r->len <= 16)
        memcpy(p, r->text, 16);
    else
        memcpy(p, r->text, r->len);
    pdn_strbuf_commit(w->l.out, p + r->len);
    if (n->u.move.forced)
        pdn_line_ascii(&w->l, "$7", 2);
    advance(k);
}

/* A move or a move left out, with its number, mark and forced mark;
 * *@at gets the numbering it was written with (where a variation that
 * replaces it starts). */
static void
write_move(writer *w, const pdn_node *n, counter *k, counter *at)
{
    pdn_strbuf *s = &w->scratch;
    const resolved *r = NULL;
    if (n->kind == PDN_NODE_MOVE && w->next < w->c->count &&
        w->c->moves[w->next].node == n)
        r = &w->c->moves[w->next++];
    if (r && r->second != k->second) {
        k->second = r->second;
        k->renumber = true;
    }
    *at = *k;
    if (n->kind == PDN_NODE_UNKNOWN && n->text[0] == '.' && k->second) {
        /* "14. ... 10-14": the first mover's move left out, the next is
         * the second mover's, with no number of its own. */
        if (w->json) {
            counter first = *k;
            first.second = false;
            pdn_canonical_json_move(w, n, NULL, &first);
        } else {
            pdn_strbuf_clear(s);
            pdn_strbuf_printf(s, "%u. ...", (unsigned)k->number);
            pdn_line_unit(&w->l, s->ptr, s->len);
        }
        k->renumber = false;
        return;
    }
    if (w->json) {
        pdn_canonical_json_move(w, n, r, k);
        advance(k);
        return;
    }
    if (r && !pdn_node_strength(n)) {
        write_short_move(w, n, r, k);
        return;
    }
    pdn_strbuf_clear(s);
    put_number(s, k);
    if (n->kind == PDN_NODE_UNKNOWN)
        pdn_strbuf_put(s, n->text, n->len);
    else if (r)
        pdn_strbuf_puts(s, r->text);
    else
        pdn_line_unresolved(s, n);
    const char *strength = pdn_node_strength(n);
    if (strength)
        pdn_strbuf_puts(s, strength);
    pdn_line_unit(&w->l, s->ptr, s->len);
    if (n->kind == PDN_NODE_MOVE && n->u.move.forced)
        pdn_line_unit(&w->l, "$7", 2);
    advance(k);
}

/* ---- Runs of usual moves ----
 *
 * Most of a movetext is move numbers, which are written anew (so
 * skipped), and moves the replay resolved, with no mark.  A run of them
 * is written with the numbering and the line's state in locals, and room
 * made once for many moves; any other node ends the run, for
 * write_line() to take. */

/* Room made at once for a run, and what a move of it takes at most: a
 * blank or line end, a number of ten digits and "... ", a 16-byte copy
 * of its text. */
#define RUN_ROOM 4096
#define RUN_MOVE_MAX 32

/* Writes the run of numbers and usual moves (as write_short_move() would,
 * one by one) that starts at @n, from the numbering @k, which it
 * advances; *@before gets the numbering of the last move written.
 * Returns the first node not written, or NULL at the end of the line. */
static const pdn_node *
write_run(writer *w, const pdn_node *n, counter *k, counter *before)
{
    const resolved *r = &w->c->moves[w->next]; /* node NULL after the last */
    const resolved *first = r;
    const bool renumber_first = k->renumber;
    pdn_strbuf *out = w->l.out;
    counter at = *k; /* the numbering of the next move */
    unsigned col = w->l.col;
    const unsigned width = w->l.width;
    bool glue = w->l.glue;
    char *p = pdn_strbuf_reserve(out, RUN_ROOM);
    char *limit = p + RUN_ROOM - RUN_MOVE_MAX;

    for (; n; n = n->next) {
        if (n->kind == PDN_NODE_NUMBER)
            continue;
        if (!run_goes_on(n, r, at.second))
            break;
        /* The unit after a byte left for the blank or line end before
         * it, which its length then decides. */
        bool apart = col > 0 && !glue;
        char *unit = p + apart, *end = unit;
        if (!at.second || at.renumber) {
            end = put_decimal(end, at.number);
            end = at.second ? PUT_LIT(end, "... ") : PUT_LIT(end, ". ");
        }
        memcpy(end, r->text, 16); /* both sides have the room */
        end += r->len;
        unsigned len = (unsigned)(end - unit);
        if (apart) {
            if (col + 1 + len > width) {
                *p = '\n';
                col = 0;
            } else {
                *p = ' ';
                col++;
            }
        }
        col += len;
        glue = false;
        p = end;
        r++;
        advance(&at);
        p = run_room(out, p, &limit, RUN_ROOM, RUN_MOVE_MAX);
    }
    pdn_strbuf_commit(out, p);
    w->next = (size_t)(r - w->c->moves);
    w->l.col = col;
    w->l.glue = glue;
    *k = at;
    if (r != first)
        *before = last_numbering(*k, r == first + 1 && renumber_first);
    return n;
}

/* The nodes of one line from the numbering @k. */
static void
write_line(writer *w, const pdn_node *n, counter k)
{
    counter before = k; /* before the last move: where variations start */
    pdn_strbuf *s = &w->scratch;
    for (; n; n = n->next) {
        if ((n->kind == PDN_NODE_NUMBER || n->kind == PDN_NODE_MOVE) &&
            !(w->json && w->c->opt.positions)) {
            const pdn_node *stop =
                w->json ? pdn_canonical_json_run(w, n, &k, &before)
                        : write_run(w, n, &k, &before);
            if (stop != n) {
                if (!stop)
                    return;
                n = stop;
            }
        }
        switch (n->kind) {
        case PDN_NODE_NUMBER:
            break; /* numbers are written anew */
        case PDN_NODE_MOVE:
        case PDN_NODE_UNKNOWN:
            write_move(w, n, &k, &before);
            break;
        case PDN_NODE_NAG:
            if (w->json) {
                pdn_canonical_json_open(w);
                pdn_strbuf_puts(w->out, "\"nag\":");
                put_uint(w->out, n->u.nag);
                pdn_strbuf_putc(w->out, '}');
                break;
            }
            pdn_strbuf_clear(s);
            pdn_strbuf_putc(s, '$');
            put_uint(s, n->u.nag);
            pdn_line_unit(&w->l, s->ptr, s->len);
            break;
        case PDN_NODE_COMMENT:
            write_comment(w, n);
            k.renumber = true;
            break;
        case PDN_NODE_ESCAPE:
            if (w->json) {
                pdn_canonical_json_text(w, "escape", n->text, n->len);
                k.renumber = true;
                break;
            }
            pdn_line_break(&w->l);
            pdn_strbuf_putc(w->l.out, '%');
            pdn_strbuf_put(w->l.out, n->text, n->len);
            w->l.col = 1;
            pdn_line_break(&w->l);
            k.renumber = true;
            break;
        case PDN_NODE_SETUP:
            if (w->json) {
                pdn_canonical_json_text(w, "setup", n->text, n->len);
            } else {
                pdn_strbuf_clear(s);
                pdn_strbuf_putc(s, '/');
                pdn_strbuf_put(s, n->text, n->len);
                pdn_strbuf_putc(s, '/');
                pdn_line_unit(&w->l, s->ptr, s->len);
            }
            /* The numbering goes on; a first mover's turn after the
             * second mover's is the next number's. */
            if (k.second && !pdn_fen_second_to_move(w->variant, n->text))
                k.number++;
            k.second = pdn_fen_second_to_move(w->variant, n->text);
            k.renumber = true;
            before = k;
            break;
        case PDN_NODE_VARIATION: {
            counter inner = before;
            inner.renumber = true;
            if (w->json) {
                pdn_canonical_json_open(w);
                pdn_strbuf_puts(w->out, "\"variation\":[");
                w->comma = false;
                write_line(w, n->children, inner);
                pdn_strbuf_puts(w->out, "]}");
                w->comma = true;
                k.renumber = true;
                break;
            }
            pdn_line_unit(&w->l, "(", 1);
            w->l.glue = true;
            write_line(w, n->children, inner);
            pdn_line_close(&w->l);
            k.renumber = true;
            break;
        }
        }
    }
}

/* The numbering at the start of the main line: the first move number
 * written before the first move, else 1; the side from the start
 * position. */
static counter
first_counter(const pdn_game *g, const pdn_variant *v, const char *fen)
{
    counter k = {.number = 1, .renumber = true};
    if (fen)
        k.second = pdn_fen_second_to_move(v, fen);
    for (const pdn_node *n = g->moves; n; n = n->next) {
        if (n->kind == PDN_NODE_MOVE || n->kind == PDN_NODE_UNKNOWN)
            break;
        if (n->kind == PDN_NODE_NUMBER) {
            if (n->u.number.value > 0)
                k.number = n->u.number.value;
            if (!fen)
                k.second = n->u.number.black;
            break;
        }
    }
    return k;
}

/* ---- Games ---- */

/* Bytes a text made once per file or variant keeps after its end, for
 * put_chunks(). */
#define CHUNK 16

/* Ends @b, a text written once and copied for many games, with room for
 * put_chunks() to read past its end. */
static void
chunk_room(pdn_strbuf *b)
{
    pdn_strbuf_reserve(b, CHUNK);
}

/* The @len bytes of @s at @p, copied 16 at a time (up to 15 more read
 * and written: both sides have the room); the byte after them.  Short
 * texts made once per file or variant, where memcpy()'s call would cost
 * more than the copy. */
static inline char *
put_chunks(char *p, const char *s, size_t len)
{
    for (size_t i = 0; i < len; i += CHUNK)
        memcpy(p + i, s + i, CHUNK);
    return p + len;
}

/* The start of a game in JSON, up to its tags: {"file":F,"game":N,
 * "tags":[ -- the file name escaped once for all the games of a file. */
static void
json_head(pdn_canonical *c, const pdn_game *g, pdn_strbuf *out)
{
    const char *file = g->file;
    if (!c->file || strcmp(c->file, file) != 0) {
        free(c->file);
        c->file = pdn_xstrndup(file, strlen(file));
        pdn_strbuf_clear(&c->file_json);
        pdn_strbuf_puts(&c->file_json, "{\"file\":");
        pdn_json_string(file, strlen(file), &c->file_json);
        pdn_strbuf_puts(&c->file_json, ",\"game\":");
        chunk_room(&c->file_json);
    }
    const pdn_strbuf *head = &c->file_json;
    char *p = pdn_strbuf_reserve(out, head->len + CHUNK + 32);
    p = put_chunks(p, head->ptr, head->len);
    p = put_decimal(p, (uint32_t)g->number);
    p = PUT_LIT(p, ",\"tags\":[");
    pdn_strbuf_commit(out, p);
}

/* After the tags: the variant and start position ("variant":null if the
 * game was not replayed), and the opening of the preamble. */
static void
json_start(pdn_canonical *c, const pdn_replay_result *rr, pdn_strbuf *out)
{
    const pdn_variant *v = rr->variant;
    if (!v) {
        pdn_strbuf_puts(out, "],\"variant\":null,\"preamble\":[");
        return;
    }
    if (c->start_of != v) {
        pdn_strbuf *head = &c->start_json, *start = &c->start_initial;
        pdn_strbuf_clear(head);
        pdn_strbuf_puts(head, "],\"variant\":\"");
        pdn_strbuf_puts(head, v->name);
        pdn_strbuf_puts(head, "\",\"start\":\"");
        chunk_room(head);
        c->initial = pdn_board_start(v);
        pdn_strbuf_clear(start);
        pdn_strbuf_put(start, head->ptr, head->len);
        char *p = pdn_strbuf_reserve(start, PDN_FEN_MAX);
        pdn_strbuf_commit(start, p + pdn_fen_write(v, &c->initial, p));
        chunk_room(start);
        c->start_of = v;
    }
    /* Games without a FEN start where the variant does: that start is
     * written once. */
    const pdn_board *b = &rr->start, *initial = &c->initial;
    bool from_initial = b->pieces[0] == initial->pieces[0] &&
                        b->pieces[1] == initial->pieces[1] &&
                        b->kings == initial->kings && b->side == initial->side;
    const pdn_strbuf *head = from_initial ? &c->start_initial : &c->start_json;
    char *p = pdn_strbuf_reserve(out, head->len + CHUNK + PDN_FEN_MAX + 16);
    p = put_chunks(p, head->ptr, head->len);
    if (!from_initial)
        p += pdn_fen_write(v, b, p);
    p = PUT_LIT(p, "\",\"preamble\":[");
    pdn_strbuf_commit(out, p);
}

/* The end of a game in JSON: its result and the line end.  A result of
 * a few plain bytes (any result) is copied as its end is found, without
 * strlen() or a call; another goes through pdn_json_string(). */
static void
json_end(const char *result, pdn_strbuf *out)
{
    char *p = pdn_strbuf_reserve(out, 32);
    p = PUT_LIT(p, "],\"result\":\"");
    size_t i = pdn_plain_prefix(p, result, 8);
    if (result[i]) {
        pdn_strbuf_commit(out, p - 1); /* without the opening quote */
        pdn_json_string(result, strlen(result), out);
        p = pdn_strbuf_reserve(out, 2);
        i = 0;
    } else {
        p[i++] = '"';
    }
    p = PUT_LIT(p + i, "}\n");
    pdn_strbuf_commit(out, p);
}

/* Whether a diagnostic of code @code means the game cannot be written
 * anew without loss. */
static bool
refusing(const pdn_canonical *c, int code)
{
    if (c->opt.keep_illegal &&
        (code == PDN_E_ILLEGAL || code == PDN_E_AMBIGUOUS))
        return false;
    return code == PDN_W_JUNK || code == PDN_W_CONTROL ||
           code == PDN_E_ILLEGAL || code == PDN_E_RESULT_MISMATCH ||
           code == PDN_E_AMBIGUOUS || code == PDN_E_BAD_FEN ||
           (code >= 100 && code < 150);
}

bool
pdn_canonical_game(pdn_canonical *c, const pdn_game *g, pdn_diags *d,
                   pdn_strbuf *out)
{
    pdn_replay_options ro = {.variant = c->opt.variant,
                             .unplayed = c->opt.unplayed,
                             .moves_only = true,
                             .on_move = on_move,
                             .ctx = c};
    pdn_replay_result rr;
    size_t mark = d->count;
    bool refuse = g->errors > 0;

    c->count = 0;
    c->variant = NULL;
    size_t moves = pdn_nodes_count_moves(g->moves) + 1; /* room for one more */
    if (moves > c->cap) { /* at once: a long game costs no slack */
        c->cap = moves;
        c->moves = pdn_xrealloc(c->moves, c->cap * sizeof *c->moves);
        if (c->opt.json)
            c->json_moves =
                pdn_xrealloc(c->json_moves, c->cap * sizeof *c->json_moves);
    }
    pdn_tags_found tf;
    pdn_tags_find(g, &tf);
    const char *const *tags = tf.value;
    /* The variant is known before the first move is handed over. */
    {
        const char *type = tags[PDN_TAGS_GAMETYPE];
        c->variant = type              ? pdn_variant_by_gametype(type)
                     : c->opt.unplayed ? NULL
                                       : c->opt.variant;
        if (c->variant)
            square_table(c, c->variant);
    }
    pdn_replay_game(g, &ro, d, &rr);
    const char *result_tag = NULL, *result = NULL;
    for (size_t i = 0; i < d->count; i++)
        if (refusing(c, d->items[i].code))
            refuse = true;
    if (!pdn_tags_result(g, tags[PDN_TAGS_RESULT], &result_tag, &result))
        refuse = true; /* the replay reported it (E0212) */
    /* Keep what explains a refusal; drop the rest of the replay's. */
    for (size_t i = 0; i < d->count; i++) {
        pdn_diag *x = &d->items[i];
        bool keep = refuse ? x->severity == PDN_SEV_ERROR ||
                                 x->code == PDN_W_JUNK ||
                                 x->code == PDN_W_CONTROL ||
                                 (i < mark && x->code == PDN_N_ENCODING)
                           : i < mark && x->code == PDN_N_ENCODING;
        if (!keep && x->severity != PDN_SEV_OFF)
            pdn_diags_turn_off(d, i);
    }
    if (refuse)
        return false;
    if (!rr.variant)
        c->count = 0; /* not replayed: moves are written as read */
    c->moves[c->count].node = NULL; /* where the resolved moves end */

    writer w = {.c = c,
                .json = c->opt.json,
                .out = out,
                .l = {.out = out, .width = c->opt.width},
                .scratch = c->scratch,
                .variant = rr.variant ? rr.variant : c->variant};
    pdn_tags_out to = {.out = out, .json = w.json};
    char type[16]; /* the GameType tag to add, if any */
    const char *gametype = NULL;
    if (c->opt.add_gametype && (c->opt.unplayed || c->opt.variant)) {
        snprintf(type, sizeof type, "%d",
                 c->opt.unplayed ? c->opt.unplayed : c->opt.variant->gametype);
        gametype = type;
    }
    counter none = {.number = 1};
    if (w.json) {
        json_head(c, g, out);
        pdn_tags_write(g, &tf, result_tag, gametype, d, &to);
        json_start(c, &rr, out);
        if (g->preamble) /* the calls for nothing cost, in so many games */
            write_line(&w, g->preamble, none);
        pdn_strbuf_puts(out, "],\"moves\":[");
        w.comma = false;
        if (g->moves)
            write_line(&w, g->moves,
                       first_counter(g, w.variant, tags[PDN_TAGS_FEN]));
        json_end(result, out);
    } else {
        if (g->preamble) {
            write_line(&w, g->preamble, none);
            pdn_line_break(&w.l);
        }
        pdn_tags_write(g, &tf, result_tag, gametype, d, &to);
        pdn_strbuf_putc(out, '\n');
        if (g->moves)
            write_line(&w, g->moves,
                       first_counter(g, w.variant, tags[PDN_TAGS_FEN]));
        pdn_line_last(&w.l, result);
    }
    c->scratch = w.scratch; /* its memory serves the next game */
    return true;
}

/* Appends @len bytes of text at @s to @out in UTF-8. */
static void
put_utf8(pdn_strbuf *out, const char *s, size_t len)
{
    size_t bad = pdn_utf8_first_invalid(s, len);
    pdn_strbuf_put(out, s, bad);
    if (bad == len)
        return;
    char *p = pdn_strbuf_reserve(out, 3 * (len - bad));
    pdn_strbuf_commit(out, p + pdn_text_to_utf8(s + bad, len - bad, p));
}

void
pdn_canonical_as_read(const pdn_canonical *c, const pdn_game *g,
                      pdn_strbuf *out)
{
    const char *raw = g->raw;
    size_t len = g->raw_len, cut = 0;
    if (!raw)
        return;
    bool add = c->opt.add_gametype && (c->opt.unplayed || c->opt.variant) &&
               !pdn_game_tag(g, "GameType");
    if (add) { /* before the first tag, or the first token */
        uint64_t at = g->ntags ? g->tags[0].at.off : g->start.off;
        cut = at >= g->span && at - g->span <= len ? (size_t)(at - g->span) : 0;
    }
    put_utf8(out, raw, cut);
    if (add) {
        const char *eol = memchr(raw, '\n', len);
        bool crlf = eol && eol > raw && eol[-1] == '\r';
        char tag[40];
        int n = snprintf(tag, sizeof tag, "[GameType \"%d\"]%s",
                         c->opt.unplayed ? c->opt.unplayed
                                         : c->opt.variant->gametype,
                         crlf ? "\r\n" : "\n");
        pdn_strbuf_put(out, tag, (size_t)n);
    }
    put_utf8(out, raw + cut, len - cut);
}
