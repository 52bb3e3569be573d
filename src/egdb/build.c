/* build.c -- the retrograde building of a database's slices (egdb.h).
 *
 * One slice at a time, all of whose children outside it (after a capture
 * or a crowning) are in slices built before, and read back from their
 * files through a pdn_egdb:
 *   1. every position is looked at once, on o->jobs threads: with no
 *      move it is lost; with a capture, or a move out of the slice, to a
 *      position lost for the other side it is won; a capture position is
 *      decided by its children, all outside the slice; the others count
 *      their moves that stay in the slice, and remember whether a move
 *      out of it draws (then they cannot be lost);
 *   2. from each position decided won or lost, its predecessors in the
 *      slice (a quiet move of the side not to move, taken back) are
 *      visited: a predecessor of a lost position is won; one of a won
 *      position counts one move fewer, and is lost when none is left and
 *      no move draws;
 *   3. what is never decided is a draw: neither side can force an end.
 * This is the game without a draw rule: a repetition or a shuffle
 * without end is a draw, however long.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/xalloc.h"
#include "egdb/egdb.h"
#include "egdb/index.h"
#include "egdb/store.h"
#include "rules/bitboard.h"
#include "rules/movegen.h"

/* A position's state while its slice is built: a value of pdn_egdb_value,
 * or undecided (with or without a move out of the slice that draws); and
 * whether its side to move has a capture (its value is then not stored,
 * store.h). */
enum { OPEN = 0, OPEN_DRAWS = 4, VALUE = 7, CAPTURES = 8 };

typedef struct slice_build {
    const pdn_variant *v;
    pdn_egdb *db; /* the slices built before */
    pdn_egdb_index x;
    uint8_t *state;  /* by index */
    uint8_t *moves;  /* the moves left that stay in the slice */
    uint32_t *queue; /* positions decided won or lost, to visit */
    uint64_t nqueue;
    bool missing; /* a child's slice could not be read */
} slice_build;

/* The value of @c, a child outside the slice, for its side to move. */
static pdn_egdb_value
outside(slice_build *s, const pdn_board *c)
{
    if (!c->pieces[c->side])
        return PDN_EGDB_LOSS;
    pdn_egdb_value v = pdn_egdb_probe(s->db, c);
    if (v == PDN_EGDB_UNKNOWN)
        s->missing = true;
    return v;
}

/* Step 1 for position @i; whether it was decided won or lost. */
static bool
look(slice_build *s, uint64_t i)
{
    pdn_board b, c;
    pdn_move ml[PDN_MAX_MOVES];
    pdn_egdb_board_of(&s->x, i, &b);
    int n = pdn_movegen_legal(s->v, &b, ml);
    /* Captures are compulsory: the first move is one if any is. */
    uint8_t captures = n > 0 && ml[0].ncaptured ? CAPTURES : 0;
    bool draws = false;
    int inside = 0;

    for (int k = 0; k < n; k++) {
        pdn_board_after(&b, &ml[k], &c);
        if (!ml[k].ncaptured && !(ml[k].flags & PDN_MOVE_PROMOTES)) {
            inside++;
            continue;
        }
        pdn_egdb_value cv = outside(s, &c);
        if (cv == PDN_EGDB_LOSS) {
            s->state[i] = PDN_EGDB_WIN | captures;
            return true;
        }
        draws |= cv != PDN_EGDB_WIN;
    }
    s->moves[i] = (uint8_t)inside;
    if (inside)
        s->state[i] = draws ? OPEN_DRAWS : OPEN;
    else
        s->state[i] = (draws ? PDN_EGDB_DRAW : PDN_EGDB_LOSS) | captures;
    return (s->state[i] & VALUE) == PDN_EGDB_LOSS;
}

/* A thread's share of step 1: the indices from @from below @to. */
typedef struct share {
    slice_build *s;
    uint64_t from, to;
    uint32_t *decided; /* what it decided won or lost */
    uint64_t n, cap;
    bool missing;
} share;

static void *
look_share(void *arg)
{
    share *sh = arg;
    slice_build part = *sh->s; /* its own missing flag */
    part.missing = false;
    for (uint64_t i = sh->from; i < sh->to; i++)
        if (look(&part, i)) {
            if (sh->n == sh->cap) {
                sh->cap = sh->cap ? 2 * sh->cap : 4096;
                sh->decided =
                    pdn_xrealloc(sh->decided, sh->cap * sizeof *sh->decided);
            }
            sh->decided[sh->n++] = (uint32_t)i;
        }
    sh->missing = part.missing;
    return NULL;
}

