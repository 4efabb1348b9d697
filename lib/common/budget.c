/* pc_budget and the internal meter every search runs under: see budget.h. */
#ifdef HAVE_CONFIG_H
#endif

#include <math.h>
#include <stddef.h>
#include <string.h>

#include "common/budget.h"
#include "common/clock.h"

/* The first release's struct ends after `reserved`: anything shorter is not
 * a pc_budget at all. */
#define PC_BUDGET_V1_SIZE (offsetof(pc_budget, reserved) + sizeof(int32_t))


int32_t pc_budget_init(pc_budget *b, size_t size)
{
    if (!b || size < PC_BUDGET_V1_SIZE)
        return PC_EINVAL;
    /* Only the part the caller owns is written: a caller built against these
     * headers passes sizeof *b == sizeof(pc_budget). */
    memset(b, 0, size < sizeof *b ? size : sizeof *b);
    b->size = size < sizeof *b ? size : sizeof *b;
    return PC_OK;
}

static int32_t load_cancel(const pc_budget *b)
{
#if defined(__GNUC__) || defined(__clang__)
    return __atomic_load_n(&b->cancel, __ATOMIC_RELAXED);
#else
    return *(const volatile int32_t *)&b->cancel;
#endif
}

int32_t pc__budget_cancelled(const pc_budget *b)
{
    return b ? load_cancel(b) : 0;
}

int32_t pc_budget_cancel(pc_budget *b)
{
    if (!b)
        return PC_EINVAL;
#if defined(__GNUC__) || defined(__clang__)
    __atomic_store_n(&b->cancel, 1, __ATOMIC_RELAXED);
#else
    *(volatile int32_t *)&b->cancel = 1;
#endif
    return PC_OK;
}

int32_t pc_budget_reset(pc_budget *b)
{
    if (!b)
        return PC_EINVAL;
#if defined(__GNUC__) || defined(__clang__)
    __atomic_store_n(&b->cancel, 0, __ATOMIC_RELAXED);
#else
    *(volatile int32_t *)&b->cancel = 0;
#endif
    return PC_OK;
}

size_t pc_budget_size(void)
{
    return sizeof(pc_budget);
}

int32_t pc__meter_start(pc__meter *m, const pc_budget *b)
{
    double seconds = PC_BUDGET_DEFAULT_SECONDS;
    if (!m)
        return PC_EINVAL;
    memset(m, 0, sizeof *m);
    m->max_bytes = (uint64_t)PC_BUDGET_DEFAULT_MIB << 20;
    m->progress_every = PC_BUDGET_PROGRESS_MS / 1000.0;
    if (b) {
        if (b->size < PC_BUDGET_V1_SIZE)
            return PC_EINVAL;
        if (b->max_nodes < 0 || isnan(b->max_seconds) || isnan(b->progress_every) || b->progress_every < 0)
            return PC_EINVAL;
        m->budget = b;
        m->max_nodes = b->max_nodes;
        if (b->max_seconds != 0)
            seconds = b->max_seconds;
        if (b->max_bytes != 0)
            m->max_bytes = b->max_bytes;
        m->seed = b->seed;
        if (b->progress_every > 0)
            m->progress_every = b->progress_every;
    }
    m->start = pc__now_seconds();
    m->deadline = seconds > 0 ? m->start + seconds : 0;
    m->next_progress = m->start + m->progress_every;
    m->bound = NAN;
    m->countdown = PC__METER_CHECK;
    m->status = PC_OK;
    if (b && load_cancel(b))
        m->status = PC_ECANCELLED;
    return PC_OK;
}

int32_t pc__meter_check(pc__meter *m)
{
    double now;
    m->countdown = PC__METER_CHECK;
    if (m->status != PC_OK)
        return m->status;
    if (m->max_nodes > 0 && m->nodes >= m->max_nodes) {
        m->status = PC_ELIMIT;
        return m->status;
    }
    if (m->budget && load_cancel(m->budget)) {
        m->status = PC_ECANCELLED;
        return m->status;
    }
    now = pc__now_seconds();
    if (m->deadline > 0 && now >= m->deadline) {
        m->status = PC_ELIMIT;
        return m->status;
    }
    if (m->budget && m->budget->progress && now >= m->next_progress) {
        m->next_progress = now + m->progress_every;
        if (m->budget->progress(m->budget->user, m->nodes, now - m->start, m->bound) != 0)
            m->status = PC_ECANCELLED;
    }
    return m->status;
}
