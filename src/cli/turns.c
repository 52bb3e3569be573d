/* turns.c -- FILE... read by threads that share the work on the games.
 *
 * The work is cut into turns, numbered in file order.  A thread takes the
 * next turn under the claiming lock, reads its games, works on them, and
 * the turns are written out in file order.  Turn k lives in slot k % depth
 * of a ring, so that at most depth turns are claimed and not written:
 * memory follows the ring's size times the largest turn.
 *
 * A regular file is cut into parts (chunks.h) that the threads read at
 * the same time, each with a reader of its own.  A part is read from its
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
 * A file with no place to cut for a stretch of eight parts, standard
 * input and pipes are read by one thread at a time, a turn of games each
 * (a stream), under the claiming lock.
 *
 * A file that cannot be opened is told at its place, with the turn that
 * follows.
 */
#include "cli/turns.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/filemap.h"
#include "base/lines.h"
#include "base/xalloc.h"
#include "cli/chunks.h"
#include "cli/progress.h"
#include "syntax/reader.h"

/* A turn of a stream reads up to TURN_GAMES games and TURN_BYTES bytes:
 * enough that handing the reader from one thread to the next costs little
 * against the turn, few enough that the turn's games stay in the core's
 * cache. */
#define TURN_GAMES 256
#define TURN_BYTES ((uint64_t)32 << 10)

/* Turns in the ring for each thread: the writing of the oldest seldom
 * holds the others up. */
#define TURNS_PER_THREAD 4

/* Tries at the claiming lock before sleeping on it (lock_claiming()). */
#define SPIN_TRIES 4096

/* How far past a part's size to look for a cut, in steps that double from
 * CUT_WINDOW, before the rest of the file is read as a stream: eight times
 * the size, and at least CUT_SEARCH. */
#define CUT_WINDOW ((size_t)512)
#define CUT_SEARCH ((size_t)4 << 10)

/* Bytes read past a part's end with it (load_part()). */
#define PART_AFTER ((size_t)256)

/* How far a part whose start is a guess reads past its end, in parts'
 * sizes: a game that long across a cut is read again, with the token. */
#define PART_PAST 4

typedef enum turn_kind {
    TURN_TOLD,   /* only files that could not be opened, to tell */
    TURN_STREAM, /* games read under the claiming lock */
    TURN_PART    /* a part of a file, read at the same time as others */
} turn_kind;

typedef struct turn {
    uint64_t seq; /* its number, in file order */
    turn_kind kind;
    pdn_strbuf said;  /* what to tell first: files that cannot be opened */
    pdn_game **games; /* the games read, of the thread that read them */
    pdn_diags *diags;
    long *values; /* what work() returned */
    bool *picked;
    size_t n, cap;
    pdn_diags tail; /* the file's last diagnostics, after its last game */
    bool done;      /* worked on, and waiting to be written */
    /* A part: bytes [lo, hi) of @pf, from line @line; the last part of
       the file reads to its end. */
    pdn_part_file *pf;
    uint64_t part; /* its number among the parts claimed */
    bool first, last;
    uint64_t lo, hi;
    uint32_t line;
    /* What its reading found: where the game after its games starts
       (their numbers count from 1 until the token comes), and the game
       whose diagnostics say that text is not UTF-8 (-1: none). */
    pdn_reader_range next;
    long noted;
    bool eof;       /* it read to the end of the file */
    bool cut_short; /* it stopped short of its last game's end */
    bool failed; /* a read error */
} turn;

/* What a turn's token carries to the next turn. */
typedef struct carry {
    pdn_part_file *pf;         /* the file whose part passed it; NULL */
    pdn_reader_range next; /* where its next game starts */
    bool eof;              /* it read to the end of the file */
    pdn_progress pr;       /* the progress line of the file read */
} carry;

