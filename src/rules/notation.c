/* notation.c -- reading and writing moves in PDN notation (PDN 3.0
 * "Move", "NormalMove", "CaptureMove"; numeric and alphanumeric squares).
 */
#include "notation.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/typed_move.h"
#include "movegen.h"
#include "square.h"

/* ---- Reading ---- */

typedef struct move_reader {
    const pdn_variant *v;
    const char *text;
    size_t len, pos;
    size_t *at;
    char *err;
    size_t errcap;
} move_reader;

static int
fail(move_reader *r, size_t pos, const char *what)
{
    *r->at = pos;
    snprintf(r->err, r->errcap, "%s", what);
    return -1;
}

/* One square: digits ("22", "05") or file and rank ("c3"). */
static int
read_square(move_reader *r, int *n)
{
    size_t start = r->pos;
    const char *t = r->text;
    int file = r->pos < r->len ? tolower((unsigned char)t[r->pos]) : 0;
    if (file >= 'a' && file <= 'h') {
        if (r->pos + 1 >= r->len || t[r->pos + 1] < '1' || t[r->pos + 1] > '8')
            return fail(r, r->pos + 1, "expected a rank from 1 to 8");
        *n = pdn_square_at(r->v, file - 'a', t[r->pos + 1] - '0');
        if (*n == 0)
            return fail(r, start, "expected a playing square");
        r->pos += 2;
        return 0;
    }
    int value = 0, digits = 0; /* significant digits: "030" is 30 */
    while (r->pos < r->len && isdigit((unsigned char)t[r->pos])) {
        if (digits < 4)
            value = value * 10 + (t[r->pos] - '0');
        digits += value > 0;
        r->pos++;
    }
    if (r->pos == start)
        return fail(r, start, "expected a square");
    if (value < 1 || value > PDN_SQUARES || digits > 2)
        return fail(r, start, "expected a square number from 1 to 32");
    *n = value;
    return 0;
}

/* Compact numeric form "2218": exactly four digits. */
static int
read_compact(move_reader *r, pdn_written_move *out)
{
    for (size_t i = 0; i < 4; i++)
        if (!isdigit((unsigned char)r->text[i]))
            return 1;
    int a = (r->text[0] - '0') * 10 + (r->text[1] - '0');
    int b = (r->text[2] - '0') * 10 + (r->text[3] - '0');
    if (a < 1 || a > PDN_SQUARES)
        return fail(r, 0, "expected a square number from 1 to 32");
    if (b < 1 || b > PDN_SQUARES)
        return fail(r, 2, "expected a square number from 1 to 32");
    out->squares[0] = (uint8_t)a;
    out->squares[1] = (uint8_t)b;
    out->count = 2;
    out->capture = false;
    return 0;
}

/* The offset in the move @typed (@len bytes) as typed of byte @at of the
 * same move as pdn_typed_move() writes it: a dash of three bytes is one. */
static size_t
typed_offset(const char *typed, size_t len, size_t at)
{
    size_t i = 0;
    for (size_t n = 0; n < at && i < len; n++) {
        char one[3];
        unsigned how;
        size_t k = len - i < 3 ? len - i : 3;
        /* a dash, three bytes, is written as one */
        i += pdn_typed_move(typed + i, k, one, &how) == 1 && k == 3 ? 3 : 1;
    }
    return i;
}

static int read_move(const pdn_variant *v, const char *text, size_t len,
                     pdn_written_move *out, size_t *at, char *err,
                     size_t errcap);

int
pdn_notation_parse(const pdn_variant *v, const char *text, size_t len,
                   pdn_written_move *out, size_t *at, char *err, size_t errcap)
{
    /* As typed outside draughts programs: "23–19", "D3-C4". */
    char typed[PDN_TYPED_MAX];
    unsigned how = 0;
    if (len <= sizeof typed) {
        size_t n = pdn_typed_move(text, len, typed, &how);
        if (how & ~(unsigned)PDN_TYPED_CAPITALS) { /* a dash: read anew */
            int rc = read_move(v, typed, n, out, at, err, errcap);
            if (rc < 0)
                *at = typed_offset(text, len, *at);
            return rc;
        }
    }
    return read_move(v, text, len, out, at, err, errcap);
}

