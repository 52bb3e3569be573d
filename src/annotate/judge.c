/* judge.c -- a game's moves judged by the engine.  The game is replayed
 * (replay/replay.h) to find each move's position and the legal move it
 * names; then each move to judge is searched twice at the same depth:
 * the position for its best move, and the move played alone.  The loss
 * between the two scores, on the scale of the options, gives the mark.
 *
 * With a time budget per game the work is done in two passes: every move
 * at a shallow depth, then the rest of the budget shared by the moves the
 * first pass marked.
 */
#include "annotate/annotate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/xalloc.h"
#include "base/clock.h"
#include "egdb/egdb.h"
#include "engine/search.h"
#include "model/tag_filter.h"
#include "replay/draw.h"
#include "replay/replay.h"
#include "rules/movegen.h"

/** The depth of the first pass of a time budget per game. */
#define SHALLOW_DEPTH 6
/** The second pass of a budget per game shares the time left by weight: a
 * move the first pass marked has this many shares, another one, and a
 * book-like move none: one of the first BOOK_PLIES of a game from the
 * start position that the first pass left unmarked. */
#define MARKED_SHARES 3
#define BOOK_PLIES 10

/** A move whose loss earns a mark is searched again before it is marked:
 * this many plies deeper than its first search reached (a blunder twice
 * as many), or this many times the time or the nodes. */
#define VERIFY_PLIES 4
#define VERIFY_TIMES 4
/** The deepest search again: the greatest depth the settings take. */
#define VERIFY_MAX_DEPTH 64

/** Scores are capped at this many hundredths (ten men) before losses are
 * taken in men, so that a won position does not weigh as thirty. */
#define LOSS_CAP 1000

struct pdn_annotator {
    pdn_annotate_options o;
    const pdn_variant *variant; /* of games without a GameType */
    int unplayed;               /* or, above 0, their GameType, one not
                                   played: such games are not judged */
    pdn_engine *engines[3];     /* by variant id, made when needed */
    pdn_egdb *egdb[3];          /* by variant id, or NULL (borrowed) */
    pdn_tag_filter *select;     /* the `select` patterns */
};

pdn_annotator *
pdn_annotator_new(const pdn_annotate_options *o, char *err, size_t errsize)
{
    pdn_annotator *a = pdn_xcalloc(1, sizeof *a);
    a->o = *o;
    a->variant = pdn_variant_by_name(o->variant);
    if (!a->variant)
        a->variant = pdn_variant_by_gametype(o->variant);
    if (!a->variant && atoi(o->variant) > 0)
        a->unplayed = atoi(o->variant); /* "20": read, not played */
    if (!a->variant)
        a->variant = pdn_variant_default();
    a->select = pdn_tag_filter_new();
    for (size_t i = 0; i < o->nselect; i++) {
        char why[200];
        const char *tag = o->select[i].tag;
        if (pdn_tag_filter_add(a->select, &tag, 1, o->select[i].pattern, why,
                               sizeof why) != 0) {
            snprintf(err, errsize, "select.%s: bad pattern: %s", tag, why);
            pdn_annotator_free(a);
            return NULL;
        }
    }
    return a;
}

void
pdn_annotator_free(pdn_annotator *a)
{
    if (!a)
        return;
    for (int i = 0; i < 3; i++)
        pdn_engine_free(a->engines[i]);
    pdn_tag_filter_free(a->select);
    free(a);
}

bool
pdn_annotator_selects(const pdn_annotator *a, const pdn_game *g)
{
    return pdn_tag_filter_matches(a->select, g);
}

/* The engine of @v, made on first use. */
static pdn_engine *
engine_for(pdn_annotator *a, const pdn_variant *v)
{
    int id = (int)v->id;
    if (!a->engines[id]) {
        const pdn_draw_rule *rule = pdn_draw_rule_by_name(a->o.draw_rule);
        if (!rule)
            rule = pdn_draw_rule_default(v);
        pdn_engine_options eo = {.variant = v,
                                 .hash_mb = a->o.hash_mb,
                                 .repetition = pdn_draw_repetition(rule),
                                 .no_progress = rule->no_progress};
        a->engines[id] = pdn_engine_new(&eo);
        if (a->engines[id])
            pdn_engine_use_egdb(a->engines[id], a->egdb[id]);
    }
    return a->engines[id];
}

