/* pool.c -- an ordered pool of worker threads (pool.h). */
#include "cli/pool.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "base/xalloc.h"

enum { SLOT_FREE, SLOT_WAITING, SLOT_RUNNING, SLOT_DONE };

typedef struct worker {
    pdn_pool *pool;
    long index;
    pthread_t thread;
} worker;

struct pdn_pool {
    pdn_pool_work_fn work;
    pdn_pool_done_fn done;
    void *ctx;
    int *state;                /* by slot */
    int *inside;               /* by slot: threads working on it */
    size_t depth;
    size_t head, next, tail;   /* to hand out, to work on (slots from
                                  there on may also be running or done:
                                  the filling thread helps with the
                                  newest), to fill */
    bool closing;
    bool help;                 /* the filling thread works while it waits */
    bool join;                 /* several threads may work on one slot */
    pthread_mutex_t lock;
    pthread_cond_t waiting, finished;
    worker *workers;
    long nworkers;
};

/* Whether a slot waits for work; moves next past the slots that the
 * filling thread took out of order.  Called with the lock held. */
static bool
has_waiting(pdn_pool *p)
{
    while (p->next < p->tail && p->state[p->next % p->depth] != SLOT_WAITING)
        p->next++;
    return p->next < p->tail;
}

/* A thread is done with @slot: the slot is done when the last one is.
 * Called with the lock held. */
static void
leave(pdn_pool *p, size_t slot)
{
    if (--p->inside[slot] == 0) {
        p->state[slot] = SLOT_DONE;
        pthread_cond_broadcast(&p->finished);
    }
}

/* Works on @slot in the filling thread, as worker number nworkers;
 * called with the lock held, which it lets go meanwhile. */
static void
work_here(pdn_pool *p, size_t slot)
{
    p->inside[slot]++;
    p->state[slot] = SLOT_RUNNING;
    pthread_mutex_unlock(&p->lock);
    p->work(p->ctx, p->nworkers, slot);
    pthread_mutex_lock(&p->lock);
    leave(p, slot);
}

static void *
run_worker(void *arg)
{
    worker *w = arg;
    pdn_pool *p = w->pool;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!has_waiting(p) && !p->closing)
            pthread_cond_wait(&p->waiting, &p->lock);
        if (!has_waiting(p))
            break;
        size_t slot = p->next++ % p->depth;
        p->state[slot] = SLOT_RUNNING;
        p->inside[slot] = 1;
        pthread_mutex_unlock(&p->lock);
        p->work(p->ctx, w->index, slot);
        pthread_mutex_lock(&p->lock);
        leave(p, slot);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

pdn_pool *
pdn_pool_new(long workers, pdn_pool_work_fn work, pdn_pool_done_fn done,
             void *ctx)
{
    pdn_pool *p = pdn_xcalloc(1, sizeof *p);
    p->work = work;
    p->done = done;
    p->ctx = ctx;
    p->depth = ((size_t)workers + 1) * 4;
    p->state = pdn_xcalloc(p->depth, sizeof *p->state);
    p->inside = pdn_xcalloc(p->depth, sizeof *p->inside);
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->waiting, NULL);
    pthread_cond_init(&p->finished, NULL);
    p->workers = pdn_xcalloc((size_t)workers, sizeof *p->workers);
    for (long i = 0; i < workers; i++) {
        worker *w = &p->workers[p->nworkers];
        w->pool = p;
        w->index = p->nworkers;
        if (pthread_create(&w->thread, NULL, run_worker, w) != 0)
            break;
        p->nworkers++;
    }
    if (p->nworkers == 0) {
        pdn_pool_free(p);
        return NULL;
    }
    return p;
}

size_t
pdn_pool_depth(const pdn_pool *p)
{
    return p->depth;
}

long
pdn_pool_workers(const pdn_pool *p)
{
    return p->nworkers;
}

void
pdn_pool_help(pdn_pool *p, bool on)
{
    p->help = on;
}

void
pdn_pool_join(pdn_pool *p, bool on)
{
    p->join = on;
}

/* Waits for the oldest slot (working on waiting ones meanwhile, when
 * helping) and hands it out. */
static void
hand_out(pdn_pool *p)
{
    size_t slot = p->head % p->depth;
    bool joined = false;
    pthread_mutex_lock(&p->lock);
    while (p->state[slot] != SLOT_DONE) {
        /* With join, work on the oldest slot itself, beside the worker
         * that has it, until none of its items is left to take: this
         * thread does not wait for a worker that the system has put
         * aside, but for the item that worker is on at most. */
        if (p->help && p->join && !joined &&
            p->state[slot] == SLOT_RUNNING) {
            work_here(p, slot);
            joined = true;
            continue;
        }
        /* Else help with the newest waiting slot, the one just filled:
         * its items are still in this thread's cache, and the workers go
         * on with the oldest. */
        size_t other = p->tail;
        while (p->help && other > p->next &&
               p->state[(other - 1) % p->depth] != SLOT_WAITING)
            other--;
        if (p->help && other > p->next) {
            work_here(p, (other - 1) % p->depth);
            continue;
        }
        pthread_cond_wait(&p->finished, &p->lock);
    }
    pthread_mutex_unlock(&p->lock);
    p->done(p->ctx, slot);
    pthread_mutex_lock(&p->lock);
    p->state[slot] = SLOT_FREE;
    p->head++;
    if (p->next < p->head)
        p->next = p->head; /* the helper did them: none left to take */
    pthread_mutex_unlock(&p->lock);
}

size_t
pdn_pool_reserve(pdn_pool *p)
{
    while (p->tail - p->head == p->depth)
        hand_out(p);
    return p->tail % p->depth;
}

void
pdn_pool_submit(pdn_pool *p)
{
    pthread_mutex_lock(&p->lock);
    p->state[p->tail % p->depth] = SLOT_WAITING;
    p->tail++;
    pthread_cond_signal(&p->waiting);
    pthread_mutex_unlock(&p->lock);
}

void
pdn_pool_flush(pdn_pool *p)
{
    while (p->head < p->tail)
        hand_out(p);
}

void
pdn_pool_free(pdn_pool *p)
{
    if (!p)
        return;
    pdn_pool_flush(p);
    pthread_mutex_lock(&p->lock);
    p->closing = true;
    pthread_cond_broadcast(&p->waiting);
    pthread_mutex_unlock(&p->lock);
    for (long i = 0; i < p->nworkers; i++)
        pthread_join(p->workers[i].thread, NULL);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->waiting);
    pthread_cond_destroy(&p->finished);
    free(p->workers);
    free(p->state);
    free(p->inside);
    free(p);
}
