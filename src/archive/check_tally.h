/* check_tally.h -- what pdn check counts over many games: each game's
 * verdict (sound, not replayed, decisive without a move, the variant its
 * moves are legal in), the counts of the run and of each file, the notes
 * grouped by code, and the lines that say them: the grouped notes, the
 * games of another variant (N0217), the summary in text or JSON.
 */
#ifndef PDN_ARCHIVE_CHECK_TALLY_H
#define PDN_ARCHIVE_CHECK_TALLY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "base/strbuf.h"
#include "rules/variant.h"

/** What checking one game found. */
typedef struct pdn_check_verdict {
    bool sound;
    bool not_replayed;        /* a variant not played: read only */
    bool no_moves;            /* a decisive result, and not one move */
    const pdn_variant *other; /* where its moves are legal (N0217) */
    size_t notes;
} pdn_check_verdict;

/** @v as one number, as the jobs of --jobs hand it on in file order
 * (pdn_read_work.work), for pdn_check_tally_add(). */
long pdn_check_verdict_pack(const pdn_check_verdict *v);

/** The notes of one code, in text output without --notes: one line for
 * them all. */
typedef struct pdn_note_group {
    int code;
    uint64_t count;
    char *first; /* "FILE:LINE:COL: MESSAGE" of the first one */
} pdn_note_group;

/** The games of one file, and those of them whose every move is legal in
 * each other variant (N0217). */
typedef struct pdn_file_tally {
    const char *file; /* borrowed */
    uint64_t games;
    uint64_t other[PDN_VARIANT_COUNT];
} pdn_file_tally;

/** The counts of a run; all zero to start, released by
 * pdn_check_tally_fini().  @checked is the caller's to set. */
typedef struct pdn_check_tally {
    uint64_t checked;      /* games of this shard */
    uint64_t sound;        /* games read and replayed whole, with no error,
                              their result checked */
    uint64_t not_replayed; /* games of a variant not played */
    uint64_t no_moves;     /* games of a decisive result and no move */
    uint64_t other[PDN_VARIANT_COUNT]; /* games whose every move is legal
                                          in that variant (N0217) */
    pdn_file_tally *files; /* the same, file by file, in file order */
    size_t nfiles, cap_files;
    size_t notes;
    pdn_note_group *groups; /* the notes grouped, in order of their
                               first */
    size_t ngroups;
} pdn_check_tally;

/** Releases what @t holds. */
void pdn_check_tally_fini(pdn_check_tally *t);

/** Counts the verdict @packed (pdn_check_verdict_pack()) of a game of
 * @file (borrowed: it is to outlive @t); the games come in file order. */
void pdn_check_tally_add(pdn_check_tally *t, const char *file, long packed);

/** Counts the note @d with the others of its code. */
void pdn_check_tally_group_note(pdn_check_tally *t, const pdn_diag *d);

/** Writes at the end of @out the grouped notes, one line a code (how
 * many, and the first), and empties the groups; then once for each file
 * how many of its games are of another variant (N0217), and the option
 * that reads them so; then, of more than one file, the same for the
 * run. */
void pdn_check_tally_write_notes(pdn_check_tally *t, pdn_strbuf *out);

/** Writes at the end of @out the summary of the run, with the @errors
 * and @warnings reported, in @seconds: a line of text, or with @json a
 * JSON object on a line. */
void pdn_check_tally_write_summary(const pdn_check_tally *t, bool json,
                                   size_t errors, size_t warnings,
                                   double seconds, pdn_strbuf *out);

#endif
