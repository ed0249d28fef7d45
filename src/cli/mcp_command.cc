// `gameboard mcp`: the MCP server over stdio for LLM clients (SPEC section 10). It reads one
// JSON-RPC message per line on stdin and writes one answer per line on stdout; nothing else
// ever goes to stdout (logs and errors go to stderr). Games are held in the store named by
// --db/--data-dir, like `serve`'s, so a game survives a restart.
#include <iostream>
#include <memory>
#include <string>

#include "cli/command_setup.h"
#include "cli/commands.h"
#include "cli/store_options.h"
#include "mcp/rpc.h"
#include "runs/secrets.h"

namespace gb::cli {
namespace {

// The command's description in --help.
constexpr const char* kHelp =
    "Serve the games to an LLM client as MCP tools over stdio (one JSON-RPC message per "
    "line). Games are held in the store (--db/--data-dir, as for serve): give an absolute "
    "--data-dir, since clients start this command from a folder of their own choosing.";

// Serves stdin until it closes; returns the exit code.
int run_mcp(const StoreOptions& options) {
  std::unique_ptr<store::Store> store = open_store_or_explain(options, "mcp");
  if (!store) return 1;
  std::cerr << "gameboard mcp: serving MCP on stdio (games in " << describe_store(options) << ")"
            << std::endl;
  mcp::ToolContext context;
  context.store = store.get();
  context.client = "stdio";
  context.secret = store->get_or_put_setting("daily_secret", runs::random_token());
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    std::optional<std::string> answer = mcp::answer_message(line, context);
    if (answer) std::cout << *answer << '\n' << std::flush;
  }
  return 0;
}

}  // namespace

void register_mcp_command(CLI::App& app) {
  auto [mcp, options] = add_command(app, "mcp", kHelp, run_mcp);
  add_store_options(*mcp, *options);
}

}  // namespace gb::cli
