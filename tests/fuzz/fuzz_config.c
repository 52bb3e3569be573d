/* fuzz_config.c -- libFuzzer target for the configuration file
 * (pdn-config(5)): any bytes are read as YAML without a fault; a file that
 * is accepted must print (pdn annotate --print-config) as YAML that reads
 * back and prints the same.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/strbuf.h"
#include "config/config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    pdn_config c, again;
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_strbuf once = PDN_STRBUF_INIT, twice = PDN_STRBUF_INIT;

    pdn_config_init(&c);
    int rc = pdn_config_load_text(&c, (const char *)data, size, "fuzz", &d);
    if (rc != 0 && d.errors == 0) {
        fprintf(stderr, "fuzz_config: refused without an error\n");
        abort();
    }
    if (rc == 0) {
        pdn_config_print_annotate(&c, &once);
        pdn_config_init(&again);
        pdn_diags_clear(&d);
        if (pdn_config_load_text(&again, once.ptr, once.len, "printed", &d) !=
            0) {
            fprintf(stderr,
                    "fuzz_config: the printed settings do not read "
                    "back:\n%s\n",
                    once.ptr);
            abort();
        }
        pdn_config_print_annotate(&again, &twice);
        if (once.len != twice.len || memcmp(once.ptr, twice.ptr, once.len)) {
            fprintf(stderr,
                    "fuzz_config: printed twice differently:\n%s\n"
                    "---\n%s\n",
                    once.ptr, twice.ptr);
            abort();
        }
        pdn_config_fini(&again);
    }
    pdn_config_fini(&c);
    pdn_diags_free(&d);
    pdn_strbuf_free(&once);
    pdn_strbuf_free(&twice);
    return 0;
}
