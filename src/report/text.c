/* text.c -- the plain text report of pdn annotate (report.h): per game a
 * heading, per side its summary and each marked move with the better
 * move and line (a game not annotated gets one line); and the best line
 * as text, which every report uses.
 */
#include "report/report.h"

#include <inttypes.h>
#include <stdio.h>

#include "rules/movegen.h"

/* ---- The best line ---- */

void
pdn_report_line_text(const pdn_variant *v, const pdn_judged_move *m, bool alpha,
                     int max, pdn_strbuf *out)
{
    char moves[PDN_ANNOTATE_MAX_LINE][PDN_MOVE_TEXT_MAX];
    size_t n = (size_t)pdn_annotate_line(v, m, alpha, max, moves);
    uint32_t number = m->number;
    bool second = m->second;
    for (size_t i = 0; i < n && i < PDN_ANNOTATE_MAX_LINE; i++) {
        if (i > 0)
            pdn_strbuf_putc(out, ' ');
        if (!second)
            pdn_strbuf_printf(out, "%" PRIu32 ". ", number);
        else if (i == 0)
            pdn_strbuf_printf(out, "%" PRIu32 "... ", number);
        pdn_strbuf_puts(out, moves[i]);
        if (second)
            number++;
        second = !second;
    }
}

/* ---- The report ---- */

/* A tag's value, or "?" as PDN writes an unknown one. */
static const char *
tag_or_unknown(const pdn_game *g, const char *name)
{
    const char *s = pdn_game_tag(g, name);
    return s && *s ? s : "?";
}

/* The Result tag, else the game's terminator, else "?". */
static const char *
result_of(const pdn_game *g)
{
    const char *s = pdn_game_result_text(g);
    return s ? s : "?";
}

/* "Game 3: Tinsley - Chinook", the first mover named first. */
static void
put_title(const pdn_game *g, const pdn_annotation *a, pdn_strbuf *out)
{
    const char *names[2] = {"White", "Black"};
    pdn_strbuf_printf(out, "Game %" PRIu64 ": %s - %s", g->number,
                      tag_or_unknown(g, names[pdn_annotation_side(a, 0)]),
                      tag_or_unknown(g, names[pdn_annotation_side(a, 1)]));
}

const char *
pdn_report_mark_label(const pdn_annotate_options *o, pdn_mark mark)
{
    static const char *const names[4] = {"", "Inaccuracy", "Mistake",
                                         "Blunder"};
    return o->labels[mark][0] ? o->labels[mark] : names[mark];
}

static void
put_count(pdn_strbuf *out, uint32_t n, const char *one, const char *many)
{
    pdn_strbuf_printf(out, "%" PRIu32 " %s", n, n == 1 ? one : many);
}

/* "    14. 23-19  Blunder  +0.40 -> -1.60  lost 2.00 men  better: 22-18
 * line: 14. 22-18 9-13 15. 18x9" */
static void
put_marked_move(const pdn_annotation *a, const pdn_judged_move *m,
                const pdn_annotate_options *o, pdn_strbuf *out)
{
    char before[24], after[24];
    pdn_score_format(pdn_score_white(&m->before, m->best_score), "-", before);
    pdn_score_format(pdn_score_white(&m->before, m->played_score), "-", after);
    pdn_strbuf_printf(out,
                      "    %" PRIu32 "%s %s%s  %s  %s -> %s  lost %.2f "
                      "men  better: %s",
                      m->number, m->second ? "..." : ".", m->played_text,
                      m->main_line ? "" : " (variation)",
                      pdn_report_mark_label(o, m->mark), before, after,
                      m->men_lost, m->best_text);
    if (o->line_plies > 0 && m->nline > 0) {
        pdn_strbuf_puts(out, "  line: ");
        pdn_report_line_text(a->variant, m, o->alpha, o->line_plies, out);
    }
    pdn_strbuf_putc(out, '\n');
}

static void
put_side(const pdn_game *g, const pdn_annotation *a, int i,
         const pdn_annotate_options *o, pdn_strbuf *out)
{
    const pdn_side_summary *s = &a->sides[i];
    const char *colour =
        pdn_annotation_side(a, i) == PDN_WHITE ? "White" : "Black";
    pdn_strbuf_printf(out, "  %s (%s): ", colour, tag_or_unknown(g, colour));
    put_count(out, s->judged, "move judged", "moves judged");
    pdn_strbuf_printf(out, ", accuracy %.1f%%, average loss %.2f men\n    ",
                      s->accuracy, pdn_side_average_loss(s));
    put_count(out, s->marks[PDN_MARK_INACCURACY], "inaccuracy", "inaccuracies");
    pdn_strbuf_puts(out, ", ");
    put_count(out, s->marks[PDN_MARK_MISTAKE], "mistake", "mistakes");
    pdn_strbuf_puts(out, ", ");
    put_count(out, s->marks[PDN_MARK_BLUNDER], "blunder", "blunders");
    pdn_strbuf_putc(out, '\n');
    for (size_t k = 0; k < a->count; k++) {
        const pdn_judged_move *m = &a->moves[k];
        if (m->judged && m->mark != PDN_MARK_NONE && (int)m->second == i)
            put_marked_move(a, m, o, out);
    }
}

void
pdn_report_text(const pdn_game *g, const pdn_annotation *a,
                const pdn_annotate_options *o, pdn_strbuf *out)
{
    put_title(g, a, out);
    if (!a->selected) {
        pdn_strbuf_puts(out, ": not selected\n");
        return;
    }
    if (!a->variant) {
        pdn_strbuf_puts(out, ": not replayed, nothing judged\n");
        return;
    }
    pdn_strbuf_printf(out, "\n  Event: %s; Date: %s; Result: %s; File: %s\n",
                      tag_or_unknown(g, "Event"), tag_or_unknown(g, "Date"),
                      result_of(g), g->file ? g->file : "-");
    pdn_strbuf_printf(out, "  %s; depth %d-%d, %" PRIu64 " nodes, %.1f s\n",
                      a->variant->title, a->depth_min, a->depth_max, a->nodes,
                      a->seconds);
    if (a->stopped)
        pdn_strbuf_puts(out, "  Stopped at an illegal move: the moves after "
                             "it are not judged.\n");
    for (int i = 0; i < 2; i++)
        put_side(g, a, i, o, out);
    pdn_strbuf_putc(out, '\n'); /* a blank line between games */
}
