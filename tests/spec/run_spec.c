/* run_spec.c -- runs the examples of one spec file (cmark's spec style):
 * each example's input is read as PDN, and the trace of every game and
 * then every diagnostic, rendered without colour, must equal its expected
 * output.  Every game read must also pass pdn_game_check().
 *
 *   run_spec FILE.txt
 *
 * An example is 32 backticks and " example", the input, a line holding
 * ".", the expected output, and 32 backticks.  In both, "→" stands for a
 * tab and "␍" for a carriage return.  Everything else is prose.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "model/game.h"
#include "model/tagmap.h"
#include "syntax/reader.h"
#include "write/trace.h"

#define FENCE "````````````````````````````````"
#define TAB_MARK "\xE2\x86\x92" /* → U+2192 */
#define CR_MARK "\xE2\x90\x8D"  /* ␍ U+240D */

/* One line of the spec file: a span of its text, without the '\n'. */
typedef struct line {
    const char *s;
    size_t len;
} line;

typedef struct spec {
    char *text;
    line *lines;
    size_t count;
} spec;

/* ---- Reading the spec file ---- */

static char *
read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    pdn_strbuf b = PDN_STRBUF_INIT;
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        pdn_strbuf_put(&b, chunk, n);
    bool bad = ferror(f) != 0;
    fclose(f);
    if (bad) {
        pdn_strbuf_free(&b);
        return NULL;
    }
    *len = b.len;
    if (!b.ptr)
        return pdn_xstrndup("", 0);
    return pdn_strbuf_detach(&b);
}

static void
split_lines(spec *sp, size_t len)
{
    size_t cap = 256;
    sp->lines = pdn_xmalloc(cap * sizeof *sp->lines);
    sp->count = 0;
    const char *s = sp->text, *end = sp->text + len;
    while (s < end) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        const char *e = nl ? nl : end;
        if (sp->count == cap) {
            cap *= 2;
            sp->lines = pdn_xrealloc(sp->lines, cap * sizeof *sp->lines);
        }
        sp->lines[sp->count].s = s;
        sp->lines[sp->count].len = (size_t)(e - s);
        sp->count++;
        s = nl ? nl + 1 : end;
    }
}

static bool
line_is(const line *l, const char *text)
{
    return l->len == strlen(text) && memcmp(l->s, text, l->len) == 0;
}

/* Appends @l to @out with the marks for tab and CR replaced, then '\n'. */
static void
put_unmarked(pdn_strbuf *out, const line *l)
{
    size_t from = 0;
    for (size_t i = 0; i + 3 <= l->len; i++) {
        const char *rep = NULL;
        if (memcmp(l->s + i, TAB_MARK, 3) == 0)
            rep = "\t";
        else if (memcmp(l->s + i, CR_MARK, 3) == 0)
            rep = "\r";
        if (!rep)
            continue;
        pdn_strbuf_put(out, l->s + from, i - from);
        pdn_strbuf_puts(out, rep);
        from = i + 3;
        i += 2;
    }
    pdn_strbuf_put(out, l->s + from, l->len - from);
    pdn_strbuf_putc(out, '\n');
}

/* ---- Squares of written moves ---- */

/* The trace shows a move as written, not the squares the reader took
 * from it; this works them out again, independently, from the text:
 * four digits are two squares, "c3" is file and rank, any other run of
 * digits is one square.  The separator is the first one other than '-'
 * ('X' read as 'x'), else '-', else none. */
static void
squares_of(const char *s, size_t len, pdn_move_text *w)
{
    memset(w, 0, sizeof *w);
    bool digits = len == 4;
    for (size_t i = 0; i < len; i++)
        digits = digits && s[i] >= '0' && s[i] <= '9';
    if (digits) {
        w->squares[0] = (uint8_t)((s[0] - '0') * 10 + (s[1] - '0'));
        w->squares[1] = (uint8_t)((s[2] - '0') * 10 + (s[3] - '0'));
        w->count = 2;
        return;
    }
    for (size_t i = 0; i < len && w->count < PDN_MOVE_MAX_SQUARES;) {
        char c = s[i];
        if (c >= 'a' && c <= 'h' && i + 1 < len && s[i + 1] >= '1' &&
            s[i + 1] <= '8') {
            w->squares[w->count++] =
                (uint8_t)(PDN_SQUARE_ALPHA | (c - 'a') << 3 | (s[i + 1] - '1'));
            i += 2;
        } else if (c >= '0' && c <= '9') {
            unsigned v = 0;
            for (; i < len && s[i] >= '0' && s[i] <= '9'; i++)
                v = v * 10 + (unsigned)(s[i] - '0');
            w->squares[w->count++] = (uint8_t)v;
        } else {
            char sep = c == 'X' ? 'x' : c;
            if (sep != ' ' && (!w->separator || w->separator == '-'))
                w->separator = sep;
            i++;
        }
    }
}

