// The wire under the remote mode of `eval`: something that can GET and POST to a server speaking
// the gameboard API. Implemented over HTTP in http_transport.h; tests may substitute their own.
#pragma once

#include <string>
#include <string_view>

namespace gb::harness {

// One client connection. Methods return the response body of a 200 answer and throw
// agents::RunError on anything else (unreachable server, other status, broken connection).
class Transport {
 public:
  virtual ~Transport() = default;
  virtual std::string get(std::string_view target) = 0;
  virtual std::string post(std::string_view target, std::string_view body) = 0;
};

}  // namespace gb::harness
