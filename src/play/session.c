/* session.c -- a game played against the engine (session.h).
 */
#include "play/session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "replay/replay.h"
#include "rules/bitboard.h"
#include "rules/movegen.h"

void
pdn_play_start(pdn_play_session *s, const pdn_variant *v,
               const pdn_draw_rule *rule)
{
    *s = (pdn_play_session){.v = v, .rule = rule, .cap = 64};
    s->boards = pdn_xmalloc((s->cap + 1) * sizeof *s->boards);
    s->moves = pdn_xmalloc(s->cap * sizeof *s->moves);
    s->texts = pdn_xmalloc(s->cap * sizeof *s->texts);
    s->boards[0] = pdn_board_start(v);
}

void
pdn_play_fini(pdn_play_session *s)
{
    free(s->boards);
    free(s->moves);
    free(s->texts);
    *s = (pdn_play_session){0};
}

const pdn_board *
pdn_play_board(const pdn_play_session *s)
{
    return &s->boards[s->plies];
}

/* How the game stands after its last ply: the side to move without a
 * piece or a move has lost; else the draw rule, over the whole game. */
static void
judge(pdn_play_session *s)
{
    const pdn_board *b = pdn_play_board(s);
    pdn_move legal[PDN_MAX_MOVES];
    s->end = PDN_PLAY_ON;
    if (!b->pieces[b->side]) {
        s->end = PDN_PLAY_NO_PIECE;
        s->loser = b->side;
        return;
    }
    if (pdn_movegen_legal(s->v, b, legal) == 0) {
        s->end = PDN_PLAY_NO_MOVE;
        s->loser = b->side;
        return;
    }
    pdn_draw_state ds;
    pdn_draw_init(&ds, &s->boards[0]);
    for (size_t i = 0; i < s->plies; i++)
        pdn_draw_play(&ds, &s->moves[i], &s->boards[i + 1]);
    pdn_draw_kind k = pdn_draw_check(&ds, s->rule);
    pdn_draw_fini(&ds);
    if (k == PDN_DRAW_REPETITION)
        s->end = PDN_PLAY_REPETITION;
    else if (k == PDN_DRAW_NO_PROGRESS)
        s->end = PDN_PLAY_NO_PROGRESS;
}

void
pdn_play_move(pdn_play_session *s, const pdn_move *m)
{
    if (s->plies == s->cap) {
        s->cap *= 2;
        s->boards = pdn_xrealloc(s->boards, (s->cap + 1) * sizeof *s->boards);
        s->moves = pdn_xrealloc(s->moves, s->cap * sizeof *s->moves);
        s->texts = pdn_xrealloc(s->texts, s->cap * sizeof *s->texts);
    }
    const pdn_board *b = pdn_play_board(s);
    pdn_move legal[PDN_MAX_MOVES];
    int n = pdn_movegen_legal(s->v, b, legal);
    pdn_notation_format(s->v, m, legal, n < 0 ? 0 : n, s->texts[s->plies]);
    s->moves[s->plies] = *m;
    pdn_board_after(b, m, &s->boards[s->plies + 1]);
    s->plies++;
    judge(s);
}

bool
pdn_play_undo(pdn_play_session *s)
{
    if (!s->plies)
        return false;
    s->plies--;
    judge(s);
    return true;
}

void
pdn_play_finish(pdn_play_session *s, pdn_play_end end)
{
    s->end = end;
    s->loser = pdn_play_board(s)->side;
}

const char *
pdn_play_result(const pdn_play_session *s)
{
    switch (s->end) {
    case PDN_PLAY_ON:
        return "*";
    case PDN_PLAY_NO_PIECE:
    case PDN_PLAY_NO_MOVE:
    case PDN_PLAY_RESIGNED:
        return s->loser == s->v->first ? "0-1" : "1-0";
    default:
        return "1/2-1/2";
    }
}

static const char *
side_name(pdn_color c)
{
    return c == PDN_WHITE ? "White" : "Black";
}

