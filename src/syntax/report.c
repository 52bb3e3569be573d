/* report.c -- what the parser says and how it keeps text: diagnostics
 * with their source line (a window of a long one), and text decoded to
 * UTF-8 (its bytes that are not UTF-8 read as Windows-1252).
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
 * part around @off between "…" marks, with the caret's column in it. */
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
        pdn_strbuf_puts(&text, "\xe2\x80\xa6");
    size_t before = text.len;
    /* Up to @at, then on: the characters before the caret counted. */
    char *decoded = pdn_xmalloc(n * 3 + 1);
    size_t m = pdn_text_to_utf8(b, (size_t)(at - b), decoded);
    size_t caret = pdn_utf8_count(decoded, m);
    m += pdn_text_to_utf8(at, (size_t)(e - at), decoded + m);
    pdn_strbuf_put(&text, decoded, m);
    free(decoded);
    if (cut_right)
        pdn_strbuf_puts(&text, "\xe2\x80\xa6");
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
    if (at.off == p->tok.off && p->tok.len) { /* the token underlined */
        size_t n = strcspn(p->tok.text, "\n\r");
        d->span = (uint32_t)pdn_utf8_count(p->tok.text,
                                           n < p->tok.len ? n : p->tok.len);
    }
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

/* Where byte @at of the buffer, at or after the current token's start,
 * is: its line, and its column in characters. */
static pdn_loc
place_in_token(const pdn_parse *p, const char *at)
{
    pdn_loc l = {p->tok.off + (uint64_t)(at - p->tok.text), p->tok.line,
                 p->tok.col};
    const char *line = p->tok.text;
    for (const char *c = p->tok.text; c < at; c++)
        if (*c == '\n' || (*c == '\r' && c[1] != '\n')) {
            l.line++;
            l.col = 1;
            line = c + 1;
        }
    l.col += (uint32_t)pdn_utf8_count(line, (size_t)(at - line));
    return l;
}

char *
pdn_parse_text(pdn_parse *p, const char *s, size_t len)
{
    if (is_ascii(s, len))
        return pdn_arena_strndup(&p->game->arena, s, len);
    size_t bad = pdn_utf8_first_invalid(s, len);
    if (bad == len)
        return pdn_arena_strndup(&p->game->arena, s, len);
    char *out = pdn_arena_alloc(&p->game->arena, len * 3 + 1);
    size_t n = pdn_text_to_utf8(s, len, out);
    out[n] = '\0';
    if (!*p->encoding_noted) {
        /* The first byte that is not UTF-8: where it is, when @s is in
           the buffer from the token on (not a copy with its escapes
           undone). */
        bool inside = s >= p->tok.text && s + len <= p->lx.buf + p->lx.len;
        pdn_loc here = inside ? place_in_token(p, s + bad)
                              : (pdn_loc){p->tok.off, p->tok.line, p->tok.col};
        char as[4];
        size_t k = pdn_text_to_utf8(s + bad, 1, as);
        *p->encoding_noted = true;
        pdn_parse_report(p, PDN_SEV_NOTE, PDN_N_ENCODING, here,
                         "byte 0x%02X is not UTF-8: read as Windows-1252, "
                         "\"%.*s\" (valid UTF-8 around it stays UTF-8)",
                         (unsigned char)s[bad], (int)k, as);
    }
    return out;
}
