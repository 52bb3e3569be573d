/* reader.c -- game-by-game reading from a stream.  The buffer holds at
 * least the game being read and always starts at the beginning of a line;
 * when a game runs past its end, the buffer slides (dropping the games
 * handed out), fills up, and the game is read again from its start.
 *
 * A regular file is mapped rather than read: the buffer is then a window
 * on the mapping that slides the same way, with no bytes copied, and the
 * pages behind it are given back as it goes, so that memory still follows
 * the window and not the file.
 */
#include "syntax/reader.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/filemap.h"
#include "base/lines.h"
#include "base/spill.h"
#include "base/utf8.h"
#include "base/xalloc.h"
#include "syntax/boundary.h"
#include "syntax/internal.h"
#include "syntax/strict.h"

#define LINE_KEEP 4096 /* bytes of a line kept before the next game */

/** Games kept for reuse at most, with the memory of each: more than a
 * thread of pdn check --jobs gives back at once (a part's or a turn's
 * games, a few hundred), or the batches pdn annotate has in flight. */
#define MAX_SPARES 1024

struct pdn_reader {
    const char *name;
    FILE *in;     /* NULL when reading memory or a range */
    int fd;       /* the file of a range, or -1 */
    uint64_t end; /* the end of the range: the input ends there */
    char *buf;    /* owned, of cap bytes, or a window on map */
    size_t cap, len;
    char *map; /* the file mapped (pdn_file_map()), or NULL */
    size_t map_span;
    size_t map_released; /* map's bytes before this are given back */
    char held;           /* the byte of the mapping under buf[len],
                            where the window's NUL stands */
    bool view;           /* buf is a view on a mapping the caller owns
                            (pdn_reader_restart_view()), read only */
    char *own;           /* the buffer of @r's own meanwhile */
    size_t own_cap;
    size_t pos;          /* where the next game's text starts */
    uint64_t base;       /* input offset of buf[0] */
    pdn_loc cur;         /* line and column at pos */
    bool eof;            /* nothing follows buf[len - 1] */
    bool line_start;     /* buf[0] begins a line */
    bool started;        /* BOM and encoding looked at */
    bool encoding_noted; /* the note at the first byte that is not
                            UTF-8 was given */
    bool failed;         /* a read error was reported */
    pdn_game **spares;   /* games given back, to be reused */
    size_t nspares, capspares;
    pdn_tag_cache tag_cache;
    pdn_parse parse; /* the state of reading the last game */
    bool ahead;      /* parse stands past the '[' at pos, which it
                        read as the next game's first token */
    bool ranged;     /* a range: starts at skip, encoding decided */
    size_t skip;     /* bytes of the line before the range's start */
    uint64_t games;
    pdn_reader_options opt;
};

static pdn_reader *
reader_new(const char *name, const pdn_reader_options *opt)
{
    pdn_reader *r = pdn_xcalloc(1, sizeof *r);
    r->name = name;
    if (opt)
        r->opt = *opt;
    if (!r->opt.max_game_bytes)
        r->opt.max_game_bytes = PDN_MAX_GAME_BYTES;
    if (!r->opt.max_depth)
        r->opt.max_depth = PDN_MAX_RAV_DEPTH;
    if (!r->opt.chunk)
        r->opt.chunk = PDN_READ_CHUNK;
    r->cur.line = r->cur.col = 1;
    r->line_start = true;
    r->fd = -1;
    r->end = UINT64_MAX;
    return r;
}

/* Maps @in when it is a regular file not yet read from (filemap.h: the
 * NUL at the window's end is written in the reader's own copy of a page,
 * and may stand right after the file's last byte).  Else leaves @r to
 * read @in. */
static void
map_file(pdn_reader *r, FILE *in)
{
    struct stat st;
    int fd = fileno(in);
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
        st.st_size <= 0 || ftello(in) != 0)
        return;
    size_t span;
    char *map = pdn_file_map(fd, (size_t)st.st_size, &span);
    if (!map)
        return;
    r->map = r->buf = map;
    r->map_span = span;
    r->end = (uint64_t)st.st_size;
    r->held = map[0];
    map[0] = '\0';
}

pdn_reader *
pdn_reader_new(const char *name, FILE *in, const pdn_reader_options *opt)
{
    pdn_reader *r = reader_new(name, opt);
    r->in = in;
    if (!r->opt.no_map)
        map_file(r, in);
    return r;
}

