/* Version, status names and the allocator boundary. */
#ifdef HAVE_CONFIG_H
#include "config.h" /* PACKAGE_VERSION (CMake and the amalgamation define it themselves) */
#endif

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "common/alloc.h"
#include "puzzlecore/common.h"

uint32_t pc_version(void)
{
    return ((uint32_t)PUZZLECORE_VERSION_MAJOR << 16) | ((uint32_t)PUZZLECORE_VERSION_MINOR << 8) |
           (uint32_t)PUZZLECORE_VERSION_PATCH;
}


const char *pc_version_string(void)
{
    /* PACKAGE_VERSION comes from configure and always matches the enum; a
     * test checks the two agree. */
#ifndef PACKAGE_VERSION
#error "PACKAGE_VERSION must be defined (configure, CMake and tools/amalgamate.sh all do)"
#endif
    return PACKAGE_VERSION;
}

const char *pc_strerror(int32_t status)
{
    switch (status) {
    case PC_OK: return "ok";
    case PC_EINVAL: return "invalid argument";
    case PC_ENOMEM: return "out of memory";
    case PC_ERANGE: return "value out of range";
    case PC_EILLEGAL: return "illegal move";
    case PC_EOVER: return "game is over";
    case PC_EPARSE: return "parse error";
    case PC_ESPACE: return "buffer too small";
    case PC_ELIMIT: return "search limit reached";
    case PC_ENOTFOUND: return "not found";
    case PC_EIO: return "input/output error";
    case PC_ECANCELLED: return "cancelled";
    default: return "unknown error";
    }
}

/* ---- the allocator (pc_set_allocator) ---------------------------------------------
 * The one process-wide setting: three function pointers, swapped only while
 * no block is live.  `live` counts the blocks handed out and not yet freed
 * (through whichever allocator was current; it is the same one, since it
 * cannot change while any block lives). */
static void *sys_malloc(size_t n) { return malloc(n); }
static void *sys_realloc(void *p, size_t n) { return realloc(p, n); }
static void sys_free(void *p) { free(p); }

static pc_malloc_fn cur_malloc = sys_malloc;
static pc_realloc_fn cur_realloc = sys_realloc;
static pc_free_fn cur_free = sys_free;
static atomic_long live;
static atomic_flag swapping = ATOMIC_FLAG_INIT;

int32_t pc_set_allocator(pc_malloc_fn malloc_fn, pc_realloc_fn realloc_fn, pc_free_fn free_fn)
{
    int none = !malloc_fn && !realloc_fn && !free_fn;
    if (!none && (!malloc_fn || !realloc_fn || !free_fn))
        return PC_EINVAL;
    if (atomic_flag_test_and_set(&swapping))
        return PC_EILLEGAL;
    int32_t rc = PC_EILLEGAL;
    if (atomic_load(&live) == 0) {
        cur_malloc = none ? sys_malloc : malloc_fn;
        cur_realloc = none ? sys_realloc : realloc_fn;
        cur_free = none ? sys_free : free_fn;
        rc = PC_OK;
    }
    atomic_flag_clear(&swapping);
    return rc;
}

void *pc__malloc(size_t n)
{
    void *p = cur_malloc(n ? n : 1);
    if (p)
        atomic_fetch_add(&live, 1);
    return p;
}

void *pc__calloc(size_t n, size_t size)
{
    if (size && n > (size_t)-1 / size)
        return NULL;
    size_t bytes = n * size;
    void *p = pc__malloc(bytes);
    if (p)
        memset(p, 0, bytes ? bytes : 1);
    return p;
}

void *pc__realloc(void *p, size_t n)
{
    if (!p)
        return pc__malloc(n);
    return cur_realloc(p, n ? n : 1);
}

void pc__free(void *p)
{
    if (!p)
        return;
    atomic_fetch_sub(&live, 1);
    cur_free(p);
}

void pc_free(void *ptr)
{
    pc__free(ptr);
}
