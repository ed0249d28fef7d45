// Scorecard drills on a real cluster (deploy/cluster.sh: PostgreSQL and `gameboard serve`
// replicas on loopback), issue 22 "Reliability":
//  - the server SIGKILLed while 8 clients fill one card's 60 slots: after its restart every slot
//    answered 201 (or 200 on a retry) holds exactly that run with that score, no run is stored
//    without its slot, and closing the card gives the statistics recomputed from the stored runs;
//  - two servers on one PostgreSQL race for every slot of one card with different runs: each
//    slot ends with exactly one run, the loser gets 409 Slot filled, nothing answers 5xx.
// Clients talk to the replicas directly (port + i), so each request is known to reach the
// server it is meant for.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <barrier>
#include <cctype>
#include <chrono>
#include <cmath>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "deploy/cluster.h"
#include "scorecards/stats.h"
#include "scorecards/suite.h"
#include "server/http/handler.h"

namespace gb::deploy::testing {
namespace {

using namespace std::chrono_literals;

const std::vector<std::string> kUnlimitedServe = {
    "--submit-rate", "1000000", "--submit-burst", "1000000",
    "--work-queue",  "10000",   "--work-threads", "2"};

// A parsed JSON answer that owns its parser (so several can be alive at once).
struct Doc {
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  bool ok = false;
  explicit Doc(const std::string& text) { ok = parser.parse(text).get(root) == simdjson::SUCCESS; }
};

using Field = simdjson::simdjson_result<simdjson::dom::element>;

// A string field's text, "" when it is missing or not a string.
std::string text_of(Field e) {
  std::string_view v;
  return e.get(v) == simdjson::SUCCESS ? std::string(v) : std::string();
}

// An integer field, -1 when it is missing or not an integer.
int64_t int_of(Field e) {
  int64_t v = -1;
  return e.get(v) == simdjson::SUCCESS ? v : -1;
}

// A number field as a double, nullopt when it is missing or null.
std::optional<double> number_of(Field e) {
  double v = 0;
  if (e.error() != simdjson::SUCCESS || e.value().is_null()) return std::nullopt;
  if (e.get_double().get(v) != simdjson::SUCCESS) return std::nullopt;
  return v;
}

// A slot of an opened card, as the 201 answer lists it.
struct CardSlot {
  int64_t index = 0;
  std::string slug;
  uint32_t seed = 0;
};

struct OpenedCard {
  std::string id;
  std::vector<CardSlot> slots;
};

// Opens an open-v1 card for `name` with `token` on `port` (retried until a server answers 201).
OpenedCard open_card(uint16_t port, const std::string& name, const std::string& token) {
  const std::string body = R"({"suite":"open-v1","name":")" + name + R"(","token":")" + token +
                           R"(","agent":{"label":"drill"}})";
  OpenedCard card;
  for (int attempt = 0; attempt < 100; ++attempt) {
    Reply reply = fetch(port, "POST", "/api/scorecards", body);
    if (reply.status != 201) {
      std::this_thread::sleep_for(100ms);
      continue;
    }
    Doc doc(reply.body);
    if (!doc.ok) break;
    card.id = text_of(doc.root["id"]);
    for (auto slot : doc.root["slots"].get_array()) {
      card.slots.push_back({int_of(slot["index"]), text_of(slot["slug"]),
                            static_cast<uint32_t>(int_of(slot["seed"]))});
    }
    break;
  }
  return card;
}

// Whether `action` (compact JSON) ends a run, which the drills avoid so runs differ.
bool ends_run(const std::string& action) {
  std::string lower = action;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower.find("end") != std::string::npos;
}

