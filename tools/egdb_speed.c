/* egdb_speed.c -- pdn-egdb-speed: probes per second of an endgame
 * database once its slices are loaded (bench/egdb runs it).  Random
 * positions of every slice of the most pieces the database holds whole
 * (the stored slices and their twins),
 * each probed once to load its slice, then all of them probed again,
 * timed.
 *
 *   pdn-egdb-speed VARIANT DIR [POSITIONS]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/clock.h"
#include "base/xalloc.h"
#include "egdb/egdb.h"
#include "egdb/index.h"

static uint64_t
next_random(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int
main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: pdn-egdb-speed VARIANT DIR [POSITIONS]\n");
        return 2;
    }
    const pdn_variant *v = pdn_variant_by_name(argv[1]);
    size_t count = argc > 3 ? strtoull(argv[3], NULL, 10) : 2000000;
    pdn_egdb_error err;
    pdn_egdb *db = v ? pdn_egdb_open(v, argv[2], &err) : NULL;
    if (!db) {
        fprintf(stderr, "pdn-egdb-speed: %s\n",
                v ? err.message : "unknown variant");
        return 2;
    }
    int pieces = pdn_egdb_pieces(db);
    pdn_egdb_material order[PDN_EGDB_SLICES_MAX], top[PDN_EGDB_SLICES_MAX];
    size_t n = pdn_egdb_slices(pieces, order), ntop = 0;
    for (size_t k = 0; k < n; k++)
        if (order[k].wm + order[k].wk + order[k].bm + order[k].bk == pieces)
            top[ntop++] = order[k];
    pdn_board *boards = pdn_xcalloc(count, sizeof *boards);
    pdn_egdb_index *xs = pdn_xcalloc(ntop, sizeof *xs);
    for (size_t k = 0; k < ntop; k++)
        pdn_egdb_index_init(&xs[k], top[k]);
    uint64_t rng = 0x5eed;
    for (size_t i = 0; i < count; i++) {
        const pdn_egdb_index *x = &xs[next_random(&rng) % ntop];
        pdn_egdb_board_of(x, next_random(&rng) % x->size, &boards[i]);
        if (next_random(&rng) & 1) { /* as often the slice's twin */
            pdn_board b = boards[i];
            pdn_board_twin(&b, &boards[i]);
        }
    }
    for (size_t k = 0; k < ntop; k++)
        pdn_egdb_index_fini(&xs[k]);
    free(xs);
    struct timespec t;
    pdn_clock_start(&t);
    for (size_t i = 0; i < count; i++)
        pdn_egdb_probe(db, &boards[i]);
    double load = pdn_clock_since(&t);
    uint64_t seen[4] = {0};
    pdn_clock_start(&t);
    for (size_t i = 0; i < count; i++)
        seen[pdn_egdb_probe(db, &boards[i])]++;
    double s = pdn_clock_since(&t);
    printf("%d pieces: %zu probes of random positions in %.3f s: %.2f M"
           " probes/s (win %" PRIu64 ", draw %" PRIu64 ", loss %" PRIu64
           ", unknown %" PRIu64 "); first pass, loading: %.2f s\n",
           pieces, count, s, (double)count / s / 1e6, seen[PDN_EGDB_WIN],
           seen[PDN_EGDB_DRAW], seen[PDN_EGDB_LOSS], seen[PDN_EGDB_UNKNOWN],
           load);
    free(boards);
    pdn_egdb_close(db);
    return seen[PDN_EGDB_UNKNOWN] ? 1 : 0;
}