/* pdn_notation_parse() of a move with the standard separators. */
static int
read_move(const pdn_variant *v, const char *text, size_t len,
          pdn_written_move *out, size_t *at, char *err, size_t errcap)
{
    move_reader r = {.v = v,
                     .text = text,
                     .len = len,
                     .at = at,
                     .err = err,
                     .errcap = errcap};
    memset(out, 0, sizeof *out);
    if (len == 4) {
        int c = read_compact(&r, out);
        if (c <= 0)
            return c;
    }
    for (;;) {
        int n;
        size_t square_at = r.pos;
        if (out->count > PDN_MAX_CAPTURES)
            return fail(&r, square_at, "expected at most 13 squares");
        if (read_square(&r, &n) < 0)
            return -1;
        out->squares[out->count++] = (uint8_t)n;
        if (r.pos >= len)
            break;
        char sep = text[r.pos];
        if (isalpha((unsigned char)text[square_at]) &&
            tolower((unsigned char)sep) >= 'a' &&
            tolower((unsigned char)sep) <= 'h')
            continue; /* alphanumeric squares may go without: "c3d4" */
        if (sep == 'x' || sep == 'X' || sep == ':')
            out->capture = true;
        else if (sep != '-')
            return fail(&r, r.pos, "expected '-', 'x' or ':' between squares");
        else if (out->count > 1 || out->capture)
            return fail(&r, r.pos, "expected 'x' between capture squares");
        r.pos++;
    }
    if (out->count < 2)
        return fail(&r, len, "expected a second square");
    return 0;
}

/* ---- Matching ---- */

/* Whether a straight walk in steps of @d from @from meets @via and then
 * stops on @to, over playable squares only. */
static int
walks(int from, int via, int to, int d)
{
    int seen = 0;
    for (int sq = from + d; sq >= 0 && sq < PDN_BB_BITS; sq += d) {
        if (!((BB_PLAYABLE >> sq) & 1))
            return 0;
        if (sq == via)
            seen = 1;
        if (sq == to)
            return seen;
    }
    return 0;
}

/* Direction of the jump from @from over @via to @to, or 0. */
static int
jump_direction(int from, int via, int to)
{
    static const int dirs[4] = {BB_UP_A, BB_UP_B, BB_DOWN_A, BB_DOWN_B};
    for (int k = 0; k < 4; k++)
        if (walks(from, via, to, dirs[k]))
            return dirs[k];
    return 0;
}

/* Where the piece may touch down after each jump of @m but the last: the
 * landing square, and for a flying king that goes on along the same line,
 * every square between the piece it took and the next one. */
static void
touch_downs(const pdn_move *m, pdn_bb out[PDN_MAX_CAPTURES])
{
    int at = m->from, prev_dir = 0;
    for (int i = 0; i < m->ncaptured; i++) {
        int d = jump_direction(at, m->captured[i], m->landing[i]);
        out[i] = (pdn_bb)1 << m->landing[i];
        if (i > 0 && d != 0 && d == prev_dir)
            for (int sq = m->captured[i - 1] + d; sq != m->captured[i]; sq += d)
                out[i - 1] |= (pdn_bb)1 << sq;
        prev_dir = d;
        at = m->landing[i];
    }
}

bool
pdn_notation_matches(const pdn_variant *v, const pdn_move *m,
                     const pdn_written_move *w)
{
    if (w->count < 2 || w->squares[0] != pdn_square_from_bit(v, m->from) ||
        w->squares[w->count - 1] != pdn_square_from_bit(v, m->to))
        return false;
    if (w->count == 2)
        return true;
    if (m->ncaptured == 0)
        return false;
    pdn_bb touch[PDN_MAX_CAPTURES];
    touch_downs(m, touch);
    int j = 0;
    for (int i = 1; i < w->count - 1; i++) {
        pdn_bb sq = (pdn_bb)1 << pdn_square_to_bit(v, w->squares[i]);
        while (j < m->ncaptured - 1 && !(touch[j] & sq))
            j++;
        if (j >= m->ncaptured - 1)
            return false;
        j++;
    }
    return true;
}

/* ---- Writing ---- */

pdn_written_move
pdn_notation_of_move(const pdn_variant *v, const pdn_move *m)
{
    pdn_written_move w = {.count = 0, .capture = m->ncaptured > 0};
    w.squares[w.count++] = (uint8_t)pdn_square_from_bit(v, m->from);
    if (m->ncaptured == 0) {
        w.squares[w.count++] = (uint8_t)pdn_square_from_bit(v, m->to);
        return w;
    }
    for (int i = 0; i < m->ncaptured; i++)
        w.squares[w.count++] = (uint8_t)pdn_square_from_bit(v, m->landing[i]);
    return w;
}

