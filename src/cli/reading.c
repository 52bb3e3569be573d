/* reading.c -- FILE... operands read game by game, each game's
 * diagnostics reported as it is done.  With work that threads may share
 * (pdn_read_work), the threads take turns at the reader: each reads a
 * turn of games, works on them while the next thread reads, and the turns
 * are written out in file order.  A game is read and worked on by the
 * same thread, while its memory is still in that core's cache.
 */
#include "cli/reading.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "syntax/reader.h"

/* Adjusts the diagnostics of @d (job->adjust), counts them into @job,
 * renders them unless quiet or off, and empties @d. */
static void
report(const pdn_cli *cli, pdn_read_job *job, pdn_diags *d, bool colour,
       pdn_strbuf *buf)
{
    if (job->adjust)
        job->adjust(d, job->ctx);
    job->errors += d->errors;
    job->warnings += d->warnings;
    for (size_t i = 0; i < d->count && !job->quiet; i++) {
        if (d->items[i].severity == PDN_SEV_OFF)
            continue;
        if (job->on_diag) {
            job->on_diag(cli, &d->items[i], job->ctx);
            continue;
        }
        pdn_strbuf_clear(buf);
        pdn_diag_render(&d->items[i], colour, buf);
        fwrite(buf->ptr, 1, buf->len, cli->err);
    }
    pdn_diags_clear(d);
}

/* Opens @path for reading ("-": cli->in).  Returns NULL if it cannot be
 * opened or is a directory, after writing "pdn CMD: PATH: reason" to
 * @why, or to cli->err when @why is NULL. */
static FILE *
open_input(const pdn_cli *cli, const char *cmd, const char *path,
           pdn_strbuf *why)
{
    struct stat st;
    FILE *f;
    int err = 0;

    if (strcmp(path, "-") == 0)
        return cli->in;
    f = fopen(path, "rb");
    if (!f) {
        err = errno;
    } else if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        err = EISDIR;
        fclose(f);
        f = NULL;
    }
    if (f)
        return f;
    if (why)
        pdn_strbuf_printf(why, "pdn %s: %s: %s\n", cmd, path, strerror(err));
    else
        fprintf(cli->err, "pdn %s: %s: %s\n", cmd, path, strerror(err));
    return NULL;
}

/* ---- Progress ---- */

#define PROGRESS_MIN_BYTES ((uint64_t)4 << 20)

typedef struct progress {
    bool on;
    uint64_t total; /* bytes of the file, 0 if unknown (a pipe) */
    uint64_t games;
    struct timespec start, last;
} progress;

/* "12.3/200.0 MB  45000 games/s  3 s left", at most ten times a second. */
static void
progress_show(const pdn_cli *cli, progress *pr, uint64_t bytes)
{
    if (!pr->on || pdn_clock_since(&pr->last) < 0.1)
        return;
    pdn_clock_start(&pr->last);
    double t = pdn_clock_since(&pr->start);
    double rate = t > 0 ? (double)bytes / t : 0;
    fprintf(cli->err, "\r%.1f", (double)bytes / 1e6);
    if (pr->total)
        fprintf(cli->err, "/%.1f", (double)pr->total / 1e6);
    fprintf(cli->err, " MB  %.0f games/s", t > 0 ? (double)pr->games / t : 0);
    if (pr->total && rate > 0 && bytes < pr->total)
        fprintf(cli->err, "  %.0f s left", (double)(pr->total - bytes) / rate);
    fputs("\033[K", cli->err);
    fflush(cli->err);
}

static void
progress_end(const pdn_cli *cli, progress *pr)
{
    if (pr->on && pr->last.tv_sec)
        fputs("\r\033[K", cli->err);
}

/* Starts @pr for the stream @in of @job: on only when cli->err is a
 * terminal and the stream is a pipe or a file of more than 4 MB. */
static void
progress_start(const pdn_cli *cli, const pdn_read_job *job, FILE *in,
               progress *pr)
{
    struct stat st;
    *pr = (progress){.on = false};
    if (job->progress && cli->err_tty && fstat(fileno(in), &st) == 0 &&
        (!S_ISREG(st.st_mode) || (uint64_t)st.st_size > PROGRESS_MIN_BYTES)) {
        pr->on = true;
        pr->total = S_ISREG(st.st_mode) ? (uint64_t)st.st_size : 0;
        pdn_clock_start(&pr->start);
    }
}

/* A game more read from @r: counted, and shown on the progress line every
 * 256 games. */
