/* played.c -- a game's main line as played: each move with the position
 * before it, in the game's notation, written as text for people or as
 * a line per position.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/xalloc.h"
#include "rules/fen.h"
#include "rules/notation.h"
#include "write/diagram.h"
#include "write/played.h"

void
pdn_played_keep(void *ctx, const pdn_node *n, const pdn_board *before,
                const pdn_move *m, const pdn_move *legal, int nlegal)
{
    pdn_played_line *l = ctx;
    if (l->count == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 256;
        l->moves = pdn_xrealloc(l->moves, l->cap * sizeof *l->moves);
    }
    pdn_played *p = &l->moves[l->count++];
    p->node = n;
    p->before = *before;
    if (l->alpha)
        pdn_notation_format_alpha(l->variant, m, legal, nlegal, p->text);
    else
        pdn_notation_format(l->variant, m, legal, nlegal, p->text);
}

void
pdn_played_main_line(pdn_played_line *l, const pdn_game *g)
{
    size_t k = 0, j = 0;
    for (const pdn_node *n = g->moves; n; n = n->next) {
        if (n->kind != PDN_NODE_MOVE)
            continue;
        while (j < l->count && l->moves[j].node != n)
            j++;
        if (j == l->count)
            break; /* the replay stopped before it */
        l->moves[k++] = l->moves[j++];
    }
    l->count = k;
}

static const char *
tag_or(const pdn_game *g, const char *name, const char *dflt)
{
    const char *v = pdn_game_tag(g, name);
    return v && *v ? v : dflt;
}

/* "12. " or "12... " before the move at @half plies from the first
 * mover's first move of the game, numbered @first_number. */
static void
put_number(uint32_t first_number, size_t half, pdn_strbuf *out)
{
    pdn_strbuf_printf(out, "%u%s ", (unsigned)(first_number + half / 2),
                      half % 2 ? "..." : ".");
}

void
pdn_played_fen(const pdn_played_line *l, const pdn_replay_result *r,
               uint64_t game, pdn_strbuf *out)
{
    char fen[PDN_FEN_MAX];
    for (size_t i = 0; i <= l->count; i++) {
        const pdn_board *b = i < l->count ? &l->moves[i].before : &r->final;
        pdn_fen_write(r->variant, b, fen);
        pdn_strbuf_printf(out, "%llu\t%zu\t%s\t%s\n", (unsigned long long)game,
                          i, fen, i < l->count ? l->moves[i].text : "-");
    }
}

/* A board, the side to move and its FEN. */
static void
diagram(const pdn_variant *v, const pdn_board *b, bool unicode, pdn_strbuf *out)
{
    char fen[PDN_FEN_MAX];
    pdn_diagram(v, b, unicode, out);
    pdn_fen_write(v, b, fen);
    pdn_strbuf_printf(out, "%s to move; FEN: %s\n\n",
                      b->side == PDN_WHITE ? "White" : "Black", fen);
}

void
pdn_played_text(const pdn_played_line *l, const pdn_game *g,
                const pdn_replay_result *r, uint64_t game, uint64_t every,
                bool unicode, pdn_strbuf *out)
{
    const pdn_variant *v = r->variant;
    uint32_t first_number = 1;
    for (const pdn_node *n = g->moves; n; n = n->next)
        if (n->kind == PDN_NODE_NUMBER) {
            first_number = n->u.number.value ? n->u.number.value : 1;
            break;
        } else if (n->kind == PDN_NODE_MOVE) {
            break;
        }
    bool first_second = r->start.side != v->first;

    pdn_strbuf_printf(out, "Game %llu: %s - %s", (unsigned long long)game,
                      tag_or(g, "White", "?"), tag_or(g, "Black", "?"));
    const char *event = pdn_game_tag(g, "Event");
    const char *date = pdn_game_tag(g, "Date");
    if (event && *event)
        pdn_strbuf_printf(out, ", %s", event);
    if (date && *date)
        pdn_strbuf_printf(out, ", %s", date);
    pdn_strbuf_printf(out, " (%s)\n\n", v->title);
    diagram(v, &r->start, unicode, out);
    size_t since = 0;
    for (size_t i = 0; i < l->count; i++) {
        size_t half = i + (first_second ? 1 : 0);
        if (half % 2 == 0 || since == 0)
            put_number(first_number, half, out);
        pdn_strbuf_puts(out, l->moves[i].text);
        since++;
        if (since == every || i + 1 == l->count) {
            pdn_strbuf_puts(out, "\n\n");
            diagram(v, i + 1 < l->count ? &l->moves[i + 1].before : &r->final,
                    unicode, out);
            since = 0;
        } else {
            pdn_strbuf_putc(out, ' ');
        }
    }
    const char *result =
        g->result_text ? g->result_text : tag_or(g, "Result", "*");
    pdn_strbuf_printf(out, "Result: %s\n\n", result);
}

void
pdn_played_free(pdn_played_line *l)
{
    free(l->moves);
    l->moves = NULL;
    l->count = l->cap = 0;
}
