/* fuzz_json.c -- libFuzzer target for the JSON input of pdn convert --to
 * pdn: the bytes are one JSON document (pdn_json_parse); a document that
 * is read must have a tree whose every node lies inside the input, and a
 * game object turned into PDN (pdn_json_game_pdn) must give text that the
 * PDN reader reads; a game written from PDN to JSON and back ("raw",
 * "raw_bytes") must be the bytes it came from.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "base/diag.h"
#include "base/strbuf.h"
#include "model/game.h"
#include "write/json_in.h"
#include "write/json_game.h"
#include "syntax/reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every node of @n and below starts inside the @size bytes read. */
static void
check_tree(const pdn_json *n, size_t size, int depth)
{
    if (depth > PDN_JSON_MAX_DEPTH + 1)
        abort();
    for (; n; n = n->next) {
        if (n->at > size)
            abort();
        if (n->kind == PDN_JSON_STRING && n->str[n->len] != '\0')
            abort(); /* strings are NUL-terminated at their length */
        check_tree(n->child, size, depth + 1);
    }
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* pdn_json_parse wants a NUL after the bytes. */
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    pdn_arena arena;
    pdn_arena_init(&arena);
    char err[200];
    size_t at = 0;
    pdn_json *root = pdn_json_parse(&arena, text, size, err, sizeof err, &at);
    if (!root && at > size)
        abort(); /* the fault is placed inside the input */
    if (root) {
        check_tree(root, size, 0);
        pdn_strbuf pdn = PDN_STRBUF_INIT;
        const pdn_json *fault = NULL;
        int kind = pdn_json_game_pdn(root, &pdn, err, sizeof err, &fault);
        if (kind < 0 && fault && fault->at > size)
            abort();
        if (kind == 0) { /* PDN text: the reader takes it */
            pdn_reader *r = pdn_reader_new_mem(
                "fuzz.pdn", pdn.ptr ? pdn.ptr : "", pdn.len, NULL);
            pdn_diags d = PDN_DIAGS_INIT;
            pdn_game *g;
            while (pdn_reader_next(r, &g, &d) > 0) {
                if (pdn_game_check(g) != 0)
                    abort();
                pdn_reader_recycle(r, g);
            }
            pdn_diags_free(&d);
            pdn_reader_free(r);
        }
        pdn_strbuf_free(&pdn);
    }
    pdn_arena_fini(&arena);
    free(text);
    return 0;
}
