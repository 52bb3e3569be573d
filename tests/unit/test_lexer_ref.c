/* test_lexer_ref.c -- the differential test of the lexer: a slow reference
 * lexer built at run time from grammar/tokens (one PCRE2 pattern per token
 * class, tried in file order, first match wins) must cut every corpus file
 * into the same tokens as the fast lexer of src/syntax/lexer.c; and the
 * lexer's short ways through tags and movetexts (pdn_lexer_tag,
 * pdn_lexer_run) must give the same tokens as its general one; and every
 * move and move number the reader makes into a node (most of them the
 * short way, straight from the bytes) must be the token the general way
 * reads at that place, with its position and values.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "base/diag.h"
#include "base/utf8.h"
#include "model/game.h"
#include "syntax/lexer.h"
#include "syntax/nodes.h"
#include "syntax/reader.h"
#include "syntax/token.h"

#define TOKENS_FILE PDN_SOURCE_ROOT "/grammar/tokens"
#define OWN_CORPUS PDN_SOURCE_ROOT "/corpus"
#define SHARED_CORPORA PDN_SOURCE_ROOT "/../shared/corpora"

/* The token classes that grammar/tokens must define, each once. */
#define FIRST_CLASS PDN_TOK_LBRACKET
#define LAST_CLASS PDN_TOK_ERROR

/* What the reference lexer returns when no class matches: a defect of
 * grammar/tokens, since the fast lexer always finds a token. */
#define REF_NO_MATCH PDN_TOK_KIND_COUNT

/* ---- The reference lexer ---- */

typedef struct ref_class {
    pdn_token_kind kind;
    pcre2_code *code;
} ref_class;

typedef struct ref_lexer {
    ref_class classes[PDN_TOK_KIND_COUNT];
    size_t count;
    pcre2_code *skip;        /* blanks between tokens */
    pcre2_match_data *match; /* shared: only the whole match is read */
    bool jit;                /* every pattern JIT-compiled */
} ref_lexer;

/* A token of either lexer, as compared. */
typedef struct tok_view {
    int kind;
    size_t off, len;
} tok_view;

/* State of one comparison run (no mutable globals). */
typedef struct run_ctx {
    const ref_lexer *ref;
    size_t files;
    size_t tokens;
    size_t failed_files;
    size_t nodes; /* moves and move numbers of the reader's games */
} run_ctx;

static pcre2_code *
compile_pattern(const char *name, const char *pat, size_t len, bool *jit)
{
    int err;
    PCRE2_SIZE where;
    pcre2_code *code =
        pcre2_compile((PCRE2_SPTR)pat, len, PCRE2_ANCHORED, &err, &where, NULL);
    if (code == NULL) {
        PCRE2_UCHAR msg[256];
        pcre2_get_error_message(err, msg, sizeof msg);
        fprintf(stderr, "%s: class %s: pattern error at %zu: %s\n", TOKENS_FILE,
                name, (size_t)where, (const char *)msg);
        return NULL;
    }
    if (pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) != 0)
        *jit = false;
    return code;
}

static pdn_token_kind
kind_by_name(const char *name, size_t len)
{
    for (int k = FIRST_CLASS; k <= LAST_CLASS; k++) {
        const char *n = pdn_token_kind_name((pdn_token_kind)k);
        if (strlen(n) == len && memcmp(n, name, len) == 0)
            return (pdn_token_kind)k;
    }
    return PDN_TOK_EOF;
}

/* One line of grammar/tokens: "NAME<TAB>pattern", "# SKIP<TAB>pattern",
 * a comment or a blank line.  Returns false on an error (reported). */
