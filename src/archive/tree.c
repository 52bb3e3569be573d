/* tree.c -- the opening tree of games (archive/tree.h).
 *
 * Each game's main line is replayed, and from the first time it stands
 * on the root position, each of its next plies adds the game to the node
 * of the position before it and to the move played there.  Nodes are
 * numbered by their position (the board's bytes, in a base/str_index.h),
 * so that a position met again is the same node.
 */
#include "archive/tree.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/str_index.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "replay/replay.h"
#include "report/report.h"
#include "rules/fen.h"
#include "rules/notation.h"

/* A move played from a node. */
typedef struct tree_move {
    char text[PDN_MOVE_TEXT_MAX]; /* as pdn fmt writes it */
    uint32_t child;               /* the node it leads to */
    uint64_t games, white_wins, draws, black_wins;
} tree_move;

/* A position of the tree. */
typedef struct tree_node {
    pdn_board board;
    uint64_t games; /* that stood on it */
    tree_move *moves;
    size_t nmoves;
    uint32_t ply; /* the fewest plies from the root to it */
} tree_node;

struct pdn_tree {
    int depth;
    const pdn_variant *variant;
    pdn_board root;
    pdn_str_index *positions; /* a node's index by its board's bytes */
    tree_node *nodes;
    size_t nnodes;
    uint64_t games, other_variant, not_reached;
    /* The game being added: the nodes it stood on, and its moves. */
    uint32_t path[PDN_TREE_DEPTH_MAX + 1];
    struct {
        uint32_t node;
        size_t move;
    } played[PDN_TREE_DEPTH_MAX];
};

/* "s" unless @n is 1: "3 games", "1 game". */
static const char *
plural(uint64_t n)
{
    return n == 1 ? "" : "s";
}

void
pdn_tree_free(pdn_tree *t)
{
    if (!t)
        return;
    while (t->nnodes)
        free(t->nodes[--t->nnodes].moves);
    free(t->nodes);
    pdn_str_index_free(t->positions);
    free(t);
}

pdn_tree *
pdn_tree_new(const pdn_variant *v, const pdn_board *root, int depth)
{
    pdn_tree *t = pdn_xcalloc(1, sizeof *t);
    t->depth = depth;
    t->variant = v;
    t->root = *root;
    t->positions = pdn_str_index_new();
    return t;
}

pdn_tree_counts
pdn_tree_count(const pdn_tree *t)
{
    return (pdn_tree_counts){.games = t->games,
                             .from_root = t->nnodes ? t->nodes[0].games : 0,
                             .not_reached = t->not_reached,
                             .other_variant = t->other_variant};
}

/* ---- Nodes ---- */

/* The bytes that name a position: its sets and side to move. */
#define BOARD_KEY_BYTES 25

static size_t
board_key(const pdn_board *b, char key[32])
{
    memcpy(key, &b->pieces[PDN_WHITE], 8);
    memcpy(key + 8, &b->pieces[PDN_BLACK], 8);
    memcpy(key + 16, &b->kings, 8);
    key[24] = (char)b->side;
    return BOARD_KEY_BYTES;
}

/* The node of @b, made when new, at @ply plies from the root. */
static uint32_t
node_of(pdn_tree *t, const pdn_board *b, int ply)
{
    char key[32];
    size_t len = board_key(b, key);
    bool added;
    size_t i = pdn_str_index_of(t->positions, key, len, &added);
    if (added) {
        t->nodes = pdn_xrealloc(t->nodes, (t->nnodes + 1) * sizeof *t->nodes);
        t->nodes[t->nnodes++] = (tree_node){.board = *b, .ply = (uint32_t)ply};
    }
    return (uint32_t)i;
}

/* The move @text of node @n, made when new. */
static size_t
move_of(pdn_tree *t, uint32_t n, const char *text)
{
    tree_node *x = &t->nodes[n];
    for (size_t i = 0; i < x->nmoves; i++)
        if (strcmp(x->moves[i].text, text) == 0)
            return i;
    x->moves = pdn_xrealloc(x->moves, (x->nmoves + 1) * sizeof *x->moves);
    tree_move *m = &x->moves[x->nmoves];
    *m = (tree_move){.child = UINT32_MAX};
    snprintf(m->text, sizeof m->text, "%s", text);
    return x->nmoves++;
}

/* ---- A game's path ---- */

/* What pdn_tree_path() finds of a game, at the head of its path; then
 * the root's board, and for each ply a move's text (NUL-ended) and the
 * board after it. */
typedef struct game_path {
    uint8_t kind;   /* PATH_* */
    int8_t white;   /* 1 White won, 0 a draw, -1 Black won, 2 neither */
    uint16_t plies; /* in the tree */
} game_path;

