/* turns_internal.h -- what the two files of the reading in turns share:
 * turns.c (turns, their claiming and writing, streams) and turn_parts.c
 * (the parts of a regular file, read by threads at the same time): the
 * turns, the threads, and waiting awake.  Not a contract: nothing else
 * includes it.
 */
#ifndef PDN_CLI_TURNS_INTERNAL_H
#define PDN_CLI_TURNS_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "base/diag.h"
#include "base/strbuf.h"
#include "cli/chunks.h"
#include "cli/progress.h"
#include "cli/reading.h"
#include "syntax/reader.h"

/* A turn reads about TURN_GAMES games: a part aims at as many, and a
 * turn of a stream reads no more (turns.c). */
#define TURN_GAMES 256

/* How far past a part's size to look for a cut, in steps that double from
 * CUT_WINDOW, before the rest of the file is read as a stream: eight times
 * the size, and at least CUT_SEARCH. */
#define CUT_WINDOW ((size_t)512)
#define CUT_SEARCH ((size_t)4 << 10)

/* Bytes read past a part's end with it (pdn_turns_load_part()). */
#define PART_AFTER ((size_t)256)

/* How far a part whose start is a guess reads past its end, in parts'
 * sizes: a game that long across a cut is read again, with the token. */
#define PART_PAST 4

/* What the search for a part's cut found (turn_parts.c). */
typedef enum cut_kind {
    CUT_FOUND, /* a cut */
    CUT_END,   /* the end of the file */
    CUT_NONE   /* no cut for a long stretch */
} cut_kind;

typedef enum turn_kind {
    TURN_TOLD,   /* only files that could not be opened, to tell */
    TURN_STREAM, /* games read under the claiming lock */
    TURN_PART    /* a part of a file, read at the same time as others */
} turn_kind;

typedef struct turn {
    uint64_t seq; /* its number, in file order */
    turn_kind kind;
    pdn_strbuf said;  /* what to tell first: files that cannot be opened */
    pdn_game **games; /* the games read, of the thread that read them;
                         NULL: worked on as read (turns.early), and
                         given back to the reader */
    pdn_diags *diags;
    long *values;       /* what work() returned */
    const char **files; /* the file of each game (borrowed) */
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
    /* What its games' diagnostics are still to be moved by, as they are
       written out: lines down and game numbers up (turns.early). */
    uint32_t shift_lines;
    uint64_t shift_games;
    bool eof;       /* it read to the end of the file */
    bool cut_short; /* it stopped short of its last game's end */
    bool failed;    /* a read error */
} turn;

/* What a turn's token carries to the next turn. */
typedef struct carry {
    pdn_part_file *pf;     /* the file whose part passed it; NULL */
    pdn_reader_range next; /* where its next game starts */
    bool eof;              /* it read to the end of the file */
    pdn_progress pr;       /* the progress line of the file read */
} carry;

typedef struct turns {
    const pdn_cli *cli;
    pdn_read_job *job;
    bool colour;
    bool count_only; /* pdn_diags.count_only of every game */
    bool early;      /* no pick(): the games of a part are worked on as they are
                        read, before they are numbered, while they are still in
                        the core's cache, and given back at once */
    size_t part_bytes;       /* the largest size of parts */
    _Atomic size_t part_aim; /* their size now: about TURN_GAMES games */
    /* Under @claiming: the files, the stream's reader, the next turn. */
    pthread_mutex_t claiming;
    size_t file;              /* the operand to open next */
    FILE *in;                 /* the open stream, or NULL */
    pdn_part_file *stream_pf; /* the part file read as a stream, or NULL */
    pdn_reader *reader;       /* the stream's reader, or NULL */
    pdn_part_file *pf;        /* the file being cut into parts, or NULL */
    uint64_t part_lo;         /* where its next part starts */
    uint64_t parts;           /* parts claimed */
    pdn_strbuf said;          /* files that could not be opened, to tell */
    uint64_t next;
    /* Set under @claiming, read without it: where the next part starts,
       for a thread to look for its cut before it claims it
       (pdn_turns_foresee_part()), and how many claims were made, so that
       it knows whether what it saw is still so. */
    pdn_part_file *_Atomic next_pf; /* s->pf */
    _Atomic uint64_t next_lo;
    _Atomic uint64_t claims;
    _Atomic int foreseeing; /* threads that may look in s->next_pf */
    int spin;               /* tries at the lock before sleeping on it */
    bool no_map;            /* files are read, not mapped (pdn_no_map()) */
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
    carry carry;                /* the token holder's own */
    bool read_failed;           /* the token holder's own */
    /* Under @writing: the turns' done flags, @written (read without it
       too: wait_written()), @buf. */
    pthread_mutex_t writing;
    pthread_cond_t wrote; /* @written grew */
    _Atomic uint64_t written;
    _Atomic bool out_failed; /* standard output could not be written:
                                nothing more is claimed */
    pdn_strbuf buf;
    turn *ring;
    size_t depth;
} turns;

