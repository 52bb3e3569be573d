/* stream_check.c -- memory follows the largest game, never the input:
 * reads MEGABYTES of generated games from a pipe (nothing touches the
 * disk) and fails if the peak resident size passes LIMIT_MB.
 *
 *   stream_check MEGABYTES LIMIT_MB [oneline] [file]
 *
 * With "oneline" the games are written without a single line end, the
 * case where a reader that slides its buffer by whole lines would keep
 * the whole input.  With "file" they are written to a temporary file
 * first, which the reader maps rather than reads: the pages it has
 * passed must not stay resident.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "syntax/reader.h"

static const char game[] =
    "[Event \"Stream\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
    "1. 22-18 11-15 2. 18x11 8x15 3. 21-17 {a comment} 9-13 "
    "4. 25-21 (4. 23-19 15x22 5. 26x17) 4-8 5. 23-19 15x22 1-0\n\n";

/* Writes about @megabytes of games to @fd; returns 0, or -1 if it
 * cannot. */
static int
write_games(int fd, long megabytes, int oneline)
{
    char block[1 << 16];
    size_t n = 0, len = sizeof game - 1;
    while (n + len <= sizeof block) {
        memcpy(block + n, game, len);
        n += len;
    }
    if (oneline)
        for (size_t i = 0; i < n; i++)
            if (block[i] == '\n')
                block[i] = ' ';
    long long total = (long long)megabytes << 20;
    for (long long done = 0; done < total; done += (long long)n) {
        size_t off = 0;
        while (off < n) {
            ssize_t w = write(fd, block + off, n - off);
            if (w <= 0)
                return -1;
            off += (size_t)w;
        }
    }
    return 0;
}

/* The games through a pipe from a child process; sets *@child. */
static FILE *
games_in_pipe(long megabytes, int oneline, pid_t *child)
{
    int fds[2];
    if (pipe(fds) < 0)
        return NULL;
    *child = fork();
    if (*child < 0)
        return NULL;
    if (*child == 0) {
        close(fds[0]);
        _exit(write_games(fds[1], megabytes, oneline) < 0);
    }
    close(fds[1]);
    return fdopen(fds[0], "rb");
}

/* The games in a temporary file, at its start. */
static FILE *
games_in_file(long megabytes, int oneline)
{
    FILE *f = tmpfile();
    if (!f)
        return NULL;
    if (write_games(fileno(f), megabytes, oneline) < 0 ||
        lseek(fileno(f), 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;
    }
    rewind(f);
    return f;
}

int
main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr,
                "usage: stream_check MEGABYTES LIMIT_MB [oneline] [file]\n");
        return 2;
    }
    long megabytes = atol(argv[1]), limit = atol(argv[2]);
    int oneline = 0, file = 0;
    for (int i = 3; i < argc; i++) {
        oneline |= strcmp(argv[i], "oneline") == 0;
        file |= strcmp(argv[i], "file") == 0;
    }
    pid_t child = -1;
    FILE *in = file ? games_in_file(megabytes, oneline)
                    : games_in_pipe(megabytes, oneline, &child);
    if (!in) {
        perror("stream_check");
        return 2;
    }
    pdn_reader *r = pdn_reader_new(file ? "file" : "pipe", in, NULL);
    pdn_diags d = PDN_DIAGS_INIT;
    pdn_game *g;
    unsigned long long games = 0, errors = 0;
    while (pdn_reader_next(r, &g, &d) > 0) {
        games++;
        errors += g->errors;
        pdn_reader_recycle(r, g);
        pdn_diags_clear(&d);
    }
    unsigned long long bytes = pdn_reader_bytes(r);
    pdn_reader_free(r);
    pdn_diags_free(&d);
    fclose(in);
    int status = 0;
    if (child > 0)
        waitpid(child, &status, 0);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    long peak_mb = ru.ru_maxrss / 1024;
    int ok = errors == 0 && games > 0 && peak_mb < limit && WIFEXITED(status) &&
             WEXITSTATUS(status) == 0;
    printf("%s: %llu bytes, %llu games, %llu errors, peak resident %ld MB "
           "(limit %ld MB)%s%s\n",
           ok ? "ok" : "FAIL", bytes, games, errors, peak_mb, limit,
           oneline ? ", all on one line" : "",
           file ? ", from a mapped file" : ", from a pipe");
    printf("%d passed, %d failed\n", ok, !ok);
    return ok ? 0 : 1;
}