void
pdn_annotator_use_egdb(pdn_annotator *a, const pdn_variant *v, pdn_egdb *db)
{
    a->egdb[v->id] = db;
    if (a->engines[v->id])
        pdn_engine_use_egdb(a->engines[v->id], db);
}

/* ---- Collecting the moves ---- */

static pdn_judged_move *
push(pdn_annotation *a)
{
    if (a->count == a->cap) {
        a->cap = a->cap ? 2 * a->cap : 128;
        a->moves = pdn_xrealloc(a->moves, a->cap * sizeof *a->moves);
    }
    pdn_judged_move *m = &a->moves[a->count++];
    memset(m, 0, sizeof *m);
    return m;
}

/* The replay's hook: one record per move replayed, in text order. */
static void
on_move(void *ctx, const pdn_node *n, const pdn_board *before,
        const pdn_move *played, const pdn_move *legal, int nlegal)
{
    pdn_judged_move *m = push(ctx); /* the pdn_annotation */
    (void)legal;
    (void)nlegal;
    m->node = n;
    m->before = *before;
    m->played = *played;
}

/* Numbers each recorded move and tells the main line's: a walk of the
 * tree in text order meets the moves in the order they were recorded.
 * @ply is the ply of the line's first move. */
static void
number_line(pdn_annotation *a, size_t *next, const pdn_node *n, uint32_t ply,
            bool main_line)
{
    uint32_t before = ply;
    for (; n; n = n->next) {
        if (n->kind == PDN_NODE_MOVE || n->kind == PDN_NODE_UNKNOWN) {
            before = ply;
            if (*next < a->count && a->moves[*next].node == n) {
                a->moves[*next].ply = ply;
                a->moves[*next].main_line = main_line;
                (*next)++;
            }
            ply++;
        } else if (n->kind == PDN_NODE_VARIATION) {
            number_line(a, next, n->children, before, false);
        }
    }
}

/* The number of the first move: the first number written before it,
 * else 1. */
static uint32_t
first_number(const pdn_game *g)
{
    for (const pdn_node *n = g->moves; n; n = n->next) {
        if (n->kind == PDN_NODE_NUMBER)
            return n->u.number.value ? n->u.number.value : 1;
        if (n->kind == PDN_NODE_MOVE || n->kind == PDN_NODE_UNKNOWN)
            break;
    }
    return 1;
}

/* ---- Judging one move ---- */

static bool
same_move(const pdn_move *x, const pdn_move *y)
{
    if (x->from != y->from || x->to != y->to ||
        x->captured_bb != y->captured_bb || x->ncaptured != y->ncaptured)
        return false;
    for (int i = 0; i < x->ncaptured; i++)
        if (x->landing[i] != y->landing[i])
            return false;
    return true;
}

static int
capped(int score)
{
    return score > LOSS_CAP ? LOSS_CAP : score < -LOSS_CAP ? -LOSS_CAP : score;
}

/* The loss of @m on the options' scale, and its mark. */
static void
measure(const pdn_annotate_options *o, pdn_judged_move *m)
{
    double wc_loss, t[4];
    m->men_lost = (capped(m->best_score) - capped(m->played_score)) / 100.0;
    if (m->men_lost < 0)
        m->men_lost = 0;
    t[PDN_MARK_INACCURACY] = o->inaccuracy;
    t[PDN_MARK_MISTAKE] = o->mistake;
    t[PDN_MARK_BLUNDER] = o->blunder;
    if (o->scale == PDN_SCALE_MEN) {
        m->loss = m->men_lost;
    } else {
        wc_loss = pdn_win_chance(m->best_score, o->spread) -
                  pdn_win_chance(m->played_score, o->spread);
        m->loss = wc_loss > 0 ? wc_loss : 0;
        for (int k = 1; k < 4; k++)
            t[k] = pdn_win_chance((int)lround(t[k] * 100), o->spread) - 0.5;
    }
    m->mark = PDN_MARK_NONE;
    for (int k = 3; k >= 1; k--) {
        if (m->loss >= t[k] - 1e-9) {
            m->mark = (pdn_mark)k;
            break;
        }
    }
}

