-- puzzlecore.pickerel — Pickerel, the weaving puzzle, for LuaJIT.
--
-- local pk = require "puzzlecore.pickerel"
-- local g = pk.new(3, 42)                 -- level, seed [, loom_beads]
-- local events = g:weave(0)               -- nil, msg, code on an illegal move
-- g:play(g:suggest())                     -- let the advisor move
-- print(g:score(), g:over(), g:rating_name())
local pc = require "puzzlecore"
local C, ffi = pc.C, pc.ffi

local M = {}
local Game = {}
Game.__index = Game
M.Game = Game

M.COLOURS = { [0] = "red", "blue", "green", "purple" }
M.RATINGS = { [0] = "Booched", "Poor", "Fine", "Good", "Excellent", "Incredible" }
M.MOVE = { weave = 0, scissors = 1, resize = 2, splice = 3, place_bead = 4, done = 5 }

local function wrap(ptr)
  return pc.handle(ptr, C.pc_pickerel_free, Game)
end

--- New game from a seed.
function M.new(level, seed, loom_beads)
  local out = ffi.new("pc_pickerel *[1]")
  local rc = C.pc_pickerel_new(level or 1, pc.u64(seed or 0, "seed"), loom_beads and 1 or 0, out)
  if rc ~= 0 then return pc.fail(rc) end
  return wrap(out[0])
end

--- New game from an explicit deal: { {colour, length}, ... } in deal order.
function M.from_deal(level, spools, seed, loom_beads)
  if type(spools) ~= "table" then pc.raise(C.PC_EINVAL, "spools must be a table, got " .. type(spools)) end
  local n = #spools
  local cols, lens = pc.i32(n), pc.i32(n)
  for i, s in ipairs(spools) do
    if type(s) ~= "table" then pc.raise(C.PC_EINVAL, "spools[" .. i .. "] must be {colour, length}") end
    cols[i - 1], lens[i - 1] = pc.int(s[1], "colour"), pc.int(s[2], "length")
  end
  local out = ffi.new("pc_pickerel *[1]")
  local rc = C.pc_pickerel_new_deal(level, pc.u64(seed or 0, "seed"), loom_beads and 1 or 0, cols, lens, n, out)
  if rc ~= 0 then return pc.fail(rc) end
  return wrap(out[0])
end

--- Load a saved game (nil, msg, code on bad text).
function M.load(text)
  local err = ffi.new("char[256]")
  local out = ffi.new("pc_pickerel *[1]")
  local rc = C.pc_pickerel_load(text, pc.len(text, "text"), err, 256, out)
  if rc ~= 0 then return pc.fail(rc, err) end
  return wrap(out[0])
end

--- Level table row as a table.
function M.level_info(level)
  local names = { "width", "max_width", "overlap", "colours", "inches", "tray", "bead_factor",
                  "any_pct", "specific_pct", "wild_pct", "loom_bead_pct" }
  local out, t = ffi.new("int32_t[1]"), {}
  for i, name in ipairs(names) do
    local rc = C.pc_pickerel_level_info(level, i - 1, out)
    if rc ~= 0 then return pc.fail(rc) end
    t[name] = out[0]
  end
  return t
end

function M.run_name(run) return pc.text_out(C.pc_pickerel_run_name, run) end

function Game:save() return pc.text_out(C.pc_pickerel_save, self.h) end
function Game:render() return pc.text_out(C.pc_pickerel_render, self.h) end
Game.__tostring = Game.render

function Game:clone()
  local out = ffi.new("pc_pickerel *[1]")
  local rc = C.pc_pickerel_clone(self.h, out)
  if rc ~= 0 then return pc.fail(rc) end
  return wrap(out[0])
end

--- The last move's events: { {kind=, name=, points=, a=, b=, c=}, ... }.
function Game:events()
  local v = ffi.new("int32_t[5]")
  local t = {}
  for i = 0, C.pc_pickerel_event_count(self.h) - 1 do
    C.pc_pickerel_event(self.h, i, v, v + 1, v + 2, v + 3, v + 4)
    t[#t + 1] = { kind = v[0], name = ffi.string(C.pc_pickerel_event_name(v[0])), points = v[1],
                  a = v[2], b = v[3], c = v[4] }
  end
  return t
end

local function moved(self, rc)
  if rc ~= 0 then return pc.fail(rc) end
  return self:events()
end

