/* slice_file.c -- a regular file to split into slices for threads to
 * read (slice_file.h): its opening, mapping and reading. */
#include "stream/slice_file.h"

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

pdn_slice_file *
pdn_slice_file_open(FILE *in, const char *name, bool map)
{
    struct stat st;
    int fd = fileno(in);
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        return NULL;
    pdn_slice_file *sf = pdn_xcalloc(1, sizeof *sf);
    sf->name = name;
    sf->in = in;
    sf->fd = fd;
    sf->size = (uint64_t)st.st_size;
    if (map && st.st_size > 0 && (uint64_t)st.st_size < SIZE_MAX / 2)
        sf->view = pdn_file_view(fd, (size_t)st.st_size, &sf->view_span);
    size_t want = sf->size < 4 ? (size_t)sf->size : 4; /* the marks */
    bool wide;
    if (sf->view) {
        wide = pdn_reader_wide_encoding(sf->view, want) != NULL;
        sf->bom = pdn_reader_bom(sf->view, want);
    } else {
        char head[4];
        size_t len = pdn_pread_all(fd, head, want, 0);
        wide = pdn_reader_wide_encoding(head, len) != NULL;
        sf->bom = pdn_reader_bom(head, len);
    }
    if (wide) { /* UTF-16 or UTF-32: the reader of the whole refuses it */
        pdn_file_unmap(sf->view, sf->view_span);
        free(sf);
        return NULL;
    }
    return sf;
}

void
pdn_slice_file_check(pdn_slice_file *sf)
{
    struct stat st;
    if (sf->view && fstat(sf->fd, &st) == 0 && (uint64_t)st.st_size < sf->size)
        atomic_store_explicit(&sf->shrunk, true, memory_order_relaxed);
}

void
pdn_slice_file_release(pdn_slice_file *sf, uint64_t upto)
{
    if (sf->view)
        pdn_file_release(sf->view, &sf->released, (size_t)upto);
}

void
pdn_slice_file_close(pdn_slice_file *sf)
{
    pdn_file_unmap(sf->view, sf->view_span);
    fclose(sf->in);
    free(sf);
}

pdn_reader_range
pdn_slice_file_start(const pdn_slice_file *sf)
{
    return (pdn_reader_range){
        .from = 0, .at = {sf->bom, 1, 1}, .end = UINT64_MAX};
}

bool
pdn_no_map(void)
{
    return getenv("PDN_NO_MAP") != NULL;
}

size_t
pdn_slice_bytes(void)
{
    const char *v = getenv("PDN_SLICE_BYTES");
    char *end;
    unsigned long long n = v ? strtoull(v, &end, 10) : 0;
    if (!v || end == v || *end || n < 1 || n > ((size_t)1 << 30))
        return PDN_SLICE_MAX;
    return (size_t)n;
}
