// Sending runs to a server's boards (POST /api/runs): the body built from a replay, and the
// retries a polite client makes when told to wait (429, 503 with Retry-After) or, when asked,
// after a lost connection (safe: the same run sent again is answered 200, SPEC section 16).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "harness/http_transport.h"

namespace gb::harness {

struct SubmitOptions {
  BaseUrl server;
  std::string name;
  std::string kind = "human";  // "human" or "agent"
  std::string agent;           // label, "" for none
  std::string token;           // the name's token, "" for a name not yet claimed
  int max_retries = 5;         // waits on 429/503 before giving up
  int network_retries = 0;     // new tries after the server could not be reached (1 s, 2 s, ...)
};

// The slot of a scorecard a run fills (SPEC section 14): the card's id as the server wrote it (a
// JSON value, sent back verbatim) and the slot's index.
struct SlotRef {
  std::string card_json;
  int index = 0;
};

// Returns the POST /api/runs body for a run of `slug` from `seed` with `actions_json` (a JSON
// array) and, when known, the `score` the client expects (the server refuses a different one);
// with `slot`, the run fills that slot of a scorecard ("scorecard" and "slot" added).
std::string submission_body(std::string_view slug, uint32_t seed, std::string_view actions_json,
                            std::optional<int64_t> score, const SubmitOptions& options,
                            const SlotRef* slot = nullptr);

// Returns the submission body for a replay file's text ({slug, seed, actions, score?}), or
// nullopt with `error` set when the file is not one.
std::optional<std::string> submission_from_replay(std::string_view replay_text,
                                                  const SubmitOptions& options, std::string& error);

// Posts `body`, waiting out 429 and 503 answers (their Retry-After, at most 30 s each) up to
// options.max_retries times, and trying again after a lost connection up to
// options.network_retries times; returns the last answer. Throws agents::RunError when the server
// cannot be reached after those tries.
HttpAnswer submit_run(const SubmitOptions& options, std::string_view body);

// Returns the "token" field of a submission answer, or "".
std::string token_of(std::string_view answer_body);

// Returns a submission answer without its "token" field, for printing: the token is a secret,
// shown once by the caller's own message. A body that is not a JSON object comes back unchanged.
std::string without_token(std::string_view answer_body);

}  // namespace gb::harness