pdn_reader *
pdn_reader_new_mem(const char *name, const char *data, size_t len,
                   const pdn_reader_options *opt)
{
    pdn_reader *r = reader_new(name, opt);
    /* A copy, for the NUL the lexer wants after the bytes (lexer.h). */
    r->buf = pdn_xmalloc(len + 1);
    memcpy(r->buf, data, len);
    r->buf[len] = '\0';
    r->len = len;
    r->cap = len + 1;
    r->eof = true;
    return r;
}

void
pdn_reader_free(pdn_reader *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->nspares; i++)
        pdn_game_free(r->spares[i]);
    free(r->spares);
    if (r->map)
        pdn_file_unmap(r->map, r->map_span);
    else
        free(r->view ? r->own : r->buf);
    free(r);
}

void
pdn_reader_recycle(pdn_reader *r, pdn_game *g)
{
    if (!g)
        return;
    /* Games come back many at a time from the threads of pdn check and
     * pdn annotate: keep enough for the next turn or batch. */
    if (!r || r->nspares == MAX_SPARES) {
        pdn_game_free(g);
        return;
    }
    if (r->nspares == r->capspares) {
        r->capspares = r->capspares ? 2 * r->capspares : 8;
        r->spares = pdn_xrealloc(r->spares, r->capspares * sizeof *r->spares);
    }
    pdn_arena_reset(&g->arena);
    if (g->raw_file) {
        fclose(g->raw_file);
        g->raw_file = NULL;
    }
    r->spares[r->nspares++] = g;
}

/* A game to fill: a spare one, emptied, or a new one. */
static pdn_game *
fresh_game(pdn_reader *r)
{
    if (r->nspares == 0)
        return pdn_game_new();
    pdn_game *g = r->spares[--r->nspares];
    /* Field by field, not memset: a call with its own dispatch, for some
     * 140 bytes; the assertion asks for a new field to be added here. */
    _Static_assert(sizeof(pdn_game) == sizeof(pdn_arena) + 19 * 8,
                   "fresh_game() empties every field of pdn_game");
    g->file = NULL;
    g->number = g->span = g->end = 0;
    g->start = g->result_at = (pdn_loc){0, 0, 0};
    g->tags = NULL;
    g->ntags = 0;
    g->preamble = g->moves = NULL;
    g->result = PDN_RESULT_NONE;
    g->result_text = NULL;
    g->errors = 0;
    g->raw = NULL;
    g->raw_len = 0;
    g->raw_file = NULL;
    g->raw_lost = false;
    return g;
}

uint64_t
pdn_reader_bytes(const pdn_reader *r)
{
    return r->base + r->len;
}

uint64_t
pdn_reader_games(const pdn_reader *r)
{
    return r->games;
}

/* ---- Filling the buffer ---- */

/* Reads up to @n bytes into the buffer after its end: from the stream,
 * or from the range's file at their offset.  Returns how many; 0 at the
 * end of the input (errno 0) or on an error (errno set). */
static size_t
read_some(pdn_reader *r, size_t n)
{
    if (r->fd < 0)
        return fread(r->buf + r->len, 1, n, r->in);
    for (;;) {
        errno = 0;
        if (n == 0)
            return 0;
        ssize_t got =
            pread(r->fd, r->buf + r->len, n, (off_t)(r->base + r->len));
        if (got >= 0)
            return (size_t)got;
        if (errno != EINTR)
            return 0;
    }
}

/* Drops the bytes before pos (games handed out), then reads until the
 * buffer has grown by a chunk or the input ends.  Returns 0, or -1 on a
 * read error (reported in @d). */
/* The bytes before pos that the buffer may drop: the games handed out,
 * but for the start of pos's line, kept for the source line of
 * diagnostics unless it is far back (a file on one line). */
static size_t
droppable(const pdn_reader *r)
{
    size_t keep = r->pos;
    size_t line = keep;
    while (line > 0 && keep - line < LINE_KEEP && r->buf[line - 1] != '\n' &&
           r->buf[line - 1] != '\r')
        line--;
    if (line == 0 || r->buf[line - 1] == '\n' || r->buf[line - 1] == '\r')
        keep = line;
    return keep;
}

/* refill() of a mapped file: the window starts @keep bytes on and grows
 * by a chunk, its NUL moved to its new end; the whole pages before it are
 * given back. */
