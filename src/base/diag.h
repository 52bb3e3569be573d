/* diag.h -- diagnostics as values: where (file, line, column in
 * characters), how bad, a stable code, a message, the game they belong to,
 * and the source line for the caret.  Library code appends them to a
 * pdn_diags sink and never prints; the command line renders them.
 */
#ifndef PDN_BASE_DIAG_H
#define PDN_BASE_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/strbuf.h"

typedef enum pdn_severity {
    PDN_SEV_OFF = 0, /* reported nowhere */
    PDN_SEV_NOTE,
    PDN_SEV_WARNING,
    PDN_SEV_ERROR
} pdn_severity;

/** Stable codes.  The number never changes meaning; the letter printed
 * before it (E, W, N) is the code's default severity. */
typedef enum pdn_code {
    /* reading: 01xx */
    PDN_E_UNEXPECTED = 101,       /* expected X, found Y */
    PDN_E_UNCLOSED_COMMENT = 102, /* { without } */
    PDN_E_UNCLOSED_STRING = 103,  /* " without " on its line */
    PDN_E_UNCLOSED_VARIATION = 104,
    PDN_E_STRAY_RPAREN = 105, /* ) with no ( open */
    PDN_E_BAD_TAG = 106,      /* [Name "value"] malformed */
    PDN_E_BAD_SQUARE = 107,   /* a move naming square 0 */
    PDN_E_TOO_DEEP = 108,     /* variations nested past the limit */
    PDN_E_TOO_LONG = 109,     /* a token past the limit */
    PDN_E_TOO_BIG = 110,      /* a game past the limit */
    PDN_W_PROSE = 151,        /* (prose) read as a comment */
    PDN_W_JUNK = 152,         /* text between games skipped */
    PDN_W_STRAY_TEXT = 153,   /* a word among the moves, kept */
    PDN_W_TAG_NAME = 154,     /* a tag name that is no PDN name, kept */
    PDN_W_CONTROL = 155,      /* a control byte: the file is damaged */
    PDN_E_NOT_A_MOVE = 111,   /* text shaped like a move that is none */
    PDN_E_NOT_PDN3 = 112,     /* --strict: outside the reading grammar */
    PDN_N_TYPED_MOVE = 182,   /* moves typed with another dash, capitals */
    PDN_N_ENCODING = 181,     /* not UTF-8: read as Windows-1252 */
    /* replaying: 02xx */
    PDN_E_ILLEGAL = 201,         /* a move no rule allows */
    PDN_E_AMBIGUOUS = 202,       /* names several moves; nothing decides */
    PDN_W_RESOLVED = 203,        /* names several; what follows decides */
    PDN_W_MOVE_NUMBER = 204,     /* "12..." where White is to move */
    PDN_E_BAD_FEN = 205,         /* a FEN tag or setup that is not FEN */
    PDN_N_NOT_REPLAYED = 206,    /* a GameType this program does not play */
    PDN_N_UNKNOWN_MOVE = 207,    /* "-": the rest of the line is unknown */
    PDN_W_BAD_GAMETYPE = 208,    /* a GameType tag that is no GameType */
    PDN_W_PAST_DRAW = 209,       /* play goes on past an automatic draw */
    PDN_N_DRAW = 210,            /* 1/2-1/2: a rule draw, or agreed */
    PDN_E_FALSE_RESULT = 211,    /* the side to move has lost; the result
                                    says otherwise */
    PDN_E_RESULT_MISMATCH = 212, /* Result tag and terminator disagree */
    PDN_W_NO_RESULT = 213,       /* no result, or only "*" */
    PDN_N_MISSING_TAGS = 214,    /* Seven-Tag-Roster tags missing */
    PDN_W_BAD_DATE = 215,        /* a Date in no known form */
    PDN_W_PLY_COUNT = 216,       /* PlyCount and the main line disagree */
    PDN_N_OTHER_VARIANT = 217,   /* no GameType, and the moves stop being
                                    legal; in another variant they are */
    PDN_N_RESULT_NO_MOVES = 218, /* a decisive result and not one move */
    PDN_N_RESULT_FORM = 219,     /* a Result in a form beside PDN's */
    PDN_W_NOT_A_RESULT = 220,    /* a Result tag that is no result */
    PDN_N_AUTO_VARIANT = 221,    /* --variant auto: the file read as */
    /* Writing (pdn fmt, pdn convert): 03xx */
    PDN_N_DATE_KEPT = 301, /* a Date left as written by pdn fmt */
} pdn_code;

