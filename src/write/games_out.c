/* games_out.c -- games written one after another (games_out.h).
 */
#include "write/games_out.h"

#include <string.h>

#include "base/spill.h"

void
pdn_games_out_reset(pdn_games_out *o)
{
    o->started = false;
    o->newlines = 0;
    o->differs = false;
    pdn_strbuf_clear(&o->ours);
    pdn_strbuf_clear(&o->theirs);
}

/* Drops the first @n bytes of @b. */
static void
drop(pdn_strbuf *b, size_t n)
{
    memmove(b->ptr, b->ptr + n, b->len - n);
    b->len -= n;
    b->ptr[b->len] = '\0';
}

/* Matches what is pending on both sides as far as it goes. */
static void
compare(pdn_games_out *o)
{
    size_t n = o->ours.len < o->theirs.len ? o->ours.len : o->theirs.len;
    if (o->differs || n == 0)
        return;
    if (memcmp(o->ours.ptr, o->theirs.ptr, n) != 0) {
        o->differs = true;
        return;
    }
    drop(&o->ours, n);
    drop(&o->theirs, n);
}

void
pdn_games_out_flush(pdn_games_out *o)
{
    if (o->pending.len && o->out)
        fwrite(o->pending.ptr, 1, o->pending.len, o->out);
    pdn_strbuf_clear(&o->pending);
}

/* Whether @c is a blank that may end a game's text. */
static bool
is_blank(char c)
{
    return c == '\n' || c == ' ' || c == '\r' || c == '\t';
}

void
pdn_games_out_count(pdn_games_out *o, const char *text, size_t len)
{
    size_t i = len;
    unsigned n = 0;
    while (i > 0 && n < 2 && is_blank(text[i - 1])) {
        n += text[i - 1] == '\n';
        i--;
    }
    o->newlines = i > 0 ? n : (o->newlines + n > 2 ? 2 : o->newlines + n);
}

static void
emit(pdn_games_out *o, const char *text, size_t len)
{
    if (len == 0)
        return;
    if (o->out && o->batch) {
        pdn_strbuf_put(&o->pending, text, len);
        if (o->pending.len >= PDN_GAMES_OUT_BLOCK)
            pdn_games_out_flush(o);
    } else if (o->out) {
        fwrite(text, 1, len, o->out);
    }
    if (o->compare && !o->differs) {
        pdn_strbuf_put(&o->ours, text, len);
        compare(o);
    }
    pdn_games_out_count(o, text, len);
}

void
pdn_games_out_game(pdn_games_out *o, const char *text, size_t len)
{
    if (o->started && o->newlines < 2)
        emit(o, "\n\n", 2 - o->newlines);
    emit(o, text, len);
    o->started = true;
}

/* A block of a copied game's text: written in UTF-8, compared with as
 * read. */
static void
copy_block(const char *raw, size_t len, const char *text, size_t n, void *ctx)
{
    emit(ctx, text, n);
    pdn_games_out_input(ctx, raw, len);
}

bool
pdn_games_out_copy(pdn_games_out *o, FILE *from, size_t len)
{
    if (o->started && o->newlines < 2)
        emit(o, "\n\n", 2 - o->newlines);
    o->started = true;
    return pdn_spill_read_text(from, len, copy_block, o);
}

void
pdn_games_out_input(pdn_games_out *o, const char *text, size_t len)
{
    if (o->compare && !o->differs) {
        pdn_strbuf_put(&o->theirs, text, len);
        compare(o);
    }
}

bool
pdn_games_out_differs(pdn_games_out *o)
{
    compare(o);
    if (o->ours.len != o->theirs.len)
        o->differs = true;
    return o->differs;
}

void
pdn_games_out_free(pdn_games_out *o)
{
    pdn_games_out_flush(o);
    pdn_strbuf_free(&o->pending);
    pdn_strbuf_free(&o->ours);
    pdn_strbuf_free(&o->theirs);
}

bool
pdn_games_out_as_read(pdn_games_out *o, const pdn_canonical *c,
                      const pdn_game *g, pdn_strbuf *scratch)
{
    if (g->raw_file || g->raw_lost) /* too large to read: copied */
        return !g->raw_lost && pdn_games_out_copy(o, g->raw_file, g->raw_len);
    pdn_strbuf_clear(scratch);
    pdn_games_out_text(c, g, scratch);
    pdn_games_out_game(o, scratch->ptr, scratch->len);
    return true;
}

/* pdn_spill_block: a block of a game too large to hold, in UTF-8. */
static void
hold_block(const char *raw, size_t len, const char *text, size_t n, void *ctx)
{
    (void)raw, (void)len;
    pdn_strbuf_put(ctx, text, n);
}

bool
pdn_games_out_text(const pdn_canonical *c, const pdn_game *g, pdn_strbuf *out)
{
    if (g->raw_lost)
        return false;
    if (g->raw_file) {
        size_t at = out->len;
        if (fseeko(g->raw_file, 0, SEEK_SET) == 0 &&
            pdn_spill_read_text(g->raw_file, g->raw_len, hold_block, out))
            return true;
        out->len = at;
        if (out->ptr)
            out->ptr[at] = '\0';
        return false;
    }
    /* The line ends before the game are the file's, between games. */
    size_t at = out->len;
    pdn_canonical_as_read(c, g, out);
    if (!out->ptr)
        return true;
    size_t blank = strspn(out->ptr + at, "\r\n");
    memmove(out->ptr + at, out->ptr + at + blank, out->len - at - blank + 1);
    out->len -= blank;
    return true;
}