/* A separator for a message: the character, or nothing. */
static const char *
separator_name(char c, char buf[2])
{
    buf[0] = c;
    buf[1] = '\0';
    return buf;
}

/* Compares the squares of every move under @n with squares_of(); notes
 * each difference in @notes and returns how many there are. */
static int
check_moves(const pdn_node *n, pdn_strbuf *notes)
{
    int bad = 0;
    for (; n; n = n->next) {
        if (n->kind == PDN_NODE_VARIATION)
            bad += check_moves(n->children, notes);
        if (n->kind != PDN_NODE_MOVE)
            continue;
        pdn_move_text want, written;
        const pdn_move_text *got = &written;
        pdn_node_written(n, &written);
        squares_of(n->text, n->len, &want);
        if (want.count == got->count && want.separator == got->separator &&
            memcmp(want.squares, got->squares, want.count) == 0)
            continue;
        bad++;
        char sep[2];
        pdn_strbuf_printf(notes, "# move '%s' read as", n->text);
        for (int i = 0; i < got->count; i++)
            pdn_strbuf_printf(notes, " %d", got->squares[i]);
        pdn_strbuf_printf(notes, " (separator '%s'), expected",
                          separator_name(got->separator, sep));
        for (int i = 0; i < want.count; i++)
            pdn_strbuf_printf(notes, " %d", want.squares[i]);
        pdn_strbuf_printf(notes, " (separator '%s')\n",
                          separator_name(want.separator, sep));
    }
    return bad;
}

/* ---- Running one example ---- */

/* Reads @input and writes the traces, then the diagnostics, to @got.
 * Returns the number of faults, each described in @notes: games that fail
 * pdn_game_check(), and moves whose squares are not those written. */
static int
run_example(const pdn_strbuf *input, const pdn_tagmap *tags, pdn_strbuf *got,
            pdn_strbuf *notes)
{
    pdn_reader_options opt = {.tagmap = tags};
    pdn_reader *r = pdn_reader_new_mem("spec.pdn", input->ptr ? input->ptr : "",
                                       input->len, &opt);
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_game *g;
    int faulty = 0;
    while (pdn_reader_next(r, &g, &d) > 0) {
        pdn_trace_game(g, got);
        int faults = pdn_game_check(g);
        if (faults)
            pdn_strbuf_printf(notes,
                              "# game %llu: pdn_game_check: %d fault(s)\n",
                              (unsigned long long)g->number, faults);
        faulty += faults;
        faulty += check_moves(g->moves, notes);
        pdn_game_free(g);
    }
    for (size_t i = 0; i < d.count; i++)
        pdn_diag_render(&d.items[i], false, got);
    pdn_diags_free(&d);
    pdn_reader_free(r);
    return faulty;
}

/* ---- Showing a failure ---- */

/* Lines of @text (each ending in '\n', the last perhaps not). */
static line *
lines_of(const char *text, size_t len, size_t *count)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        if (text[i] == '\n')
            n++;
    line *ls = pdn_xmalloc((n + 2) * sizeof *ls);
    *count = 0;
    const char *s = text, *end = text + len;
    while (s < end) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        const char *e = nl ? nl : end;
        ls[*count].s = s;
        ls[*count].len = (size_t)(e - s);
        (*count)++;
        s = nl ? nl + 1 : end;
    }
    return ls;
}

/* "# -line" with tabs and CRs shown as the marks the spec uses. */
static void
show_line(char sign, const line *l)
{
    printf("#   %c", sign);
    for (size_t i = 0; i < l->len; i++) {
        if (l->s[i] == '\t')
            fputs(TAB_MARK, stdout);
        else if (l->s[i] == '\r')
            fputs(CR_MARK, stdout);
        else
            putchar(l->s[i]);
    }
    putchar('\n');
}

static bool
same_line(const line *a, const line *b)
{
    return a->len == b->len && memcmp(a->s, b->s, a->len) == 0;
}

/* A line diff of @want against @got by longest common subsequence:
 * "-" lines are expected but missing, "+" lines are got but unexpected. */
