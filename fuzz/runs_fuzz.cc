// libFuzzer harness: run submissions and scorecards through the pure handler, over a private
// in-memory SQLite store (SPEC sections 8 and 14). An input is one request:
//   '1' BODY          POST /api/scorecards
//   '2' ID '\n' BODY  POST /api/scorecards/ID/close
//   '3' ID            GET /api/scorecards/ID
//   '4' QUERY         GET /api/scorecards?QUERY
//   anything else     POST /api/runs with the whole input as its body
// "$CARD" anywhere in an input stands for a card the harness keeps open for the name "fuzz card"
// (token kCardToken), so that slot fills and closes reach a real card.
// No answer may be a 5xx or an exception. A run answered 201 or 200 must read back with
// GET /api/runs/{id} under the same id and score, and resubmitting it must answer 200 with the
// same id (stored once), or 403 when the body lacks the token of the name its first submission
// claimed; a run that fills a slot must be the run that card's slot shows. A card opened (201)
// reads back under its id; a card closed (200) reads back closed. The store and its card are
// replaced every 2000 inputs so a long session stays bounded. Fills are checked against a cache
// of the cards' slots, as `gameboard serve` checks them.
#include <simdjson.h>

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "runs/slot_cache.h"
#include "server/http/handler.h"
#include "store/sqlite_store.h"

namespace {

constexpr std::string_view kCardToken = "fuzz-card-token-0123456789abcdef0123456789";

gb::server::Response send(gb::server::Services& services, std::string_view method,
                          const std::string& target, std::string_view body) {
  gb::server::Request request{method, target, body, "127.0.0.1:8080", "127.0.0.1"};
  gb::server::Response response = gb::server::handle(request, &services);
  if (response.status >= 500 || gb::server::handler_exception_count() != 0) std::abort();
  return response;
}

// Reads the string field `key` of a JSON answer; aborts when it is missing.
std::string text_field(const std::string& body, const char* key) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  std::string_view text;
  if (parser.parse(body).get(doc) != simdjson::SUCCESS || doc[key].get(text) != simdjson::SUCCESS) {
    std::abort();
  }
  return std::string(text);
}

struct Harness {
  std::unique_ptr<gb::store::Store> store;
  std::unique_ptr<gb::runs::SlotCache> slot_cache;
  gb::server::Services services;
  std::string card_id;
  int inputs = 0;

  // A fresh store with one open open-v1 card for "fuzz card".
  void renew() {
    services = {};
    store = gb::store::open_sqlite_store(":memory:");
    services.store = store.get();
    slot_cache = std::make_unique<gb::runs::SlotCache>();
    services.slot_cache = slot_cache.get();
    services.daily_secret = "fuzz";
    inputs = 0;
    gb::server::Response opened =
        send(services, "POST", "/api/scorecards",
             R"({"suite":"open-v1","name":"fuzz card","token":")" + std::string(kCardToken) +
                 R"(","agent":{"label":"fuzz"}})");
    if (opened.status != 201) std::abort();
    card_id = text_field(opened.body, "id");
  }
};

// `text` with every "$CARD" replaced by the harness's card id.
std::string with_card(std::string_view text, const std::string& card_id) {
  std::string out;
  size_t from = 0;
  for (size_t at = text.find("$CARD"); at != std::string_view::npos;
       at = text.find("$CARD", from)) {
    out.append(text.substr(from, at - from));
    out.append(card_id);
    from = at + 5;
  }
  out.append(text.substr(from));
  return out;
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

// When a stored run's answer names a card and slot, that card's slot must show run `id`.
void check_slot(Harness& h, const std::string& answer, int64_t id) {
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  std::string_view card;
  int64_t slot = 0;
  if (parser.parse(answer).get(doc) != simdjson::SUCCESS) std::abort();
  if (doc["scorecard"].get(card) != simdjson::SUCCESS) return;
  if (doc["slot"].get(slot) != simdjson::SUCCESS) std::abort();
  gb::server::Response read = send(h.services, "GET", "/api/scorecards/" + std::string(card), "");
  simdjson::dom::parser card_parser;
  simdjson::dom::element card_doc;
  int64_t held = 0;
  if (read.status != 200 || card_parser.parse(read.body).get(card_doc) != simdjson::SUCCESS ||
      card_doc["slots"].at(static_cast<size_t>(slot))["runId"].get(held) != simdjson::SUCCESS ||
      held != id) {
    std::abort();
  }
}

void submit_run(Harness& h, const std::string& body) {
  gb::server::Response answer = send(h.services, "POST", "/api/runs", body);
  if (answer.status != 201 && answer.status != 200) return;
  int64_t id = 0;
  int64_t score = 0;
  read_run(answer.body, id, score);
  gb::server::Response stored = send(h.services, "GET", "/api/runs/" + std::to_string(id), "");
  int64_t stored_id = 0;
  int64_t stored_score = 0;
  read_run(stored.body, stored_id, stored_score);
  if (stored.status != 200 || stored_id != id || stored_score != score) std::abort();
  check_slot(h, answer.body, id);
  gb::server::Response again = send(h.services, "POST", "/api/runs", body);
  // A body without the name's token claimed the name on its first submission: the same body
  // again is refused (403) and stores nothing. Any other answer must find the stored run (a slot
  // filled by it answers the same run again with 200 too).
  if (again.status == 403) return;
  int64_t again_id = 0;
  int64_t again_score = 0;
  if (again.status != 200) std::abort();
  read_run(again.body, again_id, again_score);
  if (again_id != id) std::abort();
}

void open_card(Harness& h, const std::string& body) {
  gb::server::Response answer = send(h.services, "POST", "/api/scorecards", body);
  if (answer.status != 201) return;
  std::string id = text_field(answer.body, "id");
  gb::server::Response read = send(h.services, "GET", "/api/scorecards/" + id, "");
  if (read.status != 200 || text_field(read.body, "id") != id) std::abort();
}

void close_card(Harness& h, const std::string& rest) {
  size_t line = rest.find('\n');
  std::string id = rest.substr(0, line);
  std::string body = line == std::string::npos ? std::string() : rest.substr(line + 1);
  gb::server::Response answer = send(h.services, "POST", "/api/scorecards/" + id + "/close", body);
  // An id that is not a plain card id may route elsewhere; only the answer's status is checked.
  bool plain = !id.empty() && std::all_of(id.begin(), id.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0;
  });
  if (answer.status != 200 || !plain) return;
  std::string closed = text_field(answer.body, "id");
  gb::server::Response read = send(h.services, "GET", "/api/scorecards/" + closed, "");
  if (read.status != 200 || text_field(read.body, "status") != "closed") std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static Harness h = [] {
    Harness fresh;
    fresh.renew();
    return fresh;
  }();
  if (++h.inputs > 2000) h.renew();
  std::string input =
      with_card(std::string_view(reinterpret_cast<const char*>(data), size), h.card_id);
  std::string rest = input.empty() ? std::string() : input.substr(1);
  switch (input.empty() ? '\0' : input[0]) {
    case '1':
      open_card(h, rest);
      break;
    case '2':
      close_card(h, rest);
      break;
    case '3':
      send(h.services, "GET", "/api/scorecards/" + rest, "");
      break;
    case '4':
      send(h.services, "GET", "/api/scorecards?" + rest, "");
      break;
    default:
      submit_run(h, input);
      break;
  }
  return 0;
}
