/* tune.c -- pdn-tune: the weights of the evaluation (engine/eval.h) fitted
 * to the outcomes of real games ("Texel" tuning: logistic regression of
 * the result on the score).
 *
 *   pdn-tune [--keep=TERM,...] [--windows=FILE] VARIANT [EPOCHS]
 *            < GAMES.jsonl, SCORES.tsv or both (cat)
 *
 * GAMES.jsonl is what `pdn convert --to json --positions` writes: a game
 * a line, with its tags and the FEN after every move.  Every position of
 * a game with a result (1-0, 0-1, 1/2-1/2) is taken where the side to
 * move has no capture (a position in the middle of an exchange says
 * nothing of its score) and past the first 6 plies; a known draw is left
 * out.  Its terms are counted once (pdn_eval_terms()), and the score of
 * weights w is then s = 100 * men + sum (p o_i + (24 - p) e_i) f_i / 24,
 * from White's side, where o and e are the opening's and the ending's
 * weights and p the men on the board (engine/eval.h, "Phases").
 *
 * The fit: first the scale K of the sigmoid p = 1 / (1 + 10^(-K s / 400))
 * that best fits the results with the variant's weights as they are;
 * then, K fixed, the weights that minimise the mean squared error
 * between p and the result (1, 1/2, 0 for White), by Adam on the
 * gradient, with a little L2 pull to the weights as they are so that a
 * term the games hardly show stays where it was.  Games are split nine
 * to one: the error is printed on the nine tenths fitted and on the
 * tenth left out, before and after.  Prints the weights in the form of
 * a row of src/rules/variant_rows.h.
 *
 * The weights may also be fitted to a deeper search's scores instead of
 * results, so that the static score says sooner what the search would
 * find: a line of SCORES.tsv holds a position, its FEN, a tab, and its
 * score for the side to move in hundredths of a man (as `pdn analyse`
 * prints it; a line with no score, or a won or lost one, is left out).
 * Its target is the score's chance on the annotator's scale,
 * 1 / (1 + e^(-s / 100)), with K fixed to that scale; a position a tenth
 * is left out.  A line that opens with '{' is a game, any other a scored
 * position: both kinds may be fitted at once, each sample by its own K,
 * so that the weights say what the search finds and keep what wins.
 *
 * A line of SCORES.tsv may instead give an endgame database's value for
 * the side to move, FEN, a tab and win, draw or loss (as `pdn egdb probe`
 * prints it): its target is then 1, 1/2 or 0 on the same scale.
 *
 * --keep=TERM,... keeps the weights of the terms named (advance2,
 * trade_down, ...) as they are, and fits the others.
 *
 * --windows=FILE then fits, the terms' weights fixed, a weight to every
 * configuration of men of every board window (engine/eval.h, "Board
 * windows"), in the opening and the ending, to what the terms leave
 * unexplained: what men standing together are worth beyond each man's
 * own square.  Prints the error before and after on both parts; writes to
 * FILE the weights that are not 0, a line each: window, configuration,
 * opening's weight, ending's weight, tab-separated.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotate/annotate.h"
#include "base/xalloc.h"
#include "egdb/egdb.h"
#include "engine/eval.h"
#include "engine/search.h"
#include "rules/fen.h"
#include "rules/movegen.h"
#include "rules/variant.h"

#define FIRST_PLY 6
#define L2_PULL 1e-7
/* With --scores: the K of the annotator's scale, pdn_win_chance() with a
 * spread of one man: 1 / (1 + e^(-s / 100)). */
#define SCORES_K (4.0 / log(10.0))
/* The weights fitted: every term's opening's, then its ending's. */
#define NWEIGHTS (PDN_EVAL_PHASES * PDN_EVAL_NTERMS)

typedef struct sample {
    int8_t f[PDN_EVAL_NTERMS];
    int8_t men;    /* White's men minus Black's */
    int8_t phase;  /* the men on the board, EVAL_PHASE_MEN at most */
    float target;  /* White's expected result, 0..1 */
    bool held_out; /* in the tenth left out */
    bool scored;   /* the target is a search's score, not a result */
    uint16_t win[2][PDN_EVAL_WINDOWS]; /* pdn_eval_windows(): the board's,
                                          and turned round */
} sample;

