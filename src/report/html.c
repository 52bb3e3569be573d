/* html.c -- the HTML report of pdn annotate (report.h): one page with no
 * outside resource and no script (inline CSS and SVG), a section per
 * game: its summary table, an evaluation graph, and a board at every
 * mistake and blunder (html_board.c).
 */
#include "report/report.h"

#include <inttypes.h>

/* ---- Text ---- */

void
pdn_report_html_escape(const char *s, pdn_strbuf *out)
{
    if (!s)
        return;
    const char *run = s;
    for (; *s; s++) {
        const char *ref;
        switch (*s) {
        case '&':
            ref = "&amp;";
            break;
        case '<':
            ref = "&lt;";
            break;
        case '>':
            ref = "&gt;";
            break;
        case '"':
            ref = "&quot;";
            break;
        case '\'':
            ref = "&#39;";
            break;
        default:
            continue;
        }
        pdn_strbuf_put(out, run, (size_t)(s - run));
        pdn_strbuf_puts(out, ref);
        run = s + 1;
    }
    pdn_strbuf_put(out, run, (size_t)(s - run));
}

/* A tag's value escaped, or "?". */
static void
put_tag(const pdn_game *g, const char *name, pdn_strbuf *out)
{
    const char *s = pdn_game_tag(g, name);
    pdn_report_html_escape(s && *s ? s : "?", out);
}

static const char *
color_name(pdn_color c)
{
    return c == PDN_WHITE ? "White" : "Black";
}

static const char *const MARK_CLASS[4] = {"none", "inaccuracy", "mistake",
                                          "blunder"};

/* ---- The page ---- */

static const char STYLE[] =
    "body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;"
    "margin:1.5em auto;max-width:1100px;padding:0 1em;color:#222;"
    "background:#fff}\n"
    "h1{font-size:1.6em}h2{font-size:1.3em;margin-top:2em;"
    "border-bottom:1px solid #ccc}\n"
    ".meta{color:#555}\n"
    "table.summary{border-collapse:collapse;margin:1em 0}\n"
    "table.summary th,table.summary td{border:1px solid #ccc;"
    "padding:.3em .6em;text-align:right}\n"
    "table.summary th:first-child,table.summary td:first-child,"
    "table.summary td:nth-child(2){text-align:left}\n"
    "table.summary thead th{background:#f3f3f3}\n"
    "figure{margin:1em 0}\n"
    "figure.board{display:inline-block;vertical-align:top;width:336px;"
    "margin:0 1.5em 1.5em 0}\n"
    "figcaption{font-size:.9em;margin-top:.4em}\n"
    "svg text{font-family:system-ui,sans-serif}\n"
    "svg .sq{font-size:9px;fill:#f7eedd;stroke:#b58863;stroke-width:2px;"
    "paint-order:stroke}\n"
    "svg .coord{font-size:10px;fill:#555;text-anchor:middle}\n"
    "svg .axis{font-size:11px;fill:#444}\n"
    ".legend>span{margin-right:1.2em;white-space:nowrap}\n"
    ".dot{display:inline-block;width:.7em;height:.7em;border-radius:50%;"
    "margin-right:.3em}\n"
    "span.inaccuracy{color:#a87b00}span.mistake{color:#d04a00}"
    "span.blunder{color:#c00}\n"
    ".dot.inaccuracy{background:#e8b400}.dot.mistake{background:#e6550d}"
    ".dot.blunder{background:#c00}\n"
    "span.best{color:#1a7f37}span.played{color:#c00}\n";

void
pdn_report_html_begin(const char *title, pdn_strbuf *out)
{
    pdn_strbuf_puts(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
                         "<meta charset=\"utf-8\">\n"
                         "<meta name=\"viewport\" content=\"width=device-"
                         "width, initial-scale=1\">\n<title>");
    pdn_report_html_escape(title, out);
    pdn_strbuf_puts(out, "</title>\n<style>\n");
    pdn_strbuf_puts(out, STYLE);
    pdn_strbuf_puts(out, "</style>\n</head>\n<body>\n<h1>");
    pdn_report_html_escape(title, out);
    pdn_strbuf_puts(out, "</h1>\n");
}

void
pdn_report_html_end(pdn_strbuf *out)
{
    pdn_strbuf_puts(out, "</body>\n</html>\n");
}

