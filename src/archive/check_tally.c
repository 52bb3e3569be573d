/* check_tally.c -- the verdicts of pdn check counted, over the run and
 * file by file, the notes grouped by code, and the lines that say them.
 */
#include "archive/check_tally.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"

/* A verdict packed: its flags (VERDICT_*), the variant its moves are
 * legal in (1 + its id, times VERDICT_OTHER; 0: none) and the notes
 * times VERDICT_NOTES. */
#define VERDICT_SOUND 1L
#define VERDICT_NOT_REPLAYED 2L
#define VERDICT_NO_MOVES 4L
#define VERDICT_OTHER 8L
#define VERDICT_NOTES (VERDICT_OTHER * (PDN_VARIANT_COUNT + 1))

/* "s" unless @n is 1: "3 games", "1 game". */
static const char *
plural(uint64_t n)
{
    return n == 1 ? "" : "s";
}

long
pdn_check_verdict_pack(const pdn_check_verdict *v)
{
    return (long)v->notes * VERDICT_NOTES + (v->sound ? VERDICT_SOUND : 0) +
           (v->not_replayed ? VERDICT_NOT_REPLAYED : 0) +
           (v->no_moves ? VERDICT_NO_MOVES : 0) +
           (v->other ? VERDICT_OTHER * (1 + (long)v->other->id) : 0);
}

void
pdn_check_tally_fini(pdn_check_tally *t)
{
    for (size_t i = 0; i < t->ngroups; i++)
        free(t->groups[i].first);
    free(t->groups);
    free(t->files);
    *t = (pdn_check_tally){0};
}

void
pdn_check_tally_add(pdn_check_tally *t, const char *file, long value)
{
    pdn_file_tally *f = t->nfiles ? &t->files[t->nfiles - 1] : NULL;
    if (!f || (f->file != file && strcmp(f->file, file) != 0)) {
        if (t->nfiles == t->cap_files) {
            t->cap_files = t->cap_files ? 2 * t->cap_files : 8;
            t->files = pdn_xrealloc(t->files, t->cap_files * sizeof *t->files);
        }
        f = &t->files[t->nfiles++];
        *f = (pdn_file_tally){.file = file};
    }
    f->games++;
    t->sound += (value & VERDICT_SOUND) != 0;
    t->not_replayed += (value & VERDICT_NOT_REPLAYED) != 0;
    t->no_moves += (value & VERDICT_NO_MOVES) != 0;
    long other = value % VERDICT_NOTES / VERDICT_OTHER;
    if (other) {
        t->other[other - 1]++;
        f->other[other - 1]++;
    }
    t->notes += (size_t)(value / VERDICT_NOTES);
}

void
pdn_check_tally_group_note(pdn_check_tally *t, const pdn_diag *d)
{
    size_t i = 0;
    while (i < t->ngroups && t->groups[i].code != d->code)
        i++;
    if (i == t->ngroups) {
        t->groups =
            pdn_xrealloc(t->groups, (t->ngroups + 1) * sizeof *t->groups);
        pdn_strbuf first = PDN_STRBUF_INIT;
        pdn_strbuf_printf(&first, "%s:%u:%u: %s", d->file, d->at.line,
                          d->at.col, d->message);
        t->groups[t->ngroups++] =
            (pdn_note_group){d->code, 0, pdn_strbuf_detach(&first)};
    }
    t->groups[i].count++;
}

/* The grouped notes, one line a code: how many, and the first. */
static void
write_note_groups(pdn_check_tally *t, pdn_strbuf *out)
{
    for (size_t i = 0; i < t->ngroups; i++) {
        const pdn_note_group *n = &t->groups[i];
        if (n->code == PDN_N_OTHER_VARIANT) { /* said by other_variants() */
            free(n->first);
            continue;
        }
        char code[8];
        pdn_code_format(n->code, code);
        const pdn_code_info *info = pdn_code_lookup(n->code);
        pdn_strbuf_printf(
            out, "note[%s] %s: %" PRIu64 " time%s, the first at %s\n", code,
            info ? info->name : "", n->count, plural(n->count), n->first);
        free(n->first);
    }
    if (t->ngroups)
        pdn_strbuf_puts(out, "(notes grouped by code: --notes shows each)\n");
    free(t->groups);
    t->groups = NULL;
    t->ngroups = 0;
}

/* Once for each file: how many of its games are of another variant
 * (N0217), and the option that reads them so; then, of more than one
 * file, the same for the run. */
static void
other_variants(const pdn_check_tally *t, pdn_strbuf *out)
{
    size_t lines = 0;
    for (size_t i = 0; i < t->nfiles; i++) {
        const pdn_file_tally *f = &t->files[i];
        for (int id = 0; id < PDN_VARIANT_COUNT; id++) {
            const pdn_variant *v = pdn_variant_get((pdn_variant_id)id);
            if (!f->other[id])
                continue;
            pdn_strbuf_printf(
                out,
                "%s: note[N0217] other-variant: %" PRIu64 " of %" PRIu64
                " game%s replay%s as %s, not as read: try --variant "
                "%s\n",
                f->file, f->other[id], f->games, plural(f->games),
                f->other[id] == 1 ? "s" : "", v->title, v->name);
            lines++;
        }
    }
    for (int id = 0; id < PDN_VARIANT_COUNT && lines > 1; id++) {
        const pdn_variant *v = pdn_variant_get((pdn_variant_id)id);
        if (t->other[id])
            pdn_strbuf_printf(out,
                              "note[N0217] other-variant: in all, %" PRIu64
                              " of %" PRIu64 " game%s replay%s as %s\n",
                              t->other[id], t->checked, plural(t->checked),
                              t->other[id] == 1 ? "s" : "", v->title);
    }
}

void
pdn_check_tally_write_notes(pdn_check_tally *t, pdn_strbuf *out)
{
    write_note_groups(t, out);
    other_variants(t, out);
}

void
pdn_check_tally_write_summary(const pdn_check_tally *t, bool json,
                              size_t errors, size_t warnings, double seconds,
                              pdn_strbuf *out)
{
    if (json) {
        pdn_strbuf_printf(out,
                          "{\"summary\":{\"games\":%" PRIu64
                          ",\"sound\":%" PRIu64 ",\"not_replayed\":%" PRIu64
                          ",\"no_moves\":%" PRIu64 ",\"other_variant\":{",
                          t->checked, t->sound, t->not_replayed, t->no_moves);
        const char *comma = "";
        for (int id = 0; id < PDN_VARIANT_COUNT; id++)
            if (t->other[id]) {
                pdn_strbuf_printf(out, "%s\"%s\":%" PRIu64, comma,
                                  pdn_variant_get((pdn_variant_id)id)->name,
                                  t->other[id]);
                comma = ",";
            }
        pdn_strbuf_printf(out,
                          "},\"errors\":%zu,\"warnings\":%zu,\"notes\":%zu,"
                          "\"seconds\":%.3f}}\n",
                          errors, warnings, t->notes, seconds);
        return;
    }
    char apart[128] = ""; /* the games neither sound nor in error */
    if (t->not_replayed || t->no_moves)
        snprintf(apart, sizeof apart,
                 " (%" PRIu64 " not replayed, %" PRIu64
                 " decisive without a move)",
                 t->not_replayed, t->no_moves);
    pdn_strbuf_printf(out,
                      "%" PRIu64 " game%s, %" PRIu64 " sound%s, %zu error%s, "
                      "%zu warning%s, %zu note%s in %.2f s\n",
                      t->checked, plural(t->checked), t->sound, apart, errors,
                      plural(errors), warnings, plural(warnings), t->notes,
                      plural(t->notes), seconds);
}
