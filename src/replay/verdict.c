/* verdict.c -- what the replay says of a game as a whole once its moves
 * are played: the result it claims against the position it ends in and
 * the draw rules, and the sanity of its tags (replay/internal.h).
 */
#include "replay/internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "model/date.h"
#include "rules/bitboard.h"
#include "rules/movegen.h"

/* ---- Results ---- */

/* Whether the main line has a move: a record of a position alone (a
 * ballot, a problem) is not asked for a result or the roster. */
static bool
has_moves(const pdn_game *g)
{
    for (const pdn_node *n = g->moves; n; n = n->next)
        if (n->kind == PDN_NODE_MOVE)
            return true;
    return false;
}

static const char *
side_name(pdn_color c)
{
    return c == PDN_WHITE ? "White" : "Black";
}

/* The result @claim held to the value of the main line's end, by
 * r->value: a note when they disagree (N0222).  The value knows no draw
 * rule: a draw claimed in a won position may be one by the rule, or
 * agreed. */
static void
note_value(pdn_replay_state *r, pdn_result claim, pdn_loc at)
{
    const pdn_board *end = &r->out->final;
    if (claim == PDN_RESULT_BOTH_LOST) /* 0-0: not a result of the play */
        return;
    int value = r->value(r->value_ctx, r->v, end);
    if (value < 1 || value > 3)
        return;
    pdn_color mover = end->side;
    pdn_result truth = value == 2 ? PDN_RESULT_DRAW
                       : (value == 1) == (mover == r->v->first)
                           ? PDN_RESULT_FIRST
                           : PDN_RESULT_SECOND;
    if (truth == claim)
        return;
    static const char *const texts[] = {"", "1-0", "0-1", "1/2-1/2"};
    _Static_assert(PDN_RESULT_FIRST == 2 && PDN_RESULT_SECOND == 3 &&
                       PDN_RESULT_DRAW == 4,
                   "texts[] follows pdn_result");
    const char *claimed = texts[claim - 1];
    if (truth == PDN_RESULT_DRAW)
        pdn_replay_report(r, PDN_SEV_NOTE, PDN_N_EGDB_RESULT, at,
                          "the result %s disagrees with the endgame database: "
                          "the final position is a draw with perfect play",
                          claimed);
    else
        pdn_replay_report(
            r, PDN_SEV_NOTE, PDN_N_EGDB_RESULT, at,
            "the result %s disagrees with the endgame database: the final "
            "position is a win for %s with perfect play%s",
            claimed,
            side_name(truth == PDN_RESULT_FIRST ? r->v->first
                                                : pdn_color_other(r->v->first)),
            claim == PDN_RESULT_DRAW
                ? " (a draw rule, or an agreement, may have drawn it)"
                : "");
}

/* The 1/2-1/2 of @g read against the draw rules at the main line's end
 * (N0210). */
static void
note_draw(pdn_replay_state *r, pdn_loc at)
{
    const pdn_draw_rule *u = r->rule;
    if (r->end_draw == PDN_DRAW_REPETITION)
        pdn_replay_report(r, PDN_SEV_NOTE, PDN_N_DRAW, at,
                          "a draw by repetition was available at the end: the "
                          "position occurred for the %u%s time (rule '%s')",
                          r->end_occurrences,
                          pdn_replay_ordinal(r->end_occurrences), u->name);
    else if (r->end_draw == PDN_DRAW_NO_PROGRESS)
        pdn_replay_report(
            r, PDN_SEV_NOTE, PDN_N_DRAW, at,
            "a draw by the no-progress rule was available at the end: "
            "%u reversible plies in a row (rule '%s')",
            r->end_reversible, u->name);
    else
        pdn_replay_report(
            r, PDN_SEV_NOTE, PDN_N_DRAW, at,
            "no rule draw was available at the end of the main line "
            "(rule '%s': %u%s occurrence, %u reversible plies): the draw "
            "must have been agreed",
            u->name, u->repetition, pdn_replay_ordinal(u->repetition),
            u->no_progress);
}

/* Whether the side to move has a legal move: a step to an empty square
 * (forward for a man, any way for a king), or else a capture. */
static bool
can_move(const pdn_variant *v, const pdn_board *b)
{
    pdn_bb own = b->pieces[b->side];
    pdn_bb empty = BB_PLAYABLE & ~(b->pieces[PDN_WHITE] | b->pieces[PDN_BLACK]);
    pdn_bb men = own & ~b->kings, kings = own & b->kings;
    pdn_bb up = men, down = men;
    if (b->side == PDN_WHITE)
        down = 0;
    else
        up = 0;
    up |= kings;
    down |= kings;
    pdn_bb to = pdn_bb_step(up, BB_UP_A) | pdn_bb_step(up, BB_UP_B) |
                pdn_bb_step(down, BB_DOWN_A) | pdn_bb_step(down, BB_DOWN_B);
    return (to & empty) || pdn_movegen_has_capture(v, b);
}

