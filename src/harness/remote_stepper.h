// Steps a game on a remote server: init, then POST action carrying the state, one call per
// action. The agent still decides in process, from the state the server returned, decoded with
// the game's own validating decoder, so a remote run equals the in-process run.
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <optional>
#include <string>

#include "agents/common/run.h"
#include "harness/transport.h"

namespace gb::harness {

template <class G>
class RemoteStepper {
 public:
  RemoteStepper(Transport& transport, std::string slug)
      : transport_(transport), slug_(std::move(slug)) {}

  // GET /api/games/{slug}/init?seed=N and decodes the returned state.
  typename G::State init(uint32_t seed) {
    std::string body = transport_.get("/api/games/" + slug_ + "/init?seed=" + std::to_string(seed));
    typename G::State s{};
    read_answer(body, s, "init");
    return s;
  }

  // POSTs {state, action}; on ok replaces `s` with the returned state, else returns the reason.
  std::optional<std::string> apply(typename G::State& s, const typename G::Action& a) {
    JsonWriter w;
    w.begin_object();
    w.key("state");
    G::encode_state(s, w);
    w.key("action");
    G::encode_action(a, w);
    w.end_object();
    std::string body = transport_.post("/api/games/" + slug_ + "/action", w.str());
    return read_answer(body, s, "action");
  }

 private:
  // Reads {ok, reason?, state, score}; decodes the state into `s` when ok. Throws RunError on a
  // malformed answer or a score that disagrees with the decoded state.
  std::optional<std::string> read_answer(const std::string& body, typename G::State& s,
                                         const char* what) {
    simdjson::dom::element doc;
    if (parser_.parse(body).get(doc) != simdjson::SUCCESS) {
      throw agents::RunError(std::string("remote ") + what + ": answer is not JSON");
    }
    bool ok = false;
    if (doc["ok"].get(ok) != simdjson::SUCCESS) {
      throw agents::RunError(std::string("remote ") + what + ": answer has no ok field");
    }
    if (!ok) {
      std::string_view reason;
      if (doc["reason"].get(reason) != simdjson::SUCCESS) reason = "(no reason given)";
      return std::string(reason);
    }
    simdjson::dom::element state;
    Issues issues;
    if (doc["state"].get(state) != simdjson::SUCCESS || !G::decode_state(state, s, issues)) {
      std::string first = issues.list().empty() ? "missing" : issues.list()[0];
      throw agents::RunError(std::string("remote ") + what + ": bad state: " + first);
    }
    int64_t score = 0;
    if (doc["score"].get(score) != simdjson::SUCCESS || score != G::score(s)) {
      throw agents::RunError(std::string("remote ") + what + ": score disagrees with state");
    }
    return std::nullopt;
  }

  Transport& transport_;
  std::string slug_;
  simdjson::dom::parser parser_;
};

}  // namespace gb::harness
