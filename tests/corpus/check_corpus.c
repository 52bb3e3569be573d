/* check_corpus.c -- reads every PDN file of the project's corpus/, of its
 * real games (corpus/real/) and, when they are there, of the shared
 * real-file corpora, and judges each: a corpus/ file by its name (the
 * JSONTestSuite convention): y_ must read with no error, n_ must give an
 * error with the code its name carries (n_E0102_...), i_ may do either
 * but must not crash; every real *.pdn must read with no error.  Every
 * game read must pass pdn_game_check().
 *
 *   check_corpus CORPUS_DIR REAL_DIR [SHARED_CORPORA_DIR]
 */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/diag.h"
#include "base/strbuf.h"
#include "model/game.h"
#include "model/tagmap.h"
#include "syntax/reader.h"

typedef enum expect {
    EXPECT_CLEAN,   /* y_ and real files: no error */
    EXPECT_ERROR,   /* n_: an error with a given code */
    EXPECT_ANYTHING /* i_: no crash, sound trees */
} expect;

typedef struct tally {
    int passed, failed;
} tally;

/* What reading one file gave. */
typedef struct outcome {
    uint64_t games;
    int faults;      /* pdn_game_check() faults, all games */
    bool has_code;   /* an error with the wanted code */
    bool read_error; /* the file could not be opened or read */
    pdn_diags diags;
} outcome;

/* ---- Reading one file ---- */

static void
read_file(const char *path, const char *name, const pdn_tagmap *tags, int code,
          outcome *o)
{
    memset(o, 0, sizeof *o);
    FILE *f = fopen(path, "rb");
    if (!f) {
        o->read_error = true;
        return;
    }
    pdn_reader_options opt = {.tagmap = tags};
    pdn_reader *r = pdn_reader_new(name, f, &opt);
    pdn_game *g;
    int got;
    while ((got = pdn_reader_next(r, &g, &o->diags)) > 0) {
        o->games++;
        o->faults += pdn_game_check(g);
        pdn_reader_recycle(r, g);
    }
    if (got < 0)
        o->read_error = true;
    for (size_t i = 0; i < o->diags.count; i++)
        if (o->diags.items[i].severity == PDN_SEV_ERROR &&
            o->diags.items[i].code == code)
            o->has_code = true;
    pdn_reader_free(r);
    fclose(f);
}

/* Prints the errors of @o, each rendered, indented as a comment. */
static void
show_errors(const outcome *o, size_t max)
{
    pdn_strbuf b = PDN_STRBUF_INIT;
    size_t shown = 0;
    for (size_t i = 0; i < o->diags.count && shown < max; i++) {
        if (o->diags.items[i].severity != PDN_SEV_ERROR)
            continue;
        pdn_diag_render(&o->diags.items[i], false, &b);
        shown++;
    }
    for (char *s = b.ptr; s && *s;) {
        char *nl = strchr(s, '\n');
        int len = nl ? (int)(nl - s) : (int)strlen(s);
        printf("#   %.*s\n", len, s);
        s = nl ? nl + 1 : s + len;
    }
    if (o->diags.errors > shown)
        printf("#   ... and %zu more\n", o->diags.errors - shown);
    pdn_strbuf_free(&b);
}

/* Reads @path and judges it; prints one line. */
static void
check_file(const char *path, const char *name, expect e, int code,
           const pdn_tagmap *tags, tally *t)
{
    outcome o;
    read_file(path, name, tags, code, &o);
    const char *why = NULL;
    char buf[96];
    if (o.read_error)
        why = "cannot be read";
    else if (o.faults)
        why = "pdn_game_check finds faults in its games";
    else if (e == EXPECT_CLEAN && o.diags.errors)
        why = "errors where none are allowed";
    else if (e == EXPECT_ERROR && !o.has_code) {
        char want[8];
        pdn_code_format(code, want);
        snprintf(buf, sizeof buf, "no error %s%s", want,
                 o.diags.errors ? " (other errors only)" : "");
        why = buf;
    }
    printf("%s %s: %llu game%s, %zu error%s, %zu warning%s%s%s\n",
           why ? "FAIL" : "ok  ", name, (unsigned long long)o.games,
           o.games == 1 ? "" : "s", o.diags.errors,
           o.diags.errors == 1 ? "" : "s", o.diags.warnings,
           o.diags.warnings == 1 ? "" : "s", why ? ": " : "", why ? why : "");
    if (why) {
        t->failed++;
        if (o.faults)
            printf("#   %d fault(s)\n", o.faults);
        show_errors(&o, 5);
    } else {
        t->passed++;
    }
    pdn_diags_free(&o.diags);
}

/* ---- Walking the directories ---- */

static bool
ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int
skip_dots(const struct dirent *d)
{
    return d->d_name[0] != '.';
}