typedef struct samples {
    sample *v;
    size_t n, cap;
} samples;

static const pdn_variant *
variant_named(const char *name)
{
    for (int id = 0; id < PDN_VARIANT_COUNT; id++)
        if (!strcmp(pdn_variant_get((pdn_variant_id)id)->name, name))
            return pdn_variant_get((pdn_variant_id)id);
    return NULL;
}

/* The result of a JSON line's game for White: 0 (lost), 1 (a draw), 2
 * (won), or -1 when it has none.  "1-0" is a win of the first mover
 * (RULES.md section 1): Black's in English checkers. */
static int
result_of(const pdn_variant *v, const char *line)
{
    int first_won = v->first == PDN_WHITE ? 2 : 0;
    const char *r = strstr(line, "[\"Result\",\"");
    if (!r)
        return -1;
    r += strlen("[\"Result\",\"");
    if (!strncmp(r, "1-0\"", 4))
        return first_won;
    if (!strncmp(r, "0-1\"", 4))
        return 2 - first_won;
    if (!strncmp(r, "1/2-1/2\"", 8))
        return 1;
    return -1;
}

/* Adds @b with White's expected result @target, unless a known draw. */
static void
take_position(const pdn_eval_tables *t, const pdn_board *b, double target,
              bool held_out, bool scored, samples *out)
{
    int f[PDN_EVAL_NTERMS];
    if (!pdn_eval_terms(t, b, f))
        return;
    if (out->n == out->cap) {
        out->cap = out->cap ? 2 * out->cap : 4096;
        out->v = pdn_xrealloc(out->v, out->cap * sizeof *out->v);
    }
    sample *s = &out->v[out->n++];
    for (int i = 0; i < PDN_EVAL_NTERMS; i++)
        s->f[i] = (int8_t)(f[i] < -127 ? -127 : f[i] > 127 ? 127 : f[i]);
    int wm = pdn_bb_count(b->pieces[PDN_WHITE] & ~b->kings);
    int bm = pdn_bb_count(b->pieces[PDN_BLACK] & ~b->kings);
    s->men = (int8_t)(wm - bm);
    s->phase = (int8_t)(wm + bm < EVAL_PHASE_MEN ? wm + bm : EVAL_PHASE_MEN);
    s->target = (float)target;
    pdn_eval_windows(b, s->win[0], s->win[1]);
    s->held_out = held_out;
    s->scored = scored;
}

static void
take_game(const pdn_eval_tables *t, const char *line, samples *out, size_t game)
{
    int result = result_of(t->v, line);
    const char *v = strstr(line, "\"variant\":\"");
    if (result < 0 || !v ||
        strncmp(v + 11, t->v->name, strlen(t->v->name)) != 0)
        return;
    int ply = 0;
    for (const char *p = line; (p = strstr(p, "\"fen\":\"")) != NULL;) {
        p += 7;
        const char *end = strchr(p, '"');
        if (!end)
            return;
        pdn_board b;
        pdn_fen_error err;
        ply++;
        if (ply <= FIRST_PLY ||
            pdn_fen_parse(t->v, p, (size_t)(end - p), &b, &err) != 0 ||
            pdn_movegen_has_capture(t->v, &b))
            continue;
        take_position(t, &b, result / 2.0, game % 10 == 9, false, out);
    }
}

/* A line of SCORES.tsv: its position, fitted to its score's chance,
 * the @n-th left out when n % 10 is 9. */
