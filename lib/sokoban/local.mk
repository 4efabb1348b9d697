# lib/sokoban: the sokoban module (placeholder until the game lands).
pcinclude_HEADERS += include/puzzlecore/sokoban.h
cli_puzzlecore_SOURCES += cli/sokoban.c
