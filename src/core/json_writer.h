// A small JSON writer over a reusable string buffer. It writes compact JSON with no whitespace,
// escapes strings per RFC 8259 (control characters as \u00XX), and inserts commas itself.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gb {

class JsonWriter {
 public:
  // Starts a fresh document in the buffer, keeping its capacity.
  void clear() {
    out_.clear();
    need_comma_.clear();
    need_comma_.push_back(false);
  }
  JsonWriter() { clear(); }

  void begin_object();
  void end_object();
  void begin_array();
  void end_array();
  // Writes an object key; the next value written belongs to it.
  void key(std::string_view k);

  void value(std::string_view s);
  void value(const char* s) { value(std::string_view(s)); }
  void value(int64_t v);
  void value(int v) { value(static_cast<int64_t>(v)); }
  void value(uint64_t v);
  void value(uint32_t v) { value(static_cast<uint64_t>(v)); }
  void value(bool b);
  void null();
  // Writes `json` verbatim as one value; the caller guarantees it is valid JSON.
  void raw(std::string_view json);

  // Key-value shorthands.
  template <class T>
  void field(std::string_view k, const T& v) {
    key(k);
    value(v);
  }

  const std::string& str() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  void before_value();
  std::string out_;
  std::vector<bool> need_comma_;  // one entry per open container (plus the top level)
  bool after_key_ = false;
};

// Appends `s` to `out` as a quoted, escaped JSON string.
void append_json_string(std::string& out, std::string_view s);

}  // namespace gb
