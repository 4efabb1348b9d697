/* lib/common/alloc.h — the library's one allocation boundary (internal).
 *
 * Every allocation in lib/ goes through these four (tests/alloc_calls.sh
 * fails on a direct malloc, calloc, realloc or free there), so an embedder's
 * pc_set_allocator() sees every block and a test can fail any one of them.
 * Semantics are the C library's: pc__malloc(0) returns a unique block,
 * pc__calloc checks n * size for overflow (NULL), pc__realloc(NULL, n) is
 * pc__malloc(n) and leaves the block alone when it fails, pc__free(NULL) does
 * nothing. */
#ifndef PC_COMMON_ALLOC_H
#define PC_COMMON_ALLOC_H

#include <stddef.h>

#ifdef PUZZLECORE_SINGLE_FILE
/* lib/patchwork/gen_cg.py's one-file build: the C library's allocator */
#include <stdlib.h>
#define pc__malloc(n) malloc(n)
#define pc__calloc(n, size) calloc(n, size)
#define pc__realloc(p, n) realloc(p, n)
#define pc__free(p) free(p)
#else
void *pc__malloc(size_t n);
void *pc__calloc(size_t n, size_t size);
void *pc__realloc(void *p, size_t n);
void pc__free(void *p);
#endif

#endif