static void
take_scored(const pdn_eval_tables *t, const char *line, samples *out, size_t n)
{
    const char *tab = strchr(line, '\t');
    pdn_board b;
    pdn_fen_error err;
    char *end;
    if (!tab ||
        pdn_fen_parse(t->v, line, (size_t)(tab - line), &b, &err) != 0 ||
        pdn_movegen_has_capture(t->v, &b))
        return;
    /* An endgame database's value for the side to move (pdn egdb
     * probe): 1, 1/2 or 0 on the scores' scale. */
    static const pdn_egdb_value by_target[] = {PDN_EGDB_LOSS, PDN_EGDB_DRAW,
                                               PDN_EGDB_WIN};
    for (int r = 0; r < 3; r++) {
        const char *name = pdn_egdb_value_name(by_target[r]);
        if (!strncmp(tab + 1, name, strlen(name))) {
            take_position(t, &b, (b.side == PDN_WHITE ? r : 2 - r) / 2.0,
                          n % 10 == 9, true, out);
            return;
        }
    }
    long s = strtol(tab + 1, &end, 10);
    if (end == tab + 1 || s <= -PDN_SCORE_EGDB_WON || s >= PDN_SCORE_EGDB_WON)
        return;
    if (b.side != PDN_WHITE)
        s = -s;
    take_position(t, &b, pdn_win_chance((int)s, 1.0), n % 10 == 9, true, out);
}

static double
score(const sample *s, const double *w)
{
    double opening = 0, ending = 0;
    for (int i = 0; i < PDN_EVAL_NTERMS; i++) {
        opening += w[i] * s->f[i];
        ending += w[PDN_EVAL_NTERMS + i] * s->f[i];
    }
    return EVAL_MAN * s->men +
           (s->phase * opening + (EVAL_PHASE_MEN - s->phase) * ending) /
               EVAL_PHASE_MEN;
}

static double
sigmoid(double k, double s)
{
    return 1.0 / (1.0 + pow(10.0, -k * s / 400.0));
}

/* The K of @s: @k for a result, the annotator's scale for a score. */
static double
k_of(const sample *s, double k)
{
    return s->scored ? SCORES_K : k;
}

/* The index in a table of window weights (--windows) of window @win's
 * configuration @cfg in phase @ph. */
static size_t
window_index(int ph, int win, int cfg)
{
    return ((size_t)ph * PDN_EVAL_WINDOWS + (size_t)win) *
               PDN_EVAL_WINDOW_CONFIGS +
           (size_t)cfg;
}

/* The score the window weights @tw give @s, White's men less Black's
 * (engine/eval.h, "Board windows"). */
static double
window_score(const sample *s, const double *tw)
{
    double ph[PDN_EVAL_PHASES] = {0, 0};
    for (int p = 0; p < PDN_EVAL_PHASES; p++)
        for (int w = 0; w < PDN_EVAL_WINDOWS; w++)
            ph[p] += tw[window_index(p, w, s->win[0][w])] -
                     tw[window_index(p, w, s->win[1][w])];
    return (s->phase * ph[EVAL_OPENING] +
            (EVAL_PHASE_MEN - s->phase) * ph[EVAL_ENDING]) /
           EVAL_PHASE_MEN;
}

/* The score of @s with the terms' weights @w and, unless NULL, the window
 * weights @tw. */
static double
full_score(const sample *s, const double *w, const double *tw)
{
    return score(s, w) + (tw ? window_score(s, tw) : 0);
}

/* The mean squared error on the samples fitted (@held_out false) or
 * left out, with the window weights @tw unless NULL. */
static double
error(const samples *ss, const double *w, const double *tw, double k,
      bool held_out)
{
    double sum = 0;
    size_t n = 0;
    for (size_t i = 0; i < ss->n; i++) {
        const sample *s = &ss->v[i];
        if (s->held_out != held_out)
            continue;
        double d = s->target - sigmoid(k_of(s, k), full_score(s, w, tw));
        sum += d * d;
        n++;
    }
    return n ? sum / (double)n : 0;
}

static double
best_k(const samples *ss, const double *w, const double *tw)
{
    double lo = 0.05, hi = 4;
    for (int it = 0; it < 60; it++) {
        double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
        if (error(ss, w, tw, a, false) < error(ss, w, tw, b, false))
            hi = b;
        else
            lo = a;
    }
    return (lo + hi) / 2;
}

