// `gameboard submit FILE --server URL --name N`: sends a replay file (the browser's download
// format) to a server, which replays it and puts the score it computes on its boards. The token
// of a name it claims is saved in the user's names file (cli/token_file.h) and sent next time.
#include <iostream>
#include <memory>
#include <string>

#include "cli/command_setup.h"
#include "cli/commands.h"
#include "cli/token_file.h"
#include "harness/result_files.h"
#include "harness/run_submit.h"

namespace gb::cli {
namespace {

struct SubmitCommandOptions {
  std::string file;
  std::string server = "http://127.0.0.1:8080";
  std::string name;
  std::string kind = "human";
  std::string agent;
  std::string token;
};

// The command's description in --help.
constexpr const char* kHelp =
    "Send a replay file ({slug, seed, actions, score}) to a server's leaderboard. The server "
    "replays the actions and stores the score it computes; a different declared score is "
    "refused. Prints the stored run as JSON.";

// Reads, sends and reports (the stored run on stdout, without its token); returns the exit code
// (0 stored, 1 refused or unreachable, 2 usage or an unreadable names file).
int run_submit(const SubmitCommandOptions& o) {
  harness::SubmitOptions options;
  std::string error;
  if (!harness::parse_base_url(o.server, options.server, error)) {
    std::cerr << "gameboard submit: " << error << "\n";
    return 2;
  }
  options.name = o.name;
  options.kind = o.kind;
  options.agent = o.agent;
  bool saved_token = false;
  if (!token_to_send(options.server, o.name, o.token, options.token, saved_token, error)) {
    std::cerr << "gameboard submit: " << error << "\n";
    return 2;
  }
  std::string text;
  if (!harness::read_text_file(o.file, text, error)) {
    std::cerr << "gameboard submit: " << error << "\n";
    return 2;
  }
  std::optional<std::string> body = harness::submission_from_replay(text, options, error);
  if (!body) {
    std::cerr << "gameboard submit: " << o.file << ": " << error << "\n";
    return 2;
  }
  harness::HttpAnswer answer;
  try {
    answer = harness::submit_run(options, *body);
  } catch (const std::exception& e) {
    std::cerr << "gameboard submit: " << e.what() << "\n";
    return 1;
  }
  std::cout << harness::without_token(answer.body) << "\n";
  if (answer.status == 201 || answer.status == 200) {
    if (std::string token = harness::token_of(answer.body); !token.empty()) {
      std::cerr << remember_claimed_token(options.server, o.name, token);
    }
    return 0;
  }
  std::cerr << "gameboard submit: the server answered HTTP " << answer.status << "\n";
  if (answer.status == 403 && saved_token) {
    std::cerr << "gameboard submit: the token saved for '" << o.name << "' was not accepted\n";
  }
  return 1;
}

}  // namespace

void register_submit_command(CLI::App& app) {
  auto [submit, o] = add_command(app, "submit", kHelp, run_submit);
  submit->add_option("FILE", o->file, "The replay file")->required()->check(CLI::ExistingFile);
  submit->add_option("--server", o->server, "The server's base URL")->capture_default_str();
  submit->add_option("--name", o->name, "The name to appear on the board")->required();
  submit->add_option("--kind", o->kind, "human or agent")
      ->check(CLI::IsMember({"human", "agent"}))
      ->capture_default_str();
  submit->add_option("--agent", o->agent, "The agent's label (with --kind agent)");
  submit->add_option("--token", o->token,
                     "The name's token, when the name is already yours (default: the one saved "
                     "in $XDG_CONFIG_HOME/gameboard/names.json when this name was claimed here)");
}

}  // namespace gb::cli
