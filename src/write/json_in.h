/* json_in.h -- a small JSON reader (RFC 8259) for pdn convert --to pdn: one
 * document into a tree of nodes kept in an arena, with the byte column of
 * the first fault.  Strings are unescaped to UTF-8 (\u escapes included,
 * surrogate pairs joined); numbers are doubles; nesting is limited to
 * PDN_JSON_MAX_DEPTH.
 */
#ifndef PDN_WRITE_JSON_IN_H
#define PDN_WRITE_JSON_IN_H

#include <stdbool.h>
#include <stddef.h>

#include "base/arena.h"

#define PDN_JSON_MAX_DEPTH 256
/** Members of one object at most: a member given twice is an error, found
 * by comparing each name with those before it. */
#define PDN_JSON_MAX_MEMBERS 256
#define PDN_JSON_MAX_MEMBERS_TEXT "256"

typedef enum pdn_json_kind {
    PDN_JSON_NULL,
    PDN_JSON_FALSE,
    PDN_JSON_TRUE,
    PDN_JSON_NUMBER,
    PDN_JSON_STRING,
    PDN_JSON_ARRAY,
    PDN_JSON_OBJECT
} pdn_json_kind;

typedef struct pdn_json pdn_json;
struct pdn_json {
    pdn_json_kind kind;
    const char *key; /* a member of an object: its name; else NULL */
    const char *str; /* STRING: the text, NUL-terminated */
    size_t len;      /* of str, in bytes (it may hold NUL) */
    double number;   /* NUMBER */
    pdn_json *child; /* ARRAY, OBJECT: the first element or member */
    pdn_json *next;  /* the next element or member */
    size_t at;       /* byte offset where it starts */
};

/** Reads the JSON document @s of @len bytes (NUL-terminated at @len) into
 * nodes allocated in @a.  Returns the root, or NULL with a message in @err
 * (room for @errcap bytes) and the byte offset of the fault in @at. */
pdn_json *pdn_json_parse(pdn_arena *a, const char *s, size_t len, char *err,
                         size_t errcap, size_t *at);

/** The member @key of the object @o, or NULL (also when @o is no
 * object). */
const pdn_json *pdn_json_get(const pdn_json *o, const char *key);

#endif
