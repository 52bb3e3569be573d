/* variant.c -- the table of variants (RULES.md sections 1, 3, 4, 5) and
 * their lookup by name and by PDN GameType.
 */
#include "variant.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* clang-format off: a row a variant, a line a field */
static const pdn_variant variants[PDN_VARIANT_COUNT] = {
    [PDN_ITALIAN] =
        {
            .id = PDN_ITALIAN,
            .name = "italian",
            .title = "Italian draughts",
            .adjective = "Italian",
            .gametype = 22,
            .gametype_full = "22,W,8,8,N2,1",
            .start_fen = "W:W21-32:B1-12",
            .first = PDN_WHITE,
            .men_capture_kings = false,
            .flying_kings = false,
            .law = PDN_LAW_ITALIAN,
            .draw_preset = "standard",
        },
    [PDN_SPANISH] =
        {
            .id = PDN_SPANISH,
            .name = "spanish",
            .title = "Spanish draughts",
            .adjective = "Spanish",
            .gametype = 24,
            .gametype_full = "24,W,8,8,N1,1",
            .start_fen = "W:W1-12:B21-32",
            .first = PDN_WHITE,
            .men_capture_kings = true,
            .flying_kings = true,
            .law = PDN_LAW_SPANISH,
            .draw_preset = "spanish",
        },
    [PDN_ENGLISH] =
        {
            .id = PDN_ENGLISH,
            .name = "english",
            .title = "English checkers",
            .adjective = "English",
            .gametype = 21,
            .gametype_full = "21,B,8,8,N1,0",
            .start_fen = "B:W21-32:B1-12",
            .first = PDN_BLACK,
            .men_capture_kings = true,
            .flying_kings = false,
            .law = PDN_LAW_FREE,
            .draw_preset = "english",
        },
};
/* clang-format on */

const pdn_variant *
pdn_variant_get(pdn_variant_id id)
{
    if ((unsigned)id >= PDN_VARIANT_COUNT)
        return NULL;
    return &variants[id];
}

const pdn_variant *
pdn_variant_default(void)
{
    return &variants[PDN_ITALIAN];
}

static int
equal_nocase(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
    return *a == *b;
}

const pdn_variant *
pdn_variant_by_name(const char *name)
{
    for (int i = 0; i < PDN_VARIANT_COUNT; i++)
        if (equal_nocase(name, variants[i].name))
            return &variants[i];
    return NULL;
}

/* Copies @value into @buf without blanks; 0 if it does not fit. */
static int
strip_blanks(const char *value, char *buf, size_t cap)
{
    size_t n = 0;
    for (; *value; value++) {
        if (isspace((unsigned char)*value))
            continue;
        if (n + 1 >= cap)
            return 0;
        buf[n++] = *value;
    }
    buf[n] = '\0';
    return 1;
}

const pdn_variant *
pdn_variant_by_gametype(const char *value)
{
    char buf[64];
    if (!strip_blanks(value, buf, sizeof buf) ||
        !isdigit((unsigned char)buf[0]))
        return NULL;
    char *end;
    long number = strtol(buf, &end, 10);
    for (int i = 0; i < PDN_VARIANT_COUNT; i++) {
        const pdn_variant *v = &variants[i];
        if (number != v->gametype)
            continue;
        if (*end == '\0' || equal_nocase(buf, v->gametype_full))
            return v;
    }
    return NULL;
}

const char *
pdn_variant_supported(void)
{
    return "supported: italian (GameType 22), spanish (24), english (21)";
}
