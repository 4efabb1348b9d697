-- puzzlecore.game — any game through one object, over the C pc_game.
--
-- local Game = require("puzzlecore").game.Game
-- local g = assert(Game.new("sokoban"))        -- kind, params, seed
-- g:moves()  --> { "l", "r" };  g:play("r"); g:undo(); g:redo()
-- g:suggest(nodes, seconds)  --> "r";  Game.load(g:save())
-- Errors: nil, message, code (as the other modules).
local pc = require "puzzlecore"
local C, ffi = pc.C, pc.ffi

local M = {}
local Game = {}
Game.__index = Game
M.Game = Game

M.KINDS = {}
for i = 0, C.pc_game_kind_count() - 1 do M.KINDS[#M.KINDS + 1] = ffi.string(C.pc_game_kind_name(i)) end

local function wrap(ptr) return pc.handle(ptr, C.pc_game_free, Game) end

--- A new game of `kind` (params: "key=value ..." or nil; seed: number or nil).
function Game.new(kind, params, seed)
  if type(kind) ~= "string" then error("kind must be a string", 2) end
  local err = ffi.new("char[256]")
  local rc = C.pc_game_validate(kind, params, err, 256)
  if rc ~= 0 then return pc.fail(rc, err) end
  local out = ffi.new("pc_game *[1]")
  rc = C.pc_game_new(kind, params, seed or 0, out)
  if rc ~= 0 then return pc.fail(rc) end
  return wrap(out[0])
end

--- A game from any kind's save text.
function Game.load(text)
  local out, err = ffi.new("pc_game *[1]"), ffi.new("char[256]")
  local rc = C.pc_game_load(text, pc.len(text, "text"), err, 256, out)
  if rc ~= 0 then return pc.fail(rc, err) end
  return wrap(out[0])
end

function Game:save() return pc.text_out(C.pc_game_save, self.h) end
function Game:render() return pc.text_out(C.pc_game_render, self.h) end
function Game:kind() return ffi.string(C.pc_game_kind(self.h)) end

function Game:clone()
  local out = ffi.new("pc_game *[1]")
  local rc = C.pc_game_clone(self.h, out)
  if rc ~= 0 then return pc.fail(rc) end
  return wrap(out[0])
end

--- Every legal move now, as a list of strings.
function Game:moves()
  local s, msg, code = pc.text_out(C.pc_game_moves, self.h)
  if not s then return nil, msg, code end
  local t = {}
  for m in s:gmatch("[^\n]+") do t[#t + 1] = m end
  return t
end

local function status(rc) if rc ~= 0 then return pc.fail(rc) end return true end
function Game:play(move) return status(C.pc_game_play(self.h, move, pc.len(move, "move"))) end
function Game:undo() return status(C.pc_game_undo(self.h)) end
function Game:redo() return status(C.pc_game_redo(self.h)) end
function Game:over() return C.pc_game_over(self.h) == 1 end
function Game:players() return C.pc_game_player_count(self.h) end

--- The player to move (0-based), or nil when the game is over.
function Game:to_move()
  local p = ffi.new("int32_t[1]")
  C.pc_game_to_move(self.h, p)
  if p[0] < 0 then return nil end
  return p[0]
end

function Game:score(player)
  local s = ffi.new("double[1]")
  local rc = C.pc_game_score(self.h, player or 0, s)
  if rc ~= 0 then return pc.fail(rc) end
  return s[0]
end

--- A good move as text under a budget (nodes 0: the kind's default; seconds
--- 0: 10 s, negative: none).
function Game:suggest(nodes, seconds, seed)
  local b = pc.budget(nodes or 0, seconds or 0, 0, seed or 0)
  return pc.text_out(C.pc_game_suggest, self.h, b)
end

return pc.shield("game", M)
