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

#include "base/diag_codes.h"
#include "base/strbuf.h"

typedef enum pdn_severity {
    PDN_SEV_OFF = 0, /* reported nowhere */
    PDN_SEV_NOTE,
    PDN_SEV_WARNING,
    PDN_SEV_ERROR
} pdn_severity;

/** Stable codes, from the one list of diag_codes.h.  The number never
 * changes meaning; the letter printed before it (E, W, N) is the code's
 * default severity. */
typedef enum pdn_code {
#define PDN_CODE_ENUM(name, number, severity, short_name, meaning, page)       \
    name = number,
    PDN_DIAG_CODES(PDN_CODE_ENUM)
#undef PDN_CODE_ENUM
} pdn_code;

/** What is known of a code (diag_codes.h). */
typedef struct pdn_code_info {
    int code;
    pdn_severity severity;
    const char *name;    /* "unexpected-token" */
    const char *meaning; /* "expected X, found Y" */
    const char *page;    /* the man page that explains it: "pdn-parse(1)" */
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

/** Turns diagnostic @i of @d off (PDN_SEV_OFF: neither counted nor
 * shown), its severity's count lowered. */
void pdn_diags_turn_off(pdn_diags *d, size_t i);

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
