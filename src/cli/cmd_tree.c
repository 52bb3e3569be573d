/* cmd_tree.c -- pdn tree: the opening tree of the games, from a position
 * (the start by default) some plies deep: for each position, each move
 * played from it, by how many games, and how they ended; a position
 * reached by two move orders is one node (transpositions merged).
 *
 * One reading: each game's main line is replayed, and from the first
 * time it stands on the root position, each of its next plies adds the
 * game to the node of the position before it and to the move played
 * there.  Nodes are numbered by their position (the board's bytes, in a
 * base/str_index.h), so that a position met again is the same node.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json_string.h"
#include "base/str_index.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "replay/replay.h"
#include "report/report.h"
#include "rules/fen.h"
#include "rules/notation.h"

#define CMD "tree"

/* The most plies the tree goes down. */
#define TREE_DEPTH_MAX 40

enum { FORMAT_TEXT, FORMAT_JSON, FORMAT_HTML };

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

typedef struct tree_job {
    pdn_shard_picker shard; /* first: for pdn_shard_pick() */
    int depth, format;
    uint64_t min_games;
    const char *from; /* --from */
    const pdn_variant *variant;
    pdn_board root;
    pdn_str_index *positions; /* a node's index by its board's bytes */
    tree_node *nodes;
    size_t nnodes;
    uint64_t games, other_variant, not_reached;
    /* The game being added: the nodes it stood on, and its moves. */
    uint32_t path[TREE_DEPTH_MAX + 1];
    struct {
        uint32_t node;
        size_t move;
    } played[TREE_DEPTH_MAX];
} tree_job;

static const pdn_option tree_options[] = {
    PDN_OPTION_INTO("from", 0, "FEN",
                    "the position the tree starts from (default: the\n"
                    "variant's start)",
                    NULL, tree_job, from),
    PDN_OPTION_INTO("depth", 'd', "N",
                    "the plies the tree goes down (default 8)", "1..40",
                    tree_job, depth),
    PDN_OPTION_INTO("min-games", 0, "K",
                    "leave out moves played by fewer than K games\n(default 1)",
                    "1..4294967295", tree_job, min_games),
    PDN_OPTION_INTO("format", 0, "FORMAT",
                    "text (the default), json (a position a line) or\n"
                    "html (one page, opened position by position)",
                    "text json html", tree_job, format),
    PDN_OPTION_VARIANT("the variant of the tree and of games without a\n"
                       "GameType tag",
                       PDN_VARIANT_CHOICES),
    PDN_OPTIONS_ARCHIVE("read and replay on N threads (default 1)",
                        "only games I, I+N, I+2N... of all read"),
};

static const char tree_about[] =
    "The opening tree of the games of each FILE (standard input when none,\n"
    "or '-'), from a position (the start by default) N plies deep: for each\n"
    "position, each move played from it, by how many games, and how many\n"
    "White won, drew and Black won; a position reached by two move orders\n"
    "is one (transpositions merged).\n";

static const char tree_more[] =
    "A game counts from the first position of its main line that is the\n"
    "tree's, as far as its moves are legal; a game of another variant, with\n"
    "a reading error, or that never stands on it, counts in none.  The\n"
    "score after the counts is White's: wins and half the draws of the\n"
    "games decided or drawn.\n"
    "\n"
    "Exit status: 0 success, 1 a game with a reading error, 2 usage error\n"
    "or a FILE that cannot be read.\n"
    "\n"
    "Examples:\n"
    "  pdn tree --depth 6 --min-games 5 archive.pdn\n"
    "  pdn tree --format html archive.pdn > tree.html\n";

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
node_of(tree_job *job, const pdn_board *b, int ply)
{
    char key[32];
    size_t len = board_key(b, key);
    bool added;
    size_t i = pdn_str_index_of(job->positions, key, len, &added);
    if (added) {
        job->nodes =
            pdn_xrealloc(job->nodes, (job->nnodes + 1) * sizeof *job->nodes);
        job->nodes[job->nnodes++] =
            (tree_node){.board = *b, .ply = (uint32_t)ply};
    }
    return (uint32_t)i;
}

/* The move @text of node @n, made when new. */
static size_t
move_of(tree_job *job, uint32_t n, const char *text)
{
    tree_node *x = &job->nodes[n];
    for (size_t i = 0; i < x->nmoves; i++)
        if (strcmp(x->moves[i].text, text) == 0)
            return i;
    x->moves = pdn_xrealloc(x->moves, (x->nmoves + 1) * sizeof *x->moves);
    tree_move *m = &x->moves[x->nmoves];
    *m = (tree_move){.child = UINT32_MAX};
    snprintf(m->text, sizeof m->text, "%s", text);
    return x->nmoves++;
}

