/* annotate.h -- a game's moves judged by the engine (engine/search.h):
 * for each move, the score of the best move and of the move played,
 * searched to the same depth, the loss between them on the scale the
 * options choose, and the mark it earns (inaccuracy, mistake, blunder).
 * The judgement is data (pdn_annotation); mark.h writes it into the game
 * and report.h into a report.
 */
#ifndef PDN_ANNOTATE_ANNOTATE_H
#define PDN_ANNOTATE_ANNOTATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/diag.h"
#include "model/game.h"
#include "rules/board.h"
#include "rules/notation.h"
#include "rules/variant.h"

/** Plies of a best line kept with a judged move. */
#define PDN_ANNOTATE_MAX_LINE 32
/** Tag patterns of `select`. */
#define PDN_ANNOTATE_MAX_SELECT 8
/** Room of one configured string (a template, a pattern, a name). */
#define PDN_ANNOTATE_TEXT 256

typedef enum pdn_mark {
    PDN_MARK_NONE = 0,
    PDN_MARK_INACCURACY, /* $6 ?! */
    PDN_MARK_MISTAKE,    /* $2 ? */
    PDN_MARK_BLUNDER     /* $4 ?? */
} pdn_mark;

/** How the loss of a move is measured against the thresholds. */
typedef enum pdn_loss_scale {
    PDN_SCALE_WIN_CHANCE = 0, /* the drop of the mover's winning chance */
    PDN_SCALE_MEN             /* the drop of the score, in men */
} pdn_loss_scale;

typedef enum pdn_report_format {
    PDN_REPORT_NONE = 0, /* annotated PDN alone */
    PDN_REPORT_TEXT,
    PDN_REPORT_JSON,
    PDN_REPORT_HTML
} pdn_report_format;

/** Which sides' moves are judged. */
enum { PDN_SIDE_FIRST = 1, PDN_SIDE_SECOND = 2, PDN_SIDE_BOTH = 3 };

typedef struct pdn_annotate_select {
    char tag[64];                    /* "White" */
    char pattern[PDN_ANNOTATE_TEXT]; /* PCRE2: "(?i)tinsley" */
} pdn_annotate_select;

/** Every setting of pdn annotate: pdn-config(5), the key in brackets.
 * A value type (no pointers): copy it freely. */
typedef struct pdn_annotate_options {
    /* engine: */
    int depth;             /* [engine.depth] per move; 0: no limit */
    uint64_t time_ms;      /* [engine.time] per move; 0: no limit */
    uint64_t nodes;        /* [engine.nodes] per move; 0: no limit */
    size_t hash_mb;        /* [engine.hash] per job */
    long threads;          /* [engine.threads] games annotated at once */
    uint64_t game_time_ms; /* [engine.time_per_game]; 0: none */
    uint64_t game_nodes;   /* [engine.nodes_per_game] shared by the judged
                              moves of a game; 0: none */
    char egdb[1024];       /* [engine.egdb] the endgame database's folder
                              (pdn-egdb(1)); "": the default one, where
                              there is one; "none": none */
    /* thresholds, in men: */
    pdn_loss_scale scale; /* [thresholds.scale] */
    double spread;        /* [thresholds.spread] the men of advantage
                             that make a winning chance of 73% */
    double inaccuracy;    /* [thresholds.inaccuracy] */
    double mistake;       /* [thresholds.mistake] */
    double blunder;       /* [thresholds.blunder] */
    /* which moves: */
    int sides;           /* [sides] PDN_SIDE_* */
    uint32_t first_move; /* [moves.from] move number; 1: the first */
    uint32_t last_move;  /* [moves.to] 0: to the end */
    uint32_t skip_plies; /* [skip_plies] book plies not judged */
    bool variations;     /* [variations] judge moves of variations */
    /* what to write: */
    bool nags;      /* [write.nags] */
    bool comments;  /* [write.comments] */
    bool lines;     /* [write.variations] the best line */
    bool eval;      /* [write.eval] [%eval +0.40,14] */
    bool tags;      /* [write.tags] Annotator and the counts */
    int line_plies; /* [write.line_plies] of the best line */
    /* templates: */
    char comment[PDN_ANNOTATE_TEXT]; /* [templates.comment] */
    char labels[4][64];              /* [templates.inaccuracy|mistake|blunder];
                                        [0] unused */
    char annotator[PDN_ANNOTATE_TEXT]; /* [annotator] the Annotator tag */
    /* which games: */
    pdn_annotate_select select[PDN_ANNOTATE_MAX_SELECT]; /* [select] */
    size_t nselect;
    /* rules and output: */
    char variant[64];         /* [variant] (top level); "": Italian */
    char draw_rule[64];       /* [draw_rule] ""; the variant's own */
    pdn_report_format report; /* [report] */
    bool alpha;               /* [notation] moves as "c3-d4" */
} pdn_annotate_options;

