// The scorecard benchmark's data (docs/performance.md, "Scorecards"; scripts/bench_cards.sh):
//   card_fill store --db DB --cards N --names M [--length L] [--threads T] --ids-out FILE
//     opens N open-v1 cards for M names (N / M each, one after another: a name holds at most 4
//     open cards), fills every slot with a run of the `random` agent capped at L actions (agent
//     seed: the card's number, so every run differs), each submitted as POST /api/runs does
//     (runs::submit_run), and closes the card (runs::close_card); writes the card ids to FILE.
//   card_fill slots (--db DB | --server URL) --names M --cards K [--length L] --fill-out F
//                   --plain-out P
//     opens K open-v1 cards (K <= 4) for each of M names, in the store or through a running
//     server (POST /api/scorecards, as an agent opens one: the server then keeps the cards' slots
//     for their fills), and writes two files of POST /api/runs bodies, one a line: F fills every
//     slot of those cards, P submits the same runs (slug, seed, actions) as plain runs of other
//     names, so the two cost the same verification.
// Only public interfaces: runs/cards.h, runs/submit.h, store/store.h and harness/card_client.h.
#include <CLI/CLI.hpp>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/clock.h"
#include "core/json_reader.h"
#include "core/json_writer.h"
#include "harness/card_client.h"
#include "harness/game_agents.h"
#include "runs/cards.h"
#include "runs/submit.h"
#include "store/store.h"

