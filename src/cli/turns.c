/* turns.c -- FILE... read by threads that share the work on the games.
 *
 * The work is cut into turns, numbered in file order.  A thread takes the
 * next turn under the claiming lock, reads its games, works on them, and
 * the turns are written out in file order.  Turn k lives in slot k % depth
 * of a ring, so that at most depth turns are claimed and not written:
 * memory follows the ring's size times the largest turn.
 *
 * A regular file is cut into parts (chunks.h) that the threads read at
 * the same time, each with a reader of its own, in place from one mapping
 * of the file (or into memory of its own, when the file is not mapped).
 * A thread looks for the cut that ends the next part before it takes the
 * claiming lock, and takes that cut if no one claimed a part meanwhile:
 * the lock is held for no reading, and a thread that the host stops for
 * a while seldom holds up the others.  A part is read from its
 * start up to the first game whose next one starts at its end or past it,
 * the reading going on past the end as far as that game needs: its games
 * are those of one reading of the whole file when its start is.  What
 * depends on the parts before is settled in file order, turn by turn: a
 * thread holds the "token" of its turn from when the turn before passed
 * it on until it passes it on itself.  With the token a part learns where
 * the games before it ended: at its start (the cut was right), past it
 * (it has no games of its own), or elsewhere (it is read again from
 * there); it numbers its games after those before, and drops a second
 * note that the file is not UTF-8.  Parts aim at about TURN_GAMES games.
 * When the work has no pick() (turns.early), a part's games are worked on
 * as they are read, before they are numbered: each game is still in the
 * core's cache, and its memory serves the next one, as when one thread
 * reads and works in turn (reading.c).  Such a part is read from a line 1
 * of its own, and settled by the thread that writes it out, which holds
 * the token then: its own thread goes on to the next turn without
 * waiting for the parts before.
 *
 * A file with no place to cut for a stretch of eight parts, standard
 * input and pipes are read by one thread at a time, a turn of games each
 * (a stream), under the claiming lock.
 *
 * A file that cannot be opened is told at its place, with the turn that
 * follows.  The parts are claimed, read and settled in turn_parts.c.
 */
#include "cli/turns.h"
#include "cli/turns_internal.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/xalloc.h"

/* A turn of a stream reads no more than TURN_BYTES bytes past its first
 * game: enough that handing the reader from one thread to the next costs
 * little against the turn, few enough that the turn's games stay in the
 * core's cache. */
#define TURN_BYTES ((uint64_t)32 << 10)

/* Turns in the ring for each thread: the writing of the oldest seldom
 * holds the others up. */
#define TURNS_PER_THREAD 4

/* Tries at a lock before sleeping on it (lock_awake()). */
#define SPIN_TRIES 4096

/* ---- Turns ---- */

void
pdn_turns_room(turns *s, turn *t)
{
    if (t->n < t->cap)
        return;
    size_t cap = t->cap ? 2 * t->cap : TURN_GAMES;
    t->games = pdn_xrealloc(t->games, cap * sizeof *t->games);
    t->diags = pdn_xrealloc(t->diags, cap * sizeof *t->diags);
    t->values = pdn_xrealloc(t->values, cap * sizeof *t->values);
    t->files = pdn_xrealloc(t->files, cap * sizeof *t->files);
    t->picked = pdn_xrealloc(t->picked, cap * sizeof *t->picked);
    for (size_t i = t->cap; i < cap; i++) {
        t->diags[i] = (pdn_diags)PDN_DIAGS_INIT;
        t->diags[i].count_only = s->count_only;
    }
    t->cap = cap;
}

/* Waits until turn @seq holds the token. */
static void
token_take(turns *s, uint64_t seq)
{
    await(s, &s->sequenced, seq);
    pthread_mutex_lock(&s->tokens);
    while (s->sequenced != seq)
        pthread_cond_wait(&s->passed, &s->tokens);
    pthread_mutex_unlock(&s->tokens);
}

