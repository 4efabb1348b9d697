-- puzzlecore.nonogram — nonogram clues, the player's grid, records (LuaJIT FFI).
--
-- local nonogram = require("puzzlecore").nonogram
-- local p = nonogram.from_solution(5, 5, "0010001110101011000101110")
-- p:fill(1, 4, 3, 1); print(p:row_satisfied(4))     --> true
--
-- Coordinates are 0-based like the C API (x = column, y = row).  Failing
-- calls return nil, message, code.
local pc = require "puzzlecore"
local C, ffi = pc.C, pc.ffi

local M = {
  UNKNOWN = C.PC_NONOGRAM_UNKNOWN, FILLED = C.PC_NONOGRAM_FILLED, CROSSED = C.PC_NONOGRAM_CROSSED,
  ROWS = C.PC_NONOGRAM_ROWS, COLS = C.PC_NONOGRAM_COLS,
}

local Puzzle = {}
Puzzle.__index = Puzzle
M.Puzzle = Puzzle

local MAX_CELLS = C.PC_NONOGRAM_MAX_CELLS
local function u8(t, name)
  name = name or "cells"
  if type(t) == "string" then
    if #t > MAX_CELLS then pc.raise(C.PC_ERANGE, name .. " must hold at most " .. MAX_CELLS .. " cells") end
    local a = ffi.new("uint8_t[?]", math.max(#t, 1))
    ffi.copy(a, t, #t)
    return a, #t
  end
  if type(t) ~= "table" then pc.raise(C.PC_EINVAL, name .. " must be a table or a byte string, got " .. type(t)) end
  if #t > MAX_CELLS then pc.raise(C.PC_ERANGE, name .. " must hold at most " .. MAX_CELLS .. " cells") end
  local a = ffi.new("uint8_t[?]", math.max(#t, 1))
  for i = 1, #t do a[i - 1] = pc.int(t[i], name .. "[" .. i .. "]", 0, 255) end
  return a, #t
end
M._u8 = u8

--- Clues of the line cells[1], cells[1+stride], ... (a table or byte string of cell values).
function M.line_clues(cells, stride, length)
  local a, n = u8(cells)
  if n < 1 then pc.raise(C.PC_EINVAL, "cells must not be empty") end
  stride = pc.int(stride or 1, "stride", 1, 2147483647)
  local most = math.floor((n - 1) / stride) + 1
  length = pc.int(length or most, "length", 1, most)
  local cap = math.floor((length + 1) / 2)
  local out, count = ffi.new("int32_t[?]", cap), ffi.new("int32_t[1]")
  local rc = C.pc_nonogram_line_clues(a, length, stride, out, cap, count)
  if rc ~= 0 then return pc.fail(rc) end
  local t = {}
  for i = 0, count[0] - 1 do t[#t + 1] = out[i] end
  return t
end

local function wrap(rc, out, err)
  if rc ~= 0 then return pc.fail(rc, err) end
  return pc.handle(out[0], C.pc_nonogram_free, Puzzle)
end

--- A puzzle from a '0'/'1' solution string (row-major).
function M.from_solution(w, h, bits)
  local out, err = ffi.new("pc_nonogram *[1]"), ffi.new("char[256]")
  return wrap(C.pc_nonogram_new_from_solution(w, h, bits, pc.len(bits, "bits"), err, 256, out), out, err)
end

--- (counts, values) int32 arrays for the C calls that take clue tables.
function M.flatten_clues(lines, name)
  name = name or "clues"
  if type(lines) ~= "table" then pc.raise(C.PC_EINVAL, name .. " must be a table of tables, got " .. type(lines)) end
  local counts, values = {}, {}
  for i, l in ipairs(lines) do
    if type(l) ~= "table" then pc.raise(C.PC_EINVAL, name .. "[" .. i .. "] must be a table, got " .. type(l)) end
    counts[i] = #l
    for _, v in ipairs(l) do values[#values + 1] = v end
  end
  return pc.i32(counts), pc.i32(values)
end

--- A puzzle from clue tables: rows[y] and cols[x] are lists of numbers.
function M.from_clues(rows, cols)
  local rc_, rv = M.flatten_clues(rows, "rows")
  local cc, cv = M.flatten_clues(cols, "cols")
  local out, err = ffi.new("pc_nonogram *[1]"), ffi.new("char[256]")
  return wrap(C.pc_nonogram_new_from_clues(#cols, #rows, rc_, rv, cc, cv, err, 256, out), out, err)
end

--- A puzzle from a record or save text.
function M.load(text)
  local out, err = ffi.new("pc_nonogram *[1]"), ffi.new("char[256]")
  return wrap(C.pc_nonogram_load(text, pc.len(text, "text"), err, 256, out), out, err)
end

function Puzzle:clone()
  local out = ffi.new("pc_nonogram *[1]")
  return wrap(C.pc_nonogram_clone(self.h, out), out)
end

function Puzzle:width() return C.pc_nonogram_width(self.h) end
function Puzzle:height() return C.pc_nonogram_height(self.h) end

local function clues(self, fn, axis, i)
  local len = axis == M.ROWS and self:width() or self:height()
  local cap = math.floor((len + 1) / 2)
  local out, count = ffi.new("int32_t[?]", cap), ffi.new("int32_t[1]")
  local rc = fn(self.h, axis, i, out, cap, count)
  if rc ~= 0 then return pc.fail(rc) end
  local t = {}
  for k = 0, count[0] - 1 do t[#t + 1] = out[k] end
  return t
end

function Puzzle:row_clues(y) return clues(self, C.pc_nonogram_clues, M.ROWS, y) end
function Puzzle:col_clues(x) return clues(self, C.pc_nonogram_clues, M.COLS, x) end
function Puzzle:player_row_clues(y) return clues(self, C.pc_nonogram_player_clues, M.ROWS, y) end
function Puzzle:player_col_clues(x) return clues(self, C.pc_nonogram_player_clues, M.COLS, x) end

function Puzzle:cell(x, y)
  local v = C.pc_nonogram_cell(self.h, x, y)
  if v < 0 then return pc.fail(v) end
  return v
end

function Puzzle:set_rect(x, y, w, h, value)
  local rc = C.pc_nonogram_set_rect(self.h, x, y, w, h, value)
  if rc ~= 0 then return pc.fail(rc) end
  return true
end
function Puzzle:set(x, y, value) return self:set_rect(x, y, 1, 1, value) end
function Puzzle:fill(x, y, w, h) return self:set_rect(x, y, w or 1, h or 1, M.FILLED) end
function Puzzle:cross(x, y, w, h) return self:set_rect(x, y, w or 1, h or 1, M.CROSSED) end
function Puzzle:clear(x, y, w, h) return self:set_rect(x, y, w or 1, h or 1, M.UNKNOWN) end
function Puzzle:reset() C.pc_nonogram_reset(self.h) end

function Puzzle:row_satisfied(y) return C.pc_nonogram_line_satisfied(self.h, M.ROWS, y) == 1 end
function Puzzle:col_satisfied(x) return C.pc_nonogram_line_satisfied(self.h, M.COLS, x) == 1 end
function Puzzle:satisfied_count(axis) return C.pc_nonogram_satisfied_count(self.h, axis or M.ROWS) end
function Puzzle:solved() return C.pc_nonogram_is_solved(self.h) == 1 end
function Puzzle:matches_solution()
  local v = C.pc_nonogram_matches_solution(self.h)
  if v < 0 then return pc.fail(v) end
  return v == 1
end

--- Iterate over the lines of an axis: for i, clues, satisfied in p:lines(nonogram.ROWS)
function Puzzle:lines(axis)
  local n = axis == M.ROWS and self:height() or self:width()
  local i = -1
  return function()
    i = i + 1
    if i >= n then return nil end
    return i, clues(self, C.pc_nonogram_clues, axis, i), C.pc_nonogram_line_satisfied(self.h, axis, i) == 1
  end
end

function Puzzle:id() return pc.text_out(C.pc_nonogram_id, self.h) end
function Puzzle:set_id(s)
  local rc = C.pc_nonogram_set_id(self.h, s, #s)
  if rc ~= 0 then return pc.fail(rc) end
  return true
end
function Puzzle:xp() return C.pc_nonogram_xp(self.h) end
function Puzzle:set_xp(v)
  local rc = C.pc_nonogram_set_xp(self.h, v)
  if rc ~= 0 then return pc.fail(rc) end
  return true
end
function Puzzle:title(lang)
  return pc.text_out(C.pc_nonogram_title, self.h, lang)
end
function Puzzle:set_title(lang, text)
  local rc = C.pc_nonogram_set_title(self.h, lang, text, pc.len(text, "text"))
  if rc ~= 0 then return pc.fail(rc) end
  return true
end
function Puzzle:record() return pc.text_out(C.pc_nonogram_write_record, self.h) end
function Puzzle:save() return pc.text_out(C.pc_nonogram_save, self.h) end

-- ---- solving, hints, formats (puzzlecore.nonogram_solve offers the same calls
-- as functions, and what needs no puzzle: clue tables, a line, collections)

M.GRADES = { [0] = "none", "line", "probe", "search" }
M.FORMATS = { auto = 0, non = 1, xml = 2, tatham = 3, tcga = 4, ["tcga-solution"] = 5 }
M.FORMAT_NAMES = { [0] = "auto", "non", "xml", "tatham", "tcga", "tcga-solution" }
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

-- A new Puzzle owning ptr.
local function adopt(ptr)
  return pc.handle(ptr, C.pc_nonogram_free, Puzzle)
end
M._adopt = adopt

local function format_num(f)
  if f == nil then return 0 end
  if type(f) == "number" then return f end
  return M.FORMATS[f] or error("unknown format " .. tostring(f))
end
M._format_num = format_num

local function grade_num(g)
  if g == nil then return 1 end
  if type(g) == "number" then return g end
  return GRADE_NUM[g] or error("unknown grade " .. tostring(g))
end

-- The solve result table from found, the solutions' buffer and the stats.
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
M._result = result

-- A pc_budget from the binding's limits: max_nodes (0/nil: none), max_seconds
-- (0/nil: the library's default of 10 s, < 0: none).
local function budget(max_nodes, max_seconds)
  return pc.budget(max_nodes or 0, max_seconds or 0)
end
M._budget = budget

-- The puzzle argument of the function forms (puzzlecore.nonogram_solve).
function M._puzzle(p)
  if getmetatable(p) ~= Puzzle then
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
M._solutions = solutions

--- Solve the clues: up to count solutions (default 2: the uniqueness check).
function Puzzle:solve(count, max_nodes, max_seconds)
  local w, h = self:width(), self:height()
  count = solutions(count, w * h)
  local buf = ffi.new("uint8_t[?]", w * h * count)
  local st = ffi.new("int64_t[?]", C.PC_NONOGRAM_STAT_COUNT)
  local rc = C.pc_nonogram_solve(self.h, count, budget(max_nodes, max_seconds), buf, w * h * count, st,
    C.PC_NONOGRAM_STAT_COUNT)
  if rc < 0 then return pc.fail(rc) end
  return result(rc, count, buf, w, h, st)
end

--- grade, stats: "line" | "probe" | "search" | "none".
function Puzzle:grade(max_nodes, max_seconds)
  local st = ffi.new("int64_t[?]", C.PC_NONOGRAM_STAT_COUNT)
  local rc = C.pc_nonogram_grade(self.h, budget(max_nodes, max_seconds), st, C.PC_NONOGRAM_STAT_COUNT)
  if rc < 0 then return pc.fail(rc) end
  return M.GRADES[rc], stats_table(st)
end

-- pc_nonogram_hint or pc_nonogram_hint_colour on a handle under budget b:
-- {x, y, value, kind, axis, index}, false when no cell is unknown; a grid
-- that contradicts the clues fails with {axis, index} naming the line.
local function hint_call(fn, h, b)
  local v = ffi.new("int32_t[5]")
  local rc = fn(h, b, v, v + 1, v + 2, v + 3, v + 4)
  if rc == C.PC_ENOTFOUND then return false end
  if rc < 0 then
    pc.fail(rc, nil, { axis = v[3] >= 0 and v[3] or nil, index = v[4] >= 0 and v[4] or nil })
  end
  return { kind = HINT_KINDS[rc], x = v[0], y = v[1], value = v[2], axis = v[3] >= 0 and v[3] or nil,
    index = v[4] >= 0 and v[4] or nil }
end
M._hint_call = hint_call

--- The next step from the player's grid: a table {x, y, value, kind, axis, index},
--- false when no cell is unknown, or nil, msg, code (PC_EILLEGAL: the grid
--- contradicts the clues; then a 4th value {axis, index} names the line).
function Puzzle:hint(max_nodes, max_seconds)
  return hint_call(C.pc_nonogram_hint, self.h, budget(max_nodes, max_seconds))
end

--- true when the player's filled and crossed cells agree with some solution.
function Puzzle:consistent(max_nodes, max_seconds)
  local rc = C.pc_nonogram_consistent(self.h, budget(max_nodes, max_seconds))
  if rc < 0 then return pc.fail(rc) end
  return rc == 1
end

--- The player's decided cells that differ from the unique solution (the
--- stored one, else the clues'): a list of {x, y}; black-and-white and
--- colour puzzles alike (pc_nonogram_colour_mistakes).
function Puzzle:mistakes(max_nodes, max_seconds)
  local w, h = self:width(), self:height()
  local buf = ffi.new("uint8_t[?]", w * h)
  local rc = C.pc_nonogram_colour_mistakes(self.h, budget(max_nodes, max_seconds), buf, w * h)
  if rc < 0 then return pc.fail(rc) end
  local t = {}
  for i = 0, w * h - 1 do
    if buf[i] == 1 then t[#t + 1] = { i % w, math.floor(i / w) } end
  end
  return t
end

--- The puzzle as text in a format (default "non").
function Puzzle:export(format)
  return pc.text_out(C.pc_nonogram_export, self.h, format_num(format or "non"))
end

--- Puzzle number index (0-based, default 0) of a text.
function M.parse(text, format, index)
  local out, err = ffi.new("pc_nonogram *[1]"), ffi.new("char[256]")
  local rc = C.pc_nonogram_import(text, pc.len(text, "text"), format_num(format), index or 0, err, 256, out)
  if rc ~= 0 then return pc.fail(rc, err) end
  return adopt(out[0])
end

--- A new unique puzzle (with its solution) at grade ("line", "probe", "search") or easier,
--- under the budget max_nodes, max_seconds (as solve; the budget only stops the run).
function M.generate(w, h, seed, grade, max_nodes, max_seconds)
  local out = ffi.new("pc_nonogram *[1]")
  local rc = C.pc_nonogram_generate(w, h, pc.u64(seed or 1, "seed"), grade_num(grade),
                                    budget(max_nodes, max_seconds), out)
  if rc ~= 0 then return pc.fail(rc) end
  return adopt(out[0])
end

return pc.shield("nonogram", M)
