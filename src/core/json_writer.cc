#include "core/json_writer.h"

#include <charconv>
#include <cstdint>
#include <cstring>

namespace gb {

// True for bytes that JSON strings carry as they are (everything but '"', '\\' and controls).
static bool plain_byte(unsigned char c) {
  return c >= 0x20 && c != '"' && c != '\\';
}

// True when all 8 bytes of `w` are plain, tested at once (a game's observation text is mostly
// long plain runs). Each test below is exact about whether some byte matches: bytes below 0x20,
// then bytes equal to '"' or '\\' (found as zero bytes after an XOR).
static bool plain_word(uint64_t w) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  constexpr uint64_t kHigh = 0x8080808080808080ULL;
  auto has_below = [](uint64_t x, uint64_t n) { return ((x - kOnes * n) & ~x & kHigh) != 0; };
  return !has_below(w, 0x20) && !has_below(w ^ (kOnes * '"'), 1) &&
         !has_below(w ^ (kOnes * '\\'), 1);
}

// The length of the plain run at the start of `s`.
static size_t plain_prefix(std::string_view s) {
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    if (!plain_word(w)) break;
  }
  while (i < s.size() && plain_byte(static_cast<unsigned char>(s[i]))) ++i;
  return i;
}

void append_json_string(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  out.push_back('"');
  size_t i = 0;
  while (i < s.size()) {
    const size_t run = i + plain_prefix(s.substr(i));
    out.append(s.data() + i, run - i);  // copy plain runs in one go
    if (run == s.size()) break;
    auto c = static_cast<unsigned char>(s[run]);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      default:
        out += "\\u00";
        out.push_back(kHex[c >> 4]);
        out.push_back(kHex[c & 15]);
    }
    i = run + 1;
  }
  out.push_back('"');
}

void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (need_comma_.back()) out_.push_back(',');
  need_comma_.back() = true;
}

void JsonWriter::begin_object() {
  before_value();
  out_.push_back('{');
  need_comma_.push_back(false);
}

void JsonWriter::end_object() {
  out_.push_back('}');
  need_comma_.pop_back();
}

void JsonWriter::begin_array() {
  before_value();
  out_.push_back('[');
  need_comma_.push_back(false);
}

void JsonWriter::end_array() {
  out_.push_back(']');
  need_comma_.pop_back();
}

void JsonWriter::key(std::string_view k) {
  if (need_comma_.back()) out_.push_back(',');
  need_comma_.back() = true;
  append_json_string(out_, k);
  out_.push_back(':');
  after_key_ = true;
}

void JsonWriter::value(std::string_view s) {
  before_value();
  append_json_string(out_, s);
}

void JsonWriter::value(int64_t v) {
  before_value();
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out_.append(buf, r.ptr);
}

void JsonWriter::value(uint64_t v) {
  before_value();
  char buf[24];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out_.append(buf, r.ptr);
}

void JsonWriter::value(bool b) {
  before_value();
  out_ += b ? "true" : "false";
}

void JsonWriter::null() {
  before_value();
  out_ += "null";
}

void JsonWriter::raw(std::string_view json) {
  before_value();
  out_.append(json);
}

}  // namespace gb