/* If the side to move at the end of a complete main line has no piece or
 * no move, the result it lost by; else PDN_RESULT_NONE. */
static pdn_result
decided(pdn_replay_state *r, const char **why)
{
    const pdn_board *b = &r->out->final;
    if (!r->out->complete || !r->v)
        return PDN_RESULT_NONE;
    if (!b->pieces[b->side])
        *why = "no piece";
    else if (!can_move(r->v, b))
        *why = "no legal move";
    else
        return PDN_RESULT_NONE;
    return b->side == r->v->first ? PDN_RESULT_SECOND : PDN_RESULT_FIRST;
}

/* The result of a Result tag that is in no standard form: one of the
 * forms archives use (N0219), or none (W0220). */
static pdn_result
loose_result(pdn_replay_state *r, const pdn_tag *tag)
{
    static const char *const meaning[] = {
        [PDN_RESULT_FIRST] = "the first player won",
        [PDN_RESULT_SECOND] = "the second player won",
        [PDN_RESULT_DRAW] = "a draw",
        [PDN_RESULT_BOTH_LOST] = "both lost",
    };
    const char *standard;
    pdn_result res =
        pdn_result_loose(tag->value, strlen(tag->value), &standard);
    if (res != PDN_RESULT_NONE)
        pdn_replay_report(r, PDN_SEV_NOTE, PDN_N_RESULT_FORM, tag->at,
                          "Result \"%s\" read as %s (%s)", tag->value, standard,
                          meaning[res]);
    else {
        /* quoted up to 40 bytes, whole characters */
        int cut = (int)strlen(tag->value);
        if (cut > 40)
            for (cut = 40; ((unsigned char)tag->value[cut] & 0xC0) == 0x80;
                 cut--)
                ;
        pdn_replay_report(r, PDN_SEV_WARNING, PDN_W_NOT_A_RESULT, tag->at,
                          "Result \"%.*s%s\" is no result: expected 1-0, "
                          "0-1, 1/2-1/2 or * (or 2-0, 0-2, 1-1, 0-0)",
                          cut, tag->value, tag->value[cut] ? "..." : "");
    }
    return res;
}

/* The result against the Result tag, and against the end of the main
 * line (E0211, E0212, W0213, N0218, N0210). */
void
pdn_replay_check_result(pdn_replay_state *r)
{
    const pdn_game *g = r->game;
    const pdn_tag *tag = r->tags[TAG_RESULT];
    pdn_result said =
        tag ? pdn_result_of(tag->value, strlen(tag->value)) : PDN_RESULT_NONE;
    if (tag && said == PDN_RESULT_NONE)
        said = loose_result(r, tag);
    pdn_result end = g->result;
    pdn_loc at = end != PDN_RESULT_NONE ? g->result_at
                 : tag                  ? tag->at
                                        : g->start;
    /* "*" states nothing, so it contradicts nothing. */
    if (said > PDN_RESULT_UNKNOWN && end > PDN_RESULT_UNKNOWN && said != end)
        pdn_replay_report(r, PDN_SEV_ERROR, PDN_E_RESULT_MISMATCH, g->result_at,
                          "the result %s disagrees with the Result tag \"%s\"",
                          g->result_text, tag->value);
    pdn_result claimed = end > PDN_RESULT_UNKNOWN ? end : said;
    if ((claimed == PDN_RESULT_FIRST || claimed == PDN_RESULT_SECOND) &&
        !has_moves(g)) {
        r->out->unbacked = true; /* never sound (pdn check) */
        if (!r->moves_only)
            pdn_replay_report(
                r, PDN_SEV_NOTE, PDN_N_RESULT_NO_MOVES,
                end > PDN_RESULT_UNKNOWN ? at : tag->at,
                "the result %s comes with not one move: nothing checks it, "
                "and the game is not counted as sound",
                end > PDN_RESULT_UNKNOWN ? g->result_text : tag->value);
    }
    if (r->moves_only)
        return;
    if (!tag && (end == PDN_RESULT_NONE || end == PDN_RESULT_UNKNOWN) &&
        has_moves(g))
        pdn_replay_report(r, PDN_SEV_WARNING, PDN_W_NO_RESULT, at,
                          "the game has no result: %s",
                          end == PDN_RESULT_NONE
                              ? "no Result tag and no terminator"
                              : "'*' and no Result tag");
    pdn_result claim = end > PDN_RESULT_UNKNOWN ? end : said;
    if (said > PDN_RESULT_UNKNOWN && end <= PDN_RESULT_UNKNOWN)
        at = tag->at; /* the claim is the tag's */
    const char *why = NULL;
    /* The end is looked at only for a result to hold it against. */
    pdn_result truth =
        claim > PDN_RESULT_UNKNOWN ? decided(r, &why) : PDN_RESULT_NONE;
    if (truth != PDN_RESULT_NONE && claim > PDN_RESULT_UNKNOWN &&
        claim != truth) {
        pdn_color loser = r->out->final.side;
        pdn_replay_report(
            r, PDN_SEV_ERROR, PDN_E_FALSE_RESULT, at,
            "the result %s is false: at the end of the main line %s, to "
            "move, has %s and has lost (the result is %s)",
            end > PDN_RESULT_UNKNOWN ? g->result_text : tag->value,
            side_name(loser), why, truth == PDN_RESULT_FIRST ? "1-0" : "0-1");
        return;
    }
    if (claim == PDN_RESULT_DRAW && r->out->complete && r->v)
        note_draw(r, at);
    if (claim > PDN_RESULT_UNKNOWN && truth == PDN_RESULT_NONE &&
        r->out->complete && r->v && r->value)
        note_value(r, claim, at);
}