static void
progress_game(const pdn_cli *cli, pdn_read_job *job, progress *pr,
              const pdn_reader *r)
{
    job->games++;
    pr->games++;
    if (pr->on && (pr->games & 255) == 0)
        progress_show(cli, pr, pdn_reader_bytes(r));
}

/* ---- One game after another ---- */

/* Whether @d holds anything to report: most games, nothing. */
static bool
has_diags(const pdn_diags *d)
{
    return d->count || d->errors || d->warnings || d->notes;
}

/* job->each, or job->work's functions in turn, on @g. */
static void
each_game(const pdn_cli *cli, pdn_read_job *job, pdn_game *g, pdn_diags *d,
          bool colour, pdn_strbuf *buf)
{
    const pdn_read_work *w = job->work;
    bool picked = false;
    long value = 0;
    if (!w)
        job->each(cli, g, d, job->ctx);
    else if ((picked = !w->pick || w->pick(cli, g, d, job->ctx)))
        value = w->work(cli, g, d, job->ctx);
    if (has_diags(d))
        report(cli, job, d, colour, buf);
    if (picked && w->done)
        w->done(cli, value, job->ctx);
}

/* Reads the open stream @in, named @name, to its end. */
static void
read_stream(const pdn_cli *cli, pdn_read_job *job, FILE *in, const char *name,
            bool colour)
{
    pdn_reader_options opt = {.tagmap = job->tagmap, .keep_raw = job->keep_raw};
    pdn_reader *r = pdn_reader_new(name, in, &opt);
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_strbuf buf = PDN_STRBUF_INIT;
    pdn_game *g;
    progress pr;
    int got;

    d.count_only = job->count_only && job->quiet;
    job->reader = r;
    progress_start(cli, job, in, &pr);
    while ((got = pdn_reader_next(r, &g, &d)) > 0) {
        progress_game(cli, job, &pr, r);
        each_game(cli, job, g, &d, colour, &buf);
        if (!job->own_games || job->work)
            pdn_reader_recycle(r, g);
    }
    if (got < 0)
        job->io_failed = true;
    progress_end(cli, &pr);
    if (job->flush && !job->work)
        job->flush(cli, job->ctx);
    report(cli, job, &d, colour, &buf);
    pdn_strbuf_free(&buf);
    pdn_diags_free(&d);
    job->reader = NULL;
    pdn_reader_free(r);
}

void
pdn_read_give_back(pdn_read_job *job, pdn_game *g)
{
    if (job->reader)
        pdn_reader_recycle(job->reader, g);
    else
        pdn_game_free(g);
}

/* The path of operand @i ("-" for standard input alone). */
static const char *
operand(const pdn_read_job *job, size_t i)
{
    return job->nfiles ? job->files[i] : "-";
}

static size_t
operands(const pdn_read_job *job)
{
    return job->nfiles ? job->nfiles : 1;
}

/* ---- Threads taking turns at the reader ----
 *
 * Turns are numbered in file order.  Turn k lives in slot k % depth of a
 * ring, so that at most depth turns are read and not yet written: memory
 * follows the ring's size times the largest game.  A turn ends at the end
 * of a file, whose reader is closed at once: nothing read from it points
 * into it, and the next thread goes on with the next file.  A file that
 * cannot be opened is told at its place, with the turn that follows.
 */

/* A turn reads up to TURN_GAMES games and TURN_BYTES bytes: enough that
 * handing the reader from one thread to the next costs little against
 * the turn, few enough that the turn's games stay in the core's cache. */
#define TURN_GAMES 256
#define TURN_BYTES ((uint64_t)32 << 10)

/* Turns in the ring for each thread: the writing of the oldest seldom
 * holds the others up. */
#define TURNS_PER_THREAD 4

/* Tries at the reader's lock before sleeping on it (lock_reading()). */
#define SPIN_TRIES 4096

typedef struct turn {
    pdn_strbuf said;             /* what to tell first: files that cannot
                                    be opened */
    pdn_game *games[TURN_GAMES]; /* the thread's that read them */
    pdn_diags diags[TURN_GAMES];
    long values[TURN_GAMES]; /* what work() returned */
    bool picked[TURN_GAMES];
    size_t n;
    pdn_diags tail; /* the file's last diagnostics, after its last game */
    bool done;      /* worked on, and waiting to be written */
} turn;

