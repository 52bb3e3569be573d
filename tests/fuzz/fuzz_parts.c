/* fuzz_parts.c -- libFuzzer target for the reading of a file in parts, as
 * pdn check --jobs reads it (cli/turns.c): the bytes are written to a
 * file, and at places where pdn_chunk_find() cuts it, the part before the
 * cut is read as a range from the file's start.  When that reading ends
 * with a result and nothing but blanks after it (what pdn check takes for
 * proof that the cut was right), the rest read as a range from the cut
 * must give the games and diagnostics of one reading of the whole; when
 * it does not, the part's last game is dropped, and the rest read from
 * where that game began (pdn_reader_last_start()) must.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/strbuf.h"
#include "cli/chunks.h"
#include "model/game.h"
#include "syntax/reader.h"
#include "write/trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* How a reading ended. */
typedef struct ending {
    size_t games;
    size_t mark;        /* the output before the last game */
    bool noted_before;  /* the file was said not to be UTF-8 before it */
    pdn_result result;  /* of the last game */
    uint64_t end;       /* of the last game */
    bool tail;          /* the end of the input said something */
} ending;

static void
put_diags(pdn_diags *d, pdn_strbuf *out)
{
    for (size_t i = 0; i < d->count; i++) {
        const pdn_diag *x = &d->items[i];
        pdn_strbuf_printf(out, "%d %d %llu:%u:%u g%llu %s", (int)x->severity,
                          x->code, (unsigned long long)x->at.off, x->at.line,
                          x->at.col, (unsigned long long)x->game, x->message);
        if (x->note)
            pdn_strbuf_printf(out, " (%s %u:%u)", x->note, x->note_at.line,
                              x->note_at.col);
        if (x->line_text)
            pdn_strbuf_printf(out, " [%s %u]", x->line_text, x->text_col);
        pdn_strbuf_putc(out, '\n');
    }
    pdn_diags_clear(d);
}

/* Reads @r to its end into @out: each game's trace and diagnostics, then
 * those of the end.  @first holds what comes before the first game. */
static ending
read_games(pdn_reader *r, pdn_diags *first, pdn_strbuf *out)
{
    ending e = {.result = PDN_RESULT_NONE};
    pdn_diags *d = first;
    pdn_game *g;
    bool noted = pdn_reader_noted(r);
    while (pdn_reader_next(r, &g, d) > 0) {
        e.mark = out->len;
        e.noted_before = noted;
        noted = pdn_reader_noted(r);
        pdn_trace_game(g, out);
        put_diags(d, out);
        e.games++;
        e.result = g->result;
        e.end = g->end;
        pdn_reader_recycle(r, g);
    }
    e.tail = pdn_diags_any(d);
    put_diags(d, out);
    return e;
}

static void
compare(const pdn_strbuf *whole, const pdn_strbuf *parts, size_t cut)
{
    if (whole->len == parts->len &&
        (whole->len == 0 || memcmp(whole->ptr, parts->ptr, whole->len) == 0))
        return;
    fprintf(stderr, "read whole:\n%s\nread in two parts cut at %zu:\n%s\n",
            whole->ptr ? whole->ptr : "", cut, parts->ptr ? parts->ptr : "");
    abort();
}

/* Reads the file @fd of @size bytes (also at @text) in two parts cut at
 * @cut, and compares with @whole. */
static void
read_in_parts(const char *text, size_t size, int fd, size_t cut,
              const pdn_strbuf *whole, const pdn_reader_options *opt)
{
    pdn_strbuf out = PDN_STRBUF_INIT;
    pdn_diags d = PDN_DIAGS_INIT;
    bool cp1252;
    pdn_loc note_at;
    size_t head = size < PDN_READ_CHUNK ? size : PDN_READ_CHUNK;
    size_t bom = pdn_reader_encoding(text, head, &cp1252, &note_at);
    if (cp1252)
        pdn_reader_note_encoding("fuzz.pdn", note_at, &d);
    pdn_reader_range first = {.from = 0,
                              .at = {bom, 1, 1},
                              .end = cut,
                              .cp1252 = cp1252,
                              .noted = cp1252};
    pdn_reader *r = pdn_reader_new_range("fuzz.pdn", fd, &first, opt);
    ending e = read_games(r, &d, &out);
    pdn_reader_range rest;
    bool blanks = e.games && pdn_chunk_blank(text + e.end, cut - e.end);
    if (e.games && e.result != PDN_RESULT_NONE && !e.tail && blanks) {
        rest = (pdn_reader_range){
            .from = cut,
            .at = {cut, 1 + pdn_chunk_lines(text, cut), 1},
            .games = e.games,
            .cp1252 = cp1252,
            .noted = pdn_reader_noted(r)};
    } else if (e.games) { /* the last game read again, from its start */
        pdn_reader_last_start(r, &rest);
        rest.noted = e.noted_before;
        out.len = e.mark;
        if (cp1252 && e.games == 1) /* the note went with it */
            pdn_reader_note_encoding("fuzz.pdn", note_at, &d);
    } else { /* nothing but what the rest reads again */
        rest = first;
        out.len = 0;
        pdn_diags_clear(&d);
        if (cp1252)
            pdn_reader_note_encoding("fuzz.pdn", note_at, &d);
    }
    rest.end = UINT64_MAX;
    pdn_reader_restart(r, "fuzz.pdn", fd, &rest, NULL, 0);
    read_games(r, &d, &out);
    pdn_reader_free(r);
    pdn_diags_free(&d);
    compare(whole, &out, cut);
    pdn_strbuf_free(&out);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    pdn_reader_options opt = {.keep_raw = true};
    pdn_strbuf whole = PDN_STRBUF_INIT;
    pdn_diags d = PDN_DIAGS_INIT;

    pdn_reader *r = pdn_reader_new_mem("fuzz.pdn", text, size, &opt);
    read_games(r, &d, &whole);
    pdn_reader_free(r);
    pdn_diags_free(&d);

    FILE *f = tmpfile();
    if (!f || fwrite(data, 1, size, f) != size || fflush(f) != 0)
        abort();
    /* A cut in each eighth of the input, where there is one. */
    size_t last = 0;
    for (size_t i = 0; i < 8; i++) {
        size_t at = 1 + size * i / 8;
        if (at <= last)
            at = last + 1;
        if (at >= size || !pdn_chunk_find(text, size, &at))
            break;
        read_in_parts(text, size, fileno(f), at, &whole, &opt);
        last = at;
    }
    fclose(f);
    pdn_strbuf_free(&whole);
    return 0;
}
