/* dedup.h -- the copies of the same game across many games, found from
 * what is kept of each between readings of its files.
 *
 * A game's key is what makes two games copies: its variant, its start
 * position and the moves of its main line as played (each move's squares,
 * whatever its notation), or with by_final its final position.  The games
 * are read more than once, and nothing of a game is kept between readings
 * but a record of a few words: its key's 64-bit hash, its length and where
 * it stands.  Each reading is pdn_dedup_begin(), then pdn_dedup_work() of
 * each game (on any thread) and pdn_dedup_done() of what it made, in the
 * order read:
 *
 *   1. PDN_DEDUP_HASH: every game's record;
 *   2. PDN_DEDUP_STARTS (to find the copies cut short): the hash of each
 *      start of a game's main line looked up among the games' hashes, so
 *      that a game cut short finds the first longer game it starts;
 *   3. PDN_DEDUP_VERIFY: the keys compared, byte for byte, for the games
 *      whose hashes say they may be copies: each group's first game's key
 *      is kept, and every other game of the group is held against it; a
 *      game cut short against the start of the longer one;
 *
 * then pdn_dedup_find_groups(), and which games are copies, the report of
 * the groups and their counts.
 */
#ifndef PDN_ARCHIVE_DEDUP_H
#define PDN_ARCHIVE_DEDUP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/strbuf.h"
#include "model/game.h"
#include "rules/variant.h"

typedef struct pdn_dedup_options {
    const pdn_variant *variant; /* of a game with no GameType tag */
    int unplayed;               /* pdn_replay_options.unplayed */
    bool by_final;              /* the key is the final position */
    bool richest; /* the copy kept is the richest of the longest (most
                     tags, comments, variations and NAGs), not the first */
} pdn_dedup_options;

typedef enum pdn_dedup_pass {
    PDN_DEDUP_HASH,
    PDN_DEDUP_STARTS,
    PDN_DEDUP_VERIFY
} pdn_dedup_pass;

typedef struct pdn_dedup_counts {
    size_t games;    /* read */
    uint64_t apart;  /* not compared: with a reading error, or a main
                        line not replayed whole */
    uint64_t groups; /* of copies */
    uint64_t copies; /* games of a group but the one kept */
    uint64_t cut;    /* copies cut short */
} pdn_dedup_counts;

typedef struct pdn_dedup pdn_dedup;

pdn_dedup *pdn_dedup_new(const pdn_dedup_options *o);
void pdn_dedup_free(pdn_dedup *d);

/** Starts a reading of the games, from the first, for pass @p; the first
 * one after PDN_DEDUP_HASH puts the games' records in a table by hash. */
void pdn_dedup_begin(pdn_dedup *d, pdn_dedup_pass p);

/** What the pass needs of @g, appended to @out for pdn_dedup_done().
 * Reads @d and nothing else: threads call it at once. */
void pdn_dedup_work(const pdn_dedup *d, const pdn_game *g, pdn_strbuf *out);

/** What pdn_dedup_work() made of the next game read, of @file, taken in
 * the records. */
void pdn_dedup_done(pdn_dedup *d, const char *file, const pdn_strbuf *out);

/** Once verified: which game of its group each game is kept as, and the
 * counts. */
void pdn_dedup_find_groups(pdn_dedup *d);

/** Whether game @i (counted from 0 in the order read) is a copy, to be
 * left out. */
bool pdn_dedup_is_copy(const pdn_dedup *d, uint64_t i);

pdn_dedup_counts pdn_dedup_count(const pdn_dedup *d);

/** Appends each group to @out, in the order of its first game, with its
 * games in the order read: as text, or with @json as a JSON object a
 * line. */
void pdn_dedup_report(const pdn_dedup *d, bool json, pdn_strbuf *out);

#endif