typedef struct turns {
    const pdn_cli *cli;
    pdn_read_job *job;
    bool colour;
    bool count_only; /* pdn_diags.count_only of every game */
    size_t part_bytes;       /* the largest size of parts */
    _Atomic size_t part_aim; /* their size now: about TURN_GAMES games */
    /* Under @claiming: the files, the stream's reader, the next turn. */
    pthread_mutex_t claiming;
    size_t file; /* the operand to open next */
    FILE *in;    /* the open stream, or NULL */
    pdn_part_file *stream_pf; /* the part file read as a stream, or NULL */
    pdn_reader *reader;   /* the stream's reader, or NULL */
    pdn_part_file *pf;        /* the file being cut into parts, or NULL */
    uint64_t part_lo;     /* where its next part starts */
    uint64_t parts;       /* parts claimed */
    pdn_strbuf said; /* files that could not be opened, to tell */
    uint64_t next;
    int spin;    /* tries at the lock before sleeping on it */
    bool no_map; /* files are read, not mapped (pdn_no_map()) */
    /* Under @lines: the parts whose first line is known, and the line
       the next one starts on. */
    pthread_mutex_t lines;
    pthread_cond_t counted;
    _Atomic uint64_t lines_seq; /* read awake too (await()) */
    uint32_t line_next;
    /* Under @tokens: the turns that passed their token. */
    pthread_mutex_t tokens;
    pthread_cond_t passed;
    _Atomic uint64_t sequenced; /* read awake too (await()) */
    carry carry;      /* the token holder's own */
    bool read_failed; /* the token holder's own */
    /* Under @writing: the turns' done flags, @written, @buf. */
    pthread_mutex_t writing;
    pthread_cond_t wrote; /* @written grew */
    uint64_t written;
    pdn_strbuf buf;
    turn *ring;
    size_t depth;
} turns;

/* A thread's own: the reader of its parts, the games it gave back, and
 * the bytes it looked at for a cut. */
typedef struct worker {
    turns *s;
    pdn_reader *reader;
    pdn_game **own;
    size_t nown, capown;
    char *scratch; /* the bytes of its part, from lo on */
    size_t scratch_len, scratch_cap;
    /* The file of its parts mapped (its own: its reader writes in it), or
       NULL; and whether this turn's part is read from it. */
    char *map;
    size_t map_span;
    uint64_t map_size;
    dev_t map_dev;
    ino_t map_ino;
    bool mapped;
} worker;

/* ---- Turns ---- */

/* Room in @t for one game more. */
static void
turn_room(turns *s, turn *t)
{
    if (t->n < t->cap)
        return;
    size_t cap = t->cap ? 2 * t->cap : TURN_GAMES;
    t->games = pdn_xrealloc(t->games, cap * sizeof *t->games);
    t->diags = pdn_xrealloc(t->diags, cap * sizeof *t->diags);
    t->values = pdn_xrealloc(t->values, cap * sizeof *t->values);
    t->picked = pdn_xrealloc(t->picked, cap * sizeof *t->picked);
    for (size_t i = t->cap; i < cap; i++) {
        t->diags[i] = (pdn_diags)PDN_DIAGS_INIT;
        t->diags[i].count_only = s->count_only;
    }
    t->cap = cap;
}

/* A pause in a loop that waits awake. */
static inline void
cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) && defined(__GNUC__)
    __asm__ __volatile__("yield");
#endif
}

/* Waits awake, a while, for *@v to be @want, which another thread sets
 * under a lock, then wakes those asleep on it: most waits are short (the
 * thread awaited is near the end of its step), and sleeping and being
 * woken cost more (a system call each, and a core that may have gone
 * idle).  The caller then takes the lock, and sleeps on the condition if
 * *@v is still not @want. */
static void
await(const turns *s, _Atomic uint64_t *v, uint64_t want)
{
    for (int spin = 0; spin < s->spin; spin++) {
        if (atomic_load_explicit(v, memory_order_acquire) == want)
            return;
        cpu_relax();
    }
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

/* Waits, under s->writing, until fewer than @ahead turns are claimed and
 * not written. */
static void
wait_written(turns *s, uint64_t ahead)
{
    pthread_mutex_lock(&s->writing);
    while (s->next - s->written >= ahead)
        pthread_cond_wait(&s->wrote, &s->writing);
    pthread_mutex_unlock(&s->writing);
}

/* With the token: the games of @t counted and offered to pick(), in file
 * order. */
static void
pick_games(turns *s, turn *t, uint64_t bytes)
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
        pdn_part_file *pf = is_stdin ? NULL : pdn_part_file_open(in, name);
        if (pf) {
            s->pf = pf;
            s->part_lo = 0;
            return true;
        }
        pdn_reader_options opt = {.tagmap = job->tagmap,
                                  .keep_raw = job->keep_raw,
                                  .no_map = s->no_map};
        s->in = in;
        s->reader = pdn_reader_new(name, in, &opt);
        return true;
    }
    return false;
}

