/* replay.c -- a game's move tree played on the board: the variant from the
 * GameType tag, the start from the FEN tag, each written move matched
 * against the legal moves; a short capture that names several moves is
 * decided by the moves that follow it.
 */
#include "replay/replay.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "rules/explain.h"
#include "rules/fen.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/square.h"

/* How many ways a run of ambiguous captures may be tried in all. */
#define LOOKAHEAD_BUDGET 4096

typedef struct replay {
    const pdn_game *game;
    const pdn_variant *v;
    pdn_diags *diags;
    pdn_replay_result *out;
    size_t errors;
} replay;

/* ---- Reports ---- */

/* The source line at @at out of the game's raw text, if it was kept. */
static char *
source_line(const pdn_game *g, pdn_loc at)
{
    if (!g->raw || at.off < g->span || at.off - g->span >= g->raw_len)
        return NULL;
    const char *base = g->raw, *p = base + (at.off - g->span);
    const char *end = base + g->raw_len, *b = p, *e = p;
    while (b > base && b[-1] != '\n' && b[-1] != '\r')
        b--;
    while (e < end && *e != '\n' && *e != '\r')
        e++;
    if (b != base || at.col == 1 + (uint32_t)(p - b))
        return pdn_xstrndup(b, (size_t)(e - b));
    return NULL; /* the line starts before the game's text */
}

static pdn_diag *
report(replay *r, pdn_severity sev, int code, pdn_loc at, const char *fmt,
       ...)
{
    va_list ap;
    va_start(ap, fmt);
    pdn_diag *d = pdn_diags_addv(r->diags, sev, code, r->game->file, at,
                                 r->game->number, fmt, ap);
    va_end(ap);
    d->line_text = source_line(r->game, at);
    if (at.line != r->game->start.line) {
        d->note = pdn_xstrndup("the game starts here", 20);
        d->note_at = r->game->start;
    }
    if (sev == PDN_SEV_ERROR)
        r->errors++;
    return d;
}

/* ---- Moves as written ---- */

/* The written move of @n in PDN numbers of @v; -1 if it names a square
 * the board does not have. */
static int
written_move(const pdn_variant *v, const pdn_node *n, pdn_written_move *w,
             int *bad)
{
    const pdn_move_text *t = &n->u.move.written;
    memset(w, 0, sizeof *w);
    w->capture = t->separator == 'x' || t->separator == ':';
    if (t->count > PDN_MAX_CAPTURES + 1)
        return -1;
    for (int i = 0; i < t->count; i++) {
        int sq = t->squares[i];
        if (sq & PDN_SQUARE_ALPHA)
            sq = pdn_square_at(v, (sq >> 3) & 7, (sq & 7) + 1);
        if (sq < 1 || sq > PDN_SQUARES) {
            *bad = t->squares[i];
            return -1;
        }
        w->squares[w->count++] = (uint8_t)sq;
    }
    return 0;
}

/* The legal moves of @b that @w names, into @hits; how many. */
static int
matching(const pdn_variant *v, const pdn_move *legal, int n,
         const pdn_written_move *w, int *hits)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (pdn_notation_matches(v, &legal[i], w))
            hits[k++] = i;
    return k;
}

/* Orders moves as PDN numbers them: from, then to, then path. */
typedef struct ordered {
    pdn_written_move w;
    int index;
} ordered;

static int
compare_ordered(const void *a, const void *b)
{
    const pdn_written_move *x = &((const ordered *)a)->w;
    const pdn_written_move *y = &((const ordered *)b)->w;
    int n = x->count < y->count ? x->count : y->count;
    if (x->squares[0] != y->squares[0])
        return x->squares[0] - y->squares[0];
    if (x->squares[x->count - 1] != y->squares[y->count - 1])
        return x->squares[x->count - 1] - y->squares[y->count - 1];
    for (int i = 1; i < n; i++)
        if (x->squares[i] != y->squares[i])
            return x->squares[i] - y->squares[i];
    return x->count - y->count;
}

