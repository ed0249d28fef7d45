// What the scorecard reads would otherwise recompute on every request: each suite's agents' board
// (every slot of every finished card, pooled per name) and the human references (a median over
// every person's run of a game). A server keeps one; the routes pass it to runs/cards.h.
#pragma once

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "store/store.h"

namespace gb::runs {

struct AgentRow;
using TimePoint = std::chrono::system_clock::time_point;

// Everything an agents' board is computed from but its slots: what the store says changes it,
// and the human references it normalises against.
struct BoardKey {
  store::BoardInputs inputs;
  std::vector<std::optional<double>> humans;
  bool operator==(const BoardKey&) const = default;
};

class CardCache {
 public:
  // `max_age`: how long human references are served before they are read again.
  explicit CardCache(std::chrono::seconds max_age = std::chrono::seconds(10)) : max_age_(max_age) {}

  // The cached human references of `suite` (one per game, in its order), or nullopt when there
  // are none younger than max_age at `now`.
  std::optional<std::vector<std::optional<double>>> humans(const std::string& suite, TimePoint now);
  void put_humans(const std::string& suite, TimePoint now,
                  std::vector<std::optional<double>> references);

  // What a reader of `suite`'s board does: serve `rows` (null: there are none yet), and, when
  // `refresh`, compute the board and put_board it (or abandon_board on failure).
  struct BoardLookup {
    std::shared_ptr<const std::vector<AgentRow>> rows;
    bool refresh = false;
  };

  // The cached rows of `suite`'s board. They are current when they were computed from `key`,
  // however old: finished cards never reopen and take no more runs, so the key names the board's
  // content. Rows that are not current are still served, and only one reader at a time is told
  // to refresh them, so a busy board is computed once, not once per waiting request. With no
  // rows yet, the first reader computes and the others wait for its rows (or, if it abandons,
  // one of them computes), so a burst of reads on a cold board computes it once.
  BoardLookup board(const std::string& suite, const BoardKey& key);
  void put_board(const std::string& suite, BoardKey key,
                 std::shared_ptr<const std::vector<AgentRow>> rows);
  void abandon_board(const std::string& suite);

 private:
  struct Humans {
    TimePoint at;
    std::vector<std::optional<double>> references;
  };
  struct Board {
    BoardKey key;
    std::shared_ptr<const std::vector<AgentRow>> rows;
    bool refreshing = false;  // a reader was told to refresh and has not put or abandoned yet
  };
  bool fresh(TimePoint at, TimePoint now) const { return now >= at && now - at < max_age_; }

  std::chrono::seconds max_age_;
  std::mutex mutex_;
  std::condition_variable board_settled_;  // a board was put or abandoned
  std::map<std::string, Humans> humans_;
  std::map<std::string, Board> boards_;
};

}  // namespace gb::runs
