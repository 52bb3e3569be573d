/* to_pdn.c -- pdn convert --to pdn (to_pdn.h).  A JSON line is
 * turned back into PDN text (write/json_game.h), read as PDN and written
 * in canonical form; a game kept as read ("raw") is written as it is.  So
 * PDN -> JSON -> PDN gives what pdn fmt gives.
 */
#define _XOPEN_SOURCE 700 /* getline() */

#include "write/to_pdn.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "rules/fen.h"
#include "rules/variant.h"
#include "syntax/reader.h"
#include "write/games_out.h"
#include "write/json_game.h"
#include "write/json_in.h"

struct pdn_to_pdn {
    pdn_to_pdn_options o;
    pdn_canonical *canon;
    pdn_games_out out;
    pdn_strbuf buf;
    size_t errors;
};

typedef pdn_to_pdn converter;

/* The diagnostics of the PDN text a JSON line @line of @name was turned
 * into: placed at that line (column 1), since the PDN text is nowhere in
 * the input, with their place in the PDN text said in the message. */
static void
place_on_json_line(pdn_diags *d, const char *name, uint64_t line)
{
    for (size_t i = 0; i < d->count; i++) {
        pdn_diag *x = &d->items[i];
        pdn_strbuf msg = PDN_STRBUF_INIT;
        pdn_strbuf_printf(&msg, "%s (in the PDN text of this line, at %u:%u)",
                          x->message, x->at.line, x->at.col);
        free(x->message);
        x->message = pdn_strbuf_detach(&msg);
        x->file = name;
        x->at = (pdn_loc){0, (uint32_t)line, 1};
        free(x->line_text);
        x->line_text = NULL;
        x->text_col = 0;
        free(x->note);
        x->note = NULL;
        x->note_game = false;
    }
}

/* Reports the diagnostics of @d and empties it. */
static void
report(converter *c, pdn_diags *d)
{
    c->errors += d->errors;
    for (size_t i = 0; i < d->count && !c->o.quiet; i++) {
        if (d->items[i].severity == PDN_SEV_OFF)
            continue;
        pdn_strbuf_clear(&c->buf);
        pdn_diag_render(&d->items[i], c->o.colour, &c->buf);
        fwrite(c->buf.ptr, 1, c->buf.len, c->o.err);
    }
    pdn_diags_clear(d);
}

/* Writes the game @g canonically, or as read; reports its errors. */
static void
write_game(converter *c, const pdn_game *g, pdn_diags *d)
{
    pdn_strbuf_clear(&c->buf);
    if (!pdn_canonical_game(c->canon, g, d, &c->buf))
        pdn_canonical_as_read(c->canon, g, &c->buf);
    pdn_games_out_game(&c->out, c->buf.ptr, c->buf.len);
    report(c, d);
}

/* Reads the PDN @text of @len bytes, made of line @line of the JSON
 * file @name, and writes its games. */
static void
pdn_text(converter *c, const char *name, uint64_t line, const char *text,
         size_t len)
{
    pdn_reader_options ro = {.tagmap = c->o.tagmap, .keep_raw = true};
    pdn_reader *r = pdn_reader_new_mem(name, text, len, &ro);
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_game *g;
    while (pdn_reader_next(r, &g, &d) > 0) {
        pdn_strbuf_clear(&c->buf);
        if (!pdn_canonical_game(c->canon, g, &d, &c->buf))
            pdn_canonical_as_read(c->canon, g, &c->buf);
        pdn_games_out_game(&c->out, c->buf.ptr, c->buf.len);
        place_on_json_line(&d, name, line);
        report(c, &d);
        pdn_reader_recycle(r, g);
    }
    place_on_json_line(&d, name, line);
    report(c, &d);
    pdn_diags_free(&d);
    pdn_reader_free(r);
}

/* A stream of PDN, game by game. */
static bool
pdn_stream(converter *c, FILE *in, const char *name)
{
    pdn_reader_options ro = {
        .tagmap = c->o.tagmap, .keep_raw = true, .no_map = c->o.no_map};
    pdn_reader *r = pdn_reader_new(name, in, &ro);
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_game *g;
    int got;
    while ((got = pdn_reader_next(r, &g, &d)) > 0) {
        write_game(c, g, &d);
        pdn_reader_recycle(r, g);
    }
    report(c, &d);
    pdn_diags_free(&d);
    pdn_reader_free(r);
    return got == 0;
}

/* Whether the "start" member of the game object @root, if there is one,
 * is a FEN of the game's variant; else says why in @err, with the node in
 * *@fault. */
