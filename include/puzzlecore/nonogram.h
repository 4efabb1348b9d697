/* puzzlecore/nonogram.h — placeholder: the nonogram module is being written. */
#ifndef PUZZLECORE_NONOGRAM_H
#define PUZZLECORE_NONOGRAM_H
#include "puzzlecore/common.h"
#endif
