// Stormlark's JSON Schemas (2020-12) for its state and observation, published in /openapi.json
// through GameInfo. They describe the shape the codec (json.cc) writes and reads: field names,
// JSON types and the names of enumerations; ranges and consistency are the decoder's checks.
#include "games/stormlark/traits.h"

namespace gb::stormlark {

const std::string_view kStateSchema =
    R"SC({"type":"object","required":["seed","rngState","phase","reach","shipLane","hull","charge",)SC"
    R"SC("chain","score","turn","nextId","columnsDrawn","reachFlawless","entities"],"properties":{")SC"
    R"SC(seed":{"type":"integer","minimum":0,"maximum":4294967295},"rngState":{"type":"integer","mi)SC"
    R"SC(nimum":0},"phase":{"enum":["flying","reachClear","over"]},"reach":{"type":"integer","minim)SC"
    R"SC(um":1},"shipLane":{"type":"integer","minimum":0},"hull":{"type":"integer","minimum":0},"ch)SC"
    R"SC(arge":{"type":"integer","minimum":0},"chain":{"type":"integer","minimum":0},"score":{"type)SC"
    R"SC(":"integer","minimum":0},"turn":{"type":"integer","minimum":0},"nextId":{"type":"integer",)SC"
    R"SC("minimum":0},"columnsDrawn":{"type":"integer","minimum":0},"reachFlawless":{"type":"boolea)SC"
    R"SC(n"},"entities":{"type":"array","items":{"type":"object","required":["id","kind","lane","co)SC"
    R"SC(l","hp","drift"],"properties":{"id":{"type":"integer","minimum":0},"kind":{"enum":["crag",)SC"
    R"SC("knot","drifter","rimeshell","sparker","warden","squall","mote","gate"]},"lane":{"type":"i)SC"
    R"SC(nteger","minimum":0},"col":{"type":"integer","minimum":0},"hp":{"type":"integer","minimum")SC"
    R"SC(:1},"drift":{"enum":[-1,0,1]}}}}},"description":"The whole game; carry it forward )SC"
    R"SC(unchanged. Ranges and consistency are checked by the server (400 Invalid state)."})SC";

const std::string_view kObservationSchema =
    R"SC({"type":"object","required":["text","player"],"properties":{"text":{"type":"string"},"play)SC"
    R"SC(er":{"type":"object","required":["reach","shipLane","hull","charge","chain","score","turn")SC"
    R"SC(,"chainMultTenths","reachMultQuarters","flawless","gateCol"],"properties":{"reach":{"type")SC"
    R"SC(:"integer"},"shipLane":{"type":"integer"},"hull":{"type":"integer"},"charge":{"type":"inte)SC"
    R"SC(ger"},"chain":{"type":"integer"},"score":{"type":"integer"},"turn":{"type":"integer"},"cha)SC"
    R"SC(inMultTenths":{"type":"integer"},"reachMultQuarters":{"type":"integer"},"flawless":{"type")SC"
    R"SC(:"boolean"},"gateCol":{"type":"integer","minimum":-1,"description":"-1 when no Gate is on )SC"
    R"SC(the board."}}}}})SC";

}  // namespace gb::stormlark