/* A thread's own: the reader of its parts, the games it gave back, the
 * bytes of its part when the file is not mapped, and the cut it looked
 * for before claiming. */
typedef struct worker {
    turns *s;
    pdn_reader *reader;
    pdn_game **own;
    size_t nown, capown;
    char *scratch; /* the bytes of its part, from lo on */
    size_t scratch_len, scratch_cap;
    size_t scratch_from; /* the cut's search read only from there on */
    /* The cut looked for before claiming (pdn_turns_foresee_part()) */
    bool foreseen;
    cut_kind cut;
    size_t cut_at;
    uint64_t seen_claims, seen_lo;
    const pdn_part_file *seen_pf;
} worker;

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

/* Waits awake, a while, for *@v to be @want: another thread sets it under
 * a lock and wakes those asleep on its condition.  Most waits are short
 * (the thread awaited is near the end of its step), and sleeping and being
 * woken cost more (a system call each, and a core that may have gone
 * idle).  The caller then takes the lock, and sleeps on the condition if
 * *@v is still not @want. */
static inline void
await(const turns *s, _Atomic uint64_t *v, uint64_t want)
{
    for (int spin = 0; spin < s->spin; spin++) {
        if (atomic_load_explicit(v, memory_order_acquire) == want)
            return;
        cpu_relax();
    }
}

/* ---- turns.c ---- */

/** Room in @t for one game more. */
void pdn_turns_room(turns *s, turn *t);

/** With the token: the games of @t counted and offered to pick(), in
 * file order; @bytes of the file read, for the progress line. */
void pdn_turns_pick(turns *s, turn *t, uint64_t bytes);

/* ---- turn_parts.c ---- */

/** Before claiming, without s->claiming: looks for the cut of the next
 * part of the file being cut, if any, as pdn_turns_claim_part() would,
 * for it to take if nothing was claimed meanwhile.  A claim that reads
 * nothing spares the other threads, who wait for the lock, the reading's
 * delays. */
void pdn_turns_foresee_part(turns *s, worker *w);

/** Under s->claiming, after a claim: what pdn_turns_foresee_part()
 * reads without the lock. */
void pdn_turns_publish(turns *s);

/** Closes @pf once no thread looks for a cut in it. */
void pdn_turns_close_file(turns *s, pdn_part_file *pf);

/** Makes @t the next part of s->pf, under s->claiming; false when the
 * rest of the file is to be read as a stream. */
bool pdn_turns_claim_part(turns *s, worker *w, turn *t);

/** Counts the lines of part @t and learns the line it starts on. */
void pdn_turns_load_part(worker *w, turn *t);

/** Reads the games of part @t from @range (see turn_parts.c). */
void pdn_turns_read_part(worker *w, turn *t, pdn_reader_range range,
                         bool guess);

/** Moves the diagnostics of @d @lines lines down and their games'
 * numbers @games up: those of a part read from a line 1 of its own, or
 * numbered before the games of the parts before it were counted. */
void pdn_turns_shift(pdn_diags *d, uint32_t lines, uint64_t games);

/** With the token of part @t (or, worked on as read, as it is written
 * out): its games settled after those before. */
void pdn_turns_settle_part(worker *w, turn *t);

#endif
