/* spill.c -- temporary files for bytes too many to hold (spill.h). */
#include "base/spill.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/strbuf.h"

FILE *
pdn_spill_new(void)
{
    const char *dir = getenv("TMPDIR");
    if (!dir || !*dir)
        dir = "/tmp";
    pdn_strbuf path = PDN_STRBUF_INIT;
    pdn_strbuf_printf(&path, "%s/pdn-spill-XXXXXX", dir);
    int fd = mkstemp(path.ptr);
    int saved = errno;
    FILE *f = NULL;
    if (fd >= 0) {
        unlink(path.ptr);
        f = fdopen(fd, "w+b");
        saved = errno;
        if (!f)
            close(fd);
    }
    pdn_strbuf_free(&path);
    errno = saved;
    return f;
}