/* Passes the token on to the next turn. */
static void
token_pass(turns *s)
{
    pthread_mutex_lock(&s->tokens);
    atomic_fetch_add_explicit(&s->sequenced, 1, memory_order_release);
    pthread_cond_broadcast(&s->passed);
    pthread_mutex_unlock(&s->tokens);
}

/* Waits until fewer than @ahead turns are claimed and not written.  The
 * ring is seldom full: s->written is read first without the writing
 * lock, which the thread that writes may hold for a while. */
static void
wait_written(turns *s, uint64_t ahead)
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
pdn_turns_pick(turns *s, turn *t, uint64_t bytes)
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

/* Opens the next operand that opens, as parts when it is a regular file,
 * else as a stream; those that do not open are put in s->said.  Returns
 * false when none is left. */
static bool
open_next(turns *s)
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
        pdn_part_file *pf =
            is_stdin ? NULL : pdn_part_file_open(in, name, !s->no_map);
        if (pf) {
            s->pf = pf;
            s->part_lo = 0;
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

/* ---- Claiming ---- */

/* Takes lock @m, which another thread holds for a short while: the
 * claiming of a turn, the writing out of one.  The thread that holds it is
 * mostly near the end of that step: waiting for it awake, a while, costs
 * less than sleeping and being woken (a system call each, and a core that
 * may have gone idle).  Not when there are more threads than cores: the
 * one awaited may be waiting for a core. */
static void
lock_awake(const turns *s, pthread_mutex_t *m)
{
    for (int spin = 0; spin < s->spin; spin++) {
        if (pthread_mutex_trylock(m) == 0)
            return;
        cpu_relax();
    }
    pthread_mutex_lock(m);
}

/* Gives back the games of @w's last turn: to the stream's reader when
 * the thread reads the stream next, else to its own. */
static void
give_back(worker *w, pdn_reader *to)
{
    while (w->nown)
        pdn_reader_recycle(to, w->own[--w->nown]);
}

/* ---- Reading a stream ---- */

/* Closes the stream read: its turns hold all they need of it. */
static void
close_stream(turns *s)
{
    pdn_progress_end(s->cli, &s->carry.pr);
    pdn_reader_free(s->reader);
    s->reader = NULL;
    if (s->stream_pf) {
        pdn_turns_close_file(s, s->stream_pf);
        s->stream_pf = NULL;
    } else if (s->in != s->cli->in) {
        fclose(s->in);
    }
    s->in = NULL;
}

/* Reads stream turn @t, under s->claiming and with its token. */
static void
read_stream_turn(turns *s, worker *w, turn *t)
{
    pdn_read_job *job = s->job;
    if (!s->reader) { /* a part file from here on: where its parts end */
        pdn_part_file *pf = s->stream_pf;
        carry *c = &s->carry;
        if (c->pf != pf) {
            c->next = pdn_part_file_start(pf);
            pdn_progress_start(s->cli, job->progress, pf->fd, &c->pr);
        }
        c->pf = NULL;
        pdn_reader_options opt = {.tagmap = job->tagmap,
                                  .keep_raw = job->keep_raw,
                                  .strict = job->strict};
        c->next.end = UINT64_MAX;
        s->reader = pdn_reader_new_range(pf->name, pf->fd, &c->next, &opt);
        s->in = pf->in;
    } else if (pdn_reader_games(s->reader) == 0 &&
               pdn_reader_bytes(s->reader) == 0) {
        pdn_progress_start(s->cli, job->progress, fileno(s->in), &s->carry.pr);
    }
    give_back(w, s->reader);
    t->n = 0;
    t->pf = s->stream_pf;
    uint64_t stop = UINT64_MAX;
    while (t->n < TURN_GAMES) {
        pdn_turns_room(s, t);
        pdn_diags *d = &t->diags[t->n];
        int got = pdn_reader_next(s->reader, &t->games[t->n], d);
        if (got <= 0) {
            pdn_diags spare = t->tail;
            t->tail = *d;
            *d = spare;
            s->read_failed |= got < 0;
            close_stream(s);
            t->pf = NULL;
            break;
        }
        const pdn_game *g = t->games[t->n++];
        if (stop == UINT64_MAX)
            stop = g->start.off + TURN_BYTES;
        else if (g->start.off >= stop)
            break;
    }
    pdn_turns_pick(s, t, s->reader ? pdn_reader_bytes(s->reader) : 0);
}

/* Claims the next turn under s->claiming; reads it too if it is a
 * stream's.  Returns NULL when nothing is left to read or tell. */
static turn *
claim(turns *s, worker *w)
{
    if (atomic_load_explicit(&s->out_failed, memory_order_relaxed))
        return NULL; /* what is open is closed once the threads are done */
    if (!s->in && !s->pf && !s->stream_pf && !open_next(s) && s->said.len == 0)
        return NULL;
    wait_written(s, s->depth); /* the slot's last turn is written */
    turn *t = &s->ring[s->next % s->depth];
    t->seq = s->next++;
    pdn_strbuf said = t->said; /* emptied when it was written */
    t->said = s->said;
    s->said = said;
    t->n = 0;
    t->shift_lines = 0;
    t->shift_games = 0;
    t->pf = NULL;
    t->first = t->last = false;
    if (s->pf && pdn_turns_claim_part(s, w, t))
        return t;
    if (!s->in && !s->stream_pf) {
        t->kind = TURN_TOLD; /* the files that could not be opened, last */
        return t;
    }
    t->kind = TURN_STREAM;
    token_take(s, t->seq);
    read_stream_turn(s, w, t);
    token_pass(s);
    return t;
}

/* ---- Writing ---- */

/* A part worked on as read (turns.early), done, settled by the thread
 * that writes it out, @w's: what depends on the parts before it is known
 * by then, without its own thread waiting for them.  The games left (one
 * whose reading noted that the file is not UTF-8) are worked on now, and
 * given back to @w's reader. */
static void
settle_early(turns *s, worker *w, turn *t)
{
    const pdn_read_work *work = s->job->work;
    w->scratch_len = 0; /* the bytes of @w's own part, read by now */
    pdn_turns_settle_part(w, t);
    for (size_t i = 0; i < t->n; i++) {
        if (!t->games[i])
            continue; /* worked on as read */
        t->files[i] = t->games[i]->file;
        if (t->picked[i])
            t->values[i] =
                work->work(s->cli, t->games[i], &t->diags[i], s->job->ctx);
        pdn_reader_recycle(w->reader, t->games[i]);
        t->games[i] = NULL;
    }
    token_pass(s);
}

/* Counts and writes out the diagnostics @d of turn @t, moved first where
 * its part's settling left them to move (only counted: where they stand
 * is written nowhere). */
static void
report_turn_diags(turns *s, const turn *t, pdn_diags *d)
{
    if ((t->shift_lines || t->shift_games) && !s->count_only)
        pdn_turns_shift(d, t->shift_lines, t->shift_games);
    pdn_read_report(s->cli, s->job, d, s->colour, &s->buf);
}

/* Writes out the turns done, oldest first, under s->writing, with @ws's
 * reader for what settle_early() reads again. */
static void
write_turns(turns *s, worker *ws)
{
    pdn_read_job *job = s->job;
    const pdn_read_work *w = job->work;
    turn *t;
    while ((t = &s->ring[s->written % s->depth])->done) {
        if (t->kind == TURN_PART && s->early)
            settle_early(s, ws, t);
        if (t->said.len) {
            pdn_read_tell(s->cli, t->said.ptr, t->said.len);
            pdn_strbuf_clear(&t->said);
        }
        for (size_t i = 0; i < t->n; i++) {
            pdn_diags *d = &t->diags[i];
            if (pdn_diags_any(d))
                report_turn_diags(s, t, d);
            if (t->picked[i] && w->done)
                w->done(s->cli, t->values[i], t->files[i], job->ctx);
        }
        report_turn_diags(s, t, &t->tail);
        if (ferror(s->cli->out)) /* EPIPE with SIGPIPE ignored, ENOSPC */
            atomic_store_explicit(&s->out_failed, true, memory_order_relaxed);
        t->done = false;
        atomic_fetch_add_explicit(&s->written, 1, memory_order_release);
        pthread_cond_broadcast(&s->wrote);
    }
}

/* What each thread does: claims a turn, reads its games (a part's while
 * others read theirs), settles it with its token, works on its games, and
 * writes out the turns done, until nothing is left.  A part worked on as
 * read is settled when it is written out (settle_early()). */
static void *
take_turns(void *arg)
{
    worker *w = arg;
    turns *s = w->s;
    const pdn_read_work *work = s->job->work;
    void *ctx = s->job->ctx;
    for (;;) {
        pdn_turns_foresee_part(s, w);
        lock_awake(s, &s->claiming);
        turn *t = claim(s, w);
        pdn_turns_publish(s);
        pthread_mutex_unlock(&s->claiming);
        if (!t)
            break;
        if (t->kind != TURN_STREAM) /* a stream's turn gave them back */
            give_back(w, w->reader);
        if (t->kind == TURN_PART) {
            pdn_turns_load_part(w, t);
            pdn_reader_range from =
                t->first ? pdn_part_file_start(t->pf)
                         : (pdn_reader_range){.from = t->lo,
                                              .at = {t->lo, t->line, 1}};
            pdn_turns_read_part(w, t, from, true);
            if (!s->early) {
                token_take(s, t->seq);
                pdn_turns_settle_part(w, t);
                token_pass(s);
            }
        } else if (t->kind == TURN_TOLD) {
            token_take(s, t->seq);
            token_pass(s);
        }
        /* A part worked on as read is done with here: what is left of it
           is picked and worked on as it is settled (settle_early()). */
        if (!(t->kind == TURN_PART && s->early)) {
            for (size_t i = 0; i < t->n; i++) {
                t->files[i] = t->games[i]->file;
                if (t->picked[i])
                    t->values[i] =
                        work->work(s->cli, t->games[i], &t->diags[i], ctx);
            }
            /* The games are the thread's until its next turn: the
               diagnostics own their text. */
            if (w->capown < t->n) {
                w->capown = t->n;
                w->own = pdn_xrealloc(w->own, w->capown * sizeof *w->own);
            }
            if (t->n)
                memcpy(w->own, t->games, t->n * sizeof *t->games);
            w->nown = t->n;
        }
        lock_awake(s, &s->writing);
        t->done = true;
        write_turns(s, w);
        pthread_mutex_unlock(&s->writing);
    }
    give_back(w, w->reader);
    pdn_reader_free(w->reader);
    free(w->own);
    free(w->scratch);
    return NULL;
}

void
pdn_read_in_turns(const pdn_cli *cli, pdn_read_job *job, bool colour)
{
    long jobs = job->work->jobs;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    turns s = {.cli = cli,
               .job = job,
               .colour = colour,
               .count_only = job->count_only && job->quiet,
               .early = !job->work->pick,
               .part_bytes = pdn_part_bytes(),
               .part_aim = pdn_part_bytes(),
               .said = PDN_STRBUF_INIT,
               .buf = PDN_STRBUF_INIT,
               .depth = TURNS_PER_THREAD * (size_t)jobs,
               .spin = jobs <= cores ? SPIN_TRIES : 0,
               .no_map = pdn_no_map()};
    pthread_mutex_init(&s.claiming, NULL);
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
           pthread_create(&threads[started], NULL, take_turns,
                          &workers[started + 1]) == 0)
        started++;
    take_turns(&workers[0]); /* this thread too; alone if none started */
    for (long i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    free(threads);
    free(workers);

    job->io_failed |= s.read_failed;
    if (s.out_failed) { /* stopped: the files left open are closed here */
        job->out_failed = true;
        if (s.carry.pf)
            pdn_progress_end(cli, &s.carry.pr);
        if (s.pf)
            pdn_part_file_close(s.pf);
        if (s.reader || s.in || s.stream_pf)
            close_stream(&s);
    }
    for (size_t k = 0; k < s.depth; k++) {
        turn *t = &s.ring[k];
        for (size_t i = 0; i < t->cap; i++)
            pdn_diags_free(&t->diags[i]);
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
    pthread_mutex_destroy(&s.claiming);
}