static bool
add_line(ref_lexer *ref, const char *line, size_t len, int lineno)
{
    static const char skip_tag[] = "# SKIP\t";
    const char *tab = memchr(line, '\t', len);
    if (len >= sizeof skip_tag - 1 &&
        memcmp(line, skip_tag, sizeof skip_tag - 1) == 0) {
        size_t n = sizeof skip_tag - 1;
        ref->skip = compile_pattern("SKIP", line + n, len - n, &ref->jit);
        return ref->skip != NULL;
    }
    if (len == 0 || line[0] == '#')
        return true;
    pdn_token_kind kind =
        tab ? kind_by_name(line, (size_t)(tab - line)) : PDN_TOK_EOF;
    if (kind == PDN_TOK_EOF) {
        fprintf(stderr,
                "%s:%d: expected a token class of token.h, a TAB "
                "and a pattern\n",
                TOKENS_FILE, lineno);
        return false;
    }
    for (size_t i = 0; i < ref->count; i++) {
        if (ref->classes[i].kind == kind) {
            fprintf(stderr, "%s:%d: class %s defined twice\n", TOKENS_FILE,
                    lineno, pdn_token_kind_name(kind));
            return false;
        }
    }
    size_t n = (size_t)(tab - line) + 1;
    ref_class *c = &ref->classes[ref->count++];
    c->kind = kind;
    c->code = compile_pattern(pdn_token_kind_name(kind), line + n, len - n,
                              &ref->jit);
    return c->code != NULL;
}

static char *
read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n + 1 >= cap) {
            char *bigger = realloc(buf, cap *= 2);
            if (bigger == NULL)
                free(buf);
            buf = bigger;
        }
    }
    fclose(f);
    if (buf != NULL)
        buf[n] = '\0'; /* the lexer reads the NUL after its buffer */
    *len = n;
    return buf;
}

static void
ref_free(ref_lexer *ref)
{
    if (ref == NULL)
        return;
    for (size_t i = 0; i < ref->count; i++)
        pcre2_code_free(ref->classes[i].code);
    pcre2_code_free(ref->skip);
    pcre2_match_data_free(ref->match);
    free(ref);
}

/* Loads grammar/tokens; NULL on an error (reported). */
static ref_lexer *
ref_load(void)
{
    size_t len;
    char *text = read_file(TOKENS_FILE, &len);
    if (text == NULL) {
        fprintf(stderr, "%s: cannot be read\n", TOKENS_FILE);
        return NULL;
    }
    ref_lexer *ref = calloc(1, sizeof *ref);
    bool ok = ref != NULL;
    if (ok)
        ref->jit = true;
    int lineno = 1;
    for (size_t at = 0; ok && at < len; lineno++) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t end = nl ? (size_t)(nl - text) : len;
        ok = add_line(ref, text + at, end - at, lineno);
        at = end + 1;
    }
    free(text);
    if (ok && ref->skip == NULL) {
        fprintf(stderr, "%s: no '# SKIP<TAB>pattern' line\n", TOKENS_FILE);
        ok = false;
    }
    for (int k = FIRST_CLASS; ok && k <= LAST_CLASS; k++) {
        bool found = false;
        for (size_t i = 0; i < ref->count; i++)
            found = found || ref->classes[i].kind == (pdn_token_kind)k;
        if (!found) {
            fprintf(stderr, "%s: class %s is missing\n", TOKENS_FILE,
                    pdn_token_kind_name((pdn_token_kind)k));
            ok = false;
        }
    }
    if (ok && (ref->match = pcre2_match_data_create(1, NULL)) == NULL)
        ok = false;
    if (!ok && ref != NULL) {
        ref_free(ref);
        ref = NULL;
    }
    return ref;
}

/* Length of the match of @code anchored at @pos, or -1. */
static long
match_at(const ref_lexer *ref, const pcre2_code *code, const char *buf,
         size_t len, size_t pos)
{
    int rc = pcre2_match(code, (PCRE2_SPTR)buf, len, pos, 0, ref->match, NULL);
    if (rc < 0)
        return -1;
    PCRE2_SIZE *ov = pcre2_get_ovector_pointer(ref->match);
    return (long)(ov[1] - ov[0]);
}

/* The next token from *@pos (moved past it). */
static tok_view
ref_next(const ref_lexer *ref, const char *buf, size_t len, size_t *pos)
{
    long n = match_at(ref, ref->skip, buf, len, *pos);
    if (n > 0)
        *pos += (size_t)n;
    tok_view t = {PDN_TOK_EOF, *pos, 0};
    if (*pos >= len)
        return t;
    for (size_t i = 0; i < ref->count; i++) {
        n = match_at(ref, ref->classes[i].code, buf, len, *pos);
        if (n > 0) {
            t.kind = (int)ref->classes[i].kind;
            t.len = (size_t)n;
            *pos += t.len;
            return t;
        }
    }
    t.kind = REF_NO_MATCH; /* reported as a difference */
    t.len = 1;
    *pos += 1;
    return t;
}

