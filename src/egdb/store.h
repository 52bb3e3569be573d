/* store.h -- a slice's file: its values, two bits a position, packed four
 * to a byte (position i in byte i / 4, bits 2 (i % 4) and up: 1 win, 2
 * draw, 3 loss, for the side to move), then compressed, behind a header
 * that names the variant and the slice and carries a checksum.  A
 * position whose side to move has a capture holds no value of its own
 * (its value is its captures', found when it is probed): its two bits
 * are those of the position four before it (a draw for the first four),
 * so that bytes repeat more.
 *
 * The values are compressed in blocks of PDN_EGDB_BLOCK packed bytes,
 * each on its own, so that a probe unpacks a part of one block and a
 * slice is kept in memory as it is on disk.  The file, all numbers
 * little-endian:
 *   0   8  "PDNEGDB4"
 *   8   1  the variant's PDN GameType number (22 Italian, 24 Spanish,
 *          21 English)
 *   9   4  White's men, White's kings, Black's men, Black's kings
 *   13  3  zero
 *   16  8  positions (both sides to move)
 *   24  8  wins, 32 draws, 40 losses (of every position, those with a
 *          capture too)
 *   48  8  the length of what follows the header: the table of blocks,
 *          then the blocks
 *   56  8  FNV-1a (64 bits, over 8-byte little-endian words, the last
 *          filled up with zeros) of bytes 0..55, then of all that
 *          follows the header
 *   64  -  the table of blocks: for each of the B = ceil(positions / 4 /
 *          PDN_EGDB_BLOCK) blocks where it starts, counted from the end
 *          of the table, then where the last one ends: B + 1 numbers of
 *          8 bytes
 *   ..  -  the blocks, each compressed: a byte c below 128 is followed
 *          by c + 1 bytes as they are; a byte c of 128 or more by one
 *          byte that stands c - 126 times (2 to 129).
 * It is written into a temporary file of the same folder, then renamed:
 * a file of the name is whole.
 */
#ifndef PDN_EGDB_STORE_H
#define PDN_EGDB_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "egdb/egdb.h"

/** The values of a slice: @size positions, packed (ceil(size / 4)
 * bytes), and their counts. */
typedef struct pdn_egdb_values {
    pdn_egdb_material m;
    uint64_t size;
    uint8_t *packed;
    uint64_t wins, draws, losses;
} pdn_egdb_values;

/** The value of position @i. */
static inline pdn_egdb_value
pdn_egdb_values_get(const uint8_t *packed, uint64_t i)
{
    return (pdn_egdb_value)((packed[i >> 2] >> ((i & 3) * 2)) & 3);
}

/** The packed bytes of a block. */
#define PDN_EGDB_BLOCK 1024

/** A slice as its file holds it: its values compressed in blocks, the
 * file mapped into memory.  Free with pdn_egdb_file_free(). */
typedef struct pdn_egdb_file {
    pdn_egdb_material m;
    uint64_t size;
    uint64_t wins, draws, losses;
    uint64_t nblocks;
    uint64_t *start;       /* nblocks + 1: where each block starts in
                              @blocks, and where the last ends */
    const uint8_t *blocks; /* in the file, mapped */
    void *map;
    size_t map_len;
} pdn_egdb_file;

void pdn_egdb_file_free(pdn_egdb_file *s);

/** The value of position @i of @s (below s->size): its byte unpacked from
 * its block. */
static inline pdn_egdb_value
pdn_egdb_file_get(const pdn_egdb_file *s, uint64_t i)
{
    uint64_t byte = i >> 2, block = byte / PDN_EGDB_BLOCK;
    size_t want = (size_t)(byte % PDN_EGDB_BLOCK), at = 0;
    const uint8_t *p = s->blocks + s->start[block];
    uint8_t b;
    for (;;) {
        unsigned c = *p++;
        size_t n = c < 128 ? c + 1 : c - 126;
        if (want < at + n) {
            b = c < 128 ? p[want - at] : *p;
            break;
        }
        p += c < 128 ? n : 1;
        at += n;
    }
    return (pdn_egdb_value)((b >> ((i & 3) * 2)) & 3);
}

/** The file name of slice @m ("2K1M-1K.egdb") in @buf. */
void pdn_egdb_file_name(pdn_egdb_material m, char buf[32]);

/** Writes @vals as the file of its slice in @dir, for @v.  Returns its
 * size, or 0 with @err set. */
uint64_t pdn_egdb_store_write(const pdn_variant *v, const char *dir,
                              const pdn_egdb_values *vals, pdn_egdb_error *err);

/** Reads the file @path of @v into @out, checking its header, checksum
 * and table of blocks; @bytes gets the file's size.  Returns 0, or -1
 * with @err set (and nothing in @out to free). */
int pdn_egdb_store_read(const pdn_variant *v, const char *path,
                        pdn_egdb_file *out, uint64_t *bytes,
                        pdn_egdb_error *err);

#endif
