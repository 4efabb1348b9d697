# lib/snapper: the snapper module (placeholder until the game lands).
pcinclude_HEADERS += include/puzzlecore/snapper.h
cli_puzzlecore_SOURCES += cli/snapper.c