/* ---- Comparison ---- */

static const char *
kind_name(int kind)
{
    return kind == REF_NO_MATCH ? "(no class matches)"
                                : pdn_token_kind_name((pdn_token_kind)kind);
}

/* Prints up to @max bytes at @s, escaping what is not printable ASCII. */
static void
print_bytes(const char *s, size_t len, size_t max)
{
    for (size_t i = 0; i < len && i < max; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\n')
            fputs("\\n", stderr);
        else if (c == '\r')
            fputs("\\r", stderr);
        else if (c == '\t')
            fputs("\\t", stderr);
        else if (c < 0x20 || c >= 0x7f)
            fprintf(stderr, "\\x%02x", c);
        else
            fputc(c, stderr);
    }
    if (len > max)
        fputs("...", stderr);
}

/* 1-based line of @off: LF, CR and CRLF end lines. */
static size_t
line_of(const char *buf, size_t len, size_t off)
{
    size_t line = 1;
    for (size_t i = 0; i < off && i < len; i++)
        if (buf[i] == '\n' ||
            (buf[i] == '\r' && (i + 1 >= len || buf[i + 1] != '\n')))
            line++;
    return line;
}

static void
report(const char *name, const char *buf, size_t len, tok_view fast,
       tok_view ref)
{
    size_t off = fast.off < ref.off ? fast.off : ref.off;
    fprintf(stderr, "%s: offset %zu, line %zu: the lexers differ\n", name, off,
            line_of(buf, len, off));
    fprintf(stderr, "  fast lexer: %s at %zu, %zu bytes: \"",
            kind_name(fast.kind), fast.off, fast.len);
    print_bytes(buf + fast.off, fast.len, 60);
    fprintf(stderr, "\"\n  grammar/tokens: %s at %zu, %zu bytes: \"",
            kind_name(ref.kind), ref.off, ref.len);
    print_bytes(buf + ref.off, ref.len, 60);
    size_t from = off > 40 ? off - 40 : 0;
    size_t to = off + 40 < len ? off + 40 : len;
    fputs("\"\n  context: \"", stderr);
    print_bytes(buf + from, off - from, 40);
    fputs(" <HERE> ", stderr);
    print_bytes(buf + off, to - off, 40);
    fputs("\"\n", stderr);
}

/* Runs both lexers over @buf; returns the number of tokens, or -1 after
 * reporting the first difference. */
static long
compare(const ref_lexer *ref, const char *name, const char *buf, size_t len)
{
    pdn_lexer lx;
    pdn_token tok;
    size_t pos = 0;
    long count = 0;
    pdn_lexer_init(&lx, buf, len, 0, true, true);
    for (;;) {
        pdn_token_kind k = pdn_lexer_next(&lx, &tok);
        tok_view fast = {(int)k, (size_t)tok.off, tok.len};
        tok_view slow = ref_next(ref, buf, len, &pos);
        if (fast.kind != slow.kind || fast.off != slow.off ||
            fast.len != slow.len) {
            report(name, buf, len, fast, slow);
            return -1;
        }
        if (k == PDN_TOK_EOF)
            return count;
        count++;
    }
}

/* The values pdn_lexer_run() and the short way of pdn_lexer_next() keep
 * in a token, checked against its text: from and to for a move of two
 * squares, number for a move number. */
static bool
values_agree(const pdn_token *t)
{
    char text[16];
    unsigned a, b;
    int end = 0;
    char sep;
    if (t->kind == PDN_TOK_MOVE_NUMBER)
        return t->number == (uint32_t)strtoul(t->text, NULL, 10);
    if (t->kind != PDN_TOK_MOVE || t->from == 0)
        return t->kind != PDN_TOK_MOVE || t->to == 0;
    if (t->len >= sizeof text)
        return false;
    memcpy(text, t->text, t->len);
    text[t->len] = '\0';
    return sscanf(text, "%u%c%u%n", &a, &sep, &b, &end) == 3 &&
           (uint32_t)end == t->len && strchr("-xX:", sep) && a == t->from &&
           b == t->to;
}

