#include "harness/llm/llm_run.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "agents/common/run.h"
#include "core/hash.h"
#include "harness/game_agents.h"
#include "harness/llm/game_session.h"
#include "harness/llm/prompt.h"

namespace gb::harness::llm {
namespace {

using Clock = std::chrono::steady_clock;

// An endpoint that cannot be used for this run: the run is an error.
class RunFailed : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

int64_t millis_since(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

// Retry-After in whole seconds, or -1 when absent or not a number (HTTP dates are ignored).
int64_t retry_after_seconds(std::string_view header) {
  int64_t v = -1;
  auto [end, ec] = std::from_chars(header.data(), header.data() + header.size(), v);
  return ec == std::errc() && end == header.data() + header.size() && v >= 0 ? v : -1;
}

// Posts `body` until a 200 answer, retrying connection failures, timeouts, 429 and 5xx with
// exponential backoff; each failed try is recorded through `sink` as outcome error:WHY. Throws
// RunFailed after max_tries or on an answer that retrying cannot fix.
ChatAnswer call_with_retries(ChatClient& client, std::string_view body, const LlmSettings& s,
                             CallRecord failed, const CallSink& sink, int64_t& calls,
                             int64_t& latency_ms) {
  for (int attempt = 1;; ++attempt) {
    Clock::time_point start = Clock::now();
    std::string why;
    int64_t retry_after = -1;
    try {
      ChatAnswer answer = client.post(body);
      latency_ms = millis_since(start);
      if (answer.status == 200) return answer;
      why = "HTTP " + std::to_string(answer.status);
      if (answer.status != 429 && answer.status < 500) {
        throw RunFailed("the endpoint answered " + why + ": " + answer.body.substr(0, 300));
      }
      retry_after = retry_after_seconds(answer.retry_after);
    } catch (const EndpointError& e) {
      if (!e.retryable()) throw RunFailed(e.what());
      why = e.what();
    }
    ++calls;
    failed.outcome = "error:" + why;
    failed.latency_ms = millis_since(start);
    sink(failed);
    if (attempt >= s.max_tries) {
      throw RunFailed("the endpoint failed " + std::to_string(attempt) + " times; last: " + why);
    }
    int64_t units = std::min<int64_t>(int64_t{1} << std::min(attempt - 1, 6), 60);
    if (retry_after >= 0) units = std::max(units, std::min<int64_t>(retry_after, 60));
    std::this_thread::sleep_for(std::chrono::milliseconds(units * s.backoff_ms));
  }
}

// The outcome word of a failure: "refused: R" -> "refused:R", "invalid: W" -> "invalid:W".
std::string outcome_of(const std::string& failure) {
  std::string out = failure;
  size_t colon = out.find(": ");
  if (colon != std::string::npos) out.erase(colon + 1, 1);
  return out;
}

}  // namespace

std::string end_action(std::string_view slug) {
  const GameAgents* agents = find_game_agents(slug);
  return agents ? agents->end_action_json() : std::string();
}

LlmRunResult play_llm_run(const GameService& game, uint32_t seed, const LlmSettings& settings,
                          ChatClient& client, const CallSink& sink, std::string& actions_json) {
  Clock::time_point start = Clock::now();
  LlmRunResult r;
  r.seed = seed;
  const GameInfo& info = game.info();
  GameSession session(game, seed);
  const std::string system = system_message(info);
  const std::vector<std::string> keys = grammar_keys(info.action_grammar);
  DecisionPrompt prompt;
  prompt.view = &session.view();
  int64_t replies = 0;  // answered calls: what --max-decisions counts (a 429 costs no budget)
  try {
    while (!session.view().over && r.end_reason.empty()) {
      if (settings.max_actions > 0 && session.length() >= settings.max_actions) {
        r.end_reason = "cap";  // as the other agents: the end action may follow the cap
        break;
      }
      prompt.failure.clear();
      bool played = false;
      for (prompt.attempt = 1; prompt.attempt <= kAttemptsPerDecision && !played;
           ++prompt.attempt) {
        if (replies >= settings.max_decisions) {
          r.end_reason = "cap";
          break;
        }
        std::vector<ChatMessage> messages{{"system", system}, {"user", user_message(prompt)}};
        std::string body =
            chat_request_body(settings.model, messages, settings.temperature, settings.max_tokens);
        CallRecord call;
        call.decision = prompt.decision;
        call.attempt = prompt.attempt;
        ChatAnswer answer =
            call_with_retries(client, body, settings, call, sink, r.calls, call.latency_ms);
        ++r.calls;
        ++replies;
        ChatReply reply = decode_chat_reply(answer.body);
        call.reply = reply.content;
        call.prompt_tokens = reply.prompt_tokens;
        call.completion_tokens = reply.completion_tokens;
        r.prompt_tokens += std::max<int64_t>(reply.prompt_tokens, 0);
        r.completion_tokens += std::max<int64_t>(reply.completion_tokens, 0);
        int64_t before = session.view().score;
        std::string failure;
        if (!reply.ok) {
          failure = "invalid: " + reply.error;
        } else if (reply.content.empty()) {
          failure = "invalid: the reply has no text (content is null or empty)";
        } else {
          std::string why;
          std::string grammar_why;
          for (const std::string& candidate : action_candidates(reply.content, keys)) {
            Applied applied = session.apply(candidate, why);
            if (applied == Applied::kInvalid) {
              if (grammar_why.empty()) grammar_why = why;
              continue;
            }
            call.action = candidate;
            if (applied == Applied::kOk) {
              played = true;
            } else {
              failure = "refused: " + why;
            }
            break;
          }
          if (!played && failure.empty()) {
            failure = grammar_why.empty() ? "invalid: the reply holds no JSON object"
                                          : "invalid: no JSON object in the reply is an action (" +
                                                grammar_why + ")";
          }
        }
        call.outcome = played ? "ok" : outcome_of(failure);
        sink(call);
        if (played) {
          remember(prompt.last,
                   {prompt.decision, call.action, before, session.view().score, prompt.attempt});
          ++prompt.decision;
        } else {
          (failure.starts_with("refused") ? r.refused : r.invalid) += 1;
          prompt.failure = failure;
        }
      }
      if (!played && r.end_reason.empty()) r.end_reason = "forfeit";
    }
  } catch (const RunFailed& e) {
    r.end_reason = "error";
    r.error = e.what();
  }
  if (r.end_reason.empty()) r.end_reason = "over";
  std::string end(end_action(info.slug));
  if (r.end_reason != "error" && !session.view().over && !end.empty()) {
    std::string why;
    session.apply(end, why);  // refused only where the game has already ended
  }
  r.score = session.view().score;
  r.length = session.length();
  actions_json = session.actions_json();
  r.actions_digest = agents::hex64(fnv1a64(actions_json));
  r.millis = millis_since(start);
  r.cost_usd = (static_cast<double>(r.prompt_tokens) * settings.price_in +
                static_cast<double>(r.completion_tokens) * settings.price_out) /
               1e6;
  return r;
}

}  // namespace gb::harness::llm
