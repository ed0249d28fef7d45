// Reading untrusted JSON into typed values with precise, path-named issues.
//
// Parsing uses simdjson's DOM parser (one per thread, bounded capacity and depth). Readers never
// throw: every problem is appended to an Issues list as "<path>: <problem>" and the caller decides.
#pragma once

#include <simdjson.h>

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gb {

using JsonValue = simdjson::dom::element;

// An ordered list of problems found in one input; it keeps the first kMax and counts the rest.
class Issues {
 public:
  static constexpr size_t kMax = 12;
  void add(std::string_view path, std::string_view problem);
  bool empty() const { return total_ == 0; }
  size_t total() const { return total_; }
  const std::vector<std::string>& list() const { return list_; }

 private:
  std::vector<std::string> list_;
  size_t total_ = 0;
};

inline constexpr size_t kMaxJsonDepth = 32;
inline constexpr size_t kMaxJsonBytes = 1 << 20;
// The largest document any caller may ask parse_json for (a run submission).
inline constexpr size_t kMaxLargeJsonBytes = 4 << 20;

// Parses `text` (at most `max_bytes`, itself at most kMaxLargeJsonBytes) with this thread's
// parser. On failure returns nullopt and appends one issue. The returned element is valid until
// the next parse_json call on the same thread.
std::optional<JsonValue> parse_json(std::string_view text, Issues& issues,
                                    size_t max_bytes = kMaxJsonBytes);

// Returns `v` re-serialised as compact JSON (used to echo a sent state verbatim).
std::string to_compact_json(JsonValue v);

// Returns "<array_path>[<index>]", the path of one array element (cheaper than a format call,
// which every element of a decoded state would pay).
std::string element_path(std::string_view array_path, size_t index);

// Returns a short JSON type name for messages: "object", "array", "string", "integer", ...
std::string_view json_type_name(JsonValue v);

// Reads the fields of one JSON object, appending an issue per missing or malformed field.
// Paths are built as "<path>.<key>", so issues read like "state.entities[3].lane: ...".
// The path of an array element, "<array>[<index>]", kept as its parts and formatted only when an
// issue names it: a valid state with many elements then builds no path strings. `array` must
// outlive every reader given this path (a string literal does).
struct ElementPath {
  std::string_view array;
  size_t index = 0;
  std::string str() const { return element_path(array, index); }
};

class ObjectReader {
 public:
  ObjectReader(JsonValue v, std::string path, Issues& issues);
  ObjectReader(JsonValue v, ElementPath path, Issues& issues);
  bool is_object() const { return is_object_; }
  // The object's own path, e.g. "state.entities[3]".
  std::string path() const { return element_ ? element_->str() : path_; }

  // Returns the field's value, or nullopt (and an issue) when it is absent. When a key appears
  // more than once, its first appearance counts. Fields asked for in the order they were sent
  // are found without a search.
  std::optional<JsonValue> get(std::string_view key);
  // Reads an integer within lo..hi into `out`; false (and an issue) otherwise.
  bool integer(std::string_view key, int64_t lo, int64_t hi, int64_t& out);
  template <class T>
  bool integer(std::string_view key, int64_t lo, int64_t hi, T& out) {
    int64_t v = 0;
    if (!integer(key, lo, hi, v)) return false;
    out = static_cast<T>(v);
    return true;
  }
  bool boolean(std::string_view key, bool& out);
  bool string(std::string_view key, std::string_view& out);
  // Reads a string that must be one of `names`; stores its index.
  bool one_of(std::string_view key, std::span<const std::string_view> names, int& out);
  // Reads an array of at most max_len elements.
  std::optional<simdjson::dom::array> array(std::string_view key, size_t max_len);
  std::string child_path(std::string_view key) const;

 private:
  // Checks that `v` is an object (an issue otherwise) and keeps it.
  void take_object(JsonValue v);

  // Returns the value of the first field named `key`, searching from the start; nullopt when
  // there is none.
  std::optional<JsonValue> find(std::string_view key);
  // Returns the field's value when it is present and of `type`; otherwise nullopt and an issue
  // ("must be <a_type>, got ...", or get's for an absent field).
  std::optional<JsonValue> get_typed(std::string_view key, simdjson::dom::element_type type,
                                     std::string_view a_type);

  simdjson::dom::object obj_;
  // The fast path of get: `next_` follows the fields found in the order sent, and the field it
  // points at is the likely answer. `asked_` holds one bit (a hash) per key asked for: a key
  // asked again, whose first appearance may lie behind `next_`, is searched for from the start.
  std::optional<simdjson::dom::object::iterator> next_;
  uint64_t asked_ = 0;
  std::string path_;                    // when built from a string
  std::optional<ElementPath> element_;  // when built from an element path
  Issues& issues_;
  bool is_object_ = false;
};

// Reads the array `key` of `r`, at most N elements, into `into`: each element that
// `decode(item, ElementPath{path, index}, element, issues)` accepts is stored at `into[count++]`,
// so `count` (zero on entry) ends as the number kept. `path` must outlive the issues (a literal).
template <class T, size_t N, class Count, class Decode>
void read_elements(ObjectReader& r, std::string_view key, std::string_view path,
                   std::array<T, N>& into, Count& count, Decode decode, Issues& issues) {
  auto arr = r.array(key, N);
  if (!arr) return;
  size_t index = 0;
  for (JsonValue item : *arr) {
    T element{};
    if (decode(item, ElementPath{path, index++}, element, issues)) into[count++] = element;
  }
}

// Checks a bare integer value against lo..hi, appending an issue at `path` when it is not one.
bool read_integer(JsonValue v, std::string_view path, int64_t lo, int64_t hi, int64_t& out,
                  Issues& issues);

}  // namespace gb
