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

// Opens a transport to `base`. Connects lazily on the first request; a request on a connection
// the server closed is retried once on a fresh one.
std::unique_ptr<Transport> make_http_transport(const BaseUrl& base);

}  // namespace gb::harness
