// The runs routes through the pure handler, over a private in-memory SQLite store: every answer
// of SPEC section 8's table, and bad input that changes nothing.
#include <gtest/gtest.h>

#include "core/clock.h"
#include "runs/secrets.h"
#include "server/http/handler.h"
#include "server/routes/run_routes.h"
#include "store/sqlite_store.h"

namespace gb::server {
namespace {

class RunRoutes : public ::testing::Test {
 protected:
  void SetUp() override {
    store_ = store::open_sqlite_store(":memory:");
    services_.store = store_.get();
    services_.daily_secret = "test-secret";
  }

  Response post(const std::string& body) {
    Request r{"POST", "/api/runs", body, "127.0.0.1:8080", "127.0.0.1"};
    return handle(r, &services_);
  }
  Response get(const std::string& target) {
    Request r{"GET", target, "", "127.0.0.1:8080", "127.0.0.1"};
    return handle(r, &services_);
  }

  // Parses an answer body; the parser lives as long as the fixture.
  JsonValue json(const Response& r) {
    JsonValue root;
    EXPECT_EQ(parser_.parse(r.body).get(root), simdjson::SUCCESS) << r.body;
    return root;
  }

  std::unique_ptr<store::Store> store_;
  Services services_;
  simdjson::dom::parser parser_;
};

constexpr const char* kTwoUps = R"([{"type":"UP"},{"type":"UP"}])";

std::string run_body(const std::string& name, const std::string& actions = kTwoUps,
                     const std::string& extra = "") {
  return R"({"slug":"stormlark","seed":1,"actions":)" + actions + R"(,"name":")" + name + "\"" +
         extra + "}";
}

TEST_F(RunRoutes, AVerifiedRunIsStoredOnceAndFoundAgain) {
  Response first = post(run_body("ada"));
  ASSERT_EQ(first.status, 201) << first.body;
  JsonValue a = json(first);
  int64_t id = a["id"].get_int64().value();
  EXPECT_EQ(std::string(a["name"].get_string().value()), "ada");
  EXPECT_EQ(std::string(a["kind"].get_string().value()), "human");
  EXPECT_EQ(a["length"].get_int64().value(), 2);
  EXPECT_EQ(a["rank"].get_int64().value(), 1);
  EXPECT_FALSE(a["over"].get_bool().value());
  std::string token(a["token"].get_string().value());
  EXPECT_GE(token.size(), 32u);

  // The exact same run again: 200, the same id, never counted twice, no new token.
  Response again = post(run_body("ada", kTwoUps, R"(,"token":")" + token + "\""));
  ASSERT_EQ(again.status, 200) << again.body;
  JsonValue b = json(again);
  EXPECT_EQ(b["id"].get_int64().value(), id);
  EXPECT_TRUE(b["token"].error() == simdjson::NO_SUCH_FIELD);
  // And without the token, or with a wrong one (SPEC 16): still 200 with the stored run, since
  // nothing new is written; no token comes back.
  for (const std::string& extra : {std::string(), std::string(R"(,"token":"wrong")")}) {
    Response tokenless = post(run_body("ada", kTwoUps, extra));
    ASSERT_EQ(tokenless.status, 200) << tokenless.body;
    JsonValue c = json(tokenless);
    EXPECT_EQ(c["id"].get_int64().value(), id);
    EXPECT_TRUE(c["token"].error() == simdjson::NO_SUCH_FIELD);
  }
  // A new run under the name still needs its token.
  Response other = post(run_body("ada", R"([{"type":"UP"}])"));
  EXPECT_EQ(other.status, 403) << other.body;

  Response stored = get("/api/runs/" + std::to_string(id));
  ASSERT_EQ(stored.status, 200) << stored.body;
  JsonValue s = json(stored);
  EXPECT_EQ(simdjson::minify(s["actions"].value()), kTwoUps);
  EXPECT_TRUE(s["current"].get_bool().value());
  Response board = get("/api/leaderboard/stormlark");
  EXPECT_EQ(json(board)["total"].get_int64().value(), 1);
}

TEST_F(RunRoutes, TheScoreIsTheReplaysNeverTheClients) {
  Response forged = post(run_body("ada", kTwoUps, R"(,"score":999)"));
  ASSERT_EQ(forged.status, 400);
  EXPECT_EQ(forged.body,
            R"({"error":"Invalid run","issues":["score: declared 999, replay gives 4"]})");
  Response right = post(run_body("ada", kTwoUps, R"(,"score":4)"));
  EXPECT_EQ(right.status, 201) << right.body;
  EXPECT_EQ(json(get("/api/leaderboard/stormlark"))["total"].get_int64().value(), 1);
}

