-- puzzlecore.lua — libpuzzlecore for LuaJIT (FFI; nothing to compile).
--
-- local pc = require "puzzlecore"
-- local g = pc.nonogram.from_solution(5, 5, "0110...")   -- games load lazily
--
-- Errors follow Lua custom: a failing call returns nil, message, code.
-- The C declarations are not written here: they come from puzzlecore.cdef,
-- the public headers preprocessed by the build, so they cannot drift.
-- Looked for: $PUZZLECORE_LIBRARY / $PUZZLECORE_CDEF, then the install paths.
local ffi = require "ffi"

local M = {}

local function readfile(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("*a")
  f:close()
  return s
end

local cdef_path = os.getenv("PUZZLECORE_CDEF") or "@CDEF@"
local cdef = readfile(cdef_path)
if not cdef then error("puzzlecore: cannot read " .. cdef_path .. " (set PUZZLECORE_CDEF)") end
ffi.cdef(cdef)

local libpath = os.getenv("PUZZLECORE_LIBRARY")
if not libpath then
  libpath = "@LIBDIR@/libpuzzlecore.so.2"
  if not readfile(libpath) then libpath = "puzzlecore" end
end
local C = ffi.load(libpath)
M.C = C
M.ffi = ffi

--- The status name of a code (pc_strerror).
function M.strerror(code) return ffi.string(C.pc_strerror(code)) end

--- nil, message, code for a failed status; true otherwise.
function M.fail(rc, errbuf)
  local msg = M.strerror(rc)
  if errbuf and errbuf[0] ~= 0 then msg = msg .. ": " .. ffi.string(errbuf) end
  return nil, msg, rc
end

--- Call an snprintf-style text function f(..., buf, cap, len) and return the text.
function M.text_out(f, ...)
  -- (`...` in the middle of an argument list keeps only its first value, so
  -- the arguments are packed explicitly.)
  local k = select("#", ...)
  local args = { ... }
  local n = ffi.new("size_t[1]")
  args[k + 1], args[k + 2], args[k + 3] = nil, 0, n
  local rc = f(unpack(args, 1, k + 3))
  if rc < 0 and rc ~= C.PC_ESPACE then return M.fail(rc) end
  local cap = tonumber(n[0]) + 1
  local buf = ffi.new("char[?]", cap)
  args[k + 1], args[k + 2] = buf, cap
  rc = f(unpack(args, 1, k + 3))
  if rc < 0 then return M.fail(rc) end
  return ffi.string(buf, n[0])
end

--- Call an accessor that answers through an out-pointer of type `ctype`
--- ("int32_t", "int64_t", "double": its value may be negative, the return
--- being only a status) and return the value (nil, message, code on error).
function M.out(ctype, f, ...)
  local k = select("#", ...)
  local args = { ... }
  local v = ffi.new(ctype .. "[1]")
  args[k + 1] = v
  local rc = f(unpack(args, 1, k + 1))
  if rc < 0 then return M.fail(rc) end
  return tonumber(v[0])
end

--- An int32 array from a Lua table (1-based) or a count.
function M.i32(t)
  if type(t) == "number" then return ffi.new("int32_t[?]", math.max(t, 1)) end
  local a = ffi.new("int32_t[?]", math.max(#t, 1))
  for i = 1, #t do a[i - 1] = t[i] end
  return a
end

function M.version()
  local v = C.pc_version()
  return bit.rshift(v, 16), bit.band(bit.rshift(v, 8), 0xff), bit.band(v, 0xff)
end

--- A pc_budget for every search: nodes (0: the search's default), seconds
--- (0: the library default of 10 s, negative: none), bytes (0: 256 MiB),
--- seed.  Cancel it from a hook or another coroutine with M.cancel(b).
function M.budget(nodes, seconds, bytes, seed)
  local b = ffi.new("pc_budget")
  C.pc_budget_init(b, ffi.sizeof(b))
  b.max_nodes = nodes or 0
  b.max_seconds = seconds or 0
  b.max_bytes = bytes or 0
  b.seed = seed or 0
  return b
end
function M.cancel(b) C.pc_budget_cancel(b) end

function M.version_string() return ffi.string(C.pc_version_string()) end

-- The library's seeded generator.
local Rng = {}
Rng.__index = Rng
M.Rng = Rng

function Rng.new(seed)
  local out = ffi.new("pc_rng *[1]")
  local rc = C.pc_rng_new(ffi.cast("uint64_t", seed or 0), out)
  if rc ~= 0 then return M.fail(rc) end
  return setmetatable({ h = ffi.gc(out[0], C.pc_rng_free) }, Rng)
end

function Rng:next() return C.pc_rng_next(self.h) end

function Rng:uniform(bound)
  local out = ffi.new("uint64_t[1]")
  local rc = C.pc_rng_uniform(self.h, bound, out)
  if rc ~= 0 then return M.fail(rc) end
  return tonumber(out[0])
end

function Rng:range(lo, hi)
  local out = ffi.new("int64_t[1]")
  local rc = C.pc_rng_range(self.h, lo, hi, out)
  if rc ~= 0 then return M.fail(rc) end
  return tonumber(out[0])
end

function Rng:shuffle(t)
  local a = M.i32(t)
  C.pc_rng_shuffle_i32(self.h, a, #t)
  for i = 1, #t do t[i] = a[i - 1] end
  return t
end

M.GAMES = { "nonogram", "pickerel", "snapper", "sokoban", "patchwork" }
local LAZY = { "nonogram", "pickerel", "snapper", "sokoban", "patchwork", "game" }

-- Games load on first use: pc.nonogram requires "puzzlecore.nonogram".
return setmetatable(M, {
  __index = function(t, k)
    for _, g in ipairs(LAZY) do
      if g == k then
        local mod = require("puzzlecore." .. k)
        rawset(t, k, mod)
        return mod
      end
    end
  end,
})
