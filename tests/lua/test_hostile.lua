-- LuaJIT binding: hostile input can never crash the host, and every misuse
-- raises a puzzlecore error object (a clear message; never raw FFI text,
-- never a `false` or `nil, msg` return for an error).
--
-- Every function of every module and every method of every class is called
-- with nil, -1, 2^31, 2^32, 2^64, 1.5, NaN, huge strings, tables, booleans,
-- functions and a NULL cdata in each argument position, and after close().
-- The probes run in child processes (this file with the argument "child N"):
-- a child prints "start N" before probe N and "done N verdict" after, so a
-- crash names its probe and the parent goes on after it.
local ffi = require "ffi"

local LEVEL = "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n"
local HUGE = string.rep("x", 2 ^ 18)
local BAD = { { nil, "nil" }, { -1, "-1" }, { 2 ^ 31, "2^31" }, { 2 ^ 64, "2^64" }, { 1.5, "1.5" },
  { 0 / 0, "nan" }, { "", "''" }, { HUGE, "huge string" }, { {}, "{}" }, { true, "true" },
  { print, "a function" }, { ffi.cast("void *", 0), "NULL cdata" } }

local function instances(pc)
  return {
    { "Rng", pc.Rng, function() return pc.Rng.new(1) end },
    { "game.Game", pc.game.Game, function() return pc.game.Game.new("sokoban") end },
    { "nonogram.Puzzle", pc.nonogram.Puzzle, function() return pc.nonogram.from_solution(3, 2, "010111") end },
    { "pickerel.Game", pc.pickerel.Game, function() return pc.pickerel.new(1, 1) end },
    { "snapper.Game", pc.snapper.Game, function() return pc.snapper.new(1) end },
    { "sokoban.Level", pc.sokoban.Level, function() return pc.sokoban.Level.new(LEVEL) end },
    { "sokoban.Collection", pc.sokoban.Collection, function() return pc.sokoban.Collection.new(LEVEL .. "\n" .. LEVEL) end },
    { "patchwork.Game", pc.patchwork.Game, function() return pc.patchwork.new() end },
    { "patchwork.Reader", pc.patchwork.Reader, function() return pc.patchwork.reader(4) end },
  }
end

local SKIP = { raw = true, ffi = true, C = true, Error = true }

-- How many arguments a function takes (self excluded for a method).
local function arity(f, method)
  f = require("puzzlecore")._shielded[f] or f
  local info = debug.getinfo(f, "u")
  local n = info.nparams or 4
  if info.isvararg then n = n + 2 end
  if method then n = n - 1 end
  return math.max(0, math.min(n, 6))
end

