/* cmd_dedup.c -- pdn dedup: the copies of the same game across FILE...,
 * reported, or left out of the games written.
 *
 * A game's key is what makes two games copies: its variant, its start
 * position and the moves of its main line as played (each move's squares,
 * whatever its notation), or with --by final its final position.  The
 * files are read more than once, and nothing of a game is kept between
 * readings but a record of a few words (dedup_game): its key's 64-bit
 * hash, its length and where it stands.
 *
 *   1. hash: every game's record;
 *   2. with --contained, prefixes: the hash of each start of a game's main
 *      line looked up among the games' hashes, so that a game cut short
 *      finds the first longer game it starts;
 *   3. verify: the keys compared, byte for byte, for the games whose
 *      hashes say they may be copies: each group's first game's key is
 *      kept, and every other game of the group is held against it; a
 *      game cut short against the start of the longer one;
 *   4. with --drop, the games written, the copies left out.
 *
 * Standard input is read once, into a temporary file, and read from
 * there each time.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json_string.h"
#include "base/spill.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "replay/replay.h"
#include "write/canonical.h"
#include "write/games_out.h"

#define CMD "dedup"

/* A game shorter than this is never taken for a copy cut short: most
 * games start with one of a few openings. */
#define DEDUP_CONTAINED_MIN 10

/* What is kept of a game between readings. */
typedef struct dedup_game {
    uint64_t hash;     /* of its key; 0: it has none (a reading error, or
                          a main line not replayed whole) */
    uint64_t number;   /* in its file */
    uint32_t file;     /* index in dedup_job.files */
    uint32_t line;     /* where it starts */
    uint32_t plies;    /* of its key's moves (0 with --by final) */
    uint32_t richness; /* tags, comments, variations, NAGs */
    uint32_t next;     /* the next game of the same hash, or NONE */
    uint32_t same;     /* the first game before it with the same key, or
                          itself (PASS_VERIFY) */
    uint32_t longer;   /* --contained: the first longer game whose start
                          has its hash (PASS_PREFIX), and then whose
                          start its key is (NONE: none) */
    uint32_t key;      /* its key kept in dedup_job.keys, + 1; 0: none */
    bool container;    /* a shorter game may be its start */
} dedup_game;

#define NONE UINT32_MAX

typedef enum pass { PASS_HASH, PASS_PREFIX, PASS_VERIFY, PASS_WRITE } pass;

typedef struct dedup_job {
    pdn_shard_picker shard; /* first: for pdn_shard_pick() */
    bool by_final, contained, report, drop, richest, json;
    bool spooled; /* standard input is a temporary file, read again */
    const pdn_variant *variant;
    int unplayed;
    pass pass;
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
    /* The keys kept to compare (PASS_VERIFY). */
    pdn_strbuf *keys;
    size_t nkeys;
    /* The groups, once found: the game each game's group is kept as. */
    uint32_t *kept;
    uint64_t groups, copies, cut;
    pdn_canonical *canon;
    pdn_games_out sink;
    pdn_strbuf buf;
    uint64_t lost;
} dedup_job;

static const pdn_option dedup_options[] = {
    PDN_OPTION_INTO("by", 0, "KEY",
                    "moves (the default): the same start and main-line\n"
                    "moves; final: the same final position",
                    "moves final", dedup_job, by_final),
    PDN_OPTION_SET("contained",
                   "also a game whose main line is the start of a\n"
                   "longer one's (a copy cut short)",
                   dedup_job, contained),
    PDN_OPTION_SET("report", "list each group of copies, and which is kept",
                   dedup_job, report),
    PDN_OPTION_SET("drop", "write the games with the copies left out",
                   dedup_job, drop),
    PDN_OPTION_INTO("keep", 0, "WHICH",
                    "first (the default) or richest: the copy with the\n"
                    "most tags, comments, variations and NAGs",
                    "first richest", dedup_job, richest),
    PDN_OPTION_INTO(
        "format", 0, "FORMAT",
        "--report: text (the default) or json, a JSON\nobject a group",
        "text json", dedup_job, json),
    PDN_OPTION_GAMES_VARIANT,
    PDN_OPTIONS_ARCHIVE("read and replay on N threads (default 1)",
                        "only games I, I+N, I+2N... of all read"),
};