/* ---- Summary ---- */

static void
put_summary(const pdn_game *g, const pdn_annotation *a, pdn_strbuf *out)
{
    pdn_strbuf_puts(out, "<table class=\"summary\">\n<thead><tr><th>Side</th>"
                         "<th>Player</th><th>Moves judged</th><th>Accuracy</th>"
                         "<th>Average loss (men)</th><th>Inaccuracies</th>"
                         "<th>Mistakes</th><th>Blunders</th></tr></thead>\n"
                         "<tbody>\n");
    for (int i = 0; i < 2; i++) {
        const pdn_side_summary *s = &a->sides[i];
        const char *colour = color_name(pdn_annotation_side(a, i));
        pdn_strbuf_printf(out, "<tr><td>%s</td><td>", colour);
        put_tag(g, colour, out);
        pdn_strbuf_printf(out,
                          "</td><td>%" PRIu32 "</td><td>%.1f%%</td>"
                          "<td>%.2f</td><td>%" PRIu32 "</td><td>%" PRIu32
                          "</td><td>%" PRIu32 "</td></tr>\n",
                          s->judged, s->accuracy, pdn_side_average_loss(s),
                          s->marks[PDN_MARK_INACCURACY],
                          s->marks[PDN_MARK_MISTAKE],
                          s->marks[PDN_MARK_BLUNDER]);
    }
    pdn_strbuf_puts(out, "</tbody>\n</table>\n");
}

/* ---- Evaluation graph ---- */

/* The plot's frame in the SVG, and the men shown either side of 0. */
enum {
    G_WIDTH = 760,
    G_HEIGHT = 240,
    G_LEFT = 48,
    G_RIGHT = 12,
    G_TOP = 12,
    G_BOTTOM = 40,
    G_MEN = 3
};

typedef struct graph {
    uint32_t plies; /* the x axis: 0 .. plies */
} graph;

static double
graph_x(const graph *gr, uint32_t ply)
{
    double w = G_WIDTH - G_LEFT - G_RIGHT;
    return G_LEFT + w * ply / (gr->plies ? gr->plies : 1);
}

/* The y of @score (hundredths, White's side), clamped to G_MEN men. */
static double
graph_y(int score)
{
    double men = score / 100.0, h = (G_HEIGHT - G_TOP - G_BOTTOM) / 2.0;
    if (men > G_MEN)
        men = G_MEN;
    if (men < -G_MEN)
        men = -G_MEN;
    return G_TOP + h - h * men / G_MEN;
}

static int
after_white(const pdn_judged_move *m)
{
    return pdn_score_white(&m->before, m->played_score);
}

/* The grid, the zero line, and the labels of both axes. */
static void
put_axes(const pdn_annotation *a, const graph *gr, pdn_strbuf *out)
{
    double x0 = G_LEFT, x1 = G_WIDTH - G_RIGHT;
    for (int men = -G_MEN; men <= G_MEN; men++) {
        double y = graph_y(men * 100);
        pdn_strbuf_printf(out,
                          "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
                          "y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%s\"/>"
                          "<text class=\"axis\" x=\"%d\" y=\"%.1f\" "
                          "text-anchor=\"end\">%s%d</text>\n",
                          x0, y, x1, y, men ? "#e4e4e4" : "#777",
                          men ? "1" : "1.5", G_LEFT - 6, y + 4,
                          men > 0   ? "+"
                          : men < 0 ? "&#8722;"
                                    : "",
                          men < 0 ? -men : men);
    }
    /* Move numbers under the first mover's moves, about 12 of them. */
    uint32_t step = 1;
    while (gr->plies / (2 * step) > 12)
        step = step == 1 ? 5 : step * 2;
    for (size_t i = 0; i < a->count; i++) {
        const pdn_judged_move *m = &a->moves[i];
        if (!m->main_line || m->second || m->number % step != 0)
            continue;
        pdn_strbuf_printf(out,
                          "<text class=\"axis\" x=\"%.1f\" y=\"%d\" "
                          "text-anchor=\"middle\">%" PRIu32 "</text>",
                          graph_x(gr, m->ply + 1), G_HEIGHT - G_BOTTOM + 16,
                          m->number);
    }
    pdn_strbuf_printf(out,
                      "\n<text class=\"axis\" x=\"%d\" y=\"%d\" "
                      "text-anchor=\"middle\">move</text>"
                      "<text class=\"axis\" transform=\"translate(12 %d) "
                      "rotate(-90)\" text-anchor=\"middle\">men, from "
                      "White&#39;s side</text>\n",
                      (G_LEFT + G_WIDTH - G_RIGHT) / 2, G_HEIGHT - 6,
                      G_TOP + (G_HEIGHT - G_TOP - G_BOTTOM) / 2);
}