/* ---- Tags ---- */

/* The Seven-Tag Roster and the Date (N0214, W0215). */
void
pdn_replay_check_tags(pdn_replay_state *r)
{
    static const char *const roster[] = {"Event", "Site",  "Date",  "Round",
                                         "White", "Black", "Result"};
    const pdn_game *g = r->game;
    char missing[64];
    size_t len = 0;
    if (has_moves(g)) {
        /* By hand: this runs for every game, and printf is slow. */
        for (size_t i = 0; i < sizeof roster / sizeof roster[0]; i++) {
            if (r->tags[i] && r->tags[i]->value)
                continue;
            if (len) {
                memcpy(missing + len, ", ", 2);
                len += 2;
            }
            memcpy(missing + len, roster[i], strlen(roster[i]));
            len += strlen(roster[i]);
        }
    }
    missing[len] = '\0';
    if (len)
        pdn_replay_report(r, PDN_SEV_NOTE, PDN_N_MISSING_TAGS, g->start,
                          "tags of the Seven-Tag Roster missing: %s", missing);
    const pdn_tag *date = r->tags[TAG_DATE];
    if (date && !pdn_date_known(date->value))
        pdn_replay_report(
            r, PDN_SEV_WARNING, PDN_W_BAD_DATE, date->at,
            "Date \"%s\" is in no known form (such as 2002.06.01, "
            "2002-06-??, 01.06.2002 or 1-2 June 2002)",
            date->value);
}

/* PlyCount against the main line (W0216). */
void
pdn_replay_check_ply_count(pdn_replay_state *r)
{
    const pdn_tag *t = r->tags[TAG_PLYCOUNT];
    if (!t)
        return;
    char *end;
    unsigned long n = strtoul(t->value, &end, 10);
    if (end == t->value || *end || !isdigit((unsigned char)*t->value))
        pdn_replay_report(r, PDN_SEV_WARNING, PDN_W_PLY_COUNT, t->at,
                          "PlyCount \"%s\" is not a number", t->value);
    else if (r->out->complete && n != r->out->plies)
        pdn_replay_report(r, PDN_SEV_WARNING, PDN_W_PLY_COUNT, t->at,
                          "PlyCount says %lu plies, but the main line has %zu",
                          n, r->out->plies);
}

void
pdn_replay_suggest_variant(pdn_replay_state *r)
{
    for (int id = 0; id < PDN_VARIANT_COUNT; id++) {
        const pdn_variant *v = pdn_variant_get((pdn_variant_id)id);
        if (v == r->v)
            continue;
        pdn_replay_options other = {.variant = v, .moves_only = true};
        pdn_diags quiet = PDN_DIAGS_INIT;
        quiet.count_only = true;
        pdn_replay_result res;
        pdn_replay_game(r->game, &other, &quiet, &res);
        pdn_diags_free(&quiet);
        if (res.complete && res.moves > 0) {
            r->out->other = v;
            pdn_replay_report(r, PDN_SEV_NOTE, PDN_N_OTHER_VARIANT,
                              r->game->start,
                              "the game has no GameType tag and was read as "
                              "%s; every move of it is legal in %s "
                              "(GameType %d)",
                              r->v->title, v->title, v->gametype);
            return;
        }
    }
}
