/* variant.c -- the variants' rows (variant_rows.h) handed out, and
 * found by name and by PDN GameType.
 */
#include "variant.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "rules/variant_rows.h"

const pdn_variant *
pdn_variant_get(pdn_variant_id id)
{
    if ((unsigned)id >= PDN_VARIANT_COUNT)
        return NULL;
    return &pdn_variant_rows[id];
}

const pdn_variant *
pdn_variant_default(void)
{
    return &pdn_variant_rows[PDN_ITALIAN];
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
        if (equal_nocase(name, pdn_variant_rows[i].name))
            return &pdn_variant_rows[i];
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
        const pdn_variant *v = &pdn_variant_rows[i];
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
