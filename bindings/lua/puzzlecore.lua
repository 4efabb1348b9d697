-- puzzlecore.lua — libpuzzlecore for LuaJIT (FFI; nothing to compile).
--
-- local pc = require "puzzlecore"
-- local g = pc.nonogram.from_solution(5, 5, "0110...")   -- games load lazily
--
-- Errors: every failure raises a Lua error whose value is a puzzlecore error
-- object (pc.Error: fields code, name, detail, message; tostring gives the
-- message), never a raw FFI message and never a `false`/`nil, msg` return.
-- pc.try(f, ...) turns one back into `nil, message, code, err` for callers
-- who prefer that custom.
--
-- Every C function is reached through a guard (pc.C) built from the cdef:
-- each argument is checked against its C type (integers: a whole number in
-- the type's range; text: a string; handles: an open object) before the call.
--
-- The C declarations are built into the installed module (puzzlecore/_cdef.lua,
-- written by make install); from a build tree $PUZZLECORE_CDEF names them.
-- The library is looked for in $PUZZLECORE_LIBRARY, next to this file (a LÖVE
-- game's folder, a bundle), the install's libdir (relative to this file, so a
-- moved prefix still works), then by its platform name on the loader path.
local ffi = require "ffi"

local M = {}

local function readfile(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("*a")
  f:close()
  return s
end

-- ---- the declarations -----------------------------------------------------------
local cdef, soversion
local cdef_path = os.getenv("PUZZLECORE_CDEF")
if cdef_path then
  cdef = readfile(cdef_path)
  if not cdef then error("puzzlecore: cannot read " .. cdef_path .. " ($PUZZLECORE_CDEF)", 2) end
  soversion = tonumber(os.getenv("PUZZLECORE_SOVERSION") or "2")
else
  local okk, mod = pcall(require, "puzzlecore._cdef")
  if not okk then
    error("puzzlecore: no C declarations (install with make install or luarocks, or set PUZZLECORE_CDEF)", 2)
  end
  cdef, soversion = mod.cdef, mod.soversion
end
if not pcall(ffi.typeof, "pc_game") then ffi.cdef(cdef) end

-- ---- the library ------------------------------------------------------------------
local function names()
  if ffi.os == "Windows" then
    return { "libpuzzlecore-" .. soversion .. ".dll", "libpuzzlecore.dll", "puzzlecore.dll" }
  elseif ffi.os == "OSX" then
    return { "libpuzzlecore." .. soversion .. ".dylib", "libpuzzlecore.dylib" }
  end
  return { "libpuzzlecore.so." .. soversion, "libpuzzlecore.so" }
end

local function here()
  local src = debug.getinfo(1, "S").source
  if src:sub(1, 1) ~= "@" then return nil end
  return src:sub(2):match("^(.*)[/\\]") or "."
end

local function load_library()
  local env = os.getenv("PUZZLECORE_LIBRARY")
  if env then return ffi.load(env) end
  local dirs = {}
  local dir = here()
  if dir then
    dirs[#dirs + 1] = dir
    dirs[#dirs + 1] = dir .. "/puzzlecore"
    local rel = "@LIBDIR_RELATIVE@"
    if rel:sub(1, 1) ~= "@" then dirs[#dirs + 1] = dir .. "/" .. rel end
  end
  local abs = "@LIBDIR@"
  if abs:sub(1, 1) ~= "@" then dirs[#dirs + 1] = abs end
  local tried = {}
  for _, d in ipairs(dirs) do
    for _, n in ipairs(names()) do
      local p = d .. "/" .. n
      if readfile(p) then
        local okk, lib = pcall(ffi.load, p)
        if okk then return lib end
        tried[#tried + 1] = p
      end
    end
  end
  for _, n in ipairs(names()) do  -- the loader path
    local okk, lib = pcall(ffi.load, n)
    if okk then return lib end
    tried[#tried + 1] = n
  end
  local okk, lib = pcall(ffi.load, "puzzlecore")
  if okk then return lib end
  error("puzzlecore: cannot load libpuzzlecore (tried " .. table.concat(tried, ", ") ..
        "; set PUZZLECORE_LIBRARY)", 3)
end

local raw = load_library()
M.raw = raw   -- the unguarded functions (for experts; nothing here checks them)
M.ffi = ffi

--- The status name of a code (pc_strerror).
function M.strerror(code)
  if type(code) ~= "number" or code ~= code or code < -2147483648 or code > 2147483647 then
    return "unknown status"
  end
  return ffi.string(raw.pc_strerror(math.floor(code)))
end

-- ---- errors ------------------------------------------------------------------------
local Error = {}
Error.__index = Error
Error.__tostring = function(e) return e.message end
M.Error = Error

--- Raise a puzzlecore error: code (a PC_E* status), detail text, extra fields.
function M.raise(code, detail, extra, level)
  if type(code) ~= "number" then code = -1 end
  if type(detail) ~= "nil" then detail = tostring(detail) end
  if type(extra) ~= "table" then extra = nil end
  if type(level) ~= "number" then level = nil end
  local name = M.strerror(code)
  local e = setmetatable({ code = code, name = name, detail = detail or "",
    message = (detail and detail ~= "") and (name .. ": " .. detail) or name }, Error)
  if extra then for k, v in pairs(extra) do e[k] = v end end
  error(e, level or 2)
end

--- For a failed status: raise its error (with the err buffer's text).
function M.fail(rc, errbuf, extra)
  local detail
  if type(errbuf) == "cdata" and errbuf ~= nil and errbuf[0] ~= 0 then detail = ffi.string(errbuf) end
  M.raise(rc, detail, extra, 3)
end

--- Call f(...); a puzzlecore error comes back as nil, message, code, err
--- (any other error is raised again).
function M.try(f, ...)
  if type(f) ~= "function" then M.raise(-1, "try: f must be a function, got " .. type(f)) end
  local r = { pcall(f, ...) }
  if r[1] then return unpack(r, 2, table.maxn(r)) end
  local e = r[2]
  if getmetatable(e) == Error then return nil, e.message, e.code, e end
  error(e, 0)
end

--- True when v is a puzzlecore error object.
function M.is_error(v) return getmetatable(v) == Error end

local EINVAL, ERANGE = -1, -3

local function bad(code, msg) M.raise(code, msg, nil, 4) end

-- ---- argument checks -------------------------------------------------------------
local RANGES = {
  int8_t = { -128, 127 }, uint8_t = { 0, 255 }, int16_t = { -32768, 32767 }, uint16_t = { 0, 65535 },
  int32_t = { -2147483648, 2147483647 }, uint32_t = { 0, 4294967295 },
  int64_t = { -2 ^ 63, 2 ^ 63 - 1 }, uint64_t = { 0, 2 ^ 64 - 1 },
  size_t = { 0, ffi.abi("64bit") and 2 ^ 64 - 1 or 4294967295 },
}
local i64, u64 = ffi.typeof("int64_t"), ffi.typeof("uint64_t")

local function int_check(v, what, ctype, lo, hi)
  if type(v) == "number" then
    if v ~= v or v ~= math.floor(v) then
      bad(EINVAL, what .. " must be a whole number, got " .. tostring(v))
    end
    if v < lo or v > hi then
      bad(ERANGE, string.format("%s must be in %.0f..%.0f, got %.0f", what, lo, hi, v))
    end
    return v
  end
  if type(v) == "cdata" and (ffi.istype(i64, v) or ffi.istype(u64, v)) then
    if ctype == "uint64_t" or ctype == "int64_t" or ctype == "size_t" then return v end
    local n = tonumber(v)
    if n < lo or n > hi then
      bad(ERANGE, string.format("%s must be in %.0f..%.0f, got %s", what, lo, hi, tostring(v)))
    end
    return n
  end
  if type(v) == "boolean" then return v and 1 or 0 end
  bad(EINVAL, what .. " must be an integer, got " .. type(v))
end

--- v as an integer in lo..hi (default int32), or a clear error naming it.
function M.int(v, name, lo, hi)
  return int_check(v, name, "int64_t", lo or -2147483648, hi or 2147483647)
end

--- v as a uint64 (a seed): a whole number >= 0 or a uint64_t cdata.
function M.u64(v, name)
  if type(v) == "cdata" and ffi.istype(u64, v) then return v end
  if type(v) == "cdata" and ffi.istype(i64, v) then
    if v < 0 then bad(ERANGE, (name or "value") .. " must be >= 0, got " .. tostring(v)) end
    return ffi.cast("uint64_t", v)
  end
  return ffi.cast("uint64_t", int_check(v, name or "value", "uint64_t", 0, 2 ^ 64 - 1))
end

--- #s for a text argument, after checking it is a string.
function M.len(s, name)
  if type(s) ~= "string" then bad(EINVAL, (name or "text") .. " must be a string, got " .. type(s)) end
  return #s
end

--- A number (double) argument.
function M.num(v, name)
  if type(v) ~= "number" then bad(EINVAL, (name or "value") .. " must be a number, got " .. type(v)) end
  return v
end

-- ---- the guard --------------------------------------------------------------------
local OPAQUE = {}
for n in cdef:gmatch("typedef%s+struct%s+[%w_]+%s+([%w_]+)%s*;") do OPAQUE[n] = true end

local function param(p, i)
  p = p:gsub("^%s+", ""):gsub("%s+$", "")
  local isconst = p:find("^const%s") ~= nil
  local body = p:gsub("const%s+", "")
  local stars = select(2, body:gsub("%*", ""))
  local words = {}
  for w in body:gsub("%*", " "):gmatch("[%w_]+") do words[#words + 1] = w end
  local base, name = words[1], words[2]
  if #words == 1 then name = "argument " .. i end
  return { base = base, stars = stars, name = name, const = isconst }
end

local function guard(fname, cfn, params)
  local n = #params
  local checks = {}
  for i, p in ipairs(params) do
    local what = p.name
    if p.stars == 0 and RANGES[p.base] then
      local lo, hi, ct = RANGES[p.base][1], RANGES[p.base][2], p.base
      checks[i] = function(v) return int_check(v, what, ct, lo, hi) end
    elseif p.stars == 0 and p.base == "double" then
      checks[i] = function(v)
        if type(v) ~= "number" then bad(EINVAL, what .. " must be a number, got " .. type(v)) end
        return v
      end
    elseif p.stars == 1 and p.base == "char" and p.const then
      checks[i] = function(v)
        if v ~= nil and type(v) ~= "string" then bad(EINVAL, what .. " must be a string, got " .. type(v)) end
        return v
      end
    elseif p.stars == 1 and OPAQUE[p.base] then
      local ct = ffi.typeof(p.base .. " *")
      checks[i] = function(v)
        if v == nil then bad(EINVAL, what .. ": the object is closed") end
        if type(v) ~= "cdata" or not ffi.istype(ct, v) then
          bad(EINVAL, what .. " must be a " .. p.base .. " object, got " .. type(v))
        end
        if v == nil then bad(EINVAL, what .. " is NULL") end
        return v
      end
    elseif p.stars >= 1 then
      checks[i] = function(v)
        if v ~= nil and type(v) ~= "cdata" then
          bad(EINVAL, what .. " must be a buffer (cdata), got " .. type(v))
        end
        return v
      end
    end
  end
  return function(...)
    local k = select("#", ...)
    if k > n then bad(EINVAL, fname .. " takes " .. n .. " arguments, got " .. k) end
    local a = { ... }
    for i = 1, n do
      local c = checks[i]
      if c then a[i] = c(a[i]) end
    end
    return cfn(unpack(a, 1, n))
  end
end

local C = setmetatable({}, { __index = function(t, k)
  local v = raw[k]   -- enum constants and functions alike
  rawset(t, k, v)
  return v
end })
do
  local flat = cdef:gsub("%s+", " ")
  for _, fname, plist in flat:gmatch("([%w_%s%*]-)%f[%w_](pc_[%w_]+)%s*%(([^()]*)%)%s*;") do
    local okk, cfn = pcall(function() return raw[fname] end)
    if okk and cfn ~= nil then
      if fname:match("_free$") then
        C[fname] = cfn   -- finalizers stay raw (ffi.gc takes them)
      else
        local params = {}
        if plist ~= "void" and plist:find("%S") then
          local i = 0
          for p in plist:gmatch("[^,]+") do i = i + 1; params[i] = param(p, i) end
        end
        C[fname] = guard(fname, cfn, params)
      end
    end
  end
end
M.C = C

-- ---- handles ------------------------------------------------------------------------
--- An object owning a handle: freed once, by close() or by the collector.
function M.handle(ptr, free, mt)
  if type(ptr) ~= "cdata" or ptr == nil then M.raise(EINVAL, "handle: ptr must be a non-NULL cdata pointer") end
  if type(free) ~= "cdata" or type(mt) ~= "table" then
    M.raise(EINVAL, "handle: free must be a C function and mt a class table")
  end
  if mt.close == nil then
    mt.close = function(self)
      local h = rawget(self, "h")
      if h ~= nil then
        self.h = nil
        ffi.gc(h, nil)
        free(h)
      end
    end
  end
  if mt.closed == nil then mt.closed = function(self) return rawget(self, "h") == nil end end
  return setmetatable({ h = ffi.gc(ptr, free) }, mt)
end

--- Call an snprintf-style text function f(..., buf, cap, len) and return the text.
function M.text_out(f, ...)
  local k = select("#", ...)
  local args = { ... }
  local n = ffi.new("size_t[1]")
  local buf = ffi.new("char[?]", 1024)
  args[k + 1], args[k + 2], args[k + 3] = buf, 1024, n
  local rc = f(unpack(args, 1, k + 3))
  if rc == C.PC_ESPACE then
    local cap = tonumber(n[0]) + 1
    buf = ffi.new("char[?]", cap)
    args[k + 1], args[k + 2] = buf, cap
    rc = f(unpack(args, 1, k + 3))
  end
  if rc < 0 then M.fail(rc) end
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
function M.i32(t, name)
  if type(t) == "number" then return ffi.new("int32_t[?]", math.max(M.int(t, name or "count", 0, 2 ^ 24), 1)) end
  if type(t) ~= "table" then bad(EINVAL, (name or "values") .. " must be a table of integers, got " .. type(t)) end
  local a = ffi.new("int32_t[?]", math.max(#t, 1))
  for i = 1, #t do a[i - 1] = M.int(t[i], (name or "values") .. "[" .. i .. "]") end
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
  b.max_nodes = M.int(nodes or 0, "nodes", 0, 2 ^ 53)
  b.max_seconds = M.num(seconds or 0, "seconds")
  b.max_bytes = M.int(bytes or 0, "bytes", 0, 2 ^ 53)
  b.seed = M.u64(seed or 0, "seed")
  return b
end
function M.cancel(b) C.pc_budget_cancel(b) end

function M.version_string() return ffi.string(C.pc_version_string()) end
M._VERSION = M.version_string()

-- The library's seeded generator.
local Rng = {}
Rng.__index = Rng
M.Rng = Rng

function Rng.new(seed)
  local out = ffi.new("pc_rng *[1]")
  local rc = C.pc_rng_new(M.u64(seed or 0, "seed"), out)
  if rc ~= 0 then return M.fail(rc) end
  return M.handle(out[0], C.pc_rng_free, Rng)
end

function Rng:clone()
  local out = ffi.new("pc_rng *[1]")
  local rc = C.pc_rng_clone(self.h, out)
  if rc ~= 0 then return M.fail(rc) end
  return M.handle(out[0], C.pc_rng_free, Rng)
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
  local a = M.i32(t, "items")
  C.pc_rng_shuffle_i32(self.h, a, #t)
  for i = 1, #t do t[i] = a[i - 1] end
  return t
end

-- ---- the shield: no plain Lua error escapes a public function ----------------------
-- A public function that fails on a bad argument inside Lua code (indexing a
-- number, the length of nil, ...) raises a puzzlecore error (PC_EINVAL) that
-- names the function, instead of a bare runtime message.
local function finish(label, okk, ...)
  if okk then return ... end
  local e = ...
  if getmetatable(e) == Error then error(e, 0) end
  local okk, msg = pcall(tostring, e)
  msg = (okk and type(msg) == "string" and msg or "error"):gsub("^[^\n]-:%d+: ", "")
  local err = setmetatable({ code = EINVAL, name = M.strerror(EINVAL), detail = label .. ": " .. msg }, Error)
  err.message = err.name .. ": " .. err.detail
  error(err, 0)
end

M._shielded = setmetatable({}, { __mode = "k" })  -- wrapper -> the function it wraps
local function shield_fn(label, f)
  local w = function(...) return finish(label, pcall(f, ...)) end
  M._shielded[w] = f
  return w
end

--- Wrap every function of a module table and of its classes (tables whose
--- __index is themselves) in the shield; returns the module.
function M.shield(name, mod, skip)
  if type(name) ~= "string" or type(mod) ~= "table" then
    M.raise(EINVAL, "shield: name must be a string and mod a table")
  end
  if type(skip) ~= "table" then skip = {} end
  local done = {}
  local function wrap_table(prefix, t, sep)
    if done[t] then return end
    done[t] = true
    for k, v in pairs(t) do
      if type(k) == "string" and not skip[k] and k:sub(1, 2) ~= "__" then
        if type(v) == "function" then
          rawset(t, k, shield_fn(prefix .. sep .. k, v))
        elseif type(v) == "table" and rawget(v, "__index") == v then
          wrap_table(name .. "." .. k, v, ":")
        end
      end
    end
  end
  wrap_table(name, mod, ".")
  return mod
end

M.GAMES = { "nonogram", "pickerel", "snapper", "sokoban", "patchwork" }
local LAZY = { "nonogram", "pickerel", "snapper", "sokoban", "patchwork", "game", "nonogram_solve",
  "nonogram_colour" }

M.shield("puzzlecore", M, { try = true, raise = true, fail = true, shield = true, handle = true,
  is_error = true, C = true, raw = true, ffi = true, Error = true })

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
