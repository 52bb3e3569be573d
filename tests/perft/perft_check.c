/* perft_check.c -- checks the generator against a file of published perft
 * counts (Ethereal's EPD style: "FEN ;D1 7 ;D2 49 ...", '#' comments).
 *
 *   perft_check VARIANT FILE MAXDEPTH
 *
 * Every depth up to MAXDEPTH is counted twice, with and without bulk
 * counting at the last ply (the latter only up to depth 8, where it is
 * cheap), and must match.  Prints one line per check and a closing
 * "N passed, M failed".
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/fen.h"
#include "rules/perft.h"
#include "rules/variant.h"

#define NO_BULK_MAX_DEPTH 8

typedef struct tally {
    int passed, failed;
} tally;

static void
check(tally *t, const pdn_variant *v, const pdn_board *b, const char *fen,
      int depth, uint64_t want, bool bulk)
{
    uint64_t got = pdn_perft(v, b, depth, bulk);
    int ok = got == want;
    printf("%s %s %s d%d %s: %" PRIu64 " (published %" PRIu64 ")\n",
           ok ? "ok" : "FAIL", v->name, fen, depth, bulk ? "bulk" : "full", got,
           want);
    fflush(stdout);
    if (ok)
        t->passed++;
    else
        t->failed++;
}

/* Checks one line "FEN ;D1 n ;D2 n ..." up to @max_depth. */
static int
check_line(tally *t, const pdn_variant *v, char *line, int max_depth)
{
    char *semi = strchr(line, ';');
    if (!semi)
        return -1;
    *semi = '\0';
    const char *fen = line;
    size_t len = strlen(fen);
    while (len > 0 && fen[len - 1] == ' ')
        len--;
    pdn_board b;
    pdn_fen_error err;
    if (pdn_fen_parse(v, fen, len, &b, &err) < 0) {
        fprintf(stderr, "bad FEN '%.*s': %s\n", (int)len, fen, err.message);
        return -1;
    }
    line[len] = '\0';
    for (char *p = semi + 1; p; p = strchr(p, ';')) {
        if (*p == ';')
            p++;
        int depth;
        unsigned long long want;
        if (sscanf(p, " D%d %llu", &depth, &want) != 2)
            return -1;
        if (depth <= max_depth) {
            check(t, v, &b, fen, depth, want, true);
            if (depth <= NO_BULK_MAX_DEPTH)
                check(t, v, &b, fen, depth, want, false);
        }
        p = strchr(p, ';');
        if (!p)
            break;
    }
    return 0;
}

int
main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: perft_check VARIANT FILE MAXDEPTH\n");
        return 2;
    }
    const pdn_variant *v = pdn_variant_by_name(argv[1]);
    FILE *f = fopen(argv[2], "r");
    int max_depth = atoi(argv[3]);
    if (!v || !f) {
        fprintf(stderr, "perft_check: bad variant or file\n");
        return 2;
    }
    tally t = {0, 0};
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0')
            continue;
        if (check_line(&t, v, line, max_depth) < 0) {
            fprintf(stderr, "perft_check: cannot read '%s'\n", line);
            t.failed++;
        }
    }
    fclose(f);
    printf("%d passed, %d failed\n", t.passed, t.failed);
    return t.failed == 0 && t.passed > 0 ? 0 : 1;
}