static void
slide(pdn_reader *r, size_t keep)
{
    r->buf[r->len] = r->held;
    r->buf += keep;
    r->len -= keep;
    r->pos -= keep;
    r->base += keep;
    size_t chunk = r->opt.chunk;
    if (r->end - (r->base + r->len) <= chunk) {
        r->len = (size_t)(r->end - r->base);
        r->eof = true;
    } else {
        r->len += chunk;
    }
    r->held = r->buf[r->len];
    r->buf[r->len] = '\0';
    pdn_file_release(r->map, &r->map_released, (size_t)(r->buf - r->map));
}

static int
refill(pdn_reader *r, pdn_diags *d)
{
    size_t keep = droppable(r);
    if (keep > 0)
        r->line_start = r->buf[keep - 1] == '\n' || r->buf[keep - 1] == '\r';
    if (r->map) {
        /* A file cut short under the mapping would kill the process at
         * the first byte past its new end: said as a read error instead
         * (but for a cut while this window is read). */
        struct stat st;
        if (fstat(fileno(r->in), &st) == 0 && (uint64_t)st.st_size < r->end) {
            pdn_loc at = {r->base + r->len, 0, 0};
            pdn_diags_add(d, PDN_SEV_ERROR, PDN_E_UNEXPECTED, r->name, at, 0,
                          "cannot read: the file shrank while it was read");
            r->failed = true;
            return -1;
        }
        slide(r, keep);
        return 0;
    }
    if (keep > 0) {
        memmove(r->buf, r->buf + keep, r->len - keep);
        r->len -= keep;
        r->pos -= keep;
        r->base += keep;
    }
    size_t chunk = r->opt.chunk;
    if (r->end - (r->base + r->len) < chunk)
        chunk = (size_t)(r->end - (r->base + r->len));
    if (r->cap - r->len < chunk + 1) {
        size_t cap = r->cap ? r->cap : chunk + 1;
        while (cap - r->len < chunk + 1)
            cap *= 2;
        r->buf = pdn_xrealloc(r->buf, cap);
        r->cap = cap;
    }
    size_t want = r->len + chunk;
    while (r->len < want) {
        size_t n = read_some(r, want - r->len);
        r->len += n;
        if (n == 0) {
            if (r->fd >= 0 ? errno != 0 : ferror(r->in)) {
                r->buf[r->len] = '\0';
                pdn_loc at = {r->base + r->len, 0, 0};
                pdn_diags_add(d, PDN_SEV_ERROR, PDN_E_UNEXPECTED, r->name, at,
                              0, "cannot read: %s", strerror(errno));
                r->failed = true;
                return -1;
            }
            r->eof = true;
            break;
        }
    }
    if (r->base + r->len >= r->end)
        r->eof = true;
    r->buf[r->len] = '\0'; /* the lexer's stop (lexer.h) */
    return 0;
}

