/* record.h -- the record of the games played against the engine: wins,
 * draws and losses of the player, per variant and level, kept as one JSON
 * object:
 *
 *   {"italian":{"easy":{"wins":1,"draws":0,"losses":2},...},...}
 */
#ifndef PDN_PLAY_RECORD_H
#define PDN_PLAY_RECORD_H

#include <stddef.h>

#include "base/strbuf.h"

typedef struct pdn_play_tally {
    char *variant, *level;
    unsigned long wins, draws, losses;
} pdn_play_tally;

typedef struct pdn_play_record {
    pdn_play_tally *rows; /* in the order first met */
    size_t n;
} pdn_play_record;

/** Reads the record of the @len bytes at @text into @r (empty first):
 * 0, or -1 with a message in @err (room for @errcap bytes). */
int pdn_play_record_read(pdn_play_record *r, const char *text, size_t len,
                         char *err, size_t errcap);

/** Counts a game of @variant at @level: @outcome 1 won, 0 drawn, -1 lost
 * (for the player). */
void pdn_play_record_add(pdn_play_record *r, const char *variant,
                         const char *level, int outcome);

/** @r as its JSON object, and as lines of text ("italian, easy: 1 win,
 * 0 draws, 2 losses"; "no game yet" when empty). */
void pdn_play_record_json(const pdn_play_record *r, pdn_strbuf *out);
void pdn_play_record_text(const pdn_play_record *r, pdn_strbuf *out);

void pdn_play_record_free(pdn_play_record *r);

#endif