/* Cuts @buf with pdn_lexer_next() alone and again with the short ways:
 * pdn_lexer_tag() after each '[', and pdn_lexer_run() taking up to 1, 2,
 * 3... tokens before each call of pdn_lexer_next(): the same tokens at the
 * same lines and columns, and their values agree with their text.
 * Returns false after reporting the first difference. */
static bool
runs_agree(const char *name, const char *buf, size_t len)
{
    pdn_lexer one, many;
    pdn_token a, run[8];
    size_t taken = 0, have = 0, max = 1;
    pdn_token_kind last = PDN_TOK_EOF;
    pdn_lexer_init(&one, buf, len, 0, true, true);
    pdn_lexer_init(&many, buf, len, 0, true, true);
    for (;;) {
        pdn_token_kind k = pdn_lexer_next(&one, &a);
        if (taken == have) {
            have = last == PDN_TOK_LBRACKET ? pdn_lexer_tag(&many, run)
                                            : pdn_lexer_run(&many, run, max);
            taken = 0;
            max = max % 8 + 1;
            if (have == 0)
                pdn_lexer_next(&many, &run[have++]);
        }
        last = run[taken].kind;
        const pdn_token *b = &run[taken++];
        if (a.kind != b->kind || a.off != b->off || a.len != b->len ||
            a.line != b->line || a.col != b->col || !values_agree(&a) ||
            !values_agree(b) ||
            (a.kind == PDN_TOK_STRING && a.plain != b->plain)) {
            fprintf(stderr,
                    "%s: byte %llu: pdn_lexer_next() read %s "
                    "(%u bytes, %u:%u), with pdn_lexer_run() %s "
                    "(%u bytes, %u:%u)\n",
                    name, (unsigned long long)a.off,
                    pdn_token_kind_name(a.kind), a.len, a.line, a.col,
                    pdn_token_kind_name(b->kind), b->len, b->line, b->col);
            return false;
        }
        if (k == PDN_TOK_EOF)
            return true;
    }
}

/* ---- The reader's nodes ---- */

/* Where the walk over a file's nodes stands: positions are counted here,
 * byte by byte, not by the lexer. */
typedef struct node_walk {
    const char *buf;
    size_t len;
    size_t at;          /* the byte counted up to */
    uint32_t line, col; /* its line and column */
    size_t nodes;       /* nodes compared */
} node_walk;

/* Counts on to byte @off: LF, CRLF and a lone CR end a line; a column is
 * a character (a UTF-8 continuation byte is none). */
static void
walk_to(node_walk *w, size_t off)
{
    for (; w->at < off; w->at++) {
        unsigned char c = (unsigned char)w->buf[w->at];
        if (c == '\n' || (c == '\r' && w->buf[w->at + 1] != '\n')) {
            w->line++;
            w->col = 1;
        } else if (c != '\r' && (c & 0xC0) != 0x80) {
            w->col++;
        }
    }
}

/* Whether the moves and move numbers of the line @n and its variations
 * are the tokens that start at their places, at the lines and columns
 * counted there; reports the first that is not. */
static bool
line_agrees(const char *name, node_walk *w, const pdn_node *n)
{
    for (; n; n = n->next) {
        if (n->kind == PDN_NODE_VARIATION && !line_agrees(name, w, n->children))
            return false;
        if (n->kind != PDN_NODE_MOVE && n->kind != PDN_NODE_NUMBER)
            continue;
        if (n->at.off < w->at || n->at.off >= w->len) {
            fprintf(stderr, "%s: byte %llu: a node out of order\n", name,
                    (unsigned long long)n->at.off);
            return false;
        }
        walk_to(w, (size_t)n->at.off);
        pdn_lexer lx;
        pdn_token k;
        pdn_lexer_init(&lx, w->buf, w->len, 0, true, true);
        pdn_lexer_seek(&lx, (size_t)n->at.off, w->line, w->col);
        pdn_lexer_next(&lx, &k);
        bool same =
            k.kind == (n->kind == PDN_NODE_MOVE ? PDN_TOK_MOVE
                                                : PDN_TOK_MOVE_NUMBER) &&
            k.len == n->len && memcmp(k.text, n->text, n->len) == 0 &&
            n->text[n->len] == '\0' && n->at.line == w->line &&
            n->at.col == w->col;
        if (same && n->kind == PDN_NODE_NUMBER)
            same =
                n->u.number.value == k.number &&
                n->u.number.black == (k.len >= 3 && k.text[k.len - 2] == '.');
        if (same && n->kind == PDN_NODE_MOVE && k.from) {
            /* the squares and separator as the careful reading finds them */
            pdn_move_text want;
            same = pdn_read_squares(k.text, k.len, &want) == 0 &&
                   n->u.move.count == want.count &&
                   pdn_node_squares(n)[0] == want.squares[0] &&
                   pdn_node_squares(n)[1] == want.squares[1] &&
                   n->u.move.separator == want.separator;
        }
        if (!same) {
            fprintf(stderr,
                    "%s: byte %llu (%u:%u, counted %u:%u): the node "
                    "of \"%.*s\" is not the %s token read there\n",
                    name, (unsigned long long)n->at.off, n->at.line, n->at.col,
                    w->line, w->col, (int)n->len, n->text,
                    pdn_token_kind_name(k.kind));
            return false;
        }
        w->nodes++;
    }
    return true;
}