// A short valid run of `slug` on `seed`: up to `length` legal actions (none that ends the run)
// chosen by `variant`, played in process through the handler the servers run.
std::vector<std::string> play(const std::string& slug, uint32_t seed, int variant, int length) {
  const std::string base = "/api/games/" + slug;
  server::Response r = server::handle(
      server::Request{"GET", base + "/init?seed=" + std::to_string(seed), "", "", ""});
  std::vector<std::string> actions;
  for (int i = 0; i < length; ++i) {
    Doc doc(r.body);
    bool over = false;
    if (!doc.ok || (doc.root["gameOver"].get(over) == simdjson::SUCCESS && over)) break;
    std::vector<std::string> legal;
    for (auto a : doc.root["legalActions"].get_array()) {
      std::string action = simdjson::minify(a);
      if (!ends_run(action)) legal.push_back(std::move(action));
    }
    if (legal.empty()) break;
    const std::string& action = legal[static_cast<size_t>(variant * 7 + i * 3) % legal.size()];
    std::string body = R"({"state":)" + simdjson::minify(doc.root["state"].value()) +
                       R"(,"action":)" + action + "}";
    server::Response next = server::handle(server::Request{"POST", base + "/action", body, "", ""});
    Doc after(next.body);
    bool ok = false;
    if (!after.ok || after.root["ok"].get(ok) != simdjson::SUCCESS || !ok) break;
    actions.push_back(action);
    r = std::move(next);
  }
  return actions;
}

// The first `count` of `actions` as a JSON array.
std::string json_array(const std::vector<std::string>& actions, size_t count) {
  std::string out = "[";
  for (size_t i = 0; i < count && i < actions.size(); ++i) out += (i > 0 ? "," : "") + actions[i];
  return out + "]";
}

// The POST /api/runs body of `actions` filling `slot` of card `card_id` for `name`.
std::string run_body(const CardSlot& slot, const std::string& actions, const std::string& name,
                     const std::string& token, const std::string& card_id) {
  return R"({"slug":")" + slot.slug + R"(","seed":)" + std::to_string(slot.seed) +
         R"(,"actions":)" + actions + R"(,"name":")" + name + R"(","token":")" + token +
         R"(","kind":"agent","scorecard":")" + card_id + R"(","slot":)" +
         std::to_string(slot.index) + "}";
}

// What a slot's submission was answered: the status and the run it names.
struct Filled {
  int status = 0;
  int64_t run_id = 0;
  int64_t score = -1;
  std::string body;
};

// Reads a submission's answer: the run id and score of a 200 or 201.
Filled filled_from(const Reply& reply) {
  Filled f;
  f.status = reply.status;
  f.body = reply.body;
  Doc doc(reply.body);
  if (doc.ok && (reply.status == 200 || reply.status == 201)) {
    f.run_id = int_of(doc.root["id"]);
    f.score = int_of(doc.root["score"]);
  }
  return f;
}

// The slots of card `id` as GET /api/scorecards/{id} answers them: index -> (runId, score), 0
// and -1 for an empty slot.
std::map<int64_t, std::pair<int64_t, int64_t>> card_slots(uint16_t port, const std::string& id) {
  std::map<int64_t, std::pair<int64_t, int64_t>> out;
  Reply reply = fetch(port, "GET", "/api/scorecards/" + id);
  Doc doc(reply.body);
  if (reply.status != 200 || !doc.ok) return out;
  for (auto slot : doc.root["slots"].get_array()) {
    int64_t run = slot["runId"].is_null() ? 0 : int_of(slot["runId"]);
    int64_t score = slot["score"].is_null() ? -1 : int_of(slot["score"]);
    out[int_of(slot["index"])] = {run, score};
  }
  return out;
}

