/* chunks.h -- where the threads of pdn check --jobs may cut a file into
 * parts that each reads on its own: at a game boundary
 * (syntax/boundary.h), only a guess: the reading of the part before it
 * says where its games truly end (turns.c).
 */
#ifndef PDN_CLI_CHUNKS_H
#define PDN_CLI_CHUNKS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/diag.h"
#include "syntax/boundary.h"
#include "syntax/reader.h"

/** The parts' largest size: they aim at fewer bytes when games are
 * short. */
#define PDN_CHUNK_BYTES ((size_t)32 << 10)

/** The parts' largest size: PDN_PART_BYTES in the environment (for
 * tests, which cut files everywhere), else PDN_CHUNK_BYTES. */
size_t pdn_part_bytes(void);

/** Whether regular files are read rather than mapped: PDN_NO_MAP set in
 * the environment (for the tests, which take both ways). */
bool pdn_no_map(void);

/** A regular file read in parts. */
typedef struct pdn_part_file {
    const char *name; /* borrowed */
    FILE *in;
    int fd;
    uint64_t size;    /* when it was opened */
    const char *view; /* the file mapped (pdn_file_view()), its parts read
                         in place; NULL: they are read with pread() */
    size_t view_span;
    _Atomic bool shrunk; /* it is smaller than when it was mapped: the view
                            is no longer read (pdn_part_file_view()) */
    size_t released;     /* the view's bytes before this are given back */
    size_t bom;          /* bytes of the byte order mark */
} pdn_part_file;

/** The regular file open as @in, named @name, to read in parts, mapped
 * if @map and it can be; NULL if it is not a regular file, or if a byte
 * order mark says UTF-16 or UTF-32 (a reader of the whole file refuses
 * it, with its error).  Its encoding
 * is decided as a reader decides it, on the bytes of a reader's first
 * chunk. */
pdn_part_file *pdn_part_file_open(FILE *in, const char *name, bool map);

/** The view of @pf to read its parts in place, or NULL: they are read
 * with pread() (it was not mapped, or it shrank). */
static inline const char *
pdn_part_file_view(const pdn_part_file *pf)
{
    return atomic_load_explicit(&pf->shrunk, memory_order_relaxed) ? NULL
                                                                   : pf->view;
}

/** Whether @pf is as large as when it was mapped, asked now and then
 * (each PDN_READ_CHUNK bytes read): a file cut short under a mapping
 * would kill the process at the first byte past its new end.  When it
 * shrank, its view is read no more. */
void pdn_part_file_check(pdn_part_file *pf);

/** Gives back the memory of the view's pages before byte @upto, in steps
 * (pdn_file_release()): the parts before are read. */
void pdn_part_file_release(pdn_part_file *pf, uint64_t upto);

/** Closes the file (@in too) and frees @pf. */
void pdn_part_file_close(pdn_part_file *pf);

/** Where the first game of @pf starts. */
pdn_reader_range pdn_part_file_start(const pdn_part_file *pf);

/** Reads @n bytes of @fd from @off into @buf, as many as there are;
 * returns how many. */
size_t pdn_pread_all(int fd, char *buf, size_t n, uint64_t off);

#endif