enum { PATH_ON, PATH_NOT_ON, PATH_OTHER };

/* The replay of a game: where it stands on the tree. */
typedef struct walk {
    const pdn_tree *t;
    bool on;
    int plies;
    pdn_strbuf *out;
} walk;

static void
put_board(pdn_strbuf *out, const pdn_board *b)
{
    char key[32];
    pdn_strbuf_put(out, key, board_key(b, key));
}

/* pdn_replay_move_fn (main line only): from the root on, for the first
 * depth plies, each move and the board after it. */
static void
on_move(void *ctx, const pdn_node *n, const pdn_board *before,
        const pdn_move *m, const pdn_move *legal, int nlegal)
{
    walk *w = ctx;
    char text[PDN_MOVE_TEXT_MAX];

    (void)n;
    if (!w->on && pdn_board_equal(before, &w->t->root)) {
        w->on = true;
        put_board(w->out, before);
    }
    if (!w->on || w->plies >= w->t->depth)
        return;
    size_t len = pdn_notation_format(w->t->variant, m, legal, nlegal, text);
    pdn_strbuf_put(w->out, text, len);
    pdn_strbuf_putc(w->out, '\0');
    pdn_board after;
    pdn_board_after(before, m, &after);
    put_board(w->out, &after);
    w->plies++;
}

void
pdn_tree_path(const pdn_tree *t, const pdn_game *g, pdn_strbuf *out)
{
    game_path p = {.kind = PATH_OTHER};
    walk w = {.t = t, .out = out};
    size_t head = out->len;

    pdn_strbuf_put(out, (const char *)&p, sizeof p);
    const char *type = pdn_game_tag(g, "GameType");
    if (g->errors ||
        (type && *type && pdn_variant_by_gametype(type) != t->variant))
        return;
    pdn_replay_options o = {.variant = t->variant,
                            .moves_only = true,
                            .main_line_only = true,
                            .on_move = on_move,
                            .ctx = &w};
    pdn_replay_result res;
    pdn_diags rd = PDN_DIAGS_INIT;
    rd.count_only = true;
    pdn_replay_game(g, &o, &rd, &res);
    pdn_diags_free(&rd);
    if (res.variant != t->variant)
        return;
    if (!w.on && pdn_board_equal(&res.final, &t->root)) {
        w.on = true; /* it ends on the root */
        put_board(out, &res.final);
    }
    const char *text = pdn_game_result_text(g);
    pdn_result r = text ? pdn_result_of(text, strlen(text)) : PDN_RESULT_NONE;
    bool white_first = t->variant->first == PDN_WHITE;
    p.kind = w.on ? PATH_ON : PATH_NOT_ON;
    p.white = r == PDN_RESULT_FIRST    ? (white_first ? 1 : -1)
              : r == PDN_RESULT_SECOND ? (white_first ? -1 : 1)
              : r == PDN_RESULT_DRAW   ? 0
                                       : 2;
    p.plies = (uint16_t)w.plies;
    memcpy(out->ptr + head, &p, sizeof p);
}

/* The node of the board whose bytes (board_key()) are at @key. */
static uint32_t
node_at(pdn_tree *t, const char *key, int ply)
{
    pdn_board b = {0};
    memcpy(&b.pieces[PDN_WHITE], key, 8);
    memcpy(&b.pieces[PDN_BLACK], key + 8, 8);
    memcpy(&b.kings, key + 16, 8);
    b.side = (pdn_color)key[24];
    return node_of(t, &b, ply);
}

/* The game just walked (t->path and t->played, @p) counted once in each
 * node it stood on (a position met twice, by kings going back and forth,
 * once), and in each move. */
static void
count_path(pdn_tree *t, const game_path *p)
{
    for (int i = 0; i <= p->plies; i++) {
        bool seen = false;
        for (int k = 0; k < i && !seen; k++)
            seen = t->path[k] == t->path[i];
        if (!seen)
            t->nodes[t->path[i]].games++;
    }
    for (int i = 0; i < p->plies; i++) {
        tree_move *m = &t->nodes[t->played[i].node].moves[t->played[i].move];
        bool seen = false;
        for (int k = 0; k < i && !seen; k++)
            seen = t->played[k].node == t->played[i].node &&
                   t->played[k].move == t->played[i].move;
        if (seen)
            continue;
        m->games++;
        m->white_wins += p->white == 1;
        m->draws += p->white == 0;
        m->black_wins += p->white == -1;
    }
}

