/* internal.h -- what the files of the reading on threads share:
 * reading.c (one game after another), batches.c (the batches, their
 * taking and writing out, streams) and slices.c (the slices of a regular
 * file, read by threads at the same time): the batches, the team of
 * threads, and the short waits they spin through before sleeping.  Not a
 * contract: nothing outside stream/ includes it.
 */
#ifndef PDN_STREAM_INTERNAL_H
#define PDN_STREAM_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "base/diag.h"
#include "base/strbuf.h"
#include "stream/slice_file.h"
#include "stream/progress.h"
#include "stream/reading.h"
#include "syntax/reader.h"

/* A batch reads about BATCH_GAMES games: a slice aims at as many, and a
 * batch of a stream reads no more (batches.c). */
#define BATCH_GAMES 256

/* How far past a slice's size to look for a boundary, in steps that double from
 * BOUNDARY_WINDOW, before the rest of the file is read as a stream: eight times
 * the size, and at least BOUNDARY_SEARCH. */
#define BOUNDARY_WINDOW ((size_t)512)
#define BOUNDARY_SEARCH ((size_t)4 << 10)

/* Bytes read past a slice's end with it (pdn_slice_load()). */
#define SLICE_AFTER ((size_t)256)

/* How far a slice whose start is a guess reads past its end, in slices'
 * sizes: a game that long across a boundary is read again, with the token. */
#define SLICE_PAST 4

/* What the search for a slice's boundary found (slices.c). */
typedef enum boundary_kind {
    BOUNDARY_FOUND, /* a boundary */
    BOUNDARY_END,   /* the end of the file */
    BOUNDARY_NONE   /* no boundary for a long stretch */
} boundary_kind;

typedef enum batch_kind {
    BATCH_TOLD,   /* only files that could not be opened, to tell */
    BATCH_STREAM, /* games read under the taking lock */
    BATCH_SLICE   /* a slice of a file, read at the same time as others */
} batch_kind;

typedef struct batch {
    uint64_t seq; /* its number, in file order */
    batch_kind kind;
    pdn_strbuf said;  /* what to tell first: files that cannot be opened */
    pdn_game **games; /* the games read, of the thread that read them;
                         NULL: worked on as read (s->early), and
                         given back to the reader */
    pdn_diags *diags;
    long *values;       /* what work() returned */
    pdn_strbuf *outs;   /* and wrote (kept from batch to batch) */
    const char **files; /* the file of each game (borrowed) */
    bool *picked;
    size_t n, cap;
    pdn_diags tail; /* the file's last diagnostics, after its last game */
    bool done;      /* worked on, and waiting to be written */
    /* A slice: bytes [lo, hi) of @sf, from line @line; the last slice of
       the file reads to its end. */
    pdn_slice_file *sf;
    uint64_t slice; /* its number among the slices taken */
    bool first, last;
    uint64_t lo, hi;
    uint32_t line;
    /* What its reading found: where the game after its games starts
       (their numbers count from 1 until the token comes), and the game
       whose diagnostics say that text is not UTF-8 (-1: none). */
    pdn_reader_range next;
    long noted;
    /* What its games' diagnostics are still to be moved by, as they are
       written out: lines down and game numbers up (s->early). */
    uint32_t shift_lines;
    uint64_t shift_games;
    bool eof;           /* it read to the end of the file */
    bool stopped_short; /* it stopped short of its last game's end */
    bool failed;        /* a read error */
} batch;

/* What a batch's token carries to the next batch. */
typedef struct carry {
    pdn_slice_file *sf;    /* the file whose slice passed it; NULL */
    pdn_reader_range next; /* where its next game starts */
    bool eof;              /* it read to the end of the file */
    pdn_progress pr;       /* the progress line of the file read */
} carry;

/* The threads that read together and what they share: the files, the
 * locks of the taking and the writing out of batches, the token, and the
 * ring of batches. */
typedef struct team {
    const pdn_cli *cli;
    pdn_read_job *job;
    bool colour;
    bool count_only; /* pdn_diags.count_only of every game */
    bool early; /* no pick(): the games of a slice are worked on as they are
                   read, before they are numbered, while they are still in
                   the core's cache, and given back at once */
    size_t slice_bytes;       /* the largest size of slices */
    _Atomic size_t slice_aim; /* their size now: about BATCH_GAMES games */
    /* Under @taking: the files, the stream's reader, the next batch. */
    pthread_mutex_t taking;
    size_t file;               /* the operand to open next */
    FILE *in;                  /* the open stream, or NULL */
    pdn_slice_file *stream_sf; /* the slice file read as a stream, or NULL */
    pdn_reader *reader;        /* the stream's reader, or NULL */
    pdn_slice_file *sf;        /* the file being split into slices, or NULL */
    uint64_t slice_lo;         /* where its next slice starts */
    uint64_t slices;           /* slices taken */
    pdn_strbuf said;           /* files that could not be opened, to tell */
    uint64_t next;
    /* Set under @taking, read without it: where the next slice starts,
       for a thread to look for its boundary before it takes it
       (pdn_slice_look_ahead()), and how many takes were made, so that
       it knows whether what it saw is still so. */
    pdn_slice_file *_Atomic next_sf; /* s->sf */
    _Atomic uint64_t next_lo;
    _Atomic uint64_t takes;
    _Atomic int looking_ahead; /* threads that may look in s->next_sf */
    int spin;                  /* tries at the lock before sleeping on it */
    bool no_map;               /* files are read, not mapped (pdn_no_map()) */
    /* Under @lines: the slices whose first line is known, and the line
       the next one starts on. */
    pthread_mutex_t lines;
    pthread_cond_t counted;
    _Atomic uint64_t lines_seq; /* read while spinning too (spin_until()) */
    uint32_t line_next;
    /* Under @tokens: the batches that passed their token. */
    pthread_mutex_t tokens;
    pthread_cond_t passed;
    _Atomic uint64_t sequenced; /* read while spinning too (spin_until()) */
    carry carry;                /* the token holder's own */
    bool read_failed;           /* the token holder's own */
    /* Under @writing: the batches' done flags, @written (read without it
       too: wait_written()), @buf. */
    pthread_mutex_t writing;
    pthread_cond_t wrote; /* @written grew */
    _Atomic uint64_t written;
    _Atomic bool out_failed; /* standard output could not be written:
                                nothing more is taken */
    pdn_strbuf buf;
    batch *ring;
    size_t depth;
} team;