/* The value for the other side of @v, a value for the side to move. */
static pdn_egdb_value
other_side(pdn_egdb_value v)
{
    return v == PDN_EGDB_WIN    ? PDN_EGDB_LOSS
           : v == PDN_EGDB_LOSS ? PDN_EGDB_WIN
                                : v;
}

/* The score of a database value for the side to move, as the search
 * gives it (engine/search.h). */
static int
exact_score(pdn_egdb_value v)
{
    return v == PDN_EGDB_WIN    ? PDN_SCORE_EGDB_WIN
           : v == PDN_EGDB_LOSS ? -PDN_SCORE_EGDB_WIN
                                : 0;
}

/* When the position of @m is in the reach of @db: the values before and
 * after it, their scores, and the mark they give (annotate.h); true.
 * The loss of a move that keeps the value is none, however the search's
 * scores swing. */
static bool
judge_exactly(const pdn_annotate_options *o, pdn_egdb *db, pdn_judged_move *m)
{
    if (!db || !pdn_egdb_reaches(db, &m->before))
        return false;
    pdn_board after;
    pdn_board_after(&m->before, &m->played, &after);
    pdn_egdb_value before = pdn_egdb_probe(db, &m->before);
    pdn_egdb_value then = other_side(pdn_egdb_probe(db, &after));
    if (before == PDN_EGDB_UNKNOWN || then == PDN_EGDB_UNKNOWN)
        return false;
    m->egdb_before = (uint8_t)before;
    m->egdb_after = (uint8_t)then;
    m->best_score = exact_score(before);
    m->played_score = exact_score(then);
    measure(o, m);
    if (then == before || before == PDN_EGDB_LOSS) {
        m->mark = PDN_MARK_NONE;
        m->loss = m->men_lost = 0;
    } else {
        m->mark = before == PDN_EGDB_WIN && then == PDN_EGDB_DRAW
                      ? PDN_MARK_MISTAKE
                      : PDN_MARK_BLUNDER;
    }
    return true;
}

typedef struct budget {
    int depth;
    uint64_t time_ms;
    uint64_t nodes;
} budget;

/* Keeps the first plies of @pv as the best line of @m, in @a's arena. */
static void
take_line(pdn_annotation *a, pdn_judged_move *m, const pdn_search_line *pv)
{
    m->nline =
        pv->npv < PDN_ANNOTATE_MAX_LINE ? pv->npv : PDN_ANNOTATE_MAX_LINE;
    m->line = m->nline ? pdn_arena_alloc(&a->lines,
                                         (size_t)m->nline * sizeof *m->line)
                       : NULL;
    if (m->nline)
        memcpy(m->line, pv->pv, (size_t)m->nline * sizeof *m->line);
}

/* Searches @m: its best move, then the move played alone at the depth
 * the first search reached.  Returns false when the side to move has no
 * move (cannot happen for a move played). */
static bool
search_move(pdn_engine *e, pdn_judged_move *m, const pdn_board *history,
            size_t nhistory, const budget *b, pdn_annotation *out)
{
    pdn_search_limits l = {.depth = b->depth,
                           .nodes = b->nodes,
                           .time_ms = b->time_ms,
                           .multipv = 1};
    pdn_search_info info;
    if (pdn_engine_search(e, &m->before, history, nhistory, &l, NULL, NULL,
                          &info) == 0)
        return false;
    out->nodes += info.nodes;
    /* The last depth completed, not an unfinished one's better move: the
     * move played is searched to that depth, and both are judged there. */
    m->depth = info.depth;
    m->best = info.lines[0].pv[0];
    m->best_score = info.lines[0].score;
    take_line(out, m, &info.lines[0]);
    if (same_move(&m->best, &m->played)) {
        m->played_score = m->best_score;
    } else {
        pdn_search_limits only = {.depth = info.depth > 0 ? info.depth : 1,
                                  .multipv = 1,
                                  .only = &m->played};
        pdn_search_info played;
        pdn_engine_search(e, &m->before, history, nhistory, &only, NULL, NULL,
                          &played);
        out->nodes += played.nodes;
        m->played_score = played.lines[0].score;
        if (m->played_score > m->best_score) {
            /* The move played proved better at this depth: it is the
             * best. */
            m->best = m->played;
            m->best_score = m->played_score;
            take_line(out, m, &played.lines[0]);
        }
    }
    return true;
}

