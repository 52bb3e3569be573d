/* dedup.c -- the copies of the same game across many games: the keys, the
 * games' records, the groups found from them and their report
 * (archive/dedup.h).
 */
#include "archive/dedup.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/json_string.h"
#include "base/xalloc.h"
#include "replay/replay.h"

/* A game shorter than this is never taken for a copy cut short: most
 * games start with one of a few openings. */
#define DEDUP_CONTAINED_MIN 10

/* What is kept of a game between readings. */
typedef struct dedup_game {
    uint64_t hash;     /* of its key; 0: it has none (a reading error, or
                          a main line not replayed whole) */
    uint64_t number;   /* in its file */
    uint32_t file;     /* index in pdn_dedup.files */
    uint32_t line;     /* where it starts */
    uint32_t plies;    /* of its key's moves (0 with by_final) */
    uint32_t richness; /* tags, comments, variations, NAGs */
    uint32_t next;     /* the next game of the same hash, or NONE */
    uint32_t same;     /* the first game before it with the same key, or
                          itself (PDN_DEDUP_VERIFY) */
    uint32_t longer;   /* the first longer game whose start has its hash
                          (PDN_DEDUP_STARTS), and then whose start its key
                          is (NONE: none) */
    uint32_t key;      /* its key kept in pdn_dedup.keys, + 1; 0: none */
    bool container;    /* a shorter game may be its start */
} dedup_game;

#define NONE UINT32_MAX

struct pdn_dedup {
    pdn_dedup_options o;
    pdn_dedup_pass pass;
    uint64_t at; /* the game being read in this pass */
    /* The games, in the order read, and the files they come from. */
    dedup_game *games;
    size_t ngames, cap;
    char **files;
    size_t nfiles;
    /* The games by hash: each slot holds the first game of a hash
       (open addressing), whose chain (dedup_game.next) runs on in the
       order read. */
    uint32_t *heads;
    size_t nheads; /* a power of two */
    /* The keys kept to compare (PDN_DEDUP_VERIFY). */
    pdn_strbuf *keys;
    size_t nkeys;
    /* The groups, once found: the game each game's group is kept as. */
    uint32_t *kept;
    uint64_t groups, copies, cut;
};

void
pdn_dedup_free(pdn_dedup *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->nkeys; i++)
        pdn_strbuf_free(&d->keys[i]);
    free(d->keys);
    for (size_t i = 0; i < d->nfiles; i++)
        free(d->files[i]);
    free(d->files);
    free(d->games);
    free(d->heads);
    free(d->kept);
    free(d);
}

pdn_dedup *
pdn_dedup_new(const pdn_dedup_options *o)
{
    pdn_dedup *d = pdn_xcalloc(1, sizeof *d);
    d->o = *o;
    return d;
}

/* ---- Keys ---- */

#define HASH_SEED 0xcbf29ce484222325u

/* FNV-1a over the @len bytes at @p, on from @h. */
static uint64_t
hash_bytes(uint64_t h, const void *p, size_t len)
{
    const unsigned char *s = p;
    for (size_t i = 0; i < len; i++)
        h = (h ^ s[i]) * 0x100000001b3u;
    return h;
}

/* @h mixed (its high bits into the low ones, which pick the slot); never
 * 0, which marks a game with no key. */
static uint64_t
hash_final(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdu;
    h ^= h >> 33;
    return h ? h : 1;
}

/* Appends @b to @key: its pieces, kings and side to move. */
static void
put_board(pdn_strbuf *key, const pdn_board *b)
{
    pdn_strbuf_put(key, (const char *)&b->pieces[PDN_WHITE],
                   sizeof b->pieces[PDN_WHITE]);
    pdn_strbuf_put(key, (const char *)&b->pieces[PDN_BLACK],
                   sizeof b->pieces[PDN_BLACK]);
    pdn_strbuf_put(key, (const char *)&b->kings, sizeof b->kings);
    pdn_strbuf_putc(key, (char)b->side);
}

/* The bytes of one move in a key: from, to, the number of pieces taken,
 * then the pieces taken and the landing squares, in order. */
#define MOVE_BYTES(ncaptured) (3 + 2 * (size_t)(ncaptured))

/* pdn_replay_move_fn, for the main line's moves: each appended to the
 * key being made. */
