/* report.c -- what the parser says and how it keeps text: diagnostics
 * with their source line (a window of a long one), and text decoded to
 * UTF-8 (from Windows-1252 in a file that is not UTF-8).
 */
#include "syntax/internal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"
#include "base/utf8.h"
#include "base/xalloc.h"

#define LINE_WINDOW 72 /* bytes shown each side of the caret on long lines */

/* Fills in the text of the line holding @off, UTF-8; of a long line, the
 * part around @off between "..." marks, with the caret's column in it. */
static void
line_text(pdn_parse *p, uint64_t off, pdn_diag *d)
{
    const char *at = p->buf + (off - p->base);
    const char *limit = p->lx.buf + p->lx.len;
    const char *b = at, *e = at;
    while (b > p->buf && b[-1] != '\n' && b[-1] != '\r')
        b--;
    while (e < limit && *e != '\n' && *e != '\r')
        e++;
    if (p->base + (uint64_t)(b - p->buf) == 0 && at - b >= 3 &&
        memcmp(b, "\xEF\xBB\xBF", 3) == 0)
        b += 3; /* the byte order mark is not text */
    /* The buffer may start in the middle of the line: show it cut. */
    bool cut_left = at - b > LINE_WINDOW ||
                    (b == p->buf && !p->lx.line_start && at > b),
         cut_right = e - at > LINE_WINDOW;
    if (at - b > LINE_WINDOW)
        for (b = at - LINE_WINDOW; ((unsigned char)*b & 0xC0) == 0x80; b++)
            ;
    if (cut_right)
        for (e = at + LINE_WINDOW; ((unsigned char)*e & 0xC0) == 0x80; e++)
            ;
    size_t n = (size_t)(e - b);
    pdn_strbuf text = PDN_STRBUF_INIT;
    if (cut_left)
        pdn_strbuf_puts(&text, "...");
    size_t before = text.len;
    char *decoded = pdn_xmalloc(n * 3 + 1);
    size_t m = n, caret;
    if (p->cp1252 || !pdn_utf8_valid(b, n)) {
        m = pdn_cp1252_to_utf8(b, n, decoded);
        caret = (size_t)(at - b);
    } else {
        memcpy(decoded, b, n);
        caret = pdn_utf8_count(b, (size_t)(at - b));
    }
    pdn_strbuf_put(&text, decoded, m);
    free(decoded);
    if (cut_right)
        pdn_strbuf_puts(&text, "...");
    d->line_text = pdn_strbuf_detach(&text);
    if (cut_left)
        d->text_col = (uint32_t)(before + caret + 1);
}

pdn_diag *
pdn_parse_report(pdn_parse *p, pdn_severity sev, int code, pdn_loc at,
                 const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pdn_diag *d = pdn_diags_addv(p->diags, sev, code, p->file, at,
                                 p->game->number, fmt, ap);
    va_end(ap);
    line_text(p, at.off, d);
    if (p->game->start.line && at.line != p->game->start.line) {
        d->note = pdn_xstrndup("the game starts here", 20);
        d->note_at = p->game->start;
    }
    return d;
}

/* Whether @len bytes at @s are all ASCII: eight at a time. */
static bool
is_ascii(const char *s, size_t len)
{
    uint64_t any = 0;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, sizeof w);
        any |= w;
    }
    for (; i < len; i++)
        any |= (unsigned char)s[i];
    return !(any & 0x8080808080808080u);
}

char *
pdn_parse_text(pdn_parse *p, const char *s, size_t len)
{
    if (is_ascii(s, len) || (!p->cp1252 && pdn_utf8_valid(s, len)))
        return pdn_arena_strndup(&p->game->arena, s, len);
    if (!p->cp1252 && !*p->encoding_noted) {
        pdn_loc here = {p->tok.off, p->tok.line, p->tok.col};
        *p->encoding_noted = true;
        pdn_parse_report(p, PDN_SEV_NOTE, PDN_N_ENCODING, here,
                         "text that is not UTF-8: read as Windows-1252");
    }
    char *out = pdn_arena_alloc(&p->game->arena, len * 3 + 1);
    size_t n = pdn_cp1252_to_utf8(s, len, out);
    out[n] = '\0';
    return out;
}

