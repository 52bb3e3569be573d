/* process.c -- what follows from a command's world (process.h). */
#include "base/process.h"

#include <ctype.h>
#include <string.h>

#include "base/json_string.h"
#include "base/strbuf.h"

void
pdn_cli_json_error(const pdn_cli *cli, const char *code, unsigned column,
                   const char *message)
{
    if (!cli->json)
        return;
    pdn_strbuf b = PDN_STRBUF_INIT;
    pdn_strbuf_puts(&b, "{\"error\":");
    pdn_json_string(message, strlen(message), &b);
    if (code) {
        pdn_strbuf_puts(&b, ",\"code\":");
        pdn_json_string(code, strlen(code), &b);
    }
    if (column)
        pdn_strbuf_printf(&b, ",\"column\":%u", column);
    pdn_strbuf_puts(&b, "}\n");
    fwrite(b.ptr, 1, b.len, cli->out);
    pdn_strbuf_free(&b);
}

/* Whether @s contains @needle, ignoring case (ASCII). */
static bool
contains_nocase(const char *s, const char *needle)
{
    size_t n = strlen(needle);

    for (; *s; s++) {
        size_t i = 0;
        while (i < n && s[i] &&
               tolower((unsigned char)s[i]) == (unsigned char)needle[i])
            i++;
        if (i == n)
            return true;
    }
    return false;
}

bool
pdn_cli_utf8(const pdn_cli *cli)
{
    const char *vars[] = {cli->lc_all, cli->lc_ctype, cli->lang};

    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        if (!vars[i] || !vars[i][0])
            continue;
        return contains_nocase(vars[i], "utf-8") ||
               contains_nocase(vars[i], "utf8");
    }
    return false;
}

bool
pdn_cli_colour(const pdn_cli *cli)
{
    if (!cli->err_tty || (cli->no_color && cli->no_color[0]))
        return false;
    return cli->term && strcmp(cli->term, "dumb") != 0;
}
