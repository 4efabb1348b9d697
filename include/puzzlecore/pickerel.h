/* puzzlecore/pickerel.h — placeholder: the pickerel module is being written. */
#ifndef PUZZLECORE_PICKEREL_H
#define PUZZLECORE_PICKEREL_H
#include "puzzlecore/common.h"
#endif
