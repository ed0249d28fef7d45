// Every piece of JSON the LLM harness reads or writes: the engine's answers (what the model is
// shown), the chat-completions request and reply, the action found in a model's reply text, and
// the trajectory lines of a record.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gb::harness::llm {

// One engine answer (init or action route) as the harness uses it.
struct GameView {
  bool ok = false;       // false: refused (`reason`) or malformed (`error`)
  std::string reason;    // the rules' refusal
  std::string error;     // a 400's error and first issue, e.g. "Invalid body: action.type: ..."
  std::string state;     // compact JSON
  std::string text;      // the observation picture
  std::string counters;  // the observation's player object, compact JSON
  std::vector<std::string> legal;  // compact JSON, one per legal action
  int64_t score = 0;
  bool over = false;
};

// Reads an answer written by GameService::write_init or write_action into `view`.
void decode_game_answer(std::string_view answer, GameView& view);

// One message of a chat.
struct ChatMessage {
  std::string_view role;
  std::string content;
};

// The chat-completions request body: model, messages, temperature, max_tokens (omitted when 0),
// stream false.
std::string chat_request_body(std::string_view model, const std::vector<ChatMessage>& messages,
                              double temperature, int64_t max_tokens);

// What a chat-completions answer holds. Token counts are -1 when the answer has no `usage`.
struct ChatReply {
  bool ok = false;
  std::string error;    // when !ok: why the body is not a chat answer
  std::string content;  // "" when choices[0].message.content is null or absent
  int64_t prompt_tokens = -1;
  int64_t completion_tokens = -1;
};

// Reads a 200 chat-completions body.
ChatReply decode_chat_reply(std::string_view body);

// The property names the action grammar (a JSON Schema) declares anywhere, e.g. type, dir,
// count: the keys a recorded action keeps.
std::vector<std::string> grammar_keys(std::string_view grammar);

// Every balanced {...} span of `reply` (strings inside respected) that parses as a JSON object,
// re-encoded compactly with only the keys in `keys`, ordered from the last-ending span backwards
// (for spans ending together, the outer one first). Only the last 256 openings and objects up to
// 4 KiB are considered.
std::vector<std::string> action_candidates(std::string_view reply,
                                           const std::vector<std::string>& keys);

// Returns the actions (compact JSON each) of a JSON array of actions, or of an object holding
// one under "actions" (a replay file); nullopt with `error` set otherwise.
std::optional<std::vector<std::string>> read_action_list(std::string_view text, std::string& error);

// One trajectory line (no newline): {decision, attempt, reply, action, outcome, promptTokens,
// completionTokens, latencyMs}; `action` is raw compact JSON or "" for null, a token count of
// -1 is null.
struct CallRecord {
  int64_t decision = 0;
  int64_t attempt = 0;
  std::string reply;
  std::string action;
  std::string outcome;
  int64_t prompt_tokens = -1;
  int64_t completion_tokens = -1;
  int64_t latency_ms = 0;
};
std::string trajectory_line(const CallRecord& call);

// One finished (or failed) LLM run, as the results file, the summary and --resume know it.
struct LlmRunResult {
  uint32_t seed = 0;
  int64_t score = 0;
  int64_t length = 0;      // actions in the replay, an end action included
  std::string end_reason;  // over | forfeit | cap | error
  std::string actions_digest;
  std::string error;  // when end_reason is "error": why (no score is reported)
  int64_t calls = 0;  // model calls, failed endpoint tries included
  int64_t prompt_tokens = 0;
  int64_t completion_tokens = 0;
  int64_t invalid = 0;  // replies with no valid action
  int64_t refused = 0;  // replies whose action the rules refused
  int64_t millis = 0;   // wall time of the run
  double cost_usd = 0;
  bool resumed = false;  // read back from a record folder, not played now
  // The replay's action array (JSON) of a run played now; not part of run_result_json, and ""
  // for a resumed run.
  std::string actions_json;
};

// The result as one JSON object (a results-file element and the record's .result.json).
std::string run_result_json(const LlmRunResult& r);

// The results file: a JSON array of run_result_json objects, in order.
std::string results_json(const std::vector<LlmRunResult>& results);

// Reads an object written by run_result_json; nullopt when it is not one.
std::optional<LlmRunResult> read_run_result(std::string_view text);

}  // namespace gb::harness::llm