-- Every probe as { label, what, thunk }.
-- A plausible value for a parameter, so a probe reaches the bad one (a
-- search gets a small budget: its defaults may run for the library's 10 s).
local COLOUR_PALETTE = ". ffffff white\nr ff0000 red\ng 00ff00 green\n"
local function good(name)
  if not name then return 1 end
  if name == "p" then  -- the colour module's puzzle argument
    return require("puzzlecore").nonogram_colour.from_solution(3, 2, COLOUR_PALETTE, { 1, 2, 0, 0, 1, 1 })
  end
  if name == "palette" then return COLOUR_PALETTE end
  if name == "ncol" then return 2 end
  if name:find("seconds") then return 0.01 end
  if name:find("nodes") or name:find("playouts") or name == "budget" then return 20 end
  return 1
end

local function param_names(f, method)
  f = require("puzzlecore")._shielded[f] or f
  local names = {}
  for i = 1, 8 do
    local n = debug.getlocal(f, i)
    if not n then break end
    names[#names + 1] = n
  end
  if method then table.remove(names, 1) end
  return names
end

local function probes(pc)
  local out = {}
  local function add(label, what, f) out[#out + 1] = { label, what, f } end
  local function fuzz(label, call, nargs, names)
    local searchy = false
    for _, n in ipairs(names) do
      if n:find("seconds") or n:find("nodes") or n:find("playouts") or n == "budget" then searchy = true end
    end
    if not searchy then add(label, "no arguments", function() return call() end) end
    for pos = 1, nargs do
      for _, b in ipairs(BAD) do
        add(label, "argument " .. pos .. " = " .. b[2], function()
          local args = {}
          for i = 1, nargs do args[i] = good(names[i]) end
          args[pos] = b[1]
          return call(unpack(args, 1, nargs))
        end)
      end
    end
    for _, b in ipairs((nargs > 1 and not searchy) and BAD or {}) do
      add(label, "every argument " .. b[2], function()
        local args = {}
        for i = 1, nargs do args[i] = b[1] end
        return call(unpack(args, 1, nargs))
      end)
    end
  end
  local classes = {}
  for _, c in ipairs(instances(pc)) do classes[c[2]] = c end
  local mods = { { "puzzlecore", pc } }
  for _, m in ipairs({ "game", "nonogram", "nonogram_solve", "nonogram_colour", "pickerel", "snapper", "sokoban",
    "patchwork" }) do
    mods[#mods + 1] = { "puzzlecore." .. m, pc[m] }
  end
  for _, mod in ipairs(mods) do
    local keys = {}
    for k in pairs(mod[2]) do keys[#keys + 1] = k end
    table.sort(keys)
    for _, k in ipairs(keys) do
      local v = mod[2][k]
      if not SKIP[k] and k:sub(1, 1) ~= "_" then
        if type(v) == "function" then
          fuzz(mod[1] .. "." .. k, v, arity(v), param_names(v))
        elseif type(v) == "table" and classes[v] then
          local cname, factory = classes[v][1], classes[v][3]
          local mkeys = {}
          for mk in pairs(v) do mkeys[#mkeys + 1] = mk end
          table.sort(mkeys)
          for _, mk in ipairs(mkeys) do
            local f = v[mk]
            if type(f) == "function" and mk:sub(1, 2) ~= "__" then
              local shared  -- one object for every probe of this method (made on first use)
              fuzz(cname .. ":" .. mk, function(...)
                if shared == nil or shared:closed() then shared = factory() end
                return f(shared, ...)
              end, arity(f, true), param_names(f, true))
              add(cname .. ":" .. mk, "after close", function()
                local o = factory()
                o:close()
                return f(o, 1, 1, 1, 1)
              end)
              add(cname .. ":" .. mk, "wrong self", function() return f(12345, 1) end)
            end
          end
        end
      end
    end
  end
  for _, c in ipairs(instances(pc)) do
    add(c[1], "close twice, then use", function()
      local o = c[3]()
      o:close(); o:close()
      assert(o:closed(), "closed() after close()")
      if o.clone then return o:clone() end
      return "ok"
    end)
    add(c[1], "clone is independent", function()
      local o = c[3]()
      if not o.clone then return "no clone" end
      local k = o:clone()
      o:close()
      collectgarbage(); collectgarbage()
      assert(k.h ~= nil, "the clone survives the original")
      return "ok"
    end)
    add(c[1], "collected once (ffi.gc) after close", function()
      for _ = 1, 10 do local o = c[3](); o:close() end
      for _ = 1, 10 do local _ = c[3]() end
      collectgarbage(); collectgarbage()
      return "ok"
    end)
  end
  return out
end

local function child(first)
  local pc = require "puzzlecore"
  local list = probes(pc)
  for i = first, #list do
    local p = list[i]
    io.write("start ", i, "\n"); io.flush()
    local t0 = os.clock()
    local okk, err = pcall(p[3])
    local verdict
    if okk then
      verdict = "ok returned"
    elseif pc.is_error(err) then
      if tostring(err):find("cannot convert") or tostring(err):find("bad argument #") then
        verdict = "bad raw FFI text: " .. tostring(err)
      else
        verdict = "ok " .. tostring(err.name)
      end
    elseif p[2] == "wrong self" then
      verdict = "ok (a method called on a number: Lua's own error)"
    else
      verdict = "bad not a puzzlecore error: " .. tostring(err):gsub("\n", " "):sub(1, 200)
    end
    if os.getenv("PC_HOSTILE_TIMES") then verdict = verdict .. string.format(" t=%.4f", os.clock() - t0) end
    if os.clock() - t0 > 0.5 then verdict = verdict .. string.format(" (slow: %.2f s)", os.clock() - t0) end
    io.write("done ", i, " ", verdict, "\n"); io.flush()
  end
  io.write("end\n"); io.flush()
end

local function parent()
  local pc = require "puzzlecore"
  local list = probes(pc)
  local results = {}
  local first = 1
  local self = arg[0]
  while first <= #list do
    local cmd = string.format("timeout 120 %s %q child %d 2>&1", os.getenv("LUAJIT") or "luajit", self, first)
    if os.getenv("PC_LUA_PREFIX") then cmd = os.getenv("PC_LUA_PREFIX") .. " " .. cmd end
    local f = io.popen(cmd)
    local started, ended, tail = nil, false, {}
    for line in f:lines() do
      local w, n, rest = line:match("^(%a+) (%d+) ?(.*)$")
      if w == "start" then started = tonumber(n)
      elseif w == "done" then results[tonumber(n)] = rest; started = nil
      elseif line == "end" then ended = true
      else tail[#tail + 1] = line; if #tail > 20 then table.remove(tail, 1) end end
    end
    f:close()
    if ended then break end
    local at = started or first
    results[at] = "bad crashed: " .. table.concat(tail, " | "):sub(1, 600)
    first = at + 1
  end
  local by, order = {}, {}
  for i, p in ipairs(list) do
    if not by[p[1]] then by[p[1]] = {}; order[#order + 1] = p[1] end
    table.insert(by[p[1]], { p[2], results[i] or "bad never ran" })
  end
  local n, failed = 0, 0
  for _, label in ipairs(order) do
    n = n + 1
    local bad = {}
    for _, r in ipairs(by[label]) do if r[2]:sub(1, 2) ~= "ok" then bad[#bad + 1] = r end end
    if #bad > 0 then
      failed = failed + 1
      print(string.format("not ok %d - %s: %d of %d probes failed", n, label, #bad, #by[label]))
      for k = 1, math.min(#bad, 10) do print("#   " .. bad[k][1] .. ": " .. bad[k][2]) end
    else
      print(string.format("ok %d - %s: %d probes", n, label, #by[label]))
    end
  end
  print(string.format("# %d probes", #list))
  print("1.." .. n)
  os.exit(failed == 0 and 0 or 1)
end

if arg[1] == "child" then child(tonumber(arg[2]))
elseif arg[1] == "list" then
  local pc = require "puzzlecore"
  for i, p in ipairs(probes(pc)) do print(i, p[1], p[2]) end
else parent() end
