// The cost of a slot fill against a plain submission of the same run, in process: the pure
// request handler (server/http/handler.h) over a durable SQLite or PostgreSQL store, no sockets,
// so that neither wrk nor the connection layer blurs the few microseconds between the two.
// Reads the two body files `card_fill slots` writes (same runs, same order) and posts them from
// T threads in rounds of N bodies, in the order plain, fill, fill, plain, fill, plain, plain,
// fill, ...; prints each kind's process CPU time and wall time per stored run and their ratios.
// With --only, one kind alone: the run to profile (valgrind --tool=callgrind counts the
// instructions of each, which a noisy machine does not blur). The cards of the fill bodies are
// in the store, not known to this process, as to a server that did not open them (each fill
// round reads each of its cards once); with --kept, each round's cards are first kept in the
// slot cache as the open route keeps a card it opened (SlotCache::keep_opened), the usual case
// of a card opened and filled through one server. With --warmup N, N bodies of each kind posted
// come first, unmeasured and from the ends of the files, so that the measured rounds find every
// statement prepared, as on a server that has been running. A benchmark, not a test. Usage:
//   fill_cost --db DB --fill F --plain P [--threads T] [--round N] [--rounds R] [--only KIND]
//             [--kept] [--warmup N]
#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/json_reader.h"
#include "runs/slot_cache.h"
#include "server/http/handler.h"
#include "server/http/services.h"
#include "store/store.h"

namespace {

std::vector<std::string> read_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

struct Round {
  double cpu_us = 0;   // process CPU per stored run
  double wall_us = 0;  // wall time per stored run
};

// Answers `request` through the request handler: the call a measured round makes for each of its
// bodies, and a symbol of its own, so that a profile can count what is inside it alone (the
// warm-up's requests call the handler directly).
[[gnu::noinline]] gb::server::Response post_measured(const gb::server::Request& request,
                                                     const gb::server::Services* services) {
  return gb::server::handle(request, services);
}

// Posts bodies [first, first + count) from `threads` threads, through post_measured when
// `measured`; aborts on anything but 201.
Round post_round(gb::server::Services& services, const std::vector<std::string>& bodies,
                 size_t first, size_t count, int threads, bool measured = true) {
  std::atomic<size_t> next{first};
  std::atomic<int> failures{0};
  double cpu0 = process_cpu_seconds();
  auto wall0 = std::chrono::steady_clock::now();
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&] {
      for (size_t i; (i = next++) < first + count;) {
        gb::server::Request r{"POST", "/api/runs", bodies[i], "127.0.0.1:8080", "127.0.0.1"};
        gb::server::Response answer =
            measured ? post_measured(r, &services) : gb::server::handle(r, &services);
        if (answer.status != 201 && failures++ == 0) {
          std::fprintf(stderr, "fill_cost: %d %s\n", answer.status, answer.body.c_str());
        }
      }
    });
  }
  for (auto& t : pool) t.join();
  if (failures > 0) std::exit(1);
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  return {(process_cpu_seconds() - cpu0) * 1e6 / static_cast<double>(count),
          wall * 1e6 / static_cast<double>(count)};
}

