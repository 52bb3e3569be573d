/* fmt_roundtrip.c -- the two promises of pdn fmt, game by game, over every
 * PDN file of the given directories (recursively):
 *
 *   lossless:   reading the canonical text of a game gives the same game:
 *               the same tags (after the documented renames and
 *               additions), the same moves (the same legal moves, when
 *               replayed), comments, NAGs, marks, variations, setups,
 *               escapes and result;
 *   idempotent: the canonical text of that game read back is the same
 *               text, byte for byte.
 *
 * Games the writer refuses are written as read by pdn fmt; that is tested
 * on the command (tests/fmt/fmt_files.sh).  Files under a directory named
 * "english" are read as English, others as Italian, as a user would ask.
 *
 *   fmt_roundtrip DIR... [-- OPTIONAL_DIR...]
 *
 * A directory after "--" is read when it is there (../shared/corpora).
 */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/strbuf.h"
#include "model/date.h"
#include "model/game.h"
#include "model/tagmap.h"
#include "replay/replay.h"
#include "syntax/reader.h"
#include "write/canonical.h"

typedef struct tally {
    long files, games, formatted, refused, failed;
} tally;

/* ---- The moves a replay resolves ---- */

typedef struct moves {
    pdn_move items[4096];
    size_t count;
} moves;

static void
record(void *ctx, const pdn_node *n, const pdn_board *before,
       const pdn_move *played, const pdn_move *legal, int nlegal)
{
    (void)n, (void)before, (void)legal, (void)nlegal;
    moves *m = ctx;
    if (m->count < sizeof m->items / sizeof m->items[0])
        m->items[m->count++] = *played;
}

static void
replayed(const pdn_game *g, const pdn_variant *v, moves *m)
{
    pdn_replay_options o = {.variant = v, .on_move = record, .ctx = m};
    pdn_replay_result r;
    pdn_diags d = PDN_DIAGS_INIT;
    m->count = 0;
    pdn_replay_game(g, &o, &d, &r);
    pdn_diags_free(&d);
}

static bool
same_move(const pdn_move *a, const pdn_move *b)
{
    return a->from == b->from && a->to == b->to &&
           a->ncaptured == b->ncaptured &&
           memcmp(a->captured, b->captured, a->ncaptured) == 0 &&
           memcmp(a->landing, b->landing, a->ncaptured) == 0;
}

/* ---- Comparing trees ---- */

static char failure[512];

static bool
fail(const char *what, const pdn_node *n)
{
    snprintf(failure, sizeof failure, "%s (line %u: %.40s)", what,
             n ? n->at.line : 0, n && n->text ? n->text : "");
    return false;
}

/* A comment's text with CR LF and CR made LF. */
static void
lf(const pdn_node *n, pdn_strbuf *out)
{
    pdn_strbuf_clear(out);
    for (size_t i = 0; i < n->len; i++) {
        if (n->text[i] == '\r') {
            pdn_strbuf_putc(out, '\n');
            if (i + 1 < n->len && n->text[i + 1] == '\n')
                i++;
        } else {
            pdn_strbuf_putc(out, n->text[i]);
        }
    }
}

static const pdn_node *
skip_numbers(const pdn_node *n)
{
    while (n && n->kind == PDN_NODE_NUMBER)
        n = n->next;
    return n;
}

static bool
same_squares(const pdn_node *a, const pdn_node *b)
{
    return a->u.move.count == b->u.move.count &&
           memcmp(pdn_node_squares(a), pdn_node_squares(b), a->u.move.count) ==
               0;
}

/* Whether the lines @a (as read) and @b (its canonical text read back)
 * hold the same nodes; @resolved: moves are compared by replay, not by
 * their squares. */
