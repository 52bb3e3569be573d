/* spill.c -- temporary files for bytes too many to hold (spill.h). */
#include "base/spill.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/strbuf.h"
#include "base/utf8.h"
#include "base/xalloc.h"

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

#define SPILL_BLOCK 65536

bool
pdn_spill_read_text(FILE *from, size_t len, pdn_spill_block *each, void *ctx)
{
    char *block = pdn_xmalloc(SPILL_BLOCK + 3);
    char *utf8 = pdn_xmalloc(3 * (SPILL_BLOCK + 3));
    size_t held = 0; /* bytes of a character the block before cut off */
    bool whole = true;
    while (whole) {
        size_t want = len < SPILL_BLOCK ? len : SPILL_BLOCK;
        size_t got = want ? fread(block + held, 1, want, from) : 0;
        len -= got;
        whole = got == want;
        size_t n = held + got;
        size_t k = whole && len > 0 ? pdn_utf8_complete(block, n) : n;
        if (k > 0)
            each(block, k, utf8, pdn_text_to_utf8(block, k, utf8), ctx);
        held = n - k;
        memmove(block, block + k, held);
        if (len == 0)
            break;
    }
    free(block);
    free(utf8);
    return whole;
}