/* Searches @m again, deeper than @b took it (VERIFY_PLIES, VERIFY_TIMES;
 * twice that for a blunder, also one the deeper search finds), the best
 * move and the move played, and keeps what the deeper search finds: the
 * mark it earns there, or none if the loss does not hold.  A search with
 * no limit is not searched again. */
static void
verify(pdn_engine *e, const pdn_annotate_options *o, pdn_judged_move *m,
       const pdn_board *history, size_t nhistory, const budget *b,
       pdn_annotation *out)
{
    if (!b->depth && !b->time_ms && !b->nodes)
        return;
    int reached = m->depth;
    for (int k = m->mark == PDN_MARK_BLUNDER ? 2 : 1; k <= 2; k++) {
        budget deep = *b;
        if (deep.depth) {
            deep.depth = reached + k * VERIFY_PLIES;
            if (deep.depth > VERIFY_MAX_DEPTH)
                deep.depth = VERIFY_MAX_DEPTH;
        }
        deep.time_ms *= (uint64_t)(k * VERIFY_TIMES);
        deep.nodes *= (uint64_t)(k * VERIFY_TIMES);
        pdn_judged_move again = *m;
        if (!search_move(e, &again, history, nhistory, &deep, out) ||
            again.depth < m->depth)
            return;
        measure(o, &again);
        *m = again;
        if (m->mark != PDN_MARK_BLUNDER)
            return;
    }
}

/* The legal move of @legal that is @m (the same squares and pieces
 * taken), or NULL. */
static const pdn_move *
find_legal(const pdn_move *legal, int n, const pdn_move *m)
{
    for (int i = 0; i < n; i++)
        if (legal[i].from == m->from && legal[i].to == m->to &&
            legal[i].captured_bb == m->captured_bb)
            return &legal[i];
    return NULL;
}

int
pdn_annotate_line(const pdn_variant *v, const pdn_judged_move *m, bool alpha,
                  int max, char moves[][PDN_MOVE_TEXT_MAX])
{
    pdn_move legal[PDN_MAX_MOVES];
    pdn_board b = m->before;
    int count = m->nline < max ? m->nline : max;
    if (count < 0)
        count = 0;
    for (int i = 0; i < count; i++) {
        int n = pdn_movegen_legal(v, &b, legal);
        const pdn_move *mv = n > 0 ? find_legal(legal, n, &m->line[i]) : NULL;
        if (!mv)
            return i;
        if (alpha)
            pdn_notation_format_alpha(v, mv, legal, n, moves[i]);
        else
            pdn_notation_format(v, mv, legal, n, moves[i]);
        pdn_board_play(&b, mv);
    }
    return count;
}

/* @mv, one of the @n moves @legal, as the notation of the options
 * writes it, kept in @a's arena. */
static const char *
move_text(const pdn_annotate_options *o, pdn_annotation *a,
          const pdn_variant *v, const pdn_move *mv, const pdn_move *legal,
          int n)
{
    char text[PDN_MOVE_TEXT_MAX];
    size_t len = o->alpha ? pdn_notation_format_alpha(v, mv, legal, n, text)
                          : pdn_notation_format(v, mv, legal, n, text);
    return pdn_arena_strndup(&a->lines, text, len);
}

/* Writes the best move of @m as the notation of the options asks. */
static void
name_best(const pdn_annotate_options *o, pdn_annotation *a,
          const pdn_variant *v, pdn_judged_move *m)
{
    pdn_move legal[PDN_MAX_MOVES];
    int n = pdn_movegen_legal(v, &m->before, legal);
    m->best_text = move_text(o, a, v, &m->best, legal, n);
}

