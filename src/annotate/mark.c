/* mark.c -- the judgement written into the game tree: NAGs, comments and
 * variations after the judged moves, tags for the whole game.  See
 * mark.h for how pdn's own additions are found again.
 */
#include "annotate/mark.h"

#include <stdio.h>
#include <string.h>

#include "engine/search.h"
#include "rules/notation.h"

/* ---- What pdn wrote before ---- */

static bool
starts_with(const char *s, size_t len, const char *prefix)
{
    size_t n = strlen(prefix);
    return len >= n && memcmp(s, prefix, n) == 0;
}

static bool
is_ours(const pdn_node *n)
{
    return n->kind == PDN_NODE_COMMENT &&
           (starts_with(n->text, n->len, "[%eval ") ||
            starts_with(n->text, n->len, "[%pdn]"));
}

static bool
our_nag(const pdn_node *n)
{
    return n->kind == PDN_NODE_NAG &&
           (n->u.nag == 2 || n->u.nag == 4 || n->u.nag == 6);
}

static size_t
unmark_line(pdn_node **head)
{
    pdn_node **region = head; /* the link after the last move */
    pdn_node **pp = head;
    size_t removed = 0;
    while (*pp) {
        pdn_node *n = *pp;
        if (n->kind == PDN_NODE_MOVE || n->kind == PDN_NODE_UNKNOWN) {
            pp = &n->next;
            region = pp;
            continue;
        }
        if (n->kind == PDN_NODE_VARIATION)
            removed += unmark_line(&n->children);
        if (!is_ours(n)) {
            pp = &n->next;
            continue;
        }
        /* The move's NAGs of pdn's marks, then the comment and the
         * variation right after it. */
        for (pdn_node **q = region; *q != n;) {
            if (our_nag(*q))
                *q = (*q)->next;
            else
                q = &(*q)->next;
        }
        for (pp = region; *pp != n;)
            pp = &(*pp)->next;
        *pp = n->next;
        if (*pp && (*pp)->kind == PDN_NODE_VARIATION)
            *pp = (*pp)->next;
        removed++;
    }
    return removed;
}

size_t
pdn_annotate_unmark(pdn_game *g)
{
    return unmark_line(&g->moves);
}

/* ---- Comments ---- */

static void
put_score(pdn_strbuf *out, const pdn_board *before, int score,
          const char *minus)
{
    char buf[24];
    pdn_score_format(pdn_score_white(before, score), minus, buf);
    pdn_strbuf_puts(out, buf);
}

static bool
field_is(const char *s, size_t len, const char *name)
{
    return strlen(name) == len && memcmp(s, name, len) == 0;
}

void
pdn_annotate_expand(const char *tmpl, const pdn_judged_move *m,
                    const char *label, pdn_strbuf *out)
{
    static const char minus[] = "\u2212";
    for (const char *p = tmpl; *p;) {
        if ((p[0] == '{' && p[1] == '{') || (p[0] == '}' && p[1] == '}')) {
            pdn_strbuf_putc(out, p[0]);
            p += 2;
            continue;
        }
        const char *end = p[0] == '{' ? strchr(p, '}') : NULL;
        if (!end) {
            pdn_strbuf_putc(out, *p++);
            continue;
        }
        const char *f = p + 1;
        size_t len = (size_t)(end - f);
        if (field_is(f, len, "played"))
            pdn_strbuf_puts(out, m->played_text);
        else if (field_is(f, len, "best"))
            pdn_strbuf_puts(out, m->best_text);
        else if (field_is(f, len, "before"))
            put_score(out, &m->before, m->best_score, minus);
        else if (field_is(f, len, "after"))
            put_score(out, &m->before, m->played_score, minus);
        else if (field_is(f, len, "loss"))
            pdn_strbuf_printf(out, "%.2f", m->men_lost);
        else if (field_is(f, len, "label"))
            pdn_strbuf_puts(out, label);
        else if (field_is(f, len, "depth"))
            pdn_strbuf_printf(out, "%d", m->depth);
        else
            pdn_strbuf_put(out, p, (size_t)(end - p) + 1);
        p = end + 1;
    }
}

