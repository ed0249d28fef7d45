#include "server/http/http_types.h"

#include "core/json_writer.h"

namespace gb::server {

Response json_error(int status, std::string_view error) {
  JsonWriter w;
  w.begin_object();
  w.field("error", error);
  w.end_object();
  return json_response(status, w.take());
}

void add_cors_headers(Response& response) {
  response.headers.push_back({"Access-Control-Allow-Origin", "*"});
}

void add_preflight_headers(Response& response) {
  response.headers.push_back({"Access-Control-Allow-Methods", "GET, POST, OPTIONS"});
  response.headers.push_back({"Access-Control-Allow-Headers", "Content-Type"});
  response.headers.push_back({"Access-Control-Max-Age", "86400"});
}

}  // namespace gb::server