/* ---- Claiming ---- */

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

/* Makes @t the next part of s->pf, under s->claiming: up to the first cut
 * past the part's size, or to the end of the file.  Only the bytes around
 * the cut are read here; the part's own, by its thread (load_part()).
 * Returns false when no cut is found for a long stretch: the rest of the
 * file is then read as a stream. */
static bool
claim_part(turns *s, worker *w, turn *t)
{
    pdn_part_file *pf = s->pf;
    uint64_t lo = s->part_lo;
    size_t aim = atomic_load_explicit(&s->part_aim, memory_order_relaxed);
    /* From a little before the part's size: the text of a result. */
    size_t back = aim < 64 ? aim : 64;
    uint64_t from = lo + aim - back;
    /* Not far past it: a part holds few games more than it aims at. */
    size_t search = 8 * aim < CUT_SEARCH ? CUT_SEARCH : 8 * aim;
    size_t step = CUT_WINDOW, want = back + step, have = 0, at = back;
    t->kind = TURN_PART;
    t->pf = pf;
    t->first = lo == 0;
    t->lo = lo;
    for (;;) {
        have += scratch_read(w, have, want - have, pf->fd, from + have);
        if (pdn_chunk_find(w->scratch, have, &at)) {
            t->last = false;
            t->hi = from + at;
            s->part_lo = t->hi;
            break;
        }
        if (have < want) { /* the end of the file */
            t->last = true;
            t->hi = UINT64_MAX;
            s->pf = NULL;
            break;
        }
        if (have >= search) {
            s->pf = NULL;
            s->stream_pf = pf;
            t->kind = TURN_STREAM;
            return false;
        }
        want += step;
        step *= 2;
    }
    t->part = s->parts++;
    return true;
}

/* Whether @w has the file of @pf mapped as it is now: mapped again if
 * it is another file or changed size (its reader first let go of the
 * old mapping).  False if it cannot be mapped: it is read then. */
static bool
map_part_file(worker *w, const pdn_part_file *pf)
{
    struct stat st;
    if (w->s->no_map || fstat(pf->fd, &st) != 0 || !S_ISREG(st.st_mode) ||
        st.st_size <= 0)
        return false;
    if (w->map && st.st_dev == w->map_dev && st.st_ino == w->map_ino &&
        (uint64_t)st.st_size == w->map_size)
        return true;
    pdn_reader_unmap(w->reader);
    pdn_file_unmap(w->map, w->map_span);
    w->map = pdn_file_map(pf->fd, (size_t)st.st_size, &w->map_span);
    w->map_size = (uint64_t)st.st_size;
    w->map_dev = st.st_dev;
    w->map_ino = st.st_ino;
    return w->map != NULL;
}

/* Counts the lines of part @t, from the file mapped or its bytes read
 * into @w's scratch, and, in the order the parts were claimed, learns
 * the line it starts on. */