/* "30x21, 30x25" into @buf: the legal moves (or those of @only), in PDN
 * order, written as PDN writes them (in full for those of @only). */
static void
list_moves(const pdn_variant *v, const pdn_move *legal, int n,
           const int *only, int nonly, char *buf, size_t cap)
{
    ordered order[PDN_MAX_MOVES];
    int count = only ? nonly : n;
    for (int i = 0; i < count; i++) {
        order[i].index = only ? only[i] : i;
        order[i].w = pdn_notation_of_move(v, &legal[order[i].index]);
    }
    qsort(order, (size_t)count, sizeof *order, compare_ordered);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < count && len + PDN_MOVE_TEXT_MAX + 3 < cap; i++) {
        char text[PDN_MOVE_TEXT_MAX];
        const pdn_move *m = &legal[order[i].index];
        if (only)
            pdn_notation_format_long(v, m, text);
        else
            pdn_notation_format(v, m, legal, n, text);
        len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? ", " : "",
                                text);
    }
    if (count == 0)
        snprintf(buf, cap, "none");
}

/* ---- Lookahead ---- */

/* Whether the moves from @n on (this line only, variations skipped) all
 * replay from @b, deciding ambiguous ones by trying each; @budget bounds
 * the tries. */
static bool
replays_on(const pdn_variant *v, pdn_board b, const pdn_node *n,
           int *budget)
{
    for (; n; n = n->next) {
        if (n->kind == PDN_NODE_UNKNOWN && n->text[0] == '-')
            return true; /* nothing known after it */
        if (n->kind == PDN_NODE_SETUP)
            return true;
        if (n->kind != PDN_NODE_MOVE)
            continue;
        pdn_written_move w;
        int bad;
        if (written_move(v, n, &w, &bad) < 0)
            return false;
        pdn_move legal[PDN_MAX_MOVES];
        int hits[PDN_MAX_MOVES];
        int count = pdn_movegen_legal(v, &b, legal);
        if (count < 0)
            return false;
        int k = matching(v, legal, count, &w, hits);
        if (k == 0)
            return false;
        if (k > 1) {
            for (int i = 0; i < k; i++) {
                if (--*budget < 0)
                    return false;
                pdn_board next = b;
                pdn_board_play(&next, &legal[hits[i]]);
                if (replays_on(v, next, n->next, budget))
                    return true;
            }
            return false;
        }
        pdn_board_play(&b, &legal[hits[0]]);
    }
    return true;
}

/* ---- Lines ---- */

static void replay_line(replay *r, pdn_board b, const pdn_node *n,
                        bool main_line, uint32_t ply0);

/* Marks @d as about the move of @n at @ply, with the legal moves. */
static void
about_move(pdn_diag *d, const pdn_node *n, uint32_t ply, const char *legal)
{
    d->ply = ply;
    d->move = pdn_xstrndup(n->text, n->len);
    if (legal)
        d->legal = pdn_xstrndup(legal, strlen(legal));
}

/* Reads the FEN of a setup node (its text: FEN "W:..."); 0 or -1. */
static int
setup_board(replay *r, const pdn_node *n, pdn_board *b)
{
    const char *q = strchr(n->text, '"');
    const char *e = q ? strchr(q + 1, '"') : NULL;
    if (!q || !e || strncmp(n->text + strspn(n->text, " "), "FEN", 3) != 0) {
        report(r, PDN_SEV_ERROR, PDN_E_BAD_FEN, n->at,
               "expected /FEN \"...\"/ in a setup");
        return -1;
    }
    pdn_fen_error err;
    if (pdn_fen_parse(r->v, q + 1, (size_t)(e - q - 1), b, &err) < 0) {
        report(r, PDN_SEV_ERROR, PDN_E_BAD_FEN, n->at, "bad FEN in a setup: "
               "%s (column %u)", err.message, err.column);
        return -1;
    }
    return 0;
}

