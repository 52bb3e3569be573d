/* slice_file.h -- where the threads of pdn check --jobs may split a file
 * into slices that each reads on its own: at a game boundary
 * (syntax/boundary.h), only a guess: the reading of the slice before it
 * says where its games truly end (batches.c).
 */
#ifndef PDN_STREAM_SLICE_FILE_H
#define PDN_STREAM_SLICE_FILE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/diag.h"
#include "syntax/boundary.h"
#include "syntax/reader.h"

/** The slices' largest size: they aim at fewer bytes when games are
 * short. */
#define PDN_SLICE_MAX ((size_t)32 << 10)

/** The slices' largest size: PDN_SLICE_BYTES in the environment (for
 * tests, which split files everywhere), else PDN_SLICE_MAX. */
size_t pdn_slice_bytes(void);

/** Whether regular files are read rather than mapped: PDN_NO_MAP set in
 * the environment (for the tests, which take both ways). */
bool pdn_no_map(void);

/** A regular file read in slices. */
typedef struct pdn_slice_file {
    const char *name; /* borrowed */
    FILE *in;
    int fd;
    uint64_t size;    /* when it was opened */
    const char *view; /* the file mapped (pdn_file_view()), its slices read
                         in place; NULL: they are read with pread() */
    size_t view_span;
    _Atomic bool shrunk; /* it is smaller than when it was mapped: the view
                            is no longer read (pdn_slice_file_view()) */
    size_t released;     /* the view's bytes before this are given back */
    size_t bom;          /* bytes of the byte order mark */
} pdn_slice_file;

/** The regular file open as @in, named @name, to read in slices, mapped
 * if @map and it can be; NULL if it is not a regular file, or if a byte
 * order mark says UTF-16 or UTF-32 (a reader of the whole file refuses
 * it, with its error).  Its encoding
 * is decided as a reader decides it, on the bytes of a reader's first
 * chunk. */
pdn_slice_file *pdn_slice_file_open(FILE *in, const char *name, bool map);

/** The view of @sf to read its slices in place, or NULL: they are read
 * with pread() (it was not mapped, or it shrank). */
static inline const char *
pdn_slice_file_view(const pdn_slice_file *sf)
{
    return atomic_load_explicit(&sf->shrunk, memory_order_relaxed) ? NULL
                                                                   : sf->view;
}

/** Whether @sf is as large as when it was mapped, asked now and then
 * (each PDN_READ_CHUNK bytes read): a file cut short under a mapping
 * would kill the process at the first byte past its new end.  When it
 * shrank, its view is read no more. */
void pdn_slice_file_check(pdn_slice_file *sf);

/** Gives back the memory of the view's pages before byte @upto, in steps
 * (pdn_file_release()): the slices before are read. */
void pdn_slice_file_release(pdn_slice_file *sf, uint64_t upto);

/** Closes the file (@in too) and frees @sf. */
void pdn_slice_file_close(pdn_slice_file *sf);

/** Where the first game of @sf starts. */
pdn_reader_range pdn_slice_file_start(const pdn_slice_file *sf);

/** Reads @n bytes of @fd from @off into @buf, as many as there are;
 * returns how many. */
size_t pdn_pread_all(int fd, char *buf, size_t n, uint64_t off);

#endif
