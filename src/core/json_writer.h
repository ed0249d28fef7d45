// A small JSON writer over a reusable buffer. It writes compact JSON with no whitespace, escapes
// strings per RFC 8259 (control characters as \u00XX), and inserts commas itself: a comma goes
// before a key or value that follows a complete value.
//
// Each key or value costs one capacity check and a few stores: the buffer keeps its size as its
// capacity, and only `len_` bytes of it are the document.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace gb {

class JsonWriter {
 public:
  // Starts a fresh document, keeping the buffer.
  void clear() {
    len_ = 0;
    value_ended_ = false;
  }

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  // Writes an object key; the next value written belongs to it.
  void key(std::string_view k) { write_string(k, true); }

  void value(std::string_view s) { write_string(s, false); }
  void value(const char* s) { value(std::string_view(s)); }
  void value(int64_t v);
  void value(int v) { value(static_cast<int64_t>(v)); }
  void value(uint64_t v);
  void value(uint32_t v) { value(static_cast<uint64_t>(v)); }
  void value(bool b) { put_scalar(b ? std::string_view("true") : std::string_view("false")); }
  void null() { put_scalar("null"); }
  // Writes `json` verbatim as one value; the caller guarantees it is valid, non-empty JSON.
  void raw(std::string_view json) { put_scalar(json); }

  // Key-value shorthands.
  template <class T>
  void field(std::string_view k, const T& v) {
    key(k);
    value(v);
  }

  // The document so far; valid until the next write or clear.
  std::string_view str() const { return {buf_.data(), len_}; }
  // Moves the document out and leaves the writer empty.
  std::string take();

 private:
  // True when the next key or value needs a comma: the last thing written was a complete value
  // (not an opening bracket or a key).
  bool needs_comma() const { return value_ended_; }
  // Returns where the next `n` bytes go, growing the buffer when they do not fit.
  char* room(size_t n) {
    if (buf_.size() - len_ < n) grow(n);
    return buf_.data() + len_;
  }
  void grow(size_t n);
  // Marks the bytes up to `end` (a pointer from room) as written.
  void commit(const char* end) { len_ = static_cast<size_t>(end - buf_.data()); }
  // Writes `c`, after the comma the position needs.
  void open(char c);
  void close(char c) {
    char* p = room(1);
    *p = c;
    commit(p + 1);
    value_ended_ = true;
  }
  // Writes `text` verbatim, after the comma the position needs.
  void put_scalar(std::string_view text);
  // Writes `s` as a JSON string after the comma the position needs, then ':' for a key.
  void write_string(std::string_view s, bool is_key);

  std::string buf_;  // its size is the capacity in use; the document is the first len_ bytes
  size_t len_ = 0;
  bool value_ended_ = false;
};

// Appends `s` to `out` as a quoted, escaped JSON string.
void append_json_string(std::string& out, std::string_view s);

}  // namespace gb
