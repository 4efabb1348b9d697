-- puzzlecore.sokoban — Sokoban for LuaJIT: levels, collections, play,
-- the optimal solver and the Whirly creativity index.
--
-- local sk = require("puzzlecore").sokoban
-- local lv = assert(sk.Level.new(xsb_text))
-- lv:step("r"); lv:undo(); local sol = lv:solve("moves")
-- Errors: nil, message, code.
local pc = require "puzzlecore"
local C, ffi = pc.C, pc.ffi

local M = {
  UP = C.PC_SOKOBAN_UP, RIGHT = C.PC_SOKOBAN_RIGHT, DOWN = C.PC_SOKOBAN_DOWN, LEFT = C.PC_SOKOBAN_LEFT,
  WALL = C.PC_SOKOBAN_WALL, GOAL = C.PC_SOKOBAN_GOAL, BOX = C.PC_SOKOBAN_BOX,
  PLAYER = C.PC_SOKOBAN_PLAYER, INTERIOR = C.PC_SOKOBAN_INTERIOR, DEAD = C.PC_SOKOBAN_DEAD,
}
local MODES = { moves = C.PC_SOKOBAN_MOVES, pushes = C.PC_SOKOBAN_PUSHES, any = C.PC_SOKOBAN_ANY,
                short = C.PC_SOKOBAN_SHORT }

-- A pc_budget: nodes (0: none), bytes (0: none), seconds (nil or < 0: none).
local function budget(max_nodes, max_bytes, seconds)
  local b = ffi.new("pc_budget[1]")
  C.pc_budget_init(b, ffi.sizeof("pc_budget"))
  b[0].max_nodes = pc.int(max_nodes or 0, "max_nodes", 0, 2 ^ 53)
  max_bytes = pc.int(max_bytes or 0, "max_bytes", 0, 2 ^ 53)
  b[0].max_bytes = max_bytes ~= 0 and max_bytes or ffi.cast("uint64_t", -1)
  b[0].max_seconds = pc.num(seconds or -1, "seconds")
  return b
end
local VARIANTS = {
  classic = C.PC_SOKOBAN_CLASSIC, colorban = C.PC_SOKOBAN_COLORBAN, pullpush = C.PC_SOKOBAN_PULLPUSH,
  monkeyban = C.PC_SOKOBAN_MONKEYBAN, flocks = C.PC_SOKOBAN_FLOCKS, pushman = C.PC_SOKOBAN_PUSHMAN,
}
local DIRS = { u = M.UP, r = M.RIGHT, d = M.DOWN, l = M.LEFT,
               up = M.UP, right = M.RIGHT, down = M.DOWN, left = M.LEFT }

local function errbuf() return ffi.new("char[256]") end


local Level = {}
Level.__index = Level
M.Level = Level

local function wrap(ptr) return pc.handle(ptr, C.pc_sokoban_free, Level) end

--- Parse exactly one XSB level.
function Level.new(text)
  local out, err = ffi.new("pc_sokoban *[1]"), errbuf()
  local rc = C.pc_sokoban_new(text, pc.len(text, "text"), err, 256, out)
  if rc ~= 0 then return pc.fail(rc, err) end
  return wrap(out[0])
end

--- A game from pc_sokoban_save text.
function Level.load(text)
  local out, err = ffi.new("pc_sokoban *[1]"), errbuf()
  local rc = C.pc_sokoban_load(text, pc.len(text, "text"), err, 256, out)
  if rc ~= 0 then return pc.fail(rc, err) end
  return wrap(out[0])
end

function Level:save() return pc.text_out(C.pc_sokoban_save, self.h) end

function Level:clone()
  local out = ffi.new("pc_sokoban *[1]")
  local rc = C.pc_sokoban_clone(self.h, out)
  if rc ~= 0 then return pc.fail(rc) end
  return wrap(out[0])
end

function Level:width() return C.pc_sokoban_width(self.h) end
function Level:height() return C.pc_sokoban_height(self.h) end
function Level:cell(x, y)
  local b = C.pc_sokoban_cell(self.h, x, y)
  if b < 0 then return pc.fail(b) end
  return b
