/* batches.c -- FILE... read by threads that share the work on the games.
 *
 * The work is split into batches, numbered in file order.  A thread takes
 * the next batch under the taking lock, reads its games, works on them,
 * and the batches are written out in file order.  Batch k lives in slot k %
 * depth of a ring, so that at most depth batches are taken and not written:
 * memory follows the ring's size times the largest batch.
 *
 * A regular file is split into slices (slice_file.h) that the threads read at
 * the same time, each with a reader of its own, in place from one mapping
 * of the file (or into memory of its own, when the file is not mapped).
 * A thread looks for the boundary that ends the next slice before it
 * takes the lock, and takes that boundary if no one took a slice meanwhile:
 * the lock is held for no reading, and a thread that the host stops for
 * a while seldom holds up the others.  A slice is read from its
 * start up to the first game whose next one starts at its end or past it,
 * the reading going on past the end as far as that game needs: its games
 * are those of one reading of the whole file when its start is.  What
 * depends on the slices before is placed in file order, batch by batch: a
 * thread holds the "token" of its batch from when the batch before passed
 * it on until it passes it on itself.  With the token a slice learns where
 * the games before it ended: at its start (the boundary was right), past it
 * (it has no games of its own), or elsewhere (it is read again from
 * there); it numbers its games after those before, and drops a second
 * note that the file is not UTF-8.  Slices aim at about BATCH_GAMES games.
 * When the work has no pick() (s->early), a slice's games are worked on
 * as they are read, before they are numbered: each game is still in the
 * core's cache, and its memory serves the next one, as when one thread
 * reads and works in turn (reading.c).  Such a slice is read from a line 1
 * of its own, and placed by the thread that writes it out, which holds
 * the token then: its own thread goes on to the next batch without
 * waiting for the slices before.
 *
 * A file with no boundary for a stretch of eight slices, standard
 * input and pipes are read by one thread at a time, a batch of games each
 * (a stream), under the taking lock.
 *
 * A file that cannot be opened is told at its place, with the batch that
 * follows.  The slices are taken, read and placed in slices.c.
 */
#include "stream/internal.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/xalloc.h"

/* A batch of a stream reads no more than BATCH_BYTES bytes past its first
 * game: enough that handing the reader from one thread to the next costs
 * little against the batch, few enough that the batch's games stay in the
 * core's cache. */
#define BATCH_BYTES ((uint64_t)32 << 10)

/* Batches in the ring for each thread: the writing of the oldest seldom
 * holds the others up. */
#define BATCHES_PER_THREAD 4

/* Tries at a lock before sleeping on it (lock_spinning()). */
#define SPIN_TRIES 4096

/* ---- Batches ---- */

void
pdn_batch_room(team *s, batch *t)
{
    if (t->n < t->cap)
        return;
    size_t cap = t->cap ? 2 * t->cap : BATCH_GAMES;
    t->games = pdn_xrealloc(t->games, cap * sizeof *t->games);
    t->diags = pdn_xrealloc(t->diags, cap * sizeof *t->diags);
    t->values = pdn_xrealloc(t->values, cap * sizeof *t->values);
    t->outs = pdn_xrealloc(t->outs, cap * sizeof *t->outs);
    t->files = pdn_xrealloc(t->files, cap * sizeof *t->files);
    t->picked = pdn_xrealloc(t->picked, cap * sizeof *t->picked);
    for (size_t i = t->cap; i < cap; i++) {
        t->outs[i] = (pdn_strbuf)PDN_STRBUF_INIT;
        t->diags[i] = (pdn_diags)PDN_DIAGS_INIT;
        t->diags[i].count_only = s->count_only;
    }
    t->cap = cap;
}

/* Waits until batch @seq holds the token. */
static void
token_take(team *s, uint64_t seq)
{
    spin_until(s, &s->sequenced, seq);
    pthread_mutex_lock(&s->tokens);
    while (s->sequenced != seq)
        pthread_cond_wait(&s->passed, &s->tokens);
    pthread_mutex_unlock(&s->tokens);
}

