/* atomic.c -- files replaced through a temporary file beside them. */
#define _XOPEN_SOURCE 700 /* realpath() */

#include "cli/atomic.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/strbuf.h"

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
    t->out = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (!t->out) {
        fprintf(cli->err, "pdn %s: %s: cannot create a temporary file "
                          "beside it: %s; the file is left as it was\n",
                cmd, path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            unlink(t->tmp);
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
    free(t->real);
    free(t->tmp);
    t->real = t->tmp = NULL;
    return rc;
}
