// The real server, started once per test process on 127.0.0.1 with port 0.
#pragma once

#include <cstdint>

#include "server/http/http_server.h"

namespace gb::server::testing {

// Returns the server shared by this process's tests, starting it on first use.
Server& live_server();

// Returns the port the shared server is bound to.
uint16_t live_port();

}  // namespace gb::server::testing
