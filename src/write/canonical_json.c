/* canonical_json.c -- the movetext of a game in the canonical form as
 * JSON (canonical.h; the object man/pdn-convert.1 describes): moves with
 * their paths and captures, NAGs, comments.  canonical.c walks the
 * movetext and writes the rest of the game; it calls here for each node,
 * or for a run of usual moves.
 */
#include <string.h>

#include "rules/fen.h"
#include "write/internal.h"
#include "write/json_out.h"

/* ---- Moves ---- */

void
pdn_canonical_json_open(writer *w)
{
    pdn_strbuf_puts(w->out, w->comma ? ",{" : "{");
    w->comma = true;
}

void
pdn_canonical_json_text(writer *w, const char *key, const char *text,
                        size_t len)
{
    pdn_canonical_json_open(w);
    pdn_strbuf_putc(w->out, '"');
    pdn_strbuf_puts(w->out, key);
    pdn_strbuf_put(w->out, "\":", 2);
    pdn_json_string(text, len, w->out);
    pdn_strbuf_putc(w->out, '}');
}

/* The side whose move the counter points at, by colour. */
static const char *
side_name(const writer *w, const counter *k)
{
    pdn_color first = w->variant ? w->variant->first : PDN_WHITE;
    pdn_color c = k->second ? pdn_color_other(first) : first;
    return c == PDN_WHITE ? "white" : "black";
}

/* The squares of @m's path, then the key and squares of its captures,
 * at @p: 22,13],"captured":[18]; the byte after them. */
static inline char *
put_path(const pdn_canonical *c, const pdn_move *m, char *p)
{
    p = put_square(c, p, m->from);
    if (m->ncaptured == 0) {
        *p++ = ',';
        p = put_square(c, p, m->to);
        return PUT_LIT(p, "],\"captured\":[]");
    }
    for (int i = 0; i < m->ncaptured; i++) {
        *p++ = ',';
        p = put_square(c, p, m->landing[i]);
    }
    p = PUT_LIT(p, "],\"captured\":[");
    for (int i = 0; i < m->ncaptured; i++) {
        if (i)
            *p++ = ',';
        p = put_square(c, p, m->captured[i]);
    }
    *p++ = ']';
    return p;
}

/* A move as an object: its text, number and side, strength mark, and
 * when replayed its path, captured squares and (with positions) the FEN
 * after it.  The text of a replayed move is plain ASCII, written as it
 * is; any other goes through pdn_json_string(). */
static void
json_move(writer *w, const pdn_node *n, const resolved *r, const char *text,
          size_t len, const counter *k)
{
    pdn_strbuf *out = w->out;
    const pdn_canonical *c = w->c;
    /* Keys, number, 13 squares of path and 12 captured, the FEN. */
    const size_t room = 320 + PDN_FEN_MAX;
    char *p = pdn_strbuf_reserve(out, room + len);
    if (w->comma)
        *p++ = ',';
    w->comma = true;
    if (n->kind == PDN_NODE_MOVE)
        p = PUT_LIT(p, "{\"move\":");
    else
        p = PUT_LIT(p, "{\"unknown\":");
    if (r) { /* text is r->text: copied as a whole 16 bytes when short */
        *p++ = '"';
        if (len <= 16)
            memcpy(p, text, 16);
        else
            memcpy(p, text, len);
        p += len;
        *p++ = '"';
    } else {
        pdn_strbuf_commit(out, p);
        pdn_json_string(text, len, out);
        p = pdn_strbuf_reserve(out, room);
    }
    p = PUT_LIT(p, ",\"number\":");
    p = put_decimal(p, k->number);
    if (side_name(w, k)[0] == 'w')
        p = PUT_LIT(p, ",\"side\":\"white\"");
    else
        p = PUT_LIT(p, ",\"side\":\"black\"");
    const char *strength = pdn_node_strength(n);
    if (strength) {
        p = PUT_LIT(p, ",\"strength\":");
        pdn_strbuf_commit(out, p);
        pdn_json_string(strength, strlen(strength), out);
        p = pdn_strbuf_reserve(out, room);
    }
    if (r) {
        const resolved_json *j = &c->json_moves[r - c->moves];
        const pdn_move *m = &j->move;
        p = PUT_LIT(p, ",\"path\":[");
        p = put_path(c, m, p);
        if (c->opt.positions) {
            pdn_board after;
            pdn_board_after(&j->before, m, &after);
            p = PUT_LIT(p, ",\"fen\":\"");
            p += pdn_fen_write(w->variant, &after, p);
            *p++ = '"';
        }
    }
    *p++ = '}';
    pdn_strbuf_commit(out, p);
}

