/* nodes.c -- the nodes the parser makes (nodes.h): text decoded and
 * copied into the game's arena, squares read from a written move, and the
 * moves and move numbers of a movetext read straight into nodes.
 */
#include "syntax/nodes.h"

#include <string.h>

#include "syntax/scan.h"

/* Rewrites CRLF and lone CR in @t as LF, so that a comment reads the same
 * whatever the file's line ends; returns the new length. */
static size_t
one_line_end(char *t)
{
    size_t n = 0;
    for (size_t i = 0; t[i]; i++) {
        if (t[i] == '\r') {
            t[n++] = '\n';
            if (t[i + 1] == '\n')
                i++;
        } else {
            t[n++] = t[i];
        }
    }
    t[n] = '\0';
    return n;
}

/* A node of @kind whose text, of any encoding, is decoded to UTF-8 with
 * one line end (LF). */
pdn_node *
pdn_add_text(pdn_parse *p, pdn_node_list *l, pdn_node_kind kind,
             const char *text, size_t len, pdn_loc at)
{
    pdn_node *n = pdn_game_node(p->game, kind);
    char *t = pdn_parse_text(p, text, len);
    n->len = memchr(text, '\r', len) ? one_line_end(t) : strlen(t);
    n->text = t;
    return pdn_link_node(l, n, at);
}

/* ---- Moves ---- */

/* The usual move, two squares of one or two digits (1 to 99) and one
 * separator between ("9-13", "22x17"): read into @w (zeroed), and 1;
 * else 0, and pdn_read_squares reads it the long way. */
static inline int
simple_move(const unsigned char *u, size_t len, pdn_move_text *w)
{
    unsigned a = (unsigned)(u[0] - '0'), b, d;
    size_t i = 1;
    if (a > 9)
        return 0;
    if ((d = (unsigned)(u[1] - '0')) < 10) {
        a = a * 10 + d;
        i = 2;
    }
    unsigned char sep = u[i];
    if (i + 2 > len || !(sep == '-' || sep == 'x' || sep == 'X' || sep == ':'))
        return 0;
    if ((b = (unsigned)(u[i + 1] - '0')) > 9)
        return 0;
    i += 2;
    if (i < len) {
        if ((d = (unsigned)(u[i] - '0')) > 9)
            return 0;
        b = b * 10 + d;
        i++;
    }
    if (i != len || a - 1 > 98 || b - 1 > 98)
        return 0;
    w->squares[0] = (uint8_t)a;
    w->squares[1] = (uint8_t)b;
    w->count = 2;
    w->separator = sep == 'X' ? 'x' : (char)sep;
    return 1;
}

/* Squares of a move token: numbers (blanks may follow a separator),
 * four digits, or file and rank.  Returns 0, or -1 for square 0 or a move
 * of too many squares. */
int
pdn_read_squares(const char *s, size_t len, pdn_move_text *w)
{
    const unsigned char *u = (const unsigned char *)s, *e = u + len;
    memset(w, 0, sizeof *w);
    if (len == 4 && (unsigned)(u[0] - '0') < 10 &&
        (unsigned)(u[1] - '0') < 10 && (unsigned)(u[2] - '0') < 10 &&
        (unsigned)(u[3] - '0') < 10) {
        w->squares[0] = (uint8_t)((u[0] - '0') * 10 + (u[1] - '0'));
        w->squares[1] = (uint8_t)((u[2] - '0') * 10 + (u[3] - '0'));
        w->count = 2;
        return 0;
    }
    if (len <= 5 && simple_move(u, len, w))
        return 0;
    unsigned count = 0;
    while (u < e) {
        if (count >= PDN_MOVE_MAX_SQUARES)
            return -1;
        if ((unsigned)(*u - 'a') < 8) {
            w->squares[count++] =
                (uint8_t)(PDN_SQUARE_ALPHA | (*u - 'a') << 3 | (u[1] - '1'));
            u += 2;
        } else {
            /* one or two digits, mostly: those unrolled */
            unsigned v = (unsigned)(*u - '0'), d;
            if (v > 9)
                return -1; /* no digit: square 0 */
            u++;
            if (u < e && (d = (unsigned)(*u - '0')) < 10) {
                v = v * 10 + d;
                u++;
                while (u < e && (d = (unsigned)(*u - '0')) < 10) {
                    v = v * 10 + d;
                    u++;
                }
            }
            if (v - 1 > 98) /* 0, or more than 99 */
                return -1;
            w->squares[count++] = (uint8_t)v;
        }
        if (u < e && *u != ' ' && (unsigned)(*u - 'a') >= 8) {
            char sep = *u == 'X' ? 'x' : (char)*u;
            if (!w->separator || w->separator == '-')
                w->separator = sep;
            u++;
        }
        while (u < e && *u == ' ')
            u++;
    }
    w->count = (uint8_t)count;
    return 0;
}

