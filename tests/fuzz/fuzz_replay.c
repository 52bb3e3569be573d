/* fuzz_replay.c -- libFuzzer target for the replay engine: every game of
 * the bytes, read as PDN, is replayed under each variant, its board checked
 * after the main line, and every diagnostic rendered.  The input's first
 * byte picks the variant a game without a GameType tag is replayed as.
 */
#include <stdint.h>
#include <stdlib.h>

#include "base/diag.h"
#include "base/strbuf.h"
#include "replay/replay.h"
#include "syntax/reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    pdn_replay_options o = {
        .variant = pdn_variant_get((pdn_variant_id)(data[0] % 3)),
        .automatic_draw = data[0] & 4,
    };
    pdn_reader_options ro = {.keep_raw = true};
    pdn_reader *r =
        pdn_reader_new_mem("fuzz.pdn", (const char *)data + 1, size - 1, &ro);
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_strbuf out = PDN_STRBUF_INIT;
    pdn_game *g;
    while (pdn_reader_next(r, &g, &d) > 0) {
        pdn_replay_result res;
        pdn_replay_game(g, &o, &d, &res);
        const pdn_board *b = &res.final;
        /* no square of both colours, no king that is no piece */
        if ((b->pieces[0] & b->pieces[1]) ||
            (b->kings & ~(b->pieces[0] | b->pieces[1])))
            abort();
        for (size_t i = 0; i < d.count; i++)
            pdn_diag_render(&d.items[i], false, &out);
        pdn_diags_clear(&d);
        pdn_strbuf_clear(&out);
        pdn_reader_recycle(r, g);
    }
    pdn_diags_free(&d);
    pdn_strbuf_free(&out);
    pdn_reader_free(r);
    return 0;
}
