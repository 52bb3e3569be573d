/* atomic.h -- a file replaced atomically: the new text goes to a
 * temporary file beside it, which is renamed over it only when all was
 * written (flushed, synced, the mode copied); on any failure the file is
 * left as it was, and so it is when SIGINT, SIGTERM or SIGHUP ends the
 * program: the temporary file is removed first.  Used by pdn fmt
 * --in-place and pdn annotate.
 */
#ifndef PDN_CLI_ATOMIC_H
#define PDN_CLI_ATOMIC_H

#include <stdbool.h>
#include <stdio.h>

#include "cli/args.h"

typedef struct pdn_atomic {
    const char *path;  /* as given */
    char *real;        /* its real path; NULL for a new file */
    char *tmp;         /* the temporary file */
    FILE *out;         /* open on tmp */
    unsigned mode;     /* of the original, or 0666 & ~umask for a new one */
    int pending;       /* its entry among the files removed on a signal */
} pdn_atomic;

/** Opens a temporary file beside @path (which must exist unless @create).
 * Returns 0 with t->out open, or prints "pdn @cmd: PATH: reason" and
 * returns PDN_EXIT_USAGE. */
int pdn_atomic_open(const pdn_cli *cli, const char *cmd, const char *path,
                    bool create, pdn_atomic *t);

/** Finishes @t: when @replace (and the writing succeeded), renames the
 * temporary file over the path; else removes it.  Returns @rc, or
 * PDN_EXIT_USAGE after printing why the file was left as it was. */
int pdn_atomic_close(const pdn_cli *cli, const char *cmd, pdn_atomic *t,
                     bool replace, int rc);

#endif
