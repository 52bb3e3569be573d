/* tagmap.c -- the table of tag names in other languages.  Italian names
 * come from real archives (Campionato Assoluto 2005: Dati, Anno, Bianco,
 * Nero, Risultato, Apertura); Spanish ones from common usage.
 */
#include "model/tagmap.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"

typedef struct entry {
    char *name;
    char *standard;
    size_t len; /* of name */
} entry;

struct pdn_tagmap {
    entry *items;
    size_t count, cap;
};

static const char *const builtin[][2] = {
    /* Italian */
    {"Bianco", "White"},
    {"Nero", "Black"},
    {"Risultato", "Result"},
    {"Dati", "Event"},
    {"Evento", "Event"},
    {"Torneo", "Event"},
    {"Anno", "Date"},
    {"Data", "Date"},
    {"Luogo", "Site"},
    {"Turno", "Round"},
    {"Apertura", "Opening"},
    /* Spanish */
    {"Blancas", "White"},
    {"Negras", "Black"},
    {"Resultado", "Result"},
    {"Fecha", "Date"},
    {"Lugar", "Site"},
    {"Ronda", "Round"},
    /* PDN spelling variants */
    {"Setup", "SetUp"},
};

static int
is_tag_name(const char *s)
{
    if (!isalpha((unsigned char)*s))
        return 0;
    for (s++; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return 0;
    return 1;
}

pdn_tagmap *
pdn_tagmap_new(void)
{
    pdn_tagmap *m = pdn_xcalloc(1, sizeof *m);
    for (size_t i = 0; i < sizeof builtin / sizeof builtin[0]; i++)
        pdn_tagmap_add(m, builtin[i][0], builtin[i][1]);
    return m;
}

void
pdn_tagmap_free(pdn_tagmap *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->count; i++) {
        free(m->items[i].name);
        free(m->items[i].standard);
    }
    free(m->items);
    free(m);
}

int
pdn_tagmap_add(pdn_tagmap *m, const char *name, const char *standard)
{
    if (!is_tag_name(name) || !is_tag_name(standard))
        return -1;
    for (size_t i = 0; i < m->count; i++)
        if (strcmp(m->items[i].name, name) == 0) {
            free(m->items[i].standard);
            m->items[i].standard = pdn_xstrndup(standard, strlen(standard));
            return 0;
        }
    if (m->count == m->cap) {
        m->cap = m->cap ? m->cap * 2 : 32;
        m->items = pdn_xrealloc(m->items, m->cap * sizeof *m->items);
    }
    m->items[m->count].name = pdn_xstrndup(name, strlen(name));
    m->items[m->count].len = strlen(name);
    m->items[m->count].standard = pdn_xstrndup(standard, strlen(standard));
    m->count++;
    return 0;
}

const char *
pdn_tagmap_lookup(const pdn_tagmap *m, const char *name, size_t len)
{
    for (size_t i = 0; i < m->count; i++)
        if (m->items[i].len == len && m->items[i].name[0] == name[0] &&
            memcmp(m->items[i].name, name, len) == 0)
            return m->items[i].standard;
    return NULL;
}
