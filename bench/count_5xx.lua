-- wrk script: POST the body in $BODY and count answers with status >= 500 (printed at the end).
local f = assert(io.open(os.getenv("BODY"), "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"

local threads = {}
function setup(thread) table.insert(threads, thread) end
function init() server_errors = 0 end
function response(status) if status >= 500 then server_errors = server_errors + 1 end end
function done()
  local total = 0
  for _, t in ipairs(threads) do total = total + t:get("server_errors") end
  io.write("server_errors " .. total .. "\n")
end
