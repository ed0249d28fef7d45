// libFuzzer harness: one POST /api/runs body through the pure handler, over a private in-memory
// SQLite store (SPEC section 8). No answer may be a 5xx or an exception; a run answered 201 or
// 200 must read back with GET /api/runs/{id} under the same id and score, and resubmitting it must
// answer 200 with the same id (stored once), or 403 when the body lacks the token of the name its
// first submission claimed. The store is replaced every 2000 inputs so a long
// session stays bounded.
#include <simdjson.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "server/http/handler.h"
#include "store/sqlite_store.h"

namespace {

struct Harness {
  std::unique_ptr<gb::store::Store> store;
  gb::server::Services services;
  int inputs = 0;

  void renew() {
    services = {};
    store = gb::store::open_sqlite_store(":memory:");
    services.store = store.get();
    services.daily_secret = "fuzz";
    inputs = 0;
  }
};

gb::server::Response send(Harness& h, std::string_view method, const std::string& target,
                          std::string_view body) {
  gb::server::Request request{method, target, body, "127.0.0.1:8080", "127.0.0.1"};
  gb::server::Response response = gb::server::handle(request, &h.services);
  if (response.status >= 500 || gb::server::handler_exception_count() != 0) std::abort();
  return response;
}

// Reads "id" and "score" of an answer; aborts when a stored run's answer lacks them.
void read_run(const std::string& body, int64_t& id, int64_t& score) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  if (parser.parse(body).get(doc) != simdjson::SUCCESS || doc["id"].get(id) != simdjson::SUCCESS ||
      doc["score"].get(score) != simdjson::SUCCESS) {
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static Harness h = [] {
    Harness fresh;
    fresh.renew();
    return fresh;
  }();
  if (++h.inputs > 2000) h.renew();
  std::string_view body(reinterpret_cast<const char*>(data), size);
  gb::server::Response answer = send(h, "POST", "/api/runs", body);
  if (answer.status != 201 && answer.status != 200) return 0;
  int64_t id = 0;
  int64_t score = 0;
  read_run(answer.body, id, score);
  gb::server::Response stored = send(h, "GET", "/api/runs/" + std::to_string(id), "");
  int64_t stored_id = 0;
  int64_t stored_score = 0;
  read_run(stored.body, stored_id, stored_score);
  if (stored.status != 200 || stored_id != id || stored_score != score) std::abort();
  gb::server::Response again = send(h, "POST", "/api/runs", body);
  // A body without the name's token claimed the name on its first submission: the same body
  // again is refused (403) and stores nothing. Any other answer must find the stored run.
  if (again.status == 403) return 0;
  int64_t again_id = 0;
  int64_t again_score = 0;
  if (again.status != 200) std::abort();
  read_run(again.body, again_id, again_score);
  if (again_id != id) std::abort();
  return 0;
}
