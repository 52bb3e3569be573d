/* filemap.h -- a regular file mapped for reading in place: privately and
 * writable, so that a reader may put a NUL after the bytes it looks at
 * (the page it writes in becomes its own copy; the file never changes),
 * and followed by zeros, so that the NUL may stand right after the file's
 * last byte.
 */
#ifndef PDN_BASE_FILEMAP_H
#define PDN_BASE_FILEMAP_H

#include <stddef.h>

/** The @len bytes (more than 0) of the regular file open as @fd, mapped,
 * then zeros up to the end of the page after the last: *@span bytes in
 * all, for pdn_file_unmap().  NULL if the file cannot be mapped. */
char *pdn_file_map(int fd, size_t len, size_t *span);

/** Unmaps what pdn_file_map() or pdn_file_view() mapped (NULL: nothing). */
void pdn_file_unmap(const char *map, size_t span);

/** The @len bytes (more than 0) of the regular file open as @fd, mapped
 * read only and shared: threads read it at once, in place, and nothing is
 * copied (pdn_reader_restart_view()); zeros follow up to the end of the
 * page after the last, as with pdn_file_map().  NULL if the file cannot
 * be mapped. */
const char *pdn_file_view(int fd, size_t len, size_t *span);

/** Gives back the memory of the whole pages of @map between byte offsets
 * *@released and @upto, and moves *@released up to them, once they make
 * 8 MiB or more: only a hint, the bytes read the same if touched again
 * (but for what was written in them, which is dropped). */
void pdn_file_release(const char *map, size_t *released, size_t upto);

#endif
