// `gameboard replay FILE`: re-applies a replay file through the registry's JSON path and prints
// the final score and state hash; exits non-zero on any invalid or refused action or a score that
// differs from the recorded one.
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "cli/command_setup.h"
#include "cli/commands.h"
#include "harness/replay.h"

namespace gb::cli {
namespace {

// The command's description in --help.
constexpr const char* kHelp =
    "Re-apply a replay file {slug, seed, actions, score?} through the JSON path and print the "
    "final score and state hash (fnv1a64 of the encoded state). Fails loudly on a refused "
    "action or a score mismatch.";

// Replays the file at `path`; returns the exit code (0 ok, 1 failed replay, 2 unreadable file).
int run_replay(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    std::cerr << "gameboard replay: cannot read " << path << "\n";
    return 2;
  }
  std::stringstream text;
  text << file.rdbuf();
  harness::ReplayReport r = harness::replay_text(text.str());
  if (!r.ok) {
    std::cerr << "gameboard replay: REPLAY FAILED: " << path << ": " << r.error << "\n";
    return 1;
  }
  std::cout << "game " << r.slug << ", seed " << r.seed << ", " << r.actions << " actions"
            << (r.game_over ? ", over" : ", not over") << "\nscore " << r.score << "\nstate hash "
            << r.state_hash << "\n";
  return 0;
}

}  // namespace

void register_replay_command(CLI::App& app) {
  auto [replay, path] = add_command(app, "replay", kHelp, run_replay);
  replay->add_option("file", *path, "Replay file (the browser's download format)")->required();
}

}  // namespace gb::cli
