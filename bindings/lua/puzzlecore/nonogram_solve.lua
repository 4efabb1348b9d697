-- puzzlecore.nonogram_solve — nonogram solving, grading, hints, generating and
-- file formats (LuaJIT FFI), over the puzzles of puzzlecore.nonogram.
--
-- local ns = require "puzzlecore.nonogram_solve"
-- local p = ns.load("4x4:2/1/2/1/1.1/2/1/1")      -- a Tatham game id
-- local r = ns.solve(p)                             -- r.status == "unique", r.grade == "probe"
-- local h = ns.hint(p)                              -- h.x, h.y, h.value, h.kind, h.axis, h.index
--
-- Coordinates are 0-based like the C API.  Failing calls return nil, message, code.
local pc = require "puzzlecore"
local nonogram = require "puzzlecore.nonogram"
local C, ffi = pc.C, pc.ffi

local M = {}

M.GRADES = nonogram.GRADES
M.FORMATS = nonogram.FORMATS
local FORMAT_NAMES = nonogram.FORMAT_NAMES
local format_num, budget, result, solutions = nonogram._format_num, nonogram._budget, nonogram._result,
  nonogram._solutions
local puzzle, wrap = nonogram._puzzle, nonogram._adopt

--- Whether the library has the optional CaDiCaL SAT backend of the black-and-white solver
-- (configure --with-cadical); the verdicts are the same either way.
function M.sat_backend() return C.pc_nonogram_sat_backend() ~= 0 end

--- Solve a puzzle's clues: up to count solutions (default 2: the uniqueness check).
function M.solve(p, count, max_nodes, max_seconds) return puzzle(p):solve(count, max_nodes, max_seconds) end

--- Solve plain clue tables rows[y], cols[x] ({0} or {} for an empty line).
function M.solve_clues(rows, cols, count, givens, max_nodes, max_seconds)
  local rc_, rv = nonogram.flatten_clues(rows, "rows")
  local cc, cv = nonogram.flatten_clues(cols, "cols")
  local w, h = #cols, #rows
  count = solutions(count, w * h)
  local g = nil
  if givens then
    local n
    g, n = nonogram._u8(givens, "givens")
    if n ~= w * h then pc.raise(C.PC_EINVAL, "givens must hold " .. (w * h) .. " cells, got " .. n) end
  end
  local buf = ffi.new("uint8_t[?]", w * h * count)
  local st = ffi.new("int64_t[?]", C.PC_NONOGRAM_STAT_COUNT)
  local rc = C.pc_nonogram_solve_clues(w, h, rc_, rv, cc, cv, g, count, budget(max_nodes, max_seconds), buf,
    w * h * count, st, C.PC_NONOGRAM_STAT_COUNT)
  if rc < 0 then return pc.fail(rc) end
  return result(rc, count, buf, w, h, st)
end

--- The complete line solver: cells (a table of 0/1/2) in, the settled cells out.
function M.solve_line(clues, cells)
  local a, n = nonogram._u8(cells, "cells")
  if n > C.PC_NONOGRAM_MAX_SIDE then pc.raise(C.PC_ERANGE, "cells must hold at most " .. C.PC_NONOGRAM_MAX_SIDE) end
  local out = ffi.new("uint8_t[?]", math.max(n, 1))
  local rc = C.pc_nonogram_solve_line(pc.i32(clues), #clues, a, n, out)
  if rc < 0 then return pc.fail(rc) end
  local t = {}
  for i = 1, n do t[i] = out[i - 1] end
  return t
end

--- grade, stats: "line" | "probe" | "search" | "none" (Puzzle:grade).
function M.grade(p, max_nodes, max_seconds) return puzzle(p):grade(max_nodes, max_seconds) end
--- The next step from the player's grid (Puzzle:hint).
function M.hint(p, max_nodes, max_seconds) return puzzle(p):hint(max_nodes, max_seconds) end
--- true when the player's cells agree with some solution (Puzzle:consistent).
function M.consistent(p, max_nodes, max_seconds) return puzzle(p):consistent(max_nodes, max_seconds) end
--- The player's cells that contradict the unique solution (Puzzle:mistakes).
function M.mistakes(p) return puzzle(p):mistakes() end
--- A new unique puzzle (nonogram.generate).
function M.generate(w, h, seed, grade, max_nodes, max_seconds)
  return nonogram.generate(w, h, seed, grade, max_nodes, max_seconds)
end
--- Puzzle number index (0-based, default 0) of a text (nonogram.parse).
function M.load(text, format, index) return nonogram.parse(text, format, index) end
--- The puzzle as text in a format, default "non" (Puzzle:export).
function M.save(p, format) return puzzle(p):export(format) end

--- The format name of a text ("non", "xml", "tatham", "tcga", "tcga-solution").
function M.detect_format(text)
  local rc = C.pc_nonogram_detect_format(text, pc.len(text, "text"))
  if rc < 0 then return pc.fail(rc) end
  return FORMAT_NAMES[rc]
end

--- How many puzzles a text holds.
function M.count(text, format)
  local err = ffi.new("char[256]")
  local rc = C.pc_nonogram_import_count(text, pc.len(text, "text"), format_num(format), err, 256)
  if rc < 0 then return pc.fail(rc, err) end
  return rc
end

--- A multi-puzzle text read once: ns.Collection.new(text [, format]);
--- c:count(), c:puzzle(i) (1-based, Lua style), c:format().  Reading every
--- puzzle costs one pass over the text (M.load with an index rescans it).
local Collection = {}
Collection.__index = Collection
M.Collection = Collection

function Collection.new(text, format)
  local out, err = ffi.new("pc_nonogram_collection *[1]"), ffi.new("char[256]")
  local rc = C.pc_nonogram_collection_parse(text, pc.len(text, "text"), format_num(format), err, 256, out)
  if rc ~= 0 then return pc.fail(rc, err) end
  return pc.handle(out[0], C.pc_nonogram_collection_free, Collection)
end
function Collection:count()
  local rc = C.pc_nonogram_collection_count(self.h)
  if rc < 0 then return pc.fail(rc) end
  return rc
end
function Collection:format()
  local rc = C.pc_nonogram_collection_format(self.h)
  if rc < 0 then return pc.fail(rc) end
  return FORMAT_NAMES[rc]
end
function Collection:puzzle(i)
  local out = ffi.new("pc_nonogram *[1]")
  local rc = C.pc_nonogram_collection_puzzle(self.h, i - 1, out)
  if rc ~= 0 then return pc.fail(rc) end
  return wrap(out[0])
end

--- Iterate over every puzzle of a text: for i, p in ns.puzzles(text) do ... end
--- (i counts from 0, as M.load's index; one pass over the text).
function M.puzzles(text, format)
  local c = Collection.new(text, format)
  local n = c:count()
  local i = -1
  return function()
    i = i + 1
    if i >= n then return nil end
    return i, c:puzzle(i + 1)
  end
end

return pc.shield("nonogram_solve", M)
