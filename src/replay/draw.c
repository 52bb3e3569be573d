/* draw.c -- the draw-rule presets of RULES.md section 8 and the positions
 * a line keeps to count repetitions and reversible plies.
 */
#include "replay/draw.h"

#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"

static const pdn_draw_rule rules[] = {
    {"standard", 3, 100}, /* the project's brief */
    {"short", 3, 80},     /* common Italian online rule */
    {"fid-2008", 4, 80},  /* FID Regolamento Tecnico 2008, 9.3(b1), 10.4 */
    {"spanish", 3, 40},   /* Spanish federation summaries */
    {"english", 3, 80},   /* WCDF rules 1.32 */
    {"luciano", 0, 80},   /* the Dama Luciano game: 40 moves each with no
                             capture and no man move, no repetition */
};

const pdn_draw_rule *
pdn_draw_rule_by_name(const char *name)
{
    for (size_t i = 0; name && i < sizeof rules / sizeof rules[0]; i++)
        if (strcmp(rules[i].name, name) == 0)
            return &rules[i];
    return NULL;
}

const pdn_draw_rule *
pdn_draw_rule_default(const pdn_variant *v)
{
    const pdn_draw_rule *r =
        pdn_draw_rule_by_name((v ? v : pdn_variant_default())->draw_preset);
    return r ? r : &rules[0];
}

const char *
pdn_draw_rule_names(void)
{
    return "standard, short, fid-2008, spanish, english, luciano";
}

/* ---- The positions of a line ---- */

static void
push(pdn_draw_state *s, const pdn_board *b, uint32_t reversible)
{
    if (s->count == s->cap) {
        size_t cap = s->cap * 2;
        if (s->items == s->inline_items) {
            s->items = pdn_xmalloc(cap * sizeof *s->items);
            memcpy(s->items, s->inline_items, s->count * sizeof *s->items);
        } else {
            s->items = pdn_xrealloc(s->items, cap * sizeof *s->items);
        }
        s->cap = cap;
    }
    s->items[s->count].board = *b;
    s->items[s->count].reversible = reversible;
    s->count++;
}

/* An empty state on its inline storage. */
static void
start(pdn_draw_state *s)
{
    s->items = s->inline_items;
    s->count = 0;
    s->cap = PDN_DRAW_INLINE;
}

void
pdn_draw_init(pdn_draw_state *s, const pdn_board *b)
{
    start(s);
    push(s, b, 0);
}

void
pdn_draw_fini(pdn_draw_state *s)
{
    if (s->items != s->inline_items)
        free(s->items);
    start(s);
}

void
pdn_draw_copy(const pdn_draw_state *s, bool before, pdn_draw_state *out)
{
    size_t last = s->count - 1;
    if (before && last > 0)
        last--;
    /* Positions before the last irreversible ply can never come back. */
    size_t first = last - s->items[last].reversible;
    start(out);
    for (size_t i = first; i <= last; i++)
        push(out, &s->items[i].board, s->items[i].reversible);
}

void
pdn_draw_play_any(pdn_draw_state *s, const pdn_move *m, const pdn_board *after)
{
    bool reversible = (m->flags & PDN_MOVE_KING) && m->ncaptured == 0;
    if (reversible) {
        push(s, after, s->items[s->count - 1].reversible + 1);
        return;
    }
    /* After an irreversible ply no earlier position can repeat; only the
     * current one and those it may repeat are kept, for a variation that
     * replaces this ply (pdn_draw_copy with before). */
    size_t keep = s->items[s->count - 1].reversible + 1;
    if (keep < s->count) {
        memmove(s->items, s->items + (s->count - keep),
                keep * sizeof *s->items);
        s->count = keep;
    }
    push(s, after, 0);
}

uint32_t
pdn_draw_occurrences(const pdn_draw_state *s)
{
    const pdn_draw_entry *now = &s->items[s->count - 1];
    uint32_t n = 0;
    for (size_t i = 0; i <= now->reversible; i++)
        if (pdn_board_equal(&s->items[s->count - 1 - i].board, &now->board))
            n++;
    return n;
}

uint32_t
pdn_draw_reversible(const pdn_draw_state *s)
{
    return s->items[s->count - 1].reversible;
}

pdn_draw_kind
pdn_draw_check(const pdn_draw_state *s, const pdn_draw_rule *rule)
{
    if (rule->repetition && pdn_draw_occurrences(s) >= rule->repetition)
        return PDN_DRAW_REPETITION;
    if (pdn_draw_reversible(s) >= rule->no_progress)
        return PDN_DRAW_NO_PROGRESS;
    return PDN_DRAW_NONE;
}
