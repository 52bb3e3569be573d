/* store.c -- a slice's file (store.h). */
#include "egdb/store.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/xalloc.h"

#define HEADER 64
#define MAGIC "PDNEGDB4"

static void
put64(uint8_t *p, uint64_t x)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(x >> (8 * i));
}

static uint64_t
get64(const uint8_t *p)
{
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--)
        x = x << 8 | p[i];
    return x;
}

/* FNV-1a over the @n bytes at @p taken eight at a time, as 64-bit
 * little-endian words (the last one filled up with zeros): a byte of
 * damage changes it, at an eighth of the steps of the bytes one by one. */
static uint64_t
fnv1a(uint64_t h, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i += 8) {
        uint8_t w[8] = {0};
        memcpy(w, p + i, n - i < 8 ? n - i : 8);
        h ^= get64(w);
        h *= 0x100000001b3ull;
    }
    return h;
}

#define FNV_BASIS 0xcbf29ce484222325ull

void
pdn_egdb_file_name(pdn_egdb_material m, char buf[32])
{
    char name[24];
    snprintf(buf, 32, "%s.egdb", pdn_egdb_material_name(m, name));
}

/* The header of @vals for @v, its checksum over the @compressed bytes
 * at @data that follow it in the file (the table of blocks and the
 * blocks). */
static void
make_header(const pdn_variant *v, const pdn_egdb_values *vals,
            const uint8_t *data, uint64_t compressed, uint8_t h[HEADER])
{
    memset(h, 0, HEADER);
    memcpy(h, MAGIC, 8);
    h[8] = (uint8_t)v->gametype;
    h[9] = vals->m.wm;
    h[10] = vals->m.wk;
    h[11] = vals->m.bm;
    h[12] = vals->m.bk;
    put64(h + 16, vals->size);
    put64(h + 24, vals->wins);
    put64(h + 32, vals->draws);
    put64(h + 40, vals->losses);
    put64(h + 48, compressed);
    put64(h + 56, fnv1a(fnv1a(FNV_BASIS, h, 56), data, (size_t)compressed));
}

/* @n bytes at @p compressed into @out (room for 2 n + 2: a byte alone
 * before a run of two takes two). */
static size_t
compress(const uint8_t *p, size_t n, uint8_t *out)
{
    size_t o = 0, i = 0;
    while (i < n) {
        size_t run = 1;
        while (i + run < n && p[i + run] == p[i] && run < 129)
            run++;
        if (run >= 2) {
            out[o++] = (uint8_t)(run + 126);
            out[o++] = p[i];
            i += run;
            continue;
        }
        /* Bytes as they are, up to the next run of two. */
        size_t lit = 1;
        while (i + lit < n && lit < 128 &&
               !(i + lit + 1 < n && p[i + lit] == p[i + lit + 1]))
            lit++;
        out[o++] = (uint8_t)(lit - 1);
        memcpy(out + o, p + i, lit);
        o += lit;
        i += lit;
    }
    return o;
}

/* Whether the @n bytes at @p are a compressed block that unpacks to
 * exactly @want bytes (what pdn_egdb_file_get() takes on trust). */
static bool
block_sound(const uint8_t *p, size_t n, size_t want)
{
    size_t o = 0, i = 0;
    while (i < n) {
        unsigned c = p[i++];
        size_t len = c < 128 ? c + 1 : c - 126;
        size_t skip = c < 128 ? len : 1;
        if (i + skip > n || o + len > want)
            return false;
        i += skip;
        o += len;
    }
    return o == want;
}

void
pdn_egdb_file_free(pdn_egdb_file *s)
{
    free(s->start);
    if (s->map)
        munmap(s->map, s->map_len);
    memset(s, 0, sizeof *s);
}

uint64_t
pdn_egdb_store_write(const pdn_variant *v, const char *dir,
                     const pdn_egdb_values *vals, pdn_egdb_error *err)
{
    size_t packed_len = (size_t)((vals->size + 3) / 4);
    size_t nblocks = (packed_len + PDN_EGDB_BLOCK - 1) / PDN_EGDB_BLOCK;
    size_t table = 8 * (nblocks + 1);
    /* A block compressed takes at most twice its bytes and two. */
    uint8_t *out =
        pdn_xmalloc(HEADER + table + 2 * packed_len + 2 * nblocks + 2);
    size_t at = 0;
    for (size_t k = 0; k < nblocks; k++) {
        size_t from = k * PDN_EGDB_BLOCK;
        size_t len = packed_len - from < PDN_EGDB_BLOCK ? packed_len - from
                                                        : PDN_EGDB_BLOCK;
        put64(out + HEADER + 8 * k, at);
        at += compress(vals->packed + from, len, out + HEADER + table + at);
    }
    put64(out + HEADER + 8 * nblocks, at);
    size_t n = table + at;
    make_header(v, vals, out + HEADER, n, out);

    char name[32], path[4200], tmp[4200];
    pdn_egdb_file_name(vals->m, name);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    snprintf(tmp, sizeof tmp, "%s/.%s.XXXXXX", dir, name);
    int fd = mkstemp(tmp);
    FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
    bool ok = f && fwrite(out, 1, HEADER + n, f) == HEADER + n;
    ok = f && fflush(f) == 0 && fsync(fileno(f)) == 0 && ok;
    int saved = errno;
    if (f)
        ok = fclose(f) == 0 && ok;
    else if (fd >= 0)
        close(fd);
    if (ok && chmod(tmp, 0644) == 0 && rename(tmp, path) == 0) {
        free(out);
        return HEADER + n;
    }
    saved = errno ? errno : saved;
    if (fd >= 0)
        unlink(tmp);
    snprintf(err->message, sizeof err->message, "cannot write %s: %s", path,
             strerror(saved));
    free(out);
    return 0;
}

