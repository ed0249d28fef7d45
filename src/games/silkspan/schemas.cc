// Silkspan's JSON Schemas (2020-12) for its state and observation, published in /openapi.json
// through GameInfo. They describe the shape the codec (json.cc) writes and reads: field names,
// JSON types and the names of enumerations; ranges and consistency are the decoder's checks.
#include "games/silkspan/traits.h"

namespace gb::silkspan {

const std::string_view kStateSchema =
    R"SC({"type":"object","required":["seed","rngState","status","panel","tick","score","spools","g)SC"
    R"SC(rid","spinner","heading","thread","moths","beetles","spark","invulnerable","still","panels)SC"
    R"SC(Cleared","flawlessPanels","panelFlawless"],"properties":{"seed":{"type":"integer","minimum)SC"
    R"SC(":0,"maximum":4294967295},"rngState":{"type":"integer","minimum":0},"status":{"enum":["wai)SC"
    R"SC(ting","running","stageClear","over"]},"panel":{"type":"integer","minimum":1},"tick":{"type)SC"
    R"SC(":"integer","minimum":0},"score":{"type":"integer","minimum":0},"spools":{"type":"integer")SC"
    R"SC(,"minimum":0},"grid":{"type":"array","items":{"type":"string","pattern":"^[.#]*$"},"descri)SC"
    R"SC(ption":"One string per row, '#' woven, '.' open."},"spinner":{"type":"object","required":[)SC"
    R"SC("x","y"],"properties":{"x":{"type":"integer","minimum":0},"y":{"type":"integer","minimum":)SC"
    R"SC(0}}},"heading":{"type":["integer","null"],"enum":[0,1,2,3,null],"description":"0 up, 1 )SC"
    R"SC(right, 2 down, 3 left; null before the first setHeading."},"thread":{"type":"array","items)SC"
    R"SC(":{"type":"object","required":["x","y"],"properties":{"x":{"type":"integer","minimum":0},")SC"
    R"SC(y":{"type":"integer","minimum":0}}}},"moths":{"type":"array","items":{"type":"object","req)SC"
    R"SC(uired":["x","y","dx","dy","confined"],"properties":{"x":{"type":"integer","minimum":0},"y")SC"
    R"SC(:{"type":"integer","minimum":0},"dx":{"enum":[-1,1]},"dy":{"enum":[-1,1]},"confined":{"typ)SC"
    R"SC(e":"boolean"}}}},"beetles":{"type":"array","items":{"type":"object","required":["x","y","c)SC"
    R"SC(lockwise","walkIndex"],"properties":{"x":{"type":"integer","minimum":0},"y":{"type":"integ)SC"
    R"SC(er","minimum":0},"clockwise":{"type":"boolean"},"walkIndex":{"type":"integer","minimum":0})SC"
    R"SC(}}},"spark":{"oneOf":[{"type":"null"},{"type":"object","required":["x","y","index","timer")SC"
    R"SC(],"properties":{"x":{"type":"integer","minimum":0},"y":{"type":"integer","minimum":0},"ind)SC"
    R"SC(ex":{"type":"integer","minimum":0},"timer":{"type":"integer","minimum":0}}}]},"invulnerabl)SC"
    R"SC(e":{"type":"integer","minimum":0},"still":{"type":"integer","minimum":0},"panelsCleared":{)SC"
    R"SC("type":"integer","minimum":0},"flawlessPanels":{"type":"integer","minimum":0},"panelFlawle)SC"
    R"SC(ss":{"type":"boolean"}},"description":"The whole game; carry it forward unchanged. Ranges )SC"
    R"SC(and consistency are checked by the server (400 Invalid state)."})SC";

const std::string_view kObservationSchema =
    R"SC({"type":"object","required":["text","player"],"properties":{"text":{"type":"string"},"play)SC"
    R"SC(er":{"type":"object","required":["status","panel","tick","score","spools","spinnerX","spin)SC"
    R"SC(nerY","heading","threadLength","woven","coveragePct","targetPct","targetCells","invulnerab)SC"
    R"SC(le","still","sparkGrace","sparkIndex","moths","mothPeriod","beetles","beetlePeriod","panel)SC"
    R"SC(sCleared","flawlessPanels","moves"],"properties":{"status":{"enum":["waiting","running","s)SC"
    R"SC(tageClear","over"]},"panel":{"type":"integer"},"tick":{"type":"integer"},"score":{"type":")SC"
    R"SC(integer"},"spools":{"type":"integer"},"spinnerX":{"type":"integer"},"spinnerY":{"type":"in)SC"
    R"SC(teger"},"heading":{"type":"integer","minimum":-1},"threadLength":{"type":"integer"},"woven)SC"
    R"SC(":{"type":"integer"},"coveragePct":{"type":"integer"},"targetPct":{"type":"integer"},"targ)SC"
    R"SC(etCells":{"type":"integer"},"invulnerable":{"type":"integer"},"still":{"type":"integer"},")SC"
    R"SC(sparkGrace":{"type":"integer"},"sparkIndex":{"type":"integer","minimum":-1},"moths":{"type)SC"
    R"SC(":"integer"},"mothPeriod":{"type":"integer"},"beetles":{"type":"integer"},"beetlePeriod":{)SC"
    R"SC("type":"integer"},"panelsCleared":{"type":"integer"},"flawlessPanels":{"type":"integer"},")SC"
    R"SC(moves":{"type":"array","items":{"enum":[0,1,2,3]}}}}}})SC";

}  // namespace gb::silkspan
