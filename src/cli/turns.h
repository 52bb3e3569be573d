/* turns.h -- the reading of FILE... by threads that share the work on
 * the games (pdn_read_work), and what it shares with the reading of one
 * game after another (reading.c).
 */
#ifndef PDN_CLI_TURNS_H
#define PDN_CLI_TURNS_H

#include <stdbool.h>
#include <stdio.h>

#include "base/diag.h"
#include "base/strbuf.h"
#include "cli/reading.h"

/** Reads every operand of @job with job->work->jobs threads in all. */
void pdn_read_in_turns(const pdn_cli *cli, pdn_read_job *job, bool colour);

/** Adjusts the diagnostics of @d (job->adjust), counts them into @job,
 * renders them unless quiet or off, and empties @d. */
void pdn_read_report(const pdn_cli *cli, pdn_read_job *job, pdn_diags *d,
                     bool colour, pdn_strbuf *buf);

/** Opens @path for reading ("-": cli->in).  Returns NULL if it cannot be
 * opened or is a directory, after writing "pdn CMD: PATH: reason" to
 * @why, or with pdn_read_tell() when @why is NULL. */
FILE *pdn_read_open(const pdn_cli *cli, const char *cmd, const char *path,
                    pdn_strbuf *why);

/** Writes @len bytes of @text, lines of "pdn CMD: MESSAGE" that
 * pdn_read_open() put in its @why, to cli->err; in a JSON mode each also
 * as an error on cli->out (pdn_cli_json_error()). */
void pdn_read_tell(const pdn_cli *cli, const char *text, size_t len);

/** The path of operand @i ("-" for standard input alone), and how many
 * there are. */
const char *pdn_read_operand(const pdn_read_job *job, size_t i);
size_t pdn_read_operands(const pdn_read_job *job);

#endif