// Checks that `card` (a card's JSON) carries the statistics compute_stats gives for
// `scores_by_game` with open-v1's references (no human reference: no people's runs exist).
void expect_stats(const std::string& card,
                  const std::map<std::string, std::vector<int64_t>>& scores_by_game) {
  const scorecards::Suite& suite = *scorecards::find_suite("open-v1");
  std::vector<scorecards::GameInput> inputs;
  for (const scorecards::SuiteGame& game : suite.games) {
    scorecards::GameInput input;
    input.slug = std::string(game.slug);
    if (auto it = scores_by_game.find(input.slug); it != scores_by_game.end()) {
      input.scores = it->second;
    }
    input.random = game.random.mean();
    input.planner = game.planner.mean();
    inputs.push_back(std::move(input));
  }
  scorecards::CardStats stats = scorecards::compute_stats(inputs);
  Doc doc(card);
  ASSERT_TRUE(doc.ok) << card;
  for (const scorecards::GameStats& game : stats.games) {
    auto g = doc.root["games"][game.slug];
    ASSERT_EQ(g.error(), simdjson::SUCCESS) << game.slug << " missing in " << card;
    EXPECT_EQ(int_of(g["n"]), game.n) << game.slug;
    EXPECT_EQ(number_of(g["mean"]), std::optional<double>(game.mean)) << game.slug;
    EXPECT_EQ(number_of(g["normalised"]), game.normalised) << game.slug;
    EXPECT_EQ(number_of(g["humanNormalised"]), game.human_normalised) << game.slug;
    ASSERT_TRUE(game.ci95.has_value()) << game.slug;
    EXPECT_EQ(number_of(g["ci95"].at(0)), std::optional<double>(game.ci95->lo)) << game.slug;
    EXPECT_EQ(number_of(g["ci95"].at(1)), std::optional<double>(game.ci95->hi)) << game.slug;
  }
  EXPECT_EQ(number_of(doc.root["overall"]["normalised"]), stats.overall.normalised);
  ASSERT_TRUE(stats.overall.ci95.has_value());
  EXPECT_EQ(number_of(doc.root["overall"]["ci95"].at(0)),
            std::optional<double>(stats.overall.ci95->lo));
  EXPECT_EQ(number_of(doc.root["overall"]["ci95"].at(1)),
            std::optional<double>(stats.overall.ci95->hi));
}

