/* pool.c -- an ordered pool of worker threads (pool.h). */
#include "stream/pool.h"

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
    int *state; /* by slot */
    size_t depth;
    size_t head, next, tail; /* to hand out, to work on, to fill */
    bool closing;
    pthread_mutex_t lock;
    pthread_cond_t waiting, finished;
    worker *workers;
    long nworkers;
};

/* Whether a slot waits for work.  Called with the lock held. */
static bool
has_waiting(const pdn_pool *p)
{
    return p->next < p->tail;
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
        pthread_mutex_unlock(&p->lock);
        p->work(p->ctx, w->index, slot);
        pthread_mutex_lock(&p->lock);
        p->state[slot] = SLOT_DONE;
        pthread_cond_broadcast(&p->finished);
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

/* Waits for the oldest slot and hands it out. */
static void
hand_out(pdn_pool *p)
{
    size_t slot = p->head % p->depth;
    pthread_mutex_lock(&p->lock);
    while (p->state[slot] != SLOT_DONE)
        pthread_cond_wait(&p->finished, &p->lock);
    pthread_mutex_unlock(&p->lock);
    p->done(p->ctx, slot);
    pthread_mutex_lock(&p->lock);
    p->state[slot] = SLOT_FREE;
    p->head++;
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
    free(p);
}