/* The [%eval] command of @m: the score after the move from White's side
 * and the depth; a win in N moves of the winner is "#N", a loss "#-N". */
static void
put_eval(pdn_strbuf *out, const pdn_judged_move *m)
{
    int s = pdn_score_white(&m->before, m->played_score);
    int a = s < 0 ? -s : s;
    pdn_strbuf_puts(out, "[%eval ");
    if (a > PDN_SCORE_WON)
        pdn_strbuf_printf(out, "#%s%d", s < 0 ? "-" : "",
                          (PDN_SCORE_WIN - a + 1) / 2);
    else
        put_score(out, &m->before, m->played_score, "-");
    pdn_strbuf_printf(out, ",%d]", m->depth);
}

/* The comment of a move the endgame database marked: "Mistake
 * (database: win \u2192 draw). 22-18 keeps the win." */
static void
put_database_verdict(pdn_strbuf *out, const pdn_judged_move *m,
                     const char *label)
{
    static const char *const names[] = {"", "win", "draw", "loss"};
    pdn_strbuf_printf(out, "%s (database: %s \u2192 %s).", label,
                      names[m->egdb_before & 3], names[m->egdb_after & 3]);
    if (m->best_text[0] &&
        !(m->best.from == m->played.from && m->best.to == m->played.to &&
          m->best.captured_bb == m->played.captured_bb))
        pdn_strbuf_printf(out, " %s keeps the %s.", m->best_text,
                          names[m->egdb_before & 3]);
}

/* ---- New nodes ---- */

/* The best line of @m as a variation of up to @plies moves, or NULL. */
static pdn_node *
line_node(pdn_game *g, const pdn_variant *v, const pdn_judged_move *m,
          int plies, bool alpha)
{
    char moves[PDN_ANNOTATE_MAX_LINE][PDN_MOVE_TEXT_MAX];
    int n = pdn_annotate_line(v, m, alpha, plies, moves);
    pdn_node *var = pdn_game_node(g, PDN_NODE_VARIATION);
    pdn_node **tail = &var->children;
    for (int i = 0; i < n; i++) {
        size_t len = strlen(moves[i]), at;
        pdn_written_move w;
        char err[80];
        if (pdn_notation_parse(v, moves[i], len, &w, &at, err, sizeof err))
            break;
        pdn_node *mv = pdn_game_node_text(g, PDN_NODE_MOVE, moves[i], len);
        pdn_move_text written = {.count = w.count,
                                 .separator = w.capture ? 'x' : '-'};
        memcpy(written.squares, w.squares, w.count);
        pdn_game_move_squares(g, mv, &written);
        *tail = mv;
        tail = &mv->next;
    }
    return var->children ? var : NULL;
}

/* The nodes pdn writes after the judged move @m, chained; NULL: none. */
static pdn_node *
nodes_for(pdn_game *g, const pdn_variant *v, const pdn_judged_move *m,
          const pdn_annotate_options *o, pdn_strbuf *s)
{
    pdn_node *nag = NULL, *comment = NULL, *line = NULL, *first = NULL;
    pdn_node **tail = &first;
    static const uint32_t nags[4] = {0, 6, 2, 4};

    if (m->mark && o->nags) {
        char text[8];
        int n = snprintf(text, sizeof text, "$%u", (unsigned)nags[m->mark]);
        nag = pdn_game_node_text(g, PDN_NODE_NAG, text, (size_t)n);
        nag->u.nag = nags[m->mark];
    }
    if (m->mark && o->lines &&
        !(m->best.from == m->played.from && m->best.to == m->played.to &&
          m->best.captured_bb == m->played.captured_bb))
        line = line_node(g, v, m, o->line_plies, o->alpha);
    pdn_strbuf_clear(s);
    if (o->eval)
        put_eval(s, m);
    if (m->mark && o->comments) {
        if (s->len)
            pdn_strbuf_putc(s, ' ');
        if (m->egdb_before)
            put_database_verdict(s, m, o->labels[m->mark]);
        else
            pdn_annotate_expand(o->comment, m, o->labels[m->mark], s);
    }
    if (!s->len && (nag || line))
        pdn_strbuf_puts(s, "[%pdn]");
    if (s->len) {
        /* A brace comment cannot hold its closing brace. */
        for (size_t i = 0; i < s->len; i++)
            if (s->ptr[i] == '}')
                s->ptr[i] = ')';
        comment = pdn_game_node_text(g, PDN_NODE_COMMENT, s->ptr, s->len);
        comment->u.comment = PDN_COMMENT_BRACE;
    }
    if (nag) {
        *tail = nag;
        tail = &nag->next;
    }
    if (comment) {
        *tail = comment;
        tail = &comment->next;
    }
    if (line && comment) {
        *tail = line;
        tail = &line->next;
    }
    return first;
}

