-- A tiny TAP producer for the LuaJIT tests (run by automake's tap-driver).
local M = { n = 0, failed = 0 }

function M.ok(cond, name)
  M.n = M.n + 1
  if not cond then M.failed = M.failed + 1 end
  io.write((cond and "ok " or "not ok ") .. M.n .. " - " .. name .. "\n")
  return cond
end

function M.eq(got, want, name)
  local good = M.ok(got == want, name)
  if not good then io.write("#   got  " .. tostring(got) .. "\n#   want " .. tostring(want) .. "\n") end
  return good
end

function M.run(body)
  local okk, err = xpcall(body, debug.traceback)
  if not okk then
    M.ok(false, "unexpected error")
    for line in tostring(err):gmatch("[^\n]+") do io.write("# " .. line .. "\n") end
  end
  io.write("1.." .. M.n .. "\n")
  os.exit(M.failed == 0 and 0 or 1)
end

return M