static void
put_points(const pdn_annotation *a, const graph *gr,
           const pdn_annotate_options *o, pdn_strbuf *out)
{
    static const char *const fill[4] = {"#5a7fb0", "#e8b400", "#e6550d",
                                        "#cc0000"};
    pdn_strbuf_puts(out, "<polyline fill=\"none\" stroke=\"#5a7fb0\" "
                         "stroke-width=\"2\" points=\"");
    for (size_t i = 0; i < a->count; i++) {
        const pdn_judged_move *m = &a->moves[i];
        if (m->main_line && m->judged)
            pdn_strbuf_printf(out, "%.1f,%.1f ", graph_x(gr, m->ply + 1),
                              graph_y(after_white(m)));
    }
    pdn_strbuf_puts(out, "\"/>\n");
    for (size_t i = 0; i < a->count; i++) {
        const pdn_judged_move *m = &a->moves[i];
        if (!m->main_line || !m->judged)
            continue;
        int mark = m->mark <= PDN_MARK_BLUNDER ? (int)m->mark : 0;
        char score[24];
        pdn_score_format(after_white(m), "&#8722;", score);
        pdn_strbuf_printf(
            out,
            "<circle class=\"point %s\" cx=\"%.1f\" "
            "cy=\"%.1f\" r=\"%d\" fill=\"%s\"><title>%" PRIu32 "%s ",
            MARK_CLASS[mark], graph_x(gr, m->ply + 1), graph_y(after_white(m)),
            mark ? 5 : 2, fill[mark], m->number, m->second ? "..." : ".");
        pdn_report_html_escape(m->played_text, out);
        pdn_strbuf_printf(out, " %s", score);
        if (mark) {
            pdn_strbuf_puts(out, " ");
            pdn_report_html_escape(pdn_report_mark_label(o, m->mark), out);
        }
        pdn_strbuf_puts(out, "</title></circle>\n");
    }
}

static void
put_graph(const pdn_annotation *a, const pdn_annotate_options *o,
          pdn_strbuf *out)
{
    graph gr = {0};
    size_t judged = 0;
    for (size_t i = 0; i < a->count; i++) {
        const pdn_judged_move *m = &a->moves[i];
        if (!m->main_line)
            continue;
        if (m->ply + 1 > gr.plies)
            gr.plies = m->ply + 1;
        judged += m->judged;
    }
    if (judged == 0) {
        pdn_strbuf_puts(out, "<p>No move of the main line was judged.</p>\n");
        return;
    }
    pdn_strbuf_printf(out,
                      "<figure class=\"graph\">\n<svg xmlns=\"http://www."
                      "w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"%d\" "
                      "height=\"%d\" role=\"img\" aria-label=\"The score "
                      "from White&#39;s side after each move\">\n",
                      G_WIDTH, G_HEIGHT, G_WIDTH, G_HEIGHT);
    put_axes(a, &gr, out);
    put_points(a, &gr, o, out);
    pdn_strbuf_puts(out, "</svg>\n<figcaption class=\"legend\">The score "
                         "after each move, from White&#39;s side, in men "
                         "(clamped to &#177;3): ");
    for (int mark = PDN_MARK_INACCURACY; mark <= PDN_MARK_BLUNDER; mark++) {
        pdn_strbuf_printf(out, "<span><span class=\"dot %s\"></span>",
                          MARK_CLASS[mark]);
        pdn_report_html_escape(pdn_report_mark_label(o, (pdn_mark)mark), out);
        pdn_strbuf_puts(out, "</span>");
    }
    pdn_strbuf_puts(out, "</figcaption>\n</figure>\n");
}

/* ---- Boards ---- */