/* The code named by "n_E0102_...": 102, or -1. */
static int
code_of_name(const char *name)
{
    if (strncmp(name, "n_", 2) != 0 || !strchr("EWN", name[2]))
        return -1;
    int code = 0;
    for (int i = 3; i < 7; i++) {
        if (name[i] < '0' || name[i] > '9')
            return -1;
        code = code * 10 + (name[i] - '0');
    }
    return name[7] == '_' || name[7] == '.' ? code : -1;
}

/* The project's corpus/: y_, n_, i_ files, in name order. */
static void
walk_corpus(const char *dir, const pdn_tagmap *tags, tally *t)
{
    struct dirent **list;
    int n = scandir(dir, &list, skip_dots, alphasort);
    if (n < 0) {
        printf("FAIL %s: cannot be listed: %s\n", dir, strerror(errno));
        t->failed++;
        return;
    }
    int files = 0;
    for (int i = 0; i < n; i++) {
        const char *name = list[i]->d_name;
        if (!ends_with(name, ".pdn"))
            continue;
        size_t len = strlen(dir) + strlen(name) + 2;
        char *path = malloc(len);
        if (!path)
            abort();
        snprintf(path, len, "%s/%s", dir, name);
        files++;
        if (strncmp(name, "y_", 2) == 0) {
            check_file(path, name, EXPECT_CLEAN, 0, tags, t);
        } else if (strncmp(name, "n_", 2) == 0) {
            int code = code_of_name(name);
            if (code < 0) {
                printf("FAIL %s: an n_ file must name its code "
                       "(n_E0102_...)\n",
                       name);
                t->failed++;
            } else {
                check_file(path, name, EXPECT_ERROR, code, tags, t);
            }
        } else if (strncmp(name, "i_", 2) == 0) {
            check_file(path, name, EXPECT_ANYTHING, 0, tags, t);
        } else {
            printf("FAIL %s: a corpus file is y_, n_ or i_\n", name);
            t->failed++;
        }
        free(path);
    }
    for (int i = 0; i < n; i++)
        free(list[i]);
    free(list);
    if (files == 0) {
        printf("FAIL %s: no .pdn file\n", dir);
        t->failed++;
    }
}

/* Every *.pdn under @dir, recursively, in name order; @rel is the path
 * shown (relative to the top). */
static int
walk_tree(const char *dir, const char *rel, const pdn_tagmap *tags, tally *t)
{
    struct dirent **list;
    int n = scandir(dir, &list, skip_dots, alphasort);
    if (n < 0)
        return -1;
    int files = 0;
    for (int i = 0; i < n; i++) {
        const char *name = list[i]->d_name;
        size_t len = strlen(dir) + strlen(name) + 2;
        size_t rlen = strlen(rel) + strlen(name) + 2;
        char *path = malloc(len), *shown = malloc(rlen);
        if (!path || !shown)
            abort();
        snprintf(path, len, "%s/%s", dir, name);
        snprintf(shown, rlen, "%s%s%s", rel, *rel ? "/" : "", name);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            int sub = walk_tree(path, shown, tags, t);
            files += sub > 0 ? sub : 0;
        } else if (ends_with(name, ".pdn")) {
            check_file(path, shown, EXPECT_CLEAN, 0, tags, t);
            files++;
        }
        free(path);
        free(shown);
    }
    for (int i = 0; i < n; i++)
        free(list[i]);
    free(list);
    return files;
}

/* Every *.pdn under @dir must read cleanly; a folder that is not there,
 * or holds no .pdn file, fails when @required and is said otherwise. */
static void
walk_real(const char *dir, bool required, const pdn_tagmap *tags, tally *t)
{
    struct stat st;
    int files = -1;
    if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) {
        printf("# %s\n", dir);
        files = walk_tree(dir, "", tags, t);
    }
    if (files > 0)
        return;
    if (required) {
        printf("FAIL %s: no .pdn file there\n", dir);
        t->failed++;
    } else {
        printf("# NOTE: %s has no .pdn file: not checked (optional)\n", dir);
    }
}

int
main(int argc, char **argv)
{
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: check_corpus CORPUS_DIR REAL_DIR "
                        "[SHARED_CORPORA_DIR]\n");
        return 2;
    }
    pdn_tagmap *tags = pdn_tagmap_new();
    tally t = {0, 0};
    printf("# %s\n", argv[1]);
    walk_corpus(argv[1], tags, &t);
    walk_real(argv[2], true, tags, &t);
    if (argc == 4)
        walk_real(argv[3], false, tags, &t);
    printf("%d passed, %d failed\n", t.passed, t.failed);
    pdn_tagmap_free(tags);
    return t.failed > 0;
}