/* Past blanks that hold a line end: out of the loop below, which meets
 * one every few tokens. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static size_t
line_blanks(pdn_lexer *lx, size_t i)
{
    return pdn_scan_blanks(lx, i);
}

/* ---- Moves and move numbers straight into nodes ---- */

/* A node, its text in its word: a multiple of the alignment, so that the
 * arena's free room stays aligned from node to node. */
enum { ROOM = sizeof(pdn_node) };
_Static_assert(ROOM % PDN_ARENA_ALIGN == 0, "nodes keep the alignment");

/* Bytes before the end of the buffer where the fast way stops: the eight
 * bytes it copies for a token's text lie before the end. */
#define NEAR_END 16

/* The state of pdn_add_moves(), which the fast way keeps in registers:
 * the stores into the nodes would have it read again from memory. */
typedef struct moves_run {
    uintptr_t room, room_end; /* the arena's free room */
    const char *near;         /* the fast way stops here */
    uint64_t off_from;        /* a byte's offset: its address plus this */
    uint64_t line_col;        /* a byte's line and column: the low and high half
                                 of this plus its address shifted up */
    pdn_node **tail;          /* where the next node is linked */
} moves_run;

/* The line of the lexer, and in the high half the column of the byte at
 * address 0 on it (wrapping). */
static inline uint64_t
line_col_from(const pdn_lexer *lx)
{
    uint32_t col = pdn_scan_col(lx, 0) - (uint32_t)(uintptr_t)lx->buf;
    return lx->line | (uint64_t)col << 32;
}

/* Makes @nd the node of @kind for the @n bytes at @u, whose text is in
 * its word already, and links it; its values (u) are the caller's, and
 * its next is left for the node after it, or pdn_add_moves(), to set. */
static inline void
fill_node(moves_run *r, pdn_node *nd, pdn_node_kind kind, const char *u,
          size_t n)
{
    uint64_t here = r->line_col + ((uint64_t)(uintptr_t)u << 32);
    nd->text = nd->word;
    nd->at.off = (uint64_t)(uintptr_t)u + r->off_from;
    nd->at.line = (uint32_t)here;
    nd->at.col = (uint32_t)(here >> 32);
    nd->len = (uint32_t)n;
    nd->kind = kind;
    nd->children = NULL;
    *r->tail = nd;
    r->tail = &nd->next;
}

/* The values of a move node: two squares, the separator @sep, not
 * forced; as one word where the layout allows. */
static inline void
fill_move(pdn_node *nd, unsigned a, unsigned b, char sep)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    _Static_assert(
        offsetof(pdn_node, u.move.count) == offsetof(pdn_node, u) &&
            offsetof(pdn_node, u.move.separator) == offsetof(pdn_node, u) + 1 &&
            offsetof(pdn_node, u.move.squares) == offsetof(pdn_node, u) + 3 &&
            sizeof nd->u == 8,
        "a move's values are one word");
    uint64_t word = 2 | (uint64_t)(unsigned char)sep << 8 | (uint64_t)a << 24 |
                    (uint64_t)b << 32;
    memcpy(&nd->u, &word, 8);
#else
    memset(&nd->u, 0, sizeof nd->u);
    nd->u.move.squares[0] = (uint8_t)a;
    nd->u.move.squares[1] = (uint8_t)b;
    nd->u.move.count = 2;
    nd->u.move.separator = sep;
#endif
}

/* The values of the move number node @nd, which ends at @e: its number
 * and side; as one word where the layout allows. */
static inline void
fill_number(pdn_node *nd, unsigned a, const char *e)
{
    bool black = e[-2] == '.'; /* digits, then dots: two or more end
                                  "12..." */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    _Static_assert(
        offsetof(pdn_node, u.number.value) == offsetof(pdn_node, u) &&
            offsetof(pdn_node, u.number.black) == offsetof(pdn_node, u) + 4,
        "a number's values are one word");
    uint64_t word = a | (uint64_t)black << 32;
    memcpy(&nd->u, &word, 8);
#else
    memset(&nd->u, 0, sizeof nd->u);
    nd->u.number.value = a;
    nd->u.number.black = black;
#endif
}

/* Copies the text of the token of @n bytes (fewer than eight) at @u after
 * the node @nd, as one word: its bytes, then NULs. */