namespace {

constexpr std::string_view kSuite = "open-v1";

struct Plan {
  int64_t cards = 1000;
  int64_t names = 200;
  int64_t length = 40;
};

std::string name_of(std::string_view prefix, int64_t n) {
  char number[24];
  std::snprintf(number, sizeof number, "%05lld", static_cast<long long>(n));
  return std::string(prefix) + number;
}

// A strong token of name `n` (the same for all its cards).
std::string token_of(std::string_view prefix, int64_t n) {
  return name_of(prefix, n) + "-card-token-" + std::string(26, 'c');
}

// The actions (compact JSON) of the `random` agent on `slug` and `seed`, agent seed `agent_seed`,
// capped at `length`.
std::string random_run(std::string_view slug, uint32_t seed, uint64_t agent_seed, int64_t length) {
  const gb::harness::GameAgents* game = gb::harness::find_game_agents(slug);
  if (game == nullptr) throw std::runtime_error("no agents for " + std::string(slug));
  gb::harness::RunSettings settings;
  settings.agent = "random";
  settings.agent_seed = agent_seed;
  settings.max_actions = length;
  return game->run(seed, settings, nullptr).actions_json;
}

// Opens a card for name `n`; throws unless it opens.
gb::store::Card open_one(gb::store::Store& store, std::string_view prefix, int64_t n) {
  gb::runs::CardRequest request;
  request.suite = std::string(kSuite);
  request.name = name_of(prefix, n);
  request.token = token_of(prefix, n);
  request.agent.label = n % 2 == 0 ? "random" : "random-v2";
  request.agent.model = "bench";
  gb::runs::OpenedCard opened =
      gb::runs::open_card(store, request, std::chrono::system_clock::now(), "bench");
  if (opened.verdict != gb::runs::CardVerdict::kOpened) {
    throw std::runtime_error("card of " + request.name + " did not open");
  }
  return opened.card;
}

// Opens a card for name `n` through the server at `server`, as an agent does; throws unless it
// opens. The card's id and its slots' index, game, seed and cap are set.
gb::store::Card open_on_server(const gb::harness::BaseUrl& server, std::string_view prefix,
                               int64_t n) {
  gb::harness::CardAgent agent{n % 2 == 0 ? "random" : "random-v2", "bench", ""};
  gb::harness::HttpAnswer answer = gb::harness::open_card(
      server, gb::harness::open_card_body(kSuite, name_of(prefix, n), token_of(prefix, n), agent));
  gb::harness::OpenedCard opened;
  std::string error;
  if (answer.status != 201) {
    throw std::runtime_error("opening a card of " + name_of(prefix, n) + ": " +
                             std::to_string(answer.status) + " " + answer.body);
  }
  if (!gb::harness::parse_opened_card(answer.body, opened, error)) {
    throw std::runtime_error("the card opened cannot be read: " + error);
  }
  gb::store::Card card;
  card.id = opened.id;
  for (const gb::harness::CardSlot& slot : opened.slots) {
    card.slots.push_back({slot.index, slot.slug, slot.seed, slot.max_actions, 0, std::nullopt});
  }
  return card;
}

// Fills slot `slot` of `card` (of name `n`) with the run `actions`; throws unless stored.
void fill_one(gb::store::Store& store, const gb::store::Card& card, const gb::store::CardSlot& slot,
              std::string_view prefix, int64_t n, const std::string& actions) {
  gb::Issues issues;
  auto value = gb::parse_json(actions, issues, gb::kMaxLargeJsonBytes);
  if (!value) throw std::runtime_error("actions do not parse");
  gb::runs::RunSubmission submission;
  submission.slug = slot.slug;
  submission.seed = static_cast<uint32_t>(slot.seed);
  submission.actions = *value;
  submission.name = name_of(prefix, n);
  submission.token = token_of(prefix, n);
  submission.kind = "agent";
  submission.agent = "random";
  submission.scorecard = card.id;
  submission.slot = slot.index;
  gb::runs::SubmitAnswer answer =
      gb::runs::submit_run(store, submission, gb::format_utc(std::chrono::system_clock::now()));
  if (answer.verdict != gb::runs::SubmitVerdict::kCreated) {
    throw std::runtime_error("slot " + std::to_string(slot.index) + " of " + card.id +
                             " was not filled" +
                             (answer.issues.empty() ? std::string() : ": " + answer.issues[0]));
  }
}

// Opens, fills and closes plan.cards cards on `threads` threads (a name's cards on one thread,
// one after another); writes their ids to `ids_out`.
int fill_store(const std::string& db, const Plan& plan, int threads, const std::string& ids_out) {
  auto store = gb::store::open_store(db, "");
  const int64_t per_name = (plan.cards + plan.names - 1) / plan.names;
  std::vector<std::string> ids(static_cast<size_t>(plan.cards));
  std::atomic<int64_t> next_name{0};
  std::atomic<int64_t> done{0};
  std::mutex error_mutex;
  std::string error;
  const auto start = std::chrono::steady_clock::now();
  auto worker = [&] {
    try {
      for (int64_t n = next_name++; n < plan.names; n = next_name++) {
        for (int64_t k = 0; k < per_name; ++k) {
          const int64_t number = n * per_name + k;
          if (number >= plan.cards) break;
          gb::store::Card card = open_one(*store, "agent-", n);
          for (const gb::store::CardSlot& slot : card.slots) {
            std::string actions = random_run(slot.slug, static_cast<uint32_t>(slot.seed),
                                             static_cast<uint64_t>(number), plan.length);
            fill_one(*store, card, slot, "agent-", n, actions);
          }
          gb::runs::ClosedCard closed = gb::runs::close_card(*store, card.id, token_of("agent-", n),
                                                             "", std::chrono::system_clock::now());
          if (closed.verdict != gb::runs::CloseVerdict::kClosed) {
            throw std::runtime_error("card " + card.id + " did not close");
          }
          ids[static_cast<size_t>(number)] = card.id;
          if (++done % 100 == 0) {
            double s =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::fprintf(stderr, "card_fill: %lld cards closed, %.0f slots/s\n",
                         static_cast<long long>(done.load()),
                         static_cast<double>(done.load() * 60) / s);
          }
        }
      }
    } catch (const std::exception& e) {
      std::lock_guard lock(error_mutex);
      if (error.empty()) error = e.what();
      next_name = plan.names;
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  if (!error.empty()) {
    std::fprintf(stderr, "card_fill: %s\n", error.c_str());
    return 1;
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::ofstream out(ids_out);
  for (const std::string& id : ids) out << id << '\n';
  std::printf(
      "stored %lld closed cards of %lld names (%lld slots, runs of at most %lld "
      "actions) in %.1f s: %.0f slots/s\n",
      static_cast<long long>(plan.cards), static_cast<long long>(plan.names),
      static_cast<long long>(plan.cards * 60), static_cast<long long>(plan.length), seconds,
      static_cast<double>(plan.cards * 60) / seconds);
  return out ? 0 : 1;
}

// A POST /api/runs body of `actions` on `slug`/`seed` for name `n` of `prefix`, filling `slot`
// of card `card_id` when it is not empty.
std::string body(std::string_view slug, int64_t seed, const std::string& actions,
                 std::string_view prefix, int64_t n, const std::string& card_id, int64_t slot) {
  gb::JsonWriter w;
  w.begin_object();
  w.field("slug", slug);
  w.field("seed", seed);
  w.key("actions");
  w.raw(actions);
  w.field("name", name_of(prefix, n));
  w.field("token", token_of(prefix, n));
  w.field("kind", "agent");
  w.field("agent", "random");
  if (!card_id.empty()) {
    w.field("scorecard", card_id);
    w.field("slot", slot);
  }
  w.end_object();
  return w.take();
}

// Opens `cards` cards for each of plan.names names, in the store `db`, or through the server at
// `server` when it is not empty, and writes the fill and plain bodies.
int write_slots(const std::string& db, const std::string& server, const Plan& plan, int64_t cards,
                const std::string& fill_out, const std::string& plain_out) {
  std::unique_ptr<gb::store::Store> store;
  gb::harness::BaseUrl base;
  if (server.empty()) {
    store = gb::store::open_store(db, "");
  } else if (std::string error; !gb::harness::parse_base_url(server, base, error)) {
    throw std::runtime_error("--server: " + error);
  }
  std::ofstream fill(fill_out);
  std::ofstream plain(plain_out);
  for (int64_t n = 0; n < plan.names; ++n) {
    for (int64_t k = 0; k < cards; ++k) {
      gb::store::Card card =
          store ? open_one(*store, "filler-", n) : open_on_server(base, "filler-", n);
      for (const gb::store::CardSlot& slot : card.slots) {
        // Agent seeds above the store's cards', so no run repeats one already stored.
        uint64_t agent_seed = 1'000'000 + static_cast<uint64_t>(n * cards + k);
        std::string actions =
            random_run(slot.slug, static_cast<uint32_t>(slot.seed), agent_seed, plan.length);
        fill << body(slot.slug, slot.seed, actions, "filler-", n, card.id, slot.index) << '\n';
        plain << body(slot.slug, slot.seed, actions, "plain-", n, "", 0) << '\n';
      }
    }
  }
  std::printf("wrote %lld slot fills and as many plain runs\n",
              static_cast<long long>(plan.names * cards * 60));
  return fill && plain ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Data for the scorecard benchmark (scripts/bench_cards.sh)"};
  app.require_subcommand(1);
  Plan plan;
  std::string db, server, ids_out = "/dev/null", fill_out, plain_out;
  int threads = 2;
  int64_t cards_each = 4;
  CLI::App* store = app.add_subcommand("store", "Open, fill and close cards in the store");
  store->add_option("--db", db, "sqlite:PATH or a postgresql:// URL")->required();
  store->add_option("--cards", plan.cards, "Closed cards")->check(CLI::PositiveNumber);
  store->add_option("--names", plan.names, "Names they belong to")->check(CLI::PositiveNumber);
  store->add_option("--length", plan.length, "Action cap of each run")->check(CLI::Range(1, 600));
  store->add_option("--threads", threads, "Threads")->check(CLI::Range(1, 64));
  store->add_option("--ids-out", ids_out, "Where the card ids go, one a line");
  CLI::App* slots = app.add_subcommand("slots", "Open cards and write slot-fill bodies");
  CLI::Option* slots_db = slots->add_option("--db", db, "sqlite:PATH or a postgresql:// URL");
  slots
      ->add_option("--server", server,
                   "Open the cards through the server at this URL (http://host:port) instead")
      ->excludes(slots_db);
  slots->add_option("--names", plan.names, "Names")->check(CLI::PositiveNumber);
  slots->add_option("--cards", cards_each, "Open cards per name")->check(CLI::Range(1, 4));
  slots->add_option("--length", plan.length, "Action cap of each run")->check(CLI::Range(1, 600));
  slots->add_option("--fill-out", fill_out, "Slot-fill bodies")->required();
  slots->add_option("--plain-out", plain_out, "Plain bodies of the same runs")->required();
  CLI11_PARSE(app, argc, argv);
  try {
    if (*store) return fill_store(db, plan, threads, ids_out);
    if (db.empty() && server.empty()) {
      std::fprintf(stderr, "card_fill slots: --db or --server is required\n");
      return 2;
    }
    return write_slots(db, server, plan, cards_each, fill_out, plain_out);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "card_fill: %s\n", e.what());
    return 1;
  }
}