/* Step 1 on @jobs threads. */
static void
look_all(slice_build *s, int jobs)
{
    uint64_t size = s->x.size;
    if (jobs < 1)
        jobs = 1;
    if ((uint64_t)jobs > size / 4096 + 1)
        jobs = (int)(size / 4096 + 1);
    share *sh = pdn_xcalloc((size_t)jobs, sizeof *sh);
    pthread_t *t = pdn_xcalloc((size_t)jobs, sizeof *t);
    bool *started = pdn_xcalloc((size_t)jobs, sizeof *started);
    for (int j = 0; j < jobs; j++) {
        sh[j] = (share){.s = s,
                        .from = size * (uint64_t)j / (uint64_t)jobs,
                        .to = size * (uint64_t)(j + 1) / (uint64_t)jobs};
        if (j > 0)
            started[j] = pthread_create(&t[j], NULL, look_share, &sh[j]) == 0;
    }
    look_share(&sh[0]);
    uint64_t total = 0;
    for (int j = 0; j < jobs; j++) {
        if (started[j])
            pthread_join(t[j], NULL);
        else if (j > 0)
            look_share(&sh[j]); /* no thread for it: here */
        total += sh[j].n;
    }
    free(started);
    s->queue = pdn_xmalloc((total + 1) * sizeof *s->queue);
    s->nqueue = 0;
    for (int j = 0; j < jobs; j++) {
        memcpy(s->queue + s->nqueue, sh[j].decided, sh[j].n * sizeof *s->queue);
        s->nqueue += sh[j].n;
        s->missing |= sh[j].missing;
        free(sh[j].decided);
    }
    free(sh);
    free(t);
}

/* Step 2 for predecessor @q of a position of value @pv. */
static void
visit(slice_build *s, const pdn_board *q, pdn_egdb_value pv, uint64_t *cap)
{
    uint64_t qi = pdn_egdb_index_of(&s->x, q);
    uint8_t st = s->state[qi];
    if (st != OPEN && st != OPEN_DRAWS)
        return;
    if (pv == PDN_EGDB_LOSS)
        s->state[qi] = PDN_EGDB_WIN;
    else if (--s->moves[qi] == 0 && st == OPEN)
        s->state[qi] = PDN_EGDB_LOSS;
    else
        return;
    if (s->nqueue == *cap) {
        *cap *= 2;
        s->queue = pdn_xrealloc(s->queue, *cap * sizeof *s->queue);
    }
    s->queue[s->nqueue++] = (uint32_t)qi;
}

/* Step 2: the predecessors of each position decided, until none is
 * left. */
static void
take_back_all(slice_build *s)
{
    static const int men_back[2][2] = {{BB_DOWN_A, BB_DOWN_B},
                                       {BB_UP_A, BB_UP_B}};
    static const int dirs[4] = {BB_UP_A, BB_UP_B, BB_DOWN_A, BB_DOWN_B};
    uint64_t cap = s->nqueue + 1;

    for (uint64_t head = 0; head < s->nqueue; head++) {
        uint64_t pi = s->queue[head];
        pdn_egdb_value pv = (pdn_egdb_value)(s->state[pi] & VALUE);
        pdn_board p, q;
        pdn_egdb_board_of(&s->x, pi, &p);
        pdn_color o = (pdn_color)!p.side; /* who moved into it */
        pdn_bb empty = BB_PLAYABLE & ~(p.pieces[0] | p.pieces[1]);
        for (pdn_bb men = p.pieces[o] & ~p.kings; men; men &= men - 1) {
            pdn_bb x = men & -men;
            for (int d = 0; d < 2; d++) {
                pdn_bb y = pdn_bb_step(x, men_back[o][d]) & empty;
                if (!y)
                    continue;
                q = p;
                q.side = o;
                q.pieces[o] ^= x | y;
                visit(s, &q, pv, &cap);
            }
        }
        for (pdn_bb kings = p.pieces[o] & p.kings; kings; kings &= kings - 1) {
            pdn_bb x = kings & -kings;
            for (int d = 0; d < 4; d++)
                for (pdn_bb y = pdn_bb_step(x, dirs[d]) & empty; y;
                     y = pdn_bb_step(y, dirs[d]) & empty) {
                    q = p;
                    q.side = o;
                    q.pieces[o] ^= x | y;
                    q.kings ^= x | y;
                    visit(s, &q, pv, &cap);
                    if (!s->v->flying_kings)
                        break;
                }
        }
    }
}

