/* annotate_run.h -- the running of pdn annotate, once cmd_annotate.c
 * has settled its settings: the games read, judged on this thread or by
 * --jobs threads (stream/pool.h), and written out in input order, annotated
 * and/or as a report, with a progress line on a terminal and a summary.
 */
#ifndef PDN_CLI_ANNOTATE_RUN_H
#define PDN_CLI_ANNOTATE_RUN_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "annotate/annotate.h"
#include "base/strbuf.h"
#include "cli/args.h"
#include "write/games_out.h"
#include "stream/reading.h"
#include "model/tagmap.h"
#include "write/canonical.h"

struct pdn_annotate_jobs;

/* What the progress line shows; written under its lock. */
typedef struct pdn_annotate_progress {
    bool on;
    pthread_mutex_t lock;
    struct timespec start, shown;
    uint64_t total;   /* games to annotate; 0: not known */
    uint64_t done;    /* games written */
    uint64_t started; /* games whose judging started */
    uint64_t game;    /* the game judged that spoke last, from 1 */
    size_t moves_done, moves_total;
} pdn_annotate_progress;

/** A run.  The caller sets the first part, zeroes the rest. */
typedef struct pdn_annotate_job {
    pdn_annotate_options o;
    const pdn_tagmap *tagmap;
    const char **files;      /* "-": standard input */
    size_t nfiles;           /* at least 1 */
    const char *output;      /* -o FILE, or NULL */
    const char *report_file; /* --report-file FILE, or NULL */
    bool in_place, quiet;
    long jobs;                /* games judged at once */
    bool add_gametype;        /* the variant was chosen: say so in games */
    struct pdn_egdb *egdb[3]; /* endgame databases by variant id, or NULL
                                 (the caller's) */
    /* Counted by the run: */
    uint64_t games, annotated, judged, marks[4];
    uint64_t lost;      /* games whose text could not be written, in a run */
    uint64_t no_engine; /* games not judged for want of memory */
    /* The run's own: */
    const pdn_cli *cli;
    pdn_read_job *rj;
    pdn_annotator *annotator; /* of this thread, with one job */
    pdn_annotation ann;
    struct pdn_annotate_jobs *jobs_pool; /* with --jobs N > 1 */
    pdn_canonical *canon;
    pdn_games_out sink; /* the annotated games; out NULL: none */
    FILE *report_out;   /* NULL: no report */
    pdn_strbuf buf;
    pdn_diags scratch; /* the canonical writer's, not reported */
    pdn_annotate_progress pr;
    bool html_started;
} pdn_annotate_job;

/** Annotates every FILE of @job to where it says, then prints the summary
 * on cli->err unless quiet.  Returns the exit status. */
int pdn_annotate_run(const pdn_cli *cli, pdn_annotate_job *job);

#endif
