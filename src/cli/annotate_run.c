/* annotate_run.c -- pdn annotate at work (annotate_run.h): each game
 * read is judged (annotate/annotate.h), the judgement written into it
 * (annotate/mark.h), and the game written in canonical form
 * (write/canonical.h) and/or a report (report/report.h).
 */
#include "cli/annotate_run.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "annotate/mark.h"
#include "base/clock.h"
#include "base/xalloc.h"
#include "cli/atomic.h"
#include "cli/command.h"
#include "stream/pool.h"
#include "report/report.h"

#define CMD "annotate"

/* ---- Progress ---- */

/* Draws the line (at most ten times a second unless @force). */
static void
progress_draw(const pdn_cli *cli, pdn_annotate_progress *p, bool force)
{
    if (!force && pdn_clock_since(&p->shown) < 0.1)
        return;
    pdn_clock_start(&p->shown);
    double elapsed = pdn_clock_since(&p->start);
    char bar[21], left[32] = "";
    uint64_t total = p->total ? p->total : p->done + 1;
    double part = p->game > p->done && p->moves_total
                      ? (double)p->moves_done / (double)p->moves_total
                      : 0.0; /* of a game not yet written out */
    double fraction = ((double)p->done + part) / (double)total;
    int fill = (int)(fraction * 20.0);
    for (int i = 0; i < 20; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[20] = '\0';
    if (p->total && fraction > 0.0) {
        double rest = elapsed / fraction - elapsed;
        snprintf(left, sizeof left, ", %d:%02d left", (int)rest / 60,
                 (int)rest % 60);
    }
    fprintf(cli->err,
            "\r[%s] %llu/%llu games, game %llu: move %zu/%zu%s "
            "\033[K",
            bar, (unsigned long long)p->done, (unsigned long long)total,
            (unsigned long long)p->game, p->moves_done, p->moves_total, left);
    fflush(cli->err);
}

typedef struct progress_ctx {
    pdn_annotate_job *job;
    uint64_t game;
} progress_ctx;

/* The annotator's hook: a move of game ctx->game was judged. */
static void
on_judged(void *ctx, size_t done, size_t total)
{
    progress_ctx *c = ctx;
    pdn_annotate_progress *p = &c->job->pr;
    pthread_mutex_lock(&p->lock);
    /* With several jobs, the line follows the game that spoke last. */
    p->game = c->game;
    p->moves_done = done;
    p->moves_total = total;
    progress_draw(c->job->cli, p, false);
    pthread_mutex_unlock(&p->lock);
}

/* Counts the games of the FILE operands (regular files alone), for the
 * progress line's time left. */
static void
count_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, void *ctx)
{
    (void)cli;
    (void)g;
    (void)d;
    (*(uint64_t *)ctx)++;
}

static uint64_t
count_games(const pdn_cli *cli, pdn_annotate_job *job)
{
    uint64_t n = 0;
    for (size_t i = 0; i < job->nfiles; i++)
        if (strcmp(job->files[i], "-") == 0)
            return 0;
    pdn_read_job rj = {.cmd = CMD,
                       .files = job->files,
                       .nfiles = job->nfiles,
                       .quiet = true,
                       .count_only = true,
                       .each = count_game,
                       .ctx = &n};
    pdn_cli quiet = *cli;
    FILE *null = fopen("/dev/null", "w");
    if (!null)
        return 0;
    quiet.err = null;
    pdn_read_files(&quiet, &rj);
    fclose(null);
    return n;
}

/* ---- One game ---- */

/* Judges @g with @a into @ann and writes the judgement into it. */
static void
judge(pdn_annotate_job *job, pdn_annotator *a, pdn_game *g, pdn_diags *d,
      pdn_annotation *ann)
{
    progress_ctx pc = {job, g->number};
    if (job->pr.on) {
        pthread_mutex_lock(&job->pr.lock);
        pc.game = ++job->pr.started; /* counted over all the files */
        pthread_mutex_unlock(&job->pr.lock);
    }
    ann->count = 0;
    ann->variant = NULL;
    ann->selected = false;
    if (g->errors > 0 || !pdn_annotator_selects(a, g))
        return;
    pdn_annotate_unmark(g);
    pdn_annotate_game(a, g, d, ann, job->pr.on ? on_judged : NULL, &pc);
    if (ann->variant)
        pdn_annotate_mark(g, ann, &job->o);
}

