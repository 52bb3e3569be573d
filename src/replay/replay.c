/* replay.c -- a game's move tree played on the board: the variant from the
 * GameType tag, the start from the FEN tag, each written move matched
 * against the legal moves; a short capture that names several moves is
 * decided by the moves that follow it.
 */
#include "replay/replay.h"
#include "replay/internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "base/xalloc.h"
#include "replay/capture.h"
#include "replay/draw.h"
#include "rules/explain.h"
#include "rules/fen.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/square.h"

/* Bytes of a source line kept each side of the caret of a diagnostic:
 * more than the window that shows it (base/diag.c). */
#define LINE_AROUND 512

/* How many ways a run of ambiguous captures may be tried in all. */
#define LOOKAHEAD_BUDGET 4096

static const char *const tag_names[TAG_COUNT] = {
    "Event", "Site",   "Date",     "Round", "White",
    "Black", "Result", "GameType", "FEN",   "PlyCount"};

/* ---- Reports ---- */

/* The source line at @at out of the game's raw text, if it was kept, in
 * UTF-8 (syntax/reader.h). */
static char *
source_line(const pdn_game *g, pdn_loc at, uint32_t *text_col)
{
    if (!g->raw || at.off < g->span || at.off - g->span >= g->raw_len)
        return NULL;
    const char *base = g->raw, *p = base + (at.off - g->span);
    const char *end = base + g->raw_len, *b = p, *e = p;
    while (b > base && b[-1] != '\n' && b[-1] != '\r')
        b--;
    while (e < end && *e != '\n' && *e != '\r')
        e++;
    if (b != base || at.col == 1 + (uint32_t)(p - b)) {
        /* Of a long line, what the caret's window can show: up to a
           screen each side of the caret, cut between characters; the
           caret's column is then counted in what is kept. */
        bool cut = p - b > LINE_AROUND;
        if (cut)
            for (b = p - LINE_AROUND; ((unsigned char)*b & 0xC0) == 0x80; b++)
                ;
        if (e - p > LINE_AROUND)
            for (e = p + LINE_AROUND; ((unsigned char)*e & 0xC0) == 0x80; e++)
                ;
        size_t n = (size_t)(e - b);
        char *line = pdn_xmalloc(3 * n + 4);
        size_t k = 0;
        if (cut) {
            memcpy(line, "\xe2\x80\xa6", 3); /* "…" */
            k = 3;
        }
        /* Up to the caret, then on: its column counted when cut. */
        size_t m = pdn_text_to_utf8(b, (size_t)(p - b), line + k);
        if (cut) /* the characters before the caret, and the "…" */
            *text_col = 2 + (uint32_t)pdn_utf8_count(line + k, m);
        m += pdn_text_to_utf8(p, (size_t)(e - p), line + k + m);
        line[k + m] = '\0';
        return line;
    }
    return NULL; /* the line starts before the game's text */
}

pdn_diag *
pdn_replay_report(pdn_replay_state *r, pdn_severity sev, int code, pdn_loc at,
                  const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pdn_diag *d = pdn_diags_addv(r->diags, sev, code, r->game->file, at,
                                 r->game->number, fmt, ap);
    va_end(ap);
    if (sev == PDN_SEV_ERROR)
        r->errors++;
    if (r->diags->count_only)
        return d; /* nothing of it is shown */
    d->line_text = source_line(r->game, at, &d->text_col);
    if (at.line != r->game->start.line) {
        d->note = pdn_xstrndup("the game starts here", 20);
        d->note_at = r->game->start;
    }
    return d;
}

/* Which of tag_names @name is, or -1.  One strcmp: this runs for every
 * tag of every game. */
static int
tag_index(const char *name)
{
    int i;
    switch (name[0]) {
    case 'E':
        i = TAG_EVENT;
        break;
    case 'S':
        i = TAG_SITE;
        break;
    case 'D':
        i = TAG_DATE;
        break;
    case 'R':
        i = name[1] == 'o' ? TAG_ROUND : TAG_RESULT;
        break;
    case 'W':
        i = TAG_WHITE;
        break;
    case 'B':
        i = TAG_BLACK;
        break;
    case 'G':
        i = TAG_GAMETYPE;
        break;
    case 'F':
        i = TAG_FEN;
        break;
    case 'P':
        i = TAG_PLYCOUNT;
        break;
    default:
        return -1;
    }
    return strcmp(name, tag_names[i]) == 0 ? i : -1;
}

