/* diag.c -- the code table, the sink, and compiler-style rendering
 * (GCC's form, jq's locfile caret).
 */
#include "base/diag.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"

static const pdn_code_info codes[] = {
#define PDN_CODE_ROW(name, number, severity, short_name, meaning, page)        \
    {name, severity, short_name, meaning, page},
    PDN_DIAG_CODES(PDN_CODE_ROW)
#undef PDN_CODE_ROW
};

const pdn_code_info *
pdn_code_lookup(int code)
{
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        if (codes[i].code == code)
            return &codes[i];
    return NULL;
}

void
pdn_code_format(int code, char buf[8])
{
    const pdn_code_info *info = pdn_code_lookup(code);
    char letter = 'E';
    if (info && info->severity == PDN_SEV_WARNING)
        letter = 'W';
    else if (info && info->severity == PDN_SEV_NOTE)
        letter = 'N';
    snprintf(buf, 8, "%c%04d", letter, code % 10000);
}

const char *
pdn_severity_name(pdn_severity s)
{
    switch (s) {
    case PDN_SEV_ERROR:
        return "error";
    case PDN_SEV_WARNING:
        return "warning";
    case PDN_SEV_NOTE:
        return "note";
    default:
        return "off";
    }
}

pdn_diag *
pdn_diags_addv(pdn_diags *d, pdn_severity severity, int code, const char *file,
               pdn_loc at, uint64_t game, const char *fmt, va_list ap)
{
    if (d->count == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 8;
        d->items = pdn_xrealloc(d->items, d->cap * sizeof *d->items);
    }
    pdn_diag *g = &d->items[d->count++];
    memset(g, 0, sizeof *g);
    g->severity = severity;
    g->code = code;
    g->file = file;
    g->at = at;
    g->game = game;
    if (d->count_only)
        goto count;
    char small[256];
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(small, sizeof small, fmt, copy);
    va_end(copy);
    if (n < 0) {
        n = 0;
        small[0] = '\0';
    }
    if ((size_t)n < sizeof small) {
        g->message = pdn_xstrndup(small, (size_t)n);
    } else {
        g->message = pdn_xmalloc((size_t)n + 1);
        vsnprintf(g->message, (size_t)n + 1, fmt, ap);
    }
count:
    if (severity == PDN_SEV_ERROR)
        d->errors++;
    else if (severity == PDN_SEV_WARNING)
        d->warnings++;
    else if (severity == PDN_SEV_NOTE)
        d->notes++;
    return g;
}

pdn_diag *
pdn_diags_add(pdn_diags *d, pdn_severity severity, int code, const char *file,
              pdn_loc at, uint64_t game, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pdn_diag *g = pdn_diags_addv(d, severity, code, file, at, game, fmt, ap);
    va_end(ap);
    return g;
}

/* Uncounts @g of @d and frees its text. */
/* Lowers the count of @g's severity in @d. */
static void
uncount(pdn_diags *d, const pdn_diag *g)
{
    if (g->severity == PDN_SEV_ERROR)
        d->errors--;
    else if (g->severity == PDN_SEV_WARNING)
        d->warnings--;
    else if (g->severity == PDN_SEV_NOTE)
        d->notes--;
}

void
pdn_diags_turn_off(pdn_diags *d, size_t i)
{
    uncount(d, &d->items[i]);
    d->items[i].severity = PDN_SEV_OFF;
}

static void
forget(pdn_diags *d, pdn_diag *g)
{
    uncount(d, g);
    free(g->message);
    free(g->line_text);
    free(g->note);
    free(g->move);
    free(g->legal);
}

void
pdn_diags_truncate(pdn_diags *d, size_t count)
{
    while (d->count > count)
        forget(d, &d->items[--d->count]);
}

void
pdn_diags_remove(pdn_diags *d, size_t i)
{
    forget(d, &d->items[i]);
    memmove(&d->items[i], &d->items[i + 1],
            (d->count - i - 1) * sizeof *d->items);
    d->count--;
}

void
pdn_diags_clear(pdn_diags *d)
{
    pdn_diags_truncate(d, 0);
}

void
pdn_diags_free(pdn_diags *d)
{
    pdn_diags_clear(d);
    free(d->items);
    d->items = NULL;
    d->cap = 0;
}

/* ---- Rendering ---- */

#define BOLD "\033[1m"
#define RESET "\033[0m"

static const char *
severity_colour(pdn_severity s)
{
    switch (s) {
    case PDN_SEV_ERROR:
        return "\033[1;31m";
    case PDN_SEV_WARNING:
        return "\033[1;35m";
    default:
        return "\033[1;36m";
    }
}

