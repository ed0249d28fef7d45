// The pure pieces of the server without sockets: seed and target parsing, path matching,
// escaping, pretty-printing, the exception guard, and the handler's own limits.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "server/http/handler.h"
#include "server/http/response_head.h"
#include "server/http/router.h"
#include "server/http/site.h"
#include "server/http/target.h"
#include "server/pages/pretty_json.h"
#include "server/pages/static_files.h"
#include "server/routes/seed.h"

namespace gb::server {
namespace {

TEST(ServerUnits, ParseSeedAcceptsPlainDecimalInRangeOnly) {
  EXPECT_EQ(parse_seed("0"), 0u);
  EXPECT_EQ(parse_seed("4294967295"), 4294967295u);
  EXPECT_EQ(parse_seed("007"), 7u);
  for (auto bad : {"", "-1", "+1", "4294967296", "1.0", " 1", "1 ", "0x1", "١"}) {
    EXPECT_FALSE(parse_seed(bad).has_value()) << bad;
  }
}

TEST(ServerUnits, DrawSeedGivesDifferentSeedsInOneProcess) {
  uint32_t a = draw_seed();
  uint32_t b = draw_seed();
  uint32_t c = draw_seed();
  EXPECT_FALSE(a == b && b == c);
}

TEST(ServerUnits, QueryParamReadsTheFirstOccurrence) {
  EXPECT_EQ(query_param("seed=5", "seed"), "5");
  EXPECT_EQ(query_param("a=1&seed=5&seed=6", "seed"), "5");
  EXPECT_EQ(query_param("seed", "seed"), "");
  EXPECT_EQ(query_param("seeds=5", "seed"), std::nullopt);
  EXPECT_EQ(query_param("", "seed"), std::nullopt);
  Target t = split_target("/a/b?x=1?y");
  EXPECT_EQ(t.path, "/a/b");
  EXPECT_EQ(t.query, "x=1?y");
}

TEST(ServerUnits, MatchPathComparesSegmentsAndCapturesTheSlug) {
  std::string_view slug;
  EXPECT_TRUE(match_path("/api/games/{slug}/init", "/api/games/x/init", slug));
  EXPECT_EQ(slug, "x");
  EXPECT_FALSE(match_path("/api/games/{slug}/init", "/api/games//init", slug));
  EXPECT_FALSE(match_path("/api/games/{slug}/init", "/api/games/x/init/", slug));
  EXPECT_FALSE(match_path("/api/games", "/api/games/", slug));
  EXPECT_TRUE(match_path("/", "/", slug));
  EXPECT_FALSE(match_path("/", "", slug));
  EXPECT_FALSE(match_path("/", "//", slug));
}

TEST(ServerUnits, PrettyJsonIndentsAndKeepsInvalidInput) {
  EXPECT_EQ(pretty_json("{\"a\":[1,{}],\"b\":\"x\"}"),
            "{\n  \"a\": [\n    1,\n    {}\n  ],\n  \"b\": \"x\"\n}");
  EXPECT_EQ(pretty_json("{nope"), "{nope");
}

TEST(ServerUnits, BaseUrlTrustsOnlyPlainHosts) {
  EXPECT_EQ(base_url("127.0.0.1:8080"), "http://127.0.0.1:8080");
  EXPECT_EQ(base_url("[::1]:80"), "http://[::1]:80");
  EXPECT_EQ(base_url(""), "");
  EXPECT_EQ(base_url("evil\"><script>"), "");
  EXPECT_EQ(base_url("a b"), "");
}

TEST(ServerUnits, GuardTurnsAThrowInto500AndCountsIt) {
  uint64_t before = handler_exception_count();
  Response r = run_guarded([]() -> Response { throw std::runtime_error("boom"); });
  EXPECT_EQ(r.status, 500);
  EXPECT_EQ(r.content_type, "application/json");
  EXPECT_EQ(r.body, "{\"error\":\"Internal error\"}");
  EXPECT_EQ(handler_exception_count(), before + 1);
}

TEST(ServerUnits, HandlerAnswers413ForAnOversizedBodyWithoutSockets) {
  std::string body((1 << 20) + 1, ' ');
  Response r = handle(Request{"POST", "/api/games/stormlark/action", body, "", ""});
  EXPECT_EQ(r.status, 413);
  EXPECT_EQ(r.body, "{\"error\":\"Body too large\"}");
  ASSERT_FALSE(r.headers.empty());
  EXPECT_EQ(r.headers.back().name, "Access-Control-Allow-Origin");
}

TEST(ServerUnits, WebFilesRefuseUnsafeNamesAndMissingRoots) {
  set_web_root("");
  EXPECT_FALSE(web_file("index.html").has_value());
  set_web_root(WEB_FIXTURE_DIR);
  auto page = web_file("index.html");
  ASSERT_TRUE(page.has_value());
  EXPECT_EQ(page->content_type, "text/html; charset=utf-8");
  EXPECT_NE(page->body.find("fixture lobby"), std::string::npos);
  EXPECT_FALSE(web_file("../web_fixture/index.html").has_value());
  EXPECT_FALSE(web_file("/etc/passwd").has_value());
  EXPECT_FALSE(web_file("missing.html").has_value());
  Response lobby = handle(Request{"GET", "/", "", "", ""});
  EXPECT_NE(lobby.body.find("fixture lobby"), std::string::npos);
  set_web_root("");
  lobby = handle(Request{"GET", "/", "", "", ""});
  EXPECT_EQ(lobby.body.find("fixture lobby"), std::string::npos);
}

TEST(ServerUnits, WebAssetsAreServedTypedAndConfinedToTheWebRoot) {
  set_web_root(WEB_FIXTURE_DIR);
  Response script = handle(Request{"GET", "/web/app.js", "", "", ""});
  EXPECT_EQ(script.status, 200);
  EXPECT_EQ(script.content_type, "text/javascript; charset=utf-8");
  EXPECT_NE(script.body.find("fixture script"), std::string::npos);
  Response style = handle(Request{"GET", "/web/style.css", "", "", ""});
  EXPECT_EQ(style.status, 200);
  EXPECT_EQ(style.content_type, "text/css; charset=utf-8");
  for (const char* path :
       {"/web/index.html", "/web/missing.js", "/web/../unit_test.cc", "/web/..%2Funit_test.cc",
        "/web/%2E%2E/x.js", "/web/", "/web/a/app.js", "/web/..js"}) {
    EXPECT_EQ(handle(Request{"GET", path, "", "", ""}).status, 404) << path;
  }
  EXPECT_EQ(handle(Request{"POST", "/web/app.js", "", "", ""}).status, 405);
  set_web_root("");
  EXPECT_EQ(handle(Request{"GET", "/web/app.js", "", "", ""}).status, 404);
}

// Writes a wasm folder for the test: the module header of an empty WebAssembly module (kept out of
// git, which tracks no binaries), the glue and a file that must not be served.
std::string make_wasm_fixture() {
  auto dir =
      std::filesystem::temp_directory_path() / ("gb-wasm-fixture-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "gameboard_engine.wasm", std::ios::binary) << std::string("\0asm\1\0\0\0", 8);
  std::ofstream(dir / "gameboard_engine.mjs") << "export default 1;\n";
  std::ofstream(dir / "notes.txt") << "not served\n";
  return dir.string();
}

TEST(ServerUnits, WasmEngineFilesAreServedTypedFromTheWasmFolderOnly) {
  const std::string fixture = make_wasm_fixture();
  set_wasm_root(fixture);
  Response binary = handle(Request{"GET", "/wasm/gameboard_engine.wasm", "", "", ""});
  EXPECT_EQ(binary.status, 200);
  EXPECT_EQ(binary.content_type, "application/wasm");
  EXPECT_EQ(binary.body.substr(0, 4), std::string("\0asm", 4));
  Response glue = handle(Request{"GET", "/wasm/gameboard_engine.mjs", "", "", ""});
  EXPECT_EQ(glue.status, 200);
  EXPECT_EQ(glue.content_type, "text/javascript; charset=utf-8");
  for (const char* path : {"/wasm/notes.txt", "/wasm/missing.wasm", "/wasm/../index.html",
                           "/wasm/%2E%2E/app.js", "/wasm/"}) {
    EXPECT_EQ(handle(Request{"GET", path, "", "", ""}).status, 404) << path;
  }
  set_wasm_root("");
  EXPECT_EQ(handle(Request{"GET", "/wasm/gameboard_engine.wasm", "", "", ""}).status, 404);
  std::filesystem::remove_all(fixture);
}

TEST(ServerUnits, ReplayViewerPageIsServedForAFileAndForAStoredRun) {
  set_web_root(WEB_FIXTURE_DIR);
  for (const char* path : {"/replay", "/replay/42"}) {
    Response page = handle(Request{"GET", path, "", "", ""});
    EXPECT_EQ(page.status, 200) << path;
    EXPECT_EQ(page.content_type, "text/html; charset=utf-8");
    EXPECT_NE(page.body.find("fixture viewer"), std::string::npos) << path;
  }
  set_web_root("");
  EXPECT_EQ(handle(Request{"GET", "/replay", "", "", ""}).status, 404);
}

TEST(ServerUnits, ScorecardPagesAreServedFromTheWebRootOrGenerated) {
  set_web_root(WEB_FIXTURE_DIR);
  Response agents = handle(Request{"GET", "/agents", "", "", ""});
  EXPECT_EQ(agents.status, 200);
  EXPECT_EQ(agents.content_type, "text/html; charset=utf-8");
  EXPECT_NE(agents.body.find("fixture agents"), std::string::npos);
  Response card = handle(Request{"GET", "/scorecards/17", "", "", ""});
  EXPECT_EQ(card.status, 200);
  EXPECT_NE(card.body.find("fixture scorecard"), std::string::npos);
  EXPECT_EQ(handle(Request{"GET", "/scorecards", "", "", ""}).status, 404);
  EXPECT_EQ(handle(Request{"POST", "/agents", "", "", ""}).status, 405);
  set_web_root("");
  agents = handle(Request{"GET", "/agents", "", "", ""});
  EXPECT_EQ(agents.status, 200);
  EXPECT_NE(agents.body.find("/api/suites"), std::string::npos);
  // Without the web folder the generated card page links the card's JSON, its id escaped.
  card = handle(Request{"GET", "/scorecards/a<b>\"c", "", "", ""});
  EXPECT_EQ(card.status, 200);
  EXPECT_NE(card.body.find("/api/scorecards/a&lt;b&gt;&quot;c"), std::string::npos) << card.body;
  EXPECT_EQ(card.body.find("<b>"), std::string::npos);
  EXPECT_NE(handle(Request{"GET", "/", "", "", ""}).body.find("/agents\""), std::string::npos);
}

TEST(ServerUnits, ResponseHeadCarriesStatusTypeHeadersAndLength) {
  Response r = json_response(200, "{\"a\":1}");
  add_cors_headers(r);
  std::string head;
  write_response_head(r, true, 11, head);
  EXPECT_EQ(head,
            "HTTP/1.1 200 OK\r\nServer: gameboard\r\nContent-Type: application/json\r\n"
            "Access-Control-Allow-Origin: *\r\nContent-Length: 7\r\n\r\n");
}

TEST(ServerUnits, ResponseHeadSaysCloseOn11AndKeepAliveOn10) {
  Response r = json_error(413, "Body too large");
  std::string head;
  write_response_head(r, false, 11, head);
  EXPECT_EQ(head.rfind("HTTP/1.1 413 Payload Too Large\r\n", 0), 0u) << head;
  EXPECT_NE(head.find("\r\nConnection: close\r\n\r\n"), std::string::npos) << head;
  write_response_head(r, true, 10, head);
  EXPECT_EQ(head.rfind("HTTP/1.0 413", 0), 0u) << head;
  EXPECT_NE(head.find("\r\nConnection: keep-alive\r\n\r\n"), std::string::npos) << head;
  write_response_head(r, false, 10, head);
  EXPECT_EQ(head.find("Connection:"), std::string::npos) << head;
}

TEST(ServerUnits, ResponseHeadOmitsLengthFor204AndDropsHeadersWithLineBreaks) {
  Response r{204, {}, {}, {{"Allow", "GET"}, {"X-Bad", "a\r\nSet-Cookie: x"}}};
  std::string head;
  write_response_head(r, true, 11, head);
  EXPECT_EQ(head, "HTTP/1.1 204 No Content\r\nServer: gameboard\r\nAllow: GET\r\n\r\n");
}

}  // namespace
}  // namespace gb::server
