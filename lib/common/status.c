/* Version, status names and the allocator boundary. */
#ifdef HAVE_CONFIG_H
#include "config.h" /* PACKAGE_VERSION (CMake and the amalgamation define it themselves) */
#endif

#include <stdlib.h>

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

void pc_free(void *ptr)
{
    free(ptr);
}