/* Reads @buf with the reader, as pdn parse does -- in memory at once,
 * or from a file @chunk bytes at a time, so that games are cut by the
 * end of the buffer and read again --, and holds every move and move
 * number of its games against the token the general lexer reads at its
 * place, and its line and column against those counted here (past a
 * byte order mark).  Returns the nodes
 * compared, or -1 after reporting the first difference. */
static long
nodes_agree(const char *name, const char *buf, size_t len, size_t chunk)
{
    bool bom = len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0;
    node_walk w = {
        .buf = buf, .len = len, .at = bom ? 3 : 0, .line = 1, .col = 1};
    pdn_reader_options opt = {.chunk = chunk};
    FILE *f = NULL;
    pdn_reader *r;
    if (chunk) {
        f = tmpfile();
        assert_non_null(f);
        assert_int_equal(fwrite(buf, 1, len, f), len);
        rewind(f);
        r = pdn_reader_new(name, f, &opt);
    } else {
        r = pdn_reader_new_mem(name, buf, len, &opt);
    }
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_game *g;
    bool ok = true;
    while (ok && pdn_reader_next(r, &g, &d) > 0) {
        ok = line_agrees(name, &w, g->moves);
        pdn_game_free(g);
        pdn_diags_clear(&d);
    }
    pdn_diags_free(&d);
    pdn_reader_free(r);
    if (f)
        fclose(f);
    return ok ? (long)w.nodes : -1;
}

/* ---- Corpus walk ---- */

static int
by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool
has_pdn_suffix(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && strcmp(name + n - 4, ".pdn") == 0;
}

static void
check_file(run_ctx *ctx, const char *path)
{
    size_t len;
    char *buf = read_file(path, &len);
    if (buf == NULL) {
        fprintf(stderr, "%s: cannot be read\n", path);
        ctx->failed_files++;
        return;
    }
    long n = compare(ctx->ref, path, buf, len);
    if (n >= 0 && !runs_agree(path, buf, len))
        n = -1;
    /* In memory, and through buffers of 4093 and of 7 bytes. */
    static const size_t chunks[] = {0, 4093, 7};
    for (size_t c = 0; c < sizeof chunks / sizeof chunks[0] && n >= 0; c++) {
        long nodes = nodes_agree(path, buf, len, chunks[c]);
        if (nodes < 0)
            n = -1;
        else
            ctx->nodes += (size_t)nodes;
    }
    ctx->files++;
    if (n < 0)
        ctx->failed_files++;
    else
        ctx->tokens += (size_t)n;
    free(buf);
}

/* Every *.pdn under @dir, in name order, depth first. */
static void
walk(run_ctx *ctx, const char *dir)
{
    DIR *d = opendir(dir);
    if (d == NULL)
        return;
    char **names = NULL;
    size_t count = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (count == cap) {
            cap = cap ? cap * 2 : 32;
            char **bigger = realloc(names, cap * sizeof *names);
            assert_non_null(bigger);
            names = bigger;
        }
        size_t n = strlen(dir) + strlen(e->d_name) + 2;
        names[count] = malloc(n);
        assert_non_null(names[count]);
        snprintf(names[count++], n, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    if (count > 0)
        qsort(names, count, sizeof *names, by_name);
    for (size_t i = 0; i < count; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISDIR(st.st_mode))
            walk(ctx, names[i]);
        else if (has_pdn_suffix(names[i]))
            check_file(ctx, names[i]);
        free(names[i]);
    }
    free(names);
}

