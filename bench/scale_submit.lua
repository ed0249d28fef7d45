-- wrk script: POST /api/runs with the bodies of the file named by $BODIES (one a line, each a
-- distinct run that verifies), thread k of $THREADS taking lines k, k+THREADS, ... so that every
-- request is a new run (a full verification and a durable insert). Prints at the end
--   created C other O reused R
-- C answers 201, O anything else, R requests sent after a thread ran out of lines (their runs
-- were already stored: a benchmark with R > 0 needs more lines).
local next_id = 0
local threads = {}

function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

function init()
  local count = tonumber(os.getenv("THREADS"))
  bodies = {}
  local n = 0
  for line in io.lines(os.getenv("BODIES")) do
    if n % count == id then table.insert(bodies, line) end
    n = n + 1
  end
  sent, created, other, reused = 0, 0, 0, 0
end

function request()
  sent = sent + 1
  if sent > #bodies then reused = reused + 1 end
  local body = bodies[(sent - 1) % #bodies + 1]
  return wrk.format("POST", "/api/runs", {["Content-Type"] = "application/json"}, body)
end

function response(status)
  if status == 201 then created = created + 1 else other = other + 1 end
end

function done()
  local c, o, r = 0, 0, 0
  for _, t in ipairs(threads) do
    c = c + t:get("created")
    o = o + t:get("other")
    r = r + t:get("reused")
  end
  io.write(string.format("created %d other %d reused %d\n", c, o, r))
end
