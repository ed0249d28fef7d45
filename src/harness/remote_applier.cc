#include "harness/remote_applier.h"

namespace gb::harness {

bool server_offers_batch(Transport& transport) {
  std::string body;
  try {
    body = transport.get("/openapi.json");
  } catch (const agents::RunError&) {
    return false;  // an older server: no document, so no batch route
  }
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  simdjson::dom::object paths;
  if (parser.parse(body).get(doc) != simdjson::SUCCESS ||
      doc["paths"].get(paths) != simdjson::SUCCESS) {
    return false;
  }
  simdjson::dom::element route;
  return paths["/api/games/{slug}/batch"].get(route) == simdjson::SUCCESS;
}

}  // namespace gb::harness