static bool
is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* ---- Tests ---- */

static void
test_corpora_agree(void **state)
{
    run_ctx ctx = {*state, 0, 0, 0, 0};
    walk(&ctx, OWN_CORPUS);
    size_t own = ctx.files;
    if (is_dir(SHARED_CORPORA)) {
        walk(&ctx, SHARED_CORPORA);
    } else {
        fprintf(stderr,
                "NOTE: %s is not there: only corpus/ and "
                "corpus/real/ are compared (%zu files); the "
                "shared corpora are an extra\n",
                SHARED_CORPORA, own);
    }
    fprintf(stderr,
            "compared %zu files (%zu in corpus/), %zu tokens, "
            "%zu nodes of moves and move numbers; %zu differ; "
            "reference patterns %s\n",
            ctx.files, own, ctx.tokens, ctx.nodes, ctx.failed_files,
            ctx.ref->jit ? "JIT-compiled" : "interpreted");
    assert_int_equal(ctx.failed_files, 0);
    assert_true(ctx.nodes > 0);
}

/* Inputs for the tricky classes, with the kinds both lexers must give. */
typedef struct inline_case {
    const char *input;
    const char *kinds; /* names, one blank between */
    size_t len;        /* 0: strlen(input); else the input holds NULs */
} inline_case;

static const inline_case inline_cases[] = {
    /* tags the short way reads, and those it leaves */
    {"[Event \"a\"][ Site\t\"b\xc3\xa9\" ] [Date\"1\"] [date \"x\"] "
     "[Round \"a\\\"b\"] [White \"\x01\"] [Black \"x\"\n] [E-x \"y\"]",
     "LBRACKET IDENT STRING RBRACKET LBRACKET IDENT STRING RBRACKET "
     "LBRACKET IDENT STRING RBRACKET LBRACKET WORD STRING RBRACKET "
     "LBRACKET IDENT STRING RBRACKET LBRACKET IDENT STRING RBRACKET "
     "LBRACKET IDENT STRING RBRACKET LBRACKET WORD STRING RBRACKET",
     0},
    /* moves and numbers near results, zeros and blanks (the short way) */
    {"1-0 1-2 1-5 2-1 0-2 0-5 22-09 09-13\r9X13\t1.\r\n12... 22:18 1- 6 "
     "100. 12-5x9 7.. 5-50",
     "RESULT MOVE MOVE MOVE RESULT MOVE MOVE MOVE MOVE MOVE_NUMBER "
     "MOVE_NUMBER MOVE MOVE MOVE_NUMBER MOVE MOVE_NUMBER MOVE",
     0},
    {"1- 6 27x 7 05-09 22:13 22x13x6 22X13", "MOVE MOVE MOVE MOVE MOVE MOVE",
     0},
    {"2218 1996 5152 0509 22189", "MOVE WORD WORD MOVE WORD", 0},
    {"c3-d4 c3d4 a5xc7xe5 a1-b2-c a1b2- a1",
     "MOVE MOVE MOVE WORD MOVE DASH "
     "WORD",
     0},
    {"1-0 0-1 1/2-1/2 2-0 0-2 1-1 0-0 1-2",
     "RESULT RESULT RESULT RESULT "
     "RESULT RESULT RESULT MOVE",
     0},
    {"0-1[Event \"x\"]", "RESULT LBRACKET IDENT STRING RBRACKET", 0},
    /* \" before ']' closes, unless a later '"' and ']' close instead */
    {"[E \"a\\\"]b\"]\n[C \"x\\\"] 1. [D \"y\\\"] [E \"z\"]",
     "LBRACKET IDENT STRING RBRACKET LBRACKET IDENT STRING RBRACKET "
     "MOVE_NUMBER LBRACKET IDENT STRING RBRACKET LBRACKET IDENT STRING "
     "RBRACKET",
     0},
    {"1-0-5 2-0x\n1-0.", "MOVE MOVE WORD RESULT WORD", 0},
    {"3-8* 19-23!* 19-23(?)* 2218* c3d4*",
     "MOVE FORCED MOVE STRENGTH FORCED "
     "MOVE STRENGTH FORCED MOVE FORCED MOVE FORCED",
     0},
    {"1-0* $7* (22-18!)* 22-18 * 1/2-1/2*",
     "RESULT ASTERISK NAG ASTERISK "
     "LPAREN MOVE STRENGTH RPAREN ASTERISK MOVE ASTERISK RESULT ASTERISK",
     0},
    {"11-0* 22x1-0* 22- 1-0* 22 1-0*",
     "MOVE FORCED MOVE FORCED MOVE FORCED "
     "WORD RESULT ASTERISK",
     0},
    {"19-23(!?!!!) 10-15! (?) ( ? )",
     "MOVE STRENGTH MOVE STRENGTH STRENGTH "
     "LPAREN STRENGTH RPAREN",
     0},
    {"1. ... 7-12 41. - - 12... -5",
     "MOVE_NUMBER ELLIPSIS MOVE MOVE_NUMBER "
     "DASH DASH MOVE_NUMBER WORD",
     0},
    {"[Comment \"C:\\games\\\"]", "LBRACKET IDENT STRING RBRACKET", 0},
    {"\"a \\\" b\" \"c\\\\\" \"open\n\"end", "STRING STRING ERROR ERROR", 0},
    {"%esc\n 50% %x\r%y", "ESCAPE WORD WORD ESCAPE", 0},
    {"/FEN \"W:W1:B2\"/ /x/ / Setup\r/ / x",
     "SETUP WORD WORD IDENT WORD WORD WORD", 0},
    {"{a {b} c} ;line\n{open", "COMMENT WORD WORD LINE_COMMENT ERROR", 0},
    {"Event lower _x \xb0"
     "C \"\xc3\xa9\"",
     "IDENT WORD WORD WORD STRING", 0},
    {"22-18 !* 22-18** (!!)*",
     "MOVE STRENGTH FORCED MOVE FORCED ASTERISK "
     "STRENGTH FORCED",
     0},
    {"1.32-28!? 12.. $ $12",
     "MOVE_NUMBER MOVE STRENGTH MOVE_NUMBER WORD "
     "NAG",
     0},
    /* a NUL inside the input is a blank, as the one after the buffer */
    {"ab\0cd -\0 Ev\0 ...\0", "WORD WORD DASH IDENT ELLIPSIS",
     sizeof "ab\0cd -\0 Ev\0 ...\0" - 1},
    /* a comment left open ends before the next game's tags */
    {"{open\r\n[Event \"b\"] {a\n[%eval 1]}",
     "ERROR LBRACKET IDENT STRING "
     "RBRACKET COMMENT",
     0},
};

