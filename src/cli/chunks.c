/* chunks.c -- the cuts of a file into parts for threads to read, and
 * the reading of those files. */
#include "cli/chunks.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/filemap.h"
#include "base/xalloc.h"

/* ---- Files ---- */

size_t
pdn_pread_all(int fd, char *buf, size_t n, uint64_t off)
{
    size_t len = 0;
    while (len < n) {
        ssize_t got = pread(fd, buf + len, n - len, (off_t)(off + len));
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        len += (size_t)got;
    }
    return len;
}

pdn_part_file *
pdn_part_file_open(FILE *in, const char *name, bool map)
{
    struct stat st;
    int fd = fileno(in);
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        return NULL;
    pdn_part_file *pf = pdn_xcalloc(1, sizeof *pf);
    pf->name = name;
    pf->in = in;
    pf->fd = fd;
    pf->size = (uint64_t)st.st_size;
    if (map && st.st_size > 0 && (uint64_t)st.st_size < SIZE_MAX / 2)
        pf->view = pdn_file_view(fd, (size_t)st.st_size, &pf->view_span);
    size_t want = pf->size < 4 ? (size_t)pf->size : 4; /* the marks */
    bool wide;
    if (pf->view) {
        wide = pdn_reader_wide_encoding(pf->view, want) != NULL;
        pf->bom = pdn_reader_bom(pf->view, want);
    } else {
        char head[4];
        size_t len = pdn_pread_all(fd, head, want, 0);
        wide = pdn_reader_wide_encoding(head, len) != NULL;
        pf->bom = pdn_reader_bom(head, len);
    }
    if (wide) { /* UTF-16 or UTF-32: the reader of the whole refuses it */
        pdn_file_unmap(pf->view, pf->view_span);
        free(pf);
        return NULL;
    }
    return pf;
}

void
pdn_part_file_check(pdn_part_file *pf)
{
    struct stat st;
    if (pf->view && fstat(pf->fd, &st) == 0 && (uint64_t)st.st_size < pf->size)
        atomic_store_explicit(&pf->shrunk, true, memory_order_relaxed);
}

void
pdn_part_file_release(pdn_part_file *pf, uint64_t upto)
{
    if (pf->view)
        pdn_file_release(pf->view, &pf->released, (size_t)upto);
}

void
pdn_part_file_close(pdn_part_file *pf)
{
    pdn_file_unmap(pf->view, pf->view_span);
    fclose(pf->in);
    free(pf);
}

pdn_reader_range
pdn_part_file_start(const pdn_part_file *pf)
{
    return (pdn_reader_range){
        .from = 0, .at = {pf->bom, 1, 1}, .end = UINT64_MAX};
}

bool
pdn_no_map(void)
{
    return getenv("PDN_NO_MAP") != NULL;
}

size_t
pdn_part_bytes(void)
{
    const char *v = getenv("PDN_PART_BYTES");
    char *end;
    unsigned long long n = v ? strtoull(v, &end, 10) : 0;
    if (!v || end == v || *end || n < 1 || n > ((size_t)1 << 30))
        return PDN_CHUNK_BYTES;
    return (size_t)n;
}
