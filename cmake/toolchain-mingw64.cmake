# Cross-compile libpuzzlecore for 64-bit Windows with Debian's mingw-w64
# (gcc-mingw-w64-x86-64), and run the C tests under wine through ctest:
#
#   cmake -S . -B build-win -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-mingw64.cmake \
#         -DBUILD_SHARED_LIBS=ON
#   cmake --build build-win && ctest --test-dir build-win
#
# `make check-windows-cmake` (tools/check-cross.sh windows-cmake) does this
# with a private wine prefix.  MINGW_PREFIX picks another triplet
# (i686-w64-mingw32 for 32-bit Windows).
set(CMAKE_SYSTEM_NAME Windows)
if(NOT MINGW_PREFIX)
  set(MINGW_PREFIX x86_64-w64-mingw32)
endif()
if(MINGW_PREFIX MATCHES "^i[3-6]86")
  set(CMAKE_SYSTEM_PROCESSOR x86)
else()
  set(CMAKE_SYSTEM_PROCESSOR AMD64)
endif()
set(CMAKE_C_COMPILER ${MINGW_PREFIX}-gcc)
set(CMAKE_CXX_COMPILER ${MINGW_PREFIX}-g++)
set(CMAKE_RC_COMPILER ${MINGW_PREFIX}-windres)
set(CMAKE_FIND_ROOT_PATH /usr/${MINGW_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# ctest runs the Windows programs under wine when it is installed
if(NOT CMAKE_CROSSCOMPILING_EMULATOR)
  find_program(PUZZLECORE_WINE NAMES wine64 wine PATHS /usr/lib/wine) # Debian 12: /usr/lib/wine/wine64
  if(PUZZLECORE_WINE)
    set(CMAKE_CROSSCOMPILING_EMULATOR "${PUZZLECORE_WINE}")
  endif()
endif()