/* Room that a usual move's object and the comma before it take at most:
 * keys, number, 13 squares of path and 12 captured, 16-byte copies. */
#define JSON_MOVE_MAX 256

/* The object of the usual move @r (numbered @number, played by White if
 * @white) at @p; the byte after it. */
static inline char *
put_short_move(const pdn_canonical *c, char *p, const resolved *r,
               uint32_t number, bool white)
{
    p = PUT_LIT(p, "{\"move\":\"");
    memcpy(p, r->text, 16); /* both sides have the room */
    p += r->len;
    p = PUT_LIT(p, "\",\"number\":");
    p = put_decimal(p, number);
    if (white)
        p = PUT_LIT(p, ",\"side\":\"white\",\"path\":[");
    else
        p = PUT_LIT(p, ",\"side\":\"black\",\"path\":[");
    p = put_path(c, &c->json_moves[r - c->moves].move, p);
    *p++ = '}';
    return p;
}

/* json_move() of the usual move: replayed, its text of at most 16 bytes,
 * no strength mark, no positions asked for.  Written in place, with no
 * call but to make room: this runs for most moves. */
static void
json_short_move(writer *w, const resolved *r, const counter *k)
{
    char *p = pdn_strbuf_reserve(w->out, JSON_MOVE_MAX);
    if (w->comma)
        *p++ = ',';
    w->comma = true;
    p = put_short_move(w->c, p, r, k->number, side_name(w, k)[0] == 'w');
    pdn_strbuf_commit(w->out, p);
}

void
pdn_canonical_json_move(writer *w, const pdn_node *n, const resolved *r,
                        const counter *k)
{
    pdn_strbuf *s = &w->scratch;
    if (n->kind == PDN_NODE_UNKNOWN)
        json_move(w, n, NULL, n->text, n->len, k);
    else if (r && !pdn_node_strength(n) && !w->c->opt.positions && r->len <= 16)
        json_short_move(w, r, k);
    else if (r)
        json_move(w, n, r, r->text, r->len, k);
    else {
        pdn_strbuf_clear(s);
        pdn_line_unresolved(s, n);
        json_move(w, n, NULL, s->ptr, s->len, k);
    }
    if (n->kind == PDN_NODE_MOVE && n->u.move.forced) {
        pdn_canonical_json_open(w);
        pdn_strbuf_puts(w->out, "\"nag\":7}");
    }
}

/* ---- Runs of usual moves ---- */

/* Room made at once for a run in JSON. */
#define JSON_RUN_ROOM 16384

/* write_run() of canonical.c in JSON: the moves as json_short_move()
 * writes them. */
const pdn_node *
pdn_canonical_json_run(writer *w, const pdn_node *n, counter *k,
                       counter *before)
{
    const pdn_canonical *c = w->c;
    const resolved *r = &c->moves[w->next]; /* node NULL after the last */
    const resolved *first = r;
    const bool renumber_first = k->renumber;
    pdn_strbuf *out = w->out;
    counter at = *k; /* the numbering of the next move */
    bool comma = w->comma;
    /* side_name(): the first mover's colour, or the other's */
    bool first_white = !w->variant || w->variant->first == PDN_WHITE;
    char *p = pdn_strbuf_reserve(out, JSON_RUN_ROOM);
    char *limit = p + JSON_RUN_ROOM - JSON_MOVE_MAX;

    for (; n; n = n->next) {
        if (n->kind == PDN_NODE_NUMBER)
            continue;
        if (!run_goes_on(n, r, at.second))
            break;
        if (comma)
            *p++ = ',';
        comma = true;
        p = put_short_move(c, p, r, at.number, at.second != first_white);
        r++;
        advance(&at);
        p = run_room(out, p, &limit, JSON_RUN_ROOM, JSON_MOVE_MAX);
    }
    pdn_strbuf_commit(out, p);
    w->next = (size_t)(r - c->moves);
    w->comma = comma;
    *k = at;
    if (r != first)
        *before = last_numbering(*k, r == first + 1 && renumber_first);
    return n;
}