static void
fit(const samples *ss, double *w, const double *w0, const double *tw,
    const bool *frozen, double k, int epochs)
{
    double m[NWEIGHTS] = {0}, v[NWEIGHTS] = {0};
    const double rate = 0.5, b1 = 0.9, b2 = 0.999, eps = 1e-8;
    for (int e = 1; e <= epochs; e++) {
        double g[NWEIGHTS] = {0};
        size_t n = 0;
        for (size_t i = 0; i < ss->n; i++) {
            const sample *s = &ss->v[i];
            if (s->held_out)
                continue;
            double ks = k_of(s, k), c = ks * log(10.0) / 400.0;
            double p = sigmoid(ks, full_score(s, w, tw));
            /* d/dw_j (r - p)^2 = -2 (r - p) p (1 - p) c f_j */
            double d = -2 * (s->target - p) * p * (1 - p) * c;
            double o = (double)s->phase / EVAL_PHASE_MEN;
            for (int j = 0; j < PDN_EVAL_NTERMS; j++) {
                g[j] += d * o * s->f[j];
                g[PDN_EVAL_NTERMS + j] += d * (1 - o) * s->f[j];
            }
            n++;
        }
        for (int j = 0; j < NWEIGHTS; j++) {
            double gj = g[j] / (double)n + 2 * L2_PULL * (w[j] - w0[j]);
            m[j] = b1 * m[j] + (1 - b1) * gj;
            v[j] = b2 * v[j] + (1 - b2) * gj * gj;
            double mh = m[j] / (1 - pow(b1, e)), vh = v[j] / (1 - pow(b2, e));
            if (!frozen[j % PDN_EVAL_NTERMS])
                w[j] -= rate * mh / (sqrt(vh) + eps);
        }
        if (e % 100 == 0)
            fprintf(stderr, "epoch %d: error %.6f\n", e,
                    error(ss, w, tw, k, false));
    }
}

/* The window weights (--windows): fitted after the terms, the terms'
 * weights fixed, by Adam on mini-batches of WINDOW_BATCH samples taken in
 * an order shuffled every epoch (by a fixed seed: the same fit every
 * run), only the weights a batch's samples use moved, each pulled a
 * little towards 0 so that a configuration the samples hardly show
 * stays near it.  A table has PDN_EVAL_WINDOWS * PDN_EVAL_WINDOW_CONFIGS
 * weights a phase, and a sample uses 2 * PDN_EVAL_WINDOWS of them. */
#define WINDOW_EPOCHS 10
#define WINDOW_BATCH 64
#define WINDOW_RATE 0.5
#define WINDOW_L2 1e-6
#define NWINDOW_WEIGHTS                                                        \
    ((size_t)PDN_EVAL_PHASES * PDN_EVAL_WINDOWS * PDN_EVAL_WINDOW_CONFIGS)

