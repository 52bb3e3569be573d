/* reader.h -- reading PDN game by game from a file, standard input or
 * memory.  Memory follows the largest game, never the file: the buffer
 * slides past games already handed out.  Encodings: UTF-8 with or without
 * a BOM; a file that is not UTF-8 is read as Windows-1252 (Latin-1) and
 * decoded, with a note.  After an error the reader goes on at the next
 * game: one bad game never costs another.
 */
#ifndef PDN_SYNTAX_READER_H
#define PDN_SYNTAX_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/diag.h"
#include "model/game.h"
#include "model/tagmap.h"

/** Limits; each one gives an error naming it, never a crash or a hang. */
#define PDN_MAX_GAME_BYTES ((size_t)64 << 20) /* one game's text */
#define PDN_MAX_RAV_DEPTH 64                  /* variations in variations */
#define PDN_MAX_TAGS 4096                     /* tags of one game */
#define PDN_MAX_TOKEN ((size_t)1 << 20)       /* one comment, string... */

typedef struct pdn_reader_options {
    const pdn_tagmap *tagmap; /* NULL: no tag names are mapped; else
                                 borrowed, and unchanged while the reader
                                 lives (its answers are cached) */
    bool keep_raw;            /* copy each game's bytes into the game */
    size_t max_game_bytes;    /* 0: PDN_MAX_GAME_BYTES */
    int max_depth;            /* 0: PDN_MAX_RAV_DEPTH */
    size_t chunk;             /* bytes read at a time; 0: 4 MiB (tests
                                 use tiny chunks to cut games anywhere) */
    bool no_map;              /* read a regular file through the stream
                                 rather than map it (the tests take
                                 both ways) */
    bool strict;              /* hold each game to the standard's
                                 reading grammar (syntax/strict.h): where
                                 it leaves it, an error (E0112) */
} pdn_reader_options;

typedef struct pdn_reader pdn_reader;

/** A reader of the open stream @in, named @name in diagnostics (both
 * borrowed: they must outlive the reader; the caller closes @in).  A
 * regular file not yet read from is mapped, not read (memory still
 * follows the game, not the file; a file cut short meanwhile is a read
 * error).
 * @opt may be NULL.  Free with pdn_reader_free(). */
pdn_reader *pdn_reader_new(const char *name, FILE *in,
                           const pdn_reader_options *opt);

/** A reader of @len bytes at @data (borrowed). */
pdn_reader *pdn_reader_new_mem(const char *name, const char *data, size_t len,
                               const pdn_reader_options *opt);

/** A part of a file to read as if the reading of the whole file had got
 * there: the games of a file read by several threads at once. */
typedef struct pdn_reader_range {
    uint64_t from;  /* the first byte read: where the line of @at begins
                       (for the source lines of diagnostics), or at.off */
    pdn_loc at;     /* where the first game starts: offset, line, column */
    uint64_t end;   /* the input ends there (UINT64_MAX: at the end of
                       the file) */
    uint64_t games; /* games before: the first one read is games + 1 */
    bool noted;     /* the note that a byte is not UTF-8 was given */
} pdn_reader_range;

/** A reader of @range of the open file @fd (borrowed, read with pread(),
 * so that several readers may share it). */
pdn_reader *pdn_reader_new_range(const char *name, int fd,
                                 const pdn_reader_range *range,
                                 const pdn_reader_options *opt);

/** Aims @r at another range, of the same file or another, keeping its
 * memory and the games given back to it.  The caller may already have
 * the first @nhead bytes of the file from range->from on, at @head
 * (copied; NULL and 0 if not). */
void pdn_reader_restart(pdn_reader *r, const char *name, int fd,
                        const pdn_reader_range *range, const char *head,
                        size_t nhead);

/** pdn_reader_restart() with the first @len bytes of the range in *@buf
 * (of *@cap bytes, more than @len), which @r takes for its buffer rather
 * than copy them: *@buf and *@cap then hold @r's buffer before, for the
 * caller to fill the next time. */
void pdn_reader_restart_taking(pdn_reader *r, const char *name, int fd,
                               const pdn_reader_range *range, char **buf,
                               size_t *cap, size_t len);

/** pdn_reader_restart() that reads the range in place, from @map, the
 * @size bytes of the file @fd mapped (borrowed, unchanged while @r reads
 * it; a NUL after its last byte, as pdn_file_view() maps it): nothing is
 * copied.  The reading goes on to the end of the file, whatever
 * range->end says: the caller stops asking for games. */
void pdn_reader_restart_view(pdn_reader *r, const char *name, int fd,
                             const pdn_reader_range *range, const char *map,
                             uint64_t size);

/** Where the next game's reading starts (the file offset), and the same
 * as the start of a range that reads on from there: the games after the
 * last one handed out, numbered on. */
uint64_t pdn_reader_offset(const pdn_reader *r);
void pdn_reader_resume(const pdn_reader *r, pdn_reader_range *out);

/** Whether the reader gave the note of a byte that is not UTF-8. */
bool pdn_reader_noted(const pdn_reader *r);

/** The bytes of a UTF-8 byte order mark at the start of the @len bytes
 * at @head, which the reader skips: 3 or 0.  The reader decodes no file
 * as a whole: text is UTF-8 where it is valid, and a byte that is not is
 * read as Windows-1252, with a note (N0181) at the first such byte of a
 * file. */
size_t pdn_reader_bom(const char *head, size_t len);

/** The UTF-16 or UTF-32 encoding ("UTF-16 (little-endian)") that a byte
 * order mark at the start of the @len bytes at @head names, or NULL.  The
 * reader refuses such a file (an error, and pdn_reader_next() -1). */
const char *pdn_reader_wide_encoding(const char *head, size_t len);

/** The bytes a reader reads at a time, by default. */
#define PDN_READ_CHUNK ((size_t)4 << 20)

/** Reads the next game into *@out (the caller frees it with
 * pdn_game_free()) and appends its diagnostics to @d.  Returns 1 for a
 * game, 0 at the end of the input, -1 on a read error (reported in @d).
 * A game with reading errors is still returned, with game->errors set and
 * the tree as far as it could be read. */
int pdn_reader_next(pdn_reader *r, pdn_game **out, pdn_diags *d);

/** Gives back a game the caller is done with, instead of
 * pdn_game_free(): the reader reuses its memory for the next game.  @g
 * may come from any reader; with no reader (@r NULL) it is freed. */
void pdn_reader_recycle(pdn_reader *r, pdn_game *g);

/** Bytes read so far, and the number of games handed out. */
uint64_t pdn_reader_bytes(const pdn_reader *r);
uint64_t pdn_reader_games(const pdn_reader *r);

void pdn_reader_free(pdn_reader *r);

#endif
