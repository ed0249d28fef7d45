// Writes a fuzzing corpus seeded from real states: for every registered game, states from init
// and after a few steps, each paired with every legal action, as {state, action} bodies prefixed
// by the game's index byte (the format action_fuzz.cc reads). With --requests, whole requests for
// handler_fuzz; with --states SLUG, that game's states alone (for state_fuzz.cc).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/json_reader.h"
#include "registry/registry.h"

namespace {

// Extracts a named member of a JSON object as compact text ("" when absent).
std::string member(const std::string& json, const char* key) {
  simdjson::dom::parser p;
  simdjson::dom::element root, v;
  if (p.parse(json).get(root) || root.at_key(key).get(v)) return "";
  return simdjson::minify(v);
}

}  // namespace

int main(int argc, char** argv) {
  const bool requests = argc == 3 && std::string(argv[2]) == "--requests";
  const bool states = argc == 4 && std::string(argv[2]) == "--states";
  if (argc != 2 && !requests && !states) {
    std::fprintf(stderr, "usage: %s OUT_DIR [--requests | --states SLUG]\n", argv[0]);
    return 2;
  }
  const std::string only_slug = states ? argv[3] : "";
  std::filesystem::create_directories(argv[1]);
  auto games = gb::all_games();
  int files = 0;
  for (size_t g = 0; g < games.size(); ++g) {
    if (states && games[g]->info().slug != only_slug) continue;
    for (uint32_t seed = 1; seed <= 3; ++seed) {
      gb::JsonWriter w;
      games[g]->write_init(seed, w);
      std::string answer(w.str());
      for (int step = 0; step < 6; ++step) {
        std::string state = member(answer, "state");
        simdjson::dom::parser p;
        simdjson::dom::element root, legal;
        if (p.parse(answer).get(root) || root.at_key("legalActions").get(legal)) break;
        if (states) {
          std::ofstream(
              std::string(argv[1]) + "/s" + std::to_string(seed) + "_" + std::to_string(files++),
              std::ios::binary)
              << state;
        }
        std::string first_action, last_action;
        simdjson::dom::array actions = legal.get_array().value_unsafe();
        for (simdjson::dom::element a : actions) {
          std::string action = simdjson::minify(a);
          if (first_action.empty()) first_action = action;
          last_action = action;
          if (states) continue;
          std::ofstream f(std::string(argv[1]) + "/g" + std::to_string(g) + "_s" +
                              std::to_string(seed) + "_" + std::to_string(files++),
                          std::ios::binary);
          if (requests) {
            f << '\x01' << "/api/games/" << games[g]->info().slug << "/action\n";
          } else {
            f << static_cast<char>(g);
          }
          f << R"({"state":)" << state << R"(,"action":)" << action << "}";
        }
        if (first_action.empty()) break;
        // Step on with the last legal action (usually a time-passing one) for variety.
        simdjson::dom::parser sp, ap;
        simdjson::dom::element sj = sp.parse(state), aj = ap.parse(last_action);
        gb::JsonWriter next;
        games[g]->write_action(sj, aj, next);
        answer = next.str();
      }
    }
  }
  if (requests) {
    const char* gets[] = {"/api/games",
                          "/llms.txt",
                          "/docs/api",
                          "/healthz",
                          "/api/games/stormlark/init?seed=7",
                          "/api/games/nope/init",
                          "/docs/api/stormlark",
                          "/play/stormlark",
                          "/"};
    for (const char* target : gets) {
      std::ofstream f(std::string(argv[1]) + "/get_" + std::to_string(files++), std::ios::binary);
      f << '\x00' << target << "\n";
    }
  }
  std::printf("wrote %d corpus files\n", files);
  return 0;
}
