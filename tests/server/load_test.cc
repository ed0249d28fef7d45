// Many and misbehaving clients over real HTTP: concurrency with keep-alive, slow and idle clients
// that must not block others, the idle timeout, the connection cap, the server-wide body budget,
// and stopping on a signal.
#include <gtest/gtest.h>

#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>

#include <poll.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <thread>

#include "server/http/handler.h"
#include "server/http_client.h"
#include "server/json_tree.h"
#include "server/live_server.h"

namespace gb::server::testing {
namespace {

using Clock = std::chrono::steady_clock;
using tcp = boost::asio::ip::tcp;

// True when the server closes `socket` (EOF or reset) within `timeout_ms`, with no bytes sent.
bool closed_without_answer(tcp::socket& socket, int timeout_ms) {
  pollfd pfd{socket.native_handle(), POLLIN, 0};
  if (::poll(&pfd, 1, timeout_ms) <= 0) return false;
  char byte = 0;
  boost::system::error_code ec;
  size_t n = socket.read_some(boost::asio::buffer(&byte, 1), ec);
  return n == 0 && ec;
}

// Waits up to two seconds for `condition`.
template <class Condition>
bool eventually(Condition condition) {
  auto deadline = Clock::now() + std::chrono::seconds(2);
  while (Clock::now() < deadline) {
    if (condition()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return condition();
}

TEST(ServerLoad, EightKeepAliveClientsTimesTwoHundredRequestsAllAnswered) {
  // Counted from here: a test in the same process may trip the guard on purpose.
  const uint64_t exceptions_before = handler_exception_count();
  std::string state =
      Json::parse(http_request(live_port(), "GET", "/api/games/stormlark/init?seed=77").body)
          .at("state")
          .dump();
  std::string body = "{\"state\":" + state + ",\"action\":{\"type\":\"VENT\"}}";
  std::string expected_after_vent =
      Json::parse(http_request(live_port(), "POST", "/api/games/stormlark/action", body).body)
          .at("state")
          .dump();
  std::atomic<int> good{0};
  std::vector<std::thread> clients;
  for (int t = 0; t < 8; ++t) {
    clients.emplace_back([&, t] {
      KeepAliveClient client(live_port());
      for (int i = 0; i < 200; ++i) {
        HttpReply reply;
        bool right = false;
        switch ((i + t) % 3) {
          case 0:
            reply = client.request("GET", "/healthz");
            right = reply.status == 200 && reply.body == "{\"ok\":true}";
            break;
          case 1:
            reply = client.request("GET", "/api/games/stormlark/init?seed=" + std::to_string(i));
            right = reply.status == 200 &&
                    Json::parse(reply.body).at("state").at("seed").text == std::to_string(i);
            break;
          default:
            reply = client.request("POST", "/api/games/stormlark/action", body);
            right = reply.status == 200 &&
                    Json::parse(reply.body).at("state").dump() == expected_after_vent;
        }
        if (right && !reply.closed_by_server) ++good;
      }
    });
  }
  for (auto& c : clients) c.join();
  EXPECT_EQ(good.load(), 8 * 200);
  EXPECT_EQ(handler_exception_count(), exceptions_before);
}

TEST(ServerLoad, HalfSentRequestDoesNotBlockOthers) {
  boost::asio::io_context io;
  auto slow = connect_raw(io, live_port());
  boost::asio::write(slow, boost::asio::buffer(std::string_view(
                               "POST /api/games/stormlark/action HTTP/1.1\r\nHost: a\r\n"
                               "Content-Length: 100\r\n\r\n{\"sta")));
  auto start = Clock::now();
  for (int i = 0; i < 20; ++i) {
    EXPECT_EQ(http_request(live_port(), "GET", "/healthz").status, 200);
  }
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(2));
}

TEST(ServerLoad, ThreeHundredIdleSocketsWhileAnotherClientIsServed) {
  boost::asio::io_context io;
  std::vector<tcp::socket> idle;
  for (int i = 0; i < 300; ++i) idle.push_back(connect_raw(io, live_port()));
  ASSERT_TRUE(eventually([] { return live_server().open_connections() >= 300; }))
      << live_server().open_connections();
  KeepAliveClient client(live_port());
  for (int i = 0; i < 50; ++i) EXPECT_EQ(client.request("GET", "/healthz").status, 200);
  idle.clear();
  EXPECT_TRUE(eventually([] { return live_server().open_connections() <= 1; }))
      << live_server().open_connections();
}

TEST(ServerLoad, SilentClientsAreClosedAfterTheIdleTimeout) {
  ServerOptions options;
  options.port = 0;
  options.threads = 2;
  options.idle_timeout = std::chrono::milliseconds(300);
  Server server(options);
  uint16_t port = server.start();
  boost::asio::io_context io;
  auto silent = connect_raw(io, port);
  auto half = connect_raw(io, port);
  boost::asio::write(half, boost::asio::buffer(std::string_view("GET /healthz HTTP/1.1\r\nHo")));
  KeepAliveClient kept(port);
  EXPECT_EQ(kept.request("GET", "/healthz").status, 200);
  auto start = Clock::now();
  EXPECT_TRUE(closed_without_answer(silent, 3000));
  EXPECT_TRUE(closed_without_answer(half, 3000));
  EXPECT_LT(Clock::now() - start, std::chrono::milliseconds(2000));
  EXPECT_TRUE(eventually([&] { return server.open_connections() == 0; }));
}

TEST(ServerLoad, ConnectionsOverTheCapAreClosedAndServiceResumes) {
  ServerOptions options;
  options.port = 0;
  options.threads = 2;
  options.max_connections = 4;
  Server server(options);
  uint16_t port = server.start();
  boost::asio::io_context io;
  std::vector<tcp::socket> held;
  for (int i = 0; i < 4; ++i) held.push_back(connect_raw(io, port));
  ASSERT_TRUE(eventually([&] { return server.open_connections() == 4; }));
  auto extra = connect_raw(io, port);
  EXPECT_TRUE(closed_without_answer(extra, 2000));
  held.clear();
  ASSERT_TRUE(eventually([&] { return server.open_connections() == 0; }));
  EXPECT_EQ(http_request(port, "GET", "/healthz").status, 200);
}

TEST(ServerLoad, BodiesBeyondTheServerWideBudgetAre429AndOthersAreStillServed) {
  ServerOptions options;
  options.port = 0;
  options.threads = 2;
  options.body_budget_bytes = 300'000;
  Server server(options);
  uint16_t port = server.start();
  boost::asio::io_context io;
  auto held = connect_raw(io, port);
  const std::string head =
      "POST /api/games/stormlark/action HTTP/1.1\r\nHost: a\r\nContent-Length: 200000\r\n\r\n";
  boost::asio::write(held, boost::asio::buffer(head + "{\"sta"));
  ASSERT_TRUE(eventually([&] { return server.body_bytes_in_flight() == 200'000; }));

  // A second 200 kB body does not fit beside the first: refused before it is read.
  HttpReply refused =
      http_request(port, "POST", "/api/games/stormlark/action", std::string(200'000, ' '));
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(refused.header("retry-after"), "1");
  EXPECT_NE(refused.body.find("Server busy"), std::string::npos) << refused.body;
  EXPECT_TRUE(refused.closed_by_server);
  // A chunked body counts as a full 1 MiB, which cannot fit either.
  std::string chunked = raw_exchange(port,
                                     "POST /api/games/stormlark/action HTTP/1.1\r\nHost: a\r\n"
                                     "Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n");
  EXPECT_EQ(chunked.rfind("HTTP/1.1 429", 0), 0u) << chunked.substr(0, 80);
  // Requests that fit are still served: one without a body, and a small body.
  EXPECT_EQ(http_request(port, "GET", "/healthz").status, 200);
  EXPECT_EQ(http_request(port, "POST", "/api/games/stormlark/action", "{}").status, 400);

  // Once the held body is complete and answered, its bytes return to the budget.
  boost::asio::write(held, boost::asio::buffer(std::string(200'000 - 5, ' ')));
  char answer[12] = {};
  boost::asio::read(held, boost::asio::buffer(answer));
  EXPECT_EQ(std::string_view(answer, 12), "HTTP/1.1 400");
  ASSERT_TRUE(eventually([&] { return server.body_bytes_in_flight() == 0; }));
  EXPECT_EQ(
      http_request(port, "POST", "/api/games/stormlark/action", std::string(200'000, ' ')).status,
      400);
}

TEST(ServerLoad, SigtermStopsTheServerCleanly) {
  ServerOptions options;
  options.port = 0;
  Server server(options);
  uint16_t port = server.start();
  server.stop_on_signals();
  EXPECT_EQ(http_request(port, "GET", "/healthz").status, 200);
  std::thread signaller([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    std::raise(SIGTERM);
  });
  server.wait();  // returns only once the signal stopped the io threads
  signaller.join();
}

}  // namespace
}  // namespace gb::server::testing
