#include "runs/open_data.h"

#include "registry/registry.h"
#include "runs/codec.h"

namespace gb::runs {

RunPage read_run_page(store::Store& store, const store::RunListQuery& query) {
  store::RunListQuery ask = query;
  ask.limit = query.limit + 1;
  RunPage page;
  page.runs = store.list_runs(ask);
  if (static_cast<int64_t>(page.runs.size()) > query.limit) {
    page.runs.resize(static_cast<size_t>(query.limit));
    page.next = page.runs.back().id;
  }
  return page;
}

bool under_current_rules(const store::StoredRun& run) {
  const GameService* game = find_game(run.slug);
  return game != nullptr && game->info().rules_version == run.rules_version;
}

std::string encode_listed_run(const store::StoredRun& run) {
  return encode_stored_run(run, under_current_rules(run));
}

}  // namespace gb::runs