static void
on_move(void *ctx, const pdn_node *n, const pdn_board *before,
        const pdn_move *m, const pdn_move *legal, int nlegal)
{
    pdn_strbuf *moves = ctx;

    (void)n, (void)before, (void)legal, (void)nlegal;
    pdn_strbuf_putc(moves, (char)m->from);
    pdn_strbuf_putc(moves, (char)m->to);
    pdn_strbuf_putc(moves, (char)m->ncaptured);
    pdn_strbuf_put(moves, (const char *)m->captured, m->ncaptured);
    pdn_strbuf_put(moves, (const char *)m->landing, m->ncaptured);
}

/* Makes the key of @g in @key: its variant, its start (or with by_final its
 * final position) and the moves of its main line; with
 * @prefixes the hash of each start appended to it (uint64_t each, in
 * order).  False when @g has no key: a reading error, or a main line
 * not replayed whole.  Reads @d and nothing else: threads call it at
 * once. */
static bool
make_key(const pdn_dedup *d, const pdn_game *g, pdn_strbuf *key,
         pdn_strbuf *prefixes, uint32_t *plies)
{
    pdn_strbuf moves = PDN_STRBUF_INIT;
    pdn_replay_options o = {.variant = d->o.variant,
                            .unplayed = d->o.unplayed,
                            .moves_only = true,
                            .main_line_only = true,
                            .on_move = d->o.by_final ? NULL : on_move,
                            .ctx = &moves};
    pdn_replay_result res;
    pdn_diags diags = PDN_DIAGS_INIT;

    if (g->errors)
        return false;
    diags.count_only = true;
    size_t errors = pdn_replay_game(g, &o, &diags, &res);
    pdn_diags_free(&diags);
    uint32_t n = (uint32_t)pdn_game_plies(g);
    bool keyed = !errors && res.variant && res.plies == n;
    if (keyed) {
        pdn_strbuf_clear(key);
        pdn_strbuf_putc(key, (char)res.variant->id);
        put_board(key, d->o.by_final ? &res.final : &res.start);
        size_t head = key->len;
        pdn_strbuf_put(key, moves.ptr ? moves.ptr : "", moves.len);
        *plies = d->o.by_final ? 0 : n;
        uint64_t h = hash_bytes(HASH_SEED, key->ptr, head);
        for (size_t at = head; prefixes && at < key->len;) {
            size_t len = MOVE_BYTES((unsigned char)key->ptr[at + 2]);
            h = hash_bytes(h, key->ptr + at, len);
            uint64_t start = hash_final(h);
            pdn_strbuf_put(prefixes, (const char *)&start, sizeof start);
            at += len;
        }
    }
    pdn_strbuf_free(&moves);
    return keyed;
}

/* The hash of the @len bytes of a key at @p. */
static uint64_t
key_hash(const char *p, size_t len)
{
    return hash_final(hash_bytes(HASH_SEED, p, len));
}

/* ---- The games' records ---- */

/* The index of @file in d->files, added when it is new. */
static uint32_t
file_index(pdn_dedup *d, const char *file)
{
    if (d->nfiles && strcmp(d->files[d->nfiles - 1], file) == 0)
        return (uint32_t)(d->nfiles - 1);
    d->files = pdn_xrealloc(d->files, (d->nfiles + 1) * sizeof *d->files);
    d->files[d->nfiles] = pdn_xstrndup(file, strlen(file));
    return (uint32_t)d->nfiles++;
}

/* Comments, NAGs and variations of the line @n and its variations. */
static uint32_t
nodes_of(const pdn_node *n)
{
    uint32_t k = 0;
    for (; n; n = n->next) {
        if (n->kind == PDN_NODE_COMMENT || n->kind == PDN_NODE_NAG ||
            n->kind == PDN_NODE_VARIATION)
            k++;
        if (n->kind == PDN_NODE_VARIATION)
            k += nodes_of(n->children);
    }
    return k;
}

/* What --keep richest counts: tags, comments, NAGs and variations. */
static uint32_t
richness(const pdn_game *g)
{
    return (uint32_t)g->ntags + nodes_of(g->preamble) + nodes_of(g->moves);
}

/* The slot of hash @h in d->heads: its chain's, or the empty one where
 * it would go. */
static size_t
slot_of(const pdn_dedup *d, uint64_t h)
{
    size_t mask = d->nheads - 1, i = (size_t)h & mask;
    while (d->heads[i] != NONE && d->games[d->heads[i]].hash != h)
        i = (i + 1) & mask;
    return i;
}