/** The nodes each judged move is searched for by default, the same marks
 * on any machine. */
#define PDN_ANNOTATE_NODES 4000000
/** The nodes the judged moves of a game share by default, so that a long
 * game gets less a move: a 60-move game in under a minute on one core. */
#define PDN_ANNOTATE_GAME_NODES 200000000

/** Fills @o with the built-in defaults (pdn annotate --print-config). */
void pdn_annotate_defaults(pdn_annotate_options *o);

/** Lifts every limit of the search of a move (depth, time, nodes, time
 * and nodes per game): where limits are named, they replace those before
 * them. */
void pdn_annotate_clear_limits(pdn_annotate_options *o);

/** The nodes each of the @judged moves of a game is searched for: the
 * nodes per move of @o, or the nodes per game shared by the moves where
 * that is less (at least 1); 0: no limit of nodes. */
uint64_t pdn_annotate_move_nodes(const pdn_annotate_options *o, size_t judged);

/** One move of the game as judged.  Scores are in hundredths of a man
 * from the mover's point of view (engine/search.h: beyond PDN_SCORE_WON
 * a win in plies). */
typedef struct pdn_judged_move { /* laid out with no padding: a move of
                                    a long game costs 192 bytes */
    const pdn_node *node;        /* the move in the game */
    uint32_t ply;                /* plies played before it on its line */
    uint32_t number;             /* its move number */
    pdn_board before;            /* the position it was played in */
    pdn_move played;
    pdn_move best;
    const char *played_text; /* as the notation writes it; in the */
    const char *best_text;   /* annotation's arena ("" if not judged) */
    pdn_move *line;          /* the best line, the best move first: nline
                                moves, in the annotation's arena */
    int depth;               /* both scores are of this depth */
    int best_score;          /* the best move's */
    int played_score;        /* the move played's */
    pdn_mark mark;
    double loss;     /* on the options' scale, >= 0 */
    double men_lost; /* in men, >= 0 */
    int nline;
    bool second;    /* the second mover's move */
    bool main_line; /* not in a variation */
    bool judged;    /* searched: not forced, not skipped */
    bool forced;    /* the only legal move */
    /* In the endgame database's reach: the mover's value before the move
       and after it (egdb/egdb.h's pdn_egdb_value: 1 win, 2 draw, 3
       loss), which then give the mark; 0: not in it. */
    uint8_t egdb_before, egdb_after;
} pdn_judged_move;

/** What one side did over the judged moves. */
typedef struct pdn_side_summary {
    uint32_t judged;
    uint32_t marks[4]; /* by pdn_mark; [0]: moves without one */
    double men_lost;   /* the sum over the judged moves */
    double accuracy;   /* 0..100: the mean accuracy of its moves */
} pdn_side_summary;

