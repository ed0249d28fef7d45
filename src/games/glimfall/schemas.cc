// Glimfall's JSON Schemas (2020-12) for its state and observation, published in /openapi.json
// through GameInfo. They describe the shape the codec (json.cc) writes and reads: field names,
// JSON types and the names of enumerations; ranges and consistency are the decoder's checks.
#include "games/glimfall/traits.h"

namespace gb::glimfall {

const std::string_view kStateSchema =
    R"SC({"type":"object","required":["seed","status","tick","bracket","turnLock","sparks","blaze",)SC"
    R"SC("score","reach","ribsDescended","settle","blazeWindow","bleedTimer","ribs","motes","events)SC"
    R"SC("],"properties":{"seed":{"type":"integer","minimum":0,"maximum":4294967295},"status":{"enu)SC"
    R"SC(m":["waiting","running","done"]},"tick":{"type":"integer","minimum":0},"bracket":{"type":")SC"
    R"SC(integer","minimum":0},"turnLock":{"type":"integer","minimum":0},"sparks":{"type":"integer")SC"
    R"SC(,"minimum":0},"blaze":{"type":"integer","minimum":0},"score":{"type":"integer","minimum":0)SC"
    R"SC(},"reach":{"type":"integer","minimum":1},"ribsDescended":{"type":"integer","minimum":0},"s)SC"
    R"SC(ettle":{"type":"integer","minimum":0},"blazeWindow":{"type":"integer","minimum":0},"bleedT)SC"
    R"SC(imer":{"type":"integer","minimum":0},"ribs":{"type":"array","items":{"type":"object","requ)SC"
    R"SC(ired":["id","kind","gapStart","gapW","turnDir","turnEvery","spawnTick","arriveTick","gap2S)SC"
    R"SC(tart","brightBracket","resolved"],"properties":{"id":{"type":"integer","minimum":0},"kind")SC"
    R"SC(:{"enum":[0,1,2,3],"description":"0 plain, 1 turn, 2 split, 3 bloom"},"gapStart":{"type":")SC"
    R"SC(integer"},"gapW":{"type":"integer"},"turnDir":{"type":"integer"},"turnEvery":{"type":"inte)SC"
    R"SC(ger"},"spawnTick":{"type":"integer","minimum":0},"arriveTick":{"type":"integer","minimum":)SC"
    R"SC(0},"gap2Start":{"type":"integer"},"brightBracket":{"type":"integer"},"resolved":{"type":"b)SC"
    R"SC(oolean"}}}},"motes":{"type":"array","items":{"type":"object","required":["id","bracket","t)SC"
    R"SC(ick","value","state"],"properties":{"id":{"type":"integer","minimum":0},"bracket":{"type":)SC"
    R"SC("integer","minimum":0},"tick":{"type":"integer","minimum":0},"value":{"type":"integer","mi)SC"
    R"SC(nimum":0},"state":{"enum":["pending","swept","missed"]}}}},"events":{"type":"array","items)SC"
    R"SC(":{"type":"object","required":["t","type","ref","value"],"properties":{"t":{"type":"intege)SC"
    R"SC(r","minimum":0},"type":{"enum":["sweep","miss","thread","bright","beacon","knock","phase",)SC"
    R"SC("reach","restore","lapse","bleed","settled","spawn","over"]},"ref":{"type":"integer","mini)SC"
    R"SC(mum":-1},"value":{"type":"integer","minimum":0}}}}},"description":"The whole game; carry )SC"
    R"SC(it forward unchanged. Ranges and consistency are checked by the server (400 Invalid )SC"
    R"SC(state)."})SC";

const std::string_view kObservationSchema =
    R"SC({"type":"object","required":["text","player"],"properties":{"text":{"type":"string"},"play)SC"
    R"SC(er":{"type":"object","required":["tick","bracket","turnLock","sparks","blaze","score","rea)SC"
    R"SC(ch","ribsDescended","settle","blazeWindow","bleedTimer","multiplier","bracketsReachable",")SC"
    R"SC(nearestRibId","ribs","motes"],"properties":{"tick":{"type":"integer"},"bracket":{"type":"i)SC"
    R"SC(nteger"},"turnLock":{"type":"integer"},"sparks":{"type":"integer"},"blaze":{"type":"intege)SC"
    R"SC(r"},"score":{"type":"integer"},"reach":{"type":"integer"},"ribsDescended":{"type":"integer)SC"
    R"SC("},"settle":{"type":"integer"},"blazeWindow":{"type":"integer"},"bleedTimer":{"type":"inte)SC"
    R"SC(ger"},"multiplier":{"type":"integer"},"bracketsReachable":{"type":"integer"},"nearestRibId)SC"
    R"SC(":{"type":"integer","minimum":-1},"ribs":{"type":"integer"},"motes":{"type":"integer"}}}}})SC";

}  // namespace gb::glimfall
