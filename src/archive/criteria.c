/* criteria.c -- the criteria of pdn select read from their texts, and
 * whether a game meets them: its tags, result, date and length as read,
 * then what its replay finds.
 */
#include "archive/criteria.h"

#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "model/date.h"
#include "replay/replay.h"

void
pdn_criteria_init(pdn_criteria *c)
{
    *c =
        (pdn_criteria){.filter = pdn_tag_filter_new(), .plies_max = UINT64_MAX};
}

void
pdn_criteria_fini(pdn_criteria *c)
{
    pdn_tag_filter_free(c->filter);
    c->filter = NULL;
}

/* ---- Reading ---- */

/* The canonical date of @s ("YYYY.MM.DD", '?' for what is not known)
 * with every '?' made @fill: the first day it may be ('0') or the last
 * ('9').  False when @s is no date or its year is wholly unknown. */
static bool
date_bound(const char *s, char fill, char out[11])
{
    if (!s || !pdn_date_canonical(s, out) || memcmp(out, "????", 4) == 0)
        return false;
    for (char *p = out; *p; p++)
        if (*p == '?')
            *p = fill;
    return true;
}

int
pdn_criteria_read_date(pdn_criteria *c, bool to, const char *value)
{
    return date_bound(value, to ? '9' : '0', to ? c->date_to : c->date_from)
               ? 0
               : -1;
}

int
pdn_criteria_read_plies(pdn_criteria *c, const char *value)
{
    const char *dots = strstr(value, "..");
    char *end;

    c->plies_min = 0;
    c->plies_max = UINT64_MAX;
    if (value[0] >= '0' && value[0] <= '9') {
        c->plies_min = strtoull(value, &end, 10);
        if (end != (dots ? dots : value + strlen(value)))
            return -1;
    } else if (value != dots) {
        return -1;
    }
    if (!dots) {
        c->plies_max = c->plies_min;
        return 0;
    }
    if (!dots[2])
        return dots == value ? -1 : 0; /* "..": no bound at all */
    if (dots[2] < '0' || dots[2] > '9')
        return -1;
    c->plies_max = strtoull(dots + 2, &end, 10);
    return *end || c->plies_max < c->plies_min ? -1 : 0;
}

/* One side of --material, @len bytes at @s: an optional colour (W or B,
 * into *@colour, else -1), then "0" or counts of kings and men such as
 * "2K1M", "K" or "3M" (a letter alone counts one), into @counts (men,
 * kings).  0, or -1. */
static int
read_material_side(const char *s, size_t len, int *colour, int counts[2])
{
    const char *end = s + len;
    bool seen[2] = {false, false};

    *colour = -1;
    counts[0] = counts[1] = 0;
    if (s < end && (*s == 'W' || *s == 'B'))
        *colour = *s++ == 'W' ? PDN_WHITE : PDN_BLACK;
    if (end - s == 1 && *s == '0')
        return 0;
    if (s == end)
        return -1;
    while (s < end) {
        int n = 0;
        bool digits = false;
        while (s < end && *s >= '0' && *s <= '9' && n < 100) {
            n = n * 10 + (*s++ - '0');
            digits = true;
        }
        if (s == end || (*s != 'K' && *s != 'M'))
            return -1;
        int kind = *s++ == 'K';
        if (seen[kind] || n > 32)
            return -1;
        seen[kind] = true;
        counts[kind] = digits ? n : 1;
    }
    return 0;
}

int
pdn_criteria_read_material(pdn_criteria *c, const char *spec)
{
    const char *dash = strchr(spec, '-');
    int colour[2];

    if (!dash || strchr(dash + 1, '-') ||
        read_material_side(spec, (size_t)(dash - spec), &colour[0],
                           c->material[0]) != 0 ||
        read_material_side(dash + 1, strlen(dash + 1), &colour[1],
                           c->material[1]) != 0)
        return -1;
    /* Colours on both sides, the two of them, or on neither. */
    if ((colour[0] < 0) != (colour[1] < 0) ||
        (colour[0] >= 0 && colour[0] == colour[1]))
        return -1;
    c->material_colours = colour[0] >= 0;
    if (c->material_colours) {
        c->material_colour[0] = (pdn_color)colour[0];
        c->material_colour[1] = (pdn_color)colour[1];
    }
    c->material_set = true;
    return 0;
}

pdn_moves_fault_kind
pdn_criteria_read_moves(pdn_criteria *c, const char *text, pdn_moves_fault *f)
{
    c->moves_text = text;
    c->nmoves = 0;
    for (int id = 0; id < PDN_VARIANT_COUNT; id++)
        c->moves_read[id] = true;
    for (const char *p = text;;) {
        p += strspn(p, " \t\n");
        if (!*p)
            break;
        size_t len = strcspn(p, " \t\n");
        size_t digits = strspn(p, "0123456789");
        if (digits && digits < len && strspn(p + digits, ".") == len - digits) {
            p += len; /* a move number */
            continue;
        }
        if (c->nmoves == PDN_CRITERIA_MOVES_MAX)
            return PDN_MOVES_TOO_MANY;
        for (int id = 0; id < PDN_VARIANT_COUNT; id++) {
            const pdn_variant *v = pdn_variant_get((pdn_variant_id)id);
            size_t at;
            if (pdn_notation_parse(v, p, len, &c->moves[id][c->nmoves], &at,
                                   f->why, sizeof f->why) == 0)
                continue;
            c->moves_read[id] = false;
            if (v == c->variant) {
                f->move = p;
                f->len = (int)len;
                return PDN_MOVES_BAD_MOVE;
            }
        }
        c->nmoves++;
        p += len;
    }
    return c->nmoves ? PDN_MOVES_OK : PDN_MOVES_NO_MOVE;
}