/* A step of xorshift64: the shuffles' numbers. */
static uint64_t
next_random(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* The weights a batch has moved: their gradients, and which they are. */
typedef struct batch {
    double *g;       /* by weight */
    long *met;       /* by weight: the last batch that met it */
    size_t *touched; /* the weights this batch met */
    size_t ntouched;
    long number;
} batch;

/* Adds to @b the gradient of @s's squared error by the window weights, @d
 * its derivative by the score. */
static void
window_gradient(const sample *s, double d, batch *b)
{
    double share[PDN_EVAL_PHASES] = {(double)s->phase / EVAL_PHASE_MEN,
                                     (double)(EVAL_PHASE_MEN - s->phase) /
                                         EVAL_PHASE_MEN};
    for (int p = 0; p < PDN_EVAL_PHASES; p++)
        for (int w = 0; w < PDN_EVAL_WINDOWS; w++)
            for (int side = 0; side < 2; side++) {
                size_t j = window_index(p, w, s->win[side][w]);
                if (b->met[j] != b->number) {
                    b->met[j] = b->number;
                    b->g[j] = 0;
                    b->touched[b->ntouched++] = j;
                }
                b->g[j] += (side ? -d : d) * share[p];
            }
}

static void
fit_windows(const samples *ss, const double *w, double *tw, double k)
{
    double *m = pdn_xcalloc(NWINDOW_WEIGHTS, sizeof *m);
    double *v = pdn_xcalloc(NWINDOW_WEIGHTS, sizeof *v);
    batch b = {.g = pdn_xcalloc(NWINDOW_WEIGHTS, sizeof *b.g),
               .met = pdn_xcalloc(NWINDOW_WEIGHTS, sizeof *b.met),
               .touched =
                   pdn_xcalloc((size_t)WINDOW_BATCH * 4 * PDN_EVAL_WINDOWS,
                               sizeof *b.touched)};
    size_t *order = pdn_xcalloc(ss->n, sizeof *order), n = 0;
    const double b1 = 0.9, b2 = 0.999, eps = 1e-8;
    uint64_t seed = 0x9E3779B97F4A7C15u;
    for (size_t i = 0; i < ss->n; i++)
        if (!ss->v[i].held_out)
            order[n++] = i;
    for (int e = 1; e <= WINDOW_EPOCHS; e++) {
        for (size_t i = n; i > 1; i--) {
            size_t j = (size_t)(next_random(&seed) % i), t = order[i - 1];
            order[i - 1] = order[j];
            order[j] = t;
        }
        for (size_t at = 0; at < n; at += WINDOW_BATCH) {
            size_t end = at + WINDOW_BATCH < n ? at + WINDOW_BATCH : n;
            b.ntouched = 0;
            b.number++;
            for (size_t i = at; i < end; i++) {
                const sample *s = &ss->v[order[i]];
                double ks = k_of(s, k), c = ks * log(10.0) / 400.0;
                double p = sigmoid(ks, full_score(s, w, tw));
                window_gradient(s, -2 * (s->target - p) * p * (1 - p) * c, &b);
            }
            double c1 = 1 - pow(b1, (double)b.number);
            double c2 = 1 - pow(b2, (double)b.number);
            for (size_t t = 0; t < b.ntouched; t++) {
                size_t j = b.touched[t];
                double gj = b.g[j] / (double)(end - at) + 2 * WINDOW_L2 * tw[j];
                m[j] = b1 * m[j] + (1 - b1) * gj;
                v[j] = b2 * v[j] + (1 - b2) * gj * gj;
                tw[j] -= WINDOW_RATE * (m[j] / c1) / (sqrt(v[j] / c2) + eps);
            }
        }
        fprintf(stderr, "windows, epoch %d: error %.6f\n", e,
                error(ss, w, tw, k, false));
    }
    free(order);
    free(b.touched);
    free(b.met);
    free(b.g);
    free(v);
    free(m);
}

/* Writes to @path the window weights @tw, rounded, that are not both 0:
 * a line each, window, configuration, opening's and ending's weight. */
static int
write_windows(const char *path, double *tw)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return -1;
    }
    size_t kept = 0;
    for (int w = 0; w < PDN_EVAL_WINDOWS; w++)
        for (int cfg = 0; cfg < PDN_EVAL_WINDOW_CONFIGS; cfg++) {
            long o = lround(tw[window_index(EVAL_OPENING, w, cfg)]);
            long e = lround(tw[window_index(EVAL_ENDING, w, cfg)]);
            tw[window_index(EVAL_OPENING, w, cfg)] = (double)o;
            tw[window_index(EVAL_ENDING, w, cfg)] = (double)e;
            if (o || e) {
                fprintf(f, "%d\t%d\t%ld\t%ld\n", w, cfg, o, e);
                kept++;
            }
        }
    if (fclose(f) != 0) {
        perror(path);
        return -1;
    }
    printf("windows: %zu configurations weighed, written to %s\n", kept, path);
    return 0;
}

/* Marks in @frozen the terms of @names, a list of term names parted by
 * commas (pdn_eval_term_name()); false for a name no term has. */
static bool
freeze(const char *names, bool *frozen)
{
    while (*names) {
        size_t len = strcspn(names, ",");
        int i = 0;
        while (i < PDN_EVAL_NTERMS &&
               (strlen(pdn_eval_term_name(i)) != len ||
                strncmp(pdn_eval_term_name(i), names, len) != 0))
            i++;
        if (i == PDN_EVAL_NTERMS)
            return false;
        frozen[i] = true;
        names += len + (names[len] == ',');
    }
    return true;
}