static bool
start_ok(const pdn_json *root, char *err, size_t errcap, const pdn_json **fault)
{
    const pdn_json *start = pdn_json_get(root, "start");
    if (!start)
        return true;
    if (start->kind != PDN_JSON_STRING) {
        snprintf(err, errcap, "expected \"start\": a FEN in a string");
        *fault = start;
        return false;
    }
    const pdn_json *name = pdn_json_get(root, "variant");
    const pdn_variant *v = name && name->kind == PDN_JSON_STRING
                               ? pdn_variant_by_name(name->str)
                               : NULL;
    pdn_board b;
    pdn_fen_error fe;
    if (pdn_fen_parse(v ? v : pdn_variant_default(), start->str, start->len, &b,
                      &fe) == 0)
        return true;
    snprintf(err, errcap, "\"start\" is not a FEN: %s (at its column %u)",
             fe.message, fe.column);
    *fault = start;
    return false;
}

/* JSON Lines: one game object a line; blank lines are skipped. */
static void
json_stream(converter *c, FILE *in, const char *name)
{
    char *line = NULL;
    size_t cap = 0, at;
    ssize_t got;
    uint64_t number = 0;
    pdn_arena arena;
    pdn_strbuf pdn = PDN_STRBUF_INIT;
    pdn_arena_init(&arena);
    while ((got = getline(&line, &cap, in)) > 0) {
        size_t len = (size_t)got;
        number++;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        char *text = line;
        if (number == 1 && len >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0) {
            text += 3; /* a UTF-8 byte order mark, as for PDN */
            len -= 3;
        }
        if (strspn(text, " \t") == len)
            continue;
        char err[200];
        const pdn_json *fault = NULL;
        pdn_arena_reset(&arena);
        pdn_strbuf_clear(&pdn);
        pdn_json *root =
            pdn_json_parse(&arena, text, len, err, sizeof err, &at);
        int kind =
            root ? pdn_json_game_pdn(root, &pdn, err, sizeof err, &fault) : -1;
        if (kind == 0 && !start_ok(root, err, sizeof err, &fault))
            kind = -1;
        if (kind < 0) {
            if (fault)
                at = fault->at;
            c->errors++;
            if (!c->o.quiet)
                fprintf(c->o.err, "%s:%llu:%zu: error: %s\n", name,
                        (unsigned long long)number,
                        at + 1 + (size_t)(text - line), err);
            continue;
        }
        if (kind == 1) {
            pdn_games_out_game(&c->out, pdn.ptr ? pdn.ptr : "", pdn.len);
            continue;
        }
        pdn_text(c, name, number, pdn.ptr, pdn.len);
    }
    free(line);
    pdn_strbuf_free(&pdn);
    pdn_arena_fini(&arena);
}

bool
pdn_to_pdn_starts_json(FILE *in)
{
    unsigned char head[4];
    size_t n = 0;
    int ch;
    while (n < sizeof head && (ch = getc(in)) != EOF) {
        head[n++] = (unsigned char)ch;
        if (n == 1 && ch != 0xEF)
            break;
    }
    bool bom = n >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0;
    bool json = n > 0 && head[bom ? 3 : 0] == '{' && (!bom || n == 4);
    /* ungetc() takes one byte back for sure: more go through a seek. */
    if (n == 1) {
        ungetc(head[0], in);
    } else if (n > 1 && fseek(in, -(long)n, SEEK_CUR) != 0) {
        while (n > 0) /* a pipe: what it can */
            ungetc(head[--n], in);
    }
    return json;
}

pdn_to_pdn *
pdn_to_pdn_new(const pdn_to_pdn_options *o)
{
    converter *c = pdn_xcalloc(1, sizeof *c);

    c->o = *o;
    c->canon = pdn_canonical_new(&o->canonical);
    c->out = (pdn_games_out)PDN_GAMES_OUT_INIT;
    c->out.out = o->out;
    c->buf = (pdn_strbuf)PDN_STRBUF_INIT;
    return c;
}

bool
pdn_to_pdn_stream(pdn_to_pdn *c, FILE *in, const char *name, bool json)
{
    if (json) {
        json_stream(c, in, name);
        return true;
    }
    return pdn_stream(c, in, name);
}

size_t
pdn_to_pdn_errors(const pdn_to_pdn *c)
{
    return c->errors;
}

void
pdn_to_pdn_free(pdn_to_pdn *c)
{
    if (!c)
        return;
    pdn_canonical_free(c->canon);
    pdn_games_out_free(&c->out);
    pdn_strbuf_free(&c->buf);
    free(c);
}
