/* internal.h -- what reader.c, parser.c and report.c share: the state of
 * reading one game out of the reader's buffer.
 */
#ifndef PDN_SYNTAX_INTERNAL_H
#define PDN_SYNTAX_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "base/diag.h"
#include "model/game.h"
#include "model/tagmap.h"
#include "syntax/lexer.h"

/* Tag names already looked up in the reader's tag map (parser.c). */
#define PDN_TAG_CACHE_SIZE 64 /* a power of two */
typedef struct pdn_tag_cache {
    struct pdn_tag_cache_item {
        char name[16];
        uint8_t len;          /* 0: empty */
        const char *standard; /* the answer for name */
    } items[PDN_TAG_CACHE_SIZE];
    /* The files's games mostly name their tags in the same order: the
     * item (+ 1; 0: none) that answered for the game's i-th tag. */
    uint8_t by_place[16];
} pdn_tag_cache;

typedef struct pdn_parse {
    pdn_lexer lx;
    pdn_token tok; /* the token under consideration */
    const char *file;
    const char *buf;      /* the reader's buffer */
    uint64_t base;        /* input offset of buf[0] */
    bool *encoding_noted; /* the note of a byte that is not UTF-8 given */
    const pdn_tagmap *tagmap;
    pdn_tag_cache *tag_cache; /* NULL: none */
    int max_depth;
    pdn_game *game;
    pdn_diags *diags;
    bool typed_noted;  /* the game's note of moves typed with another
                          dash or capitals was given */
    bool ahead;        /* tok is the game's first token, read already
                          (the '[' that ended the game before) */
    bool more;         /* the buffer ended inside the game: read on */
    bool failed;       /* an error: skip to the next game */
    uint64_t last_end; /* input offset just past the last token taken */
} pdn_parse;

/** Reads one game from p->lx into p->game.  Returns 1 if the game holds
 * anything, 0 if only the end of the input (or, with p->more, of the
 * buffer) was found. */
int pdn_parse_game(pdn_parse *p);

/** Appends a diagnostic at @at for the current game, with its source
 * line; returns it. */
pdn_diag *pdn_parse_report(pdn_parse *p, pdn_severity sev, int code, pdn_loc at,
                           const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/** A UTF-8, NUL-terminated copy of @len bytes at @s in the game's arena:
 * valid UTF-8 as it is, every other byte read as Windows-1252 (the first
 * such byte of a file gets a note). */
char *pdn_parse_text(pdn_parse *p, const char *s, size_t len);

#endif
