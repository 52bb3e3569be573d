/* game.h -- a game record as read: its tags in file order, the movetext as
 * a tree (moves as written, move numbers, marks, NAGs, comments, setups,
 * variations with their own subtrees) and the result.  Nothing of the text
 * is dropped, so that a writer can reproduce the game.
 *
 * A game owns one arena; every string and node below lives in it and goes
 * with pdn_game_free().  Strings are UTF-8 and NUL-terminated.  Moves keep
 * their squares as written: PDN numbers, or for alphanumeric moves file
 * and rank (the variant decides the number later).
 */
#ifndef PDN_MODEL_GAME_H
#define PDN_MODEL_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/arena.h"
#include "base/diag.h"

/** Most squares a written move may name. */
#define PDN_MOVE_MAX_SQUARES 24

/** An alphanumeric square: PDN_SQUARE_ALPHA | file (0-7) << 3 | rank - 1. */
#define PDN_SQUARE_ALPHA 0x80

typedef struct pdn_move_text {
    uint8_t squares[PDN_MOVE_MAX_SQUARES];
    uint8_t count;
    char separator; /* '-', 'x', ':' or 0 for "2218" */
} pdn_move_text;

typedef enum pdn_node_kind {
    PDN_NODE_MOVE,      /* a move, its strength mark and forced mark */
    PDN_NODE_NUMBER,    /* "12." or "12..." */
    PDN_NODE_UNKNOWN,   /* a move left out: "-" or "..." */
    PDN_NODE_NAG,       /* $7 */
    PDN_NODE_COMMENT,   /* {text}, ;text, (prose) or stray words */
    PDN_NODE_ESCAPE,    /* % to the end of the line */
    PDN_NODE_SETUP,     /* /FEN "..."/ */
    PDN_NODE_VARIATION  /* ( ... ): its nodes are children */
} pdn_node_kind;

typedef enum pdn_comment_style {
    PDN_COMMENT_BRACE, /* { } */
    PDN_COMMENT_LINE,  /* ; */
    PDN_COMMENT_PROSE, /* ( ) holding prose, not moves */
    PDN_COMMENT_TEXT   /* words standing among the moves */
} pdn_comment_style;

typedef struct pdn_node pdn_node;
struct pdn_node {
    pdn_node_kind kind;
    pdn_loc at;        /* where it starts in the file */
    const char *text;  /* as written: the move "22x13", the number "12.",
                          the NAG "$7", a comment's inside, the setup's
                          inside, the escape line without '%' */
    size_t len;        /* of text, in bytes */
    pdn_node *next;
    pdn_node *children; /* PDN_NODE_VARIATION */
    union {
        struct {
            pdn_move_text written;
            const char *strength; /* "!?", "(?)", or NULL */
            bool forced;          /* '*' glued to the move */
        } move;
        struct {
            uint32_t value; /* 12 */
            bool black;     /* "12..." */
        } number;
        uint32_t nag;
        pdn_comment_style comment;
    } u;
};

typedef enum pdn_result {
    PDN_RESULT_NONE = 0,  /* the game has no terminator */
    PDN_RESULT_UNKNOWN,   /* * */
    PDN_RESULT_FIRST,     /* 1-0, 2-0: the first mover won */
    PDN_RESULT_SECOND,    /* 0-1, 0-2 */
    PDN_RESULT_DRAW,      /* 1/2-1/2, 1-1 */
    PDN_RESULT_BOTH_LOST  /* 0-0 */
} pdn_result;

typedef struct pdn_tag {
    const char *name;     /* as written: "Bianco" */
    const char *value;    /* unescaped */
    const char *standard; /* "White", or NULL if the name is standard or
                             unknown */
    pdn_loc at;
} pdn_tag;

typedef struct pdn_game {
    pdn_arena arena;
    const char *file;    /* borrowed from the reader */
    uint64_t number;     /* 1-based, in its file */
    uint64_t span;       /* where its text starts: just past the game
                            before it (blanks and skipped text included) */
    pdn_loc start;       /* its first token */
    uint64_t end;        /* just past its last token */
    pdn_tag *tags;
    size_t ntags;
    pdn_node *preamble;  /* comments and escapes before the tags */
    pdn_node *moves;     /* the main line */
    pdn_result result;
    const char *result_text; /* "1-0", or NULL */
    pdn_loc result_at;
    size_t errors;       /* reading errors: the tree may be incomplete */
    const char *raw;     /* its text as read, from span up to the next
                            game's first token (blanks after it included),
                            when the reader keeps it; else NULL */
    size_t raw_len;      /* of that text, kept or not */
} pdn_game;

/** A new empty game; free it with pdn_game_free(). */
pdn_game *pdn_game_new(void);

void pdn_game_free(pdn_game *g);

/** A node of @kind in @g's arena, zeroed but for kind. */
pdn_node *pdn_game_node(pdn_game *g, pdn_node_kind kind);

/** Makes the memory at @n an empty node of @kind: zeroed but for kind.
 * Field by field: a memset of the whole node compiles to rep stos, which
 * costs more than the rest of reading a move. */
static inline void
pdn_node_init(pdn_node *n, pdn_node_kind kind)
{
    n->kind = kind;
    n->at = (pdn_loc){0, 0, 0};
    n->text = NULL;
    n->len = 0;
    n->next = NULL;
    n->children = NULL;
    memset(&n->u, 0, sizeof n->u);
}

/** The same, with @extra bytes of room after the node (for its text: the
 * caller fills it in).  Inline: the reader makes one per token. */
static inline pdn_node *
pdn_game_node_room(pdn_game *g, pdn_node_kind kind, size_t extra)
{
    pdn_node *n = pdn_arena_alloc(&g->arena, sizeof *n + extra);
    pdn_node_init(n, kind);
    return n;
}

/** The same, with a copy of @len bytes of @text (already UTF-8) as its
 * text, in one allocation. */
pdn_node *pdn_game_node_text(pdn_game *g, pdn_node_kind kind,
                             const char *text, size_t len);

/** The tag named @name (or mapped to it), or NULL. */
const pdn_tag *pdn_game_find_tag(const pdn_game *g, const char *name);

/** The value of the tag named @name (or mapped to it), or NULL. */
const char *pdn_game_tag(const pdn_game *g, const char *name);

/** The result a terminator or Result tag value stands for. */
pdn_result pdn_result_of(const char *text, size_t len);

/** Checks the tree's invariants (cmark's node_check): kinds, links,
 * variation children, text lengths.  Returns the number of faults; 0 for
 * a sound tree. */
int pdn_game_check(const pdn_game *g);

#endif