static void
kinds_of(const char *input, size_t len, char *out, size_t cap)
{
    pdn_lexer lx;
    pdn_token tok;
    size_t n = 0;
    out[0] = '\0';
    pdn_lexer_init(&lx, input, len, 0, true, true);
    while (pdn_lexer_next(&lx, &tok) != PDN_TOK_EOF)
        n += (size_t)snprintf(out + n, cap - n, "%s%s", n ? " " : "",
                              pdn_token_kind_name(tok.kind));
}

static void
test_inline_cases(void **state)
{
    const ref_lexer *ref = *state;
    size_t cases = sizeof inline_cases / sizeof inline_cases[0];
    for (size_t i = 0; i < cases; i++) {
        const char *in = inline_cases[i].input;
        size_t len = inline_cases[i].len ? inline_cases[i].len : strlen(in);
        char name[32], got[512];
        snprintf(name, sizeof name, "inline case %zu", i + 1);
        assert_true(compare(ref, name, in, len) >= 0);
        assert_true(runs_agree(name, in, len));
        kinds_of(in, len, got, sizeof got);
        if (strcmp(got, inline_cases[i].kinds) != 0)
            fprintf(stderr, "%s: \"%s\"\n  expected: %s\n  got:      %s\n",
                    name, in, inline_cases[i].kinds, got);
        assert_string_equal(got, inline_cases[i].kinds);
    }
}

static int
setup(void **state)
{
    *state = ref_load();
    return *state ? 0 : -1;
}

static int
teardown(void **state)
{
    ref_free(*state);
    return 0;
}

int
main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_inline_cases),
        cmocka_unit_test(test_corpora_agree),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
