/* puzzlecore/patchwork.h — placeholder: the patchwork module is being written. */
#ifndef PUZZLECORE_PATCHWORK_H
#define PUZZLECORE_PATCHWORK_H
#include "puzzlecore/common.h"
#endif
