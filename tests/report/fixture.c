/* fixture.c -- the hand-judged game of fixture.h.  The scores are made up
 * (hundredths of a man, the mover's point of view); the moves, positions
 * and lines are legal, replayed from the start.
 */
#include "fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/movegen.h"
#include "rules/notation.h"

static const char GAME[] =
    "[Event \"Test & <Cup>\"]\n"
    "[Date \"2024.05.01\"]\n"
    "[Black \"Chinook\"]\n"
    "[White \"<b>&\\\"\"]\n"
    "[Result \"1-0\"]\n"
    "[GameType \"21\"]\n"
    "\n"
    "1. 11-16 24-19 2. 9-14 28-24 3. 10-15 19x10 4. 6x15 24-19 5. 15x24 "
    "27x11 6. 8x15 1-0\n";

typedef struct spec {
    const char *played, *best;
    int best_score, played_score;
    double men_lost;
    pdn_mark mark;
    bool judged, forced;
    const char *line[4];
} spec;

static const spec SPECS[] = {
    {"11-16", "11-15", 5, 0, 0.05, PDN_MARK_NONE, true, false, {"11-15"}},
    {"24-19", "24-19", 0, 0, 0.0, PDN_MARK_NONE, true, false, {"24-19"}},
    {"9-14", "8-11", 10, -30, 0.40, PDN_MARK_INACCURACY, true, false, {"8-11"}},
    {"28-24", "28-24", 30, 25, 0.05, PDN_MARK_NONE, true, false, {"28-24"}},
    {"10-15",
     "16-20",
     -25,
     -260,
     2.35,
     PDN_MARK_BLUNDER,
     true,
     false,
     {"16-20", "19-15", "10x28", "27-24"}},
    {"19x10", "19x10", 0, 0, 0.0, PDN_MARK_NONE, false, true, {NULL}},
    {"6x15", "6x15", 0, 0, 0.0, PDN_MARK_NONE, false, true, {NULL}},
    {"24-19",
     "32-28",
     260,
     150,
     1.10,
     PDN_MARK_MISTAKE,
     true,
     false,
     {"32-28", "16-20"}},
    {"15x24", "15x24", 0, 0, 0.0, PDN_MARK_NONE, false, true, {NULL}},
    {"27x11", "27x11", 0, 0, 0.0, PDN_MARK_NONE, false, true, {NULL}},
    {"8x15", "8x15", -29988, -29988, 0.0, PDN_MARK_NONE, true, false, {"8x15"}},
};
#define NSPECS (sizeof SPECS / sizeof SPECS[0])

int
report_fixture_move(const pdn_variant *v, const pdn_board *b, const char *text,
                    pdn_move *out)
{
    pdn_move legal[PDN_MAX_MOVES];
    char written[PDN_MOVE_TEXT_MAX];
    int n = pdn_movegen_legal(v, b, legal);
    for (int i = 0; i < n; i++) {
        pdn_notation_format(v, &legal[i], legal, n, written);
        if (strcmp(written, text) == 0) {
            *out = legal[i];
            return 0;
        }
    }
    fprintf(stderr, "fixture: %s is not legal\n", text);
    return -1;
}

/* Fills @m from @s, played in @b at @ply. */
static int
judge(const pdn_variant *v, const pdn_board *b, uint32_t ply, const spec *s,
      pdn_judged_move *m, pdn_arena *lines)
{
    memset(m, 0, sizeof *m);
    m->ply = ply;
    m->number = ply / 2 + 1;
    m->second = ply % 2;
    m->main_line = true;
    m->judged = s->judged;
    m->forced = s->forced;
    m->before = *b;
    if (report_fixture_move(v, b, s->played, &m->played) < 0 ||
        report_fixture_move(v, b, s->best, &m->best) < 0)
        return -1;
    m->played_text = s->played;
    m->best_text = s->best;
    m->depth = s->judged ? 12 : 0;
    m->best_score = s->best_score;
    m->played_score = s->played_score;
    m->loss = m->men_lost = s->men_lost;
    m->mark = s->mark;
    pdn_board line = *b;
    m->line = pdn_arena_alloc(lines, 4 * sizeof *m->line);
    for (int i = 0; i < 4 && s->line[i]; i++) {
        if (report_fixture_move(v, &line, s->line[i], &m->line[i]) < 0)
            return -1;
        pdn_board_play(&line, &m->line[i]);
        m->nline = i + 1;
    }
    return 0;
}

static void
summarise(pdn_annotation *a)
{
    for (size_t i = 0; i < a->count; i++) {
        const pdn_judged_move *m = &a->moves[i];
        if (!m->judged)
            continue;
        pdn_side_summary *s = &a->sides[m->second];
        s->judged++;
        s->marks[m->mark]++;
        s->men_lost += m->men_lost;
    }
    a->sides[0].accuracy = 71.25; /* the first mover: Black */
    a->sides[1].accuracy = 88.94;
}

int
report_fixture_init(report_fixture *f)
{
    memset(f, 0, sizeof *f);
    pdn_annotate_defaults(&f->options);
    pdn_annotation_init(&f->annotation);
    f->reader =
        pdn_reader_new_mem("games/test.pdn", GAME, sizeof GAME - 1, NULL);
    pdn_diags d = PDN_DIAGS_INIT;
    int rc = pdn_reader_next(f->reader, &f->game, &d);
    size_t errors = d.errors;
    pdn_diags_free(&d);
    if (rc != 1 || errors) {
        fprintf(stderr, "fixture: the game does not read\n");
        return -1;
    }
    const pdn_variant *v = pdn_variant_get(PDN_ENGLISH);
    pdn_annotation *a = &f->annotation;
    a->variant = v;
    a->selected = true;
    a->nodes = 1234567;
    a->seconds = 2.5;
    a->depth_min = a->depth_max = 12;
    a->cap = NSPECS;
    a->moves = calloc(NSPECS, sizeof *a->moves);
    if (!a->moves)
        return -1;
    pdn_board b = pdn_board_start(v);
    for (size_t i = 0; i < NSPECS; i++) {
        pdn_judged_move *m = &a->moves[i];
        if (judge(v, &b, (uint32_t)i, &SPECS[i], m, &a->lines) < 0)
            return -1;
        pdn_board_play(&b, &m->played);
        a->count++;
    }
    summarise(a);
    return 0;
}

void
report_fixture_fini(report_fixture *f)
{
    pdn_annotation_fini(&f->annotation);
    if (f->game)
        pdn_game_free(f->game);
    if (f->reader)
        pdn_reader_free(f->reader);
}
