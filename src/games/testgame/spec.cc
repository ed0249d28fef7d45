// The texts Testgame publishes in `spec` and the docs, and its JSON Schemas.
#include "games/testgame/traits.h"

namespace gb::testgame {

const std::string_view kStateSchema =
    R"SC({"type":"object","required":["seed","pile","turn","score","started","over"],)SC"
    R"SC("properties":{)SC"
    R"SC("seed":{"type":"integer","minimum":0,"maximum":4294967295},)SC"
    R"SC("pile":{"type":"integer","minimum":0,"maximum":30},)SC"
    R"SC("turn":{"type":"integer","minimum":0,"maximum":660},)SC"
    R"SC("score":{"type":"integer","minimum":0,"maximum":30},"started":{"type":"boolean"},)SC"
    R"SC("over":{"type":"boolean"}}})SC";

const std::string_view kObservationSchema =
    R"SC({"type":"object","required":["text","pile","turn","score"],"properties":{)SC"
    R"SC("text":{"type":"string"},"pile":{"type":"integer"},"turn":{"type":"integer"},)SC"
    R"SC("score":{"type":"integer"}}})SC";

const GameInfo& Traits::info() {
  static const GameInfo kInfo{
      .slug = "testgame",
      .name = "Testgame",
      .genre = "test fixture",
      .description = "A pile of pebbles that exists only for tests.",
      .goal = "Take pebbles from a pile of 20..30 (20 + seed % 11) before turn 60.",
      .scoring = "Each pebble taken scores 1. Score only rises.",
      .rules =
          "Actions: {type:'start'}, {type:'take', count 1..3}, {type:'tick', count 1..600 "
          "optional, default 1}, {type:'endRun'}. The run waits for start: before it take and "
          "tick are refused with not_started, after it start is refused with already_started. "
          "take removes count pebbles and scores them; it is refused with pile_too_small when "
          "the pile holds fewer. take is one turn, tick is count turns. The run is over when "
          "the pile is empty, at turn 60, or after endRun; any action on a finished run is "
          "refused with game_over. A refusal changes nothing.",
      .action_grammar =
          R"SC({"oneOf":[{"type":"object","required":["type"],"properties":{"type":)SC"
          R"SC({"const":"start"}}},{"type":"object","required":["type","count"],)SC"
          R"SC("properties":{"type":)SC"
          R"SC({"const":"take"},"count":{"type":"integer","minimum":1,"maximum":3}}},)SC"
          R"SC({"type":"object","required":["type"],"properties":{"type":{"const":"tick"},)SC"
          R"SC("count":{"type":"integer","minimum":1,"maximum":600}}},)SC"
          R"SC({"type":"object","required":["type"],"properties":{"type":{"const":"endRun"}}}]})SC",
      .rules_version = 1,
      .state_schema = kStateSchema,
      .observation_schema = kObservationSchema,
  };
  return kInfo;
}

}  // namespace gb::testgame
