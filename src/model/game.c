/* game.c -- game records: creation, lookup, results, and the invariant
 * check used by the tests.
 */
#include "model/game.h"

#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"

pdn_game *
pdn_game_new(void)
{
    pdn_game *g = pdn_xcalloc(1, sizeof *g);
    pdn_arena_init(&g->arena);
    return g;
}

void
pdn_game_free(pdn_game *g)
{
    if (!g)
        return;
    if (g->raw_file)
        fclose(g->raw_file);
    pdn_arena_fini(&g->arena);
    free(g);
}

size_t
pdn_nodes_count_moves(const pdn_node *n)
{
    size_t count = 0;
    for (; n; n = n->next) {
        if (n->kind == PDN_NODE_MOVE)
            count++;
        else if (n->kind == PDN_NODE_VARIATION)
            count += pdn_nodes_count_moves(n->children); /* depth <= 64 */
    }
    return count;
}

pdn_node *
pdn_game_node(pdn_game *g, pdn_node_kind kind)
{
    return pdn_game_node_room(g, kind, 0);
}

pdn_node *
pdn_game_node_text(pdn_game *g, pdn_node_kind kind, const char *text,
                   size_t len)
{
    bool short_text = len < PDN_NODE_WORD;
    pdn_node *n = pdn_game_node_room(g, kind, short_text ? 0 : len + 1);
    char *copy = short_text ? n->word : (char *)(n + 1);
    memcpy(copy, text, len);
    copy[len] = '\0';
    n->text = copy;
    n->len = len;
    return n;
}

/* The out-of-line parts of the move node @n, made if it has none. */
static pdn_move_rare *
move_rare(pdn_game *g, pdn_node *n)
{
    if (!n->rare) {
        n->rare = pdn_arena_alloc(&g->arena, sizeof *n->rare);
        memset(n->rare, 0, sizeof *n->rare);
    }
    return n->rare;
}

void
pdn_game_move_squares(pdn_game *g, pdn_node *n, const pdn_move_text *w)
{
    n->u.move.count = w->count;
    n->u.move.separator = w->separator;
    if (w->count <= PDN_NODE_SQUARES)
        memcpy(n->u.move.squares, w->squares, w->count);
    else
        memcpy(move_rare(g, n)->squares, w->squares, w->count);
}

void
pdn_node_written(const pdn_node *n, pdn_move_text *w)
{
    memset(w, 0, sizeof *w);
    w->count = n->u.move.count;
    w->separator = n->u.move.separator;
    memcpy(w->squares, pdn_node_squares(n), w->count);
}

void
pdn_game_move_strength(pdn_game *g, pdn_node *n, const char *strength)
{
    move_rare(g, n)->strength = strength;
}

const pdn_tag *
pdn_game_find_tag(const pdn_game *g, const char *name)
{
    for (size_t i = 0; i < g->ntags; i++) {
        const pdn_tag *t = &g->tags[i];
        if (strcmp(t->name, name) == 0 ||
            (t->standard && strcmp(t->standard, name) == 0))
            return t;
    }
    return NULL;
}

const char *
pdn_game_tag(const pdn_game *g, const char *name)
{
    const pdn_tag *t = pdn_game_find_tag(g, name);
    return t ? t->value : NULL;
}

uint64_t
pdn_game_plies(const pdn_game *g)
{
    uint64_t n = 0;
    for (const pdn_node *x = g->moves; x; x = x->next)
        n += x->kind == PDN_NODE_MOVE;
    return n;
}

const char *
pdn_game_result_text(const pdn_game *g)
{
    const char *s = pdn_game_tag(g, "Result");
    return s && *s ? s : g->result_text;
}

pdn_result
pdn_result_of(const char *text, size_t len)
{
    /* "*", "1/2-1/2", and "a-b" for 1-0 2-0 0-1 0-2 1-1 0-0 */
    if (len == 1)
        return text[0] == '*' ? PDN_RESULT_UNKNOWN : PDN_RESULT_NONE;
    if (len == 7)
        return memcmp(text, "1/2-1/2", 7) == 0 ? PDN_RESULT_DRAW
                                               : PDN_RESULT_NONE;
    if (len != 3 || text[1] != '-')
        return PDN_RESULT_NONE;
    switch (((unsigned char)text[0] << 8) | (unsigned char)text[2]) {
    case ('1' << 8) | '0':
    case ('2' << 8) | '0':
        return PDN_RESULT_FIRST;
    case ('0' << 8) | '1':
    case ('0' << 8) | '2':
        return PDN_RESULT_SECOND;
    case ('1' << 8) | '1':
        return PDN_RESULT_DRAW;
    case ('0' << 8) | '0':
        return PDN_RESULT_BOTH_LOST;
    default:
        return PDN_RESULT_NONE;
    }
}

pdn_result
pdn_result_loose(const char *text, size_t len, const char **standard)
{
    static const struct {
        const char *form, *standard;
        pdn_result result;
    } forms[] = {
        {"1:0", "1-0", PDN_RESULT_FIRST},
        {"0:1", "0-1", PDN_RESULT_SECOND},
        {"2:0", "2-0", PDN_RESULT_FIRST},
        {"0:2", "0-2", PDN_RESULT_SECOND},
        {"1:1", "1-1", PDN_RESULT_DRAW},
        {"0:0", "0-0", PDN_RESULT_BOTH_LOST},
        {"\xc2\xbd-\xc2\xbd", "1/2-1/2", PDN_RESULT_DRAW}, /* ½-½ */
        {"\xc2\xbd", "1/2-1/2", PDN_RESULT_DRAW},
        {"1/2", "1/2-1/2", PDN_RESULT_DRAW},
    };
    for (size_t i = 0; i < sizeof forms / sizeof *forms; i++)
        if (strlen(forms[i].form) == len &&
            memcmp(text, forms[i].form, len) == 0) {
            *standard = forms[i].standard;
            return forms[i].result;
        }
    return PDN_RESULT_NONE;
}

static int
check_nodes(const pdn_node *n, int depth)
{
    int faults = 0;
    for (; n; n = n->next) {
        if ((unsigned)n->kind > PDN_NODE_VARIATION)
            faults++;
        if (!n->text || strlen(n->text) != n->len)
            faults++;
        if (n->kind == PDN_NODE_VARIATION)
            faults += check_nodes(n->children, depth + 1);
        else if (n->kind != PDN_NODE_MOVE && n->children)
            faults++;
        if (n->kind == PDN_NODE_MOVE &&
            (n->u.move.count < 2 || n->u.move.count > PDN_MOVE_MAX_SQUARES))
            faults++;
        if (n->kind == PDN_NODE_MOVE && n->u.move.count > PDN_NODE_SQUARES &&
            !n->rare)
            faults++;
        if (depth > 10000)
            return faults + 1;
    }
    return faults;
}

int
pdn_game_check(const pdn_game *g)
{
    int faults = 0;
    for (size_t i = 0; i < g->ntags; i++)
        if (!g->tags[i].name || !g->tags[i].value || !g->tags[i].name[0])
            faults++;
    faults += check_nodes(g->preamble, 0);
    faults += check_nodes(g->moves, 0);
    if (g->end < g->start.off)
        faults++;
    if (g->result != PDN_RESULT_NONE && !g->result_text)
        faults++;
    return faults;
}
