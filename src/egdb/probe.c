/* probe.c -- a database opened for probing (egdb.h): a slot for each
 * material, whose file is read, checked and unpacked the first time a
 * position of it is probed, and kept.  Loading takes a lock; a slice
 * loaded is read without one.
 */
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

/* Slots by material, each count 0..PDN_EGDB_MAX_PIECES. */
#define SIDE (PDN_EGDB_MAX_PIECES + 1)
#define SLOTS (SIDE * SIDE * SIDE * SIDE)

typedef struct slice {
    pdn_egdb_index x;
    pdn_egdb_file vals;
} slice;

/* A slot's state. */
enum { UNTRIED = 0, LOADED, ABSENT };

struct pdn_egdb {
    const pdn_variant *v;
    char dir[4096];
    int pieces;
    pthread_mutex_t lock;
    slice *slices[SLOTS];       /* loaded: read with an acquire */
    unsigned char tried[SLOTS]; /* under @lock */
    pdn_egdb_error fault;       /* the first, under @lock */
    bool faulted;
};

static int
slot_of(pdn_egdb_material m)
{
    return ((m.wm * SIDE + m.wk) * SIDE + m.bm) * SIDE + m.bk;
}

pdn_egdb_material
pdn_egdb_material_of(const pdn_board *b)
{
    return (pdn_egdb_material){
        (uint8_t)pdn_bb_count(b->pieces[PDN_WHITE] & ~b->kings),
        (uint8_t)pdn_bb_count(b->pieces[PDN_WHITE] & b->kings),
        (uint8_t)pdn_bb_count(b->pieces[PDN_BLACK] & ~b->kings),
        (uint8_t)pdn_bb_count(b->pieces[PDN_BLACK] & b->kings)};
}

pdn_egdb_material
pdn_egdb_material_twin(pdn_egdb_material m)
{
    return (pdn_egdb_material){m.bm, m.bk, m.wm, m.wk};
}

bool
pdn_egdb_stored(pdn_egdb_material m)
{
    int white = m.wm + m.wk, black = m.bm + m.bk;
    if (white != black)
        return white > black;
    return m.wk >= m.bk;
}

const char *
pdn_egdb_material_name(pdn_egdb_material m, char buf[24])
{
    char *p = buf;
    const uint8_t side[2][2] = {{m.wk, m.wm}, {m.bk, m.bm}};
    for (int c = 0; c < 2; c++) {
        if (c)
            *p++ = '-';
        if (!side[c][0] && !side[c][1])
            *p++ = '0';
        if (side[c][0])
            p += sprintf(p, "%uK", side[c][0]);
        if (side[c][1])
            p += sprintf(p, "%uM", side[c][1]);
    }
    *p = '\0';
    return buf;
}

pdn_egdb *
pdn_egdb_open_dir(const pdn_variant *v, const char *dir)
{
    pdn_egdb *db = pdn_xcalloc(1, sizeof *db);
    db->v = v;
    snprintf(db->dir, sizeof db->dir, "%s", dir);
    pthread_mutex_init(&db->lock, NULL);
    /* Whole up to the most pieces of which every slice has its file. */
    pdn_egdb_material order[PDN_EGDB_SLICES_MAX];
    size_t n = pdn_egdb_slices(PDN_EGDB_MAX_PIECES, order);
    db->pieces = PDN_EGDB_MAX_PIECES;
    for (size_t k = 0; k < n; k++) {
        char name[32], path[4200];
        struct stat st;
        pdn_egdb_file_name(order[k], name);
        snprintf(path, sizeof path, "%s/%s", dir, name);
        int total = order[k].wm + order[k].wk + order[k].bm + order[k].bk;
        if (stat(path, &st) != 0 && total <= db->pieces)
            db->pieces = total - 1;
    }
    return db;
}

/* NULL, saying that @dir holds no database of @v. */
static pdn_egdb *
no_database(const pdn_variant *v, const char *dir, pdn_egdb_error *err)
{
    snprintf(err->message, sizeof err->message,
             "%s holds no %s endgame database (pdn egdb build makes one)", dir,
             v->adjective);
    return NULL;
}

pdn_egdb *
pdn_egdb_open(const pdn_variant *v, const char *dir, pdn_egdb_error *err)
{
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) /* at once */
        return no_database(v, dir, err);
    pdn_egdb *db = pdn_egdb_open_dir(v, dir);
    if (db->pieces < 2) {
        pdn_egdb_close(db);
        return no_database(v, dir, err);
    }
    /* The first slice, the smallest, says whose database it is. */
    pdn_egdb_material first[PDN_EGDB_SLICES_MAX];
    char name[32], path[4200];
    pdn_egdb_file vals;
    uint64_t bytes;
    pdn_egdb_slices(2, first);
    pdn_egdb_file_name(first[0], name);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (pdn_egdb_store_read(v, path, &vals, &bytes, err) != 0) {
        pdn_egdb_close(db);
        return NULL;
    }
    pdn_egdb_file_free(&vals);
    return db;
}

/* Frees a slice loaded (NULL: nothing). */
static void
slice_free(slice *s)
{
    if (s) {
        pdn_egdb_index_fini(&s->x);
        pdn_egdb_file_free(&s->vals);
    }
    free(s);
}

void
pdn_egdb_close(pdn_egdb *db)
{
    if (!db)
        return;
    for (int i = 0; i < SLOTS; i++)
        slice_free(db->slices[i]);
    pthread_mutex_destroy(&db->lock);
    free(db);
}

int
pdn_egdb_pieces(const pdn_egdb *db)
{
    return db->pieces;
}

const char *
pdn_egdb_value_name(pdn_egdb_value v)
{
    static const char *const names[] = {"unknown", "win", "draw", "loss"};
    return names[v & 3];
}

