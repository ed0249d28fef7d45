// The chat-completions client: one POST to BASE/chat/completions per call, over plain HTTP or
// HTTPS (Boost.Asio SSL over Beast, OpenSSL: the peer's certificate and host name verified, SNI
// sent), with one deadline over the whole exchange.
#pragma once

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace gb::harness::llm {

// A parsed endpoint base URL: http(s)://host[:port][/prefix].
struct Endpoint {
  bool https = false;
  std::string host;
  std::string port;
  std::string prefix;  // without a trailing slash
};

// Parses `url`; false with `error` set when it is not http(s)://host[:port][/prefix].
bool parse_endpoint(std::string_view url, Endpoint& out, std::string& error);

// True when `host` names this machine (localhost, 127.x.y.z, ::1).
bool is_loopback(std::string_view host);

// Checks that `path` holds at least one PEM certificate; false with `error` set otherwise.
bool check_ca_file(const std::string& path, std::string& error);

// An endpoint failure. `retryable`: no connection, a broken one, a timeout; not retryable: a
// TLS failure (a certificate that does not verify will not verify on the next try either).
class EndpointError : public std::runtime_error {
 public:
  EndpointError(const std::string& what, bool retryable)
      : std::runtime_error(what), retryable_(retryable) {}
  bool retryable() const { return retryable_; }

 private:
  bool retryable_;
};

// One HTTP answer of any status.
struct ChatAnswer {
  int status = 0;
  std::string body;
  std::string retry_after;  // "" when absent
};

class ChatClient {
 public:
  // `ca_file` ("" for none) is trusted besides the system store. `api_key` ("" for none) is sent
  // as a bearer token.
  ChatClient(Endpoint endpoint, std::string ca_file, std::string api_key,
             std::chrono::milliseconds timeout);
  ~ChatClient();
  ChatClient(const ChatClient&) = delete;
  ChatClient& operator=(const ChatClient&) = delete;

  // Posts `body` to BASE/chat/completions and returns the answer; throws EndpointError on a
  // failure to connect, a TLS failure, a broken connection or the deadline.
  ChatAnswer post(std::string_view body);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gb::harness::llm
