/* convert_pdn.h -- pdn convert --to pdn: JSON Lines of pdn convert --to
 * json (or PDN) written as canonical PDN, exactly as pdn fmt writes the
 * PDN they came from.
 */
#ifndef PDN_CLI_CONVERT_PDN_H
#define PDN_CLI_CONVERT_PDN_H

#include <stdbool.h>
#include <stddef.h>

#include "cli/args.h"
#include "write/canonical.h"

typedef enum pdn_input_form {
    PDN_FROM_AUTO, /* JSON when the input starts with '{' */
    PDN_FROM_JSON,
    PDN_FROM_PDN
} pdn_input_form;

typedef struct pdn_convert_pdn {
    const char **files; /* "-": standard input; none: standard input */
    size_t nfiles;
    const pdn_tagmap *tagmap;
    pdn_canonical_options canonical;
    pdn_input_form from;
    bool quiet;
} pdn_convert_pdn;

/** Converts the FILEs of @o to canonical PDN on cli->out.  Returns the
 * exit status: 0, 1 when a line or game had an error, 2 when a file
 * could not be read. */
int pdn_convert_to_pdn(const pdn_cli *cli, const pdn_convert_pdn *o);

#endif
