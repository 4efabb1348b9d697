-- puzzlecore.nonogram_colour — colour nonograms (1 to 8 colours plus the
-- background) on the puzzles of puzzlecore.nonogram (LuaJIT FFI).
--
-- local nc = require "puzzlecore.nonogram_colour"
-- local pal = { { ".", 0xffffff, "white" }, { "r", 0xe02020, "red" }, { "g", 0x20a040, "green" } }
-- local p = nc.from_solution(3, 2, pal, { 1, 2, 0, 0, 1, 1 })
-- nc.row_clues(p, 0)          --> { {1, 1}, {1, 2} }   ({length, colour} pairs)
-- nc.solve(p).status          --> "unique"
--
-- Cells are palette indices: 0 background, 1..n a colour, nc.UNKNOWN (255)
-- an undecided cell.  A palette is its text ("SYMBOL RRGGBB NAME" lines,
-- background first) or a table of {symbol, rgb, name}.  Formats (webpbn XML,
-- .non, the record) go through puzzlecore.nonogram_solve.load / save and
-- nonogram.load / Puzzle:save.  Coordinates are 0-based; errors are raised
-- as puzzlecore error objects (pc.try turns them into nil, message, code).
local pc = require "puzzlecore"
local nonogram = require "puzzlecore.nonogram"
local C, ffi = pc.C, pc.ffi

local M = {
  UNKNOWN = C.PC_NONOGRAM_COLOUR_UNKNOWN, MAX_COLOURS = C.PC_NONOGRAM_MAX_COLOURS,
  ROWS = C.PC_NONOGRAM_ROWS, COLS = C.PC_NONOGRAM_COLS,
}

M.GENERATED_PALETTE = { { ".", 0xffffff, "white" }, { "k", 0x000000, "black" }, { "r", 0xe02020, "red" },
  { "g", 0x20a040, "green" }, { "b", 0x2050e0, "blue" }, { "y", 0xf0d020, "yellow" },
  { "m", 0xc030c0, "magenta" }, { "c", 0x20c0c0, "cyan" }, { "o", 0xf08020, "orange" } }

local MAX_SIDE = C.PC_NONOGRAM_MAX_SIDE
local GRADE_NUM = { line = 1, probe = 2, search = 3 }

local function puzzle(p)
  if getmetatable(p) ~= nonogram.Puzzle then
    pc.raise(C.PC_EINVAL, "puzzle must be a nonogram puzzle, got " .. type(p))
  end
  if rawget(p, "h") == nil then pc.raise(C.PC_EINVAL, "the puzzle is closed") end
  return p
end

local function wrap(rc, out, err)
  if rc ~= 0 then return pc.fail(rc, err) end
  return pc.handle(out[0], C.pc_nonogram_free, nonogram.Puzzle)
end

local function palette_text(pal)
  if type(pal) == "string" then return pal end
  if type(pal) ~= "table" then pc.raise(C.PC_EINVAL, "palette must be a string or a table, got " .. type(pal)) end
  if #pal > C.PC_NONOGRAM_MAX_COLOURS + 1 then pc.raise(C.PC_EINVAL, "palette: at most 9 entries") end
  local lines = {}
  for i, e in ipairs(pal) do
    if type(e) ~= "table" or type(e[1]) ~= "string" or #e[1] ~= 1 or type(e[3]) ~= "string" then
      pc.raise(C.PC_EINVAL, "palette[" .. i .. "] must be {symbol (one character), rgb, name}")
    end
    local rgb = pc.int(e[2], "palette[" .. i .. "] rgb", 0, 0xffffff)
    lines[i] = string.format("%s %06x %s\n", e[1], rgb, e[3])
  end
  return table.concat(lines)
end

local function ncolours(n) return pc.int(n, "ncolours", 1, C.PC_NONOGRAM_MAX_COLOURS) end

local function grade_num(g)
  if g == nil then return 1 end
  if type(g) == "number" then return pc.int(g, "grade", 1, 3) end
  return GRADE_NUM[g] or pc.raise(C.PC_EINVAL, "unknown grade " .. tostring(g))
end

local function grid(cells, w, h, name)
  local a, n = nonogram._u8(cells, name or "cells")
  if n ~= w * h then pc.raise(C.PC_EINVAL, (name or "cells") .. " must hold " .. (w * h) .. " cells, got " .. n) end
  return a, n
end

local function pairs_of(cl, co, n)
  local t = {}
  for i = 0, n - 1 do t[i + 1] = { cl[i], co[i] } end
  return t
end

