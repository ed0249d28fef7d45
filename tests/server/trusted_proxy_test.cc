// Trusted proxies: the per-client submission limit follows X-Forwarded-For only when the peer is
// a configured proxy (the rightmost entry that is not itself trusted); from any other peer the
// header is ignored, so a client cannot dodge its limit by writing one.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "server/child_process.h"
#include "server/http/trusted_proxies.h"
#include "server/http_client.h"

namespace gb::server::testing {
namespace {

TEST(TrustedProxies, AnUntrustedPeerIsItsOwnClientWhateverItsHeaderSays) {
  std::vector<std::string> none;
  TrustedProxies nobody(none);
  EXPECT_EQ(nobody.client_address("127.0.0.1", "10.0.0.1"), "127.0.0.1");
  std::vector<std::string> proxy = {"127.0.0.1"};
  TrustedProxies local(proxy);
  EXPECT_EQ(local.client_address("192.0.2.7", "10.0.0.1"), "192.0.2.7");
}

TEST(TrustedProxies, ATrustedPeerNamesTheRightmostUntrustedForwardedAddress) {
  std::vector<std::string> proxies = {"127.0.0.1", "10.1.1.1", "::1"};
  TrustedProxies trusted(proxies);
  EXPECT_EQ(trusted.client_address("127.0.0.1", "203.0.113.9"), "203.0.113.9");
  // The client wrote its own entries first; the proxies appended the real ones.
  EXPECT_EQ(trusted.client_address("127.0.0.1", "1.2.3.4, 203.0.113.9"), "203.0.113.9");
  EXPECT_EQ(trusted.client_address("127.0.0.1", "1.2.3.4,203.0.113.9, 10.1.1.1"), "203.0.113.9");
  EXPECT_EQ(trusted.client_address("::1", " 2001:db8::5 "), "2001:db8::5");
  EXPECT_EQ(trusted.client_address("::ffff:127.0.0.1", "198.51.100.2"), "198.51.100.2");
  // Every entry trusted: the leftmost; no header: the peer.
  EXPECT_EQ(trusted.client_address("127.0.0.1", "10.1.1.1, 127.0.0.1"), "10.1.1.1");
  EXPECT_EQ(trusted.client_address("127.0.0.1", ""), "127.0.0.1");
  EXPECT_EQ(trusted.client_address("127.0.0.1", " , "), "127.0.0.1");
  // Garbage is a client key like any other (the proxy appends the real address after it).
  EXPECT_EQ(trusted.client_address("127.0.0.1", "unknown"), "unknown");
}

TEST(TrustedProxies, ANonAddressIsRefused) {
  std::vector<std::string> bad = {"localhost"};
  EXPECT_THROW(TrustedProxies{bad}, std::invalid_argument);
  EXPECT_FALSE(parse_address("10.0.0.300"));
  EXPECT_TRUE(parse_address("::1"));
}

std::string temp_dir(const std::string& name) {
  auto path = std::filesystem::temp_directory_path() /
              ("gb-proxy-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(path);
  return path.string();
}

// Sends one (invalid, so never stored) submission as the client `forwarded` names; returns the
// status: 400 when admitted by the limit, 429 when refused.
int submit_as(uint16_t port, const std::string& forwarded) {
  HeaderList headers;
  if (!forwarded.empty()) headers.push_back({"X-Forwarded-For", forwarded});
  return http_request(port, "POST", "/api/runs", "{}", headers).status;
}

TEST(TrustedProxies, BehindATrustedProxyEachForwardedClientHasItsOwnLimit) {
  std::string dir = temp_dir("trusted");
  ServeProcess server({"--data-dir", dir, "--submit-rate", "0", "--submit-burst", "2",
                       "--trusted-proxy", "10.9.9.9", "--trusted-proxy", "127.0.0.1"});
  uint16_t port = server.port();
  EXPECT_EQ(submit_as(port, "198.51.100.1"), 400);
  EXPECT_EQ(submit_as(port, "198.51.100.1"), 400);
  EXPECT_EQ(submit_as(port, "198.51.100.1"), 429);
  // Another client behind the same proxy is not limited by the first one's flood, even when
  // the first one forges a leading entry.
  EXPECT_EQ(submit_as(port, "198.51.100.1, 198.51.100.2"), 400);
  EXPECT_EQ(submit_as(port, "198.51.100.2"), 400);
  EXPECT_EQ(submit_as(port, "198.51.100.2"), 429);
  server.stop();
  std::filesystem::remove_all(dir);
}

TEST(TrustedProxies, WithoutTrustTheHeaderIsIgnored) {
  std::string dir = temp_dir("untrusted");
  ServeProcess server({"--data-dir", dir, "--submit-rate", "0", "--submit-burst", "2"});
  uint16_t port = server.port();
  EXPECT_EQ(submit_as(port, "198.51.100.1"), 400);
  EXPECT_EQ(submit_as(port, "198.51.100.2"), 400);
  EXPECT_EQ(submit_as(port, "198.51.100.3"), 429) << "a forged header escaped the limit";
  EXPECT_EQ(submit_as(port, ""), 429);
  server.stop();
  std::filesystem::remove_all(dir);
}

TEST(TrustedProxies, ServeRefusesATrustedProxyThatIsNotAnAddress) {
  Child child = spawn({GAMEBOARD_BIN, "serve", "--port", "0", "--trusted-proxy", "nginx.local"});
  EXPECT_NE(wait_exit(child.pid, 10), 0);
  ::close(child.out);
}

}  // namespace
}  // namespace gb::server::testing
