/* reading.h -- FILE... operands read game by game, each game's
 * diagnostics reported and the games handed to the command in file order.
 *
 * What runs where.  With one job (job->each, or work->jobs 1) the calling
 * thread reads each game and works on it in turn.  With N jobs, N threads
 * (the caller among them) each take the next batch of about 256 games: a
 * slice of a regular file, which each thread reads on its own from one
 * mapping of the file at the same time as the others, or a run of games
 * of a stream (standard input, a pipe), read by one thread at a time.
 * pick() runs in file order; work() in any thread, on games of any batch
 * at once; done() and the reporting of diagnostics in file order, one
 * game at a time.  What the threads share: the files and where the next
 * slice starts (under a lock, the taking of a batch), a token that passes
 * from batch to batch in file order and carries where the games before a
 * slice ended, and a ring of batches written out in order (under a
 * second lock).  internal.h holds the rest; batches.c and slices.c say
 * how.
 */
#ifndef PDN_STREAM_READING_H
#define PDN_STREAM_READING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "base/process.h"
#include "base/strbuf.h"
#include "model/game.h"
#include "model/tagmap.h"

/** What to do with each game read; @ctx is pdn_read_job.ctx.  Reading
 * diagnostics of the game are in @d already; the function may add its
 * own, which are reported with them after it returns. */
typedef void (*pdn_game_fn)(const pdn_cli *cli, const pdn_game *g, pdn_diags *d,
                            void *ctx);

/** Rewrites the diagnostics in @d before they are counted and reported
 * (pdn check's severity overrides): it may change severities, keeping
 * d->errors, warnings and notes right.  A diagnostic left with
 * PDN_SEV_OFF is neither counted nor reported. */
typedef void (*pdn_diags_fn)(pdn_diags *d, void *ctx);

/** How to report one diagnostic, instead of rendering it on cli->err. */
typedef void (*pdn_diag_fn)(const pdn_cli *cli, const pdn_diag *d, void *ctx);

/** Work on games that threads may share (pdn_read_job.work): each game
 * read is first offered to pick(), in file order as it is read, which
 * says whether to work on it (and may drop diagnostics from @d); then
 * work() does the work, in any thread and at the same time as on other
 * games, so it must change nothing but @d and @out (emptied for each
 * game: what it makes of the game, for done()); then, in file order and
 * one game at a time, the game's diagnostics are reported and done()
 * gets what work() returned and wrote in @out (the game itself may be
 * gone by then).  With no pick(), work() may see a game before
 * the games before it in its file are read: g->number then counts from
 * where its thread started, and the game's diagnostics are renumbered
 * with it after (so a number work() writes into a message would go
 * wrong: pdn_diag.note_game writes it when the note is written). */
typedef struct pdn_read_work {
    bool (*pick)(const pdn_cli *cli, const pdn_game *g, pdn_diags *d,
                 void *ctx); /* NULL: every game */
    long (*work)(const pdn_cli *cli, const pdn_game *g, pdn_diags *d,
                 pdn_strbuf *out, void *ctx);
    void (*done)(const pdn_cli *cli, long value, const char *file,
                 const pdn_strbuf *out, void *ctx); /* or NULL; @file:
                                                       the game's */
    long jobs; /* threads in all, this one among them; 1 reads and works
                  in batch */
} pdn_read_work;

/** A reading of FILE... operands.  The caller fills in the first part;
 * pdn_read_files() the counts. */
typedef struct pdn_read_job {
    const char *cmd;           /* "parse", for messages */
    const char **files;        /* operands; "-" is standard input */
    size_t nfiles;             /* 0: standard input alone */
    const pdn_tagmap *tagmap;  /* borrowed; NULL maps nothing */
    bool quiet;                /* print no diagnostics */
    bool keep_raw;             /* games keep their text (source lines) */
    bool strict;               /* --strict: the standard's grammar only */
    bool count_only;           /* diagnostics are only counted: no
                                  messages are written (with quiet) */
    pdn_game_fn each;          /* called for every game, in file order */
    const pdn_read_work *work; /* instead of @each: work threads share */
    pdn_diag_fn on_diag;       /* NULL: render on cli->err */
    pdn_diags_fn adjust;       /* NULL: report diagnostics as they are */
    bool own_games;            /* each() keeps the game, and gives it back
                                  with pdn_read_give_back() */
    void (*flush)(const pdn_cli *cli, void *ctx); /* at the end of each
                                 file, before its last diagnostics */
    bool progress; /* a progress line on cli->err when it is a
                      terminal and the input passes 4 MB */
    void *ctx;
    struct pdn_reader *reader; /* the reader of the file being read, for
                                 pdn_read_give_back(); set by
                                 pdn_read_files() */
    uint64_t games;            /* games read */
    size_t errors, warnings;   /* diagnostics of each severity */
    bool io_failed;            /* a file could not be opened or read */
    bool out_failed;           /* standard output could not be written:
                                  the reading stopped there */
} pdn_read_job;

/** Gives back a game that each() kept (own_games), from the thread that
 * reads, before the flush at the end of its file: the reader reuses its
 * memory. */
void pdn_read_give_back(pdn_read_job *job, pdn_game *g);

/** Reads every file of @job in turn, game by game, calling job->each for
 * each game (or job->work's functions) and rendering its diagnostics to
 * cli->err (coloured as pdn_cli_colour() says) unless job->quiet.  A
 * file that cannot be opened is reported as "pdn CMD: FILE: reason"
 * (even when quiet) and skipped.  Returns PDN_EXIT_USAGE if a file could
 * not be opened or read, else PDN_EXIT_INPUT if there was an error, else
 * PDN_EXIT_OK. */
int pdn_read_files(const pdn_cli *cli, pdn_read_job *job);

/** Adjusts the diagnostics of @d (job->adjust), counts them into @job,
 * renders them unless quiet or off, and empties @d. */
void pdn_read_report(const pdn_cli *cli, pdn_read_job *job, pdn_diags *d,
                     bool colour, pdn_strbuf *buf);

#endif
