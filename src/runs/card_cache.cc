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

std::shared_ptr<const std::vector<AgentRow>> CardCache::board(const std::string& suite,
                                                              int64_t finished, TimePoint now) {
  std::lock_guard lock(mutex_);
  auto it = boards_.find(suite);
  if (it == boards_.end() || it->second.finished != finished || !fresh(it->second.at, now)) {
    return nullptr;
  }
  return it->second.rows;
}

void CardCache::put_board(const std::string& suite, int64_t finished, TimePoint now,
                          std::shared_ptr<const std::vector<AgentRow>> rows) {
  std::lock_guard lock(mutex_);
  boards_[suite] = {now, finished, std::move(rows)};
}

}  // namespace gb::runs