/* Writes out @g as judged in @ann: the game, the report. */
static void
write_game(pdn_annotate_job *job, const pdn_game *g, const pdn_annotation *ann)
{
    job->games++;
    job->no_engine += ann->no_engine;
    if (ann->selected && ann->variant) {
        job->annotated++;
        for (size_t i = 0; i < ann->count; i++) {
            job->judged += ann->moves[i].judged;
            if (ann->moves[i].judged)
                job->marks[ann->moves[i].mark]++;
        }
    }
    if (job->sink.out) {
        bool ok = false;
        pdn_strbuf_clear(&job->buf);
        if (ann->selected) {
            pdn_diags_clear(&job->scratch);
            ok = pdn_canonical_game(job->canon, g, &job->scratch, &job->buf);
        }
        if (ok) {
            pdn_games_out_game(&job->sink, job->buf.ptr, job->buf.len);
        } else if (g->raw_file || g->raw_lost) { /* too large to read */
            if (g->raw_lost ||
                !pdn_games_out_copy(&job->sink, g->raw_file, g->raw_len)) {
                job->lost++;
                pdn_command_lost_game(job->cli, CMD, g);
            }
        } else {
            pdn_strbuf_clear(&job->buf);
            pdn_canonical_as_read(job->canon, g, &job->buf);
            pdn_games_out_game(&job->sink, job->buf.ptr, job->buf.len);
        }
    }
    if (job->report_out && ann->selected) {
        pdn_strbuf_clear(&job->buf);
        switch (job->o.report) {
        case PDN_REPORT_TEXT:
            pdn_report_text(g, ann, &job->o, &job->buf);
            break;
        case PDN_REPORT_JSON:
            pdn_report_json(g, ann, &job->o, &job->buf);
            break;
        case PDN_REPORT_HTML:
            if (!job->html_started) {
                pdn_report_html_begin("pdn annotate", &job->buf);
                job->html_started = true;
            }
            pdn_report_html_game(g, ann, &job->o, &job->buf);
            break;
        case PDN_REPORT_NONE:
            break;
        }
        fwrite(job->buf.ptr, 1, job->buf.len, job->report_out);
    }
    if (job->pr.on) {
        pthread_mutex_lock(&job->pr.lock);
        job->pr.done++;
        progress_draw(job->cli, &job->pr, true);
        pthread_mutex_unlock(&job->pr.lock);
    }
}

/* ---- Jobs ----
 *
 * With --jobs N, N threads (stream/pool.h), each with its own annotator and
 * engine, judge the games while this thread reads them and writes them
 * out in the order they were read.
 */

typedef struct slot {
    pdn_game *game;
    pdn_diags diags;
    pdn_annotation ann;
} slot;

typedef struct pdn_annotate_jobs {
    pdn_annotate_job *job;
    pdn_pool *pool;
    slot *slots;
    pdn_annotator **annotators; /* by worker */
} pdn_annotate_jobs;

static void
work(void *ctx, long worker, size_t i)
{
    pdn_annotate_jobs *j = ctx;
    slot *s = &j->slots[i];
    judge(j->job, j->annotators[worker], s->game, &s->diags, &s->ann);
}

/* Writes out the oldest game, its diagnostics, and gives it back. */
static void
done(void *ctx, size_t i)
{
    pdn_annotate_jobs *j = ctx;
    pdn_annotate_job *job = j->job;
    slot *s = &j->slots[i];
    write_game(job, s->game, &s->ann);
    for (size_t k = 0; k < s->diags.count && !job->quiet; k++) {
        if (s->diags.items[k].severity == PDN_SEV_OFF)
            continue;
        pdn_strbuf_clear(&job->buf);
        pdn_diag_render(&s->diags.items[k], pdn_cli_colour(job->cli),
                        &job->buf);
        if (job->pr.on)
            fputs("\r\033[K", job->cli->err);
        fwrite(job->buf.ptr, 1, job->buf.len, job->cli->err);
    }
    job->rj->errors += s->diags.errors;
    job->rj->warnings += s->diags.warnings;
    pdn_diags_clear(&s->diags);
    pdn_read_give_back(job->rj, s->game);
    s->game = NULL;
}

