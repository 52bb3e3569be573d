/* progress.h -- the progress line of a long reading on standard error:
 * "12.3/200.0 MB  45000 games/s  3 s left", only on a terminal.
 */
#ifndef PDN_STREAM_PROGRESS_H
#define PDN_STREAM_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "base/process.h"

typedef struct pdn_progress {
    bool on;
    uint64_t total; /* bytes of the file, 0 if unknown (a pipe) */
    uint64_t games;
    struct timespec start, last;
} pdn_progress;

/** Starts @pr for the open file @fd: on only when @wanted, cli->err is a
 * terminal, and the file is a pipe or more than 4 MB. */
void pdn_progress_start(const pdn_cli *cli, bool wanted, int fd,
                        pdn_progress *pr);

/** Shows the line for @bytes read, at most ten times a second. */
void pdn_progress_show(const pdn_cli *cli, pdn_progress *pr, uint64_t bytes);

/** A game more, @bytes read: the line shown every 256 games.  Inline: it
 * runs for every game. */
static inline void
pdn_progress_game(const pdn_cli *cli, pdn_progress *pr, uint64_t bytes)
{
    pr->games++;
    if (pr->on && (pr->games & 255) == 0)
        pdn_progress_show(cli, pr, bytes);
}

/** Clears the line, if it was shown. */
void pdn_progress_end(const pdn_cli *cli, pdn_progress *pr);

#endif
