/* fuzz_parse.c -- libFuzzer target for the PDN reader: the bytes are read
 * as a PDN file, every game is checked with pdn_game_check() and every
 * diagnostic rendered.  When the bytes are not many they are read a
 * second time as a stream in small chunks that cut tokens (and UTF-8
 * sequences) anywhere, which must give the same games and diagnostics:
 * how the input is buffered must not change what is read.  Half the
 * inputs are read with --strict too.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/strbuf.h"
#include "model/game.h"
#include "model/tagmap.h"
#include "syntax/reader.h"
#include "write/trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Reads every game of @r into @out: traces, then what each diagnostic
 * says and where.  With @render, each diagnostic is rendered too, in
 * colour every other one; the source line shown under it is left out of
 * @out either way: a stream reader may have dropped the part of the line
 * before the game. */
static void
read_all(pdn_reader *r, pdn_strbuf *out, bool render)
{
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_game *g;
    while (pdn_reader_next(r, &g, &d) > 0) {
        if (pdn_game_check(g) != 0) {
            fprintf(stderr, "pdn_game_check: faults in game %llu\n",
                    (unsigned long long)g->number);
            abort();
        }
        if (g->end < g->span)
            abort();
        pdn_trace_game(g, out);
        pdn_reader_recycle(r, g);
    }
    pdn_strbuf shown = PDN_STRBUF_INIT;
    for (size_t i = 0; i < d.count; i++) {
        const pdn_diag *x = &d.items[i];
        if (render)
            pdn_diag_render(x, i % 2 == 1, &shown);
        pdn_strbuf_printf(out, "%d %d %llu:%u:%u %s", (int)x->severity, x->code,
                          (unsigned long long)x->at.off, x->at.line, x->at.col,
                          x->message);
        if (x->note)
            pdn_strbuf_printf(out, " (%s %u:%u)", x->note, x->note_at.line,
                              x->note_at.col);
        pdn_strbuf_putc(out, '\n');
    }
    pdn_strbuf_free(&shown);
    pdn_diags_free(&d);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    pdn_tagmap *tags = pdn_tagmap_new();
    /* Inputs of an odd length are read --strict as well (syntax/strict.h),
     * the same whole and in chunks. */
    pdn_reader_options opt = {
        .tagmap = tags, .keep_raw = true, .strict = size % 2 == 1};
    pdn_strbuf whole = PDN_STRBUF_INIT, chunked = PDN_STRBUF_INIT;

    pdn_reader *r = pdn_reader_new_mem("fuzz.pdn", text, size, &opt);
    read_all(r, &whole, true);
    pdn_reader_free(r);

    /* The same bytes through the stream reader, in chunks, UTF-8
     * sequences and Windows-1252 bytes cut anywhere (text is decoded a
     * byte at a time, never by chunk): for two inputs of three (their
     * sizes not multiples of 3), as a game is read again from its start
     * after every chunk, which made most of the runs' time. */
    FILE *f = size > 0 && size % 3 != 0 && size <= 8192
                  ? fmemopen((void *)data, size, "rb")
                  : NULL;
    if (f) {
        /* About 3 chunks, their ends anywhere as the sizes vary. */
        opt.chunk = 1 + size % 7 + size / 3;
        r = pdn_reader_new("fuzz.pdn", f, &opt);
        read_all(r, &chunked, false);
        pdn_reader_free(r);
        fclose(f);
        if (whole.len != chunked.len ||
            (whole.len && memcmp(whole.ptr, chunked.ptr, whole.len) != 0)) {
            fprintf(stderr, "read whole:\n%s\nread in chunks of %zu:\n%s\n",
                    whole.ptr ? whole.ptr : "", opt.chunk,
                    chunked.ptr ? chunked.ptr : "");
            abort();
        }
    }
    pdn_strbuf_free(&whole);
    pdn_strbuf_free(&chunked);
    pdn_tagmap_free(tags);
    return 0;
}
