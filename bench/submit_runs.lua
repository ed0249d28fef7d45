-- wrk script: POST /api/runs with a new run every time (its own seed), so each request is a
-- full verification and insert rather than the stored-once answer. One name, one strong token.
local next_thread = 0
function setup(thread)
  thread:set("thread_id", next_thread)
  next_thread = next_thread + 1
end

local counter = 0
function request()
  counter = counter + 1
  local seed = (thread_id or 0) * 100000000 + counter
  local body = '{"slug":"stormlark","seed":' .. seed ..
      ',"actions":[{"type":"VENT"},{"type":"UP"}],"name":"bench","token":"' ..
      string.rep("b", 40) .. '","kind":"agent","agent":"wrk"}'
  return wrk.format("POST", "/api/runs", {["Content-Type"] = "application/json"}, body)
end