size_t
pdn_reader_bom(const char *head, size_t len)
{
    return len >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

const char *
pdn_reader_wide_encoding(const char *head, size_t len)
{
    static const struct {
        const char *bom;
        size_t len;
        const char *name;
    } boms[] = {
        {"\xFF\xFE\0\0", 4, "UTF-32 (little-endian)"},
        {"\0\0\xFE\xFF", 4, "UTF-32 (big-endian)"},
        {"\xFF\xFE", 2, "UTF-16 (little-endian)"},
        {"\xFE\xFF", 2, "UTF-16 (big-endian)"},
    };
    for (size_t i = 0; i < sizeof boms / sizeof *boms; i++)
        if (len >= boms[i].len && memcmp(head, boms[i].bom, boms[i].len) == 0)
            return boms[i].name;
    return NULL;
}

/* At the start: skip a UTF-8 byte order mark; refuse a file that a byte
 * order mark says is UTF-16 or UTF-32 (-1, said in @d).  A range starts
 * where it was told. */
static int
start(pdn_reader *r, pdn_diags *d)
{
    r->started = true;
    if (r->ranged) {
        r->pos = r->skip;
        return 0;
    }
    const char *wide = pdn_reader_wide_encoding(r->buf, r->len);
    if (wide) {
        pdn_loc at = {0, 1, 1};
        pdn_diags_add(d, PDN_SEV_ERROR, PDN_E_UNEXPECTED, r->name, at, 0,
                      "the file is %s, by its byte order mark: not read "
                      "(pdn reads UTF-8; iconv -f %.6s -t UTF-8 converts it)",
                      wide, wide);
        r->failed = true;
        return -1;
    }
    r->pos = pdn_reader_bom(r->buf, r->len);
    r->cur.off = r->pos;
    return 0;
}

/* ---- Games ---- */

/* Bytes kept before the end of the buffer while a game too large is
 * skipped: the result and blanks before a boundary that the next bytes
 * complete (a line end at the end, a '[' next). */
#define BOUNDARY_CONTEXT 64

/* Adds the bytes from *@from up to @to (offsets in the input, in the
 * buffer) to the text of @g kept in its temporary file, if it has one. */
static void
spill(pdn_reader *r, pdn_game *g, uint64_t *from, uint64_t to)
{
    if (to <= *from)
        return;
    size_t n = (size_t)(to - *from);
    if (g->raw_file &&
        fwrite(r->buf + (*from - r->base), 1, n, g->raw_file) != n)
        g->raw_lost = true;
    *from = to;
}

/* Moves @r's place on to buf[@to], counting the lines passed. */
static void
advance(pdn_reader *r, size_t to)
{
    const char *from = r->buf + r->pos;
    r->cur.line += pdn_lines_count(from, to - r->pos);
    r->cur.off = r->base + to;
    r->pos = to;
}

/* A game too large for the limit: reported, and skipped up to the first
 * game boundary after its start (boundary.h), or to the end of the input:
 * the next game read is one of its own, never the rest of this one.
 * When the reader keeps the games' text, the skipped bytes go to a
 * temporary file (g->raw_file, rewound), for the writers to pass through
 * as read without holding them in memory. */
static void
skip_huge_game(pdn_reader *r, pdn_game *g, pdn_diags *d)
{
    pdn_loc at = {r->base + r->pos, r->cur.line, r->cur.col};
    pdn_diags_add(d, PDN_SEV_ERROR, PDN_E_TOO_BIG, r->name, at, g->number,
                  "a game longer than %zu bytes: not read, up to the next "
                  "game after a result",
                  r->opt.max_game_bytes);
    g->errors++;
    g->start = at;
    g->span = at.off;
    if (r->opt.keep_raw && !(g->raw_file = pdn_spill_new())) {
        g->raw_lost = true;
        pdn_diags_add(d, PDN_SEV_ERROR, PDN_E_UNEXPECTED, r->name, at,
                      g->number, "cannot keep the text of this game: %s",
                      strerror(errno));
    }
    uint64_t copied = at.off;   /* the text before this is in raw_file */
    uint64_t look = at.off + 1; /* the game's own '[' is no boundary */
    for (;;) {
        size_t found = (size_t)(look - r->base);
        bool boundary = pdn_boundary_find(r->buf, r->len, &found);
        if (boundary || r->eof) {
            size_t end = boundary ? found : r->len;
            spill(r, g, &copied, r->base + end);
            advance(r, end);
            if (boundary)
                r->cur.col = 1;
            break;
        }
        /* No boundary before the end of the buffer: all of it is the
         * game's.  The last bytes stay for a boundary the next ones make. */
        spill(r, g, &copied, r->base + r->len);
        look = r->base + found;
        if (r->len > r->pos + BOUNDARY_CONTEXT)
            advance(r, r->len - BOUNDARY_CONTEXT);
        if (refill(r, d) < 0)
            break;
    }
    g->end = r->cur.off;
    g->raw_len = (size_t)(g->end - g->span);
    if (g->raw_file && (fflush(g->raw_file) != 0 || ferror(g->raw_file)))
        g->raw_lost = true;
    if (g->raw_file)
        rewind(g->raw_file);
}

/* One attempt at the game at pos over the bytes in the buffer.  When the
 * game before ended at a '[', the lexer goes on from there: the buffer
 * has not moved since (a refill follows only an attempt that ran out of
 * bytes, which leaves nothing ahead). */
static int
read_game(pdn_reader *r, pdn_game *g, pdn_diags *d, bool *more)
{
    pdn_parse *p = &r->parse;
    if (!r->ahead) {
        memset(p, 0, sizeof *p);
        pdn_lexer_init(&p->lx, r->buf, r->len, r->base, r->eof, r->line_start);
        pdn_lexer_seek(&p->lx, r->pos, r->cur.line, r->cur.col);
        p->file = r->name;
        p->buf = r->buf;
        p->base = r->base;
        p->encoding_noted = &r->encoding_noted;
        p->tagmap = r->opt.tagmap;
        p->tag_cache = &r->tag_cache;
        p->max_depth = r->opt.max_depth;
    }
    p->ahead = r->ahead;
    p->more = p->failed = false;
    p->game = g;
    p->diags = d;
    r->ahead = false;
    int got = pdn_parse_game(p);
    *more = p->more;
    if (p->more)
        return 0;
    /* The next game starts at the token after this one; what lies between
     * (blanks) goes with this game's text. */
    r->cur = (pdn_loc){p->tok.off, p->tok.line, p->tok.col};
    r->pos = (size_t)(p->tok.off - r->base);
    g->raw_len = (size_t)(p->tok.off - g->span);
    r->ahead = p->tok.kind == PDN_TOK_LBRACKET;
    return got;
}

/* Where the byte @at of @g's text stands, its first byte standing at
 * @from: lines and columns counted on from there, as the lexer counts. */
static pdn_loc
loc_in(const pdn_game *g, const char *text, pdn_loc from, size_t at)
{
    pdn_loc loc = from;
    for (size_t i = 0; i < at; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '\n' || (c == '\r' && text[i + 1] != '\n')) {
            loc.line++;
            loc.col = 1;
        } else if (c != '\r' && (c & 0xC0) != 0x80) {
            loc.col++;
        }
    }
    loc.off = g->span + at;
    return loc;
}

