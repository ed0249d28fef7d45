// The status line and headers of an HTTP/1.x answer, written by hand: the Beast serializer and
// its per-field allocations cost more than the game step for a small answer.
#pragma once

#include <string>

#include "server/http/http_types.h"

namespace gb::server {

// Replaces `out` with the head of `response` for an HTTP/1.`version % 10` client: status line,
// Server, Content-Type (when set), the extra headers, Content-Length (except for 1xx, 204 and
// 304, whose body must be empty), and the Connection header that `keep_alive` calls for (close on
// 1.1, keep-alive on 1.0), then the blank line. A header whose name or value holds CR or LF is
// left out rather than split into two.
void write_response_head(const Response& response, bool keep_alive, unsigned version,
                         std::string& out);

}  // namespace gb::server
