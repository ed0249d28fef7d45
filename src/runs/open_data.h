// Open data (SPEC section 16): every visible run, page by page in ascending id, each exactly as
// GET /api/runs/{id} gives it. The HTTP listing and `gameboard runs export --db` share this, so
// both produce the same bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/store.h"

namespace gb::runs {

// The largest page the listing gives, and the one it gives unasked.
inline constexpr int64_t kMaxRunPage = 1000;
inline constexpr int64_t kDefaultRunPage = 100;

// One page of the listing: its runs, and the `after` of the following page (nullopt at the end).
struct RunPage {
  std::vector<store::StoredRun> runs;
  std::optional<int64_t> next;
};

// Reads one page of `query` (limit 1..kMaxRunPage): asks for one run more than the limit, so
// `next` is set only when another run follows. Throws store::StoreError.
RunPage read_run_page(store::Store& store, const store::RunListQuery& query);

// True when `run` was played under its game's current rules version (only those rank).
bool under_current_rules(const store::StoredRun& run);

// The run as GET /api/runs/{id} encodes it.
std::string encode_listed_run(const store::StoredRun& run);

}  // namespace gb::runs
