// A parsed JSON-RPC answer for the MCP tests, read by JSON pointer ("/result/protocolVersion").
#pragma once

#include <simdjson.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace gb::mcp::test {

class AnswerDoc {
 public:
  explicit AnswerDoc(std::string_view json) : parser_(std::make_unique<simdjson::dom::parser>()) {
    ok_ = parser_->parse(json.data(), json.size(), true).get(root_) == simdjson::SUCCESS;
  }
  bool ok() const { return ok_; }
  bool has(std::string_view pointer) const { return ok_ && !root_.at_pointer(pointer).error(); }
  // The string at `pointer`, or "<missing>".
  std::string str(std::string_view pointer) const {
    std::string_view s;
    if (!ok_ || root_.at_pointer(pointer).get_string().get(s)) return "<missing>";
    return std::string(s);
  }
  // The integer at `pointer`, or INT64_MIN.
  int64_t integer(std::string_view pointer) const {
    int64_t v = 0;
    if (!ok_ || root_.at_pointer(pointer).get_int64().get(v)) return INT64_MIN;
    return v;
  }
  // The value at `pointer` as compact JSON, or "<missing>".
  std::string raw(std::string_view pointer) const {
    simdjson::dom::element e;
    if (!ok_ || root_.at_pointer(pointer).get(e)) return "<missing>";
    return simdjson::minify(e);
  }
  // The number of elements of the array at `pointer` (0 when it is not one).
  size_t size(std::string_view pointer) const {
    simdjson::dom::array a;
    if (!ok_ || root_.at_pointer(pointer).get_array().get(a)) return 0;
    return a.size();
  }

 private:
  std::unique_ptr<simdjson::dom::parser> parser_;
  simdjson::dom::element root_;
  bool ok_ = false;
};

}  // namespace gb::mcp::test
