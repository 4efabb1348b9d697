-- LuaJIT binding of Snapper: moves, events, scoring, errors, save/load, advisor.
local t = require "tap"
t.run(function()
  local pc = require "puzzlecore"
  local sn = pc.snapper
  local LOOP = table.concat({
    "puzzlecore-snapper 1", "colours 3", "source list", "list SW:2212 I:3333",
    "row 1 ES:2122 . . . .", "row 0 NE:1222 NW:2221 . . .", "" }, "\n")

  local g = assert(sn.new(42, "classic"))
  t.eq(g:column(), 2, "piece starts in the middle")
  t.ok(g:current() and g:next(), "current and next visible")
  t.eq(#g:events(), 0, "no events yet")
  local none, msg = require('puzzlecore').try(function() return sn.new(1, "nope") end)
  t.ok(none == nil and msg:match("unknown preset"), "unknown preset gives nil, msg")

  local h = assert(sn.load(LOOP))
  t.eq(h:current().type, "L", "current piece is the L")
  t.ok(h:play(1, 0), "drop closes the loop")
  t.eq(h:figures(), 1, "one figure")
  t.eq(h:score(), 23, "24 - 1 points")
  local ev = h:events()
  t.eq(ev[1].kind .. "," .. ev[2].kind, "landed,figure", "event kinds")
  t.eq(ev[2].points, 24, "figure points")
  t.eq(#ev[2].quarters, 4, "four quarters")
  t.eq(ev[2].quarters[2][1] .. ev[2].quarters[2][2] .. ev[2].quarters[2][3], "183", "second quarter is (1, 8) NW (row 8: the floor)")
  t.eq(table.concat(h:cell(0, 8).colours, ""), "0222", "enclosed quarter whitened (row 8: the floor)")
  t.eq(h:cell(4, 8), false, "empty cell is false")
  t.eq(h:cell(0, 0), false, "row 0 is the top row")
  local seen = {}
  for x, y, p in h:cells() do seen[#seen + 1] = x .. "," .. y .. ":" .. p.type end
  t.eq(table.concat(seen, " "), "0,7:L 1,7:L 0,8:L 1,8:L", "cells() iterates the pieces, top row first")

  local before = h:save()
  local ok_, m, code = require('puzzlecore').try(function() return h:move_to(9) end)
  t.ok(ok_ == nil and code == pc.C.PC_EINVAL, "bad column gives nil, msg, code")
  t.eq(h:save(), before, "refused move changes nothing")
  local e = assert(sn.new(1))
  t.ok(not e:can_drain(), "can_drain: false on an empty field")
  t.ok(e:legal(0, 3) and not e:legal(5) and not e:legal(0, 4), "legal: column 0..4, turns 0..3")
  local r, _, c = require('puzzlecore').try(function() return e:drain() end)
  t.ok(r == nil and c == pc.C.PC_EILLEGAL, "nothing to drain: PC_EILLEGAL")

  local bad, lmsg, lcode = require('puzzlecore').try(function() return sn.load("puzzlecore-snapper 1\ncolours 3\nrow 1 I:1122 . . . .\n") end)
  t.ok(bad == nil and lcode == pc.C.PC_EPARSE and lmsg:match("floats"), "load error with message")

  local l = assert(sn.from_list({ "I:1122", "L:1222" }, 2))
  l:play(0); l:play(4)
  t.eq(l:end_reason(), "no-pieces", "list runs out")

  local s = g:save()
  t.eq(assert(sn.load(s)):save(), s, "save/load round trip")
  local cl = g:clone()
  cl:play(3, 2)
  t.ok(cl:save() ~= g:save(), "clone is independent")

  local x = assert(sn.custom(5, { 0, 0, 0, 1 }, 1))
  t.eq(x:current().type, "+", "custom weights")

  t.eq(sn.figure_points(4, 1, 3, 3), 7, "formula: white penalty")
  t.eq(sn.figure_points(4, 0, 1, 3, 2, 1), 48, "formula: cascade level 2")
  t.eq(sn.figure_points(4, 0, 1, 3, 0, 2), 72, "formula: two at once")
  t.eq(sn.piece_type(5), "I", "piece type of N+S")

  local a = assert(sn.new(3, "easy"))
  local adv = a:suggest(400)
  t.ok(adv.move == "drop" or adv.move == "drain", "advice")
  for _ = 1, 12 do
    if a:is_over() then break end
    assert(a:apply(a:suggest(400)))
  end
  t.ok(a:drops() > 0, "advised moves played")
  t.ok(a:greedy() ~= nil or a:is_over(), "greedy advice")
  t.ok(tostring(a):find("+---------------+", 1, true) ~= nil, "render")
end)