static const char dedup_about[] =
    "Find the copies of the same game across every FILE (standard input when\n"
    "none, or '-'): with --report list each group of copies and the copy\n"
    "kept, with --drop write the games (each as it was read, byte for byte)\n"
    "with the other copies left out.  Two games are copies when they have\n"
    "the same variant, start position and main-line moves, whatever their\n"
    "tags, comments, variations, move numbers and notation.\n";

static const char dedup_more[] =
    "The copy kept is the first one read, or with --keep richest the one\n"
    "with the most tags, comments, variations and NAGs; with --contained, a\n"
    "game cut short is a copy of the first longer game it starts (of 10\n"
    "plies or more), and the longer one is kept.  Matching is exact: a hash\n"
    "finds the candidates, and their moves are compared.  A game with a\n"
    "reading error, or whose main line cannot be replayed whole, is no copy\n"
    "of any: it is reported as pdn parse reports it, and written.\n"
    "\n"
    "Exit status: 0 success, 1 a game with a reading error, 2 usage error\n"
    "or a FILE that cannot be read.\n"
    "\n"
    "Examples:\n"
    "  pdn dedup --report bulletin1.pdn bulletin2.pdn\n"
    "  pdn dedup --drop --contained --keep richest *.pdn > archive.pdn\n";

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

/* Makes the key of @g in @key: its variant, its start (or with --by
 * final its final position) and the moves of its main line; with
 * @prefixes the hash of each start appended to it (uint64_t each, in
 * order).  False when @g has no key: a reading error, or a main line
 * not replayed whole.  Reads @job and nothing else: threads call it at
 * once. */