/* ---- Tags ---- */

static void
set_tag(pdn_game *g, const char *name, const char *value)
{
    char *copy = pdn_arena_strndup(&g->arena, value, strlen(value));
    for (size_t i = 0; i < g->ntags; i++) {
        if (strcmp(g->tags[i].name, name) == 0) {
            g->tags[i].value = copy;
            return;
        }
    }
    pdn_tag *tags = pdn_arena_alloc(&g->arena, (g->ntags + 1) * sizeof *tags);
    if (g->ntags)
        memcpy(tags, g->tags, g->ntags * sizeof *tags);
    memset(&tags[g->ntags], 0, sizeof *tags);
    tags[g->ntags].name = pdn_arena_strndup(&g->arena, name, strlen(name));
    tags[g->ntags].value = copy;
    g->tags = tags;
    g->ntags++;
}

static void
side_tags(pdn_game *g, const char *colour, const pdn_side_summary *s)
{
    static const char *const names[4] = {NULL, "Inaccuracies", "Mistakes",
                                         "Blunders"};
    char name[64], value[32];
    snprintf(name, sizeof name, "%sAverageLoss", colour);
    snprintf(value, sizeof value, "%.2f", pdn_side_average_loss(s));
    set_tag(g, name, value);
    for (int k = 1; k < 4; k++) {
        snprintf(name, sizeof name, "%s%s", colour, names[k]);
        snprintf(value, sizeof value, "%u", (unsigned)s->marks[k]);
        set_tag(g, name, value);
    }
}

void
pdn_annotate_mark(pdn_game *g, const pdn_annotation *a,
                  const pdn_annotate_options *o)
{
    pdn_strbuf s = PDN_STRBUF_INIT;
    if (!a->variant)
        return;
    for (size_t i = 0; i < a->count; i++) {
        const pdn_judged_move *m = &a->moves[i];
        if (!m->judged)
            continue;
        pdn_node *chain = nodes_for(g, a->variant, m, o, &s);
        if (!chain)
            continue;
        /* After the move's own NAGs, comments and variations: then only
         * pdn's variation can follow pdn's comment. */
        pdn_node *at = (pdn_node *)m->node; /* the game is ours */
        while (at->next && (at->next->kind == PDN_NODE_NAG ||
                            at->next->kind == PDN_NODE_COMMENT ||
                            at->next->kind == PDN_NODE_VARIATION))
            at = at->next;
        pdn_node *last = chain;
        while (last->next)
            last = last->next;
        last->next = at->next;
        at->next = chain;
    }
    pdn_strbuf_free(&s);
    if (!o->tags)
        return;
    if (o->annotator[0]) /* "": no Annotator tag */
        set_tag(g, "Annotator", o->annotator);
    for (int i = 0; i < 2; i++)
        side_tags(g, pdn_annotation_side(a, i) == PDN_WHITE ? "White" : "Black",
                  &a->sides[i]);
}