const char *
pdn_egdb_fault(const pdn_egdb *db)
{
    return db->faulted ? db->fault.message : NULL;
}

/* The slice of @m, loaded now if it is not yet; NULL when it has no
 * sound file. */
static const slice *
slice_of(pdn_egdb *db, pdn_egdb_material m)
{
    int at = slot_of(m);
    slice *s = __atomic_load_n(&db->slices[at], __ATOMIC_ACQUIRE);
    if (s)
        return s;
    pthread_mutex_lock(&db->lock);
    if (db->tried[at] == UNTRIED) {
        char name[32], path[4200];
        pdn_egdb_error err = {{0}};
        uint64_t bytes;
        pdn_egdb_file_name(m, name);
        snprintf(path, sizeof path, "%s/%s", db->dir, name);
        s = pdn_xcalloc(1, sizeof *s);
        struct stat st;
        bool there = stat(path, &st) == 0;
        if (there &&
            pdn_egdb_store_read(db->v, path, &s->vals, &bytes, &err) == 0) {
            pdn_egdb_index_init(&s->x, m);
            if (s->vals.size == s->x.size &&
                memcmp(&s->vals.m, &m, sizeof m) == 0) {
                db->tried[at] = LOADED;
                __atomic_store_n(&db->slices[at], s, __ATOMIC_RELEASE);
            } else {
                snprintf(err.message, sizeof err.message,
                         "%s: not the slice its name says", path);
            }
        }
        if (db->tried[at] != LOADED) {
            if (there && !db->faulted) {
                db->fault = err;
                db->faulted = true;
            }
            slice_free(s);
            db->tried[at] = ABSENT;
        }
    }
    s = db->slices[at];
    pthread_mutex_unlock(&db->lock);
    return s;
}

/* The value of @b, whose side to move has a capture, from its
 * captures': won if one leads to a position lost for the other side,
 * lost if all lead to won ones; unknown if one is unknown and none
 * wins.  Each capture takes a piece: this ends. */
static pdn_egdb_value
by_captures(pdn_egdb *db, const pdn_board *b)
{
    pdn_move ml[PDN_MAX_MOVES];
    int n = pdn_movegen_legal(db->v, b, ml);
    bool unknown = false, all_won = true;
    for (int k = 0; k < n; k++) {
        pdn_board c;
        pdn_board_after(b, &ml[k], &c);
        pdn_egdb_value cv = pdn_egdb_probe(db, &c);
        if (cv == PDN_EGDB_LOSS)
            return PDN_EGDB_WIN;
        unknown |= cv == PDN_EGDB_UNKNOWN;
        all_won &= cv == PDN_EGDB_WIN;
    }
    return unknown ? PDN_EGDB_UNKNOWN : all_won ? PDN_EGDB_LOSS : PDN_EGDB_DRAW;
}

bool
pdn_egdb_reaches(const pdn_egdb *db, const pdn_board *b)
{
    return pdn_bb_count(b->pieces[0] | b->pieces[1]) <= db->pieces;
}

pdn_egdb_value
pdn_egdb_probe(pdn_egdb *db, const pdn_board *b)
{
    if (!b->pieces[b->side])
        return PDN_EGDB_LOSS;
    if (!b->pieces[!b->side])
        return PDN_EGDB_WIN;
    pdn_egdb_material m = pdn_egdb_material_of(b);
    if (m.wm + m.wk + m.bm + m.bk > PDN_EGDB_MAX_PIECES)
        return PDN_EGDB_UNKNOWN;
    if (pdn_movegen_has_capture(db->v, b))
        return by_captures(db, b);
    pdn_board twin;
    if (!pdn_egdb_stored(m)) {
        pdn_board_twin(b, &twin);
        b = &twin;
        m = pdn_egdb_material_twin(m);
    }
    const slice *s = slice_of(db, m);
    if (!s)
        return PDN_EGDB_UNKNOWN;
    return pdn_egdb_file_get(&s->vals, pdn_egdb_index_of(&s->x, b));
}

size_t
pdn_egdb_list(const pdn_variant *v, const char *dir, pdn_egdb_slice_info **out)
{
    pdn_egdb_material order[PDN_EGDB_SLICES_MAX];
    size_t n = pdn_egdb_slices(PDN_EGDB_MAX_PIECES, order), k = 0;
    *out = pdn_xcalloc(n, sizeof **out);
    for (size_t i = 0; i < n; i++) {
        char name[32], path[4200];
        struct stat st;
        pdn_egdb_file_name(order[i], name);
        snprintf(path, sizeof path, "%s/%s", dir, name);
        if (stat(path, &st) != 0)
            continue;
        pdn_egdb_file vals;
        pdn_egdb_error err;
        pdn_egdb_slice_info *info = &(*out)[k++];
        info->material = order[i];
        info->bytes = (uint64_t)st.st_size;
        info->sound =
            pdn_egdb_store_read(v, path, &vals, &info->bytes, &err) == 0 &&
            memcmp(&vals.m, &order[i], sizeof vals.m) == 0;
        if (info->sound) {
            info->positions = vals.size;
            info->wins = vals.wins;
            info->draws = vals.draws;
            info->losses = vals.losses;
        }
        pdn_egdb_file_free(&vals);
    }
    return k;
}

bool
pdn_egdb_default_dir(const pdn_variant *v, const char *xdg_data_home,
                     const char *home, char *buf, size_t size)
{
    int n;
    if (xdg_data_home && *xdg_data_home)
        n = snprintf(buf, size, "%s/pdn/egdb/%s", xdg_data_home, v->name);
    else if (home && *home)
        n = snprintf(buf, size, "%s/.local/share/pdn/egdb/%s", home, v->name);
    else
        return false;
    return n > 0 && (size_t)n < size;
}
