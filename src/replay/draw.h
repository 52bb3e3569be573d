/* draw.h -- the draw rules of RULES.md section 8: named presets (the
 * occurrence of a position that draws, the reversible plies that draw)
 * and the state a line of play keeps to apply them.  A reversible ply is
 * a king move that captures nothing; a position is the placement of
 * every piece and the side to move.
 */
#ifndef PDN_REPLAY_DRAW_H
#define PDN_REPLAY_DRAW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/board.h"
#include "rules/variant.h"

/** A draw-rule preset.  Read-only; the table lives in draw.c. */
typedef struct pdn_draw_rule {
    const char *name;     /* "standard" */
    uint32_t repetition;  /* the occurrence of a position that draws: 3;
                             0: none does */
    uint32_t no_progress; /* the reversible plies in a row that draw */
} pdn_draw_rule;

/** The preset named @name ("standard", "short", "fid-2008", "spanish",
 * "english", "luciano"), or NULL. */
const pdn_draw_rule *pdn_draw_rule_by_name(const char *name);

/** The occurrence of a position that draws by @r, as the engine's
 * options take it (engine/search.h): UINT32_MAX when none does. */
static inline uint32_t
pdn_draw_repetition(const pdn_draw_rule *r)
{
    return r->repetition ? r->repetition : UINT32_MAX;
}

/** The preset a variant plays by default (standard for Italian, spanish
 * for Spanish, english for English); never NULL. */
const pdn_draw_rule *pdn_draw_rule_default(const pdn_variant *v);

/** "standard, short, fid-2008, spanish, english, luciano", for
 * messages. */
const char *pdn_draw_rule_names(void);

/** One position of a line and the reversible plies that led to it. */
typedef struct pdn_draw_entry {
    pdn_board board;
    uint32_t reversible; /* 0 after a capture or a man's move */
} pdn_draw_entry;

/** Positions kept in the state itself before any is allocated: a line
 * forgets the positions that can no longer repeat, so it seldom keeps
 * more than a few. */
#define PDN_DRAW_INLINE 16

/** The positions of one line of play that can still repeat, oldest
 * first; the last is the current one.  Caller-owned storage (and not to
 * be copied by value, as items may point into it): pdn_draw_init, then
 * pdn_draw_fini. */
typedef struct pdn_draw_state {
    pdn_draw_entry *items; /* inline, or allocated */
    size_t count, cap;
    pdn_draw_entry inline_items[PDN_DRAW_INLINE];
} pdn_draw_state;

/** Which rule a position meets. */
typedef enum pdn_draw_kind {
    PDN_DRAW_NONE = 0,
    PDN_DRAW_REPETITION, /* the position occurred the rule's nth time */
    PDN_DRAW_NO_PROGRESS /* that many reversible plies in a row */
} pdn_draw_kind;

/** Starts @s at @b (a start position or a setup). */
void pdn_draw_init(pdn_draw_state *s, const pdn_board *b);

/** Frees what @s holds. */
void pdn_draw_fini(pdn_draw_state *s);

/** Starts @out (uninitialised) as a copy of @s, or with @before, of @s
 * as it was before its last ply; only the positions that can still
 * repeat are copied.  Free @out with pdn_draw_fini. */
void pdn_draw_copy(const pdn_draw_state *s, bool before, pdn_draw_state *out);

/** pdn_draw_play() but for its usual case, out of line. */
void pdn_draw_play_any(pdn_draw_state *s, const pdn_move *m,
                       const pdn_board *after);

/** Records the position @after alone, for a line whose draws are not
 * looked at: the reversible plies are not counted, and only what a
 * variation replacing this ply starts from is kept.  Inline, as the
 * next one: they run for every move. */
static inline void
pdn_draw_play_position(pdn_draw_state *s, const pdn_board *after)
{
    s->items[0] = s->items[s->count - 1]; /* the capacity is at least 2 */
    s->items[0].reversible = 0;
    s->items[1].board = *after;
    s->items[1].reversible = 0;
    s->count = 2;
}

/** Records @m (legal in the current position), which led to @after. */
static inline void
pdn_draw_play(pdn_draw_state *s, const pdn_move *m, const pdn_board *after)
{
    /* The usual case: an irreversible ply after one, where no earlier
     * position can repeat; only the one before is kept, for a variation
     * that replaces this ply (pdn_draw_copy with before). */
    if (!((m->flags & PDN_MOVE_KING) && m->ncaptured == 0) &&
        s->items[s->count - 1].reversible == 0)
        pdn_draw_play_position(s, after);
    else
        pdn_draw_play_any(s, m, after);
}

/** How many times the current position has occurred, this time
 * included. */
uint32_t pdn_draw_occurrences(const pdn_draw_state *s);

/** The reversible plies in a row that led to the current position. */
uint32_t pdn_draw_reversible(const pdn_draw_state *s);

/** The rule of @rule that the current position meets: repetition first,
 * then no-progress. */
pdn_draw_kind pdn_draw_check(const pdn_draw_state *s,
                             const pdn_draw_rule *rule);

#endif
