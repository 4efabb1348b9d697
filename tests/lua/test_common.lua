-- LuaJIT binding: version, errors and the rng's published test vectors.
local t = require "tap"
t.run(function()
  local pc = require "puzzlecore"
  local a, b, c = pc.version()
  t.eq(a .. "." .. b .. "." .. c, pc.version_string(), "version parts and string agree")
  local r = pc.Rng.new(0)
  t.ok(r:next() == 0x99EC5F36CB75F2B4ULL, "seed 0 vector 0")
  t.ok(r:next() == 0xBF6E1F784956452AULL, "seed 0 vector 1")
  t.ok(r:next() == 0x1A5F849D4933E6E0ULL, "seed 0 vector 2")
  r = pc.Rng.new(42)
  local got = {}
  for i = 1, 8 do got[i] = r:uniform(6) end
  t.eq(table.concat(got, " "), "0 0 5 5 4 0 4 3", "seed 42 uniform(6)")
  r = pc.Rng.new(7)
  local s = r:shuffle({ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 })
  t.eq(table.concat(s, " "), "8 3 9 0 7 2 1 6 5 4", "seed 7 shuffle")
  local v, msg, code = require('puzzlecore').try(function() return r:uniform(0) end)
  t.ok(v == nil and msg == "invalid argument" and code == pc.C.PC_EINVAL, "uniform(0) gives nil, msg, code")
end)