-- {counts, lengths, colours} arrays from clue tables of {length, colour} pairs.
local function flatten(lines, name)
  if type(lines) ~= "table" then pc.raise(C.PC_EINVAL, name .. " must be a table of tables, got " .. type(lines)) end
  if #lines > MAX_SIDE then pc.raise(C.PC_ERANGE, name .. " must hold at most " .. MAX_SIDE .. " lines") end
  local counts, vals, cols = {}, {}, {}
  for i, l in ipairs(lines) do
    if type(l) ~= "table" or #l > MAX_SIDE then
      pc.raise(C.PC_EINVAL, name .. "[" .. i .. "] must be a table of at most " .. MAX_SIDE .. " clues")
    end
    counts[i] = #l
    for j, c in ipairs(l) do
      if type(c) ~= "table" then pc.raise(C.PC_EINVAL, name .. "[" .. i .. "][" .. j .. "] must be {length, colour}") end
      vals[#vals + 1] = pc.int(c[1], name .. " length", 0, MAX_SIDE)
      cols[#cols + 1] = pc.int(c[2], name .. " colour", 0, C.PC_NONOGRAM_MAX_COLOURS)
    end
  end
  local co = ffi.new("uint8_t[?]", math.max(#cols, 1))
  for i = 1, #cols do co[i - 1] = cols[i] end
  return pc.i32(counts), pc.i32(vals), co, #lines
end

local function budget(max_nodes, max_seconds, seed)
  return pc.budget(max_nodes or 0, max_seconds or 0, 0, seed or 0)
end

local result, count_of = nonogram._result, nonogram._solutions

--- Coloured clues of the line cells[1], cells[1+stride], ...: a list of {length, colour}.
function M.line_clues(cells, stride, length)
  local a, n = nonogram._u8(cells)
  if n < 1 then pc.raise(C.PC_EINVAL, "cells must not be empty") end
  stride = pc.int(stride or 1, "stride", 1, 2147483647)
  local most = math.floor((n - 1) / stride) + 1
  length = pc.int(length or most, "length", 1, most)
  local cl, co, k = ffi.new("int32_t[?]", length), ffi.new("uint8_t[?]", length), ffi.new("int32_t[1]")
  local rc = C.pc_nonogram_line_clues_colour(a, length, stride, cl, co, length, k)
  if rc ~= 0 then return pc.fail(rc) end
  return pairs_of(cl, co, k[0])
end

--- A colour puzzle from its picture (w*h palette indices, row-major).
function M.from_solution(w, h, palette, cells)
  w, h = pc.int(w, "w", 1, MAX_SIDE), pc.int(h, "h", 1, MAX_SIDE)
  local pal = palette_text(palette)
  local a, n = nonogram._u8(cells)
  local out, err = ffi.new("pc_nonogram *[1]"), ffi.new("char[256]")
  return wrap(C.pc_nonogram_new_colour_from_solution(w, h, pal, #pal, a, n, err, 256, out), out, err)
end

--- A colour puzzle from clue tables: rows[y], cols[x] are lists of {length, colour}.
function M.from_clues(palette, rows, cols)
  local pal = palette_text(palette)
  local rc_, rv, rcol, h = flatten(rows, "rows")
  local cc, cv, ccol, w = flatten(cols, "cols")
  local out, err = ffi.new("pc_nonogram *[1]"), ffi.new("char[256]")
  return wrap(C.pc_nonogram_new_colour_from_clues(w, h, pal, #pal, rc_, rv, rcol, cc, cv, ccol, err, 256, out),
    out, err)
end

--- Colours besides the background (1 for a black-and-white puzzle).
function M.colour_count(p) return C.pc_nonogram_colour_count(puzzle(p).h) end

--- The palette as text.
function M.palette_text(p) return pc.text_out(C.pc_nonogram_palette, puzzle(p).h) end

--- The palette as a table of {symbol, rgb, name}, background first.
function M.palette(p)
  local t = {}
  for k = 0, M.colour_count(p) do
    local rgb, sym = ffi.new("uint32_t[1]"), ffi.new("int32_t[1]")
    local name = pc.text_out(function(...) return C.pc_nonogram_colour_info(p.h, k, rgb, sym, ...) end)
    t[k + 1] = { string.char(sym[0]), tonumber(rgb[0]), name }
  end
  return t
end

local function line_len(p, axis, i)
  axis = pc.int(axis, "axis", 0, 1)
  local lines = axis == M.ROWS and p:height() or p:width()
  i = pc.int(i, "index", 0, lines - 1)
  return axis, i, axis == M.ROWS and p:width() or p:height()
end

-- {length, colour} pairs of a line from fill(axis, i, clues, colours, cap, count).
local function line_pairs(p, axis, i, fill)
  local len
  axis, i, len = line_len(puzzle(p), axis, i)
  local cl, co, n = ffi.new("int32_t[?]", len), ffi.new("uint8_t[?]", len), ffi.new("int32_t[1]")
  local rc = fill(axis, i, cl, co, len, n)
  if rc ~= 0 then return pc.fail(rc) end
  return pairs_of(cl, co, n[0])
end

--- The puzzle's clues of a line (axis ROWS or COLS, index from 0): {length, colour} pairs.
function M.clues(p, axis, i)
  return line_pairs(p, axis, i, function(a, k, cl, co, len, n)
    local rc = C.pc_nonogram_clues(p.h, a, k, cl, len, n)
    if rc == 0 then rc = C.pc_nonogram_clue_colours(p.h, a, k, co, len, ffi.new("int32_t[1]")) end
    return rc
  end)
end
function M.row_clues(p, y) return M.clues(p, M.ROWS, y) end
function M.col_clues(p, x) return M.clues(p, M.COLS, x) end

--- The clues the player's line shows now (undecided cells as background).
function M.player_clues(p, axis, i)
  return line_pairs(p, axis, i, function(a, k, cl, co, len, n)
    return C.pc_nonogram_player_clues_colour(p.h, a, k, cl, co, len, n)
  end)
end

--- Is the line's clue greyed (the player's line shows exactly its clues)?
function M.satisfied(p, axis, i)
  axis, i = line_len(puzzle(p), axis, i)
  local rc = C.pc_nonogram_line_satisfied(p.h, axis, i)
  if rc < 0 then return pc.fail(rc) end
  return rc == 1
end

--- The player's cell as a palette index (UNKNOWN when undecided).
function M.cell(p, x, y)
  local v = C.pc_nonogram_colour_cell(puzzle(p).h, x, y)
  if v < 0 then return pc.fail(v) end
  return v
end

--- Paint a cell: 0 background, 1..n a colour, UNKNOWN to clear it.
function M.set_cell(p, x, y, value)
  local rc = C.pc_nonogram_set_colour_cell(puzzle(p).h, x, y, value)
  if rc ~= 0 then return pc.fail(rc) end
  return true
end

--- Paint the w x h rectangle at (x, y).
function M.set_rect(p, x, y, w, h, value)
  local rc = C.pc_nonogram_set_colour_rect(puzzle(p).h, x, y, w, h, value)
  if rc ~= 0 then return pc.fail(rc) end
  return true
end

--- The player's grid as a table of palette indices / UNKNOWN (row-major).
function M.cells(p)
  local n = puzzle(p):width() * p:height()
  local buf = ffi.new("uint8_t[?]", n)
  local rc = C.pc_nonogram_get_colour_cells(p.h, buf, n)
  if rc ~= 0 then return pc.fail(rc) end
  local t = {}
  for i = 0, n - 1 do t[i + 1] = buf[i] end
  return t
end

--- Set the whole player's grid (w*h values, every one checked first).
function M.set_cells(p, cells)
  local a, n = nonogram._u8(cells)
  local rc = C.pc_nonogram_set_colour_cells(puzzle(p).h, a, n)
  if rc ~= 0 then return pc.fail(rc) end
  return true
end

--- The colour line solver: cells[i] is the set of values cell i may take
--- (bit 0 background, bit k colour k); returns the narrowed sets.
function M.solve_line(ncol, clues, cells)
  ncol = ncolours(ncol)
  if type(cells) ~= "table" or #cells < 1 or #cells > MAX_SIDE then
    pc.raise(C.PC_EINVAL, "cells must be a table of 1 to " .. MAX_SIDE .. " value sets")
  end
  local n = #cells
  local src, out = ffi.new("uint32_t[?]", n), ffi.new("uint32_t[?]", n)
  for i = 1, n do src[i - 1] = pc.int(cells[i], "cells[" .. i .. "]", 1, 2 ^ (ncol + 1) - 1) end
  local counts, cl, co = flatten({ clues }, "clues")
  local rc = C.pc_nonogram_solve_line_colour(ncol, cl, co, counts[0], src, n, out)
  if rc < 0 then return pc.fail(rc) end
  local t = {}
  for i = 1, n do t[i] = tonumber(out[i - 1]) end
  return t
end

--- Solve a puzzle's coloured clues (use_grid: the player's decided cells
--- are givens): {status, solutions (rows of palette indices), grade, stats}.
function M.solve(p, count, use_grid, max_nodes, max_seconds)
  local w, h = puzzle(p):width(), p:height()
  count = count_of(count, w * h)
  local buf = ffi.new("uint8_t[?]", w * h * count)
  local st = ffi.new("int64_t[?]", C.PC_NONOGRAM_STAT_COUNT)
  local rc = C.pc_nonogram_solve_colour(p.h, use_grid and 1 or 0, count, budget(max_nodes, max_seconds), buf,
    w * h * count, st, C.PC_NONOGRAM_STAT_COUNT)
  if rc < 0 then return pc.fail(rc) end
  return result(rc, count, buf, w, h, st)
end

--- Solve clue tables of {length, colour} pairs (givens: w*h palette indices or UNKNOWN).
function M.solve_clues(ncol, rows, cols, count, givens, max_nodes, max_seconds)
  ncol = ncolours(ncol)
  local rc_, rv, rcol, h = flatten(rows, "rows")
  local cc, cv, ccol, w = flatten(cols, "cols")
  if w < 1 or h < 1 then pc.raise(C.PC_EINVAL, "rows and cols must not be empty") end
  count = count_of(count, w * h)
  local g = givens and grid(givens, w, h, "givens") or nil
  local buf = ffi.new("uint8_t[?]", w * h * count)
  local st = ffi.new("int64_t[?]", C.PC_NONOGRAM_STAT_COUNT)
  local rc = C.pc_nonogram_solve_colour_clues(w, h, ncol, rc_, rv, rcol, cc, cv, ccol, g, count,
    budget(max_nodes, max_seconds), buf, w * h * count, st, C.PC_NONOGRAM_STAT_COUNT)
  if rc < 0 then return pc.fail(rc) end
  return result(rc, count, buf, w, h, st)
end

--- The player's decided cells that differ from the solution: a list of {x, y}
--- (Puzzle:mistakes: one rule for black-and-white and colour).
function M.mistakes(p, max_nodes, max_seconds)
  return puzzle(p):mistakes(max_nodes, max_seconds)
end

--- The next cell from the player's grid: {x, y, value (a palette index),
--- kind, axis, index}; false when no cell is undecided.
function M.hint(p, max_nodes, max_seconds)
  return nonogram._hint_call(C.pc_nonogram_hint_colour, puzzle(p).h, budget(max_nodes, max_seconds))
end

--- A seeded colour picture puzzle with one solution at grade or easier.
function M.generate(w, h, ncol, seed, grade)
  local out = ffi.new("pc_nonogram *[1]")
  return wrap(C.pc_nonogram_generate_colour(w, h, ncolours(ncol), pc.u64(seed or 1, "seed"), grade_num(grade), out),
    out)
end

--- The generated picture only: a table of w*h palette indices.
function M.generate_cells(w, h, ncol, seed, grade)
  w, h = pc.int(w, "w", 2, 128), pc.int(h, "h", 2, 128)
  local buf = ffi.new("uint8_t[?]", w * h)
  local rc = C.pc_nonogram_generate_colour_cells(w, h, ncolours(ncol), pc.u64(seed or 1, "seed"), grade_num(grade),
    buf, w * h)
  if rc ~= 0 then return pc.fail(rc) end
  local t = {}
  for i = 0, w * h - 1 do t[i + 1] = buf[i] end
  return t
end

local function cell_list(buf, w, n)
  local t = {}
  for i = 0, n - 1 do
    if buf[i] ~= 0 then t[#t + 1] = { i % w, math.floor(i / w) } end
  end
  return t
end

-- One of the three picture calls on a caller's picture under budget b:
-- rc, the w*h output bytes, the count, w, n.
local function picture_call(fn, w, h, ncol, cells, b)
  w, h = pc.int(w, "w", 1, MAX_SIDE), pc.int(h, "h", 1, MAX_SIDE)
  local a, n = grid(cells, w, h)
  local out, k = ffi.new("uint8_t[?]", n), ffi.new("int32_t[1]")
  local rc = fn(w, h, ncolours(ncol), a, n, b, out, n, k)
  if rc < 0 then return pc.fail(rc) end
  return rc, out, k[0], w, n
end

--- unique, ambiguous: do a picture's clues have one solution; the cells {x, y}
--- where some solution differs from the picture.
function M.picture_check(w, h, ncol, cells, max_nodes, max_seconds)
  local rc, amb, _, pw, n = picture_call(C.pc_nonogram_picture_check, w, h, ncol, cells,
    budget(max_nodes, max_seconds))
  return rc == 1, cell_list(amb, pw, n)
end

--- A small set of given cells {x, y} that makes the picture's clues unique.
function M.picture_givens(w, h, ncol, cells, max_nodes, max_seconds)
  local _, out, _, pw, n = picture_call(C.pc_nonogram_picture_givens, w, h, ncol, cells,
    budget(max_nodes, max_seconds))
  return cell_list(out, pw, n)
end

--- picture, changed: a nearby picture (w*h palette indices) whose clues are
--- unique, and how many cells differ from the caller's.
function M.picture_nearby(w, h, ncol, cells, seed, max_nodes, max_seconds)
  local _, out, changed, _, n = picture_call(C.pc_nonogram_picture_nearby, w, h, ncol, cells,
    budget(max_nodes, max_seconds, seed))
  local t = {}
  for i = 0, n - 1 do t[i + 1] = out[i] end
  return t, changed
end

return pc.shield("nonogram_colour", M)
