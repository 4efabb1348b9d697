-- LuaJIT binding of nonogram solving, hints, generating and formats.
local t = require "tap"
t.run(function()
  local pc = require "puzzlecore"
  local nonogram = pc.nonogram
  local ns = require "puzzlecore.nonogram_solve"
  local data = os.getenv("PUZZLECORE_DATA") or "data"

  t.eq(table.concat(ns.solve_line({ 3, 1 }, { 0, 0, 0, 0, 0 }), ""), "11121", "solve_line 3.1")
  local v, msg, code = require('puzzlecore').try(function() return ns.solve_line({ 3 }, { 0, 2, 0 }) end)
  t.ok(v == nil and code == pc.C.PC_EILLEGAL, "contradiction: nil, msg, PC_EILLEGAL")

  local p = assert(ns.load("4x4:2/1/2/1/1.1/2/1/1"))
  local r = ns.solve(p)
  t.eq(r.status .. " " .. r.grade, "unique probe", "Tatham 4x4: unique, grade probe")
  t.eq(table.concat(r.solutions[1][1], ""), "1001", "first row of the solution")
  local g, st = ns.grade(p)
  t.ok(g == "probe" and st.nodes == 0, "grade")

  r = ns.solve_clues({ { 1 }, { 1 } }, { { 1 }, { 1 } }, 5)
  t.eq(r.status .. " " .. #r.solutions, "multiple 2", "diagonals: exactly two")
  t.eq(ns.solve_clues({ { 2 }, { 0 } }, { { 0 }, { 2 } }).status, "none", "no solution")
  -- a pc_budget underneath: 12x12 with clue 1 everywhere has 12! solutions
  local ones = {}
  for i = 1, 12 do ones[i] = { 1 } end
  local nr, _, ncode = require('puzzlecore').try(function() return ns.solve_clues(ones, ones, 100000, nil, 3) end)
  t.ok(nr == nil and ncode == pc.C.PC_ELIMIT, "node budget 3: nil, msg, PC_ELIMIT")

  -- hints replayed to the end
  local q = assert(nonogram.from_solution(4, 4, "1001110000100010"))
  local kinds, steps = {}, 0
  while true do
    local h = ns.hint(q)
    if not h then break end
    kinds[h.kind] = true
    q:set(h.x, h.y, h.value)
    steps = steps + 1
    if steps > 20 then break end
  end
  t.ok(q:solved() and kinds.line and kinds.probe, "hints solve Tatham's 4x4 (" .. steps .. " steps)")
  q:reset()
  q:fill(1, 0)
  t.eq(ns.consistent(q), false, "a wrong cell: inconsistent")
  local m = ns.mistakes(q)
  t.ok(#m == 1 and m[1][1] == 1 and m[1][2] == 0, "mistakes names (1, 0)")
  q:reset()
  q:fill(0, 1, 4, 1)
  local hv, _, hcode, line = require('puzzlecore').try(function() return ns.hint(q) end)
  t.ok(hv == nil and hcode == pc.C.PC_EILLEGAL and line.axis == nonogram.ROWS and line.index == 1,
    "hint on a broken row names row 1")

  -- generator
  local a, b = assert(ns.generate(10, 7, 11, "probe")), assert(ns.generate(10, 7, 11, "probe"))
  t.eq(a:record(), b:record(), "same seed, same puzzle")
  t.eq(ns.solve(a).status, "unique", "generated puzzle is unique")
  t.eq(a:id(), "gen-10x7-11", "generated id")
  local bad, _, bcode = require('puzzlecore').try(function() return ns.generate(300, 3) end)
  t.ok(bad == nil and bcode == pc.C.PC_ERANGE, "300 wide: PC_ERANGE")
  local lim, _, lcode = pc.try(ns.generate, 30, 30, 5, "search", 1)
  t.ok(lim == nil and lcode == pc.C.PC_ELIMIT, "generate under a 1-node budget: PC_ELIMIT")
  t.eq(assert(ns.generate(30, 30, 5, "line", 1000000, -1)):record(), assert(ns.generate(30, 30, 5, "line")):record(),
       "a budget that lets it finish: the same puzzle")

  -- formats
  local f = assert(io.open(data .. "/nonogram/sample.non", "rb"))
  local text = f:read("*a")
  f:close()
  t.eq(ns.detect_format(text), "non", "detect .non")
  t.eq(ns.count(text), 2, "bundle of two")
  local names = {}
  for i, pz in ns.puzzles(text) do names[#names + 1] = i .. ":" .. pz:width() end
  t.eq(table.concat(names, " "), "0:5 1:3", "iterate over the bundle")
  local coll = assert(ns.Collection.new(text))
  t.eq(coll:count(), 2, "a collection of two")
  t.eq(coll:format(), "non", "read as .non")
  t.eq(coll:puzzle(2):record(), ns.load(text, "non", 1):record(), "puzzle 2 (1-based) is load's index 1")
  local okp = pcall(function() return coll:puzzle(3) end)
  t.ok(not okp, "puzzle 3 of 2 raises")
  local bad, berr = pcall(ns.Collection.new, "1x1:1/1\n1x1:2/1\n")
  t.ok(not bad and tostring(berr):find("line 2", 1, true) ~= nil, "a bad second id names line 2: " .. tostring(berr))
  local cup = ns.load(text)
  local function clue_text(pz)
    local parts = {}
    for y = 0, pz:height() - 1 do parts[#parts + 1] = table.concat(pz:row_clues(y), ".") end
    for x = 0, pz:width() - 1 do parts[#parts + 1] = table.concat(pz:col_clues(x), ".") end
    return table.concat(parts, "/")
  end
  for _, fmt in ipairs({ "non", "xml", "tatham", "tcga" }) do
    local back = assert(ns.load(ns.save(cup, fmt)))
    t.eq(clue_text(back), clue_text(cup), "round trip through " .. fmt)
  end
  local e, emsg = require('puzzlecore').try(function() return ns.load("width 2\nheight 2\nrows\n1\nx\n") end)
  t.ok(e == nil and emsg:find("line 5, column 1", 1, true), "parse error with line and column")
  t.ok(type(ns.sat_backend()) == "boolean", "sat_backend() answers a boolean")
end)
