#include "runs/card_cache.h"

namespace gb::runs {

std::optional<std::vector<std::optional<double>>> CardCache::humans(const std::string& suite,
                                                                    TimePoint now) {
  std::lock_guard lock(mutex_);
  auto it = humans_.find(suite);
  if (it == humans_.end() || !fresh(it->second.at, now)) return std::nullopt;
  return it->second.references;
}

void CardCache::put_humans(const std::string& suite, TimePoint now,
                           std::vector<std::optional<double>> references) {
  std::lock_guard lock(mutex_);
  humans_[suite] = {now, std::move(references)};
}

CardCache::BoardLookup CardCache::board(const std::string& suite, const BoardKey& key) {
  std::unique_lock lock(mutex_);
  Board& board = boards_[suite];
  board_settled_.wait(lock, [&] { return board.rows || !board.refreshing; });
  if (board.rows && (board.key == key || board.refreshing)) return {board.rows, false};
  board.refreshing = true;
  return {board.rows, true};
}

void CardCache::put_board(const std::string& suite, BoardKey key,
                          std::shared_ptr<const std::vector<AgentRow>> rows) {
  {
    std::lock_guard lock(mutex_);
    boards_[suite] = {std::move(key), std::move(rows), false};
  }
  board_settled_.notify_all();
}

void CardCache::abandon_board(const std::string& suite) {
  {
    std::lock_guard lock(mutex_);
    if (auto it = boards_.find(suite); it != boards_.end()) it->second.refreshing = false;
  }
  board_settled_.notify_all();
}

}  // namespace gb::runs
