// Tampered states over HTTP: a state edited to be inconsistent is refused with 400 "Invalid
// state" and an issue naming the field, for each game (issue 7; SL-99, SL-100, SL-101, and the
// Glimfall and Silkspan validation rules).
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "server/http_client.h"
#include "server/json_tree.h"
#include "server/live_server.h"

namespace gb::server::testing {
namespace {

Json number(const std::string& literal) {
  return Json{Json::Kind::kNumber, false, literal, {}, {}};
}

// Returns a mutable reference to the field `key` of an object (which must exist).
Json& field(Json& object, std::string_view key) {
  for (auto& [k, v] : object.fields) {
    if (k == key) return v;
  }
  throw std::runtime_error("no field " + std::string(key));
}

// Starts a game (and plays `warmup` actions) and returns the answer.
Json start(const std::string& slug, const std::vector<std::string>& warmup) {
  Json answer =
      Json::parse(http_request(live_port(), "GET", "/api/games/" + slug + "/init?seed=21").body);
  for (const std::string& action : warmup) {
    answer = Json::parse(
        http_request(live_port(), "POST", "/api/games/" + slug + "/action",
                     "{\"state\":" + answer.at("state").dump() + ",\"action\":" + action + "}")
            .body);
  }
  return answer;
}

struct Tamper {
  std::string name;
  std::function<void(Json&)> edit;
  std::string issue_prefix;  // the first issue must start with this
};

void expect_refused(const std::string& slug, const Json& answer, const Tamper& t) {
  Json state = answer.at("state");
  t.edit(state);
  std::string body = "{\"state\":" + state.dump() +
                     ",\"action\":" + answer.at("legalActions").items.at(0).dump() + "}";
  HttpReply reply = http_request(live_port(), "POST", "/api/games/" + slug + "/action", body);
  EXPECT_EQ(reply.status, 400) << t.name << ": " << reply.body;
  Json error = Json::parse(reply.body);
  EXPECT_EQ(error.at("error").text, "Invalid state") << t.name;
  ASSERT_FALSE(error.at("issues").items.empty()) << t.name;
  EXPECT_EQ(error.at("issues").items[0].text.rfind(t.issue_prefix, 0), 0u)
      << t.name << ": " << error.at("issues").items[0].text;
}

TEST(TamperedStates, Stormlark_SL99_SL100_SL101) {
  Json answer = start("stormlark", {});
  const Tamper cases[] = {
      {"hull 7", [](Json& s) { field(s, "hull") = number("7"); }, "state.hull: must be in 0..3"},
      {"negative charge", [](Json& s) { field(s, "charge") = number("-1"); }, "state.charge"},
      {"score above the guard", [](Json& s) { field(s, "score") = number("1000001"); },
       "state.score"},
      {"two entities on one cell",
       [](Json& s) {
         auto& e = field(s, "entities").items;
         field(e[1], "lane") = e[0].at("lane");
         field(e[1], "col") = e[0].at("col");
       },
       "state.entities (id"},
  };
  for (const Tamper& t : cases) expect_refused("stormlark", answer, t);
}

TEST(TamperedStates, Glimfall_RibFieldsAndCountersOutOfRange) {
  Json answer = start("glimfall", {R"({"type":"start"})"});
  const Tamper cases[] = {
      {"sparks 7", [](Json& s) { field(s, "sparks") = number("7"); }, "state.sparks"},
      {"rib gapW out of range",
       [](Json& s) { field(field(s, "ribs").items[0], "gapW") = number("99"); }, "state.ribs[0]"},
      {"rib kind out of range",
       [](Json& s) { field(field(s, "ribs").items[0], "kind") = number("9"); }, "state.ribs[0]"},
      {"bracket 12", [](Json& s) { field(s, "bracket") = number("12"); }, "state.bracket"},
  };
  for (const Tamper& t : cases) expect_refused("glimfall", answer, t);
}

TEST(TamperedStates, Silkspan_GridShapeAndThreadContiguity) {
  Json answer = start("silkspan", {R"({"type":"start"})"});
  const Tamper cases[] = {
      {"grid of 35 rows", [](Json& s) { field(s, "grid").items.pop_back(); }, "state.grid"},
      {"grid row too short", [](Json& s) { field(s, "grid").items[3].text.pop_back(); },
       "state.grid[3]"},
      {"spools 9", [](Json& s) { field(s, "spools") = number("9"); }, "state.spools"},
      {"thread that is not contiguous",
       [](Json& s) {
         Json a = Json::parse(R"({"x":10,"y":10})"), b = Json::parse(R"({"x":20,"y":20})");
         field(s, "thread").items = {a, b};
       },
       "state.thread"},
  };
  for (const Tamper& t : cases) expect_refused("silkspan", answer, t);
}

}  // namespace
}  // namespace gb::server::testing