/* Passes the token on to the next batch. */
static void
token_pass(team *s)
{
    pthread_mutex_lock(&s->tokens);
    atomic_fetch_add_explicit(&s->sequenced, 1, memory_order_release);
    pthread_cond_broadcast(&s->passed);
    pthread_mutex_unlock(&s->tokens);
}

/* Waits until fewer than @ahead batches are taken and not written.  The
 * ring is seldom full: s->written is read first without the writing
 * lock, which the thread that writes may hold for a while. */
static void
wait_written(team *s, uint64_t ahead)
{
    if (s->next - atomic_load_explicit(&s->written, memory_order_acquire) <
        ahead)
        return;
    pthread_mutex_lock(&s->writing);
    while (s->next - s->written >= ahead)
        pthread_cond_wait(&s->wrote, &s->writing);
    pthread_mutex_unlock(&s->writing);
}

void
pdn_batch_pick(team *s, batch *t, uint64_t bytes)
{
    pdn_read_job *job = s->job;
    const pdn_read_work *w = job->work;
    for (size_t i = 0; i < t->n; i++) {
        job->games++;
        pdn_progress_game(s->cli, &s->carry.pr, bytes);
        t->picked[i] =
            !w->pick || w->pick(s->cli, t->games[i], &t->diags[i], job->ctx);
    }
}

/* ---- Files ---- */

/* Opens the next operand that opens, as slices when it is a regular file,
 * else as a stream; those that do not open are put in s->said.  Returns
 * false when none is left. */
static bool
open_next(team *s)
{
    pdn_read_job *job = s->job;
    while (s->file < pdn_read_operands(job)) {
        const char *path = pdn_read_operand(job, s->file++);
        FILE *in = pdn_read_open(s->cli, job->cmd, path, &s->said);
        if (!in) {
            job->io_failed = true;
            continue;
        }
        bool is_stdin = strcmp(path, "-") == 0;
        const char *name = is_stdin ? PDN_STDIN_NAME : path;
        pdn_slice_file *sf =
            is_stdin ? NULL : pdn_slice_file_open(in, name, !s->no_map);
        if (sf) {
            s->sf = sf;
            s->slice_lo = 0;
            return true;
        }
        pdn_reader_options opt = {.tagmap = job->tagmap,
                                  .keep_raw = job->keep_raw,
                                  .strict = job->strict,
                                  .no_map = s->no_map};
        s->in = in;
        s->reader = pdn_reader_new(name, in, &opt);
        return true;
    }
    return false;
}

/* ---- Taking ---- */

/* Takes lock @m, which another thread holds for a short while: the
 * taking of a batch, the writing out of one.  The thread that holds it is
 * mostly near the end of that step: spinning for it, a while, costs
 * less than sleeping and being woken (a system call each, and a core that
 * may have gone idle).  Not when there are more threads than cores: the
 * one waited for may be waiting for a core. */
static void
lock_spinning(const team *s, pthread_mutex_t *m)
{
    for (int spin = 0; spin < s->spin; spin++) {
        if (pthread_mutex_trylock(m) == 0)
            return;
        cpu_relax();
    }
    pthread_mutex_lock(m);
}

/* Gives back the games of @w's last batch: to the stream's reader when
 * the thread reads the stream next, else to its own. */
static void
give_back(worker *w, pdn_reader *to)
{
    while (w->nown)
        pdn_reader_recycle(to, w->own[--w->nown]);
}

/* ---- Reading a stream ---- */

/* Closes the stream read: its batches hold all they need of it. */
static void
close_stream(team *s)
{
    pdn_progress_end(s->cli, &s->carry.pr);
    pdn_reader_free(s->reader);
    s->reader = NULL;
    if (s->stream_sf) {
        pdn_slice_close_file(s, s->stream_sf);
        s->stream_sf = NULL;
    } else if (s->in != s->cli->in) {
        fclose(s->in);
    }
    s->in = NULL;
}

