-- wrk script: POST the body in the file named by the BODY environment variable.
local f = assert(io.open(os.getenv("BODY"), "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"

-- With DELAY_MS set, each connection waits that long before its next request: a paced load
-- (wrk has no rate limiter), used to measure latency at a fraction of the peak rate.
local delay_ms = tonumber(os.getenv("DELAY_MS") or "")
if delay_ms then
  function delay()
    return delay_ms
  end
end
