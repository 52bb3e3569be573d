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
#include <stdio.h>
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
    PDN_NODE_MOVE,     /* a move, its strength mark and forced mark */
    PDN_NODE_NUMBER,   /* "12." or "12..." */
    PDN_NODE_UNKNOWN,  /* a move left out: "-" or "..." */
    PDN_NODE_NAG,      /* $7 */
    PDN_NODE_COMMENT,  /* {text}, ;text, (prose) or stray words */
    PDN_NODE_ESCAPE,   /* % to the end of the line */
    PDN_NODE_SETUP,    /* /FEN "..."/ */
    PDN_NODE_VARIATION /* ( ... ): its nodes are children */
} pdn_node_kind;

typedef enum pdn_comment_style {
    PDN_COMMENT_BRACE, /* { } */
    PDN_COMMENT_LINE,  /* ; */
    PDN_COMMENT_PROSE, /* ( ) holding prose, not moves */
    PDN_COMMENT_TEXT   /* words standing among the moves */
} pdn_comment_style;

/** Squares a move node holds itself; a move of more keeps them all out
 * of line (pdn_move_rare). */
#define PDN_NODE_SQUARES 5

/** Bytes of text (its NUL included) a node holds itself, in its word. */
#define PDN_NODE_WORD 8

/** What few moves have, out of line: a strength mark, or more squares
 * than the node holds. */
typedef struct pdn_move_rare {
    const char *strength;                  /* "!?", "(?)", or NULL */
    uint8_t squares[PDN_MOVE_MAX_SQUARES]; /* when count > PDN_NODE_SQUARES */
} pdn_move_rare;

/* 64 bytes: the reader makes one per move and move number, so what is
 * rare goes out of line and a short text fits in the node itself. */
typedef struct pdn_node pdn_node;
struct pdn_node {
    pdn_node *next;
    const char *text; /* as written: the move "22x13", the number "12.",
                         the NAG "$7", a comment's inside, the setup's
                         inside, the escape line without '%' */
    pdn_loc at;       /* where it starts in the file */
    uint32_t len;     /* of text, in bytes (a token is far shorter than
                         4 GB: PDN_MAX_TOKEN) */
    pdn_node_kind kind;
    union {
        struct {
            uint8_t count;  /* squares written, 2 or more */
            char separator; /* '-', 'x', ':' or 0 for "2218" */
            bool forced;    /* '*' glued to the move */
            uint8_t squares[PDN_NODE_SQUARES]; /* when count <= that:
                                                  pdn_node_squares() */
        } move;
        struct {
            uint32_t value; /* 12 */
            bool black;     /* "12..." */
        } number;
        uint32_t nag;
        pdn_comment_style comment;
    } u;
    union {
        pdn_node *children;  /* PDN_NODE_VARIATION */
        pdn_move_rare *rare; /* PDN_NODE_MOVE: NULL, or what few have */
    };
    /* Room for a text of up to 7 bytes and its NUL (text may point here):
     * most moves and move numbers. */
    char word[PDN_NODE_WORD];
};

/** The squares of the move node @n, n->u.move.count of them. */
static inline const uint8_t *
pdn_node_squares(const pdn_node *n)
{
    return n->u.move.count <= PDN_NODE_SQUARES ? n->u.move.squares
                                               : n->rare->squares;
}

/** The strength mark of @n ("!?"), or NULL: none, or not a move. */
static inline const char *
pdn_node_strength(const pdn_node *n)
{
    return n->kind == PDN_NODE_MOVE && n->rare ? n->rare->strength : NULL;
}

