/* tree.h -- the opening tree of games, from a position some plies deep:
 * for each position, each move played from it, by how many games, and
 * how they ended; a position reached by two move orders is one node
 * (transpositions merged).  Written as text, JSON Lines (a position a
 * line) or HTML (nested <details>, opened position by position).
 */
#ifndef PDN_ARCHIVE_TREE_H
#define PDN_ARCHIVE_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "base/strbuf.h"
#include "model/game.h"
#include "rules/board.h"
#include "rules/variant.h"

/* The most plies a tree goes down. */
#define PDN_TREE_DEPTH_MAX 40

typedef struct pdn_tree pdn_tree;

/* The outputs of pdn_tree_write(), in the order `pdn tree --format`
 * names them. */
typedef enum pdn_tree_format {
    PDN_TREE_TEXT,
    PDN_TREE_JSON,
    PDN_TREE_HTML
} pdn_tree_format;

/* What the games added came to. */
typedef struct pdn_tree_counts {
    uint64_t games;         /* added */
    uint64_t from_root;     /* that stood on the root */
    uint64_t not_reached;   /* of the variant, never on the root */
    uint64_t other_variant; /* of another variant, or with an error */
} pdn_tree_counts;

/** A new empty tree of variant @v from @root, @depth plies deep
 * (1..PDN_TREE_DEPTH_MAX); free it with pdn_tree_free(). */
pdn_tree *pdn_tree_new(const pdn_variant *v, const pdn_board *root, int depth);

/** Frees @t (NULL: nothing). */
void pdn_tree_free(pdn_tree *t);

/** Appends to @out the path of @g on @t, for pdn_tree_add(): its main
 * line replayed, and from the first time it stands on the root, its
 * moves and the positions after them.  A game of another variant, with
 * a reading error, or that never stands on the root has a path that
 * counts in none.  Reads only what pdn_tree_new() was given: threads
 * may call it at once, and while pdn_tree_add() runs. */
void pdn_tree_path(const pdn_tree *t, const pdn_game *g, pdn_strbuf *out);

/** Adds to @t the game whose path pdn_tree_path() made at @path: the
 * game counted once in each node it stood on, and in each move. */
void pdn_tree_add(pdn_tree *t, const char *path);

/** Adds @g to @t: pdn_tree_path() then pdn_tree_add(). */
void pdn_tree_add_game(pdn_tree *t, const pdn_game *g);

/** What the games added to @t came to. */
pdn_tree_counts pdn_tree_count(const pdn_tree *t);

/** Appends @t to @out in @format, leaving out the moves played by fewer
 * than @min_games games. */
void pdn_tree_write(const pdn_tree *t, pdn_tree_format format,
                    uint64_t min_games, pdn_strbuf *out);

#endif
