/* progress.c -- the progress line of a long reading. */
#include "stream/progress.h"

#include <stdio.h>
#include <sys/stat.h>

#include "base/clock.h"

#define PROGRESS_MIN_BYTES ((uint64_t)4 << 20)

void
pdn_progress_start(const pdn_cli *cli, bool wanted, int fd, pdn_progress *pr)
{
    struct stat st;
    *pr = (pdn_progress){.on = false};
    if (wanted && cli->err_tty && fstat(fd, &st) == 0 &&
        (!S_ISREG(st.st_mode) || (uint64_t)st.st_size > PROGRESS_MIN_BYTES)) {
        pr->on = true;
        pr->total = S_ISREG(st.st_mode) ? (uint64_t)st.st_size : 0;
        pdn_clock_start(&pr->start);
    }
}

/* "12.3/200.0 MB  45000 games/s  3 s left". */
void
pdn_progress_show(const pdn_cli *cli, pdn_progress *pr, uint64_t bytes)
{
    if (pdn_clock_since(&pr->last) < 0.1)
        return;
    pdn_clock_start(&pr->last);
    double t = pdn_clock_since(&pr->start);
    double rate = t > 0 ? (double)bytes / t : 0;
    fprintf(cli->err, "\r%.1f", (double)bytes / 1e6);
    if (pr->total)
        fprintf(cli->err, "/%.1f", (double)pr->total / 1e6);
    fprintf(cli->err, " MB  %.0f games/s", t > 0 ? (double)pr->games / t : 0);
    if (pr->total && rate > 0 && bytes < pr->total)
        fprintf(cli->err, "  %.0f s left", (double)(pr->total - bytes) / rate);
    fputs("\033[K", cli->err);
    fflush(cli->err);
}

void
pdn_progress_end(const pdn_cli *cli, pdn_progress *pr)
{
    if (pr->on && pr->last.tv_sec)
        fputs("\r\033[K", cli->err);
    pr->on = false;
}