static void
load_part(worker *w, turn *t)
{
    turns *s = w->s;
    uint32_t lines = 0;
    w->scratch_len = 0;
    w->mapped = map_part_file(w, t->pf) && (t->last || t->hi <= w->map_size);
    if (!t->last) {
        size_t n = (size_t)(t->hi - t->lo);
        if (w->mapped) {
            pdn_reader_put_back(w->reader); /* its NUL may be in the part */
            lines = pdn_lines_count(w->map + t->lo, n);
        } else {
            /* Some bytes past it too: the count looks past a CR, and the
               reading of the last game past its result. */
            size_t got = scratch_read(w, 0, n + PART_AFTER, t->pf->fd, t->lo);
            w->scratch_len = got;
            if (got <= n) /* a file cut short since the claim */
                memset(w->scratch + got, 0, n + 1 - got);
            lines = pdn_lines_count(w->scratch, n);
        }
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

/* Takes the claiming lock.  The thread that holds it is mostly near the
 * end of its claim: waiting for it awake, a while, costs less than
 * sleeping and being woken (a system call each, and a core that may have
 * gone idle).  Not when there are more threads than cores: the one
 * awaited may be waiting for a core. */
static void
lock_claiming(turns *s)
{
    for (int spin = 0; spin < s->spin; spin++) {
        if (pthread_mutex_trylock(&s->claiming) == 0)
            return;
        cpu_relax();
    }
    pthread_mutex_lock(&s->claiming);
}

/* Gives back the games of @w's last turn: to the stream's reader when
 * the thread reads the stream next, else to its own. */
static void
give_back(worker *w, pdn_reader *to)
{
    while (w->nown) {
        pdn_game *g = w->own[--w->nown];
        if (to)
            pdn_reader_recycle(to, g);
        else
            pdn_game_free(g);
    }
}

/* ---- Reading ---- */

/* Reads part @t from @range with @w's reader: its games, up to the first
 * whose next one starts at t->hi or past it (for the last part, to the
 * end of the file), as one reading of the whole file reads them: the
 * reading goes past hi as far as the last game needs.  When the start is
 * only guessed (@guess), not farther than PART_PAST times the part's size
 * past hi: t->cut_short says then that the reading stopped there, to be
 * done again once the start is known to be right.  With @note, the first
 * game's diagnostics start with the note that the file is not UTF-8.
 * t->next says where the game after them starts. */
static void
read_part(worker *w, turn *t, pdn_reader_range range, bool note, bool guess)
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
                                  .keep_raw = job->keep_raw};
        w->reader = pdn_reader_new_range(name, fd, &range, &opt);
    }
    /* The mapped file is read in place, at first as far as the part and
       the bytes load_part() would read after it; else the scratch holds
       the part's bytes: the reader takes them when it starts at the
       part's start, copies them from farther on. */
    if (w->mapped) {
        uint64_t stop = t->last ? w->map_size : t->hi + PART_AFTER;
        size_t len = range.from < stop ? (size_t)(stop - range.from) : 0;
        pdn_reader_restart_mapped(w->reader, name, fd, w->map, w->map_size,
                                  &range, len);
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
        turn_room(s, t);
        pdn_diags *d = &t->diags[t->n];
        if (note && t->n == 0)
            pdn_reader_note_encoding(name, t->pf->note_at, d);
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
            t->noted = (long)t->n;
        t->n++;
        if (!t->last && pdn_reader_offset(r) >= t->hi)
            break;
    }
    /* The range's end is not the file's: what ran into it may go on. */
    t->cut_short = range.end != UINT64_MAX &&
                   pdn_reader_offset(r) >= range.end;
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
        pdn_reader_recycle(w->reader, t->games[i]);
        pdn_diags_clear(&t->diags[i]);
    }
    pdn_diags_clear(&t->tail);
    t->n = 0;
    t->noted = -1;
    t->failed = false;
}

/* With the token of part @t: its games are the ones that start from
 * where those before ended (read again when the cut was wrong, none when
 * the parts before read past it), numbered after those before, and
 * counted. */
static void
settle_part(worker *w, turn *t)
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
        read_part(w, t, from, false, false);
        base = 0;
    } else if (t->cut_short) { /* a game far past the cut: read it all */
        bool note = t->first && t->pf->note;
        forget_games(w, t);
        read_part(w, t, c->next, note, false);
        base = 0;
    }
    if (base) {
        for (size_t i = 0; i < t->n; i++) {
            pdn_diags *d = &t->diags[i];
            t->games[i]->number += base;
            for (size_t k = 0; k < d->count; k++)
                if (d->items[k].game)
                    d->items[k].game += base;
        }
        for (size_t k = 0; k < t->tail.count; k++)
            if (t->tail.items[k].game)
                t->tail.items[k].game += base;
        t->next.games += base;
    }
    if (t->noted >= 0 && c->next.noted)
        drop_encoding_note(&t->diags[t->noted]);
    bool noted = c->next.noted || t->noted >= 0;
    s->read_failed |= t->failed;
    pick_games(s, t, t->last ? t->lo : t->hi);
    c->next = t->next;
    c->next.noted = noted;
    c->eof = t->eof;
    if (t->last) {
        pdn_progress_end(s->cli, &c->pr);
        pdn_part_file_close(t->pf);
        c->pf = NULL;
    }
    /* The next parts aim at about TURN_GAMES games each. */
    if (t->n >= 8 && !t->last) {
        uint64_t per_game = (t->hi - t->lo) / t->n;
        size_t bytes = (size_t)(per_game * TURN_GAMES);
        size_t least = s->part_bytes < 1024 ? s->part_bytes : 1024;
        atomic_store_explicit(&s->part_aim,
                              bytes < least          ? least
                              : bytes > s->part_bytes ? s->part_bytes
                                                      : bytes,
                              memory_order_relaxed);
    }
}

