// The remote mode's HTTP client: synchronous HTTP/1.1 over Boost.Beast, one keep-alive
// connection per transport, http:// only.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "harness/transport.h"

namespace gb::harness {

// A parsed base URL: http://host[:port][/prefix].
struct BaseUrl {
  std::string host;
  std::string port = "80";
  std::string prefix;  // without a trailing slash; "" for the root
};

// Parses `url`; false and `error` set for anything but http://host[:port][/prefix].
bool parse_base_url(std::string_view url, BaseUrl& out, std::string& error);

// One answer of any status, for callers that act on it (submissions: 201, 403, 429, ...).
struct HttpAnswer {
  int status = 0;
  std::string body;
  std::string retry_after;  // the Retry-After header, "" when absent
};

// Sends one request on a fresh connection to `base` + `target`. Throws agents::RunError when the
// server cannot be reached or the connection breaks.
HttpAnswer http_send(const BaseUrl& base, std::string_view method, std::string_view target,
                     std::string_view body = {});

// Opens a transport to `base`. Connects lazily on the first request; a request on a connection
// the server closed is retried once on a fresh one.
std::unique_ptr<Transport> make_http_transport(const BaseUrl& base);

}  // namespace gb::harness
