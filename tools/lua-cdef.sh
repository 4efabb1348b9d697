#!/bin/sh
# lua-cdef.sh OUT: write the LuaJIT binding's built-in declarations
# (puzzlecore/_cdef.lua) from the installed library's cdef, found through
# $PUZZLECORE_CDEF or pkg-config (libpuzzlecore.pc's `cdef`).  Used by the
# rockspec (luarocks make); make install writes the same file itself.
out=${1:-bindings/lua/puzzlecore/_cdef.lua}
cdef=${PUZZLECORE_CDEF:-$(pkg-config --variable=cdef libpuzzlecore 2>/dev/null)}
if [ -z "$cdef" ] || [ ! -f "$cdef" ]; then
  echo "lua-cdef.sh: cannot find puzzlecore.cdef (install libpuzzlecore or set PUZZLECORE_CDEF)" >&2
  exit 1
fi
{ printf -- '-- Written by tools/lua-cdef.sh: the C declarations.\nreturn { soversion = %s, cdef = [==[\n' "${PUZZLECORE_SOVERSION:-2}"
  cat "$cdef"; printf ']==] }\n'; } > "$out.tmp" && mv "$out.tmp" "$out"