static void
put_caption(const pdn_annotation *a, const pdn_judged_move *m,
            const pdn_annotate_options *o, pdn_strbuf *out)
{
    char before[24], after[24];
    pdn_score_format(pdn_score_white(&m->before, m->best_score), "&#8722;",
                     before);
    pdn_score_format(after_white(m), "&#8722;", after);
    pdn_strbuf_printf(out,
                      "<figcaption><strong>%" PRIu32 "%s <span "
                      "class=\"played\">",
                      m->number, m->second ? "..." : ".");
    pdn_report_html_escape(m->played_text, out);
    pdn_strbuf_printf(out, "</span></strong>%s <span class=\"%s\">",
                      m->main_line ? "" : " (variation)", MARK_CLASS[m->mark]);
    pdn_report_html_escape(pdn_report_mark_label(o, m->mark), out);
    pdn_strbuf_printf(out,
                      "</span>: %s &#8594; %s, %.2f men lost.<br>"
                      "Better: <span class=\"best\">",
                      before, after, m->men_lost);
    pdn_report_html_escape(m->best_text, out);
    pdn_strbuf_puts(out, "</span>");
    if (o->line_plies > 0 && m->nline > 0) {
        pdn_strbuf_puts(out, "; line: ");
        pdn_strbuf s = PDN_STRBUF_INIT;
        pdn_report_line_text(a->variant, m, o->alpha, o->line_plies, &s);
        pdn_report_html_escape(s.ptr, out);
        pdn_strbuf_free(&s);
    }
    pdn_strbuf_puts(out, "</figcaption>\n");
}

static void
put_boards(const pdn_annotation *a, const pdn_annotate_options *o,
           pdn_strbuf *out)
{
    bool any = false;
    for (size_t i = 0; i < a->count; i++) {
        const pdn_judged_move *m = &a->moves[i];
        if (!m->judged || m->mark < PDN_MARK_MISTAKE ||
            m->mark > PDN_MARK_BLUNDER)
            continue;
        if (!any)
            pdn_strbuf_puts(out, "<h3>Mistakes and blunders</h3>\n"
                                 "<div class=\"boards\">\n");
        any = true;
        pdn_strbuf_printf(out, "<figure class=\"board %s\">\n",
                          MARK_CLASS[m->mark]);
        pdn_report_html_board(a->variant, m, out);
        put_caption(a, m, o, out);
        pdn_strbuf_puts(out, "</figure>\n");
    }
    if (any)
        pdn_strbuf_puts(out, "</div>\n");
}

/* ---- A game ---- */

void
pdn_report_html_game(const pdn_game *g, const pdn_annotation *a,
                     const pdn_annotate_options *o, pdn_strbuf *out)
{
    const char *result = pdn_game_result_text(g);
    if (!result)
        result = "?";
    pdn_strbuf_printf(out, "<section class=\"game\">\n<h2>Game %" PRIu64 ": ",
                      g->number);
    put_tag(g, color_name(pdn_annotation_side(a, 0)), out);
    pdn_strbuf_puts(out, " &#8211; ");
    put_tag(g, color_name(pdn_annotation_side(a, 1)), out);
    pdn_strbuf_puts(out, "</h2>\n<p class=\"meta\">");
    put_tag(g, "Event", out);
    pdn_strbuf_puts(out, " &#183; ");
    put_tag(g, "Date", out);
    pdn_strbuf_puts(out, " &#183; ");
    pdn_report_html_escape(result, out);
    pdn_strbuf_puts(out, " &#183; ");
    pdn_report_html_escape(g->file ? g->file : "-", out);
    if (!a->selected || !a->variant) {
        pdn_strbuf_printf(out, "</p>\n<p>Not annotated: %s.</p>\n</section>\n",
                          !a->selected ? "the game was not selected"
                                       : "the game was not replayed");
        return;
    }
    pdn_strbuf_printf(out, " &#183; ");
    pdn_report_html_escape(a->variant->title, out);
    pdn_strbuf_printf(
        out, " &#183; depth %d&#8211;%d, %" PRIu64 " nodes, %.1f s</p>\n",
        a->depth_min, a->depth_max, a->nodes, a->seconds);
    if (a->stopped)
        pdn_strbuf_puts(out, "<p>Stopped at an illegal move: the moves "
                             "after it are not judged.</p>\n");
    put_summary(g, a, out);
    put_graph(a, o, out);
    put_boards(a, o, out);
    pdn_strbuf_puts(out, "</section>\n");
}