TEST(CardDrill, AServerKilledWhileSlotsFillLosesNoAcknowledgedSlotAndClosesTrue) {
  const uint16_t pg_port = 25585;
  ASSERT_TRUE(pg_script("start", pg_port));
  ASSERT_TRUE(pg_script("reset", pg_port));
  Cluster cluster({1, 25580, pg_port, 100000, 100000, kUnlimitedServe});
  const uint16_t port = static_cast<uint16_t>(cluster.port() + 1);  // the replica itself
  const pid_t killed_pid = cluster.replica_pid(1);
  ASSERT_GT(killed_pid, 0);

  const std::string name = "card drill";
  const std::string token(40, 'd');
  OpenedCard card = open_card(port, name, token);
  ASSERT_EQ(card.slots.size(), 60u) << card.id;

  // Every slot's run, played before the load so the clients only submit.
  std::vector<std::string> bodies;
  for (const CardSlot& slot : card.slots) {
    std::vector<std::string> actions = play(slot.slug, slot.seed, static_cast<int>(slot.index), 12);
    bodies.push_back(run_body(slot, json_array(actions, actions.size()), name, token, card.id));
  }

  constexpr int kClients = 8;
  std::vector<Filled> answers(card.slots.size());
  std::atomic<int> answered{0};
  std::atomic<int> failures{0};
  std::vector<std::thread> clients;
  for (int c = 0; c < kClients; ++c) {
    clients.emplace_back([&, c] {
      for (size_t s = static_cast<size_t>(c); s < bodies.size(); s += kClients) {
        // Retried, as a client should, until the server answers (it is down for a while).
        for (int attempt = 0; attempt < 600; ++attempt) {
          Reply reply = fetch(port, "POST", "/api/runs", bodies[s], "127.0.0.1", 20s);
          if (reply.status != 0 && reply.status != 503) {
            answers[s] = filled_from(reply);
            break;
          }
          ++failures;
          std::this_thread::sleep_for(50ms);
        }
        ++answered;
      }
    });
  }
  // Mid-load: SIGKILL the server once a third of the slots are answered; cluster.sh restarts it.
  auto until = std::chrono::steady_clock::now() + 60s;
  while (answered.load() < 20 && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(2ms);
  }
  ASSERT_EQ(::kill(killed_pid, SIGKILL), 0);
  const int answered_at_kill = answered.load();
  for (auto& t : clients) t.join();
  for (int i = 0; i < 100 && !cluster.replica_healthy(1); ++i) std::this_thread::sleep_for(100ms);
  EXPECT_NE(cluster.replica_pid(1), killed_pid) << "the server was not restarted";
  ASSERT_TRUE(cluster.replica_healthy(1));
  std::cout << "[drill] server killed after " << answered_at_kill << " of 60 slots were answered; "
            << failures.load() << " requests failed and were retried\n";
  // The kill came while slots were being filled: some were left, and requests failed on it.
  EXPECT_LT(answered_at_kill, 60);
  EXPECT_GT(failures.load(), 0);

  // Every slot was answered 201, or 200 where a retry found the run its lost answer stored.
  std::map<int, int> statuses;
  for (const Filled& f : answers) ++statuses[f.status];
  for (const Filled& f : answers) {
    EXPECT_TRUE(f.status == 201 || f.status == 200) << f.status << " " << f.body;
  }
  std::cout << "[drill] answers: " << statuses[201] << " x 201, " << statuses[200] << " x 200\n";

  // After the restart each slot holds exactly the run it was answered with, with its score.
  std::map<int64_t, std::pair<int64_t, int64_t>> slots = card_slots(port, card.id);
  ASSERT_EQ(slots.size(), 60u);
  for (size_t s = 0; s < answers.size(); ++s) {
    EXPECT_EQ(slots[static_cast<int64_t>(s)].first, answers[s].run_id) << "slot " << s;
    EXPECT_EQ(slots[static_cast<int64_t>(s)].second, answers[s].score) << "slot " << s;
  }
  // Nothing half-stored: one run per slot, each run in its slot, each slot's run stored.
  EXPECT_EQ(psql(pg_port, "SELECT count(*) FROM runs"), "60");
  EXPECT_EQ(psql(pg_port, "SELECT count(*) FROM card_slots WHERE run_id <> 0"), "60");
  EXPECT_EQ(psql(pg_port,
                 "SELECT count(*) FROM runs r LEFT JOIN card_slots s ON s.run_id = r.id "
                 "AND s.slug = r.slug AND s.seed = r.seed WHERE s.card_id IS NULL"),
            "0");

  // Closing gives the statistics recomputed from the stored runs, read back one by one.
  std::map<std::string, std::vector<int64_t>> scores;
  for (size_t s = 0; s < answers.size(); ++s) {
    Reply run = fetch(port, "GET", "/api/runs/" + std::to_string(answers[s].run_id));
    ASSERT_EQ(run.status, 200) << run.body;
    Doc doc(run.body);
    ASSERT_TRUE(doc.ok);
    EXPECT_EQ(text_of(doc.root["slug"]), card.slots[s].slug);
    scores[card.slots[s].slug].push_back(int_of(doc.root["score"]));
  }
  Reply closed = fetch(port, "POST", "/api/scorecards/" + card.id + "/close",
                       R"({"token":")" + token + R"("})");
  ASSERT_EQ(closed.status, 200) << closed.body;
  expect_stats(closed.body, scores);
  Reply read = fetch(port, "GET", "/api/scorecards/" + card.id);
  EXPECT_EQ(read.body, closed.body) << "the closed card reads back differently";
  EXPECT_EQ(cluster.stop(), 0);
}