int
main(int argc, char **argv)
{
    bool frozen[PDN_EVAL_NTERMS] = {false};
    const char *windows = NULL;
    for (; argc >= 2 && !strncmp(argv[1], "--", 2); argc--, argv++) {
        if (!strncmp(argv[1], "--windows=", 10) && argv[1][10]) {
            windows = argv[1] + 10;
        } else if (strncmp(argv[1], "--keep=", 7) ||
                   !freeze(argv[1] + 7, frozen)) {
            argc = 0; /* the usage */
            break;
        }
    }
    const pdn_variant *v = argc >= 2 ? variant_named(argv[1]) : NULL;
    int epochs = argc >= 3 ? atoi(argv[2]) : 600;
    if (!v || epochs < 0) {
        fprintf(stderr, "usage: pdn-tune [--keep=TERM,...] [--windows=FILE] "
                        "VARIANT [EPOCHS] < GAMES.jsonl, SCORES.tsv or both\n");
        return 2;
    }
    pdn_eval_tables t;
    pdn_eval_init(&t, v, NULL);
    samples ss = {0};
    char *line = NULL;
    size_t cap = 0, games = 0, lines = 0;
    while (getline(&line, &cap, stdin) > 0) {
        if (line[0] == '{')
            take_game(&t, line, &ss, games++);
        else
            take_scored(&t, line, &ss, lines++);
    }
    free(line);
    size_t held = 0, scored = 0;
    for (size_t i = 0; i < ss.n; i++) {
        held += ss.v[i].held_out;
        scored += ss.v[i].scored;
    }
    printf("%s: %zu games and %zu scored lines read, %zu positions (%zu of "
           "games, %zu scored; %zu fitted, %zu left out)\n",
           v->name, games, lines, ss.n, ss.n - scored, scored, ss.n - held,
           held);
    if (ss.n == 0)
        return 1;

    double w[NWEIGHTS], w0[NWEIGHTS];
    for (int i = 0; i < NWEIGHTS; i++)
        w[i] = w0[i] = t.w[i / PDN_EVAL_NTERMS][i % PDN_EVAL_NTERMS];
    /* The row's window weights, if it has any: the terms are fitted
       beside them, and --windows fits them again from there. */
    double *tw = pdn_xcalloc(NWINDOW_WEIGHTS, sizeof *tw);
    const double *row_windows = NULL;
    if (v->eval_windows) {
        for (size_t i = 0; i < NWINDOW_WEIGHTS; i++)
            tw[i] = v->eval_windows[i];
        row_windows = tw;
    }
    double k = scored < ss.n ? best_k(&ss, w, row_windows) : SCORES_K;
    printf("K %.4f\n", k);
    printf("before: error %.6f fitted, %.6f left out\n",
           error(&ss, w, row_windows, k, false),
           error(&ss, w, row_windows, k, true));
    fit(&ss, w, w0, row_windows, frozen, k, epochs);
    int wi[NWEIGHTS];
    for (int i = 0; i < NWEIGHTS; i++) {
        wi[i] = (int)lround(w[i]);
        w[i] = wi[i];
    }
    printf("after:  error %.6f fitted, %.6f left out\n",
           error(&ss, w, row_windows, k, false),
           error(&ss, w, row_windows, k, true));
    for (int ph = 0; ph < PDN_EVAL_PHASES; ph++) {
        printf("        PDN_EVAL_%sWEIGHTS(\n",
               ph == EVAL_ENDING ? "END_" : "");
        for (int i = 0; i < PDN_EVAL_NTERMS; i++)
            printf("            /* %s */ %d%s\n", pdn_eval_term_name(i),
                   wi[ph * PDN_EVAL_NTERMS + i],
                   i + 1 < PDN_EVAL_NTERMS ? "," : "),");
    }
    printf("%-14s %13s %13s\n", "", "opening", "ending");
    for (int i = 0; i < PDN_EVAL_NTERMS; i++)
        printf("%-14s %5d -> %5d %5d -> %5d\n", pdn_eval_term_name(i),
               (int)w0[i], wi[i], (int)w0[PDN_EVAL_NTERMS + i],
               wi[PDN_EVAL_NTERMS + i]);
    int status = 0;
    if (windows) {
        fit_windows(&ss, w, tw, k);
        status = write_windows(windows, tw) == 0 ? 0 : 1;
        printf("windows: error %.6f fitted, %.6f left out\n",
               error(&ss, w, tw, k, false), error(&ss, w, tw, k, true));
    }
    free(tw);
    free(ss.v);
    return status;
}
