#include "relief_png_internal.h"

#include <pthread.h>
#include <stdatomic.h>

/* What the threads of one relief_png_run_jobs share: the jobs and the next one to take. */
typedef struct relief_png_job_queue {
    uint8_t *jobs;
    size_t job_size;
    size_t count;
    void (*run)(void *job);
    atomic_size_t next;
} relief_png_job_queue;

/* Takes jobs until none is left; each job is taken by exactly one thread. */
static void *relief_png_take_jobs(void *argument) {
    relief_png_job_queue *queue = (relief_png_job_queue *)argument;
    for (;;) {
        const size_t index = atomic_fetch_add_explicit(&queue->next, 1, memory_order_relaxed);
        if (index >= queue->count) {
            return NULL;
        }
        queue->run(queue->jobs + index * queue->job_size);
    }
}

void relief_png_run_jobs(void *jobs, size_t job_size, size_t count, unsigned int threads, void (*run)(void *job)) {
    relief_png_job_queue queue = {(uint8_t *)jobs, job_size, count, run, 0};
    pthread_t helpers[RELIEF_PNG_MAX_THREADS];
    size_t started = 0;
    const size_t wanted = (threads < count ? threads : count);
    /* The calling thread is one of the threads; a helper that cannot start leaves its share to
       the others, so the jobs are done whatever the system allows. */
    while (started + 1 < wanted && started < RELIEF_PNG_MAX_THREADS &&
           pthread_create(&helpers[started], NULL, relief_png_take_jobs, &queue) == 0) {
        started++;
    }
    relief_png_take_jobs(&queue);
    for (size_t index = 0; index < started; index++) {
        pthread_join(helpers[index], NULL);
    }
}
