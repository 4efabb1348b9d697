-- luarocks make bindings/lua/puzzlecore-scm-1.rockspec   (from the source tree's top)
-- The C library must be installed first (make install); the build step
-- writes the declarations into the module from its cdef (pkg-config or
-- $PUZZLECORE_CDEF), and the module finds the library on the loader path,
-- beside itself or through $PUZZLECORE_LIBRARY.
package = "puzzlecore"
version = "scm-1"
source = { url = "git+file://." }
description = {
  summary = "LuaJIT FFI binding of libpuzzlecore: rules engines of puzzle games",
  detailed = "Nonogram, Pickerel, Snapper, Sokoban and Patchwork: rules, solvers and the generic Game.",
  license = "see LICENSE",
}
dependencies = { "lua >= 5.1" }  -- LuaJIT (the module uses its FFI)
build = {
  type = "command",
  build_command = "sh tools/lua-cdef.sh bindings/lua/puzzlecore/_cdef.lua",
  install = {
    lua = {
      ["puzzlecore"] = "bindings/lua/puzzlecore.lua",
      ["puzzlecore._cdef"] = "bindings/lua/puzzlecore/_cdef.lua",
      ["puzzlecore.game"] = "bindings/lua/puzzlecore/game.lua",
      ["puzzlecore.nonogram"] = "bindings/lua/puzzlecore/nonogram.lua",
      ["puzzlecore.nonogram_solve"] = "bindings/lua/puzzlecore/nonogram_solve.lua",
      ["puzzlecore.nonogram_colour"] = "bindings/lua/puzzlecore/nonogram_colour.lua",
      ["puzzlecore.pickerel"] = "bindings/lua/puzzlecore/pickerel.lua",
      ["puzzlecore.snapper"] = "bindings/lua/puzzlecore/snapper.lua",
      ["puzzlecore.sokoban"] = "bindings/lua/puzzlecore/sokoban.lua",
      ["puzzlecore.patchwork"] = "bindings/lua/puzzlecore/patchwork.lua",
    },
  },
}