static void
jobs_push(pdn_annotate_jobs *j, pdn_game *g, pdn_diags *d)
{
    slot *s = &j->slots[pdn_pool_reserve(j->pool)];
    s->game = g;
    /* The game's diagnostics go with it; the reader goes on with the
     * slot's emptied list. */
    pdn_diags spare = s->diags;
    s->diags = *d;
    *d = spare;
    pdn_pool_submit(j->pool);
}

/* At the end of each file: every game read so far written out. */
static void
jobs_flush(const pdn_cli *cli, void *ctx)
{
    pdn_annotate_job *job = ctx;
    (void)cli;
    if (job->jobs_pool)
        pdn_pool_flush(job->jobs_pool->pool);
}

/* @a with the endgame databases of @job. */
static pdn_annotator *
with_egdb(pdn_annotator *a, const pdn_annotate_job *job)
{
    for (int id = 0; a && id < 3; id++)
        if (job->egdb[id])
            pdn_annotator_use_egdb(a, pdn_variant_get((pdn_variant_id)id),
                                   job->egdb[id]);
    return a;
}

static pdn_annotate_jobs *
jobs_new(pdn_annotate_job *job)
{
    pdn_annotate_jobs *j = pdn_xcalloc(1, sizeof *j);
    char err[256];
    j->job = job;
    j->annotators = pdn_xcalloc((size_t)job->jobs, sizeof *j->annotators);
    bool made = true;
    for (long i = 0; i < job->jobs; i++)
        made &= (j->annotators[i] = with_egdb(
                     pdn_annotator_new(&job->o, err, sizeof err), job)) != NULL;
    j->pool = made ? pdn_pool_new(job->jobs, work, done, j) : NULL;
    if (!j->pool) {
        for (long i = 0; i < job->jobs; i++)
            pdn_annotator_free(j->annotators[i]);
        free(j->annotators);
        free(j);
        return NULL; /* no thread: this one does the work */
    }
    j->slots = pdn_xcalloc(pdn_pool_depth(j->pool), sizeof *j->slots);
    for (size_t i = 0; i < pdn_pool_depth(j->pool); i++)
        pdn_annotation_init(&j->slots[i].ann);
    return j;
}

static void
jobs_free(pdn_annotate_jobs *j)
{
    if (!j)
        return;
    size_t depth = pdn_pool_depth(j->pool);
    pdn_pool_free(j->pool);
    for (size_t i = 0; i < depth; i++) {
        pdn_diags_free(&j->slots[i].diags);
        pdn_annotation_fini(&j->slots[i].ann);
    }
    for (long i = 0; i < j->job->jobs; i++)
        pdn_annotator_free(j->annotators[i]);
    free(j->annotators);
    free(j->slots);
    free(j);
}

/* The reader's hook: one game read. */
static void
each_game(const pdn_cli *cli, const pdn_game *g, pdn_diags *d, void *ctx)
{
    pdn_annotate_job *job = ctx;
    /* The game is ours to change until it is given back (with --jobs) or
     * this returns. */
    pdn_game *ours = (pdn_game *)g;
    if (job->jobs_pool) {
        jobs_push(job->jobs_pool, ours, d);
        return;
    }
    judge(job, job->annotator, ours, d, &job->ann);
    write_game(job, ours, &job->ann);
    if (job->pr.on && d->count && !job->quiet)
        fputs("\r\033[K", cli->err); /* the diagnostics follow */
}

/* ---- Running ---- */

/* Reads and annotates @files (@n of them), the annotated games going to
 * job->sink (when it has an output).  Returns pdn_read_files()'s status. */
