/* turn_parts.c -- the parts of a regular file that the threads of
 * turns.c read at the same time: a part claimed up to a cut, its lines
 * counted, its games read in place from the file mapped (or from the
 * thread's scratch, where they are read), and settled with the token
 * after the parts before it.
 */
#include "cli/turns_internal.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "base/lines.h"
#include "base/xalloc.h"

/* ---- Claiming and loading ---- */

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

/* The bytes of @pf from @lo + @from up to @lo + *@have, *@have grown to
 * @want or to the end of the file: in place when the file is mapped, else
 * read into @w's scratch at their place in the part. */
static const char *
part_bytes(worker *w, const pdn_part_file *pf, uint64_t lo, size_t from,
           size_t *have, size_t want)
{
    const char *view = pdn_part_file_view(pf);
    if (view) {
        uint64_t left = pf->size > lo ? pf->size - lo : 0;
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
    *have += scratch_read(w, *have, want - *have, pf->fd, lo + *have);
    w->scratch_len = *have;
    return w->scratch + from;
}

/* Looks for the cut of the part of @pf that starts at @lo and aims at
 * @aim bytes: the first cut past @aim, or the end of the file.  Of a file
 * read with pread(), only the bytes looked at are read, into @w's scratch
 * at their place in the part (w->scratch_from on); the others, by
 * pdn_turns_load_part().  Returns CUT_NONE when there is no cut for a
 * long stretch. */
static cut_kind
find_cut(worker *w, const pdn_part_file *pf, uint64_t lo, size_t aim,
         size_t *at)
{
    /* From a little before the part's size: the text of a result. */
    size_t back = aim < 64 ? aim : 64;
    size_t from = aim - back;
    /* Not far past it: a part holds few games more than it aims at. */
    size_t search = 8 * aim < CUT_SEARCH ? CUT_SEARCH : 8 * aim;
    size_t step = CUT_WINDOW, want = aim + step, have = from;
    size_t in = back; /* where the search goes on, from @from */
    w->scratch_from = pdn_part_file_view(pf) ? 0 : from;
    for (;;) {
        const char *bytes = part_bytes(w, pf, lo, from, &have, want);
        /* Text before the window counts as blanks. */
        if (pdn_boundary_find(bytes, have - from, &in)) {
            *at = from + in;
            return CUT_FOUND;
        }
        if (have < want) /* the end of the file */
            return CUT_END;
        if (have - from >= search) {
            w->scratch_len = w->scratch_from = 0;
            return CUT_NONE;
        }
        want += step;
        step *= 2;
    }
}

/* The file stays open (and mapped) while a thread may look in it for a
 * cut: s->foreseeing counts those that do, from before they read
 * s->next_pf (all in one order of these operations: a closing that comes
 * after the claim that took the file away from s->next_pf sees the count
 * of those that read it still). */
void
pdn_turns_foresee_part(turns *s, worker *w)
{
    w->foreseen = false;
    atomic_fetch_add(&s->foreseeing, 1);
    uint64_t claims = atomic_load_explicit(&s->claims, memory_order_acquire);
    const pdn_part_file *pf = atomic_load(&s->next_pf);
    uint64_t lo = atomic_load_explicit(&s->next_lo, memory_order_relaxed);
    if (pf) {
        size_t aim = atomic_load_explicit(&s->part_aim, memory_order_relaxed);
        w->cut = find_cut(w, pf, lo, aim, &w->cut_at);
        w->seen_claims = claims;
        w->seen_pf = pf;
        w->seen_lo = lo;
        w->foreseen = true;
    }
    atomic_fetch_sub_explicit(&s->foreseeing, 1, memory_order_release);
}

void
pdn_turns_publish(turns *s)
{
    atomic_store(&s->next_pf, s->pf);
    atomic_store_explicit(&s->next_lo, s->part_lo, memory_order_relaxed);
    atomic_fetch_add_explicit(&s->claims, 1, memory_order_release);
}

void
pdn_turns_close_file(turns *s, pdn_part_file *pf)
{
    while (atomic_load(&s->foreseeing) != 0)
        sched_yield(); /* a look at a few hundred bytes */
    pdn_part_file_close(pf);
}

/* Makes @t the next part of s->pf, under s->claiming: up to the first cut
 * past the part's size, or to the end of the file.  The cut is the one
 * @w foresaw if nothing was claimed since; else it is looked for now.
 * Returns false when no cut is found for a long stretch: the rest of the
 * file is then read as a stream. */
bool
pdn_turns_claim_part(turns *s, worker *w, turn *t)
{
    pdn_part_file *pf = s->pf;
    uint64_t lo = s->part_lo;
    cut_kind cut;
    size_t at = 0;
    if (w->foreseen && w->seen_claims == s->claims && w->seen_pf == pf &&
        w->seen_lo == lo) {
        cut = w->cut;
        at = w->cut_at;
    } else {
        size_t aim = atomic_load_explicit(&s->part_aim, memory_order_relaxed);
        cut = find_cut(w, pf, lo, aim, &at);
    }
    w->foreseen = false;
    t->kind = TURN_PART;
    t->pf = pf;
    t->first = lo == 0;
    t->lo = lo;
    switch (cut) {
    case CUT_FOUND:
        t->last = false;
        t->hi = lo + at;
        s->part_lo = t->hi;
        break;
    case CUT_END:
        t->last = true;
        t->hi = UINT64_MAX;
        s->pf = NULL;
        break;
    case CUT_NONE:
        s->pf = NULL;
        s->stream_pf = pf;
        t->kind = TURN_STREAM;
        return false;
    }
    t->part = s->parts++;
    return true;
}

/* Reads the bytes of part @t into @w's scratch, unless the file is mapped
 * (they are read in place); counts its lines and, in the order the parts
 * were claimed, learns the line it starts on.  Parts worked on as read
 * (turns.early) count no lines: they are read from a line 1 of their
 * own, and their diagnostics moved to the file's lines once the parts
 * before are read (pdn_turns_settle_part()). */
void
pdn_turns_load_part(worker *w, turn *t)
{
    turns *s = w->s;
    pdn_part_file *pf = t->pf;
    uint32_t lines = 0;
    size_t have = w->scratch_len; /* read with the claim, from lo on */
    w->scratch_len = 0;
    if (t->last || t->lo / PDN_READ_CHUNK != t->hi / PDN_READ_CHUNK)
        pdn_part_file_check(pf);
    const char *view = pdn_part_file_view(pf);
    if (view) {
        if (!s->early && !t->last) /* a NUL or a byte of the file after */
            lines = pdn_lines_count(view + t->lo, (size_t)(t->hi - t->lo));
    } else if (!t->last) {
        if (w->scratch_from > 0) { /* before the cut's window */
            size_t got = scratch_read(w, 0, w->scratch_from, pf->fd, t->lo);
            if (got < w->scratch_from) /* a file cut short since */
                have = got;
        }
        /* Some bytes past it too: the count looks past a CR, and the
           reading of the last game past its result. */
        size_t n = (size_t)(t->hi - t->lo);
        if (have < n + PART_AFTER)
            have += scratch_read(w, have, n + PART_AFTER - have, pf->fd,
                                 t->lo + have);
        w->scratch_len = have;
        if (have <= n) /* a file cut short since the claim */
            memset(w->scratch + have, 0, n + 1 - have);
        if (!s->early)
            lines = pdn_lines_count(w->scratch, n);
    }
    w->scratch_from = 0;
    if (s->early) {
        t->line = 1;
        return;
    }
    await(s, &s->lines_seq, t->part);
    pthread_mutex_lock(&s->lines);
    while (s->lines_seq != t->part)
        pthread_cond_wait(&s->counted, &s->lines);
    t->line = t->first ? 1 : s->line_next;
    s->line_next = t->line + lines;
    atomic_fetch_add_explicit(&s->lines_seq, 1, memory_order_release);
    pthread_cond_broadcast(&s->counted);
    pthread_mutex_unlock(&s->lines);
}

/* ---- Reading ---- */

/* Works on game @i of @t as soon as it is read (turns.early), and gives
 * it back to the reader: its memory is the next game's, still in the
 * core's cache.  Its number may change after (pdn_turns_settle_part()):
 * work() leaves it to its diagnostics. */
static void
work_early(worker *w, turn *t, size_t i)
{
    const pdn_read_job *job = w->s->job;
    t->files[i] = t->games[i]->file;
    t->values[i] =
        job->work->work(w->s->cli, t->games[i], &t->diags[i], job->ctx);
    pdn_reader_recycle(w->reader, t->games[i]);
    t->games[i] = NULL;
}

/* Reads part @t from @range with @w's reader: its games, up to the first
 * whose next one starts at t->hi or past it (for the last part, to the
 * end of the file), as one reading of the whole file reads them: the
 * reading goes past hi as far as the last game needs.  When the start is
 * only guessed (@guess), not farther than PART_PAST times the part's size
 * past hi: t->cut_short says then that the reading stopped there, to be
 * done again once the start is known to be right.  t->next says where the game
 * after them starts. */
void
pdn_turns_read_part(worker *w, turn *t, pdn_reader_range range, bool guess)
{
    turns *s = w->s;
    const pdn_read_job *job = s->job;
    range.end = UINT64_MAX;
    if (guess && !t->last)
        range.end = t->hi + PART_PAST * (t->hi - t->lo) + PART_AFTER;
    const char *name = t->pf->name;
    int fd = t->pf->fd;
    if (!w->reader) {
        pdn_reader_options opt = {.tagmap = job->tagmap,
                                  .keep_raw = job->keep_raw,
                                  .strict = job->strict};
        w->reader = pdn_reader_new_range(name, fd, &range, &opt);
    }
    /* A mapped file is read in place.  Else the scratch holds the part's
       bytes: the reader takes them when it starts at the part's start,
       copies them from farther on. */
    const char *view = pdn_part_file_view(t->pf);
    if (view) {
        pdn_reader_restart_view(w->reader, name, fd, &range, view, t->pf->size);
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
    t->cut_short = false;
    for (;;) {
        pdn_turns_room(s, t);
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
            t->noted = (long)t->n; /* worked on once the note is settled */
        else if (s->early)
            work_early(w, t, t->n);
        t->n++;
        if (!t->last && pdn_reader_offset(r) >= t->hi)
            break;
    }
    /* The range's end is not the file's: what ran into it may go on. */
    t->cut_short = range.end != UINT64_MAX && pdn_reader_offset(r) >= range.end;
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
forget_games(worker *w, turn *t)
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
pdn_turns_shift(pdn_diags *d, uint32_t lines, uint64_t games)
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

/* With the token of part @t: its games are the ones that start from
 * where those before ended (read again when the cut was wrong, none when
 * the parts before read past it), numbered after those before, and
 * counted. */
void
pdn_turns_settle_part(worker *w, turn *t)
{
    turns *s = w->s;
    carry *c = &s->carry;
    if (t->first) {
        c->pf = t->pf;
        c->next = pdn_part_file_start(t->pf);
        c->eof = false;
        pdn_progress_start(s->cli, s->job->progress, t->pf->fd, &c->pr);
    }
    uint64_t base = c->next.games;
    if (c->eof || (!t->last && c->next.at.off >= t->hi)) {
        forget_games(w, t); /* read by the parts before */
        t->next = c->next;
        t->eof = c->eof;
        base = 0;
    } else if (c->next.at.off != (t->first ? t->pf->bom : t->lo)) {
        /* The cut was wrong: read from where the game before it ended. */
        forget_games(w, t);
        pdn_reader_range from = c->next;
        from.noted = false; /* the notes are sorted out below */
        pdn_turns_read_part(w, t, from, false);
        base = 0;
    } else if (t->cut_short || (s->early && t->noted >= 0)) {
        /* A game far past the cut: read it all.  Or a part worked on as
           read whose reading noted that the file is not UTF-8: read again
           from the file's lines, its game that notes it worked on after,
           once the note is settled. */
        forget_games(w, t);
        pdn_turns_read_part(w, t, c->next, false);
        base = 0;
    } else if (c->next.at.line != t->line) {
        /* Read from a line 1 of its own (turns.early): now on the file's,
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
                pdn_turns_shift(&t->diags[i], 0, base);
            }
            pdn_turns_shift(&t->tail, 0, base);
        }
        t->next.games += base;
    }
    if (t->noted >= 0 && c->next.noted)
        drop_encoding_note(&t->diags[t->noted]);
    bool noted = c->next.noted || t->noted >= 0;
    s->read_failed |= t->failed;
    pdn_turns_pick(s, t, t->last ? t->lo : t->hi);
    c->next = t->next;
    c->next.noted = noted;
    c->eof = t->eof;
    if (t->last) {
        pdn_progress_end(s->cli, &c->pr);
        pdn_turns_close_file(s, t->pf);
        c->pf = NULL;
    } else {
        pdn_part_file_release(t->pf, t->lo); /* the parts before are read */
    }
    /* The next parts aim at about TURN_GAMES games each, but for those
       worked on as read: they hold no games, and are as large as can be. */
    if (t->n >= 8 && !t->last && !s->early) {
        uint64_t per_game = (t->hi - t->lo) / t->n;
        size_t bytes = (size_t)(per_game * TURN_GAMES);
        size_t least = s->part_bytes < 1024 ? s->part_bytes : 1024;
        atomic_store_explicit(&s->part_aim,
                              bytes < least           ? least
                              : bytes > s->part_bytes ? s->part_bytes
                                                      : bytes,
                              memory_order_relaxed);
    }
}
