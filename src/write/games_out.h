/* games_out.h -- games written one after another as pdn fmt writes them:
 * one blank line between games, whether a game is in canonical form or
 * passed through as it was read (the blanks after such a game are made
 * up to one blank line; its text is untouched).  Optionally compares what
 * is written with the input, to tell whether a file would change.
 */
#ifndef PDN_WRITE_GAMES_OUT_H
#define PDN_WRITE_GAMES_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "base/strbuf.h"
#include "model/game.h"
#include "write/canonical.h"

typedef struct pdn_games_out {
    FILE *out;          /* NULL: compare only */
    bool compare;       /* compare the output with pdn_games_out_input() */
    bool differs;       /* they differ */
    bool started;       /* a game was written */
    unsigned newlines;  /* line ends at the end of the output, up to 2 */
    pdn_strbuf ours;    /* output not yet matched with the input */
    pdn_strbuf theirs;  /* input not yet matched with the output */
    bool batch;         /* out is written in blocks: then call
                           pdn_games_out_flush() before out changes or
                           is closed */
    pdn_strbuf pending; /* with batch: output not yet written to out */
} pdn_games_out;

#define PDN_GAMES_OUT_INIT                                                     \
    {                                                                          \
        NULL, false, false, false, 0, PDN_STRBUF_INIT, PDN_STRBUF_INIT, false, \
            PDN_STRBUF_INIT                                                    \
    }

/** Starts a new output (a file): nothing written, nothing compared. */
void pdn_games_out_reset(pdn_games_out *o);

/** Writes the game text @text of @len bytes, after a blank line if a game
 * came before. */
void pdn_games_out_game(pdn_games_out *o, const char *text, size_t len);

/** Writes the game text of @len bytes read from @from (a game too large
 * to hold, passed through as read: syntax/reader.h) in UTF-8, after a
 * blank line if a game came before, a block at a time; the bytes as read
 * are the input compared with.  Returns false when @from gives fewer
 * bytes. */
bool pdn_games_out_copy(pdn_games_out *o, FILE *from, size_t len);

/** Writes @g as it was read, after a blank line if a game came before:
 * its text as pdn_canonical_as_read() of @c gives it (through @scratch),
 * the line ends before it left out (they are the file's, between games);
 * or for a game too large to hold, the text its temporary file kept.
 * Returns false, writing nothing, when that text was lost. */
bool pdn_games_out_as_read(pdn_games_out *o, const pdn_canonical *c,
                           const pdn_game *g, pdn_strbuf *scratch);

/** Appends to @out the text pdn_games_out_as_read() writes of @g, alone
 * (no blank line before it): held in memory, a game too large to hold
 * too, for the threads that make a game's output apart from writing it.
 * Returns false, appending nothing, when that text was lost. */
bool pdn_games_out_text(const pdn_canonical *c, const pdn_game *g,
                        pdn_strbuf *out);

/** Writes to out what batch holds back. */
void pdn_games_out_flush(pdn_games_out *o);

/** Output is written when this much has gathered (with batch). */
#define PDN_GAMES_OUT_BLOCK 65536

/* Inline, the two below: they run once per game, and most games are a
 * few lines. */

/** Where a game's text may be appended directly, instead of through
 * pdn_games_out_game(): the blank line before it is written, and *@mark
 * is where its text starts.  Only with batch output and no comparison;
 * NULL otherwise.  End the game with pdn_games_out_end(). */
static inline pdn_strbuf *
pdn_games_out_begin(pdn_games_out *o, size_t *mark)
{
    if (!o->out || !o->batch || o->compare)
        return NULL;
    if (o->started && o->newlines < 2) { /* the blank line between */
        char *p = pdn_strbuf_reserve(&o->pending, 2);
        memcpy(p, "\n\n", 2);
        pdn_strbuf_commit(&o->pending, p + 2 - o->newlines);
        o->newlines = 2;
    }
    o->started = true;
    *mark = o->pending.len;
    return &o->pending;
}

/** Counts the line ends at the end of the @len bytes of @text just
 * written (up to 2, across writes): pdn_games_out_end()'s slow path. */
void pdn_games_out_count(pdn_games_out *o, const char *text, size_t len);

/** Ends the game appended since pdn_games_out_begin() gave @mark. */
static inline void
pdn_games_out_end(pdn_games_out *o, size_t mark)
{
    const char *text = o->pending.ptr + mark;
    size_t len = o->pending.len - mark;
    if (len >= 2 && text[len - 1] == '\n' && text[len - 2] != '\n' &&
        text[len - 2] != ' ' && text[len - 2] != '\r' && text[len - 2] != '\t')
        o->newlines = 1; /* the end of a game in canonical form */
    else if (len > 0)    /* else nothing was written: no change */
        pdn_games_out_count(o, text, len);
    if (o->pending.len >= PDN_GAMES_OUT_BLOCK)
        pdn_games_out_flush(o);
}

/** Adds @len bytes of input to compare the output with. */
void pdn_games_out_input(pdn_games_out *o, const char *text, size_t len);

/** Ends the comparison: true if the output differs from the input. */
bool pdn_games_out_differs(pdn_games_out *o);

void pdn_games_out_free(pdn_games_out *o);

#endif