/* Fills r->tags from the game's tags. */
static void
find_tags(pdn_replay_state *r)
{
    const pdn_game *g = r->game;
    for (size_t i = 0; i < g->ntags; i++) {
        const pdn_tag *t = &g->tags[i];
        int k = tag_index(t->name);
        if (k >= 0 && !r->tags[k])
            r->tags[k] = t;
        if (t->standard && (k = tag_index(t->standard)) >= 0 && !r->tags[k])
            r->tags[k] = t;
    }
}

/* ---- Moves as written ---- */

/* The written move of @n in PDN numbers of @v; -1 if it names a square
 * the board does not have. */
static int
written_move(const pdn_variant *v, const pdn_node *n, pdn_written_move *w,
             int *bad)
{
    const uint8_t *squares = pdn_node_squares(n);
    memset(w, 0, sizeof *w);
    w->capture = n->u.move.separator == 'x' || n->u.move.separator == ':';
    if (n->u.move.count > PDN_MAX_CAPTURES + 1)
        return -1;
    for (int i = 0; i < n->u.move.count; i++) {
        int sq = squares[i];
        if (sq & PDN_SQUARE_ALPHA)
            sq = pdn_square_at(v, (sq >> 3) & 7, (sq & 7) + 1);
        if (sq < 1 || sq > PDN_SQUARES) {
            *bad = squares[i];
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
    if (w->count < 2)
        return 0;
    /* From and to first: they rule out nearly every move, cheaply. */
    int from = pdn_square_to_bit(v, w->squares[0]);
    int to = pdn_square_to_bit(v, w->squares[w->count - 1]);
    for (int i = 0; i < n; i++)
        if (legal[i].from == from && legal[i].to == to &&
            pdn_notation_matches(v, &legal[i], w))
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
list_moves(const pdn_variant *v, const pdn_move *legal, int n, const int *only,
           int nonly, char *buf, size_t cap)
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
        len +=
            (size_t)snprintf(buf + len, cap - len, "%s%s", i ? ", " : "", text);
    }
    if (count == 0)
        snprintf(buf, cap, "none");
}

/* ---- Lookahead ---- */

/* Whether the moves from @n on (this line only, variations skipped) all
 * replay from @b, deciding ambiguous ones by trying each; @budget bounds
 * the tries. */
static bool
replays_on(const pdn_variant *v, pdn_board b, const pdn_node *n, int *budget)
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

static void replay_line(pdn_replay_state *r, pdn_draw_state *ds,
                        const pdn_node *n, bool main_line, uint32_t ply0);

/* Marks @d as about the move of @n at @ply, with the legal moves. */
static void
about_move(const pdn_replay_state *r, pdn_diag *d, const pdn_node *n,
           uint32_t ply, const char *legal)
{
    d->ply = ply;
    if (r->diags->count_only)
        return;
    d->span = (uint32_t)pdn_utf8_count(n->text, n->len);
    d->move = pdn_xstrndup(n->text, n->len);
    if (legal)
        d->legal = pdn_xstrndup(legal, strlen(legal));
}

/* Reads the FEN of a setup node (its text: FEN "W:..."); 0 or -1. */
static int
setup_board(pdn_replay_state *r, const pdn_node *n, pdn_board *b)
{
    const char *q = strchr(n->text, '"');
    const char *e = q ? strchr(q + 1, '"') : NULL;
    if (!q || !e || strncmp(n->text + strspn(n->text, " "), "FEN", 3) != 0) {
        pdn_replay_report(r, PDN_SEV_ERROR, PDN_E_BAD_FEN, n->at,
                          "expected /FEN \"...\"/ in a setup");
        return -1;
    }
    pdn_fen_error err;
    if (pdn_fen_parse(r->v, q + 1, (size_t)(e - q - 1), b, &err) < 0) {
        pdn_replay_report(r, PDN_SEV_ERROR, PDN_E_BAD_FEN, n->at,
                          "bad FEN in a setup: "
                          "%s (column %u)",
                          err.message, err.column);
        return -1;
    }
    return 0;
}

/* The PDN number of a square as the reader keeps it (pdn_node): a
 * number, or file and rank; 0 if the board has no such square. */
static unsigned
alpha_square(const pdn_variant *v, unsigned sq)
{
    if (sq & PDN_SQUARE_ALPHA)
        return (unsigned)pdn_square_at(v, (sq >> 3) & 7, (sq & 7) + 1);
    return sq;
}

/* Whether a flying king goes from bit @from to bit @to along a diagonal
 * of empty squares (none of @all). */
static bool
flies(int from, int to, pdn_bb all)
{
    static const int dirs[4] = {BB_UP_A, BB_UP_B, BB_DOWN_A, BB_DOWN_B};
    for (int k = 0; k < 4; k++) {
        int d = dirs[k];
        if ((to - from) % d != 0 || (to - from) / d <= 0)
            continue;
        for (int sq = from + d; sq >= 0 && sq < PDN_BB_BITS; sq += d) {
            if (!((BB_PLAYABLE >> sq) & 1) || ((all >> sq) & 1))
                break;
            if (sq == to)
                return true;
        }
    }
    return false;
}

/* Whether the move of node @n, written from-to in PDN numbers, is a plain
 * step that the rules allow on @b; then *@m is that move.  No capture may
 * be on (capture is compulsory), the piece on the first square must be
 * the mover's and the second square empty, one step forward for a man,
 * one step any way for a king, or any distance along a clear diagonal
 * for a flying king.  A plain move shares its two squares with no other
 * legal move, so this spares generating them all for most moves of a
 * game.  Steps are those of the bit layout (rules/bitboard.h): +4 and +5
 * go one rank up, -4 and -5 one down, and a ghost bit ends a diagonal. */
static bool
plain_step(const pdn_replay_state *r, const pdn_board *b, const pdn_node *n,
           pdn_move *m)
{
    if (n->u.move.count != 2 || n->u.move.separator == 'x' ||
        n->u.move.separator == ':')
        return false;
    unsigned s0 = n->u.move.squares[0], s1 = n->u.move.squares[1];
    if ((s0 | s1) & PDN_SQUARE_ALPHA) {
        s0 = alpha_square(r->v, s0);
        s1 = alpha_square(r->v, s1);
    }
    if (s0 - 1 >= PDN_SQUARES || s1 - 1 >= PDN_SQUARES)
        return false; /* no square: the long way says so */
    int from = r->bits[s0], to = r->bits[s1];
    pdn_bb own = b->pieces[b->side];
    pdn_bb all = b->pieces[PDN_WHITE] | b->pieces[PDN_BLACK];
    if (!((own >> from) & 1) || ((all >> to) & 1))
        return false;
    int d = to - from;
    bool king = (b->kings >> from) & 1;
    bool up = d == BB_UP_A || d == BB_UP_B;
    bool down = d == BB_DOWN_A || d == BB_DOWN_B;
    if (king ? !(up || down) : !(b->side == PDN_WHITE ? up : down)) {
        if (!king || !r->v->flying_kings || !flies(from, to, all))
            return false;
    }
    /* Capture is compulsory: men alone are tested here, kings by the
     * move generator. */
    if ((own & b->kings) ? pdn_movegen_has_capture(r->v, b)
                         : pdn_replay_men_capture(r->v, b))
        return false;
    /* A step takes nothing: captured[] and landing[] are not read. */
    m->from = (uint8_t)from;
    m->to = (uint8_t)to;
    m->ncaptured = 0;
    m->captured_bb = 0;
    m->flags =
        king ? PDN_MOVE_KING
        : (((pdn_bb)1 << to) & (b->side == PDN_WHITE ? BB_RANK_8 : BB_RANK_1))
            ? PDN_MOVE_PROMOTES
            : 0;
    return true;
}

/* Whether the move of node @n, written with two squares in PDN numbers,
 * is a man's single jump at a moment when every capture is one
 * (pdn_replay_single_jump()); then *@m is that move.  Most captures of a
 * game are: this spares generating the legal moves for them. */
static bool
single_jump(const pdn_replay_state *r, const pdn_board *b, const pdn_node *n,
            pdn_move *m)
{
    unsigned s0 = n->u.move.squares[0], s1 = n->u.move.squares[1];
    if (n->u.move.count != 2 || s0 - 1 >= PDN_SQUARES || s1 - 1 >= PDN_SQUARES)
        return false; /* a longer path, or squares as letters */
    return pdn_replay_single_jump(r->v, b, r->bits[s0], r->bits[s1], m);
}

/* The move @m, legal on @b, played: handed to the caller (replay_line()
 * counts it).  Inline: it runs for every move. */
static inline void
played_on(pdn_replay_state *r, pdn_board *b, const pdn_node *n,
          const pdn_move *m, const pdn_move *legal, int nlegal)
{
    if (r->on_move && (r->in_main || !r->main_line_only))
        r->on_move(r->ctx, n, b, m, legal, nlegal);
    pdn_board_play(b, m);
}

/* The one legal move of the @count in @legal that goes from bit @from to
 * bit @to, or -1 if none or several do. */
static int
only_from_to(const pdn_move *legal, int count, int from, int to)
{
    int found = -1;
    for (int i = 0; i < count; i++) {
        if (legal[i].from != from || legal[i].to != to)
            continue;
        if (found >= 0)
            return -1;
        found = i;
    }
    return found;
}

/* The move of @n, which is no plain step, found among the legal moves
 * of @b and played: 0, or -1 (reported) if the line cannot go on. */
static int
play_listed(pdn_replay_state *r, pdn_board *b, pdn_move *played,
            const pdn_node *n, uint32_t ply)
{
    const pdn_variant *v = r->v;
    const uint8_t *squares = pdn_node_squares(n);
    pdn_written_move w;
    int bad = 0;
    pdn_move legal[PDN_MAX_MOVES];
    int count = pdn_movegen_legal(v, b, legal);

    /* The usual capture, "22x13": from and to name one legal move. */
    if (count > 0 && n->u.move.count == 2 &&
        (unsigned)squares[0] - 1 < PDN_SQUARES &&
        (unsigned)squares[1] - 1 < PDN_SQUARES) {
        int i = only_from_to(legal, count, r->bits[squares[0]],
                             r->bits[squares[1]]);
        if (i >= 0) {
            *played = legal[i];
            played_on(r, b, n, played, legal, count);
            return 0;
        }
    }
    if (written_move(v, n, &w, &bad) < 0) {
        /* A square as written: "45", or "d4" (a square not played on). */
        char square[8];
        if (bad & PDN_SQUARE_ALPHA)
            snprintf(square, sizeof square, "%c%d", 'a' + ((bad >> 3) & 7),
                     (bad & 7) + 1);
        else
            snprintf(square, sizeof square, "%d", bad);
        about_move(
            r,
            pdn_replay_report(r, PDN_SEV_ERROR, PDN_E_ILLEGAL, n->at,
                              "illegal move %s: the %s board has no square %s",
                              n->text, v->name, square),
            n, ply, NULL);
        return -1;
    }
    int hits[PDN_MAX_MOVES];
    int k = count < 0 ? 0 : matching(v, legal, count, &w, hits);
    char list[512];
    if (k == 0) {
        pdn_explanation ex;
        pdn_explain(v, b, &w, &ex);
        list_moves(v, legal, count < 0 ? 0 : count, NULL, 0, list, sizeof list);
        about_move(r,
                   pdn_replay_report(r, PDN_SEV_ERROR, PDN_E_ILLEGAL, n->at,
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
            about_move(
                r,
                pdn_replay_report(r, PDN_SEV_ERROR, PDN_E_AMBIGUOUS, n->at,
                                  "ambiguous move %s: it may be %s, and the "
                                  "moves that follow do not decide",
                                  n->text, list),
                n, ply, list);
            return -1;
        }
        chosen = ok[0];
        char full[PDN_MOVE_TEXT_MAX];
        pdn_notation_format_long(v, &legal[chosen], full);
        about_move(
            r,
            pdn_replay_report(r, PDN_SEV_WARNING, PDN_W_RESOLVED, n->at,
                              "ambiguous move %s: the moves that follow show "
                              "it is %s (the standard writes such a capture "
                              "in full)",
                              n->text, full),
            n, ply, full);
        r->out->resolved++;
    }
    *played = legal[chosen];
    played_on(r, b, n, played, legal, count);
    return 0;
}

/* One move node played on @b: 0, or -1 if the line cannot go on. */
static int
play_move(pdn_replay_state *r, pdn_board *b, pdn_move *played,
          const pdn_node *n, int expect_side, const pdn_node *number,
          uint32_t ply)
{
    if (expect_side >= 0 && expect_side != (int)b->side)
        about_move(
            r,
            pdn_replay_report(r, PDN_SEV_WARNING, PDN_W_MOVE_NUMBER, number->at,
                              "the move number says %s is to move, but it is "
                              "%s's turn",
                              expect_side == PDN_WHITE ? "White" : "Black",
                              b->side == PDN_WHITE ? "White" : "Black"),
            n, ply, NULL);
    if (plain_step(r, b, n, played) || single_jump(r, b, n, played)) {
        played_on(r, b, n, played, NULL, 0);
        return 0;
    }
    return play_listed(r, b, played, n, ply);
}

/* "3rd", "4th". */
const char *
pdn_replay_ordinal(uint32_t n)
{
    return n % 10 == 1 && n % 100 != 11   ? "st"
           : n % 10 == 2 && n % 100 != 12 ? "nd"
           : n % 10 == 3 && n % 100 != 13 ? "rd"
                                          : "th";
}

/* Before the move of @n from the current position of @ds: if draws are
 * automatic and this position is drawn, reports that the line goes on
 * (W0209); whether it did. */
static bool
past_draw(pdn_replay_state *r, const pdn_draw_state *ds, const pdn_node *n,
          uint32_t ply)
{
    if (!r->automatic)
        return false;
    pdn_draw_kind k = pdn_draw_check(ds, r->rule);
    uint32_t occ = pdn_draw_occurrences(ds);
    if (k == PDN_DRAW_REPETITION)
        about_move(r,
                   pdn_replay_report(
                       r, PDN_SEV_WARNING, PDN_W_PAST_DRAW, n->at,
                       "move %s is played after an automatic draw: the "
                       "position occurred for the %u%s time (repetition, "
                       "rule '%s')",
                       n->text, occ, pdn_replay_ordinal(occ), r->rule->name),
                   n, ply, NULL);
    else if (k == PDN_DRAW_NO_PROGRESS)
        about_move(
            r,
            pdn_replay_report(r, PDN_SEV_WARNING, PDN_W_PAST_DRAW, n->at,
                              "move %s is played after an automatic draw: %u "
                              "reversible plies in a row (no-progress, rule "
                              "'%s')",
                              n->text, pdn_draw_reversible(ds), r->rule->name),
            n, ply, NULL);
    return k != PDN_DRAW_NONE;
}

/* Replays the variation @children from the position of @ds, or with
 * @before, from the one before its last ply. */
static void
branch(pdn_replay_state *r, const pdn_draw_state *ds, bool before,
       const pdn_node *children, uint32_t ply)
{
    pdn_draw_state copy;
    pdn_draw_copy(ds, before, &copy);
    replay_line(r, &copy, children, false, ply);
}

/* Brings @ds up to a line that stopped keeping it (see replay_line()):
 * @prev, the position before the last ply, then @b. */
static void
catch_up(pdn_draw_state *ds, const pdn_board *prev, const pdn_board *b)
{
    ds->items[0].board = *prev; /* the capacity is at least 2 */
    ds->items[0].reversible = 0;
    ds->items[1].board = *b;
    ds->items[1].reversible = 0;
    ds->count = 2;
}

/* Replays the nodes of one line from the last position of @ds, which it
 * then frees.  A variation is replayed from the position (and the draw
 * counts) before the move it follows.  The draw rules are looked at only
 * along every line when draws are automatic, or at the main line's end
 * when the game claims a draw: other lines keep no history in @ds, only
 * the position before their last move, in case a variation replaces it
 * (catch_up()). */
static void
replay_line(pdn_replay_state *r, pdn_draw_state *ds, const pdn_node *n,
            bool main_line, uint32_t ply0)
{
    pdn_board b = ds->items[ds->count - 1].board;
    pdn_board prev = b; /* before the last move, when stale */
    bool keep = r->automatic || (main_line && r->want_end);
    bool stale = false;          /* moves played that @ds does not have */
    bool moved = false;          /* the last thing in the line is a move */
    bool warned = !r->automatic; /* about play past an automatic draw:
                                     none to tell if draws are claimed */
    uint32_t ply = ply0;         /* of the last move played in this line */
    int expect_side = -1;
    const pdn_node *number = NULL;
    size_t moves = 0; /* replayed in this line */
    for (; n; n = n->next) {
        switch (n->kind) {
        case PDN_NODE_NUMBER:
            number = n;
            /* "12." is the first mover's move, "12..." the other's. */
            expect_side = n->u.number.black ? (int)pdn_color_other(r->v->first)
                                            : (int)r->v->first;
            break;
        case PDN_NODE_MOVE: {
            pdn_move played;
            if (!keep)
                prev = b; /* b stays as it is if the move is bad */
            if (!warned)
                warned = past_draw(r, ds, n, ply + 1);
            r->in_main = main_line;
            if (play_move(r, &b, &played, n, expect_side, number, ply + 1) <
                0) {
                r->out->complete = false;
                if (stale)
                    catch_up(ds, &prev, &b);
                /* Variations after the bad move still start from the
                 * position before it. */
                for (const pdn_node *m = n->next; m; m = m->next)
                    if (m->kind == PDN_NODE_VARIATION)
                        branch(r, ds, false, m->children, ply);
                    else if (m->kind == PDN_NODE_MOVE)
                        break;
                if (main_line)
                    r->out->final = b; /* as before the move */
                goto out;
            }
            if (keep)
                pdn_draw_play(ds, &played, &b);
            else
                stale = true;
            moved = true;
            expect_side = -1;
            ply++;
            moves++;
            break;
        }
        case PDN_NODE_VARIATION:
            if (stale) {
                catch_up(ds, &prev, &b);
                stale = false;
            }
            branch(r, ds, moved, n->children, ply ? ply - 1 : 0);
            break;
        case PDN_NODE_SETUP:
            if (setup_board(r, n, &b) < 0) {
                r->out->complete = false;
                goto out;
            }
            pdn_draw_fini(ds);
            pdn_draw_init(ds, &b);
            stale = false;
            moved = false;
            break;
        case PDN_NODE_UNKNOWN:
            if (n->text[0] == '-') {
                pdn_replay_report(
                    r, PDN_SEV_NOTE, PDN_N_UNKNOWN_MOVE, n->at,
                    "an unknown move: the rest of the line is not "
                    "replayed");
                r->out->complete = false;
                if (main_line)
                    r->out->final = b;
                goto out;
            }
            /* "1. ... 7-12": the first mover's move left out */
            if (expect_side >= 0)
                expect_side = (int)pdn_color_other((pdn_color)expect_side);
            break;
        default:
            break;
        }
    }
    if (main_line) {
        r->out->final = b;
        if (r->want_end) {
            r->end_draw = pdn_draw_check(ds, r->rule);
            r->end_occurrences = pdn_draw_occurrences(ds);
            r->end_reversible = pdn_draw_reversible(ds);
        }
    }
out:
    r->out->moves += moves;
    if (main_line)
        r->out->plies += moves;
    pdn_draw_fini(ds);
}

/* ---- Games ---- */

/* The square of a 10x10 board that the main line of @g or its FEN tag
 * names, above the 32 of every board played here (33 to 50), or 0. */
static int
ten_by_ten(const pdn_replay_state *r)
{
    for (const pdn_node *n = r->game->moves; n; n = n->next) {
        if (n->kind != PDN_NODE_MOVE)
            continue;
        const uint8_t *sq = pdn_node_squares(n);
        for (int i = 0; i < n->u.move.count; i++)
            if (!(sq[i] & PDN_SQUARE_ALPHA) && sq[i] > 32)
                return sq[i] <= 50 ? sq[i] : 0;
    }
    const pdn_tag *fen = r->tags[TAG_FEN];
    int v = 0; /* the number being read */
    for (const char *p = fen ? fen->value : "";; p++) {
        if (*p >= '0' && *p <= '9') {
            v = v < 1000 ? v * 10 + (*p - '0') : v;
            continue;
        }
        if (v > 32 && v <= 50)
            return v;
        v = 0;
        if (!*p)
            return 0;
    }
}

/* The variant of @g: its GameType tag, else the default; NULL (with a
 * note) for a GameType this program does not play. */
static const pdn_variant *
game_variant(pdn_replay_state *r, const pdn_replay_options *o)
{
    const pdn_tag *t = r->tags[TAG_GAMETYPE];
    if (!t && o && o->unplayed > 0) {
        pdn_replay_report(r, PDN_SEV_NOTE, PDN_N_NOT_REPLAYED, r->game->start,
                          "read as GameType %d, a variant this program does "
                          "not play: moves read, not replayed (%s)",
                          o->unplayed, pdn_variant_supported());
        return NULL;
    }
    if (!t)
        return o && o->variant ? o->variant : pdn_variant_default();
    const pdn_variant *v = pdn_variant_by_gametype(t->value);
    if (v)
        return v;
    int number = atoi(t->value);
    if (number > 0)
        pdn_replay_report(
            r, PDN_SEV_NOTE, PDN_N_NOT_REPLAYED, t->at,
            "GameType %d is not a variant this program plays: moves "
            "read, not replayed (%s)",
            number, pdn_variant_supported());
    else
        pdn_replay_report(r, PDN_SEV_WARNING, PDN_W_BAD_GAMETYPE, t->at,
                          "GameType \"%s\" is not a PDN GameType: not replayed",
                          t->value);
    return NULL;
}

/* The start position of @g (its FEN tag, else the variant's), into @b;
 * 0, or -1 after reporting a bad FEN. */
static int
start_board(pdn_replay_state *r, pdn_board *b)
{
    const pdn_tag *fen = r->tags[TAG_FEN];
    if (!fen) {
        *b = pdn_board_start(r->v);
        return 0;
    }
    pdn_fen_error err;
    if (pdn_fen_parse(r->v, fen->value, strlen(fen->value), b, &err) == 0)
        return 0;
    pdn_replay_report(r, PDN_SEV_ERROR, PDN_E_BAD_FEN, fen->at,
                      "bad FEN tag: %s (column %u of the value)", err.message,
                      err.column);
    return -1;
}

size_t
pdn_replay_game(const pdn_game *g, const pdn_replay_options *o, pdn_diags *d,
                pdn_replay_result *out)
{
    pdn_replay_state r = {.game = g,
                          .diags = d,
                          .out = out,
                          .automatic = o && o->automatic_draw,
                          .moves_only = o && o->moves_only,
                          .on_move = o ? o->on_move : NULL,
                          .main_line_only = o && o->main_line_only,
                          .ctx = o ? o->ctx : NULL,
                          .value = o ? o->value : NULL,
                          .value_ctx = o ? o->value_ctx : NULL};
    *out = (pdn_replay_result){0};
    find_tags(&r);
    bool all = !r.moves_only;
    /* Only a draw claimed (by the terminator, or by the tag when there is
     * none) is read against the draw rules (note_draw()). */
    const pdn_tag *result = r.tags[TAG_RESULT];
    const char *standard;
    r.want_end =
        all &&
        (g->result == PDN_RESULT_DRAW ||
         (result && (pdn_result_of(result->value, strlen(result->value)) ==
                         PDN_RESULT_DRAW ||
                     pdn_result_loose(result->value, strlen(result->value),
                                      &standard) == PDN_RESULT_DRAW)));
    if (all)
        pdn_replay_check_tags(&r);
    r.v = game_variant(&r, o);
    if (r.v)
        r.bits = pdn_square_bits(r.v);
    size_t mark = d->count, errors = r.errors; /* before the replay */
    r.rule = pdn_draw_rule_by_name(o ? o->draw_rule : NULL);
    if (!r.rule)
        r.rule = pdn_draw_rule_default(r.v);
    pdn_board b;
    out->variant = r.v;
    if (r.v && start_board(&r, &b) == 0) {
        out->complete = true;
        pdn_board_copy(&out->start, &b);
        pdn_board_copy(&out->final, &b);
        /* A game of no moves ends where it starts (a position of a
         * collection, say): no line to replay unless a draw is claimed. */
        if (g->moves || r.want_end) {
            pdn_draw_state ds;
            pdn_draw_init(&ds, &b);
            replay_line(&r, &ds, g->moves, true, 0);
        }
    }
    /* A game of the 10x10 board without a GameType tag fails here: one
     * note instead of its errors, read and not replayed.  Looked for only
     * then, so that other games pay nothing for it. */
    int square;
    if (r.errors > errors && !r.tags[TAG_GAMETYPE] &&
        (square = ten_by_ten(&r)) > 0) {
        pdn_diags_truncate(d, mark);
        r.errors = errors;
        r.v = NULL;
        *out = (pdn_replay_result){0};
        pdn_replay_report(&r, PDN_SEV_NOTE, PDN_N_NOT_REPLAYED, g->start,
                          "the game has no GameType tag and names square "
                          "%d: it looks like International draughts "
                          "(GameType 20), which this program does not play: "
                          "moves read, not replayed",
                          square);
    }
    pdn_replay_check_result(&r);
    if (all)
        pdn_replay_check_ply_count(&r);
    /* An archive of another variant fails at its first move, from the
     * start position: a position of its own is a problem set, most
     * likely, whose first move may break a law of this variant only. */
    if (r.errors && out->plies == 0 && all && r.v && g->moves &&
        !r.tags[TAG_GAMETYPE] && !r.tags[TAG_FEN])
        pdn_replay_suggest_variant(&r);
    return r.errors;
}