static void
show_diff(const pdn_strbuf *want, const pdn_strbuf *got)
{
    size_t nw, ng;
    line *w = lines_of(want->ptr ? want->ptr : "", want->len, &nw);
    line *g = lines_of(got->ptr ? got->ptr : "", got->len, &ng);
    size_t *lcs = pdn_xcalloc((nw + 1) * (ng + 1), sizeof *lcs);
#define LCS(i, j) lcs[(i) * (ng + 1) + (j)]
    for (size_t i = nw; i-- > 0;)
        for (size_t j = ng; j-- > 0;)
            LCS(i, j) = same_line(&w[i], &g[j])
                            ? LCS(i + 1, j + 1) + 1
                            : (LCS(i + 1, j) > LCS(i, j + 1) ? LCS(i + 1, j)
                                                             : LCS(i, j + 1));
    printf("#   (- expected, + got)\n");
    size_t i = 0, j = 0;
    while (i < nw || j < ng) {
        if (i < nw && j < ng && same_line(&w[i], &g[j])) {
            show_line(' ', &w[i]);
            i++;
            j++;
        } else if (j < ng && (i == nw || LCS(i, j + 1) >= LCS(i + 1, j))) {
            show_line('+', &g[j]);
            j++;
        } else {
            show_line('-', &w[i]);
            i++;
        }
    }
#undef LCS
    if (want->len && want->ptr[want->len - 1] != '\n')
        printf("#   (the expected output does not end in a newline)\n");
    free(lcs);
    free(w);
    free(g);
}

/* ---- The spec file ---- */

typedef struct tally {
    int number, passed, failed;
} tally;

/* The heading text of a markdown heading line. */
static void
set_heading(const line *l, const char **heading, int *len)
{
    size_t i = 0;
    while (i < l->len && l->s[i] == '#')
        i++;
    while (i < l->len && l->s[i] == ' ')
        i++;
    *heading = l->s + i;
    *len = (int)(l->len - i);
}

/* Runs the example whose opening fence is at line @at; returns the line
 * after its closing fence. */
static size_t
example(const spec *sp, size_t at, const char *heading, int hlen,
        const pdn_tagmap *tags, tally *t)
{
    pdn_strbuf input = PDN_STRBUF_INIT, want = PDN_STRBUF_INIT;
    pdn_strbuf got = PDN_STRBUF_INIT, notes = PDN_STRBUF_INIT;
    size_t i = at + 1;
    for (; i < sp->count && !line_is(&sp->lines[i], "."); i++)
        put_unmarked(&input, &sp->lines[i]);
    size_t dot = i++;
    for (; i < sp->count && !line_is(&sp->lines[i], FENCE); i++)
        put_unmarked(&want, &sp->lines[i]);
    t->number++;
    if (i >= sp->count) {
        t->failed++;
        printf("not ok %d - %.*s\n# line %zu: example without %s\n", t->number,
               hlen, heading, at + 1,
               dot >= sp->count ? "'.'" : "its closing fence");
        goto out;
    }
    int faulty = run_example(&input, tags, &got, &notes);
    bool same = got.len == want.len &&
                (got.len == 0 || memcmp(got.ptr, want.ptr, got.len) == 0);
    if (same && !faulty) {
        t->passed++;
        printf("ok %d - %.*s\n", t->number, hlen, heading);
    } else {
        t->failed++;
        printf("not ok %d - %.*s\n# example at line %zu\n", t->number, hlen,
               heading, at + 1);
        if (faulty)
            fputs(notes.ptr, stdout);
        if (!same)
            show_diff(&want, &got);
    }
    i++;
out:
    pdn_strbuf_free(&input);
    pdn_strbuf_free(&want);
    pdn_strbuf_free(&got);
    pdn_strbuf_free(&notes);
    return i;
}

int
main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: run_spec FILE.txt\n");
        return 2;
    }
    size_t len = 0;
    spec sp = {NULL, NULL, 0};
    sp.text = read_file(argv[1], &len);
    if (!sp.text) {
        fprintf(stderr, "run_spec: cannot read %s\n", argv[1]);
        return 2;
    }
    split_lines(&sp, len);
    pdn_tagmap *tags = pdn_tagmap_new();
    tally t = {0, 0, 0};
    const char *heading = "";
    int hlen = 0;
    for (size_t i = 0; i < sp.count;) {
        const line *l = &sp.lines[i];
        if (line_is(l, FENCE " example")) {
            i = example(&sp, i, heading, hlen, tags, &t);
            continue;
        }
        if (l->len > 0 && l->s[0] == '#')
            set_heading(l, &heading, &hlen);
        i++;
    }
    printf("%d passed, %d failed\n", t.passed, t.failed);
    if (t.number == 0)
        printf("# %s: no example found\n", argv[1]);
    pdn_tagmap_free(tags);
    free(sp.lines);
    free(sp.text);
    return t.failed > 0 || t.number == 0;
}