/* Puts every game with a key in the table of hashes, in the order read. */
static void
index_games(pdn_dedup *d)
{
    d->nheads = 16;
    while (d->nheads < 2 * d->ngames)
        d->nheads *= 2;
    d->heads = pdn_xmalloc(d->nheads * sizeof *d->heads);
    for (size_t i = 0; i < d->nheads; i++)
        d->heads[i] = NONE;
    uint32_t *tails = pdn_xmalloc(d->nheads * sizeof *tails);
    for (size_t i = 0; i < d->ngames; i++) {
        dedup_game *x = &d->games[i];
        if (!x->hash)
            continue;
        size_t s = slot_of(d, x->hash);
        if (d->heads[s] == NONE)
            d->heads[s] = (uint32_t)i;
        else
            d->games[tails[s]].next = (uint32_t)i;
        tails[s] = (uint32_t)i;
    }
    free(tails);
}

/* The first game of hash @h, or NONE. */
static uint32_t
first_of(const pdn_dedup *d, uint64_t h)
{
    return d->heads[slot_of(d, h)];
}

/* Keeps the @len bytes at @p as game @i's key. */
static void
keep_key(pdn_dedup *d, uint32_t i, const char *p, size_t len)
{
    if (d->games[i].key)
        return;
    d->keys = pdn_xrealloc(d->keys, (d->nkeys + 1) * sizeof *d->keys);
    pdn_strbuf *k = &d->keys[d->nkeys++];
    *k = (pdn_strbuf)PDN_STRBUF_INIT;
    pdn_strbuf_put(k, p, len);
    d->games[i].key = (uint32_t)d->nkeys;
}

static const pdn_strbuf *
key_of(const pdn_dedup *d, uint32_t i)
{
    return d->games[i].key ? &d->keys[d->games[i].key - 1] : NULL;
}

/* ---- The passes ---- */

/* What pdn_dedup_work() makes of a game in PDN_DEDUP_HASH, for
 * record_game(). */
typedef struct game_facts {
    uint64_t hash; /* 0: no key */
    uint64_t number;
    uint32_t line, plies, richness;
} game_facts;

/* PDN_DEDUP_HASH: the record of a game of @file whose facts are @f. */
static void
record_game(pdn_dedup *d, const char *file, const game_facts *f)
{
    if (d->ngames == d->cap) {
        d->cap = d->cap ? 2 * d->cap : 1024;
        d->games = pdn_xrealloc(d->games, d->cap * sizeof *d->games);
    }
    uint32_t i = (uint32_t)d->ngames++;
    d->games[i] = (dedup_game){.hash = f->hash,
                               .number = f->number,
                               .file = file_index(d, file),
                               .line = f->line,
                               .plies = f->plies,
                               .richness = f->richness,
                               .next = NONE,
                               .same = i,
                               .longer = NONE};
}

/* PDN_DEDUP_STARTS: game @i is the first longer game of each game whose
 * hash one of its starts of DEDUP_CONTAINED_MIN plies or more has
 * (@prefix: the hash of each of its starts). */
static void
find_shorter(pdn_dedup *d, uint32_t i, const char *prefix)
{
    dedup_game *x = &d->games[i];
    for (uint32_t p = DEDUP_CONTAINED_MIN; p < x->plies; p++) {
        uint64_t h;
        memcpy(&h, prefix + (p - 1) * sizeof h, sizeof h);
        for (uint32_t j = first_of(d, h); j != NONE; j = d->games[j].next)
            if (d->games[j].plies == p && d->games[j].longer == NONE) {
                d->games[j].longer = i;
                x->container = true;
            }
    }
}

/* Whether the @len bytes of a key at @p are game @i's kept key. */
static bool
same_key(const pdn_dedup *d, uint32_t i, const char *p, size_t len)
{
    const pdn_strbuf *k = key_of(d, i);
    return k && k->len == len && memcmp(k->ptr, p, len) == 0;
}

/* PDN_DEDUP_VERIFY: game @i, whose key is the @len bytes at @p, held
 * against the first game before it with the same hash and key, which is
 * then its copy; the keys of games a longer or a shorter game is to be
 * held against kept. */
static void
verify_game(pdn_dedup *d, uint32_t i, const char *p, size_t len)
{
    dedup_game *x = &d->games[i];
    /* The first game of the hash is the one to hold it against; only
       when two keys share a hash are the games between looked at. */
    uint32_t head = first_of(d, x->hash);
    if (head != i && same_key(d, head, p, len)) {
        x->same = head;
    } else {
        for (uint32_t j = head; j != i; j = d->games[j].next)
            if (d->games[j].same == j && same_key(d, j, p, len)) {
                x->same = j;
                break;
            }
    }
    if (x->same == i && (x->next != NONE || x->container))
        keep_key(d, i, p, len); /* the first of its key: others follow */
    if (x->longer != NONE)
        keep_key(d, i, p, len);
}

