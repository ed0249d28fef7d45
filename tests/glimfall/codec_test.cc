// The JSON codec and the wire: action grammar, state validation, the service answers.
#include <cctype>
#include <set>

#include "core/rng.h"

#include "glimfall/support.h"
#include "registry/registry.h"
#include "registry/service.h"

namespace gb::glimfall {
namespace {

using namespace testing;

// Decodes an action from text; returns nullopt with the first issue in `issue`.
std::optional<Action> action_from(const std::string& text, std::string* issue = nullptr) {
  Issues issues;
  auto v = parse_json(text, issues);
  if (!v) return std::nullopt;
  auto a = Traits::decode_action(*v, issues);
  if (!a && issue && !issues.list().empty()) *issue = issues.list()[0];
  return a;
}

// GF-08, GF-20, GF-91, GF-Q23: the grammar over the wire.
TEST(GlimfallCodec, ActionGrammar_GF08_GF20_GF91_GFQ23) {
  EXPECT_EQ(action_from(R"({"type":"start"})"), start_action());
  EXPECT_EQ(action_from(R"({"type":"tick"})"), tick_action(1));
  EXPECT_EQ(action_from(R"({"type":"tick","count":1})"), tick_action(1));
  EXPECT_EQ(action_from(R"({"type":"tick","count":600})"), tick_action(600));
  EXPECT_EQ(action_from(R"({"type":"rotate","dir":-1})"), rotate_action(-1));
  EXPECT_EQ(action_from(R"({"type":"rotate","dir":1})"), rotate_action(1));
  // GF-Q23: extra keys are ignored.
  EXPECT_EQ(action_from(R"({"type":"start","dir":1})"), start_action());
  EXPECT_EQ(action_from(R"({"type":"rotate","dir":1,"count":9})"), rotate_action(1));
  const char* malformed[] = {R"({"type":"tick","count":0})",
                             R"({"type":"tick","count":601})",
                             R"({"type":"tick","count":-1})",
                             R"({"type":"tick","count":5.0})",
                             R"({"type":"tick","count":"3"})",
                             R"({"type":"tick","count":null})",
                             R"({"type":"rotate"})",
                             R"({"type":"rotate","dir":0})",
                             R"({"type":"rotate","dir":2})",
                             R"({"type":"rotate","dir":"1"})",
                             R"({"type":"rotate","dir":1.0})",
                             R"({"type":"jump"})",
                             R"({"type":"START"})",
                             R"({"dir":1})",
                             R"({"type":7})",
                             R"([])",
                             R"("tick")"};
  for (const char* text : malformed) {
    std::string issue;
    EXPECT_FALSE(action_from(text, &issue)) << text;
    EXPECT_NE(issue.find("action"), std::string::npos) << text << " -> " << issue;
  }
  EXPECT_FALSE(action_from(R"({"type":"tick","count":99999999999999999999})"));
  EXPECT_FALSE(action_from(R"({"type":"tick","count":99999999999999999999})"));
}

// GF-73, GF-74, GF-26, GF-Q02, GF-Q03: state names exactly, nothing derived, no lamp.
TEST(GlimfallCodec, StateNames_GF73_GF74_GF26_GFQ02_GFQ03) {
  const std::string json = encode(init(3));
  Issues issues;
  auto v = parse_json(json, issues);
  ASSERT_TRUE(v);
  std::vector<std::string> keys;
  simdjson::dom::object top = v->get_object().value_unsafe();
  for (auto field : top) keys.emplace_back(field.key);
  const std::vector<std::string> expected = {
      "seed",  "status",        "tick",   "bracket",     "turnLock",   "sparks", "blaze", "score",
      "reach", "ribsDescended", "settle", "blazeWindow", "bleedTimer", "ribs",   "motes", "events"};
  EXPECT_EQ(keys, expected);
  std::vector<std::string> rib_keys;
  simdjson::dom::object rib = (*v)["ribs"].at(0).get_object().value_unsafe();
  for (auto field : rib) {
    rib_keys.emplace_back(field.key);
  }
  const std::vector<std::string> expected_rib = {
      "id",        "kind",       "gapStart",  "gapW",          "turnDir", "turnEvery",
      "spawnTick", "arriveTick", "gap2Start", "brightBracket", "resolved"};
  EXPECT_EQ(rib_keys, expected_rib);
  std::vector<std::string> mote_keys;
  simdjson::dom::object mote = (*v)["motes"].at(0).get_object().value_unsafe();
  for (auto field : mote) {
    mote_keys.emplace_back(field.key);
  }
  EXPECT_EQ(mote_keys, (std::vector<std::string>{"id", "bracket", "tick", "value", "state"}));
  EXPECT_EQ(json.find("lamp"), std::string::npos);
}

// GF-Q01, GF-09, GF-10: init values.
TEST(GlimfallCodec, InitValues_GFQ01_GF09_GF10) {
  for (uint32_t seed : {0u, 1u, 4294967295u}) {
    const State s = init(seed);
    EXPECT_EQ(s.seed, seed);
    EXPECT_EQ(s.status, Status::kWaiting);
    EXPECT_EQ(s.tick, 0);
    EXPECT_EQ(s.bracket, 0);
    EXPECT_EQ(s.turn_lock, 0);
    EXPECT_EQ(s.sparks, 3);
    EXPECT_EQ(s.blaze, 0);
    EXPECT_EQ(s.score, 0);
    EXPECT_EQ(s.reach, 1);
    EXPECT_EQ(s.ribs_descended, 0);
    EXPECT_EQ(s.settle, 0);
    EXPECT_EQ(s.blaze_window, 0);
    EXPECT_EQ(s.bleed_timer, 0);
    EXPECT_EQ(live_rib_count(s), 3);
    EXPECT_EQ(s.event_count, 0);
  }
}

// A valid running state with an open window, Settle and history to mutate.
std::string mutable_state() {
  State s = init(9);
  apply(s, start_action());
  apply(s, tick_action(300));
  return encode(s);
}

// GF-93, GF-Q25: invalid states are refused with the path and problem named.
TEST(GlimfallCodec, InvalidStatesNamed_GF93_GFQ25) {
  const std::string base = mutable_state();
  State ok;
  ASSERT_TRUE(decode(base, ok));
  auto replace = [&](const std::string& from, const std::string& to) {
    std::string s = base;
    const size_t at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) s.replace(at, from.size(), to);
    return s;
  };
  const std::string status = "\"status\":\"running\"";
  const std::pair<std::string, std::string> cases[] = {
      {replace("\"bracket\":", "\"bracket\":12,\"x\":"), "state.bracket"},
      {replace(status, "\"status\":\"paused\""), "state.status"},
      {replace(status, "\"status\":\"done\""), "state.status"},  // done with sparks
      {replace("\"turnLock\":", "\"turnLock\":\"0\",\"x\":"), "state.turnLock"},
      {replace("\"sparks\":", "\"sparks\":4,\"x\":"), "state.sparks"},
      {replace("\"blaze\":", "\"blaze\":36,\"x\":"), "state.blaze"},
      {replace("\"reach\":", "\"reach\":7,\"x\":"), "state.reach"},
      {replace("\"kind\":", "\"kind\":4,\"x\":"), "state.ribs[0].kind"},
      {replace("\"value\":10", "\"value\":20"), ".value"},
      {replace("\"state\":\"", "\"state\":\"gone\",\"x\":\""), ".state"},
      {replace("\"seed\":", "\"seed\":-1,\"x\":"), "state.seed"},
      {replace("\"ribs\":[", "\"ribs\":7,\"x\":["), "state.ribs"},
  };
  for (const auto& [text, path] : cases) {
    State s;
    std::string issue;
    EXPECT_FALSE(decode(text, s, &issue)) << text;
    EXPECT_NE(issue.find(path), std::string::npos) << issue;
  }
}

// GF-93, GF-Q25: cross-field checks on crafted states built in C++.
TEST(GlimfallCodec, CrossFieldChecks_GF93_GFQ25) {
  const auto refused = [](const State& s, const std::string& needle) {
    State out;
    std::string issue;
    EXPECT_FALSE(decode(encode(s), out, &issue)) << needle;
    EXPECT_NE(issue.find(needle), std::string::npos) << issue;
  };
  State s = init(4);
  s.ribs[1].id = 0;  // duplicate id
  refused(s, "state.ribs[1].id");
  s = init(4);
  s.motes[1].id = s.motes[0].id;  // duplicate mote id
  refused(s, "state.motes[1].id");
  s = init(4);
  s.ribs[2].resolved = true;  // only two live ribs
  refused(s, "state.ribs");
  s = init(4);
  s.tick = 200;  // a live rib behind the clock
  refused(s, "arriveTick");
  s = init(4);
  s.events[s.event_count++] = Event{5, EventType::kSweep, 0, 10};  // t is not tick
  refused(s, "state.events[0].t");
  s = init(4);
  s.blaze_window = 10;
  s.bleed_timer = 5;
  refused(s, "state.bleedTimer");
  s = init(4);
  s.ribs[0].kind = RibKind::kSplit;
  s.ribs[0].gap2_start = s.ribs[0].gap_start;  // inside the wide break
  refused(s, "gap2Start");
  s = init(4);
  s.ribs[0].turn_every = 5;  // a plain rib with a turn field
  refused(s, "turnEvery");
  s = init(4);
  s.ribs_descended = 10;  // reach must then be 2 (and live ids would be wrong)
  refused(s, "state.");
  // More than 24 events is refused by the array bound.
  std::string many = encode(init(4));
  std::string events = "\"events\":[";
  for (int i = 0; i < 25; ++i)
    events += std::string(i ? "," : "") + R"({"t":0,"type":"miss","ref":0,"value":0})";
  many.replace(many.find("\"events\":["), 10,
               events + (many.find("\"events\":[]") != std::string::npos ? "" : ","));
  State out;
  std::string issue;
  EXPECT_FALSE(decode(many, out, &issue));
  EXPECT_NE(issue.find("state.events"), std::string::npos) << issue;
}

// GF-94, GF-16: a well-formed state play could not reach is accepted and stepped; random byte
// and value mutations of real states never crash, hang or throw.
TEST(GlimfallCodec, CraftedAndMutatedStates_GF94_GF16) {
  State s = init(4);
  s.status = Status::kRunning;
  s.blaze = 35;
  s.sparks = 1;
  s.ribs[0].kind = RibKind::kBloom;
  s.ribs[0].gap_start = s.ribs[0].gap_w = -1;
  s.ribs[0].bright_bracket = 0;
  State out;
  ASSERT_TRUE(decode(encode(s), out));
  EXPECT_TRUE(apply(out, tick_action(600)).ok);
  const std::string base = mutable_state();
  uint64_t counter = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string text = base;
    const int edits = 1 + static_cast<int>(below(draw(77, counter++), 3));
    for (int e = 0; e < edits; ++e) {
      const size_t at = below(draw(77, counter++), static_cast<uint32_t>(text.size()));
      const char* digits = "0123456789-,]}\"";
      text[at] = digits[below(draw(77, counter++), 15)];
    }
    State m;
    if (!decode(text, m)) continue;
    State copy = m;
    for (const Action& a : {tick_action(600), rotate_action(1), start_action()}) apply(copy, a);
    EXPECT_GE(copy.score, m.score);
  }
}

