// A small synchronous HTTP/1.1 client over Beast for the server tests (loopback only).
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gb::server::testing {

struct HttpReply {
  int status = 0;
  std::string body;
  std::map<std::string, std::string> headers;  // names in lower case
  // Returns the header's value, or "" when absent.
  std::string header(const std::string& lower_name) const;
  bool closed_by_server = false;  // the server asked to close (Connection: close)
};

using HeaderList = std::vector<std::pair<std::string, std::string>>;

// Sends one request on a fresh connection to 127.0.0.1:port and reads the answer. Throws on a
// network error.
HttpReply http_request(uint16_t port, std::string_view method, std::string_view target,
                       std::string_view body = {}, const HeaderList& headers = {});

// One keep-alive connection that sends requests one after another.
class KeepAliveClient {
 public:
  explicit KeepAliveClient(uint16_t port);
  HttpReply request(std::string_view method, std::string_view target, std::string_view body = {});

 private:
  boost::asio::io_context io_;
  boost::asio::ip::tcp::socket socket_;
  boost::beast::flat_buffer buffer_;
};

// Opens a plain TCP connection to 127.0.0.1:port (for raw, partial or idle clients).
boost::asio::ip::tcp::socket connect_raw(boost::asio::io_context& io, uint16_t port);

// Sends `bytes` on a fresh connection, then reads until the server closes or `timeout_ms`
// passes; returns everything read.
std::string raw_exchange(uint16_t port, std::string_view bytes, int timeout_ms = 5000);

}  // namespace gb::server::testing