// Keeps in `slots` every card that fill bodies [first, first + count) fill, read from `store`,
// as the open route keeps a card it opened; outside the measured time.
void keep_cards(gb::store::Store& store, gb::runs::SlotCache& slots,
                const std::vector<std::string>& bodies, size_t first, size_t count) {
  std::set<std::string> ids;
  for (size_t i = first; i < first + count; ++i) {
    gb::Issues issues;
    auto body = gb::parse_json(bodies[i], issues, gb::kMaxLargeJsonBytes);
    std::string_view id;
    if (!body || body->at_key("scorecard").get(id) != simdjson::SUCCESS) {
      std::fprintf(stderr, "fill_cost: fill body %zu names no scorecard\n", i + 1);
      std::exit(1);
    }
    ids.emplace(id);
  }
  for (const std::string& id : ids) {
    std::optional<gb::store::Card> card = store.card(id);
    if (!card) {
      std::fprintf(stderr, "fill_cost: no card %s in the store\n", id.c_str());
      std::exit(1);
    }
    slots.keep_opened(*card);
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"A slot fill's cost against a plain submission, in process"};
  std::string db, fill_path, plain_path;
  int threads = 4;
  size_t round = 2000;
  int rounds = 8;
  app.add_option("--db", db, "sqlite:PATH or a postgresql:// URL")->required();
  app.add_option("--fill", fill_path, "Slot-fill bodies (card_fill slots --fill-out)")->required();
  app.add_option("--plain", plain_path, "Plain bodies (card_fill slots --plain-out)")->required();
  app.add_option("--threads", threads, "Threads posting")->check(CLI::Range(1, 64));
  app.add_option("--round", round, "Bodies a round")->check(CLI::PositiveNumber);
  app.add_option("--rounds", rounds, "Rounds, a multiple of 4")->check(CLI::Range(4, 400));
  std::string only;
  app.add_option("--only", only, "Post only plain or only fill rounds (for a profile)")
      ->check(CLI::IsMember({"plain", "fill"}));
  size_t warmup = 0;
  app.add_option("--warmup", warmup,
                 "Bodies of each kind posted first, unmeasured, from the ends of the files, so "
                 "that every connection has prepared its statements as a running server has")
      ->check(CLI::NonNegativeNumber);
  bool kept = false;
  app.add_flag("--kept", kept,
               "Keep each fill round's cards first, as the server that opened them");
  CLI11_PARSE(app, argc, argv);
  std::vector<std::string> fill = read_lines(fill_path);
  std::vector<std::string> plain = read_lines(plain_path);
  if (rounds % 4 != 0) {
    std::fprintf(stderr, "fill_cost: --rounds must be a multiple of 4, not %d\n", rounds);
    return 2;
  }
  // Side by side, so that a store growing or a machine slowing weighs on both kinds alike.
  const char* order = only == "plain" ? "pppppppp" : only == "fill" ? "ffffffff" : "pffpfppf";
  size_t needed[2] = {0, 0};  // bodies each kind's rounds post: [0] plain, [1] fill
  for (int r = 0; r < rounds; ++r) needed[order[r % 8] == 'f' ? 1 : 0] += round;
  const bool posts[2] = {needed[0] > 0, needed[1] > 0};  // whether each kind is posted
  for (int kind : {0, 1}) {
    if (posts[kind]) needed[kind] += warmup;
  }
  if (plain.size() < needed[0] || fill.size() < needed[1]) {
    std::fprintf(stderr,
                 "fill_cost: %d rounds of %zu and a warm-up of %zu need %zu plain and %zu fill "
                 "bodies\n",
                 rounds, round, warmup, needed[0], needed[1]);
    return 1;
  }
  auto store = gb::store::open_store(db, "");
  gb::runs::SlotCache slots;
  gb::server::Services services;
  services.store = store.get();
  services.slot_cache = &slots;
  services.daily_secret = "fill-cost";
  if (warmup > 0) {
    for (int kind : {0, 1}) {
      if (!posts[kind]) continue;
      const std::vector<std::string>& bodies = kind == 1 ? fill : plain;
      size_t first = bodies.size() - warmup;
      if (kind == 1 && kept) keep_cards(*store, slots, fill, first, warmup);
      post_round(services, bodies, first, warmup, threads, false);
    }
  }
  size_t used[2] = {0, 0};  // bodies posted: [0] plain, [1] fill
  double cpu[2] = {0, 0}, wall[2] = {0, 0};
  int counted[2] = {0, 0};
  double lo = 1e9, hi = 0, pair_cpu[2] = {0, 0};
  for (int r = 0; r < rounds; ++r) {
    int kind = order[r % 8] == 'f' ? 1 : 0;
    if (kind == 1 && kept) keep_cards(*store, slots, fill, used[kind], round);
    Round got = post_round(services, kind == 1 ? fill : plain, used[kind], round, threads);
    used[kind] += round;
    cpu[kind] += got.cpu_us;
    wall[kind] += got.wall_us;
    ++counted[kind];
    pair_cpu[kind] = got.cpu_us;
    std::printf("round %d %s: %.1f us CPU, %.1f us wall a run\n", r + 1,
                kind == 1 ? "fill" : "plain", got.cpu_us, got.wall_us);
    if (only.empty() && r % 2 == 1) {
      double x = pair_cpu[1] / pair_cpu[0];
      lo = std::min(lo, x);
      hi = std::max(hi, x);
    }
  }
  for (int kind : {0, 1}) {
    if (counted[kind] == 0) continue;
    std::printf("%s: %.1f us CPU, %.1f us wall a run\n", kind == 1 ? "fill" : "plain",
                cpu[kind] / counted[kind], wall[kind] / counted[kind]);
  }
  if (only.empty()) {
    std::printf("fill / plain: CPU %.3f (pairs of rounds %.3f to %.3f), wall %.3f\n",
                cpu[1] / cpu[0], lo, hi, wall[1] / wall[0]);
  }
  return 0;
}
