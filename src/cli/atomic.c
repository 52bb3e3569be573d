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

/* pdn_atomic_open() of @path, which is there (stat in @st) and is not a
 * regular file: a device, a FIFO or a socket given as output is written
 * to directly (no file is renamed over it); else refused. */
static int
open_direct(const pdn_cli *cli, const char *cmd, const char *path, bool create,
            const struct stat *st, pdn_atomic *t)
{
    if (S_ISDIR(st->st_mode)) {
        fprintf(cli->err, "pdn %s: %s: is a directory\n", cmd, path);
        return PDN_EXIT_USAGE;
    }
    if (!create) {
        fprintf(cli->err,
                "pdn %s: %s: not a regular file: --in-place "
                "rewrites regular files only; it is left as it "
                "was\n",
                cmd, path);
        return PDN_EXIT_USAGE;
    }
    t->direct = true;
    t->out = fopen(path, "wb");
    if (!t->out) {
        fprintf(cli->err, "pdn %s: %s: %s\n", cmd, path, strerror(errno));
        return PDN_EXIT_USAGE;
    }
    return 0;
}

/* Gives the temporary file @fd the original's owner and group, where they
 * differ from its own; 0, or an errno. */
static int
keep_owner(const pdn_atomic *t, int fd)
{
    struct stat st;
    if (!t->keep_owner)
        return 0;
    if (fstat(fd, &st) != 0)
        return errno;
    if ((unsigned)st.st_uid == t->uid && (unsigned)st.st_gid == t->gid)
        return 0;
    return fchown(fd, (uid_t)t->uid, (gid_t)t->gid) == 0 ? 0 : errno;
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
    t->pending = -1;
    t->real = realpath(path, NULL);
    bool there = t->real && stat(t->real, &st) == 0;
    if (there && !S_ISREG(st.st_mode)) {
        free(t->real);
        t->real = NULL;
        return open_direct(cli, cmd, path, create, &st, t);
    } else if (there) {
        t->mode = st.st_mode & 07777;
        t->keep_owner = true;
        t->uid = (unsigned)st.st_uid;
        t->gid = (unsigned)st.st_gid;
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
        fprintf(cli->err,
                "pdn %s: %s: cannot create a temporary file "
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

/* The reason the writing of @f failed, which the write that failed gave
 * in errno long before (a file size limit: EFBIG; a full disk: ENOSPC):
 * asked again by one more byte at the end of the temporary file @fd,
 * which is thrown away in any case. */
static int
write_error(FILE *f)
{
    int fd = fileno(f);
    errno = 0;
    if (fd >= 0 && lseek(fd, 0, SEEK_END) >= 0 && write(fd, "\n", 1) != 1 &&
        errno)
        return errno;
    return EIO;
}

int
pdn_atomic_close(const pdn_cli *cli, const char *cmd, pdn_atomic *t,
                 bool replace, int rc)
{
    int err = 0, owner = 0;
    if (!t->out)
        return rc;
    if (t->direct) { /* a device, a FIFO: written to, never replaced */
        errno = 0;
        if (fflush(t->out) != 0 || ferror(t->out))
            err = errno ? errno : EIO;
        if (fclose(t->out) != 0 && !err)
            err = errno ? errno : EIO;
        t->out = NULL;
        if (err) {
            fprintf(cli->err, "pdn %s: %s: write error: %s\n", cmd, t->path,
                    strerror(err));
            rc = PDN_EXIT_USAGE;
        }
        return rc;
    }
    if (fflush(t->out) != 0 || ferror(t->out))
        err = write_error(t->out);
    if (!err && replace && fsync(fileno(t->out)) != 0)
        err = errno;
    if (!err && replace)
        owner = keep_owner(t, fileno(t->out));
    /* After the owner: a change of owner clears the set-id bits. */
    if (!err && !owner && replace &&
        fchmod(fileno(t->out), (mode_t)t->mode) != 0)
        err = errno;
    if (fclose(t->out) != 0 && !err)
        err = errno ? errno : EIO;
    t->out = NULL;
    if (err || owner || rc == PDN_EXIT_USAGE) {
        if (err)
            fprintf(cli->err,
                    "pdn %s: %s: cannot write the new text: %s; "
                    "the file is left as it was\n",
                    cmd, t->path, strerror(err));
        else if (owner)
            fprintf(cli->err,
                    "pdn %s: %s: cannot keep its owner and group "
                    "(%u:%u): %s; the file is left as it was\n",
                    cmd, t->path, t->uid, t->gid, strerror(owner));
        unlink(t->tmp);
        rc = PDN_EXIT_USAGE;
    } else if (!replace) {
        unlink(t->tmp);
    } else if (rename(t->tmp, t->real ? t->real : t->path) != 0) {
        fprintf(cli->err,
                "pdn %s: %s: cannot replace it: %s; the file is "
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