static bool
same_line(const pdn_node *a, const pdn_node *b, bool resolved)
{
    pdn_strbuf x = PDN_STRBUF_INIT, y = PDN_STRBUF_INIT;
    bool ok = true;
    for (a = skip_numbers(a), b = skip_numbers(b); ok && a && b;
         a = skip_numbers(a->next), b = skip_numbers(b->next)) {
        if (a->kind != b->kind)
            return fail("a node of another kind", b);
        switch (a->kind) {
        case PDN_NODE_MOVE: {
            const char *sa = pdn_node_strength(a), *sb = pdn_node_strength(b);
            if ((sa == NULL) != (sb == NULL) || (sa && strcmp(sa, sb)))
                ok = fail("another strength mark", b);
            else if (!resolved && !same_squares(a, b))
                ok = fail("another move", b);
            else if (b->u.move.forced)
                ok = fail("a forced mark not written as $7", b);
            else if (a->u.move.forced) {
                b = b->next;
                if (!b || b->kind != PDN_NODE_NAG || b->u.nag != 7)
                    ok = fail("the forced mark lost", a);
            }
            break;
        }
        case PDN_NODE_COMMENT:
            lf(a, &x);
            lf(b, &y);
            if (strcmp(x.ptr ? x.ptr : "", y.ptr ? y.ptr : ""))
                ok = fail("another comment", b);
            break;
        case PDN_NODE_NAG:
            if (a->u.nag != b->u.nag)
                ok = fail("another NAG", b);
            break;
        case PDN_NODE_VARIATION:
            ok = same_line(a->children, b->children, resolved);
            break;
        default: /* escapes, setups, moves left out */
            if (a->len != b->len || memcmp(a->text, b->text, a->len))
                ok = fail("another text", b);
            break;
        }
    }
    if (ok && (a || b))
        ok = fail(a ? "a node lost" : "a node added", a ? a : b);
    pdn_strbuf_free(&x);
    pdn_strbuf_free(&y);
    return ok;
}

static const char *
name_of(const pdn_tag *t)
{
    return t->standard ? t->standard : t->name;
}

/* Whether @b has the tags of @a: each one once, renamed to its standard
 * name, with a Date in canonical form and a Result of "*" made the
 * terminator's; plus a Result and a GameType only where @a had none. */
static bool
same_tags(const pdn_game *a, const pdn_game *b, const char *gametype)
{
    bool used[4096] = {false};
    if (b->ntags > 4096)
        return fail("too many tags", NULL);
    for (size_t i = 0; i < a->ntags; i++) {
        const pdn_tag *t = &a->tags[i];
        char date[11];
        const char *want = t->value;
        if (!strcmp(name_of(t), "Date") && pdn_date_canonical(want, date))
            want = date;
        /* A Result of "*" takes the terminator's result. */
        if (!strcmp(name_of(t), "Result") && !strcmp(want, "*") &&
            a->result > PDN_RESULT_UNKNOWN)
            want = a->result_text;
        size_t j = 0;
        while (j < b->ntags &&
               (used[j] || strcmp(name_of(t), b->tags[j].name) ||
                strcmp(want, b->tags[j].value)))
            j++;
        if (j == b->ntags) {
            snprintf(failure, sizeof failure, "tag %s \"%s\" lost", name_of(t),
                     want);
            return false;
        }
        used[j] = true;
    }
    for (size_t j = 0; j < b->ntags; j++) {
        if (used[j])
            continue;
        const char *n = b->tags[j].name;
        bool added = (!strcmp(n, "Result") && !pdn_game_tag(a, "Result")) ||
                     (!strcmp(n, "GameType") && gametype &&
                      !pdn_game_tag(a, "GameType"));
        if (!added) {
            snprintf(failure, sizeof failure, "tag %s added", n);
            return false;
        }
    }
    return true;
}

/* The result a game states: its terminator, else its Result tag ("*"
 * and no terminator state nothing), else unknown. */
static pdn_result
stated_result(const pdn_game *g)
{
    const char *tag = pdn_game_tag(g, "Result");
    pdn_result r = g->result;
    if (r <= PDN_RESULT_UNKNOWN && tag)
        r = pdn_result_of(tag, strlen(tag));
    return r == PDN_RESULT_NONE ? PDN_RESULT_UNKNOWN : r;
}

static bool
same_game(const pdn_game *a, const pdn_game *b, const pdn_variant *v,
          const char *gametype)
{
    static moves ma, mb;
    if (!same_tags(a, b, gametype))
        return false;
    if (stated_result(a) != stated_result(b))
        return fail("another result", NULL);
    replayed(a, v, &ma);
    replayed(b, v, &mb);
    if (ma.count != mb.count)
        return fail("another number of moves replayed", NULL);
    for (size_t i = 0; i < ma.count; i++)
        if (!same_move(&ma.items[i], &mb.items[i]))
            return fail("another legal move", NULL);
    return same_line(a->preamble, b->preamble, ma.count > 0) &&
           same_line(a->moves, b->moves, ma.count > 0);
}

/* ---- Files ---- */