/* ---- Meeting them ---- */

/* What the replay of a game found for --position, --sound, --errors. */
typedef struct replayed {
    const pdn_criteria *c;
    const pdn_node *main; /* the next move of the main line to be replayed:
                             the moves come in the order of the text */
    bool passes;          /* the game passes through the position */
    bool material;        /* it reaches the material of --material */
    pdn_move *line;       /* --moves: the moves of the main line */
    size_t nline, capline;
} replayed;

/* The first move of the list @n, or NULL. */
static const pdn_node *
first_move(const pdn_node *n)
{
    while (n && n->kind != PDN_NODE_MOVE)
        n = n->next;
    return n;
}

/* Whether @b holds the material of --material. */
static bool
material_is(const pdn_criteria *c, const pdn_board *b)
{
    for (int i = 0; i < 2; i++) {
        pdn_color colour = c->material_colours ? c->material_colour[i]
                           : i == 0            ? b->side
                                               : pdn_color_other(b->side);
        pdn_bb own = b->pieces[colour];
        if (pdn_bb_count(own & ~b->kings) != c->material[i][0] ||
            pdn_bb_count(own & b->kings) != c->material[i][1])
            return false;
    }
    return true;
}

/* pdn_replay_move_fn: whether the position before a move is --position's
 * or has --material's material, and the moves of the main line. */
static void
on_move(void *ctx, const pdn_node *n, const pdn_board *before,
        const pdn_move *played, const pdn_move *legal, int nlegal)
{
    replayed *r = ctx;
    const pdn_criteria *c = r->c;

    (void)legal, (void)nlegal;
    bool main = n == r->main;
    if (main)
        r->main = first_move(n->next);
    if (c->position_fen && !r->passes && (main || c->in_variations) &&
        pdn_board_equal(before, &c->position))
        r->passes = true;
    if (!main)
        return;
    if (c->material_set && !r->material && material_is(c, before))
        r->material = true;
    if (c->nmoves) {
        if (r->nline == r->capline) {
            r->capline = r->capline ? 2 * r->capline : 64;
            r->line = pdn_xrealloc(r->line, r->capline * sizeof *r->line);
        }
        r->line[r->nline++] = *played;
    }
}

/* Whether the main line @line (@n moves) of a game of @v starts with
 * --moves, or with --moves-anywhere holds them one after another. */
static bool
moves_met(const pdn_criteria *c, const pdn_variant *v, const pdn_move *line,
          size_t n)
{
    if (!v || !c->moves_read[v->id] || n < c->nmoves)
        return false;
    size_t last = c->moves_anywhere ? n - c->nmoves : 0;
    for (size_t from = 0; from <= last; from++) {
        size_t j = 0;
        while (j < c->nmoves &&
               pdn_notation_matches(v, &line[from + j], &c->moves[v->id][j]))
            j++;
        if (j == c->nmoves)
            return true;
    }
    return false;
}

/* Whether a criterion needs the game replayed move by move. */
static bool
needs_moves(const pdn_criteria *c)
{
    return c->position_fen || c->material_set || c->nmoves;
}

/* Whether the replay of @g meets --position, --sound and --errors. */
static bool
meets_replay(const pdn_criteria *c, const pdn_game *g)
{
    replayed r = {.c = c, .main = first_move(g->moves)};
    pdn_replay_options o = {.variant = c->variant,
                            .unplayed = c->unplayed,
                            .on_move = needs_moves(c) ? on_move : NULL,
                            .ctx = &r};
    pdn_replay_result res = {0};
    pdn_diags d = PDN_DIAGS_INIT;
    size_t errors = g->errors;

    d.count_only = true;
    if (!g->errors || needs_moves(c))
        errors += pdn_replay_game(g, &o, &d, &res);
    pdn_diags_free(&d);
    /* Sound, as pdn check judges: read and replayed whole, no error, and
       a decisive result backed by moves. */
    bool sound = !errors && res.variant && !res.unbacked;
    bool met = !((c->sound && !sound) || (c->errors && !errors));
    /* The position after the last move of the main line counts too. */
    if (met && c->position_fen)
        met = res.variant == c->variant &&
              (r.passes || pdn_board_equal(&res.final, &c->position));
    if (met && c->material_set)
        met = res.variant && (r.material || material_is(c, &res.final));
    if (met && c->nmoves)
        met = moves_met(c, res.variant, r.line, r.nline);
    free(r.line);
    return met;
}

bool
pdn_criteria_meets(const pdn_criteria *c, const pdn_game *g)
{
    if (!pdn_tag_filter_matches(c->filter, g))
        return false;
    if (c->result) {
        const char *r = pdn_game_result_text(g);
        if (!r || strcmp(r, c->result) != 0)
            return false;
    }
    if (c->date_from[0] || c->date_to[0]) {
        char first[11], last[11];
        const char *date = pdn_game_tag(g, "Date");
        if (!date_bound(date, '0', first) || !date_bound(date, '9', last))
            return false;
        if (c->date_from[0] && strcmp(last, c->date_from) < 0)
            return false;
        if (c->date_to[0] && strcmp(first, c->date_to) > 0)
            return false;
    }
    uint64_t n = pdn_game_plies(g);
    if (n < c->plies_min || n > c->plies_max)
        return false;
    return !(needs_moves(c) || c->sound || c->errors) || meets_replay(c, g);
}
