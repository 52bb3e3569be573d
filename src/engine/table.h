/* table.h -- the transposition table's probe and store, for search.c
 * alone, which calls them at every node with depth left: static inline.
 * A bucket holds its four entries as columns (internal.h), so that the
 * four checks are compared at once, and the entry a store replaces is
 * found without a branch.
 */
#ifndef PDN_ENGINE_TABLE_H
#define PDN_ENGINE_TABLE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#ifdef __SSE4_1__
#include <smmintrin.h>
#endif

#include "engine/internal.h"
#include "engine/search.h"

enum { BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

/* Win scores are stored as distances from the node, not the root. */
static inline int
to_tt(int score, int ply)
{
    return score > PDN_SCORE_WON    ? score + ply
           : score < -PDN_SCORE_WON ? score - ply
                                    : score;
}

static inline int
from_tt(int score, int ply)
{
    return score > PDN_SCORE_WON    ? score - ply
           : score < -PDN_SCORE_WON ? score + ply
                                    : score;
}

/* The ways of @bk whose check is @check, as bits (way i: bit i). */
static inline unsigned
tt_matches(const tt_bucket *bk, uint32_t check)
{
#ifdef __SSE4_1__
    __m128i c = _mm_loadu_si128((const __m128i *)bk->check);
    __m128i eq = _mm_cmpeq_epi32(c, _mm_set1_epi32((int)check));
    return (unsigned)_mm_movemask_ps(_mm_castsi128_ps(eq));
#else
    unsigned m = 0;
    for (int i = 0; i < TT_WAYS; i++)
        m |= (unsigned)(bk->check[i] == check) << i;
    return m;
#endif
}

/* The ways of @bk that hold an entry (a bound), as bits. */
static inline unsigned
tt_filled(const tt_bucket *bk)
{
    uint32_t bounds;
    memcpy(&bounds, bk->bound, sizeof bounds);
    /* A bound is 1 to 3: bit 0 of each byte tells, then a multiply
     * gathers the four bits side by side, without carries. */
    uint32_t low = (bounds | bounds >> 1) & 0x01010101u;
    return (unsigned)(low * 0x204081u >> 21) & 0xF;
}

/* Whether the table holds @key; if so, its entry in @out. */
static inline bool
tt_probe(const pdn_engine *e, uint64_t key, tt_entry *out)
{
    const tt_bucket *bk = &e->tt[key & e->tt_mask];
    unsigned m = tt_matches(bk, (uint32_t)(key >> 32));
    if (!m || !(m &= tt_filled(bk))) /* most often none of the checks */
        return false;
    int i = __builtin_ctz(m);
    out->move = bk->move[i];
    out->score = bk->score[i];
    out->depth = bk->depth[i];
    out->bound = bk->bound[i];
    out->index = bk->index[i];
    return true;
}

/* The way a store of check @check replaces in @bk: the first of the
 * same check, or else the first of those least worth keeping, worth
 * being the depth, plus 256 for an entry of this search (@age). */
static inline int
tt_victim(const tt_bucket *bk, uint32_t check, uint8_t age)
{
#ifdef __SSE4_1__
    /* Each way's rank: 4 times its worth (from -128 + 0 up to 127 + 256)
     * plus 4 * 129 (so from 4 up) plus the way; for one of the same
     * check, the way alone.  The least rank is the way. */
    static const int32_t lanes[2][4] = {{0, 1, 2, 3}, {516, 517, 518, 519}};
    int32_t depths, ages;
    memcpy(&depths, bk->depth, sizeof depths);
    memcpy(&ages, bk->age, sizeof ages);
    __m128i way = _mm_loadu_si128((const __m128i *)lanes[0]);
    __m128i depth4 =
        _mm_slli_epi32(_mm_cvtepi8_epi32(_mm_cvtsi32_si128(depths)), 2);
    __m128i now = _mm_cmpeq_epi32(_mm_cvtepu8_epi32(_mm_cvtsi32_si128(ages)),
                                  _mm_set1_epi32(age));
    /* now is -1 for this search's entries: minus now * 1024 */
    __m128i rank = _mm_sub_epi32(
        _mm_add_epi32(depth4, _mm_loadu_si128((const __m128i *)lanes[1])),
        _mm_slli_epi32(now, 10));
    __m128i same = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)bk->check),
                                   _mm_set1_epi32((int)check));
    rank = _mm_blendv_epi8(rank, way, same);
    /* The ranks fit 16 bits: the least of them, eight lanes at once. */
    __m128i least = _mm_minpos_epu16(_mm_packus_epi32(rank, rank));
    return _mm_cvtsi128_si32(least) & 3;
#else
    int victim = 0, worth = INT32_MAX;
    for (int i = 0; i < TT_WAYS; i++) {
        if (bk->check[i] == check)
            return i;
        int w = bk->depth[i] + (bk->age[i] == age ? 256 : 0);
        if (w < worth) {
            worth = w;
            victim = i;
        }
    }
    return victim;
#endif
}

/* Stores over the entry of the same key, or else over the least worth
 * keeping: an entry of an earlier search first, then the shallowest. */
static inline void
tt_store(pdn_engine *e, uint64_t key, int depth, int score, int bound,
         uint32_t best, int index, int ply)
{
    tt_bucket *bk = &e->tt[key & e->tt_mask];
    uint32_t check = (uint32_t)(key >> 32);
    int i = tt_victim(bk, check, e->age);
    bk->check[i] = check;
    bk->depth[i] = (int8_t)(depth > 127 ? 127 : depth);
    bk->score[i] = (int16_t)to_tt(score, ply);
    bk->bound[i] = (uint8_t)bound;
    bk->age[i] = e->age;
    bk->move[i] = best;
    bk->index[i] = (uint8_t)(index < 255 ? index : 255);
}

#endif
