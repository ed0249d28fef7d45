// The limits on what a client sends, over real HTTP: body size (413), header size (431),
// malformed HTTP (400), and that the connection is closed cleanly after each.
#include <gtest/gtest.h>

#include <boost/asio/write.hpp>

#include "server/http/limits.h"
#include "server/http_client.h"
#include "server/json_tree.h"
#include "server/live_server.h"

namespace gb::server::testing {
namespace {

std::string init_state(uint32_t seed) {
  return Json::parse(http_request(live_port(), "GET",
                                  "/api/games/stormlark/init?seed=" + std::to_string(seed))
                         .body)
      .at("state")
      .dump();
}

TEST(ServerLimits, BodyOfExactly1MiBIsServed) {
  std::string body = "{\"state\":" + init_state(5) + ",\"action\":{\"type\":\"VENT\"}}";
  body.resize(kMaxBodyBytes, ' ');
  HttpReply reply = http_request(live_port(), "POST", "/api/games/stormlark/action", body);
  EXPECT_EQ(reply.status, 200) << reply.body.substr(0, 300);
}

TEST(ServerLimits, BodyOver1MiBIs413AndTheConnectionCloses) {
  std::string body(kMaxBodyBytes + 1, ' ');
  HttpReply reply = http_request(live_port(), "POST", "/api/games/stormlark/action", body);
  EXPECT_EQ(reply.status, 413);
  EXPECT_EQ(reply.header("content-type"), "application/json");
  EXPECT_EQ(reply.header("access-control-allow-origin"), "*");
  EXPECT_EQ(Json::parse(reply.body).at("error").text, "Body too large");
  EXPECT_TRUE(reply.closed_by_server);
  // A declared length alone is enough: the answer comes before any body byte is sent.
  std::string raw = raw_exchange(
      live_port(),
      "POST /api/games/stormlark/action HTTP/1.1\r\nHost: a\r\nContent-Length: 5000000\r\n\r\n");
  EXPECT_EQ(raw.rfind("HTTP/1.1 413", 0), 0u) << raw;
  EXPECT_NE(raw.find("Connection: close"), std::string::npos) << raw;
}

TEST(ServerLimits, ChunkedBodyOver1MiBIs413) {
  std::string request =
      "POST /api/games/stormlark/action HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n";
  std::string chunk(64 * 1024, ' ');
  for (int i = 0; i < 17; ++i) request += "10000\r\n" + chunk + "\r\n";
  request += "0\r\n\r\n";
  std::string raw = raw_exchange(live_port(), request);
  EXPECT_EQ(raw.rfind("HTTP/1.1 413", 0), 0u) << raw.substr(0, 200);
}

TEST(ServerLimits, HugeHeadersAre431) {
  std::string raw = raw_exchange(live_port(), "GET /healthz HTTP/1.1\r\nHost: a\r\nX-Big: " +
                                                  std::string(kMaxHeaderBytes, 'a') + "\r\n\r\n");
  EXPECT_EQ(raw.rfind("HTTP/1.1 431", 0), 0u) << raw.substr(0, 200);
  std::string target = "/healthz?" + std::string(kMaxHeaderBytes, 'a');
  raw = raw_exchange(live_port(), "GET " + target + " HTTP/1.1\r\nHost: a\r\n\r\n");
  EXPECT_EQ(raw.rfind("HTTP/1.1 431", 0), 0u) << raw.substr(0, 200);
}

TEST(ServerLimits, MalformedHttpIs400AndCloses) {
  for (std::string bad : {"GARBAGE\r\n\r\n", "GET /healthz HTTP/9.9\r\n\r\n",
                          "GET /healthz HTTP/1.1\r\nContent-Length: x\r\n\r\n",
                          "GET /healthz HTTP/1.1\r\nBad Header\r\n\r\n"}) {
    std::string raw = raw_exchange(live_port(), bad);
    EXPECT_EQ(raw.rfind("HTTP/1.1 400", 0), 0u) << bad << " -> " << raw;
    EXPECT_NE(raw.find("\"error\":\"Bad request\""), std::string::npos) << raw;
  }
}

TEST(ServerLimits, PipelinedRequestsAreAnsweredInOrder) {
  std::string raw = raw_exchange(live_port(),
                                 "GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n"
                                 "GET /nope HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n");
  size_t first = raw.find("HTTP/1.1 200");
  size_t second = raw.find("HTTP/1.1 404");
  ASSERT_NE(first, std::string::npos) << raw;
  ASSERT_NE(second, std::string::npos) << raw;
  EXPECT_LT(first, second);
}

TEST(ServerLimits, ExpectContinueGetsA100BeforeTheBody) {
  boost::asio::io_context io;
  auto socket = connect_raw(io, live_port());
  std::string body = "{\"state\":" + init_state(2) + ",\"action\":{\"type\":\"UP\"}}";
  std::string head = "POST /api/games/stormlark/action HTTP/1.1\r\nHost: a\r\nContent-Length: " +
                     std::to_string(body.size()) +
                     "\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n";
  boost::asio::write(socket, boost::asio::buffer(head));
  char buf[256];
  size_t n = socket.read_some(boost::asio::buffer(buf));
  EXPECT_EQ(std::string(buf, n).rfind("HTTP/1.1 100 Continue", 0), 0u) << std::string(buf, n);
  boost::asio::write(socket, boost::asio::buffer(body));
  std::string rest;
  boost::system::error_code ec;
  while (!ec) {
    n = socket.read_some(boost::asio::buffer(buf), ec);
    rest.append(buf, n);
  }
  EXPECT_NE(rest.find("HTTP/1.1 200"), std::string::npos) << rest.substr(0, 200);
}

}  // namespace
}  // namespace gb::server::testing
