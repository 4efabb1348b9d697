# lib/common: version, status codes, rng, internal text helpers.
pcinclude_HEADERS += include/puzzlecore/common.h
lib_libpuzzlecore_la_SOURCES += \
	lib/common/status.c \
	lib/common/rng.c lib/common/rng.h \
	lib/common/text.c lib/common/text.h \
	lib/common/clock.c lib/common/clock.h \
	lib/common/bits.h

check_PROGRAMS += tests/test_common
tests_test_common_SOURCES = tests/test_common.c
tests_test_common_LDADD = $(TEST_LDADD)
TESTS += tests/test_common tests/python/test_common.py tests/lua/test_common.lua
EXTRA_DIST += tests/python/test_common.py tests/lua/test_common.lua