/* A thread's own: the reader of its slices, the games it gave back, the
 * bytes of its slice when the file is not mapped, and the boundary it looked
 * for before taking. */
typedef struct worker {
    team *s;
    pdn_reader *reader;
    pdn_game **own;
    size_t nown, capown;
    char *scratch; /* the bytes of its slice, from lo on */
    size_t scratch_len, scratch_cap;
    size_t scratch_from; /* the boundary's search read only from there on */
    /* The boundary looked for before taking (pdn_slice_look_ahead()) */
    bool looked_ahead;
    boundary_kind found;
    size_t boundary_at;
    uint64_t seen_takes, seen_lo;
    const pdn_slice_file *seen_sf;
} worker;

/* A pause in a loop that spins. */
static inline void
cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) && defined(__GNUC__)
    __asm__ __volatile__("yield");
#endif
}

/* Spins, a while, for *@v to be @want: another thread sets it under
 * a lock and wakes those asleep on its condition.  Most waits are short
 * (the thread waited for is near the end of its step), and sleeping and being
 * woken cost more (a system call each, and a core that may have gone
 * idle).  The caller then takes the lock, and sleeps on the condition if
 * *@v is still not @want. */
static inline void
spin_until(const team *s, _Atomic uint64_t *v, uint64_t want)
{
    for (int spin = 0; spin < s->spin; spin++) {
        if (atomic_load_explicit(v, memory_order_acquire) == want)
            return;
        cpu_relax();
    }
}

/* ---- reading.c and batches.c ---- */

/** Reads every operand of @job with job->work->jobs threads in all. */
void pdn_read_in_batches(const pdn_cli *cli, pdn_read_job *job, bool colour);

/** Opens @path for reading ("-": cli->in).  Returns NULL if it cannot be
 * opened or is a directory, after writing "pdn CMD: PATH: reason" to
 * @why, or with pdn_read_tell() when @why is NULL. */
FILE *pdn_read_open(const pdn_cli *cli, const char *cmd, const char *path,
                    pdn_strbuf *why);

/** Writes @len bytes of @text, lines of "pdn CMD: MESSAGE" that
 * pdn_read_open() put in its @why, to cli->err; in a JSON mode each also
 * as an error on cli->out (pdn_cli_json_error()). */
void pdn_read_tell(const pdn_cli *cli, const char *text, size_t len);

/** The path of operand @i ("-" for standard input alone), and how many
 * there are. */
const char *pdn_read_operand(const pdn_read_job *job, size_t i);
size_t pdn_read_operands(const pdn_read_job *job);

/* ---- batches.c ---- */

/** Room in @t for one game more. */
void pdn_batch_room(team *s, batch *t);

/** With the token: the games of @t counted and offered to pick(), in
 * file order; @bytes of the file read, for the progress line. */
void pdn_batch_pick(team *s, batch *t, uint64_t bytes);

/* ---- slices.c ---- */

/** Before taking, without s->taking: looks for the boundary of the next
 * slice of the file being split, if any, as pdn_slice_take() would, for
 * it to take if nothing was taken meanwhile.  A taking that reads
 * nothing spares the other threads, who wait for the lock, the reading's
 * delays. */
void pdn_slice_look_ahead(team *s, worker *w);

/** Under s->taking, after taking a slice: what pdn_slice_look_ahead()
 * reads without the lock. */
void pdn_slice_share_next(team *s);

/** Closes @sf once no thread looks for a boundary in it. */
void pdn_slice_close_file(team *s, pdn_slice_file *sf);

/** Makes @t the next slice of s->sf, under s->taking; false when the
 * rest of the file is to be read as a stream. */
bool pdn_slice_take(team *s, worker *w, batch *t);

/** Counts the lines of slice @t and learns the line it starts on. */
void pdn_slice_load(worker *w, batch *t);

/** Reads the games of slice @t from @range (see slices.c). */
void pdn_slice_read(worker *w, batch *t, pdn_reader_range range, bool guess);

/** Moves the diagnostics of @d @lines lines down and their games'
 * numbers @games up: those of a slice read from a line 1 of its own, or
 * numbered before the games of the slices before it were counted. */
void pdn_batch_shift(pdn_diags *d, uint32_t lines, uint64_t games);

/** With the token of slice @t (or, worked on as read, as it is written
 * out): its games placed after those before. */
void pdn_slice_place(worker *w, batch *t);

#endif
