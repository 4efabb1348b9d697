# lib/pickerel: the pickerel module (placeholder until the game lands).
pcinclude_HEADERS += include/puzzlecore/pickerel.h
cli_puzzlecore_SOURCES += cli/pickerel.c