/* Builds slice @m into @vals. */
static int
build_slice(const pdn_egdb_build_options *o, pdn_egdb *db, pdn_egdb_material m,
            pdn_egdb_values *vals, pdn_egdb_error *err)
{
    slice_build s = {.v = o->variant, .db = db};
    pdn_egdb_index_init(&s.x, m);
    char name[24];
    if (s.x.size >= UINT32_MAX) {
        snprintf(err->message, sizeof err->message,
                 "slice %s has %llu positions: too many to build",
                 pdn_egdb_material_name(m, name), (unsigned long long)s.x.size);
        pdn_egdb_index_fini(&s.x);
        return -1;
    }
    s.state = pdn_xmalloc(s.x.size ? s.x.size : 1);
    s.moves = pdn_xmalloc(s.x.size ? s.x.size : 1);
    look_all(&s, o->jobs);
    if (!s.missing)
        take_back_all(&s);
    free(s.queue);
    free(s.moves);

    *vals = (pdn_egdb_values){.m = m, .size = s.x.size};
    vals->packed = pdn_xcalloc((size_t)((s.x.size + 3) / 4) + 1, 1);
    for (uint64_t i = 0; i < s.x.size; i++) {
        unsigned v = s.state[i] & VALUE;
        if (v == OPEN || v == OPEN_DRAWS)
            v = PDN_EGDB_DRAW;
        vals->wins += v == PDN_EGDB_WIN;
        vals->draws += v == PDN_EGDB_DRAW;
        vals->losses += v == PDN_EGDB_LOSS;
        /* A capture position's value is its captures' (probe.c): it
         * holds what its byte's place held in the byte before, so that
         * bytes repeat and compress. */
        if (s.state[i] & CAPTURES)
            v = i >= 4 ? pdn_egdb_values_get(vals->packed, i - 4)
                       : PDN_EGDB_DRAW;
        vals->packed[i >> 2] |= (uint8_t)(v << ((i & 3) * 2));
    }
    free(s.state);
    pdn_egdb_index_fini(&s.x);
    if (s.missing) {
        snprintf(err->message, sizeof err->message,
                 "slice %s: a slice below it is missing or not sound",
                 pdn_egdb_material_name(m, name));
        free(vals->packed);
        return -1;
    }
    return 0;
}

/* The slices stored of 2 to @pieces pieces in build order into @out
 * (room for all); how many.  A slice's twin has as many pieces and men,
 * so it comes where the slice would. */
static size_t
build_order(int pieces, pdn_egdb_material *out)
{
    size_t n = 0;
    for (int total = 2; total <= pieces; total++)
        for (int men = 0; men <= total; men++)
            for (int wm = 0; wm <= men; wm++)
                for (int wk = 0; wk <= total - men; wk++) {
                    int bm = men - wm, bk = total - men - wk;
                    pdn_egdb_material m = {(uint8_t)wm, (uint8_t)wk,
                                           (uint8_t)bm, (uint8_t)bk};
                    if (wm + wk > 0 && bm + bk > 0 && pdn_egdb_stored(m))
                        out[n++] = m;
                }
    return n;
}

size_t
pdn_egdb_slices(int pieces, pdn_egdb_material *out)
{
    return build_order(pieces, out);
}

/* Makes @dir and its parents. */
static int
make_dir(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s", dir);
    for (char *p = path + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(path, 0755) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    return mkdir(path, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

int
pdn_egdb_build(const pdn_egdb_build_options *o, pdn_egdb_build_stats *st,
               pdn_egdb_error *err)
{
    pdn_egdb_material order[PDN_EGDB_SLICES_MAX];
    size_t n = build_order(o->pieces, order);
    uint64_t all = 0, done = 0;

    memset(st, 0, sizeof *st);
    st->slices = n;
    if (make_dir(o->dir) != 0) {
        snprintf(err->message, sizeof err->message, "cannot make %s: %s",
                 o->dir, strerror(errno));
        return -1;
    }
    for (size_t k = 0; k < n; k++) {
        pdn_egdb_index x;
        pdn_egdb_index_init(&x, order[k]);
        all += x.size;
        pdn_egdb_index_fini(&x);
    }
    pdn_egdb *db = pdn_egdb_open_dir(o->variant, o->dir);
    int rc = 0;
    for (size_t k = 0; k < n && rc == 0; k++) {
        char name[32], path[4200];
        pdn_egdb_file_name(order[k], name);
        snprintf(path, sizeof path, "%s/%s", o->dir, name);
        struct stat sb;
        bool built = false;
        pdn_egdb_values vals;
        if (stat(path, &sb) == 0) {
            st->skipped++;
        } else if ((rc = build_slice(o, db, order[k], &vals, err)) == 0) {
            uint64_t bytes =
                pdn_egdb_store_write(o->variant, o->dir, &vals, err);
            rc = bytes ? 0 : -1;
            st->built++;
            st->positions += vals.size;
            st->bytes += bytes;
            built = true;
            free(vals.packed);
        }
        pdn_egdb_index x;
        pdn_egdb_index_init(&x, order[k]);
        done += x.size;
        pdn_egdb_index_fini(&x);
        if (rc == 0 && o->progress &&
            !o->progress(o->ctx, order[k], built, k + 1, n, done, all)) {
            snprintf(err->message, sizeof err->message, "stopped");
            rc = -1;
        }
    }
    pdn_egdb_close(db);
    return rc;
}
