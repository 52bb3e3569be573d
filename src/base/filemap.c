/* filemap.c -- files mapped for reading in place (filemap.h). */
#define _DEFAULT_SOURCE /* madvise(), MAP_ANONYMOUS */
#include "base/filemap.h"

#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

/* Pages are given back this many bytes at a time: each time costs a
 * system call, and in a process of several threads a flush of the other
 * cores' address caches. */
#define RELEASE_STEP ((size_t)8 << 20)

static size_t
page_size(void)
{
    long page = sysconf(_SC_PAGESIZE);
    return page > 0 ? (size_t)page : 4096;
}

/* The file @fd's @len bytes mapped with @prot and @flags over zeros: as
 * many pages as the file and one more (*@span bytes in all). */
static char *
map_over_zeros(int fd, size_t len, int prot, int flags, size_t *span)
{
    size_t page = page_size();
    if (len == 0 || len > SIZE_MAX / 2)
        return NULL;
    size_t all = (len / page + 1) * page;
    char *area = mmap(NULL, all, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (area == MAP_FAILED)
        return NULL;
    if (mmap(area, len, prot, flags | MAP_FIXED, fd, 0) == MAP_FAILED) {
        munmap(area, all);
        return NULL;
    }
    *span = all;
    return area;
}

char *
pdn_file_map(int fd, size_t len, size_t *span)
{
    return map_over_zeros(fd, len, PROT_READ | PROT_WRITE, MAP_PRIVATE, span);
}

const char *
pdn_file_view(int fd, size_t len, size_t *span)
{
    return map_over_zeros(fd, len, PROT_READ, MAP_SHARED, span);
}

void
pdn_file_unmap(const char *map, size_t span)
{
    if (map)
        munmap((void *)(uintptr_t)map, span);
}

void
pdn_file_release(const char *map, size_t *released, size_t upto)
{
    if (upto <= *released || upto - *released < RELEASE_STEP)
        return; /* most calls: before the page size is asked for */
    size_t page = page_size();
    upto = upto / page * page;
    if (upto <= *released || upto - *released < RELEASE_STEP)
        return;
    (void)madvise((void *)(uintptr_t)(map + *released), upto - *released,
                  MADV_DONTNEED);
    *released = upto;
}
