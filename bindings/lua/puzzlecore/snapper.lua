-- puzzlecore.snapper — Snapper, the furniture puzzle, for LuaJIT.
--
-- local pc = require "puzzlecore"
-- local g = pc.snapper.new(42, "classic")
-- g:play(2, 1)                          -- column, clockwise turns
-- for _, e in ipairs(g:events()) do print(e.kind, e.points) end
-- local a = g:suggest(2000)             -- { move = "drop", column, turns, value }
--
-- Rows count from the top (row 0; the floor is row 8); quarters NE SE SW NW are 0..3; colour
-- 0 is white.  Failing calls return nil, message, code and change nothing.
local pc = require "puzzlecore"
local C, ffi = pc.C, pc.ffi

local M = {}
M.WIDTH, M.HEIGHT = C.PC_SNAPPER_WIDTH, C.PC_SNAPPER_HEIGHT
local UNIT = C.PC_SNAPPER_SCORE_UNIT
M.PRESETS = { classic = C.PC_SNAPPER_CLASSIC, easy = C.PC_SNAPPER_EASY, hard = C.PC_SNAPPER_HARD }
local TYPES = { [0] = "I", "L", "T", "+" }
local KINDS = { "landed", "figure", "removed", "fell", "drained", "over" }
local REASONS = { [0] = false, "target", "blocked", "no-pieces" }

local Game = {}
Game.__index = Game
M.Game = Game

local function wrap(ptr)
  return pc.handle(ptr, C.pc_snapper_free, Game)
end

local function status(rc, errbuf)
  if rc < 0 then return pc.fail(rc, errbuf) end
  return true
end

--- New random game: seed and preset name ("classic", "easy", "hard").
function M.new(seed, preset)
  local p = M.PRESETS[preset or "classic"]
  if not p then return nil, "unknown preset " .. tostring(preset), C.PC_EINVAL end
  local out = ffi.new("pc_snapper *[1]")
  local rc = C.pc_snapper_new(p, pc.u64(seed or 0, "seed"), out)
  if rc ~= 0 then return pc.fail(rc) end
  return wrap(out[0])
end

--- Random pieces with weights {I, L, T, +}, colours and target figures.
function M.custom(seed, weights, colours, target)
  local out = ffi.new("pc_snapper *[1]")
  local rc = C.pc_snapper_new_custom(pc.i32(weights), colours, target or 20, pc.u64(seed or 0, "seed"), out)
  if rc ~= 0 then return pc.fail(rc) end
  return wrap(out[0])
end

--- Pieces in order from a string or table of tokens ("L:1222", "NE:1222").
function M.from_list(pieces, colours)
  if type(pieces) == "table" then pieces = table.concat(pieces, " ") end
  local out, err = ffi.new("pc_snapper *[1]"), ffi.new("char[256]")
  local rc = C.pc_snapper_new_list(pieces, pc.len(pieces, "pieces"), colours, err, 256, out)
  if rc ~= 0 then return pc.fail(rc, err) end
  return wrap(out[0])
end

--- A game from save text (also how to build a field by hand).
function M.load(text)
  local out, err = ffi.new("pc_snapper *[1]"), ffi.new("char[256]")
  local rc = C.pc_snapper_load(text, pc.len(text, "text"), err, 256, out)
  if rc ~= 0 then return pc.fail(rc, err) end
  return wrap(out[0])
end