/* One move node played on @b: 0, or -1 if the line cannot go on. */
static int
play_move(replay *r, pdn_board *b, const pdn_node *n, int expect_side,
          const pdn_node *number, bool main_line, uint32_t ply)
{
    const pdn_variant *v = r->v;
    pdn_written_move w;
    int bad = 0;
    if (expect_side >= 0 && expect_side != (int)b->side)
        about_move(report(r, PDN_SEV_WARNING, PDN_W_MOVE_NUMBER, number->at,
                          "the move number says %s is to move, but it is "
                          "%s's turn",
                          expect_side == PDN_WHITE ? "White" : "Black",
                          b->side == PDN_WHITE ? "White" : "Black"),
                   n, ply, NULL);
    if (written_move(v, n, &w, &bad) < 0) {
        about_move(report(r, PDN_SEV_ERROR, PDN_E_ILLEGAL, n->at,
                          "illegal move %s: the %s board has no square %d",
                          n->text, v->name, bad),
                   n, ply, NULL);
        return -1;
    }
    pdn_move legal[PDN_MAX_MOVES];
    int hits[PDN_MAX_MOVES];
    int count = pdn_movegen_legal(v, b, legal);
    int k = count < 0 ? 0 : matching(v, legal, count, &w, hits);
    char list[512];
    if (k == 0) {
        pdn_explanation ex;
        pdn_explain(v, b, &w, &ex);
        list_moves(v, legal, count < 0 ? 0 : count, NULL, 0, list,
                   sizeof list);
        about_move(report(r, PDN_SEV_ERROR, PDN_E_ILLEGAL, n->at,
                          "illegal move %s: %s (legal: %s)", n->text,
                          ex.message, list),
                   n, ply, list);
        return -1;
    }
    int chosen = hits[0];
    if (k > 1) {
        int ok[PDN_MAX_MOVES], nok = 0, budget = LOOKAHEAD_BUDGET;
        for (int i = 0; i < k; i++) {
            pdn_board next = *b;
            pdn_board_play(&next, &legal[hits[i]]);
            if (replays_on(v, next, n->next, &budget))
                ok[nok++] = hits[i];
        }
        if (nok != 1) {
            list_moves(v, legal, count, nok ? ok : hits, nok ? nok : k, list,
                       sizeof list);
            about_move(report(r, PDN_SEV_ERROR, PDN_E_AMBIGUOUS, n->at,
                              "ambiguous move %s: it may be %s, and the "
                              "moves that follow do not decide",
                              n->text, list),
                       n, ply, list);
            return -1;
        }
        chosen = ok[0];
        char full[PDN_MOVE_TEXT_MAX];
        pdn_notation_format_long(v, &legal[chosen], full);
        about_move(report(r, PDN_SEV_WARNING, PDN_W_RESOLVED, n->at,
                          "ambiguous move %s: the moves that follow show it "
                          "is %s (the standard writes such a capture in "
                          "full)",
                          n->text, full),
                   n, ply, full);
        r->out->resolved++;
    }
    pdn_board_play(b, &legal[chosen]);
    r->out->moves++;
    if (main_line)
        r->out->plies++;
    return 0;
}

/* Replays the nodes of one line from @b.  A variation is replayed from
 * the position before the move it follows. */