typedef enum pdn_result {
    PDN_RESULT_NONE = 0, /* the game has no terminator */
    PDN_RESULT_UNKNOWN,  /* * */
    PDN_RESULT_FIRST,    /* 1-0, 2-0: the first mover won */
    PDN_RESULT_SECOND,   /* 0-1, 0-2 */
    PDN_RESULT_DRAW,     /* 1/2-1/2, 1-1 */
    PDN_RESULT_BOTH_LOST /* 0-0 */
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
    const char *file; /* borrowed from the reader */
    uint64_t number;  /* 1-based, in its file */
    uint64_t span;    /* where its text starts: just past the game
                         before it (blanks and skipped text included) */
    pdn_loc start;    /* its first token */
    uint64_t end;     /* just past its last token */
    pdn_tag *tags;
    size_t ntags;
    pdn_node *preamble; /* comments and escapes before the tags */
    pdn_node *moves;    /* the main line */
    pdn_result result;
    const char *result_text; /* "1-0", or NULL */
    pdn_loc result_at;
    size_t errors;   /* reading errors: the tree may be incomplete */
    const char *raw; /* its text as read, from span up to the next
                        game's first token (blanks after it included),
                        when the reader keeps it; else NULL */
    size_t raw_len;  /* of that text, kept or not */
    FILE *raw_file;  /* a game too large to read (error E0110): its
                        text, when the reader keeps it, is in this
                        temporary file (rewound) and raw is NULL;
                        closed with the game */
    bool raw_lost;   /* that text could not be kept whole */
} pdn_game;

/** A new empty game; free it with pdn_game_free(). */
pdn_game *pdn_game_new(void);

void pdn_game_free(pdn_game *g);

/** The moves of the list @n and of its variations, to any depth: what a
 * writer that keeps a record per move needs room for. */
size_t pdn_nodes_count_moves(const pdn_node *n);

/** A node of @kind in @g's arena, zeroed but for kind. */
pdn_node *pdn_game_node(pdn_game *g, pdn_node_kind kind);

/** Makes the memory at @n an empty node of @kind: zeroed but for kind.
 * Field by field: a memset of the whole node compiles to rep stos, which
 * costs more than the rest of reading a move. */
static inline void
pdn_node_init(pdn_node *n, pdn_node_kind kind)
{
    n->next = NULL;
    n->text = NULL;
    n->at = (pdn_loc){0, 0, 0};
    n->len = 0;
    n->kind = kind;
    memset(&n->u, 0, sizeof n->u);
    n->children = NULL;
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
pdn_node *pdn_game_node_text(pdn_game *g, pdn_node_kind kind, const char *text,
                             size_t len);

/** Sets the squares and separator of the move node @n from @w; a move of
 * more than PDN_NODE_SQUARES squares keeps them in @g's arena. */
void pdn_game_move_squares(pdn_game *g, pdn_node *n, const pdn_move_text *w);

/** The squares and separator of the move node @n into @w. */
void pdn_node_written(const pdn_node *n, pdn_move_text *w);

/** Sets the strength mark of the move node @n to @strength (kept, not
 * copied: it must live as long as @g, in its arena say). */
void pdn_game_move_strength(pdn_game *g, pdn_node *n, const char *strength);

/** The tag named @name (or mapped to it), or NULL. */
const pdn_tag *pdn_game_find_tag(const pdn_game *g, const char *name);

/** The value of the tag named @name (or mapped to it), or NULL. */
const char *pdn_game_tag(const pdn_game *g, const char *name);

/** The moves of the main line of @g, as read (its plies). */
uint64_t pdn_game_plies(const pdn_game *g);

/** The game's result as written: its Result tag's value when not empty,
 * else the terminator after its moves, else NULL. */
const char *pdn_game_result_text(const pdn_game *g);

/** The result a terminator or Result tag value stands for. */
pdn_result pdn_result_of(const char *text, size_t len);

/** The result a Result tag value stands for in a form archives use
 * beside the standard ones: "1:0", "0:1", "2:0", "0:2", "1:1", "0:0",
 * "½-½", "1/2" and "½"; *@standard is then its standard form ("0-1").
 * PDN_RESULT_NONE for any other text. */
pdn_result pdn_result_loose(const char *text, size_t len,
                            const char **standard);

/** Checks the tree's invariants (cmark's node_check): kinds, links,
 * variation children, text lengths.  Returns the number of faults; 0 for
 * a sound tree. */
int pdn_game_check(const pdn_game *g);

#endif
