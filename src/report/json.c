/* json.c -- the JSON Lines report of pdn annotate (report.h): one object
 * per game, keys in a fixed order (man/pdn-annotate.1, JSON REPORT).
 * Scores are integers in hundredths of a man from White's side; a win is
 * 30000 less the plies to it, a loss its negative, as the engine scores.
 */
#include "report/report.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "write/json_out.h"

/* A JSON string, or null for NULL. */
static void
put_string(const char *s, pdn_strbuf *out)
{
    if (s)
        pdn_json_string(s, strlen(s), out);
    else
        pdn_strbuf_puts(out, "null");
}

/* ,"key":"value" (or null). */
static void
put_member(const char *key, const char *s, pdn_strbuf *out)
{
    pdn_strbuf_printf(out, ",\"%s\":", key);
    put_string(s, out);
}

static const char *
bool_text(bool b)
{
    return b ? "true" : "false";
}

/* @x, or 0 where JSON has no number for it (NaN, infinities). */
static double
finite_or_0(double x)
{
    return isfinite(x) ? x : 0.0;
}

static void
put_side(const pdn_side_summary *s, pdn_strbuf *out)
{
    pdn_strbuf_printf(out,
                      "{\"judged\":%" PRIu32 ",\"accuracy\":%.1f,"
                      "\"average_loss\":%.2f,\"inaccuracies\":%" PRIu32
                      ",\"mistakes\":%" PRIu32 ",\"blunders\":%" PRIu32 "}",
                      s->judged, finite_or_0(s->accuracy),
                      finite_or_0(pdn_side_average_loss(s)),
                      s->marks[PDN_MARK_INACCURACY], s->marks[PDN_MARK_MISTAKE],
                      s->marks[PDN_MARK_BLUNDER]);
}

/* "sides":{"white":{...},"black":{...}}, by colour. */
static void
put_sides(const pdn_annotation *a, pdn_strbuf *out)
{
    int white = pdn_annotation_side(a, 0) == PDN_WHITE ? 0 : 1;
    pdn_strbuf_puts(out, ",\"sides\":{\"white\":");
    put_side(&a->sides[white], out);
    pdn_strbuf_puts(out, ",\"black\":");
    put_side(&a->sides[1 - white], out);
    pdn_strbuf_putc(out, '}');
}

static void
put_move(const pdn_annotation *a, const pdn_judged_move *m,
         const pdn_annotate_options *o, pdn_strbuf *out)
{
    static const char *const marks[4] = {"null", "\"inaccuracy\"",
                                         "\"mistake\"", "\"blunder\""};
    pdn_strbuf_printf(out,
                      "{\"ply\":%" PRIu32 ",\"number\":%" PRIu32
                      ",\"side\":\"%s\",\"main_line\":%s",
                      m->ply, m->number,
                      m->before.side == PDN_WHITE ? "white" : "black",
                      bool_text(m->main_line));
    put_member("move", m->played_text, out);
    if (!m->judged) {
        pdn_strbuf_printf(out,
                          ",\"best\":null,\"forced\":%s,\"judged\":false,"
                          "\"depth\":null,\"before\":null,\"after\":null,"
                          "\"loss\":null,\"mark\":null,\"line\":[]}",
                          bool_text(m->forced));
        return;
    }
    put_member("best", m->best_text, out);
    pdn_strbuf_printf(out,
                      ",\"forced\":%s,\"judged\":true,\"depth\":%d,"
                      "\"before\":%d,\"after\":%d,\"loss\":%.2f,"
                      "\"mark\":%s,\"line\":[",
                      bool_text(m->forced), m->depth,
                      pdn_score_white(&m->before, m->best_score),
                      pdn_score_white(&m->before, m->played_score),
                      finite_or_0(m->men_lost),
                      marks[m->mark <= 3 ? m->mark : 0]);
    char line[PDN_ANNOTATE_MAX_LINE][PDN_MOVE_TEXT_MAX];
    int n = pdn_annotate_line(a->variant, m, o->alpha, o->line_plies, line);
    for (int i = 0; i < n; i++) {
        if (i > 0)
            pdn_strbuf_putc(out, ',');
        put_string(line[i], out);
    }
    pdn_strbuf_putc(out, ']');
    if (m->egdb_before) {
        static const char *const values[] = {"", "win", "draw", "loss"};
        pdn_strbuf_printf(out,
                          ",\"database\":{\"before\":\"%s\","
                          "\"after\":\"%s\"}",
                          values[m->egdb_before & 3],
                          values[m->egdb_after & 3]);
    }
    pdn_strbuf_putc(out, '}');
}

void
pdn_report_json(const pdn_game *g, const pdn_annotation *a,
                const pdn_annotate_options *o, pdn_strbuf *out)
{
    const char *result = pdn_game_result_text(g);
    pdn_strbuf_puts(out, "{\"file\":");
    put_string(g->file, out);
    pdn_strbuf_printf(out, ",\"game\":%" PRIu64, g->number);
    put_member("white", pdn_game_tag(g, "White"), out);
    put_member("black", pdn_game_tag(g, "Black"), out);
    put_member("event", pdn_game_tag(g, "Event"), out);
    put_member("date", pdn_game_tag(g, "Date"), out);
    put_member("result", result, out);
    put_member("variant", a->variant ? a->variant->name : NULL, out);
    pdn_strbuf_printf(out,
                      ",\"selected\":%s,\"stopped\":%s,\"nodes\":%" PRIu64
                      ",\"seconds\":%.3f,\"depth\":[%d,%d]",
                      bool_text(a->selected), bool_text(a->stopped), a->nodes,
                      finite_or_0(a->seconds), a->depth_min, a->depth_max);
    put_sides(a, out);
    pdn_strbuf_puts(out, ",\"moves\":[");
    for (size_t i = 0; a->variant && i < a->count; i++) {
        if (i > 0)
            pdn_strbuf_putc(out, ',');
        put_move(a, &a->moves[i], o, out);
    }
    pdn_strbuf_puts(out, "]}\n");
}