static void
replay_line(replay *r, pdn_board b, const pdn_node *n, bool main_line,
            uint32_t ply0)
{
    pdn_board before = b;
    uint32_t ply = ply0; /* of the last move played in this line */
    int expect_side = -1;
    const pdn_node *number = NULL;
    for (; n; n = n->next) {
        switch (n->kind) {
        case PDN_NODE_NUMBER:
            number = n;
            /* "12." is the first mover's move, "12..." the other's. */
            expect_side = n->u.number.black ? (int)pdn_color_other(r->v->first)
                                            : (int)r->v->first;
            break;
        case PDN_NODE_MOVE: {
            pdn_board at = b;
            if (play_move(r, &b, n, expect_side, number, main_line,
                          ply + 1) < 0) {
                r->out->complete = false;
                /* Variations after the bad move still start from the
                 * position before it. */
                for (const pdn_node *m = n->next; m; m = m->next)
                    if (m->kind == PDN_NODE_VARIATION)
                        replay_line(r, at, m->children, false, ply);
                    else if (m->kind == PDN_NODE_MOVE)
                        break;
                if (main_line)
                    r->out->final = at;
                return;
            }
            before = at;
            expect_side = -1;
            ply++;
            break;
        }
        case PDN_NODE_VARIATION:
            replay_line(r, before, n->children, false, ply ? ply - 1 : 0);
            break;
        case PDN_NODE_SETUP:
            if (setup_board(r, n, &b) < 0) {
                r->out->complete = false;
                return;
            }
            before = b;
            break;
        case PDN_NODE_UNKNOWN:
            if (n->text[0] == '-') {
                report(r, PDN_SEV_NOTE, PDN_N_UNKNOWN_MOVE, n->at,
                       "an unknown move: the rest of the line is not "
                       "replayed");
                r->out->complete = false;
                if (main_line)
                    r->out->final = b;
                return;
            }
            /* "1. ... 7-12": the first mover's move left out */
            if (expect_side >= 0)
                expect_side = (int)pdn_color_other((pdn_color)expect_side);
            break;
        default:
            break;
        }
    }
    if (main_line)
        r->out->final = b;
}

/* ---- Games ---- */

/* The tag named @name, or NULL. */
static const pdn_tag *
find_tag(const pdn_game *g, const char *name)
{
    for (size_t i = 0; i < g->ntags; i++)
        if (strcmp(g->tags[i].name, name) == 0 ||
            (g->tags[i].standard && strcmp(g->tags[i].standard, name) == 0))
            return &g->tags[i];
    return NULL;
}

/* The variant of @g: its GameType tag, else the default; NULL (with a
 * note) for a GameType this program does not play. */
static const pdn_variant *
game_variant(replay *r, const pdn_replay_options *o)
{
    const pdn_tag *t = find_tag(r->game, "GameType");
    if (!t)
        return o && o->variant ? o->variant : pdn_variant_get(PDN_ITALIAN);
    const pdn_variant *v = pdn_variant_by_gametype(t->value);
    if (v)
        return v;
    int number = atoi(t->value);
    if (number > 0)
        report(r, PDN_SEV_NOTE, PDN_N_NOT_REPLAYED, t->at,
               "GameType %d is not a variant this program plays: moves "
               "read, not replayed (%s)",
               number, pdn_variant_supported());
    else
        report(r, PDN_SEV_WARNING, PDN_W_BAD_GAMETYPE, t->at,
               "GameType \"%s\" is not a PDN GameType: not replayed",
               t->value);
    return NULL;
}

size_t
pdn_replay_game(const pdn_game *g, const pdn_replay_options *o,
                pdn_diags *d, pdn_replay_result *out)
{
    replay r = {.game = g, .diags = d, .out = out};
    memset(out, 0, sizeof *out);
    out->complete = true;
    r.v = game_variant(&r, o);
    if (!r.v) {
        out->complete = false;
        return r.errors;
    }
    out->variant = r.v;
    pdn_board b = pdn_board_start(r.v);
    const pdn_tag *fen = find_tag(g, "FEN");
    if (fen) {
        pdn_fen_error err;
        if (pdn_fen_parse(r.v, fen->value, strlen(fen->value), &b, &err) <
            0) {
            report(&r, PDN_SEV_ERROR, PDN_E_BAD_FEN, fen->at,
                   "bad FEN tag: %s (column %u of the value)", err.message,
                   err.column);
            out->complete = false;
            return r.errors;
        }
    }
    out->start = b;
    out->final = b;
    replay_line(&r, b, g->moves, true, 0);
    return r.errors;
}