typedef struct turns {
    const pdn_cli *cli;
    pdn_read_job *job;
    bool colour;
    bool count_only; /* pdn_diags.count_only of every game */
    /* Under @reading: the files, the reader, the next turn's number. */
    pthread_mutex_t reading;
    size_t file;        /* the operand to open next */
    FILE *in;           /* the open operand, or NULL */
    pdn_reader *reader; /* its reader, or NULL between files */
    pdn_strbuf said;    /* files that could not be opened, to tell */
    progress pr;
    uint64_t next;
    /* Under @writing: the turns' done flags, @written, @buf. */
    pthread_mutex_t writing;
    pthread_cond_t wrote; /* @written grew */
    uint64_t written;
    pdn_strbuf buf;
    turn *ring;
    size_t depth;
    int spin; /* tries at the reader's lock before sleeping on it */
} turns;

/* Waits, under s->writing, until fewer than @ahead turns are read and not
 * written. */
static void
wait_written(turns *s, uint64_t ahead)
{
    pthread_mutex_lock(&s->writing);
    while (s->next - s->written >= ahead)
        pthread_cond_wait(&s->wrote, &s->writing);
    pthread_mutex_unlock(&s->writing);
}

/* Closes the file read: its turns hold all they need of it. */
static void
close_file(turns *s)
{
    if (!s->in)
        return;
    progress_end(s->cli, &s->pr);
    pdn_reader_free(s->reader);
    if (s->in != s->cli->in)
        fclose(s->in);
    s->in = NULL;
    s->reader = NULL;
}

/* Opens the next operand that opens; those that do not are put in
 * s->said.  Returns false when none is left. */
static bool
open_next(turns *s)
{
    pdn_read_job *job = s->job;
    while (s->file < operands(job)) {
        const char *path = operand(job, s->file++);
        FILE *in = open_input(s->cli, job->cmd, path, &s->said);
        if (!in) {
            job->io_failed = true;
            continue;
        }
        pdn_reader_options opt = {.tagmap = job->tagmap,
                                  .keep_raw = job->keep_raw};
        s->in = in;
        s->reader = pdn_reader_new(
            strcmp(path, "-") == 0 ? PDN_STDIN_NAME : path, in, &opt);
        progress_start(s->cli, job, in, &s->pr);
        return true;
    }
    return false;
}

/* The games of a thread: given back to the reader when it reads again,
 * which fills them again, so that a thread keeps writing to the memory
 * in its own core's cache. */
typedef struct own_games {
    pdn_game *games[TURN_GAMES];
    size_t n;
} own_games;

/* Reads the next turn's games, under s->reading, into the games of @own.
 * Returns the turn, or NULL when there is nothing left to read or tell. */
static turn *
read_turn(turns *s, own_games *own)
{
    pdn_read_job *job = s->job;
    const pdn_read_work *w = job->work;
    if (!s->in && !open_next(s) && s->said.len == 0)
        return NULL;
    wait_written(s, s->depth); /* the slot's last turn is written */
    turn *t = &s->ring[s->next % s->depth];
    s->next++;
    pdn_strbuf said = t->said; /* emptied when it was written */
    t->said = s->said;
    s->said = said;
    t->n = 0;
    if (!s->in)
        return t; /* the files that could not be opened, last */
    while (own->n)
        pdn_reader_recycle(s->reader, own->games[--own->n]);
    uint64_t stop = UINT64_MAX;
    while (t->n < TURN_GAMES) {
        pdn_diags *d = &t->diags[t->n];
        d->count_only = s->count_only;
        int got = pdn_reader_next(s->reader, &t->games[t->n], d);
        if (got <= 0) {
            /* The diagnostics of the end of the file: the turn's last. */
            pdn_diags spare = t->tail;
            t->tail = *d;
            *d = spare;
            job->io_failed |= got < 0;
            close_file(s);
            break;
        }
        progress_game(s->cli, job, &s->pr, s->reader);
        pdn_game *g = t->games[t->n];
        t->picked[t->n] = !w->pick || w->pick(s->cli, g, d, job->ctx);
        t->n++;
        if (stop == UINT64_MAX)
            stop = g->start.off + TURN_BYTES;
        else if (g->start.off >= stop)
            break;
    }
    return t;
}

/* Writes out the turns done, oldest first, under s->writing. */
static void
write_turns(turns *s)
{
    pdn_read_job *job = s->job;
    const pdn_read_work *w = job->work;
    turn *t;
    while ((t = &s->ring[s->written % s->depth])->done) {
        if (t->said.len) {
            fwrite(t->said.ptr, 1, t->said.len, s->cli->err);
            pdn_strbuf_clear(&t->said);
        }
        for (size_t i = 0; i < t->n; i++) {
            pdn_diags *d = &t->diags[i];
            if (has_diags(d))
                report(s->cli, job, d, s->colour, &s->buf);
            if (t->picked[i] && w->done)
                w->done(s->cli, t->values[i], job->ctx);
        }
        report(s->cli, job, &t->tail, s->colour, &s->buf);
        t->done = false;
        s->written++;
        pthread_cond_broadcast(&s->wrote);
    }
}

