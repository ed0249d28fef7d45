#include "cli/server_card.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cli/progress.h"
#include "cli/token_file.h"
#include "harness/card_client.h"
#include "harness/eval_runner.h"
#include "harness/run_submit.h"
#include "registry/registry.h"
#include "scorecards/card_table.h"

namespace gb::cli {
namespace {

// New tries of a slot's POST after a lost connection: safe, the same run again is answered 200.
constexpr int kSlotNetworkRetries = 3;

// A card being filled: the options, the submission settings (server, name, token, label), the
// card the server opened and the slots it has stored so far.
struct Session {
  const CardOptions& o;
  harness::SubmitOptions submit;
  bool saved_token = false;  // the token came from the names file
  harness::OpenedCard card;
  std::vector<int> stored;                 // slot indexes the server holds a run for
  std::vector<harness::CardSlot> to_play;  // the card's empty slots, in slot order
};

// `slots` (ascending) as ranges: "0-19, 21, 40-59".
std::string slot_ranges(const std::vector<int>& slots) {
  std::string out;
  for (size_t i = 0; i < slots.size();) {
    size_t j = i;
    while (j + 1 < slots.size() && slots[j + 1] == slots[j] + 1) ++j;
    if (!out.empty()) out += ", ";
    out += std::to_string(slots[i]);
    if (j > i) out += "-" + std::to_string(slots[j]);
    i = j + 1;
  }
  return out;
}

// Says on stderr why the card stopped and what the server holds of it (the card's id, the slots
// stored); returns exit code 1.
int report_unfinished(const Session& s, const std::string& why) {
  std::vector<int> stored = s.stored;
  std::sort(stored.begin(), stored.end());
  std::cerr << "gameboard card: " << why << "\n"
            << "gameboard card: card " << s.card.id << " on " << s.o.server
            << " is not closed: " << stored.size() << " of " << s.card.slots.size()
            << " slots stored" << (stored.empty() ? "" : " (" + slot_ranges(stored) + ")")
            << "; the empty slots score 0 when it expires"
            << (s.card.deadline.empty() ? "" : " at " + s.card.deadline)
            << "; to fill them, run this command again with --card " << s.card.id << "\n";
  return 1;
}

// What the server said to a refused request, with a word on a saved token it did not accept.
std::string refusal(const Session& s, const harness::HttpAnswer& answer) {
  std::string out =
      "HTTP " + std::to_string(answer.status) + ": " + harness::answer_error(answer.body);
  if (answer.status == 403 && s.saved_token) {
    out += " (the token saved for '" + s.o.name + "' in the names file was not accepted; pass " +
           "--token)";
  }
  return out;
}

// The agent the card is filed under.
harness::CardAgent card_agent(const CardOptions& o) {
  if (o.agent != "llm") return {o.agent, "", ""};
  return {"llm", o.llm.model, std::string(kLlmCardHarness)};
}

// Checks what can be checked before the card opens and fills `s.submit`; returns "" or the
// complaint.
std::string check_options(Session& s, harness::llm::LlmEvalJob& llm_job) {
  const CardOptions& o = s.o;
  if (o.name.empty()) return "--server needs --name (the name the card is filed under)";
  std::string error;
  if (!harness::parse_base_url(o.server, s.submit.server, error)) return error;
  if (o.agent == "llm") {
    if (o.remote) return "--agent llm plays in process: --remote does not apply";
    if (o.llm.resume) return "--resume does not apply to a card on a server: each card is new";
    error = prepare_llm_job(o.llm, o.record, llm_job);
    if (!error.empty()) return error;
  } else if (!harness::is_agent_name(o.agent)) {
    return "unknown agent '" + o.agent + "' (agents: random, greedy, planner, llm)";
  }
  if (!o.record.empty() && o.agent != "llm") {
    std::error_code ec;
    std::filesystem::create_directories(o.record, ec);
    if (ec) return "cannot create " + o.record + ": " + ec.message();
  }
  s.submit.name = o.name;
  s.submit.kind = "agent";
  s.submit.agent = o.agent;
  s.submit.network_retries = kSlotNetworkRetries;
  if (!token_to_send(s.submit.server, o.name, o.token, s.submit.token, s.saved_token, error)) {
    return error;
  }
  return "";
}

// Opens the card; on success saves a freshly issued token and uses it from now on. Returns 0, or
// 1 after saying why.
int open_on_server(Session& s) {
  const std::string body =
      harness::open_card_body(s.o.suite, s.o.name, s.submit.token, card_agent(s.o));
  harness::HttpAnswer answer;
  try {
    answer = harness::open_card(s.submit.server, body);
  } catch (const std::exception& e) {
    std::cerr << "gameboard card: " << e.what() << "\n";
    return 1;
  }
  if (answer.status != 201) {
    std::cerr << "gameboard card: opening a card on " << s.o.server << ": " << refusal(s, answer)
              << "\n";
    return 1;
  }
  std::string error;
  if (!harness::parse_opened_card(answer.body, s.card, error)) {
    std::cerr << "gameboard card: the card opened on " << s.o.server << " cannot be read: " << error
              << "\n";
    return 1;
  }
  if (!s.card.token.empty()) {
    s.submit.token = s.card.token;
    s.saved_token = false;
    std::cerr << remember_claimed_token(s.submit.server, s.o.name, s.card.token);
  }
  return 0;
}

// Reads back the open card o.card instead of opening one (--card): it must be open, under the
// same name and played by the same agent. Returns 0, or 1 after saying why not.
int resume_on_server(Session& s) {
  const CardOptions& o = s.o;
  harness::HttpAnswer answer;
  try {
    answer = harness::fetch_card(s.submit.server, o.card);
  } catch (const std::exception& e) {
    std::cerr << "gameboard card: " << e.what() << "\n";
    return 1;
  }
  std::string error;
  if (answer.status != 200) {
    error = "reading card " + o.card + ": " + refusal(s, answer);
  } else if (!harness::parse_opened_card(answer.body, s.card, error)) {
    error = "card " + o.card + " cannot be read: " + error;
  } else if (s.card.status != "open") {
    error = "card " + s.card.id + " is " + s.card.status + ": it takes no more runs";
  } else if (s.card.name != o.name) {
    error = "card " + s.card.id + " is filed under '" + s.card.name + "', not '" + o.name + "'";
  } else if (s.card.agent_label != card_agent(o).label) {
    error = "card " + s.card.id + " is played by '" + s.card.agent_label + "', not '" +
            card_agent(o).label + "'";
  }
  if (!error.empty()) {
    std::cerr << "gameboard card: " << error << "\n";
    return 1;
  }
  return 0;
}

// Submits one run into `slot`; true when the server stored it (201) or already had it (200),
// else false with `why` set.
bool submit_slot(Session& s, const harness::CardSlot& slot, int64_t score,
                 std::string_view actions_json, std::string& why) {
  const harness::SlotRef ref{s.card.id_json, slot.index};
  const std::string body =
      harness::submission_body(slot.slug, slot.seed, actions_json, score, s.submit, &ref);
  const std::string what = "slot " + std::to_string(slot.index) + " (" + slot.slug + " seed " +
                           std::to_string(slot.seed) + ")";
  try {
    harness::HttpAnswer answer = harness::submit_run(s.submit, body);
    if (answer.status == 200 || answer.status == 201) {
      s.stored.push_back(slot.index);
      return true;
    }
    why = what + ": " + refusal(s, answer);
  } catch (const std::exception& e) {
    why = what + ": " + e.what();
  }
  return false;
}

// Plays s.to_play[begin, end) (one game, one cap) with a built-in agent; their results come
// back in slot order.
std::vector<agents::RunResult> play_slots(const Session& s, size_t begin, size_t end,
                                          const harness::GameAgents& agents, Progress& progress,
                                          size_t& done) {
  const CardOptions& o = s.o;
  harness::EvalJob job;
  job.game = &agents;
  for (size_t i = begin; i < end; ++i) job.seeds.push_back(s.to_play[i].seed);
  job.jobs = o.jobs;
  job.settings.agent = o.agent;
  job.settings.agent_seed = o.agent_seed;
  job.settings.budget = o.budget > 0 ? o.budget : agents.default_budget();
  job.settings.max_actions = s.to_play[begin].max_actions;
  if (o.remote) {
    const harness::BaseUrl server = s.submit.server;
    job.connect = [server] { return harness::make_http_transport(server); };
  }
  const size_t before = done;
  const size_t total = s.to_play.size();
  return harness::run_eval(job, [&](size_t finished, size_t) {
    done = before + finished;
    progress.update(done, total);
  });
}

// Plays every empty slot with a built-in agent, a game (and cap) at a time, and submits each
// game's runs as soon as they are played. Returns 0, or 1 after saying what the server holds.
int fill_with_agent(Session& s) {
  const std::vector<harness::CardSlot>& slots = s.to_play;
  Progress progress(stderr, "card " + s.card.suite + "/" + s.o.agent);
  size_t done = 0;
  for (size_t begin = 0; begin < slots.size();) {
    size_t end = begin + 1;
    while (end < slots.size() && slots[end].slug == slots[begin].slug &&
           slots[end].max_actions == slots[begin].max_actions) {
      ++end;
    }
    const harness::GameAgents* agents = harness::find_game_agents(slots[begin].slug);
    if (!agents) return report_unfinished(s, "this build has no game '" + slots[begin].slug + "'");
    std::vector<agents::RunResult> results;
    try {
      results = play_slots(s, begin, end, *agents, progress, done);
    } catch (const std::exception& e) {
      return report_unfinished(s, std::string("\n") + e.what());
    }
    std::string why;
    if (!s.o.record.empty() && !record_replays(s.o.record, slots[begin].slug, results, why)) {
      return report_unfinished(s, why);
    }
    for (size_t i = begin; i < end; ++i) {
      const agents::RunResult& r = results[i - begin];
      if (!submit_slot(s, slots[i], r.score, r.actions_json, why)) {
        return report_unfinished(s, why);
      }
    }
    begin = end;
  }
  return 0;
}

// Plays every empty slot with the model of `job` and submits each run that did not end in an
// endpoint error (its slot stays empty). Fills `results` (in slot order) and `usage` with their
// totals and the wall time. Returns 0, or 1 after saying what the server holds.
int fill_with_model(Session& s, harness::llm::LlmEvalJob& job, harness::CardUsage& usage,
                    std::vector<harness::llm::LlmRunResult>& results) {
  for (const harness::CardSlot& slot : s.to_play) {
    const GameService* game = find_game(slot.slug);
    if (!game) return report_unfinished(s, "this build has no game '" + slot.slug + "'");
    job.runs.push_back({game, slot.seed, slot.max_actions});
  }
  double wall_s = 0;
  auto played = play_llm_runs(job, "card", "card " + s.card.suite + "/llm", wall_s);
  if (!played) return report_unfinished(s, "the model's runs stopped");
  results = std::move(*played);
  usage.seconds = wall_s;
  for (const harness::llm::LlmRunResult& r : results) {
    usage.prompt_tokens += r.prompt_tokens;
    usage.completion_tokens += r.completion_tokens;
    usage.cost_usd += r.cost_usd;
  }
  std::string why;
  for (size_t i = 0; i < results.size(); ++i) {
    if (results[i].end_reason == "error") continue;
    if (!submit_slot(s, s.to_play[i], results[i].score, results[i].actions_json, why)) {
      return report_unfinished(s, why);
    }
  }
  return 0;
}

// Closes the card. Closing a closed card answers it again, so a lost connection is tried once
// more; a 409 then (the card expired meanwhile) reads the card back with GET. Returns the final
// card's answer body, or nullopt after saying why.
std::optional<std::string> close_on_server(Session& s,
                                           const std::optional<harness::CardUsage>& usage) {
  const std::string body = harness::close_card_body(s.submit.token, usage);
  harness::HttpAnswer answer;
  for (int attempt = 0;; ++attempt) {
    try {
      answer = harness::close_card(s.submit.server, s.card.id, body);
      if (attempt > 0 && answer.status == 409)
        answer = harness::fetch_card(s.submit.server, s.card.id);
      break;
    } catch (const std::exception& e) {
      if (attempt == 0) {
        std::this_thread::sleep_for(std::chrono::seconds(1));
        continue;
      }
      report_unfinished(s, std::string("closing: ") + e.what());
      return std::nullopt;
    }
  }
  if (answer.status != 200) {
    report_unfinished(s, "closing: " + refusal(s, answer));
    return std::nullopt;
  }
  return answer.body;
}

// Prints the final card's table from the server's answer (its games in slot order). Returns 0,
// or 1 when the answer cannot be read.
int print_final(const Session& s, const std::string& body) {
  harness::FinalCard final_card;
  std::string error;
  if (!harness::parse_final_card(body, harness::card_games(s.card.slots), final_card, error)) {
    std::cerr << "gameboard card: card " << s.card.id
              << " is closed, but its answer cannot be read: " << error << "\n";
    return 1;
  }
  std::cout << scorecards::card_table(final_card.stats);
  return 0;
}

}  // namespace

int run_server_card(const CardOptions& o) {
  Session s{o, {}, false, {}, {}, {}};
  harness::llm::LlmEvalJob llm_job;
  if (std::string error = check_options(s, llm_job); !error.empty()) {
    return card_usage_error(error);
  }
  if (int code = o.card.empty() ? open_on_server(s) : resume_on_server(s); code != 0) return code;
  for (const harness::CardSlot& slot : s.card.slots) {
    if (slot.filled) {
      s.stored.push_back(slot.index);
    } else {
      s.to_play.push_back(slot);
    }
  }
  const std::string page = harness::card_page_url(o.server, s.card.id);
  std::cout << "card " << s.card.suite << " / " << o.agent;
  if (o.agent == "llm") std::cout << " (" << o.llm.model << ", protocol llm-v1)";
  std::cout << " on " << o.server << ": card " << s.card.id << ", " << s.card.slots.size()
            << " slots, ";
  if (!s.stored.empty()) {
    std::cout << s.stored.size() << " filled already, " << s.to_play.size() << " to play, ";
  }
  if (o.agent == "llm") {
    std::cout << o.llm.parallel << " in flight";
  } else {
    std::cout << o.jobs << " jobs" << (o.remote ? ", remote" : "");
  }
  std::cout << std::endl;
  std::optional<harness::CardUsage> usage;
  std::vector<harness::llm::LlmRunResult> llm_results;
  if (o.agent == "llm") {
    usage.emplace();
    if (int code = fill_with_model(s, llm_job, *usage, llm_results); code != 0) return code;
  } else if (int code = fill_with_agent(s); code != 0) {
    return code;
  }
  std::optional<std::string> final_body = close_on_server(s, usage);
  if (!final_body) return 1;
  if (int code = print_final(s, *final_body); code != 0) return code;
  if (o.agent == "llm") {
    std::cout << "agent: label llm, model " << o.llm.model << ", harness " << kLlmCardHarness
              << "\n";
    std::cout << "usage: " << llm_usage_line(llm_results, usage->seconds);
  }
  if (!o.record.empty())
    std::cout << (o.agent == "llm" ? "records: " : "replays: ") << o.record << "/\n";
  std::cout << "card: " << page << "\n";
  if (o.agent == "llm") {
    int errors = report_llm_errors(llm_job, llm_results);
    if (errors > 0) {
      std::cerr << "gameboard card: " << errors << " of " << llm_results.size()
                << " runs ended in an endpoint error: their slots are empty and score 0\n";
      return 1;
    }
  }
  return 0;
}

}  // namespace gb::cli
