#include "harness/llm/prompt.h"

namespace gb::harness::llm {
namespace {

// True when the game's grammar offers a `tick` (the real-time games).
bool has_tick(const GameInfo& info) {
  return info.action_grammar.find("\"tick\"") != std::string_view::npos;
}

// Appends "TITLE\n<body>\n\n".
void section(std::string& out, std::string_view title, std::string_view body) {
  out.append(title).append("\n").append(body);
  if (body.empty() || body.back() != '\n') out += '\n';
  out += '\n';
}

}  // namespace

std::string system_message(const GameInfo& info) {
  std::string out;
  out.append("You are playing ").append(info.name).append(" (").append(info.genre);
  out.append(") on gameboard, protocol ")
      .append(kProtocol)
      .append(
          ". The game is deterministic: the same seed and actions always give the same "
          "positions.\n\n");
  section(out, "GOAL", info.goal);
  section(out, "SCORING", info.scoring);
  section(out, "RULES", info.rules);
  section(out, "ACTION GRAMMAR (JSON Schema; every action is one JSON object)",
          info.action_grammar);
  std::string reply =
      "Each message shows the board, your counters, the legal actions (one JSON object a line), "
      "your last three decisions and, after a failed attempt, why it failed. Choose one action. "
      "You may think first, in prose or code; end your reply with the action as a single JSON "
      "object, for example one line copied from the legal actions. The last JSON object in your "
      "reply that matches the action grammar is played. A reply without one, or an action the "
      "rules refuse, is sent back with the reason; the third failure at one decision ends the "
      "run where it stands.";
  if (has_tick(info)) {
    reply +=
        " Time passes only when you act: {\"type\":\"tick\"} lets one tick pass and "
        "{\"type\":\"tick\",\"count\":N} lets N ticks pass at once (N from 1 to 600).";
  }
  section(out, "HOW TO REPLY", reply);
  out.pop_back();  // one newline at the end, not a blank line
  return out;
}

std::string user_message(const DecisionPrompt& p) {
  const GameView& v = *p.view;
  std::string out = "Decision " + std::to_string(p.decision) + ", attempt " +
                    std::to_string(p.attempt) + " of " + std::to_string(kAttemptsPerDecision) +
                    ". Score " + std::to_string(v.score) + ".\n\n";
  section(out, "BOARD", v.text);
  section(out, "COUNTERS", v.counters);
  std::string legal;
  for (const std::string& a : v.legal) legal.append(a).append("\n");
  section(out, "LEGAL ACTIONS", legal.empty() ? "none" : legal);
  std::string last;
  for (const PastDecision& d : p.last) {
    last += std::to_string(d.number) + ": " + d.action + " ok";
    if (d.attempts > 1) last += " after " + std::to_string(d.attempts) + " attempts";
    last +=
        ", score " + std::to_string(d.score_before) + " -> " + std::to_string(d.score_after) + "\n";
  }
  section(out, "LAST DECISIONS", last.empty() ? "none yet" : last);
  if (!p.failure.empty()) {
    section(out, "PREVIOUS ATTEMPT",
            "Your previous reply was not played: " + p.failure + ". Choose again.");
  }
  out += "Reply with your reasoning, if any, then one action as a JSON object.\n";
  return out;
}

void remember(std::deque<PastDecision>& last, PastDecision d) {
  last.push_back(std::move(d));
  while (last.size() > 3) last.pop_front();
}

}  // namespace gb::harness::llm
