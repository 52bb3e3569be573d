/* fuzz_parts.c -- libFuzzer target for the reading of a file in parts, as
 * pdn check --jobs reads it (stream/batches.c): the bytes are written to a
 * file, and at places where pdn_boundary_find() cuts it, the file is read as
 * a range from its start up to the first game whose next one starts at
 * the cut or past it, then on from where pdn_reader_resume() says, with
 * a reader aimed there anew (reading the file, or the bytes it is given,
 * or the file mapped, in place).  The games and diagnostics must be those
 * of one reading of the whole.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/filemap.h"
#include "base/strbuf.h"
#include "stream/slice_file.h"
#include "model/game.h"
#include "syntax/reader.h"
#include "write/trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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

/* Reads @r into @out, each game's trace and diagnostics, until the next
 * game starts at @stop or past it, or to the end (then with the end's
 * diagnostics).  @d holds what comes before the first game.  Returns
 * whether the end was reached. */
static bool
read_games(pdn_reader *r, pdn_diags *d, pdn_strbuf *out, uint64_t stop)
{
    pdn_game *g;
    while (pdn_reader_next(r, &g, d) > 0) {
        pdn_trace_game(g, out);
        put_diags(d, out);
        pdn_reader_recycle(r, g);
        if (pdn_reader_offset(r) >= stop)
            return false;
    }
    put_diags(d, out);
    return true;
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

/* Reads the file @fd of @size bytes (also at @text, and mapped at @view
 * when it could be) in two parts cut at @cut, and compares with @whole.
 * The second part is read from the file, or from the bytes of the line
 * it starts on, or in place from @view, as the cut says. */
static void
read_in_parts(const char *text, size_t size, int fd, const char *view,
              size_t cut, const pdn_strbuf *whole,
              const pdn_reader_options *opt)
{
    pdn_strbuf out = PDN_STRBUF_INIT;
    pdn_diags d = PDN_DIAGS_INIT;
    size_t bom = pdn_reader_bom(text, size);
    pdn_reader_range first = {.from = 0, .at = {bom, 1, 1}, .end = UINT64_MAX};
    pdn_reader *r = pdn_reader_new_range("fuzz.pdn", fd, &first, opt);
    if (!read_games(r, &d, &out, cut)) {
        pdn_reader_range rest;
        pdn_reader_resume(r, &rest);
        if (rest.at.off < cut)
            abort(); /* stopped short of the cut */
        /* The bytes from the start of the line, or not, or the file
           mapped, as pdn check has them. */
        if (view && cut % 3 == 2)
            pdn_reader_restart_view(r, "fuzz.pdn", fd, &rest, view, size);
        else
            pdn_reader_restart(r, "fuzz.pdn", fd, &rest,
                               cut % 3 ? text + rest.from : NULL,
                               cut % 3 ? size - (size_t)rest.from : 0);
        read_games(r, &d, &out, UINT64_MAX);
    }
    pdn_reader_free(r);
    pdn_diags_free(&d);
    compare(whole, &out, cut);
    pdn_strbuf_free(&out);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    /* Chunks of 64 KiB, not 4 MiB: the inputs are far smaller, and a
     * buffer of 4 MiB a reader, touched anew for every input, took most
     * of the time. */
    pdn_reader_options opt = {.keep_raw = true, .chunk = (size_t)64 << 10};
    pdn_strbuf whole = PDN_STRBUF_INIT;
    pdn_diags d = PDN_DIAGS_INIT;

    /* A file that says it is UTF-16 or UTF-32 is never read in parts
     * (pdn_slice_file_open()): the reader of the whole refuses it. */
    if (pdn_reader_wide_encoding(text, size))
        return 0;

    pdn_reader *r = pdn_reader_new_mem("fuzz.pdn", text, size, &opt);
    read_games(r, &d, &whole, UINT64_MAX);
    pdn_reader_free(r);
    pdn_diags_free(&d);

    FILE *f = tmpfile();
    if (!f || fwrite(data, 1, size, f) != size || fflush(f) != 0)
        abort();
    size_t span = 0;
    const char *view = size ? pdn_file_view(fileno(f), size, &span) : NULL;
    /* One cut an input, at the first boundary past an eighth of it that
     * its last byte chooses: each cut reads the input once more, and the
     * fuzzer varies the place from input to input (one cut a run keeps
     * the runs near 1,000 a second). */
    if (size > 0) {
        size_t at = 1 + size * (data[size - 1] % 8) / 8;
        if (at < size && pdn_boundary_find(text, size, &at))
            read_in_parts(text, size, fileno(f), view, at, &whole, &opt);
    }
    pdn_file_unmap(view, span);
    fclose(f);
    pdn_strbuf_free(&whole);
    return 0;
}
