-- LuaJIT binding of Patchwork: a scripted game, errors, protocol, bots.
local t = require "tap"
t.run(function()
  local pw = require "puzzlecore.patchwork"
  local p = pw.patch(3)
  t.eq(p.price .. " " .. p.time .. " " .. p.cells .. " " .. p.shape, "10 3 5 OOOO|O...", "patch 3 facts")
  t.eq(pw.shape(3, 1, 1), ".O|.O|.O|OO", "flip then turn")
  local deck = { 29 }
  for i = 0, 32 do if i ~= 29 then deck[#deck + 1] = i end end
  local g = pw.from_deck(3, deck)
  t.eq(table.concat(g:market(), " ", 1, 3), "29 0 1", "window")
  t.ok(g:play(29, 0, 0), "buy 29")
  t.eq(g:position(0) .. " " .. g:buttons(0) .. " " .. g:income(0), "6 3 2", "income includes the patch just bought")
  local before = g:save()
  local r, msg, code = require('puzzlecore').try(function() return g:play(5, 0, 0) end)
  t.ok(r == nil and code == require("puzzlecore").C.PC_EILLEGAL and msg:match("illegal"), "outside the window: nil, msg, code")
  t.eq(g:save(), before, "nothing changed")
  t.ok(g:skip(), "P1 skips")
  t.eq(g:position(1) .. " " .. g:buttons(1), "7 12", "SKIP pays 1 per step")
  local h = pw.load(g:save())
  t.eq(h:save(), g:save(), "save/load round trip")
  local c = g:clone()
  c:skip()
  t.ok(c:actions() == g:actions() + 1, "clone is independent")
  local moves = g:legal_moves()
  t.eq(moves[1].kind, pw.SKIP, "SKIP first")
  local n = 0
  for m in g:moves() do n = n + 1 end
  t.eq(n, #moves, "iterator")
  t.eq(pw.move_text(moves[2]), pw.move_text(pw.decode(pw.encode(moves[2]))), "encode/decode round trip")
  -- protocol
  local l1 = pw.from_deck(1, (function() local d = {} for i = 0, 32 do d[#d + 1] = i end return d end)())
  t.ok(l1:referee_input():sub(1, 20) == "0\n\n0\n\n200 0 0\n......", "league 1 init lines")
  local mv, fixes = l1:referee_step("PLAY 0 0 0 hi")
  t.eq(pw.move_text(mv, 1) .. " " .. fixes, "PLAY 0 0 0 0", "referee step")
  local bad, m2, c2 = require('puzzlecore').try(function() return l1:referee_step("JUMP") end)
  t.ok(bad == nil and c2 == require("puzzlecore").C.PC_EPARSE, "unknown command: nil, msg, code")
  local cmd, message = pw.parse_command(4, "PLAY 1 2 3 1 6 hi there")
  t.eq(cmd.rot .. " " .. message, "2 hi there", "parse_command")
  -- bots
  local e = pw.new(4, 3)
  t.eq(#e:events(), 0, "events: none before the first move")
  e:skip()
  local ev = e:events()
  t.ok(ev[1].kind == "skip" and ev[1].player == 0 and ev[1].values[1] > 0, "events: a skip with its squares")
  local patch, k = e:cell_patch(0, 0, 0)
  t.ok(patch == -1 and k == 0, "cell_patch: an empty square is nobody's")
  local b = pw.new(4, 9)
  while not b:over() do
    if b:to_move() == 0 then b:apply(b:suggest(40)) else b:apply(b:baseline_move()) end
  end
  t.ok(b:winner() >= 0, "a bot game ends")
  -- the reader follows a game from both seats
  local ref, rds, followed = pw.new(3, 4), { pw.reader(), pw.reader() }, true
  while not ref:over() do
    local p = ref:to_move()
    local rd = rds[p + 1]
    if not rd:feed(ref:referee_input()) then followed = false break end
    local mine = rd:game()
    followed = followed and rd:seat() == p and mine:to_move() == p
    local text = pw.move_text(mine:baseline_move(), 3)
    rd:sent(text)
    ref:referee_step(text)
  end
  t.ok(followed, "reader: both seats follow a league-3 game")
  local bad, msg = require('puzzlecore').try(function() return pw.reader(4):feed(pw.new(3, 1):referee_input()) end)
  t.ok(bad == nil and msg:find("desync"), "reader: desync gives nil, msg")
end)
