-- puzzlecore.patchwork -- Patchwork (CodinGame referee rules, every league,
-- and the board game) for LuaJIT.
--
-- local pw = require "puzzlecore.patchwork"
-- local g = pw.new(4, 42)                  -- league, seed  (or pw.from_deck(4, {...}))
-- while not g:over() do g:apply(g:suggest(300)) end
-- print(g:score(0), g:score(1), g:winner())
--
-- Moves are tables { kind, patch, x, y, flip, rot } (kind: pw.SKIP, pw.PLAY,
-- pw.SPECIAL); failing calls return nil, message, code and change nothing.
local pc = require "puzzlecore"
local C, ffi = pc.C, pc.ffi

local M = {
  LEAGUE1 = 1, LEAGUE2 = 2, LEAGUE3 = 3, LEAGUE4 = 4, LEAGUE5 = 5, OFFICIAL = 10,
  SKIP = 0, PLAY = 1, SPECIAL = 2, DRAW = 2,
}
local Game = {}
Game.__index = Game
M.Game = Game

local text_out = pc.text_out

local function wrap(ptr) return pc.handle(ptr, C.pc_patchwork_free, Game) end

local function ok(rc, err)
  if rc ~= 0 then return pc.fail(rc, err) end
  return true
end

--- A move table from a move code.
function M.decode(code)
  local f = ffi.new("int32_t[6]")
  local rc = C.pc_patchwork_move_decode(code, f, f + 1, f + 2, f + 3, f + 4, f + 5)
  if rc ~= 0 then return pc.fail(rc) end
  return { kind = f[0], patch = f[1], x = f[2], y = f[3], flip = f[4], rot = f[5], code = code }
end

--- The move code of a move table.
function M.encode(m)
  local out = ffi.new("int32_t[1]")
  local rc = C.pc_patchwork_move_encode(m.kind, m.patch or 0, m.x or 0, m.y or 0, m.flip or 0, m.rot or 0, out)
  if rc ~= 0 then return pc.fail(rc) end
  return out[0]
end

--- The referee's text of a move ("SKIP", "PLAY id x y flip rot").
function M.move_text(m, league)
  local code = type(m) == "table" and M.encode(m) or m
  return text_out(C.pc_patchwork_move_text, league or 4, code)
end

--- Facts of a patch: { earn, price, time, cells, shape }.
function M.patch(id)
  local v = ffi.new("int32_t[4]")
  local rc = C.pc_patchwork_patch_info(id, v, v + 1, v + 2, v + 3)
  if rc ~= 0 then return pc.fail(rc) end
  return { id = id, earn = v[0], price = v[1], time = v[2], cells = v[3],
           shape = text_out(C.pc_patchwork_patch_shape, id, 0, 0) }
end

function M.shape(id, flip, rot) return text_out(C.pc_patchwork_patch_shape, id, flip or 0, rot or 0) end

--- Parse a bot's output line with the referee's rules: cmd table and message.
function M.parse_command(league, line)
  local cmd, off, len = ffi.new("int32_t[6]"), ffi.new("size_t[1]"), ffi.new("size_t[1]")
  local err = ffi.new("char[256]")
  local rc = C.pc_patchwork_parse_command(league, line, pc.len(line, "line"), cmd, off, len, err, 256)
  if rc ~= 0 then return pc.fail(rc, err) end
  return { kind = cmd[0], id = cmd[1], x = cmd[2], y = cmd[3], flip = cmd[4], rot = cmd[5] },
         line:sub(tonumber(off[0]) + 1, tonumber(off[0] + len[0]))
end

--- New game with a seeded deck.
function M.new(league, seed)
  local out = ffi.new("pc_patchwork *[1]")
  local rc = C.pc_patchwork_new(league or 4, pc.u64(seed or 0, "seed"), out)
  if rc ~= 0 then return pc.fail(rc) end
  return wrap(out[0])
end