/* Closes the stream read: its turns hold all they need of it. */
static void
close_stream(turns *s)
{
    pdn_progress_end(s->cli, &s->carry.pr);
    pdn_reader_free(s->reader);
    s->reader = NULL;
    if (s->stream_pf) {
        pdn_part_file_close(s->stream_pf);
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
    bool note = false;
    if (!s->reader) { /* a part file from here on: where its parts end */
        pdn_part_file *pf = s->stream_pf;
        carry *c = &s->carry;
        if (c->pf != pf) {
            c->next = pdn_part_file_start(pf);
            note = pf->note;
            pdn_progress_start(s->cli, job->progress, pf->fd, &c->pr);
        }
        c->pf = NULL;
        pdn_reader_options opt = {.tagmap = job->tagmap,
                                  .keep_raw = job->keep_raw};
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
        turn_room(s, t);
        pdn_diags *d = &t->diags[t->n];
        if (note && t->n == 0)
            pdn_reader_note_encoding(t->pf->name, t->pf->note_at, d);
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
    pick_games(s, t, s->reader ? pdn_reader_bytes(s->reader) : 0);
}

/* Claims the next turn under s->claiming; reads it too if it is a
 * stream's.  Returns NULL when nothing is left to read or tell. */
static turn *
claim(turns *s, worker *w)
{
    if (!s->in && !s->pf && !s->stream_pf && !open_next(s) && s->said.len == 0)
        return NULL;
    wait_written(s, s->depth); /* the slot's last turn is written */
    turn *t = &s->ring[s->next % s->depth];
    t->seq = s->next++;
    pdn_strbuf said = t->said; /* emptied when it was written */
    t->said = s->said;
    s->said = said;
    t->n = 0;
    t->pf = NULL;
    t->first = t->last = false;
    if (s->pf && claim_part(s, w, t))
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
            if (pdn_diags_any(d))
                pdn_read_report(s->cli, job, d, s->colour, &s->buf);
            if (t->picked[i] && w->done)
                w->done(s->cli, t->values[i], job->ctx);
        }
        pdn_read_report(s->cli, job, &t->tail, s->colour, &s->buf);
        t->done = false;
        s->written++;
        pthread_cond_broadcast(&s->wrote);
    }
}

/* What each thread does: claims a turn, reads its games (a part's while
 * others read theirs), settles it with its token, works on its games, and
 * writes out the turns done, until nothing is left. */
static void *
take_turns(void *arg)
{
    worker *w = arg;
    turns *s = w->s;
    const pdn_read_work *work = s->job->work;
    void *ctx = s->job->ctx;
    for (;;) {
        lock_claiming(s);
        turn *t = claim(s, w);
        pthread_mutex_unlock(&s->claiming);
        if (!t)
            break;
        if (t->kind != TURN_STREAM) /* a stream's turn gave them back */
            give_back(w, w->reader);
        if (t->kind == TURN_PART) {
            load_part(w, t);
            pdn_reader_range from =
                t->first ? pdn_part_file_start(t->pf)
                         : (pdn_reader_range){.from = t->lo,
                                              .at = {t->lo, t->line, 1},
                                              .cp1252 = t->pf->cp1252};
            read_part(w, t, from, t->first && t->pf->note, true);
            token_take(s, t->seq);
            settle_part(w, t);
            token_pass(s);
        } else if (t->kind == TURN_TOLD) {
            token_take(s, t->seq);
            token_pass(s);
        }
        for (size_t i = 0; i < t->n; i++) {
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
        pthread_mutex_lock(&s->writing);
        t->done = true;
        write_turns(s);
        pthread_mutex_unlock(&s->writing);
    }
    give_back(w, w->reader);
    pdn_reader_free(w->reader);
    pdn_file_unmap(w->map, w->map_span);
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
    for (size_t k = 0; k < s.depth; k++) {
        turn *t = &s.ring[k];
        for (size_t i = 0; i < t->cap; i++)
            pdn_diags_free(&t->diags[i]);
        free(t->games);
        free(t->diags);
        free(t->values);
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