TEST_F(RunRoutes, RefusedAndMalformedActionsAreNamedByIndex) {
  Response refused = post(run_body("ada", R"([{"type":"UP"},{"type":"NEXT_REACH"}])"));
  ASSERT_EQ(refused.status, 400);
  EXPECT_EQ(refused.body,
            R"({"error":"Invalid run","issues":["actions[1]: refused: not_at_gate"]})");
  Response unknown = post(run_body("ada", R"([{"type":"JUMP"}])"));
  ASSERT_EQ(unknown.status, 400);
  EXPECT_NE(unknown.body.find("actions[0].type"), std::string::npos) << unknown.body;
  EXPECT_EQ(json(get("/api/leaderboard/stormlark"))["total"].get_int64().value(), 0);
}

TEST_F(RunRoutes, MalformedSubmissionsSayWhatIsWrong) {
  struct Case {
    std::string body;
    std::string expect;
  };
  std::vector<Case> cases = {
      {"not json", "not valid JSON"},
      {"[]", "must be an object"},
      {R"({"seed":1,"actions":[],"name":"a"})", "body.slug: is missing"},
      {R"({"slug":"stormlark","seed":-1,"actions":[],"name":"a"})", "body.seed"},
      {R"({"slug":"stormlark","seed":4294967296,"actions":[],"name":"a"})", "body.seed"},
      {R"({"slug":"stormlark","seed":"1","actions":[],"name":"a"})", "body.seed"},
      {R"({"slug":"stormlark","seed":1,"name":"a"})", "body.actions: is missing"},
      {R"({"slug":"stormlark","seed":1,"actions":{},"name":"a"})", "actions: must be an array"},
      {R"({"slug":"stormlark","seed":1,"actions":[]})", "body.name: is missing"},
      {R"({"slug":"stormlark","seed":1,"actions":[],"name":"<b>x</b>"})", "name: character U+003C"},
      {R"({"slug":"stormlark","seed":1,"actions":[],"name":"a\u0000b"})", "U+0000"},
      {R"({"slug":"stormlark","seed":1,"actions":[],"name":"Admin"})", "is reserved"},
      {R"({"slug":"stormlark","seed":1,"actions":[],"name":"a","kind":"robot"})", "body.kind"},
      {R"({"slug":"stormlark","seed":1,"actions":[],"name":"a","kind":1})", "body.kind"},
      {R"({"slug":"stormlark","seed":1,"actions":[],"name":"a","score":1.5})", "body.score"},
      {R"({"slug":"stormlark","seed":1,"actions":[],"name":"a","agent":"<x>"})", "agent: "},
      {R"({"slug":"tetris","seed":1,"actions":[],"name":"a"})", "unknown game 'tetris'"},
  };
  for (const Case& c : cases) {
    Response r = post(c.body);
    EXPECT_EQ(r.status, 400) << c.body << " -> " << r.body;
    EXPECT_NE(r.body.find("\"Invalid run\""), std::string::npos) << r.body;
    EXPECT_NE(r.body.find(c.expect), std::string::npos) << c.body << " -> " << r.body;
  }
  EXPECT_EQ(json(get("/api/leaderboard/stormlark?kind=all"))["total"].get_int64().value(), 0);
}

TEST_F(RunRoutes, ANameTakenNeedsItsToken) {
  Response first = post(run_body("ada"));
  ASSERT_EQ(first.status, 201);
  std::string token(json(first)["token"].get_string().value());
  std::string other = R"([{"type":"DOWN"}])";
  Response stolen = post(run_body("ADA", other));
  EXPECT_EQ(stolen.status, 403);
  EXPECT_EQ(stolen.body, R"({"error":"Name taken"})");
  Response wrong = post(run_body("ada", other, R"(,"token":"nope")"));
  EXPECT_EQ(wrong.status, 403);
  Response owner = post(run_body("ada", other, R"(,"token":")" + token + "\""));
  EXPECT_EQ(owner.status, 201) << owner.body;
}