void
pdn_tree_add(pdn_tree *t, const char *path)
{
    game_path p;

    t->games++;
    memcpy(&p, path, sizeof p);
    if (p.kind != PATH_ON) {
        t->other_variant += p.kind == PATH_OTHER;
        t->not_reached += p.kind == PATH_NOT_ON;
        return;
    }
    const char *at = path + sizeof p;
    t->path[0] = node_at(t, at, 0);
    at += BOARD_KEY_BYTES;
    for (int i = 0; i < p.plies; i++) {
        size_t k = move_of(t, t->path[i], at);
        at += strlen(at) + 1;
        t->played[i].node = t->path[i];
        t->played[i].move = k;
        t->path[i + 1] = node_at(t, at, i + 1);
        t->nodes[t->path[i]].moves[k].child = t->path[i + 1];
        at += BOARD_KEY_BYTES;
    }
    count_path(t, &p);
}

void
pdn_tree_add_game(pdn_tree *t, const pdn_game *g)
{
    pdn_strbuf path = PDN_STRBUF_INIT;
    pdn_tree_path(t, g, &path);
    pdn_tree_add(t, path.ptr);
    pdn_strbuf_free(&path);
}

/* ---- Output ---- */

/* What the outputs read: the tree, and the moves they show. */
typedef struct tree_out {
    const pdn_tree *t;
    uint64_t min_games;
    bool *shown; /* the nodes shown so far */
    pdn_strbuf *out;
} tree_out;

/* The moves of node @n with min_games games or more, most played first
 * (then as met): their indices, *@k of them, in an array to free. */
static size_t *
shown_moves(const tree_out *o, uint32_t n, size_t *k_out)
{
    const tree_node *x = &o->t->nodes[n];
    size_t *out = pdn_xmalloc((x->nmoves + 1) * sizeof *out);
    size_t k = 0;
    for (size_t i = 0; i < x->nmoves; i++)
        if (x->moves[i].games >= o->min_games)
            out[k++] = i;
    /* An insertion sort: a node has few moves. */
    for (size_t i = 1; i < k; i++)
        for (size_t j = i;
             j > 0 && x->moves[out[j]].games > x->moves[out[j - 1]].games;
             j--) {
            size_t s = out[j];
            out[j] = out[j - 1];
            out[j - 1] = s;
        }
    *k_out = k;
    return out;
}

/* "12. 22-18" or "12... 10-14": the move @m at @ply plies from the root
 * (root_side to move there), numbered from 1. */
static void
put_numbered(const pdn_tree *t, int ply, const char *m, pdn_strbuf *out)
{
    pdn_color root_side = t->root.side;
    bool first = (root_side == t->variant->first) == (ply % 2 == 0);
    int before = root_side == t->variant->first ? 0 : 1;
    pdn_strbuf_printf(out, "%d%s %s", (ply + before) / 2 + 1,
                      first ? "." : "...", m);
}

static void
put_counts(const tree_move *m, pdn_strbuf *out)
{
    uint64_t n = m->white_wins + m->draws + m->black_wins;
    pdn_strbuf_printf(
        out, "  %llu game%s  +%llu =%llu -%llu", (unsigned long long)m->games,
        plural(m->games), (unsigned long long)m->white_wins,
        (unsigned long long)m->draws, (unsigned long long)m->black_wins);
    if (n)
        pdn_strbuf_printf(
            out, "  %.1f%%",
            100.0 * ((double)m->white_wins + (double)m->draws / 2) / (double)n);
}

/* Node @n and below as text, indented by @ply; a node shown before is
 * named, not shown again. */
static void
text_node(const tree_out *o, uint32_t n, int ply)
{
    const pdn_tree *t = o->t;
    size_t k, *order = shown_moves(o, n, &k);
    o->shown[n] = true;
    for (size_t i = 0; i < k; i++) {
        const tree_move *m = &t->nodes[n].moves[order[i]];
        for (int s = 0; s <= ply; s++)
            pdn_strbuf_puts(o->out, "  ");
        put_numbered(t, ply, m->text, o->out);
        put_counts(m, o->out);
        if (o->shown[m->child] && t->nodes[m->child].nmoves) {
            pdn_strbuf_puts(o->out, "  (a transposition: shown above)\n");
            continue;
        }
        pdn_strbuf_putc(o->out, '\n');
        if (ply + 1 < t->depth)
            text_node(o, m->child, ply + 1);
    }
    free(order);
}

static void
put_fen(const pdn_tree *t, uint32_t n, pdn_strbuf *out)
{
    char fen[PDN_FEN_MAX];
    size_t len = pdn_fen_write(t->variant, &t->nodes[n].board, fen);
    pdn_strbuf_put(out, fen, len);
}