static int
run(const pdn_cli *cli, pdn_annotate_job *job, const char **files, size_t n)
{
    pdn_read_job rj = {.cmd = CMD,
                       .files = files,
                       .nfiles = n,
                       .tagmap = job->tagmap,
                       .quiet = job->quiet,
                       .keep_raw = true,
                       .each = each_game,
                       .ctx = job};
    job->rj = &rj;
    if (job->jobs_pool) {
        rj.own_games = true;
        rj.flush = jobs_flush;
    }
    job->lost = 0;
    int rc = pdn_read_files(cli, &rj);
    jobs_flush(cli, job);
    job->rj = NULL;
    if (job->lost)
        rc = PDN_EXIT_USAGE; /* a file written without them is not */
    if (rc == PDN_EXIT_OK && rj.errors)
        rc = PDN_EXIT_INPUT;
    return rc;
}

static int
worse(int a, int b)
{
    return a > b ? a : b;
}

/* --in-place: each FILE annotated into a temporary file beside it, which
 * replaces it when all went well. */
static int
run_in_place(const pdn_cli *cli, pdn_annotate_job *job)
{
    int rc = PDN_EXIT_OK;
    for (size_t i = 0; i < job->nfiles; i++) {
        pdn_atomic t;
        if (pdn_atomic_open(cli, CMD, job->files[i], false, &t) != 0) {
            rc = PDN_EXIT_USAGE;
            continue;
        }
        pdn_games_out_reset(&job->sink);
        job->sink.out = t.out;
        int one = run(cli, job, &job->files[i], 1);
        job->sink.out = NULL;
        rc = worse(rc,
                   pdn_atomic_close(cli, CMD, &t, one != PDN_EXIT_USAGE, one));
    }
    return rc;
}

/* Annotates every FILE to where the options say.  Returns the status. */
static int
annotate_all(const pdn_cli *cli, pdn_annotate_job *job)
{
    pdn_atomic games_file = {0}, report_file = {0};
    int rc = PDN_EXIT_OK;
    bool report = job->o.report != PDN_REPORT_NONE;

    if (report) {
        job->report_out = cli->out;
        if (job->report_file) {
            if (pdn_atomic_open(cli, CMD, job->report_file, true,
                                &report_file) != 0)
                return PDN_EXIT_USAGE;
            job->report_out = report_file.out;
        }
    }
    if (job->output) {
        if (pdn_atomic_open(cli, CMD, job->output, true, &games_file) != 0) {
            pdn_atomic_close(cli, CMD, &report_file, false, PDN_EXIT_USAGE);
            return PDN_EXIT_USAGE;
        }
        job->sink.out = games_file.out;
    } else if (!report && !job->in_place) {
        job->sink.out = cli->out;
    }
    if (job->jobs > 1)
        job->jobs_pool = jobs_new(job);
    if (job->in_place)
        rc = run_in_place(cli, job);
    else
        rc = run(cli, job, job->files, job->nfiles);
    jobs_free(job->jobs_pool);
    job->jobs_pool = NULL;
    if (job->html_started || (report && job->o.report == PDN_REPORT_HTML)) {
        pdn_strbuf_clear(&job->buf);
        if (!job->html_started)
            pdn_report_html_begin("pdn annotate", &job->buf);
        pdn_report_html_end(&job->buf);
        fwrite(job->buf.ptr, 1, job->buf.len, job->report_out);
    }
    job->sink.out = NULL;
    if (job->output)
        rc = worse(rc, pdn_atomic_close(cli, CMD, &games_file,
                                        rc != PDN_EXIT_USAGE, rc));
    if (job->report_file)
        rc = worse(rc, pdn_atomic_close(cli, CMD, &report_file,
                                        rc != PDN_EXIT_USAGE, rc));
    return rc;
}

/* Whether the hash tables of the jobs (--hash MB each, --jobs of them)
 * fit in this machine's memory; else says so. */
