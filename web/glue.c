/*
 * web/glue.c — the few helpers the WebAssembly module needs beyond the
 * library's own calls (built into puzzlecore.wasm only, never into the
 * native library; names pcweb_*, not part of the C API).
 *
 * A pc_budget is laid out by the C compiler, so JavaScript does not poke its
 * fields: pcweb_budget_new fills one; its progress callback calls back into
 * JavaScript (Module.pcwebProgress), whose answer (non-zero: stop) cancels
 * the search.  The library's allocations go through a counting allocator
 * (pc_set_allocator, installed before main): pcweb_live_blocks and
 * pcweb_live_bytes tell what the library holds now, so a test can prove that
 * thousands of games leave nothing behind; pcweb_heap_top (sbrk(0)) shows
 * whether the heap itself grew.
 */
#define _DEFAULT_SOURCE /* sbrk */
#include <emscripten.h>
#include <stdlib.h>
#include <unistd.h>

#include "puzzlecore/puzzlecore.h"

EM_JS(int32_t, pcweb_progress_js, (int32_t id, double nodes, double seconds, double bound), {
    var f = Module["pcwebProgress"];
    return f ? (f(id, nodes, seconds, bound) ? 1 : 0) : 0;
});

static int32_t progress(void *user, int64_t nodes, double seconds, double bound)
{
    return pcweb_progress_js((int32_t)(intptr_t)user, (double)nodes, seconds, bound);
}

/* A budget: max_nodes (0 none), max_seconds (0 default, < 0 none),
 * progress_every seconds (0 default) and, when id > 0, a progress callback
 * that hands `id` to JavaScript.  NULL when out of memory.  Free with free(). */
EMSCRIPTEN_KEEPALIVE pc_budget *pcweb_budget_new(double max_nodes, double max_seconds, double progress_every,
                                                 int32_t id)
{
    pc_budget *b = malloc(sizeof *b);
    if (!b || pc_budget_init(b, sizeof *b) != PC_OK) {
        free(b);
        return NULL;
    }
    b->max_nodes = max_nodes > 0 ? (int64_t)max_nodes : 0;
    b->max_seconds = max_seconds;
    b->progress_every = progress_every > 0 ? progress_every : 0;
    if (id > 0) {
        b->progress = progress;
        b->user = (void *)(intptr_t)id;
    }
    return b;
}

/* The counting allocator: a 16-byte header keeps each block's size. */
static double live_blocks, live_bytes;
enum { HDR = 16 };

static void *count_malloc(size_t n)
{
    unsigned char *p = malloc(n + HDR);
    if (!p)
        return NULL;
    *(size_t *)p = n;
    live_blocks += 1;
    live_bytes += (double)n;
    return p + HDR;
}

static void *count_realloc(void *q, size_t n)
{
    if (!q)
        return count_malloc(n);
    unsigned char *h = (unsigned char *)q - HDR;
    size_t old = *(size_t *)h;
    unsigned char *p = realloc(h, n + HDR);
    if (!p)
        return NULL;
    *(size_t *)p = n;
    live_bytes += (double)n - (double)old;
    return p + HDR;
}

static void count_free(void *q)
{
    if (!q)
        return;
    unsigned char *h = (unsigned char *)q - HDR;
    live_blocks -= 1;
    live_bytes -= (double)*(size_t *)h;
    free(h);
}

__attribute__((constructor)) static void install_counter(void)
{
    pc_set_allocator(count_malloc, count_realloc, count_free);
}

/* Blocks and bytes the library holds now. */
EMSCRIPTEN_KEEPALIVE double pcweb_live_blocks(void) { return live_blocks; }
EMSCRIPTEN_KEEPALIVE double pcweb_live_bytes(void) { return live_bytes; }

/* The top of the malloc heap (sbrk(0)): grows only when malloc needs more. */
EMSCRIPTEN_KEEPALIVE double pcweb_heap_top(void) { return (double)(uintptr_t)sbrk(0); }