/* What work_game() finds of a game, at the head of its output; then the
 * root's board, and for each ply a move's text (NUL-ended) and the board
 * after it. */
typedef struct game_path {
    uint8_t kind;   /* PATH_* */
    int8_t white;   /* 1 White won, 0 a draw, -1 Black won, 2 neither */
    uint16_t plies; /* in the tree */
} game_path;

enum { PATH_ON, PATH_NOT_ON, PATH_OTHER };

/* The replay of a game: where it stands on the tree. */
typedef struct walk {
    const tree_job *job;
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
 * --depth plies, each move and the board after it. */
static void
on_move(void *ctx, const pdn_node *n, const pdn_board *before,
        const pdn_move *m, const pdn_move *legal, int nlegal)
{
    walk *w = ctx;
    char text[PDN_MOVE_TEXT_MAX];

    (void)n;
    if (!w->on && pdn_board_equal(before, &w->job->root)) {
        w->on = true;
        put_board(w->out, before);
    }
    if (!w->on || w->plies >= w->job->depth)
        return;
    size_t len = pdn_notation_format(w->job->variant, m, legal, nlegal, text);
    pdn_strbuf_put(w->out, text, len);
    pdn_strbuf_putc(w->out, '\0');
    pdn_board after;
    pdn_board_after(before, m, &after);
    put_board(w->out, &after);
    w->plies++;
}

/* pdn_read_work.work: @g replayed, its path on the tree in @out
 * (game_path, boards and moves).  Reads @job and nothing else: threads
 * call it at once. */
static long
work_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, pdn_strbuf *out,
          void *ctx)
{
    const tree_job *job = ctx;
    game_path p = {.kind = PATH_OTHER};
    walk w = {.job = job, .out = out};

    (void)cli, (void)d;
    pdn_strbuf_put(out, (const char *)&p, sizeof p);
    const char *type = pdn_game_tag(g, "GameType");
    if (g->errors ||
        (type && *type && pdn_variant_by_gametype(type) != job->variant))
        return 0;
    pdn_replay_options o = {.variant = job->variant,
                            .moves_only = true,
                            .main_line_only = true,
                            .on_move = on_move,
                            .ctx = &w};
    pdn_replay_result res;
    pdn_diags rd = PDN_DIAGS_INIT;
    rd.count_only = true;
    pdn_replay_game(g, &o, &rd, &res);
    pdn_diags_free(&rd);
    if (res.variant != job->variant)
        return 0;
    if (!w.on && pdn_board_equal(&res.final, &job->root)) {
        w.on = true; /* it ends on the root */
        put_board(out, &res.final);
    }
    const char *text = pdn_game_result_text(g);
    pdn_result r = text ? pdn_result_of(text, strlen(text)) : PDN_RESULT_NONE;
    bool white_first = job->variant->first == PDN_WHITE;
    p.kind = w.on ? PATH_ON : PATH_NOT_ON;
    p.white = r == PDN_RESULT_FIRST    ? (white_first ? 1 : -1)
              : r == PDN_RESULT_SECOND ? (white_first ? -1 : 1)
              : r == PDN_RESULT_DRAW   ? 0
                                       : 2;
    p.plies = (uint16_t)w.plies;
    memcpy(out->ptr, &p, sizeof p);
    return 0;
}

/* The node of the board whose bytes (board_key()) are at @key. */
static uint32_t
node_at(tree_job *job, const char *key, int ply)
{
    pdn_board b = {0};
    memcpy(&b.pieces[PDN_WHITE], key, 8);
    memcpy(&b.pieces[PDN_BLACK], key + 8, 8);
    memcpy(&b.kings, key + 16, 8);
    b.side = (pdn_color)key[24];
    return node_of(job, &b, ply);
}

/* pdn_read_work.done: a game's path added to the tree, in file order:
 * the game counted once in each node it stood on (a position met twice,
 * by kings going back and forth, once), and in each move. */