int
pdn_egdb_store_read(const pdn_variant *v, const char *path, pdn_egdb_file *out,
                    uint64_t *bytes, pdn_egdb_error *err)
{
    int fd = open(path, O_RDONLY);
    const char *why = NULL;

    memset(out, 0, sizeof *out);
    *bytes = 0;
    if (fd < 0) {
        snprintf(err->message, sizeof err->message, "cannot read %s: %s", path,
                 strerror(errno));
        return -1;
    }
    /* The file is mapped, not copied: it is kept as it is. */
    struct stat st;
    void *map = MAP_FAILED;
    if (fstat(fd, &st) == 0)
        *bytes = (uint64_t)st.st_size;
    if (*bytes < HEADER)
        why = "not a pdn endgame database file";
    else if ((map = mmap(NULL, (size_t)*bytes, PROT_READ, MAP_PRIVATE, fd,
                         0)) == MAP_FAILED)
        why = "cannot be mapped";
    close(fd);
    if (!why) {
        out->map = map;
        out->map_len = (size_t)*bytes;
    }
    const uint8_t *h = why ? NULL : map;
    if (!why && memcmp(h, MAGIC, 8) != 0)
        why = "not a pdn endgame database file";
    else if (!why && h[8] != (uint8_t)v->gametype)
        why = "of another variant";
    uint64_t size = why ? 0 : get64(h + 16);
    uint64_t compressed = why ? 0 : get64(h + 48);
    if (!why && (compressed != *bytes - HEADER || size > (1ull << 40)))
        why = "cut short or too long";
    const uint8_t *in = why ? NULL : h + HEADER;
    size_t packed_len = (size_t)((size + 3) / 4);
    uint64_t nblocks = (packed_len + PDN_EGDB_BLOCK - 1) / PDN_EGDB_BLOCK;
    uint64_t table = 8 * (nblocks + 1);
    if (!why && compressed < table)
        why = "cut short";
    pdn_egdb_values counts = {0};
    if (!why) {
        counts.m = (pdn_egdb_material){h[9], h[10], h[11], h[12]};
        counts.size = size;
        counts.wins = get64(h + 24);
        counts.draws = get64(h + 32);
        counts.losses = get64(h + 40);
        uint8_t check[HEADER];
        make_header(v, &counts, in, compressed, check);
        if (memcmp(check + 56, h + 56, 8) != 0)
            why = "its checksum does not match";
    }
    if (!why) {
        out->start = pdn_xmalloc((size_t)(nblocks + 1) * sizeof *out->start);
        for (uint64_t k = 0; k <= nblocks; k++)
            out->start[k] = get64(in + 8 * k);
        uint64_t data = compressed - table;
        for (uint64_t k = 0; k < nblocks && !why; k++) {
            uint64_t from = k * PDN_EGDB_BLOCK;
            size_t len = packed_len - from < PDN_EGDB_BLOCK
                             ? (size_t)(packed_len - from)
                             : PDN_EGDB_BLOCK;
            if (out->start[k] > out->start[k + 1] || out->start[k + 1] > data ||
                !block_sound(in + table + out->start[k],
                             (size_t)(out->start[k + 1] - out->start[k]), len))
                why = "its blocks do not unpack";
        }
        if (!why && out->start[nblocks] != data)
            why = "its blocks do not unpack";
    }
    if (!why) {
        out->blocks = in + table;
        out->m = counts.m;
        out->size = size;
        out->wins = counts.wins;
        out->draws = counts.draws;
        out->losses = counts.losses;
        out->nblocks = nblocks;
    }
    if (why) {
        pdn_egdb_file_free(out);
        snprintf(err->message, sizeof err->message, "%s: %s", path, why);
        return -1;
    }
    return 0;
}