static bool
make_key(const dedup_job *job, const pdn_game *g, pdn_strbuf *key,
         pdn_strbuf *prefixes, uint32_t *plies)
{
    pdn_strbuf moves = PDN_STRBUF_INIT;
    pdn_replay_options o = {.variant = job->variant,
                            .unplayed = job->unplayed,
                            .moves_only = true,
                            .main_line_only = true,
                            .on_move = job->by_final ? NULL : on_move,
                            .ctx = &moves};
    pdn_replay_result res;
    pdn_diags d = PDN_DIAGS_INIT;

    if (g->errors)
        return false;
    d.count_only = true;
    size_t errors = pdn_replay_game(g, &o, &d, &res);
    pdn_diags_free(&d);
    uint32_t n = (uint32_t)pdn_game_plies(g);
    bool keyed = !errors && res.variant && res.plies == n;
    if (keyed) {
        pdn_strbuf_clear(key);
        pdn_strbuf_putc(key, (char)res.variant->id);
        put_board(key, job->by_final ? &res.final : &res.start);
        size_t head = key->len;
        pdn_strbuf_put(key, moves.ptr ? moves.ptr : "", moves.len);
        *plies = job->by_final ? 0 : n;
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

/* The index of @file in job->files, added when it is new. */
static uint32_t
file_index(dedup_job *job, const char *file)
{
    if (job->nfiles && strcmp(job->files[job->nfiles - 1], file) == 0)
        return (uint32_t)(job->nfiles - 1);
    job->files =
        pdn_xrealloc(job->files, (job->nfiles + 1) * sizeof *job->files);
    job->files[job->nfiles] = pdn_xstrndup(file, strlen(file));
    return (uint32_t)job->nfiles++;
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

/* The slot of hash @h in job->heads: its chain's, or the empty one where
 * it would go. */
static size_t
slot_of(const dedup_job *job, uint64_t h)
{
    size_t mask = job->nheads - 1, i = (size_t)h & mask;
    while (job->heads[i] != NONE && job->games[job->heads[i]].hash != h)
        i = (i + 1) & mask;
    return i;
}

/* Puts every game with a key in the table of hashes, in the order read. */
static void
index_games(dedup_job *job)
{
    job->nheads = 16;
    while (job->nheads < 2 * job->ngames)
        job->nheads *= 2;
    job->heads = pdn_xmalloc(job->nheads * sizeof *job->heads);
    for (size_t i = 0; i < job->nheads; i++)
        job->heads[i] = NONE;
    uint32_t *tails = pdn_xmalloc(job->nheads * sizeof *tails);
    for (size_t i = 0; i < job->ngames; i++) {
        dedup_game *x = &job->games[i];
        if (!x->hash)
            continue;
        size_t s = slot_of(job, x->hash);
        if (job->heads[s] == NONE)
            job->heads[s] = (uint32_t)i;
        else
            job->games[tails[s]].next = (uint32_t)i;
        tails[s] = (uint32_t)i;
    }
    free(tails);
}

/* The first game of hash @h, or NONE. */
static uint32_t
first_of(const dedup_job *job, uint64_t h)
{
    return job->heads[slot_of(job, h)];
}

/* Keeps the @len bytes at @p as game @i's key. */
static void
keep_key(dedup_job *job, uint32_t i, const char *p, size_t len)
{
    if (job->games[i].key)
        return;
    job->keys = pdn_xrealloc(job->keys, (job->nkeys + 1) * sizeof *job->keys);
    pdn_strbuf *k = &job->keys[job->nkeys++];
    *k = (pdn_strbuf)PDN_STRBUF_INIT;
    pdn_strbuf_put(k, p, len);
    job->games[i].key = (uint32_t)job->nkeys;
}

static const pdn_strbuf *
key_of(const dedup_job *job, uint32_t i)
{
    return job->games[i].key ? &job->keys[job->games[i].key - 1] : NULL;
}

/* ---- The passes ---- */

/* What work_game() makes of a game in PASS_HASH, for record_game(). */
typedef struct game_facts {
    uint64_t hash; /* 0: no key */
    uint64_t number;
    uint32_t line, plies, richness;
} game_facts;

/* pdn_read_work.work: what the pass needs of @g, in @out: its facts
 * (PASS_HASH), its plies and the hash of each of its starts
 * (PASS_PREFIX), or whether it has a key and the key (PASS_VERIFY).
 * Reads @job and nothing else: threads call it at once. */
static long
work_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, pdn_strbuf *out,
          void *ctx)
{
    const dedup_job *job = ctx;
    pdn_strbuf key = PDN_STRBUF_INIT;
    uint32_t plies = 0;
    bool keyed;

    (void)cli, (void)d;
    switch (job->pass) {
    case PASS_HASH: {
        game_facts f = {.number = g->number,
                        .line = g->start.line,
                        .richness = richness(g)};
        if (make_key(job, g, &key, NULL, &plies)) {
            f.hash = key_hash(key.ptr, key.len);
            f.plies = plies;
        }
        pdn_strbuf_put(out, (const char *)&f, sizeof f);
        break;
    }
    case PASS_PREFIX:
        pdn_strbuf_put(out, (const char *)&plies, sizeof plies);
        if (make_key(job, g, &key, out, &plies))
            memcpy(out->ptr, &plies, sizeof plies);
        break;
    default: /* PASS_VERIFY */
        keyed = make_key(job, g, &key, NULL, &plies);
        pdn_strbuf_putc(out, keyed ? 1 : 0);
        if (keyed)
            pdn_strbuf_put(out, key.ptr, key.len);
        break;
    }
    pdn_strbuf_free(&key);
    return 0;
}

/* PASS_HASH: the record of a game of @file whose facts are @f. */
static void
record_game(dedup_job *job, const char *file, const game_facts *f)
{
    if (job->ngames == job->cap) {
        job->cap = job->cap ? 2 * job->cap : 1024;
        job->games = pdn_xrealloc(job->games, job->cap * sizeof *job->games);
    }
    uint32_t i = (uint32_t)job->ngames++;
    job->games[i] = (dedup_game){.hash = f->hash,
                                 .number = f->number,
                                 .file = file_index(job, file),
                                 .line = f->line,
                                 .plies = f->plies,
                                 .richness = f->richness,
                                 .next = NONE,
                                 .same = i,
                                 .longer = NONE};
}

/* PASS_PREFIX: game @i is the first longer game of each game whose hash
 * one of its starts of DEDUP_CONTAINED_MIN plies or more has (@prefix:
 * the hash of each of its starts). */
static void
find_shorter(dedup_job *job, uint32_t i, const char *prefix)
{
    dedup_game *x = &job->games[i];
    for (uint32_t p = DEDUP_CONTAINED_MIN; p < x->plies; p++) {
        uint64_t h;
        memcpy(&h, prefix + (p - 1) * sizeof h, sizeof h);
        for (uint32_t j = first_of(job, h); j != NONE; j = job->games[j].next)
            if (job->games[j].plies == p && job->games[j].longer == NONE) {
                job->games[j].longer = i;
                x->container = true;
            }
    }
}

/* Whether the @len bytes of a key at @p are game @i's kept key. */
static bool
same_key(const dedup_job *job, uint32_t i, const char *p, size_t len)
{
    const pdn_strbuf *k = key_of(job, i);
    return k && k->len == len && memcmp(k->ptr, p, len) == 0;
}

/* PASS_VERIFY: game @i, whose key is the @len bytes at @p, held against
 * the first game before it with the same hash and key, which is then its
 * copy; the keys of games a longer or a shorter game is to be held
 * against kept. */
static void
verify_game(dedup_job *job, uint32_t i, const char *p, size_t len)
{
    dedup_game *x = &job->games[i];
    /* The first game of the hash is the one to hold it against; only
       when two keys share a hash are the games between looked at. */
    uint32_t head = first_of(job, x->hash);
    if (head != i && same_key(job, head, p, len)) {
        x->same = head;
    } else {
        for (uint32_t j = head; j != i; j = job->games[j].next)
            if (job->games[j].same == j && same_key(job, j, p, len)) {
                x->same = j;
                break;
            }
    }
    if (x->same == i && (x->next != NONE || x->container))
        keep_key(job, i, p, len); /* the first of its key: others follow */
    if (x->longer != NONE)
        keep_key(job, i, p, len);
}

/* Whether game @i's hash is shared, or it is or has a shorter game. */
static bool
to_verify(const dedup_job *job, uint32_t i)
{
    const dedup_game *x = &job->games[i];
    return x->hash && (first_of(job, x->hash) != i || x->next != NONE ||
                       x->longer != NONE || x->container);
}

/* pdn_read_work.done: what work_game() made of a game, in file order. */
static void
done_game(const pdn_cli *cli, long value, const char *file,
          const pdn_strbuf *out, void *ctx)
{
    dedup_job *job = ctx;
    uint32_t i = (uint32_t)job->at++;

    (void)cli, (void)value;
    switch (job->pass) {
    case PASS_HASH: {
        game_facts f;
        memcpy(&f, out->ptr, sizeof f);
        record_game(job, file, &f);
        break;
    }
    case PASS_PREFIX:
        if (i < job->ngames && job->games[i].plies > DEDUP_CONTAINED_MIN &&
            out->len ==
                sizeof(uint32_t) + job->games[i].plies * sizeof(uint64_t))
            find_shorter(job, i, out->ptr + sizeof(uint32_t));
        break;
    default: /* PASS_VERIFY */
        if (i < job->ngames && to_verify(job, i) && out->ptr[0])
            verify_game(job, i, out->ptr + 1, out->len - 1);
        break;
    }
}

/* pdn_game_fn of PASS_WRITE: @g written unless it is a copy (or, with
 * --shard, another shard's). */
static void
write_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, void *ctx)
{
    dedup_job *job = ctx;

    (void)d;
    if (!pdn_shard_next(&job->shard))
        return;
    uint32_t i = (uint32_t)job->at++;
    if (i < job->ngames && job->kept[i] != i && job->kept[i] != NONE)
        return; /* a copy */
    if (!pdn_games_out_as_read(&job->sink, job->canon, g, &job->buf)) {
        job->lost++;
        pdn_command_lost_game(cli, CMD, g);
    }
}

/* The exact group of game @i (the first game of its key), and through
 * the games it starts, the one it is cut short of. */
static uint32_t
root_of(const dedup_job *job, uint32_t i)
{
    i = job->games[i].same;
    while (job->games[i].longer != NONE)
        i = job->games[job->games[i].longer].same;
    return i;
}

/* Once verified: which game of its group each game is kept as (itself
 * when kept, NONE when it is in no group), and the counts. */
static void
find_groups(dedup_job *job)
{
    size_t n = job->ngames;
    /* A shorter game stays a copy cut short only if its key is the start
       of the longer one's. */
    for (size_t i = 0; i < n; i++) {
        dedup_game *x = &job->games[i];
        if (x->longer == NONE || x->same != i)
            continue;
        const pdn_strbuf *a = key_of(job, (uint32_t)i),
                         *b = key_of(job, x->longer);
        if (!a || !b || a->len >= b->len || memcmp(a->ptr, b->ptr, a->len))
            x->longer = NONE;
    }
    for (size_t i = 0; i < n; i++)
        if (job->games[i].same != i)
            job->games[i].longer = NONE; /* through its key's first */
    /* The members of each group, by its root: how many, and the one kept
       (among the longest, the first or the richest). */
    uint32_t *count = pdn_xcalloc(n ? n : 1, sizeof *count);
    job->kept = pdn_xmalloc((n ? n : 1) * sizeof *job->kept);
    for (size_t i = 0; i < n; i++)
        job->kept[i] = NONE;
    for (size_t i = 0; i < n; i++) {
        if (!job->games[i].hash)
            continue;
        uint32_t r = root_of(job, (uint32_t)i);
        count[r]++;
        uint32_t k = job->kept[r];
        const dedup_game *x = &job->games[i];
        if (k == NONE || x->plies > job->games[k].plies ||
            (job->richest && x->plies == job->games[k].plies &&
             x->richness > job->games[k].richness))
            job->kept[r] = (uint32_t)i;
    }
    for (size_t i = 0; i < n; i++) {
        if (!job->games[i].hash)
            continue;
        uint32_t r = root_of(job, (uint32_t)i);
        if (count[r] < 2) {
            job->kept[i] = NONE;
            continue;
        }
        if (r == i)
            job->groups++;
        job->kept[i] = job->kept[r];
        if (job->kept[i] != i) {
            job->copies++;
            job->cut += job->games[i].plies < job->games[job->kept[i]].plies;
        }
    }
    free(count);
}

/* ---- The report ---- */

/* One game of a group in the report. */
static void
put_member(const dedup_job *job, uint32_t i, pdn_strbuf *out)
{
    const dedup_game *x = &job->games[i];
    const char *file = job->files[x->file];
    bool kept = job->kept[i] == i;
    bool cut = !kept && x->plies < job->games[job->kept[i]].plies;
    if (job->json) {
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
static void
report(const pdn_cli *cli, const dedup_job *job)
{
    size_t n = job->ngames;
    uint64_t number = 0;
    pdn_strbuf out = PDN_STRBUF_INIT;
    uint32_t *next = pdn_xmalloc((n ? n : 1) * sizeof *next);
    uint32_t *last = pdn_xmalloc((n ? n : 1) * sizeof *last);
    uint32_t *members = pdn_xcalloc(n ? n : 1, sizeof *members);
    for (size_t i = 0; i < n; i++) {
        next[i] = NONE;
        uint32_t k = job->kept[i];
        if (k == NONE)
            continue;
        if (members[k]++)
            next[last[k]] = (uint32_t)i;
        last[k] = (uint32_t)i;
    }
    bool *done = pdn_xcalloc(n ? n : 1, sizeof *done);
    for (size_t i = 0; i < n; i++) {
        if (job->kept[i] == NONE || done[i])
            continue;
        number++;
        pdn_strbuf_clear(&out);
        if (job->json)
            pdn_strbuf_printf(&out, "{\"group\":%llu,\"games\":[",
                              (unsigned long long)number);
        else
            pdn_strbuf_printf(&out, "group %llu: %u games\n",
                              (unsigned long long)number,
                              members[job->kept[i]]);
        for (uint32_t j = (uint32_t)i; j != NONE; j = next[j]) {
            done[j] = true;
            if (job->json && j != i)
                pdn_strbuf_putc(&out, ',');
            put_member(job, j, &out);
        }
        if (job->json)
            pdn_strbuf_puts(&out, "]}\n");
        fwrite(out.ptr, 1, out.len, cli->out);
    }
    free(done);
    free(members);
    free(last);
    free(next);
    pdn_strbuf_free(&out);
}

/* ---- Arguments and the run ---- */

/* Reads the games of every FILE for pass @p: on --jobs threads, or
 * keeping their text to write them (PASS_WRITE, one thread), reporting
 * what is wrong with them the first time only. */
static int
read_pass(const pdn_cli *cli, const pdn_shared *s, dedup_job *job, pass p)
{
    pdn_shared once = *s;
    pdn_read_job rj;
    pdn_read_work work = {
        .pick = pdn_shard_pick, .work = work_game, .done = done_game};

    job->pass = p;
    job->at = 0;
    job->shard.seen = 0;
    once.quiet = s->quiet || p != PASS_HASH;
    if (job->spooled && fseek(cli->in, 0, SEEK_SET) != 0)
        return PDN_EXIT_USAGE;
    if (p == PASS_WRITE)
        return pdn_shared_read(cli, &once, CMD, true, write_game, job, &rj);
    return pdn_shared_read_work(cli, &once, CMD, false, &work, job, &rj);
}

/* Whether the operands read standard input. */
static bool
reads_stdin(const pdn_shared *s)
{
    if (!s->noperands)
        return true;
    for (size_t i = 0; i < s->noperands; i++)
        if (strcmp(s->operands[i], "-") == 0)
            return true;
    return false;
}

/* The passes, on @cli (whose standard input is a file read again). */
static int
dedup_files(const pdn_cli *cli, const pdn_shared *s, dedup_job *job)
{
    int rc = read_pass(cli, s, job, PASS_HASH);
    if (rc == PDN_EXIT_USAGE)
        return rc;
    index_games(job);
    if (job->contained && !job->by_final &&
        read_pass(cli, s, job, PASS_PREFIX) == PDN_EXIT_USAGE)
        return PDN_EXIT_USAGE;
    if (read_pass(cli, s, job, PASS_VERIFY) == PDN_EXIT_USAGE)
        return PDN_EXIT_USAGE;
    find_groups(job);
    if (job->report) {
        report(cli, job);
    } else {
        pdn_canonical_options co = {.variant = job->variant,
                                    .unplayed = job->unplayed};
        job->canon = pdn_canonical_new(&co);
        job->sink.out = cli->out;
        int wrc = read_pass(cli, s, job, PASS_WRITE);
        pdn_games_out_flush(&job->sink);
        if (wrc == PDN_EXIT_USAGE || job->lost)
            return PDN_EXIT_USAGE;
    }
    if (!s->quiet) {
        uint64_t apart = 0;
        for (size_t i = 0; i < job->ngames; i++)
            apart += !job->games[i].hash;
        fprintf(cli->err, "pdn %s: %zu game%s", CMD, job->ngames,
                pdn_args_plural(job->ngames));
        if (apart)
            fprintf(cli->err,
                    " (%llu not compared: not read or replayed whole)",
                    (unsigned long long)apart);
        fprintf(cli->err,
                ", %llu group%s of copies: %llu cop%s%s (%llu cut short)\n",
                (unsigned long long)job->groups, pdn_args_plural(job->groups),
                (unsigned long long)job->copies, job->copies == 1 ? "y" : "ies",
                job->report ? "" : " left out", (unsigned long long)job->cut);
    }
    return rc;
}

static void
job_free(dedup_job *job)
{
    for (size_t i = 0; i < job->nfiles; i++)
        free(job->files[i]);
    free(job->files);
    for (size_t i = 0; i < job->nkeys; i++)
        pdn_strbuf_free(&job->keys[i]);
    free(job->keys);
    free(job->games);
    free(job->heads);
    free(job->kept);
    pdn_strbuf_free(&job->buf);
    pdn_canonical_free(job->canon);
    pdn_games_out_free(&job->sink);
}

static int
run(const pdn_cli *cli, int argc, char **argv)
{
    dedup_job job = {.buf = PDN_STRBUF_INIT, .sink = PDN_GAMES_OUT_INIT};
    pdn_shared s;
    int rc =
        pdn_command_args(cli, &pdn_dedup_command, argc, argv, &s, NULL, &job);

    if (rc < 0 && job.report == job.drop)
        rc = pdn_args_fail(cli, CMD, "give one of '--report' and '--drop'");
    if (rc < 0 && job.json && job.drop)
        rc = pdn_args_fail(cli, CMD, "'--format json' goes with --report");
    if (rc < 0 && job.contained && job.by_final)
        rc = pdn_args_fail(cli, CMD, "'--contained' goes with --by moves");
    job.variant = s.variant ? s.variant : pdn_variant_default();
    job.shard.args = &s;
    job.unplayed = s.unplayed;
    if (rc < 0 && reads_stdin(&s)) {
        /* Standard input, read once into a file to read again. */
        pdn_cli here = *cli;
        here.in = pdn_spill_new();
        char block[65536];
        size_t n;
        bool copied = here.in != NULL;
        while (copied && (n = fread(block, 1, sizeof block, cli->in)) > 0)
            copied = fwrite(block, 1, n, here.in) == n;
        if (!copied || ferror(cli->in) || fflush(here.in) != 0) {
            rc = pdn_args_fail(cli, CMD,
                               "cannot keep standard input in a temporary "
                               "file");
        } else {
            job.spooled = true;
            rc = dedup_files(&here, &s, &job);
        }
        if (here.in)
            fclose(here.in);
    } else if (rc < 0) {
        rc = dedup_files(cli, &s, &job);
    }
    job_free(&job);
    pdn_shared_free(&s);
    return rc;
}

PDN_COMMAND(dedup, "find the copies of the same game across files",
            "(--report|--drop) [OPTION]... [FILE]...", dedup_about, 0,
            dedup_more, PDN_COMMAND_GAMES, "@file");