/** What is known of a code: its default severity and a short name. */
typedef struct pdn_code_info {
    int code;
    pdn_severity severity;
    const char *name; /* "unexpected-token" */
} pdn_code_info;

/** The entry for @code, or NULL. */
const pdn_code_info *pdn_code_lookup(int code);

/** Writes "E0101" (letter of the default severity, four digits) into
 * @buf. */
void pdn_code_format(int code, char buf[8]);

typedef struct pdn_loc {
    uint64_t off;  /* byte offset in the file */
    uint32_t line; /* 1-based */
    uint32_t col;  /* 1-based, in characters */
} pdn_loc;

typedef struct pdn_diag {
    pdn_severity severity;
    int code;
    const char *file; /* borrowed from whoever reported it */
    pdn_loc at;
    uint64_t game;     /* 1-based number of the game in its file; 0: none */
    char *message;     /* owned by the sink */
    char *line_text;   /* the source line (or a window of a long one),
                          UTF-8, owned; NULL if unknown */
    uint32_t text_col; /* the caret's column in line_text; 0: at.col */
    uint32_t span;     /* characters the caret underlines, the token's
                          (0 or 1: the caret alone) */
    char *note;        /* "the game starts here", owned; NULL if none */
    pdn_loc note_at;
    bool note_game; /* the note is about game @game: written after
                       "game N " (so that it follows a renumbering) */
    /* About a move (replaying), else 0 and NULL; owned: */
    uint32_t ply; /* 1-based ply of the move in its line */
    char *move;   /* the move as written */
    char *legal;  /* the legal moves, ", " between them */
} pdn_diag;

/** A growable list of diagnostics that owns their text. */
typedef struct pdn_diags {
    pdn_diag *items;
    size_t count, cap;
    size_t errors, warnings, notes;
    bool count_only; /* the diagnostics are only counted: their messages
                        are not written (message stays NULL) */
} pdn_diags;

#define PDN_DIAGS_INIT                                                         \
    {                                                                          \
        NULL, 0, 0, 0, 0, 0, false                                             \
    }

/** Appends a diagnostic with a printf-style message and returns it, so
 * that the caller can fill in line_text and the note.  Never NULL. */
pdn_diag *pdn_diags_add(pdn_diags *d, pdn_severity severity, int code,
                        const char *file, pdn_loc at, uint64_t game,
                        const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;

/** The same, with a va_list. */
pdn_diag *pdn_diags_addv(pdn_diags *d, pdn_severity severity, int code,
                         const char *file, pdn_loc at, uint64_t game,
                         const char *fmt, va_list ap);

/** Drops the diagnostics after the first @count (they were reported by a
 * reading that is being done again). */
void pdn_diags_truncate(pdn_diags *d, size_t count);

/** Whether @d holds anything to report (most games' hold nothing). */
static inline bool
pdn_diags_any(const pdn_diags *d)
{
    return d->count || d->errors || d->warnings || d->notes;
}

/** Drops the diagnostic at @i, keeping the order of the others. */
void pdn_diags_remove(pdn_diags *d, size_t i);

/** Empties the list (the counts of errors etc. too), keeping its memory. */
void pdn_diags_clear(pdn_diags *d);

void pdn_diags_free(pdn_diags *d);

/** Renders @diag like a compiler: "file:line:col: error[E0101]: message",
 * the source line and a caret under the column, then the note if any.
 * With @colour, ANSI colours. */
void pdn_diag_render(const pdn_diag *diag, bool colour, pdn_strbuf *out);

/** "error", "warning", "note". */
const char *pdn_severity_name(pdn_severity s);

#endif