/* Whether game @i's hash is shared, or it is or has a shorter game. */
static bool
to_verify(const pdn_dedup *d, uint32_t i)
{
    const dedup_game *x = &d->games[i];
    return x->hash && (first_of(d, x->hash) != i || x->next != NONE ||
                       x->longer != NONE || x->container);
}

void
pdn_dedup_begin(pdn_dedup *d, pdn_dedup_pass p)
{
    d->pass = p;
    d->at = 0;
    if (p != PDN_DEDUP_HASH && !d->heads)
        index_games(d);
}

/* In @out: the game's facts (PDN_DEDUP_HASH), its plies and the hash of
 * each of its starts (PDN_DEDUP_STARTS), or whether it has a key and the
 * key (PDN_DEDUP_VERIFY). */
void
pdn_dedup_work(const pdn_dedup *d, const pdn_game *g, pdn_strbuf *out)
{
    pdn_strbuf key = PDN_STRBUF_INIT;
    uint32_t plies = 0;
    bool keyed;

    switch (d->pass) {
    case PDN_DEDUP_HASH: {
        game_facts f = {.number = g->number,
                        .line = g->start.line,
                        .richness = richness(g)};
        if (make_key(d, g, &key, NULL, &plies)) {
            f.hash = key_hash(key.ptr, key.len);
            f.plies = plies;
        }
        pdn_strbuf_put(out, (const char *)&f, sizeof f);
        break;
    }
    case PDN_DEDUP_STARTS:
        pdn_strbuf_put(out, (const char *)&plies, sizeof plies);
        if (make_key(d, g, &key, out, &plies))
            memcpy(out->ptr, &plies, sizeof plies);
        break;
    default: /* PDN_DEDUP_VERIFY */
        keyed = make_key(d, g, &key, NULL, &plies);
        pdn_strbuf_putc(out, keyed ? 1 : 0);
        if (keyed)
            pdn_strbuf_put(out, key.ptr, key.len);
        break;
    }
    pdn_strbuf_free(&key);
}

void
pdn_dedup_done(pdn_dedup *d, const char *file, const pdn_strbuf *out)
{
    uint32_t i = (uint32_t)d->at++;

    switch (d->pass) {
    case PDN_DEDUP_HASH: {
        game_facts f;
        memcpy(&f, out->ptr, sizeof f);
        record_game(d, file, &f);
        break;
    }
    case PDN_DEDUP_STARTS:
        if (i < d->ngames && d->games[i].plies > DEDUP_CONTAINED_MIN &&
            out->len == sizeof(uint32_t) + d->games[i].plies * sizeof(uint64_t))
            find_shorter(d, i, out->ptr + sizeof(uint32_t));
        break;
    default: /* PDN_DEDUP_VERIFY */
        if (i < d->ngames && to_verify(d, i) && out->ptr[0])
            verify_game(d, i, out->ptr + 1, out->len - 1);
        break;
    }
}

/* ---- The groups ---- */

/* The exact group of game @i (the first game of its key), and through
 * the games it starts, the one it is cut short of. */
static uint32_t
root_of(const pdn_dedup *d, uint32_t i)
{
    i = d->games[i].same;
    while (d->games[i].longer != NONE)
        i = d->games[d->games[i].longer].same;
    return i;
}

/* Which game of its group each game is kept as (itself when kept, NONE
 * when it is in no group). */
