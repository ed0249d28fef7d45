// Sending runs to a server's boards (POST /api/runs): the body built from a replay, and the
// retries a polite client makes when told to wait (429, 503 with Retry-After).
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
};

// Returns the POST /api/runs body for a run of `slug` from `seed` with `actions_json` (a JSON
// array) and, when known, the `score` the client expects (the server refuses a different one).
std::string submission_body(std::string_view slug, uint32_t seed, std::string_view actions_json,
                            std::optional<int64_t> score, const SubmitOptions& options);

// Returns the submission body for a replay file's text ({slug, seed, actions, score?}), or
// nullopt with `error` set when the file is not one.
std::optional<std::string> submission_from_replay(std::string_view replay_text,
                                                  const SubmitOptions& options, std::string& error);

// Posts `body`, waiting out 429 and 503 answers (their Retry-After, at most 30 s each) up to
// options.max_retries times; returns the last answer. Throws agents::RunError when the server
// cannot be reached.
HttpAnswer submit_run(const SubmitOptions& options, std::string_view body);

// Returns the "token" field of a submission answer, or "".
std::string token_of(std::string_view answer_body);

// Returns a submission answer without its "token" field, for printing: the token is a secret,
// shown once by the caller's own message. A body that is not a JSON object comes back unchanged.
std::string without_token(std::string_view answer_body);

}  // namespace gb::harness