TEST_F(RunRoutes, AClientChosenStrongTokenClaimsANewNameSoARetryKeepsIt) {
  std::string mine(40, 'k');
  Response first = post(run_body("ada", kTwoUps, R"(,"token":")" + mine + "\""));
  ASSERT_EQ(first.status, 201);
  EXPECT_EQ(std::string(json(first)["token"].get_string().value()), mine);
  Response retry = post(run_body("ada", kTwoUps, R"(,"token":")" + mine + "\""));
  EXPECT_EQ(retry.status, 200);
  // A weak token does not claim: the server mints one instead.
  Response weak = post(run_body("bob", kTwoUps, R"(,"token":"short")"));
  ASSERT_EQ(weak.status, 201);
  EXPECT_NE(std::string(json(weak)["token"].get_string().value()), "short");
}

TEST_F(RunRoutes, BodiesUpTo4MiBAreReadAndLargerOnesAre413) {
  std::string padded = run_body("ada", kTwoUps, std::string(2 << 20, ' ') + R"(,"agent":"")");
  EXPECT_EQ(post(padded).status, 201) << "a 2 MiB body is within this route's bound";
  std::string huge = run_body("bob", kTwoUps, std::string(4 << 20, ' ') + R"(,"agent":"")");
  EXPECT_EQ(post(huge).status, 413);
}

TEST_F(RunRoutes, TheActionBoundIsNamed) {
  services_.bounds.max_actions = 3;
  Response r =
      post(run_body("ada", R"([{"type":"VENT"},{"type":"VENT"},{"type":"VENT"},{"type":"VENT"}])"));
  ASSERT_EQ(r.status, 400);
  EXPECT_NE(r.body.find("actions: 4 actions, the bound is 3"), std::string::npos) << r.body;
}

TEST_F(RunRoutes, HiddenAndUnknownRunsAre404) {
  Response first = post(run_body("ada"));
  int64_t id = json(first)["id"].get_int64().value();
  ASSERT_TRUE(store_->set_hidden(id, true));
  EXPECT_EQ(get("/api/runs/" + std::to_string(id)).status, 404);
  EXPECT_EQ(json(get("/api/leaderboard/stormlark"))["total"].get_int64().value(), 0);
  EXPECT_EQ(get("/api/runs/999").status, 404);
  EXPECT_EQ(get("/api/runs/abc").status, 404);
  EXPECT_EQ(get("/api/runs/-1").status, 404);
  EXPECT_EQ(get("/api/runs/99999999999999999999999").status, 404);
}

TEST_F(RunRoutes, BoardQueriesAreValidated) {
  for (std::string bad :
       {"kind=robot", "limit=0", "limit=101", "limit=x", "offset=-1", "seed=-1", "seed=4294967296",
        "daily=2026-13-01", "daily=2026-02-30", "daily=yesterday"}) {
    Response r = get("/api/leaderboard/stormlark?" + bad);
    EXPECT_EQ(r.status, 400) << bad << " -> " << r.body;
    EXPECT_NE(r.body.find("Invalid query"), std::string::npos) << r.body;
  }
  EXPECT_EQ(get("/api/leaderboard/tetris").status, 404);
  Response ok = get("/api/leaderboard/stormlark?kind=agent&limit=5&offset=0&seed=1");
  ASSERT_EQ(ok.status, 200) << ok.body;
  JsonValue b = json(ok);
  EXPECT_EQ(std::string(b["kind"].get_string().value()), "agent");
  EXPECT_EQ(b["seed"].get_int64().value(), 1);
  EXPECT_TRUE(b["daily"].is_null());
}

TEST_F(RunRoutes, TheDailyChallengeIsTodaysKeyedSeedAndItsBoard) {
  std::string today = utc_today();
  uint32_t seed = runs::daily_seed("test-secret", "stormlark", today);
  Response daily = get("/api/daily/stormlark");
  ASSERT_EQ(daily.status, 200);
  JsonValue d = json(daily);
  EXPECT_EQ(std::string(d["date"].get_string().value()), today);
  EXPECT_EQ(d["seed"].get_int64().value(), int64_t{seed});
  EXPECT_NE(seed, runs::daily_seed("test-secret", "glimfall", today));

  std::string on_daily = R"({"slug":"stormlark","seed":)" + std::to_string(seed) +
                         R"(,"actions":[{"type":"VENT"}],"name":"ada"})";
  ASSERT_EQ(post(on_daily).status, 201);
  ASSERT_EQ(post(run_body("bob")).status, 201);  // seed 1: not today's challenge
  JsonValue board = json(get("/api/leaderboard/stormlark?daily=" + today));
  EXPECT_EQ(board["total"].get_int64().value(), 1);
  EXPECT_EQ(std::string(board["daily"].get_string().value()), today);
  EXPECT_EQ(board["seed"].get_int64().value(), int64_t{seed});
  EXPECT_EQ(json(get("/api/leaderboard/stormlark?daily=today"))["total"].get_int64().value(), 1);
  EXPECT_EQ(get("/api/leaderboard/stormlark?daily=today&seed=1").status, 400);
}

