-- LuaJIT binding of the nonogram clue core.
local t = require "tap"
t.run(function()
  local nonogram = require("puzzlecore").nonogram
  local CUP = "00100" .. "01110" .. "10101" .. "10001" .. "01110"
  t.eq(table.concat(nonogram.line_clues({ 0, 1, 1, 1, 0 }), " "), "3", "row 5 gives 3")
  local col2 = {}
  for i = 2, #CUP do col2[#col2 + 1] = tonumber(CUP:sub(i, i)) end
  t.eq(table.concat(nonogram.line_clues(col2, 5, 5), " "), "1 1", "column 2 (indices 1, 6, 11, 16, 21) gives 1 1")
  t.eq(table.concat(nonogram.line_clues({ 0, 0, 0 }), " "), "0", "empty line gives 0")
  local p = assert(nonogram.from_solution(5, 5, CUP))
  t.eq(p:width(), 5, "width")
  t.eq(table.concat(p:col_clues(2), " "), "3 1", "column 3 clues")
  p:fill(1, 4, 3, 1)
  t.ok(p:row_satisfied(4), "row 5 greys")
  p:fill(0, 1, 3, 1)
  t.ok(p:row_satisfied(1) and not p:col_satisfied(0), "wrong row greys, column 1 shows the mistake")
  p:cross(0, 1); p:fill(3, 1)
  for _, xy in ipairs({ { 2, 0 }, { 0, 2 }, { 2, 2 }, { 4, 2 }, { 0, 3 }, { 4, 3 } }) do p:fill(xy[1], xy[2]) end
  t.ok(p:solved(), "solved")
  local n = 0
  for i, clues, sat in p:lines(nonogram.COLS) do n = n + (sat and 1 or 0) end
  t.eq(n, 5, "iterator over columns: all satisfied")
  p:set_id("0042"); p:set_title("en", "Cup")
  local q = assert(nonogram.load(p:save()))
  t.eq(q:save(), p:save(), "save round trip")
  t.eq(q:title("en"), "Cup", "title survives")
  local r, msg, code = require('puzzlecore').try(function() return nonogram.from_solution(3, 3, "1012") end)
  t.ok(r == nil and code == require("puzzlecore").C.PC_EPARSE and msg:find("column 4") ~= nil, "bad solution: nil, message with position")
  local ok2, msg2 = require('puzzlecore').try(function() return p:fill(4, 4, 2, 1) end)
  t.ok(ok2 == nil and msg2 == "invalid argument", "a rectangle past the edge: nil, message")
  local s, m3 = require('puzzlecore').try(function() return nonogram.from_clues({ { 3, 2 }, { 1 }, { 1 }, { 1 } }, { { 2 }, { 1 }, { 2 }, { 1 } }) end)
  t.ok(s == nil and m3:find("cannot") ~= nil or (s == nil and m3:find("need") ~= nil), "clues that cannot fit: " .. tostring(m3))
  local tp = assert(nonogram.parse("4x4:2/1/2/1/1.1/2/1/1"))
  local r = tp:solve()
  t.ok(r.status == "unique" and r.grade == "probe", "Puzzle:solve on Tatham's 4x4: unique, probe")
  t.ok(tp:hint() ~= nil, "Puzzle:hint")
  local gp = assert(nonogram.generate(10, 10, 3))
  t.eq(gp:solve().status, "unique", "nonogram.generate gives a unique puzzle")
end)