TEST(CardDrill, TwoServersRacingForEverySlotStoreOneRunEachAndTheLoserGets409) {
  const uint16_t pg_port = 25595;
  ASSERT_TRUE(pg_script("start", pg_port));
  ASSERT_TRUE(pg_script("reset", pg_port));
  Cluster cluster({2, 25590, pg_port, 100000, 100000, kUnlimitedServe});
  const uint16_t ports[2] = {static_cast<uint16_t>(cluster.port() + 1),
                             static_cast<uint16_t>(cluster.port() + 2)};

  const std::string name = "race drill";
  const std::string token(40, 'r');
  OpenedCard card = open_card(ports[0], name, token);
  ASSERT_EQ(card.slots.size(), 60u) << card.id;
  // Each slot gets two different runs, one for each server: a short run and its prefix.
  std::vector<std::array<std::string, 2>> bodies;
  for (const CardSlot& slot : card.slots) {
    std::vector<std::string> actions = play(slot.slug, slot.seed, static_cast<int>(slot.index), 8);
    ASSERT_FALSE(actions.empty()) << "slot " << slot.index;
    bodies.push_back(
        {run_body(slot, json_array(actions, actions.size()), name, token, card.id),
         run_body(slot, json_array(actions, actions.size() - 1), name, token, card.id)});
  }

  // Four pairs of clients; the two clients of a pair send their runs of a slot at the same
  // moment, one to each server.
  constexpr int kPairs = 4;
  std::vector<std::array<Filled, 2>> answers(bodies.size());
  std::vector<std::thread> clients;
  std::vector<std::unique_ptr<std::barrier<>>> barriers;
  for (int p = 0; p < kPairs; ++p) barriers.push_back(std::make_unique<std::barrier<>>(2));
  for (int p = 0; p < kPairs; ++p) {
    for (int side = 0; side < 2; ++side) {
      clients.emplace_back([&, p, side] {
        for (size_t s = static_cast<size_t>(p); s < bodies.size(); s += kPairs) {
          barriers[static_cast<size_t>(p)]->arrive_and_wait();
          Reply reply = fetch(ports[side], "POST", "/api/runs",
                              bodies[s][static_cast<size_t>(side)], "127.0.0.1", 30s);
          answers[s][static_cast<size_t>(side)] = filled_from(reply);
        }
      });
    }
  }
  for (auto& t : clients) t.join();

  std::map<int64_t, std::pair<int64_t, int64_t>> slots = card_slots(ports[1], card.id);
  ASSERT_EQ(slots.size(), 60u);
  int wins[2] = {0, 0};
  for (size_t s = 0; s < answers.size(); ++s) {
    const Filled& a = answers[s][0];
    const Filled& b = answers[s][1];
    for (const Filled& f : {a, b}) EXPECT_LT(f.status, 500) << "slot " << s << ": " << f.body;
    // Exactly one 201; the other is 409 Slot filled.
    ASSERT_TRUE((a.status == 201 && b.status == 409) || (a.status == 409 && b.status == 201))
        << "slot " << s << ": " << a.status << " " << a.body << " / " << b.status << " " << b.body;
    const Filled& winner = a.status == 201 ? a : b;
    const Filled& loser = a.status == 201 ? b : a;
    ++wins[a.status == 201 ? 0 : 1];
    EXPECT_EQ(loser.body, R"({"error":"Slot filled"})") << "slot " << s;
    EXPECT_EQ(slots[static_cast<int64_t>(s)].first, winner.run_id) << "slot " << s;
    EXPECT_EQ(slots[static_cast<int64_t>(s)].second, winner.score) << "slot " << s;
  }
  std::cout << "[drill] server 1 won " << wins[0] << " slots, server 2 won " << wins[1] << "\n";
  // Never two runs counted: the losers stored nothing.
  EXPECT_EQ(psql(pg_port, "SELECT count(*) FROM runs"), "60");
  EXPECT_EQ(psql(pg_port, "SELECT count(DISTINCT run_id) FROM card_slots WHERE run_id <> 0"), "60");
  EXPECT_EQ(cluster.stop(), 0);
}

}  // namespace
}  // namespace gb::deploy::testing
