/* pool.h -- work done by threads and handed back in order: items go into
 * a ring of slots, worker threads take the oldest waiting, and the
 * thread that fills the ring hands finished items out in the order they
 * went in, waiting for the oldest when the ring is full.  The caller owns
 * the items: a slot is an index into its own array of pdn_pool_depth().
 */
#ifndef PDN_STREAM_POOL_H
#define PDN_STREAM_POOL_H

#include <stddef.h>

typedef struct pdn_pool pdn_pool;

/** Does the work of slot @slot, in worker thread @worker (0-based). */
typedef void (*pdn_pool_work_fn)(void *ctx, long worker, size_t slot);

/** Hands out the finished slot @slot, in the filling thread, in order. */
typedef void (*pdn_pool_done_fn)(void *ctx, size_t slot);

/** A pool of @workers threads (at least one is started, or NULL is
 * returned) over a ring of 4 x (@workers + 1) slots: enough that the
 * threads seldom wait. */
pdn_pool *pdn_pool_new(long workers, pdn_pool_work_fn work,
                       pdn_pool_done_fn done, void *ctx);

/** The number of slots. */
size_t pdn_pool_depth(const pdn_pool *p);

/** The number of worker threads running. */
long pdn_pool_workers(const pdn_pool *p);

/** The slot to fill next, after handing out the oldest when every slot
 * is taken. */
size_t pdn_pool_reserve(pdn_pool *p);

/** Gives the slot pdn_pool_reserve() returned to the workers. */
void pdn_pool_submit(pdn_pool *p);

/** Hands out every slot submitted, waiting for each. */
void pdn_pool_flush(pdn_pool *p);

/** Flushes, stops the threads and frees @p (NULL: nothing). */
void pdn_pool_free(pdn_pool *p);

#endif
