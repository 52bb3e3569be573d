/* slices.c -- the slices of a regular file that the threads of
 * batches.c read at the same time: a slice taken up to a boundary, its lines
 * counted, its games read in place from the file mapped (or from the
 * thread's scratch, where they are read), and placed with the token
 * after the slices before it.
 */
#include "stream/internal.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "base/lines.h"
#include "base/xalloc.h"

/* ---- Taking and loading ---- */

/* Reads @n bytes of @fd at @off into the worker's scratch, at @at;
 * returns how many it could. */
static size_t
scratch_read(worker *w, size_t at, size_t n, int fd, uint64_t off)
{
    if (w->scratch_cap < at + n + 1) {
        w->scratch_cap = at + n + 1;
        w->scratch = pdn_xrealloc(w->scratch, w->scratch_cap);
    }
    return pdn_pread_all(fd, w->scratch + at, n, off);
}

/* The bytes of @sf from @lo + @from up to @lo + *@have, *@have grown to
 * @want or to the end of the file: in place when the file is mapped, else
 * read into @w's scratch at their place in the slice. */
static const char *
slice_bytes(worker *w, const pdn_slice_file *sf, uint64_t lo, size_t from,
            size_t *have, size_t want)
{
    const char *view = pdn_slice_file_view(sf);
    if (view) {
        uint64_t left = sf->size > lo ? sf->size - lo : 0;
        size_t before = *have;
        *have = left < want ? (size_t)left : want;
        if (*have < from)
            *have = from;
        /* Bytes no one has read yet: their lines asked for at once, not
           one after another as the search comes to them. */
        for (size_t i = before; i < *have; i += 64)
            __builtin_prefetch(view + lo + i);
        return view + lo + from;
    }
    *have += scratch_read(w, *have, want - *have, sf->fd, lo + *have);
    w->scratch_len = *have;
    return w->scratch + from;
}

/* Looks for the boundary of the slice of @sf that starts at @lo and aims at
 * @aim bytes: the first boundary past @aim, or the end of the file.  Of a file
 * read with pread(), only the bytes looked at are read, into @w's scratch
 * at their place in the slice (w->scratch_from on); the others, by
 * pdn_slice_load().  Returns BOUNDARY_NONE when there is no boundary for a
 * long stretch. */
static boundary_kind
find_boundary(worker *w, const pdn_slice_file *sf, uint64_t lo, size_t aim,
              size_t *at)
{
    /* From a little before the slice's size: the text of a result. */
    size_t back = aim < 64 ? aim : 64;
    size_t from = aim - back;
    /* Not far past it: a slice holds few games more than it aims at. */
    size_t search = 8 * aim < BOUNDARY_SEARCH ? BOUNDARY_SEARCH : 8 * aim;
    size_t step = BOUNDARY_WINDOW, want = aim + step, have = from;
    size_t in = back; /* where the search goes on, from @from */
    w->scratch_from = pdn_slice_file_view(sf) ? 0 : from;
    for (;;) {
        const char *bytes = slice_bytes(w, sf, lo, from, &have, want);
        /* Text before the window counts as blanks. */
        if (pdn_boundary_find(bytes, have - from, &in)) {
            *at = from + in;
            return BOUNDARY_FOUND;
        }
        if (have < want) /* the end of the file */
            return BOUNDARY_END;
        if (have - from >= search) {
            w->scratch_len = w->scratch_from = 0;
            return BOUNDARY_NONE;
        }
        want += step;
        step *= 2;
    }
}

/* The file stays open (and mapped) while a thread may look in it for a
 * boundary: s->looking_ahead counts those that do, from before they read
 * s->next_sf (all in one order of these operations: a closing that comes
 * after the taking that took the file away from s->next_sf sees the count
 * of those that read it still). */
void
pdn_slice_look_ahead(team *s, worker *w)
{
    w->looked_ahead = false;
    atomic_fetch_add(&s->looking_ahead, 1);
    uint64_t takes = atomic_load_explicit(&s->takes, memory_order_acquire);
    const pdn_slice_file *sf = atomic_load(&s->next_sf);
    uint64_t lo = atomic_load_explicit(&s->next_lo, memory_order_relaxed);
    if (sf) {
        size_t aim = atomic_load_explicit(&s->slice_aim, memory_order_relaxed);
        w->found = find_boundary(w, sf, lo, aim, &w->boundary_at);
        w->seen_takes = takes;
        w->seen_sf = sf;
        w->seen_lo = lo;
        w->looked_ahead = true;
    }
    atomic_fetch_sub_explicit(&s->looking_ahead, 1, memory_order_release);
}

