/* atomic.c -- files replaced through a temporary file beside them. */
#define _XOPEN_SOURCE 700 /* realpath() */

#include "cli/atomic.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/strbuf.h"

/* ---- Interruption ----
 *
 * A temporary file must not outlive an interrupted run.  The signal
 * handler that removes it can reach it only through static storage: the
 * table below is the program's one mutable global, written by the thread
 * that opens and closes the files, read by the handler. */

#define MAX_PENDING 4

static char pending_path[MAX_PENDING][PATH_MAX];
static volatile sig_atomic_t pending_used[MAX_PENDING];

/* SIGINT, SIGTERM, SIGHUP: the temporary files removed, then the signal
 * taken as it would have been. */
static void
on_signal(int sig)
{
    for (int i = 0; i < MAX_PENDING; i++)
        if (pending_used[i])
            unlink(pending_path[i]);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Records @path for removal on a signal; returns its entry, or -1 when
 * the table is full or the path too long (the file is then not removed
 * on a signal). */
static int
pending_add(const char *path)
{
    static const int signals[] = {SIGINT, SIGTERM, SIGHUP};
    size_t n = strlen(path);
    if (n >= PATH_MAX)
        return -1;
    for (int i = 0; i < MAX_PENDING; i++) {
        if (pending_used[i])
            continue;
        memcpy(pending_path[i], path, n + 1);
        pending_used[i] = 1;
        for (size_t k = 0; k < sizeof signals / sizeof *signals; k++) {
            struct sigaction sa, old;
            memset(&sa, 0, sizeof sa);
            sa.sa_handler = on_signal;
            sigemptyset(&sa.sa_mask);
            /* A signal ignored when the program started stays ignored. */
            if (sigaction(signals[k], NULL, &old) == 0 &&
                old.sa_handler != SIG_IGN)
                sigaction(signals[k], &sa, NULL);
        }
        return i;
    }
    return -1;
}

static void
pending_remove(int i)
{
    if (i >= 0)
        pending_used[i] = 0;
}

/* The directory part of @path with its slash ("./" for none). */
static void
dir_of(const char *path, pdn_strbuf *out)
{
    const char *slash = strrchr(path, '/');
    if (slash)
        pdn_strbuf_put(out, path, (size_t)(slash - path) + 1);
    else
        pdn_strbuf_puts(out, "./");
}

int
pdn_atomic_open(const pdn_cli *cli, const char *cmd, const char *path,
                bool create, pdn_atomic *t)
{
    struct stat st;
    pdn_strbuf tmp = PDN_STRBUF_INIT;
    const char *target;

    memset(t, 0, sizeof *t);
    t->path = path;
    t->real = realpath(path, NULL);
    if (t->real && stat(t->real, &st) == 0) {
        t->mode = st.st_mode & 07777;
    } else if (create && errno == ENOENT) {
        mode_t mask = umask(0);
        umask(mask);
        t->mode = 0666 & ~mask;
    } else {
        fprintf(cli->err, "pdn %s: %s: %s\n", cmd, path, strerror(errno));
        free(t->real);
        t->real = NULL;
        return PDN_EXIT_USAGE;
    }
    target = t->real ? t->real : path;
    dir_of(target, &tmp);
    const char *base = strrchr(target, '/');
    pdn_strbuf_printf(&tmp, ".%s.%s-XXXXXX", base ? base + 1 : target, cmd);
    t->tmp = pdn_strbuf_detach(&tmp);
    int fd = mkstemp(t->tmp);
    t->pending = fd >= 0 ? pending_add(t->tmp) : -1;
    t->out = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (!t->out) {
        fprintf(cli->err, "pdn %s: %s: cannot create a temporary file "
                          "beside it: %s; the file is left as it was\n",
                cmd, path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(t->tmp);
            pending_remove(t->pending);
        }
        free(t->real);
        free(t->tmp);
        memset(t, 0, sizeof *t);
        return PDN_EXIT_USAGE;
    }
    return 0;
}

int
pdn_atomic_close(const pdn_cli *cli, const char *cmd, pdn_atomic *t,
                 bool replace, int rc)
{
    int err = 0;
    if (!t->out)
        return rc;
    if (fflush(t->out) != 0 || ferror(t->out))
        err = errno ? errno : EIO;
    if (!err && replace && fsync(fileno(t->out)) != 0)
        err = errno;
    if (!err && replace && fchmod(fileno(t->out), (mode_t)t->mode) != 0)
        err = errno;
    if (fclose(t->out) != 0 && !err)
        err = errno ? errno : EIO;
    t->out = NULL;
    if (err || rc == PDN_EXIT_USAGE) {
        if (err)
            fprintf(cli->err, "pdn %s: %s: cannot write the new text: %s; "
                              "the file is left as it was\n",
                    cmd, t->path, strerror(err));
        unlink(t->tmp);
        rc = PDN_EXIT_USAGE;
    } else if (!replace) {
        unlink(t->tmp);
    } else if (rename(t->tmp, t->real ? t->real : t->path) != 0) {
        fprintf(cli->err, "pdn %s: %s: cannot replace it: %s; the file is "
                          "left as it was\n",
                cmd, t->path, strerror(errno));
        unlink(t->tmp);
        rc = PDN_EXIT_USAGE;
    }
    pending_remove(t->pending);
    free(t->real);
    free(t->tmp);
    t->real = t->tmp = NULL;
    return rc;
}
