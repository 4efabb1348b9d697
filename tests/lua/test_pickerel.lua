-- LuaJIT binding of Pickerel: storyboard replay, errors, persistence, advisor.
local t = require "tap"
t.run(function()
  local pc = require "puzzlecore"
  local pk = pc.pickerel
  local O, B, G = 0, 1, 2
  local deal = { {O, 6}, {B, 4}, {B, 10}, {B, 10}, {B, 8}, {O, 4}, {O, 6}, {G, 7}, {B, 6}, {G, 4},
                 {G, 5}, {G, 9}, {G, 12}, {G, 8}, {O, 7}, {B, 5} }
  local info = pk.level_info(1)
  t.ok(info.width == 4 and info.overlap == 0 and info.colours == 2 and info.inches == 120, "level 1 table")
  t.eq(pk.run_name(4), "Donkey", "run name 4")
  local g = assert(pk.from_deal(3, deal))
  local c, l = g:spool(2)
  t.ok(c == B and l == 10, "slot 2 is a blue 10")
  local evs = g:weave(2)
  local perfect
  for _, e in ipairs(evs) do if e.name == "perfect" then perfect = e end end
  t.ok(perfect and perfect.a == 2 and perfect.points == 16, "blue 10: Double worth 16")
  g:weave(3)
  t.eq(g:score(), 80, "Donkey 32 + square 32 after the Double 16")
  local before = g:save()
  local v, msg, code = require('puzzlecore').try(function() return g:scissors() end)
  t.ok(v == nil and type(msg) == "string", "illegal move gives nil, msg, code")
  t.eq(code, pc.C.PC_EILLEGAL, "code is PC_EILLEGAL")
  v, msg, code = require('puzzlecore').try(function() return g:weave(42) end)
  t.ok(v == nil and code == pc.C.PC_EILLEGAL, "weave a missing slot")
  t.eq(g:save(), before, "failed moves change nothing")
  local h = assert(pk.load(before))
  t.eq(h:save(), before, "load/save round trip")
  local k = g:clone()
  g:weave(1)
  t.ok(k:save() ~= g:save(), "clone is independent")
  v, msg, code = require('puzzlecore').try(function() return pk.load("puzzlecore-pickerel 1\nlevel x\n") end)
  t.ok(v == nil and code == pc.C.PC_EPARSE and msg:find("line 2"), "bad save: nil, message with the line, PC_EPARSE")
  local n = 0
  for slot, colour, length in g:spools() do n = n + 1 end
  t.eq(n, 8, "spools() iterator")
  local s = assert(pk.new(8, 3))
  while not s:over() do assert(s:play(s:suggest(300))) end
  t.ok(s:over() and s:rating_name() ~= nil, "advisor plays a level-8 game to the end")
  v, msg, code = pc.try(function() return s:suggest() end)
  t.eq(code, pc.C.PC_EOVER, "suggest after the end: PC_EOVER")
  t.ok(tostring(s):find("score") ~= nil, "tostring renders")

  -- Row 0 is the top of the loom's frame (27 rows on level 6): Rylla's purple
  -- bead 5 empty rows above 5 blue rows.
  local Pu = O
  local d6 = { {Pu, 6}, {Pu, 9}, {Pu, 10}, {Pu, 3}, {Pu, 6}, {B, 7}, {B, 5}, {B, 10}, {B, 12}, {B, 8}, {G, 6},
               {Pu, 11}, {G, 10}, {B, 3}, {B, 6}, {Pu, 11}, {G, 2} }
  for _ = 1, 4 do d6[#d6 + 1] = {Pu, 5}; d6[#d6 + 1] = {B, 5}; d6[#d6 + 1] = {G, 5} end
  local r = assert(pk.from_deal(6, d6, 3494, true))
  t.eq(r:loom_height(), 27, "level 6: a frame of 27 rows")
  local row
  for _, e in ipairs(r:weave(5)) do if e.name == "weave" then row = e.a end end
  t.eq(row, 26, "the first thread is woven on the bottom row, 26")
  for _, slot in ipairs({7, 9, 6, 8}) do r:weave(slot) end
  row = nil
  for _, e in ipairs(r:place_bead(1, 16, 2)) do if e.name == "loom-bead" then row = e.a end end
  t.eq(row, 16, "the loom-bead event: row 16")
  t.eq(r:loom_beads()[1].row, 16, "the bead reads back at row 16")
  r:weave(6); r:weave(9); r:weave(0)
  t.eq(r:loom_beads()[1].row, 22, "the bead slides down six rows (16 + 6)")
end)
