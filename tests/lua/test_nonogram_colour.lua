-- LuaJIT binding: colour nonograms (palette, coloured clues, painting,
-- greying, mistakes, hints, solving with uniqueness, generating, pictures,
-- formats).
local t = require "tap"
t.run(function()
  local pc = require "puzzlecore"
  local nonogram, nc, ns = pc.nonogram, pc.nonogram_colour, pc.nonogram_solve
  local U = nc.UNKNOWN
  local PAL = { { ".", 0xffffff, "white" }, { "r", 0xe02020, "red" }, { "g", 0x20a040, "green" } }
  local PIC = { 1, 1, 2, 2, 0, 2, 2, 0, 1, 0, 0, 2 }  -- rrgg / .gg. / r..g (unique)
  local function str(clues)
    local s = {}
    for i, c in ipairs(clues) do s[i] = c[1] .. ":" .. c[2] end
    return table.concat(s, " ")
  end
  local function join(tab) return table.concat(tab, ",") end

  t.eq(str(nc.line_clues({ 1, 1, 2, 0, 2 })), "2:1 1:2 1:2", "line_clues: a run ends where the colour changes")
  t.eq(str(nc.line_clues({ 0, 0 })), "0:0", "an empty line: 0 of colour 0")
  local p = nc.from_solution(4, 3, PAL, PIC)
  t.eq(nc.colour_count(p), 2, "two colours")
  local pal = nc.palette(p)
  t.ok(#pal == 3 and pal[2][1] == "r" and pal[2][2] == 0xe02020 and pal[3][3] == "green", "the palette as a table")
  t.eq(str(nc.row_clues(p, 0)), "2:1 2:2", "row 0: 2r 2g")
  t.eq(str(nc.col_clues(p, 3)), "1:2 1:2", "column 3: 1g 1g")

  nc.set_rect(p, 0, 0, 2, 1, 1)
  nc.set_cell(p, 2, 0, 2)
  t.eq(str(nc.player_clues(p, nc.ROWS, 0)), "2:1 1:2", "the player's row 0")
  nc.set_cell(p, 3, 0, 2)
  t.ok(nc.satisfied(p, nc.ROWS, 0) and not nc.satisfied(p, nc.COLS, 3), "row 0 greys, column 3 not")
  local before = join(nc.cells(p))
  t.ok(pc.try(nc.set_cell, p, 0, 0, 3) == nil, "colour 3 of a two-colour puzzle is refused")
  t.ok(pc.try(nc.set_cell, p, 4, 0, 1) == nil, "x outside the grid is refused")
  t.ok(pc.try(nc.set_cells, p, { 0, 0, 0 }) == nil, "a grid of the wrong size is refused")
  t.eq(join(nc.cells(p)), before, "failing moves change nothing")
  nc.set_cell(p, 3, 1, 1)
  local m = nc.mistakes(p)
  t.ok(#m == 1 and m[1][1] == 3 and m[1][2] == 1, "mistakes: the one wrong cell")
  local pm = p:mistakes()
  t.ok(#pm == 1 and pm[1][1] == 3 and pm[1][2] == 1, "Puzzle:mistakes: the same rule on a colour puzzle")
  nc.set_cell(p, 3, 1, U)
  local h = nc.hint(p)
  t.ok(h and PIC[h.y * 4 + h.x + 1] == h.value, "a hint agrees with the picture")
  for _ = 1, 20 do
    h = nc.hint(p)
    if not h then break end
    nc.set_cell(p, h.x, h.y, h.value)
  end
  t.ok(p:solved() and h == false, "hints until solved")
  -- no line settles a cell of this grid; background at (0,0) breaks column 1 (tests/test_nonogram_colour.c)
  local q = nc.from_solution(4, 4, PAL, { 2, 0, 0, 1, 1, 0, 1, 0, 0, 2, 0, 1, 0, 1, 1, 0 })
  h = nc.hint(q)
  t.eq(table.concat({ h.kind, h.x, h.y, h.value, h.axis, h.index }, " "), "probe 0 0 2 " .. nc.COLS .. " 1",
    "a probing hint: (0,0) green")

  local r = nc.solve(p)
  t.ok(r.status == "unique" and join(r.solutions[1][3]) == "1,0,0,2", "solve: unique, the picture")
  r = nc.solve_clues(2, { { { 1, 1 } }, { { 1, 1 } } }, { { { 1, 1 } }, { { 1, 1 } } }, 5)
  t.ok(r.status == "multiple" and #r.solutions == 2, "two diagonals: two solutions")
  r = nc.solve_clues(2, { { { 1, 1 } }, { { 1, 1 } } }, { { { 1, 1 } }, { { 1, 1 } } }, 2, { 1, U, U, U })
  t.eq(r.status, "unique", "a given decides")
  r = nc.solve_clues(2, { { { 2, 1 } }, { { 2, 2 } } }, { { { 1, 2 }, { 1, 1 } }, { { 1, 2 }, { 1, 1 } } })
  t.eq(r.status, "none", "clues with no solution")
  t.eq(join(nc.solve_line(2, { { 2, 1 }, { 1, 2 } }, { 7, 7, 7, 7 })), "3,2,7,5", "solve_line: 2r 1g in four")
  local _, _, code = pc.try(nc.solve_line, 2, { { 3, 1 } }, { 7, 1, 7 })
  t.eq(code, pc.C.PC_EILLEGAL, "a line that cannot fit: PC_EILLEGAL")

  local rows, cols = {}, {}
  for y = 0, 2 do rows[y + 1] = nc.row_clues(p, y) end
  for x = 0, 3 do cols[x + 1] = nc.col_clues(p, x) end
  local q = nc.from_clues(PAL, rows, cols)
  t.eq(join(nc.solve(q).solutions[1][1]), "1,1,2,2", "from_clues solves to the picture")
  t.ok(pc.try(nc.from_clues, PAL, { { { 1, 1 } }, { { 0, 0 } } }, { { { 1, 2 } }, { { 0, 0 } } }) == nil,
    "rows and columns that disagree are refused")

  for _, fmt in ipairs({ "xml", "non" }) do
    local text = ns.save(p, fmt)
    local q2 = ns.load(text)
    t.eq(ns.save(q2, fmt), text, fmt .. ": write -> read -> write is identical")
  end
  t.eq(nonogram.load(p:save()):save(), p:save(), "the library's save round trips")

  local g = nc.generate(12, 10, 4, 5)
  t.ok(nc.colour_count(g) == 4 and nc.solve(g).status == "unique", "a generated four-colour puzzle is unique")
  local cells = nc.generate_cells(12, 10, 4, 5)
  local sol = nc.solve(g).solutions[1]
  t.eq(join(cells):sub(1, 23), join(sol[1]), "generate_cells: the same picture")

  local unique, amb = nc.picture_check(2, 2, 2, { 1, 0, 0, 1 })
  t.ok(not unique and #amb == 4, "the diagonal is ambiguous everywhere")
  t.eq(#nc.picture_givens(2, 2, 2, { 1, 0, 0, 1 }), 1, "one given makes it unique")
  local pic, changed = nc.picture_nearby(2, 2, 2, { 1, 0, 0, 1 }, 1)
  t.ok(changed >= 1 and nc.picture_check(2, 2, 2, pic), "a nearby unique picture")

  local gm = pc.game.Game.new("nonogram", "size=3x2 palette=.:ffffff:white,r:ff0000:red,g:00ff00:green solution=120012")
  gm:play("paint red 0 0")
  t.ok(pc.try(gm.play, gm, "paint 1 1 0") == nil, "a colour is named, not numbered")
  for _, mv in ipairs({ "paint green 1 0", "cross 2 0", "cross 0 1", "paint red 1 1" }) do gm:play(mv) end
  gm:play(gm:suggest())
  t.ok(gm:over(), "painted by name and a suggestion: solved")
end)