static inline void
put_word(pdn_node *nd, const char *u, size_t n)
{
    uint64_t word;
    memcpy(&word, u, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    word &= ~(UINT64_MAX >> (8 * n)); /* the first bytes: high */
#else
    word &= ((uint64_t)1 << (8 * n)) - 1;
#endif
    memcpy(nd->word, &word, 8);
}

/* The fast way, from @u: the moves and move numbers on the line, each
 * node and its text in ROOM bytes of the arena's free room.  It calls
 * nothing, so that the run stays in registers; it stops before a line
 * end, anything else, a token it would read near the end of the buffer,
 * a move number of eight bytes or more, and when the block is full.
 * Returns where it stopped. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static const char *
moves_fast(moves_run *r, const char *u)
{
    moves_run k = *r;
    /* One bound for the loop: before k.near, and where the room may run
     * out.  A token takes two bytes or more, so that the room for @fits
     * more nodes lasts up to 2 * fits bytes from here. */
    size_t fits =
        k.room_end - k.room > ROOM ? (k.room_end - k.room - 1) / ROOM : 0;
    const char *stop = k.near;
    if (u < k.near && (size_t)(k.near - u) / 2 >= fits)
        stop = u + 2 * fits;
    for (;;) {
        while (*u == ' ')
            u++;
        if ((unsigned)((unsigned char)*u - '0') > 9 || u >= stop)
            break;
        unsigned a, b;
        const char *q = pdn_scan_digits(u, &a), *e;
        pdn_node *nd = (pdn_node *)k.room;
        if (*q == '.') {
            /* pdn_scan_dots(), with the bound of the short text */
            e = q;
            do
                e++;
            while (*e == '.');
            if (e >= k.near || e - u >= PDN_NODE_WORD)
                break;
            put_word(nd, u, (size_t)(e - u));
            fill_node(&k, nd, PDN_NODE_NUMBER, u, (size_t)(e - u));
            fill_number(nd, a, e);
            e += *e == ' ';
        } else {
            if (!(e = pdn_scan_move(u, q, a, &b)))
                break;
            char sep = pdn_scan_separator(q); /* before the stores */
            put_word(nd, u, (size_t)(e - u));
            fill_node(&k, nd, PDN_NODE_MOVE, u, (size_t)(e - u));
            fill_move(nd, a, b, sep);
            /* the blank after it (pdn_scan_move saw one or a line end) */
            e += *e == ' ';
        }
        k.room += ROOM;
        u = e;
    }
    r->room = k.room;
    r->tail = k.tail;
    return u;
}

/* The careful way: the move or move number at @u (a digit), its node
 * from the arena's allocator; returns the address past it, or NULL if
 * there is none. */
static const char *
move_careful(moves_run *r, pdn_parse *p, const char *u)
{
    const char *end = p->lx.buf + p->lx.len;
    unsigned a, b = 0;
    const char *q = pdn_scan_digits(u, &a), *e;
    bool move = *q != '.';
    if (!(e = move ? pdn_scan_move(u, q, a, &b) : pdn_scan_dots(u, q, end)))
        return NULL;
    size_t n = (size_t)(e - u);
    pdn_arena *arena = &p->game->arena;
    arena->next = (unsigned char *)r->room;
    bool short_text = n < PDN_NODE_WORD;
    pdn_node *nd =
        pdn_arena_alloc(arena, sizeof *nd + (short_text ? 0 : n + 1));
    char *copy = short_text ? nd->word : (char *)(nd + 1);
    memcpy(copy, u, n);
    copy[n] = '\0';
    r->room = pdn_arena_room(arena);
    r->room_end = (uintptr_t)arena->end;
    fill_node(r, nd, move ? PDN_NODE_MOVE : PDN_NODE_NUMBER, u, n);
    nd->text = copy;
    if (move)
        fill_move(nd, a, b, pdn_scan_separator(q));
    else
        fill_number(nd, a, e);
    return e;
}

void
pdn_add_moves(pdn_parse *p, pdn_node_list *l)
{
    pdn_lexer *lx = &p->lx;
    const char *u = lx->buf + lx->pos; /* where the loop stands */
    pdn_arena *arena = &p->game->arena;
    moves_run r = {
        pdn_arena_room(arena),
        (uintptr_t)arena->end,
        lx->len > NEAR_END ? lx->buf + lx->len - NEAR_END : lx->buf,
        lx->base - (uint64_t)(uintptr_t)lx->buf,
        line_col_from(lx),
        l->tail,
    };
    for (;;) {
        u = moves_fast(&r, u);
        unsigned c = (unsigned char)*u;
        if (c < ' ') { /* a line end, say */
            const char *v = lx->buf + line_blanks(lx, (size_t)(u - lx->buf));
            if (v == u)
                break;
            u = v;
            r.line_col = line_col_from(lx);
        } else {
            const char *e = c - '0' > 9 ? NULL : move_careful(&r, p, u);
            if (!e)
                break;
            u = e;
        }
    }
    arena->next = (unsigned char *)r.room;
    *r.tail = NULL; /* the last node's next, or the list's end again */
    if (r.tail != l->tail) {
        pdn_node *last =
            (pdn_node *)(void *)((char *)r.tail - offsetof(pdn_node, next));
        l->tail = r.tail;
        l->last = last;
        p->last_end = last->at.off + last->len;
        if (last->kind == PDN_NODE_MOVE) /* for a '*' right after (lexer.h) */
            lx->glue = (size_t)(p->last_end - lx->base);
    }
    lx->pos = (size_t)(u - lx->buf); /* before the next token: the blanks
                                        are counted */
}
