/* stats.h -- what an archive holds, counted (pdn stats): by player, by
 * event (a crosstable), by opening or by result, with the games' lengths
 * and how many have errors; written as aligned text, JSON Lines (a row an
 * object) or an HTML page.
 *
 * A game is counted in two steps, so that threads can share the work:
 * pdn_stats_facts() replays it and writes what counts of it (a few
 * words, then its names) into a buffer, reading the counts and nothing
 * else; pdn_stats_add() adds those facts to the counts, one game at a
 * time, in the order the games are to be counted.
 */
#ifndef PDN_ARCHIVE_STATS_H
#define PDN_ARCHIVE_STATS_H

#include "base/strbuf.h"
#include "model/game.h"
#include "rules/variant.h"

/** What the games are counted by: the order of pdn stats --by's
 * choices. */
typedef enum pdn_stats_by {
    PDN_STATS_BY_PLAYER,
    PDN_STATS_BY_EVENT,
    PDN_STATS_BY_OPENING,
    PDN_STATS_BY_RESULT
} pdn_stats_by;

/** How the report is written: the order of --format's choices. */
typedef enum pdn_stats_format {
    PDN_STATS_TEXT,
    PDN_STATS_JSON,
    PDN_STATS_HTML
} pdn_stats_format;

typedef struct pdn_stats pdn_stats;

/** New counts by @by, an opening being a game's first @opening_plies
 * plies.  Free with pdn_stats_free(). */
pdn_stats *pdn_stats_new(pdn_stats_by by, int opening_plies);

/** Appends to @out the facts of @g for pdn_stats_add(): its length,
 * result, errors (read or met replaying it, in @variant when it has no
 * GameType tag, or as a GameType not played when @unplayed), its White,
 * Black and Event, and its opening.  Reads @st alone: threads may call
 * it at once. */
void pdn_stats_facts(const pdn_stats *st, const pdn_game *g,
                     const pdn_variant *variant, int unplayed, pdn_strbuf *out);

/** Counts the game whose facts pdn_stats_facts() wrote at @facts. */
void pdn_stats_add(pdn_stats *st, const char *facts);

/** Appends the report of the games counted to @out. */
void pdn_stats_write(const pdn_stats *st, pdn_stats_format format,
                     pdn_strbuf *out);

void pdn_stats_free(pdn_stats *st);

#endif