static void
add_game(const pdn_cli *cli, long value, const char *file,
         const pdn_strbuf *out, void *ctx)
{
    tree_job *job = ctx;
    game_path p;

    (void)cli, (void)value, (void)file;
    job->games++;
    memcpy(&p, out->ptr, sizeof p);
    if (p.kind != PATH_ON) {
        job->other_variant += p.kind == PATH_OTHER;
        job->not_reached += p.kind == PATH_NOT_ON;
        return;
    }
    const char *at = out->ptr + sizeof p;
    job->path[0] = node_at(job, at, 0);
    at += BOARD_KEY_BYTES;
    for (int i = 0; i < p.plies; i++) {
        size_t k = move_of(job, job->path[i], at);
        at += strlen(at) + 1;
        job->played[i].node = job->path[i];
        job->played[i].move = k;
        job->path[i + 1] = node_at(job, at, i + 1);
        job->nodes[job->path[i]].moves[k].child = job->path[i + 1];
        at += BOARD_KEY_BYTES;
    }
    for (int i = 0; i <= p.plies; i++) {
        bool seen = false;
        for (int k = 0; k < i && !seen; k++)
            seen = job->path[k] == job->path[i];
        if (!seen)
            job->nodes[job->path[i]].games++;
    }
    for (int i = 0; i < p.plies; i++) {
        tree_move *m =
            &job->nodes[job->played[i].node].moves[job->played[i].move];
        bool seen = false;
        for (int k = 0; k < i && !seen; k++)
            seen = job->played[k].node == job->played[i].node &&
                   job->played[k].move == job->played[i].move;
        if (seen)
            continue;
        m->games++;
        m->white_wins += p.white == 1;
        m->draws += p.white == 0;
        m->black_wins += p.white == -1;
    }
}

/* ---- Output ---- */

/* The moves of node @n with --min-games games or more, most played first
 * (then as met): their indices, *@k of them, in an array to free. */
