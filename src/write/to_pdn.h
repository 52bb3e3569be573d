/* to_pdn.h -- pdn convert --to pdn: JSON Lines of pdn convert --to json
 * (or PDN) written as canonical PDN, exactly as pdn fmt writes the PDN
 * they came from.  A stream at a time; the caller opens the files and
 * reports those it cannot.
 */
#ifndef PDN_WRITE_TO_PDN_H
#define PDN_WRITE_TO_PDN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "model/tagmap.h"
#include "write/canonical.h"

typedef struct pdn_to_pdn_options {
    const pdn_tagmap *tagmap; /* borrowed; NULL maps nothing */
    pdn_canonical_options canonical;
    FILE *out;   /* where the games go */
    FILE *err;   /* where their diagnostics go, rendered */
    bool colour; /* the diagnostics coloured */
    bool quiet;  /* no diagnostics written (they are still counted) */
    bool no_map; /* PDN is read, not mapped (syntax/reader.h) */
} pdn_to_pdn_options;

typedef struct pdn_to_pdn pdn_to_pdn;

/** A converter writing to o->out; @o is copied. */
pdn_to_pdn *pdn_to_pdn_new(const pdn_to_pdn_options *o);

/** Whether the stream @in starts with '{' (after a UTF-8 byte order
 * mark), as JSON Lines do; the bytes looked at are read again after. */
bool pdn_to_pdn_starts_json(FILE *in);

/** Converts the stream @in, named @name in diagnostics: JSON Lines when
 * @json (one game object a line; a line that cannot be read is an error
 * at its line and column), else PDN.  Returns false if PDN could not be
 * read to its end (a read error). */
bool pdn_to_pdn_stream(pdn_to_pdn *c, FILE *in, const char *name, bool json);

/** The errors found so far: lines that could not be read, and errors of
 * the games. */
size_t pdn_to_pdn_errors(const pdn_to_pdn *c);

/** Flushes what is held back and frees @c (NULL: nothing). */
void pdn_to_pdn_free(pdn_to_pdn *c);

#endif
