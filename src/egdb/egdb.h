/* egdb.h -- endgame databases: the game-theoretic value (win, draw or
 * loss for the side to move, with perfect play and no draw rule) of every
 * position with few pieces, built by retrograde analysis, kept on disk one
 * file per material slice, and probed from memory.
 *
 * A slice is the material of a position: White's men and kings, Black's
 * men and kings (pdn_egdb_material).  Its positions, both sides to move,
 * are numbered densely (egdb/index.h): every index is a position that can
 * occur, and every such position one index.  A slice file holds the
 * values, two bits a position, packed and then compressed in blocks, with
 * a header and a checksum (man/pdn-egdb.1 describes the format byte by
 * byte); a slice is kept in memory as its file holds it, and a probe
 * unpacks the byte it needs from its block.
 * Of a slice and its twin (the colours exchanged and the board turned,
 * rules/board.h) only one is stored; a probe of the other probes the
 * twin position.  A position whose side to move has a capture is not
 * stored either: a probe finds its value from its captures'.
 *
 * Building goes from the fewest pieces up, and among slices of as many
 * pieces from the fewest men up, so that what a capture or a crowning
 * leads to is built first.  A slice whose file is there is not built
 * again: an interrupted build goes on where it stopped.
 */
#ifndef PDN_EGDB_EGDB_H
#define PDN_EGDB_EGDB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/board.h"
#include "rules/variant.h"

/** The most pieces a database may hold, and the most slices it then
 * has. */
#define PDN_EGDB_MAX_PIECES 8
#define PDN_EGDB_SLICES_MAX 1200

/** A value, for the side to move. */
typedef enum pdn_egdb_value {
    PDN_EGDB_UNKNOWN = 0, /* not in the database */
    PDN_EGDB_WIN,
    PDN_EGDB_DRAW,
    PDN_EGDB_LOSS
} pdn_egdb_value;

/** The name of @v as pdn egdb probe prints it: "unknown", "win", "draw"
 * or "loss". */
const char *pdn_egdb_value_name(pdn_egdb_value v);

/** A slice: the men and kings of each side. */
typedef struct pdn_egdb_material {
    uint8_t wm, wk, bm, bk;
} pdn_egdb_material;

/** The material of @b. */
pdn_egdb_material pdn_egdb_material_of(const pdn_board *b);

/** The material of the twins of @m's positions (rules/board.h): the
 * sides' pieces exchanged. */
pdn_egdb_material pdn_egdb_material_twin(pdn_egdb_material m);

/** Whether @m's slice has a file, or its twin's stands for it: of a
 * slice and its twin the one stored is that whose White has more pieces,
 * or as many and more kings, or as many of each (its own twin). */
bool pdn_egdb_stored(pdn_egdb_material m);

/** "2K1M-1K": White's kings then men, a dash, Black's (a side with
 * nothing is "0").  @buf has room for 24 bytes. */
const char *pdn_egdb_material_name(pdn_egdb_material m, char buf[24]);

/** What went wrong, with the file it concerns. */
typedef struct pdn_egdb_error {
    char message[4608];
} pdn_egdb_error;

/** How a build goes: called after each slice is built or found built,
 * with the slice, the slices done and in all, and the positions done
 * and in all (of every slice); return false to stop.  NULL: silent. */
typedef bool (*pdn_egdb_progress_fn)(void *ctx, pdn_egdb_material m, bool built,
                                     size_t slices_done, size_t slices,
                                     uint64_t positions_done,
                                     uint64_t positions);

/** The slices stored of 2 to @pieces pieces, in the order they are
 * built, into @out (room for PDN_EGDB_SLICES_MAX); how many. */
size_t pdn_egdb_slices(int pieces, pdn_egdb_material *out);

/** What a build is asked to do. */
typedef struct pdn_egdb_build_options {
    const pdn_variant *variant;
    int pieces;      /* every slice of 2 to @pieces pieces */
    const char *dir; /* where the files go (made if missing) */
    int jobs;        /* threads; 0 or 1: this one */
    pdn_egdb_progress_fn progress;
    void *ctx;
} pdn_egdb_build_options;

/** What a build did. */
typedef struct pdn_egdb_build_stats {
    size_t slices, built, skipped;
    uint64_t positions; /* of the slices built */
    uint64_t bytes;     /* of their files */
} pdn_egdb_build_stats;

/** Builds the slices @o asks for into o->dir, skipping those already
 * there.  Returns 0, or -1 with @err set (a file that cannot be written
 * or read back, or a slice below it that is not sound). */
int pdn_egdb_build(const pdn_egdb_build_options *o, pdn_egdb_build_stats *st,
                   pdn_egdb_error *err);

/** One slice file, as pdn egdb info shows it. */
typedef struct pdn_egdb_slice_info {
    pdn_egdb_material material;
    uint64_t positions;
    uint64_t wins, draws, losses;
    uint64_t bytes; /* the file's size */
    bool sound;     /* its header and checksum hold */
} pdn_egdb_slice_info;

/** A database opened for probing: the files of one folder, loaded as
 * they are first needed and kept in memory.  Probing is safe from many
 * threads at once. */
typedef struct pdn_egdb pdn_egdb;

/** Opens the database of @v in @dir.  NULL with @err set when @dir holds
 * no slice file of @v. */
pdn_egdb *pdn_egdb_open(const pdn_variant *v, const char *dir,
                        pdn_egdb_error *err);

/** The same, whatever @dir holds (a build fills it). */
pdn_egdb *pdn_egdb_open_dir(const pdn_variant *v, const char *dir);

void pdn_egdb_close(pdn_egdb *db);

/** The most pieces of the positions @db holds whole: every slice of that
 * many pieces or fewer is there. */
int pdn_egdb_pieces(const pdn_egdb *db);

/** Whether @b has no more pieces than @db holds whole. */
bool pdn_egdb_reaches(const pdn_egdb *db, const pdn_board *b);

/** The value of @b for the side to move: PDN_EGDB_UNKNOWN when its slice
 * is not in @db, or its file is not sound (pdn_egdb_fault() says why). */
pdn_egdb_value pdn_egdb_probe(pdn_egdb *db, const pdn_board *b);

/** Why a slice file could not be used, if one could not: the first such
 * fault, or NULL. */
const char *pdn_egdb_fault(const pdn_egdb *db);

/** The slices of @v in @dir, in build order, into *@out (to free); how
 * many.  Reads each file whole, to check it. */
size_t pdn_egdb_list(const pdn_variant *v, const char *dir,
                     pdn_egdb_slice_info **out);

/** The folder of @v's database by default: $XDG_DATA_HOME/pdn/egdb/NAME,
 * or, without XDG_DATA_HOME, $HOME/.local/share/pdn/egdb/NAME; false
 * when neither is set or the path is too long. */
bool pdn_egdb_default_dir(const pdn_variant *v, const char *xdg_data_home,
                          const char *home, char *buf, size_t size);

#endif
