#include "server/routes/openapi.h"

#include <cctype>
#include <string_view>
#include <vector>

#include "core/json_writer.h"
#include "registry/registry.h"
#include "server/http/site.h"
#include "server/routes/batch_route.h"
#include "server/routes/routes.h"

namespace gb::server {
namespace {

constexpr std::string_view kSchemas = "#/components/schemas/";

// The component-name prefix of a game: its slug with the first letter upper-cased and anything
// but letters and digits dropped ("my-game" -> "Mygame").
std::string prefix_of(std::string_view slug) {
  std::string out;
  for (char c : slug) {
    if (std::isalnum(static_cast<unsigned char>(c)) == 0) continue;
    out += out.empty() ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
  }
  return out;
}

// Writes {"$ref": "#/components/schemas/<name>"}.
void write_ref(JsonWriter& w, std::string_view name) {
  w.begin_object();
  w.field("$ref", std::string(kSchemas) + std::string(name));
  w.end_object();
}

// Writes {"oneOf": [refs to <prefix of each game><suffix>]}.
void write_one_of_games(JsonWriter& w, std::string_view suffix) {
  w.begin_object();
  w.key("oneOf");
  w.begin_array();
  for (const GameService* game : all_games()) {
    write_ref(w, prefix_of(game->info().slug) + std::string(suffix));
  }
  w.end_array();
  w.end_object();
}

// Writes {"enum": [every slug]}.
void write_slug_enum(JsonWriter& w) {
  w.begin_object();
  w.field("type", "string");
  w.key("enum");
  write_slug_array(w);
  w.end_object();
}

// The schemas that do not depend on a game, as JSON texts.
struct NamedSchema {
  std::string_view name;
  std::string_view json;
};

constexpr NamedSchema
    kSharedSchemas[] =
        {
            {"Error",
             R"({"type":"object","required":["error"],"properties":{"error":{"type":"string"}}})"},
            {"InvalidSeed",
             R"({"type":"object","required":["error"],"properties":{"error":{"const":"Invalid seed"}}})"},
            {"InvalidInput",
             R"({"type":"object","required":["error","issues"],"description":"At most 12 issues, then one \"N more\".","properties":{"error":{"enum":["Invalid body","Invalid state"]},"issues":{"type":"array","items":{"type":"string"},"maxItems":13}}})"},
            {"InvalidEnvelope",
             R"({"type":"object","required":["error","issues"],"properties":{"error":{"const":"Invalid body"},"issues":{"type":"array","items":{"type":"string"},"maxItems":13}}})"},
            {"Health", R"({"type":"object","required":["ok"],"properties":{"ok":{"const":true}}})"},
            {"RunSubmission",
             R"({"type":"object","required":["slug","seed","actions","name"],"properties":{"slug":{"type":"string"},"seed":{"type":"integer","minimum":0,"maximum":4294967295},"actions":{"type":"array","maxItems":100000,"items":{"type":"object","description":"An action of the game's grammar."}},"name":{"type":"string","minLength":1,"description":"1 to 24 characters after trimming, NFC; letters, digits, space, _ - ."},"token":{"type":"string","description":"Needed for every run after the first under a name."},"kind":{"enum":["human","agent"],"default":"human"},"agent":{"type":"string"},"score":{"type":"integer","description":"When given, must equal the replayed score."},"scorecard":{"type":"string","description":"A scorecard id: the run fills one of its slots (with slot and the card's token)."},"slot":{"type":"integer","minimum":0,"description":"The slot index on the scorecard."}}})"},
            {"Run",
             R"({"type":"object","required":["id","slug","seed","score","length","steps","over","stateHash","name","kind","agent","createdAt","rulesVersion","rank"],"properties":{"id":{"type":"integer","minimum":1},"slug":{"type":"string"},"seed":{"type":"integer","minimum":0,"maximum":4294967295},"score":{"type":"integer"},"length":{"type":"integer","minimum":0},"steps":{"type":"integer","minimum":0},"over":{"type":"boolean"},"stateHash":{"type":"string","pattern":"^[0-9a-f]{16}$"},"name":{"type":"string"},"kind":{"enum":["human","agent"]},"agent":{"type":"string"},"createdAt":{"type":"string"},"rulesVersion":{"type":"integer","minimum":0},"rank":{"type":"integer","minimum":1},"token":{"type":"string","description":"Only on the first run under a new name: keep it."}}})"},
            {"StoredRun",
             R"({"type":"object","required":["id","slug","seed","score","length","steps","over","stateHash","name","kind","agent","createdAt","rulesVersion","current","actions"],"properties":{"id":{"type":"integer","minimum":1},"slug":{"type":"string"},"seed":{"type":"integer","minimum":0,"maximum":4294967295},"score":{"type":"integer"},"length":{"type":"integer","minimum":0},"steps":{"type":"integer","minimum":0},"over":{"type":"boolean"},"stateHash":{"type":"string","pattern":"^[0-9a-f]{16}$"},"name":{"type":"string"},"kind":{"enum":["human","agent"]},"agent":{"type":"string"},"createdAt":{"type":"string"},"rulesVersion":{"type":"integer","minimum":0},"current":{"type":"boolean","description":"Whether it was verified under the game's current rules version (only those rank)."},"actions":{"type":"array","items":{"type":"object"}}}})"},
            {"RunList",
             R"({"type":"object","required":["runs","next"],"properties":{"runs":{"type":"array","maxItems":1000,"items":{"$ref":"#/components/schemas/StoredRun"},"description":"Visible runs by ascending id, each as GET /api/runs/{id} gives it."},"next":{"type":["integer","null"],"minimum":1,"description":"The after of the following page; null at the end."}}})"},
            {"InvalidRun",
             R"({"type":"object","required":["error","issues"],"properties":{"error":{"const":"Invalid run"},"issues":{"type":"array","items":{"type":"string"}}}})"},
            {"Leaderboard",
             R"({"type":"object","required":["slug","kind","seed","daily","rulesVersion","total","limit","offset","entries"],"properties":{"slug":{"type":"string"},"kind":{"enum":["human","agent","all"]},"seed":{"type":["integer","null"]},"daily":{"type":["string","null"]},"rulesVersion":{"type":"integer","minimum":0},"total":{"type":"integer","minimum":0},"limit":{"type":"integer","minimum":1,"maximum":100},"offset":{"type":"integer","minimum":0},"entries":{"type":"array","items":{"type":"object","required":["rank","id","name","kind","agent","score","length","seed","createdAt"],"properties":{"rank":{"type":"integer","minimum":1},"id":{"type":"integer","minimum":1},"name":{"type":"string"},"kind":{"enum":["human","agent"]},"agent":{"type":"string"},"score":{"type":"integer"},"length":{"type":"integer"},"seed":{"type":"integer"},"createdAt":{"type":"string"}}}}}})"},
            {"Interval",
             R"({"type":["array","null"],"items":{"type":"number"},"minItems":2,"maxItems":2,"description":"A 95% interval [lo, hi]; null when it cannot be computed (one run)."})"},
            {"GameStats",
             R"({"type":"object","required":["n","mean","ci95","normalised","humanNormalised"],"properties":{"n":{"type":"integer","minimum":0},"mean":{"type":"number"},"ci95":{"$ref":"#/components/schemas/Interval"},"normalised":{"type":["number","null"]},"humanNormalised":{"type":["number","null"]}}})"},
            {"OverallStats",
             R"({"type":"object","required":["normalised","ci95"],"properties":{"normalised":{"type":["number","null"]},"ci95":{"$ref":"#/components/schemas/Interval"}}})"},
            {"CardAgent",
             R"({"type":"object","required":["label"],"properties":{"label":{"type":"string"},"model":{"type":"string"},"harness":{"type":"string"},"notes":{"type":"string"}}})"},
            {"CardSlot",
             R"({"type":"object","required":["index","slug","seed","maxActions"],"properties":{"index":{"type":"integer","minimum":0},"slug":{"type":"string"},"seed":{"type":"integer","minimum":0,"maximum":4294967295},"maxActions":{"type":"integer","minimum":1},"runId":{"type":["integer","null"]},"score":{"type":["integer","null"]}}})"},
            {"ScorecardRequest",
             R"({"type":"object","required":["suite","name"],"properties":{"suite":{"type":"string"},"name":{"type":"string"},"token":{"type":"string"},"agent":{"type":"object","properties":{"label":{"type":"string","maxLength":160},"model":{"type":"string"},"harness":{"type":"string"},"notes":{"type":"string"}}}}})"},
            {"CloseScorecard",
             R"({"type":"object","required":["token"],"properties":{"token":{"type":"string"},"usage":{"type":"object","properties":{"promptTokens":{"type":"integer","minimum":0},"completionTokens":{"type":"integer","minimum":0},"costUsd":{"type":"number","minimum":0},"seconds":{"type":"number","minimum":0}}}}})"},
            {"OpenedScorecard",
             R"({"type":"object","required":["id","suite","name","agent","status","openedAt","deadline","slots"],"properties":{"id":{"type":"string"},"suite":{"type":"string"},"name":{"type":"string"},"agent":{"$ref":"#/components/schemas/CardAgent"},"status":{"const":"open"},"openedAt":{"type":"string"},"deadline":{"type":"string"},"slots":{"type":"array","items":{"$ref":"#/components/schemas/CardSlot"}},"token":{"type":"string","description":"Shown once, when opening the card claimed a new name."}}})"},
            {"Scorecard",
             R"({"type":"object","required":["id","suite","name","agent","status","openedAt","closedAt","deadline","usage","slots","games","overall"],"properties":{"id":{"type":"string"},"suite":{"type":"string"},"name":{"type":"string"},"agent":{"$ref":"#/components/schemas/CardAgent"},"status":{"enum":["open","closed","expired"]},"openedAt":{"type":"string"},"closedAt":{"type":["string","null"]},"deadline":{"type":"string"},"usage":{"type":["object","null"]},"slots":{"type":"array","items":{"$ref":"#/components/schemas/CardSlot"}},"games":{"type":"object","additionalProperties":{"$ref":"#/components/schemas/GameStats"}},"overall":{"$ref":"#/components/schemas/OverallStats"}}})"},
            {"Suites",
             R"({"type":"object","required":["suites"],"properties":{"suites":{"type":"array","items":{"type":"object","required":["id","sealed","slots","games"],"properties":{"id":{"type":"string"},"sealed":{"type":"boolean"},"slots":{"type":"integer","minimum":1},"games":{"type":"array","items":{"type":"object","required":["slug","count","maxActions","reference"],"properties":{"slug":{"type":"string"},"count":{"type":"integer","minimum":1},"maxActions":{"type":"integer","minimum":1},"seeds":{"type":"array","items":{"type":"integer","minimum":0,"maximum":4294967295}},"reference":{"type":"object","required":["random","planner"],"properties":{"random":{"type":"number"},"planner":{"type":"number"}}}}}}}}}}})"},
            {"AgentBoard",
             R"({"type":"object","required":["suite","total","entries"],"properties":{"suite":{"type":"string"},"total":{"type":"integer","minimum":0},"entries":{"type":"array","items":{"type":"object","required":["rank","name","agent","cards","runs","games","overall"],"properties":{"rank":{"type":"integer","minimum":1},"name":{"type":"string"},"agent":{"$ref":"#/components/schemas/CardAgent"},"cards":{"type":"integer","minimum":1},"runs":{"type":"integer","minimum":0},"games":{"type":"object","additionalProperties":{"$ref":"#/components/schemas/GameStats"}},"overall":{"$ref":"#/components/schemas/OverallStats"}}}}}})"},
            {"Daily",
             R"({"type":"object","required":["slug","date","seed"],"properties":{"slug":{"type":"string"},"date":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"},"seed":{"type":"integer","minimum":0,"maximum":4294967295}}})"},
};

void write_game_index_schema(JsonWriter& w) {
  w.begin_object();
  w.field("type", "object");
  w.raw(R"("required":["service","description","howToPlay","docs","openapi","count","games"])");
  w.key("properties");
  w.begin_object();
  w.raw(R"("service":{"type":"string"},"description":{"type":"string"},)"
        R"("howToPlay":{"type":"object","required":["step1","step2","choosingActions"],)"
        R"("properties":{"step1":{"type":"string"},"step2":{"type":"string"},)"
        R"("choosingActions":{"type":"string"}}},"docs":{"type":"string"},)"
        R"("openapi":{"type":"string"},"count":{"type":"integer","minimum":0})");
  w.key("games");
  w.begin_object();
  w.field("type", "array");
  w.key("items");
  w.begin_object();
  w.field("type", "object");
  w.raw(
      R"("required":["slug","name","genre","description","goal","initUrl","actionUrl","docsUrl"])");
  w.key("properties");
  w.begin_object();
  w.key("slug");
  write_slug_enum(w);
  w.raw(R"("name":{"type":"string"},"genre":{"type":"string"},"description":{"type":"string"},)"
        R"("goal":{"type":"string"},"initUrl":{"type":"string"},"actionUrl":{"type":"string"},)"
        R"("docsUrl":{"type":"string"})");
  w.end_object();
  w.end_object();
  w.end_object();
  w.end_object();
  w.end_object();
}

void write_unknown_game_schema(JsonWriter& w) {
  w.begin_object();
  w.field("type", "object");
  w.raw(R"("required":["error","games"])");
  w.key("properties");
  w.begin_object();
  w.raw(R"("error":{"const":"Unknown game"})");
  w.key("games");
  w.begin_object();
  w.field("type", "array");
  w.key("items");
  write_slug_enum(w);
  w.end_object();
  w.end_object();
  w.end_object();
}

// Writes the fields every game answer shares after `state`: observation, legalActions, score,
// gameOver (as "properties" members).
void write_common_properties(JsonWriter& w, const std::string& p) {
  w.key("observation");
  write_ref(w, p + "Observation");
  w.key("legalActions");
  w.begin_object();
  w.field("type", "array");
  w.key("items");
  write_ref(w, p + "Action");
  w.end_object();
  w.raw(R"("score":{"type":"integer"},"gameOver":{"type":"boolean"})");
}

// Writes the schema `name`: an object whose one required property `array` holds
// kMinBatchItems..kMaxBatchItems items of schema `item` (a batch's request and answer).
void write_batch_envelope(JsonWriter& w, const std::string& name, std::string_view array,
                          const std::string& item) {
  w.key(name);
  w.begin_object();
  w.field("type", "object");
  w.key("required");
  w.begin_array();
  w.value(array);
  w.end_array();
  w.key("properties");
  w.begin_object();
  w.key(array);
  w.begin_object();
  w.field("type", "array");
  w.field("minItems", static_cast<uint64_t>(kMinBatchItems));
  w.field("maxItems", static_cast<uint64_t>(kMaxBatchItems));
  w.key("items");
  write_ref(w, item);
  w.end_object();
  w.end_object();
  w.end_object();
}

// Writes the schemas of one game: its state, action, observation, spec, and every answer and
// request of its init, action and batch routes.
void write_game_schemas(JsonWriter& w, const GameInfo& info) {
  const std::string p = prefix_of(info.slug);
  w.key(p + "State");
  w.raw(info.state_schema);
  w.key(p + "Action");
  w.raw(info.action_grammar);
  w.key(p + "Observation");
  w.raw(info.observation_schema);

  w.key(p + "Spec");
  w.begin_object();
  w.field("type", "object");
  w.raw(R"("required":["slug","name","goal","scoring","rules","actionGrammar"])");
  w.key("properties");
  w.begin_object();
  w.key("slug");
  w.begin_object();
  w.field("const", info.slug);
  w.end_object();
  w.raw(R"("name":{"type":"string"},"goal":{"type":"string"},"scoring":{"type":"string"},)"
        R"("rules":{"type":"string"},"actionGrammar":{"type":"object"})");
  w.end_object();
  w.end_object();

  const auto answer = [&](std::string_view suffix, std::string_view description, bool ok,
                          bool init) {
    w.key(p + std::string(suffix));
    w.begin_object();
    w.field("type", "object");
    w.field("description", description);
    w.key("required");
    w.begin_array();
    w.value("ok");
    if (!ok) w.value("reason");
    for (std::string_view k : {"state", "observation", "legalActions"}) w.value(k);
    if (init) w.value("spec");
    w.value("score");
    w.value("gameOver");
    w.end_array();
    w.key("properties");
    w.begin_object();
    w.key("ok");
    w.begin_object();
    w.field("const", ok);
    w.end_object();
    if (!ok) w.raw(R"("reason":{"type":"string"})");
    w.key("state");
    write_ref(w, p + "State");
    write_common_properties(w, p);
    if (init) {
      w.key("spec");
      write_ref(w, p + "Spec");
    }
    w.end_object();
    w.end_object();
  };
  answer("InitAnswer", "A new game.", true, true);
  answer("ActionAccepted", "The action was applied: the new state.", true, false);
  answer("ActionRefused",
         "The rules refused the action: `state` is the JSON value that was sent, unchanged.", false,
         false);

  w.key(p + "ActionAnswer");
  w.begin_object();
  w.key("oneOf");
  w.begin_array();
  write_ref(w, p + "ActionAccepted");
  write_ref(w, p + "ActionRefused");
  w.end_array();
  w.end_object();

  w.key(p + "ActionRequest");
  w.begin_object();
  w.field("type", "object");
  w.raw(R"("required":["state","action"])");
  w.key("properties");
  w.begin_object();
  w.key("state");
  write_ref(w, p + "State");
  w.key("action");
  write_ref(w, p + "Action");
  w.end_object();
  w.end_object();

  write_batch_envelope(w, p + "BatchRequest", "items", p + "ActionRequest");

  // One batch result: an action answer with its status in front.
  const auto with_status = [&](int status, std::string_view target) {
    w.begin_object();
    w.key("allOf");
    w.begin_array();
    write_ref(w, target);
    w.begin_object();
    w.raw(R"("required":["status"])");
    w.key("properties");
    w.begin_object();
    w.key("status");
    w.begin_object();
    w.field("const", status);
    w.end_object();
    w.end_object();
    w.end_object();
    w.end_array();
    w.end_object();
  };
  w.key(p + "BatchResult");
  w.begin_object();
  w.key("oneOf");
  w.begin_array();
  with_status(200, p + "ActionAccepted");
  with_status(200, p + "ActionRefused");
  with_status(400, "InvalidInput");
  w.end_array();
  w.end_object();

  write_batch_envelope(w, p + "BatchAnswer", "results", p + "BatchResult");
}

void write_components(JsonWriter& w) {
  w.key("components");
  w.begin_object();
  w.key("schemas");
  w.begin_object();
  for (const NamedSchema& s : kSharedSchemas) {
    w.key(s.name);
    w.raw(s.json);
  }
  w.key("GamesIndex");
  write_game_index_schema(w);
  w.key("UnknownGame");
  write_unknown_game_schema(w);
  for (const GameService* game : all_games()) write_game_schemas(w, game->info());
  w.end_object();
  w.end_object();
}

// Writes one response: {description, content: {type: {schema}}} (`schema` writes the schema).
template <class Schema>
void write_response(JsonWriter& w, std::string_view status, std::string_view description,
                    std::string_view type, Schema schema) {
  w.key(status);
  w.begin_object();
  w.field("description", description);
  w.key("content");
  w.begin_object();
  w.key(type);
  w.begin_object();
  w.key("schema");
  schema();
  w.end_object();
  w.end_object();
  w.end_object();
}

void json_ref_response(JsonWriter& w, std::string_view status, std::string_view description,
                       std::string_view name) {
  write_response(w, status, description, "application/json", [&] { write_ref(w, name); });
}

void text_response(JsonWriter& w, std::string_view description, std::string_view type) {
  write_response(w, "200", description, type, [&] {
    w.raw(type == "application/json" ? R"({"type":"object"})" : R"({"type":"string"})");
  });
}

// The `{slug}` path parameter: any string (an unknown one answers 404).
void write_slug_parameter(JsonWriter& w) {
  w.raw(R"({"name":"slug","in":"path","required":true,"schema":{"type":"string"},)"
        R"("description":"A game's slug; an unknown one answers 404 Unknown game."})");
}

void write_seed_parameter(JsonWriter& w) {
  w.raw(R"({"name":"seed","in":"query","required":false,"schema":{"type":"integer",)"
        R"("minimum":0,"maximum":4294967295},"description":"Plain decimal. Absent: the server )"
        R"(draws one and returns it in state.seed."})");
}

// Writes an operation's first members: operationId, summary and tags (the caller has opened the
// operation object under its method's key).
void begin_operation(JsonWriter& w, std::string_view id, std::string_view summary,
                     std::string_view tag) {
  w.field("operationId", id);
  w.field("summary", summary);
  w.key("tags");
  w.begin_array();
  w.value(tag);
  w.end_array();
}

// The answers a POST route may give before any route code runs.
void write_body_errors(JsonWriter& w, std::string_view limit) {
  json_ref_response(w, "413", std::string("Body too large (over ") + std::string(limit) + ").",
                    "Error");
  json_ref_response(w, "429", "Server busy: too many request bodies in flight (Retry-After).",
                    "Error");
}

// The schema names and operation ids of a game path: a game's own (its prefix), or the `{slug}`
// path's, whose schemas are the oneOf of every game's.
struct GamePath {
  JsonWriter& w;
  std::string p;  // the game's prefix, empty for the `{slug}` path

  GamePath(JsonWriter& writer, const GameService* game)
      : w(writer), p(game != nullptr ? prefix_of(game->info().slug) : std::string()) {}
  bool any() const { return p.empty(); }
  std::string id(std::string_view suffix) const {
    return (any() ? std::string("game") : p) + std::string(suffix);
  }
  void schema(std::string_view suffix) const {
    if (any()) {
      write_one_of_games(w, suffix);
    } else {
      write_ref(w, p + std::string(suffix));
    }
  }
  void parameters(bool with_seed) const {
    if (!any() && !with_seed) return;
    w.key("parameters");
    w.begin_array();
    if (any()) write_slug_parameter(w);
    if (with_seed) write_seed_parameter(w);
    w.end_array();
  }
  void request_body(std::string_view suffix) const {
    w.key("requestBody");
    w.begin_object();
    w.field("required", true);
    w.key("content");
    w.begin_object();
    w.key("application/json");
    w.begin_object();
    w.key("schema");
    schema(suffix);
    w.end_object();
    w.end_object();
    w.end_object();
  }
};

// GET /api/games/{slug}/init (or one game's own path when `game` is set).
void write_init_operation(JsonWriter& w, const GameService* game) {
  GamePath g(w, game);
  begin_operation(w, g.id("Init"), "Start a game (init answer).", "games");
  g.parameters(true);
  w.key("responses");
  w.begin_object();
  write_response(w, "200", "The init answer.", "application/json", [&] { g.schema("InitAnswer"); });
  json_ref_response(w, "400", "The seed is not plain decimal in 0..4294967295.", "InvalidSeed");
  if (g.any()) json_ref_response(w, "404", "Unknown game.", "UnknownGame");
  w.end_object();
}

// The texts of a POST game operation (action or batch).
struct PostGameTexts {
  std::string_view id;  // appended to the game's prefix, e.g. "Action"
  std::string_view summary;
  std::string_view request;  // the request body's schema suffix
  std::string_view answer_200;
  std::string_view answer;  // the 200 answer's schema suffix
  std::string_view answer_400;
  std::string_view schema_400;
  std::string_view limit;  // the body limit, e.g. "1 MiB"
};

// POST /api/games/{slug}/<route> (or one game's own path when `game` is set).
void write_post_game_operation(JsonWriter& w, const GameService* game, const PostGameTexts& t) {
  GamePath g(w, game);
  begin_operation(w, g.id(t.id), t.summary, "games");
  g.parameters(false);
  g.request_body(t.request);
  w.key("responses");
  w.begin_object();
  write_response(w, "200", t.answer_200, "application/json", [&] { g.schema(t.answer); });
  json_ref_response(w, "400", t.answer_400, t.schema_400);
  if (g.any()) json_ref_response(w, "404", "Unknown game.", "UnknownGame");
  write_body_errors(w, t.limit);
  w.end_object();
}

// POST /api/games/{slug}/action.
void write_action_operation(JsonWriter& w, const GameService* game) {
  write_post_game_operation(
      w, game,
      {"Action", "Apply one action to a carried state (accepted or refused).", "ActionRequest",
       "Accepted (ok true) or refused by the rules (ok false).", "ActionAnswer",
       "Invalid body (not JSON, no state or action, an action outside the grammar) or Invalid "
       "state.",
       "InvalidInput", "1 MiB"});
}

// POST /api/games/{slug}/batch.
void write_batch_operation(JsonWriter& w, const GameService* game) {
  write_post_game_operation(
      w, game,
      {"Batch", "Apply 1..256 independent {state, action} items in one request.", "BatchRequest",
       "One result per item, in item order: the action route's answer for that item with its "
       "status (200 or 400) in front.",
       "BatchAnswer",
       "A malformed envelope: not JSON, no items array, 0 or more than 256 items, an item that is "
       "not an object.",
       "InvalidEnvelope", "8 MiB"});
}

// A GET operation answering one schema (or text) with 200.
void write_simple_get(JsonWriter& w, std::string_view id, std::string_view summary,
                      std::string_view tag, std::string_view type, std::string_view schema_name,
                      bool slug) {
  begin_operation(w, id, summary, tag);
  if (slug) {
    w.key("parameters");
    w.begin_array();
    write_slug_parameter(w);
    w.end_array();
  }
  w.key("responses");
  w.begin_object();
  if (schema_name.empty()) {
    text_response(w, summary, type);
  } else {
    json_ref_response(w, "200", summary, schema_name);
  }
  if (slug) json_ref_response(w, "404", "Unknown game.", "UnknownGame");
  w.end_object();
}

// POST /api/runs (SPEC.md section 8).
void write_submit_run_operation(JsonWriter& w, const GameService*) {
  begin_operation(w, "submitRun",
                  "Submit a run (slug, seed, actions); the server replays it and stores the "
                  "score it computed.",
                  "runs");
  w.raw(R"("requestBody":{"required":true,"content":{"application/json":{"schema":)"
        R"({"$ref":"#/components/schemas/RunSubmission"}}}})");
  w.key("responses");
  w.begin_object();
  json_ref_response(w, "201", "Stored: the verified run, its rank, and token on a new name.",
                    "Run");
  json_ref_response(w, "200", "This exact run was already stored (idempotent).", "Run");
  json_ref_response(w, "400",
                    "Invalid run: an action outside the grammar or refused (its index named), a "
                    "declared score that differs from the replay, a bad name or a bound passed.",
                    "InvalidRun");
  json_ref_response(w, "403", "Name taken: token missing or wrong.", "Error");
  json_ref_response(w, "413", "Body too large (over 4 MiB).", "Error");
  json_ref_response(w, "429", "Too many runs from this client (Retry-After).", "Error");
  json_ref_response(w, "503",
                    "Busy (the work queue is full) or Store unavailable; Retry-After says when to "
                    "try again, and nothing was stored.",
                    "Error");
  w.end_object();
}

// GET /api/runs/{id}.
void write_get_run_operation(JsonWriter& w, const GameService*) {
  begin_operation(w, "getRun", "A stored run with its actions.", "runs");
  w.raw(R"("parameters":[{"name":"id","in":"path","required":true,"schema":{"type":"string"}}])");
  w.key("responses");
  w.begin_object();
  json_ref_response(w, "200", "The stored run with its actions.", "StoredRun");
  json_ref_response(w, "404", "Unknown or hidden run.", "Error");
  json_ref_response(w, "503", "Busy or Store unavailable (Retry-After).", "Error");
  w.end_object();
}

// GET /api/runs: the open-data listing.
void write_list_runs_operation(JsonWriter& w, const GameService*) {
  begin_operation(w, "listRuns",
                  "Open data: every visible run with its actions, by ascending id, page by page "
                  "(pass next as after until it is null).",
                  "runs");
  w.raw(R"("parameters":[{"name":"slug","in":"query","schema":{"type":"string"},)"
        R"("description":"Only this game's runs; an unknown game answers 400."},)"
        R"({"name":"kind","in":"query","schema":{"enum":["human","agent"]},)"
        R"("description":"Only this kind; absent: both."},)"
        R"({"name":"after","in":"query","schema":{"type":"integer","minimum":0,"default":0},)"
        R"("description":"Only runs with a larger id: the previous page's next."},)"
        R"({"name":"limit","in":"query","schema":{"type":"integer","minimum":1,"maximum":1000,)"
        R"("default":100}}])");
  w.key("responses");
  w.begin_object();
  json_ref_response(w, "200", "One page of runs, and the after of the next page.", "RunList");
  json_ref_response(w, "400",
                    "Invalid query: a parameter out of its range or an unknown game (issues name "
                    "it).",
                    "Error");
  json_ref_response(w, "503", "Busy or Store unavailable (Retry-After).", "Error");
  w.end_object();
}

// GET /api/suites (SPEC.md section 14).
void write_suites_operation(JsonWriter& w, const GameService*) {
  write_simple_get(
      w, "listSuites",
      "The scorecard suites: games, slots, action caps, open seeds and reference means.",
      "scorecards", "", "Suites", false);
}

// The {id} path parameter of a scorecard.
void write_card_id_parameter(JsonWriter& w) {
  w.raw(R"("parameters":[{"name":"id","in":"path","required":true,"schema":{"type":"string"}}])");
}

// POST /api/scorecards.
void write_open_card_operation(JsonWriter& w, const GameService*) {
  begin_operation(w, "openScorecard",
                  "Open a scorecard on a suite: its slots (game, seed, cap) are fixed now; fill "
                  "each with POST /api/runs (scorecard, slot), then close it.",
                  "scorecards");
  w.raw(R"("requestBody":{"required":true,"content":{"application/json":{"schema":)"
        R"({"$ref":"#/components/schemas/ScorecardRequest"}}}})");
  w.key("responses");
  w.begin_object();
  json_ref_response(w, "201", "The open card, and a token when it claimed a new name.",
                    "OpenedScorecard");
  json_ref_response(
      w, "400", "Invalid scorecard: an unknown suite or a bad field (issues name it).", "Error");
  json_ref_response(w, "403", "Name taken: token missing or wrong.", "Error");
  json_ref_response(w, "429", "The name already has 4 open cards.", "Error");
  json_ref_response(w, "503", "Busy or Store unavailable (Retry-After).", "Error");
  w.end_object();
}

// GET /api/scorecards/{id}.
void write_get_card_operation(JsonWriter& w, const GameService*) {
  begin_operation(w, "getScorecard",
                  "A scorecard: its slots and runs, per game mean with its 95% interval, "
                  "normalised scores and the overall score.",
                  "scorecards");
  write_card_id_parameter(w);
  w.key("responses");
  w.begin_object();
  json_ref_response(w, "200", "The card.", "Scorecard");
  json_ref_response(w, "404", "Unknown scorecard.", "Error");
  json_ref_response(w, "503", "Busy or Store unavailable (Retry-After).", "Error");
  w.end_object();
}

// POST /api/scorecards/{id}/close.
void write_close_card_operation(JsonWriter& w, const GameService*) {
  begin_operation(w, "closeScorecard",
                  "Close a scorecard: empty slots score 0 and the card joins its suite's board.",
                  "scorecards");
  write_card_id_parameter(w);
  w.raw(R"("requestBody":{"required":true,"content":{"application/json":{"schema":)"
        R"({"$ref":"#/components/schemas/CloseScorecard"}}}})");
  w.key("responses");
  w.begin_object();
  json_ref_response(w, "200", "The final card (closing a closed card again answers it).",
                    "Scorecard");
  json_ref_response(w, "400", "Invalid close body.", "Error");
  json_ref_response(w, "403", "Wrong token.", "Error");
  json_ref_response(w, "404", "Unknown scorecard.", "Error");
  json_ref_response(w, "409", "Scorecard closed: it expired at its deadline.", "Error");
  json_ref_response(w, "503", "Busy or Store unavailable (Retry-After).", "Error");
  w.end_object();
}

// GET /api/scorecards: the agents' board.
void write_agents_board_operation(JsonWriter& w, const GameService*) {
  begin_operation(w, "getAgentsBoard",
                  "A suite's agents' board: one row per name pooled over every closed or expired "
                  "card, ranked by overall normalised score.",
                  "scorecards");
  w.raw(R"("parameters":[{"name":"suite","in":"query","schema":{"type":"string",)"
        R"("default":"open-v1"}},{"name":"limit","in":"query","schema":{"type":"integer",)"
        R"("minimum":1,"maximum":100,"default":20}},{"name":"offset","in":"query","schema":{)"
        R"("type":"integer","minimum":0,"default":0}}])");
  w.key("responses");
  w.begin_object();
  json_ref_response(w, "200", "The board.", "AgentBoard");
  json_ref_response(w, "400", "Invalid query: an unknown suite or a bad limit or offset.", "Error");
  json_ref_response(w, "503", "Busy or Store unavailable (Retry-After).", "Error");
  w.end_object();
}

// GET /api/leaderboard/{slug}.
void write_leaderboard_operation(JsonWriter& w, const GameService*) {
  begin_operation(w, "getLeaderboard",
                  "A game's board: each name's best verified run, descending score, "
                  "competition ranking.",
                  "runs");
  w.key("parameters");
  w.begin_array();
  write_slug_parameter(w);
  w.raw(R"({"name":"kind","in":"query","schema":{"enum":["human","agent","all"],)"
        R"("default":"human"}},{"name":"seed","in":"query","schema":{"type":"integer",)"
        R"("minimum":0,"maximum":4294967295}},{"name":"daily","in":"query","schema":{)"
        R"("type":"string","pattern":"^([0-9]{4}-[0-9]{2}-[0-9]{2}|today)$"}},{"name":"limit",)"
        R"("in":"query","schema":{"type":"integer","minimum":1,"maximum":100,"default":20}},)"
        R"({"name":"offset","in":"query","schema":{"type":"integer","minimum":0,"default":0}})");
  w.end_array();
  w.key("responses");
  w.begin_object();
  json_ref_response(w, "200", "The board.", "Leaderboard");
  json_ref_response(w, "400", "Invalid query: a parameter out of its range (issues name it).",
                    "Error");
  json_ref_response(w, "404", "Unknown game.", "UnknownGame");
  json_ref_response(w, "503", "Busy or Store unavailable (Retry-After).", "Error");
  w.end_object();
}

// POST /mcp: the MCP server's Streamable HTTP endpoint (docs/mcp.md); its messages are
// JSON-RPC 2.0, described by the MCP specification rather than here.
void write_mcp_operation(JsonWriter& w, const GameService*) {
  begin_operation(w, "mcp",
                  "MCP (Model Context Protocol, revision 2025-11-25) over Streamable HTTP: one "
                  "JSON-RPC 2.0 message per request; the game tools of docs/mcp.md.",
                  "mcp");
  w.raw(R"("requestBody":{"required":true,"content":{"application/json":{"schema":)"
        R"({"type":"object","description":"A JSON-RPC 2.0 request or notification."}}}})");
  w.key("responses");
  w.begin_object();
  write_response(w, "200", "The JSON-RPC answer (a result or a JSON-RPC error).",
                 "application/json", [&] {
                   w.raw(R"({"type":"object","required":["jsonrpc"],"properties":{"jsonrpc":)"
                         R"({"const":"2.0"}}})");
                 });
  w.raw(R"("202":{"description":"A notification was accepted; no body."})");
  json_ref_response(w, "403", "A browser Origin that is neither this server nor configured.",
                    "Error");
  json_ref_response(w, "503", "Busy or Store unavailable (Retry-After).", "Error");
  w.end_object();
}

// GET /web/{file}.
void write_web_asset_operation(JsonWriter& w, const GameService*) {
  begin_operation(w, "webAsset",
                  "A script, style sheet or image of the web root (.js .mjs .css .svg .png).",
                  "pages");
  w.raw(R"("parameters":[{"name":"file","in":"path","required":true,)"
        R"("schema":{"type":"string"}}])");
  w.key("responses");
  w.begin_object();
  text_response(w, "The file, typed by its extension.", "*/*");
  json_ref_response(w, "404", "Not found.", "Error");
  w.end_object();
}

// Writes one path item {"<method>": {operation}, ...} of `rows` (one pattern) at `path` (`game`
// for a per-game path, else null).
void write_path(JsonWriter& w, std::span<const Route> rows, std::string_view path,
                const GameService* game) {
  w.key(path);
  w.begin_object();
  for (const Route& route : rows) {
    std::string method(route.method);
    for (char& c : method) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    w.key(method);
    w.begin_object();
    route.openapi->write(w, game);
    w.end_object();
  }
  w.end_object();
}

// The paths object, from the route table in its order. A run of per-game rows is described once
// per registered game (`{slug}` replaced by its slug), then once as the `{slug}` pattern; other
// consecutive rows of one pattern (GET and POST /api/runs) share one path object.
void write_paths(JsonWriter& w, std::span<const Route> routes) {
  w.key("paths");
  w.begin_object();
  for (size_t i = 0; i < routes.size();) {
    if (routes[i].openapi == nullptr) {
      ++i;
      continue;
    }
    size_t end = i + 1;
    bool per_game = routes[i].openapi->per_game;
    while (end < routes.size() && routes[end].openapi != nullptr &&
           (per_game
                ? routes[end].openapi->per_game
                : !routes[end].openapi->per_game && routes[end].pattern == routes[i].pattern)) {
      ++end;
    }
    if (per_game) {
      for (const GameService* game : all_games()) {
        for (size_t r = i; r < end; ++r) {
          write_path(w, routes.subspan(r, 1), described_path(routes[r].pattern, game->info().slug),
                     game);
        }
      }
      for (size_t r = i; r < end; ++r)
        write_path(w, routes.subspan(r, 1), routes[r].pattern, nullptr);
    } else {
      write_path(w, routes.subspan(i, end - i), routes[i].pattern, nullptr);
    }
    i = end;
  }
  w.end_object();
}

std::string render_document() {
  JsonWriter w;
  w.begin_object();
  w.field("openapi", "3.1.0");
  w.field("jsonSchemaDialect", "https://json-schema.org/draft/2020-12/schema");
  w.key("info");
  w.begin_object();
  w.field("title", kServiceName);
  w.field("version", "1.0.0");
  w.field("description",
          std::string(kServiceDescription) +
              " Stateless: carry the whole state forward, one action (or one batch) per call. "
              "Every answer carries Access-Control-Allow-Origin: *; any other path answers 404 "
              "{\"error\":\"Not found\"}, a known path with another method 405.");
  w.end_object();
  w.raw(R"("servers":[{"url":"/"}])");
  w.raw(
      R"("tags":[{"name":"games"},{"name":"runs"},{"name":"scorecards"},{"name":"mcp"},{"name":"docs"},{"name":"pages"},)"
      R"({"name":"service"}])");
  write_paths(w, route_table());
  write_components(w);
  w.end_object();
  return w.take();
}

}  // namespace

std::string described_path(std::string_view pattern, std::string_view slug) {
  std::string path(pattern);
  size_t at = path.find("{slug}");
  if (at != std::string::npos) path.replace(at, 6, slug);
  return path;
}

// The operations the route table names, one per described row.
const OpenApiOperation kListGamesOperation{[](JsonWriter& w, const GameService*) {
  write_simple_get(w, "listGames", "The index of every game.", "games", "", "GamesIndex", false);
}};
const OpenApiOperation kInitOperation{write_init_operation, true};
const OpenApiOperation kActionOperation{write_action_operation, true};
const OpenApiOperation kBatchOperation{write_batch_operation, true};
const OpenApiOperation kSubmitRunOperation{write_submit_run_operation};
const OpenApiOperation kListRunsOperation{write_list_runs_operation};
const OpenApiOperation kGetRunOperation{write_get_run_operation};
const OpenApiOperation kLeaderboardOperation{write_leaderboard_operation};
const OpenApiOperation kDailyOperation{[](JsonWriter& w, const GameService*) {
  write_simple_get(w, "getDaily", "Today's (UTC) challenge seed.", "runs", "", "Daily", true);
}};
const OpenApiOperation kMcpOperation{write_mcp_operation};
const OpenApiOperation kSuitesOperation{write_suites_operation};
const OpenApiOperation kOpenCardOperation{write_open_card_operation};
const OpenApiOperation kGetCardOperation{write_get_card_operation};
const OpenApiOperation kCloseCardOperation{write_close_card_operation};
const OpenApiOperation kAgentsBoardOperation{write_agents_board_operation};
const OpenApiOperation kHealthOperation{[](JsonWriter& w, const GameService*) {
  write_simple_get(w, "health", "Liveness: {\"ok\":true}.", "service", "", "Health", false);
}};
const OpenApiOperation kOpenApiOperation{[](JsonWriter& w, const GameService*) {
  write_simple_get(w, "openapi", "This document.", "service", "application/json", "", false);
}};
const OpenApiOperation kMetricsOperation{[](JsonWriter& w, const GameService*) {
  write_simple_get(w, "metrics",
                   "Prometheus text exposition (version 0.0.4): requests by route and status, "
                   "latency histograms, the work queue, store errors, open connections.",
                   "service", "text/plain", "", false);
}};
const OpenApiOperation kLlmsTxtOperation{[](JsonWriter& w, const GameService*) {
  write_simple_get(w, "llmsTxt", "The plain-text entry point for agents.", "docs", "text/plain", "",
                   false);
}};
const OpenApiOperation kDocsOverviewOperation{[](JsonWriter& w, const GameService*) {
  write_simple_get(w, "docsOverview", "HTML docs: the loop and every game.", "docs", "text/html",
                   "", false);
}};
const OpenApiOperation kGameDocsOperation{[](JsonWriter& w, const GameService*) {
  write_simple_get(w, "gameDocs", "HTML docs of one game.", "docs", "text/html", "", true);
}};
const OpenApiOperation kLobbyOperation{[](JsonWriter& w, const GameService*) {
  write_simple_get(w, "lobby", "The browser lobby (HTML).", "pages", "text/html", "", false);
}};
const OpenApiOperation kPlayPageOperation{[](JsonWriter& w, const GameService*) {
  write_simple_get(w, "playPage", "The human play page of one game (HTML).", "pages", "text/html",
                   "", true);
}};
const OpenApiOperation kWebAssetOperation{write_web_asset_operation};

const std::string& openapi_document() {
  static const std::string kDocument = render_document();
  return kDocument;
}

Response openapi_route(const RouteContext&) {
  return json_response(200, openapi_document());
}

}  // namespace gb::server
