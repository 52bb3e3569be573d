/* convert_pdn.c -- pdn convert --to pdn (convert_pdn.h).  A JSON line is
 * turned back into PDN text (syntax/json_game.h), read as PDN and written
 * in canonical form; a game kept as read ("raw") is written as it is.  So
 * PDN -> JSON -> PDN gives what pdn fmt gives.
 */
#define _XOPEN_SOURCE 700 /* getline() */

#include "cli/convert_pdn.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "base/strbuf.h"
#include "cli/chunks.h"
#include "cli/games_out.h"
#include "syntax/json.h"
#include "syntax/json_game.h"
#include "rules/fen.h"
#include "rules/variant.h"
#include "syntax/reader.h"

#define CMD "convert"

typedef struct converter {
    const pdn_cli *cli;
    const pdn_convert_pdn *o;
    pdn_canonical *canon;
    pdn_games_out out;
    pdn_strbuf buf;
    bool colour;
    size_t errors;
} converter;

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
    for (size_t i = 0; i < d->count && !c->o->quiet; i++) {
        if (d->items[i].severity == PDN_SEV_OFF)
            continue;
        pdn_strbuf_clear(&c->buf);
        pdn_diag_render(&d->items[i], c->colour, &c->buf);
        fwrite(c->buf.ptr, 1, c->buf.len, c->cli->err);
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
    pdn_reader_options ro = {.tagmap = c->o->tagmap, .keep_raw = true};
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
    pdn_reader_options ro = {.tagmap = c->o->tagmap, .keep_raw = true};
    ro.no_map = pdn_no_map();
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
            if (!c->o->quiet)
                fprintf(c->cli->err, "%s:%llu:%zu: error: %s\n", name,
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

/* Whether the stream @in starts with '{' (after a UTF-8 byte order mark),
 * as JSON Lines do; the bytes looked at are read again after. */
static bool
starts_json(FILE *in)
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

int
pdn_convert_to_pdn(const pdn_cli *cli, const pdn_convert_pdn *o)
{
    converter c = {.cli = cli,
                   .o = o,
                   .canon = pdn_canonical_new(&o->canonical),
                   .out = PDN_GAMES_OUT_INIT,
                   .buf = PDN_STRBUF_INIT,
                   .colour = pdn_args_colour(cli)};
    size_t n = o->nfiles ? o->nfiles : 1;
    bool io_failed = false;
    c.out.out = cli->out;
    for (size_t i = 0; i < n; i++) {
        const char *path = o->nfiles ? o->files[i] : "-";
        bool is_stdin = strcmp(path, "-") == 0;
        const char *name = is_stdin ? PDN_STDIN_NAME : path;
        FILE *in = is_stdin ? cli->in : fopen(path, "rb");
        if (!in) {
            fprintf(cli->err, "pdn %s: %s: %s\n", CMD, path, strerror(errno));
            io_failed = true;
            continue;
        }
        bool json = o->from == PDN_FROM_JSON;
        if (o->from == PDN_FROM_AUTO)
            json = starts_json(in);
        if (json)
            json_stream(&c, in, name);
        else if (!pdn_stream(&c, in, name))
            io_failed = true;
        if (ferror(in)) {
            fprintf(cli->err, "pdn %s: %s: read error\n", CMD, name);
            io_failed = true;
        }
        if (!is_stdin)
            fclose(in);
    }
    pdn_canonical_free(c.canon);
    pdn_games_out_free(&c.out);
    pdn_strbuf_free(&c.buf);
    if (io_failed)
        return PDN_EXIT_USAGE;
    return c.errors ? PDN_EXIT_INPUT : PDN_EXIT_OK;
}