// GF-94, GF-16: numbers in real states replaced by edge values (-1, 0, 11, 12, 35, 600, 2^50,
// 2^53-1, ...): every accepted state steps through 600-tick batches and rotates without harm, and
// what it reaches either decodes again or is refused with an issue, never a crash.
TEST(GlimfallCodec, EdgeValueMutations_GF94_GF16) {
  const char* edges[] = {"-1",
                         "0",
                         "1",
                         "5",
                         "6",
                         "11",
                         "12",
                         "29",
                         "30",
                         "35",
                         "60",
                         "600",
                         "1000000",
                         "1125899906842624",
                         "9007199254740991"};
  uint64_t counter = 0;
  int accepted = 0;
  for (uint32_t seed = 1; seed <= 6; ++seed) {
    State deep = bot_run(seed, 400 + 3000 * seed);
    const std::string base = encode(deep);
    std::vector<size_t> numbers;
    for (size_t i = 0; i < base.size(); ++i) {
      if ((base[i] == '-' || std::isdigit(static_cast<unsigned char>(base[i]))) && i > 0 &&
          base[i - 1] == ':') {
        numbers.push_back(i);
      }
    }
    for (int trial = 0; trial < 600; ++trial) {
      std::string text = base;
      const size_t at =
          numbers[below(draw(seed, counter++), static_cast<uint32_t>(numbers.size()))];
      size_t end = at + 1;
      while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
      text.replace(at, end - at, edges[below(draw(seed, counter++), 15)]);
      State m;
      if (!decode(text, m)) continue;
      ++accepted;
      for (int k = 0; k < 4; ++k) {
        apply(m, tick_action(600));
        apply(m, rotate_action(1));
      }
      State again;
      decode(encode(m), again);  // either outcome is fine; it must not crash
    }
  }
  EXPECT_GT(accepted, 300);  // plenty of edge positions are well formed and get stepped
}