/* Reads stream batch @t, under s->taking and with its token. */
static void
read_stream_batch(team *s, worker *w, batch *t)
{
    pdn_read_job *job = s->job;
    if (!s->reader) { /* a slice file from here on: where its slices end */
        pdn_slice_file *sf = s->stream_sf;
        carry *c = &s->carry;
        if (c->sf != sf) {
            c->next = pdn_slice_file_start(sf);
            pdn_progress_start(s->cli, job->progress, sf->fd, &c->pr);
        }
        c->sf = NULL;
        pdn_reader_options opt = {.tagmap = job->tagmap,
                                  .keep_raw = job->keep_raw,
                                  .strict = job->strict};
        c->next.end = UINT64_MAX;
        s->reader = pdn_reader_new_range(sf->name, sf->fd, &c->next, &opt);
        s->in = sf->in;
    } else if (pdn_reader_games(s->reader) == 0 &&
               pdn_reader_bytes(s->reader) == 0) {
        pdn_progress_start(s->cli, job->progress, fileno(s->in), &s->carry.pr);
    }
    give_back(w, s->reader);
    t->n = 0;
    t->sf = s->stream_sf;
    uint64_t stop = UINT64_MAX;
    while (t->n < BATCH_GAMES) {
        pdn_batch_room(s, t);
        pdn_diags *d = &t->diags[t->n];
        int got = pdn_reader_next(s->reader, &t->games[t->n], d);
        if (got <= 0) {
            pdn_diags spare = t->tail;
            t->tail = *d;
            *d = spare;
            s->read_failed |= got < 0;
            close_stream(s);
            t->sf = NULL;
            break;
        }
        const pdn_game *g = t->games[t->n++];
        if (stop == UINT64_MAX)
            stop = g->start.off + BATCH_BYTES;
        else if (g->start.off >= stop)
            break;
    }
    pdn_batch_pick(s, t, s->reader ? pdn_reader_bytes(s->reader) : 0);
}

/* Takes the next batch under s->taking; reads it too if it is a
 * stream's.  Returns NULL when nothing is left to read or tell. */
static batch *
take_batch(team *s, worker *w)
{
    if (atomic_load_explicit(&s->out_failed, memory_order_relaxed))
        return NULL; /* what is open is closed once the threads are done */
    if (!s->in && !s->sf && !s->stream_sf && !open_next(s) && s->said.len == 0)
        return NULL;
    wait_written(s, s->depth); /* the slot's last batch is written */
    batch *t = &s->ring[s->next % s->depth];
    t->seq = s->next++;
    pdn_strbuf said = t->said; /* emptied when it was written */
    t->said = s->said;
    s->said = said;
    t->n = 0;
    t->shift_lines = 0;
    t->shift_games = 0;
    t->sf = NULL;
    t->first = t->last = false;
    if (s->sf && pdn_slice_take(s, w, t))
        return t;
    if (!s->in && !s->stream_sf) {
        t->kind = BATCH_TOLD; /* the files that could not be opened, last */
        return t;
    }
    t->kind = BATCH_STREAM;
    token_take(s, t->seq);
    read_stream_batch(s, w, t);
    token_pass(s);
    return t;
}

/* ---- Writing ---- */

/* A slice worked on as read (s->early), done, placed by the thread
 * that writes it out, @w's: what depends on the slices before it is known
 * by then, without its own thread waiting for them.  The games left (one
 * whose reading noted that the file is not UTF-8) are worked on now, and
 * given back to @w's reader. */
static void
place_early(team *s, worker *w, batch *t)
{
    const pdn_read_work *work = s->job->work;
    w->scratch_len = 0; /* the bytes of @w's own slice, read by now */
    pdn_slice_place(w, t);
    for (size_t i = 0; i < t->n; i++) {
        if (!t->games[i])
            continue; /* worked on as read */
        t->files[i] = t->games[i]->file;
        if (t->picked[i]) {
            pdn_strbuf_clear(&t->outs[i]);
            t->values[i] = work->work(s->cli, t->games[i], &t->diags[i],
                                      &t->outs[i], s->job->ctx);
        }
        pdn_reader_recycle(w->reader, t->games[i]);
        t->games[i] = NULL;
    }
    token_pass(s);
}

