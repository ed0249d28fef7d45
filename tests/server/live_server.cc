#include "server/live_server.h"

namespace gb::server::testing {
namespace {

struct Running {
  Server server;
  uint16_t port;
  explicit Running(ServerOptions options) : server(std::move(options)), port(server.start()) {}
};

Running& running() {
  static Running instance([] {
    ServerOptions options;
    options.host = "127.0.0.1";
    options.port = 0;
    options.threads = 2;
    return options;
  }());
  return instance;
}

}  // namespace

Server& live_server() {
  return running().server;
}

uint16_t live_port() {
  return running().port;
}

}  // namespace gb::server::testing