// GF-72, GF-84, GF-87, GF-89, GF-91, GF-97 via the registry's service (the HTTP body writer).
TEST(GlimfallService, InitAndActionAnswers_GF72_GF84_GF87_GF89_GF91) {
  const GameService* g = find_game("glimfall");
  ASSERT_NE(g, nullptr);
  JsonWriter init_out;
  g->write_init(12, init_out);
  Issues issues;
  auto init_v = parse_json(init_out.str(), issues);
  ASSERT_TRUE(init_v);
  for (const char* key :
       {"ok", "state", "observation", "legalActions", "spec", "score", "gameOver"}) {
    EXPECT_FALSE((*init_v)[key].error()) << key;
  }
  EXPECT_EQ(uint64_t((*init_v)["state"]["seed"].get_uint64().value_unsafe()), 12u);
  for (const char* key : {"slug", "name", "goal", "scoring", "rules", "actionGrammar"}) {
    EXPECT_FALSE((*init_v)["spec"][key].error()) << key;
  }
  EXPECT_EQ((*init_v)["spec"]["actionGrammar"]["oneOf"].get_array().value_unsafe().size(), 3u);
  const std::string state_text = to_compact_json((*init_v)["state"]);

  auto post = [&](const std::string& state, const std::string& action, std::string& body) {
    Issues i2;
    std::string doc = "{\"state\":" + state + ",\"action\":" + action + "}";
    auto v = parse_json(doc, i2);
    JsonWriter out;
    int code = g->write_action((*v)["state"], (*v)["action"], out);
    body = out.str();
    return code;
  };
  std::string body;
  EXPECT_EQ(post(state_text, R"({"type":"tick"})", body), 200);  // GF-89: refused, same state
  Issues i3;
  auto refused = parse_json(body, i3);
  EXPECT_FALSE((*refused)["ok"].get_bool().value_unsafe());
  EXPECT_EQ(std::string((*refused)["reason"].get_string().value_unsafe()), "clock_not_running");
  EXPECT_EQ(to_compact_json((*refused)["state"]), state_text);
  EXPECT_FALSE((*refused)["legalActions"].error());

  EXPECT_EQ(post(state_text, R"({"type":"start"})", body), 200);
  auto started = parse_json(body, i3);
  EXPECT_TRUE((*started)["ok"].get_bool().value_unsafe());
  EXPECT_EQ(std::string((*started)["state"]["status"].get_string().value_unsafe()), "running");
  EXPECT_EQ((*started)["score"].get_int64().value_unsafe(),
            (*started)["state"]["score"].get_int64().value_unsafe());  // GF-84
  EXPECT_FALSE((*started)["gameOver"].get_bool().value_unsafe());

  EXPECT_EQ(post(state_text, R"({"type":"tick","count":601})", body), 400);  // GF-91
  EXPECT_NE(body.find("Invalid body"), std::string::npos);
  EXPECT_EQ(body.find("legalActions"), std::string::npos);
  EXPECT_EQ(post(state_text, R"({"type":"rotate","dir":0})", body), 400);
  EXPECT_EQ(post(R"({"seed":1})", R"({"type":"start"})", body), 400);  // GF-93
  EXPECT_NE(body.find("Invalid state"), std::string::npos);

  // GF-97: the same actions through the service and in process give the same states.
  State in_process = init(12);
  std::string carried = state_text;
  for (const char* a :
       {R"({"type":"rotate","dir":1})", R"({"type":"start"})", R"({"type":"tick","count":120})",
        R"({"type":"rotate","dir":-1})", R"({"type":"tick","count":77})"}) {
    ASSERT_EQ(post(carried, a, body), 200);
    auto v = parse_json(body, i3);
    carried = to_compact_json((*v)["state"]);
    apply(in_process, *action_from(a));
    EXPECT_EQ(carried, encode(in_process));
  }
}

// GF-88 (partly): the registry lists glimfall with its texts; the HTTP routes belong to the server.
TEST(GlimfallService, Registered_GF88) {
  bool found = false;
  for (const GameService* g : all_games()) found = found || g->info().slug == "glimfall";
  EXPECT_TRUE(found);
  const GameInfo& info = Traits::info();
  EXPECT_EQ(info.name, "Glimfall");
  EXPECT_FALSE(info.genre.empty());
  EXPECT_FALSE(info.description.empty());
  EXPECT_FALSE(info.goal.empty());
  EXPECT_FALSE(info.scoring.empty());
}

// GF-88, GF-95 and GF-96 are checked over HTTP for every game in
// tests/server/every_game_test.cc; GF-25 (the play page's 30 ticks per second) in web/tests.

}  // namespace
}  // namespace gb::glimfall