TEST_F(RunRoutes, WithoutAStoreTheRoutesAnswer503) {
  Request r{"POST", "/api/runs", run_body("ada"), "", ""};
  Response answer = handle(r, nullptr);
  EXPECT_EQ(answer.status, 503);
  EXPECT_EQ(handle(Request{"GET", "/api/leaderboard/stormlark", "", "", ""}, nullptr).status, 503);
}

TEST_F(RunRoutes, WrongMethodsAre405) {
  Response r = handle(Request{"PUT", "/api/runs", "", "", ""}, &services_);
  EXPECT_EQ(r.status, 405);
}

// The id of a stored run from a POST answer.
int64_t id_of(const Response& r) {
  EXPECT_EQ(r.status, 201) << r.body;
  simdjson::dom::parser parser;
  return parser.parse(r.body)["id"].get_int64().value();
}

TEST_F(RunRoutes, TheListingPagesVisibleRunsEachAsGetRunGivesIt) {
  int64_t ada = id_of(post(run_body("ada")));
  int64_t bob = id_of(post(run_body("bob", "[]")));
  int64_t cy = id_of(post(run_body("cy")));
  int64_t dee = id_of(post(run_body("dee", R"([{"type":"UP"}])")));
  ASSERT_TRUE(store_->set_hidden(bob, true));

  Response first = get("/api/runs?limit=2");
  ASSERT_EQ(first.status, 200) << first.body;
  JsonValue page = json(first);
  simdjson::dom::array runs = page["runs"].get_array().value();
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(simdjson::minify(runs.at(0).value()), get("/api/runs/" + std::to_string(ada)).body);
  EXPECT_EQ(simdjson::minify(runs.at(1).value()), get("/api/runs/" + std::to_string(cy)).body);
  EXPECT_EQ(page["next"].get_int64().value(), cy);

  Response second = get("/api/runs?limit=2&after=" + std::to_string(cy));
  ASSERT_EQ(second.status, 200) << second.body;
  EXPECT_EQ(second.body,
            R"({"runs":[)" + get("/api/runs/" + std::to_string(dee)).body + R"(],"next":null})");
  // A page that holds exactly the last runs ends the listing: next is null, not an empty page.
  EXPECT_TRUE(json(get("/api/runs?limit=3"))["next"].is_null());
  EXPECT_EQ(get("/api/runs?after=" + std::to_string(dee)).body, R"({"runs":[],"next":null})");
  // The defaults: after 0, 100 a page; and the filters.
  EXPECT_EQ(json(get("/api/runs"))["runs"].get_array().value().size(), 3u);
  EXPECT_EQ(json(get("/api/runs?slug=stormlark&kind=human"))["runs"].get_array().value().size(),
            3u);
  EXPECT_EQ(get("/api/runs?kind=agent").body, R"({"runs":[],"next":null})");
}

TEST_F(RunRoutes, ListingQueriesAreValidated) {
  auto issue = [&](const std::string& query) {
    Response r = get("/api/runs?" + query);
    EXPECT_EQ(r.status, 400) << query;
    return r.body;
  };
  EXPECT_EQ(issue("limit=0"), R"({"error":"Invalid query","issues":["limit: must be 1..1000"]})");
  EXPECT_EQ(issue("limit=1001"),
            R"({"error":"Invalid query","issues":["limit: must be 1..1000"]})");
  EXPECT_EQ(issue("limit=ten"), R"({"error":"Invalid query","issues":["limit: must be 1..1000"]})");
  EXPECT_EQ(issue("after=-1"),
            R"({"error":"Invalid query","issues":["after: must be a run id or 0"]})");
  EXPECT_EQ(issue("kind=all"),
            R"({"error":"Invalid query","issues":["kind: must be human or agent"]})");
  EXPECT_EQ(issue("slug=nope"),
            R"({"error":"Invalid query","issues":["slug: no game is named nope"]})");
  EXPECT_EQ(get("/api/runs?limit=1000").status, 200);
  EXPECT_EQ(handle(Request{"GET", "/api/runs", "", "", ""}, nullptr).status, 503);
}

}  // namespace
}  // namespace gb::server
