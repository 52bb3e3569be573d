/* games_out.c -- games written one after another (games_out.h).
 */
#include "cli/games_out.h"

#include <string.h>

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

/* Output is written when this much has gathered (with batch). */
#define OUTPUT_BLOCK 65536

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

/* Counts the line ends at the end of @len bytes of @text just written,
 * across writes. */
static void
count_newlines(pdn_games_out *o, const char *text, size_t len)
{
    if (len >= 2 && text[len - 1] == '\n' && !is_blank(text[len - 2])) {
        o->newlines = 1; /* the end of a game in canonical form */
        return;
    }
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
        if (o->pending.len >= OUTPUT_BLOCK)
            pdn_games_out_flush(o);
    } else if (o->out) {
        fwrite(text, 1, len, o->out);
    }
    if (o->compare && !o->differs) {
        pdn_strbuf_put(&o->ours, text, len);
        compare(o);
    }
    count_newlines(o, text, len);
}

void
pdn_games_out_game(pdn_games_out *o, const char *text, size_t len)
{
    if (o->started && o->newlines < 2)
        emit(o, "\n\n", 2 - o->newlines);
    emit(o, text, len);
    o->started = true;
}

pdn_strbuf *
pdn_games_out_begin(pdn_games_out *o, size_t *mark)
{
    if (!o->out || !o->batch || o->compare)
        return NULL;
    if (o->started && o->newlines < 2) { /* emit() of the blank line */
        char *p = pdn_strbuf_reserve(&o->pending, 2);
        memcpy(p, "\n\n", 2);
        pdn_strbuf_commit(&o->pending, p + 2 - o->newlines);
        o->newlines = 2;
    }
    o->started = true;
    *mark = o->pending.len;
    return &o->pending;
}

void
pdn_games_out_end(pdn_games_out *o, size_t mark)
{
    if (o->pending.len > mark) /* else nothing was written: no change */
        count_newlines(o, o->pending.ptr + mark, o->pending.len - mark);
    if (o->pending.len >= OUTPUT_BLOCK)
        pdn_games_out_flush(o);
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