/* "22x13x6": the squares of @w with its separator between them. */
static size_t
write_squares(const pdn_written_move *w, char buf[PDN_MOVE_TEXT_MAX])
{
    size_t n = 0;
    char sep = w->capture ? 'x' : '-';
    for (int i = 0; i < w->count; i++) {
        if (i > 0)
            buf[n++] = sep;
        if (w->squares[i] >= 10)
            buf[n++] = (char)('0' + w->squares[i] / 10);
        buf[n++] = (char)('0' + w->squares[i] % 10);
    }
    buf[n] = '\0';
    return n;
}

size_t
pdn_notation_format_long(const pdn_variant *v, const pdn_move *m,
                         char buf[PDN_MOVE_TEXT_MAX])
{
    pdn_written_move w = pdn_notation_of_move(v, m);
    return write_squares(&w, buf);
}

size_t
pdn_notation_format(const pdn_variant *v, const pdn_move *m,
                    const pdn_move *legal, int n, char buf[PDN_MOVE_TEXT_MAX])
{
    for (int i = 0; i < n; i++)
        if (&legal[i] != m && legal[i].from == m->from &&
            legal[i].to == m->to &&
            (legal[i].ncaptured != m->ncaptured ||
             memcmp(legal[i].captured, m->captured, m->ncaptured) != 0))
            return pdn_notation_format_long(v, m, buf);
    pdn_written_move w = {.count = 2, .capture = m->ncaptured > 0};
    w.squares[0] = (uint8_t)pdn_square_from_bit(v, m->from);
    w.squares[1] = (uint8_t)pdn_square_from_bit(v, m->to);
    return write_squares(&w, buf);
}

size_t
pdn_notation_format_alpha(const pdn_variant *v, const pdn_move *m,
                          const pdn_move *legal, int n,
                          char buf[PDN_MOVE_TEXT_MAX])
{
    char numeric[PDN_MOVE_TEXT_MAX];
    pdn_notation_format(v, m, legal, n, numeric);
    bool whole = strchr(numeric, 'x') != strrchr(numeric, 'x');
    pdn_written_move w = pdn_notation_of_move(v, m);
    size_t k = 0;
    for (int i = 0; i < w.count; i++) {
        if (!whole && i > 0 && i < w.count - 1)
            continue;
        if (i > 0)
            buf[k++] = w.capture ? 'x' : '-';
        pdn_square_name(v, w.squares[i], buf + k);
        k += strlen(buf + k);
    }
    buf[k] = '\0';
    return k;
}

/* ---- Moves in PDN order ---- */

/* A move's sort key, in PDN numbers. */
typedef struct sort_item {
    uint8_t from, to, len;
    uint8_t path[PDN_MAX_CAPTURES];
    uint8_t captured[PDN_MAX_CAPTURES];
    int index;
} sort_item;

static int
compare_bytes(const uint8_t *a, const uint8_t *b, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

static int
compare_items(const void *pa, const void *pb)
{
    const sort_item *a = pa, *b = pb;
    int n = a->len < b->len ? a->len : b->len, c;

    if (a->from != b->from)
        return a->from < b->from ? -1 : 1;
    if (a->to != b->to)
        return a->to < b->to ? -1 : 1;
    if ((c = compare_bytes(a->path, b->path, n)) != 0)
        return c;
    if (a->len != b->len)
        return a->len < b->len ? -1 : 1;
    if ((c = compare_bytes(a->captured, b->captured, n)) != 0)
        return c;
    return a->index < b->index ? -1 : a->index > b->index;
}

int
pdn_moves_sorted(const pdn_variant *v, const pdn_board *b, pdn_move *out)
{
    pdn_move ml[PDN_MAX_MOVES];
    sort_item items[PDN_MAX_MOVES];
    int n = pdn_movegen_legal(v, b, ml);

    for (int i = 0; i < n; i++) {
        const pdn_move *m = &ml[i];
        sort_item *it = &items[i];
        it->from = (uint8_t)pdn_square_from_bit(v, m->from);
        it->to = (uint8_t)pdn_square_from_bit(v, m->to);
        it->len = m->ncaptured;
        for (int k = 0; k < m->ncaptured; k++) {
            it->path[k] = (uint8_t)pdn_square_from_bit(v, m->landing[k]);
            it->captured[k] = (uint8_t)pdn_square_from_bit(v, m->captured[k]);
        }
        it->index = i;
    }
    if (n > 0)
        qsort(items, (size_t)n, sizeof items[0], compare_items);
    for (int i = 0; i < n; i++)
        out[i] = ml[items[i].index];
    return n;
}
