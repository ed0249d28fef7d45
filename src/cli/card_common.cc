#include "cli/card_common.h"

#include <iostream>

#include "harness/replay.h"
#include "harness/result_files.h"

namespace gb::cli {

int card_usage_error(const std::string& message) {
  std::cerr << "gameboard card: " << message << "\n";
  return 2;
}

bool record_replays(const std::string& dir, std::string_view slug,
                    const std::vector<agents::RunResult>& results, std::string& error) {
  for (const agents::RunResult& r : results) {
    const std::string path = dir + "/" + std::string(slug) + "-" + std::to_string(r.seed) + ".json";
    if (!harness::write_text_file(path, harness::replay_json(slug, r), error)) return false;
  }
  return true;
}

}  // namespace gb::cli
