// `gameboard serve`: binds the HTTP server, prints where it listens, and runs until SIGINT or
// SIGTERM, then exits 0.
#include <filesystem>
#include <iostream>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <memory>
#include <string>
#include <vector>

#include "cli/command_setup.h"
#include "cli/commands.h"
#include "cli/store_options.h"
#include "runs/secrets.h"
#include "server/http/http_server.h"
#include "server/http/rate_limiter.h"
#include "server/http/services.h"
#include "server/http/trusted_proxies.h"
#include "server/pages/static_files.h"

namespace gb::cli {
namespace {

struct ServeOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 8080;
  unsigned threads = 0;
  std::string web_root = "web";
  std::string wasm_dir = GB_DEFAULT_WASM_DIR;
  StoreOptions store;
  double submit_rate = 30;   // run submissions per minute per client
  double submit_burst = 20;  // submissions a client may make at once
  unsigned work_threads = 4;
  size_t work_queue = 64;
  std::vector<std::string> mcp_origins;
  std::vector<std::string> trusted_proxies;  // peers whose X-Forwarded-For is believed
};

// The command's description in --help.
constexpr const char* kHelp =
    "Serve the games over HTTP: the JSON API (/api/games), agent docs (/llms.txt, "
    "/docs/api) and the browser lobby (/). Runs until SIGINT or SIGTERM.";

// Keeps memory freed by requests in the process. At glibc's defaults each worker thread's arena
// hands its free top back to the kernel once it passes a threshold that stays small, so the next
// requests take page faults and the whole process TLB shootdowns to map it again: under a load of
// submissions that was a third of the server's CPU, rising as the heap fragmented
// (docs/performance.md, "Fills against the server's copy of the card, and the allocator"). Memory
// in use is unchanged; the process keeps its peak.
void keep_freed_memory() {
#if defined(__GLIBC__)
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

// Runs the server with `options`; returns the process exit code.
int run_serve(const ServeOptions& options) {
  namespace fs = std::filesystem;
  keep_freed_memory();
  std::error_code ec;
  if (fs::is_directory(options.web_root, ec)) server::set_web_root(options.web_root);
  if (fs::is_directory(options.wasm_dir, ec)) server::set_wasm_root(options.wasm_dir);
  std::unique_ptr<store::Store> store = open_store_or_explain(options.store, "serve");
  if (!store) return 1;
  server::RateLimiter limiter(options.submit_rate, options.submit_burst);
  server::Services services;
  services.store = store.get();
  services.submit_limiter = &limiter;
  services.mcp_origins = options.mcp_origins;
  runs::CardCache card_cache;
  services.card_cache = &card_cache;
  runs::SlotCache slot_cache;
  services.slot_cache = &slot_cache;
  try {
    services.daily_secret = store->get_or_put_setting("daily_secret", runs::random_token());
  } catch (const std::exception& e) {
    std::cerr << "gameboard serve: cannot read the daily secret: " << e.what() << "\n";
    return 1;
  }
  server::ServerOptions server_options;
  server_options.host = options.host;
  server_options.port = options.port;
  server_options.threads = options.threads;
  server_options.services = &services;
  server_options.work_threads = options.work_threads;
  server_options.work_queue = options.work_queue;
  server_options.trusted_proxies = options.trusted_proxies;
  server::Server server(server_options);
  uint16_t port = 0;
  try {
    port = server.start();
  } catch (const std::exception& e) {
    std::cerr << "gameboard serve: cannot listen on " << options.host << ":" << options.port << ": "
              << e.what() << "\n";
    return 1;
  }
  server.stop_on_signals();
  std::cout << "Runs are stored in " << describe_store(options.store) << "\n";
  std::cout << "Serving on http://" << options.host << ":" << port << std::endl;
  server.wait();
  std::cout << "Stopped." << std::endl;
  return 0;
}

}  // namespace

void register_serve_command(CLI::App& app) {
  auto [serve, options] = add_command(app, "serve", kHelp, run_serve);
  serve->add_option("--host", options->host, "Address to listen on")
      ->envname("HOST")
      ->capture_default_str();
  add_bounded_option(*serve, "--port", options->port, "Port to listen on; 0 picks a free one", 0,
                     65535)
      ->envname("PORT");
  add_bounded_option(*serve, "--threads", options->threads,
                     "I/O threads; 0 means one per hardware thread, at least 2", 0, 256);
  serve
      ->add_option("--web-root", options->web_root,
                   "Folder of browser pages (index.html, play.html); used when it exists")
      ->capture_default_str();
  serve
      ->add_option("--wasm-dir", options->wasm_dir,
                   "Folder of the WebAssembly engine (gameboard_engine.mjs/.wasm) served at "
                   "/wasm/; used when it exists")
      ->capture_default_str();
  add_store_options(*serve, options->store);
  serve->add_option("--mcp-origin", options->mcp_origins,
                    "A browser origin (e.g. https://agents.example) that may call POST /mcp "
                    "besides the server's own; repeat for several");
  add_bounded_option(*serve, "--submit-rate", options->submit_rate,
                     "Run submissions per minute one client (address) may make; more answer 429",
                     0.0, 1e6);
  add_bounded_option(*serve, "--submit-burst", options->submit_burst,
                     "Run submissions one client may make at once before the rate applies", 1.0,
                     1e6);
  add_bounded_option(*serve, "--work-threads", options->work_threads,
                     "Threads that verify runs and talk to the store, off the connection threads",
                     1, 256);
  add_bounded_option(*serve, "--work-queue", options->work_queue,
                     "Store requests that may wait for a work thread; more answer 503 Busy", 1,
                     100000);
  serve
      ->add_option("--trusted-proxy", options->trusted_proxies,
                   "A proxy's IP address (repeatable): requests from it are limited per the "
                   "client its X-Forwarded-For names (the rightmost untrusted entry); from any "
                   "other peer the header is ignored")
      ->check(CLI::Validator(
          [](const std::string& text) -> std::string {
            return server::parse_address(text) ? "" : "not an IP address: " + text;
          },
          "IP"));
}

}  // namespace gb::cli