/* A warning at the first control byte of @g's text (base/lines.h), whose
 * start is at @from: such a byte means a damaged file. */
static void
note_controls(const pdn_reader *r, const pdn_game *g, pdn_loc from,
              pdn_diags *d)
{
    const char *text = r->buf + (g->span - r->base);
    size_t at = pdn_control_find(text, g->raw_len);
    if (at == g->raw_len)
        return;
    pdn_loc loc = loc_in(g, text, from, at);
    size_t more = 0;
    for (size_t i = at + 1; i < g->raw_len; i++)
        more += pdn_is_stray_control((unsigned char)text[i]);
    char others[48] = "";
    if (more)
        snprintf(others, sizeof others, " (and %zu more in this game)", more);
    pdn_diags_add(d, PDN_SEV_WARNING, PDN_W_CONTROL, r->name, loc, g->number,
                  "a control byte 0x%02X%s: the file is likely damaged",
                  (unsigned char)text[at], others);
}

/* --strict: an error where @g's text, whose start is at @from, leaves the
 * standard's reading grammar.  The game may go without its separator if
 * the input ends after it. */
static void
check_strict(pdn_reader *r, pdn_game *g, pdn_loc from)
{
    const char *text = r->buf + (g->span - r->base);
    pdn_strict_fault f;
    if (pdn_strict_game(text, g->raw_len, r->parse.tok.kind == PDN_TOK_EOF, &f))
        return;
    pdn_diag *diag = pdn_parse_report(&r->parse, PDN_SEV_ERROR, PDN_E_NOT_PDN3,
                                      loc_in(g, text, from, f.at),
                                      "not PDN 3.0: %s", f.message);
    size_t n = 0;
    while (n < f.len && text[f.at + n] != '\n' && text[f.at + n] != '\r')
        n++;
    diag->span = (uint32_t)pdn_utf8_count(text + f.at, n);
    g->errors++;
}

int
pdn_reader_next(pdn_reader *r, pdn_game **out, pdn_diags *d)
{
    *out = NULL;
    if (r->failed)
        return -1;
    if (!r->started) {
        /* Enough bytes to see a byte order mark, however small the
         * chunks. */
        while (!r->eof && r->len < r->skip + 4)
            if (refill(r, d) < 0)
                return -1;
        if (start(r, d) < 0)
            return -1;
    }
    for (;;) {
        pdn_game *g = fresh_game(r);
        g->file = r->name;
        g->number = r->games + 1;
        size_t mark = d->count, pos = r->pos;
        pdn_loc cur = r->cur;
        bool noted = r->encoding_noted, more;
        int got = read_game(r, g, d, &more);
        if (got && r->pos - pos > r->opt.max_game_bytes) {
            /* Read whole (a view, or the last bytes of the input came in
               with it), the game is still too large for the limit. */
            r->pos = pos;
            r->cur = cur;
            r->ahead = false;
            more = true;
        }
        if (more) {
            pdn_reader_recycle(r, g);
            pdn_diags_truncate(d, mark);
            r->encoding_noted = noted;
            if (r->len - r->pos >= r->opt.max_game_bytes) {
                g = pdn_game_new();
                g->file = r->name;
                g->number = ++r->games;
                skip_huge_game(r, g, d);
                *out = g;
                return 1;
            }
            if (refill(r, d) < 0)
                return -1;
            continue;
        }
        if (!got) {
            pdn_reader_recycle(r, g);
            return 0;
        }
        note_controls(r, g, cur, d);
        if (r->opt.strict)
            check_strict(r, g, cur);
        if (r->opt.keep_raw)
            g->raw = pdn_arena_strndup(&g->arena, r->buf + (g->span - r->base),
                                       g->raw_len);
        r->games++;
        *out = g;
        return 1;
    }
}