const char *
pdn_play_reason(const pdn_play_session *s, char buf[96])
{
    switch (s->end) {
    case PDN_PLAY_ON:
        return "";
    case PDN_PLAY_NO_PIECE:
        snprintf(buf, 96, "%s has no piece left", side_name(s->loser));
        break;
    case PDN_PLAY_NO_MOVE:
        snprintf(buf, 96, "%s has no move", side_name(s->loser));
        break;
    case PDN_PLAY_REPETITION: {
        uint32_t n = s->rule->repetition;
        const char *th = n % 100 >= 11 && n % 100 <= 13 ? "th"
                         : n % 10 == 1                  ? "st"
                         : n % 10 == 2                  ? "nd"
                         : n % 10 == 3                  ? "rd"
                                                        : "th";
        snprintf(buf, 96, "the position occurred for the %u%s time", n, th);
        break;
    }
    case PDN_PLAY_NO_PROGRESS:
        snprintf(buf, 96,
                 "%u plies with no capture and no man move (the %s rule)",
                 s->rule->no_progress, s->rule->name);
        break;
    case PDN_PLAY_RESIGNED:
        snprintf(buf, 96, "%s resigned", side_name(s->loser));
        break;
    case PDN_PLAY_AGREED:
        snprintf(buf, 96, "a draw agreed");
        break;
    }
    return buf;
}

void
pdn_play_pdn(const pdn_play_session *s, const char *const *tags,
             pdn_strbuf *out)
{
    for (size_t i = 0; tags && tags[i]; i += 2)
        pdn_strbuf_printf(out, "[%s \"%s\"]\n", tags[i], tags[i + 1]);
    pdn_strbuf_printf(out, "[Result \"%s\"]\n[GameType \"%d\"]\n\n",
                      pdn_play_result(s), s->v->gametype);
    size_t col = 0;
    for (size_t i = 0; i < s->plies; i++) {
        char word[PDN_MOVE_TEXT_MAX + 16];
        int n = i % 2 == 0 ? snprintf(word, sizeof word, "%zu. %s", i / 2 + 1,
                                      s->texts[i])
                           : snprintf(word, sizeof word, "%s", s->texts[i]);
        if (col && col + 1 + (size_t)n > 79) {
            pdn_strbuf_putc(out, '\n');
            col = 0;
        } else if (col) {
            pdn_strbuf_putc(out, ' ');
            col++;
        }
        pdn_strbuf_puts(out, word);
        col += (size_t)n;
    }
    const char *r = pdn_play_result(s);
    if (col && col + 1 + strlen(r) > 79)
        pdn_strbuf_putc(out, '\n');
    else if (col)
        pdn_strbuf_putc(out, ' ');
    pdn_strbuf_printf(out, "%s\n", r);
}

/* pdn_replay_move_fn (main line only): each move played. */
static void
on_move(void *ctx, const pdn_node *n, const pdn_board *before,
        const pdn_move *m, const pdn_move *legal, int nlegal)
{
    pdn_play_session *s = ctx;
    (void)n, (void)before, (void)legal, (void)nlegal;
    pdn_play_move(s, m);
}

int
pdn_play_resume(pdn_play_session *s, const pdn_game *g, const pdn_variant *v,
                const pdn_draw_rule *rule)
{
    const char *type = pdn_game_tag(g, "GameType");
    const pdn_variant *gv = type && *type ? pdn_variant_by_gametype(type) : v;
    if (!gv || g->errors)
        return -1;
    pdn_play_start(s, gv, rule);
    pdn_replay_options o = {.variant = gv,
                            .moves_only = true,
                            .main_line_only = true,
                            .on_move = on_move,
                            .ctx = s};
    pdn_replay_result res;
    pdn_diags d = PDN_DIAGS_INIT;
    d.count_only = true;
    size_t errors = pdn_replay_game(g, &o, &d, &res);
    pdn_diags_free(&d);
    if (errors || res.variant != gv ||
        !pdn_board_equal(&s->boards[0], &res.start) ||
        s->plies != pdn_game_plies(g)) {
        pdn_play_fini(s);
        return -1;
    }
    return 0;
}
