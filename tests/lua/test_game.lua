-- LuaJIT binding of pc_game: every kind through one object.
local t = require "tap"
t.run(function()
  local pc = require "puzzlecore"
  local Game = pc.game.Game
  t.eq(#pc.game.KINDS, 5, "five kinds")
  local g = assert(Game.new("sokoban"))
  t.eq(table.concat(g:moves(), " "), "l r", "sokoban lists l r")
  t.ok(g:play("r"), "play r")
  t.eq(g:score(), 1, "a box home")
  t.ok(g:undo() and g:score() == 0, "undo")
  t.ok(g:redo() and g:score() == 1, "redo")
  local ok_, msg, code = require('puzzlecore').try(function() return g:play("x") end)
  t.ok(ok_ == nil and code == pc.C.PC_EPARSE, "a bad move: nil, msg, code")
  local c = assert(g:clone())
  c:play("u")
  t.ok(c:save() ~= g:save(), "a clone is independent")
  local h = assert(Game.load(g:save()))
  t.eq(h:save(), g:save(), "save, load, save")
  t.eq(g:suggest(), "u", "the solver's next step")
  for _, kind in ipairs(pc.game.KINDS) do
    local k = assert(Game.new(kind, nil, 3))
    local n = 0
    while not k:over() and n < 20 do
      local m = k:moves()
      assert(k:play(m[1]))
      n = n + 1
    end
    t.ok(n > 0 and k:kind() == kind, kind .. ": plays its first listed moves")
  end
  local bad, m2, c2 = require('puzzlecore').try(function() return Game.new("pickerel", "level=99") end)
  t.ok(bad == nil and m2:find("level") and c2 == pc.C.PC_EPARSE, "a bad parameter is named")
  local p = assert(Game.new("patchwork", "league=2", 1))
  t.eq(p:players(), 2, "patchwork: two players")
  t.eq(p:to_move(), 0, "player 0 starts")
end)