/* Takes the reader's lock.  The thread that holds it is mostly near the
 * end of its turn: waiting for it awake, a while, costs less than sleeping
 * and being woken (a system call each, and a core that may have gone
 * idle).  Not when there are more threads than cores: the one awaited
 * may be waiting for a core. */
static void
lock_reading(turns *s)
{
    for (int spin = 0; spin < s->spin; spin++) {
        if (pthread_mutex_trylock(&s->reading) == 0)
            return;
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#elif defined(__aarch64__) && defined(__GNUC__)
        __asm__ __volatile__("yield");
#endif
    }
    pthread_mutex_lock(&s->reading);
}

/* What each thread does: a turn at the reader, the work on the games it
 * read, and the turns done written out, until nothing is left. */
static void *
take_turns(void *arg)
{
    turns *s = arg;
    const pdn_read_work *w = s->job->work;
    void *ctx = s->job->ctx;
    own_games own = {.n = 0};
    for (;;) {
        lock_reading(s);
        turn *t = read_turn(s, &own);
        pthread_mutex_unlock(&s->reading);
        if (!t)
            break;
        for (size_t i = 0; i < t->n; i++) {
            if (t->picked[i])
                t->values[i] = w->work(s->cli, t->games[i], &t->diags[i],
                                       ctx);
            own.games[i] = t->games[i]; /* the diagnostics own their text */
        }
        if (t->n) /* read_turn() gave back the games the thread had */
            own.n = t->n;
        pthread_mutex_lock(&s->writing);
        t->done = true;
        write_turns(s);
        pthread_mutex_unlock(&s->writing);
    }
    while (own.n)
        pdn_game_free(own.games[--own.n]);
    return NULL;
}

/* Reads every operand with job->work->jobs threads in all. */
static void
read_in_turns(const pdn_cli *cli, pdn_read_job *job, bool colour)
{
    long jobs = job->work->jobs;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    turns s = {.cli = cli,
               .job = job,
               .colour = colour,
               .count_only = job->count_only && job->quiet,
               .said = PDN_STRBUF_INIT,
               .buf = PDN_STRBUF_INIT,
               .depth = TURNS_PER_THREAD * (size_t)jobs,
               .spin = jobs <= cores ? SPIN_TRIES : 0};
    pthread_mutex_init(&s.reading, NULL);
    pthread_mutex_init(&s.writing, NULL);
    pthread_cond_init(&s.wrote, NULL);
    s.ring = pdn_xcalloc(s.depth, sizeof *s.ring);
    for (size_t k = 0; k < s.depth; k++) {
        s.ring[k].said = (pdn_strbuf)PDN_STRBUF_INIT;
        s.ring[k].tail.count_only = s.count_only;
    }

    pthread_t *threads = pdn_xcalloc((size_t)jobs, sizeof *threads);
    long started = 0;
    while (started < jobs - 1 &&
           pthread_create(&threads[started], NULL, take_turns, &s) == 0)
        started++;
    take_turns(&s); /* this thread too; alone if none could start */
    for (long i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    free(threads);

    for (size_t k = 0; k < s.depth; k++) {
        for (size_t i = 0; i < TURN_GAMES; i++)
            pdn_diags_free(&s.ring[k].diags[i]);
        pdn_diags_free(&s.ring[k].tail);
        pdn_strbuf_free(&s.ring[k].said);
    }
    free(s.ring);
    pdn_strbuf_free(&s.said);
    pdn_strbuf_free(&s.buf);
    pthread_cond_destroy(&s.wrote);
    pthread_mutex_destroy(&s.writing);
    pthread_mutex_destroy(&s.reading);
}

int
pdn_read_files(const pdn_cli *cli, pdn_read_job *job)
{
    bool colour = pdn_args_colour(cli);
    if (job->work && job->work->jobs > 1) {
        read_in_turns(cli, job, colour);
    } else {
        for (size_t i = 0; i < operands(job); i++) {
            const char *path = operand(job, i);
            bool is_stdin = strcmp(path, "-") == 0;
            FILE *in = open_input(cli, job->cmd, path, NULL);
            if (!in) {
                job->io_failed = true;
                continue;
            }
            read_stream(cli, job, in, is_stdin ? PDN_STDIN_NAME : path, colour);
            if (!is_stdin)
                fclose(in);
        }
    }
    if (job->io_failed)
        return PDN_EXIT_USAGE;
    return job->errors ? PDN_EXIT_INPUT : PDN_EXIT_OK;
}