static bool
memory_serves(const pdn_cli *cli, const pdn_annotate_job *job)
{
#ifdef _SC_PHYS_PAGES
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || size <= 0)
        return true; /* not known: the allocation will tell */
    uint64_t have = (uint64_t)pages * (uint64_t)size >> 20;
    uint64_t jobs = job->jobs > 1 ? (uint64_t)job->jobs : 1;
    uint64_t want = (uint64_t)job->o.hash_mb * jobs;
    if (want <= have)
        return true;
    fprintf(cli->err,
            "pdn %s: --hash %zu MB for each of %llu job%s is "
            "%llu MB, more than this machine's %llu MB of "
            "memory\n",
            CMD, job->o.hash_mb, (unsigned long long)jobs, jobs == 1 ? "" : "s",
            (unsigned long long)want, (unsigned long long)have);
    return false;
#else
    (void)cli;
    (void)job;
    return true;
#endif
}

int
pdn_annotate_run(const pdn_cli *cli, pdn_annotate_job *job)
{
    char err[256];
    struct timespec t0;
    const pdn_variant *v = pdn_variant_by_name(job->o.variant);
    int unplayed = v || pdn_variant_by_gametype(job->o.variant)
                       ? 0
                       : atoi(job->o.variant); /* "20": not played */
    if (!v)
        v = pdn_variant_by_gametype(job->o.variant);
    pdn_canonical_options co = {.variant = v ? v : pdn_variant_default(),
                                .unplayed = unplayed > 0 ? unplayed : 0,
                                .add_gametype = job->add_gametype,
                                .alpha = job->o.alpha,
                                .keep_illegal = true};

    job->cli = cli;
    if (!memory_serves(cli, job))
        return PDN_EXIT_USAGE;
    job->buf = (pdn_strbuf)PDN_STRBUF_INIT;
    pdn_annotation_init(&job->ann);
    pdn_games_out_reset(&job->sink);
    job->canon = pdn_canonical_new(&co);
    job->annotator =
        with_egdb(pdn_annotator_new(&job->o, err, sizeof err), job);
    if (!job->annotator) { /* the settings' patterns were checked */
        fprintf(cli->err, "pdn %s: %s\n", CMD, err);
        pdn_canonical_free(job->canon);
        pdn_games_out_free(&job->sink);
        return PDN_EXIT_USAGE;
    }
    pthread_mutex_init(&job->pr.lock, NULL);
    job->pr.on = cli->err_tty && !job->quiet;
    if (job->pr.on) {
        job->pr.total = count_games(cli, job);
        job->pr.game = 1;
        pdn_clock_start(&job->pr.start);
    }
    pdn_clock_start(&t0);
    int rc = annotate_all(cli, job);
    if (job->pr.on)
        fputs("\r\033[K", cli->err);
    if (job->no_engine) {
        fprintf(cli->err,
                "pdn %s: %llu game%s not judged: no memory for "
                "a hash table of %zu MB\n",
                CMD, (unsigned long long)job->no_engine,
                pdn_args_plural(job->no_engine), job->o.hash_mb);
        rc = PDN_EXIT_USAGE;
    }
    fflush(cli->out); /* what it wrote comes before the summary */
    if (!job->quiet)
        fprintf(cli->err,
                "pdn %s: %llu game%s, %llu annotated, %llu move%s judged: "
                "%llu inaccurac%s, %llu mistake%s, %llu blunder%s "
                "in %.1f s\n",
                CMD, (unsigned long long)job->games,
                pdn_args_plural(job->games), (unsigned long long)job->annotated,
                (unsigned long long)job->judged, pdn_args_plural(job->judged),
                (unsigned long long)job->marks[PDN_MARK_INACCURACY],
                job->marks[PDN_MARK_INACCURACY] == 1 ? "y" : "ies",
                (unsigned long long)job->marks[PDN_MARK_MISTAKE],
                pdn_args_plural(job->marks[PDN_MARK_MISTAKE]),
                (unsigned long long)job->marks[PDN_MARK_BLUNDER],
                pdn_args_plural(job->marks[PDN_MARK_BLUNDER]),
                pdn_clock_since(&t0));
    pthread_mutex_destroy(&job->pr.lock);
    pdn_annotator_free(job->annotator);
    pdn_canonical_free(job->canon);
    pdn_annotation_fini(&job->ann);
    pdn_diags_free(&job->scratch);
    pdn_strbuf_free(&job->buf);
    pdn_games_out_free(&job->sink);
    return rc;
}
