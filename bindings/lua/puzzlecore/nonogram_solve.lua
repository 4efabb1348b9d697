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

M.GRADES = { [0] = "none", "line", "probe", "search" }
M.FORMATS = { auto = 0, non = 1, xml = 2, tatham = 3, tcga = 4, ["tcga-solution"] = 5 }
local FORMAT_NAMES = { [0] = "auto", "non", "xml", "tatham", "tcga", "tcga-solution" }
local GRADE_NUM = { line = 1, probe = 2, search = 3 }
local HINT_KINDS = { "line", "probe", "solution" }
local STATS = { "nodes", "line_solves", "probes", "line_cells", "probe_cells", "grade", "max_depth", "memory",
  "solutions" }

local function stats_table(st)
  local t = {}
  for i, k in ipairs(STATS) do t[k] = tonumber(st[i - 1]) end
  t.grade = M.GRADES[t.grade]
  return t
end

local function wrap(ptr)
  return pc.handle(ptr, C.pc_nonogram_free, nonogram.Puzzle)
end

local function format_num(f)
  if f == nil then return 0 end
  if type(f) == "number" then return f end
  return M.FORMATS[f] or error("unknown format " .. tostring(f))
end

local function grade_num(g)
  if g == nil then return 1 end
  if type(g) == "number" then return g end
  return GRADE_NUM[g] or error("unknown grade " .. tostring(g))
end

local function result(found, count, buf, w, h, st)
  local sols = {}
  for s = 0, found - 1 do
    local rows = {}
    for y = 0, h - 1 do
      local row = {}
      for x = 0, w - 1 do row[x + 1] = buf[s * w * h + y * w + x] end
      rows[y + 1] = row
    end
    sols[s + 1] = rows
  end
  local status = found == 0 and "none" or (count < 2 and "solved") or (found == 1 and "unique") or "multiple"
  local stats = stats_table(st)
  return { status = status, solutions = sols, grade = stats.grade, stats = stats }
end

-- A pc_budget from the binding's limits: max_nodes (0/nil: none), max_seconds
-- (0/nil: the library's default of 10 s, < 0: none).
local function budget(max_nodes, max_seconds)
  return pc.budget(max_nodes or 0, max_seconds or 0)
end

local function puzzle(p)
  if getmetatable(p) ~= nonogram.Puzzle then
    pc.raise(C.PC_EINVAL, "puzzle must be a nonogram puzzle, got " .. type(p))
  end
  return p
end

local MAX_OUT = 2 ^ 26
local function solutions(count, cells)
  count = pc.int(count or 2, "count", 1, 2147483647)
  if count * cells > MAX_OUT then
    pc.raise(C.PC_ERANGE, "count * cells must be at most " .. MAX_OUT .. " (the solutions' buffer)")
  end
  return count
end

--- Solve a puzzle's clues: up to count solutions (default 2: the uniqueness check).
function M.solve(p, count, max_nodes, max_seconds)
  local w, h = puzzle(p):width(), p:height()
  count = solutions(count, w * h)
  local buf = ffi.new("uint8_t[?]", w * h * count)
  local st = ffi.new("int64_t[?]", C.PC_NONOGRAM_STAT_COUNT)
  local rc = C.pc_nonogram_solve(p.h, count, budget(max_nodes, max_seconds), buf, w * h * count, st, C.PC_NONOGRAM_STAT_COUNT)
  if rc < 0 then return pc.fail(rc) end
  return result(rc, count, buf, w, h, st)
end

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

--- grade, stats: "line" | "probe" | "search" | "none".
function M.grade(p, max_nodes, max_seconds)
  local st = ffi.new("int64_t[?]", C.PC_NONOGRAM_STAT_COUNT)
  local rc = C.pc_nonogram_grade(p.h, budget(max_nodes, max_seconds), st, C.PC_NONOGRAM_STAT_COUNT)
  if rc < 0 then return pc.fail(rc) end
  return M.GRADES[rc], stats_table(st)
end

--- The next step from the player's grid: a table {x, y, value, kind, axis, index},
--- false when no cell is unknown, or nil, msg, code (PC_EILLEGAL: the grid
--- contradicts the clues; then a 4th value {axis, index} names the line).
function M.hint(p, max_nodes, max_seconds)
  local v = ffi.new("int32_t[5]")
  local rc = C.pc_nonogram_hint(p.h, budget(max_nodes, max_seconds), v, v + 1, v + 2, v + 3, v + 4)
  if rc == C.PC_ENOTFOUND then return false end
  if rc < 0 then
    pc.fail(rc, nil, { axis = v[3] >= 0 and v[3] or nil, index = v[4] >= 0 and v[4] or nil })
  end
  return { kind = HINT_KINDS[rc], x = v[0], y = v[1], value = v[2], axis = v[3] >= 0 and v[3] or nil,
    index = v[4] >= 0 and v[4] or nil }
end

--- true when the player's filled and crossed cells agree with some solution.
function M.consistent(p, max_nodes, max_seconds)
  local rc = C.pc_nonogram_consistent(p.h, budget(max_nodes, max_seconds))
  if rc < 0 then return pc.fail(rc) end
  return rc == 1
end

--- The player's cells that contradict the unique solution: a list of {x, y}.
function M.mistakes(p)
  local w, h = puzzle(p):width(), p:height()
  local buf = ffi.new("uint8_t[?]", w * h)
  local rc = C.pc_nonogram_mistakes(p.h, buf, w * h)
  if rc < 0 then return pc.fail(rc) end
  local t = {}
  for i = 0, w * h - 1 do
    if buf[i] == 1 then t[#t + 1] = { i % w, math.floor(i / w) } end
  end
  return t
end

--- A new unique puzzle (with its solution) at grade ("line", "probe", "search") or easier,
--- under the budget max_nodes, max_seconds (as solve; the budget only stops the run).
function M.generate(w, h, seed, grade, max_nodes, max_seconds)
  local out = ffi.new("pc_nonogram *[1]")
  local rc = C.pc_nonogram_generate(w, h, pc.u64(seed or 1, "seed"), grade_num(grade),
                                    budget(max_nodes, max_seconds), out)
  if rc ~= 0 then return pc.fail(rc) end
  return wrap(out[0])
end

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

--- Puzzle number index (0-based, default 0) of a text.
function M.load(text, format, index)
  local out, err = ffi.new("pc_nonogram *[1]"), ffi.new("char[256]")
  local rc = C.pc_nonogram_import(text, pc.len(text, "text"), format_num(format), index or 0, err, 256, out)
  if rc ~= 0 then return pc.fail(rc, err) end
  return wrap(out[0])
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

--- The puzzle as text in a format (default "non").
function M.save(p, format)
  return pc.text_out(C.pc_nonogram_export, p.h, format_num(format or "non"))
end

return pc.shield("nonogram_solve", M)
