// Which peers may tell the server the client's address: a request that comes from a trusted
// proxy (nginx on loopback, say) is limited per the address its X-Forwarded-For names, every
// other request per its peer address, its header ignored (anyone can write one).
#pragma once

#include <boost/asio/ip/address.hpp>

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gb::server {

// Parses an IPv4 or IPv6 address (an IPv4-mapped IPv6 address becomes IPv4); nullopt if invalid.
std::optional<boost::asio::ip::address> parse_address(std::string_view text);

class TrustedProxies {
 public:
  TrustedProxies() = default;
  // Trusts each address of `addresses`; throws std::invalid_argument naming one that is not an
  // IP address.
  explicit TrustedProxies(std::span<const std::string> addresses);

  bool empty() const { return addresses_.empty(); }
  // True when `address` (text) is one of the trusted addresses.
  bool trusts(std::string_view address) const;

  // The address the per-client limits use for a request from `peer` carrying `forwarded_for`
  // (every X-Forwarded-For value joined with commas; empty when absent): `peer` unless it is
  // trusted; then the rightmost entry of the list that is not trusted itself, or the leftmost
  // when all are (or `peer` when the list is empty).
  std::string client_address(std::string_view peer, std::string_view forwarded_for) const;

 private:
  std::vector<boost::asio::ip::address> addresses_;
};

}  // namespace gb::server
