// `gameboard runs export [--server URL | --db DB] [--slug S] [--kind K] --out FILE`: every visible
// run, one JSON object a line (exactly GET /api/runs/{id}'s body), by ascending id. It pages
// through GET /api/runs on a server, or reads the store directly; both give the same bytes. The
// lines go to FILE.tmp, renamed to FILE only once complete.
#include "cli/runs_export.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/command_setup.h"
#include "cli/store_options.h"
#include "harness/http_transport.h"
#include "registry/registry.h"
#include "runs/codec.h"
#include "runs/open_data.h"

namespace gb::cli {
namespace {

// The page asked of a server: small enough that a page of long runs stays a modest answer.
constexpr int64_t kServerPage = 100;

struct ExportOptions {
  StoreOptions store;
  std::string server;  // "" reads the store
  std::string slug;    // "" for every game
  std::string kind;    // "" for both kinds
  std::string out;
};

// The command's description in --help.
constexpr const char* kHelp =
    "Write every visible run as JSON Lines: one run a line, exactly as GET /api/runs/{id} "
    "gives it (with its actions), by ascending id. Reads a server's GET /api/runs with "
    "--server, else the store (--db / --data-dir as `serve`). The file appears only once "
    "complete.";

// One page of lines and the `after` of the next page (nullopt at the end).
struct Lines {
  std::vector<std::string> runs;
  std::optional<int64_t> next;
};

// Fetches the page after a run id; throws std::exception with a message on failure.
using PageSource = std::function<Lines(int64_t after)>;

// Pages through the store.
PageSource store_source(store::Store& store, const ExportOptions& o) {
  return [&store, &o](int64_t after) {
    store::RunListQuery query;
    if (!o.slug.empty()) query.slug = o.slug;
    if (!o.kind.empty()) query.kind = o.kind;
    query.after = after;
    query.limit = runs::kMaxRunPage;
    runs::RunPage page = runs::read_run_page(store, query);
    Lines lines;
    for (const store::StoredRun& run : page.runs)
      lines.runs.push_back(runs::encode_listed_run(run));
    lines.next = page.next;
    return lines;
  };
}

// Pages through GET /api/runs on the server at `base`.
PageSource server_source(const harness::BaseUrl& base, const ExportOptions& o) {
  return [base, &o](int64_t after) {
    std::string target =
        "/api/runs?after=" + std::to_string(after) + "&limit=" + std::to_string(kServerPage);
    if (!o.slug.empty()) target += "&slug=" + o.slug;
    if (!o.kind.empty()) target += "&kind=" + o.kind;
    harness::HttpAnswer answer = harness::http_send(base, "GET", target);
    if (answer.status != 200) {
      throw std::runtime_error("the server answered HTTP " + std::to_string(answer.status) +
                               " to GET " + target + ": " + answer.body.substr(0, 300));
    }
    Issues issues;
    std::optional<runs::RunListText> page = runs::decode_run_list(answer.body, issues);
    if (!page) {
      std::string why = issues.list().empty() ? "unreadable" : issues.list().front();
      throw std::runtime_error("GET " + target + " answered no run list: " + why);
    }
    if (page->next && *page->next <= after) {
      throw std::runtime_error("GET " + target + " answered a next that does not move on");
    }
    return Lines{std::move(page->runs), page->next};
  };
}

// Writes every page of `source` to `out`.tmp, then renames it to `out`; returns how many runs.
int64_t write_lines(const PageSource& source, const std::string& out) {
  std::string tmp = out + ".tmp";
  struct RemoveUnlessDone {
    const std::string& path;
    bool done = false;
    ~RemoveUnlessDone() {
      if (!done) std::remove(path.c_str());
    }
  } cleanup{tmp};
  std::ofstream file(tmp, std::ios::binary | std::ios::trunc);
  if (!file) throw std::runtime_error("cannot write " + tmp);
  int64_t count = 0;
  std::optional<int64_t> after = 0;
  while (after) {
    Lines page = source(*after);
    for (const std::string& run : page.runs) file << run << '\n';
    count += static_cast<int64_t>(page.runs.size());
    after = page.next;
  }
  file.close();
  if (!file) throw std::runtime_error("cannot write " + tmp + " (disk full?)");
  std::filesystem::rename(tmp, out);
  cleanup.done = true;
  return count;
}

// Checks the options, exports, reports; returns the exit code (0 done, 1 failed, 2 usage).
int run_export(const ExportOptions& o) {
  if (!o.slug.empty() && find_game(o.slug) == nullptr) {
    std::cerr << "gameboard runs export: no game is named " << o.slug << "\n";
    return 2;
  }
  std::unique_ptr<store::Store> store;
  PageSource source;
  if (!o.server.empty()) {
    harness::BaseUrl base;
    std::string error;
    if (!harness::parse_base_url(o.server, base, error)) {
      std::cerr << "gameboard runs export: " << error << "\n";
      return 2;
    }
    source = server_source(base, o);
  } else {
    store = open_store_or_explain(o.store, "runs export");
    if (!store) return 1;
    source = store_source(*store, o);
  }
  try {
    int64_t count = write_lines(source, o.out);
    std::cout << "exported " << count << " run" << (count == 1 ? "" : "s") << " to " << o.out
              << "\n";
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "gameboard runs export: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace

void add_runs_export(CLI::App& runs) {
  auto [command, options] = add_command(runs, "export", kHelp, run_export);
  CLI::Option* server =
      command->add_option("--server", options->server,
                          "Export from this server's API (http://host[:port]) instead of a store");
  add_store_options(*command, options->store);
  server->excludes(command->get_option("--db"));
  server->excludes(command->get_option("--data-dir"));
  command->add_option("--slug", options->slug, "Only this game's runs (default: every game)");
  command->add_option("--kind", options->kind, "Only human or agent runs (default: both)")
      ->check(CLI::IsMember({"human", "agent"}));
  command->add_option("--out", options->out, "The JSON Lines file to write (replaced if present)")
      ->required();
}

}  // namespace gb::cli
