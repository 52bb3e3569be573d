/* options.c -- the built-in settings of pdn annotate and the scales its
 * judgement is measured on.
 */
#include "annotate/annotate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/search.h"

void
pdn_annotate_defaults(pdn_annotate_options *o)
{
    memset(o, 0, sizeof *o);
    o->nodes = PDN_ANNOTATE_NODES;
    o->game_nodes = PDN_ANNOTATE_GAME_NODES;
    o->hash_mb = PDN_ENGINE_HASH_MB;
    o->threads = 1;
    o->scale = PDN_SCALE_WIN_CHANCE;
    o->spread = 1.0;
    o->inaccuracy = 0.3;
    o->mistake = 0.7;
    o->blunder = 1.5;
    o->sides = PDN_SIDE_BOTH;
    o->first_move = 1;
    o->nags = o->comments = o->lines = o->eval = o->tags = true;
    o->line_plies = 8;
    snprintf(o->comment, sizeof o->comment,
             "(%s \u2192 %s) %s, confirmed at depth %s. %s was best.",
             "{before}", "{after}", "{label}", "{depth}", "{best}");
    snprintf(o->labels[PDN_MARK_INACCURACY], sizeof o->labels[0], "Inaccuracy");
    snprintf(o->labels[PDN_MARK_MISTAKE], sizeof o->labels[0], "Mistake");
    snprintf(o->labels[PDN_MARK_BLUNDER], sizeof o->labels[0], "Blunder");
    snprintf(o->annotator, sizeof o->annotator, "pdn");
}

void
pdn_annotate_clear_limits(pdn_annotate_options *o)
{
    o->depth = 0;
    o->time_ms = 0;
    o->nodes = 0;
    o->game_time_ms = 0;
    o->game_nodes = 0;
}

uint64_t
pdn_annotate_move_nodes(const pdn_annotate_options *o, size_t judged)
{
    if (!o->game_nodes || !judged)
        return o->nodes;
    uint64_t share = o->game_nodes / judged;
    if (share == 0)
        share = 1;
    return o->nodes && o->nodes < share ? o->nodes : share;
}

void
pdn_annotation_init(pdn_annotation *a)
{
    memset(a, 0, sizeof *a);
}

void
pdn_annotation_fini(pdn_annotation *a)
{
    free(a->moves);
    pdn_arena_fini(&a->lines);
    pdn_annotation_init(a);
}

pdn_color
pdn_annotation_side(const pdn_annotation *a, int i)
{
    pdn_color first = a->variant ? a->variant->first : PDN_WHITE;
    return i == 0 ? first : pdn_color_other(first);
}

double
pdn_side_average_loss(const pdn_side_summary *s)
{
    return s->judged ? s->men_lost / s->judged : 0.0;
}

double
pdn_win_chance(int score, double spread)
{
    if (score > PDN_SCORE_WON)
        return 1.0;
    if (score < -PDN_SCORE_WON)
        return 0.0;
    return 1.0 / (1.0 + exp(-(score / 100.0) / spread));
}

void
pdn_score_format(int score, const char *minus, char buf[24])
{
    const char *sign = score < 0 ? minus : score > 0 ? "+" : "";
    int a = abs(score);
    if (a > PDN_SCORE_WON)
        snprintf(buf, 24, "%sW%d", sign, PDN_SCORE_WIN - a);
    else if (a > PDN_SCORE_EGDB_WON)
        snprintf(buf, 24, "%sDB", sign); /* a database win */
    else
        snprintf(buf, 24, "%s%d.%02d", sign, a / 100, a % 100);
}

int
pdn_score_white(const pdn_board *b, int score)
{
    return b->side == PDN_WHITE ? score : -score;
}