/* Whether the options ask for @m to be judged (it is not forced). */
static bool
wanted(const pdn_annotate_options *o, const pdn_judged_move *m)
{
    if (!m->main_line && !o->variations)
        return false;
    if (!(o->sides & (m->second ? PDN_SIDE_SECOND : PDN_SIDE_FIRST)))
        return false;
    if (m->number < o->first_move || (o->last_move && m->number > o->last_move))
        return false;
    return m->ply >= o->skip_plies;
}

/* The accuracy of a move that lost @drop of the winning chance (0..1),
 * 0..100: 100 for no loss, falling off exponentially. */
static double
accuracy_of(double drop)
{
    double acc = 103.1668 * exp(-0.04354 * drop * 100.0) - 3.1669;
    return acc < 0 ? 0 : acc > 100 ? 100 : acc;
}

static void
summarise(const pdn_annotate_options *o, pdn_annotation *out)
{
    double acc[2] = {0, 0};
    memset(out->sides, 0, sizeof out->sides);
    out->depth_min = out->depth_max = 0;
    for (size_t i = 0; i < out->count; i++) {
        const pdn_judged_move *m = &out->moves[i];
        if (!m->judged)
            continue;
        if (!out->depth_min || m->depth < out->depth_min)
            out->depth_min = m->depth;
        if (m->depth > out->depth_max)
            out->depth_max = m->depth;
        if (!m->main_line)
            continue;
        pdn_side_summary *s = &out->sides[m->second];
        s->judged++;
        s->marks[m->mark]++;
        s->men_lost += m->men_lost;
        acc[m->second] +=
            accuracy_of(pdn_win_chance(m->best_score, o->spread) -
                        pdn_win_chance(m->played_score, o->spread));
    }
    for (int k = 0; k < 2; k++)
        out->sides[k].accuracy =
            out->sides[k].judged ? acc[k] / out->sides[k].judged : 0;
}

/* The shares of @m in the second pass of a budget per game; @from_start:
 * its game began at the start position. */
static unsigned
shares_of(const pdn_judged_move *m, bool from_start)
{
    if (!m->judged || m->egdb_before)
        return 0;
    if (m->mark != PDN_MARK_NONE)
        return MARKED_SHARES;
    return from_start && m->ply < BOOK_PLIES ? 0 : 1;
}

/* The second pass of a budget per game: the time left, shared by the
 * moves' shares, each move searched again for its share (and at most
 * @nodes), what is not spent passed on to the moves after it.  A move
 * keeps the second search's judgement when it reached the first one's
 * depth.  @history has room for every move. */
static void
spend_game_budget(pdn_engine *e, const pdn_annotate_options *o,
                  pdn_annotation *out, const pdn_variant *v, bool from_start,
                  const struct timespec *t0, uint64_t nodes, pdn_board *history)
{
    uint64_t shares = 0;
    for (size_t i = 0; i < out->count; i++)
        shares += shares_of(&out->moves[i], from_start);
    double left = (double)o->game_time_ms / 1000.0 - pdn_clock_since(t0);
    size_t nhistory = 0;
    for (size_t i = 0; i < out->count && shares && left > 0; i++) {
        pdn_judged_move *m = &out->moves[i];
        if (m->main_line)
            history[nhistory++] = m->before;
        unsigned k = shares_of(m, from_start);
        if (!k)
            continue;
        budget deep = {o->depth, (uint64_t)(left * 1000.0 * k / shares), nodes};
        if (deep.time_ms == 0)
            deep.time_ms = 1;
        pdn_judged_move again = *m;
        if (search_move(e, &again, m->main_line ? history : NULL,
                        m->main_line ? nhistory : 0, &deep, out) &&
            again.depth >= m->depth) {
            measure(o, &again);
            name_best(o, out, v, &again);
            *m = again;
        }
        shares -= k;
        left = (double)o->game_time_ms / 1000.0 - pdn_clock_since(t0);
    }
}

