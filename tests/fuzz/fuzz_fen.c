/* fuzz_fen.c -- libFuzzer target for FEN reading and the move generator:
 * the bytes are read as a FEN under each variant, by pdn_fen_parse and by
 * the careful reader, which must agree; a FEN that is accepted must write
 * back and read again to the same board, and its legal moves
 * (one ply, and the replies to each) must be generated without a fault,
 * whatever the position: men on their own crowning row, no pieces, every
 * square taken.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/board.h"
#include "rules/fen.h"
#include "rules/movegen.h"
#include "rules/variant.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
fail(const char *what, const char *fen)
{
    fprintf(stderr, "fuzz_fen: %s (%s)\n", what, fen);
    abort();
}

/* The moves of @b; checks the list against the counting and capture
 * queries and returns its length. */
static int
moves_of(const pdn_variant *v, const pdn_board *b, pdn_move *ml,
         const char *fen)
{
    int n = pdn_movegen_legal(v, b, ml);
    if (n < -1 || n > PDN_MAX_MOVES)
        fail("move count out of range", fen);
    if (pdn_movegen_count(v, b) != n)
        fail("pdn_movegen_count differs from pdn_movegen_legal", fen);
    bool capture = n > 0 && ml[0].ncaptured > 0;
    if (n >= 0 && pdn_movegen_has_capture(v, b) != capture)
        fail("pdn_movegen_has_capture differs from the move list", fen);
    for (int i = 0; i < n; i++) {
        const pdn_move *m = &ml[i];
        if (m->ncaptured > PDN_MAX_CAPTURES || (capture && m->ncaptured == 0) ||
            (!capture && m->ncaptured))
            fail("captures and quiet moves mixed", fen);
        if (!(b->pieces[b->side] >> m->from & 1))
            fail("a move from a square without a piece of the side", fen);
        if (m->captured_bb & ~b->pieces[!b->side])
            fail("a capture of a piece that is not the opponent's", fen);
    }
    return n;
}

static void
check_variant(const pdn_variant *v, const char *text, size_t size)
{
    pdn_board b, careful;
    pdn_fen_error err, careful_err;
    int got = pdn_fen_parse(v, text, size, &b, &err);
    /* The fast readers take only what the careful one takes, and read
     * it as the same board. */
    if (pdn_fen_parse_careful(v, text, size, &careful, &careful_err) != got)
        fail("pdn_fen_parse and the careful reader disagree", "input");
    if (got == 0 && !pdn_board_equal(&b, &careful))
        fail("pdn_fen_parse reads another board than the careful reader",
             "input");
    if (got != 0) {
        if (err.offset > size || err.column < 1 ||
            !memchr(err.message, '\0', sizeof err.message))
            fail("a bad error report", "refused FEN");
        return;
    }
    char fen[PDN_FEN_MAX];
    size_t len = pdn_fen_write(v, &b, fen);
    if (len >= PDN_FEN_MAX || strlen(fen) != len)
        fail("pdn_fen_write overflows", fen);
    if ((b.pieces[0] & b.pieces[1]) || (b.kings & ~(b.pieces[0] | b.pieces[1])))
        fail("a square held twice, or a king that is no piece", fen);
    pdn_board again;
    if (pdn_fen_parse(v, fen, len, &again, &err) != 0)
        fail("the FEN written is refused", fen);
    if (!pdn_board_equal(&b, &again))
        fail("the FEN written reads as another board", fen);

    pdn_move ml[PDN_MAX_MOVES], replies[PDN_MAX_MOVES];
    int n = moves_of(v, &b, ml, fen);
    for (int i = 0; i < n; i++) {
        pdn_board after;
        pdn_board_after(&b, &ml[i], &after);
        if ((after.pieces[0] & after.pieces[1]) ||
            (after.kings & ~(after.pieces[0] | after.pieces[1])))
            fail("a move leaves an impossible board", fen);
        moves_of(v, &after, replies, fen);
    }
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0; /* a FEN is short; long inputs only slow the search */
    for (int id = 0; id < PDN_VARIANT_COUNT; id++)
        check_variant(pdn_variant_get((pdn_variant_id)id), (const char *)data,
                      size);
    return 0;
}
