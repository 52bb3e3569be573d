/* html_sample.c -- writes the HTML report of the hand-judged game of
 * fixture.c to the file named by its argument, for the browser test
 * (html_render.sh).
 */
#include <stdio.h>

#include "fixture.h"
#include "report/report.h"

int
main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: html_sample OUT.html\n");
        return 2;
    }
    report_fixture f;
    if (report_fixture_init(&f) < 0)
        return 1;
    pdn_strbuf out = PDN_STRBUF_INIT;
    pdn_report_html_begin("pdn annotate: games/test.pdn", &out);
    pdn_report_html_game(f.game, &f.annotation, &f.options, &out);
    /* The same game again, not selected: a section of its own. */
    f.annotation.selected = false;
    pdn_report_html_game(f.game, &f.annotation, &f.options, &out);
    pdn_report_html_end(&out);
    report_fixture_fini(&f);
    FILE *file = fopen(argv[1], "wb");
    int rc = !file || fwrite(out.ptr, 1, out.len, file) != out.len;
    if (file && fclose(file) != 0)
        rc = 1;
    if (rc)
        perror(argv[1]);
    pdn_strbuf_free(&out);
    return rc;
}