void
pdn_dedup_find_groups(pdn_dedup *d)
{
    size_t n = d->ngames;
    /* A shorter game stays a copy cut short only if its key is the start
       of the longer one's. */
    for (size_t i = 0; i < n; i++) {
        dedup_game *x = &d->games[i];
        if (x->longer == NONE || x->same != i)
            continue;
        const pdn_strbuf *a = key_of(d, (uint32_t)i), *b = key_of(d, x->longer);
        if (!a || !b || a->len >= b->len || memcmp(a->ptr, b->ptr, a->len))
            x->longer = NONE;
    }
    for (size_t i = 0; i < n; i++)
        if (d->games[i].same != i)
            d->games[i].longer = NONE; /* through its key's first */
    /* The members of each group, by its root: how many, and the one kept
       (among the longest, the first or the richest). */
    uint32_t *count = pdn_xcalloc(n ? n : 1, sizeof *count);
    d->kept = pdn_xmalloc((n ? n : 1) * sizeof *d->kept);
    for (size_t i = 0; i < n; i++)
        d->kept[i] = NONE;
    for (size_t i = 0; i < n; i++) {
        if (!d->games[i].hash)
            continue;
        uint32_t r = root_of(d, (uint32_t)i);
        count[r]++;
        uint32_t k = d->kept[r];
        const dedup_game *x = &d->games[i];
        if (k == NONE || x->plies > d->games[k].plies ||
            (d->o.richest && x->plies == d->games[k].plies &&
             x->richness > d->games[k].richness))
            d->kept[r] = (uint32_t)i;
    }
    for (size_t i = 0; i < n; i++) {
        if (!d->games[i].hash)
            continue;
        uint32_t r = root_of(d, (uint32_t)i);
        if (count[r] < 2) {
            d->kept[i] = NONE;
            continue;
        }
        if (r == i)
            d->groups++;
        d->kept[i] = d->kept[r];
        if (d->kept[i] != i) {
            d->copies++;
            d->cut += d->games[i].plies < d->games[d->kept[i]].plies;
        }
    }
    free(count);
}

bool
pdn_dedup_is_copy(const pdn_dedup *d, uint64_t i)
{
    return i < d->ngames && d->kept[i] != i && d->kept[i] != NONE;
}

pdn_dedup_counts
pdn_dedup_count(const pdn_dedup *d)
{
    pdn_dedup_counts c = {.games = d->ngames,
                          .groups = d->groups,
                          .copies = d->copies,
                          .cut = d->cut};
    for (size_t i = 0; i < d->ngames; i++)
        c.apart += !d->games[i].hash;
    return c;
}

/* ---- The report ---- */

/* One game of a group in the report. */
static void
put_member(const pdn_dedup *d, uint32_t i, bool json, pdn_strbuf *out)
{
    const dedup_game *x = &d->games[i];
    const char *file = d->files[x->file];
    bool kept = d->kept[i] == i;
    bool cut = !kept && x->plies < d->games[d->kept[i]].plies;
    if (json) {
        pdn_strbuf_puts(out, "{\"file\":");
        pdn_json_string(file, strlen(file), out);
        pdn_strbuf_printf(out,
                          ",\"line\":%u,\"game\":%llu,\"kept\":%s,"
                          "\"cut_short\":%s}",
                          x->line, (unsigned long long)x->number,
                          kept ? "true" : "false", cut ? "true" : "false");
    } else {
        pdn_strbuf_printf(out, "  %s:%u\tgame %llu\t%s\n", file, x->line,
                          (unsigned long long)x->number,
                          kept  ? "kept"
                          : cut ? "cut short"
                                : "copy");
    }
}

/* Each group, in the order of its first game: its games in the order
 * read (linked through @next, each group's games counted first). */
void
pdn_dedup_report(const pdn_dedup *d, bool json, pdn_strbuf *out)
{
    size_t n = d->ngames;
    uint64_t number = 0;
    uint32_t *next = pdn_xmalloc((n ? n : 1) * sizeof *next);
    uint32_t *last = pdn_xmalloc((n ? n : 1) * sizeof *last);
    uint32_t *members = pdn_xcalloc(n ? n : 1, sizeof *members);
    for (size_t i = 0; i < n; i++) {
        next[i] = NONE;
        uint32_t k = d->kept[i];
        if (k == NONE)
            continue;
        if (members[k]++)
            next[last[k]] = (uint32_t)i;
        last[k] = (uint32_t)i;
    }
    bool *done = pdn_xcalloc(n ? n : 1, sizeof *done);
    for (size_t i = 0; i < n; i++) {
        if (d->kept[i] == NONE || done[i])
            continue;
        number++;
        if (json)
            pdn_strbuf_printf(out, "{\"group\":%llu,\"games\":[",
                              (unsigned long long)number);
        else
            pdn_strbuf_printf(out, "group %llu: %u games\n",
                              (unsigned long long)number, members[d->kept[i]]);
        for (uint32_t j = (uint32_t)i; j != NONE; j = next[j]) {
            done[j] = true;
            if (json && j != i)
                pdn_strbuf_putc(out, ',');
            put_member(d, j, json, out);
        }
        if (json)
            pdn_strbuf_puts(out, "]}\n");
    }
    free(done);
    free(members);
    free(last);
    free(next);
}