/* The positions as JSON Lines, from the root down, each once. */
static void
json_nodes(const tree_out *o)
{
    const pdn_tree *t = o->t;
    pdn_strbuf *out = o->out;
    uint32_t *queue = pdn_xmalloc((t->nnodes + 1) * sizeof *queue);
    size_t head = 0, tail = 0;
    if (t->nnodes) {
        queue[tail++] = 0;
        o->shown[0] = true;
    }
    while (head < tail) {
        uint32_t n = queue[head++];
        const tree_node *x = &t->nodes[n];
        size_t k, *order = shown_moves(o, n, &k);
        pdn_strbuf_puts(out, "{\"fen\":\"");
        put_fen(t, n, out);
        pdn_strbuf_printf(out, "\",\"ply\":%u,\"games\":%llu,\"moves\":[",
                          x->ply, (unsigned long long)x->games);
        for (size_t i = 0; i < k; i++) {
            const tree_move *m = &x->moves[order[i]];
            pdn_strbuf_printf(
                out,
                "%s{\"move\":\"%s\",\"games\":%llu,\"white_wins\":"
                "%llu,\"draws\":%llu,\"black_wins\":%llu}",
                i ? "," : "", m->text, (unsigned long long)m->games,
                (unsigned long long)m->white_wins, (unsigned long long)m->draws,
                (unsigned long long)m->black_wins);
            if (!o->shown[m->child] &&
                t->nodes[m->child].ply < (uint32_t)t->depth) {
                o->shown[m->child] = true;
                queue[tail++] = m->child;
            }
        }
        pdn_strbuf_puts(out, "]}\n");
        free(order);
    }
    free(queue);
}

/* Node @n and below as nested <details>: a move's line opens onto the
 * moves after it; a node shown before links to where it is. */
static void
html_node(const tree_out *o, uint32_t n, int ply)
{
    const pdn_tree *t = o->t;
    pdn_strbuf *out = o->out;
    size_t k, *order = shown_moves(o, n, &k);
    o->shown[n] = true;
    pdn_strbuf_puts(out, "<ul>\n");
    for (size_t i = 0; i < k; i++) {
        const tree_move *m = &t->nodes[n].moves[order[i]];
        pdn_strbuf line = PDN_STRBUF_INIT;
        put_numbered(t, ply, m->text, &line);
        put_counts(m, &line);
        bool deeper = ply + 1 < t->depth && t->nodes[m->child].nmoves;
        if (deeper && o->shown[m->child]) {
            pdn_strbuf_puts(out, "<li>");
            pdn_report_html_escape(line.ptr, out);
            pdn_strbuf_printf(out,
                              " <a href=\"#p%u\">(a transposition)</a></li>\n",
                              m->child);
        } else if (deeper) {
            pdn_strbuf_printf(out, "<li><details id=\"p%u\"><summary>",
                              m->child);
            pdn_report_html_escape(line.ptr, out);
            pdn_strbuf_puts(out, "</summary>\n");
            html_node(o, m->child, ply + 1);
            pdn_strbuf_puts(out, "</details></li>\n");
        } else {
            pdn_strbuf_puts(out, "<li>");
            pdn_report_html_escape(line.ptr, out);
            pdn_strbuf_puts(out, "</li>\n");
        }
        pdn_strbuf_free(&line);
    }
    pdn_strbuf_puts(out, "</ul>\n");
    free(order);
}

void
pdn_tree_write(const pdn_tree *t, pdn_tree_format format, uint64_t min_games,
               pdn_strbuf *out)
{
    tree_out o = {.t = t,
                  .min_games = min_games,
                  .shown = pdn_xcalloc(t->nnodes + 1, sizeof *o.shown),
                  .out = out};
    uint64_t root_games = t->nnodes ? t->nodes[0].games : 0;
    char fen[PDN_FEN_MAX];
    pdn_fen_write(t->variant, &t->root, fen);
    if (format == PDN_TREE_JSON) {
        json_nodes(&o);
    } else if (format == PDN_TREE_HTML) {
        pdn_report_html_begin("pdn tree", out);
        pdn_strbuf_puts(out, "<p>");
        pdn_report_html_escape(fen, out);
        pdn_strbuf_printf(out, ": %llu game%s, %d plies deep.</p>\n",
                          (unsigned long long)root_games, plural(root_games),
                          t->depth);
        if (t->nnodes)
            html_node(&o, 0, 0);
        pdn_report_html_end(out);
    } else {
        pdn_strbuf_printf(out, "%s  %llu game%s\n", fen,
                          (unsigned long long)root_games, plural(root_games));
        if (t->nnodes)
            text_node(&o, 0, 0);
    }
    free(o.shown);
}
