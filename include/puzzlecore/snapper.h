/* puzzlecore/snapper.h — placeholder: the snapper module is being written. */
#ifndef PUZZLECORE_SNAPPER_H
#define PUZZLECORE_SNAPPER_H
#include "puzzlecore/common.h"
#endif
