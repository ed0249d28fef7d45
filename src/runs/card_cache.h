// What the scorecard reads would otherwise recompute on every request: each suite's agents' board
// (every slot of every finished card, pooled per name) and the human references (a median over
// every person's run of a game). A server keeps one; the routes pass it to runs/cards.h.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace gb::runs {

struct AgentRow;
using TimePoint = std::chrono::system_clock::time_point;

class CardCache {
 public:
  // `max_age`: how long a board or a human reference is served before it is computed again.
  explicit CardCache(std::chrono::seconds max_age = std::chrono::seconds(10)) : max_age_(max_age) {}

  // The cached human references of `suite` (one per game, in its order), or nullopt when there
  // are none younger than max_age at `now`.
  std::optional<std::vector<std::optional<double>>> humans(const std::string& suite, TimePoint now);
  void put_humans(const std::string& suite, TimePoint now,
                  std::vector<std::optional<double>> references);

  // The cached ranked rows of `suite`'s board, when they were computed from exactly `finished`
  // finished cards and are younger than max_age at `now`; else null. Finished cards never
  // reopen and take no more runs, so their count names the board's content, but for a run
  // hidden or shown (which max_age bounds).
  std::shared_ptr<const std::vector<AgentRow>> board(const std::string& suite, int64_t finished,
                                                     TimePoint now);
  void put_board(const std::string& suite, int64_t finished, TimePoint now,
                 std::shared_ptr<const std::vector<AgentRow>> rows);

 private:
  struct Humans {
    TimePoint at;
    std::vector<std::optional<double>> references;
  };
  struct Board {
    TimePoint at;
    int64_t finished = 0;
    std::shared_ptr<const std::vector<AgentRow>> rows;
  };
  bool fresh(TimePoint at, TimePoint now) const { return now >= at && now - at < max_age_; }

  std::chrono::seconds max_age_;
  std::mutex mutex_;
  std::map<std::string, Humans> humans_;
  std::map<std::string, Board> boards_;
};

}  // namespace gb::runs
