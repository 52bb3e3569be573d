/* fuzz_atomic.c -- libFuzzer target for the atomic writer of --in-place
 * and -o (cli/atomic.h) under a model of the file system's faults: the
 * input says how a file is named (itself, through a symbolic link, or
 * new), how the new text is written (in pieces of which sizes), and where
 * the file system gives out (a file size limit that makes the write fail
 * with EFBIG at a chosen byte); the rest of it is the new text.  Whatever
 * happens, the file holds either its old text or the whole new one, keeps
 * its mode, and no temporary file is left beside it: the old text on any
 * failure (exit status 2), the new on success.
 */
#include <dirent.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/atomic.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char OLD[] = "[Event \"old\"]\n1. 22-18 *\n";

static void
fail(const char *what)
{
    fprintf(stderr, "fuzz_atomic: %s\n", what);
    abort();
}

/* The bytes of @path into @buf (room for @cap); their count, or -1. */
static long
slurp(const char *path, char *buf, size_t cap)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t n = fread(buf, 1, cap, f);
    fclose(f);
    return (long)n;
}

/* The entries of @dir but "." and "..". */
static int
entries(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    if (!d)
        return -1;
    while ((e = readdir(d)))
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 4)
        return 0;
    unsigned how = data[0] % 3;        /* the file, a link to it, a new one */
    unsigned piece = 1 + data[1] % 64; /* bytes written at a time */
    unsigned limit = data[2] | (unsigned)data[3] << 8; /* 0: no fault */
    const char *text = (const char *)data + 4;
    size_t len = size - 4;

    /* In memory where the machine has it (/dev/shm): the writer's
       fsync() then waits for no disk. */
    char dir[] = "/dev/shm/pdn-fuzz-atomic-XXXXXX";
    if (!mkdtemp(dir)) {
        snprintf(dir, sizeof dir, "%s", "/tmp/pdn-fuzz-atomic-XXXXXX");
        if (!mkdtemp(dir))
            return 0;
    }
    char file[64], link[64];
    snprintf(file, sizeof file, "%s/games.pdn", dir);
    snprintf(link, sizeof link, "%s/link.pdn", dir);
    if (how < 2) {
        FILE *f = fopen(file, "wb");
        if (!f || fwrite(OLD, 1, sizeof OLD - 1, f) != sizeof OLD - 1)
            fail("cannot make the old file");
        fclose(f);
        chmod(file, 0640);
    }
    if (how == 1 && symlink("games.pdn", link) != 0)
        fail("cannot make the link");

    FILE *null = fopen("/dev/null", "w");
    pdn_cli cli = {.in = stdin, .out = null, .err = null};
    pdn_atomic t;
    const char *name = how == 1 ? link : file;
    int rc = pdn_atomic_open(&cli, "fuzz", name, how == 2, &t);
    if (rc == 0) {
        struct rlimit old_limit, fault;
        getrlimit(RLIMIT_FSIZE, &old_limit);
        void (*old_handler)(int) = signal(SIGXFSZ, SIG_IGN);
        if (limit) {
            fault = old_limit;
            fault.rlim_cur = limit;
            setrlimit(RLIMIT_FSIZE, &fault);
        }
        for (size_t at = 0; at < len; at += piece) {
            size_t n = len - at < piece ? len - at : piece;
            fwrite(text + at, 1, n, t.out);
        }
        rc = pdn_atomic_close(&cli, "fuzz", &t, true, PDN_EXIT_OK);
        setrlimit(RLIMIT_FSIZE, &old_limit);
        signal(SIGXFSZ, old_handler);
    }
    fclose(null);

    /* The outcome. */
    char got[70000];
    long n = slurp(file, got, sizeof got);
    bool written = rc == PDN_EXIT_OK;
    if (written) {
        if (n != (long)len || (len && memcmp(got, text, len) != 0))
            fail("replaced, but not by the whole new text");
    } else if (how < 2) {
        if (n != (long)sizeof OLD - 1 || memcmp(got, OLD, sizeof OLD - 1))
            fail("failed, and the old text is not there as it was");
    } else if (n >= 0) {
        fail("failed, and a new file was left");
    }
    struct stat st;
    if (how < 2 && stat(file, &st) == 0 && (st.st_mode & 07777) != 0640)
        fail("the mode was not kept");
    if (how == 1 && (lstat(link, &st) != 0 || !S_ISLNK(st.st_mode)))
        fail("the link was not kept");
    int want = (how == 1 ? 2 : 1) - (how == 2 && !written);
    if (entries(dir) != want)
        fail("a temporary file was left beside the file");
    unlink(link);
    unlink(file);
    rmdir(dir);
    return 0;
}