void
pdn_slice_share_next(team *s)
{
    atomic_store(&s->next_sf, s->sf);
    atomic_store_explicit(&s->next_lo, s->slice_lo, memory_order_relaxed);
    atomic_fetch_add_explicit(&s->takes, 1, memory_order_release);
}

void
pdn_slice_close_file(team *s, pdn_slice_file *sf)
{
    while (atomic_load(&s->looking_ahead) != 0)
        sched_yield(); /* a look at a few hundred bytes */
    pdn_slice_file_close(sf);
}

/* Makes @t the next slice of s->sf, under s->taking: up to the first boundary
 * past the slice's size, or to the end of the file.  The boundary is the one
 * @w looked ahead for if nothing was taken since; else it is looked for now.
 * Returns false when no boundary is found for a long stretch: the rest of the
 * file is then read as a stream. */
bool
pdn_slice_take(team *s, worker *w, batch *t)
{
    pdn_slice_file *sf = s->sf;
    uint64_t lo = s->slice_lo;
    boundary_kind found;
    size_t at = 0;
    if (w->looked_ahead && w->seen_takes == s->takes && w->seen_sf == sf &&
        w->seen_lo == lo) {
        found = w->found;
        at = w->boundary_at;
    } else {
        size_t aim = atomic_load_explicit(&s->slice_aim, memory_order_relaxed);
        found = find_boundary(w, sf, lo, aim, &at);
    }
    w->looked_ahead = false;
    t->kind = BATCH_SLICE;
    t->sf = sf;
    t->first = lo == 0;
    t->lo = lo;
    switch (found) {
    case BOUNDARY_FOUND:
        t->last = false;
        t->hi = lo + at;
        s->slice_lo = t->hi;
        break;
    case BOUNDARY_END:
        t->last = true;
        t->hi = UINT64_MAX;
        s->sf = NULL;
        break;
    case BOUNDARY_NONE:
        s->sf = NULL;
        s->stream_sf = sf;
        t->kind = BATCH_STREAM;
        return false;
    }
    t->slice = s->slices++;
    return true;
}

/* Reads the bytes of slice @t into @w's scratch, unless the file is mapped
 * (they are read in place); counts its lines and, in the order the slices
 * were taken, learns the line it starts on.  Slices worked on as read
 * (s->early) count no lines: they are read from a line 1 of their
 * own, and their diagnostics moved to the file's lines once the slices
 * before are read (pdn_slice_place()). */
void
pdn_slice_load(worker *w, batch *t)
{
    team *s = w->s;
    pdn_slice_file *sf = t->sf;
    uint32_t lines = 0;
    size_t have =
        w->scratch_len; /* read when the slice was taken, from lo on */
    w->scratch_len = 0;
    if (t->last || t->lo / PDN_READ_CHUNK != t->hi / PDN_READ_CHUNK)
        pdn_slice_file_check(sf);
    const char *view = pdn_slice_file_view(sf);
    if (view) {
        if (!s->early && !t->last) /* a NUL or a byte of the file after */
            lines = pdn_lines_count(view + t->lo, (size_t)(t->hi - t->lo));
    } else if (!t->last) {
        if (w->scratch_from > 0) { /* before the boundary's window */
            size_t got = scratch_read(w, 0, w->scratch_from, sf->fd, t->lo);
            if (got < w->scratch_from) /* a file cut short since */
                have = got;
        }
        /* Some bytes past it too: the count looks past a CR, and the
           reading of the last game past its result. */
        size_t n = (size_t)(t->hi - t->lo);
        if (have < n + SLICE_AFTER)
            have += scratch_read(w, have, n + SLICE_AFTER - have, sf->fd,
                                 t->lo + have);
        w->scratch_len = have;
        if (have <= n) /* a file cut short since it was taken */
            memset(w->scratch + have, 0, n + 1 - have);
        if (!s->early)
            lines = pdn_lines_count(w->scratch, n);
    }
    w->scratch_from = 0;
    if (s->early) {
        t->line = 1;
        return;
    }
    spin_until(s, &s->lines_seq, t->slice);
    pthread_mutex_lock(&s->lines);
    while (s->lines_seq != t->slice)
        pthread_cond_wait(&s->counted, &s->lines);
    t->line = t->first ? 1 : s->line_next;
    s->line_next = t->line + lines;
    atomic_fetch_add_explicit(&s->lines_seq, 1, memory_order_release);
    pthread_cond_broadcast(&s->counted);
    pthread_mutex_unlock(&s->lines);
}