--- New game with an explicit circle (a permutation of 0..32).
function M.from_deck(league, deck)
  local out = ffi.new("pc_patchwork *[1]")
  local rc = C.pc_patchwork_new_deck(league, pc.i32(deck), #deck, out)
  if rc ~= 0 then return pc.fail(rc) end
  return wrap(out[0])
end

--- A game from save text.
function M.load(text)
  local err, out = ffi.new("char[256]"), ffi.new("pc_patchwork *[1]")
  local rc = C.pc_patchwork_load(text, pc.len(text, "text"), err, 256, out)
  if rc ~= 0 then return pc.fail(rc, err) end
  return wrap(out[0])
end

function Game:clone()
  local out = ffi.new("pc_patchwork *[1]")
  local rc = C.pc_patchwork_clone(self.h, out)
  if rc ~= 0 then return pc.fail(rc) end
  return wrap(out[0])
end

function Game:save() return text_out(C.pc_patchwork_save, self.h) end
function Game:league() return C.pc_patchwork_ruleset(self.h) end
function Game:duration() return C.pc_patchwork_duration(self.h) end
function Game:to_move() return pc.out("int32_t", C.pc_patchwork_to_move, self.h) end
function Game:over() return C.pc_patchwork_is_over(self.h) == 1 end
function Game:capped() return C.pc_patchwork_capped(self.h) == 1 end
function Game:actions() return C.pc_patchwork_actions(self.h) end
function Game:winner() return pc.out("int32_t", C.pc_patchwork_winner, self.h) end
function Game:special_id() return pc.out("int32_t", C.pc_patchwork_special_id, self.h) end
function Game:bonus_owner() return pc.out("int32_t", C.pc_patchwork_bonus_owner, self.h) end
function Game:finished_first() return pc.out("int32_t", C.pc_patchwork_finished_first, self.h) end
function Game:position(p) return C.pc_patchwork_position(self.h, p) end
function Game:buttons(p) return C.pc_patchwork_buttons(self.h, p) end
function Game:income(p) return C.pc_patchwork_income(self.h, p) end
function Game:pending(p) return C.pc_patchwork_pending(self.h, p) end
function Game:empty(p) return C.pc_patchwork_empty(self.h, p) end
function Game:score(p) return pc.out("int32_t", C.pc_patchwork_score, self.h, p) end
function Game:cell(p, x, y) return C.pc_patchwork_cell(self.h, p, x, y) == 1 end
--- The patch covering square (x, y) of player p's quilt and its orientation
--- k = 4*flip + rot (patch -1: empty; a special: its referee id, -20 ...).
function Game:cell_patch(p, x, y)
  local patch, k = ffi.new("int32_t[1]"), ffi.new("int32_t[1]")
  local rc = C.pc_patchwork_cell_patch(self.h, p, x, y, patch, k)
  if rc < 0 then return pc.fail(rc) end
  return patch[0], k[0]
end
local EVENT_KINDS = { [0] = "skip", "buy", "advance", "place_special", "income", "special_won", "bonus",
  "finished", "over" }
--- What the last move did: { {kind=, player=, values={...}}, ... } (doc/patchwork.md).
function Game:events()
  local out = {}
  for i = 0, C.pc_patchwork_event_count(self.h) - 1 do
    local kind, who = ffi.new("int32_t[1]"), ffi.new("int32_t[1]")
    local v = ffi.new("int32_t[?]", C.PC_PATCHWORK_EVENT_VALUES)
    local rc = C.pc_patchwork_event(self.h, i, kind, who, v)
    if rc < 0 then return pc.fail(rc) end
    local vals = {}
    for j = 0, C.PC_PATCHWORK_EVENT_VALUES - 1 do vals[#vals + 1] = v[j] end
    out[#out + 1] = { kind = EVENT_KINDS[kind[0]], player = who[0], values = vals }
  end
  return out
end
function Game:board(p) return text_out(C.pc_patchwork_board_text, self.h, p) end
function Game:set_bonus_size(n) return ok(C.pc_patchwork_set_bonus_size(self.h, n)) end
function Game:set_initial_money(n) return ok(C.pc_patchwork_set_initial_money(self.h, n)) end

--- The circle of patch ids from the marker (the first 3 are buyable).
function Game:market()
  local a, n = ffi.new("int32_t[33]"), ffi.new("size_t[1]")
  C.pc_patchwork_market(self.h, a, 33, n)
  local t = {}
  for i = 0, tonumber(n[0]) - 1 do t[#t + 1] = a[i] end
  return t
end

--- The legal moves, as an array of move tables.
function Game:legal_moves()
  local a, n = ffi.new("int32_t[?]", 2048), ffi.new("size_t[1]")
  local rc = C.pc_patchwork_legal_moves(self.h, a, 2048, n)
  if rc ~= 0 then return pc.fail(rc) end
  local t = {}
  for i = 0, tonumber(n[0]) - 1 do t[#t + 1] = M.decode(a[i]) end
  return t
end

--- Iterator over the legal moves: for m in g:moves() do ... end
function Game:moves()
  local t, i = self:legal_moves(), 0
  return function() i = i + 1; return t[i] end
end

function Game:apply(m)
  local code = type(m) == "table" and (m.code or M.encode(m)) or m
  return ok(C.pc_patchwork_apply(self.h, code))
end
function Game:play(id, x, y, flip, rot) return ok(C.pc_patchwork_play(self.h, id, x, y, flip or 0, rot or 0)) end
function Game:skip() return ok(C.pc_patchwork_skip(self.h)) end
function Game:place_special(x, y) return ok(C.pc_patchwork_place_special(self.h, x, y)) end

function Game:referee_input() return text_out(C.pc_patchwork_referee_input, self.h) end
function Game:turn_input() return text_out(C.pc_patchwork_turn_input, self.h) end
function Game:init_input() return text_out(C.pc_patchwork_init_input, self.h) end

--- Play a bot's line as the referee: move applied and the fix flags.
function Game:referee_step(line)
  local code, fixes, err = ffi.new("int32_t[1]"), ffi.new("int32_t[1]"), ffi.new("char[256]")
  local rc = C.pc_patchwork_referee_step(self.h, line, pc.len(line, "line"), code, fixes, err, 256)
  if rc ~= 0 then return pc.fail(rc, err) end
  return M.decode(code[0]), fixes[0]
end

function Game:baseline_move()
  local out = ffi.new("int32_t[1]")
  local rc = C.pc_patchwork_baseline_move(self.h, out)
  if rc ~= 0 then return pc.fail(rc) end
  return M.decode(out[0])
end

--- The search's move under a pc_budget: at most `playouts` playouts (0 = no
-- limit) and `seconds` of wall time (0 = none when playouts is set, else the
-- default 10 s), seeded by `seed` (default 1).
function Game:suggest(playouts, seconds, seed)
  local out = ffi.new("int32_t[1]")
  local b = ffi.new("pc_budget[1]")
  C.pc_budget_init(b, ffi.sizeof("pc_budget"))
  playouts = pc.int(playouts or 0, "playouts", 0, 2 ^ 53)
  b[0].max_nodes = playouts
  seconds = pc.num(seconds or 0, "seconds")
  if seconds > 0 then b[0].max_seconds = seconds elseif (playouts or 0) > 0 then b[0].max_seconds = -1 end
  b[0].seed = pc.u64(seed or 1, "seed")
  local rc = C.pc_patchwork_suggest(self.h, b, out)
  if rc ~= 0 then return pc.fail(rc) end
  return M.decode(out[0])
end

--- The bot side of the CodinGame protocol (pc_patchwork_reader).
-- local rd = pw.reader()          -- league from the init lines (1 for league 1)
-- for line in io.lines() do
--   if rd:line(line) then local g = rd:game() ... print(text); rd:sent(text) end
-- end
-- rd:line returns true when a turn is complete; nil, msg, code on a desync.
local Reader = {}
Reader.__index = Reader
M.Reader = Reader

function M.reader(league)
  local out = ffi.new("pc_patchwork_reader *[1]")
  local rc = C.pc_patchwork_reader_new(league or 0, out)
  if rc ~= 0 then return pc.fail(rc) end
  return pc.handle(out[0], C.pc_patchwork_reader_free, Reader)
end

function Reader:line(line)
  local ready, err = ffi.new("int32_t[1]"), ffi.new("char[256]")
  local rc = C.pc_patchwork_reader_line(self.h, line, pc.len(line, "line"), ready, err, 256)
  if rc ~= 0 then return pc.fail(rc, err) end
  return ready[0] == 1
end

function Reader:feed(text)
  pc.len(text, "text")
  local ready, pos = false, 1
  while true do  -- (a plain find: a pattern over a long line would be quadratic)
    local nl = text:find("\n", pos, true)
    if not nl then break end
    ready = self:line(text:sub(pos, nl - 1))
    pos = nl + 1
  end
  return ready
end

function Reader:seat() return C.pc_patchwork_reader_seat(self.h) end

function Reader:game()
  local out = ffi.new("pc_patchwork *[1]")
  local rc = C.pc_patchwork_reader_game(self.h, out)
  if rc ~= 0 then return pc.fail(rc) end
  return wrap(out[0])
end

function Reader:sent(text)
  local err = ffi.new("char[256]")
  return ok(C.pc_patchwork_reader_sent(self.h, text, pc.len(text, "text"), err, 256), err)
end

return pc.shield("patchwork", M)