--- Points of one closed figure (the seed's formula).
function M.figure_points(quarters, white, used, available, cascade, simultaneous)
  local u = ffi.new("int64_t[1]")
  local rc = C.pc_snapper_figure_units(quarters, white, used, available, cascade or 0, simultaneous or 1, u)
  if rc ~= 0 then return pc.fail(rc) end
  return tonumber(u[0]) / UNIT
end

--- Type of an arms mask: "I", "L", "T" or "+".
function M.piece_type(arms)
  local t = C.pc_snapper_piece_type(arms)
  if t < 0 then return pc.fail(t) end
  return TYPES[t]
end

-- fn(h, which, arms, cols) or fn(h, x, y, arms, cols)
local function piece(fn, h, a, b)
  local arms, cols = ffi.new("int32_t[1]"), ffi.new("int32_t[4]")
  local rc
  if b == nil then rc = fn(h, a, arms, cols) else rc = fn(h, a, b, arms, cols) end
  if rc < 0 then return pc.fail(rc) end
  if rc == 0 then return false end
  return { arms = arms[0], colours = { cols[0], cols[1], cols[2], cols[3] }, type = TYPES[C.pc_snapper_piece_type(arms[0])] }
end

function Game:save() return pc.text_out(C.pc_snapper_save, self.h) end
function Game:render() return pc.text_out(C.pc_snapper_render, self.h) end
Game.__tostring = function(self) return self:render() end

function Game:clone()
  local out = ffi.new("pc_snapper *[1]")
  local rc = C.pc_snapper_clone(self.h, out)
  if rc ~= 0 then return pc.fail(rc) end
  return wrap(out[0])
end

-- moves: true, or nil, msg, code
function Game:rotate(turns) return status(C.pc_snapper_rotate(self.h, turns or 1)) end
function Game:move_to(column) return status(C.pc_snapper_move_to(self.h, column)) end
function Game:drop() return status(C.pc_snapper_drop(self.h)) end
function Game:play(column, turns) return status(C.pc_snapper_play(self.h, column, turns or 0)) end
function Game:drain() return status(C.pc_snapper_drain(self.h)) end
-- would play(column, turns) / drain() be accepted now?
function Game:legal(column, turns) return C.pc_snapper_check(self.h, column, turns or 0) == 0 end
function Game:can_drain() return C.pc_snapper_check_drain(self.h) == 0 end

--- Play an advice table from suggest() or greedy().
function Game:apply(a)
  if a.move == "drain" then return self:drain() end
  return self:play(a.column, a.turns)
end

-- state
function Game:score() return pc.out("double", C.pc_snapper_score, self.h) end
function Game:score_units() return pc.out("int64_t", C.pc_snapper_score_units, self.h) end
function Game:figures() return C.pc_snapper_figures(self.h) end
function Game:drops() return C.pc_snapper_drops(self.h) end
function Game:drains() return C.pc_snapper_drains(self.h) end
function Game:colours() return C.pc_snapper_colours(self.h) end
function Game:target() return C.pc_snapper_target(self.h) end
function Game:column() return C.pc_snapper_column(self.h) end
function Game:is_over() return C.pc_snapper_is_over(self.h) == 1 end
--- false while playing, else "target", "blocked" or "no-pieces".
function Game:end_reason() return REASONS[C.pc_snapper_end_reason(self.h)] end
function Game:column_height(x)
  local h = C.pc_snapper_column_height(self.h, x)
  if h < 0 then return pc.fail(h) end
  return h
end
--- The piece at (x, y): { arms, colours = {NE, SE, SW, NW}, type }, or false.
function Game:cell(x, y) return piece(C.pc_snapper_cell, self.h, x, y) end
--- Iterator over the occupied cells, top row first: for x, y, piece in g:cells() do ... end
function Game:cells()
  local x, y = -1, 0
  return function()
    while true do
      x = x + 1
      if x == M.WIDTH then x, y = 0, y + 1 end
      if y == M.HEIGHT then return nil end
      local p = self:cell(x, y)
      if p then return x, y, p end
    end
  end
end
function Game:current() return piece(C.pc_snapper_piece, self.h, 0) end
function Game:next() return piece(C.pc_snapper_piece, self.h, 1) end

--- Events of the last drop or drain: { kind, values = {...}, points, quarters = { {x, y, q}, ... } }.
function Game:events()
  local out = {}
  local kind, v, u, n = ffi.new("int32_t[1]"), ffi.new("int32_t[6]"), ffi.new("int64_t[1]"), ffi.new("size_t[1]")
  for i = 0, C.pc_snapper_event_count(self.h) - 1 do
    C.pc_snapper_event(self.h, i, kind, v, u)
    local e = { kind = KINDS[kind[0]], values = {}, points = tonumber(u[0]) / UNIT, quarters = {} }
    for k = 0, 5 do e.values[k + 1] = v[k] end
    C.pc_snapper_event_quarters(self.h, i, nil, 0, n)
    local count = tonumber(n[0])
    if count > 0 then
      local buf = ffi.new("int32_t[?]", 3 * count)
      C.pc_snapper_event_quarters(self.h, i, buf, count, n)
      for k = 0, count - 1 do e.quarters[k + 1] = { buf[3 * k], buf[3 * k + 1], buf[3 * k + 2] } end
    end
    out[#out + 1] = e
  end
  return out
end

local function advice(rc, mv, col, turns, val)
  if rc ~= 0 then return pc.fail(rc) end
  return { move = mv[0] == C.PC_SNAPPER_MOVE_DRAIN and "drain" or "drop", column = col[0], turns = turns[0],
           value = val and val[0] or nil }
end

--- The advisor's move within `budget` positions (default 2000).
function Game:suggest(budget)
  local mv, col, turns, val = ffi.new("int32_t[1]"), ffi.new("int32_t[1]"), ffi.new("int32_t[1]"), ffi.new("double[1]")
  return advice(C.pc_snapper_suggest(self.h, pc.budget(budget or 2000, -1), mv, col, turns, val), mv, col, turns, val)
end

--- The greedy one-ply baseline's move.
function Game:greedy()
  local mv, col, turns = ffi.new("int32_t[1]"), ffi.new("int32_t[1]"), ffi.new("int32_t[1]")
  return advice(C.pc_snapper_greedy(self.h, mv, col, turns), mv, col, turns, nil)
end

return pc.shield("snapper", M)
