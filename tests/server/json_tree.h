// A mutable JSON tree for the fuzz tests: parse a real state, mutate it, write it back.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gb::server::testing {

struct Json {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject };
  Kind kind = Kind::kNull;
  bool boolean = false;
  std::string text;  // a number's literal, or a string's content
  std::vector<Json> items;
  std::vector<std::pair<std::string, Json>> fields;

  // Parses valid JSON (throws std::runtime_error otherwise).
  static Json parse(std::string_view json);
  // Writes compact JSON.
  std::string dump() const;
  // Returns the field `key` of an object (throws when absent).
  const Json& at(std::string_view key) const;
};

// Applies one seeded random mutation to a node of `root`: a number made huge, negative,
// fractional or off by one; a value replaced by a string, null, a boolean or an empty container;
// a key deleted or added; an array item duplicated, dropped or swapped; a value wrapped in
// arrays (sometimes deeper than the parser allows). `draw` is advanced.
void mutate(Json& root, uint64_t seed, uint64_t& draw);

}  // namespace gb::server::testing
