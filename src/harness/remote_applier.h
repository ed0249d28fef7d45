// The remote planner's child applier: a layer of (state, action) items goes to
// POST /api/games/{slug}/batch (at most kBatchItems per request) when the server offers that
// route (its /openapi.json lists it), and is applied in process otherwise. Children are decoded
// with the game's own validating decoder, so a run is the same either way.
#pragma once

#include <simdjson.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "agents/common/child_applier.h"
#include "agents/common/run.h"
#include "harness/transport.h"

namespace gb::harness {

// The most items one batch request carries (SPEC.md section 13).
inline constexpr size_t kBatchItems = 256;

// True when the server's /openapi.json lists POST /api/games/{slug}/batch; false when it has no
// such document or route.
bool server_offers_batch(Transport& transport);

template <class G>
class RemoteChildApplier final : public agents::ChildApplier<G> {
 public:
  RemoteChildApplier(Transport& transport, std::string slug)
      : transport_(transport), slug_(std::move(slug)) {}

  void apply_all(std::vector<typename G::State>& states,
                 const std::vector<typename G::Action>& actions,
                 std::vector<uint8_t>& accepted) override {
    accepted.assign(states.size(), 0);
    if (!offered_) offered_ = server_offers_batch(transport_);
    for (size_t begin = 0; begin < states.size(); begin += kBatchItems) {
      size_t end = std::min(states.size(), begin + kBatchItems);
      if (*offered_) {
        apply_remote(states, actions, accepted, begin, end);
      } else {
        for (size_t i = begin; i < end; ++i) accepted[i] = G::apply(states[i], actions[i]).ok;
      }
    }
  }

  // The number of batch requests sent so far.
  size_t requests() const { return requests_; }

 private:
  void apply_remote(std::vector<typename G::State>& states,
                    const std::vector<typename G::Action>& actions, std::vector<uint8_t>& accepted,
                    size_t begin, size_t end) {
    JsonWriter w;
    w.begin_object();
    w.key("items");
    w.begin_array();
    for (size_t i = begin; i < end; ++i) {
      w.begin_object();
      w.key("state");
      G::encode_state(states[i], w);
      w.key("action");
      G::encode_action(actions[i], w);
      w.end_object();
    }
    w.end_array();
    w.end_object();
    std::string body = transport_.post("/api/games/" + slug_ + "/batch", w.str());
    ++requests_;
    simdjson::dom::element doc;
    simdjson::dom::array results;
    if (parser_.parse(body).get(doc) != simdjson::SUCCESS ||
        doc["results"].get(results) != simdjson::SUCCESS || results.size() != end - begin) {
      throw agents::RunError("remote batch: malformed answer");
    }
    size_t i = begin;
    for (simdjson::dom::element result : results) read_result(result, states[i], accepted[i]), ++i;
  }

  // Reads one result: on ok, decodes its state into `s`. A 400 or a malformed result throws.
  static void read_result(simdjson::dom::element result, typename G::State& s, uint8_t& accepted) {
    int64_t status = 0;
    bool ok = false;
    if (result["status"].get(status) != simdjson::SUCCESS || status != 200 ||
        result["ok"].get(ok) != simdjson::SUCCESS) {
      throw agents::RunError("remote batch: an item was not answered 200: " +
                             std::string(simdjson::minify(result)).substr(0, 200));
    }
    if (!ok) return;
    simdjson::dom::element state;
    Issues issues;
    typename G::State next{};
    if (result["state"].get(state) != simdjson::SUCCESS || !G::decode_state(state, next, issues)) {
      throw agents::RunError("remote batch: bad state");
    }
    int64_t score = 0;
    if (result["score"].get(score) != simdjson::SUCCESS || score != G::score(next)) {
      throw agents::RunError("remote batch: score disagrees with state");
    }
    s = next;
    accepted = 1;
  }

  Transport& transport_;
  std::string slug_;
  std::optional<bool> offered_;
  size_t requests_ = 0;
  simdjson::dom::parser parser_;
};

}  // namespace gb::harness
