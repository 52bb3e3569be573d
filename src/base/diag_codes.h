/* diag_codes.h -- the one list of diagnostic codes: for each, its name
 * in the code, its number (which never changes meaning), its default
 * severity (the letter printed before the number: E, W or N), a short
 * name, what it means in a line, and the man page that explains it.
 * diag.h makes the enum of it and diag.c the table.  Adding a code is a
 * line here, its entry in pdn-check(1) and in the page named, and a
 * golden that shows it: the test diag-codes fails on each one missing.
 * Nothing but diag.h and diag.c includes this file.
 */
#ifndef PDN_BASE_DIAG_CODES_H
#define PDN_BASE_DIAG_CODES_H

/* clang-format off */
#define PDN_DIAG_CODES(X)                                                      \
    /* reading: 01xx */                                                        \
    X(PDN_E_UNEXPECTED, 101, PDN_SEV_ERROR, "unexpected-token",                \
      "expected X, found Y", "pdn-parse(1)")                                   \
    X(PDN_E_UNCLOSED_COMMENT, 102, PDN_SEV_ERROR, "unclosed-comment",          \
      "{ without }", "pdn-parse(1)")                                           \
    X(PDN_E_UNCLOSED_STRING, 103, PDN_SEV_ERROR, "unclosed-string",            \
      "\" without \" on its line", "pdn-parse(1)")                             \
    X(PDN_E_UNCLOSED_VARIATION, 104, PDN_SEV_ERROR, "unclosed-variation",      \
      "( without )", "pdn-parse(1)")                                           \
    X(PDN_E_STRAY_RPAREN, 105, PDN_SEV_ERROR, "stray-paren",                   \
      ") with no ( open", "pdn-parse(1)")                                      \
    X(PDN_E_BAD_TAG, 106, PDN_SEV_ERROR, "bad-tag",                            \
      "[Name \"value\"] malformed", "pdn-parse(1)")                            \
    X(PDN_E_BAD_SQUARE, 107, PDN_SEV_ERROR, "bad-square",                      \
      "a move naming square 0", "pdn-parse(1)")                                \
    X(PDN_E_TOO_DEEP, 108, PDN_SEV_ERROR, "too-deep",                          \
      "variations nested past the limit", "pdn-parse(1)")                      \
    X(PDN_E_TOO_LONG, 109, PDN_SEV_ERROR, "too-long",                          \
      "a token past the limit", "pdn-parse(1)")                                \
    X(PDN_E_TOO_BIG, 110, PDN_SEV_ERROR, "game-too-big",                       \
      "a game past the limit", "pdn-parse(1)")                                 \
    X(PDN_W_PROSE, 151, PDN_SEV_WARNING, "prose-in-parens",                    \
      "(prose) read as a comment", "pdn-parse(1)")                             \
    X(PDN_W_JUNK, 152, PDN_SEV_WARNING, "junk-between-games",                  \
      "text between games skipped", "pdn-parse(1)")                            \
    X(PDN_W_STRAY_TEXT, 153, PDN_SEV_WARNING, "text-in-moves",                 \
      "a word among the moves, kept", "pdn-parse(1)")                          \
    X(PDN_W_TAG_NAME, 154, PDN_SEV_WARNING, "unusual-tag-name",                \
      "a tag name that is no PDN name, kept", "pdn-parse(1)")                  \
    X(PDN_W_CONTROL, 155, PDN_SEV_WARNING, "control-byte",                     \
      "a control byte: the file is damaged", "pdn-parse(1)")                   \
    X(PDN_E_NOT_A_MOVE, 111, PDN_SEV_ERROR, "not-a-move",                      \
      "text shaped like a move that is none", "pdn-parse(1)")                  \
    X(PDN_E_NOT_PDN3, 112, PDN_SEV_ERROR, "not-pdn3",                          \
      "--strict: outside the reading grammar", "pdn-parse(1)")                 \
    X(PDN_N_TYPED_MOVE, 182, PDN_SEV_NOTE, "typed-move",                       \
      "moves typed with another dash, capitals", "pdn-parse(1)")               \
    X(PDN_N_ENCODING, 181, PDN_SEV_NOTE, "not-utf8",                           \
      "not UTF-8: read as Windows-1252", "pdn-parse(1)")                       \
    /* replaying: 02xx */                                                      \
    X(PDN_E_ILLEGAL, 201, PDN_SEV_ERROR, "illegal-move",                       \
      "a move no rule allows", "pdn-check(1)")                                 \
    X(PDN_E_AMBIGUOUS, 202, PDN_SEV_ERROR, "ambiguous-move",                   \
      "names several moves; nothing decides", "pdn-check(1)")                  \
    X(PDN_W_RESOLVED, 203, PDN_SEV_WARNING, "ambiguous-move-resolved",         \
      "names several; what follows decides", "pdn-check(1)")                   \
    X(PDN_W_MOVE_NUMBER, 204, PDN_SEV_WARNING, "move-number",                  \
      "\"12...\" where White is to move", "pdn-check(1)")                      \
    X(PDN_E_BAD_FEN, 205, PDN_SEV_ERROR, "bad-fen",                            \
      "a FEN tag or setup that is not FEN", "pdn-check(1)")                    \
    X(PDN_N_NOT_REPLAYED, 206, PDN_SEV_NOTE, "variant-not-replayed",           \
      "a GameType this program does not play", "pdn-check(1)")                 \
    X(PDN_N_UNKNOWN_MOVE, 207, PDN_SEV_NOTE, "unknown-move",                   \
      "\"-\": the rest of the line is unknown", "pdn-check(1)")                \
    X(PDN_W_BAD_GAMETYPE, 208, PDN_SEV_WARNING, "bad-gametype",                \
      "a GameType tag that is no GameType", "pdn-check(1)")                    \
    X(PDN_W_PAST_DRAW, 209, PDN_SEV_WARNING, "past-automatic-draw",            \
      "play goes on past an automatic draw", "pdn-check(1)")                   \
    X(PDN_N_DRAW, 210, PDN_SEV_NOTE, "draw",                                   \
      "1/2-1/2: a rule draw, or agreed", "pdn-check(1)")                       \
    X(PDN_E_FALSE_RESULT, 211, PDN_SEV_ERROR, "false-result",                  \
      "the side to move has lost; the result says otherwise", "pdn-check(1)")  \
    X(PDN_E_RESULT_MISMATCH, 212, PDN_SEV_ERROR, "result-mismatch",            \
      "Result tag and terminator disagree", "pdn-check(1)")                    \
    X(PDN_W_NO_RESULT, 213, PDN_SEV_WARNING, "missing-result",                 \
      "no result, or only \"*\"", "pdn-check(1)")                              \
    X(PDN_N_MISSING_TAGS, 214, PDN_SEV_NOTE, "missing-tags",                   \
      "Seven-Tag-Roster tags missing", "pdn-check(1)")                         \
    X(PDN_W_BAD_DATE, 215, PDN_SEV_WARNING, "bad-date",                        \
      "a Date in no known form", "pdn-check(1)")                               \
    X(PDN_W_PLY_COUNT, 216, PDN_SEV_WARNING, "ply-count",                      \
      "PlyCount and the main line disagree", "pdn-check(1)")                   \
    X(PDN_N_OTHER_VARIANT, 217, PDN_SEV_NOTE, "other-variant",                 \
      "no GameType; the moves stop being legal, not in another variant",       \
      "pdn-check(1)")                                                          \
    X(PDN_N_RESULT_NO_MOVES, 218, PDN_SEV_NOTE, "result-without-moves",        \
      "a decisive result and not one move", "pdn-check(1)")                    \
    X(PDN_N_RESULT_FORM, 219, PDN_SEV_NOTE, "result-form",                     \
      "a Result in a form beside PDN's", "pdn-check(1)")                       \
    X(PDN_W_NOT_A_RESULT, 220, PDN_SEV_WARNING, "not-a-result",                \
      "a Result tag that is no result", "pdn-check(1)")                        \
    X(PDN_N_AUTO_VARIANT, 221, PDN_SEV_NOTE, "auto-variant",                   \
      "--variant auto: the file read as", "pdn-check(1)")                      \
    /* Writing (pdn fmt, pdn convert): 03xx */                                 \
    X(PDN_N_EGDB_RESULT, 222, PDN_SEV_NOTE, "egdb-result",                     \
      "the result against the endgame database", "pdn-check(1)")              \
    X(PDN_N_DATE_KEPT, 301, PDN_SEV_NOTE, "date-kept",                         \
      "a Date left as written by pdn fmt", "pdn-fmt(1)")
/* clang-format on */

#endif
