/* atomic.h -- a file replaced atomically: the new text goes to a
 * temporary file beside it, which is renamed over it only when all was
 * written (flushed, synced, the owner, group and mode of the original
 * copied); on any failure the file is left as it was, and so it is when
 * SIGINT, SIGTERM or SIGHUP ends the program: the temporary file is
 * removed first.  A symbolic link is kept: the file it leads to is
 * replaced.  Only a regular file is replaced so: an output that is a
 * device, a FIFO or a socket (-o /dev/null) is written to directly, and
 * --in-place refuses anything but a regular file.  Used by pdn fmt
 * --in-place and pdn annotate.
 */
#ifndef PDN_CLI_ATOMIC_H
#define PDN_CLI_ATOMIC_H

#include <stdbool.h>
#include <stdio.h>

#include "cli/args.h"

typedef struct pdn_atomic {
    const char *path; /* as given */
    char *real;       /* its real path; NULL for a new file */
    char *tmp;        /* the temporary file */
    FILE *out;        /* open on tmp */
    unsigned mode;    /* of the original, or 0666 & ~umask for a new one */
    bool keep_owner;  /* the original's owner and group, to be kept: */
    unsigned uid, gid;
    bool direct; /* not a regular file: out is open on it, and no
                    temporary file was made */
    int pending; /* its entry among the files removed on a signal */
} pdn_atomic;

/** Opens a temporary file beside @path (which must exist unless @create:
 * -o and --report-file, which may also name a device, a FIFO or a socket,
 * then opened itself; without @create, for --in-place, @path must be a
 * regular file).  Returns 0 with t->out open, or prints "pdn @cmd: PATH:
 * reason" and returns PDN_EXIT_USAGE. */
int pdn_atomic_open(const pdn_cli *cli, const char *cmd, const char *path,
                    bool create, pdn_atomic *t);

/** Finishes @t: when @replace (and the writing succeeded), renames the
 * temporary file over the path; else removes it.  Returns @rc, or
 * PDN_EXIT_USAGE after printing why the file was left as it was. */
int pdn_atomic_close(const pdn_cli *cli, const char *cmd, pdn_atomic *t,
                     bool replace, int rc);

#endif