/* ---- Ranges ---- */

pdn_reader *
pdn_reader_new_range(const char *name, int fd, const pdn_reader_range *range,
                     const pdn_reader_options *opt)
{
    pdn_reader *r = reader_new(name, opt);
    pdn_reader_restart(r, name, fd, range, NULL, 0);
    return r;
}

/* Leaves the mapped file for a range: the buffer is its own again. */
static void
leave_map(pdn_reader *r)
{
    if (!r->map)
        return;
    pdn_file_unmap(r->map, r->map_span);
    r->map = NULL;
    r->map_span = r->map_released = 0;
    r->buf = NULL;
    r->cap = r->len = 0;
}

/* The state of pdn_reader_restart(), but for the buffer. */
static void
restart_state(pdn_reader *r, const char *name, int fd,
              const pdn_reader_range *range)
{
    leave_map(r);
    if (r->view) {
        r->buf = r->own;
        r->cap = r->own_cap;
        r->view = false;
    }
    r->name = name;
    r->in = NULL;
    r->fd = fd;
    r->end = range->end;
    r->len = r->pos = 0;
    r->base = range->from;
    r->skip = (size_t)(range->at.off - range->from);
    r->cur = range->at;
    r->eof = range->from >= range->end;
    r->line_start = range->from < range->at.off || range->at.col == 1;
    r->ranged = true;
    r->started = false;
    r->encoding_noted = range->noted;
    r->failed = r->ahead = false;
    r->games = range->games;
}

/* The buffer holds @len bytes from the range's start on. */
static void
restart_bytes(pdn_reader *r, size_t len)
{
    r->len = len;
    if (r->base + r->len >= r->end)
        r->eof = true;
    r->buf[r->len] = '\0';
}

void
pdn_reader_restart(pdn_reader *r, const char *name, int fd,
                   const pdn_reader_range *range, const char *head,
                   size_t nhead)
{
    restart_state(r, name, fd, range);
    if (range->end - range->from < nhead)
        nhead = (size_t)(range->end - range->from);
    if (r->cap < nhead + 1) {
        r->cap = nhead + 1;
        r->buf = pdn_xrealloc(r->buf, r->cap);
    }
    if (nhead)
        memcpy(r->buf, head, nhead);
    restart_bytes(r, nhead);
}

void
pdn_reader_restart_taking(pdn_reader *r, const char *name, int fd,
                          const pdn_reader_range *range, char **buf,
                          size_t *cap, size_t len)
{
    restart_state(r, name, fd, range);
    char *own = r->buf;
    size_t own_cap = r->cap;
    r->buf = *buf;
    r->cap = *cap;
    *buf = own;
    *cap = own_cap;
    if (range->end - range->from < len)
        len = (size_t)(range->end - range->from);
    restart_bytes(r, len);
}

void
pdn_reader_restart_view(pdn_reader *r, const char *name, int fd,
                        const pdn_reader_range *range, const char *map,
                        uint64_t size)
{
    restart_state(r, name, fd, range);
    r->own = r->buf;
    r->own_cap = r->cap;
    r->view = true;
    /* Never written: the lexer's NUL is the mapping's, after the file. */
    uint64_t from = range->from < size ? range->from : size;
    r->buf = (char *)(uintptr_t)(map + from);
    r->cap = 0;
    r->len = (size_t)(size - from);
    r->eof = true;
}

void
pdn_reader_resume(const pdn_reader *r, pdn_reader_range *out)
{
    pdn_loc at = r->cur;
    size_t i = at.off >= r->base ? (size_t)(at.off - r->base) : 0;
    if (i > r->len)
        i = r->len;
    while (i > 0 && r->buf[i - 1] != '\n' && r->buf[i - 1] != '\r')
        i--;
    bool line = i > 0 ? r->buf[i - 1] == '\n' || r->buf[i - 1] == '\r'
                      : at.off >= r->base && r->line_start;
    out->from = line ? r->base + i : at.off;
    out->at = at;
    out->end = r->end;
    out->games = r->games;
    out->noted = r->encoding_noted;
}

uint64_t
pdn_reader_offset(const pdn_reader *r)
{
    return r->cur.off;
}

bool
pdn_reader_noted(const pdn_reader *r)
{
    return r->encoding_noted;
}
