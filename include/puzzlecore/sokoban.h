/* puzzlecore/sokoban.h — placeholder: the sokoban module is being written. */
#ifndef PUZZLECORE_SOKOBAN_H
#define PUZZLECORE_SOKOBAN_H
#include "puzzlecore/common.h"
#endif