/* The widest source line shown, in characters: a longer one is shown
 * around the caret, cut where it goes on with an ellipsis. */
#define SOURCE_COLUMNS 120

/* The byte of @text where its character @n (1-based) starts, or its end. */
static const char *
char_at(const char *text, uint32_t n)
{
    const char *p = text;
    for (uint32_t c = 1; *p; p++) {
        if (((unsigned char)*p & 0xC0) == 0x80)
            continue;
        if (c++ == n)
            return p;
    }
    return p;
}

/* "  12 | text" and "     |    ^~~~" with the caret under character @col
 * and the rest of @span characters underlined; tabs before it are copied
 * so that the caret lines up.  A line of more than SOURCE_COLUMNS
 * characters is shown cut to a window around the caret, "…" at a cut. */
static void
render_source(const char *text, uint32_t line, uint32_t col, uint32_t span,
              bool colour, pdn_strbuf *out)
{
    char number[16];
    int width = snprintf(number, sizeof number, "%u", line);
    uint32_t n = 0;
    for (const char *p = text; *p; p++)
        n += ((unsigned char)*p & 0xC0) != 0x80;
    uint32_t first = 1, last = n; /* the characters shown */
    if (n > SOURCE_COLUMNS) {
        first = col > SOURCE_COLUMNS / 2 ? col - SOURCE_COLUMNS / 2 : 1;
        last = first + SOURCE_COLUMNS - 1;
        if (last > n) {
            last = n;
            first = n - SOURCE_COLUMNS + 1;
        }
    }
    const char *from = char_at(text, first), *to = char_at(text, last + 1);
    pdn_strbuf_printf(out, " %s | %s%.*s%s\n", number,
                      first > 1 ? "\xe2\x80\xa6" : "", (int)(to - from), from,
                      last < n ? "\xe2\x80\xa6" : "");
    pdn_strbuf_printf(out, " %*s | ", width, "");
    uint32_t c = first;
    if (first > 1)
        pdn_strbuf_putc(out, ' '); /* under the ellipsis */
    for (const char *p = from; *p && c < col; p++) {
        if (((unsigned char)*p & 0xC0) == 0x80)
            continue;
        pdn_strbuf_putc(out, *p == '\t' ? '\t' : ' ');
        c++;
    }
    for (; c < col; c++)
        pdn_strbuf_putc(out, ' ');
    if (colour)
        pdn_strbuf_puts(out, "\033[1;32m");
    pdn_strbuf_putc(out, '^');
    for (uint32_t k = 1; k < span && col + k <= last; k++)
        pdn_strbuf_putc(out, '~');
    pdn_strbuf_puts(out, colour ? RESET "\n" : "\n");
}

void
pdn_diag_render(const pdn_diag *diag, bool colour, pdn_strbuf *out)
{
    char code[8];
    pdn_code_format(diag->code, code);
    const char *file = diag->file ? diag->file : "<input>";
    if (colour)
        pdn_strbuf_puts(out, BOLD);
    if (diag->at.line)
        pdn_strbuf_printf(out, "%s:%u:%u: ", file, diag->at.line, diag->at.col);
    else
        pdn_strbuf_printf(out, "%s: ", file);
    if (colour)
        pdn_strbuf_printf(out, RESET "%s%s[%s]:" RESET BOLD " %s" RESET "\n",
                          severity_colour(diag->severity),
                          pdn_severity_name(diag->severity), code,
                          diag->message ? diag->message : "");
    else
        pdn_strbuf_printf(out, "%s[%s]: %s\n",
                          pdn_severity_name(diag->severity), code,
                          diag->message ? diag->message : "");
    if (diag->line_text && diag->at.line)
        render_source(diag->line_text, diag->at.line,
                      diag->text_col ? diag->text_col : diag->at.col,
                      diag->span, colour, out);
    if (diag->note) {
        char game[32] = "";
        if (diag->note_game)
            snprintf(game, sizeof game, "game %" PRIu64 " ", diag->game);
        if (colour)
            pdn_strbuf_printf(out,
                              BOLD "%s:%u:%u: " RESET "%snote:" RESET " %s%s\n",
                              file, diag->note_at.line, diag->note_at.col,
                              severity_colour(PDN_SEV_NOTE), game, diag->note);
        else
            pdn_strbuf_printf(out, "%s:%u:%u: note: %s%s\n", file,
                              diag->note_at.line, diag->note_at.col, game,
                              diag->note);
    }
}