static void
check_file(const char *path, tally *t)
{
    const pdn_variant *v =
        pdn_variant_get(strstr(path, "/english/") ? PDN_ENGLISH : PDN_ITALIAN);
    /* Italian games are written as they are; English ones get a GameType
     * tag, as with pdn fmt --variant english. */
    bool add = v->id != PDN_ITALIAN;
    char gametype[8];
    snprintf(gametype, sizeof gametype, "%d", v->gametype);
    pdn_canonical_options co = {.variant = v, .add_gametype = add};
    pdn_canonical *c = pdn_canonical_new(&co);
    pdn_tagmap *map = pdn_tagmap_new();
    pdn_reader_options ro = {.tagmap = map, .keep_raw = true};
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("FAIL %s: cannot open\n", path);
        t->failed++;
        return;
    }
    pdn_reader *r = pdn_reader_new(path, f, &ro);
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_strbuf once = PDN_STRBUF_INIT, twice = PDN_STRBUF_INIT;
    pdn_game *g;
    t->files++;
    while (pdn_reader_next(r, &g, &d) > 0) {
        t->games++;
        pdn_strbuf_clear(&once);
        if (!pdn_canonical_game(c, g, &d, &once)) {
            t->refused++;
            pdn_reader_recycle(r, g);
            pdn_diags_clear(&d);
            continue;
        }
        t->formatted++;
        pdn_diags_clear(&d);
        pdn_reader *back = pdn_reader_new_mem("<fmt>", once.ptr, once.len, &ro);
        pdn_game *h = NULL;
        pdn_game *extra = NULL;
        int got = pdn_reader_next(back, &h, &d);
        bool ok =
            got > 0 && h->errors == 0 && pdn_reader_next(back, &extra, &d) == 0;
        if (!ok)
            snprintf(failure, sizeof failure, "the canonical text reads as %s",
                     got <= 0    ? "no game"
                     : h->errors ? "a game with errors"
                                 : "more than one game");
        else
            ok = same_game(g, h, v, add ? gametype : NULL);
        if (ok) {
            pdn_strbuf_clear(&twice);
            pdn_diags_clear(&d);
            if (!pdn_canonical_game(c, h, &d, &twice) ||
                twice.len != once.len || memcmp(twice.ptr, once.ptr, once.len))
                ok = !snprintf(failure, sizeof failure,
                               "not idempotent: the second pass writes "
                               "another text");
        }
        if (!ok) {
            t->failed++;
            printf("FAIL %s game %llu: %s\n--- canonical text:\n%s", path,
                   (unsigned long long)g->number, failure, once.ptr);
            if (twice.len)
                printf("--- second pass:\n%s", twice.ptr);
        }
        if (h)
            pdn_game_free(h);
        if (extra)
            pdn_game_free(extra);
        pdn_reader_free(back);
        pdn_diags_clear(&d);
        pdn_reader_recycle(r, g);
    }
    pdn_reader_free(r);
    fclose(f);
    pdn_diags_free(&d);
    pdn_strbuf_free(&once);
    pdn_strbuf_free(&twice);
    pdn_tagmap_free(map);
    pdn_canonical_free(c);
}

static void
walk(const char *dir, tally *t)
{
    struct dirent **names;
    int n = scandir(dir, &names, NULL, alphasort);
    if (n < 0) {
        printf("FAIL %s: cannot read the directory\n", dir);
        t->failed++;
        return;
    }
    for (int i = 0; i < n; i++) {
        const char *name = names[i]->d_name;
        char path[4096];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, name);
        if (name[0] != '.' && stat(path, &st) == 0) {
            size_t len = strlen(name);
            if (S_ISDIR(st.st_mode))
                walk(path, t);
            else if (len > 4 && !strcmp(name + len - 4, ".pdn"))
                check_file(path, t);
        }
        free(names[i]);
    }
    free(names);
}

int
main(int argc, char **argv)
{
    tally t = {0};
    if (argc < 2) {
        fprintf(stderr, "usage: fmt_roundtrip DIR... [-- OPTIONAL_DIR...]\n");
        return 2;
    }
    bool optional = false;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (!strcmp(argv[i], "--")) {
            optional = true;
        } else if (stat(argv[i], &st) != 0) {
            if (optional) {
                printf("# NOTE: %s is not there: not read (optional)\n",
                       argv[i]);
                continue;
            }
            printf("FAIL %s: no such directory\n", argv[i]);
            t.failed++;
        } else {
            walk(argv[i], &t);
        }
    }
    printf("%ld files, %ld games: %ld written anew and read back the same, "
           "%ld refused (written as read), %ld failed\n",
           t.files, t.games, t.formatted, t.refused, t.failed);
    return t.failed || t.formatted == 0 ? 1 : 0;
}