static size_t *
shown_moves(const tree_job *job, uint32_t n, size_t *k_out)
{
    const tree_node *x = &job->nodes[n];
    size_t *out = pdn_xmalloc((x->nmoves + 1) * sizeof *out);
    size_t k = 0;
    for (size_t i = 0; i < x->nmoves; i++)
        if (x->moves[i].games >= job->min_games)
            out[k++] = i;
    /* An insertion sort: a node has few moves. */
    for (size_t i = 1; i < k; i++)
        for (size_t j = i;
             j > 0 && x->moves[out[j]].games > x->moves[out[j - 1]].games;
             j--) {
            size_t t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    *k_out = k;
    return out;
}

/* "12. 22-18" or "12... 10-14": the move @m at @ply plies from the root
 * (@root_side to move there), numbered from 1. */
static void
put_numbered(const tree_job *job, int ply, const char *m, pdn_strbuf *out)
{
    pdn_color root_side = job->root.side;
    bool first = (root_side == job->variant->first) == (ply % 2 == 0);
    int before = root_side == job->variant->first ? 0 : 1;
    pdn_strbuf_printf(out, "%d%s %s", (ply + before) / 2 + 1,
                      first ? "." : "...", m);
}

static void
put_counts(const tree_move *m, pdn_strbuf *out)
{
    uint64_t n = m->white_wins + m->draws + m->black_wins;
    pdn_strbuf_printf(
        out, "  %llu game%s  +%llu =%llu -%llu", (unsigned long long)m->games,
        pdn_args_plural(m->games), (unsigned long long)m->white_wins,
        (unsigned long long)m->draws, (unsigned long long)m->black_wins);
    if (n)
        pdn_strbuf_printf(
            out, "  %.1f%%",
            100.0 * ((double)m->white_wins + (double)m->draws / 2) / (double)n);
}

/* Node @n and below as text, indented by @ply; a node shown before is
 * named, not shown again. */
static void
text_node(const tree_job *job, uint32_t n, int ply, bool *shown,
          pdn_strbuf *out)
{
    size_t k, *order = shown_moves(job, n, &k);
    shown[n] = true;
    for (size_t i = 0; i < k; i++) {
        const tree_move *m = &job->nodes[n].moves[order[i]];
        for (int s = 0; s <= ply; s++)
            pdn_strbuf_puts(out, "  ");
        put_numbered(job, ply, m->text, out);
        put_counts(m, out);
        if (shown[m->child] && job->nodes[m->child].nmoves) {
            pdn_strbuf_puts(out, "  (a transposition: shown above)\n");
            continue;
        }
        pdn_strbuf_putc(out, '\n');
        if (ply + 1 < job->depth)
            text_node(job, m->child, ply + 1, shown, out);
    }
    free(order);
}

static void
put_fen(const tree_job *job, uint32_t n, pdn_strbuf *out)
{
    char fen[PDN_FEN_MAX];
    size_t len = pdn_fen_write(job->variant, &job->nodes[n].board, fen);
    pdn_strbuf_put(out, fen, len);
}

/* The positions as JSON Lines, from the root down, each once. */
static void
json_nodes(const tree_job *job, bool *shown, pdn_strbuf *out)
{
    uint32_t *queue = pdn_xmalloc((job->nnodes + 1) * sizeof *queue);
    size_t head = 0, tail = 0;
    if (job->nnodes) {
        queue[tail++] = 0;
        shown[0] = true;
    }
    while (head < tail) {
        uint32_t n = queue[head++];
        const tree_node *x = &job->nodes[n];
        size_t k, *order = shown_moves(job, n, &k);
        pdn_strbuf_puts(out, "{\"fen\":\"");
        put_fen(job, n, out);
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
            if (!shown[m->child] &&
                job->nodes[m->child].ply < (uint32_t)job->depth) {
                shown[m->child] = true;
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
html_node(const tree_job *job, uint32_t n, int ply, bool *shown,
          pdn_strbuf *out)
{
    size_t k, *order = shown_moves(job, n, &k);
    shown[n] = true;
    pdn_strbuf_puts(out, "<ul>\n");
    for (size_t i = 0; i < k; i++) {
        const tree_move *m = &job->nodes[n].moves[order[i]];
        pdn_strbuf line = PDN_STRBUF_INIT;
        put_numbered(job, ply, m->text, &line);
        put_counts(m, &line);
        bool deeper = ply + 1 < job->depth && job->nodes[m->child].nmoves;
        if (deeper && shown[m->child]) {
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
            html_node(job, m->child, ply + 1, shown, out);
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

static void
report(const pdn_cli *cli, const tree_job *job)
{
    pdn_strbuf out = PDN_STRBUF_INIT;
    bool *shown = pdn_xcalloc(job->nnodes + 1, sizeof *shown);
    uint64_t root_games = job->nnodes ? job->nodes[0].games : 0;
    char fen[PDN_FEN_MAX];
    pdn_fen_write(job->variant, &job->root, fen);
    if (job->format == FORMAT_JSON) {
        json_nodes(job, shown, &out);
    } else if (job->format == FORMAT_HTML) {
        pdn_report_html_begin("pdn tree", &out);
        pdn_strbuf_puts(&out, "<p>");
        pdn_report_html_escape(fen, &out);
        pdn_strbuf_printf(&out, ": %llu game%s, %d plies deep.</p>\n",
                          (unsigned long long)root_games,
                          pdn_args_plural(root_games), job->depth);
        if (job->nnodes)
            html_node(job, 0, 0, shown, &out);
        pdn_report_html_end(&out);
    } else {
        pdn_strbuf_printf(&out, "%s  %llu game%s\n", fen,
                          (unsigned long long)root_games,
                          pdn_args_plural(root_games));
        if (job->nnodes)
            text_node(job, 0, 0, shown, &out);
    }
    fwrite(out.ptr, 1, out.len, cli->out);
    pdn_strbuf_free(&out);
    free(shown);
}

/* ---- Arguments and the run ---- */

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    tree_job job = {
        .depth = 8, .min_games = 1, .positions = pdn_str_index_new()};
    pdn_shared s;
    pdn_read_job rj;
    pdn_read_work work = {
        .pick = pdn_shard_pick, .work = work_game, .done = add_game};
    int rc =
        pdn_command_args(cli, &pdn_tree_command, argc, argv, &s, NULL, &job);

    job.variant = s.variant ? s.variant : pdn_variant_default();
    if (rc < 0 && s.unplayed)
        rc = pdn_args_fail(cli, CMD, "the tree needs a variant pdn plays");
    if (rc < 0) {
        job.root = pdn_board_start(job.variant);
        if (job.from &&
            pdn_args_board(cli, CMD, job.variant, job.from, &job.root) != 0)
            rc = PDN_EXIT_USAGE;
    }
    if (rc < 0) {
        job.shard.args = &s;
        rc = pdn_shared_read_work(cli, &s, CMD, false, &work, &job, &rj);
        if (rc != PDN_EXIT_USAGE) {
            report(cli, &job);
            if (!s.quiet)
                fprintf(
                    cli->err,
                    "pdn %s: %llu game%s, %llu from the position (%llu "
                    "never on it, %llu of another variant or not read)\n",
                    CMD, (unsigned long long)job.games,
                    pdn_args_plural(job.games),
                    (unsigned long long)(job.nnodes ? job.nodes[0].games : 0),
                    (unsigned long long)job.not_reached,
                    (unsigned long long)(job.games - job.not_reached -
                                         (job.nnodes ? job.nodes[0].games
                                                     : 0)));
        }
    }
    for (size_t i = 0; i < job.nnodes; i++)
        free(job.nodes[i].moves);
    free(job.nodes);
    pdn_str_index_free(job.positions);
    pdn_shared_free(&s);
    return rc;
}

PDN_COMMAND(tree, "the opening tree of the games, transpositions merged",
            "[OPTION]... [FILE]...", tree_about, 0, tree_more,
            PDN_COMMAND_GAMES, "@file");