end
function Level:player()
  local x, y = ffi.new("int32_t[1]"), ffi.new("int32_t[1]")
  C.pc_sokoban_player(self.h, x, y)
  return x[0], y[0]
end
function Level:box_count() return C.pc_sokoban_box_count(self.h) end
function Level:boxes_on_goals() return C.pc_sokoban_boxes_on_goals(self.h) end
function Level:interior_count() return C.pc_sokoban_interior_count(self.h) end
function Level:dead_count() return C.pc_sokoban_dead_count(self.h) end
function Level:solved() return C.pc_sokoban_is_solved(self.h) == 1 end
function Level:moves() return tonumber(C.pc_sokoban_moves(self.h)) end
function Level:pushes() return tonumber(C.pc_sokoban_pushes(self.h)) end
function Level:title() return pc.text_out(C.pc_sokoban_title, self.h) end
function Level:lurd() return pc.text_out(C.pc_sokoban_lurd, self.h) end
--- The squares the player can walk to now: a list of {x, y}.
function Level:reachable()
  local w, h = C.pc_sokoban_width(self.h), C.pc_sokoban_height(self.h)
  local cells, cnt = ffi.new("uint8_t[?]", w * h), ffi.new("int32_t[1]")
  local rc = C.pc_sokoban_reachable(self.h, cells, w * h, cnt)
  if rc ~= 0 then return pc.fail(rc) end
  local out = {}
  for i = 0, w * h - 1 do
    if cells[i] ~= 0 then out[#out + 1] = { i % w, math.floor(i / w) } end
  end
  return out
end
--- Shortest walk (lower-case LURD) to (x, y); nil, msg, code when unreachable.
function Level:walk_path(x, y) return pc.text_out(C.pc_sokoban_walk_path, self.h, x, y) end
--- LURD bringing the box on (bx, by) to (tx, ty): fewest pushes, then moves.
function Level:push_path(bx, by, tx, ty) return pc.text_out(C.pc_sokoban_push_path, self.h, bx, by, tx, ty) end
--- Lost by a test without search?  nil when none fires; else the kind
--- (PC_SOKOBAN_DEADLOCK_*: 1 dead square, 2 frozen, 3 corral, 4 matching, 5 sealed) and
--- the boxes forming the deadlock as a list of {x, y}.
function Level:deadlock()
  local w, h = C.pc_sokoban_width(self.h), C.pc_sokoban_height(self.h)
  local cells, kind = ffi.new("uint8_t[?]", w * h), ffi.new("int32_t[1]")
  local rc = C.pc_sokoban_deadlock(self.h, cells, w * h, kind)
  if rc < 0 then return pc.fail(rc) end
  if rc == 0 then return nil end
  local out = {}
  for i = 0, w * h - 1 do
    if cells[i] ~= 0 then out[#out + 1] = { i % w, math.floor(i / w) } end
  end
  return kind[0], out
end
function Level:board(start) return pc.text_out(C.pc_sokoban_write, self.h, start and 1 or 0) end
Level.__tostring = function(self) return self:board() end

--- One step ("u", "right", sk.UP ...): true, pushed or nil, msg, code.
function Level:step(dir)
  local d = type(dir) == "string" and DIRS[dir:lower()] or dir
  if d == nil then return nil, "unknown direction " .. tostring(dir), C.PC_EINVAL end
  local pushed = ffi.new("int32_t[1]")
  local rc = C.pc_sokoban_step(self.h, d, pushed)
  if rc ~= 0 then return pc.fail(rc) end
  return true, pushed[0] == 1
end

local function status(rc, err)
  if rc ~= 0 then return pc.fail(rc, err) end
  return true
end
local UNITS = { step = C.PC_SOKOBAN_UNIT_STEP, push = C.PC_SOKOBAN_UNIT_PUSH, run = C.PC_SOKOBAN_UNIT_RUN }
local function by_unit(fn, h, by)
  local u = UNITS[by or "step"]
  if u == nil then pc.raise(C.PC_EINVAL, "unknown unit " .. tostring(by) .. " (step, push, run)") end
  local n = ffi.new("int32_t[1]")
  local rc = fn(h, u, n)
  if rc ~= 0 then return pc.fail(rc) end
  return n[0]
end
--- Take back one step, or by "push" (back to just after the push before) or "run" (a whole walk
--- or run of pushes): the number of steps taken back (nil, message when there is none).
function Level:undo(by) return by_unit(C.pc_sokoban_undo_by, self.h, by) end
local EVENT_KINDS = { [0] = "walk", "box", "goal_left", "goal_reached", "solved" }
--- What the last step taken, undone or redone did: { {kind=, values={x0, y0, x1, y1}}, ... }.
function Level:events()
  local out = {}
  for i = 0, C.pc_sokoban_event_count(self.h) - 1 do
    local kind, v = ffi.new("int32_t[1]"), ffi.new("int32_t[4]")
    local rc = C.pc_sokoban_event(self.h, i, kind, v)
    if rc < 0 then return pc.fail(rc) end
    out[#out + 1] = { kind = EVENT_KINDS[kind[0]], values = { v[0], v[1], v[2], v[3] } }
  end
  return out
end
--- Replay one step, or by "push" (up to and with the next push) or "run": the steps replayed.
function Level:redo(by) return by_unit(C.pc_sokoban_redo_by, self.h, by) end
function Level:restart() return status(C.pc_sokoban_restart(self.h)) end
function Level:redo_count() return C.pc_sokoban_redo_count(self.h) end
function Level:apply(lurd)
  local err = errbuf()
  return status(C.pc_sokoban_apply_lurd(self.h, lurd, pc.len(lurd, "lurd"), err, 256), err)
end

--- Optimal solution from the current position ("moves", "pushes"), or any
--- solution found fast ("any"), or that solution shortened with the rest of
--- the budget ("short"): a table {solved, moves, pushes, lurd, nodes,
--- states, bytes, bound} (bound: an optimal solution's own count, -1 when
--- unsolvable, in "any" and "short" mode the start's matching bound on
--- pushes); nil, msg, code, bound when a budget ran out, bound being the
--- proven lower bound on the optimum's moves (pushes in "pushes", "any" and
--- "short" mode).
--- Budgets: max_nodes, max_bytes (0 or nil: none), seconds (nil: none).
function Level:solve(mode, max_nodes, max_bytes, seconds)
  local out = ffi.new("pc_sokoban_result *[1]")
  local m = MODES[mode or "moves"]
  if m == nil then pc.raise(C.PC_EINVAL, "unknown mode " .. tostring(mode) .. " (moves, pushes, any, short)") end
  local rc = C.pc_sokoban_solve(self.h, m, budget(max_nodes, max_bytes, seconds), out)
  if out[0] == nil then return pc.fail(rc) end
  local r = ffi.gc(out[0], C.pc_sokoban_result_free)
  if rc == C.PC_ELIMIT then
    local bound = tonumber(C.pc_sokoban_result_bound(r))
    pc.raise(rc, "the optimum is at least " .. bound .. " " .. (mode or "moves"), { bound = bound })
  end
  local solved = rc == 0
  return {
    solved = solved, mode = mode or "moves",
    moves = solved and tonumber(C.pc_sokoban_result_moves(r)) or nil,
    pushes = solved and tonumber(C.pc_sokoban_result_pushes(r)) or nil,
    lurd = pc.text_out(C.pc_sokoban_result_lurd, r),
    nodes = tonumber(C.pc_sokoban_result_nodes(r)), states = tonumber(C.pc_sokoban_result_states(r)),
    bytes = tonumber(C.pc_sokoban_result_bytes(r)), bound = tonumber(C.pc_sokoban_result_bound(r)),
  }
end

--- Creativity index of the start position: {ci, moves, pushes, u, c}.
function Level:index(max_nodes, max_bytes, seconds)
  local ci, mv, pu = ffi.new("double[1]"), ffi.new("int64_t[1]"), ffi.new("int64_t[1]")
  local rc = C.pc_sokoban_level_index(self.h, budget(max_nodes, max_bytes, seconds), ci, mv, pu)
  if rc ~= 0 then return pc.fail(rc) end
  return { ci = ci[0], moves = tonumber(mv[0]), pushes = tonumber(pu[0]),
           u = self:box_count() + 1, c = self:interior_count() }
end

local Collection = {}
Collection.__index = Collection
M.Collection = Collection

function Collection.new(text)
  local out, err = ffi.new("pc_sokoban_collection *[1]"), errbuf()
  local rc = C.pc_sokoban_collection_parse(text, pc.len(text, "text"), err, 256, out)
  if rc ~= 0 then return pc.fail(rc, err) end
  return pc.handle(out[0], C.pc_sokoban_collection_free, Collection)
end
function Collection:count() return C.pc_sokoban_collection_count(self.h) end
--- Level i (1-based, Lua style).
function Collection:level(i)
  local out = ffi.new("pc_sokoban *[1]")
  local rc = C.pc_sokoban_collection_level(self.h, i - 1, out)
  if rc ~= 0 then return pc.fail(rc) end
  return wrap(out[0])
end
function Collection:title(i) return pc.text_out(C.pc_sokoban_collection_title, self.h, i - 1) end
function Collection:comments(i) return pc.text_out(C.pc_sokoban_collection_comments, self.h, i - 1) end
--- 1-based index of the level titled `title`, or nil, msg, code.
function Collection:find(title)
  local rc = C.pc_sokoban_collection_find(self.h, title)
  if rc == C.PC_ENOTFOUND then return nil end  -- a lookup: nil when absent
  if rc < 0 then return pc.fail(rc) end
  return rc + 1
end
function Collection:write() return pc.text_out(C.pc_sokoban_collection_write, self.h) end
--- An independent copy (read again from write()).
function Collection:clone() return Collection.new(self:write()) end
--- for i, level in col:levels() do ... end
function Collection:levels()
  local i, n = 0, self:count()
  return function()
    i = i + 1
    if i <= n then return i, self:level(i) end
  end
end

-- Creativity index: pure functions (nil, msg, code on bad input).
local function pure_call(cf)
  return function(...)
    local out = ffi.new("double[1]")
    local args = { ... }
    args[#args + 1] = out
    local rc = cf(unpack(args))
    if rc ~= 0 then return pc.fail(rc) end
    return out[0]
  end
end
M.raw_difficulty = pure_call(C.pc_sokoban_index_raw_difficulty)
M.difficulty = pure_call(C.pc_sokoban_index_difficulty)
M.mechanical = pure_call(C.pc_sokoban_index_mechanical)
M.rules = pure_call(C.pc_sokoban_index_rules)
local raw_v, vol, ci = pure_call(C.pc_sokoban_index_raw_volumability),
  pure_call(C.pc_sokoban_index_volumability), pure_call(C.pc_sokoban_index_ci)
function M.raw_volumability(u, c, a, t) return raw_v(u, c, a or 3, t or 1) end
function M.volumability(u, c, a, t) return vol(u, c, a or 3, t or 1) end
function M.ci(i, p, u, c, a, t) return ci(i, p, u, c, a or 3, t or 1) end
M.V0 = C.pc_sokoban_index_v0()

--- a, t of a rule family ("classic", "colorban", ...), or nil, msg, code.
function M.variant_rules(variant, colours)
  local v = type(variant) == "string" and VARIANTS[variant] or variant
  if v == nil then return nil, "unknown variant " .. tostring(variant), C.PC_EINVAL end
  local a, t = ffi.new("int32_t[1]"), ffi.new("int32_t[1]")
  local rc = C.pc_sokoban_variant_rules(v, colours or 1, a, t)
  if rc ~= 0 then return pc.fail(rc) end
  return a[0], t[0]
end

return pc.shield("sokoban", M)