/* ---- Reading ---- */

/* Works on game @i of @t as soon as it is read (s->early), and gives
 * it back to the reader: its memory is the next game's, still in the
 * core's cache.  Its number may change after (pdn_slice_place()):
 * work() leaves it to its diagnostics. */
static void
work_early(worker *w, batch *t, size_t i)
{
    const pdn_read_job *job = w->s->job;
    t->files[i] = t->games[i]->file;
    pdn_strbuf_clear(&t->outs[i]);
    t->values[i] = job->work->work(w->s->cli, t->games[i], &t->diags[i],
                                   &t->outs[i], job->ctx);
    pdn_reader_recycle(w->reader, t->games[i]);
    t->games[i] = NULL;
}

/* Reads slice @t from @range with @w's reader: its games, up to the first
 * whose next one starts at t->hi or past it (for the last slice, to the
 * end of the file), as one reading of the whole file reads them: the
 * reading goes past hi as far as the last game needs.  When the start is
 * only guessed (@guess), not farther than SLICE_PAST times the slice's size
 * past hi: t->stopped_short says then that the reading stopped there, to be
 * done again once the start is known to be right.  t->next says where the game
 * after them starts. */
void
pdn_slice_read(worker *w, batch *t, pdn_reader_range range, bool guess)
{
    team *s = w->s;
    const pdn_read_job *job = s->job;
    range.end = UINT64_MAX;
    if (guess && !t->last)
        range.end = t->hi + SLICE_PAST * (t->hi - t->lo) + SLICE_AFTER;
    const char *name = t->sf->name;
    int fd = t->sf->fd;
    if (!w->reader) {
        pdn_reader_options opt = {.tagmap = job->tagmap,
                                  .keep_raw = job->keep_raw,
                                  .strict = job->strict};
        w->reader = pdn_reader_new_range(name, fd, &range, &opt);
    }
    /* A mapped file is read in place.  Else the scratch holds the slice's
       bytes: the reader takes them when it starts at the slice's start,
       copies them from farther on. */
    const char *view = pdn_slice_file_view(t->sf);
    if (view) {
        pdn_reader_restart_view(w->reader, name, fd, &range, view, t->sf->size);
    } else if (range.from == t->lo && w->scratch_len > 0) {
        pdn_reader_restart_taking(w->reader, name, fd, &range, &w->scratch,
                                  &w->scratch_cap, w->scratch_len);
        w->scratch_len = 0;
    } else if (range.from > t->lo && range.from - t->lo <= w->scratch_len) {
        size_t at = (size_t)(range.from - t->lo);
        pdn_reader_restart(w->reader, name, fd, &range, w->scratch + at,
                           w->scratch_len - at);
    } else
        pdn_reader_restart(w->reader, name, fd, &range, NULL, 0);
    pdn_reader *r = w->reader;
    t->n = 0;
    t->noted = -1;
    t->failed = t->eof = false;
    t->stopped_short = false;
    for (;;) {
        pdn_batch_room(s, t);
        pdn_diags *d = &t->diags[t->n];
        bool noted = pdn_reader_noted(r);
        int got = pdn_reader_next(r, &t->games[t->n], d);
        if (got <= 0) {
            pdn_diags spare = t->tail;
            t->tail = *d;
            *d = spare;
            t->failed = got < 0;
            t->eof = true;
            break;
        }
        if (!noted && pdn_reader_noted(r))
            t->noted = (long)t->n; /* worked on once the note is placed */
        else if (s->early)
            work_early(w, t, t->n);
        t->n++;
        if (!t->last && pdn_reader_offset(r) >= t->hi)
            break;
    }
    /* The range's end is not the file's: what ran into it may go on. */
    t->stopped_short =
        range.end != UINT64_MAX && pdn_reader_offset(r) >= range.end;
    pdn_reader_resume(r, &t->next);
}

/* Drops from @d the note that text is not UTF-8: the file said so
 * before. */