/* Counts and writes out the diagnostics @d of batch @t, moved first where
 * its slice's placing left them to move (only counted: where they stand
 * is written nowhere). */
static void
report_batch_diags(team *s, const batch *t, pdn_diags *d)
{
    if ((t->shift_lines || t->shift_games) && !s->count_only)
        pdn_batch_shift(d, t->shift_lines, t->shift_games);
    pdn_read_report(s->cli, s->job, d, s->colour, &s->buf);
}

/* Writes out the batches done, oldest first, under s->writing, with @ws's
 * reader for what place_early() reads again. */
static void
write_batches(team *s, worker *ws)
{
    pdn_read_job *job = s->job;
    const pdn_read_work *w = job->work;
    batch *t;
    while ((t = &s->ring[s->written % s->depth])->done) {
        if (t->kind == BATCH_SLICE && s->early)
            place_early(s, ws, t);
        if (t->said.len) {
            pdn_read_tell(s->cli, t->said.ptr, t->said.len);
            pdn_strbuf_clear(&t->said);
        }
        for (size_t i = 0; i < t->n; i++) {
            pdn_diags *d = &t->diags[i];
            if (pdn_diags_any(d))
                report_batch_diags(s, t, d);
            if (t->picked[i] && w->done)
                w->done(s->cli, t->values[i], t->files[i], &t->outs[i],
                        job->ctx);
        }
        report_batch_diags(s, t, &t->tail);
        if (ferror(s->cli->out)) /* EPIPE with SIGPIPE ignored, ENOSPC */
            atomic_store_explicit(&s->out_failed, true, memory_order_relaxed);
        t->done = false;
        atomic_fetch_add_explicit(&s->written, 1, memory_order_release);
        pthread_cond_broadcast(&s->wrote);
    }
}

/* What each thread does: takes a batch, reads its games (a slice's while
 * others read theirs), places it with its token, works on its games, and
 * writes out the batches done, until nothing is left.  A slice worked on as
 * read is placed when it is written out (place_early()). */
static void *
run_thread(void *arg)
{
    worker *w = arg;
    team *s = w->s;
    const pdn_read_work *work = s->job->work;
    void *ctx = s->job->ctx;
    for (;;) {
        pdn_slice_look_ahead(s, w);
        lock_spinning(s, &s->taking);
        batch *t = take_batch(s, w);
        pdn_slice_share_next(s);
        pthread_mutex_unlock(&s->taking);
        if (!t)
            break;
        if (t->kind != BATCH_STREAM) /* a stream's batch gave them back */
            give_back(w, w->reader);
        if (t->kind == BATCH_SLICE) {
            pdn_slice_load(w, t);
            pdn_reader_range from =
                t->first ? pdn_slice_file_start(t->sf)
                         : (pdn_reader_range){.from = t->lo,
                                              .at = {t->lo, t->line, 1}};
            pdn_slice_read(w, t, from, true);
            if (!s->early) {
                token_take(s, t->seq);
                pdn_slice_place(w, t);
                token_pass(s);
            }
        } else if (t->kind == BATCH_TOLD) {
            token_take(s, t->seq);
            token_pass(s);
        }
        /* A slice worked on as read is done with here: what is left of it
           is picked and worked on as it is placed (place_early()). */
        if (!(t->kind == BATCH_SLICE && s->early)) {
            for (size_t i = 0; i < t->n; i++) {
                t->files[i] = t->games[i]->file;
                if (t->picked[i]) {
                    pdn_strbuf_clear(&t->outs[i]);
                    t->values[i] = work->work(s->cli, t->games[i], &t->diags[i],
                                              &t->outs[i], ctx);
                }
            }
            /* The games are the thread's until its next batch: the
               diagnostics own their text. */
            if (w->capown < t->n) {
                w->capown = t->n;
                w->own = pdn_xrealloc(w->own, w->capown * sizeof *w->own);
            }
            if (t->n)
                memcpy(w->own, t->games, t->n * sizeof *t->games);
            w->nown = t->n;
        }
        lock_spinning(s, &s->writing);
        t->done = true;
        write_batches(s, w);
        pthread_mutex_unlock(&s->writing);
    }
    give_back(w, w->reader);
    pdn_reader_free(w->reader);
    free(w->own);
    free(w->scratch);
    return NULL;
}

