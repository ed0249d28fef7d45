#include "core/json_writer.h"

#include <charconv>

namespace gb {

// True for bytes that JSON strings carry as they are (everything but '"', '\\' and controls).
static bool plain_byte(unsigned char c) {
  return c >= 0x20 && c != '"' && c != '\\';
}

void append_json_string(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  out.push_back('"');
  size_t i = 0;
  while (i < s.size()) {
    size_t run = i;
    while (run < s.size() && plain_byte(static_cast<unsigned char>(s[run]))) ++run;
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
