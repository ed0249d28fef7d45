// libFuzzer harness: one whole request through the pure handler (routing, seed parsing, body
// checks, every game's decode and step, the runs routes over an in-memory SQLite store). Input
// layout: byte 0 picks the method, bytes up to the first newline are the target, the rest is the
// body. No answer may be a 5xx, and the handler's exception counter must stay at 0.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <memory>

#include "server/http/handler.h"
#include "store/sqlite_store.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  static constexpr std::string_view kMethods[] = {"GET", "POST", "OPTIONS", "PUT", "HEAD"};
  std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  size_t newline = rest.find('\n');
  gb::server::Request request;
  request.method = kMethods[data[0] % 5];
  request.target = rest.substr(0, newline);
  request.body = newline == std::string_view::npos ? std::string_view() : rest.substr(newline + 1);
  request.host = "127.0.0.1:8080";
  static std::unique_ptr<gb::store::Store> store = gb::store::open_sqlite_store(":memory:");
  static gb::server::Services services = [] {
    gb::server::Services s;
    s.store = store.get();
    s.daily_secret = "fuzz";
    return s;
  }();
  gb::server::Response response = gb::server::handle(request, &services);
  if (response.status >= 500 || gb::server::handler_exception_count() != 0) std::abort();
  return 0;
}