function Game:weave(slot) return moved(self, C.pc_pickerel_weave(self.h, slot)) end
function Game:scissors() return moved(self, C.pc_pickerel_scissors(self.h)) end
function Game:resize(w) return moved(self, C.pc_pickerel_resize(self.h, w)) end
function Game:splice(bead, a, b) return moved(self, C.pc_pickerel_splice(self.h, bead, a, b)) end
function Game:place_bead(bead, row, col) return moved(self, C.pc_pickerel_place_bead(self.h, bead, row, col)) end
function Game:done() return moved(self, C.pc_pickerel_done(self.h)) end

local function move4(m)
  if type(m) ~= "table" then pc.raise(C.PC_EINVAL, "move must be a table {kind, a, b, c}, got " .. type(m)) end
  local a = ffi.new("int32_t[4]")
  local kind = m[1]
  if type(kind) == "string" then
    if M.MOVE[kind] == nil then pc.raise(C.PC_EINVAL, "unknown move kind " .. kind) end
    kind = M.MOVE[kind]
  end
  a[0] = pc.int(kind, "move[1]")
  for i = 2, 4 do a[i - 1] = pc.int(m[i] or 0, "move[" .. i .. "]") end
  return a
end

--- Apply a move { kind, a, b, c } (kind a number or a name).
function Game:play(m) return moved(self, C.pc_pickerel_play(self.h, move4(m))) end
function Game:legal(m) return C.pc_pickerel_check(self.h, move4(m)) == 0 end

--- The advisor's move { kind, a, b, c }.
function Game:suggest(budget)
  local m = ffi.new("int32_t[4]")
  local rc = C.pc_pickerel_suggest(self.h, pc.budget(budget or 0, -1), m)
  if rc ~= 0 then return pc.fail(rc) end
  return { m[0], m[1], m[2], m[3] }
end

function Game:score() return pc.out("int64_t", C.pc_pickerel_score, self.h) end
function Game:over() return C.pc_pickerel_over(self.h) == 1 end
function Game:level() return C.pc_pickerel_level(self.h) end
function Game:width() return C.pc_pickerel_width(self.h) end
function Game:tray_size() return C.pc_pickerel_tray_size(self.h) end
function Game:rating() return C.pc_pickerel_rating(self.h) end
function Game:rating_name() return M.RATINGS[self:rating()] end
function Game:loom() return pc.out("int32_t", C.pc_pickerel_loom_colour, self.h), C.pc_pickerel_loom_rows(self.h),
  C.pc_pickerel_loom_fill(self.h), C.pc_pickerel_loom_run(self.h) end
--- Rows of the loom's frame: row 0 at the top, loom_height() - 1 the bottom
--- row, where the cloth starts (place_bead, loom_beads and the events count
--- rows this way).
function Game:loom_height() return C.pc_pickerel_loom_height(self.h) end
--- Beads on the loom: { {type=, colour=, row=, column=, value=}, ... }.
function Game:loom_beads()
  local out, v = {}, ffi.new("int32_t[5]")
  for i = 0, C.pc_pickerel_loom_bead_count(self.h) - 1 do
    C.pc_pickerel_loom_bead(self.h, i, v, v + 1, v + 2, v + 3, v + 4)
    out[#out + 1] = { type = v[0], colour = v[1], row = v[2], column = v[3], value = v[4] }
  end
  return out
end
function Game:inches_left(c) return C.pc_pickerel_inches_left(self.h, c) end
function Game:deal_left() return C.pc_pickerel_deal_left(self.h) end

--- Tray slot: colour, length (nil for an empty slot).  Slots are 0-based.
function Game:spool(slot)
  local c, l = ffi.new("int32_t[1]"), ffi.new("int32_t[1]")
  local rc = C.pc_pickerel_tray(self.h, slot, c, l)
  if rc ~= 0 then return pc.fail(rc) end
  if l[0] == 0 then return nil end
  return c[0], l[0]
end

--- Iterator over the non-empty tray slots: for slot, colour, length in g:spools().
function Game:spools()
  local i = -1
  return function()
    while true do
      i = i + 1
      if i >= self:tray_size() then return nil end
      local c, l = self:spool(i)
      if c then return i, c, l end
    end
  end
end

function Game:beads()
  local t, c = ffi.new("int32_t[1]"), ffi.new("int32_t[1]")
  local out = {}
  for i = 0, C.pc_pickerel_bead_count(self.h) - 1 do
    C.pc_pickerel_bead(self.h, i, t, c)
    out[#out + 1] = { type = t[0], colour = c[0] }
  end
  return out
end

return pc.shield("pickerel", M)