void
pdn_read_in_batches(const pdn_cli *cli, pdn_read_job *job, bool colour)
{
    long jobs = job->work->jobs;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    team s = {.cli = cli,
              .job = job,
              .colour = colour,
              .count_only = job->count_only && job->quiet,
              .early = !job->work->pick,
              .slice_bytes = pdn_slice_bytes(),
              .slice_aim = pdn_slice_bytes(),
              .said = PDN_STRBUF_INIT,
              .buf = PDN_STRBUF_INIT,
              .depth = BATCHES_PER_THREAD * (size_t)jobs,
              .spin = jobs <= cores ? SPIN_TRIES : 0,
              .no_map = pdn_no_map()};
    pthread_mutex_init(&s.taking, NULL);
    pthread_mutex_init(&s.lines, NULL);
    pthread_cond_init(&s.counted, NULL);
    pthread_mutex_init(&s.tokens, NULL);
    pthread_cond_init(&s.passed, NULL);
    pthread_mutex_init(&s.writing, NULL);
    pthread_cond_init(&s.wrote, NULL);
    s.ring = pdn_xcalloc(s.depth, sizeof *s.ring);
    for (size_t k = 0; k < s.depth; k++) {
        s.ring[k].said = (pdn_strbuf)PDN_STRBUF_INIT;
        s.ring[k].tail.count_only = s.count_only;
    }

    pthread_t *threads = pdn_xcalloc((size_t)jobs, sizeof *threads);
    worker *workers = pdn_xcalloc((size_t)jobs, sizeof *workers);
    for (long i = 0; i < jobs; i++)
        workers[i].s = &s;
    long started = 0;
    while (started < jobs - 1 &&
           pthread_create(&threads[started], NULL, run_thread,
                          &workers[started + 1]) == 0)
        started++;
    run_thread(&workers[0]); /* this thread too; alone if none started */
    for (long i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    free(threads);
    free(workers);

    job->io_failed |= s.read_failed;
    if (s.out_failed) { /* stopped: the files left open are closed here */
        job->out_failed = true;
        if (s.carry.sf)
            pdn_progress_end(cli, &s.carry.pr);
        if (s.sf)
            pdn_slice_file_close(s.sf);
        if (s.reader || s.in || s.stream_sf)
            close_stream(&s);
    }
    for (size_t k = 0; k < s.depth; k++) {
        batch *t = &s.ring[k];
        for (size_t i = 0; i < t->cap; i++) {
            pdn_diags_free(&t->diags[i]);
            pdn_strbuf_free(&t->outs[i]);
        }
        free(t->outs);
        free(t->games);
        free(t->diags);
        free(t->values);
        free(t->files);
        free(t->picked);
        pdn_diags_free(&t->tail);
        pdn_strbuf_free(&t->said);
    }
    free(s.ring);
    pdn_strbuf_free(&s.said);
    pdn_strbuf_free(&s.buf);
    pthread_cond_destroy(&s.wrote);
    pthread_mutex_destroy(&s.writing);
    pthread_cond_destroy(&s.passed);
    pthread_mutex_destroy(&s.tokens);
    pthread_cond_destroy(&s.counted);
    pthread_mutex_destroy(&s.lines);
    pthread_mutex_destroy(&s.taking);
}