static void
drop_encoding_note(pdn_diags *d)
{
    for (size_t i = 0; i < d->count; i++)
        if (d->items[i].code == PDN_N_ENCODING) {
            pdn_diags_remove(d, i);
            return;
        }
}

/* Forgets the games read for @t. */
static void
forget_games(worker *w, batch *t)
{
    for (size_t i = 0; i < t->n; i++) {
        pdn_reader_recycle(w->reader, t->games[i]); /* NULL: given back */
        pdn_diags_clear(&t->diags[i]);
    }
    pdn_diags_clear(&t->tail);
    t->n = 0;
    t->noted = -1;
    t->failed = false;
}

void
pdn_batch_shift(pdn_diags *d, uint32_t lines, uint64_t games)
{
    for (size_t k = 0; k < d->count; k++) {
        pdn_diag *x = &d->items[k];
        if (x->at.line)
            x->at.line += lines;
        if (x->note && x->note_at.line)
            x->note_at.line += lines;
        if (x->game)
            x->game += games;
    }
}

/* With the token of slice @t: its games are the ones that start from
 * where those before ended (read again when the boundary was wrong, none when
 * the slices before read past it), numbered after those before, and
 * counted. */
void
pdn_slice_place(worker *w, batch *t)
{
    team *s = w->s;
    carry *c = &s->carry;
    if (t->first) {
        c->sf = t->sf;
        c->next = pdn_slice_file_start(t->sf);
        c->eof = false;
        pdn_progress_start(s->cli, s->job->progress, t->sf->fd, &c->pr);
    }
    uint64_t base = c->next.games;
    if (c->eof || (!t->last && c->next.at.off >= t->hi)) {
        forget_games(w, t); /* read by the slices before */
        t->next = c->next;
        t->eof = c->eof;
        base = 0;
    } else if (c->next.at.off != (t->first ? t->sf->bom : t->lo)) {
        /* The boundary was wrong: read from where the game before it ended. */
        forget_games(w, t);
        pdn_reader_range from = c->next;
        from.noted = false; /* the notes are sorted out below */
        pdn_slice_read(w, t, from, false);
        base = 0;
    } else if (t->stopped_short || (s->early && t->noted >= 0)) {
        /* A game far past the boundary: read it all.  Or a slice worked on as
           read whose reading noted that the file is not UTF-8: read again
           from the file's lines, its game that notes it worked on after,
           once the note is placed. */
        forget_games(w, t);
        pdn_slice_read(w, t, c->next, false);
        base = 0;
    } else if (c->next.at.line != t->line) {
        /* Read from a line 1 of its own (s->early): now on the file's,
           its games' diagnostics as they are written out. */
        t->shift_lines = c->next.at.line - t->line;
        t->next.at.line += t->shift_lines;
    }
    if (base) {
        if (s->early) {
            /* Its games were worked on, and are given back: their
               diagnostics are numbered as they are written out. */
            t->shift_games = base;
        } else {
            for (size_t i = 0; i < t->n; i++) {
                t->games[i]->number += base;
                pdn_batch_shift(&t->diags[i], 0, base);
            }
            pdn_batch_shift(&t->tail, 0, base);
        }
        t->next.games += base;
    }
    if (t->noted >= 0 && c->next.noted)
        drop_encoding_note(&t->diags[t->noted]);
    bool noted = c->next.noted || t->noted >= 0;
    s->read_failed |= t->failed;
    pdn_batch_pick(s, t, t->last ? t->lo : t->hi);
    c->next = t->next;
    c->next.noted = noted;
    c->eof = t->eof;
    if (t->last) {
        pdn_progress_end(s->cli, &c->pr);
        pdn_slice_close_file(s, t->sf);
        c->sf = NULL;
    } else {
        pdn_slice_file_release(t->sf, t->lo); /* the slices before are read */
    }
    /* The next slices aim at about BATCH_GAMES games each, but for those
       worked on as read: they hold no games, and are as large as can be. */
    if (t->n >= 8 && !t->last && !s->early) {
        uint64_t per_game = (t->hi - t->lo) / t->n;
        size_t bytes = (size_t)(per_game * BATCH_GAMES);
        size_t least = s->slice_bytes < 1024 ? s->slice_bytes : 1024;
        atomic_store_explicit(&s->slice_aim,
                              bytes < least            ? least
                              : bytes > s->slice_bytes ? s->slice_bytes
                                                       : bytes,
                              memory_order_relaxed);
    }
}