size_t
pdn_annotate_game(pdn_annotator *a, const pdn_game *g, pdn_diags *d,
                  pdn_annotation *out, pdn_annotate_progress_fn fn, void *ctx)
{
    const pdn_annotate_options *o = &a->o;
    pdn_replay_options ro = {.variant = a->variant,
                             .unplayed = a->unplayed,
                             .moves_only = true,
                             .on_move = on_move,
                             .ctx = out};
    pdn_replay_result rr;
    struct timespec t0;
    size_t next = 0, total = 0, done = 0;
    pdn_board *history;
    size_t nhistory = 0;
    pdn_move legal[PDN_MAX_MOVES];

    pdn_clock_start(&t0);
    out->count = 0;
    pdn_arena_reset(&out->lines);
    out->variant = NULL;
    out->nodes = 0;
    out->stopped = false;
    out->no_engine = false;
    out->selected = pdn_annotator_selects(a, g);
    if (!out->selected)
        return 0;
    /* Room for every move at once: a long game costs its moves, not the
     * slack of an array grown by doubling. */
    size_t moves = pdn_nodes_count_moves(g->moves);
    if (moves > out->cap) {
        out->cap = moves;
        out->moves = pdn_xrealloc(out->moves, out->cap * sizeof *out->moves);
    }
    if (pdn_replay_game(g, &ro, d, &rr) > 0)
        out->stopped = true;
    out->variant = rr.variant;
    if (!rr.variant) {
        out->count = 0;
        return 0;
    }
    number_line(out, &next, g->moves, 0, true);
    uint32_t first = first_number(g);
    bool starts_second = rr.start.side != rr.variant->first;
    for (size_t i = 0; i < out->count; i++) {
        pdn_judged_move *m = &out->moves[i];
        int n = pdn_movegen_legal(rr.variant, &m->before, legal);
        uint32_t k = m->ply + (starts_second ? 1u : 0u);
        m->second = m->before.side != rr.variant->first;
        m->number = first + k / 2;
        m->forced = n == 1;
        m->played_text = move_text(o, out, rr.variant, &m->played, legal, n);
        m->best_text = "";
        m->judged = !m->forced && wanted(o, m);
        total += m->judged;
    }

    /* A game with nothing to judge needs no engine, nor its table
     * cleared. */
    pdn_engine *e = total ? engine_for(a, rr.variant) : NULL;
    if (total && !e) {
        out->no_engine = true;
        out->variant = NULL;
        out->count = 0;
        return 0;
    }
    /* One engine judges the moves in the order of the game, its table
     * kept from one to the next: each search starts from what the search
     * of the position before found, which is worth plies (with an engine
     * for each side, run at once, the same nodes reached 2 to 7 plies
     * less in many positions and the marks agreed less with a deeper
     * search).  Cleared first: the same result in any order, on any
     * job. */
    if (e)
        pdn_engine_clear(e);
    history = pdn_xmalloc((out->count + 1) * sizeof *history);
    budget full = {o->depth, o->time_ms, pdn_annotate_move_nodes(o, total)};
    bool two_pass = o->game_time_ms > 0;
    budget first_pass = full;
    if (two_pass) {
        first_pass.depth =
            o->depth && o->depth < SHALLOW_DEPTH ? o->depth : SHALLOW_DEPTH;
        first_pass.time_ms = 0;
        first_pass.nodes = 0;
    }
    for (size_t i = 0; i < out->count; i++) {
        pdn_judged_move *m = &out->moves[i];
        if (m->main_line)
            history[nhistory++] = m->before;
        if (!m->judged)
            continue;
        if (!search_move(e, m, m->main_line ? history : NULL,
                         m->main_line ? nhistory : 0, &first_pass, out)) {
            m->judged = false;
            continue;
        }
        measure(o, m);
        if (!judge_exactly(o, a->egdb[rr.variant->id], m) &&
            m->mark != PDN_MARK_NONE)
            verify(e, o, m, m->main_line ? history : NULL,
                   m->main_line ? nhistory : 0, &first_pass, out);
        name_best(o, out, rr.variant, m);
        done++;
        if (fn)
            fn(ctx, done, total);
    }
    if (two_pass) {
        pdn_board start = pdn_board_start(rr.variant);
        spend_game_budget(e, o, out, rr.variant,
                          pdn_board_equal(&rr.start, &start), &t0, full.nodes,
                          history);
    }
    free(history);
    summarise(o, out);
    out->seconds = pdn_clock_since(&t0);
    return done;
}