/** A game's judgement.  pdn_annotation_init, then pdn_annotation_fini. */
typedef struct pdn_annotation {
    const pdn_variant *variant; /* NULL: the game was not replayed */
    pdn_judged_move *moves;     /* in the order of the text */
    size_t count, cap;
    pdn_arena lines;           /* the moves' texts and best lines: a
                                  move costs what they take, not the
                                  room of the longest */
    pdn_side_summary sides[2]; /* [0] the first mover's */
    bool selected;             /* the game matched `select` */
    bool stopped;              /* a line stopped at an illegal move */
    bool no_engine;            /* not judged: no memory for the engine's
                                  hash table (hash_mb) */
    uint64_t nodes;            /* searched in all */
    double seconds;
    int depth_min, depth_max; /* of the judged moves */
} pdn_annotation;

void pdn_annotation_init(pdn_annotation *a);
void pdn_annotation_fini(pdn_annotation *a);

/** The colour of side @i of @a: 0 the first mover's (White when the
 * game was not replayed), 1 the other. */
pdn_color pdn_annotation_side(const pdn_annotation *a, int i);

/** The mean loss in men per judged move of @s, 0 with none. */
double pdn_side_average_loss(const pdn_side_summary *s);

/** The winning chance (0..1) of a side whose score is @score hundredths
 * of a man, on a logistic curve of @spread men; wins are 1 and losses
 * 0. */
double pdn_win_chance(int score, double spread);

/** Formats @score (hundredths of a man) as "+0.40", "-1.10", "0.00", or
 * for a win or loss "+W12" / "-W12" (in 12 plies), for a database win or
 * loss (engine/search.h) "+DB" / "-DB", into @buf; @minus is
 * the minus sign ("-", or "\u2212" in prose). */
void pdn_score_format(int score, const char *minus, char buf[24]);

/** @score, from the side to move of @b's point of view, from White's. */
int pdn_score_white(const pdn_board *b, int score);

/** Writes the first @max plies of the best line of @m (at most m->nline),
 * replayed from m->before in @v, into @moves (room for
 * PDN_ANNOTATE_MAX_LINE) as the notation writes them: "22x13" or, with
 * @alpha, "c3xe5"; the whole path only where another legal move shares
 * the from and to squares.  Returns how many were written (fewer when a
 * move of the line is not legal where it stands). */
int pdn_annotate_line(const pdn_variant *v, const pdn_judged_move *m,
                      bool alpha, int max, char moves[][PDN_MOVE_TEXT_MAX]);

/* ---- Judging games ---- */

typedef struct pdn_annotator pdn_annotator;

/** Called after each move judged: @done of @total moves of the game. */
typedef void (*pdn_annotate_progress_fn)(void *ctx, size_t done, size_t total);

/** An annotator with the options @o (copied), owning one engine.  Returns
 * NULL after writing PCRE2's message and offset into @err when a
 * `select` pattern does not compile (the config reader checks them
 * first, with pdn_tag_filter_check()). */
pdn_annotator *pdn_annotator_new(const pdn_annotate_options *o, char *err,
                                 size_t errsize);

void pdn_annotator_free(pdn_annotator *a);

struct pdn_egdb;

/** Makes @a judge the games of @v with the endgame database @db
 * (borrowed; it must outlive @a): its engine takes the database's values
 * (engine/search.h), and a move whose position is in the database's
 * reach is marked by the values before and after it alone: none when it
 * keeps the value, a mistake when it turns a win into a draw, a blunder
 * when it turns a win or a draw into a loss. */
void pdn_annotator_use_egdb(pdn_annotator *a, const pdn_variant *v,
                            struct pdn_egdb *db);

/** Whether @g matches every pattern of `select` (a game without the tag
 * matches none). */
bool pdn_annotator_selects(const pdn_annotator *a, const pdn_game *g);

/** Replays @g (variant from its GameType, else @o's) and judges its moves
 * into @out (emptied first).  Illegal moves are reported in @d with the
 * checker's diagnostics (replay/replay.h) and stop their line.  Returns
 * the number of moves judged. */
size_t pdn_annotate_game(pdn_annotator *a, const pdn_game *g, pdn_diags *d,
                         pdn_annotation *out, pdn_annotate_progress_fn fn,
                         void *ctx);

#endif
